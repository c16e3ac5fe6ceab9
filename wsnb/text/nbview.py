"""The cells view: a notebook as the text a person or an agent reads, cell by cell.

Every face reads this one view (``ws.read``, the MCP ``read_file``, the chat)::

    ── cell 2 · code · [5] · id 9f1e0c ──
    df = pd.read_csv("data.csv")
    df.head()
    ── output ──
       a  b
    0  1  2
    ── output ──
    [image/png, 33.2 KiB]

Each cell is a header line (number, type, execution count, id where the file has
one) and its source as written. Outputs follow, each under its own line: text and
errors as text, cut per output with the cut said (an error keeps its last lines,
where the exception is); an image, HTML or script is named with its size; a widget
is named, never its state dumped. No base64 ever reaches the view.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..display import human_size
from ..i18n import _, ngettext
from ..types import FileText
from .notebook import Cell, Notebook, Output

__all__ = [
    "OUTPUT_CHARS",
    "OUTPUT_LINES",
    "NotebookText",
    "cell_header",
    "cells_view",
    "notebook_text",
    "output_lines",
    "view_line",
]

OUTPUT_LINES = 20
"""Lines of one output the view shows (an error: its last lines)."""
OUTPUT_CHARS = 2000
"""Characters of one output the view shows."""

_TEXT_MIMES = frozenset({"text/plain", "text/markdown", "text/latex"})
_WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def cells_view(notebook: Notebook) -> str:
    """The whole notebook as the cells view's text (a line per header, sources whole)."""
    parts: list[str] = []
    for cell in notebook.cells:
        parts.append(cell_header(cell))
        if cell.source:
            parts.append(cell.source.removesuffix("\n"))
        for output in cell.outputs:
            parts += output_lines(output)
    return "\n".join(parts) + ("\n" if parts else "")


def cell_header(cell: Cell) -> str:
    """``── cell 2 · code · [5] · id 9f1e0c ──``: what the cell is, as its view's first line."""
    bits = [_("cell {number}").format(number=cell.number), cell.cell_type or "?"]
    if cell.execution_count is not None:
        bits.append(f"[{cell.execution_count}]")
    if cell.cell_id:
        bits.append(_("id {id}").format(id=cell.cell_id))
    return "── " + " · ".join(bits) + " ──"


def output_lines(output: Output) -> list[str]:
    """One output under its header line: its text cut to ``OUTPUT_LINES``, the rest named."""
    if output.kind == "error":
        head = _("── error: {name} ──").format(name=output.name or "?")
        return [head, *_tail(output.text or f"{output.name}: {output.evalue}")]
    if output.kind == "stream":
        stderr = f" ({output.name})" if output.name == "stderr" else ""
        head = "── " + _("output") + stderr + " ──"
        return [head, *_head(output.text)]
    lines = ["── " + _("output") + " ──"]
    if output.widget:
        lines.append(_("[widget: {name}]").format(name=output.widget))
    named = [f"[{mime}, {human_size(size)}]" for mime, size in output.mimes
             if mime not in _TEXT_MIMES and mime != _WIDGET_VIEW]  # fmt: skip
    if output.text and not output.widget:
        lines += _head(output.text)
    lines += named
    if len(lines) == 1:
        lines.append(_("[no data]") if output.kind in ("execute_result", "display_data")
                     else f"[{output.kind or '?'}]")  # fmt: skip
    return lines


def _head(text: str) -> list[str]:
    """The first lines of an output's text, and a line saying what was left out."""
    lines = text.removesuffix("\n").split("\n")
    shown = _fit(lines)
    more = len(lines) - len(shown)
    if more <= 0 and sum(map(len, shown)) >= sum(map(len, lines)):
        return shown
    return [*shown, _cut_line(lines, shown, earlier=False)]


def _tail(text: str) -> list[str]:
    """The last lines of a traceback (where the exception is), and what was left out."""
    lines = text.removesuffix("\n").split("\n")
    shown = list(reversed(_fit(list(reversed(lines)))))
    if len(shown) == len(lines) and sum(map(len, shown)) >= sum(map(len, lines)):
        return shown
    return [_cut_line(lines, shown, earlier=True), *shown]


