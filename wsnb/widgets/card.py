"""``PlanCard``: a plan as a card with Confirm and Cancel buttons.

The plan is the model and the card a view of it: the card subscribes to the
plan and re-renders from the plan after every state move, so two cards of one
plan (or a card and a panel) never disagree. A click calls ``plan.confirm()``
or ``plan.cancel()``; whatever they raise is a ``WsnbError`` whose sentence the
card shows in place, never a traceback.
"""

from __future__ import annotations

import logging
from typing import Any

import ipywidgets as widgets

from ..errors import WsnbError
from ..plans import PREVIEW_LINES, Plan
from ..types import PlanState, Risk
from ._html import RISK_COLOURS, code_block, diff_block, esc, risk_badge, state_badge

__all__ = ["PlanCard"]

logger = logging.getLogger("wsnb")

_MUTED = "color: var(--jp-ui-font-color2, #57606a);"
_GOOD = "color: var(--jp-success-color1, #1a7f37);"
_BAD = "color: var(--jp-error-color1, #cf222e);"
_CELL = "padding: 0; border: none; line-height: 1.5; text-align: left;"


class PlanCard(widgets.VBox):  # type: ignore[misc]
    """A plan shown as a card: what, where, how risky, the diff, and Confirm / Cancel.

    >>> card = PlanCard(ws.create_file("notes/todo.md", "# To do\\n"))  # doctest: +SKIP
    >>> card.confirm_button.click()                                     # doctest: +SKIP

    Strong confirmation: Confirm stays disabled until the item's name is typed
    in ``name_box``. A done plan offers Undo, which shows the undo plan's card
    below (``undo_card``).
    """

    def __init__(self, plan: Plan, **kwargs: Any) -> None:
        self.plan = plan
        self.undo_card: PlanCard | None = None
        self._busy = False
        self._note = ""  # a sentence for this card only (an error that left the plan pending)
        self.header = widgets.HTML()
        self.details = widgets.HTML()
        self.body = widgets.HTML(_body_html(plan))
        self.name_box = widgets.Text(
            placeholder=f"type {plan.item_name!r} to confirm",
            continuous_update=True,
            layout=widgets.Layout(width="240px"),
        )
        self.confirm_button = widgets.Button(description="Confirm", icon="check",
                                             button_style=_confirm_style(plan.risk))  # fmt: skip
        self.cancel_button = widgets.Button(description="Cancel", icon="times")
        self.undo_button = widgets.Button(description="Undo", icon="undo")
        self.outcome = widgets.HTML()
        self.undo_area = widgets.VBox()
        self.name_box.observe(self._on_typed, names="value")
        self.confirm_button.on_click(self._on_confirm)
        self.cancel_button.on_click(self._on_cancel)
        self.undo_button.on_click(self._on_undo)
        self._buttons = widgets.HBox([self.name_box, self.confirm_button, self.cancel_button])
        layout = widgets.Layout(
            border="1px solid var(--jp-border-color1, #d0d7de)",
            border_left=f"4px solid {RISK_COLOURS[plan.risk]}",
            padding="6px 10px",
            margin="4px 0",
        )
        super().__init__(
            [self.header, self.details, self.body, self._buttons, self.outcome,
             self.undo_button, self.undo_area],
            layout=layout, **kwargs,
        )  # fmt: skip
        self.add_class("wsnb-plan-card")
        self._unsubscribe = plan.subscribe(self._on_plan_changed)
        self.refresh()

    # -- rendering from the plan ------------------------------------------------------

    def refresh(self) -> None:
        """Render everything that depends on the plan's state, from the plan itself."""
        plan = self.plan
        pending = plan.state is PlanState.PENDING
        self.header.value = _header_html(plan)
        self.details.value = _details_html(plan)
        self.name_box.layout.display = (
            "" if pending and plan.requires_strong_confirmation else "none"
        )
        self.name_box.disabled = not pending or self._busy
        self.confirm_button.disabled = not self._may_confirm()
        self.cancel_button.disabled = not pending or self._busy
        self._buttons.layout.display = "none" if plan.state is PlanState.REFUSED else ""
        self.outcome.value = _outcome_html(plan, self._note)
        self.undo_button.layout.display = "" if plan.can_undo else "none"
        self.undo_button.disabled = self.undo_card is not None or self._busy

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

    def _act(self, action: Any) -> None:
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
        self._busy = True
        self.refresh()
        try:
            self.undo_card = PlanCard(self.plan.undo())
            self.undo_area.children = (self.undo_card,)
        except WsnbError as exc:
            self._note = str(exc)
        finally:
            self._busy = False
            self.refresh()

    # -- display ------------------------------------------------------------------------

    def close(self) -> None:
        """Stop listening to the plan and close the widgets."""
        self._unsubscribe()
        super().close()

    def __repr__(self) -> str:
        plan = self.plan
        return f"<PlanCard {plan.id} {plan.action.value}: {plan.state.value}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        # ipywidgets' own text/plain is a cut repr; a saved notebook and nbval read this.
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["text/plain"] = self.plan.describe()
        return bundle


