"""The plan book: a workspace's plans, from proposal through the journal, and undo.

``PlanBook`` proposes a plan through its tool, confirms it (re-checking, journaling
it ahead, running, journaling its end), lists what is pending, plans the reverse of
a journaled change, and says which runs were cut short (``interrupted``) with the
plans that undo or finish them.
"""

from __future__ import annotations

import logging
import os
import weakref
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

import pandas as pd

from ..errors import UsageError, WriteError
from ..i18n import _
from ..listeners import Listeners
from ..types import ActionType, PlanState, Risk, Rule, ToolResult
from . import ahead
from .journal import Journal, JournalEntry, RunMark, journal_entries
from .plan import Plan, new_plan_id
from .recovery import Interrupted, Recovered, recover, unfinished_runs
from .steps import step_fingerprints
from .undoing import pick_entry, undo_request

if TYPE_CHECKING:
    from ..fileindex.changes import IndexChange
    from ..policy.access import AccessPolicy
    from ..tools.base import ToolContext, ToolRegistry, WriteTool
    from .record import PlanRecord

__all__ = ["PlanBook", "pending_frame", "plans_running", "stale_marker", "undo_title"]

logger = logging.getLogger("wsnb")

_PENDING_COLUMNS = ["id", "action", "risk", "title", "source", "target", "strong", "created",
                    "proposer", "workspace"]  # fmt: skip


def pending_frame(plans: list[Plan], workspace: str) -> pd.DataFrame:
    """Waiting plans as a table: what each does, how risky, when it was made, who proposed it
    (``notebook``, or an agent's ``mcp:<name>``) and the kind of ``workspace`` it changes."""
    rows = [
        {"id": p.id, "action": p.action.value, "risk": p.risk.label, "title": p.title,
         "source": p.source.relative if p.source else None,
         "target": p.target.relative if p.target else None,
         "strong": p.requires_strong_confirmation, "created": p.created_at,
         "proposer": str(p.data.get("proposed_by") or "notebook"), "workspace": workspace}
        for p in plans
    ]  # fmt: skip
    frame = pd.DataFrame(rows, columns=_PENDING_COLUMNS)
    return frame.astype({"strong": bool})


