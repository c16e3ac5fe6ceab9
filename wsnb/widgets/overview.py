"""``OverviewView``: the project summary as tables, and as charts where matplotlib is installed.

The summary is ``ws.summary()`` (the data stays its DataFrames). Charts are
drawn with pandas' plotting on a matplotlib ``Figure`` of its own (no
pyplot state, no inline backend) and shown as inline SVG whose text, axes
and bars are painted with JupyterLab's theme variables, so a chart follows
the light or dark theme (and a switch of theme) like the rest of the page;
without matplotlib the tables alone show, with one line saying how to get
the charts. Sizes read in one unit family (KiB, MiB) in charts and tables,
and the languages' share is the summary's own, a share of files, labelled so. The
view is built when first shown and again after each executed plan (the
index follows the change), never at every key stroke.
"""

from __future__ import annotations

import io
import re
import warnings
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..errors import WsnbError
from ..i18n import _
from ._html import esc
from .card import close_tree
from .readable import human_size
from .table import SortableTable

if TYPE_CHECKING:
    import pandas as pd

    from ..fileindex.analysis import ProjectSummary
    from ..notebook import Workspace
    from ..plans.plan import Plan

__all__ = ["CHARTS_HINT", "OverviewView", "chart_svg", "charts_available"]

CHARTS_HINT = "pip install 'wsnb[panel]'  (or: pip install matplotlib)"
# Colours drawn in the kernel, then swapped for theme variables in the SVG text.
_INK, _BAR = "#010203", "#040506"
_THEMED = {_INK: "var(--jp-ui-font-color1)", _BAR: "var(--jp-brand-color1)"}
_MUTED = "color: var(--jp-ui-font-color2, #57606a);"
_FILE_COLUMNS = ["path", "size", "modified", "suffix"]


