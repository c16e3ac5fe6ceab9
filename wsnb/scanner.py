"""Walk a workspace into a DataFrame of its files and folders.

The walk is iterative and breadth first, so a scan cut by ``max_files``
still shows the top of the tree. It uses ``os.scandir`` and never follows a
symlink: a link is recorded as an entry of its own and never entered.
Folders that are hidden or named in ``SKIP_DIRS`` are not entered, and
``.gitignore`` files are honoured the way git does (``wsnb.gitignore``).

The walk records plain lists; ``wsnb.frames`` builds the DataFrame from them
in one go. ``rows_for_paths`` gives the rows a scan would give for a few
paths (and everything below a folder among them), so an index can follow a
change without a rescan.

The walk is the hot path of opening a workspace, and ``bench/bench_scan.py``
holds it to 1.5x a bare ``os.scandir`` walk. What keeps it there:

* a folder is listed by descriptor where the platform allows, so each
  entry's stat is an ``fstatat`` by name, not an ``lstat`` of the whole path;
* the hot loop (``_Walker._recorder``) does one stat and four list appends
  per entry, with everything it touches bound once per scan;
* ``.gitignore`` costs a few C-level calls per folder with subfolders (the
  walk must know which to enter, and never enters an ignored one); files
  are matched in bulk at the end, or at each progress report when there is
  a ``progress`` callback (``_flush_later``), each distinct name once per
  set of rules, and only the few names a pre-check picks get git's exact
  answer;
* each folder's entries are sorted by name as it is listed, so its rows form
  a sorted run, which the frame's one sort of the paths merges as it is
  (``wsnb.frames``).
"""

from __future__ import annotations

import logging
import operator
import os
import sys
import time
from bisect import bisect_left, bisect_right
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import accumulate, chain

import pandas as pd

from .errors import NotFoundError, PolicyError, UsageError, WorkspaceOpenError
from .frames import (
    FILE_COLUMNS,
    HIDDEN,
    S_IFDIR,
    S_IFLNK,
    S_IFMT,
    S_IFREG,
    Columns,
    build_frame,
    empty_frame,
)
from .gitignore import NO_RULES, IgnoreRules
from .policy import AccessPolicy
from .types import Rule

__all__ = [
    "FILE_COLUMNS", "SKIP_DIRS", "ScanLimits", "ScanReport", "empty_frame", "rows_for_paths",
    "scan",
]  # fmt: skip

logger = logging.getLogger("wsnb")

SKIP_DIRS = frozenset(
    {
        ".git", ".vs", ".idea", "build", "cmake-build-debug", "cmake-build-release",
        "node_modules", "dist", "release", "release_packages", "logs", ".wsnb", "__pycache__",
    }
)  # fmt: skip

