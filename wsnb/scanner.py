"""Walk a workspace into a DataFrame of its files and folders.

The walk is iterative (breadth first, so a scan cut by ``max_files`` still
shows the top of the tree), uses ``os.scandir`` and never follows a symlink:
a link is recorded as an entry of its own and never entered. Folders that are
hidden or named in ``SKIP_DIRS`` are not entered, and ``.gitignore`` files are
honoured the way git does (see ``_IgnoreStack``).

Times in the ``modified`` column are naive local time, because that is what
people compare with their clock when they look at a notebook.

The walk is the hot path of opening a workspace. ``_Walker._record`` keeps
its loop flat (locals, one stat and four appends per entry, ignore rules
only for the entries a folder-wide pre-check picks) and ``_frame`` derives
every other column from whole lists at once. ``bench/bench_scan.py``
compares it with a bare ``os.scandir`` walk.
"""

from __future__ import annotations

import functools
import logging
import operator
import os
import re
import stat
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from itertools import chain, repeat
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pandas as pd
import pathspec

from .errors import NotFoundError, UsageError, WorkspaceOpenError
from .policy import AccessPolicy, is_text_name

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
_MAX_GITIGNORE_BYTES = 1 << 20
_S_IFMT = 0o170000
_S_IFDIR = 0o040000
_S_IFREG = 0o100000
_S_IFLNK = 0o120000
# Local-time offsets are looked up once per quarter hour of file times: every
# time zone changes its offset on a quarter-hour boundary.
_OFFSET_BUCKET_S = 900
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


class _IgnoreStack:
    """The ``.gitignore`` files that apply to a folder, deepest first, and a quick pre-check.

    ``is_ignored`` gives git's answer but costs a pathspec match per entry,
    so ``candidates`` first picks, once per folder, the few entries an
    ignoring (not ``!``) pattern could match at all. Git matches a pattern
    without a slash (``*.log``, ``tmp/``) against an entry's name and any
    other pattern against its path below the ``.gitignore``'s folder, so the
    patterns of the whole stack are sorted into:

    * ``exact`` names (``tmp/``, ``.DS_Store``): one set intersection;
    * ``endings`` (``*.log``): one substring search each in the folder's
      names joined by newlines;
    * ``by_name``: a regex of the other name patterns (``*.py[cod]``), run
      once over the joined names;
    * ``by_path``: per ``.gitignore``, the literal text its path patterns'
      matches start with; ``/coverage`` only picks root entries whose name
      starts with "coverage", ``doc/**`` every entry below ``doc/``.

    A folder-only pattern (``tmp/``) also picks a file named ``tmp``; the
    full match then tells them apart. ``always`` is set when a pattern could
    not be sorted; then every entry gets the full match.
    """

    __slots__ = ("always", "by_name", "by_path", "endings", "exact", "rules")

    def __init__(self, rules: tuple[tuple[str, pathspec.GitIgnoreSpec], ...]) -> None:
        self.rules = rules
        sorted_ = _Sorted()
        folded = all(sorted_.add(spec, base) for base, spec in rules)
        self.exact = frozenset(sorted_.exact)
        self.endings = tuple(sorted(set(sorted_.endings)))
        self.by_name = _line_regex(tuple(sorted_.names))
        self.by_path = tuple(sorted_.paths)
        self.always = not folded or (bool(sorted_.names) and self.by_name is None)

    def pushed(self, base: str, spec: pathspec.GitIgnoreSpec) -> _IgnoreStack:
        return _IgnoreStack(((base, spec), *self.rules))

    def candidates(self, prefix: str, names: list[str]) -> frozenset[str] | None:
        """The names in folder ``prefix`` that may be ignored; None when there are none."""
        if not self.rules:
            return None
        if self.always:
            return frozenset(names)
        found = self.exact.intersection(names)
        for starts in self.by_path:
            found = found.union(_reaching(starts, prefix, names))
        if self.endings or self.by_name is not None:
            text = "\n".join(names) + "\n"
            if text.count("\n") != len(names):  # a name holds a newline: check them all
                return frozenset(names)
            found = found.union(self._by_text(text, names))
        return found or None

    def _by_text(self, text: str, names: list[str]) -> list[str]:
        hits = [n for e in self.endings if e in text for n in names if (n + "\n").endswith(e)]
        if self.by_name is not None:
            lines = "\n" + text.replace("\n", "/\n")  # "name/" lines: folder patterns match too
            for match in self.by_name.finditer(lines):
                row = lines.count("\n", 0, match.start())
                if row < len(names):
                    hits.append(names[row])
        return hits

    def is_ignored(self, relative: str) -> bool:
        """Git's answer for ``relative`` (a folder ends in "/"): the deepest deciding file wins."""
        for base, spec in self.rules:
            include: bool | None = spec.check_file(relative[len(base) :]).include
            if include is not None:
                return include
        return False


