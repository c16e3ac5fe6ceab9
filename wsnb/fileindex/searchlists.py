"""What ``find`` reads: per-row lists of the index's frame, built once and then updated in place.

A change replaces a few rows of a frame sorted by path: the rows it made
stale go, the fresh rows are merged in at their places (``Relay``). Every
per-row structure follows with the same relay, in numpy, at the cost of one
array copy each; only the fresh rows are casefolded, split into stems or
placed among the sorted names. A full build stays for a new scan. The groups
(stems, suffixes) and the folder table only grow: a key no row has any more
matches no row, which is what a fresh build would say.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import TypeVar

import numpy as np
import numpy.typing as npt
import pandas as pd

__all__ = ["Relay", "SearchLists", "StringTable", "build_lists", "updated_lists"]

_Ints = npt.NDArray[np.int64]
_Objects = npt.NDArray[np.object_]
_T = TypeVar("_T", bound=np.generic)


@dataclass(frozen=True, slots=True)
class Relay:
    """How a change made the new frame: ``concat(old[keep], added).take(order)``."""

    keep: npt.NDArray[np.bool_]  # old rows still there
    order: _Ints  # positions in the concatenation, in the new frame's order

    def __call__(self, old: npt.NDArray[_T], added: npt.NDArray[_T]) -> npt.NDArray[_T]:
        joined: npt.NDArray[_T] = np.concatenate([old[self.keep], added])
        return joined[self.order]

    def new_rows(self) -> tuple[_Ints, _Ints]:
        """Each old row's new position (-1 when gone), and the new positions of the added rows."""
        where = np.empty(len(self.order), dtype=np.int64)
        where[self.order] = np.arange(len(self.order), dtype=np.int64)
        kept = int(self.keep.sum())
        old_to_new = np.full(len(self.keep), -1, dtype=np.int64)
        old_to_new[self.keep] = where[:kept]
        return old_to_new, where[kept:]


class Groups:
    """Rows by a key (a stem, a suffix), looked up per query.

    ``ids`` only grows and is shared by the snapshots that follow one
    another: an older snapshot asked for a newer key finds no row with it.
    """

    __slots__ = ("codes", "ids")

    def __init__(self, codes: _Ints, ids: dict[str, int]) -> None:
        self.codes = codes
        self.ids = ids

    @classmethod
    def of(cls, keys: list[str]) -> Groups:
        codes, uniques = pd.factorize(np.array(keys, dtype=np.object_))
        return cls(codes.astype(np.int64),
                   {str(key): code for code, key in enumerate(uniques.tolist())})  # fmt: skip

    def get(self, key: str) -> list[int]:
        code = self.ids.get(key)
        return [] if code is None else np.flatnonzero(self.codes == code).tolist()

    def updated(self, relay: Relay, keys: list[str]) -> Groups:
        ids = self.ids
        added = np.array([ids.setdefault(key, len(ids)) for key in keys], dtype=np.int64)
        return Groups(relay(self.codes, added).astype(np.int64), ids)


@dataclass(frozen=True, slots=True)
class StringTable:
    """Distinct strings of the rows (their casefolded names, or their parent folders), each
    once, joined so a search runs at C speed, and each row's string as an index into them.

    It only grows, and is copied when it grows: a string no row has any more matches no
    row, which is what a fresh build would say, and the last snapshot keeps reading its own.
    """

    texts: list[str]  # each distinct string once (some may have no row left)
    ids: dict[str, int]  # string -> its index in texts
    blob: str  # the texts joined by "\n", searched at C speed
    starts: _Ints  # where each text starts in blob
    of_row: _Ints  # each row's string, an index into texts

    @classmethod
    def of(cls, keys: list[str]) -> StringTable:
        """The table of every row's key (a new scan)."""
        texts, of_row = _table(keys)
        return cls(texts, {text: number for number, text in enumerate(texts)},
                   "\n".join(texts), starts_of(texts), of_row)  # fmt: skip

    def updated(self, relay: Relay, keys: list[str]) -> StringTable:
        """The table after a change: ``keys`` are the fresh rows' keys."""
        texts, ids, added = _table_update(self.texts, self.ids, keys)
        grown = len(texts) != len(self.texts)
        return StringTable(texts, ids, "\n".join(texts) if grown else self.blob,
                           starts_of(texts) if grown else self.starts,
                           relay(self.of_row, added).astype(np.int64))  # fmt: skip


@dataclass(frozen=True, slots=True)
class SearchLists:
    """What every search reads, as plain lists and arrays (row = position in the frame)."""

    names: _Objects  # casefolded
    originals: _Objects  # as on disk, for camelCase word boundaries
    name_table: StringTable  # the casefolded names
    by_stem: Groups  # name without its suffix -> rows
    by_suffix: Groups
    sorted_names: _Objects  # names in order, for prefix ranges by bisection
    sorted_rows: _Ints  # the row of each of sorted_names
    folder_table: StringTable  # the casefolded parent folder paths
    newest_array: _Ints  # -mtime in ns, so a smaller key is newer
    path_rank_array: _Ints  # position of each row in casefolded path order
    sorted_paths: _Objects  # casefolded paths in order, for placing fresh rows by bisection
    path_rows: _Ints  # the row of each of sorted_paths