def _fit(lines: list[str]) -> list[str]:
    """As many of ``lines`` (from the first) as ``OUTPUT_LINES`` and ``OUTPUT_CHARS`` allow."""
    shown: list[str] = []
    room = OUTPUT_CHARS
    for line in lines[:OUTPUT_LINES]:
        if len(line) > room:
            if room > 0:
                shown.append(line[:room] + "…")
            break
        shown.append(line)
        room -= len(line) + 1
    return shown


def _cut_line(lines: list[str], shown: list[str], *, earlier: bool) -> str:
    more = len(lines) - len(shown)
    chars = sum(len(line) + 1 for line in lines) - sum(len(line) + 1 for line in shown)
    if more > 0:
        message = (ngettext("… {count:,} earlier line of this output not shown ({chars:,} "
                            "characters)", "… {count:,} earlier lines of this output not shown "
                            "({chars:,} characters)", more) if earlier else
                   ngettext("… {count:,} more line of this output not shown ({chars:,} "
                            "characters)", "… {count:,} more lines of this output not shown "
                            "({chars:,} characters)", more))  # fmt: skip
        return message.format(count=more, chars=max(chars, 0))
    return _("… a long line of this output cut ({chars:,} characters not shown)").format(
        chars=max(chars, 0))


@dataclass(frozen=True, slots=True, repr=False)  # FileText's repr: a header and the first lines
class NotebookText(FileText):
    """A notebook as read: ``text`` is its cells view, ``cells`` the cells themselves.

    A ``FileText`` like any read (``str(doc)`` is the text), so code that reads files
    reads notebooks too; ``ws.read(path, raw=True)`` gives the file's JSON instead.
    ``size`` is the file's size; ``view_size`` the whole view's, which ``limit`` cut
    when ``truncated``.

    Attributes
    ----------
    cells : tuple of Cell
        Each cell: ``number`` (from 1), ``cell_id``, ``cell_type``, ``source``,
        ``execution_count``, ``outputs`` (summarised), ``output_bytes``.
    nbformat : str
        The format version, ``"4.4"``.
    kernel, language : str
        From the notebook's metadata ("" when it names none).
    view_size : int
        The bytes of the whole cells view.
    """

    cells: tuple[Cell, ...] = ()
    nbformat: str = ""
    kernel: str = ""
    language: str = ""
    view_size: int = 0

    def cut_note(self) -> str:
        """The sentence saying the view was cut, or "" when it is whole."""
        if not self.truncated:
            return ""
        return _("{path}: showing the first {limit:,} bytes of its cells view ({size:,} "
                 "bytes); pass a larger max_bytes to read more").format(
            path=self.path, limit=self.limit or 0, size=self.view_size)

    def header(self) -> str:
        """One line about the notebook: path, format, kernel, cells, and a cut."""
        code = sum(cell.cell_type == "code" for cell in self.cells)
        head = ngettext("{path} (notebook {version}, {kernel}, {count:,} cell: {code:,} code, "
                        "{size:,} bytes)", "{path} (notebook {version}, {kernel}, {count:,} "
                        "cells: {code:,} code, {size:,} bytes)", len(self.cells)).format(
            path=self.path, version=self.nbformat, kernel=self.kernel or self.language or "?",
            count=len(self.cells), code=code, size=self.size)
        if not self.truncated:
            return head
        return head + "\n" + _("Note: {note}").format(note=self.cut_note())


def notebook_text(path: str, notebook: Notebook, size: int, limit: int | None,
                  view: str | None = None) -> NotebookText:
    """The notebook's cells view as a read's answer, cut at ``limit`` bytes (a whole line)."""
    view = cells_view(notebook) if view is None else view
    data = view.encode("utf-8")
    truncated = limit is not None and len(data) > limit
    if truncated:
        assert limit is not None
        cut = data[:limit].decode("utf-8", "ignore")
        view = cut[: cut.rfind("\n") + 1] or cut
    return NotebookText(path=path, text=view, encoding="utf-8", newline="\n",
                        truncated=truncated, size=size, limit=limit if truncated else None,
                        cells=notebook.cells, nbformat=notebook.version, kernel=notebook.kernel,
                        language=notebook.language, view_size=len(data))  # fmt: skip


def view_line(doc: NotebookText, cell: int, line: int) -> int:
    """Where line ``line`` of cell ``cell`` is in the cells view's text (1-based), or 1."""
    if not 1 <= cell <= len(doc.cells):
        return 1
    header = cell_header(doc.cells[cell - 1])
    for number, text in enumerate(doc.text.split("\n"), 1):
        if text == header:
            return number + line
    return 1
