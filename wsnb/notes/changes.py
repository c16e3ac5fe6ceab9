"""Following changes without a walk: a watcher's batch, one note, or a revalidation by stat.

:class:`FollowChanges` is the part of :class:`wsnb.notes.noteindex.NoteIndex` that
keeps it in step with the disk between walks, at the cost of the change:

* ``apply_changes(changed, removed)`` takes the paths a watcher (or a plan)
  reports and reads only those (a folder: its subtree; a path in a folder
  never walked: that folder);
* ``index_file(path)`` indexes one note;
* ``follow_batch(batch)`` is a watcher's callback: its changed paths and
  the subtrees it lost track of (an overflow) go to ``apply_changes``;
  ``watched_folders()`` names the folders to watch (those walked);
* ``refresh()`` is what a search calls first. Without a watcher it stats the
  folders seen at the last walk (a file created, deleted or renamed changes
  its folder's time; only those folders are listed again) and each note (an
  edit changes its size or time), so a search never walks the tree. With a
  watcher feeding ``apply_changes`` (``watched``) it stats the folders only:
  a note created, deleted or renamed a moment ago, whose event is still in
  the watcher's debounce window, moved its folder's time, so it is found at
  once; an edit is followed by its event (``wsnb.notes.watching``).

Every folder above a known note is stamped (it was walked), which keeps
forgetting a single path a lookup and revalidation complete.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import threading
import time
from collections.abc import Collection, Iterable, Iterator
from typing import Any, Protocol

from ..errors import UsageError, WsnbError
from ..i18n import _
from ..policy.access import AccessPolicy
from .indexreport import IndexReport
from .rules import NoteRules
from .walk import NoteFile, WalkResult, list_folder, walk_notes

__all__ = ["Checks", "FollowChanges", "WatchBatch", "gc_paused"]

logger = logging.getLogger("wsnb")

# What a revalidation stats: (folder, absolute path, mtime ns) of each folder walked and
# (folder, absolute path, size, mtime ms) of each file seen.
Checks = tuple[list[tuple[str, str, int]], list[tuple[str, str, int, float]]]


class WatchBatch(Protocol):
    """What a watcher reports per batch (``wsnb.fileindex.watcher.Batch`` has this shape)."""

    @property
    def changed(self) -> Collection[str]: ...

    @property
    def unknown(self) -> Collection[str]: ...

    @property
    def failed(self) -> str: ...


class FollowChanges:
    """Following changes for the note index that inherits it (the state is the index's own)."""

    policy: AccessPolicy
    rules: NoteRules
    extensions: tuple[str, ...]
    max_file_size: int
    watched: bool
    _lock: threading.RLock
    _stamps: dict[str, int] | None
    _others: dict[str, tuple[int, float]]
    _check_list: Checks | None

    def update(self, force: bool = False, *, verify: bool = False) -> IndexReport:
        raise NotImplementedError

    def _update(self, force: bool, verify: bool) -> IndexReport:
        raise NotImplementedError

    def _apply(
        self, walk: WalkResult, gone_paths: set[str], full: bool, verify: bool, started: float
    ) -> IndexReport:
        raise NotImplementedError

    def _loaded(self) -> dict[str, dict[str, Any]]:
        raise NotImplementedError

    def _settings_match(self) -> bool:
        raise NotImplementedError


    def apply_changes(self, changed: Iterable[str], removed: Iterable[str] = ()) -> IndexReport:
        """Follow a batch of changes, reading only the paths named (a folder: its subtree).

        ``changed`` and ``removed`` are paths relative to the notes root (or
        absolute inside it), as a watcher reports them; a changed path that no
        longer exists counts as removed, and a path that is not a note is
        passed over. A batch before the first update runs a whole update. A watcher
        thread may call it while the kernel searches: the index takes one lock.
        """
        with self._lock, gc_paused():
            if self._stamps is None:
                return self._update(False, False)
            started = time.perf_counter()
            changed_paths = self._relative_paths(changed)
            if "" in changed_paths:  # the root itself: walk it all
                return self._update(False, False)
            walk, gone = WalkResult(), set()
            for path in self._relative_paths(removed):
                gone |= self._forget_below(path)
            for path in changed_paths:
                gone |= self._look_at(path, walk)
            return self._apply(walk, gone - walk.files.keys(), False, False, started)

    def follow_batch(self, batch: WatchBatch) -> IndexReport | None:
        """Apply a watcher's batch (``changed`` and ``unknown`` paths, or why it ``failed``).

        Meant as a watcher's callback, called in its thread: while batches
        come, ``refresh()`` trusts them; once watching failed, ``refresh()``
        revalidates by stat again, so no change is missed.
        """
        if batch.failed:
            logger.info("Notes: watching stopped (%s); searches check the disk first.",
                        batch.failed)  # fmt: skip
            self.watched = False
            return None
        self.watched = True
        paths = [*batch.changed, *batch.unknown]
        return self.apply_changes(paths) if paths else None

    def watched_folders(self) -> list[str]:
        """The folders a watcher should watch: those the index walked ("" for the root)."""
        with self._lock:
            if self._stamps is None:
                self.update()
            return sorted(self._stamps or ())

    def index_file(self, path: str) -> IndexReport:
        """Index one note now (or forget it when it is gone); ``UsageError`` if it is no note."""
        relative = self.policy.resolve(path).relative
        if not self.rules.is_note_path(relative):
            raise UsageError(_("{path} is not a note: notes end in {extensions} and are outside "
                               "hidden and ignored folders. Check the path, or the index "
                               "settings in config.json.").format(
                path=relative, extensions=", ".join(self.extensions)))
        return self.apply_changes([relative])

    def refresh(self) -> IndexReport | None:
        """Bring the index up to date cheaply before a search; None when no note changed.

        The first call of a session walks once (``update``); later ones trust a
        watcher when one feeds ``apply_changes``, or else revalidate by stat
        (see the module docstring).
        """
        with self._lock:
            return self._refresh()

    def _refresh(self, every_note: bool | None = None) -> IndexReport | None:
        if self._stamps is None or not self._settings_match():
            return self.update()
        # A watcher tells every change, but up to its debounce window late: the folders'
        # times catch the notes created, deleted or renamed within that window.
        notes = not self.watched if every_note is None else every_note
        changed, removed = self._revalidate(notes=notes)
        if not changed and not removed:
            return None
        with gc_paused():
            started = time.perf_counter()
            walk, gone = WalkResult(), set()
            for folder in removed:
                gone |= self._forget_below(folder)
            for folder in changed:
                gone |= self._relist(folder, walk)
            report = self._apply(walk, gone - walk.files.keys(), False, False, started)
        # A folder's time also moves for what is no note (the index's own .assistant/ folder).
        return report if report.changed or report.skipped else None

    def begin_watching(self) -> IndexReport | None:
        """A watcher now feeds the index: one full stat check for what changed before it began.

        Called once its watches are set: what changed before is found by this
        check, what changes after comes as an event, so nothing falls between.
        """
        with self._lock:
            report = self._refresh(every_note=True)
            self.watched = True
            return report

    def _revalidate(self, notes: bool = True) -> tuple[list[str], list[str]]:
        """(folders to list again, folders gone); with ``notes``, notes whose stat moved
        join their folder."""
        assert self._stamps is not None
        stat = os.stat
        changed: dict[str, None] = {}
        removed: list[str] = []
        for folder, absolute, stamp in self._checks()[0]:
            try:
                now = stat(absolute, follow_symlinks=False).st_mtime_ns
            except OSError:
                removed.append(folder)
                continue
            if now != stamp:
                changed[folder] = None
        for folder, absolute, size, mtime in self._checks()[1] if notes else ():
            try:
                info = stat(absolute, follow_symlinks=False)
            except OSError:
                changed[folder] = None
                continue
            if info.st_size != size or info.st_mtime_ns / 1e6 != mtime:
                changed[folder] = None
        return [folder for folder in changed if folder not in removed], removed

    def _checks(self) -> Checks:
        """What a revalidation stats, with absolute paths made once (until the index changes)."""
        if self._check_list is None:
            assert self._stamps is not None
            root = os.fspath(self.policy.root)
            folders = [(folder, os.path.join(root, folder), stamp)
                       for folder, stamp in self._stamps.items()]  # fmt: skip
            stats = [(path, record["size"], record["mtime"]) for path, record
                     in self._loaded().items()]  # fmt: skip
            stats += [(path, size, mtime) for path, (size, mtime) in self._others.items()]
            files = [(_parent(path), os.path.join(root, path), size, mtime)
                     for path, size, mtime in stats]  # fmt: skip
            self._check_list = (folders, files)
        return self._check_list

    def _relist(self, folder: str, walk: WalkResult) -> set[str]:
        """List ``folder`` again (its new subfolders whole); the known paths no longer there."""
        assert self._stamps is not None
        try:
            path = self.policy.resolve(folder or ".")
        except WsnbError:
            return self._forget_below(folder)
        found = WalkResult()
        subfolders = list_folder(self.rules, path, found, self.max_file_size, self._loaded())
        if ("" if path.is_root else path.relative) not in found.folders:  # can't be listed
            return self._forget_below(folder)
        listed = {sub.relative for sub in subfolders}
        for sub in [sub for sub in subfolders if sub.relative not in self._stamps]:
            found = _merged(found, walk_notes(self.rules, max_file_size=self.max_file_size,
                                              known=self._loaded(), start=sub))  # fmt: skip
        gone = {p for p in self._direct(folder) if p not in found.files}
        for old in [f for f in self._stamps if f and _parent(f) == folder and f not in listed]:
            gone |= self._forget_below(old)
        self._take(found, walk)
        return gone

    def _look_at(self, relative: str, walk: WalkResult) -> set[str]:
        """Read one changed path into ``walk``; the known paths it makes gone.

        A path in a folder the index has not walked yet (a new folder whose
        event came late or not at all) walks that folder whole instead, so
        every folder above a note stays stamped for revalidation.
        """
        assert self._stamps is not None
        parts = relative.split("/")
        for end in range(1, len(parts)):
            folder_path = "/".join(parts[:end])
            if folder_path not in self._stamps:
                return self._look_at(folder_path, walk)
        parent, _sep, name = relative.rpartition("/")
        try:
            folder = self.policy.resolve(parent or ".")
            path, info = self.policy.resolve_child(folder, name)
        except WsnbError:
            return self._forget_below(relative)
        if info is None:
            return self._forget_below(relative)
        if os.path.isdir(path.absolute) and not os.path.islink(path.absolute):
            if not self.rules.is_folder_path(relative):
                return self._forget_below(relative)
            found = walk_notes(self.rules, max_file_size=self.max_file_size,
                               known=self._loaded(), start=path)  # fmt: skip
            gone = {p for p in self._below(relative) if p not in found.files}
            self._take(found, walk)
            return gone
        if not self.rules.is_note_path(relative) or not os.path.isfile(path.absolute):
            return self._forget_below(relative)
        if info.st_size > self.max_file_size:
            walk.too_large.append(relative)
            walk.too_large_stats[relative] = (info.st_size, info.st_mtime_ns / 1e6)
            return {relative}
        walk.files[relative] = NoteFile(folder, name, relative, info.st_size,
                                        info.st_mtime_ns / 1e6)  # fmt: skip
        return set()

    def _take(self, found: WalkResult, walk: WalkResult) -> None:
        _merged(walk, found)
        assert self._stamps is not None
        self._stamps.update(found.folders)

    def _forget_below(self, relative: str) -> set[str]:
        """The known notes at or below ``relative``, whose folder stamps are dropped.

        Every folder above a known note is stamped (walked), so a path that is
        not a stamped folder has nothing below it: that costs a lookup, not a scan.
        """
        if self._stamps is None or relative not in self._stamps:
            self._others.pop(relative, None)
            return {relative} if relative in self._loaded() else set()
        if self._stamps is not None:
            for folder in [f for f in self._stamps if _at_or_below(f, relative)]:
                del self._stamps[folder]
        for path in [p for p in self._others if _at_or_below(p, relative)]:
            del self._others[path]
        return self._below(relative)

    def _below(self, relative: str) -> set[str]:
        return {path for path in self._loaded() if _at_or_below(path, relative)}

    def _direct(self, folder: str) -> set[str]:
        """The notes directly in ``folder``; its files not indexed are forgotten (listed again)."""
        for path in [p for p in self._others if _parent(p) == folder]:
            del self._others[path]
        return {path for path in self._loaded() if _parent(path) == folder}

    def _relative_paths(self, paths: Iterable[str]) -> list[str]:
        """Each path as the policy's relative path; paths outside the root are passed over."""
        found: list[str] = []
        for path in paths:
            try:
                relative = self.policy.resolve(path).relative
            except WsnbError:
                logger.info("A change outside the notes root was passed over.")
                continue
            found.append("" if relative == "." else relative)
        return found


def _parent(path: str) -> str:
    return path.rpartition("/")[0]


def _at_or_below(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder + "/") or folder in ("", ".")


def _merged(first: WalkResult, second: WalkResult) -> WalkResult:
    first.files.update(second.files)
    first.too_large.extend(second.too_large)
    first.too_large_stats.update(second.too_large_stats)
    first.folders.update(second.folders)
    return first


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection while building: indexing allocates millions of small
    objects and none of them are cycles to collect, so every collection is wasted work."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
