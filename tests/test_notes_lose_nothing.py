"""Nothing is lost: unreadable metadata is kept aside, an empty onboarding keeps persona files,
two notebooks (two real processes) on one folder keep each other's changes."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from notes_helpers import ANSWERS_ZH, clock_at, initialized, write

from wsnb.notes import open_notes

CORRUPT_CONFIG = '{"archivePolicy": {"dailyMemoryRetentionDays": 3}, oops'


def _kept_copies(root: Path, name: str) -> list[Path]:
    return sorted((root / ".assistant").glob(f"{name}.corrupt-*"))


def test_a_corrupt_config_is_kept_aside_before_it_is_rewritten(
    root: Path, caplog: pytest.LogCaptureFixture
) -> None:
    write(root, ".assistant/config.json", CORRUPT_CONFIG)
    nb = open_notes(root, clock=clock_at(2026, 3, 5))
    with caplog.at_level(logging.WARNING, logger="wsnb"):
        assert nb.config.daily_memory_days == 30  # unreadable: the defaults, and a warning
    assert "not valid JSON" in caplog.text
    nb.initialize().confirm()  # saves config.json
    copies = _kept_copies(root, "config.json")
    assert len(copies) == 1 and copies[0].read_text(encoding="utf-8") == CORRUPT_CONFIG
    assert json.loads((root / ".assistant/config.json").read_text(encoding="utf-8"))
    assert "was kept as .assistant/config.json.corrupt-" in caplog.text


def test_a_corrupt_state_is_kept_aside_and_update_config_too(root: Path) -> None:
    nb = initialized(root)
    (root / ".assistant/state.json").write_text("{\"onboardingComplete\": tru", encoding="utf-8")
    (root / ".assistant/config.json").write_text("[1, 2", encoding="utf-8")
    again = open_notes(root, clock=clock_at(2026, 3, 5))
    assert not again.state.onboarding_complete
    again.state.onboarding_complete = True
    again.save_state()
    again.update_config({"captureDefault": "Inbox"})
    assert _kept_copies(root, "state.json")[0].read_text() == "{\"onboardingComplete\": tru"
    assert _kept_copies(root, "config.json")[0].read_text() == "[1, 2"
    assert json.loads((root / ".assistant/state.json").read_text())["onboardingComplete"]
    assert nb.meta.read_json(".assistant/config.json")["captureDefault"] == "Inbox"


def test_two_notebooks_keep_each_others_settings(root: Path) -> None:
    first = initialized(root)
    second = open_notes(root, clock=clock_at(2026, 3, 5))
    second.config  # noqa: B018 - read before the first one saves
    first.update_config({"archivePolicy": {"dailyMemoryRetentionDays": 9}})
    second.update_config({"captureDefault": "收件箱"})
    saved = json.loads((root / ".assistant/config.json").read_text(encoding="utf-8"))
    assert saved["archivePolicy"]["dailyMemoryRetentionDays"] == 9
    assert saved["captureDefault"] == "收件箱"


OWN = {"Soul.md": "# Soul\n\nName: Ada. Dry humour.\n",
       "user.md": "# User\n\n- Likes long walks.\n",
       "CLAUDE.md": "# Rules\n\n- Never delete.\n"}  # fmt: skip


def test_an_empty_onboarding_never_replaces_persona_files_with_text(root: Path) -> None:
    for name, text in OWN.items():
        write(root, name, text)
    nb = initialized(root)
    memory = (root / "memory.md").read_text(encoding="utf-8")
    group = nb.onboard({})
    assert len(group) == 0
    assert "Soul.md keeps its own text: answer assistant_name" in group.describe()
    group.confirm()
    for name, text in OWN.items():
        assert (root / name).read_text(encoding="utf-8") == text
    assert (root / "memory.md").read_text(encoding="utf-8") == memory


def test_a_partial_onboarding_rewrites_only_the_files_it_answers(root: Path) -> None:
    for name, text in OWN.items():
        write(root, name, text)
    nb = initialized(root)
    soul = {k: ANSWERS_ZH[k] for k in ("assistant_name", "detail", "output_format",
                                       "interruptions")}  # fmt: skip
    group = nb.onboard(soul)
    assert [p.target.relative for p in group] == ["Soul.md", "memory.md"]  # type: ignore[union-attr]
    group.confirm(strong=True)
    assert "阿福" in (root / "Soul.md").read_text(encoding="utf-8")
    assert (root / "user.md").read_text(encoding="utf-8") == OWN["user.md"]
    assert (root / "CLAUDE.md").read_text(encoding="utf-8") == OWN["CLAUDE.md"]


def test_templates_are_not_text_of_ones_own(root: Path) -> None:
    write(root, "soul.md", "# Soul\n\n<!-- Assistant personality and style go here -->\n")
    nb = initialized(root)
    assert [p.target.relative for p in nb.onboard({})] == ["soul.md", "user.md", "claude.md"]  # type: ignore[union-attr]


# ---------------------------------------------------------------------------
# Two notebooks, two processes
# ---------------------------------------------------------------------------

_CHILD = textwrap.dedent("""
    import sys
    from wsnb.notes import open_notes

    root, role = sys.argv[1], sys.argv[2]
    nb = open_notes(root)
    hotset = nb.note_index.hotset  # loaded now, changed later: a stale copy unless merged
    print("ready", flush=True)
    sys.stdin.readline()
    if role == "pins":
        for n in range(int(sys.argv[3])):
            nb.pin(f"{sys.argv[4]}/{n}.md")
    else:
        if role == "state-a":
            nb.state.onboarding_complete = True
        else:
            nb.state.daily_check_in_enabled = True
        nb.save_state()
    print("done", flush=True)
""")


def _child(root: Path, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    process = subprocess.Popen([sys.executable, "-c", _CHILD, str(root), *args], text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)  # fmt: skip
    assert process.stdout is not None and process.stdout.readline().strip() == "ready"
    return process


def _finish(process: subprocess.Popen[str]) -> None:
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("go\n")
    process.stdin.flush()
    assert process.stdout.readline().strip() == "done"
    _close(process)


def _close(process: subprocess.Popen[str]) -> None:
    assert process.wait(timeout=60) == 0
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            stream.close()


def _notes(root: Path, count: int) -> None:
    for folder in ("A", "B"):
        for n in range(count):
            write(root, f"{folder}/{n}.md", f"# {folder} {n}\n")


def test_two_processes_keep_each_others_pins(root: Path) -> None:
    _notes(root, 25)
    initialized(root)
    first, second = _child(root, "pins", "25", "A"), _child(root, "pins", "25", "B")
    for process in (first, second):  # both go at once: their writes interleave
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()
    for process in (first, second):
        assert process.stdout is not None and process.stdout.readline().strip() == "done"
        _close(process)
    pinned = json.loads((root / ".assistant/index/hotset.json").read_text())["pinned"]
    assert len(pinned) == 50 and {"A/24.md", "B/24.md"} <= set(pinned)


def test_two_processes_keep_each_others_state(root: Path) -> None:
    initialized(root)
    first, second = _child(root, "state-a"), _child(root, "state-b")  # both read the state now
    _finish(first)
    _finish(second)  # saves a state it read before the first one's save
    state = json.loads((root / ".assistant/state.json").read_text())
    assert state["onboardingComplete"] is True and state["dailyCheckInEnabled"] is True
