"""A plan as plain text: what, where, how risky, warnings, and its diff or preview.

The text a plan prints and shows outside a notebook (``Plan.describe()``, ``str(plan)``), in
the language the plan was made in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import N_, _, ngettext, using_language
from ..types import PlanState, Risk

if TYPE_CHECKING:
    from .plan import Plan

__all__ = ["PREVIEW_LINES", "RISK_WORDS", "STATE_WORDS", "after_words", "describe"]

PREVIEW_LINES = 40
_S = PlanState
# How a person reads a state or a risk; the enum values stay the machine's codes.
STATE_WORDS = {_S.BUILT: N_("built"), _S.PENDING: N_("pending"), _S.CONFIRMED: N_("confirmed"),
               _S.DONE: N_("done"), _S.FAILED: N_("failed"), _S.CANCELLED: N_("cancelled"),
               _S.REFUSED: N_("refused"), _S.STALE: N_("stale"),
               _S.EXPIRED: N_("expired"), _S.INTERRUPTED: N_("interrupted")}  # fmt: skip
RISK_WORDS = {Risk.READ_ONLY: N_("read-only"), Risk.LOW: N_("low"), Risk.MEDIUM: N_("medium"),
              Risk.HIGH: N_("high"), Risk.DANGEROUS: N_("dangerous")}  # fmt: skip


def describe(plan: Plan) -> str:
    """The whole plan as plain text, in the plan's language: what, where, how risky,
    warnings, diff or preview."""
    with using_language(plan.lang):
        lines = [_("Plan {id}: {title}").format(id=plan.id, title=plan.title),
                 _("  action: {action}   risk: {risk}   state: {state}").format(
                     action=plan.action.value, risk=_(RISK_WORDS[plan.risk]),
                     state=_(STATE_WORDS[plan.state]))]  # fmt: skip
        lines += _path_lines(plan)
        lines += _status_lines(plan)
        lines += [_("  warning: {warning}").format(warning=w) for w in plan.warnings]
        lines += _body_lines(plan)
    return "\n".join(lines)


def _status_lines(plan: Plan) -> list[str]:
    lines = []
    if plan.undo_of:
        lines.append(_("  undoes: journal entry {entry}").format(entry=plan.undo_of))
    proposer = str(plan.data.get("proposed_by") or "notebook")
    if proposer != "notebook":  # an agent asked for it (the pending-plan store says which)
        lines.append(_("  proposed by: {agent}").format(agent=proposer.split(":")[-1]))
    if plan.description:
        lines.append(f"  {plan.description}")
    if plan.refusal:
        lines.append(_("  refused: {reason}").format(reason=plan.refusal))
    elif plan.state is PlanState.PENDING:
        lines.append(_("  to go ahead: {how}").format(how=_how_to_confirm(plan)))
    elif plan.state is PlanState.INTERRUPTED and plan.can_undo:
        lines.append(_("  to decide: {how}").format(how=(
            _("undo() to bring the files back, finish() to carry out the rest")
            if plan.can_finish else _("undo() to bring the files back"))))
    if plan.result is not None and not plan.refusal:
        lines.append(_("  result: {result}").format(
            result=plan.result.message or plan.result.error))
    return lines


def _how_to_confirm(plan: Plan) -> str:
    if plan.requires_strong_confirmation:
        why = plan.data.get("strong_reason") or _("it is a risky change")
        return _("confirm(strong=True) or confirm(typed_name={name!r}) "
                 "(strong confirmation: {why}); cancel() to drop it").format(
            name=plan.item_name, why=why)
    return _("confirm() to carry it out, cancel() to drop it")


def _path_lines(plan: Plan) -> list[str]:
    lines = []
    if plan.source is not None:
        lines.append(_("  source: {path}").format(path=plan.source.relative))
    if plan.target is not None:
        lines.append(_("  target: {path}").format(path=plan.target.relative))
    if plan.new_name is not None:
        lines.append(_("  new name: {name}").format(name=plan.new_name))
    if plan.parent_dirs:
        lines.append(_("  new folders: {folders}").format(folders=", ".join(plan.parent_dirs)))
    return lines


def _body_lines(plan: Plan) -> list[str]:
    if plan.steps:
        return _step_lines(plan)
    if plan.diff:
        return ["", _("--- diff ---"), plan.diff.rstrip("\n")]
    if plan.preview is not None:
        return ["", _("--- preview (first {count} lines) ---").format(count=PREVIEW_LINES),
                plan.preview.rstrip("\n")]
    return []


def after_words(step: Plan) -> str:
    """"(on the files change 1 leaves)" for a change planned on what earlier changes of its set
    leave (``data["after"]``, ``wsnb.plans.future``); "" for one planned on the files as
    they are."""
    after = step.data.get("after") or []
    if not after:
        return ""
    return ngettext("(on the files change {numbers} leaves)",
                    "(on the files changes {numbers} leave)", len(after)).format(
        numbers=", ".join(str(number) for number in after))  # fmt: skip


def _step_lines(plan: Plan) -> list[str]:
    """A change set: a line per change, then its diff or preview (a left-out one says so)."""
    lines = ["", _("--- changes ---")]
    left_out = set(plan.left_out)
    for number, step in enumerate(plan.steps, 1):
        after = after_words(step)
        title = f"[{number}] {step.title}" + (f" {after}" if after else "")
        if number in left_out:
            lines.append(_("{title} (left out)").format(title=title))
            continue
        lines.append(title)
        body = step.diff or step.preview
        if body:
            lines += [f"    {line}" for line in body.rstrip("\n").splitlines()]
    return lines
