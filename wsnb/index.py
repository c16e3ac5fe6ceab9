"""The file index: a scan's DataFrame plus fast name search, suffix and recency views.

``find`` ranks names the way people guess them: the exact name first, then
the name without its suffix ("main" finds ``main.cpp``), a prefix, a match at
a word boundary, anywhere in the name, and last anywhere in the folder path.
Inside a tier the newest file wins, then the path decides.

Speed comes from plain Python lists built once, on the first search:
casefolded names and stems, and each entry's parent folder. A path match is
a name match or a match in the parent folder, and there are far fewer
folders than files, so folders are searched once each instead of every
file's full path. ``bench/bench_scan.py`` holds ``find`` to a p50 under
10 ms on 60,000 files.
"""

from __future__ import annotations

import dataclasses
import logging
import re
import threading
import time
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
import pandas as pd

from .errors import UsageError, WsnbError
from .following import (
    Change,
    IndexChange,
    Revalidation,
    batch_change,
    changed_paths,
    plan_change,
)
from .i18n import _
from .listeners import Listeners
from .scanner import FILE_COLUMNS, ScanReport
from .scantypes import MODEL_LIMITS, ScanLimits

if TYPE_CHECKING:
    from .planrecord import PlanRecord
    from .policy import AccessPolicy
    from .watch import Batch

__all__ = ["MATCH_TIERS", "Change", "FileIndex", "IndexChange", "plan_change"]

logger = logging.getLogger("wsnb")

# Tier label -> score; higher is better. "suffix" applies to queries like ".cpp".
MATCH_TIERS: dict[str, int] = {
    "exact": 100,
    "suffix": 90,
    "stem": 80,
    "prefix": 60,
    "word": 40,
    "name": 20,
    "path": 10,
}
_TIER_ORDER = tuple(MATCH_TIERS)
_START = re.Match.start
_PLAN_WAIT_S = 5.0  # the longest a watcher's batch waits for a plan being carried out


class _Groups:
    """Rows by a key (a stem, a suffix), looked up per query; built with one factorize."""

    __slots__ = ("codes", "ids")

    def __init__(self, keys: list[str]) -> None:
        codes, uniques = pd.factorize(np.array(keys, dtype=np.object_))
        self.codes = codes
        self.ids = {str(key): code for code, key in enumerate(uniques.tolist())}

    def get(self, key: str) -> list[int]:
        code = self.ids.get(key)
        return [] if code is None else np.flatnonzero(self.codes == code).tolist()


@dataclass(frozen=True, slots=True)
class _Lists:
    """What every search reads, as plain lists and dicts; built once per index."""

    names: list[str]  # casefolded
    originals: list[str]  # as on disk, for camelCase word boundaries
    blob: str  # the names joined by "\n", searched at C speed
    starts: npt.NDArray[np.int64]  # where each name starts in blob
    by_stem: _Groups  # name without its suffix -> rows
    by_suffix: _Groups
    sorted_names: list[str]  # names in order, for prefix ranges by bisection
    sorted_rows: list[int]  # the row of each of sorted_names
    folders: list[str]  # casefolded parent folder paths, one per distinct folder
    folder_blob: str  # the folders joined by "\n"
    folder_starts: npt.NDArray[np.int64]
    folder_of_row: npt.NDArray[np.int64]  # each row's folder, an index into folders
    newest_first: list[int]  # -mtime in ns, so a smaller key is newer
    path_rank: list[int]  # position of each row in path order
    newest_array: npt.NDArray[np.int64]  # the same two, for numpy sorts
    path_rank_array: npt.NDArray[np.int64]


