"""The journal written ahead, and what an open finds of a run cut short at a known point.

Each cut here is real: a child process confirms and ends itself (``os._exit``, no
cleanup, as a kill) at a chosen point of the confirm; the test then opens the
workspace as the person would. ``test_crash.py`` kills at random moments instead.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from datetime import datetime
from pathlib import Path

import pytest
from crashkit import tree_hash
from helpers import TESTS, run_child, temp_leftovers, write

import wsnb
from wsnb import InterruptedWarning
from wsnb.disk import fsops
from wsnb.errors import UsageError
from wsnb.plans.journal import HISTORY_FILE, Journal, JournalEntry, RunMark
from wsnb.types import PlanState

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses os._exit")

CHANGES = [
    {"op": "edit", "path": "a.txt", "edits": [["alpha", "omega"]]},
    {"op": "create_file", "path": "new/b.md", "content": "# B\n"},
    {"op": "move", "source": "c.txt", "target": "moved/c.txt"},
    {"op": "rename", "path": "d.txt", "new_name": "e.txt"},
]

# The child confirms CHANGES and ends itself, with no cleanup, at a point it is told of.
_CUT = """
import os, sys
sys.path.insert(0, sys.argv[3])
import wsnb
from test_write_ahead import CHANGES, cut_at
cut_at(sys.argv[2])
ws = wsnb.open_workspace(sys.argv[1], watch=False)
ws.change_set("Tidy", CHANGES).confirm(strong=True)
os._exit(0)
"""


def cut_at(point: str) -> None:
    """Make this process end itself at ``point``: ``step:N`` (as change N starts),
    ``after:N`` (change N done, before its journal line), ``mkdir`` (a change's folder
    made, its file not yet)."""
    from wsnb.plans import ahead
    from wsnb.tools import changeset, files

    kind, _sep, number = point.partition(":")
    if kind == "step":
        real_run, count = changeset._run_step, [0]

        def run_step(ctx: object, step: object) -> object:
            count[0] += 1
            if count[0] == int(number):
                os._exit(9)
            return real_run(ctx, step)  # type: ignore[arg-type]

        changeset._run_step = run_step  # type: ignore[assignment]
    elif kind == "after":
        real_done = ahead.Run.step_done

        def step_done(run: ahead.Run, plan: object, n: int, step: object) -> None:
            if n == int(number):
                os._exit(9)
            real_done(run, plan, n, step)  # type: ignore[arg-type]

        ahead.Run.step_done = step_done  # type: ignore[method-assign]
    elif kind == "mkdir":
        real_write = fsops.atomic_write

        def atomic_write(path: object, *args: object, **kwargs: object) -> None:
            if "new/" in str(path):
                os._exit(9)
            real_write(path, *args, **kwargs)  # type: ignore[arg-type]

        files.fsops.atomic_write = atomic_write  # type: ignore[assignment]


def _tree(root: Path) -> Path:
    write(root, "a.txt", "alpha beta\n")
    write(root, "c.txt", "c\n")
    write(root, "d.txt", "d\n")
    return root


def _cut(root: Path, point: str) -> None:
    child = run_child(_CUT, str(root), point, str(TESTS))
    _out, err = child.communicate(timeout=120)
    assert child.returncode == 9, err


def _open(root: Path, **options: object) -> tuple[wsnb.Workspace, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ws = wsnb.open_workspace(root, watch=False, **options)  # type: ignore[arg-type]
    return ws, [str(w.message) for w in caught if issubclass(w.category, InterruptedWarning)]


def _lines(root: Path) -> list[dict[str, object]]:
    text = (root / HISTORY_FILE).read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


# -- the journal's lines --------------------------------------------------------------------


def test_a_set_is_journaled_begun_then_each_step_then_finished(root: Path) -> None:
    _tree(root)
    ws = wsnb.open_workspace(root, watch=False)
    plan = ws.change_set("Tidy", CHANGES)
    assert plan.confirm().success
    begun, *steps, finished = _lines(root)
    assert begun["phase"] == "begun" and begun["kind"] == "set" and begun["group"] == plan.id
    intents = begun["steps"]
    assert [i["step"] for i in intents] == [1, 2, 3, 4]  # type: ignore[union-attr]
    backup = intents[0]["backup"]  # type: ignore[index]
    assert (root / str(backup)).read_bytes() == b"alpha beta\n"  # made before anything ran
    assert intents[1]["made_dirs"] == ["new"]  # type: ignore[index]
    assert [s["id"] for s in steps] == [f"{begun['run']}-{n}" for n in range(1, 5)]
    assert all(s["run"] == begun["run"] and s["group"] == plan.id for s in steps)
    assert finished == {**finished, "phase": "finished", "run": begun["run"], "success": True}
    assert not (root / ".wsnb" / "runs" / f"{begun['run']}.json").exists()  # forgotten once done


def test_a_journal_of_an_older_wsnb_still_reads(root: Path) -> None:
    old = {"id": "0a1b2c3d4e", "plan_id": "abc123", "time": "2025-01-02T03:04:05+00:00",
           "action": "create_file", "tool": "create_file", "success": True, "target": "x.md",
           "size": 2, "sha256": None}  # fmt: skip
    write(root, "x.md", "x\n")
    write(root, HISTORY_FILE, json.dumps(old) + "\n")
    journal = Journal(root)
    [entry] = journal.entries()
    assert entry.id == "0a1b2c3d4e" and entry.run is None
    ws, said = _open(root)
    assert said == [] and ws.history["state"].tolist() == ["done"]
    assert ws.undo().confirm().success and not (root / "x.md").exists()
    # A line without a run still is written without one: older readers see what they knew.
    assert "run" not in _lines(root)[0]


def test_marks_are_not_entries(root: Path) -> None:
    journal = Journal(root)
    journal.append_mark(RunMark("f00d", "begun", datetime.now().astimezone(), plan_id="p"))
    journal.append(JournalEntry(id="e1", plan_id="p", time=datetime.now().astimezone(),
                                action="create_file", tool="create_file", success=True))
    assert [type(line).__name__ for line in journal.lines()] == ["RunMark", "JournalEntry"]
    assert [entry.id for entry in journal.entries()] == ["e1"]


def test_a_set_that_fails_shows_one_failed_row_and_changes_nothing(root: Path) -> None:
    from test_change_sets import FullTrash

    _tree(root)
    before = tree_hash(root)
    ws = wsnb.open_workspace(root, watch=False, trash=FullTrash("e.txt"))
    # The renamed file's turn to go to the trash comes last, and the trash takes nothing.
    plan = ws.change_set("Breaks", [*CHANGES, {"op": "trash", "path": "e.txt"}])
    assert not plan.confirm().success and tree_hash(root) == before
    assert ws.history["state"].tolist() == ["failed"]  # the steps done and taken back: inside
    assert _lines(root)[-1]["phase"] == "finished" and _lines(root)[-1]["success"] is False


# -- cut short: said, shown, undone, finished, kept ------------------------------------------


def test_a_set_cut_after_two_steps_is_said_shown_and_undone_exactly(root: Path) -> None:
    before = tree_hash(_tree(root))
    _cut(root, "step:3")
    ws, said = _open(root)
    [sentence] = said
    assert "“Tidy” was cut short" in sentence and "after 2 of its 4 changes" in sentence
    [found] = ws.interrupted
    assert [s["state"] for s in found.steps] == ["ran", "ran", "not run", "not run"]
    history = ws.history
    assert history["state"].iloc[0] == "interrupted"
    assert "changes 1, 2 of 4 ran" in history["what"].iloc[0]
    undo = ws.undo()  # the newest change is the run cut short: undone whole
    assert undo.confirm().success and tree_hash(root) == before
    assert ws.interrupted == []
    assert _open(root)[1] == []  # resolved: no later open tells it again
    history = ws.history
    [undone_by] = history[history["state"] == "interrupted"]["undone_by"]
    assert isinstance(undone_by, str)  # its row says it was undone


def test_a_set_cut_short_can_be_finished_and_then_undone_whole(root: Path) -> None:
    before = tree_hash(_tree(root))
    whole = tree_hash(_confirmed_copy(root.parent / "whole"))
    _cut(root, "after:3")  # the third change ran; its line was never written
    ws, _said = _open(root)
    [found] = ws.interrupted
    assert [s["state"] for s in found.steps] == ["ran", "ran", "ran", "not run"]
    finish = found.finish()
    assert [step.title for step in finish.steps] == ["Rename d.txt to e.txt"]
    assert finish.confirm().success and tree_hash(root) == whole
    assert ws.interrupted == []
    rows = ws.history
    assert sorted(rows[rows["group"] == rows["group"].iloc[0]]["step"].dropna()) == [1, 2, 3, 4]
    assert ws.undo().confirm().success and tree_hash(root) == before


def _confirmed_copy(folder: Path) -> Path:
    _tree(folder)
    ws = wsnb.open_workspace(folder, watch=False)
    assert ws.change_set("Tidy", CHANGES).confirm().success
    return folder


def test_a_set_whose_rest_no_longer_applies_is_not_finished_but_still_undone(root: Path) -> None:
    before = tree_hash(_tree(root))
    _cut(root, "step:4")
    write(root, "d.txt", "changed meanwhile\n")
    ws, _said = _open(root)
    [found] = ws.interrupted
    with pytest.raises(UsageError, match=r"Change 4 of “Tidy” no longer applies: d.txt changed"):
        found.finish()
    assert found.undo().confirm().success
    assert tree_hash(root) == {**before, "d.txt": tree_hash(root)["d.txt"]}


def test_kept_as_it_is_stays_and_is_told_no_more(root: Path) -> None:
    _tree(root)
    _cut(root, "step:2")
    ws, said = _open(root)
    assert len(said) == 1
    ws.interrupted[0].keep()
    assert ws.interrupted == [] and _open(root)[1] == []
    assert (root / "a.txt").read_text() == "omega beta\n"  # the change that ran stays
    assert ws.history["state"].iloc[0] == "interrupted"  # and the history says what happened
    assert ws.undo().confirm().success and (root / "a.txt").read_text() == "alpha beta\n"


def test_folders_a_change_made_before_it_was_cut_are_undone_too(root: Path) -> None:
    before = tree_hash(_tree(root))
    _cut(root, "mkdir")  # change 2 made new/, then the process ended before its file
    assert (root / "new").is_dir()
    ws, said = _open(root)
    assert len(said) == 1
    [found] = ws.interrupted
    assert [s["state"] for s in found.steps] == ["ran", "not run", "not run", "not run"]
    assert found.undo().confirm(strong=True).success and tree_hash(root) == before


def test_a_set_cut_before_its_first_change_changed_nothing_and_is_noted_once(root: Path) -> None:
    before = tree_hash(_tree(root))
    _cut(root, "step:1")
    ws, said = _open(root)
    assert said == [] and ws.interrupted == [] and tree_hash(root) == before
    assert ws.history["state"].tolist() == ["interrupted"]
    assert "before it changed anything" in ws.history["what"].iloc[0]
    assert _lines(root)[-1]["outcome"] == "nothing"  # noted, so no later open looks again


def test_a_read_only_open_tells_and_writes_nothing(root: Path) -> None:
    _tree(root)
    _cut(root, "step:3")
    journal = (root / HISTORY_FILE).read_bytes()
    ws, said = _open(root, mode="read-only")
    assert len(said) == 1 and len(ws.interrupted) == 1
    assert ws.interrupted[0].undo().state is PlanState.REFUSED
    assert (root / HISTORY_FILE).read_bytes() == journal


# -- a single plan ----------------------------------------------------------------------------

_SINGLE = """
import os, sys
import wsnb
from wsnb.plans import ahead
ahead.Run.end = lambda run, plan: os._exit(9)  # the change is done; its line never written
ws = wsnb.open_workspace(sys.argv[1], watch=False)
ws.create_file("made.md", "# Made\\n").confirm()
"""


def test_a_single_change_done_before_its_line_is_found_done_without_a_word(root: Path) -> None:
    child = run_child(_SINGLE, str(root))
    _out, err = child.communicate(timeout=120)
    assert child.returncode == 9, err
    ws, said = _open(root)
    assert said == [] and ws.interrupted == []  # whole: nothing to decide
    assert ws.history["what"].iloc[0].startswith("created made.md")
    assert ws.undo().confirm().success and not (root / "made.md").exists()


# -- temporary files -------------------------------------------------------------------------


def test_a_live_process_keeps_its_temporary_files(root: Path) -> None:
    folder = root / fsops.TEMP_DIR
    folder.mkdir(parents=True)
    mine = folder / f"{fsops.TEMP_PREFIX}{_token()}-aaaa"
    gone = folder / f"{fsops.TEMP_PREFIX}999999999-1-bbbb"
    for path in (mine, gone):
        path.write_bytes(b"half")
    wsnb.open_workspace(root, watch=False).close()
    assert mine.exists() and not gone.exists()


def _token() -> str:
    from wsnb.disk.owners import process_token

    return process_token()


_SLOW_WRITE = """
import sys, time
from wsnb.policy.access import AccessPolicy
from wsnb.disk.fsops import atomic_write
def chunks():
    yield b"x" * 1000
    print("writing", flush=True)
    time.sleep(60)
    yield b"y"