def _reaching(starts: tuple[str, ...], prefix: str, names: list[str]) -> list[str]:
    """The names in folder ``prefix`` that path patterns starting with ``starts`` may match."""
    found: list[str] = []
    for start in starts:
        if prefix.startswith(start):
            return names  # the literal part is behind us: any name may match
        if start.startswith(prefix):
            head, slash, _ = start[len(prefix) :].partition("/")
            found.extend(n for n in names if (n == head if slash else n.startswith(head)))
    return found


_NAME = operator.attrgetter("name")
_NAMED_GROUP = re.compile(r"(?<!\\)\(\?P<\w+>")
_ANY_FOLDERS = "^(?:.+/)?"
_GLOB_CHARS = frozenset("*?[\\")


class _Sorted:
    """The ignoring patterns of a stack, sorted into the parts of the quick pre-check."""

    def __init__(self) -> None:
        self.exact: list[str] = []
        self.endings: list[str] = []  # each ends in "\n", as lines of joined names do
        self.names: list[str] = []
        self.paths: list[tuple[str, ...]] = []

    def add(self, spec: pathspec.GitIgnoreSpec, base: str) -> bool:
        """Sort in the spec's ignoring patterns; False when one can't be sorted."""
        starts: list[str] = []
        for pattern in spec.patterns:
            if pattern.include is not True:
                continue  # comments, blank lines and "!" patterns never make an entry ignored
            regex = getattr(pattern, "regex", None)
            text = getattr(pattern, "pattern", None)
            if not isinstance(regex, re.Pattern) or not isinstance(regex.pattern, str):
                return False
            source = _NAMED_GROUP.sub("(?:", regex.pattern)
            if not source.startswith("^") or not isinstance(text, str):
                return False
            core = _name_core(text)
            if core is not None and source.startswith(_ANY_FOLDERS):
                self._add_name(core, source[len(_ANY_FOLDERS) :])
            else:
                starts.append(base + _literal_start(source[1:]))
        if starts:
            self.paths.append(tuple(starts))
        return True

    def _add_name(self, core: str, source: str) -> None:
        if core and not _GLOB_CHARS.intersection(core):
            self.exact.append(core)
        elif core[:1] == "*" and len(core) > 1 and not _GLOB_CHARS.intersection(core[1:]):
            self.endings.append(core[1:] + "\n")
        else:
            self.names.append(source)


def _name_core(text: str) -> str | None:
    """The name a pattern matches, without "**/" before or "/" after; None if it has a slash."""
    core = text.rstrip()
    if core[:1].isspace():
        return None
    core = core.removesuffix("/")
    while core.startswith("**/"):
        core = core[3:]
    return None if "/" in core else core


def _literal_start(source: str) -> str:
    """The plain text every match of the regex ``source`` starts with ("" when unsure)."""
    out: list[str] = []
    index = 0
    while index < len(source):
        char = source[index]
        if char == "\\" and index + 1 < len(source) and not source[index + 1].isalnum():
            out.append(source[index + 1])
            index += 2
            continue
        if char in ".^$*+?{}[]|()\\":
            if char == "|":
                return ""
            if char in "*+?{" and out:
                out.pop()  # the quantifier makes the last character optional
            break
        out.append(char)
        index += 1
    return "".join(out)


