"""Notebook changes as plans: a cell's new source, a cell inserted or deleted, outputs cleared.

``edit_notebook`` (``mode``: ``replace``, ``insert``, ``delete`` or ``clear_outputs``)
and ``edit_file`` on an ``.ipynb`` (``text_edits``: exact old text to new text, matched
inside cell sources, the text the cells view shows) are writes like any other: the
plan's new bytes are the notebook's own text with only the changed cells' lines
spliced (``wsnb.text.nbsplice``), checked and validated before it is proposed; the
card shows the cells that change (``wsnb.text.nbdiff``), never JSON; confirming backs
the file up and writes it atomically; a file changed since the plan is refused as
stale; undo puts the backup back byte for byte.
"""

from __future__ import annotations

from typing import Any

from ..errors import EditMatchError, UnsupportedFileError, UsageError
from ..i18n import N_, _, ngettext
from ..plans.building import start_plan
from ..plans.plan import Plan
from ..policy.access import WsPath
from ..text.edits import TextEdit, apply_edits
from ..text.nbdiff import cleared_diff, deleted_diff, inserted_diff, source_diff
from ..text.nbsplice import (
    CELL_TYPES,
    Spliced,
    clear_outputs,
    delete_cell,
    insert_cell,
    replace_sources,
)
from ..text.notebook import NOTEBOOK_MAX_BYTES, Cell, Notebook, parse_notebook
from ..types import ActionType, Risk, Rule
from .base import ToolContext
from .files import WriteFileTool

__all__ = ["MODES", "EditNotebookTool", "text_edits"]

MODES = ("replace", "insert", "delete", "clear_outputs")


class EditNotebookTool(WriteFileTool):
    """A notebook changed cell by cell, backed up first, written atomically; journaled as a
    write (undo puts the backup back)."""

    name: str = "edit_notebook"
    display_name: str = N_("Edit notebook")
    action: ActionType = ActionType.WRITE_FILE
    risk: Risk = Risk.MEDIUM

    def plan(self, ctx: ToolContext, **params: Any) -> Plan:
        optional = {"cell": None, "new_source": None, "cell_type": None}
        plan, values = start_plan(self, ctx, _title(params), params, ("path", "mode"), optional)
        if values is None:
            return plan
        mode = values["mode"]
        if mode not in MODES:
            return plan.refuse(_("mode must be one of {modes}, not {mode!r}.").format(
                modes=", ".join(repr(m) for m in MODES), mode=mode), Rule.NOT_ALLOWED)
        loaded = _load(self, ctx, plan, values["path"])
        if loaded is None:
            return plan
        target, notebook = loaded
        try:
            spliced, diff, description = _change(target, notebook, values)
        except UsageError as exc:
            return plan.refuse(_("{path}: {reason}").format(path=target, reason=exc.reason),
                               Rule.NOT_ALLOWED)  # fmt: skip
        _finish(plan, notebook, spliced, diff, description)
        return plan


def _title(params: dict[str, Any]) -> str:
    path, cell, mode = params.get("path"), params.get("cell"), params.get("mode")
    if mode == "insert":
        return _("Insert a cell into {path}").format(path=path)
    if mode == "delete":
        return _("Delete cell {cell} of {path}").format(cell=cell, path=path)
    if mode == "clear_outputs":
        return _("Clear the outputs of {path}").format(path=path)
    return _("Edit cell {cell} of {path}").format(cell=cell, path=path)


def _load(tool: WriteFileTool, ctx: ToolContext, plan: Plan,
          path: Any) -> tuple[WsPath, Notebook] | None:  # fmt: skip
    """The checked notebook as it is now, watched for the stale check; None after refusing."""
    target, old = tool._current(ctx, plan, path, most=NOTEBOOK_MAX_BYTES)
    if target is None or old is None:
        return None
    try:
        text = old.decode("utf-8")
        return target, parse_notebook(text, target.relative)
    except UnicodeDecodeError:
        plan.refuse(_("{path} is not UTF-8, so it is not a notebook wsnb can edit.").format(
            path=target), Rule.NOT_TEXT)
    except UnsupportedFileError as exc:
        plan.refuse(exc.reason, Rule.NOT_TEXT)
    return None


