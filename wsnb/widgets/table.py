"""``SortableTable``: a DataFrame shown in a scrolling box, sorted by a column of your choice.

ipywidgets alone: a column menu and a direction button sort the rows (in the
kernel, on the real values, so sizes sort as numbers and times as times),
and the table scrolls inside a box of bounded height. At most ``max_rows``
rows are drawn; the rest are counted under the table. The data stays a plain
DataFrame (``table.frame``, never changed); sizes and times only *show*
readably, as ``styled()`` shows them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..display import column_labels
from ..i18n import _
from ._html import esc
from .readable import styled

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["MAX_ROWS", "SortableTable"]

MAX_ROWS = 500
"""Rows drawn at most; sorting always looks at all of them."""
_MUTED = "color: var(--jp-ui-font-color2, #57606a);"
_CSS = """<style>
.wsnb-table table { border-collapse: collapse; font-size: 12px; }
.wsnb-table th { position: sticky; top: 0; background: var(--jp-layout-color2, #f6f8fa);
  text-align: left; padding: 2px 8px; }
.wsnb-table td { padding: 1px 8px; border-top: 1px solid var(--jp-border-color2, #eaeef2); }
</style>"""


class SortableTable(widgets.VBox):  # type: ignore[misc]
    """A DataFrame as a scrolling table with a sort control.

    ``sort(column, descending=...)`` does what the controls do; ``shown`` is
    the sorted frame the box draws (its first ``max_rows`` rows). ``formats``
    maps columns to format strings for display (``{"share": "{:.1%}"}``).
    """

    def __init__(
        self,
        frame: pd.DataFrame,
        *,
        title: str = "",
        sort_by: str | None = None,
        descending: bool = False,
        max_rows: int = MAX_ROWS,
        height: str = "320px",
        now: datetime | None = None,
        formats: Mapping[str, str] | None = None,
    ) -> None:
        self.frame = frame
        self.formats: dict[Any, str | Callable[[object], str] | None] = dict(formats or {})
        self.max_rows = max_rows
        self.now = now
        self.shown = frame
        columns = [str(c) for c in frame.columns]
        self.sort_menu = widgets.Dropdown(options=[(_("(as given)"), ""), *zip(
                                                       column_labels(columns), columns,
                                                       strict=True)],
                                          value=sort_by if sort_by in columns else "",
                                          description=_("sort by"),
                                          layout=widgets.Layout(width="220px",
                                                                max_width="100%"))  # fmt: skip
        self.order_button = widgets.ToggleButton(value=descending, description=_("descending"),
                                                 icon="sort-amount-desc",
                                                 tooltip=_("largest / latest / last first"),
                                                 layout=widgets.Layout(width="auto"))  # fmt: skip
        self.body = widgets.HTML(layout=widgets.Layout(max_height=height, overflow="auto"))
        self.note = widgets.HTML()
        self.sort_menu.observe(self._resort, "value")
        self.order_button.observe(self._resort, "value")
        heading = widgets.HTML(f"<b>{esc(title)}</b>" if title else "")
        bar = widgets.HBox([heading, self.sort_menu, self.order_button],
                           layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
        super().__init__([widgets.HTML(_CSS), bar, self.body, self.note])
        self.add_class("wsnb-table")
        self._render()

    def __repr__(self) -> str:
        order = f", sorted by {self.sort_menu.value}" if self.sort_menu.value in self.frame else ""
        return f"<SortableTable {len(self.frame)} rows{order}>"

    def sort(self, column: str | None, *, descending: bool = False) -> pd.DataFrame:
        """Sort by ``column`` (None: as given) and redraw; returns the sorted frame."""
        with self.hold_trait_notifications():
            self.order_button.value = descending
            self.sort_menu.value = column if column is not None else ""
        self._render()
        return self.shown

    def _resort(self, _change: dict[str, Any]) -> None:
        self._render()

    def _render(self) -> None:
        column = self.sort_menu.value
        frame = self.frame
        if column in frame.columns:
            frame = frame.sort_values(column, ascending=not self.order_button.value,
                                      kind="stable", na_position="last")  # fmt: skip
        self.shown = frame
        head = frame.head(self.max_rows)
        if head.empty:
            none = _("none")
            self.body.value = f"<i style='{_MUTED}'>{esc(none)}</i>"
        else:
            styler = styled(head, now=self.now).hide(axis="index")
            # Only the given columns: a format for all would undo the sizes and times above.
            if self.formats:
                styler = styler.format(self.formats, subset=[c for c in self.formats
                                                             if c in head.columns])
            # Headers a person reads ("share of files", "file count"), in their language.
            styler = styler.relabel_index(column_labels(head.columns), axis="columns")
            self.body.value = styler.to_html()
        more = len(frame) - len(head)
        self.note.value = (f"<span style='{_MUTED}'>" + esc(_(
            "… {count} more rows not drawn; the DataFrame has them all.").format(
                count=f"{more:,}")) + "</span>" if more > 0 else "")  # fmt: skip
