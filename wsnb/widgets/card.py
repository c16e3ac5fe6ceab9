"""``PlanCard``: a plan as a card with Confirm and Cancel buttons.

The plan is the model and the card a view of it: the card subscribes to the
plan and re-renders from the plan after every state move, so two cards of one
plan (or a card and a panel) never disagree. A click calls ``plan.confirm()``
or ``plan.cancel()``; whatever they raise is a ``WsnbError`` whose sentence the
card shows in place, never a traceback. A plan cut short while it was carried out (a kill,
a crash in the process confirming it) offers Undo and, for a change set with changes left,
Finish, as its card in ``ws.interrupted`` does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..errors import WsnbError
from ..i18n import _, using_language
from ..plans.plan import PREVIEW_LINES, Plan
from ..plans.store import agent_name
from ..types import PlanState, Risk
from ._html import RISK_COLOURS, code_block, diff_block, esc, risk_badge, state_badge

__all__ = ["PlanCard", "close_tree", "proposed_by"]

_MUTED = "color: var(--jp-ui-font-color2, #57606a);"
_GOOD = "color: var(--jp-success-color1, #1a7f37);"
_BAD = "color: var(--jp-error-color1, #cf222e);"
_WARN = "color: var(--jp-warn-color0, #9a6700);"
_CELL = "padding: 0; border: none; line-height: 1.5; text-align: left;"
# A card as narrow as the dock (230 px) squeezes its parts instead of spilling over.
_CARD_CSS = ("<style>.wsnb-plan-card, .wsnb-plan-card .widget-html,"
             " .wsnb-plan-card .widget-html-content { min-width: 0; max-width: 100%;"
             " box-sizing: border-box; }"
             " .wsnb-plan-card .widget-html-content { overflow-wrap: anywhere; }</style>")


class PlanCard(widgets.VBox):  # type: ignore[misc]
    """A plan shown as a card: what, where, how risky, the diff, and Confirm / Cancel.

    >>> card = PlanCard(ws.create_file("notes/todo.md", "# To do\\n"))  # doctest: +SKIP
    >>> card.confirm_button.click()                                     # doctest: +SKIP

    Strong confirmation: Confirm stays disabled until the item's name is typed
    in ``name_box``. A finished card folds to its outcome line: a done plan
    offers Undo, a failed one "Make a new plan"; either click puts the new
    plan's card in this card's place (``undo_card`` / ``next_card``), never
    inside it. ``where`` is a short label a view puts in the header (the inbox
    of two workspaces says which one the plan belongs to).
    """

    # A change set is shown by its own card wherever a plan's card is made (the inbox, the
    # chat, the panel): a line per change, each diff folded, a box to leave it out. That card
    # names itself here (``class ChangeSetCard(PlanCard, shows_steps=True)``), so this module
    # never imports the one built on it.
    _steps_card: type[PlanCard] | None = None

    def __init_subclass__(cls, shows_steps: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if shows_steps:
            PlanCard._steps_card = cls

    def __new__(cls, plan: Plan, **kwargs: Any) -> PlanCard:
        target = cls
        if cls is PlanCard and plan.steps and PlanCard._steps_card is not None:
            target = PlanCard._steps_card
        card: PlanCard = super().__new__(target, plan, **kwargs)
        return card

    def __init__(self, plan: Plan, *, where: str = "", **kwargs: Any) -> None:
        self.where = where
        # A card keeps the language its plan was made in: badges, labels and buttons included,
        # whatever the notebook's setting is now.
        with using_language(plan.lang):
            self._build(plan, **kwargs)

    def _build(self, plan: Plan, **kwargs: Any) -> None:
        self.plan = plan
        self.undo_card: PlanCard | None = None
        self.next_card: PlanCard | None = None
        self._busy = False
        self._note = ""  # a sentence for this card only (an error that left the plan pending)
        self.header = widgets.HTML()
        self.details = widgets.HTML()
        self.body = widgets.HTML(_body_html(plan))
        self.name_box = widgets.Text(
            placeholder=_("type {name} to confirm").format(name=repr(plan.item_name)),
            continuous_update=True,
            layout=widgets.Layout(width="200px", max_width="100%"),
        )
        self.confirm_button = widgets.Button(description=_("Confirm"), icon="check",
                                             button_style=_confirm_style(plan.risk))  # fmt: skip
        self.cancel_button = widgets.Button(description=_("Cancel"), icon="times")
        self.undo_button = widgets.Button(description=_("Undo"), icon="undo",
                                          layout=widgets.Layout(width="auto"))  # fmt: skip
        self.remake_button = widgets.Button(description=_("Make a new plan"), icon="refresh",
                                            layout=widgets.Layout(width="auto"))  # fmt: skip
        self.finish_button = widgets.Button(description=_("Finish"), icon="forward",
                                            layout=widgets.Layout(width="auto"))  # fmt: skip
        self.outcome = widgets.HTML()
        self.name_box.observe(self._on_typed, names="value")
        self.confirm_button.on_click(self._on_confirm)
        self.cancel_button.on_click(self._on_cancel)
        self.undo_button.on_click(self._on_undo)
        self.remake_button.on_click(self._on_remake)
        self.finish_button.on_click(self._on_finish)
        self._buttons = widgets.HBox([self.name_box, self.confirm_button, self.cancel_button],
                                     layout=widgets.Layout(flex_flow="row wrap"))  # fmt: skip
        self._after = widgets.HBox([self.outcome, self.undo_button, self.finish_button,
                                    self.remake_button],
                                   layout=widgets.Layout(flex_flow="row wrap",
                                                         align_items="center"))  # fmt: skip
        self.outcome.layout.flex = "1 1 200px"
        self._own = (self.header, self.details, self.body, self._buttons, self._after)
        layout = widgets.Layout(
            border="1px solid var(--jp-border-color1, #d0d7de)",
            border_left=f"4px solid {RISK_COLOURS[plan.risk]}",
            padding="6px 10px",
            margin="4px 0",
        )
        super().__init__(self._own, layout=layout, **kwargs)
        self.add_class("wsnb-plan-card")
        self._unsubscribe = plan.subscribe(self._on_plan_changed)
        self.refresh()

    # -- rendering from the plan ------------------------------------------------------

    def refresh(self) -> None:
        """Render everything that depends on the plan's state, from the plan itself."""
        with using_language(self.plan.lang):
            self._render()

    def _render(self) -> None:
        plan = self.plan
        pending = plan.state is PlanState.PENDING
        open_ = plan.state in (PlanState.PENDING, PlanState.BUILT, PlanState.CONFIRMED)
        self.header.value = _header_html(plan, self.where)
        self.details.value = _lines(_details_html(plan)) if open_ else ""
        self.body.layout.display = "" if open_ else "none"
        self.name_box.layout.display = (
            "" if pending and plan.requires_strong_confirmation else "none"
        )
        self.name_box.disabled = not pending or self._busy
        self.confirm_button.disabled = not self._may_confirm()
        self.cancel_button.disabled = not pending or self._busy
        # A finished card shows no dead buttons: only what can still be done.
        self._buttons.layout.display = "" if open_ else "none"
        self.outcome.value = _lines(_outcome_html(plan, self._note))
        self.undo_button.layout.display = "" if plan.can_undo else "none"
        self.undo_button.disabled = self.undo_card is not None or self._busy
        self.remake_button.layout.display = "" if plan.can_remake else "none"
        self.remake_button.disabled = self.next_card is not None or self._busy
        self.finish_button.layout.display = "" if plan.can_finish else "none"
        self.finish_button.disabled = self.next_card is not None or self._busy
        self.set_class_state()

    def set_class_state(self) -> None:
        """A CSS class per state (``wsnb-state-done``...), so a page can find finished cards."""
        for state in PlanState:
            self.remove_class(f"wsnb-state-{state.value}")
        self.add_class(f"wsnb-state-{self.plan.state.value}")

    @property
    def status(self) -> str:
        """The outcome line as plain text ("" while the plan waits): what the card shows."""
        with using_language(self.plan.lang):
            return "\n".join(part for part in (_state_text(self.plan), self._note) if part)

    @property
    def shown_card(self) -> PlanCard:
        """The card on screen in this card's place: the latest undo or new plan's card."""
        following = self.undo_card or self.next_card
        return self if following is None else following.shown_card

    def _may_confirm(self) -> bool:
        plan = self.plan
        if plan.state is not PlanState.PENDING or self._busy:
            return False
        return not plan.requires_strong_confirmation or self.name_box.value == plan.item_name

    def _on_plan_changed(self, _plan: Plan) -> None:
        self.refresh()

    def _on_typed(self, _change: dict[str, Any]) -> None:
        self.confirm_button.disabled = not self._may_confirm()

    # -- clicks -------------------------------------------------------------------------

    def _on_confirm(self, _button: widgets.Button | None = None) -> None:
        if not self._may_confirm():
            return  # a second click, or a click the card would not allow: nothing happens
        typed = self.name_box.value if self.plan.requires_strong_confirmation else None
        self._act(lambda: self.plan.confirm(typed_name=typed))

    def _on_cancel(self, _button: widgets.Button | None = None) -> None:
        if self.plan.state is not PlanState.PENDING or self._busy:
            return
        self._act(self.plan.cancel)

    def _act(self, action: Callable[[], object]) -> None:
        """Disable both buttons, run ``action``, show its outcome (or its sentence) in place."""
        self._busy = True
        self._note = ""
        self.refresh()
        try:
            action()
        except WsnbError as exc:
            # Stale, refused at recheck: the plan failed and says why itself. An error that
            # left the plan as it was (a wrong name) is this card's own note.
            if self.plan.state is PlanState.PENDING:
                self._note = str(exc)
        finally:
            self._busy = False
            self.refresh()

    def _on_undo(self, _button: widgets.Button | None = None) -> None:
        if self.undo_card is not None or not self.plan.can_undo:
            return
        card = self._follow(self.plan.undo)
        if card is not None:
            self.undo_card = card
            self._replace_with(card)
            self.refresh()

    def _on_remake(self, _button: widgets.Button | None = None) -> None:
        if self.next_card is not None or not self.plan.can_remake:
            return
        self._next(self.plan.remake)

    def _on_finish(self, _button: widgets.Button | None = None) -> None:
        """A set cut short: the plan of its changes that did not run takes this card's place
        (or the card says why they no longer apply)."""
        if self.next_card is not None or not self.plan.can_finish:
            return
        self._next(self.plan.finish)

    def _next(self, make: Callable[[], Plan]) -> None:
        card = self._follow(make)
        if card is not None:
            self.next_card = card
            self._replace_with(card)
            self.refresh()

    def _follow(self, make: Callable[[], Plan]) -> PlanCard | None:
        """The card of the plan ``make`` returns, or None with its sentence as this card's note."""
        self._busy = True
        self.refresh()
        try:
            return PlanCard(make())
        except WsnbError as exc:
            self._note = str(exc)
            return None
        finally:
            self._busy = False
            self.refresh()

    def _replace_with(self, card: PlanCard) -> None:
        # The new card takes this card's place: no frame around it, no card inside a card.
        self.children = (card,)
        self.layout.border = "none"
        self.layout.border_left = "none"
        self.layout.padding = "0"
        self.layout.margin = "0"
        self.remove_class("wsnb-plan-card")
        self.add_class("wsnb-replaced-card")

    # -- display ------------------------------------------------------------------------

    def close(self) -> None:
        """Stop listening to the plan; close the card, the card that replaced it, every model."""
        self._unsubscribe()
        for following in (self.undo_card, self.next_card):
            if following is not None:
                following.close()
        for part in self._own:
            close_tree(part)
        close_tree(self)

    def __repr__(self) -> str:
        plan = self.plan
        return f"<PlanCard {plan.id} {plan.action.value}: {plan.state.value}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        # ipywidgets' own text/plain is a cut repr; a saved notebook and nbval read this.
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["text/plain"] = self.plan.describe()
        return bundle