def _change(target: WsPath, notebook: Notebook,
            values: dict[str, Any]) -> tuple[Spliced, str, str]:  # fmt: skip
    mode, path = values["mode"], target.relative
    if mode == "clear_outputs":
        cleared = [cell for cell in notebook.cells if cell.outputs or cell.execution_count]
        if not cleared:
            raise UsageError(_("no cell has an output or an execution count, so there is "
                               "nothing to clear."))  # fmt: skip
        spliced = clear_outputs(notebook)
        outputs = sum(len(cell.outputs) for cell in cleared)
        said = ngettext("Clears {outputs:,} output and the execution counts of {cells:,} cell.",
                        "Clears {outputs:,} outputs and the execution counts of {cells:,} cells.",
                        len(cleared)).format(outputs=outputs, cells=len(cleared))
        return spliced, cleared_diff(path, cleared), said
    if mode == "insert":
        return _insert(target, notebook, values)
    number = cell_number(notebook, values["cell"], path)
    cell = notebook.cells[number - 1]
    if mode == "delete":
        said = _("Deletes cell {number} ({kind}); the cells after it move up one.").format(
            number=number, kind=cell.cell_type)
        return delete_cell(notebook, number), deleted_diff(path, cell), said
    source = _source(values["new_source"])
    if values["cell_type"] not in (None, cell.cell_type):
        raise UsageError(_("cell {number} is a {kind} cell; replacing keeps its type, so "
                           "leave cell_type out (or delete it and insert a {wanted} "
                           "cell).").format(number=number, kind=cell.cell_type,
                                            wanted=values["cell_type"]))  # fmt: skip
    if source == cell.source:
        raise UsageError(_("the new source is the same as cell {number}'s, so nothing would "
                           "change.").format(number=number))  # fmt: skip
    said = _("New source for cell {number} ({kind}); its outputs are kept.").format(
        number=number, kind=cell.cell_type)
    return replace_sources(notebook, {number: source}), source_diff(path, [(cell, source)]), said


def _insert(target: WsPath, notebook: Notebook,
            values: dict[str, Any]) -> tuple[Spliced, str, str]:  # fmt: skip
    kind = values["cell_type"] or "code"
    if kind not in CELL_TYPES:
        raise UsageError(_("cell_type must be 'code', 'markdown' or 'raw', not {kind!r}.").format(
            kind=kind))
    source = _source(values["new_source"])
    position = cell_number(notebook, values["cell"], target.relative, insert=True)
    raw: dict[str, Any] = {"cell_type": kind, "metadata": {},
                           "source": source.splitlines(keepends=True)}  # fmt: skip
    if kind == "code":
        raw.update(execution_count=None, outputs=[])
    if notebook.has_ids:
        raw["id"] = _new_id(notebook, source, position)
    spliced = insert_cell(notebook, position, raw)
    new = Cell(position, raw.get("id"), kind, source)
    said = _("A new {kind} cell becomes cell {number}; the cells from there move down "
             "one.").format(kind=kind, number=position)
    return spliced, inserted_diff(target.relative, new), said


def _source(value: Any) -> str:
    if not isinstance(value, str):
        raise UsageError(_("new_source must be the cell's text (a str)."))
    return value.replace("\r\n", "\n").replace("\r", "\n")


def _new_id(notebook: Notebook, source: str, position: int) -> str:
    """A cell id no cell of the notebook has: the same for the same proposal made again
    (a stored plan is made again when confirmed)."""
    import hashlib

    taken = {cell.cell_id for cell in notebook.cells}
    seed = f"{position}\0{len(notebook.cells)}\0{source}"
    for attempt in range(100):
        made = hashlib.sha1(f"{seed}\0{attempt}".encode()).hexdigest()[:8]
        if made not in taken:
            return made
    raise UsageError(_("no free cell id could be made; try again."))


def cell_number(notebook: Notebook, cell: Any, path: str, *, insert: bool = False) -> int:
    """The cell a person or a model named: a number from 1, or an id (with ``insert``: the
    number the new cell gets; an id puts it right after that cell)."""
    count = len(notebook.cells)
    most = count + 1 if insert else count
    if isinstance(cell, str) and cell.strip():
        for found in notebook.cells:
            if found.cell_id == cell:
                return found.number + 1 if insert else found.number
        if not cell.strip().isdigit():
            if not notebook.has_ids:
                raise UsageError(_("its cells have no ids (nbformat {version}); name the cell "
                                   "by its number, from 1.").format(version=notebook.version))
            raise UsageError(_("no cell has the id {id!r}; the cells view (ws.read) shows each "
                               "cell's id.").format(id=cell))  # fmt: skip
        cell = int(cell)
    if isinstance(cell, bool) or not isinstance(cell, int):
        raise UsageError(_("cell must be a cell's number (from 1) or its id, not {cell!r}.")
                         .format(cell=cell))  # fmt: skip
    if not 1 <= cell <= most:
        if count == 0 and not insert:
            raise UsageError(_("the notebook has no cells."))
        raise UsageError(ngettext("the notebook has {count:,} cell, so cell must be from 1 to "
                                  "{most:,}, not {cell}.", "the notebook has {count:,} cells, so "
                                  "cell must be from 1 to {most:,}, not {cell}.", count).format(
            count=count, most=most, cell=cell))
    return cell


