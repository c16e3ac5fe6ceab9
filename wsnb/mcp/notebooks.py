"""What an agent gets of a notebook: the cells view's fields, and search rows by cell.

``read_file`` of an ``.ipynb`` answers the cells view the read tool made (its text:
each cell's number, type, id and source, the outputs summarised); its structured
content adds the cells' summary (no sources: they are in the text) instead of every
cell's whole record. ``search_text`` shows a notebook row's cell beside its line.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..text.nbview import NotebookText
from ..types import FileText

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["notebook_attrs", "read_fields", "search_columns"]


def read_fields(doc: FileText) -> dict[str, Any]:
    """A read's structured fields: the file's, and for a notebook its cells in brief."""
    if not isinstance(doc, NotebookText):
        return dataclasses.asdict(doc)
    fields = {field.name: getattr(doc, field.name) for field in dataclasses.fields(FileText)}
    cells = [{"cell": cell.number, "cell_id": cell.cell_id, "cell_type": cell.cell_type,
              "execution_count": cell.execution_count, "outputs": len(cell.outputs),
              "output_types": list(cell.output_types), "has_error": cell.has_error}
             for cell in doc.cells]  # fmt: skip
    return fields | {"kind": "notebook", "nbformat": doc.nbformat, "kernel": doc.kernel,
                     "language": doc.language, "view_size": doc.view_size, "cells": cells}


def notebook_attrs(doc: FileText) -> str:
    """The ``<file ...>`` attributes that say a text is a notebook's cells view."""
    if not isinstance(doc, NotebookText):
        return ""
    return f' kind="notebook cells view" cells="{len(doc.cells)}" nbformat="{doc.nbformat}"'


def search_columns(frame: pd.DataFrame) -> list[str]:
    """The columns a search's text shows: the cell too where a notebook matched."""
    if "cell" in frame.columns and frame["cell"].notna().any():
        extra = ["output"] if "output" in frame.columns else []
        return ["path", "cell", *extra, "line", "text"]
    return ["path", "line", "text"]
