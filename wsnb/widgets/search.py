"""The search panel: one box over file names or file contents, results, and a preview.

Names mode searches the index as you type, debounced, so a burst of key
strokes costs one search; text mode reads files, so it runs only on Enter
or the Search button (never when the box loses focus). The Search button
searches now in either mode. Results are a clickable list with the matching
parts marked; before the first search there is no empty list, only a hint.
Both show at most what the read tools return (30 names, 50 lines) and say
how much more there is. Selecting a hit previews
the file around the matching line.

Tests drive it through ``query``, ``mode``, ``regex``, ``case``,
``search_button``, ``results`` (select a hit by setting its ``value`` to the
row number; ``results.options`` holds ``(label, row)`` pairs), ``summary`` and
``preview``; ``frame`` holds the last results.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
import pandas as pd

from ..errors import WsnbError
from ..i18n import N_, _, ngettext
from ..text.nbview import NotebookText, view_line
from ._html import code_block, esc
from .card import close_tree
from .readable import human_size, relative_time
from .resultlist import ResultList, marked

if TYPE_CHECKING:
    from ..notebook import Workspace

__all__ = ["CONTEXT_LINES", "DEBOUNCE_SECONDS", "SearchPanel"]

logger = logging.getLogger("wsnb")

DEBOUNCE_SECONDS = 0.3
"""How long names mode waits after the last key stroke before it searches."""
CONTEXT_LINES = 4
"""Lines shown above and below a text hit in the preview."""
_NAME_LIMIT = 30
_TEXT_LIMIT = 50
_PER_FILE = 5  # lines of one file before the others get theirs (the rest fill what is left)
_MIN_ROWS, _MAX_ROWS = 3, 12  # the result list grows with the results, up to a scroll
_MODES = {"names": N_("File names"), "text": N_("Text in files")}

# The chosen mode reads as chosen in both themes: the brand colour with the inverse text.
_CSS = """<style>
.wsnb-search { color: var(--jp-ui-font-color1); }
.wsnb-search .wsnb-bar { flex-wrap: wrap; align-items: center; gap: 4px; }
.wsnb-search .wsnb-query { flex: 1 1 200px; min-width: 0; width: auto; margin: 0; }
.wsnb-search .wsnb-mode .widget-toggle-button { width: auto; padding: 0 10px; margin: 0; }
.wsnb-search .wsnb-mode .jupyter-button.mod-active {
  background: var(--jp-brand-color1); color: var(--jp-ui-inverse-font-color0);
  box-shadow: none; }
.wsnb-search .wsnb-mode .jupyter-button:not(.mod-active) {
  background: var(--jp-layout-color2); color: var(--jp-ui-font-color1); }
