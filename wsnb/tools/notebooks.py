"""Notebooks read as cells: the cells view of one, its cells as a table, and every notebook's row.

What a read tool answers for an ``.ipynb`` file (``notebook_read``), what
``ws.cells(path)`` shows (``cells_frame``) and what ``ws.notebooks`` shows
(``notebooks_frame``). The cells come from the process's notebook cache
(``wsnb.text.nbcache``): a notebook is parsed again only when its size, time or
inode changed, so the table follows the disk as the live index does.
"""

from __future__ import annotations

import logging
import os

import pandas as pd

from ..errors import PolicyError, UnsupportedFileError, WsnbError
from ..i18n import _, ngettext
from ..noted import NotedFrame, with_note
from ..policy.access import WsPath
from ..text.nbcache import NOTEBOOKS
from ..text.nbview import NotebookText, notebook_text
from ..text.notebook import Notebook, is_notebook_name
from ..text.redact import redact
from .base import ToolContext

__all__ = [
    "CELL_COLUMNS",
    "NOTEBOOK_COLUMNS",
    "cells_frame",
    "notebook_read",
    "notebook_rows",
    "notebooks_frame",
]

logger = logging.getLogger("wsnb")

CELL_COLUMNS = ["cell", "cell_id", "cell_type", "source", "execution_count", "outputs",
                "output_types", "has_error", "output_bytes"]  # fmt: skip
NOTEBOOK_COLUMNS = ["path", "kernel", "language", "cells", "code_cells", "markdown_cells",
                    "executed_cells", "error_cells", "output_bytes", "nbformat",
                    "valid"]  # fmt: skip


def notebook_read(ctx: ToolContext, target: WsPath, limit: int) -> NotebookText | None:
    """The notebook's cells view as a read's answer, or None when the file is no notebook's
    JSON (it is then read as text). A model's view has its secrets redacted."""
    try:
        notebook = NOTEBOOKS.notebook(target)
    except UnsupportedFileError as exc:
        logger.info("read_file: %s read as text (%s)", target.relative,
                    getattr(exc, "kind", "") or "not a notebook's JSON")  # fmt: skip
        return None
    from ..text.nbview import cells_view

    view = cells_view(notebook)
    if ctx.for_model:
        view = redact(view).text
    return notebook_text(target.relative, notebook, os.lstat(target.os_path).st_size, limit,
                         view)  # fmt: skip


def cells_frame(notebook: Notebook, *, for_model: bool = False) -> pd.DataFrame:
    """One row per cell: number, id, type, source, execution count and its outputs' summary."""
    rows = [(cell.number, cell.cell_id, cell.cell_type,
             redact(cell.source).text if for_model else cell.source,
             cell.execution_count, len(cell.outputs), ", ".join(cell.output_types),
             cell.has_error, cell.output_bytes) for cell in notebook.cells]  # fmt: skip
    frame = pd.DataFrame(rows, columns=CELL_COLUMNS)
    return frame.astype({"cell": "int64", "cell_id": "string", "cell_type": "string",
                         "source": "string", "execution_count": "Int64", "outputs": "int64",
                         "output_types": "string", "has_error": bool,
                         "output_bytes": "int64"})  # fmt: skip


def notebook_rows(ctx: ToolContext) -> list[str]:
    """The index's notebooks (not links), in path order."""
    files = ctx.index().frame
    plain = files.loc[~files["is_dir"] & ~files["is_symlink"], "path"].tolist()
    return sorted(path for path in plain if is_notebook_name(path))


def notebooks_frame(ctx: ToolContext, *, validate: bool = True) -> NotedFrame:
    """One row per notebook of the index: kernel, language, cell counts, outputs, version,
    validity. A notebook that can't be read as cells is a row with only its path, counted
    in the note."""
    rows = []
    unread: list[str] = []
    for path in notebook_rows(ctx):
        row = _notebook_row(ctx, path, validate)
        if row is None:
            unread.append(path)
            row = {"path": path, "valid": False}
        rows.append(row)
    frame = pd.DataFrame(rows, columns=NOTEBOOK_COLUMNS)
    frame = frame.astype({"path": "string", "kernel": "string", "language": "string",
                          "cells": "Int64", "code_cells": "Int64", "markdown_cells": "Int64",
                          "executed_cells": "Int64", "error_cells": "Int64",
                          "output_bytes": "Int64", "nbformat": "string",
                          "valid": "boolean"})  # fmt: skip
    note = ngettext("{count:,} notebook could not be read as cells ({paths}); ws.read(path, "
                    "raw=True) shows its text", "{count:,} notebooks could not be read as cells "
                    "({paths}); ws.read(path, raw=True) shows their text",
                    len(unread)).format(count=len(unread), paths=", ".join(unread[:5]))
    return with_note(frame, note if unread else "", warn=False, unreadable=unread,
                     nothing=_("No notebook (.ipynb) in the index."))  # fmt: skip


def _notebook_row(ctx: ToolContext, path: str, validate: bool) -> dict[str, object] | None:
    try:
        target = ctx.policy.resolve(path)
        problem = NOTEBOOKS.problem(target) if validate else None  # validated as it is read
        notebook = NOTEBOOKS.notebook(target)
    except (WsnbError, PolicyError, OSError):
        return None
    cells = notebook.cells
    return {
        "path": path, "kernel": notebook.kernel, "language": notebook.language,
        "cells": len(cells), "code_cells": sum(c.cell_type == "code" for c in cells),
        "markdown_cells": sum(c.cell_type == "markdown" for c in cells),
        "executed_cells": sum(c.execution_count is not None for c in cells),
        "error_cells": sum(c.has_error for c in cells),
        "output_bytes": sum(c.output_bytes for c in cells), "nbformat": notebook.version,
        "valid": problem is None if validate else pd.NA,
    }  # fmt: skip
