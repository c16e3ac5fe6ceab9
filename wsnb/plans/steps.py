"""A change set's steps: which of them run, and what the set watches.

A change set (``wsnb.tools.changeset``) is one plan whose ``data["steps"]`` are
the plans of its changes. A person may leave single changes out before
confirming; what is left out never runs, and its files may change without
making the set stale.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import PlanStateError, UsageError
from ..i18n import N_, _
from ..types import PlanState
from .describe import STATE_WORDS

if TYPE_CHECKING:
    from .plan import Plan

__all__ = ["chosen_steps", "step_fingerprints", "step_rows"]

STEP_WORDS = {"done": N_("done"), "left out": N_("left out"), "failed": N_("failed"),
               "undone": N_("undone after a later step failed"),
               "not undone": N_("done, and could not be undone"),
               "not run": N_("not run")}  # fmt: skip


def chosen_steps(plan: Plan, numbers: tuple[int, ...], *, include: bool) -> set[int]:
    """The numbers left out once ``numbers`` are put back (``include``) or left out.

    Raises ``PlanStateError`` unless ``plan`` is a pending change set, and
    ``UsageError`` for a number that is no step or when no step would be left.
    """
    steps = plan.steps
    if not steps or plan.state is not PlanState.PENDING:
        raise PlanStateError(_("Only a pending change set has changes to leave out or put "
                               "back; this plan is {state}.").format(
            state=_(STATE_WORDS[plan.state])), plan=plan.id, state=plan.state)  # fmt: skip
    count = len(steps)
    wrong = [n for n in numbers if isinstance(n, bool) or not isinstance(n, int)
             or not 1 <= n <= count]  # fmt: skip
    if wrong:
        raise UsageError(_("This change set has changes 1 to {count}; {wrong} is not one of "
                           "them.").format(count=count, wrong=wrong[0]))  # fmt: skip
    left_out = set(plan.left_out)
    left_out = left_out - set(numbers) if include else left_out | set(numbers)
    if len(left_out) >= count:
        raise UsageError(_("Leaving out every change leaves nothing to carry out; cancel the "
                           "change set instead."))  # fmt: skip
    _check_needed(steps, left_out)
    return left_out


def _check_needed(steps: list[Plan], left_out: set[int]) -> None:
    """Raise ``UsageError`` when a change that stays in was planned on the files a change left
    out leaves (``data["after"]``, ``wsnb.plans.future``): it can't run without it."""
    for number, step in enumerate(steps, 1):
        if number in left_out:
            continue
        for earlier in step.data.get("after") or ():
            if earlier in left_out:
                raise UsageError(_(
                    "Change {later} ({title}) is planned on the files as change {earlier} "
                    "({what}) leaves them, so it can't run without it; leave out both, or "
                    "neither.").format(later=number, title=step.title, earlier=earlier,
                                       what=steps[earlier - 1].title))  # fmt: skip


def step_fingerprints(steps: list[Plan], left_out: set[int]) -> dict[str, Any]:
    """What a change set watches: the fingerprints of the steps that will run."""
    prints: dict[str, Any] = {}
    for number, step in enumerate(steps, 1):
        if number not in left_out:
            prints.update(step.data.get("fingerprints", {}))
    return prints


def step_rows(plan: Plan) -> list[dict[str, Any]]:
    """Each step of a change set as a row: number, title, action, path, state, result.

    What ``plan_status`` reports and the card lists; ``state`` is one of ``pending``,
    ``left out``, ``done``, ``failed``, ``undone``, ``not undone`` or ``not run``.
    """
    states = plan.data.get("step_states") or {}
    left_out = set(plan.data.get("left_out", ()))
    finished = bool(states)
    rows = []
    for number, step in enumerate(plan.data.get("steps", ()), 1):
        state = states.get(number) or ("left out" if number in left_out
                                       else "not run" if finished else "pending")  # fmt: skip
        path = step.target or step.source
        rows.append({"step": number, "title": step.title, "action": step.action.value,
                     "path": path.relative if path is not None else None, "state": state,
                     "state_words": _(STEP_WORDS[state]) if state in STEP_WORDS
                     else _("pending")})  # fmt: skip
    return rows
