"""``change_set``: several changes proposed, shown and confirmed as one plan.

A rename across five files is one thing to a person: one card with a summary
line per change and each diff, Confirm all, Cancel, and a way to leave out the
one change they dislike. Each change is made by its own write tool (``edit``,
``write``, ``create_file``, ``create_folder``, ``copy``, ``move``, ``rename``,
``trash``), so it is checked, previewed and carried out exactly as it would be
alone. The set adds three things:

* **planned in order** — each change is planned against the files as the
  changes before it leave them (``wsnb.plans.future``): a file renamed by change
  1 is edited at its new name by change 2, with its text; a new file can be
  edited, copied or moved by a later change; a path moved away or trashed is
  gone, and naming it is refused at once, naming both changes;
* **all or none** — the steps run in order; if one fails, the steps already
  done are undone at once (a write gets its backup back, a new item goes to the
  trash, a move goes back), and the result says which step failed and why;
* **one stale check** — every step's fingerprints are checked before the first
  step runs, so a file changed since the proposal stops the whole set; a path
  an earlier change makes is checked just before its change runs, against what
  the earlier changes left;
* **one journal group** — each step is journaled with the set's id, so undo
  reverses the whole set (``wsnb.plans.journal``); the journal is written ahead
  (``wsnb.plans.ahead``): the set is journaled as begun before its first step,
  each step as done before the next starts, a step taken back as undone.

Two changes of one file's text are one change: two edits of one file are one
``edit`` with two edits.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, cast

from ..errors import WsnbError
from ..i18n import N_, _, ngettext
from ..plans.ahead import Run
from ..plans.building import start_plan
from ..plans.future import Future, expectation_missed, planned_on
from ..plans.journal import journal_entry
from ..plans.plan import Plan
from ..plans.record import PlanRecord
from ..plans.steps import step_fingerprints
from ..plans.undoing import undo_request
from ..policy.access import Decision
from ..types import ActionType, Risk, Rule, ToolResult
from .base import ToolContext, WriteTool
from .edits import EditFileTool
from .files import CreateFileTool, CreateFolderTool, WriteFileTool, remove_empty
from .moves import CopyFileTool, MoveFileTool, RenameTool
from .notebookedits import EditNotebookTool
from .trashing import RestoreFromTrashTool, TrashTool

__all__ = ["CHANGE_OPS", "MAX_CHANGES", "ChangeSetTool"]

logger = logging.getLogger("wsnb")

MAX_CHANGES = 50

# The operations a change set takes, by the name a person or a model writes.
_TOOLS: dict[str, WriteTool] = {
    tool.name: cast("WriteTool", tool)
    for tool in (EditFileTool(), WriteFileTool(), CreateFileTool(), CreateFolderTool(),
                 CopyFileTool(), MoveFileTool(), RenameTool(), TrashTool(),
                 RestoreFromTrashTool(), EditNotebookTool())
}
CHANGE_OPS: dict[str, str] = {
    "edit": "edit_file", "write": "write_file", "create_file": "create_file",
    "create_folder": "create_folder", "copy": "copy_file", "move": "move_file",
    "rename": "rename", "trash": "trash", "edit_notebook": "edit_notebook",
}  # fmt: skip
# A change may name its tool instead of its op (plans carried out together name their tools).
_OPS = {**CHANGE_OPS, **{name: name for name in CHANGE_OPS.values()}}
# Only an undo of a change set restores from the trash (its record is not JSON).
_UNDO_OPS = {**CHANGE_OPS, **{name: name for name in _TOOLS}}



class ChangeSetTool:
    """Several changes as one plan: shown together, confirmed together, undone together."""

    name: str = "change_set"
    display_name: str = N_("Change set")
    action: ActionType = ActionType.CHANGE_SET
    risk: Risk = Risk.MEDIUM

    def plan(self, ctx: ToolContext, **params: Any) -> Plan:
        title = str(params.get("title") or _("Change set"))
        plan, values = start_plan(self, ctx, title, params, ("changes",),
                                  {"title": "", "undo_steps": None, "warnings": None})
        if values is None:
            return plan
        changes, undo_steps = values["changes"], values["undo_steps"]
        problem = _shape_problem(changes) or _warnings_problem(values["warnings"])
        if problem:
            return plan.refuse(problem, Rule.NOT_ALLOWED)
        ops = _UNDO_OPS if undo_steps is not None else _OPS
        steps: list[Plan] = []
        # The files as the changes planned so far leave them.
        tree = Future(ctx.policy.root, undoing=undo_steps is not None)
        for number, change in enumerate(changes, 1):
            ahead = tree.upto()
            step = _step_plan(replace(ctx, future=ahead), ops, number, change)
            if undo_steps is not None:
                _mark_undo(step, undo_steps[number - 1])
            if step.is_refused:
                return plan.refuse(_refused_step(number, step, ahead), step.rule)
            # Planned on these changes, and on what those were planned on.
            step.data["after"] = sorted({*ahead.consulted, *(
                earlier for number in ahead.consulted
                for earlier in steps[number - 1].data.get("after", ()))})
            tree.add(number, step)
            steps.append(step)
        clash = _written_twice(steps)
        if clash:
            return plan.refuse(clash, Rule.NOT_ALLOWED)
        _gather(plan, steps, str(values["title"]))
        plan.warnings += list(values["warnings"] or ())  # the proposer's, after the steps'
        return plan

    def recheck(self, ctx: ToolContext, plan: PlanRecord) -> Decision:
        """Every step that will run, asked again (against the files as the steps before it
        leave them); the first refusal says which step."""
        nothing = _("The change set has no change left to carry out; put one back or cancel it.")
        decision = Decision.refuse(Rule.NOT_ALLOWED, nothing)
        tree = Future(ctx.policy.root)
        for number, step in _included(plan):
            tool = _bound_tool(step)
            try:
                decision = tool.recheck(replace(ctx, future=tree.upto()), step)
            except WsnbError as exc:
                decision = Decision.refuse(Rule.NOT_ALLOWED, exc.reason)
            tree.add(number, step)
            if not decision:
                return Decision.refuse(decision.rule or Rule.NOT_ALLOWED, _(
                    "Change {number} ({title}): {reason}").format(
                    number=number, title=step.title, reason=decision.reason), decision.path)
        return decision

    def execute(self, ctx: ToolContext, plan: PlanRecord) -> ToolResult:
        """Run the steps in order; on the first failure, undo the ones done and say which."""
        done: list[tuple[int, Plan]] = []
        states = {number: "left out" for number in plan.data.get("left_out", ())}
        run: Run | None = plan.data.get("run")
        for number, step in _included(plan):
            missed = _not_as_left(ctx, step)  # a failed result is falsy: no ``or`` here
            result = missed if missed is not None else _run_step(ctx, step)
            step.result = result
            undone: list[str] = []
            if result.success:
                failure = _journal_step(run, plan, number, step)
                if failure is None:
                    done.append((number, step))
                    states[number] = "done"
                    continue
                # Done, but the journal can't follow it: taken back first, then the others.
                result, undone = failure, _roll_back(ctx, [(number, step)], states, run)
            states[number] = "failed" if states.get(number) != "not undone" else "not undone"
            undone += _roll_back(ctx, done, states, run)
            plan.data["step_states"] = states
            return ToolResult(False, error=_failure_sentence(number, step, result, done, undone),
                              data={"failed_step": number})  # fmt: skip
        plan.data["step_states"] = states
        files = sorted({path for _n, step in done for path in (step.result.files if step.result
                                                                 else ())})  # fmt: skip
        left = len(plan.data.get("left_out", ()))
        if left:
            message = ngettext("Carried out {count:,} change of {title}; {left:,} left out.",
                               "Carried out {count:,} changes of {title}; {left:,} left out.",
                               len(done)).format(count=len(done), title=plan.title, left=left)
        else:
            message = ngettext("Carried out {count:,} change of {title}.",
                               "Carried out all {count:,} changes of {title}.", len(done)).format(
                count=len(done), title=plan.title)  # fmt: skip
        return ToolResult(True, message=message, files=files)


# ---------------------------------------------------------------------------
# Building
# ---------------------------------------------------------------------------


def _shape_problem(changes: Any) -> str:
    if not isinstance(changes, Sequence) or isinstance(changes, (str, bytes)):
        return _("changes must be a list of changes, each with an op such as \"edit\", "
                 "\"create_file\" or \"rename\" and that op's arguments.")  # fmt: skip
    if not changes:
        return _("changes is empty: a change set needs at least one change.")
    if len(changes) > MAX_CHANGES:
        return _("A change set takes at most {most} changes, not {count:,}; split it into "
                 "several sets.").format(most=MAX_CHANGES, count=len(changes))  # fmt: skip
    return ""


def _warnings_problem(warnings: Any) -> str:
    """A proposer's warnings are sentences (a rename's new name already in use)."""
    if warnings is None or (isinstance(warnings, Sequence) and not isinstance(warnings, str)
                            and all(isinstance(w, str) for w in warnings)):  # fmt: skip
        return ""
    return _("warnings must be a list of sentences (text), one per warning.")


def _step_plan(ctx: ToolContext, ops: Mapping[str, str], number: int, change: Any) -> Plan:
    """One change's plan, made by its own tool (refused with a sentence when malformed)."""
    op = change.get("op") if isinstance(change, Mapping) else None
    tool_name = ops.get(op) if isinstance(op, str) else None
    if tool_name is None:
        known = ", ".join(CHANGE_OPS)
        plan = Plan.start(ChangeSetTool(), ctx, _("Change {number}").format(number=number))
        return plan.refuse(_("each change needs an op, one of {known}; this one has "
                             "{op!r}.").format(known=known, op=op), Rule.NOT_ALLOWED)  # fmt: skip
    params = {key: value for key, value in change.items() if key != "op"}
    return cast("Plan", _TOOLS[tool_name].plan(ctx, **params))


