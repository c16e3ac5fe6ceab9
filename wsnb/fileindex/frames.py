"""Build the scan's DataFrame from what a walk recorded, all at once.

A walk (``wsnb.fileindex.scanner``) appends each entry's name, size, modification time
and kind to the plain lists of ``Columns``, a folder's entries together and
sorted by name, and notes each folder as a run of rows. ``build_frame`` turns
that into the ``FILE_COLUMNS`` frame in path order. It works on whole lists
with ``map`` over C functions and numpy, never a Python loop per entry:

* path order is one ``sorted`` of the paths, which merges each folder's
  name-sorted rows as a ready run (``_path_order``);
* per-suffix facts (the lower-case suffix, whether it is text) are worked out
  once per distinct file name and spread with numpy.

Times in the ``modified`` column are naive local time, because that is what
people compare with their clock when they look at a notebook.
"""

from __future__ import annotations

import operator
import threading
import time
from collections.abc import Sequence
from itertools import repeat

import numpy as np
import numpy.typing as npt
import pandas as pd

from ..policy.names import TEXT_NAMES, TEXT_SUFFIXES

__all__ = ["FILE_COLUMNS", "HIDDEN", "Columns", "build_frame", "empty_frame"]

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

S_IFMT = 0o170000
S_IFDIR = 0o040000
S_IFREG = 0o100000
S_IFLNK = 0o120000
HIDDEN = 1  # added to a hidden file's kind; st_mode's file-type bits never use it
# Local-time offsets are looked up once per quarter hour of file times: every
# time zone changes its offset on a quarter-hour boundary.
_OFFSET_BUCKET_S = 900
_NS_MIN = int(np.iinfo(np.int64).min) + 1
_NS_MAX = int(np.iinfo(np.int64).max)
_DAY_NS = 86_400 * 1_000_000_000

# A name is text by name when its lower-case form starts with one of these; the
# rule of ``wsnb.policy.names.is_text_name``, which tests/test_scanner.py holds this to.
_TEXT_NAME_PREFIXES = ("readme", "license", "changelog")
_FIRST = operator.itemgetter(0)  # of a run: its prefix
_DEPTH = operator.itemgetter(1)  # of a run: its entries' depth
_ROWS = operator.itemgetter(2)  # of a run: its number of rows
_TAIL = operator.itemgetter(2)  # of str.rpartition: the text after the separator

# A run of rows: the folder's prefix ("" or ending in "/"), its entries' depth, its number of rows.
Run = tuple[str, int, int]


class Columns:
    """What a walk records, as plain lists; ``build_frame`` derives the rest at once.

    ``kind`` holds the file-type bits of ``st_mode``, plus ``HIDDEN`` for a
    name starting with ".". A folder's entries are appended together, sorted
    by name, so each folder is kept once as a run of rows (``runs``, in the
    order folders were listed).
    """

    __slots__ = ("kind", "mtime", "name", "runs", "size")

    def __init__(self) -> None:
        self.name: list[str] = []
        self.size: list[int] = []
        self.mtime: list[int] = []
        self.kind: list[int] = []
        self.runs: list[Run] = []

    def lists(self) -> tuple[list[str], list[int], list[int], list[int]]:
        """The per-entry lists, which always have the same length."""
        return self.name, self.size, self.mtime, self.kind


def empty_frame() -> pd.DataFrame:
    """A frame with no rows and the scan's columns and dtypes."""
    return build_frame(Columns())


def build_frame(cols: Columns, dropped: Sequence[int] = ()) -> pd.DataFrame:
    """Build the DataFrame once, column by column, in path order, without the rows ``dropped``."""
    count = len(cols.name)
    order, depth, paths, names = _path_order(cols)
    if len(dropped):
        keep = np.ones(count, dtype=bool)
        keep[np.asarray(dropped, dtype=np.intp)] = False
        kept = keep[order]
        order, depth, paths, names = order[kept], depth[kept], paths[kept], names[kept]
    marked = np.fromiter(cols.kind, dtype=np.int32, count=count)[order]
    sizes = np.fromiter(cols.size, dtype=np.int64, count=count)[order]
    kind, hidden = marked & S_IFMT, (marked & HIDDEN) != 0
    is_dir, is_file = kind == S_IFDIR, kind == S_IFREG
    suffixes, text_suffix = _suffixes(names, is_dir)
    columns = {
        "path": pd.Series(paths, dtype=str, copy=False),
        "name": pd.Series(names, dtype=str, copy=False),
        "suffix": pd.Series(suffixes, dtype=str, copy=False),
        "size": np.where(is_file, sizes, 0),
        "modified": _local_times(cols.mtime, order),
        "is_dir": is_dir,
        "is_text": _texts(names, text_suffix, is_file),
        "is_hidden": hidden,
        "is_symlink": kind == S_IFLNK,
        "depth": depth,
    }
    return pd.DataFrame(columns, copy=False)