class FileIndex:
    """A scan's frame and report, with name search on top, following the disk in place.

    ``frame`` is the current DataFrame; treat it as read-only (the methods
    hand out copies). The search lists are built on the first ``find``.

    Following changes: ``follow(change)`` reads again the rows a ``Change``
    names, as a scan would (``wsnb.scanrows.rows_for_paths``), and swaps the
    new frame in; ``follow_plan`` and ``follow_batch`` make that change from
    a confirmed plan or a watcher's batch, so there is one code path for
    "this path changed". A query reads one snapshot (frame, report, search
    lists) and never waits for a change being applied, nor pays for a walk:
    the next snapshot, search lists included when they were in use, is built
    by whoever applies the change, and swapped in whole. ``listeners`` hear
    each change that really changed rows.
    """

    def __init__(
        self,
        frame: pd.DataFrame,
        report: ScanReport,
        *,
        policy: AccessPolicy | None = None,
        limits: ScanLimits | None = None,
    ) -> None:
        missing = [column for column in FILE_COLUMNS if column not in frame.columns]
        if missing:
            raise UsageError(_("The frame lacks the scan columns {missing}; pass what scan() "
                               "returned.").format(missing=missing))  # fmt: skip
        self._snap = _Snapshot(frame, report)
        self.policy = policy
        self.limits = limits
        self.listeners: Listeners[IndexChange] = Listeners("file index")
        self.stale = False  # following can't be exact (a cut scan): the next read scans again
        self.revalidation: Revalidation | None = None  # set where no watcher works
        self.live_note: Callable[[str], str] = str  # the sentence saying so, from the reason
        # Whether a plan of this workspace is writing or not followed yet: a batch waits for it,
        # so the plan's change is applied once, by the plan, and never counted as outside.
        self.plans_running: Callable[[], bool] = bool
        self._live = ""
        self._writing = threading.RLock()

    def __repr__(self) -> str:
        return f"<FileIndex: {self.report}>"

    def __len__(self) -> int:
        return len(self.frame)

    @property
    def frame(self) -> pd.DataFrame:
        """Every entry as the index sees it now (read-only: copy before changing it)."""
        return self._snap.frame

    @property
    def report(self) -> ScanReport:
        """The scan report, its counts following the rows."""
        return self._snap.report

    def folders(self) -> frozenset[str]:
        """The folders the index entered ("" is the root): what a watcher watches."""
        return self._snap.folder_set()

    # -- queries --------------------------------------------------------------

    def find(self, keyword: str, limit: int | None = 30) -> pd.DataFrame:
        """Entries whose name (or path) contains ``keyword``, best matches first.

        ``limit=None`` returns every match. Adds the columns ``match`` (the
        tier label) and ``score`` (higher is better); ``attrs`` holds
        ``query``, ``total_matches`` and ``truncated``.
        """
        query = keyword.strip().casefold() if isinstance(keyword, str) else ""
        if not query:
            raise UsageError(_("Give a part of a file name to search for, e.g. 'main' or '.py'."))
        if limit is not None:
            _check_limit(limit)
        snap = self._snap
        picked, labels, total = _search(snap.search_lists(), query,
                                        len(snap.frame) if limit is None else limit)  # fmt: skip
        result = snap.frame.iloc[picked].reset_index(drop=True)
        result["match"] = pd.Series(labels, dtype=str)
        result["score"] = np.array([MATCH_TIERS[label] for label in labels], dtype=np.int64)
        return _with_attrs(result, query=keyword, total=total)

    def by_suffix(self, suffixes: Iterable[str], limit: int = 200) -> pd.DataFrame:
        """Files whose suffix is one of ``suffixes`` ("py" or ".py"), in path order."""
        wanted = _normal_suffixes(suffixes)
        _check_limit(limit)
        frame = self.frame
        mask = ~frame["is_dir"] & frame["suffix"].str.lower().isin(wanted)
        matches = frame[mask].sort_values("path", kind="stable")
        result = matches.head(limit).reset_index(drop=True)
        return _with_attrs(result, query=sorted(wanted), total=len(matches))

    def recent(self, limit: int = 30) -> pd.DataFrame:
        """Files (not folders), most recently modified first."""
        _check_limit(limit)
        frame = self.frame
        files = frame[~frame["is_dir"]]
        ordered = files.sort_values(["modified", "path"], ascending=[False, True], kind="stable")
        result = ordered.head(limit).reset_index(drop=True)
        return _with_attrs(result, query=None, total=len(files))

    # -- following changes ----------------------------------------------------

    def follow_plan(self, plan: PlanRecord) -> IndexChange | None:
        """Bring the index up to date with a confirmed plan (or its undo), without a rescan."""
        return self.follow(plan_change(plan), outside=False)

    def follow_batch(self, batch: Batch) -> IndexChange | None:
        """Bring the index up to date with a watcher's batch (called in the watcher's thread)."""
        deadline = time.monotonic() + _PLAN_WAIT_S
        while self.plans_running() and time.monotonic() < deadline:
            time.sleep(0.01)
        if batch.failed and self.policy is not None and self.revalidation is None:
            self._live = self.live_note(batch.failed)
            with self._writing:  # said in the report at once, whatever the batch changes
                snap = self._snap
                snap.report = dataclasses.replace(snap.report, live=self._live)
            revalidation = Revalidation(self.policy)
            revalidation.baseline(self.folders())  # before the rescan: nothing falls between
            self.revalidation = revalidation
        return self.follow(batch_change(batch), outside=True)

    def revalidate(self) -> IndexChange | None:
        """Where no watcher works: read again the folders whose time moved (before a query)."""
        if self.revalidation is None:
            return None
        with self._writing:
            change = self.revalidation.changed(self.frame, set(self.folders()))
            return self.follow(change, outside=True)

    def follow(self, change: Change, *, outside: bool = False) -> IndexChange | None:
        """Read again the rows ``change`` names, as a scan would, and swap the new frame in.

        Returns what changed, or None when nothing did (a change already
        applied, seen again). When following can't give what a scan would
        (the scan was cut by its limits, a path can't be looked at),
        ``stale`` is set and the next read scans again.
        """
        if not change or self.stale:
            return None
        with self._writing:
            snap = self._snap
            if self.policy is None or snap.report.truncated:
                self.stale = True
                return None
            try:
                done = self._followed(snap, change)
            except WsnbError as exc:
                logger.info("index dropped after a change (%s)", type(exc).__name__)
                self.stale = True
                return None
            return self._swap(snap, done, outside)

    def reset(self, frame: pd.DataFrame, report: ScanReport) -> IndexChange | None:
        """Take a new scan's rows (``ws.scan()``); listeners hear what differs."""
        with self._writing:
            self.stale = False
            snap = self._snap
            return self._swap(snap, _Followed(frame, report, snap.frame, frame), outside=True)

    def _followed(self, snap: _Snapshot, change: Change) -> _Followed:
        from .scanner import scan
        from .scanrows import rows_for_paths

        assert self.policy is not None
        limits = self.limits or MODEL_LIMITS
        if change.rescan:  # never forked from here: see wsnb.watch on the fork and the watcher
            frame, report = scan(self.policy, limits=limits, workers=1)
            return _Followed(frame, report, snap.frame, frame)
        fresh = [rows_for_paths(self.policy, sorted(change.items), limits=limits),
                 rows_for_paths(self.policy, sorted(change.folders), limits=limits,
                                below=False)]  # fmt: skip
        return _with_rows(snap, fresh, change)

    def _swap(self, snap: _Snapshot, done: _Followed, outside: bool) -> IndexChange | None:
        report = done.report
        if self._live and report.live != self._live:
            report = dataclasses.replace(report, live=self._live)
        differ, paths = changed_paths(done.old, done.new)
        if not differ and report == snap.report:
            return None
        new = _Snapshot(done.frame, report)
        if snap.lists is not None:
            new.search_lists()  # built here, so the next find never waits for it
        self._snap = new
        if not paths:
            return None
        change = IndexChange(paths, outside)
        self.listeners.notify(change)
        return change

    def with_rows(self, fresh: Iterable[pd.DataFrame], change: Change) -> FileIndex:
        """A new index: ``change``'s rows (and what was below its items) replaced by ``fresh``."""
        done = _with_rows(self._snap, fresh, change)
        return FileIndex(done.frame, done.report, policy=self.policy, limits=self.limits)


