"""Walk a workspace into a DataFrame of its files and folders.

The walk is iterative and breadth first, so a scan cut by ``max_files``
still shows the top of the tree. It uses ``os.scandir`` and never follows a
symlink: a link is recorded as an entry of its own and never entered.
Folders that are hidden or named in ``SKIP_DIRS`` are not entered, and
``.gitignore`` files are honoured the way git does (``wsnb.gitignore``).

Times in the ``modified`` column are naive local time, because that is what
people compare with their clock when they look at a notebook.

The walk is the hot path of opening a workspace, and ``bench/bench_scan.py``
holds it to 1.5x a bare ``os.scandir`` walk. What keeps it there:

* a folder is listed by descriptor where the platform allows, so each
  entry's stat is an ``fstatat`` by name, not an ``lstat`` of the whole path;
* the hot loop (``_Walker._recorder``) does one stat and four list appends
  per entry, with everything it touches bound once per scan;
* ``.gitignore`` costs a few C-level calls per folder, and a pathspec match
  only for the few names a folder-wide pre-check picks;
* each folder's entries are sorted by name as it is listed, so its rows form
  a sorted run and path order only places whole runs (``_path_order``)
  instead of sorting 60,000 paths;
* the frame is derived from whole lists with numpy and ``map`` over C
  functions, never a Python loop per entry, and per-suffix facts (the
  lower-case suffix, whether it is text) are worked out once per suffix.
"""

from __future__ import annotations

import logging
import operator
import os
import time
from bisect import bisect_left
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate, repeat

import numpy as np
import numpy.typing as npt
import pandas as pd

from .errors import NotFoundError, UsageError, WorkspaceOpenError
from .gitignore import NO_RULES, IgnoreRules
from .names import TEXT_NAMES, TEXT_SUFFIXES
from .policy import AccessPolicy

__all__ = ["FILE_COLUMNS", "SKIP_DIRS", "ScanLimits", "ScanReport", "empty_frame", "scan"]

logger = logging.getLogger("wsnb")

SKIP_DIRS = frozenset(
    {
        ".git", ".vs", ".idea", "build", "cmake-build-debug", "cmake-build-release",
        "node_modules", "dist", "release", "release_packages", "logs", ".wsnb", "__pycache__",
    }
)  # fmt: skip

# Column name -> dtype. String columns use pandas' default string dtype (``str``).
FILE_COLUMNS: dict[str, str] = {
    "path": "str",
    "name": "str",
    "suffix": "str",
    "size": "int64",
    "modified": "datetime64[ns]",
    "is_dir": "bool",
    "is_text": "bool",
    "is_hidden": "bool",
    "is_symlink": "bool",
    "depth": "int64",
}

_MAX_SKIPPED_LISTED = 200
_S_IFMT = 0o170000
_S_IFDIR = 0o040000
_S_IFREG = 0o100000
_S_IFLNK = 0o120000
_HIDDEN = 1  # added to a hidden file's kind; st_mode's file-type bits never use it
# Local-time offsets are looked up once per quarter hour of file times: every
# time zone changes its offset on a quarter-hour boundary.
_OFFSET_BUCKET_S = 900
# List folders by descriptor where scandir accepts one (not on Windows); never through a link.
_LIST_BY_FD = os.scandir in os.supports_fd and hasattr(os, "O_DIRECTORY")
_DIR_FLAGS = (
    os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
)  # fmt: skip
_NS_MIN = int(np.iinfo(np.int64).min) + 1
_NS_MAX = int(np.iinfo(np.int64).max)
_DAY_NS = 86_400 * 1_000_000_000


@dataclass(frozen=True, slots=True)
class ScanLimits:
    """How far a scan goes.

    ``max_depth``: no entry deeper than this is recorded (the root's children
    have depth 1), so folders at that depth are listed but not entered.
    ``max_files``: at most this many entries (files and folders) are recorded.
    """

    max_depth: int = 8
    max_files: int = 5000

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


# A name is text by name when its lower-case form starts with one of these; the
# rule of ``wsnb.names.is_text_name``, which tests/test_scanner.py holds this to.
_TEXT_NAME_PREFIXES = ("readme", "license", "changelog")
_NAME = operator.attrgetter("name")
_FIRST = operator.itemgetter(0)  # of a run: its prefix
_DEPTH = operator.itemgetter(1)  # of a run: its entries' depth
_ROWS = operator.itemgetter(2)  # of a run: its number of rows
_TAIL = operator.itemgetter(2)  # of str.rpartition: the text after the separator