def close_tree(root: widgets.Widget) -> None:
    """Close ``root``, the widgets inside it, and their layout and style models.

    ipywidgets' own ``close()`` closes one model; a card is some thirty, and a
    notebook that builds many cards should not keep them all alive. Nested
    views close themselves first (they also stop listening), then this closes
    what is left.
    """
    for child in getattr(root, "children", ()):
        close_tree(child)
    for part in (getattr(root, "layout", None), getattr(root, "style", None)):
        if isinstance(part, widgets.Widget):
            part.close()
    widgets.Widget.close(root)


def _lines(html: str) -> str:
    # A widget's HTML inherits the 28px line height of a button row; wrapped text needs less.
    return f'<div style="line-height: 1.45;">{html}</div>' if html else ""


def _confirm_style(risk: Risk) -> str:
    return "danger" if risk >= Risk.HIGH else "primary"


def _header_html(plan: Plan, where: str = "") -> str:
    waiting = plan.state in (PlanState.PENDING, PlanState.BUILT)
    risk = risk_badge(plan.risk) if waiting else ""
    plan_id = _("plan {id}").format(id=plan.id)
    return (
        f'{_CARD_CSS}<div style="display: flex; align-items: center; gap: 6px; flex-wrap: wrap;">'
        f'<b style="font-size: 14px;">{esc(plan.title)}</b>{risk}'
        f"{state_badge(plan.state)}"
        f'<span style="{_MUTED} font-size: 11px;">'
        f"{esc(plan_id)}</span>{_proposer_html(plan)}{_where_html(where)}</div>"
    )