def charts_available() -> bool:
    """True when matplotlib can be imported (the charts' library is an optional extra)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


_MIN_BAR = 0.05  # a bar is drawn at least this share of the longest one; its label is exact


def chart_svg(frame: pd.DataFrame, label: str, value: str, title: str) -> str:
    """A horizontal bar chart of the byte counts ``frame[value]`` by ``frame[label]``, as SVG.

    Each bar says its size in words (KiB, MiB), so a folder dwarfed by a
    larger one is still read; its bar is drawn at least ``_MIN_BAR`` of the
    longest, so it is still seen (one 600 KiB file would leave every other
    bar at 0 px on a linear scale). Text and bars use the theme's colours.
    """
    from matplotlib import rc_context
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.container import BarContainer
    from matplotlib.figure import Figure

    data = frame.set_index(label)[value].iloc[::-1]  # largest on top
    # Drawn about as wide as the 230 px dock (so its text keeps its size there, not
    # shrunk by the viewBox) and never wider on a wide page: 9 pt is 12 CSS px.
    figure = Figure(figsize=(2.2, 0.3 * max(len(data), 2) + 0.7), dpi=96)
    figure.patch.set_alpha(0)
    FigureCanvasSVG(figure)
    axes = figure.add_subplot()
    axes.set_facecolor("none")
    longest = float(data.max()) if len(data) else 0.0
    drawn = data.clip(lower=longest * _MIN_BAR) if longest > 0 else data
    drawn.plot.barh(ax=axes, color=_BAR, width=0.7)
    bars = axes.containers[0]
    if isinstance(bars, BarContainer):
        axes.bar_label(bars, labels=[human_size(v) for v in data], padding=3, fontsize=9,
                       color=_INK)  # fmt: skip
    axes.set_title(title, fontsize=10, color=_INK)
    axes.set_xticks([])
    axes.set_ylabel("")
    axes.tick_params(axis="y", colors=_INK, labelsize=9)
    axes.spines["left"].set_color(_INK)
    axes.margins(x=1.1)  # room right of the longest bar for its label
    for side in ("top", "right", "bottom"):
        axes.spines[side].set_visible(False)
    buffer = io.StringIO()
    # Text stays text (svg.fonttype "none"): the page's fonts draw it, Chinese names too.
    with warnings.catch_warnings(), rc_context({"svg.fonttype": "none"}):
        warnings.simplefilter("ignore", UserWarning)
        # Padding for the page's font, drawn a little wider than matplotlib measures it.
        figure.tight_layout(pad=1.8)
        figure.savefig(buffer, format="svg", transparent=True)
    svg = buffer.getvalue()
    svg = svg[svg.index("<svg"):]  # no XML prologue inside HTML
    # As wide as the room it has, up to its own size (a dock narrower than 230 px
    # shrinks it a little, keeping its proportions through the viewBox).
    svg = re.sub(r'<svg([^>]*?) width="([\d.]+)pt" height="[\d.]+pt"',
                 lambda m: f'<svg{m.group(1)} width="100%" style="max-width: {m.group(2)}pt;'
                           ' height: auto;"', svg, count=1)  # fmt: skip
    return re.sub("|".join(_THEMED), lambda m: _THEMED[m.group(0)], svg)


class OverviewView(widgets.VBox):  # type: ignore[misc]
    """The project at a glance: totals, charts (languages by bytes, largest folders), tables.

    ``load()`` builds it (the panel calls it when the tab is shown and the view is
    ``stale``; after a change it reloads at once only while ``showing``);
    ``summary`` is the last ``ProjectSummary``, ``tables`` the tables by title,
    ``charts`` the charts (inline SVG in HTML widgets; empty without matplotlib).
    """

    def __init__(self, ws: Workspace, **kwargs: Any) -> None:
        self.ws = ws
        self.summary: ProjectSummary | None = None
        self.tables: dict[str, SortableTable] = {}
        self.charts: list[widgets.HTML] = []
        self.stale = True
        self.showing = False  # the panel says when its tab is on screen
        self.totals = widgets.HTML(f"<span style='{_MUTED}'>"
                                   + esc(_("The overview is built when this tab is opened."))
                                   + "</span>")  # fmt: skip
        self.refresh_button = widgets.Button(description=_("Refresh"), icon="refresh",
                                             layout=widgets.Layout(width="auto"))  # fmt: skip
        self.refresh_button.on_click(lambda _button: self.load())
        self.chart_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.table_box = widgets.VBox()
        top = widgets.HBox([self.totals, self.refresh_button],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([top, self.chart_box,
                          self.table_box], **kwargs)  # fmt: skip
        self.add_class("wsnb-overview")
        self._unsubscribe = ws.subscribe(self._plan_executed)

    def __repr__(self) -> str:
        state = "not built yet" if self.summary is None else f"{self.summary.files} files"
        return f"<OverviewView {self.ws.root}: {state}>"

    def load(self) -> ProjectSummary | None:
        """Summarize the workspace again and redraw; on an error say it in one line."""
        try:
            summary = self.ws.summary()
            files = self.ws.files
        except WsnbError as exc:
            self.totals.value = f"<span style='color: var(--jp-error-color1, #c62828)'>" \
                                f"{esc(exc)}</span>"  # fmt: skip
            return None
        self.summary, self.stale = summary, False
        totals = _("{files} files in {folders} folders, {size}").format(
            files=f"{summary.files:,}", folders=f"{summary.folders:,}",
            size=human_size(summary.total_bytes))
        scan = _("Scan: {note}").format(note=summary.scan_note)
        self.totals.value = (
            f"<b>{esc(summary.name)}</b>: {esc(totals)}<br>"
            f"<span style='{_MUTED}'>{esc(scan)}</span>"
        )
        self._draw_charts(summary)
        self._draw_tables(summary, files)
        return summary

    def _draw_charts(self, summary: ProjectSummary) -> None:
        old, self.charts = self.chart_box.children, []
        if charts_available():
            languages = summary.languages.sort_values("bytes", ascending=False).head(10)
            folders = summary.top_folders.sort_values("bytes", ascending=False).head(10)
            for frame, label, title in ((languages, "language", _("Languages by size")),
                                        (folders, "folder", _("Largest folders"))):  # fmt: skip
                if not frame.empty:
                    chart = widgets.HTML(chart_svg(frame, label, "bytes", title))
                    chart.add_class("wsnb-chart")
                    self.charts.append(chart)
            self.chart_box.children = tuple(self.charts)
        else:
            hint = _("Charts need matplotlib: {command}").format(command=CHARTS_HINT)
            self.chart_box.children = (widgets.HTML(f"<span style='{_MUTED}'>"
                                                    f"{esc(hint)}</span>"),)  # fmt: skip
        for widget in old:
            close_tree(widget)

    def _draw_tables(self, summary: ProjectSummary, files: pd.DataFrame) -> None:
        every_file = files.loc[~files["is_dir"], _FILE_COLUMNS].reset_index(drop=True)
        # The share is the summary's: of files, as its header says (the bytes have a column).
        languages = summary.languages
        sections: list[tuple[str, pd.DataFrame, str | None]] = [
            ("Languages", languages, "bytes"),
            ("Top folders", summary.top_folders, "bytes"),
            ("Key files", summary.key_files, None),
            ("Entry points", summary.entry_points, None),
            ("All files", every_file, "size"),
        ]
        for table in self.tables.values():
            table.close()
        self.tables = {
            title: SortableTable(frame, title=_(title), sort_by=column,
                                 descending=column is not None,
                                 height="220px" if title != "All files" else "360px",
                                 formats={"share": "{:.1%}"} if "share" in frame else None)
            for title, frame, column in sections
        }  # fmt: skip
        self.table_box.children = tuple(self.tables.values())

    def _plan_executed(self, _plan: Plan) -> None:
        self.stale = True
        if self.showing:
            self.load()

    def describe(self) -> str:
        """The overview as text: the summary's own text form, or that it is not built yet."""
        return repr(self.summary) if self.summary is not None else "Overview: not built yet."

    def close(self) -> None:
        """Stop following the workspace's changes and close every model inside."""
        self._unsubscribe()
        close_tree(self)