def _finish(plan: Plan, notebook: Notebook, spliced: Spliced, diff: str,
            description: str) -> None:  # fmt: skip
    """The plan's new bytes (the file's BOM kept), its cell diff, and what it does."""
    bom = "\ufeff" if notebook.text.startswith("\ufeff") and not spliced.text.startswith(
        "\ufeff") else ""  # fmt: skip
    new = (bom + spliced.text).encode("utf-8")
    old_size = len(notebook.text.encode("utf-8"))
    plan.data["new_bytes"] = new
    plan.diff = diff
    size = _("The file goes from {old:,} to {new:,} bytes; the old version is backed up "
             "first.").format(old=old_size, new=len(new))
    plan.description = f"{description} {size}"


def text_edits(tool: WriteFileTool, ctx: ToolContext, plan: Plan, path: Any,
               edits: list[TextEdit]) -> Plan:  # fmt: skip
    """``edit_file`` on a notebook: each edit's old text matched inside the cell sources (once
    in the whole notebook, or everywhere with ``replace_all``); only those cells change."""
    loaded = _load(tool, ctx, plan, path)
    if loaded is None:
        return plan
    target, notebook = loaded
    try:
        sources, replaced, loose = _matched(notebook, edits)
        changed = {number: source for number, source in sources.items()
                   if source != notebook.cells[number - 1].source}  # fmt: skip
        spliced = replace_sources(notebook, changed)
    except EditMatchError as exc:
        plan.data["match"] = {"edit": exc.edit, "count": exc.count, "lines": list(exc.lines)}
        return plan.refuse(_("{path}: {reason}").format(path=target, reason=exc.reason),
                           Rule.NOT_ALLOWED)  # fmt: skip
    except UsageError as exc:
        return plan.refuse(_("{path}: {reason}").format(path=target, reason=exc.reason),
                           Rule.NOT_ALLOWED)  # fmt: skip
    pairs = [(notebook.cells[number - 1], source) for number, source in sorted(changed.items())]
    places, cells = sum(replaced), ", ".join(str(number) for number in sorted(changed))
    said = (ngettext("{count:,} place changed in cell {cells}.",
                     "{count:,} places changed in cell {cells}.", places) if len(changed) == 1
            else ngettext("{count:,} place changed in cells {cells}.",
                          "{count:,} places changed in cells {cells}.", places)).format(
        count=places, cells=cells)  # fmt: skip
    _finish(plan, notebook, spliced, source_diff(target.relative, pairs), said)
    plan.warnings += [_("Edit {number} matched only once whitespace was forgiven; check "
                        "the indentation in the diff.").format(number=number)
                      for number, was_loose in enumerate(loose, 1) if was_loose]  # fmt: skip
    return plan


def _matched(notebook: Notebook, edits: list[TextEdit]) -> tuple[dict[int, str], list[int],
                                                                  list[bool]]:  # fmt: skip
    """Every cell's source after the edits, and for each edit how many places and how."""
    sources = {cell.number: cell.source for cell in notebook.cells}
    replaced: list[int] = []
    loose: list[bool] = []
    for number, edit in enumerate(edits, 1):
        old = edit.old_text.replace("\r\n", "\n").replace("\r", "\n")
        new = edit.new_text.replace("\r\n", "\n").replace("\r", "\n")
        exact = {cell: text.count(old) for cell, text in sources.items() if old in text}
        total = sum(exact.values())
        if total > 1 and not edit.replace_all:
            raise _ambiguous(number, total, list(exact))
        if total:
            for cell in exact:
                sources[cell] = sources[cell].replace(old, new)
            replaced.append(total)
            loose.append(False)
            continue
        found = _loosely(number, sources, edit)
        if len(found) > 1 and not edit.replace_all:
            raise _ambiguous(number, sum(count for _text, count in found.values()), list(found))
        for cell, (text, _count) in found.items():
            sources[cell] = text
        replaced.append(sum(count for _text, count in found.values()))
        loose.append(True)
    return sources, replaced, loose


def _loosely(number: int, sources: dict[int, str],
             edit: TextEdit) -> dict[int, tuple[str, int]]:  # fmt: skip
    """The cells where the edit matches with whitespace forgiven: their new text and count."""
    found: dict[int, tuple[str, int]] = {}
    for cell, text in sources.items():
        try:
            outcome = apply_edits(text, [edit])
        except EditMatchError as exc:
            if exc.count == 0:
                continue
            raise _ambiguous(number, exc.count, [cell]) from None
        found[cell] = (outcome.text, outcome.replaced[0])
    if not found:
        raise EditMatchError(_(
            "Edit {number}: old_text matched no place in the notebook's cells, not even with "
            "whitespace forgiven. Read the notebook again (its cells view) and quote a cell's "
            "text exactly."
        ).format(number=number), edit=number, count=0)  # fmt: skip
    return found


def _ambiguous(number: int, count: int, cells: list[int]) -> EditMatchError:
    shown = ", ".join(str(cell) for cell in cells[:8])
    return EditMatchError(_(
        "Edit {number}: old_text matches {count:,} places (in cells {cells}); quote more of "
        "the surrounding text so it matches once, or set replace_all to change every one."
    ).format(number=number, count=count, cells=shown), edit=number, count=count)
