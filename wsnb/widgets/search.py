"""The search panel: one box over file names or file contents, results, and a preview.

Names mode searches the index as you type, debounced, so a burst of key
strokes costs one search; text mode reads files, so it runs only on Enter
or the Search button. Both show at most what the read tools return (30
names, 50 lines) and say how much more there is. Selecting a hit previews
the file around the matching line.

Tests drive it through ``query``, ``mode``, ``regex``, ``case``,
``search_button``, ``results`` (select a hit by setting its ``value`` to the
row number), ``summary`` and ``preview``; ``frame`` holds the last results.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..errors import WsnbError
from ._html import code_block, esc
from .card import close_tree
from .readable import human_size

if TYPE_CHECKING:
    import pandas as pd

    from ..workspace import Workspace

__all__ = ["CONTEXT_LINES", "DEBOUNCE_SECONDS", "SearchPanel"]

logger = logging.getLogger("wsnb")

DEBOUNCE_SECONDS = 0.3
"""How long names mode waits after the last key stroke before it searches."""
CONTEXT_LINES = 4
"""Lines shown above and below a text hit in the preview."""
_NAME_LIMIT = 30
_TEXT_LIMIT = 50
_PATH_WIDTH = 36
_MIN_ROWS, _MAX_ROWS = 3, 12  # the result list grows with the results, up to a scroll

_CSS = """<style>
.wsnb-search .wsnb-results select { font-family: var(--jp-code-font-family, monospace);
  font-size: 12px; }
