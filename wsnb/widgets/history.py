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
from ._html import badge, esc
from .card import PlanCard, close_tree

if TYPE_CHECKING:
    from ..plans import Plan
    from ..workspace import Workspace

__all__ = ["HistoryView"]

_COLUMNS = [N_("time"), N_("action"), N_("paths"), N_("outcome"), ""]
# What a journal entry did, in words (the journal keeps the tool's name).
ACTION_WORDS = {
    "create_file": N_("created"), "create_folder": N_("created folder"),
    "write_file": N_("changed"), "copy": N_("copied"), "move": N_("moved"),
    "rename": N_("renamed"), "trash": N_("to the trash"), "restore": N_("restored"),
    "open_file": N_("opened"),
}  # fmt: skip
_WIDTHS = "150px 110px minmax(160px, 1fr) minmax(120px, 1fr) 90px"
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
        self.title = widgets.HTML()
        self.refresh_button = widgets.Button(description=_("Refresh"), icon="refresh",
                                             layout=widgets.Layout(width="auto"))  # fmt: skip
        self.refresh_button.on_click(lambda _button: self.refresh())
        # Five columns need some 630 px; narrower (the dock), the table scrolls sideways.
        self.table = widgets.GridBox(layout=widgets.Layout(grid_template_columns=_WIDTHS,
                                                           overflow="auto"))
        self.note = widgets.HTML()
        self.undo_area = widgets.VBox()
        super().__init__(
            [widgets.HBox([self.title, self.refresh_button]), self.table, self.note,
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
        cells: list[widgets.Widget] = [_cell(f"<b>{esc(_(name)) if name else ''}</b>")
                                       for name in _COLUMNS]  # fmt: skip
        for row in shown.itertuples(index=False):
            cells += [
                _cell(esc(_when(row.time))),
                _cell(f"<span title='{esc(row.action)}'>"
                      f"{esc(_(ACTION_WORDS.get(str(row.action), str(row.action))))}</span>"),
                _cell(esc(_paths(row))),
                _cell(_outcome(row)),
                self._undo_button(row),
            ]
        old, self.table.children = self.table.children, cells
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
            lines.append(f"  {row.action:<14} {_paths(row):<40} {_outcome_text(row)}")
        return "\n".join(lines)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["text/plain"] = self.describe()
        return bundle


def _cell(html: str) -> widgets.HTML:
    # Wrapped text would inherit the 28px line height of a button row.
    return widgets.HTML(f'<div style="line-height: 1.45;">{html}</div>',
                        layout=widgets.Layout(overflow="hidden"))  # fmt: skip


def _when(time: Any) -> str:
    return str(time.strftime("%Y-%m-%d %H:%M:%S")) if hasattr(time, "strftime") else str(time)


def _paths(row: Any) -> str:
    source, target = _text(row.source), _text(row.target)
    if source and target and source != target:
        return f"{source} -> {target}"
    return source or target or ""


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _outcome_text(row: Any) -> str:
    if not row.success:
        return f"failed: {_text(row.error)}"
    undo = f" (undoes entry {row.undo_of})" if isinstance(row.undo_of, str) else ""
    undone = f", undone by entry {row.undone_by}" if isinstance(row.undone_by, str) else ""
    return f"done{undo}{undone}"


def _outcome(row: Any) -> str:
    if not row.success:
        error = _text(row.error)
        return (f"{badge(_('failed').upper(), '#cf222e')} "
                f"<span title='{esc(error)}'>{esc(error[:80])}</span>")  # fmt: skip
    parts = [badge(_("done").upper(), "#1a7f37")]
    if isinstance(row.undo_of, str):
        undoes = _("undoes {id}").format(id=row.undo_of)
        parts.append(f"<span style='{_MUTED}'>{esc(undoes)}</span>")
    if isinstance(row.undone_by, str):
        parts.append(badge(_("undone").upper(), "#6e7781"))
    return " ".join(parts)