def build_lists(frame: pd.DataFrame) -> SearchLists:
    """Every structure from the whole frame (a new scan)."""
    originals = [str(name) for name in frame["name"].tolist()]
    names = [name.casefold() for name in originals]
    paths = [str(path).casefold() for path in frame["path"].tolist()]
    order = sorted(range(len(names)), key=names.__getitem__)
    mtimes = frame["modified"].to_numpy(dtype="datetime64[ns]").view(np.int64)
    # A scan's frame is sorted by path: casefolded, the order mostly holds, and a check is cheap.
    in_order = all(a < b for a, b in pairwise(paths))
    path_rows = (np.arange(len(paths), dtype=np.int64) if in_order
                 else np.array(sorted(range(len(paths)), key=paths.__getitem__), dtype=np.int64))
    return SearchLists(
        names=np.array(names, dtype=np.object_),
        originals=np.array(originals, dtype=np.object_),
        name_table=StringTable.of(names),
        by_stem=Groups.of([stem(name) for name in names]),
        by_suffix=Groups.of([str(s).casefold() for s in frame["suffix"].tolist()]),
        sorted_names=np.array([names[row] for row in order], dtype=np.object_),
        sorted_rows=np.array(order, dtype=np.int64),
        folder_table=StringTable.of([parent(path) for path in paths]),
        newest_array=-mtimes,
        path_rank_array=_rank(path_rows),
        sorted_paths=np.array(paths, dtype=np.object_)[path_rows],
        path_rows=path_rows,
    )


def updated_lists(old: SearchLists, relay: Relay, added: pd.DataFrame) -> SearchLists:
    """``old`` after a change: ``relay`` says how the frame was made, ``added`` its fresh rows."""
    originals = [str(name) for name in added["name"].tolist()]
    names = [name.casefold() for name in originals]
    paths = [str(path).casefold() for path in added["path"].tolist()]
    old_to_new, added_at = relay.new_rows()
    sorted_names, sorted_rows = _order_update(old.sorted_names, old.sorted_rows, old_to_new,
                                              names, added_at)  # fmt: skip
    sorted_paths, path_rows = _order_update(old.sorted_paths, old.path_rows, old_to_new,
                                            paths, added_at)  # fmt: skip
    mtimes = added["modified"].to_numpy(dtype="datetime64[ns]").view(np.int64)
    newest = relay(old.newest_array, -mtimes).astype(np.int64)
    suffixes = [str(s).casefold() for s in added["suffix"].tolist()]
    return SearchLists(
        names=relay(old.names, np.array(names, dtype=np.object_)),
        originals=relay(old.originals, np.array(originals, dtype=np.object_)),
        name_table=old.name_table.updated(relay, names),
        by_stem=old.by_stem.updated(relay, [stem(name) for name in names]),
        by_suffix=old.by_suffix.updated(relay, suffixes),
        sorted_names=sorted_names,
        sorted_rows=sorted_rows,
        folder_table=old.folder_table.updated(relay, [parent(path) for path in paths]),
        newest_array=newest,
        path_rank_array=_rank(path_rows),
        sorted_paths=sorted_paths,
        path_rows=path_rows,
    )


def _order_update(
    keys: _Objects, rows_of_keys: _Ints, old_to_new: _Ints, names: list[str], added_at: _Ints
) -> tuple[_Objects, _Ints]:
    """Sorted ``keys`` (and their rows) without the rows gone, the fresh ones placed by bisection.

    The order is the one a stable sort of the new rows by key gives: equal keys by row.
    """
    rows = old_to_new[rows_of_keys]
    still = rows >= 0
    kept_names = keys[still] if not still.all() else keys
    kept_rows = rows[still]
    if not names:
        return kept_names, kept_rows
    fresh = np.array(names, dtype=np.object_)
    by_name = np.argsort(fresh, kind="stable")
    fresh, fresh_rows = fresh[by_name], added_at[by_name]
    at = np.searchsorted(kept_names, fresh, side="left")
    # Among equal names a fresh build keeps the rows in order: a fresh row goes after the
    # kept rows of its name that are above it.
    for i, (name, row) in enumerate(zip(fresh.tolist(), fresh_rows.tolist(), strict=True)):
        spot = int(at[i])
        while spot < len(kept_names) and kept_names[spot] == name and kept_rows[spot] < row:
            spot += 1
        at[i] = spot
    return np.insert(kept_names, at, fresh), np.insert(kept_rows, at, fresh_rows)


def _table_update(
    table: list[str], ids: dict[str, int], keys: list[str]
) -> tuple[list[str], dict[str, int], _Ints]:
    """A table of distinct keys with the fresh rows' new keys appended, and each fresh row's key.

    Copied when it grows: the last snapshot keeps reading its own.
    """
    if any(key not in ids for key in keys):
        table, ids = list(table), dict(ids)
        for key in keys:
            if key not in ids:
                ids[key] = len(table)
                table.append(key)
    return table, ids, np.array([ids[key] for key in keys], dtype=np.int64)


def starts_of(texts: list[str]) -> _Ints:
    """Where each text starts once they are joined by "\n"."""
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts)) + 1
    return np.concatenate(([0], np.cumsum(lengths)[:-1])).astype(np.int64)


def _table(keys: list[str]) -> tuple[list[str], _Ints]:
    """The distinct ``keys`` in order of first use, and the index of each key among them."""
    ids: dict[str, int] = {}
    rows = [ids.setdefault(key, len(ids)) for key in keys]
    return list(ids), np.array(rows, dtype=np.int64)


def parent(path: str) -> str:
    return path[:cut] if (cut := path.rfind("/")) > 0 else ""


def stem(name: str) -> str:
    dot = name.rfind(".")
    return name[:dot] if dot > 0 and name[:dot].strip(".") else name


def _rank(rows_in_order: _Ints) -> _Ints:
    """Each row's position in an order given as the rows in that order."""
    rank = np.empty(len(rows_in_order), dtype=np.int64)
    rank[rows_in_order] = np.arange(len(rows_in_order), dtype=np.int64)
    return rank
