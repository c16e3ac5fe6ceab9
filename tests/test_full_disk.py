"""A full disk: no change is carried out without its journal line, every kind ends undoable
or changes nothing.

Two ways to a full disk. Where the test may mount a file system (root with the right
to mount, as CI on Debian is, unless its container refuses), a small tmpfs holds the
workspace and a filler file takes its last byte: the disk is really full, for the
person's files, wsnb's backups, its temporary files and its journal alike. Where it
can't, the test says so and skips; the second way runs everywhere: the journal's own
file (``wsnb.disk.linefile.LineFile``, the seam below the journal) refuses its n-th
line the way a full disk does, and the person's files stay real.

For every kind of change (write, edit, create a file, a folder, copy, move, rename,
trash, a change set, and an undo), after the confirm the tree is either exactly what
it was, or the change is in the journal (done, or found cut short) and undoing it
brings the tree back exactly.
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from crashkit import tree_hash
from helpers import Bench, make_bench

import wsnb
from wsnb.disk.linefile import LineFile
from wsnb.errors import UndoError
from wsnb.plans.book import PlanBook
from wsnb.plans.journal import Journal

# Each kind of change: a name, and how to propose it on a tree made by _tree().
CHANGES: dict[str, Callable[[Any], Any]] = {
    "write": lambda ws: ws.propose("write_file", path="a.txt", content="new text\n" * 50),
    "edit": lambda ws: ws.propose("edit_file", path="a.txt", edits=[["alpha", "omega"]]),
    "create_file": lambda ws: ws.propose("create_file", path="new/b.txt", content="b\n"),
    "create_folder": lambda ws: ws.propose("create_folder", path="made/deeper"),
    "copy": lambda ws: ws.propose("copy_file", source="a.txt", target="copies/a.txt"),
    "move": lambda ws: ws.propose("move_file", source="a.txt", target="moved/a.txt"),
    "rename": lambda ws: ws.propose("rename", path="a.txt", new_name="z.txt"),
    "trash": lambda ws: ws.propose("trash", path="old.txt"),
    "change_set": lambda ws: ws.propose("change_set", title="Set", changes=[
        {"op": "edit", "path": "a.txt", "edits": [["alpha", "omega"]]},
        {"op": "create_file", "path": "set/c.txt", "content": "c\n"},
        {"op": "move", "source": "old.txt", "target": "set/old.txt"},
        {"op": "rename", "path": "keep.txt", "new_name": "kept.txt"},
    ]),
}  # fmt: skip


def _tree(root: Path) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "a.txt").write_text("alpha beta gamma\n" + "beta gamma\n" * 40, encoding="utf-8")
    (root / "old.txt").write_text("old\n", encoding="utf-8")
    (root / "keep.txt").write_text("keep\n", encoding="utf-8")


# ---------------------------------------------------------------------------
# A real full disk: a small tmpfs
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_disk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    mount = tmp_path_factory.mktemp("small-disk")
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small file system needs root and mount(8); the journal seam "
                    "test below covers a full disk here")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,mode=0755", "tmpfs",
                           str(mount)], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"this machine refuses to mount a tmpfs ({done.stderr.strip()}); the "
                    "journal seam test below covers a full disk here")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def _fill(disk: Path) -> Path:
    """Take every free byte of ``disk``; the file that holds them (remove it to free them)."""
    filler = disk / f"filler-{uuid.uuid4().hex}"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (65536, 4096, 1):
            try:
                while True:
                    os.write(fd, b"\0" * size)
            except OSError as exc:
                assert exc.errno == errno.ENOSPC, exc
    finally:
        os.close(fd)
    assert os.statvfs(disk).f_bavail == 0
    return filler


class _Propose:
    """``CHANGES`` speak to a book; a workspace proposes through its own."""

    def __init__(self, book: PlanBook) -> None:
        self.book = book

    def propose(self, tool: str, **params: Any) -> Any:
        return self.book.propose(tool, **params)


@pytest.mark.parametrize("history", [False, True], ids=["no-journal-yet", "journal-with-room"])
@pytest.mark.parametrize("kind", [*CHANGES, "undo"])
def test_every_change_with_no_byte_free_ends_undoable_or_changes_nothing(
    small_disk: Path, kind: str, history: bool
) -> None:
    root = small_disk / f"{kind}-{history}"
    _tree(root)
    ws = wsnb.open_workspace(root, watch=False)
    if history or kind == "undo":  # a journal whose last page has room for a line or two
        assert ws.create_file("earlier.txt", "earlier\n").confirm().success
    before = tree_hash(root)
    filler = _fill(small_disk)
    try:
        plan = ws.undo() if kind == "undo" else CHANGES[kind](_Propose(ws._book))
        result = plan.confirm(strong=True)
        after = tree_hash(root)
    finally:
        filler.unlink()
    _undoable_or_unchanged(root, before, after, result, kind)
    ws.close()


def _undoable_or_unchanged(root: Path, before: dict[str, str], after: dict[str, str],
                           result: Any, kind: str) -> None:  # fmt: skip
    if after == before:
        assert not result.success, f"{kind}: nothing changed, yet it says {result.message}"
        assert result.error, kind
        print(f"{kind}: nothing changed: {result.error}")
        return
    print(f"{kind}: done ({result.success}): {result.message}")
    # Changed: a fresh open finds it, done or cut short, and its undo brings the tree back.
    fresh = wsnb.open_workspace(root, watch=False)
    try:
        waiting = fresh.interrupted
        undo = waiting[0].undo() if waiting else fresh.undo()
        assert undo.confirm(strong=True).success, (kind, undo.describe())
        assert tree_hash(root) == before, f"{kind}: the undo did not bring the tree back"
    finally:
        fresh.close()


# ---------------------------------------------------------------------------
# The seam: a journal whose n-th line the disk refuses
# ---------------------------------------------------------------------------


class FullAfter(LineFile):
    """A journal file that takes ``room`` more lines, then fails as a full disk does."""

    def __init__(self, path: Path, room: int) -> None:
        super().__init__(path)
        self.room = room

    def append(self, line: bytes) -> None:
        if self.room <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self.room -= 1
        super().append(line)


def _bench(root: Path, room: int | None) -> Bench:
    bench = make_bench(root)
    if room is not None:
        journal = Journal(bench.root, file=FullAfter(bench.root / ".wsnb/history.jsonl", room))
        bench.book._journal = journal
        bench.journal = journal
    return bench


# How many journal lines each kind writes when all goes well (begun, steps, end).
_LINES = {**dict.fromkeys(CHANGES, 2), "change_set": 6}


@pytest.mark.parametrize("kind", list(CHANGES))
def test_a_journal_line_refused_at_any_point_leaves_nothing_undone_that_ran(
    tmp_path: Path, kind: str
) -> None:
    for room in range(_LINES[kind] + 1):
        root = tmp_path / f"room{room}"
        _tree(root)
        before = tree_hash(root)
        bench = _bench(root, room)
        result = CHANGES[kind](bench).confirm(strong=True)
        after = tree_hash(root)
        if room == 0:  # the begun line can't be written: the change does not happen
            assert after == before and not result.success, (kind, result.message)
            assert "was not carried out" in result.error and "Nothing was changed" in result.error
            assert "No space left on device" in result.error
            continue
        if after == before:
            assert not result.success, (kind, room, result.message)
            continue
        # It ran: whatever line was refused, a fresh book (a journal with room) can undo it.
        fresh = _bench(root, None)
        waiting = fresh.book.interrupted()
        try:
            undo = waiting[0].undo() if waiting else fresh.book.undo()
        except UndoError as exc:  # pragma: no cover - the assertion says which
            raise AssertionError(f"{kind} with room for {room} line(s): {exc}") from None
        assert undo.confirm(strong=True).success, (kind, room)
        assert tree_hash(root) == before, (kind, room)