_MAX_SKIPPED_LISTED = 200
# List folders by descriptor where scandir accepts one (not on Windows); never through a link.
_LIST_BY_FD = os.scandir in os.supports_fd and hasattr(os, "O_DIRECTORY")
_DIR_FLAGS = (
    os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class ScanLimits:
    """How far a scan goes.

    ``max_depth``: no entry deeper than this is recorded (the root's children
    have depth 1), so folders at that depth are listed but not entered.
    ``max_files``: at most this many entries (files and folders) are recorded.

    The defaults are the design's bounds for a model's context;
    ``ScanLimits.for_person()`` is what a workspace opened in a notebook uses.
    """

    max_depth: int = 8
    max_files: int = 5000

    @classmethod
    def for_model(cls) -> ScanLimits:
        """The design's bounds: depth 8, 5,000 entries."""
        return cls()

    @classmethod
    def for_person(cls) -> ScanLimits:
        """Whole projects: depth 64, 1,000,000 entries (about 1 GiB of memory at the most).

        A person filters ``ws.files`` as a DataFrame and wants every row; the
        bound only keeps a workspace opened on the wrong folder from eating the
        machine, and a cut scan says so under ``ws.files``.
        """
        return cls(max_depth=64, max_files=1_000_000)

    def __post_init__(self) -> None:
        if self.max_depth < 1:
            raise UsageError(f"max_depth must be 1 or more (got {self.max_depth}); "
                             "1 lists only the root's own entries.")  # fmt: skip
        if self.max_files < 0:
            raise UsageError(f"max_files must be 0 or more (got {self.max_files}).")


@dataclass(frozen=True, slots=True)
class ScanReport:
    """What a scan saw and left out; ``str()`` gives one readable line.

    ``skipped_dirs`` lists at most 200 folders skipped by name (``skipped``
    counts them all). ``left_out`` counts the entries seen but not recorded
    because of ``max_files`` (those of the folder being listed) plus the
    non-empty folders not entered because of ``max_depth``. ``special``
    counts FIFOs, sockets and devices; ``unreadable`` folders the system
    refused to list.
    """

    entries: int
    files: int
    dirs: int
    skipped_dirs: tuple[str, ...]
    ignored: int
    symlinks: int
    truncated: bool
    limit: str | None
    left_out: int
    elapsed: float
    skipped: int = 0
    special: int = 0
    unreadable: int = 0

    def __str__(self) -> str:
        parts = [f"{self.files:,} {_plural(self.files, 'file')} and "
                 f"{self.dirs:,} {_plural(self.dirs, 'folder')}"]  # fmt: skip
        if self.skipped:
            parts.append(f"{self.skipped:,} {_plural(self.skipped, 'folder')} skipped")
        if self.ignored:
            parts.append(f"{self.ignored:,} ignored by .gitignore")
        if self.symlinks:
            parts.append(f"{self.symlinks:,} {_plural(self.symlinks, 'symlink')} not followed")
        if self.special:
            parts.append(f"{self.special:,} special {_plural(self.special, 'file')} left out")
        if self.unreadable:
            parts.append(f"{self.unreadable:,} unreadable {_plural(self.unreadable, 'folder')}")
        if self.truncated and self.limit == "max_files":
            parts.append(f"cut at max_files={self.entries:,} (about {self.left_out:,} left out)")
        elif self.truncated:
            parts.append(f"cut at max_depth ({self.left_out:,} "
                         f"{_plural(self.left_out, 'folder')} not entered)")  # fmt: skip
        return "; ".join(parts)


def _plural(count: int, word: str) -> str:
    return word if count == 1 else word + "s"


_NAME = operator.attrgetter("name")

# A folder to list: its prefix ("" or ending in "/"), depth, the rules of the folders above it.
_Folder = tuple[str, int, IgnoreRules]
# Rows whose files the name globs of ``rules`` are matched against later (``_flush_later``):
# the rules, and per folder its prefix, first row and end row.
_Later = tuple[IgnoreRules, list[str], list[int], list[int]]
_Recorder = Callable[[list[os.DirEntry[str]], str], list[os.DirEntry[str]]]


class _Walker:
    """One scan's state: ``run`` lists folders, ``_folder`` takes one, ``record`` its entries."""

    def __init__(
        self,
        policy: AccessPolicy,
        limits: ScanLimits,
        progress: Callable[[int], None] | None,
        progress_every: int,
    ) -> None:
        self.root = str(policy.root)
        self.limits = limits
        self.progress = progress
        self.progress_every = progress_every
        self.next_progress = progress_every
        self.next_check = min(progress_every, limits.max_files + 1)  # see _checkpoint
        self.columns = Columns()
        self.skipped_dirs: list[str] = []
        self.skipped = self.ignored = self.special = self.unreadable = self.left_out = 0
        self.cut_files = self.cut_depth = False
        self.queue: deque[_Folder] = deque()
        self.record = self._recorder()
        self.files_later: dict[int, _Later] = {}  # by id(rules)
        self.dropped: list[int] = []  # rows ignored by a name glob, left out of the frame
        self.needle_memo: dict[tuple[bytes, ...], dict[str, bool]] = {}  # see file_hits

    @property
    def limit(self) -> str | None:
        return "max_files" if self.cut_files else "max_depth" if self.cut_depth else None

    def run(self, start: _Folder = ("", 0, NO_RULES)) -> None:
        """Walk from ``start`` (the workspace root unless told) down, breadth first."""
        queue, listing, take = self.queue, self._listing, self._folder
        queue.append(start)
        while queue and not self.cut_files:
            folder = queue.popleft()
            listed = listing(folder[0])
            if listed is None:
                continue
            entries, fd = listed
            try:
                take(entries, folder)
            finally:
                if fd is not None:
                    os.close(fd)
        self._flush_later()
        if self.progress is not None:
            self.progress(len(self.columns.name) - len(self.dropped))

    def _listing(self, prefix: str) -> tuple[list[os.DirEntry[str]], int | None] | None:
        """The folder's entries sorted by name, and the descriptor their stats need open.

        Where the platform allows, the folder is opened once (never through
        a link) and listed by descriptor, so each entry's stat is an
        ``fstatat`` by name rather than an ``lstat`` that walks the whole
        path again. None (counted) when the folder can't be listed.
        """
        path = self.root + "/" + prefix[:-1] if prefix else self.root
        fd = None
        try:
            if _LIST_BY_FD:
                fd = os.open(path, _DIR_FLAGS)
            with os.scandir(path if fd is None else fd) as listing:
                entries = list(listing)
        except OSError as exc:
            if fd is not None:
                os.close(fd)
            if not prefix:
                raise _root_error(self.root, exc) from None
            self.unreadable += 1
            logger.debug("Could not list %s (%s).", prefix, exc.strerror)
            return None
        entries.sort(key=_NAME)
        return entries, fd

    def _folder(self, entries: list[os.DirEntry[str]], folder: _Folder) -> None:
        """Record a folder's entries, drop what ``.gitignore`` ignores, queue its subfolders.

        A folder that may reach the next progress report or ``max_files``
        goes in chunks of ``progress_every`` entries, checked between them.
        """
        prefix, depth, rules = folder
        cols = self.columns
        recorded, depth = cols.name, depth + 1
        before = len(recorded)
        if before + len(entries) < self.next_check:  # in one piece, the usual case
            subfolders = self.record(entries, prefix)
            if ".gitignore" in recorded[before:]:
                rules = rules.with_gitignore(self.root, prefix)
            self._settle(before, prefix, depth, rules, subfolders)
        else:
            self._in_chunks(entries, prefix, depth, rules)
        cols.runs.append((prefix, depth, len(recorded) - before))

    def _in_chunks(
        self, entries: list[os.DirEntry[str]], prefix: str, depth: int, rules: IgnoreRules
    ) -> None:
        """Record a folder in chunks of ``progress_every``, checked between them."""
        if _holds_gitignore(entries):
            rules = rules.with_gitignore(self.root, prefix)
        recorded, step = self.columns.name, self.progress_every
        for start in range(0, len(entries), step):
            self._settle(len(recorded), prefix, depth, rules,
                         self.record(entries[start : start + step], prefix))  # fmt: skip
            if len(recorded) >= self.next_check and self._checkpoint(len(entries) - start - step):
                return

    def _settle(
        self,
        first: int,
        prefix: str,
        depth: int,
        rules: IgnoreRules,
        subfolders: list[os.DirEntry[str]],
    ) -> None:
        """Apply ``.gitignore`` to the rows from ``first`` on; queue the subfolders.

        A folder at ``max_depth`` is recorded, not entered, and counted when
        it holds something.
        """
        if rules.rules:
            if subfolders:  # folders now (the walk must know which to enter), files later
                looked = [entry.name for entry in subfolders]
                candidates = rules.candidates(prefix, looked, looked)
                if candidates is not None:
                    subfolders = self._drop_ignored(first, prefix, rules, candidates, subfolders)
            later = self.files_later.get(id(rules))
            if later is None:
                later = self.files_later[id(rules)] = (rules, [], [], [])
            later[1].append(prefix)
            later[2].append(first)
            later[3].append(len(self.columns.name))
        if depth < self.limits.max_depth:
            enqueue = self.queue.append
            for entry in subfolders:
                enqueue((prefix + entry.name + "/", depth, rules))
            return
        for entry in subfolders:
            if _has_entries(self.root + "/" + prefix + entry.name):
                self.left_out += 1
                self.cut_depth = True

    def _recorder(self) -> _Recorder:
        """The hot loop, with everything it touches bound once per scan rather than per folder."""
        cols = self.columns
        add_name, add_size, add_mtime, add_kind = (
            cols.name.append, cols.size.append, cols.mtime.append, cols.kind.append
        )  # fmt: skip
        skip, special = self._skip, self._special
        file_type, folder, regular, link, hidden = S_IFMT, S_IFDIR, S_IFREG, S_IFLNK, HIDDEN
        skip_dirs = SKIP_DIRS

        def record(entries: list[os.DirEntry[str]], prefix: str) -> list[os.DirEntry[str]]:
            """One stat and four appends per entry; returns the subfolders to enter."""
            subfolders: list[os.DirEntry[str]] = []
            for entry in entries:
                name = entry.name
                try:
                    info = entry.stat(follow_symlinks=False)
                except OSError:
                    continue  # removed while we looked; nothing to record
                kind = info.st_mode & file_type
                if kind != regular:
                    if kind == folder:
                        if name[0] == "." or name.lower() in skip_dirs:
                            skip(prefix + name)
                            continue
                        subfolders.append(entry)
                    elif kind != link:
                        special()
                        continue
                if name[0] == ".":
                    kind |= hidden  # never a folder: hidden folders are skipped
                add_name(name)
                add_size(info.st_size)
                add_mtime(info.st_mtime_ns)
                add_kind(kind)
            return subfolders

        return record

    def _drop_ignored(
        self,
        first: int,
        prefix: str,
        rules: IgnoreRules,
        candidates: frozenset[str],
        subfolders: list[os.DirEntry[str]],
    ) -> list[os.DirEntry[str]]:
        """Take back the rows from ``first`` on that ``.gitignore`` ignores; the subfolders kept.

        Only recorded entries are asked about, so a folder skipped by name or
        a special file is counted as that, never as ignored.
        """
        names, kinds = self.columns.name, self.columns.kind
        rows = [
            row
            for row in range(first, len(names))
            if names[row] in candidates
            and rules.is_ignored(prefix + names[row] + ("/" if kinds[row] == S_IFDIR else ""))
        ]
        gone = {names[row] for row in rows if kinds[row] == S_IFDIR}
        for row in reversed(rows):
            for column in self.columns.lists():
                del column[row]
        self.ignored += len(rows)
        return [entry for entry in subfolders if entry.name not in gone] if gone else subfolders

    def _flush_later(self) -> None:
        """Find the files a name glob of ``.gitignore`` ignores, among those not looked at yet.

        The walk decides every folder as it goes (it must know which to
        enter), and every file a literal name or a path pattern may match;
        the other files' names are matched against the other name patterns
        in bulk, one substring search per pattern over all names below the
        same rules, when ``_checkpoint`` needs exact counts and at the end
        (each distinct name once per set of rules, ``needle_memo``). Their rows go to
        ``dropped``, counted as ignored, and are left out of the frame.
        """
        names, kinds = self.columns.name, self.columns.kind
        groups, self.files_later = self.files_later.values(), {}
        for rules, prefixes, firsts, ends in groups:
            looked = list(chain.from_iterable(map(names.__getitem__, map(slice, firsts, ends))))
            offsets = list(accumulate(map(operator.sub, ends, firsts), initial=0))
            hits = rules.file_hits(prefixes, offsets, looked, self.needle_memo)
            for hit in hits:
                at = bisect_right(offsets, hit) - 1
                prefix, row = prefixes[at], firsts[at] + hit - offsets[at]
                if kinds[row] & S_IFMT != S_IFDIR and rules.is_ignored(prefix + names[row]):
                    self.dropped.append(row)
                    self.ignored += 1

    def _skip(self, path: str) -> None:
        self.skipped += 1
        if len(self.skipped_dirs) < _MAX_SKIPPED_LISTED:
            self.skipped_dirs.append(path)

    def _special(self) -> None:
        self.special += 1

    def _checkpoint(self, unseen: int) -> bool:
        """Past ``max_files``: drop the rows over it, count them and ``unseen``, stop (True).

        Otherwise report progress, and go on. The files waiting for the
        name globs are matched first when a report needs the exact count or
        the rows may pass ``max_files``; else they wait for the end, since
        matching them in one batch costs a fraction of many small ones.
        """
        names, max_files = self.columns.name, self.limits.max_files
        if self.progress is not None or len(names) - len(self.dropped) > max_files:
            self._flush_later()
        dropped = self.dropped
        kept = len(names) - len(dropped)
        if kept > max_files:
            self.left_out += kept - max_files + max(unseen, 0)
            cut = max_files  # the row after the max_files-th kept one
            for row in sorted(dropped):
                if row >= cut:
                    break
                cut += 1
            for column in self.columns.lists():
                del column[cut:]
            self.dropped = [row for row in dropped if row < cut]
            self.cut_files = True
            return True
        if self.progress is not None:
            self.progress(kept)
        self.next_progress = (len(names) // self.progress_every + 1) * self.progress_every
        self.next_check = min(self.next_progress, max_files + 1 + len(dropped))
        return False


def _holds_gitignore(entries: list[os.DirEntry[str]]) -> bool:
    """Whether the name-sorted ``entries`` hold one named ``.gitignore``."""
    at = bisect_left(entries, ".gitignore", key=_NAME)
    return at < len(entries) and entries[at].name == ".gitignore"


def _has_entries(folder: str) -> bool:
    try:
        with os.scandir(folder) as listing:
            return next(listing, None) is not None
    except OSError:
        return False


def _root_error(root: str, exc: OSError) -> Exception:
    if isinstance(exc, FileNotFoundError):
        return NotFoundError(
            f"The workspace folder {root} no longer exists; open an existing folder.", path=root
        )
    return WorkspaceOpenError(
        f"The workspace folder {root} can't be listed ({exc.strerror}); check its permissions.",
        path=root,
    )


def scan(
    policy: AccessPolicy,
    *,
    limits: ScanLimits = ScanLimits(),  # frozen: one shared default is safe
    progress: Callable[[int], None] | None = None,
    progress_every: int = 500,
) -> tuple[pd.DataFrame, ScanReport]:
    """Scan the workspace into a DataFrame (``FILE_COLUMNS``, sorted by path) and a report.

    ``progress`` is called with the number of entries recorded so far, every
    ``progress_every`` entries, and once more at the end with the final count.
    """
    if progress_every < 1:
        raise UsageError(f"progress_every must be 1 or more (got {progress_every}).")
    started = time.perf_counter()
    walker = _Walker(policy, limits, progress, progress_every)
    walker.run()
    frame = build_frame(walker.columns, walker.dropped)
    report = _report(walker, frame, time.perf_counter() - started)
    logger.info("Scanned %s: %s.", policy.root, report)
    return frame, report


def _report(walker: _Walker, frame: pd.DataFrame, elapsed: float) -> ScanReport:
    dirs = int(frame["is_dir"].sum())
    return ScanReport(
        entries=len(frame),
        files=len(frame) - dirs,
        dirs=dirs,
        skipped_dirs=tuple(walker.skipped_dirs),
        ignored=walker.ignored,
        symlinks=int(frame["is_symlink"].sum()),
        truncated=walker.limit is not None,
        limit=walker.limit,
        left_out=walker.left_out,
        elapsed=elapsed,
        skipped=walker.skipped,
        special=walker.special,
        unreadable=walker.unreadable,
    )


def rows_for_paths(
    policy: AccessPolicy,
    paths: Iterable[str],
    *,
    limits: ScanLimits = ScanLimits(),
    below: bool = True,
) -> pd.DataFrame:
    """The rows a full scan gives for ``paths``, and for everything below those that are folders.

    For an index that follows a change without a rescan. Each
    workspace-relative path is looked at as the scan sees it, so it has no
    row when it no longer exists, is a special file, lies deeper than
    ``limits.max_depth`` or inside a folder the scan does not enter (hidden,
    in ``SKIP_DIRS``, a link, ignored by ``.gitignore``), or is ignored
    itself. A folder brings what is below it, walked as the scan walks,
    unless ``below`` is False. ``max_files`` is not applied. Columns and
    dtypes are the scan's, one row per path, sorted by path. A path outside
    the workspace raises ``PolicyError``.

    Adding or removing an entry also changes its folder's ``modified``:
    ask again for those folders with ``below=False``. A changed
    ``.gitignore`` changes what the whole tree shows: rescan then.
    """
    lookup = _Lookup(policy, limits, below)
    for path in paths:
        lookup.add(path)
    return lookup.frame()


class _Lookup:
    """``rows_for_paths``' state: the rules of the folders seen, the rows found so far."""

    def __init__(self, policy: AccessPolicy, limits: ScanLimits, below: bool) -> None:
        self.policy, self.root, self.below = policy, str(policy.root), below
        self.limits = ScanLimits(max_depth=limits.max_depth, max_files=sys.maxsize)
        self.rules: dict[str, IgnoreRules | None] = {}  # folder prefix -> None: not entered
        self.entries: dict[str, Columns] = {}  # folder prefix -> the entries asked for there
        self.frames: list[pd.DataFrame] = []

    def add(self, path: str) -> None:
        """Record ``path`` (and its subtree) if a scan would, else nothing."""
        parent, _, name = path.rstrip("/").rpartition("/")
        try:
            folder = self.policy.resolve(parent or ".")
        except PolicyError as exc:
            if exc.rule in (Rule.SYMLINK, Rule.SPECIAL_FILE):
                return  # below a link or a special file: never scanned
            raise
        if name in ("", ".", ".."):
            raise UsageError(f"{path!r} does not name an entry; give a path below the root.")
        prefix = "" if folder.is_root else folder.relative + "/"
        depth = prefix.count("/") + 1
        rules = self._rules_in(prefix)
        if rules is None or depth > self.limits.max_depth:
            return
        try:  # the last segment through the gate too (a separator or NUL is refused)
            _, found = self.policy.resolve_child(folder, name)
        except PolicyError as exc:
            if exc.rule is not Rule.SYMLINK:
                return  # a special file, or a name that can't be checked: never a row
            found = os.lstat(os.path.join(folder.os_path, name))  # a link is a row, not followed
        if found is None:
            return  # gone since the plan ran
        info = found
        kind = info.st_mode & S_IFMT
        if kind not in (S_IFREG, S_IFDIR, S_IFLNK) or (kind == S_IFDIR and _skipped(name)):
            return
        if rules.rules and rules.is_ignored(prefix + name + ("/" if kind == S_IFDIR else "")):
            return
        self._record(prefix, name, info, kind)
        if kind == S_IFDIR and self.below and depth < self.limits.max_depth:
            walker = _Walker(self.policy, self.limits, None, sys.maxsize)
            walker.run((prefix + name + "/", depth, rules))
            self.frames.append(build_frame(walker.columns, walker.dropped))

    def _rules_in(self, prefix: str) -> IgnoreRules | None:
        """The rules that apply in folder ``prefix``; None when a scan never enters it."""
        if prefix in self.rules:
            return self.rules[prefix]
        rules: IgnoreRules | None = NO_RULES
        if prefix:
            parent, _, name = prefix[:-1].rpartition("/")
            above = self._rules_in(parent + "/" if parent else "")
            depth = prefix.count("/")
            if above is None or _skipped(name) or depth >= self.limits.max_depth:
                rules = None
            else:
                rules = None if above.rules and above.is_ignored(prefix) else above
        if rules is not None and os.path.lexists(self.root + "/" + prefix + ".gitignore"):
            rules = rules.with_gitignore(self.root, prefix)
        self.rules[prefix] = rules
        return rules

    def _record(self, prefix: str, name: str, info: os.stat_result, kind: int) -> None:
        cols = self.entries.setdefault(prefix, Columns())
        cols.name.append(name)
        cols.size.append(info.st_size)
        cols.mtime.append(info.st_mtime_ns)
        cols.kind.append(kind | HIDDEN if name[0] == "." else kind)

    def frame(self) -> pd.DataFrame:
        """All rows found, one per path, sorted by path."""
        frames = [*self.frames, empty_frame()]
        for prefix, cols in self.entries.items():
            cols.runs.append((prefix, prefix.count("/") + 1, len(cols.name)))
            frames.append(build_frame(cols))
        frame = pd.concat(frames, ignore_index=True).drop_duplicates("path")
        return frame.sort_values("path", ignore_index=True, kind="stable")


def _skipped(folder_name: str) -> bool:
    """Whether a scan leaves a folder of this name out (hidden, or in ``SKIP_DIRS``)."""
    return folder_name[0] == "." or folder_name.lower() in SKIP_DIRS