# A folder to list: its prefix ("" or ending in "/"), depth, the rules of the folders
# above it, the run of its parent folder and its "name/" there.
_Folder = tuple[str, int, IgnoreRules, int, str]
_Recorder = Callable[[list[os.DirEntry[str]], str], list[os.DirEntry[str]]]


class _Columns:
    """What the walk records, as plain lists; ``_frame`` derives the rest at once.

    ``kind`` holds the file-type bits of ``st_mode``, plus ``_HIDDEN`` for a
    name starting with ".". A folder's entries are appended together, sorted
    by name, so each folder is kept once as a run of rows (``runs``, in the
    order folders were listed): its prefix, its entries' depth, its number of
    rows, its parent's run and its "name/" there.
    """

    __slots__ = ("kind", "mtime", "name", "runs", "size")

    def __init__(self) -> None:
        self.name: list[str] = []
        self.size: list[int] = []
        self.mtime: list[int] = []
        self.kind: list[int] = []
        self.runs: list[tuple[str, int, int, int, str]] = []

    def lists(self) -> tuple[list[str], list[int], list[int], list[int]]:
        """The per-entry lists, which always have the same length."""
        return self.name, self.size, self.mtime, self.kind


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
        self.columns = _Columns()
        self.skipped_dirs: list[str] = []
        self.skipped = self.ignored = self.special = self.unreadable = self.left_out = 0
        self.cut_files = self.cut_depth = False
        self.queue: deque[_Folder] = deque()
        self.record = self._recorder()

    @property
    def limit(self) -> str | None:
        return "max_files" if self.cut_files else "max_depth" if self.cut_depth else None

    def run(self) -> None:
        queue, listing, take = self.queue, self._listing, self._folder
        queue.append(("", 0, NO_RULES, -1, ""))
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
        if self.progress is not None:
            self.progress(len(self.columns.name))

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
        prefix, depth, rules, parent, key = folder
        cols = self.columns
        recorded, run, depth = cols.name, len(cols.runs), depth + 1
        before = len(recorded)
        if before + len(entries) < self.next_check:  # in one piece, the usual case
            subfolders = self.record(entries, prefix)
            if ".gitignore" in recorded[before:]:
                rules = rules.with_gitignore(self.root, prefix)
            self._settle(before, prefix, depth, rules, subfolders, run)
        else:
            self._in_chunks(entries, prefix, depth, rules, run)
        cols.runs.append((prefix, depth, len(recorded) - before, parent, key))

    def _in_chunks(
        self, entries: list[os.DirEntry[str]], prefix: str, depth: int, rules: IgnoreRules, run: int
    ) -> None:
        """Record a folder in chunks of ``progress_every``, checked between them."""
        if _holds_gitignore(entries):
            rules = rules.with_gitignore(self.root, prefix)
        recorded, step = self.columns.name, self.progress_every
        for start in range(0, len(entries), step):
            self._settle(len(recorded), prefix, depth, rules,
                         self.record(entries[start : start + step], prefix), run)  # fmt: skip
            if len(recorded) >= self.next_check and self._checkpoint(len(entries) - start - step):
                return

    def _settle(
        self,
        first: int,
        prefix: str,
        depth: int,
        rules: IgnoreRules,
        subfolders: list[os.DirEntry[str]],
        run: int,
    ) -> None:
        """Apply ``.gitignore`` to the rows from ``first`` on; queue the subfolders.

        A folder at ``max_depth`` is recorded, not entered, and counted when
        it holds something.
        """
        if rules.rules:
            candidates = rules.candidates(prefix, self.columns.name[first:])
            if candidates is not None:
                subfolders = self._drop_ignored(first, prefix, rules, candidates, subfolders)
        if depth < self.limits.max_depth:
            enqueue = self.queue.append
            for entry in subfolders:
                key = entry.name + "/"
                enqueue((prefix + key, depth, rules, run, key))
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
        file_type, folder, regular, link, hidden = _S_IFMT, _S_IFDIR, _S_IFREG, _S_IFLNK, _HIDDEN
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
            and rules.is_ignored(prefix + names[row] + ("/" if kinds[row] == _S_IFDIR else ""))
        ]
        gone = {names[row] for row in rows if kinds[row] == _S_IFDIR}
        for row in reversed(rows):
            for column in self.columns.lists():
                del column[row]
        self.ignored += len(rows)
        return [entry for entry in subfolders if entry.name not in gone] if gone else subfolders

    def _skip(self, path: str) -> None:
        self.skipped += 1
        if len(self.skipped_dirs) < _MAX_SKIPPED_LISTED:
            self.skipped_dirs.append(path)

    def _special(self) -> None:
        self.special += 1

    def _checkpoint(self, unseen: int) -> bool:
        """Past ``max_files``: drop the rows over it, count them and ``unseen``, stop (True).

        Otherwise report progress, and go on.
        """
        names, max_files = self.columns.name, self.limits.max_files
        if len(names) > max_files:
            self.left_out += len(names) - max_files + max(unseen, 0)
            for column in self.columns.lists():
                del column[max_files:]
            self.cut_files = True
            return True
        if self.progress is not None:
            self.progress(len(names))
        self.next_progress = (len(names) // self.progress_every + 1) * self.progress_every
        self.next_check = min(self.next_progress, max_files + 1)
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
    frame = _frame(walker.columns)
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


def empty_frame() -> pd.DataFrame:
    """A frame with no rows and the scan's columns and dtypes."""
    return _frame(_Columns())


# _frame and its helpers work on whole lists at once, with map() over C
# functions and numpy, never a Python loop per entry.


def _frame(cols: _Columns) -> pd.DataFrame:
    """Build the DataFrame once, column by column, in path order."""
    count = len(cols.name)
    order, depth, prefixes = _path_order(cols)
    names = np.fromiter(cols.name, dtype=np.object_, count=count)[order]
    marked = np.fromiter(cols.kind, dtype=np.int32, count=count)[order]
    sizes = np.fromiter(cols.size, dtype=np.int64, count=count)[order]
    kind, hidden = marked & _S_IFMT, (marked & _HIDDEN) != 0
    is_dir, is_file = kind == _S_IFDIR, kind == _S_IFREG
    suffixes, text_suffix = _suffixes(names, is_dir, hidden)
    paths = prefixes + names  # numpy adds the strings pairwise in one C loop
    columns = {
        "path": pd.Series(paths, dtype=str, copy=False),
        "name": pd.Series(names, dtype=str, copy=False),
        "suffix": pd.Series(suffixes, dtype=str, copy=False),
        "size": np.where(is_file, sizes, 0),
        "modified": _local_times(cols.mtime, order),
        "is_dir": is_dir,
        "is_text": _texts(names, text_suffix, is_file),
        "is_hidden": hidden,
        "is_symlink": kind == _S_IFLNK,
        "depth": depth,
    }
    return pd.DataFrame(columns, copy=False)


def _path_order(
    cols: _Columns,
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int64], npt.NDArray[np.object_]]:
    """The rows in path order, and each one's depth and folder prefix in that order.

    A folder's rows are sorted by name, and all rows below a subfolder
    ``name`` sort together exactly where ``name/`` would among the folder's
    own rows. So path order is the root's rows cut at those places, with each
    subfolder's rows (cut the same way) put in between: a walk over the
    folders, placing slices of rows, instead of a sort of every path.
    """
    runs = cols.runs
    counts = list(map(_ROWS, runs))
    firsts = list(accumulate(counts, initial=0))
    run, start, stop = _slices(counts, _children(runs, firsts, cols.name))
    lengths = stop - start
    shift = np.array(firsts[:-1], dtype=np.intp)[run] + start - (np.cumsum(lengths) - lengths)
    order = np.arange(int(lengths.sum()), dtype=np.intp) + np.repeat(shift, lengths)
    depths = np.fromiter(map(_DEPTH, runs), dtype=np.int64, count=len(runs))
    prefixes = np.fromiter(map(_FIRST, runs), dtype=np.object_, count=len(runs))
    return order, np.repeat(depths[run], lengths), np.repeat(prefixes[run], lengths)