def proposed_by(plan: Plan) -> str:
    """"Proposed by claude-code" for a plan an agent proposed; "" for one made here."""
    proposer = str(plan.data.get("proposed_by") or "")
    if not proposer or proposer == "notebook":
        return ""
    return _("Proposed by {agent}").format(agent=agent_name(proposer))


def _proposer_html(plan: Plan) -> str:
    said = proposed_by(plan)
    if not said:
        return ""
    return (f'<span class="wsnb-proposer" style="font-size: 11px; padding: 0 6px; '
            f'border-radius: 8px; background: var(--jp-layout-color2, #eaeef2);">'
            f"{esc(said)}</span>")  # fmt: skip


def _where_html(where: str) -> str:
    if not where:
        return ""
    return (f'<span class="wsnb-workspace" style="font-size: 11px; padding: 0 6px; '
            f'border-radius: 8px; border: 1px solid var(--jp-border-color1, #d0d7de);">'
            f"{esc(where)}</span>")  # fmt: skip


def _details_html(plan: Plan) -> str:
    rows: list[tuple[str, str]] = []
    if plan.source is not None:
        rows.append((_("from"), plan.source.relative))
    if plan.target is not None:
        rows.append((_("target") if plan.source is None else _("to"), plan.target.relative))
    if plan.new_name is not None:
        rows.append((_("new name"), plan.new_name))
    if plan.parent_dirs:
        rows.append((_("new folders"), ", ".join(plan.parent_dirs)))
    if plan.undo_of:
        rows.append((_("undoes"), _("journal entry {id}").format(id=plan.undo_of)))
    cells = "".join(
        f'<tr><td style="{_MUTED} {_CELL} padding-right: 12px;">{esc(k)}</td>'
        f'<td style="{_CELL} word-break: break-all;"><code>{esc(v)}</code></td></tr>'
        for k, v in rows
    )
    parts = [f'<table style="border-collapse: collapse; margin: 2px 0;">{cells}</table>']
    if plan.description:
        parts.append(f"<div>{esc(plan.description)}</div>")
    parts += [f'<div style="color: var(--jp-warn-color0, #9a6700);">⚠ {esc(w)}</div>'
              for w in plan.warnings]  # fmt: skip
    if plan.requires_strong_confirmation and plan.state is PlanState.PENDING:
        why = plan.data.get("strong_reason", _("it is a risky change"))
        parts.append("<div>" + _(
            "<b>Strong confirmation</b> ({why}): type <code>{name}</code> to enable Confirm."
        ).format(why=esc(why), name=esc(plan.item_name)) + "</div>")
    return "".join(parts)