def _mark_undo(step: Plan, undo: Mapping[str, Any]) -> None:
    """An undo step reverses one journaled step: it says which, and which folders go if empty."""
    step.undo_of = str(undo.get("undo_of") or "") or None
    folders = [folder for folder in undo.get("remove_if_empty") or () if folder]
    if folders:
        step.data["remove_if_empty"] = folders
    if undo.get("also_undoes"):
        step.data["also_undoes"] = list(undo["also_undoes"])


def _touched(step: Plan) -> list[str]:
    return [path.relative for path in (step.source, step.target) if path is not None]


def _refused_step(number: int, step: Plan, ahead: Future) -> str:
    """Why change ``number`` can't be made, and, unless that says so already, on which earlier
    changes' files it was planned."""
    said = _("Change {number} ({title}): {reason}").format(number=number, title=step.title,
                                                          reason=step.refusal)  # fmt: skip
    named = any(f"change {earlier} (" in (step.refusal or "") for earlier in ahead.consulted)
    return f"{said} {planned_on(ahead)}" if ahead.consulted and not named else said


_WRITES = ("write_file", "edit_file", "edit_notebook")  # the changes of a file's text


def _written_twice(steps: list[Plan]) -> str:
    """Two changes of one file's text: they go into one change, so its diff shows them both."""
    seen: dict[str, int] = {}
    for number, step in enumerate(steps, 1):
        if step.tool_name not in _WRITES or step.target is None:
            continue
        path = step.target.relative
        if path in seen:
            return _("Changes {first} and {second} both act on {path}; make it one change "
                     "(several edits of one file go into one edit).").format(
                first=seen[path], second=number, path=path)  # fmt: skip
        seen[path] = number
    return ""