class PlanBook:
    """The session's plans: proposes them, keeps them, journals them, and builds undo plans.

    ``on_change`` is called with a plan right after it changed the workspace;
    ``subscribe()`` adds listeners told of every executed plan (done or failed).
    """

    def __init__(
        self,
        ctx: ToolContext,
        registry: ToolRegistry,
        journal: Journal,
        *,
        on_change: Callable[[Plan], None] | None = None,
    ) -> None:
        self._ctx = ctx
        self._registry = registry
        self._journal = journal
        self._on_change = on_change
        self._plans: dict[str, Plan] = {}
        self._listeners: Listeners[Plan] = Listeners("plan book")
        self._new_plan_listeners: Listeners[Plan] = Listeners("plan book (new plans)")

    def __repr__(self) -> str:
        waiting = sum(p.state is PlanState.PENDING for p in self._plans.values())
        return f"<PlanBook {len(self._plans)} plans, {waiting} pending>"

    @property
    def policy(self) -> AccessPolicy:
        return self._ctx.policy

    def rename(self, plan: Plan, plan_id: str) -> None:
        """Give one of this book's plans another id (the store found its id taken on disk)."""
        self._plans.pop(plan.id, None)
        plan.id = plan_id
        self._plans[plan_id] = plan

    def subscribe(self, listener: Callable[[Plan], None]) -> Callable[[], None]:
        """Call ``listener(plan)`` after each plan of this book ran and was journaled.

        Returns the function that stops it. Views of the journal refresh this
        way; a listener that raises is logged and skipped.
        """
        return self._listeners.add(listener)

    def subscribe_new(self, listener: Callable[[Plan], None]) -> Callable[[], None]:
        """Call ``listener(plan)`` for each plan the book takes in: proposed, refused or undo.

        Returns the function that stops it. A panel shows a plan made in a
        notebook cell this way, at once; a listener that raises is logged and skipped.
        """
        return self._new_plan_listeners.add(listener)

    def propose(self, tool_name: str, **params: Any) -> Plan:
        """Ask a write tool for a plan; a plan that is not refused becomes pending."""
        return self._propose(tool_name, params, None)

    def restore(self, plan_id: str, request: dict[str, Any]) -> Plan:
        """The plan ``request`` (a plan's ``data["request"]``) asks for, made again now under
        ``plan_id``: how the pending-plan store brings back a plan proposed elsewhere."""
        if "undo" in request:
            return self._undo(request["undo"], plan_id)
        return self._propose(str(request["tool"]), dict(request["params"]), plan_id)

    def _propose(self, tool_name: str, params: dict[str, Any], plan_id: str | None) -> Plan:
        tool = self._write_tool(tool_name)
        plan = _as_plan(tool.plan(self._ctx, **params))
        plan.data["request"] = {"tool": tool_name, "params": dict(params)}  # to make it again
        plan = self._adopt(plan, plan_id)
        plan._remake = lambda: self.propose(tool_name, **params)
        return plan

    def get(self, plan_id: str) -> Plan:
        try:
            return self._plans[plan_id]
        except KeyError:
            raise UsageError(
                _("There is no plan {id!r} in this session; see ws.pending or ws.plans "
                  "for the ids.").format(id=plan_id)
            ) from None

    def plans(self) -> list[Plan]:
        """Every plan of this session (refused ones too), oldest first."""
        return list(self._plans.values())

    def pending(self) -> pd.DataFrame:
        """This session's plans waiting for a decision, oldest first (``pending_frame``)."""
        waiting = [p for p in self._plans.values() if p.state is PlanState.PENDING]
        return pending_frame(waiting, self.policy.workspace_kind)

    def history(self) -> pd.DataFrame:
        """The journal, most recent first; a run cut short has a row whose state says so."""
        found = self._recovered()
        return self._journal.frame(found.entries, found.notes)

    def _recovered(self) -> Recovered:
        return recover(self._journal.lines(), self._ctx.policy, self._ctx.trash)

    def interrupted(self) -> list[Interrupted]:
        """The runs cut short that changed something and wait for a decision, oldest first."""
        return [self._bind(found) for found in self._recovered().waiting if found.open]

    def look_on_open(self) -> list[Interrupted]:
        """``interrupted()``, read cheaply when nothing was cut short (the usual case).

        A run cut short before it changed anything, or a single change found done whole, is
        noted in the journal as such (nothing to decide), so no later open looks for it again
        (not in read-only mode: nothing is written then).
        """
        if not unfinished_runs(self._journal.file.read()):
            return []
        waiting = self._recovered().waiting
        if self._ctx.policy.check_mode_allows_writes():
            for found in waiting:
                if not found.open:
                    self._settle(found, "done" if found.whole else "nothing")
        return [self._bind(found) for found in waiting if found.open]

    def outcome(self, plan_id: str, since: datetime) -> tuple[str, str, str | None] | None:
        """How the last run of plan ``plan_id`` begun at ``since`` or later ended, as the
        journal and the disk say: (``"done"``, ``"failed"`` or ``"interrupted"``, a sentence,
        who confirmed it); None when it never began or changed nothing."""
        lines = self._journal.lines()
        begun = [line for line in lines if isinstance(line, RunMark) and line.phase == "begun"
                 and line.plan_id == plan_id and line.time >= since]  # fmt: skip
        if not begun:
            return None
        run = begun[-1].run
        confirmed = next((line.confirmed_by for line in lines
                          if isinstance(line, JournalEntry) and line.run == run), None)
        ends = [line for line in lines if (isinstance(line, JournalEntry) and line.id == run)
                or (isinstance(line, RunMark) and line.phase == "finished" and line.run == run)]
        settled = next((line.outcome for line in ends if isinstance(line, RunMark)
                        and line.outcome is not None), None)  # fmt: skip
        if settled is not None:  # cut short, and noted so since
            return None if settled == "nothing" else (
                ("done", _done_found(), confirmed) if settled == "done" else
                ("interrupted", _settled_words(settled), confirmed))  # fmt: skip
        for line in ends:  # a single plan's own line, or a set's finished mark
            return ("done" if line.success else "failed",
                    _done_found() if line.success else line.error or "", confirmed)
        found = next((f for f in recover(lines, self._ctx.policy, self._ctx.trash).waiting
                      if f.run == run), None)  # fmt: skip
        if found is None or not found.ran:
            return None
        if found.whole:
            return "done", _done_found(), confirmed
        return "interrupted", found.outcome(), confirmed

    def _interruption_of(self, plan: Plan) -> Interrupted | None:
        """Plan ``plan``'s latest run cut short that waits for a decision, or None."""
        found = [run for run in self.interrupted() if run.plan_id == plan.id]
        return found[-1] if found else None

    def _bind(self, found: Interrupted) -> Interrupted:
        found._undo = lambda run: self._undo(run.row.id, None)
        found._finish = self._finish_run
        found._keep = lambda run: self._settle(run, "kept")
        return found

    def _settle(self, found: Interrupted, outcome: str) -> None:
        """Journal what was found of a run cut short, and that it was resolved."""
        try:
            for entry in found.found:
                self._journal.append(entry)
            self._journal.append_mark(RunMark(found.run, "finished", self._ctx.clock(),
                                              plan_id=found.plan_id, kind=found.kind,
                                              group=found.group, outcome=outcome))  # fmt: skip
        except WriteError as exc:
            logger.warning("run %s: could not note it as %s (%s)", found.run, outcome,
                           exc.reason)  # fmt: skip
            if outcome == "kept":
                raise

    def _finish_run(self, found: Interrupted) -> Plan:
        """A change set of the changes a run cut short did not carry out, journaled as the rest
        of it; refused with the reason when one of them no longer applies."""
        from .finishing import finish_changes

        changes, numbers = finish_changes(self._ctx, found)
        plan = self._propose("change_set", {"title": found.title, "changes": changes}, None)
        plan.data.update(journal_group=found.group, step_numbers=numbers,
                         continues=found.run, resolves=[found], resolve_as="finished")
        return plan

    def undo(self, entry: str | int | None = None) -> Plan:
        """A plan that reverses a journal entry; it needs confirming like any other.

        ``None`` is the most recent change not undone yet, a ``str`` a journal
        entry id, an ``int`` a position in ``history()`` (0 = most recent).
        Raises ``UndoError`` when the entry can't be undone at all; a plan that
        would do harm now (the file changed since, the old place is taken) comes
        back refused, saying why.
        """
        return self._undo(entry, None)

    def _undo(self, entry: str | int | None, plan_id: str | None) -> Plan:
        found = self._recovered()
        entries = found.entries
        chosen = pick_entry(entry, entries)
        request = undo_request(chosen, entries, self._ctx.policy)
        plan = _as_plan(self._write_tool(request.tool).plan(self._ctx, **request.params))
        plan.undo_of = chosen.id
        plan.title = undo_title(plan)
        plan.warnings.extend(request.warnings)
        if request.empty_folders and not plan.is_refused:
            # Not a tool parameter: only an undo may remove folders, and only empty ones.
            plan.data["remove_if_empty"] = request.empty_folders
            plan.description = " ".join([plan.description, _(
                "Then the folders the change made ({folders}) are removed if they are "
                "empty.").format(folders=", ".join(request.empty_folders))]).strip()
        # Undoing reverses a journaled change whose old state is kept (a backup, the trash).
        plan.risk = min(plan.risk, Risk.MEDIUM)
        if request.refusal:
            plan.refuse(request.refusal, Rule.NOT_ALLOWED)
        plan.data["request"] = {"undo": chosen.id}
        resolves = [run for run in found.waiting if run.ran and (chosen.run == run.run or (
            chosen.group is not None and chosen.group == run.group))]
        if resolves:  # the run cut short is resolved once this undo is done
            plan.data.update(resolves=resolves, resolve_as="undone")
        return self._adopt(plan, plan_id)

    def confirm_together(self, title: str, plans: list[Plan], *,
                         strong: bool = False) -> list[ToolResult] | None:  # fmt: skip
        """Carry out pending plans of this book as one change set: all or none, journaled
        ahead as one run, undone whole (what a notes workspace's plan group is).

        Each plan keeps its own card: it ends done (or failed, with the set's sentence) as
        the set does. None, with nothing done, when the plans can't make one set (one of
        them was made another way, or two act on one path): confirm them one by one then.
        """
        requests = [request for plan in plans if isinstance(request := plan.data.get("request"),
                                                            dict) and "tool" in request]
        if len(plans) < 2 or len(requests) < len(plans) or any(
                plan.state is not PlanState.PENDING or plan._keeper is not None
                for plan in plans):  # fmt: skip
            return None
        changes = [{"op": request["tool"], **request["params"]} for request in requests]
        together = self._propose("change_set", {"title": title, "changes": changes}, None)
        if together.is_refused:
            return None
        for step, plan in zip(together.steps, plans, strict=True):
            # Checked against the files as they were when each plan was proposed.
            step.data["fingerprints"] = dict(plan.data.get("fingerprints", {}))
        together.data["fingerprints"] = step_fingerprints(together.steps, set())
        try:
            result = together.confirm(strong=strong)
        finally:
            _mirror_steps(together, plans)
        logger.info("plans %s carried out together: %s", [p.id for p in plans], result.success)
        return [plan.result or result for plan in plans]

    def _write_tool(self, name: str) -> WriteTool:
        try:
            tool = self._registry.get(name)
        except KeyError as exc:
            raise UsageError(str(exc.args[0])) from None
        if not callable(getattr(tool, "plan", None)):
            raise UsageError(
                _("{name} runs at once and makes no plan; call it directly.").format(name=name))
        return cast("WriteTool", tool)

    def _adopt(self, plan: Plan, plan_id: str | None = None) -> Plan:
        if plan_id is not None:
            plan.id = plan_id  # a stored plan made again keeps its id (replacing an older copy)
        while plan.id in self._plans and plan_id is None:
            plan.id = new_plan_id()
        plan._after = self._after_execute
        plan._begin = self._begin_run
        plan._together = self.confirm_together
        plan._undo_entry = self.undo
        plan._interruption = self._interruption_of
        if plan.state is PlanState.BUILT:
            plan._move("propose")
            plan._notify()
        self._plans[plan.id] = plan
        logger.info("plan %s %s: %s", plan.id, plan.action.value, plan.state.value)
        self._new_plan_listeners.notify(plan)
        return plan

    def _begin_run(self, plan: Plan) -> None:
        """Journal the plan as begun (``wsnb.plans.ahead``); raises ``WriteError`` saying that
        nothing was changed when it can't be."""
        for found in plan.data.get("resolves") or ():
            for entry in found.found:  # what was found on disk of the run it resolves
                if entry.id not in plan.data.setdefault("resolved_lines", set()):
                    self._journal.append(entry)
                    plan.data["resolved_lines"].add(entry.id)
        run = ahead.begin(self._journal, plan, self._ctx)
        if run is not None:
            plan.data["run"] = run

    def _after_execute(self, plan: Plan) -> None:
        run: ahead.Run | None = plan.data.pop("run", None)
        try:
            if run is not None:
                plan.data["journal_entry"] = run.end(plan)
            else:
                entries = journal_entries(plan, self._ctx.clock())
                plan.data["journal_entry"] = entries[-1].id
                for entry in entries:
                    self._journal.append(entry)
            self._resolve(plan)
        except WriteError as exc:
            self._journal_failed(plan, run, exc)
        if plan.result is not None and plan.result.success and self._on_change is not None:
            self._on_change(plan)
        self._listeners.notify(plan)

    def _resolve(self, plan: Plan) -> None:
        """An undo or a finish of a run cut short, done: that run is resolved."""
        if plan.result is None or not plan.result.success:
            return
        outcome = str(plan.data.get("resolve_as"))
        for found in plan.data.get("resolves") or ():
            self._journal.append_mark(RunMark(found.run, "finished", self._ctx.clock(),
                                              plan_id=found.plan_id, kind=found.kind,
                                              group=found.group, outcome=outcome))  # fmt: skip

    def _journal_failed(self, plan: Plan, run: ahead.Run | None, exc: WriteError) -> None:
        logger.warning("plan %s: the journal could not be written", plan.id)
        if run is not None and "journal_entry" not in plan.data:
            # Cut short in the journal: recovery finds it as it finds a crash.
            plan.data["journal_entry"] = run.id if run.mark.kind == "plan" else (
                run.done[-1] if run.done else run.id)
        if plan.result is not None and plan.result.success:
            plan.result.message = " ".join([plan.result.message, _(
                "The change is done, but the journal could not record that it ended ({reason}); "
                "ws.history shows it as cut short, and ws.undo() can still reverse it.").format(
                reason=exc.reason.rstrip("."))]).strip()  # fmt: skip
        elif plan.result is not None:  # nothing was done: never say "the change is done"
            plan.result.message = " ".join([plan.result.message, _(
                "The journal could not record this failure either; check that the .wsnb "
                "folder is writable.")]).strip()