atomic_write(AccessPolicy(sys.argv[1]).resolve(sys.argv[2]), chunks())
"""


def test_a_folder_on_another_device_gets_its_temporary_file_beside_it_and_a_note(
    root: Path
) -> None:
    other = root / "mounted"
    other.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(other)],
                             capture_output=True, text=True, check=False)  # fmt: skip
    if mounted.returncode != 0:
        pytest.skip(f"mounting a tmpfs is refused here ({mounted.stderr.strip()})")
    try:
        child = run_child(_SLOW_WRITE, str(root), "mounted/file.txt")
        assert child.stdout is not None and child.stdout.readline() == "writing\n"
        child.kill()
        child.communicate(timeout=30)
        [note, temp] = temp_leftovers(root)
        assert note.startswith(f"{fsops.TEMP_DIR}/") and note.endswith(".at")
        assert temp.startswith("mounted/.wsnb-tmp-")
        wsnb.open_workspace(root, watch=False).close()
        assert temp_leftovers(root) == [] and os.listdir(other) == []
    finally:
        subprocess.run(["umount", "-l", str(other)], check=False)



# -- a notes workspace's plan group is one set --------------------------------------------------


def test_a_notes_group_runs_as_one_set_and_each_card_undoes_it_whole(tmp_path: Path) -> None:
    from crashkit import TITLES, make_notes_tree

    from wsnb.notes import open_notes

    root = tmp_path / "notes"
    make_notes_tree(root)
    before = tree_hash(root)
    nb = open_notes(root, clock=lambda: datetime(2026, 3, 5, 9, 0).astimezone(), watch=False)
    group = nb.archive()
    assert group.title == TITLES["group"]
    results = group.confirm(strong=True)
    assert len(results) == len(group) and all(result.success for result in results)
    assert all(plan.state is PlanState.DONE for plan in group)
    run = _lines(root)[-1]
    assert run["phase"] == "finished" and run["success"] is True  # one run for the group
    assert {plan.data["journal_entry"] for plan in group} == {
        f"{run['run']}-{n}" for n in range(1, len(group) + 1)}
    undo = group[-1].undo()  # any card's Undo undoes the whole group
    assert undo.title == f"Undo: {group.title}" and len(undo.steps) == len(group)
    assert undo.confirm(strong=True).success and tree_hash(root) == before
    nb.close()