def _children(
    runs: list[tuple[str, int, int, int, str]], firsts: list[int], names: list[str]
) -> list[list[tuple[int, str, int]]]:
    """Per run, its subfolders' runs in path order: (row offset where each goes, "name/", run)."""
    children: list[list[tuple[int, str, int]]] = [[] for _ in runs]
    for index in range(1, len(runs)):
        _, _, _, parent, key = runs[index]
        first = firsts[parent]
        at = bisect_left(names, key, first, first + runs[parent][2]) - first
        children[parent].append((at, key, index))
    for kids in children:
        if len(kids) > 1:
            kids.sort()  # listed by name; "a-/" sorts before "a/", so by offset, then "name/"
    return children


def _slices(
    counts: list[int], children: list[list[tuple[int, str, int]]]
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """Slices of runs in path order, depth first from the root: run, first offset, end offset."""
    pieces: list[tuple[int, int, int]] = []
    stack = [(0, 0, 0)] if counts else []  # (run, next child, next row offset)
    while stack:
        run, child, offset = stack.pop()
        kids = children[run]
        end = counts[run] if child == len(kids) else kids[child][0]
        if child < len(kids):
            stack.append((run, child + 1, end))
            stack.append((kids[child][2], 0, 0))
        if end > offset:
            pieces.append((run, offset, end))
    table = np.array(pieces, dtype=np.intp).reshape(-1, 3)
    return table[:, 0], table[:, 1], table[:, 2]


def _suffixes(
    names: npt.NDArray[np.object_], dirs: npt.NDArray[np.bool_], hidden: npt.NDArray[np.bool_]
) -> tuple[npt.NDArray[np.object_], npt.NDArray[np.bool_]]:
    """Lower-case suffixes as ``os.path.splitext`` sees them ("" for folders), and which are text.

    Worked out once per distinct ending (a workspace has 60,000 names but a
    few hundred suffixes), then spread with numpy.
    """
    codes = np.zeros(len(names), dtype=np.intp)
    files = np.flatnonzero(~dirs)
    listed = names[files]
    parts = map(str.rpartition, listed.tolist(), repeat("."))
    tails = np.fromiter(map(_TAIL, parts), dtype=np.object_, count=len(files))
    table = _SuffixCodes()
    found = np.fromiter(map(table.__getitem__, tails.tolist()), np.intp, len(files))
    found[tails == listed] = 0  # no dot: rpartition gave the whole name back
    codes[files] = found
    for row in np.flatnonzero(hidden & (codes != 0)).tolist():
        name: str = names[row]
        if not name[: name.rfind(".")].lstrip("."):
            codes[row] = 0  # ".bashrc", "..x": only dots before the last one, no suffix
    suffixes = np.fromiter(table.suffixes, dtype=np.object_, count=len(table.suffixes))
    texts = np.fromiter(map(TEXT_SUFFIXES.__contains__, table.suffixes), dtype=bool)
    return suffixes[codes], texts[codes]


class _SuffixCodes(dict[str, int]):
    """The text after a name's last dot -> a code for its suffix, filled in on first use."""

    def __init__(self) -> None:
        super().__init__()
        self.suffixes = [""]  # by code; 0 is "no suffix"

    def __missing__(self, tail: str) -> int:
        code = len(self.suffixes)
        self.suffixes.append(("." + tail).lower())
        self[tail] = code
        return code


def _texts(
    names: npt.NDArray[np.object_], text_suffix: npt.NDArray[np.bool_], files: npt.NDArray[np.bool_]
) -> npt.NDArray[np.bool_]:
    """``wsnb.names.is_text_name`` for every regular file, with no Python call per name.

    A text suffix decides most; only the other files' names are lower-cased
    and looked up in ``TEXT_NAMES`` and the readme/license/changelog prefixes.
    """
    texts = text_suffix & files
    ask = np.flatnonzero(files & ~text_suffix)
    if len(ask):
        lowered = list(map(str.lower, names[ask].tolist()))
        named = map(TEXT_NAMES.__contains__, lowered)
        prefixed = map(str.startswith, lowered, repeat(_TEXT_NAME_PREFIXES))
        texts[ask] = np.fromiter(map(operator.or_, named, prefixed), dtype=bool, count=len(ask))
    return texts


def _local_times(mtimes_ns: list[int], order: npt.NDArray[np.intp]) -> npt.NDArray[np.datetime64]:
    """File times (ns since the epoch, UTC) as naive local ``datetime64[ns]``, in ``order``."""
    try:
        ns = np.fromiter(mtimes_ns, dtype=np.int64, count=len(mtimes_ns))
    except OverflowError:  # a time past the year 2262 or before 1677
        ns = np.array([min(max(t, _NS_MIN), _NS_MAX) for t in mtimes_ns], dtype=np.int64)
    if len(ns) == 0:
        return ns.astype("datetime64[ns]")
    ns = np.clip(ns[order], _NS_MIN + _DAY_NS, _NS_MAX - _DAY_NS)  # room for the offset
    buckets = ns // (_OFFSET_BUCKET_S * 1_000_000_000)
    unique, inverse = np.unique(buckets, return_inverse=True)
    offsets = np.array([_utc_offset(int(b) * _OFFSET_BUCKET_S) for b in unique], dtype=np.int64)
    local = ns + offsets[inverse] * 1_000_000_000
    return local.astype("datetime64[ns]")


def _utc_offset(seconds: int) -> int:
    try:
        return time.localtime(seconds).tm_gmtoff
    except (OverflowError, OSError, ValueError):
        return 0