def _confirm_style(risk: Risk) -> str:
    return "danger" if risk >= Risk.HIGH else "primary"


def _header_html(plan: Plan) -> str:
    return (
        f'<div style="display: flex; align-items: center; gap: 8px; flex-wrap: wrap;">'
        f'<b style="font-size: 14px;">{esc(plan.title)}</b>{risk_badge(plan.risk)}'
        f"{state_badge(plan.state)}"
        f'<span style="{_MUTED} font-size: 11px;">plan {esc(plan.id)}</span></div>'
    )


def _details_html(plan: Plan) -> str:
    rows = [("action", plan.action.value)]
    if plan.source is not None:
        rows.append(("source", plan.source.relative))
    if plan.target is not None:
        rows.append(("target", plan.target.relative))
    if plan.new_name is not None:
        rows.append(("new name", plan.new_name))
    if plan.parent_dirs:
        rows.append(("new folders", ", ".join(plan.parent_dirs)))
    if plan.undo_of:
        rows.append(("undoes", f"journal entry {plan.undo_of}"))
    cells = "".join(
        f'<tr><td style="{_MUTED} {_CELL} padding-right: 12px;">{esc(k)}</td>'
        f'<td style="{_CELL}"><code>{esc(v)}</code></td></tr>'
        for k, v in rows
    )
    parts = [f'<table style="border-collapse: collapse; margin: 2px 0;">{cells}</table>']
    if plan.description:
        parts.append(f"<div>{esc(plan.description)}</div>")
    parts += [f'<div style="color: var(--jp-warn-color1, #9a6700);">⚠ {esc(w)}</div>'
              for w in plan.warnings]  # fmt: skip
    if plan.requires_strong_confirmation and plan.state is PlanState.PENDING:
        why = plan.data.get("strong_reason", "it is a risky change")
        parts.append(
            f"<div><b>Strong confirmation</b> ({esc(why)}): type "
            f"<code>{esc(plan.item_name)}</code> to enable Confirm.</div>"
        )
    return "".join(parts)


def _body_html(plan: Plan) -> str:
    if plan.diff:
        return f'<div style="{_MUTED}">diff</div>{diff_block(plan.diff)}'
    if plan.preview is not None:
        label = f"preview (first {PREVIEW_LINES} lines)"
        return f'<div style="{_MUTED}">{esc(label)}</div>{code_block(plan.preview)}'
    return ""


def _outcome_html(plan: Plan, note: str) -> str:
    """What became of the plan, then this card's own note (an error that changed no state)."""
    extra = f'<div style="{_BAD}">{esc(note)}</div>' if note else ""
    return _state_html(plan) + extra


def _state_html(plan: Plan) -> str:
    state, result = plan.state, plan.result
    if state is PlanState.REFUSED:
        rule = f" (rule {plan.rule.value})" if plan.rule else ""
        text = f"✗ Refused{rule}: {plan.refusal or ''} This plan can't be confirmed."
        return f'<div style="{_BAD}">{esc(text)}</div>'
    if state is PlanState.DONE and result is not None:
        changed = f" Changed: {', '.join(result.files)}." if result.files else ""
        return f'<div style="{_GOOD}">✓ {esc(result.message)}{esc(changed)}</div>'
    if state is PlanState.FAILED:
        error = result.error if result is not None else "The plan failed."
        return f'<div style="{_BAD}">✗ Failed: {esc(error)}</div>'
    if state is PlanState.CANCELLED:
        return f'<div style="{_MUTED}">Cancelled; nothing was changed.</div>'
    if state is PlanState.CONFIRMED:
        return f'<div style="{_MUTED}">Carrying out the plan…</div>'
    return ""
