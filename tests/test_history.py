"""The journal: one line per executed plan, never contents, whole lines under concurrency."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pandas as pd
import pytest
from helpers import REPO, Bench, make_bench, write

from wsnb.plans.journal import HISTORY_FILE, Journal, JournalEntry
from wsnb.types import PlanState

TZ = timezone(timedelta(hours=8))


class Clock:
    """A clock that ticks one second per reading, in a fixed time zone."""

    def __init__(self) -> None:
        self.now = datetime(2024, 5, 1, 9, 30, tzinfo=TZ)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def bench(root: Path) -> Bench:
    return make_bench(root, clock=Clock())


def raw_lines(root: Path) -> list[dict[str, object]]:
    """The journal's entry lines (the run marks written ahead of them left out)."""
    return [line for line in every_line(root) if "phase" not in line]


def every_line(root: Path) -> list[dict[str, object]]:
    text = (root / HISTORY_FILE).read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def test_one_line_per_executed_plan_with_its_fields(bench: Bench, root: Path) -> None:
    create = bench.propose("create_file", path="notes/a.md", content="hello\n")
    create.confirm()
    bench.propose("create_file", path="never.md").cancel()  # not executed: no line
    bench.propose("create_file", path="run.bat")  # refused: no line
    begun, line = every_line(root)  # written ahead, then the change's own line
    assert begun["phase"] == "begun" and begun["run"] == line["run"] == line["id"]
    assert begun["time"] == "2024-05-01T09:30:02+08:00"
    [intent] = begun["steps"]  # type: ignore[misc]
    assert intent["target"] == "notes/a.md" and intent["made_dirs"] == ["notes"]
    assert intent["digest"] == hashlib.sha256(b"hello\n").hexdigest()
    assert set(line) >= {"id", "plan_id", "time", "action", "source", "target", "success",
                         "error", "backup", "trashed", "trash_info", "new_name", "undo_of",
                         "size", "sha256"}  # fmt: skip
    assert line["plan_id"] == create.id and line["action"] == "create_file"
    assert line["target"] == "notes/a.md" and line["source"] is None
    assert line["success"] is True and line["error"] is None
    assert line["time"] == "2024-05-01T09:30:03+08:00"
    assert line["size"] == 6 and line["sha256"] == hashlib.sha256(b"hello\n").hexdigest()
    assert create.data["journal_entry"] == line["id"]


def test_write_trash_and_rename_record_where_things_went(bench: Bench, root: Path) -> None:
    write(root, "doc.txt", "v1\n")
    bench.propose("write_file", path="doc.txt", content="v2\n").confirm()
    bench.propose("rename", path="doc.txt", new_name="doc2.txt").confirm()
    bench.propose("trash", path="doc2.txt").confirm()
    written, renamed, trashed = raw_lines(root)
    assert isinstance(written["backup"], str) and written["backup"].startswith(".wsnb/backups/")
    assert (root / written["backup"]).read_bytes() == b"v1\n"
    assert renamed["new_name"] == "doc2.txt"
    assert (renamed["source"], renamed["target"]) == ("doc.txt", "doc2.txt")
    assert trashed["source"] == "doc2.txt"
    assert isinstance(trashed["trashed"], str) and Path(trashed["trashed"]).exists()
    assert isinstance(trashed["trash_info"], str)
    assert trashed["trash_info"].endswith("doc2.txt.trashinfo")


def test_a_failed_execution_is_journaled_with_its_error(bench: Bench, root: Path) -> None:
    (root / "sub").mkdir()
    plan = bench.propose("create_file", path="sub/new.txt", content="x\n")
    (root / "sub").rmdir()  # the folder vanishes; the target was missing all along
    result = plan.confirm()
    assert not result.success and plan.state is PlanState.FAILED
    assert "Could not write sub/new.txt" in result.error
    [line] = raw_lines(root)
    assert line["success"] is False and "Could not write" in str(line["error"])
    assert line["size"] is None


def test_contents_never_reach_the_journal_or_the_log(
    bench: Bench, root: Path, caplog: pytest.LogCaptureFixture
) -> None:
    marker = "SECRET-MARKER-7f3a9c"
    caplog.set_level(logging.DEBUG, logger="wsnb")
    bench.propose("create_file", path="notes.txt", content=f"api = {marker}\n").confirm()
    bench.propose("write_file", path="notes.txt", content=f"api = {marker}2\n").confirm()
    bench.propose("copy_file", source="notes.txt", target="copy.txt").confirm()
    journal = (root / HISTORY_FILE).read_bytes()
    assert len(journal.splitlines()) == 6  # each begun ahead, then done
    assert marker.encode() not in journal
    assert marker not in caplog.text
    assert caplog.records  # the actions were logged, just not the contents


