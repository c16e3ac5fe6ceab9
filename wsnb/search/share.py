"""A capped text search shared fairly between files: ``grep(..., per_file=N)``.

Without a share, a capped answer fills up in path order: one big file early in
the tree (``data/large.txt``) takes 47 of 50 lines and ``src/`` gets none. With
``per_file``, the walk keeps at most N lines of each file and only counts the
rest of its matching lines (a true count: the file is read whole anyway). When
the walk ends with room left under the limit, the files with lines left over
give them back, in path order, so a search in one chatty file still shows as
many lines as the limit allows.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from .gate import FolderGate

if TYPE_CHECKING:
    from ..policy.access import AccessPolicy
    from .grep import _Search

__all__ = ["fill_room", "lines_from"]


Finder = Callable[[str, int], "re.Match[str] | None"]


def lines_from(text: str, haystack: str, needle: str | None, search: Finder | None,
               start: int) -> int:  # fmt: skip
    """How many lines have a match, from the line of the match at ``start`` on."""
    lines, end, position = 0, len(text), start
    while 0 <= position <= end:
        if needle is not None:
            found = haystack.find(needle, position)
        else:
            assert search is not None
            match = search(text, position)
            found = -1 if match is None else match.start()
        if found < 0:
            break
        lines += 1
        line_end = text.find("\n", found)
        position = end + 1 if line_end == -1 else line_end + 1
    return lines


def fill_room(search: _Search, policy: AccessPolicy, candidates: list[str]) -> None:
    """Give the room left under ``search.limit`` to the lines the share held back.

    Each file with lines left over is searched again for its next lines, in
    candidate order, until the room is used; rows stay in candidate order.
    Without a limit the share stays as asked: N lines of each file.
    """
    if search.limit is None or not search.more_in_file:
        return  # no limit: the share is the whole answer's shape, as asked
    room = search.limit - len(search.paths)
    assert search.per_file is not None
    shown, gate = search.per_file, FolderGate(policy)
    added: list[Row] = []
    for path in [p for p in candidates if p in search.more_in_file]:
        if room <= 0:
            break
        again = type(search)(search.matcher, None, search.max_bytes, for_model=search.for_model,
                             per_file=shown + room, outputs=search.outputs)  # fmt: skip
        again.visit(gate, policy, path)
        rows = list(_rows(again))[shown:]
        added += rows
        left = again.more_in_file.get(path, 0)
        if left:
            search.more_in_file[path] = left
        else:
            del search.more_in_file[path]
        room -= len(rows)
    _merge_rows(search, added, candidates)


# One row of a search: path, line, column, text, and a notebook row's cell and output.
Row = tuple[str, int, int, str, "int | None", "int | None"]


def _rows(search: _Search) -> Iterator[Row]:
    return zip(search.paths, search.lines, search.columns, search.texts, search.cells,
               search.outs, strict=True)  # fmt: skip


def _merge_rows(search: _Search, added: list[Row], candidates: list[str]) -> None:
    if not added:
        return
    order = {path: number for number, path in enumerate(candidates)}
    # Within a file, rows keep the order they were found in (a notebook's by cell, then line).
    found = [(order.get(row[0], -1), 0, n, row) for n, row in enumerate(_rows(search))]
    found += [(order.get(row[0], -1), 1, n, row) for n, row in enumerate(added)]
    rows = [row for *_key, row in sorted(found, key=lambda item: item[:3])]
    search.paths = [row[0] for row in rows]
    search.lines = [row[1] for row in rows]
    search.columns = [row[2] for row in rows]
    search.texts = [row[3] for row in rows]
    search.cells = [row[4] for row in rows]
    search.outs = [row[5] for row in rows]