def _settled_words(settled: str) -> str:
    """What became of a run cut short and decided since, for its stored plan's record: words
    for whoever asks (a person or an agent), naming no call."""
    if settled == "undone":
        return _("Cut short part way while it was carried out, then undone: the files are as "
                 "they were before it.")
    if settled == "finished":
        return _("Cut short part way while it was carried out, then finished: every change ran.")
    return _("Cut short part way while it was carried out; the changes that ran were kept as "
             "they are, and the history shows them.")


def _done_found() -> str:
    return _("Carried out; the process that carried it out ended before it could say so here "
             "(the journal shows it done).")


def _mirror_steps(together: Plan, plans: list[Plan]) -> None:
    """Move each plan as its step of ``together`` went: done with its journal entry, or
    failed with the set's sentence (the set took it back)."""
    run = together.data.get("run_id")
    states = together.data.get("step_states") or {}
    for number, (step, plan) in enumerate(zip(together.steps, plans, strict=True), 1):
        if plan.state is not PlanState.PENDING or together.state not in (PlanState.DONE,
                                                                         PlanState.FAILED):
            continue
        with plan._lock:
            if together.state is PlanState.DONE and states.get(number) == "done":
                plan._move("confirm")
                plan._move("finish")
                plan.result = step.result
                plan.data["journal_entry"] = ahead.step_id(str(run), number)
            else:
                reason = (together.result.error if together.result is not None
                          else None) or _("The plans were not carried out.")  # fmt: skip
                plan._fail(reason, None)
        plan._notify()