def test_frame_is_most_recent_first_with_datetimes(bench: Bench, root: Path) -> None:
    first = bench.propose("create_file", path="a.txt")
    first.confirm()
    second = bench.propose("create_folder", path="d")
    second.confirm()
    frame = bench.book.history()
    assert frame["plan_id"].tolist() == [second.id, first.id]
    assert frame["action"].tolist() == ["create_folder", "create_file"]
    assert isinstance(frame["time"].dtype, pd.DatetimeTZDtype)
    assert frame["time"].iloc[0] > frame["time"].iloc[1]
    assert frame["time"].iloc[0].utcoffset() == timedelta(hours=8)
    assert frame["success"].tolist() == [True, True]
    assert frame["undone_by"].isna().all()


def test_frame_of_an_empty_journal(root: Path) -> None:
    frame = Journal(root).frame()
    assert frame.empty and {"id", "time", "action", "undone_by"} <= set(frame.columns)


def _entry(number: int) -> JournalEntry:
    return JournalEntry(id=f"e{number}", plan_id="p", time=datetime.now(TZ),
                        action="create_file", tool="create_file", success=True,
                        target=f"f{number}.txt")  # fmt: skip


def test_a_corrupt_line_is_skipped_with_a_warning(
    root: Path, caplog: pytest.LogCaptureFixture
) -> None:
    journal = Journal(root)
    journal.append(_entry(1))
    with (root / HISTORY_FILE).open("ab") as handle:
        handle.write(b'{"id": "half", "plan_id"')  # a crash mid-line: no newline
    journal.append(_entry(2))
    caplog.set_level(logging.WARNING, logger="wsnb")
    assert [e.id for e in journal.entries()] == ["e1", "e2"]
    assert "Skipped line 2" in caplog.text
    assert journal.get("e2").target == "f2.txt"


def test_a_line_that_is_not_an_entry_is_skipped(root: Path) -> None:
    journal = Journal(root)
    (root / ".wsnb").mkdir()
    (root / HISTORY_FILE).write_bytes(b'[1, 2]\n{"id": "x"}\nnot json\n')
    journal.append(_entry(3))
    assert [e.id for e in journal.entries()] == ["e3"]


_APPENDER = """
import sys, time
from datetime import datetime, timezone
from pathlib import Path
from wsnb.plans.journal import Journal, JournalEntry

root, tag, go = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
journal = Journal(root)
while not go.exists():
    time.sleep(0.001)
for number in range(500):
    journal.append(JournalEntry(
        id=f"{tag}-{number}", plan_id=tag, time=datetime.now(timezone.utc),
        action="create_file", tool="create_file", success=True,
        target=f"{tag}/{number}-" + "x" * 300 + ".txt",
    ))
"""


@pytest.mark.slow
def test_two_processes_appending_at_once_lose_nothing(root: Path, tmp_path: Path) -> None:
    go = tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONDONTWRITEBYTECODE": "1"}
    children = [
        subprocess.Popen([sys.executable, "-c", _APPENDER, str(root), tag, str(go)], env=env)
        for tag in ("left", "right")
    ]
    time.sleep(0.3)  # both are waiting at the starting line
    go.touch()
    assert [child.wait(timeout=120) for child in children] == [0, 0]

    lines = (root / HISTORY_FILE).read_bytes().splitlines()
    assert len(lines) == 1000
    parsed = [json.loads(line) for line in lines]  # every line is whole
    for tag in ("left", "right"):
        mine = [p["id"] for p in parsed if p["plan_id"] == tag]
        assert mine == [f"{tag}-{n}" for n in range(500)]
    assert len(Journal(root).entries()) == 1000


def test_journal_and_tool_protocol_do_not_import_the_plans_module() -> None:
    # The journal and the tool protocol sit below plans.py: they speak of a PlanRecord.
    import ast

    import wsnb.plans.journal
    import wsnb.tools.base

    for module in (wsnb.plans.journal, wsnb.tools.base):
        assert module.__file__ is not None
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        imported = {
            node.module for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module is not None
        }  # fmt: skip
        assert "plans" not in {name.rsplit(".", 1)[-1] for name in imported}, module.__name__