.wsnb-search .wsnb-note { color: var(--jp-ui-font-color2, #777); }
.wsnb-search .wsnb-hit td { background: rgba(255, 212, 59, 0.35); }
</style>"""


class SearchPanel(widgets.VBox):  # type: ignore[misc]
    """Search a workspace's file names or text from a box; preview the selected hit."""

    def __init__(self, ws: Workspace, *, debounce: float = DEBOUNCE_SECONDS) -> None:
        self.ws = ws
        self.debounce = debounce
        self.frame: pd.DataFrame | None = None
        self.searches = 0  # how many searches ran (typing in names mode is debounced)
        self._pending: asyncio.TimerHandle | None = None
        self.query = widgets.Text(placeholder="search file names…", continuous_update=True,
                                  layout=widgets.Layout(width="320px"))  # fmt: skip
        self.query.add_class("wsnb-query")
        self.mode = widgets.ToggleButtons(options=["names", "text"], value="names",
                                          style={"button_width": "70px"})  # fmt: skip
        self.regex = widgets.Checkbox(description="regex", indent=False, disabled=True,
                                      layout=widgets.Layout(width="80px"))  # fmt: skip
        self.case = widgets.Checkbox(description="match case", indent=False, disabled=True,
                                     layout=widgets.Layout(width="110px"))  # fmt: skip
        self.search_button = widgets.Button(description="Search", icon="search",
                                            button_style="primary")  # fmt: skip
        self.summary = widgets.HTML(_note("Type a name, or switch to text and press Enter."))
        self.header = widgets.HTML()
        self.results = widgets.Select(options=[], rows=_MIN_ROWS,
                                      layout=widgets.Layout(width="calc(100% - 8px)"))  # fmt: skip
        self.results.add_class("wsnb-results")
        self.preview = widgets.HTML()
        self.preview.add_class("wsnb-preview")
        self.query.observe(self._typed, "value")
        self.mode.observe(self._mode_changed, "value")
        self.search_button.on_click(lambda _button: self.search())
        self.results.observe(self._picked, "value")
        bar = widgets.HBox([self.query, self.mode, self.regex, self.case, self.search_button])
        super().__init__([widgets.HTML(_CSS), bar, self.summary, self.header, self.results,
                          self.preview])  # fmt: skip
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
            self._show(None, "Type a name, or switch to text and press Enter.")
            return None
        self.searches += 1
        try:
            if self.mode.value == "names":
                frame = self.ws.find(text, limit=_NAME_LIMIT)
            else:
                frame = self.ws.grep(text, regex=self.regex.value, case=self.case.value,
                                     limit=_TEXT_LIMIT)  # fmt: skip
        except WsnbError as exc:
            self._show(None, str(exc), error=True)
            return None
        self._show(frame, _summary(frame, self.mode.value, text))
        return frame

    def _typed(self, _change: dict[str, Any]) -> None:
        # Text mode's box has continuous_update off: a change means Enter (or leaving the box).
        if self.mode.value == "text":
            self.search()
        else:
            self._schedule()

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
        self.query.continuous_update = not text_mode
        self.query.placeholder = "search text, then Enter…" if text_mode else "search file names…"
        self._show(None, "Press Enter or Search to search the text." if text_mode
                   else "Type a name to search.")  # fmt: skip

    # -- results -----------------------------------------------------------------------

    def _show(self, frame: pd.DataFrame | None, message: str, *, error: bool = False) -> None:
        self.frame = frame
        self.summary.value = _note(message, error=error)
        with self.results.hold_trait_notifications():
            self.results.value = None
            self.results.options = [] if frame is None else _rows(frame, self.mode.value)
            self.results.rows = min(_MAX_ROWS, max(_MIN_ROWS, len(self.results.options)))
        self.header.value = "" if frame is None or frame.empty else _header(self.mode.value)

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
            return title + _note(" a folder; open it in ws.explore() or list it with ws.ls().")
        try:
            doc = self.ws.read(path)
        except WsnbError as exc:
            return title + _note(f" not shown: {exc}")
        line = int(hit["line"]) if "line" in hit else 1
        first = max(1, line - CONTEXT_LINES)
        shown = doc.lines[first - 1 : line + CONTEXT_LINES]
        if not shown:
            return title + _note(f" line {line} lies beyond the part of the file wsnb reads.")
        where = f" line {line}" if "line" in hit else ""
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
        more = f"; {total - len(frame):,} more not shown: type more to narrow" \
            if total > len(frame) else ""  # fmt: skip
        return f"{len(frame)} of {total:,} names match {text!r}{more}."
    files = len(set(frame["path"]))
    message = (f"{_count(len(frame), 'matching line')} in {_count(files, 'file')} "
               f"({_count(int(attrs.get('files_scanned', 0)), 'file')} searched)")  # fmt: skip
    if attrs.get("truncated"):
        message += f"; the search stopped at {len(frame)} lines: refine the pattern to see others"
    skipped = int(attrs.get("files_skipped_size", 0))
    if skipped:
        message += f"; {_count(skipped, 'large file')} skipped"
    return message + "."


def _count(number: int, thing: str) -> str:
    return f"{number:,} {thing}" + ("" if number == 1 else "s")


def _header(mode: str) -> str:
    columns = "path · size · modified" if mode == "names" else "path:line · text"
    return _note(columns)


def _rows(frame: pd.DataFrame, mode: str) -> list[tuple[str, int]]:
    if mode == "names":
        labels = [f"{_fit(p + ('/' if d else ''))}  {'' if d else human_size(s):>11}  "
                  f"{m:%Y-%m-%d %H:%M}"
                  for p, d, s, m in zip(frame["path"], frame["is_dir"], frame["size"],
                                        frame["modified"], strict=True)]  # fmt: skip
    else:
        labels = [f"{_fit(f'{p}:{n}')}  {str(t).strip()[:120]}"
                  for p, n, t in zip(frame["path"], frame["line"], frame["text"], strict=True)]
    return [(label, row) for row, label in enumerate(labels)]


def _fit(text: str) -> str:
    """A column of fixed width: long paths keep their end, which names the file."""
    if len(text) > _PATH_WIDTH:
        return "…" + text[-(_PATH_WIDTH - 1) :]
    return text.ljust(_PATH_WIDTH)
