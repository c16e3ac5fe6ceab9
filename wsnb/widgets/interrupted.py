"""``InterruptedCard``: a change cut short (a kill, a crash), with Undo, Finish and Keep.

The ``Interrupted`` object (``wsnb.plans.recovery``) is the model: the card shows its
sentence and every change with its state (ran, not run, taken back), and three
buttons. Undo and Finish ask it for their plan and show that plan's card below:
nothing changes on disk until that card is confirmed. Keep leaves the files as they
are and stops the telling on open. Finish is offered only where the remaining
changes still apply; otherwise the card says why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..errors import WsnbError
from ..i18n import _
from ..types import PlanState
from ._html import esc, state_badge
from .card import PlanCard, close_tree

if TYPE_CHECKING:
    from ..plans.plan import Plan
    from ..plans.recovery import Interrupted

__all__ = ["InterruptedCard"]

_MUTED = "color: var(--jp-ui-font-color2, #57606a);"
_BAD = "color: var(--jp-error-color1, #cf222e);"
_STATE_COLOURS = {"ran": "#9a6700", "not run": "#6e7781", "taken back": "#6e7781"}


class InterruptedCard(widgets.VBox):  # type: ignore[misc]
    """A change or a change set cut short, and what to do about it.

    >>> ws.interrupted[0]  # doctest: +SKIP
    """

    def __init__(self, found: Interrupted, **kwargs: Any) -> None:
        self.found = found
        self.plan_card: PlanCard | None = None
        self.header = widgets.HTML(_header_html(found))
        self.undo_button = widgets.Button(description=_("Undo"), icon="undo",
                                          button_style="warning")  # fmt: skip
        self.finish_button = widgets.Button(description=_("Finish"), icon="forward")
        self.keep_button = widgets.Button(description=_("Keep as it is"), icon="check")
        self.finish_button.layout.display = "" if found.kind == "set" else "none"
        self.undo_button.on_click(lambda _b: self.show(found.undo))
        self.finish_button.on_click(lambda _b: self.show(found.finish))
        self.keep_button.on_click(lambda _b: self.keep())
        self.note = widgets.HTML()
        self.plan_area = widgets.VBox()
        buttons = widgets.HBox([self.undo_button, self.finish_button, self.keep_button])
        super().__init__([self.header, buttons, self.note, self.plan_area], **kwargs)
        self.add_class("wsnb-interrupted")
        self.layout.border = "1px solid var(--jp-warn-color1, #9a6700)"
        self.layout.padding = "6px 10px"

    def show(self, make: Any) -> PlanCard | None:
        """The card of the plan ``make()`` gives (Undo's or Finish's), below; or why not."""
        self.note.value = ""
        try:
            plan = make()
        except WsnbError as exc:
            self.note.value = f"<div style='{_BAD}'>{esc(exc)}</div>"
            return None
        if self.plan_card is not None:
            self.plan_card.close()
        self.plan_card = PlanCard(plan)
        self.plan_area.children = (self.plan_card,)
        plan.subscribe(self._plan_moved)
        return self.plan_card

    def _plan_moved(self, plan: Plan) -> None:
        """Once the plan that undoes or finishes the run is done, there is nothing left to do."""
        if plan.state is PlanState.DONE:
            for button in (self.undo_button, self.finish_button, self.keep_button):
                button.disabled = True

    def keep(self) -> None:
        try:
            self.found.keep()
        except WsnbError as exc:
            self.note.value = f"<div style='{_BAD}'>{esc(exc)}</div>"
            return
        for button in (self.undo_button, self.finish_button, self.keep_button):
            button.disabled = True
        self.note.value = (f"<div style='{_MUTED}'>"
                           + esc(_("Kept as it is: each change that ran can still be undone from "
                                   "ws.history.")) + "</div>")  # fmt: skip

    def close(self) -> None:
        if self.plan_card is not None:
            self.plan_card.close()
        close_tree(self)

    def __repr__(self) -> str:
        return f"<InterruptedCard {self.found.run} {self.found.title!r}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["text/plain"] = self.found.describe()
        return bundle


def _header_html(found: Interrupted) -> str:
    title = f"{state_badge(PlanState.INTERRUPTED)} <b>{esc(found.title)}</b>"
    rows = "".join(
        f"<div>{step['step']}. {esc(step['what'])} "
        f"<span style='color: {_STATE_COLOURS.get(step['state'], '#6e7781')}'>"
        f"({esc(step['state_words'])})</span></div>"
        for step in found.steps
    )  # fmt: skip
    return (f"<div>{title}</div><div style='margin: 4px 0'>{esc(found.sentence())}</div>"
            f"<div style='{_MUTED}'>{rows}</div>")  # fmt: skip