def _body_html(plan: Plan) -> str:
    if plan.diff:
        label = _("changes")
        return f'<div style="{_MUTED}">{esc(label)}</div>{diff_block(plan.diff)}'
    if plan.preview is not None:
        label = _("preview (first {count} lines)").format(count=PREVIEW_LINES)
        return f'<div style="{_MUTED}">{esc(label)}</div>{code_block(plan.preview)}'
    return ""


def _outcome_html(plan: Plan, note: str) -> str:
    """What became of the plan, then this card's own note (an error that changed no state)."""
    colour = {PlanState.DONE: _GOOD, PlanState.FAILED: _BAD, PlanState.REFUSED: _BAD,
              PlanState.STALE: _BAD, PlanState.INTERRUPTED: _WARN}.get(plan.state,
                                                                      _MUTED)  # fmt: skip
    text = _state_text(plan)
    parts = [f'<div style="{colour}">{esc(text)}</div>'] if text else []
    if note:
        parts.append(f'<div style="{_BAD}">{esc(note)}</div>')
    return "".join(parts)


def short_outcome(message: str) -> str:
    """A tool's outcome without the backup's long path: the first sentence says what happened.

    The journal and ``plan.result`` keep the whole message (and the backup's path).
    """
    first, dot, rest = message.partition("; ")
    if dot and ".wsnb" in rest:
        return first.rstrip(".") + "."
    return message


def _state_text(plan: Plan) -> str:
    state, result = plan.state, plan.result
    if state is PlanState.REFUSED:
        rule = " (" + _("rule {rule}").format(rule=plan.rule.value) + ")" if plan.rule else ""
        return _("✗ Refused{rule}: {reason} This plan can't be confirmed.").format(
            rule=rule, reason=plan.refusal or "")
    if state is PlanState.DONE and result is not None:
        kept = " " + _("The earlier version is kept.") if ".wsnb" in result.message else ""
        return f"✓ {short_outcome(result.message)}{kept}"
    if state is PlanState.FAILED:
        error = result.error if result is not None else _("the plan failed.")
        return _("✗ Failed: {error}").format(error=error)
    if state is PlanState.STALE:
        error = result.error if result is not None else ""
        return _("✗ Stale: {error}").format(error=error)
    if state is PlanState.INTERRUPTED:
        error = result.error if result is not None else ""
        return _("⚠ Cut short: {error}").format(error=error)
    if state is PlanState.EXPIRED:
        return _("Expired without a decision; nothing was changed.")
    if state is PlanState.CANCELLED:
        return _("Cancelled; nothing was changed.")
    if state is PlanState.CONFIRMED:
        return _("Carrying out the plan…")
    return ""
