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
from collections.abc import Callable, Iterable
from typing import Any

import pandas as pd

from .i18n import N_, _
from .noted import NotedFrame

__all__ = ["COLUMN_WORDS", "ReadableFrame", "column_labels", "human_size", "readable"]

_UNITS = ("bytes", "KiB", "MiB", "GiB", "TiB")
_SIZE_COLUMNS = ("size", "bytes")
_TIME_FORMAT = "%Y-%m-%d %H:%M"
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
    "share": N_("share"),
    "reason": N_("reason"),
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

    def _formatters(self, *, pad: bool) -> dict[str, Callable[[Any], str]]:
        left = [c for c in self.attrs.get("left", ()) if c in self.columns]
        formatters: dict[str, Callable[[Any], str]] = {}
        for column in self.columns:
            series = self[column]
            if column in _SIZE_COLUMNS and pd.api.types.is_integer_dtype(series):
                formatters[str(column)] = _blank_na(human_size)
            elif pd.api.types.is_datetime64_any_dtype(series):
                formatters[str(column)] = _blank_na(lambda value: value.strftime(_TIME_FORMAT))
        for column in left:
            width = max([len(str(column)), *(len(str(v)) for v in self[column])]) if pad else 0
            formatters[str(column)] = _padded(width)
        return formatters

    def __repr__(self) -> str:
        if self.empty:
            return super().__repr__()
        rows = pd.get_option("display.max_rows")
        shown = self if rows is None or len(self) <= rows else self.head(rows)
        text = _text_table(shown, ReadableFrame(shown)._formatters(pad=False),
                           set(self.attrs.get("left", ())))
        more = len(self) - len(shown)
        if more:
            text += f"\n... {more:,} more rows ({len(self):,} rows x {len(self.columns)} columns)"
        return f"{text}\nNote: {self.note}" if self.note else text

    def _repr_html_(self) -> str | None:
        if self.empty:
            return super()._repr_html_()  # the sentence that stands for nothing, and the note
        rows = pd.get_option("display.max_rows")
        shown = self if rows is None or len(self) <= rows else self.head(rows)
        left = [c for c in self.attrs.get("left", ()) if c in self.columns]
        # The class names the left-aligned positions: tables that share it share its rules,
        # and a saved notebook's output stays the same from run to run.
        scope = "wsnb-left-" + "-".join(str(list(self.columns).index(c) + 2) for c in left)
        table = pd.DataFrame(shown).to_html(formatters=ReadableFrame(shown)._formatters(pad=False),
                                            border=0, classes=scope)  # fmt: skip
        sheet = _left_sheet(self.columns, self.attrs.get("left", ()), scope)
        more = len(self) - len(shown)
        tail = f"<p>… {more:,} more rows ({len(self):,} in all)</p>" if more else ""
        note = (f'<p class="wsnb-note" style="{_NOTE_STYLE}">⚠ {html.escape(self.note)}</p>'
                if self.note else "")  # fmt: skip
        return f"{sheet}{table}{tail}{note}"


def readable(frame: pd.DataFrame, left: Iterable[str] = ()) -> ReadableFrame:
    """``frame`` as a ``ReadableFrame`` (same values and attrs), ``left`` columns left-aligned."""
    shown = frame if isinstance(frame, ReadableFrame) else ReadableFrame(frame)
    shown.attrs.update(frame.attrs)
    shown.attrs["left"] = list(dict.fromkeys([*shown.attrs.get("left", ()), *left]))
    return shown


def _text_table(frame: pd.DataFrame, formatters: dict[str, Callable[[Any], str]],
                left: set[str]) -> str:
    """The frame as aligned text: ``left`` columns left-aligned, the others right-aligned.

    Built here because pandas right-aligns formatted values whatever ``justify`` says.
    """
    index = [str(i) for i in frame.index]
    columns: list[tuple[bool, list[str]]] = [(False, ["", *index])]
    for column in frame.columns:
        show = formatters.get(str(column), str)
        cells = [str(column), *(show(v) for v in frame[column])]
        columns.append((str(column) in left, cells))
    widths = [max(len(c) for c in cells) for _left, cells in columns]
    lines = []
    for row in range(len(index) + 1):
        parts = [cells[row].ljust(w) if is_left else cells[row].rjust(w)
                 for (is_left, cells), w in zip(columns, widths, strict=True)]  # fmt: skip
        lines.append("  ".join(parts).rstrip())
    return "\n".join(lines)


def _blank_na(show: Callable[[Any], str]) -> Callable[[Any], str]:
    def shown(value: Any) -> str:
        return "" if pd.isna(value) else show(value)

    return shown


def _padded(width: int) -> Callable[[Any], str]:
    def shown(value: Any) -> str:
        return str(value).ljust(width)

    return shown


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
