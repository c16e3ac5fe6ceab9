"""The notebooks read so far, kept as cells by size and modification time: one cache per process.

A notebook's file is mostly outputs (base64 images, widget state); its sources are
about a twentieth of its bytes. Read once, a notebook is kept here without its JSON:
its cells, their sources and their outputs' text, so a search, ``ws.notebooks`` and a
read of the same file again cost what its sources cost. An entry is used only while
the file's size, modification time and inode are what they were when it was read;
anything else reads it again, so the cache follows the disk by itself (the live
index's changes and a plan's writes alike). The entries are bounded by the text they
hold (``MAX_CHARS``); the least recently used go first.

A search looks at a notebook through ``SearchText``: its cell sources (and, when
asked, its outputs' text) joined into one text, with the line where each piece
starts, so the search's one loop finds the lines and the cells are told afterwards.
"""

from __future__ import annotations

import bisect
import dataclasses
import os
import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from ..disk import textio
from ..errors import UnsupportedFileError
from ..i18n import _
from ..policy.wspath import WsPath
from .notebook import NOTEBOOK_MAX_BYTES, Notebook, parse_notebook, validation_error

__all__ = ["MAX_CHARS", "NOTEBOOKS", "NotebookCache", "SearchText", "read_notebook"]

MAX_CHARS = 128 * 1024 * 1024
"""The text the cache holds at most (sources and output texts), in characters."""

_UNKNOWN = "\0unknown"


@dataclass(slots=True)
class SearchText:
    """A notebook's searchable text: pieces (cell sources, output texts) joined by newlines.

    ``starts[i]`` is the 1-based line of the joined text where piece ``i`` begins, and
    ``where[i]`` says what the piece is: ``(cell, None)`` a cell's source, ``(cell, n)``
    its output ``n`` (from 1).
    """

    text: str
    starts: tuple[int, ...]
    where: tuple[tuple[int, int | None], ...]
    _lower: str | None = None

    def lowered(self) -> str | None:
        """The text lowered, when it is ASCII (same positions), kept for the next case-blind
        search; None otherwise."""
        if self._lower is None and self.text.isascii():
            self._lower = self.text.lower()
        return self._lower

    def locate(self, line: int) -> tuple[int, int | None, int]:
        """The cell, output (None for the source) and line within it of a joined line."""
        piece = bisect.bisect_right(self.starts, line) - 1
        cell, output = self.where[piece]
        return cell, output, line - self.starts[piece] + 1


def _search_text(notebook: Notebook, outputs: bool) -> SearchText:
    pieces: list[str] = []
    starts: list[int] = []
    where: list[tuple[int, int | None]] = []
    line = 1
    for cell in notebook.cells:
        found: list[tuple[str, int | None]] = [(cell.source, None)]
        if outputs:
            found += [(output.text, n) for n, output in enumerate(cell.outputs, 1) if output.text]
        for text, output in found:
            pieces.append(text)
            starts.append(line)
            where.append((cell.number, output))
            line += text.count("\n") + 1
    return SearchText("\n".join(pieces), tuple(starts), tuple(where))


@dataclass(slots=True)
class _Entry:
    size: int
    mtime_ns: int
    inode: int
    notebook: Notebook  # without its JSON and text: cells and summaries only
    weight: int
    sources: SearchText | None = None
    with_outputs: SearchText | None = None
    problem: str | None = _UNKNOWN  # why it does not validate; _UNKNOWN until asked
    lock: threading.Lock = field(default_factory=threading.Lock)


def _light(notebook: Notebook) -> Notebook:
    return dataclasses.replace(notebook, data={}, layout=None, text="")


def _weight(notebook: Notebook) -> int:
    return sum(len(cell.source) + 200 + sum(len(o.text) for o in cell.outputs)
               for cell in notebook.cells)  # fmt: skip


def read_notebook(target: WsPath, *, limit: int = NOTEBOOK_MAX_BYTES,
                  layout: bool = False) -> Notebook:
    """Read and parse the notebook at ``target`` now (not through the cache); ``layout``: with
    where its cells sit, for a change.

    Raises ``UnsupportedFileError`` for a file over ``limit`` bytes or not a notebook's
    JSON, and the read's own errors (``NotFoundError``...).
    """
    data = textio.read_bytes(target, limit=limit + 1)
    if len(data) > limit:
        raise UnsupportedFileError(
            _("{path} is over {most:,} bytes; wsnb reads notebooks up to that size as "
              "cells. Read it as text with raw=True.").format(path=target, most=limit),
            path=target.relative, kind="too-big")  # fmt: skip
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise UnsupportedFileError(
            _("{path} is not UTF-8, so it is not a notebook's JSON; read it as text with "
              "raw=True.").format(path=target), path=target.relative) from None  # fmt: skip
    return parse_notebook(text, target.relative, layout=layout)


class NotebookCache:
    """Notebooks as cells, by path, while their size, time and inode stay as read."""

    def __init__(self, max_chars: int = MAX_CHARS) -> None:
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._lock = threading.Lock()
        self._weight = 0
        self.max_chars = max_chars

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        """Forget every notebook (a benchmark's cold start)."""
        with self._lock:
            self._entries.clear()
            self._weight = 0

    def notebook(self, target: WsPath) -> Notebook:
        """The notebook at ``target`` as cells (without its JSON: ``data`` and ``layout`` empty).

        Raises like ``read_notebook``.
        """
        return self._entry(target).notebook

    def search_text(self, target: WsPath, *, outputs: bool = False) -> SearchText:
        """The notebook's sources (and its outputs' text with ``outputs``) to search, joined."""
        entry = self._entry(target)
        found = entry.with_outputs if outputs else entry.sources
        if found is None:
            found = _search_text(entry.notebook, outputs)
            if outputs:
                entry.with_outputs = found
            else:
                entry.sources = found
        return found

    def problem(self, target: WsPath) -> str | None:
        """Why the notebook does not validate against its nbformat schema (None: it does).

        Asked once per version of the file: validated as it is read, or read again for it.
        """
        entry = self._entry(target, validate=True)
        with entry.lock:
            if entry.problem == _UNKNOWN:
                entry.problem = validation_error(read_notebook(target).data)
            return entry.problem

    def _entry(self, target: WsPath, *, validate: bool = False) -> _Entry:
        info = os.lstat(target.os_path)
        key = target.os_path
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None and (entry.size, entry.mtime_ns, entry.inode) == (
                    info.st_size, info.st_mtime_ns, info.st_ino):
                self._entries.move_to_end(key)
                return entry
        whole = read_notebook(target)
        notebook = _light(whole)
        fresh = _Entry(info.st_size, info.st_mtime_ns, info.st_ino, notebook, _weight(notebook))
        if validate:  # while its JSON is at hand
            fresh.problem = validation_error(whole.data)
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._weight -= old.weight
            self._entries[key] = fresh
            self._weight += fresh.weight
            while self._weight > self.max_chars and len(self._entries) > 1:
                _key, dropped = self._entries.popitem(last=False)
                self._weight -= dropped.weight
        return fresh


NOTEBOOKS = NotebookCache()
"""The process's notebooks: search, ``ws.notebooks`` and reads share it."""