def _gather(plan: Plan, steps: list[Plan], title: str) -> None:
    """The set's own fields from its steps: risk, fingerprints, warnings, strong confirmation."""
    plan.data["steps"] = steps
    plan.data["left_out"] = []
    plan.risk = max(step.risk for step in steps)
    plan.requires_confirmation = True
    if not title:
        plan.title = ngettext("Change set: {count:,} change", "Change set: {count:,} changes",
                              len(steps)).format(count=len(steps))  # fmt: skip
    plan.data["fingerprints"] = step_fingerprints(steps, set())
    # One patch of every change that has a diff, for whoever reads the plan whole (an agent).
    plan.diff = "".join(step.diff for step in steps if step.diff) or None
    for number, step in enumerate(steps, 1):
        plan.warnings += [_("Change {number}: {warning}").format(number=number, warning=warning)
                          for warning in step.warnings]  # fmt: skip
        if step.requires_strong_confirmation:
            plan.require_strong(_("change {number} ({title}) needs it").format(
                number=number, title=step.title))
            plan.data.setdefault("strong_name", step.item_name)
    plan.description = ngettext(
        "{count:,} change, carried out in order; if one fails, the ones before it are undone.",
        "{count:,} changes, carried out in order; if one fails, the ones before it are undone.",
        len(steps)).format(count=len(steps))  # fmt: skip


