"""``WorkspacePanel``: one widget with the whole workspace, inline or docked beside the notebook.

It composes the existing views and re-implements none of them: a header
(the root, the mode, the scan's counts with Rescan, a workspace switcher
built on the picker), a one-sentence status line, and tabs: Files (the
explorer), Search (the search panel), Chat (the agent), Plans (a card per
waiting plan and the last outcomes), History (the journal with Undo) and
Overview (the summary as charts and tables).

One state, many views: the plan book and the journal are the models. A
plan made in a cell reaches the Plans tab through ``ws.subscribe_new``;
its card there and the card in the cell both listen to the plan; the
explorer, the history and the header follow every executed plan through
``ws.subscribe``. ``ws.panel(dock=True)`` shows the panel in JupyterLab's
side area through ``sidecar`` when it is installed.

Tests drive it through ``tabs``, ``show(tab_name)``, ``explorer``,
``search``, ``chat``, ``plans``, ``history``, ``overview``, ``status``,
``rescan_button`` and ``switch_button``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..i18n import N_, _, get_language
from ..types import PlanState
from ._html import badge, esc
from ._live import on_main_thread
from .card import close_tree
from .chat import ChatView, ReplyView
from .explorer import Explorer
from .history import HistoryView
from .overview import OverviewView
from .plansview import PlansView
from .search import SearchPanel
from .status import Event, StatusLine

if TYPE_CHECKING:
    import pandas as pd

    from ..fileindex.changes import IndexChange
    from ..fileindex.scanner import ScanReport
    from ..notebook import Workspace
    from ..plans.plan import Plan
    from .picker import WorkspacePicker

__all__ = ["DOCK_HINT", "TAB_NAMES", "WorkspacePanel"]

logger = logging.getLogger("wsnb")

TAB_NAMES = (N_("Files"), N_("Search"), N_("Chat"), N_("Plans"), N_("History"),
             N_("Overview"))
DOCK_HINT = "pip install 'wsnb[panel]'  (or: pip install sidecar)"
_MUTED = "color: var(--jp-ui-font-color2, #57606a);"
_CSS = """<style>
.wsnb-panel .wsnb-panel-header { align-items: center; gap: 8px; flex-wrap: wrap;
  container-type: inline-size; }
