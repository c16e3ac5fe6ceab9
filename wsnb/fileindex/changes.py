"""What the index must look at again when paths change, whoever changed them.

One code path for "this path changed": a confirmed plan (``plan_change``),
a batch from the watcher (``batch_change``) and a check of folder times
where no watcher works (``Revalidation``) all come down to a ``Change``, the
paths whose rows ``wsnb.fileindex.scanrows.rows_for_paths`` reads again, exactly as a
scan would. ``changed_paths`` says which rows really differ afterwards, so
a change already applied (a plan's, seen again by the watcher) changes
nothing the second time.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from ..errors import PolicyError
from ..types import ActionType
from .frames import local_times
from .scanner import is_skipped_dir

if TYPE_CHECKING:
    from ..plans.record import PlanRecord
    from ..policy.access import AccessPolicy
    from .watcher import Batch

__all__ = ["Change", "IndexChange", "Revalidation", "batch_change", "changed_paths", "plan_change"]

_ROOT = ""
_ROLL_ROWS = 256  # rows whose files are looked at again per query, in turn: about 0.5 ms


@dataclass(frozen=True, slots=True)
class Change:
    """The paths the index must look at again.

    ``items`` were created, written, moved, renamed, trashed or restored
    (each with whatever is below it); ``folders`` are the folders whose own
    row changed (their modified time), looked at alone. ``rescan``: only a
    full scan can tell (the root's ``.gitignore`` changed, or nothing is known).
    """

    items: frozenset[str]
    folders: frozenset[str]
    rescan: bool = False

    def __bool__(self) -> bool:
        return bool(self.items or self.folders or self.rescan)


@dataclass(frozen=True, slots=True)
class IndexChange:
    """What a change did to the index, for views that follow it.

    ``paths``: entries added, removed or changed (a folder whose time alone
    moved is not one). ``outside``: seen on the disk, not made by a plan of
    this workspace. ``note``: a sentence to show once (watching stopped).
    """

    paths: tuple[str, ...]
    outside: bool
    note: str = ""


def plan_change(plan: PlanRecord) -> Change:
    """What ``plan`` touched.

    Every path a plan names is an item (source, target, the folders it
    made), and the folder holding each is a folder to refresh. A
    ``.gitignore`` re-decides its own folder's subtree (the whole tree: a
    full scan, for the root's).
    """
    if plan.action is ActionType.OPEN_FILE:
        return Change(frozenset(), frozenset())  # handed to the desktop, nothing changed here
    items: set[str] = set()
    for part in (plan, *plan.data.get("steps", ())):  # a change set: what each step touched
        items.update(path.relative for path in (part.source, part.target) if path is not None)
        items.update(part.parent_dirs)
        items.update(part.data.get("remove_if_empty") or ())  # an undone create's empty folders
    items.discard(".")
    return _change_of(items)


def batch_change(batch: Batch) -> Change:
    """What a watcher's batch asks the index to look at again.

    Paths inside a folder the index never enters by name (hidden, ``.git``,
    ``node_modules``, ``.wsnb``...) are dropped at once: they never have a
    row, and tools write there a lot. An unknown subtree is read again whole.
    """
    if _ROOT in batch.unknown:
        return Change(frozenset(), frozenset(), rescan=True)
    items = {path for path in batch.changed if _maybe_indexed(path)}
    items.update(batch.unknown)
    return _change_of(items)


def _change_of(items: set[str]) -> Change:
    # A .gitignore changes what its whole folder shows: that folder is read again, below too.
    for item in [item for item in items if item.rpartition("/")[2] == ".gitignore"]:
        folder = item.rpartition("/")[0]
        if folder == _ROOT:
            return Change(frozenset(), frozenset(), rescan=True)
        items.add(folder)
    items = _outermost(items)
    # Not ``.wsnb/`` (backups, the journal): a hidden folder never has a row in the index.
    folders = {item.rpartition("/")[0] for item in items}
    folders.discard(_ROOT)
    return Change(frozenset(items), frozenset(folders - items))


def _maybe_indexed(path: str) -> bool:
    """False for a path inside a folder a scan never enters by its name."""
    parents = path.split("/")[:-1]
    return bool(path) and not any(is_skipped_dir(name) for name in parents if name)


def _outermost(items: set[str]) -> set[str]:
    """``items`` without those below another item: reading a folder reads all below it."""
    kept: set[str] = set()
    last = None
    for item in sorted(items, key=lambda path: path.split("/")):
        if last is not None and item.startswith(last + "/"):
            continue
        kept.add(item)
        last = item
    return kept


def changed_paths(old: pd.DataFrame, new: pd.DataFrame) -> tuple[bool, tuple[str, ...]]:
    """Whether any row differs between ``old`` and ``new``, and the paths that count.

    Counted: paths added, removed or changed, except a folder in both whose
    row differs only because its time moved (its content that changed is
    counted instead). A rescan calls this on two whole frames, so it costs a
    few array comparisons, not a second pass over the rows: the columns an
    entry's path does not decide (``_COMPARED``) are compared as numpy arrays,
    pair by pair; name, suffix and depth follow from the path.
    """
    if old.empty and new.empty:
        return False, ()
    old_paths = old["path"].to_numpy(dtype=object)
    new_paths = new["path"].to_numpy(dtype=object)
    if len(old_paths) == len(new_paths) and bool((old_paths == new_paths).all()):
        pairs: tuple[Any, Any] = (slice(None), slice(None))  # the usual rescan: the same paths
        added = removed = np.empty(0, dtype=object)
    else:
        known = pd.Index(old_paths)
        if not known.is_unique:  # never from a scan; a frame built by hand may repeat a path
            known = known.drop_duplicates(keep="last")
            old = old.drop_duplicates(subset="path", keep="last")
            old_paths = old["path"].to_numpy(dtype=object)
        where = known.get_indexer(new_paths)  # -1: not in the old rows
        matched = where >= 0
        pairs = (where[matched], np.flatnonzero(matched))
        kept = np.zeros(len(old_paths), dtype=bool)
        kept[pairs[0]] = True
        added, removed = new_paths[~matched], old_paths[~kept]
    at_old, at_new = pairs
    differs = np.zeros(len(new_paths[at_new]), dtype=bool)
    for column in _COMPARED:
        differs |= _values(old[column])[at_old] != _values(new[column])[at_new]
    # Folders in both whose rows differ: only their time moved (what changed inside counts).
    folders = _values(old["is_dir"])[at_old] & _values(new["is_dir"])[at_new]
    changed = new_paths[at_new][differs & ~folders]
    if not (differs.any() or len(added) or len(removed)):
        return False, ()
    return True, tuple(sorted(str(path) for path in (*added, *removed, *changed)))


# The columns a path does not decide (name, suffix and depth follow from it).
_COMPARED = ("size", "modified", "is_dir", "is_text", "is_hidden", "is_symlink")


def _values(column: pd.Series) -> npt.NDArray[Any]:
    """A column as a numpy array; times as int64 nanoseconds, so two missing times are equal."""
    if pd.api.types.is_datetime64_any_dtype(column):
        return column.to_numpy(dtype="datetime64[ns]").view("int64")
    return column.to_numpy()


class Revalidation:
    """Where no watcher works: folder times, checked before each query.

    ``times`` holds each indexed folder's modification time (ns) as last
    seen ("" is the root). A folder whose time moved gained, lost or renamed
    an entry: its entries are read again, nothing else. An edit in place
    keeps its folder's time: a rolling look at the files, ``_ROLL_ROWS`` rows
    of the frame per query in turn, finds a size or time that moved, so
    such an edit is seen within ``entries / _ROLL_ROWS`` queries (or at
    ``ws.scan()``), at a bounded cost per query.
    """

    def __init__(self, policy: AccessPolicy) -> None:
        self.policy = policy
        self.root = str(policy.root)
        self.times: dict[str, int] = {}
        self._paths: dict[str, str] = {}  # folder -> its OS path, joined once
        self._cursor = 0  # where the rolling look at the files goes on

    def baseline(self, folders: Iterable[str]) -> None:
        """Remember the times of ``folders`` (and the root) now, before they are read."""
        self.times = {}
        self._paths = {}
        self.note([_ROOT, *folders])

    def note(self, folders: Iterable[str]) -> None:
        """Remember the times of ``folders`` as they are now."""
        for folder in folders:
            time = self._time(folder)
            if time is not None:
                self.times[folder] = time
                self._paths[folder] = self.root + "/" + folder if folder else self.root
            else:
                self.times.pop(folder, None)
                self._paths.pop(folder, None)

    def moved(self) -> list[str]:
        """The folders whose time is not the one noted (or that are gone): one lstat each."""
        lstat, paths = os.lstat, self._paths
        try:  # the usual case, in one tight loop: every folder is still there
            return [folder for folder, time in self.times.items()
                    if lstat(paths[folder]).st_mtime_ns != time]  # fmt: skip
        except OSError:
            return [folder for folder, time in self.times.items() if self._time(folder) != time]

    def changed(self, frame: pd.DataFrame, folders: set[str]) -> Change:
        """The ``Change`` of the folders whose time moved since they were noted.

        ``frame`` is the index's frame and ``folders`` its folders; folders
        that appeared since the last look are noted (a plan added them).
        """
        moved = self.moved()
        new = folders - self.times.keys()
        if new:
            self.note(new)
        edited = self.edited(frame)
        if not moved:
            return _change_of(edited) if edited else Change(frozenset(), frozenset())
        self.note(moved)  # before reading them: what changes next is seen next time
        items: set[str] = set(edited)
        refresh: set[str] = set()
        parents = frame["path"].str.rpartition("/")[0]
        for folder in moved:
            if folder not in self.times:
                continue  # gone: its parent's time moved too, which reads it again
            old = set(frame["path"][parents == folder].tolist())
            now = self._names(folder)
            for path in old | now:
                (refresh if path in folders and path in now else items).add(path)
            if folder:
                refresh.add(folder)
        self.note(item for item in items if self._time(item) is not None)  # new folders
        change = _change_of(items)
        return Change(change.items, change.folders | frozenset(refresh - change.items),
                      change.rescan)  # fmt: skip

    def edited(self, frame: pd.DataFrame, rows: int = _ROLL_ROWS) -> set[str]:
        """The files among the next ``rows`` rows whose size or time is not the row's."""
        if frame.empty:
            return set()
        start = self._cursor if self._cursor < len(frame) else 0
        stop = self._cursor = start + rows
        # Column slices, not a sliced frame: a few views instead of a DataFrame per query.
        files = ~frame["is_dir"].to_numpy()[start:stop]
        paths: list[str] = frame["path"].to_numpy()[start:stop][files].tolist()
        sizes, times, gone = [], [], set()
        for path in paths:
            try:
                info = os.lstat(self.root + "/" + path)
            except OSError:
                gone.add(path)
                sizes.append(-1)
                times.append(0)
                continue
            sizes.append(info.st_size)
            times.append(info.st_mtime_ns)
        differ = ((frame["size"].to_numpy()[start:stop][files] != sizes)
                  | (frame["modified"].to_numpy()[start:stop][files] != local_times(times)))
        return gone | {path for path, moved in zip(paths, differ.tolist(), strict=True) if moved}

    def _time(self, folder: str) -> int | None:
        try:
            info = os.lstat(self.root + "/" + folder if folder else self.root)
        except OSError:
            return None
        return info.st_mtime_ns if stat.S_ISDIR(info.st_mode) else None

    def _names(self, folder: str) -> set[str]:
        """The paths of ``folder``'s entries now, listed through the policy's gate."""
        try:
            target = self.policy.resolve(folder or ".")
            with os.scandir(target.os_path) as listing:
                prefix = folder + "/" if folder else ""
                return {prefix + entry.name for entry in listing}
        except (OSError, PolicyError):
            return set()
