"""Cut, don't block: a huge memory.md or a binary daily file never stops prompt(), promote(),
onboard() or check_in(); every file in a prompt is cut to head + tail."""

from __future__ import annotations

from pathlib import Path

import pytest
from notes_helpers import ANSWERS_ZH, clock_at, initialized, write

from wsnb.notes import Notes

HUGE = 3 * 1024 * 1024  # past what wsnb shows in full for an edit (2 MB)
BINARY = bytes(range(256)) * 40


@pytest.fixture
def nb(root: Path) -> Notes:
    notes = initialized(root, clock=clock_at(2026, 3, 20))
    notes.onboard(ANSWERS_ZH).confirm(strong=True)
    notes.clock = clock_at(2026, 3, 21)  # type: ignore[method-assign]
    return notes


def _huge_memory(root: Path) -> str:
    head = "# Memory\n\nFIRST-LINE\n"
    body = head + ("- an old fact that is not short at all\n" * (HUGE // 38)) + "LAST-LINE\n"
    (root / "memory.md").write_text(body, encoding="utf-8")
    return body


def test_every_prompt_file_is_cut_to_head_and_tail(root: Path, nb: Notes) -> None:
    soul = "S" * 6_000 + "M" * 5_000 + "T" * 1_800
    write(root, "soul.md", soul)
    part = nb.prompt("hello").frame.set_index("path").loc["soul.md"]
    assert part["chars"] == len(soul) and part["truncated"]
    text = next(p.text for p in nb.prompt("hello").parts if p.path == "soul.md")
    assert text.startswith("S" * 6_000) and text.endswith("T" * 1_800) and "M" not in text
    assert "5,000 characters truncated" in text


def test_a_huge_memory_file_is_cut_in_the_prompt(root: Path, nb: Notes) -> None:
    body = _huge_memory(root)
    prompt = nb.prompt("tea")
    memory = next(p for p in prompt.parts if p.path == "memory.md")
    assert memory.chars == len(body) and memory.truncated
    assert "FIRST-LINE" in memory.text and "LAST-LINE" in memory.text


def test_a_huge_memory_file_never_blocks_the_check_in(root: Path, nb: Notes) -> None:
    body = _huge_memory(root)
    group = nb.check_in({"done": "写完", "priorities": "论文", "remember": "喜欢绿茶"})
    targets = [p.target.relative for p in group]  # type: ignore[union-attr]
    assert "memory/daily/2026-03-21.md" in targets and "user.md" in targets
    assert "memory.md" not in targets
    assert "Long-term memory was left out" in group.describe() and "larger than" in group.note
    group.confirm(strong=True)
    assert (root / "memory.md").read_text(encoding="utf-8") == body  # untouched
    assert nb.state.last_check_in is not None and nb.state.last_check_in.isoformat() == "2026-03-21"
    promote = nb.promote()
    assert len(promote) == 0 and "larger than" in promote.note


def test_a_huge_memory_file_never_blocks_onboarding(root: Path, nb: Notes) -> None:
    _huge_memory(root)
    group = nb.onboard(ANSWERS_ZH)
    assert [p.target.relative for p in group] == ["soul.md", "user.md", "claude.md"]  # type: ignore[union-attr]
    assert "memory.md was left out" in group.note


def test_a_binary_daily_file_is_skipped_with_a_note(root: Path, nb: Notes) -> None:
    (root / "memory/daily/2026-03-02.md").write_bytes(BINARY)
    write(root, "memory/daily/2026-03-03.md", "# D\n\n## To Remember\n\n- 周三游泳\n")
    (root / "memory/daily/2026-03-20.md").write_bytes(BINARY)
    prompt = nb.prompt("游泳")
    assert any("memory/daily/2026-03-20.md was left out of the prompt" in n for n in prompt.notes)
    assert "left out of the prompt" in repr(prompt)
    promote = nb.promote()
    assert "memory/daily/2026-03-02.md was skipped" in promote.note
    assert next(p.target.relative for p in promote) == "memory.md"  # type: ignore[union-attr]
    group = nb.check_in({"done": "x", "remember": "-"})  # archiving is on (自动归档)
    assert len([p for p in group if p.action.value == "trash"]) == 2  # past the 14 days kept
    group.confirm(strong=True)
    assert "- 周三游泳" in (root / "memory.md").read_text(encoding="utf-8")  # promoted first
    assert not (root / "memory/daily/2026-03-02.md").exists()
    assert "- 2026-03-02: (not readable as text)" in (root / "memory/daily/archive.md").read_text()