@container (max-width: 420px) {
  .wsnb-panel .wsnb-panel-header code { display: none; }
}
.wsnb-panel .wsnb-panel-header code { word-break: break-all; }
.wsnb-panel .wsnb-status-line { border-left: 3px solid var(--jp-brand-color1, #1976d2);
  padding-left: 6px; margin: 2px 0 4px 0; }
.wsnb-panel .lm-TabBar { height: auto !important; min-height: fit-content; }
.wsnb-panel .lm-TabBar-content { flex-wrap: wrap; }
.wsnb-panel .lm-TabBar-tab { flex: 0 0 auto !important; min-width: 0 !important; }
.wsnb-panel .wsnb-explorer > .widget-hbox { flex-wrap: wrap; }
.wsnb-panel .wsnb-explorer .wsnb-preview { min-width: 200px; }
</style>"""
_ANCHORS = ("right", "split-right", "split-left", "split-top", "split-bottom", "tab-before",
            "tab-after")  # fmt: skip
_STATE_EVENTS = {
    PlanState.PENDING: Event.NEEDS_CONFIRMATION,
    PlanState.DONE: Event.DONE,
    PlanState.FAILED: Event.FAILED,
    PlanState.CANCELLED: Event.CANCELLED,
    PlanState.REFUSED: Event.REFUSED,
    PlanState.STALE: Event.FAILED,
    PlanState.EXPIRED: Event.CANCELLED,
    PlanState.INTERRUPTED: Event.INTERRUPTED,
}


class WorkspacePanel(widgets.VBox):  # type: ignore[misc]
    """Files, search, chat, plans, history and an overview of one workspace, in one widget.

    >>> ws.panel()              # doctest: +SKIP
    >>> ws.panel(dock=True)     # doctest: +SKIP  (beside the notebook, with sidecar)

    ``language`` is the status line's language until the person types
    something (``"en"`` or ``"zh"``).
    """

    def __init__(self, ws: Workspace, *, language: str | None = None, **kwargs: Any) -> None:
        self.ws = ws
        self.docked = False
        self._closed = True  # until built: a panel that failed to build has nothing to close
        self.sidecar: widgets.Output | None = None
        self.picker: WorkspacePicker | None = None
        self.report: ScanReport | None = None  # the scan the header shows
        self._stops: list[Callable[[], None]] = []
        self.status = StatusLine(language or get_language())  # the setting, until one types
        self.title = widgets.HTML()
        self.scan_info = widgets.HTML()
        self.rescan_button = widgets.Button(description=_("Rescan"), icon="refresh",
                                            tooltip=_("scan the workspace again"),
                                            layout=widgets.Layout(width="auto"))  # fmt: skip
        self.rescan_button.on_click(lambda _button: self.rescan())
        self.switch_button = widgets.ToggleButton(description=_("Switch workspace"),
                                                  icon="folder-open",
                                                  layout=widgets.Layout(width="auto"))  # fmt: skip
        self.switch_button.observe(self._toggle_picker, "value")
        self.picker_box = widgets.VBox(layout=widgets.Layout(display="none"))
        self.dock_note = widgets.HTML()
        self.tabs = widgets.Tab()
        self.tabs.observe(self._tab_shown, "selected_index")
        header = widgets.HBox([self.title, self.scan_info, self.rescan_button, self.switch_button])
        header.add_class("wsnb-panel-header")
        super().__init__([widgets.HTML(_CSS), header, self.picker_box, self.status,
                          self.dock_note, self.tabs], **kwargs)  # fmt: skip
        self.add_class("wsnb-panel")
        self._build(ws)
        self._closed = False

    # -- building and switching ----------------------------------------------------------

    def _build(self, ws: Workspace) -> None:
        self.ws = ws
        self.explorer = Explorer(ws)
        self.search = SearchPanel(ws)
        self.chat = ChatView(ws)
        self.plans = PlansView(ws, on_change=self._plan_moved)
        self.history = HistoryView(ws)
        self.overview = OverviewView(ws)
        self.views: dict[str, widgets.Widget] = {
            "Files": self.explorer, "Search": self.search, "Chat": self.chat,
            "Plans": self.plans, "History": self.history, "Overview": self.overview,
        }  # fmt: skip
        self.tabs.children = tuple(self.views.values())
        self.tabs.selected_index = 0
        self._listen()
        self._show_header()
        self._retitle()
        # Plans made before the panel opened still wait: saying so matters more than "opened".
        waiting = len(self.plans.pending_cards)
        self.status.say(Event.NEEDS_CONFIRMATION if waiting else Event.OPENED, waiting=waiting)

    def _listen(self) -> None:
        self.search.query.observe(self._typed, "value")
        self.explorer.name_box.observe(self._typed, "value")
        self.search.on_results(self._searched)
        self.chat.conversation.observe(self._answered, "children")
        self._stops = [self.ws.subscribe(self._plan_executed),
                       self.ws.subscribe_files(on_main_thread(self._files_changed))]  # fmt: skip

    def switch(self, ws: Workspace) -> None:
        """Show another workspace (what the switcher's Open does)."""
        self._close_views()
        self.switch_button.value = False
        self.report = None  # the old workspace's counts must never stand for the new one's
        self._build(ws)

    def _toggle_picker(self, change: dict[str, Any]) -> None:
        if change["new"] and self.picker is None:
            from .picker import WorkspacePicker

            self.picker = WorkspacePicker(self.ws.root.parent, on_pick=self.switch,
                                          mode=self.ws.mode.value)  # fmt: skip
            self.picker_box.children = (self.picker,)
        self.picker_box.layout.display = "" if change["new"] else "none"

    # -- the header, the tabs, the status line ------------------------------------------

    def _show_header(self) -> None:
        ws = self.ws
        self.title.value = (f"<b title='{esc(ws.root)}'>{esc(ws.root.name or ws.root)}</b> "
                            f"<code style='{_MUTED}'>{esc(ws.root)}</code> "
                            f"{badge(ws.mode.value, '#57606a')}")  # fmt: skip
        # After a plan, the index may have been dropped (a scan cut by its limits can't follow a
        # change): keep the last counts rather than rescan inside a Confirm click.
        report = self.report = ws.last_scan or self.report or ws.scan_report
        cut = " " + _("(cut: see Overview)") if report.truncated else ""
        counts = _("{files} files, {folders} folders").format(files=f"{report.files:,}",
                                                               folders=f"{report.dirs:,}")
        self.scan_info.value = f"<span style='{_MUTED}'>{esc(counts + cut)}</span>"

    def _retitle(self) -> None:
        waiting = len(self.plans.pending_cards)
        titles = [_("Plans ({count})").format(count=waiting) if name == "Plans" and waiting
                  else _(name) for name in self.views]  # fmt: skip
        self.tabs.titles = tuple(titles)

    def show(self, name: str) -> widgets.Widget:
        """Bring a tab to the front (``"Files"``, ``"Plans"``...) and return its view."""
        names = list(self.views)
        if name not in names:
            from ..errors import UsageError

            raise UsageError(f"There is no tab {name!r}; the tabs are {', '.join(names)}.")
        self.tabs.selected_index = names.index(name)
        return self.views[name]

    def _tab_shown(self, change: dict[str, Any]) -> None:
        index = change["new"]
        shown = list(self.views.values())[index] if index is not None else None
        self.overview.showing = shown is self.overview
        if shown is self.overview and self.overview.stale:
            self.overview.load()

    def rescan(self) -> None:
        """Scan the workspace again; the status line says so, the views follow."""
        self.status.say(Event.SCANNING)
        report = self.ws.scan()
        self._show_header()
        self.explorer.refresh()
        self.overview.stale = True
        if self.overview.showing:
            self.overview.load()
        self.status.say(Event.SCANNED, files=report.files, folders=report.dirs)

    def _typed(self, change: dict[str, Any]) -> None:
        self.status.heard(str(change["new"]))

    def _searched(self, frame: pd.DataFrame | None) -> None:
        if frame is not None:
            self.status.say(Event.FOUND, count=int(frame["path"].nunique()))

    def _answered(self, change: dict[str, Any]) -> None:
        last = change["new"][-1] if change["new"] else None
        if not isinstance(last, ReplyView):
            return  # the question, shown while the answer is on its way
        history = self.ws.agent.history
        if history and history[-1][1] is last.reply:
            self.status.heard(history[-1][0])  # the language the person wrote in
        reply = last.reply
        table = reply.table
        waiting = len(self.plans.pending_cards)
        if any(plan.state is PlanState.PENDING for plan in reply.plans):
            self.status.say(Event.NEEDS_CONFIRMATION, waiting=waiting)
        elif table is not None and "path" in table.columns:
            self.status.say(Event.FOUND, count=int(table["path"].nunique()))
        else:
            self.status.say(Event.ANSWERED)

    def _plan_moved(self, plan: Plan) -> None:
        self._retitle()
        event = _STATE_EVENTS.get(plan.state)
        if event is not None:
            self.status.say(event, waiting=len(self.plans.pending_cards))

    def _plan_executed(self, _plan: Plan) -> None:
        self._show_header()

    def _files_changed(self, change: IndexChange) -> None:
        """The index followed the disk (maybe from the watcher's thread): counts, and a line."""
        self._show_header()
        if change.outside:
            self.status.say(Event.CHANGED_OUTSIDE, count=len(change.paths))

    # -- docking -------------------------------------------------------------------------

    def dock(self, title: str | None = None, *, anchor: str = "right") -> bool:
        """Show the panel in JupyterLab's side area (needs ``sidecar``); False when it can't.

        ``anchor="split-right"`` puts it beside the notebook in the main area
        instead (wider); sidecar's other anchors work too. Without sidecar the
        panel stays where it is displayed, with a one-line note saying how to get it.
        """
        if anchor not in _ANCHORS:
            from ..errors import UsageError

            raise UsageError(f"anchor must be one of {', '.join(_ANCHORS)}, not {anchor!r}.")
        try:
            from sidecar import Sidecar
        except ImportError:
            hint = _("To dock the panel beside the notebook, install sidecar: {command}; shown "
                     "here meanwhile.").format(command=DOCK_HINT)
            self.dock_note.value = f"<span style='{_MUTED}'>{esc(hint)}</span>"
            return False
        self.sidecar = Sidecar(title=title or f"wsnb: {self.ws.root.name or self.ws.root}",
                               anchor=anchor)  # fmt: skip
        self.sidecar.outputs = ({
            "output_type": "display_data",
            "data": {"text/plain": self.describe(),
                     "application/vnd.jupyter.widget-view+json": {
                         "version_major": 2, "version_minor": 0, "model_id": self.model_id}},
            "metadata": {},
        },)  # fmt: skip
        self.docked = True
        return True

    # -- text and closing ----------------------------------------------------------------

    def describe(self) -> str:
        """The panel as a few lines of text: what nbval compares and a saved notebook shows."""
        report = self.report  # as the header shows it: text never triggers a scan
        assert report is not None  # set while building
        plans = self.plans.describe().splitlines()
        lines = [
            _("Workspace panel: {root} ({mode})").format(root=self.ws.root,
                                                         mode=self.ws.mode.value),
            _("Scan: {files:,} files and {folders:,} folders").format(files=report.files,
                                                                      folders=report.dirs),
            _("Status: {status}").format(status=self.status.text),
            _("Tabs: {tabs}").format(tabs=" · ".join(self.tabs.titles)),
            *plans,
        ]
        if self.docked:
            lines.insert(1, _("Docked in JupyterLab's side area."))
        return "\n".join(lines)

    def __repr__(self) -> str:
        where = ", docked" if self.docked else ""
        return (f"<WorkspacePanel {self.ws.root}: {len(self.plans.pending_cards)} plans "
                f"waiting{where}>")  # fmt: skip

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        if self.docked:  # the side area shows it; the cell says where it went
            return {"text/plain": self.describe()}
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["text/plain"] = self.describe()
        return bundle

    def _close_views(self) -> None:
        for stop in self._stops:
            stop()
        for view in (self.explorer, self.search, self.plans, self.history, self.overview):
            view.close()
        for view in (self.explorer, self.search, self.chat):  # close() closes one model only
            close_tree(view)

    def close(self) -> None:
        """Stop listening to the workspace; close every view and model inside (and the dock)."""
        if self._closed:  # ipywidgets calls close() again when the object is collected
            return
        self._closed = True
        self._close_views()
        if self.picker is not None:
            close_tree(self.picker)
        if self.sidecar is not None:
            self.sidecar.close()
        close_tree(self)
