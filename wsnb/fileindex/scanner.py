"""Walk a workspace into a DataFrame of its files and folders.

The walk is iterative and breadth first, so a scan cut by ``max_files``
still shows the top of the tree. It uses ``os.scandir`` and never follows a
symlink: a link is recorded as an entry of its own and never entered.
Folders that are hidden or named in ``SKIP_DIRS`` are not entered, and
``.gitignore`` files are honoured the way git does (``wsnb.fileindex.gitignore``).

The walk (``wsnb.fileindex.walker``) records plain lists; ``wsnb.fileindex.frames``
builds the DataFrame from them in one go. ``wsnb.fileindex.scanrows.rows_for_paths``
gives the rows a scan would give for a few paths, so an index can follow a change without a rescan.
``columns_below`` gives the walk's plain lists to a caller with its own skip
and ignore rules: the notes index walks with it (``wsnb.notes.walk``).

The walk is the hot path of opening a workspace, and ``bench/bench_scan.py``
holds it to 1.5x a bare ``os.scandir`` walk. What keeps it there:

* a folder is listed by descriptor where the platform allows, so each
  entry's stat is an ``fstatat`` by name, not an ``lstat`` of the whole path;
* the folder loop (``_Walker._walk``) takes the usual folder inline, and the
  entry loop (``_Walker._recorder``) does one stat and four list appends per
  entry, with everything they touch bound once per scan;
* ``.gitignore`` costs a few C-level calls per folder with subfolders (the
  walk must know which to enter, and never enters an ignored one); files
  are matched in bulk at the end, or at each progress report when there is
  a ``progress`` callback (``_flush_later``), each distinct name once per
  set of rules and remembered from walk to walk, and only the few names a
  pre-check picks get git's exact answer;
* each folder's entries are sorted by name as it is listed, so its rows form
  a sorted run, which the frame's one sort of the paths merges as it is
  (``wsnb.fileindex.frames``);
* on Linux, once a tree shows it is large (1,500 folders waiting), every other
  waiting folder goes to a forked child (``wsnb.forked``), which walks them
  as this process would and sends its lists back; the rows are the same.
"""

from __future__ import annotations

import heapq
import logging
import sys
import time
from collections.abc import Callable

import pandas as pd

from ..errors import UsageError
from ..forked import workers_for
from ..i18n import in_english
from ..policy.access import AccessPolicy
from .frames import FILE_COLUMNS, Columns, build_frame, empty_frame
from .gitignore import NO_RULES
from .scantypes import MODEL_LIMITS, SKIP_DIRS, ScanLimits, ScanReport, is_skipped_dir
from .walker import _MAX_SKIPPED_LISTED, _by_depth, _Folder, _Walker

__all__ = [
    "FILE_COLUMNS", "SKIP_DIRS", "ScanLimits", "ScanReport", "columns_below", "empty_frame",
    "frame_below",
    "is_skipped_dir", "scan",
]  # fmt: skip

logger = logging.getLogger("wsnb")

# Only a scan allowed this many entries shares: a cut (max_files) must fall where one
# process would cut, so a shared scan that passes it is done again in one process.
_SHARE_MIN_MAX_FILES = 100_000


def frame_below(policy: AccessPolicy, limits: ScanLimits, start: _Folder) -> pd.DataFrame:
    """The rows below folder ``start`` (not its own), as a scan with ``limits`` records them."""
    return build_frame(*columns_below(policy, limits, start))


def columns_below(
    policy: AccessPolicy,
    limits: ScanLimits,
    start: _Folder = ("", 0, NO_RULES),
    *,
    skip_dirs: frozenset[str] = SKIP_DIRS,
    gitignore: bool = True,
) -> tuple[Columns, list[int]]:
    """What the walk records below folder ``start``, as plain lists: the columns, dropped rows.

    For a caller with its own rules, which wants the walk and not the frame
    (the notes index): ``skip_dirs`` replaces ``SKIP_DIRS`` (hidden folders
    are never entered), ``gitignore=False`` reads no ``.gitignore`` file, so
    only the rules of ``start`` (``start[2]``) apply. ``columns.runs`` names
    each folder listed, in order, and its rows; a folder's own row (in its
    parent's run) carries its modification time, taken before it was listed.
    ``max_files`` is applied as a scan applies it; the walk is never shared.
    A root that can't be listed raises as a scan does.
    """
    walker = _Walker(policy, limits, None, sys.maxsize, skip_dirs, gitignore)
    walker.run(start)
    return walker.columns, walker.dropped


def scan(
    policy: AccessPolicy,
    *,
    limits: ScanLimits = MODEL_LIMITS,
    progress: Callable[[int], None] | None = None,
    progress_every: int = 500,
    workers: int | None = None,
) -> tuple[pd.DataFrame, ScanReport]:
    """Scan the workspace into a DataFrame (``FILE_COLUMNS``, sorted by path) and a report.

    ``progress`` is called with the number of entries recorded so far, every
    ``progress_every`` entries, and once more at the end with the final count.

    ``workers``: processes that share the walk, at most 2. By default a
    large tree is shared with a forked child where the platform forks
    (Linux) and a core is free; 1 keeps it in this process. The rows are the
    same either way. While a child walks, ``progress`` counts this process's
    entries only, and the last call gives the total. A shared scan that
    passes ``max_files`` is done again in one process (so the cut falls where
    one walk cuts it): ``progress`` then starts again from 0.
    """
    if progress_every < 1:
        raise UsageError(f"progress_every must be 1 or more (got {progress_every}).")
    started = time.perf_counter()
    share = workers_for(workers, limits.max_files >= _SHARE_MIN_MAX_FILES) > 1
    walker = _Walker(policy, limits, progress, progress_every)
    walker.run(share=share)
    if walker.shared and (walker.cut_files or walker.kept > limits.max_files):
        walker = _Walker(policy, limits, progress, progress_every)  # cut where one walk cuts
        walker.run()
    frame = build_frame(walker.columns, walker.dropped)
    report = _report(walker, frame, time.perf_counter() - started)
    logger.info("Scanned %s: %s.", policy.root, in_english(lambda: str(report)))
    return frame, report


def _report(walker: _Walker, frame: pd.DataFrame, elapsed: float) -> ScanReport:
    dirs = int(frame["is_dir"].sum())
    return ScanReport(
        entries=len(frame),
        files=len(frame) - dirs,
        dirs=dirs,
        skipped_dirs=tuple(heapq.nsmallest(_MAX_SKIPPED_LISTED, walker.skipped_dirs, _by_depth)),
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
