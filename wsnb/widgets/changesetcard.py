"""``ChangeSetCard``: a change set as one card, a line per change, each diff folded.

A ``PlanCard`` whose body lists the set's changes: a checkbox per change (untick
to leave it out before confirming), its summary line, and its diff or preview in
a fold. Confirm carries out the ticked changes in order (all or none); once the
set ran, each line says what became of its change (done, left out, failed,
undone after a later one failed). The plan stays the model: ticking calls
``plan.leave_out()`` / ``plan.put_back()``, and every view re-renders from it.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..errors import WsnbError
from ..i18n import _, ngettext, using_language
from ..plans.describe import after_words
from ..plans.plan import Plan
from ..plans.steps import step_rows
from ..types import PlanState
from ._html import code_block, diff_block, esc
from .card import PlanCard

__all__ = ["ChangeSetCard"]

_MUTED = "color: var(--jp-ui-font-color2, #57606a);"
_STATE_COLOURS = {"done": "var(--jp-success-color1, #1a7f37)",
                  "failed": "var(--jp-error-color1, #cf222e)",
                  "not undone": "var(--jp-error-color1, #cf222e)"}  # fmt: skip


class ChangeSetCard(PlanCard, shows_steps=True):
    """A change set's card: Confirm all (or the ticked ones), Cancel, a line per change.

    ``step_boxes[n - 1]`` is change ``n``'s checkbox; unticking it leaves the
    change out. Leaving out every change is refused in place (cancel instead).
    """

    def _build(self, plan: Plan, **kwargs: Any) -> None:
        self.step_boxes = [
            widgets.Checkbox(value=True, indent=False, description=f"[{number}] {step.title}",
                             layout=widgets.Layout(width="auto", max_width="100%"))
            for number, step in enumerate(plan.steps, 1)
        ]  # fmt: skip
        self.step_lines = [widgets.HTML() for _box in self.step_boxes]
        super()._build(plan, **kwargs)
        rows = [widgets.VBox([box, line], layout=widgets.Layout(margin="2px 0"))
                for box, line in zip(self.step_boxes, self.step_lines, strict=True)]  # fmt: skip
        self.body = widgets.VBox(rows)
        self._own = (self.header, self.details, self.body, self._buttons, self._after)
        self.children = self._own  # type: ignore[assignment]  # PlanCard's first children
        for number, box in enumerate(self.step_boxes, 1):
            box.observe(lambda change, n=number: self._on_tick(n, change), names="value")
        self.refresh()

    def _render(self) -> None:
        super()._render()
        if not hasattr(self, "step_lines") or not isinstance(self.body, widgets.VBox):
            return  # PlanCard's own first render, before the step rows exist
        plan = self.plan
        pending = plan.state is PlanState.PENDING
        left_out = set(plan.left_out)
        for row, box, line in zip(step_rows(plan), self.step_boxes, self.step_lines, strict=True):
            box.disabled = not pending or self._busy
            box.value = row["step"] not in left_out
            line.value = _step_html(plan.steps[row["step"] - 1], row, pending)
        included = len(plan.steps) - len(left_out)
        self.confirm_button.description = (
            _("Confirm all") if not left_out
            else ngettext("Confirm {count} change", "Confirm {count} changes",
                          included).format(count=included))  # fmt: skip

    def _on_tick(self, number: int, change: dict[str, Any]) -> None:
        plan = self.plan
        wanted = bool(change["new"])
        if plan.state is not PlanState.PENDING or wanted == (number not in plan.left_out):
            return  # a render setting the box, or a finished plan
        self._note = ""
        with using_language(plan.lang):
            try:
                if wanted:
                    plan.put_back(number)
                else:
                    plan.leave_out(number)
            except WsnbError as exc:
                self._note = str(exc)
        self.refresh()

    def __repr__(self) -> str:
        plan = self.plan
        return f"<ChangeSetCard {plan.id} {len(plan.steps)} changes: {plan.state.value}>"


def _step_html(step: Plan, row: dict[str, Any], pending: bool) -> str:
    """A change's summary (what, where, its state once the set ran) and its folded diff."""
    state = row["state"]
    said = "" if pending else row["state_words"]
    colour = _STATE_COLOURS.get(state, "var(--jp-ui-font-color2, #57606a)")
    parts = []
    after = after_words(step)  # planned on what earlier changes of the set leave
    if after:
        parts.append(f'<span class="wsnb-after" style="{_MUTED}">{esc(after)}</span>')
    if step.description:
        parts.append(f'<span style="{_MUTED}">{esc(step.description)}</span>')
    if said:
        parts.append(f'<b style="color: {colour};">{esc(said)}</b>')
    if step.diff:
        body, label = diff_block(step.diff), _("diff")
    elif step.preview is not None:
        body, label = code_block(step.preview), _("preview")
    else:
        body = label = ""
    fold = ""
    if body and state != "left out":
        fold = (f'<details style="margin: 2px 0 0 22px;"><summary style="cursor: pointer; '
                f'{_MUTED}">{esc(label)}</summary>{body}</details>')
    summary = " · ".join(parts)
    return (f'<div style="margin-left: 22px; line-height: 1.45;">{summary}</div>{fold}'
            if summary else fold)  # fmt: skip
