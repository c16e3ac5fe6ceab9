"""Answers about notebooks and data files, offline: tables from ``ws.notebooks`` and ``ws.grep``,
one cell shown, a notebook's outputs cleared as a plan, a data file's columns.

Each answer is computed with exactly the calls its Python line makes, so the line under the
reply gives the same rows: ``ws.notebooks.query("error_cells > 0")``, ``ws.grep("read_csv")``
kept to notebooks, ``ws.cells(path).set_index("cell").loc[3, "source"]``,
``ws.clear_outputs(path)``, ``ws.table_info(path)``. Nothing here writes: clearing outputs
is a pending plan a person confirms.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..display import human_size
from ..i18n import _, ngettext
from ..text.nbview import NotebookText, cell_header, output_lines
from .actions import TABLE_CAP, Session, numbered, py_string, resolve_targets
from .changes import planned
from .commands import Command
from .reply import Reply

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["NOTEBOOK_HANDLERS", "cells_count", "notebook_path", "rows_count"]

_NOTEBOOK = ".ipynb"
_IN_NOTEBOOKS = "path.str.endswith('.ipynb')"
# Where a data file's columns are read from a header line as the file writes it.
_DELIMITED = {"csv", "tsv"}


def notebook_path(session: Session, target: str) -> str:
    """The notebook ``target`` names: the one it resolves to, or the one notebook whose name
    holds it ("stores 那个笔记本" is notebooks/02_stores.ipynb, not data/stores.tsv)."""
    path = resolve_targets(session, target)[0]
    if path.casefold().endswith(_NOTEBOOK) or "/" in target or posixpath.splitext(target)[1]:
        return path  # a path or a whole name typed: that file, notebook or not
    typed = target.casefold()
    files = session.ws.files
    named = [p for p in files.loc[files["suffix"] == _NOTEBOOK, "path"]
             if typed in posixpath.basename(p).casefold()]  # fmt: skip
    return named[0] if len(named) == 1 else path


def _not_a_notebook(path: str) -> Reply:
    return Reply(_("`{path}` is not a notebook, so it has no cells; name an .ipynb file.").format(
        path=path))


# -- which notebooks ------------------------------------------------------------------------


def _uses(session: Session, command: Command) -> Reply:
    """The lines of every notebook that use a word, each with its cell."""
    keyword = command.get("keyword")
    found = session.ws.grep(keyword, limit=TABLE_CAP)
    rows = found[found["path"].str.endswith(_NOTEBOOK)] if "path" in found else found
    line = f"ws.grep({py_string(keyword)}).query({py_string(_IN_NOTEBOOKS)}, engine=\"python\")"
    if rows.empty:
        return Reply(_("No notebook's cells say `{keyword}`.").format(keyword=keyword),
                     python=line)  # fmt: skip
    paths = list(dict.fromkeys(rows["path"]))
    session.context.remember(paths, "text search")
    text = ngettext("{count} notebook uses `{keyword}`; its lines, by cell:",
                    "{count} notebooks use `{keyword}`; their lines, by cell:",
                    len(paths)).format(count=len(paths), keyword=keyword)  # fmt: skip
    table = numbered(rows[["path", "cell", "line", "text"]])
    return Reply(text, table=table, python=line)


def _errors(session: Session, command: Command) -> Reply:
    """The notebooks with an error output (or whose outputs name the error asked about)."""
    name = command.get("keyword")
    if name:
        return _error_named(session, name)
    books = session.ws.notebooks
    rows = books.query("error_cells > 0")
    line = 'ws.notebooks.query("error_cells > 0")'
    if rows.empty:
        return Reply(ngettext("None of the {count} notebook has an error output.",
                              "None of the {count} notebooks has an error output.",
                              len(books)).format(count=len(books)), python=line)  # fmt: skip
    return _listed(session, rows[["path", "error_cells", "cells"]], line, ngettext(
        "{count} notebook has an error output:", "{count} notebooks have an error output:",
        len(rows)).format(count=len(rows)))


def _error_named(session: Session, name: str) -> Reply:
    found = session.ws.grep(name, limit=TABLE_CAP, outputs=True)
    keep = "path.str.endswith('.ipynb') and output.notna()"
    rows = found.query(keep, engine="python") if "output" in found else found.iloc[0:0]
    line = f"ws.grep({py_string(name)}, outputs=True).query({py_string(keep)}, engine=\"python\")"
    if rows.empty:
        return Reply(_("No notebook's outputs say `{name}`.").format(name=name), python=line)
    paths = list(dict.fromkeys(rows["path"]))
    session.context.remember(paths, "text search")
    text = ngettext("{count} notebook has `{name}` in its outputs:",
                    "{count} notebooks have `{name}` in their outputs:", len(paths)).format(
        count=len(paths), name=name)
    return Reply(text, table=numbered(rows[["path", "cell", "line", "text"]]), python=line)


def _never_run(session: Session, command: Command) -> Reply:
    books = session.ws.notebooks
    rows = books.query("code_cells > 0 and executed_cells == 0")
    line = 'ws.notebooks.query("code_cells > 0 and executed_cells == 0")'
    if rows.empty:
        return Reply(_("Every notebook with code cells has been run at least once."), python=line)
    return _listed(session, rows[["path", "code_cells", "cells"]], line, ngettext(
        "{count} notebook has code cells and none of them was ever run:",
        "{count} notebooks have code cells and none of them was ever run:",
        len(rows)).format(count=len(rows)))


def _largest(session: Session, command: Command) -> Reply:
    """The notebooks by the bytes their outputs take, largest first."""
    books = session.ws.notebooks
    count = int(command.get("n") or 0)
    rows = books.sort_values("output_bytes", ascending=False, kind="stable")
    line = 'ws.notebooks.sort_values("output_bytes", ascending=False)'
    if count and count < len(rows):
        rows, line = rows.head(count), line + f".head({count})"
    if rows.empty:
        return Reply(_("This workspace has no notebook."), python=line)
    top = rows.iloc[0]
    lead = _("The notebooks by the size of their outputs, largest first; `{path}` carries "
             "{size} of outputs:").format(path=top["path"],
                                          size=human_size(int(top["output_bytes"]), session.lang))
    return _listed(session, rows[["path", "output_bytes", "cells"]], line, lead)


def _listed(session: Session, rows: pd.DataFrame, line: str, lead: str) -> Reply:
    session.context.remember(rows["path"].tolist(), "notebooks")
    return Reply(lead, table=numbered(rows), python=line)


# -- one notebook ---------------------------------------------------------------------------


def _cell(session: Session, command: Command) -> Reply:
    """One cell of a notebook: its header, its source as written, its outputs summarised."""
    path = notebook_path(session, command.get("target"))
    if not path.casefold().endswith(_NOTEBOOK):
        return _not_a_notebook(path)
    number = int(command.get("cell"))
    doc = session.ws.read(path)
    assert isinstance(doc, NotebookText)
    session.context.remember_read([path])
    if not 1 <= number <= len(doc.cells):
        return Reply(ngettext("`{path}` has {count} cell; there is no cell {number}.",
                              "`{path}` has {count} cells; there is no cell {number}.",
                              len(doc.cells)).format(path=path, count=len(doc.cells),
                                                     number=number))  # fmt: skip
    cell = doc.cells[number - 1]
    body = [cell_header(cell)]
    if cell.source:
        body.append(cell.source.removesuffix("\n"))
    for output in cell.outputs:
        body += output_lines(output)
    shown = "\n".join(body).replace("```", "`\u200b``")
    lead = _("Cell {number} of `{path}` ({kind}):").format(number=number, path=path,
                                                          kind=cell.cell_type)  # fmt: skip
    line = f"ws.cells({py_string(path)}).set_index(\"cell\").loc[{number}, \"source\"]"
    return Reply(f"{lead}\n```\n{shown}\n```", files_read=[path], python=line)


def _clear_outputs(session: Session, command: Command) -> Reply:
    path = notebook_path(session, command.get("target"))
    if not path.casefold().endswith(_NOTEBOOK):
        return Reply(_("`{path}` is not a notebook, so it has no outputs to clear.").format(
            path=path))
    return planned([session.ws.clear_outputs(path)], f"ws.clear_outputs({py_string(path)})")


def cells_count(session: Session, target: str, measure: str) -> Reply:
    """How many cells the notebook ``target`` names has (all, or its code or Markdown cells)."""
    path = notebook_path(session, target)
    if not path.casefold().endswith(_NOTEBOOK):
        return _not_a_notebook(path)
    cells = session.ws.cells(path)
    code = int((cells["cell_type"] == "code").sum())
    markdown = int((cells["cell_type"] == "markdown").sum())
    session.context.remember_read([path])
    quoted = py_string(path)
    if measure == "cells":
        text = ngettext("`{path}` has {count} cell: {code} code, {markdown} Markdown.",
                        "`{path}` has {count} cells: {code} code, {markdown} Markdown.",
                        len(cells)).format(path=path, count=len(cells), code=code,
                                           markdown=markdown)  # fmt: skip
        return Reply(text, python=f"len(ws.cells({quoted}))")
    kind = "code" if measure == "code_cells" else "markdown"
    count = code if kind == "code" else markdown
    text = (ngettext("`{path}` has {count} code cell (of {total}).",
                     "`{path}` has {count} code cells (of {total}).", count) if kind == "code"
            else ngettext("`{path}` has {count} Markdown cell (of {total}).",
                          "`{path}` has {count} Markdown cells (of {total}).", count))
    query = py_string(f"cell_type == '{kind}'")
    return Reply(text.format(path=path, count=count, total=len(cells)),
                 python=f"len(ws.cells({quoted}).query({query}))")


# -- data files -----------------------------------------------------------------------------


def rows_count(session: Session, path: str) -> Reply:
    """How many rows of data a table holds (its header line not counted)."""
    info = session.ws.table_info(path)
    session.context.remember_read([path])
    line = f"ws.table_info({py_string(path)}).rows"
    if info.rows is None:
        return Reply(_("`{path}`'s rows were not counted: {note}").format(path=path,
                                                                          note=info.note))
    if info.layout.header and info.format in _DELIMITED:
        text = ngettext("`{path}` has {count} row of data, under its header line.",
                        "`{path}` has {count} rows of data, under its header line.",
                        info.rows)  # fmt: skip
    else:
        text = ngettext("`{path}` has {count} row of data.", "`{path}` has {count} rows of data.",
                        info.rows)  # fmt: skip
    return Reply(text.format(path=path, count=f"{info.rows:,}"), python=line)


def _columns(session: Session, command: Command) -> Reply:
    """A data file's columns in order with their dtypes, and how it is written."""
    path = resolve_targets(session, command.get("target"))[0]
    info = session.ws.table_info(path)
    session.context.remember_read([path])
    lead = info.summary().replace(path, f"`{path}`", 1)
    if info.format in _DELIMITED and info.layout.header and info.layout.sep:
        header = info.layout.sep.join(name for name, _dtype in info.columns)
        lead += "\n" + _("Its header line: `{header}`.").format(
            header=header.replace("\t", "\\t"))
    listed = "\n".join(f"- `{name}`: {dtype}" for name, dtype in info.columns)
    parts = [lead, listed]
    if info.layout.sentence():
        parts.append(info.layout.sentence())
    return Reply("\n\n".join(parts), python=f"ws.table_info({py_string(path)})")


NOTEBOOK_HANDLERS: dict[str, Callable[[Session, Command], Reply]] = {
    "notebook_uses": _uses, "notebook_errors": _errors, "notebooks_never_run": _never_run,
    "notebooks_by_output": _largest, "cell": _cell, "clear_outputs": _clear_outputs,
    "columns": _columns,
}  # fmt: skip