@functools.lru_cache(maxsize=256)
def _line_regex(sources: tuple[str, ...]) -> re.Pattern[str] | None:
    """One regex finding the "\\n" before each line any of ``sources`` matches."""
    if not sources:
        return None
    body = "|".join(f"(?:{source})" for source in sources)
    try:
        return re.compile(f"\\n(?=(?:{body}))")
    except re.error:
        return None


_EMPTY_STACK = _IgnoreStack(())


def _load_gitignore(path: Path, base: str) -> pathspec.GitIgnoreSpec | None:
    """Read one ``.gitignore``; a huge, unreadable or linked one is skipped with a log line."""
    try:
        info = path.lstat()
        if not stat.S_ISREG(info.st_mode):
            return None  # a link or something stranger: never followed, never read
        if info.st_size > _MAX_GITIGNORE_BYTES:
            logger.info("Skipped %s.gitignore: larger than 1 MiB.", base)
            return None
        with path.open(encoding="utf-8", errors="replace") as handle:
            lines = handle.read().splitlines()
    except OSError as exc:
        logger.info("Could not read %s.gitignore (%s); it is not applied.", base, exc.strerror)
        return None
    try:
        return pathspec.GitIgnoreSpec.from_lines(lines)
    except Exception:  # pathspec raises several types for a bad pattern
        good = [line for line in lines if _compiles(line)]
        logger.info("%s.gitignore has %d invalid pattern(s); they are not applied.",
                    base, len(lines) - len(good))  # fmt: skip
        return pathspec.GitIgnoreSpec.from_lines(good)


def _compiles(line: str) -> bool:
    try:
        pathspec.GitIgnoreSpec.from_lines([line])
    except Exception:
        return False
    return True


class _Columns:
    """What the walk records, as plain lists; ``_frame`` derives the rest at once.

    ``kind`` holds the file-type bits of ``st_mode``. Entries of one folder
    are appended together, so each folder's prefix and depth are kept once
    per run of entries (``runs``) instead of once per entry.
    """

    __slots__ = ("kind", "mtime", "name", "runs", "size")

    def __init__(self) -> None:
        self.name: list[str] = []
        self.size: list[int] = []
        self.mtime: list[int] = []
        self.kind: list[int] = []
        self.runs: list[tuple[str, int, int]] = []  # (prefix, depth, entries)


