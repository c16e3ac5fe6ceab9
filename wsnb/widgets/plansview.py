"""``PlansView``: every plan waiting for a decision as a card, newest first, and the last outcomes.

The plan book is the model. The view hears of each new plan (made in a
cell, by a widget, by the agent) through ``ws.subscribe_new``, of an outside
agent's plan (an MCP client, in this kernel or another process) through the
pending-plan store's folder watch, and of each state move through
``plan.subscribe``; a plan that is decided moves from "waiting" to "recent
outcomes", where its card keeps its Undo button. The cards are ``PlanCard``s,
so a click here and a click on the same plan's card in a cell are the same
``plan.confirm()``, and both cards show it. However many agents' plans wait,
only the newest ``PAGE`` get a card at first; the heading counts them all and
"Show more" builds the next ones on request.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..i18n import _, ngettext
from ..types import PlanState
from ._html import STATE_WORDS, esc
from ._live import on_main_thread
from .card import PlanCard, close_tree

if TYPE_CHECKING:
    from ..notebook import Workspace
    from ..plans.plan import Plan
    from ..plans.store import PlanStatus

__all__ = ["PAGE", "RECENT_OUTCOMES", "PlansView", "more_button", "showing_line"]

RECENT_OUTCOMES = 5
"""Decided plans kept on view (the journal, in History, has every executed one)."""
PAGE = 20
"""Waiting plans that get a card at first, and at each "Show more"."""
_MUTED = "color: var(--jp-ui-font-color2, #57606a);"


def more_button(on_click: Callable[..., None]) -> widgets.Button:
    """The "Show more" button under a list of waiting plans (hidden until more wait)."""
    button = widgets.Button(icon="angle-down", layout=widgets.Layout(display="none",
                                                                     width="auto"))  # fmt: skip
    button.add_class("wsnb-more")
    button.on_click(on_click)
    return button


def showing_line(shown: int, total: int) -> str:
    """Which waiting plans the view shows, when it shows only some."""
    return ngettext("Showing the newest {shown:,} of {total:,} plan.",
                    "Showing the newest {shown:,} of {total:,} plans.", total).format(
        shown=shown, total=total)  # fmt: skip


class PlansView(widgets.VBox):  # type: ignore[misc]
    """The workspace's plans: pending ones to decide, newest first, then the last outcomes.

    ``cards`` maps plan ids to the cards shown; ``pending_cards`` and
    ``outcome_cards`` are the two lists in display order. ``on_change(plan)``
    is called after the view rearranged itself for a new plan or a state move.
    """

    def __init__(self, ws: Workspace, *, on_change: Callable[[Plan], None] | None = None,
                 **kwargs: Any) -> None:  # fmt: skip
        self.ws = ws
        self.on_change = on_change
        self.cards: dict[str, PlanCard] = {}
        self.pending_cards: list[PlanCard] = []
        self.outcome_cards: list[PlanCard] = []
        self.limit = PAGE
        self.count = 0  # plans waiting in all, shown or not
        self._stops: dict[str, Callable[[], None]] = {}
        self.pending_title = widgets.HTML()
        self.pending_box = widgets.VBox()
        self.more = more_button(self.show_more)
        self.outcome_title = widgets.HTML()
        self.outcome_box = widgets.VBox()
        super().__init__([self.pending_title, self.pending_box, self.more, self.outcome_title,
                          self.outcome_box], **kwargs)  # fmt: skip
        self.add_class("wsnb-plans")
        mine = [p for p in ws.plans if p.state is PlanState.PENDING][-self.limit:]
        for plan in [*mine, *ws.plan_store.pending(newest=self.limit)]:  # made before it opened
            self._take(plan, fresh=False)
        self._unsubscribe = ws.subscribe_new(self.add)
        self._unsubscribe_store = ws.plan_store.subscribe(on_main_thread(self._stored))
        self._arrange()

    def __repr__(self) -> str:
        return (f"<PlansView {self.ws.root}: {len(self.pending_cards)} waiting, "
                f"{len(self.outcome_cards)} recent outcomes>")  # fmt: skip

    @property
    def pending(self) -> list[Plan]:
        """The plans waiting for a decision, newest first (as shown)."""
        return [card.plan for card in self.pending_cards]

    def card(self, plan: Plan | str) -> PlanCard:
        """The card shown for a plan (or plan id)."""
        plan_id = plan if isinstance(plan, str) else plan.id
        return self.cards[plan_id]

    def add(self, plan: Plan) -> None:
        """Show a new plan (the workspace calls this for every plan it makes)."""
        if self._take(plan, fresh=True):
            self._arrange()
            if self.on_change is not None:
                self.on_change(plan)

    def _stored(self, _status: PlanStatus) -> None:
        """An agent's plan appeared (or moved) in the plans folder: show the new ones."""
        for plan in self.ws.plan_store.pending(newest=self.limit):
            self.add(plan)
        self._arrange()  # the count changes with plans decided elsewhere too

    def show_more(self, *_args: Any) -> None:
        """Build the cards of the next ``PAGE`` waiting plans (older ones)."""
        self.limit += PAGE
        for plan in self.ws.plan_store.pending(newest=self.limit):
            self._take(plan, fresh=False)
        self._arrange()

    def _take(self, plan: Plan, *, fresh: bool) -> bool:
        """Make the plan's card; False when it is shown already or is an old decided plan."""
        if plan.id in self.cards or (plan.state is not PlanState.PENDING and not fresh):
            return False  # an old decided plan: the journal has it, the view starts clean
        self.cards[plan.id] = PlanCard(plan)
        self._stops[plan.id] = plan.subscribe(self._moved)
        return True

    def _moved(self, plan: Plan) -> None:
        self._arrange()
        if self.on_change is not None:
            self.on_change(plan)

    def _arrange(self) -> None:
        """Pending cards newest first; decided ones after, newest first, the last few only."""
        newest_first = list(reversed(self.cards.values()))  # the book hands them in order
        waiting = [
            c for c in newest_first if c.plan.state in {PlanState.PENDING, PlanState.CONFIRMED}
        ]
        decided = [c for c in newest_first if c not in waiting]
        for old in [*decided[RECENT_OUTCOMES:], *waiting[self.limit:]]:
            self._drop(old)  # past the limit: newer plans pushed them out (they still wait)
        waiting = waiting[:self.limit]
        self.pending_cards, self.outcome_cards = waiting, decided[:RECENT_OUTCOMES]
        self.pending_box.children = tuple(self.pending_cards)
        self.outcome_box.children = tuple(self.outcome_cards)
        self.count = count = max(self.ws.plan_store.waiting_count(), len(waiting))
        heading, none = _("Waiting for your decision"), _("No plan is waiting for a decision.")
        more = (f" <span style='{_MUTED}'>{esc(showing_line(len(waiting), count))}</span>"
                if count > len(waiting) else "")  # fmt: skip
        self.pending_title.value = (
            f"<b>{esc(heading)}</b> <span style='{_MUTED}'>({count:,})</span>{more}"
            if count else f"<span style='{_MUTED}'>{esc(none)}</span>"
        )  # fmt: skip
        self.more.description = _("Show {count:,} more").format(
            count=min(PAGE, count - len(waiting)))
        self.more.layout.display = None if count > len(waiting) else "none"
        recent = _("Recent outcomes")
        self.outcome_title.value = (f"<b>{esc(recent)}</b>"
                                    if self.outcome_cards else "")  # fmt: skip

    def _drop(self, card: PlanCard) -> None:
        self._stops.pop(card.plan.id)()
        del self.cards[card.plan.id]
        card.close()

    def describe(self) -> str:
        """The plans as text: one line each (titles and states, no ids)."""
        lines = [_("Plans: {count:,} waiting").format(count=max(self.count,
                                                                len(self.pending_cards)))]
        lines += [f"  {_(STATE_WORDS[c.plan.state])}: {c.plan.title}"
                  for c in [*self.pending_cards, *self.outcome_cards]]
        return "\n".join(lines)

    def close(self) -> None:
        """Stop listening to the workspace and the plans; close every card."""
        self._unsubscribe()
        self._unsubscribe_store()
        for card in list(self.cards.values()):
            self._drop(card)
        close_tree(self)