@dataclass(frozen=True, slots=True)
class _Followed:
    """A change worked out: the new frame and report, and the rows it replaced and added."""

    frame: pd.DataFrame
    report: ScanReport
    old: pd.DataFrame
    new: pd.DataFrame


class _Snapshot:
    """One state of the index: frame, report and what is derived from them on first use."""

    __slots__ = ("_in_order", "_paths", "folders", "frame", "lists", "report")

    def __init__(self, frame: pd.DataFrame, report: ScanReport) -> None:
        self.frame = frame
        self.report = report
        self.lists: _Lists | None = None
        self.folders: frozenset[str] | None = None
        self._paths: npt.NDArray[np.object_] | None = None
        self._in_order: bool | None = None

    @property
    def paths(self) -> npt.NDArray[np.object_]:
        """The paths as an array, in the frame's order (sorted by path)."""
        if self._paths is None:
            self._paths = self.frame["path"].to_numpy(dtype=object)
        return self._paths

    def rows_of(self, items: list[str], folders: list[str]) -> npt.NDArray[np.bool_]:
        """A mask of the rows of ``items`` and of ``folders``, and of everything below ``items``."""
        paths = self.paths
        mask = np.zeros(len(paths), dtype=bool)
        if self._in_order is None:
            self._in_order = all(a < b for a, b in pairwise(paths.tolist()))
        if not self._in_order:  # never from a scan; a frame built by hand is searched whole
            series = pd.Series(paths, dtype=object)
            mask[:] = series.isin([*items, *folders]).to_numpy()
            if items:
                mask |= series.str.startswith(tuple(f"{item}/" for item in items)).to_numpy()
            return mask
        for path in (*items, *folders):
            start = np.searchsorted(paths, path, "left")
            mask[start : np.searchsorted(paths, path, "right")] = True
        for item in items:
            # Every path below ``item`` sorts between "item/" and "item/" + the last code point.
            start = np.searchsorted(paths, item + "/", "left")
            mask[start : np.searchsorted(paths, item + "/\U0010ffff", "left")] = True
        return mask

    def search_lists(self) -> _Lists:
        if self.lists is None:
            self.lists = _build_lists(self.frame)
        return self.lists

    def folder_set(self) -> frozenset[str]:
        if self.folders is None:
            frame = self.frame
            entered = frame["path"][frame["is_dir"] & ~frame["is_symlink"]]
            self.folders = frozenset(["", *entered.tolist()])
        return self.folders


