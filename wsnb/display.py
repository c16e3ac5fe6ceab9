"""Tables that print for people while their data stays exact: ``ReadableFrame``.

pandas right-aligns every column, so a tree's branches (``├── src``) and the
lines of code a text search found came out ragged, and times printed down to
the nanosecond. A ``ReadableFrame`` is a plain DataFrame (a ``NotedFrame``, so
a cut still says so under it) whose *display* only is readable:

- text columns named in ``attrs["left"]`` are left-aligned, kept as they are
  (spaces and branches), in the code font in a notebook;
- sizes (``size``, ``bytes``) read ``1.5 KiB``; datetimes read ``2026-12-01 08:06``.

The values are untouched: ``frame["size"]`` is still bytes and ``frame["modified"]``
still datetimes, so filters and sorts work as before.
"""

from __future__ import annotations

import html
import unicodedata
from collections.abc import Callable, Iterable
from typing import Any

import pandas as pd

from .i18n import N_, _
from .noted import NotedFrame

__all__ = ["COLUMN_WORDS", "ReadableFrame", "column_labels", "human_size", "readable"]

_UNITS = ("bytes", "KiB", "MiB", "GiB", "TiB")
_SIZE_COLUMNS = ("size", "bytes")
_TIME_FORMAT = "%Y-%m-%d %H:%M"
_SECOND_FORMAT = "%Y-%m-%d %H:%M:%S"
_NOTE_STYLE = "margin:0.3em 0;color:var(--jp-warn-color0, #8a5a00);font-size:90%"


# The header a person reads for a column, keyed by the data's (English) column name.
COLUMN_WORDS: dict[str, str] = {
    "path": N_("path"),
    "name": N_("name"),
    "is_dir": N_("folder"),
    "folder": N_("folder"),
    "size": N_("size"),
    "bytes": N_("size"),
    "matches": N_("matches"),
    "line": N_("line"),
    "text": N_("text"),
    "kind": N_("kind"),
    "modified": N_("modified"),
    "suffix": N_("suffix"),
    "language": N_("language"),
    "files": N_("file count"),
    "share": N_("share of files"),  # one meaning wherever it shows: the summary's languages
    "reason": N_("reason"),
    # a notebook's cells and outputs (ws.cells, ws.notebooks, grep rows of a notebook)
    "cell": N_("cell"),
    "cells": N_("cells"),
    "code_cells": N_("code cells"),
    "error_cells": N_("cells with an error"),
    "output_bytes": N_("output size"),
    "output": N_("output"),
}


def column_labels(columns: Iterable[object], lang: str | None = None) -> list[str]:
    """The headers a person reads for ``columns`` (a ``Styler`` takes them with
    ``relabel_index(labels, axis="columns")``, its formats still keyed by the data's names)."""
    return [_(COLUMN_WORDS[c], lang=lang) if isinstance(c, str) and c in COLUMN_WORDS else str(c)
            for c in columns]  # fmt: skip


def human_size(size: float, lang: str | None = None) -> str:
    """``1536`` -> ``'1.5 KiB'``; a byte count for people (binary units, as file managers do).

    A count under one KiB is said in the current language (or ``lang``): "12 bytes", "12 字节".
    """
    if size < 1024:
        from .i18n import ngettext

        count = int(size)
        return ngettext("{count} byte", "{count} bytes", count, lang=lang).format(count=count)
    value = float(size)
    for unit in _UNITS[1:]:
        value /= 1024
        if value < 1024 or unit == _UNITS[-1]:
            return f"{value:.1f} {unit}"
    raise AssertionError("unreachable")  # pragma: no cover


class ReadableFrame(NotedFrame):
    """A DataFrame that prints sizes, times and left-aligned text for people (data unchanged)."""

    @property
    def _constructor(self) -> Callable[..., ReadableFrame]:
        return ReadableFrame

    def _shown(self) -> tuple[pd.DataFrame, int]:
        """The rows drawn (``display.max_rows``) as text cells, and how many are not drawn."""
        rows = pd.get_option("display.max_rows")
        shown = self if rows is None or len(self) <= rows else self.head(rows)
        # A column that only some rows can have (a notebook's cell) shows where one has it.
        empty = [column for column in self.attrs.get("optional", ()) if column in self.columns
                 and not self[column].notna().any()]  # fmt: skip
        cells = _cells(pd.DataFrame(shown).drop(columns=empty),
                       seconds=bool(self.attrs.get("seconds")))  # fmt: skip
        return cells, len(self) - len(shown)

    def __repr__(self) -> str:
        if self.empty:
            return super().__repr__()
        cells, more = self._shown()
        text = _text_table(cells, set(self.attrs.get("left", ())))
        if more:
            text += "\n" + _("... {more:,} more rows ({rows:,} rows x {columns} columns)").format(
                more=more, rows=len(self), columns=len(self.columns))
        return text + "\n" + _("Note: {note}").format(note=self.note) if self.note else text

    def _repr_html_(self) -> str | None:
        if self.empty:
            return super()._repr_html_()  # the sentence that stands for nothing, and the note
        cells, more = self._shown()
        left = [c for c in self.attrs.get("left", ()) if c in self.columns]
        # The class names the left-aligned positions: tables that share it share its rules,
        # and a saved notebook's output stays the same from run to run.
        scope = "wsnb-left-" + "-".join(str(list(self.columns).index(c) + 2) for c in left)
        table = cells.to_html(border=0, classes=scope)
        sheet = _left_sheet(self.columns, self.attrs.get("left", ()), scope)
        tail = ("<p>" + html.escape(_("… {more:,} more rows ({rows:,} in all)").format(
            more=more, rows=len(self))) + "</p>") if more else ""  # fmt: skip
        note = (f'<p class="wsnb-note" style="{_NOTE_STYLE}">⚠ {html.escape(self.note)}</p>'
                if self.note else "")  # fmt: skip
        return f"{sheet}{table}{tail}{note}"