class _Walker:
    """The state of one scan: ``run`` walks, ``_list`` takes a folder, ``_record`` its entries."""

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
        self.columns = _Columns()
        self.skipped_dirs: list[str] = []
        self.skipped = self.ignored = self.special = self.unreadable = self.left_out = 0
        self.cut_files = self.cut_depth = False
        # Folders to list: (absolute path, relative prefix ending in "/" or "", depth, rules).
        self.queue: deque[tuple[str, str, int, _IgnoreStack]] = deque()

    @property
    def limit(self) -> str | None:
        return "max_files" if self.cut_files else "max_depth" if self.cut_depth else None

    def run(self) -> None:
        self.queue.append((self.root, "", 0, _EMPTY_STACK))
        first = True
        while self.queue and not self.cut_files:
            folder, prefix, depth, stack = self.queue.popleft()
            try:
                with os.scandir(folder) as listing:
                    entries = list(listing)
            except OSError as exc:
                if first:
                    raise _root_error(self.root, exc) from None
                self.unreadable += 1
                logger.debug("Could not list %s (%s).", prefix, exc.strerror)
                continue
            first = False
            self._list(entries, prefix, depth + 1, stack)
        if self.progress is not None:
            self.progress(len(self.columns.name))

    def _stack_for(self, names: list[str], prefix: str, stack: _IgnoreStack) -> _IgnoreStack:
        """The folder's own ``.gitignore`` goes on top of its parents' ones."""
        if ".gitignore" not in names:
            return stack
        spec = _load_gitignore(Path(self.root, prefix, ".gitignore"), prefix)
        return stack.pushed(prefix, spec) if spec is not None else stack

    def _list(
        self, entries: list[os.DirEntry[str]], prefix: str, depth: int, stack: _IgnoreStack
    ) -> None:
        """Record a folder in chunks, so progress and ``max_files`` are checked between them."""
        names = list(map(_NAME, entries))
        stack = self._stack_for(names, prefix, stack)
        candidates = stack.candidates(prefix, names)
        recorded, step, max_files = self.columns.name, self.progress_every, self.limits.max_files
        for start in range(0, len(entries), step):
            chunk = entries if len(entries) <= step else entries[start : start + step]
            before = len(recorded)
            self._record(chunk, prefix, depth, stack, candidates)
            self.columns.runs.append((prefix, depth, len(recorded) - before))
            if len(recorded) > max_files:
                self._cut(max_files, unseen=len(entries) - start - len(chunk))
                return
            if len(recorded) >= self.next_progress:
                self._report_progress()

    def _record(
        self,
        entries: list[os.DirEntry[str]],
        prefix: str,
        depth: int,
        stack: _IgnoreStack,
        candidates: frozenset[str] | None,
    ) -> None:
        """The hot loop: one stat and four appends per entry; ignore rules for candidates only."""
        cols = self.columns
        add_name, add_size, add_mtime, add_kind = (
            cols.name.append, cols.size.append, cols.mtime.append, cols.kind.append
        )  # fmt: skip
        enqueue = self.queue.append if depth < self.limits.max_depth else self._not_entered
        file_type, folder, regular, link = _S_IFMT, _S_IFDIR, _S_IFREG, _S_IFLNK
        for entry in entries:
            name = entry.name
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue  # removed while we looked; nothing to record
            kind = info.st_mode & file_type
            if kind == folder:
                if name[0] == "." or name.lower() in SKIP_DIRS:
                    self._skip(prefix + name)
                    continue
                if (
                    candidates is not None
                    and name in candidates
                    and stack.is_ignored(prefix + name + "/")
                ):
                    self.ignored += 1
                    continue
                enqueue((entry.path, prefix + name + "/", depth, stack))
            elif kind != regular and kind != link:
                self.special += 1
                continue
            elif candidates is not None and name in candidates and stack.is_ignored(prefix + name):
                self.ignored += 1
                continue
            add_name(name)
            add_size(info.st_size)
            add_mtime(info.st_mtime_ns)
            add_kind(kind)

    def _skip(self, path: str) -> None:
        self.skipped += 1
        if len(self.skipped_dirs) < _MAX_SKIPPED_LISTED:
            self.skipped_dirs.append(path)

    def _not_entered(self, folder: tuple[str, str, int, _IgnoreStack]) -> None:
        """A folder at ``max_depth``: recorded, not entered; counted when it has entries."""
        if _has_entries(folder[0]):
            self.left_out += 1
            self.cut_depth = True

    def _cut(self, max_files: int, unseen: int) -> None:
        """Drop what the last chunk recorded past ``max_files`` and stop the walk."""
        cols = self.columns
        over = len(cols.name) - max_files
        for column in (cols.name, cols.size, cols.mtime, cols.kind):
            del column[max_files:]
        prefix, depth, count = cols.runs[-1]
        cols.runs[-1] = (prefix, depth, count - over)
        self.left_out += over + unseen
        self.cut_files = True

    def _report_progress(self) -> None:
        if self.progress is not None:
            self.progress(len(self.columns.name))
        self.next_progress = (len(self.columns.name) // self.progress_every + 1) * (
            self.progress_every
        )


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
    frame = _frame(walker.columns, policy.is_text_name)
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
    return _frame(_Columns(), is_text_name)


# _frame and its helpers turn whole lists at once with map() over C functions
# (str.rfind, operator.add, ...) instead of Python loops: a scan of 60,000
# files spends most of its time here after the walk itself.


