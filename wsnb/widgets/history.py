"""``HistoryView``: the journal as a table, with an Undo button per entry.

The journal is the model: the view reads ``ws.history`` and renders it again
after every plan the workspace carries out (it listens to the plan book), or
when Refresh is clicked (another notebook may have written). Undo asks the
workspace for the undo plan and shows its card below the table; nothing
changes until that card is confirmed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
import pandas as pd

from ..errors import WsnbError
from ..i18n import N_, _, ngettext
from ..types import PlanState
from ._html import badge, esc, state_badge
from .card import PlanCard, close_tree

if TYPE_CHECKING:
    from ..notebook import Workspace
    from ..plans.plan import Plan

__all__ = ["HistoryView"]

_COLUMNS = [N_("time"), N_("change"), N_("outcome"), ""]
# Wide, one row a line under a header; narrower than the four columns need (the 230 px
# dock), each entry stacks: its change and Undo, then outcome and time, with no header.
_CSS = """<style>
.wsnb-history-rows { container-type: inline-size; }
.wsnb-hrow { display: grid !important; align-items: center; column-gap: 8px;
  /* the last column holds the 80 px Undo and its margins */
  grid-template-columns: 150px minmax(180px, 2fr) minmax(120px, 1fr) 88px; }
@container (max-width: 540px) {
  .wsnb-hrow.wsnb-hhead { display: none !important; }
  .wsnb-hrow { grid-template-columns: minmax(0, 1fr) auto;
    grid-template-areas: "change undo" "outcome outcome" "time time";
    padding: 4px 0; border-top: 1px solid var(--jp-border-color2, #d0d7de); }
  .wsnb-hrow .wsnb-h-change { grid-area: change; }
  .wsnb-hrow .wsnb-h-outcome { grid-area: outcome; }
  .wsnb-hrow .wsnb-h-time { grid-area: time; font-size: 11px; }
  .wsnb-hrow .wsnb-h-undo { grid-area: undo; }
}
.wsnb-hrow .widget-html-content { overflow-wrap: anywhere; }
</style>"""
_MUTED = "color: var(--jp-ui-font-color2, #57606a);"
_BAD = "color: var(--jp-error-color1, #cf222e);"


class HistoryView(widgets.VBox):  # type: ignore[misc]
    """The workspace's journal, most recent first, with Undo per entry.

    >>> ws.history_view()  # doctest: +SKIP

    ``limit`` caps the rows shown (the rest is counted); ``ws.history`` has them all.
    """

    def __init__(self, ws: Workspace, *, limit: int = 30, **kwargs: Any) -> None:
        self.ws = ws
        self.limit = limit
        self.undo_card: PlanCard | None = None
        self.undo_buttons: dict[str, widgets.Button] = {}
        self._frame = pd.DataFrame()
        # The title gives way, never the button: its label stays whole in the dock.
        self.title = widgets.HTML(layout=widgets.Layout(flex="1 1 auto", min_width="0"))
        self.refresh_button = widgets.Button(description=_("Refresh"), icon="refresh",
                                             layout=widgets.Layout(width="auto",
                                                                   flex="0 0 auto"))  # fmt: skip
        self.refresh_button.on_click(lambda _button: self.refresh())
        self.table = widgets.VBox()  # one row widget per entry, the header first
        self.table.add_class("wsnb-history-rows")
        self.note = widgets.HTML()
        self.undo_area = widgets.VBox()
        super().__init__(
            [widgets.HTML(_CSS), widgets.HBox([self.title, self.refresh_button]), self.table,
             self.note,
             self.undo_area],
            **kwargs,
        )  # fmt: skip
        self.add_class("wsnb-history")
        self._unsubscribe = ws.subscribe(self._on_plan_executed)
        self.refresh()

    def refresh(self) -> None:
        """Read the journal again and rebuild the table."""
        self._frame = self.ws.history
        shown = self._frame.head(self.limit)
        self.undo_buttons = {}
        header = _row([_cell(f"<b>{esc(_(name)) if name else ''}</b>") for name in _COLUMNS])
        header.add_class("wsnb-hhead")
        rows = [header] + [
            _row([_cell(esc(_when(row.time))), _cell(esc(row.what)), _cell(_outcome(row)),
                  self._undo_button(row)])
            for row in shown.itertuples(index=False)
        ]  # fmt: skip
        old, self.table.children = self.table.children, rows
        for cell in old:  # the old rows' models would otherwise live as long as the kernel
            close_tree(cell)
        total, more = len(self._frame), len(self._frame) - len(shown)
        count = _("no changes yet") if total == 0 else ngettext(
            "{count} change", "{count} changes", total).format(count=f"{total:,}")
        title = _("History")
        self.title.value = (f"<b>{esc(title)}</b> "
                            f"<span style='{_MUTED}'>({esc(count)})</span>")  # fmt: skip
        self.note.value = (
            f"<div style='{_MUTED}'>"
            + esc(_("… {count} older entries not shown; see ws.history.").format(count=more))
            + "</div>" if more > 0 else ""
        )  # fmt: skip

    def _undo_button(self, row: Any) -> widgets.Button:
        button = widgets.Button(description=_("Undo"), icon="undo",
                                layout=widgets.Layout(width="80px"))  # fmt: skip
        undone = isinstance(row.undone_by, str)
        button.disabled = not row.success or undone
        button.tooltip = (
            _("It failed, so it changed nothing.") if not row.success
            else _("Already undone by entry {id}.").format(id=row.undone_by) if undone
            else _("Make the plan that undoes entry {id}.").format(id=row.id)
        )  # fmt: skip
        entry = str(row.id)
        button.on_click(lambda _button: self.undo(entry))
        self.undo_buttons[entry] = button
        return button

    def undo(self, entry: str) -> PlanCard | None:
        """Show the card of the plan that undoes ``entry`` (nothing changes until confirmed)."""
        self.note.value = ""
        try:
            plan = self.ws.undo(entry)
        except WsnbError as exc:
            self.note.value = f"<div style='{_BAD}'>{esc(exc)}</div>"
            return None
        if self.undo_card is not None:
            self.undo_card.close()
        self.undo_card = PlanCard(plan)
        self.undo_area.children = (self.undo_card,)
        return self.undo_card

    def _on_plan_executed(self, _plan: Plan) -> None:
        self.refresh()

    def close(self) -> None:
        """Stop listening to the workspace; close the view, its undo card and every model inside."""
        self._unsubscribe()
        if self.undo_card is not None:
            self.undo_card.close()
        close_tree(self)

    def __repr__(self) -> str:
        return f"<HistoryView {self.ws.root}: {len(self._frame)} entries>"

    def describe(self) -> str:
        """The table as text (no times: they change from run to run, see ws.history)."""
        if self._frame.empty:
            return "History: no changes yet."
        lines = [f"History: {len(self._frame)} change(s), most recent first"]
        for row in self._frame.head(self.limit).itertuples(index=False):
            lines.append(f"  {row.what:<48} {_outcome_text(row)}")
        return "\n".join(lines)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["text/plain"] = self.describe()
        return bundle


def _row(cells: list[widgets.Widget]) -> widgets.GridBox:
    for cell, part in zip(cells, ("time", "change", "outcome", "undo"), strict=True):
        cell.add_class(f"wsnb-h-{part}")
    row = widgets.GridBox(cells)
    row.add_class("wsnb-hrow")
    return row


def _cell(html: str) -> widgets.HTML:
    # Wrapped text would inherit the 28px line height of a button row.
    return widgets.HTML(f'<div style="line-height: 1.45;">{html}</div>',
                        layout=widgets.Layout(overflow="hidden"))  # fmt: skip


def _when(time: Any) -> str:
    return str(time.strftime("%Y-%m-%d %H:%M:%S")) if hasattr(time, "strftime") else str(time)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _outcome_text(row: Any) -> str:
    if getattr(row, "state", None) == "interrupted":
        undone = f", undone by entry {row.undone_by}" if isinstance(row.undone_by, str) else ""
        return f"cut short{undone}"
    if not row.success:
        return f"failed: {_text(row.error)}"
    undo = f" (undoes entry {row.undo_of})" if isinstance(row.undo_of, str) else ""
    undone = f", undone by entry {row.undone_by}" if isinstance(row.undone_by, str) else ""
    return f"done{undo}{undone}"


def _row_state(row: Any) -> PlanState:
    """A journal row's state (``done``, ``failed``, ``interrupted``) as the plans name it, so
    its badge has the words and colour of a plan card's."""
    state = getattr(row, "state", None)
    if isinstance(state, str) and state in {each.value for each in PlanState}:
        return PlanState(state)
    return PlanState.DONE if row.success else PlanState.FAILED


def _outcome(row: Any) -> str:
    state = _row_state(row)
    if state is PlanState.INTERRUPTED:  # a run cut short (a kill, a crash)
        parts = [state_badge(state)]
        if isinstance(row.undone_by, str):
            parts.append(badge(_("undone").upper(), "#6e7781"))
        return " ".join(parts)
    if state is not PlanState.DONE:
        error = _text(row.error)
        return (f"{state_badge(state)} "
                f"<span title='{esc(error)}'>{esc(error[:80])}</span>")  # fmt: skip
    parts = [state_badge(state)]
    if isinstance(row.undo_of, str):
        undoes = _("undoes an earlier change")
        parts.append(f"<span style='{_MUTED}' title='{esc(row.undo_of)}'>{esc(undoes)}</span>")
    if isinstance(row.undone_by, str):
        parts.append(badge(_("undone").upper(), "#6e7781"))
    return " ".join(parts)