def _with_rows(snap: _Snapshot, fresh: Iterable[pd.DataFrame], change: Change) -> _Followed:
    """``change``'s rows (and what was below its items) replaced by ``fresh``; counts follow.

    The frame is sorted by path, so the rows of an item and of everything
    below it are found by bisection, and the fresh rows are merged in at
    their places: the cost is the change's and one copy of the frame, never
    a sort of the whole tree.
    """
    frame = snap.frame
    parts = [rows for rows in fresh if len(rows)]
    added = pd.concat(parts, ignore_index=True) if len(parts) > 1 else (
        parts[0] if parts else frame.iloc[:0])  # fmt: skip
    added = added.drop_duplicates("path").sort_values("path", kind="stable", ignore_index=True)
    stale = snap.rows_of(sorted(change.items), sorted(change.folders))
    kept = frame[~stale]
    merged = pd.concat([kept, added], ignore_index=True)
    kept_paths = snap.paths[~stale]
    at = np.searchsorted(kept_paths, added["path"].to_numpy(dtype=object), side="left")
    # Each kept row keeps its order; an added row goes before the kept row it sorts before.
    ranks = np.concatenate([np.arange(len(kept), dtype=np.int64) * 2 + 1, at * 2])
    merged = merged.take(np.argsort(ranks, kind="stable")).reset_index(drop=True)
    files = int((~merged["is_dir"]).sum())
    report = dataclasses.replace(snap.report, entries=len(merged), files=files,
                                 dirs=len(merged) - files)  # fmt: skip
    return _Followed(merged, report, frame[stale], added)


