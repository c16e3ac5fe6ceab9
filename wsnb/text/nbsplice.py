"""Cell changes written back into a notebook's own text: only the changed cells' lines move.

A notebook written by JupyterLab has one-space indentation and sorted keys; others
come from other editors, with two or four spaces, another key order, one long line,
CRLF line ends or no newline at the end. Writing the whole notebook anew would turn a
one-cell change into a diff of the whole file. Instead, each change here replaces
only the characters it must, found through the notebook's ``Layout``:

- new source for a cell: its ``"source"`` value, nothing else of the cell;
- clear outputs: each code cell's ``"outputs"`` value becomes ``[]`` and its
  ``"execution_count"`` ``null``;
- insert a cell: a new cell object between two others, in the file's indentation,
  with the key order its neighbours have and the separator they have between them;
- delete a cell: its object and one separator.

Each new value is written as the file writes values (indentation unit, separators,
``\\u`` escapes or not, line ends), so in a file nbformat wrote the result is exactly what
nbformat would write. The new text is parsed again and must hold exactly the notebook
intended (``expect``), and is then validated against its nbformat schema: a change that
would not give that is refused before anything is written.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass
from typing import Any

from ..errors import UsageError
from ..i18n import _
from .notebook import Layout, Notebook, parse_notebook, validation_error

__all__ = [
    "CELL_TYPES",
    "Spliced",
    "clear_outputs",
    "delete_cell",
    "insert_cell",
    "replace_sources",
    "source_value",
]

CELL_TYPES = ("code", "markdown", "raw")
_INDENT = re.compile(r"[ \t]*")
_FIRST_KEY = re.compile(r"\{(\r?\n)([ \t]*)\"")
# A \u escape of a character past ASCII: the file was written with ensure_ascii.
_ESCAPED = re.compile(r"\\u(?:00[89a-fA-F][0-9a-fA-F]|0[1-9a-fA-F][0-9a-fA-F]{2}|"
                      r"[1-9a-fA-F][0-9a-fA-F]{3})")


@dataclass(frozen=True, slots=True)
class Spliced:
    """The notebook's new text, and the notebook it holds (checked and validated)."""

    text: str
    notebook: Notebook


@dataclass(frozen=True, slots=True)
class _Style:
    """How the file writes JSON: the indentation unit (None: one line), separators, escapes."""

    indent: str | None
    newline: str
    item_sep: str
    key_sep: str
    ascii: bool

    @classmethod
    def of(cls, text: str, layout: Layout | None = None) -> _Style:
        """The file's style; the cells' own indentation step wins over the top level's
        (a hand-edited file may indent its top level by four and its cells by one)."""
        start = 1 if text.startswith("\ufeff") else 0
        head = text[start:start + 4096]
        found = _FIRST_KEY.match(head.lstrip())
        key = re.search(r"\"\s*(:\s*)", head)
        key_sep = key.group(1) if key else ": "
        ascii_only = text.isascii() and _ESCAPED.search(text) is not None
        if found:
            unit = found.group(2)
            if layout is not None and layout.cells and layout.cells[0].values:
                cell = layout.cells[0]
                outer = _prefix(text, cell.start)
                inner = _prefix(text, min(start for start, _end in cell.values.values()))
                if len(inner) > len(outer) and inner.startswith(outer):
                    unit = inner[len(outer):]
            return cls(unit, found.group(1), ",", key_sep.replace("\n", ""), ascii_only)
        item = re.search(r"[\]}\"el0-9](,\s*)\"", head)  # a separator between two members
        return cls(None, "\n", item.group(1) if item else ",", key_sep, ascii_only)

    def dumps(self, value: Any, prefix: str) -> str:
        """``value`` as this file writes it, its lines after the first indented by ``prefix``."""
        if self.indent is None:
            return json.dumps(value, ensure_ascii=self.ascii,
                              separators=(self.item_sep, self.key_sep))  # fmt: skip
        out = json.dumps(value, ensure_ascii=self.ascii, indent=self.indent,
                         separators=(",", self.key_sep))  # fmt: skip
        return out.replace("\n", self.newline + prefix)


def source_value(source: str, like: Any) -> Any:
    """``source`` stored as ``like`` is (a list of lines, as nbformat writes, or one string)."""
    if isinstance(like, str):
        return source
    return source.splitlines(keepends=True)


def _prefix(text: str, position: int) -> str:
    """The indentation of the line ``position`` is on."""
    line_start = text.rfind("\n", 0, position) + 1
    return _INDENT.match(text, line_start).group(0)  # type: ignore[union-attr]


def _apply(text: str, edits: list[tuple[int, int, str]]) -> str:
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def _finish(notebook: Notebook, text: str, expect: dict[str, Any]) -> Spliced:
    """The new text parsed again: it must hold ``expect`` exactly, and validate."""
    try:
        new: Notebook | None = parse_notebook(text, "")
    except Exception:  # a layout wsnb misread: nothing is written
        new = None
    if new is None or new.data != expect:
        raise UsageError(_("wsnb could not keep this notebook's own layout for the change; "
                           "nothing was changed. Make the change in JupyterLab."))  # fmt: skip
    problem = validation_error(new.data)
    if problem is not None:
        raise UsageError(_("The notebook would not be valid after the change ({problem}); "
                           "nothing was changed.").format(problem=problem))  # fmt: skip
    return Spliced(text, new)


