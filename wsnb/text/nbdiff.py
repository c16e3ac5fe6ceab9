"""A notebook change as a person reads it: cell by cell, never its JSON.

A plan's diff for a notebook is a unified diff per changed cell, each under a
section line that names the cell (``## cell 12 · code``)::

    --- analysis.ipynb
    +++ analysis.ipynb
    ## cell 12 · code
    @@ -1,2 +1,2 @@
     import pandas as pd
    -df = pd.read_csv("a.csv")
    +df = pd.read_csv("b.csv")

An inserted or deleted cell is shown whole; cleared outputs are shown as the
lines the cells view had for them. A line of a unified diff starts with a space,
``+``, ``-``, ``@`` or ``\\``, so a section line (``SECTION``) can't be mistaken for
one; the card draws it as a heading.
"""

from __future__ import annotations

import difflib

from ..i18n import _
from .nbview import cell_header, output_lines
from .notebook import Cell

__all__ = ["SECTION", "cleared_diff", "deleted_diff", "inserted_diff", "source_diff"]

SECTION = "## "
"""How a section line of a notebook's diff starts: the cell it is about follows."""


def _label(cell: Cell, what: str = "") -> str:
    label = cell_header(cell).strip("─ ")
    return SECTION + (f"{label} · {what}" if what else label)


def _file(path: str) -> list[str]:
    return [f"--- {path}", f"+++ {path}"]


def _lines(text: str) -> list[str]:
    return text.removesuffix("\n").split("\n") if text else []


def source_diff(path: str, changes: list[tuple[Cell, str]]) -> str:
    """Each changed cell's section and the unified diff of its source (3 lines of context)."""
    out = _file(path)
    for cell, new in changes:
        body = list(difflib.unified_diff(_lines(cell.source), _lines(new), lineterm="", n=3))
        out += [_label(cell), *body[2:]]
    return "\n".join(out) + "\n"


def inserted_diff(path: str, cell: Cell) -> str:
    """The new cell, whole, as added lines."""
    lines = _lines(cell.source)
    return "\n".join([*_file(path), _label(cell, _("new")), f"@@ -0,0 +1,{len(lines)} @@",
                      *("+" + line for line in lines)]) + "\n"  # fmt: skip


def deleted_diff(path: str, cell: Cell) -> str:
    """The cell that goes, whole (its source, then its outputs as the cells view has them)."""
    lines = _lines(cell.source)
    for output in cell.outputs:
        lines += output_lines(output)
    return "\n".join([*_file(path), _label(cell, _("deleted")), f"@@ -1,{len(lines)} +0,0 @@",
                      *("-" + line for line in lines)]) + "\n"  # fmt: skip


def cleared_diff(path: str, cells: list[Cell]) -> str:
    """Each code cell's outputs that go, as the cells view showed them."""
    out = _file(path)
    for cell in cells:
        lines = [line for output in cell.outputs for line in output_lines(output)]
        if not lines:
            continue
        out += [_label(cell, _("outputs cleared")), f"@@ -1,{len(lines)} +0,0 @@",
                *("-" + line for line in lines)]  # fmt: skip
    return "\n".join(out) + "\n"