def _as_plan(record: PlanRecord) -> Plan:
    """The tool's plan as a ``Plan``: the tool protocol speaks of records, the book of plans."""
    if not isinstance(record, Plan):
        raise TypeError(f"A write tool returned {type(record).__name__}, not a Plan.")
    return record


def undo_title(plan: Plan) -> str:
    """An undo plan's title in plain words: what it puts back, never a tool's name or an id."""
    if plan.action is ActionType.WRITE_FILE and plan.target is not None:
        return _("Undo: put back the earlier version of {path}").format(path=plan.target.relative)
    return _("Undo: {change}").format(change=plan.title)


def plans_running(book: PlanBook, followed: set[str]) -> Callable[[], bool]:
    """Whether a plan of ``book`` is being carried out, or is done and not followed yet.

    Holds the book weakly: the watcher's thread must never keep a workspace alive.
    """
    ref = weakref.ref(book)

    def running() -> bool:
        found = ref()
        return found is not None and any(
            plan.state is PlanState.CONFIRMED
            or (plan.state is PlanState.DONE and plan.id not in followed)
            for plan in found.plans()
        )

    return running


def stale_marker(book: PlanBook, policy: AccessPolicy) -> Callable[[IndexChange], None]:
    """A listener that marks pending plans whose paths changed outside wsnb, on their cards.

    Confirming such a plan fails as stale anyway (its fingerprints are checked
    again); the card says so before anyone clicks. Holds the book weakly.
    """
    ref = weakref.ref(book)

    def mark(change: IndexChange) -> None:
        found = ref()
        if found is None or not change.outside:
            return
        changed = set(change.paths)
        for plan in found.plans():
            if plan.state is not PlanState.PENDING or plan.data.get("stale_path"):
                continue
            named = [*plan.data.get("fingerprints", {})]
            if plan.source is not None:
                named.append(plan.source.relative)
            touched = next((path for path in named if path in changed), None)
            if touched is not None:
                plan.warnings.append(_stale_warning(policy, touched))
                plan.data["stale_path"] = touched  # last: a reader that sees it sees the warning
                plan._notify()  # every card of the plan re-renders from it

    return mark


def _stale_warning(policy: AccessPolicy, path: str) -> str:
    if os.path.lexists(policy.resolve(path).os_path):
        return _("{path} changed outside wsnb since this plan was made: the plan is stale, "
                 "make a new one.").format(path=path)  # fmt: skip
    return _("{path} no longer exists: the plan is stale, make a new one.").format(path=path)