def _included(plan: PlanRecord) -> list[tuple[int, Plan]]:
    left_out = set(plan.data.get("left_out", ()))
    return [(number, step) for number, step in enumerate(plan.data.get("steps", ()), 1)
            if number not in left_out]  # fmt: skip


def _bound_tool(step: Plan) -> WriteTool:
    return _TOOLS[step.tool_name]


# ---------------------------------------------------------------------------
# Running, and rolling back
# ---------------------------------------------------------------------------


def _not_as_left(ctx: ToolContext, step: Plan) -> ToolResult | None:
    """A failure when a path this step was planned on is not as the steps before it left it
    (someone changed it while the set ran); None when each is."""
    path = expectation_missed(ctx, step)
    if path is None:
        return None
    return ToolResult(False, error=_("{path} is not as the changes before it left it: it changed "
                                     "while the set ran").format(path=path))  # fmt: skip


def _run_step(ctx: ToolContext, step: Plan) -> ToolResult:
    try:
        result = _bound_tool(step).execute(ctx, step)
        if result.success and step.data.get("remove_if_empty"):
            # An undo step of a set: the folders the set made go once empty (moves and
            # trashes did this already; a write did not).
            result.files += remove_empty(ctx, step.data["remove_if_empty"])
        return result
    except WsnbError as exc:
        return ToolResult.failure(exc)
    except OSError as exc:
        return ToolResult(False, error=_("{title} failed ({problem}).").format(
            title=step.title, problem=exc.strerror or exc))


def _journal_step(run: Run | None, plan: PlanRecord, number: int, step: Plan) -> ToolResult | None:
    """Journal a done step before the next starts; the failure to say when it can't be."""
    if run is None:
        return None
    try:
        run.step_done(plan, number, step)
    except WsnbError as exc:
        return ToolResult(False, error=_("it was done, but the journal could not record it "
                                         "({reason}), so it was taken back").format(
            reason=exc.reason.rstrip(".")))  # fmt: skip
    return None


def _roll_back(ctx: ToolContext, done: list[tuple[int, Plan]], states: dict[int, str],
               run: Run | None = None) -> list[str]:  # fmt: skip
    """Undo the steps already done, last first; the sentences of any that could not be."""
    problems: list[str] = []
    for number, step in reversed(done):
        problem = _undo_step(ctx, step, number, run)
        states[number] = "undone" if problem is None else "not undone"
        if problem is not None:
            problems.append(_("change {number} ({title}) could not be undone: {reason}").format(
                number=number, title=step.title, reason=problem))
            logger.warning("change set: step %s could not be rolled back", number)
    return problems


def _undo_step(ctx: ToolContext, step: Plan, number: int, run: Run | None) -> str | None:
    """Reverse one done step through the journal's own undo rules; None when it worked."""
    try:
        request = undo_request(journal_entry(step, ctx.clock()), [], ctx.policy)
    except WsnbError as exc:
        return exc.reason
    if request.refusal:
        return request.refusal
    reverse = cast("Plan", _TOOLS[request.tool].plan(ctx, **request.params))
    if reverse.is_refused:
        return reverse.refusal or ""
    if request.empty_folders:
        reverse.data["remove_if_empty"] = request.empty_folders
    result = _run_step(ctx, reverse)
    reverse.result = result
    if result.success and run is not None:
        run.step_undone(number, reverse)
    return None if result.success else result.error


def _failure_sentence(number: int, step: Plan, result: ToolResult,
                      done: list[tuple[int, Plan]], problems: list[str]) -> str:  # fmt: skip
    failed = _("Change {number} ({title}) failed: {error}").format(
        number=number, title=step.title, error=(result.error or "").rstrip("."))
    if problems:
        return _("{failed}. The changes before it were undone, except: {problems}.").format(
            failed=failed, problems="; ".join(problems))
    if done:
        return ngettext("{failed}. The change before it was undone; the files are as they were.",
                        "{failed}. The {count:,} changes before it were undone; the files are as "
                        "they were.", len(done)).format(failed=failed, count=len(done))  # fmt: skip
    return _("{failed}. Nothing was changed.").format(failed=failed)