def _layout(notebook: Notebook) -> Any:
    if notebook.layout is None:
        raise UsageError(_("This notebook is in format version {version}; wsnb edits "
                           "version 4 notebooks only. Open and save it in JupyterLab to "
                           "bring it to version 4.").format(version=notebook.version))
    return notebook.layout


def replace_sources(notebook: Notebook, sources: dict[int, str]) -> Spliced:
    """New sources for cells (by number, from 1); only their ``"source"`` values change."""
    layout = _layout(notebook)
    style = _Style.of(notebook.text, notebook.layout)
    expect = copy.copy(notebook.data)
    expect["cells"] = list(expect["cells"])
    edits = []
    for number, source in sources.items():
        cell = layout.cells[number - 1]
        span = cell.values.get("source")
        if span is None:
            raise UsageError(_("Cell {number} has no source in the file; wsnb can't change "
                               "it. Fix the notebook in JupyterLab.").format(number=number))
        old = expect["cells"][number - 1]
        value = source_value(source, old.get("source"))
        expect["cells"][number - 1] = {**old, "source": value}
        edits.append((span[0], span[1], style.dumps(value, _prefix(notebook.text, span[0]))))
    return _finish(notebook, _apply(notebook.text, edits), expect)


def clear_outputs(notebook: Notebook) -> Spliced:
    """Every code cell's outputs emptied and execution count made null; nothing else changes."""
    layout = _layout(notebook)
    expect = copy.copy(notebook.data)
    expect["cells"] = list(expect["cells"])
    edits = []
    for index, cell in enumerate(layout.cells):
        raw = expect["cells"][index]
        if not isinstance(raw, dict) or raw.get("cell_type") != "code":
            continue
        changed = dict(raw)
        outputs, count = cell.values.get("outputs"), cell.values.get("execution_count")
        if outputs is not None and raw.get("outputs"):
            edits.append((outputs[0], outputs[1], "[]"))
            changed["outputs"] = []
        if count is not None and raw.get("execution_count") is not None:
            edits.append((count[0], count[1], "null"))
            changed["execution_count"] = None
        expect["cells"][index] = changed
    return _finish(notebook, _apply(notebook.text, edits), expect)


def delete_cell(notebook: Notebook, number: int) -> Spliced:
    """Cell ``number`` (from 1) taken out with one separator next to it."""
    layout = _layout(notebook)
    cells = layout.cells
    index = number - 1
    if len(cells) == 1:
        edit = (layout.cells_start + 1, layout.cells_end, "")
    elif index < len(cells) - 1:
        edit = (cells[index].start, cells[index + 1].start, "")
    else:
        edit = (cells[index - 1].end, cells[index].end, "")
    expect = copy.copy(notebook.data)
    expect["cells"] = [c for i, c in enumerate(expect["cells"]) if i != index]
    return _finish(notebook, _apply(notebook.text, [edit]), expect)


def insert_cell(notebook: Notebook, position: int, cell: dict[str, Any]) -> Spliced:
    """``cell`` (a cell's JSON object) put in as cell ``position`` (from 1), in the file's style.

    Its keys follow a neighbour's order (one of the same type when there is one).
    """
    layout = _layout(notebook)
    text, style, cells = notebook.text, _Style.of(notebook.text, layout), layout.cells
    ordered = _ordered(cell, notebook)
    if not cells:
        outer = _prefix(text, layout.cells_start)
        inner = outer + (style.indent or "")
        body = style.dumps(ordered, inner)
        new = (style.newline + inner + body + style.newline + outer) if style.indent is not None \
            else body  # fmt: skip
        edit = (layout.cells_start + 1, layout.cells_end, new)
    else:
        prefix = _prefix(text, cells[0].start) if style.indent is not None else ""
        separator = (text[cells[0].end:cells[1].start] if len(cells) > 1 else
                     ("," + style.newline + prefix if style.indent is not None
                      else style.item_sep))  # fmt: skip
        body = style.dumps(ordered, prefix)
        if position <= len(cells):
            at = cells[position - 1].start
            edit = (at, at, body + separator)
        else:
            at = cells[-1].end
            edit = (at, at, separator + body)
    expect = copy.copy(notebook.data)
    expect["cells"] = list(expect["cells"])
    expect["cells"].insert(position - 1, ordered)
    return _finish(notebook, _apply(text, [edit]), expect)


def _ordered(cell: dict[str, Any], notebook: Notebook) -> dict[str, Any]:
    """The new cell's keys in a neighbour's order, else sorted (as nbformat writes them)."""
    raws = [c for c in notebook.data.get("cells", []) if isinstance(c, dict)]
    same = [c for c in raws if c.get("cell_type") == cell["cell_type"]]
    like = list((same or raws or [{}])[0])
    if like == sorted(like):  # sorted, as nbformat writes: the new cell's keys sorted too
        return {key: cell[key] for key in sorted(cell)}
    order = [key for key in like if key in cell]
    order += sorted(key for key in cell if key not in order)
    return {key: cell[key] for key in order}