.wsnb-search .wsnb-note { color: var(--jp-ui-font-color2); }
.wsnb-search .widget-checkbox { width: auto; margin: 0 4px; }
.wsnb-search .widget-checkbox label { color: var(--jp-ui-font-color1); }
</style>"""


class SearchPanel(widgets.VBox):  # type: ignore[misc]
    """Search a workspace's file names or text from a box; preview the selected hit."""

    def __init__(self, ws: Workspace, *, debounce: float = DEBOUNCE_SECONDS) -> None:
        self.ws = ws
        self.debounce = debounce
        self.frame: pd.DataFrame | None = None
        self.searches = 0  # how many searches ran (typing in names mode is debounced)
        self._pending: asyncio.TimerHandle | None = None
        self._pattern: re.Pattern[str] | None = None
        self._heard: list[Callable[[pd.DataFrame | None], None]] = []
        # The value follows the typing in both modes; text mode searches on the box's Enter
        # message (ipywidgets sends it), so leaving the box never starts a search.
        self.query = widgets.Text(placeholder=_("search file names…"), continuous_update=True)
        self.query.add_class("wsnb-query")
        self.query.on_msg(self._query_message)
        self.mode = widgets.ToggleButtons(options=[(_(label), key) for key, label in
                                                   _MODES.items()], value="names",
                                          tooltips=[_("search the names of files and folders"),
                                                    _("search the text inside files")])  # fmt: skip
        self.mode.add_class("wsnb-mode")
        self.regex = widgets.Checkbox(description=_("regex"), indent=False, disabled=True)
        self.case = widgets.Checkbox(description=_("match case"), indent=False, disabled=True)
        self.search_button = widgets.Button(description=_("Search"), icon="search",
                                            button_style="primary",
                                            layout=widgets.Layout(width="auto"))  # fmt: skip
        self.summary = widgets.HTML(_note(_("Type a name, or switch to text and press Enter.")))
        self.results = ResultList(rows=_MIN_ROWS)
        self.results.add_class("wsnb-results")
        self.preview = widgets.HTML()
        self.preview.add_class("wsnb-preview")
        self.query.observe(self._typed, "value")
        self.mode.observe(self._mode_changed, "value")
        self.search_button.on_click(lambda _button: self.search())
        self.results.observe(self._picked, "value")
        bar = widgets.HBox([self.query, self.mode, self.regex, self.case, self.search_button])
        bar.add_class("wsnb-bar")
        super().__init__([widgets.HTML(_CSS), bar, self.summary, self.results, self.preview])
        self.add_class("wsnb-search")

    def __repr__(self) -> str:
        found = "no search yet" if self.frame is None else f"{len(self.frame)} results"
        return f"<SearchPanel of {self.ws.root} ({self.mode.value} {self.query.value!r}: {found})>"

    # -- searching ---------------------------------------------------------------------

    def search(self) -> pd.DataFrame | None:
        """Search now with what the box holds; returns the results (None for an empty box)."""
        self._cancel_pending()
        text = self.query.value.strip()
        self.preview.value = ""
        if not text:
            self._show(None, _("Type a name, or switch to text and press Enter."))
            return None
        self.searches += 1
        try:
            if self.mode.value == "names":
                frame = self.ws.find(text, limit=_NAME_LIMIT)
            else:
                frame = self.ws.grep(text, regex=self.regex.value, case=self.case.value,
                                     limit=_TEXT_LIMIT, per_file=_PER_FILE)  # fmt: skip
        except WsnbError as exc:
            self._show(None, str(exc), error=True)
            return None
        self._pattern = _pattern(text, self.mode.value, self.regex.value, self.case.value)
        self._show(frame, _summary(frame, self.mode.value, text))
        return frame

    def _typed(self, _change: dict[str, Any]) -> None:
        if self.mode.value == "names":  # text mode waits for Enter or the Search button
            self._schedule()

    def _query_message(self, _widget: object, content: dict[str, Any], _buffers: object) -> None:
        if isinstance(content, dict) and content.get("event") == "submit":
            self.search()  # Enter in the box, in either mode

    def _schedule(self) -> None:
        """Search after ``debounce`` seconds of quiet; at once when no event loop runs."""
        self._cancel_pending()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or self.debounce <= 0:
            self.search()
            return
        self._pending = loop.call_later(self.debounce, self.search)

    def close(self) -> None:
        """Drop a search still waiting for the typing to pause; close every model inside."""
        self._cancel_pending()
        close_tree(self)

    def _cancel_pending(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    def _mode_changed(self, change: dict[str, Any]) -> None:
        text_mode = change["new"] == "text"
        self.regex.disabled = self.case.disabled = not text_mode
        self.query.placeholder = _("search text, then Enter…") if text_mode \
            else _("search file names…")  # fmt: skip
        self._show(None, _("Press Enter or Search to search the text.") if text_mode
                   else _("Type a name to search."))  # fmt: skip

    # -- results -----------------------------------------------------------------------

    def _show(self, frame: pd.DataFrame | None, message: str, *, error: bool = False) -> None:
        self.frame = frame
        self.summary.value = _note(message, error=error)
        items = [] if frame is None else _items(frame, self.mode.value, self._pattern)
        self.results.rows = min(_MAX_ROWS, max(_MIN_ROWS, len(items)))
        self.results.show(items)
        for listener in self._heard:
            listener(frame)

    def on_results(self, listener: Callable[[pd.DataFrame | None], None]) -> None:
        """Call ``listener(frame)`` after every search shown (None: the list was emptied)."""
        self._heard.append(listener)

    def _picked(self, change: dict[str, Any]) -> None:
        if change["new"] is not None and self.frame is not None:
            self.preview.value = self.preview_html(int(change["new"]))

    def preview_html(self, row: int) -> str:
        """The preview of one result: the file around the matching line, or its start."""
        assert self.frame is not None
        hit = self.frame.iloc[row]
        path = str(hit["path"])
        title = f"<b>{esc(path)}</b>"
        if "is_dir" in hit and bool(hit["is_dir"]):
            return title + _note(" " + _("a folder; open it in ws.explorer() or list it with "
                                         "ws.ls()."))  # fmt: skip
        try:
            doc = self.ws.read(path)
        except WsnbError as exc:
            return title + _note(" " + _("not shown: {reason}").format(reason=exc))
        line = int(hit["line"]) if "line" in hit else 1
        cell = hit.get("cell")
        if isinstance(doc, NotebookText) and cell is not None and not pd.isna(cell):
            line = view_line(doc, int(cell), line)  # the cell's line, in the cells view
        first = max(1, line - CONTEXT_LINES)
        shown = doc.lines[first - 1 : line + CONTEXT_LINES]
        if not shown:
            return title + _note(" " + _("line {line} lies beyond the part of the file wsnb "
                                         "reads.").format(line=line))  # fmt: skip
        where = " " + _("line {line}").format(line=line) if "line" in hit else ""
        block = code_block("\n".join(shown), first_line=first,
                           highlight=line if "line" in hit else None)  # fmt: skip
        return f"{title}{_note(where + ' · ' + doc.encoding)}{block}"


def _note(text: str, *, error: bool = False) -> str:
    style = "color: var(--jp-error-color1, #c62828);" if error else ""
    return f'<span class="wsnb-note" style="{style}">{esc(text)}</span>'


def _summary(frame: pd.DataFrame, mode: str, text: str) -> str:
    attrs = frame.attrs
    if mode == "names":
        total = int(attrs.get("total_matches", len(frame)))
        message = _("{shown} of {total} names match {text}.").format(
            shown=len(frame), total=f"{total:,}", text=repr(text))
        if total > len(frame):
            message += " " + _("{count} more not shown: type more to narrow.").format(
                count=f"{total - len(frame):,}")
        return message
    files = len(set(frame["path"]))
    searched = int(attrs.get("files_scanned", 0))
    message = ngettext("{lines} matching line in {files} of {searched} files searched.",
                       "{lines} matching lines in {files} of {searched} files searched.",
                       len(frame)).format(lines=f"{len(frame):,}", files=f"{files:,}",
                                          searched=f"{searched:,}")  # fmt: skip
    if attrs.get("truncated"):
        message += " " + _("The search stopped at {count} lines: refine the pattern to see "
                           "others.").format(count=len(frame))  # fmt: skip
    more = dict(attrs.get("more_in_file") or {})
    if more:
        message += " " + ngettext(
            "{lines} more matching lines in {files} file not shown: type more to narrow.",
            "{lines} more matching lines in {files} files not shown: type more to narrow.",
            len(more)).format(lines=f"{sum(more.values()):,}", files=f"{len(more):,}")
    skipped = int(attrs.get("files_skipped_size", 0))
    if skipped:
        message += " " + ngettext("{count} large file skipped.", "{count} large files skipped.",
                                  skipped).format(count=f"{skipped:,}")  # fmt: skip
    return message


def _pattern(text: str, mode: str, regex: bool, case: bool) -> re.Pattern[str] | None:
    """What to mark in the results: the words typed (names), or the text search's pattern."""
    flags = 0 if case and mode == "text" else re.IGNORECASE
    try:
        return re.compile(text if regex and mode == "text" else re.escape(text), flags)
    except re.error:
        return None


def _items(frame: pd.DataFrame, mode: str,
           pattern: re.Pattern[str] | None) -> list[dict[str, Any]]:  # fmt: skip
    """The result list's rows: cells with their matching parts marked."""
    if mode == "names":
        now = datetime.now()
        return [
            {"title": p, "cells": [
                {"kind": "path", "parts": _marked_name(p + ("/" if d else ""), pattern)},
                {"kind": "size", "parts": [("" if d else human_size(s), False)]},
                {"kind": "time",
                 "parts": [(relative_time(m.to_pydatetime(warn=False), now), False)]},
            ]}
            for p, d, s, m in zip(frame["path"], frame["is_dir"], frame["size"],
                                  frame["modified"], strict=True)
        ]  # fmt: skip
    cells = frame["cell"] if "cell" in frame.columns else [None] * len(frame)
    items = [
        {"title": f"{p}:{_where(c, n)}", "cells": [
            {"kind": "path", "parts": [(str(p), False)]},
            {"kind": "line", "parts": [(_where(c, n), False)]},
            {"kind": "text", "parts": marked(str(t).strip()[:240], pattern)},
        ]}
        for p, n, t, c in zip(frame["path"], frame["line"], frame["text"], cells, strict=True)
    ]  # fmt: skip
    _say_more_in_file(items, frame)
    return items


def _where(cell: Any, line: Any) -> str:
    """``12`` for a file's line; ``[3] 12`` for line 12 of a notebook's cell 3."""
    if cell is None or pd.isna(cell):
        return str(line)
    return f"[{int(cell)}] {line}"


def _say_more_in_file(items: list[dict[str, Any]], frame: pd.DataFrame) -> None:
    """The last row shown of a file whose other lines were held back says how many there are."""
    more = dict(frame.attrs.get("more_in_file") or {})
    last = {str(path): row for row, path in enumerate(frame["path"])}
    for path, count in more.items():
        if path in last:
            words = ngettext("+{count} more in this file", "+{count} more in this file",
                             count).format(count=f"{count:,}")  # fmt: skip
            items[last[path]]["cells"].append({"kind": "more", "parts": [(words, False)]})


def _marked_name(path: str, pattern: re.Pattern[str] | None) -> list[tuple[str, bool]]:
    """A path with the match marked in its last part (the name), where names mode looks."""
    folder, slash, name = path.rstrip("/").rpartition("/")
    tail = "/" if path.endswith("/") else ""
    return [(folder + slash, False), *marked(name, pattern), (tail, False)]
