"""The agent's answer to one message: Markdown text, a table, plans, files read, the mode.

``text/plain`` reads well in a terminal and is stable for notebook tests (the
Markdown's marks taken out, tables as aligned columns); ``text/html`` renders
the Markdown lightly, the table, and each plan. Both show the table's headers
and cells in the reply's language (``wsnb.agent.shown``); ``table`` keeps the data.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..i18n import _
from .plaintext import markdown_plain, text_width
from .shown import shown_table

if TYPE_CHECKING:
    import pandas as pd

    from ..plans.plan import Plan

__all__ = ["OFFLINE", "Reply", "markdown_html", "markdown_inline", "more_rows", "python_note"]

OFFLINE = "offline"
TABLE_ROWS = 30


@dataclass
class Reply:
    """What ``ws.ask()`` returns.

    In a notebook a reply shows with live plan cards; ``plain()`` is its text form.

    Attributes
    ----------
    text : str
        The answer, in Markdown.
    table : pandas.DataFrame or None
        The whole result (search hits, listings), when there is one.
    plans : list of Plan
        The pending plans this message produced: confirm or cancel them.
    files_read : list of str
        The workspace paths read to answer.
    mode : str
        ``"offline"`` or the model's name.
    intent : str
        The kind of message (a code, in English).
    lang : str
        The language of the message it answers, and of its sentences.
    """

    text: str
    table: pd.DataFrame | None = None
    plans: list[Plan] = field(default_factory=list)
    files_read: list[str] = field(default_factory=list)
    mode: str = OFFLINE
    intent: str = "workspace"
    lang: str = "en"
    python: str = ""
    columns: tuple[str, ...] = ()
    lab_open: str = ""

    def __str__(self) -> str:
        return self.plain()

    def __repr__(self) -> str:
        first = self.text.splitlines()[0] if self.text else ""
        return f"<Reply {self.mode} {self.intent}: {first}>"

    def plain(self) -> str:
        """Everything as plain text: the answer, the table, the plans, the files read.

        Returns
        -------
        str
        """
        parts = [markdown_plain(self.text).rstrip()]
        shown = self.shown
        if shown is not None and len(shown):
            parts.append(_table_text(shown, self.lang))
        if self.python:
            parts.append(python_note(self.python, self.lang))
        parts += [plan.describe() for plan in self.plans]
        if self.files_read:
            parts.append(_("Files read: {paths}", lang=self.lang).format(
                paths=", ".join(self.files_read)))
        return "\n\n".join(p for p in parts if p)

    @property
    def shown(self) -> pd.DataFrame | None:
        """The table as a person sees it: ``columns`` of it when they are given."""
        if self.table is None or not self.columns:
            return self.table
        return self.table[[c for c in self.columns if c in self.table.columns]]

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """A reply view with live plan cards inside a Jupyter kernel; text and HTML elsewhere."""
        from ..renderers import view_bundle  # the view the notebook face registered

        bundle = view_bundle(self, **kwargs)
        if bundle is not None:
            return bundle
        return {"text/plain": self.plain(), "text/html": self._html()}

    def _html(self) -> str:
        parts = [f'<div class="wsnb-reply">{markdown_html(self.text)}']
        table = self.shown
        if table is not None and len(table):
            numbered = table.index.name == "#"
            shown = shown_table(table.head(TABLE_ROWS), self.lang)
            parts.append(shown.to_html(index=numbered, index_names=False, border=0))
            if len(table) > TABLE_ROWS:
                note = more_rows(TABLE_ROWS, len(table), self.lang)
                parts.append(f"<p><small>{html.escape(note)}</small></p>")
        if self.python:
            parts.append(f"<p>{markdown_inline(python_note(self.python, self.lang))}</p>")
        parts += [f"<pre>{html.escape(plan.describe())}</pre>" for plan in self.plans]
        if self.files_read:
            cited = ", ".join(f"<code>{html.escape(p)}</code>" for p in self.files_read)
            said = _("Files read: {paths}", lang=self.lang).format(paths=cited)
            parts.append(f"<p><small>{said}</small></p>")
        mode = _("mode: {mode}", lang=self.lang).format(mode=html.escape(self.mode))
        parts.append(f"<p><small>{mode}</small></p></div>")
        return "\n".join(parts)


def _table_text(table: pd.DataFrame, lang: str) -> str:
    import pandas as pd

    head = table.head(TABLE_ROWS)
    shown = shown_table(head, lang)
    columns: list[tuple[bool, list[str]]] = []
    if head.index.name == "#":  # the numbers a person picks from ("the second one")
        columns.append((True, ["#", *(str(i) for i in head.index)]))
    for label, column in zip(shown.columns, head.columns, strict=True):
        series = head[column]  # counts and sizes line up right, words and flags left
        right = pd.api.types.is_numeric_dtype(series) and not pd.api.types.is_bool_dtype(series)
        cells = [_cell(v) for v in shown[label]]
        columns.append((right, [str(label), *cells]))
    text = "\n".join(_row([cells[row] for _right, cells in columns], columns)
                     for row in range(len(head) + 1))  # fmt: skip
    if len(table) > len(head):
        text += "\n" + more_rows(len(head), len(table), lang)
    return text


def _cell(value: object) -> str:
    text = str(value).replace("\n", " ")
    return text if len(text) <= 60 else text[:59] + "…"


def _row(cells: list[str], columns: list[tuple[bool, list[str]]]) -> str:
    parts = []
    for cell, (right, all_cells) in zip(cells, columns, strict=True):
        pad = " " * (max(text_width(c) for c in all_cells) - text_width(cell))
        parts.append(pad + cell if right else cell + pad)
    return "  ".join(parts).rstrip()


def python_note(line: str, lang: str | None = None) -> str:
    """The line under a table: the Python that gives the same result."""
    return _("In Python: `{line}`", lang=lang).format(line=line)


def markdown_inline(text: str) -> str:
    """One line of Markdown as HTML: inline code and bold."""
    body = html.escape(text)
    for pattern, repl in _INLINE:
        body = pattern.sub(repl, body)
    return body


def more_rows(shown: int, total: int, lang: str | None = None) -> str:
    """The line under a table shown in part: how many rows are left out, and where they are."""
    return _("… {more} more rows ({shown} of {total} shown; reply.table holds them all)",
             lang=lang).format(more=f"{total - shown:,}", shown=shown, total=f"{total:,}")


_INLINE = [
    (re.compile(r"`([^`]+)`"), r"<code>\1</code>"),
    (re.compile(r"\*\*([^*]+)\*\*"), r"<b>\1</b>"),
]


def markdown_html(text: str) -> str:
    """A light Markdown rendering: headings, bullet lists, code blocks, inline code, bold."""
    out: list[str] = []
    in_code = in_list = False
    for line in text.splitlines():
        if line.startswith("```"):
            out.append("</pre>" if in_code else "<pre>")
            in_code = not in_code
            continue
        if in_code:
            out.append(html.escape(line))
            continue
        body = html.escape(line)
        for pattern, repl in _INLINE:
            body = pattern.sub(repl, body)
        is_item = line.lstrip().startswith(("- ", "* "))
        if is_item != in_list:
            out.append("<ul>" if is_item else "</ul>")
            in_list = is_item
        heading = re.match(r"(#{1,6})\s+(.*)", body)
        if is_item:
            out.append(f"<li>{body.lstrip()[2:]}</li>")
        elif heading:
            level = min(len(heading.group(1)) + 2, 6)
            out.append(f"<h{level}>{heading.group(2)}</h{level}>")
        elif len(line) > 2 and line.startswith("_") and line.endswith("_"):
            out.append(f"<p><i>{body[1:-1]}</i></p>")  # a whole line in italics (a note)
        elif body.strip():
            out.append(f"<p>{body}</p>")
    out += ["</pre>"] if in_code else []
    out += ["</ul>"] if in_list else []
    return "\n".join(out)
