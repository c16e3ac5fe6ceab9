"""What ``FileIndex.find`` does with a query: names ranked the way people guess them.

The exact name first, then the name without its suffix ("main" finds ``main.cpp``),
a prefix, a match at a word boundary, anywhere in the name, and last anywhere in the
folder path (``MATCH_TIERS``). Inside a tier the newest file wins, then the path
decides. Everything reads the index's search lists (``wsnb.fileindex.searchlists``),
never the DataFrame.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

from .searchlists import SearchLists
from .substrings import starts_in

__all__ = ["MATCH_TIERS"]

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


def _search(lists: SearchLists, query: str, limit: int) -> tuple[list[int], list[str], int]:
    """The top ``limit`` rows with their tier labels, and how many rows match in all."""
    hits = _name_hits(lists, query)
    path_only = _path_only(lists, query, hits)
    tiers = _tier_rows(lists, query, hits, path_only)  # lists made only for the tiers reached
    picked, labels = _best(tiers, lists, limit)
    return picked, labels, len(hits) + len(path_only)


def _name_hits(lists: SearchLists, query: str) -> npt.NDArray[np.int64]:
    """Rows whose name contains ``query``, in order: each distinct name is searched once."""
    table = lists.name_table
    found = _matching(table.blob, table.starts, table.texts, query)
    if not len(found):
        return found
    hit = np.zeros(len(table.texts), dtype=bool)
    hit[found] = True
    return np.flatnonzero(hit[table.of_row])


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
    # Every start of the query (overlapping ones too: a text is counted once all the same),
    # and the rows deduplicated in order, as the offsets only grow.
    found = starts_in(blob, query)
    if not len(found):
        return np.zeros(0, dtype=np.int64)
    rows = np.searchsorted(starts, found, side="right") - 1
    return rows[np.concatenate(([True], rows[1:] != rows[:-1]))]


def _path_only(
    lists: SearchLists, query: str, in_name: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """Rows whose relative path, but not name, contains ``query``.

    Without a "/" in the query, a path match is a name match or a match in
    the parent folder, so the distinct folders are searched, not every path.
    """
    if "/" in query:
        across = _path_matches_across(lists, query, set(in_name.tolist()))
        return np.array(across, dtype=np.int64)
    table = lists.folder_table
    folders = _matching(table.blob, table.starts, table.texts, query)
    if len(folders) == 0:
        return np.zeros(0, dtype=np.int64)
    hit = np.zeros(len(table.texts), dtype=bool)
    hit[folders] = True
    mask = hit[table.of_row]  # one gather, where isin would sort
    mask[in_name] = False
    return np.flatnonzero(mask)


def _path_matches_across(lists: SearchLists, query: str, in_name: set[int]) -> list[int]:
    names, folders = lists.names.tolist(), lists.folder_table.texts
    rows: list[int] = []
    for row, folder in enumerate(lists.folder_table.of_row.tolist()):
        if row not in in_name and query in f"{folders[folder]}/{names[row]}":
            rows.append(row)
    return rows


def _tier_rows(
    lists: SearchLists, query: str, hits: npt.NDArray[np.int64], path_only: npt.NDArray[np.int64]
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
    rest = [row for row in hits.tolist() if row not in seen]
    at = np.array(rest, dtype=np.int64)
    pairs = zip(lists.names[at].tolist(), lists.originals[at].tolist(), rest, strict=True)
    words = [row for name, original, row in pairs if _at_word_start(name, original, query)]
    yield "word", words
    in_words = set(words)
    yield "name", [row for row in rest if row not in in_words]
    yield "path", path_only.tolist()


def _prefixed(lists: SearchLists, query: str, *, exact: bool = False) -> list[int]:
    """Rows whose name starts with (or, with ``exact``, is) ``query``: a range of sorted names."""
    names = lists.sorted_names
    start = bisect_left(names, query)
    # Every name that starts with the query sorts before the query + the last code point.
    end = bisect_right(names, query) if exact else bisect_left(names, query + "\U0010ffff")
    rows: list[int] = lists.sorted_rows[start:end].tolist()
    return rows


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
    tiers: Iterator[tuple[str, list[int]]], lists: SearchLists, limit: int
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


def _newest(rows: list[int], lists: SearchLists, count: int) -> list[int]:
    """The ``count`` newest of ``rows``, ties broken by path, sorted by numpy."""
    picked = np.array(rows, dtype=np.int64)
    order = np.lexsort((lists.path_rank_array[picked], lists.newest_array[picked]))
    chosen: list[int] = picked[order[:count]].tolist()
    return chosen