def _build_lists(frame: pd.DataFrame) -> _Lists:
    originals = [str(name) for name in frame["name"].tolist()]
    names = [name.casefold() for name in originals]
    paths = [str(path).casefold() for path in frame["path"].tolist()]
    folders, folder_of_row = _folders(paths)
    order = sorted(range(len(names)), key=names.__getitem__)
    mtimes = frame["modified"].to_numpy(dtype="datetime64[ns]").view(np.int64)
    rank = _path_rank(paths)
    return _Lists(
        names=names,
        originals=originals,
        blob="\n".join(names),
        starts=_starts(names),
        by_stem=_Groups([_stem(name) for name in names]),
        by_suffix=_Groups([str(s).casefold() for s in frame["suffix"].tolist()]),
        sorted_names=[names[row] for row in order],
        sorted_rows=order,
        folders=folders,
        folder_blob="\n".join(folders),
        folder_starts=_starts(folders),
        folder_of_row=folder_of_row,
        newest_first=(-mtimes).tolist(),
        path_rank=rank,
        newest_array=-mtimes,
        path_rank_array=np.array(rank, dtype=np.int64),
    )


def _starts(texts: list[str]) -> npt.NDArray[np.int64]:
    """Where each text starts once they are joined by "\n"."""
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts)) + 1
    return np.concatenate(([0], np.cumsum(lengths)[:-1])).astype(np.int64)


def _folders(paths: list[str]) -> tuple[list[str], npt.NDArray[np.int64]]:
    """The distinct parent folders of ``paths``, and the folder of each row."""
    folder_ids: dict[str, int] = {}
    rows = [
        folder_ids.setdefault(path[:cut] if (cut := path.rfind("/")) > 0 else "", len(folder_ids))
        for path in paths
    ]
    return list(folder_ids), np.array(rows, dtype=np.int64)


def _stem(name: str) -> str:
    dot = name.rfind(".")
    return name[:dot] if dot > 0 and name[:dot].strip(".") else name


def _path_rank(paths: list[str]) -> list[int]:
    if all(a < b for a, b in pairwise(paths)):
        return list(range(len(paths)))  # the scan's frame is sorted by path already
    rank = [0] * len(paths)
    for position, row in enumerate(sorted(range(len(paths)), key=paths.__getitem__)):
        rank[row] = position
    return rank


def _search(lists: _Lists, query: str, limit: int) -> tuple[list[int], list[str], int]:
    """The top ``limit`` rows with their tier labels, and how many rows match in all."""
    hits = _matching(lists.blob, lists.starts, lists.names, query)
    path_only = _path_only(lists, query, hits)
    tiers = _tier_rows(lists, query, hits.tolist(), path_only)
    picked, labels = _best(tiers, lists, limit)
    return picked, labels, len(hits) + len(path_only)