def _path_order(
    cols: Columns,
) -> tuple[
    npt.NDArray[np.intp], npt.NDArray[np.int64], npt.NDArray[np.object_], npt.NDArray[np.object_]
]:
    """The rows in path order, and each one's depth, path and name in that order.

    The paths are sorted as Python strings with ``sorted``, whose merge sort
    takes each folder's name-sorted rows as a ready run: a third of the time
    of placing the runs one by one in Python.
    """
    runs, count = cols.runs, len(cols.name)
    counts = np.fromiter(map(_ROWS, runs), dtype=np.intp, count=len(runs))
    run_of_row = np.repeat(np.arange(len(runs), dtype=np.intp), counts)
    prefixes = np.fromiter(map(_FIRST, runs), dtype=np.object_, count=len(runs))
    names = np.fromiter(cols.name, dtype=np.object_, count=count)
    paths = prefixes[run_of_row] + names  # numpy adds the strings pairwise in one C loop
    listed = paths.tolist()
    order = np.fromiter(sorted(range(count), key=listed.__getitem__), dtype=np.intp, count=count)
    depths = np.fromiter(map(_DEPTH, runs), dtype=np.int64, count=len(runs))
    return order, depths[run_of_row[order]], paths[order], names[order]


def _suffixes(
    names: npt.NDArray[np.object_], dirs: npt.NDArray[np.bool_]
) -> tuple[npt.NDArray[np.object_], npt.NDArray[np.bool_]]:
    """Lower-case suffixes as ``os.path.splitext`` sees them ("" for folders), and which are text.

    Each distinct file name is worked out once (``_SuffixBook``), and each
    distinct suffix; then spread with numpy.
    """
    book = _SuffixBook.current()
    codes = np.zeros(len(names), dtype=np.intp)
    files = np.flatnonzero(~dirs)
    codes[files], table = book.codes(names[files].tolist())
    suffixes = np.fromiter(table, dtype=np.object_, count=len(table))
    texts = np.fromiter(map(TEXT_SUFFIXES.__contains__, table), dtype=bool, count=len(table))
    return suffixes[codes], texts[codes]


class _SuffixBook:
    """File name -> suffix code, kept from scan to scan: a rescan meets the same names.

    Shared by every scan of the process. New names and suffixes are added
    under a lock: the table numbers suffixes in the order it meets them, and
    two scans in two threads must not give one code to two suffixes. Past
    ``_MAX_NAMES`` names a new book starts.
    """

    _MAX_NAMES = 200_000
    _current: _SuffixBook | None = None

    def __init__(self) -> None:
        self.table = _SuffixCodes()
        self.by_name: dict[str, int] = {}
        self.lock = threading.Lock()

    @classmethod
    def current(cls) -> _SuffixBook:
        book = cls._current
        if book is None or len(book.by_name) > cls._MAX_NAMES:
            book = cls._current = cls()
        return book

    def codes(self, names: list[str]) -> tuple[npt.NDArray[np.intp], list[str]]:
        """Each name's suffix code, and the suffixes by code (holding every code given)."""
        known = self.by_name
        new = list(set(names).difference(known))
        if new:
            with self.lock:
                dotted = [at for at, name in enumerate(new) if name[0] == "."]
                found = _suffix_codes(np.array(new, dtype=np.object_), dotted, self.table)
                known.update(zip(new, found.tolist(), strict=True))
        codes = np.fromiter(map(known.__getitem__, names), dtype=np.intp, count=len(names))
        return codes, list(self.table.suffixes)


def _suffix_codes(
    names: npt.NDArray[np.object_], dotted: list[int], table: _SuffixCodes
) -> npt.NDArray[np.intp]:
    """Each name's suffix code in ``table``; ``dotted``: where the names starting with "." are."""
    parts = map(str.rpartition, names.tolist(), repeat("."))
    tails = np.fromiter(map(_TAIL, parts), dtype=np.object_, count=len(names))
    found = np.fromiter(map(table.__getitem__, tails.tolist()), np.intp, len(names))
    found[tails == names] = 0  # no dot: rpartition gave the whole name back
    for at in dotted:
        name: str = names[at]
        if not name[: name.rfind(".")].lstrip("."):
            found[at] = 0  # ".bashrc", "..x": only dots before the last one, no suffix
    return found


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
    """``wsnb.policy.names.is_text_name`` for every regular file, with no Python call per name.

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


def local_times(mtimes_ns: list[int]) -> npt.NDArray[np.datetime64]:
    """File times (ns since the epoch) as the ``modified`` column holds them."""
    return _local_times(mtimes_ns, np.arange(len(mtimes_ns)))


def _utc_offset(seconds: int) -> int:
    try:
        return time.localtime(seconds).tm_gmtoff
    except (OverflowError, OSError, ValueError):
        return 0