def _frame(cols: _Columns, text_name: Callable[[str], bool]) -> pd.DataFrame:
    """Build the DataFrame once, column by column, in path order."""
    names = cols.name
    count = len(names)
    prefixes = chain.from_iterable(repeat(prefix, entries) for prefix, _, entries in cols.runs)
    paths = list(map(operator.add, prefixes, names))
    order = np.fromiter(sorted(range(count), key=paths.__getitem__), dtype=np.intp, count=count)
    kind = np.fromiter(cols.kind, dtype=np.int32, count=count)
    hidden = np.fromiter(map(str.startswith, names, repeat(".")), dtype=bool, count=count)
    suffixes = _suffixes(names, hidden)
    suffixes[kind == _S_IFDIR] = ""
    sizes = np.fromiter(cols.size, dtype=np.int64, count=count)
    depth = np.repeat(
        np.fromiter((run[1] for run in cols.runs), dtype=np.int64, count=len(cols.runs)),
        np.fromiter((run[2] for run in cols.runs), dtype=np.intp, count=len(cols.runs)),
    )
    return pd.DataFrame(
        {
            "path": _strings(np.array(paths, dtype=np.object_), order),
            "name": _strings(np.array(names, dtype=np.object_), order),
            "suffix": _strings(suffixes, order),
            "size": np.where(kind == _S_IFREG, sizes, 0)[order],
            "modified": _local_times(cols.mtime)[order],
            "is_dir": (kind == _S_IFDIR)[order],
            "is_text": _texts(names, suffixes, kind == _S_IFREG, text_name)[order],
            "is_hidden": hidden[order],
            "is_symlink": (kind == _S_IFLNK)[order],
            "depth": depth[order],
        }
    )


def _strings(values: npt.NDArray[np.object_], order: npt.NDArray[np.intp]) -> pd.Series[str]:
    return pd.Series(values[order], dtype=str)


def _suffixes(names: list[str], hidden: npt.NDArray[np.bool_]) -> npt.NDArray[np.object_]:
    """Lower-case suffixes with their dot, as ``os.path.splitext`` sees them (".bashrc": "")."""
    dots = list(map(str.rfind, names, repeat(".")))
    suffixes = np.array(
        [name[dot:].lower() if dot > 0 else "" for name, dot in zip(names, dots, strict=True)],
        dtype=np.object_,
    )
    for row in np.flatnonzero(hidden).tolist():
        if not names[row][: dots[row]].lstrip("."):
            suffixes[row] = ""  # ".bashrc", "..x": only dots before the last one, no suffix
    return suffixes


def _texts(
    names: list[str],
    suffixes: npt.NDArray[np.object_],
    files: npt.NDArray[np.bool_],
    text_name: Callable[[str], bool],
) -> npt.NDArray[np.bool_]:
    """``is_text_name`` for every regular file, asking once per text suffix.

    The policy calls every name with a text suffix text, so each suffix is
    asked about once (with a neutral stem); names with other suffixes are
    asked one by one, since the policy also knows names like ``Makefile``.
    """
    listed = suffixes.tolist()
    by_suffix = {suffix: text_name("_" + suffix) for suffix in set(listed)}
    known = np.fromiter(map(by_suffix.__getitem__, listed), dtype=bool, count=len(listed))
    texts = known & files
    ask = np.flatnonzero(files & ~known).tolist()
    if ask:
        answers = map(text_name, map(names.__getitem__, ask))
        texts[ask] = np.fromiter(answers, dtype=bool, count=len(ask))
    return texts


def _local_times(mtimes_ns: list[int]) -> npt.NDArray[np.datetime64]:
    """File times (ns since the epoch, UTC) as naive local ``datetime64[ns]``."""
    try:
        ns = np.array(mtimes_ns, dtype=np.int64)
    except OverflowError:  # a time past the year 2262 or before 1677
        ns = np.array([min(max(t, _NS_MIN), _NS_MAX) for t in mtimes_ns], dtype=np.int64)
    if len(ns) == 0:
        return ns.astype("datetime64[ns]")
    ns = np.clip(ns, _NS_MIN + _DAY_NS, _NS_MAX - _DAY_NS)  # room for the offset
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