def _matching(
    blob: str, starts: npt.NDArray[np.int64], texts: list[str], query: str
) -> npt.NDArray[np.int64]:
    """Indexes of the ``texts`` that contain ``query``, in order.

    The texts are searched joined in one string at C speed; each hit's text
    is found by bisecting the start offsets, all at once with numpy. When
    the query is everywhere (only short ones are), one pass over the list is
    cheaper.
    """
    if "\n" in query or (len(query) <= 2 and blob.count(query) > len(texts) // 4):
        return np.array([i for i, text in enumerate(texts) if query in text], dtype=np.int64)
    # Match.start mapped in C, and the rows deduplicated in order (the offsets only grow):
    # half the cost of a comprehension and a hashing unique on queries with many hits.
    found = np.fromiter(map(_START, re.finditer(re.escape(query), blob)), dtype=np.int64)
    if not len(found):
        return np.zeros(0, dtype=np.int64)
    rows = np.searchsorted(starts, found, side="right") - 1
    return rows[np.concatenate(([True], rows[1:] != rows[:-1]))]


def _path_only(lists: _Lists, query: str, in_name: npt.NDArray[np.int64]) -> list[int]:
    """Rows whose relative path, but not name, contains ``query``.

    Without a "/" in the query, a path match is a name match or a match in
    the parent folder, so the distinct folders are searched, not every path.
    """
    if "/" in query:
        return _path_matches_across(lists, query, set(in_name.tolist()))
    folders = _matching(lists.folder_blob, lists.folder_starts, lists.folders, query)
    if len(folders) == 0:
        return []
    mask = np.isin(lists.folder_of_row, folders)
    mask[in_name] = False
    return np.flatnonzero(mask).tolist()


def _path_matches_across(lists: _Lists, query: str, in_name: set[int]) -> list[int]:
    names, folders = lists.names, lists.folders
    rows: list[int] = []
    for row, folder in enumerate(lists.folder_of_row.tolist()):
        if row not in in_name and query in f"{folders[folder]}/{names[row]}":
            rows.append(row)
    return rows


def _tier_rows(
    lists: _Lists, query: str, hits: list[int], path_only: list[int]
) -> Iterator[tuple[str, list[int]]]:
    """Each tier's rows, best tier first, each row in its best tier only.

    A generator, so the tiers below the ones that fill the limit are never
    worked out: most queries stop after the look-ups and the prefix range.
    """
    seen: set[int] = set()

    def fresh(rows: list[int]) -> list[int]:
        new = [row for row in rows if row not in seen]
        seen.update(new)
        return new

    yield "exact", fresh(_prefixed(lists, query, exact=True))
    if query.startswith("."):
        yield "suffix", fresh(lists.by_suffix.get(query))
    yield "stem", fresh(lists.by_stem.get(query))
    yield "prefix", fresh(_prefixed(lists, query))
    rest = [row for row in hits if row not in seen]
    names, originals = lists.names, lists.originals
    words = [row for row in rest if _at_word_start(names[row], originals[row], query)]
    yield "word", words
    in_words = set(words)
    yield "name", [row for row in rest if row not in in_words]
    yield "path", path_only


def _prefixed(lists: _Lists, query: str, *, exact: bool = False) -> list[int]:
    """Rows whose name starts with (or, with ``exact``, is) ``query``: a range of sorted names."""
    names = lists.sorted_names
    start = bisect_left(names, query)
    # Every name that starts with the query sorts before the query + the last code point.
    end = bisect_right(names, query) if exact else bisect_left(names, query + "\U0010ffff")
    return lists.sorted_rows[start:end]


def _at_word_start(name: str, original: str, query: str) -> bool:
    """Does ``query`` start a word of ``name``: after ``_``, ``-``, ``.``, a space, or camelCase?"""
    same_length = len(name) == len(original)
    start = name.find(query, 1)
    while start > 0:
        before = name[start - 1]
        if not before.isalnum():
            return True
        if same_length and original[start - 1].islower() and original[start].isupper():
            return True
        start = name.find(query, start + 1)
    return False


def _best(
    tiers: Iterator[tuple[str, list[int]]], lists: _Lists, limit: int
) -> tuple[list[int], list[str]]:
    """The top ``limit`` rows: tier by tier, newest first inside a tier, then by path."""
    picked: list[int] = []
    labels: list[str] = []
    for label, rows in tiers:
        chosen = _newest(rows, lists, limit - len(picked))
        picked.extend(chosen)
        labels.extend([label] * len(chosen))
        if len(picked) >= limit:
            break
    return picked, labels


def _newest(rows: list[int], lists: _Lists, count: int) -> list[int]:
    """The ``count`` newest of ``rows``, ties broken by path; numpy sorts the big tiers."""
    if len(rows) <= 64:
        newest, rank = lists.newest_first, lists.path_rank
        return sorted(rows, key=lambda row: (newest[row], rank[row]))[:count]
    picked = np.array(rows, dtype=np.int64)
    order = np.lexsort((lists.path_rank_array[picked], lists.newest_array[picked]))
    chosen: list[int] = picked[order[:count]].tolist()
    return chosen


def _normal_suffixes(suffixes: Iterable[str]) -> set[str]:
    items = [suffixes] if isinstance(suffixes, str) else list(suffixes)
    wanted = {s.strip().lower() for s in items if isinstance(s, str) and s.strip(" .")}
    if not wanted:
        raise UsageError(_("Give one or more suffixes, e.g. ['.py', '.cpp']."))
    return {s if s.startswith(".") else "." + s for s in wanted}


def _check_limit(limit: int) -> None:
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise UsageError(_("limit must be a whole number of 1 or more (got {value}).").format(
            value=repr(limit)))


def _with_attrs(frame: pd.DataFrame, *, query: object, total: int) -> pd.DataFrame:
    frame.attrs["query"] = query
    frame.attrs["total_matches"] = total
    frame.attrs["truncated"] = total > len(frame)
    return frame