def readable(frame: pd.DataFrame, left: Iterable[str] = (), *,
             seconds: bool = False) -> ReadableFrame:  # fmt: skip
    """``frame`` as a ``ReadableFrame`` (same values and attrs), ``left`` columns left-aligned;
    ``seconds``: times read to the second (a journal's), not to the minute (a file's)."""
    shown = frame if isinstance(frame, ReadableFrame) else ReadableFrame(frame)
    shown.attrs.update(frame.attrs)
    shown.attrs["left"] = list(dict.fromkeys([*shown.attrs.get("left", ()), *left]))
    if seconds:
        shown.attrs["seconds"] = True
    return shown


def _cells(frame: pd.DataFrame, *, seconds: bool = False) -> pd.DataFrame:
    """The frame as the text a person reads, cell by cell (the data itself is not touched).

    Sizes read ``1.5 KiB`` (a folder's row has none: its "size" is not its content's);
    a ``files`` count is shown for folders only; times read to the minute (to the second
    with ``seconds``), times with a zone in local time; every missing value is blank.
    """
    folders = (frame["is_dir"].to_numpy(dtype=bool, na_value=False)
               if "is_dir" in frame.columns else None)  # fmt: skip
    stamp = _SECOND_FORMAT if seconds else _TIME_FORMAT
    cells = pd.DataFrame(index=frame.index)
    for column in frame.columns:
        series = frame[column]
        if column in _SIZE_COLUMNS and pd.api.types.is_integer_dtype(series):
            texts = [_show(value, human_size) for value in series]
            blank = folders
        elif pd.api.types.is_datetime64_any_dtype(series):
            texts = [_show(value, lambda moment: _local(moment).strftime(stamp))
                     for value in series]  # fmt: skip
            blank = None
        else:
            texts = [_show(value, str) for value in series]
            blank = ~folders if column == "files" and folders is not None else None
        if blank is not None:
            texts = ["" if hide else text for text, hide in zip(texts, blank, strict=True)]
        cells[column] = texts
    return cells


def _show(value: Any, show: Callable[[Any], str]) -> str:
    """``show(value)``, or "" for a missing value (None, NaN, NA, NaT alike)."""
    if value is None or value is pd.NA or value is pd.NaT:
        return ""
    if isinstance(value, float) and value != value:  # NaN
        return ""
    return show(value)


def _local(moment: Any) -> Any:
    """A time with a zone, in the local zone; a naive time (the scan's, local already) as is."""
    if getattr(moment, "tzinfo", None) is None:
        return moment
    return moment.to_pydatetime().astimezone()


def _text_table(cells: pd.DataFrame, left: set[str]) -> str:
    """The cells as aligned text: ``left`` columns left-aligned, the others right-aligned.

    Built here because pandas right-aligns formatted values whatever ``justify`` says.
    """
    index = [str(i) for i in cells.index]
    columns: list[tuple[bool, list[str]]] = [(False, ["", *index])]
    for column in cells.columns:
        columns.append((str(column) in left, [str(column), *cells[column]]))
    widths = [max(_width(c) for c in texts) for _left, texts in columns]
    lines = []
    for row in range(len(index) + 1):
        parts = [_pad(texts[row], w, left=is_left)
                 for (is_left, texts), w in zip(columns, widths, strict=True)]  # fmt: skip
        lines.append("  ".join(parts).rstrip())
    return "\n".join(lines)


def _width(text: str) -> int:
    """Columns ``text`` takes in a terminal or a notebook's text output: CJK is two wide."""
    if text.isascii():
        return len(text)
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def _pad(text: str, width: int, *, left: bool) -> str:
    fill = " " * (width - _width(text))
    return text + fill if left else fill + text


def _left_sheet(columns: pd.Index, left: Iterable[str], scope: str) -> str:
    """A style sheet for the table's left-aligned columns (the index is the first cell)."""
    rules = []
    for column in left:
        if column in columns:
            nth = list(columns).index(column) + 2
            rules.append(f"table.{scope} td:nth-child({nth}), table.{scope} "
                         f"th:nth-child({nth}) {{ text-align: left; white-space: pre; "
                         f"font-family: var(--jp-code-font-family, monospace); }}")  # fmt: skip
    return f"<style>{' '.join(rules)}</style>" if rules else ""
