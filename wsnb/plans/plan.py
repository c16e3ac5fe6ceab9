"""Plans: the only way wsnb changes a file.

A write tool never touches the disk when asked; it builds a ``Plan`` that
says what would happen (paths, risk, warnings, a diff or a preview). A person
reads it and calls ``confirm()``; only then is everything checked again (the
policy, and the fingerprints of every path the plan depends on, so no
overwrite can sneak in between plan and confirm) and the tool executes it.

The lifecycle follows one table of allowed moves, with a sentence for every
move that is not allowed::

    built --propose--> pending --confirm--> confirmed --> done | failed | interrupted
      |                  |  \\--cancel--> cancelled
      |                  |--(a path changed since)--> stale
      |                  |--(the policy says no now)--> refused
      |                  \\--(a day passes, an agent's plan)--> expired
      \\--refuse--> refused         (the policy or the mode said no)

A plan is interrupted when the process carrying it out ended part way (a kill, a
crash): a stored plan confirmed in another process says so here once its record
does. ``undo()`` and ``finish()`` then give the plans that take it back or carry out
the rest (``ws.interrupted``, ``wsnb.plans.recovery``).

``PlanBook`` (``wsnb.plans.book``) is what the facade talks to: it asks tools for
plans, keeps the session's plans, writes the journal after each execution and builds
undo plans; ``wsnb.plans.building`` holds what the tools share to build one.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol, cast

from ..advice import CANCEL_DONE, CANCEL_INTERRUPTED, CONFIRM_INTERRUPTED, Advice
from ..disk import fsops
from ..errors import (
    ConfirmationError,
    PlanStateError,
    PolicyError,
    StalePlanError,
    WsnbError,
)
from ..i18n import N_, Language, _, get_language, using_language
from ..listeners import Listeners
from ..policy.access import Decision, WsPath
from ..renderers import view_or_text
from ..types import ActionType, PlanState, Risk, Rule, ToolResult
from .describe import PREVIEW_LINES, RISK_WORDS, STATE_WORDS, describe
from .steps import chosen_steps, step_fingerprints

if TYPE_CHECKING:
    from ..tools.base import Tool, ToolContext, WriteTool
    from .recovery import Interrupted

__all__ = [
    "PREVIEW_LINES",
    "RISK_WORDS",
    "STATE_WORDS",
    "Plan",
    "PlanKeeper",
    "new_plan_id",
]

logger = logging.getLogger("wsnb")

_S = PlanState
_MOVES: dict[tuple[PlanState, str], PlanState] = {
    (_S.BUILT, "propose"): _S.PENDING,
    (_S.BUILT, "refuse"): _S.REFUSED,
    (_S.BUILT, "cancel"): _S.CANCELLED,
    (_S.PENDING, "confirm"): _S.CONFIRMED,
    (_S.PENDING, "cancel"): _S.CANCELLED,
    (_S.PENDING, "fail"): _S.FAILED,
    (_S.PENDING, "stale"): _S.STALE,  # a path it relies on changed since it was made
    (_S.PENDING, "refuse"): _S.REFUSED,  # the policy, asked again at confirm, says no
    (_S.PENDING, "expire"): _S.EXPIRED,  # an agent's plan nobody decided in a day
    (_S.CONFIRMED, "finish"): _S.DONE,
    (_S.CONFIRMED, "fail"): _S.FAILED,
    (_S.CONFIRMED, "interrupt"): _S.INTERRUPTED,  # its process ended part way (a kill, a crash)
}
_INVALID_MOVES: dict[tuple[str, PlanState], str | Advice] = {
    ("confirm", _S.BUILT): N_("This plan has not been proposed yet; propose it through the "
                              "workspace before confirming it."),
    ("confirm", _S.CONFIRMED): N_("This plan is being carried out right now; wait for its "
                                  "result."),
    ("confirm", _S.DONE): N_("This plan was already carried out; make a new plan to change "
                             "more."),
    ("confirm", _S.FAILED): N_("This plan failed and can't be retried; make a new plan."),
    ("confirm", _S.CANCELLED): N_("This plan was cancelled; make a new plan if you still want "
                                  "the change."),
    ("confirm", _S.REFUSED): N_("This plan was refused, so it can't be confirmed: {refusal}"),
    ("confirm", _S.STALE): N_("This plan is stale: a file changed since it was made. Make a new "
                              "plan."),
    ("confirm", _S.EXPIRED): N_("This plan expired without a decision; propose it again if the "
                                "change is still wanted."),
    ("confirm", _S.INTERRUPTED): CONFIRM_INTERRUPTED,
    ("cancel", _S.STALE): N_("This plan is stale and will never run; there is nothing to "
                             "cancel."),
    ("cancel", _S.EXPIRED): N_("This plan expired and will never run; there is nothing to "
                               "cancel."),
    ("cancel", _S.CONFIRMED): N_("This plan is being carried out right now and can't be "
                                 "cancelled."),
    ("cancel", _S.DONE): CANCEL_DONE,
    ("cancel", _S.INTERRUPTED): CANCEL_INTERRUPTED,
    ("cancel", _S.FAILED): N_("This plan already failed; there is nothing left to cancel."),
    ("cancel", _S.CANCELLED): N_("This plan is already cancelled."),
    ("cancel", _S.REFUSED): N_("This plan was refused and will never run; there is nothing to "
                               "cancel."),
}
# Any other move that is not allowed, said whole (the state is filled in).
_CANT_MOVE = {
    "propose": N_("A plan that is {state} can't be proposed."),
    "refuse": N_("A plan that is {state} can't be refused."),
    "fail": N_("A plan that is {state} can't be marked failed."),
    "finish": N_("A plan that is {state} can't be finished."),
    "confirm": N_("A plan that is {state} can't be confirmed."),
    "cancel": N_("A plan that is {state} can't be cancelled."),
    "stale": N_("A plan that is {state} can't go stale."),
    "expire": N_("A plan that is {state} can't expire."),
    "interrupt": N_("A plan that is {state} can't be cut short."),
}


class PlanKeeper(Protocol):
    """Who carries out a plan kept outside this session (``wsnb.plans.store``): confirming or
    cancelling such a plan goes through its keeper, which claims it first."""

    def confirm_plan(self, plan: Plan, *, strong: bool, typed_name: str | None) -> ToolResult: ...

    def cancel_plan(self, plan: Plan) -> None: ...


def new_plan_id() -> str:
    """A short hex id a person can type."""
    return secrets.token_hex(3)


@dataclass(eq=False)
class Plan:
    """One proposed change, and the only object that can carry it out.

    Tools build it (``Plan.start``), a ``PlanBook`` proposes it, a person
    confirms or cancels it. ``data`` holds the tool's private working data
    (fingerprints, backup path, trash record) and never reaches the journal
    as a whole. Equality is identity: two plans are never the same plan.

    In a notebook a plan shows as a card with Confirm and Cancel; ``describe()`` is its
    text form everywhere else.

    Attributes
    ----------
    id : str
        A short hex id a person can type.
    action : ActionType
        What it does (an English code).
    risk : Risk
        How much it can change.
    title, description : str
        What it does, in the plan's language.
    source, target : WsPath or None
        The paths it acts on.
    content, new_name : str or None
        The text a write or create puts in the file; the new name of a rename.
    warnings : list of str
        Sentences a person should read before confirming.
    diff, preview : str or None
        The unified diff of a change to a file, or the first lines of a new one.
    requires_confirmation, requires_strong_confirmation : bool
        Whether a person must confirm, and whether they must type the item's name.
    state : PlanState
        Where it is in its lifecycle.
    refusal : str or None
        Why it was refused, as a sentence.
    rule : Rule or None
        The policy rule behind a refusal.
    result : ToolResult or None
        The outcome, once carried out (or refused).
    undo_of : str or None
        The journal entry this plan reverses, for an undo plan.
    tool_name : str
        The tool that built it.
    lang : str
        The language it speaks (``"en"`` or ``"zh"``), wherever it is shown or confirmed.
    """

    id: str
    action: ActionType
    risk: Risk
    title: str
    created_at: datetime
    description: str = ""
    source: WsPath | None = None
    target: WsPath | None = None
    content: str | None = None
    new_name: str | None = None
    warnings: list[str] = field(default_factory=list)
    diff: str | None = None
    preview: str | None = None
    requires_confirmation: bool = True
    requires_strong_confirmation: bool = False
    state: PlanState = PlanState.BUILT
    refusal: str | None = None
    rule: Rule | None = None
    result: ToolResult | None = None
    data: dict[str, Any] = field(default_factory=dict)
    parent_dirs: list[str] = field(default_factory=list)
    undo_of: str | None = None
    tool_name: str = ""
    # The language the plan speaks: its title and warnings were written in it when it was
    # built, and its description, its errors and its result follow it, wherever it is confirmed.
    lang: Language = field(default_factory=get_language)
    _tool: WriteTool | None = field(default=None, init=False, repr=False)
    _ctx: ToolContext | None = field(default=None, init=False, repr=False)
    _after: Callable[[Plan], None] | None = field(default=None, init=False, repr=False)
    # Given by the plan book: journals the plan as begun (backups made first) before it runs,
    # and raises a WsnbError saying why when it can't: the plan then fails, nothing changed.
    _begin: Callable[[Plan], None] | None = field(default=None, init=False, repr=False)
    # Given by the plan book: carries out several of its pending plans as one change set
    # (title, plans, strong) -> their results, or None when they can't make one.
    _together: Callable[..., list[ToolResult] | None] | None = field(default=None, init=False,
                                                                    repr=False)  # fmt: skip
    # Given by the plan book: the undo plan of a journal entry (see ``undo()``).
    _undo_entry: Callable[[str], Plan] | None = field(default=None, init=False, repr=False)
    # Given by the plan book for a proposed plan: the same proposal made again (``remake()``).
    _remake: Callable[[], Plan] | None = field(default=None, init=False, repr=False)
    # Views (cards, panels) that re-render from the plan after every state move.
    _listeners: Listeners[Plan] = field(default_factory=lambda: Listeners("plan"),
                                        init=False, repr=False)  # fmt: skip
    # Two confirms at once (a double click from another thread) must not both pass the
    # state check: the second waits, then finds the plan done.
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)
    # Given by the pending-plan store for a stored plan: confirm and cancel go through it.
    _keeper: PlanKeeper | None = field(default=None, init=False, repr=False)
    # Given by the plan book: this plan's run cut short, as ``ws.interrupted`` lists it while
    # it waits for a decision (None once undone, finished or kept).
    _interruption: Callable[[Plan], Interrupted | None] | None = field(default=None, init=False,
                                                                      repr=False)  # fmt: skip

    # -- building (used by tools) -------------------------------------------------

    @classmethod
    def start(cls, tool: Tool, ctx: ToolContext, title: str, *, writes: bool = True) -> Plan:
        """A new plan bound to ``tool``; refused at once in read-only mode when it ``writes``.

        Tools call this; people get plans from the workspace's methods.

        Parameters
        ----------
        tool : Tool
            The tool that will carry it out.
        ctx : ToolContext
            The workspace's context (policy, clock, trash...).
        title : str
            What it does, in the current language.
        writes : bool
            Whether it changes files (read-only mode refuses it then).

        Returns
        -------
        Plan
            Built, or refused.
        """
        plan = cls(id=new_plan_id(), action=tool.action, risk=tool.risk, title=title,
                   created_at=ctx.clock(), tool_name=tool.name, lang=get_language())  # fmt: skip
        plan.requires_confirmation = tool.risk >= Risk.MEDIUM
        plan._tool = cast("WriteTool", tool)
        plan._ctx = ctx
        if writes:
            mode = ctx.policy.check_mode_allows_writes()
            if not mode:
                plan.refuse(mode.reason, mode.rule)
        return plan

    @property
    def is_refused(self) -> bool:
        """True when the plan was refused; ``refusal`` says why."""
        return self.state is PlanState.REFUSED

    def refuse(self, reason: str, rule: Rule | None = None) -> Plan:
        """Mark the plan refused (at build time) with the sentence that says why.

        Parameters
        ----------
        reason : str
            The sentence a person reads.
        rule : Rule, optional
            The policy rule behind it.

        Returns
        -------
        Plan
            This plan, refused (a second refusal keeps the first reason).

        Raises
        ------
        PlanStateError
            The plan already moved past being built or pending.
        """
        if self.is_refused:
            return self
        if self.state is PlanState.PENDING:
            self.data["refused_late"] = True  # refused when checked again: it may be made anew
        self._move("refuse")
        self.refusal, self.rule = reason, rule
        self.result = ToolResult(False, error=reason, rule=rule, target=self._main_relative())
        logger.info("plan %s refused (%s)", self.id, rule.value if rule else "refused")
        self._notify()
        return self

    def refuse_decision(self, decision: Decision) -> Plan:
        """Refuse the plan with a policy decision's reason and rule.

        Parameters
        ----------
        decision : Decision
            A refusal.

        Returns
        -------
        Plan
        """
        return self.refuse(decision.reason, decision.rule)

    def refuse_error(self, exc: WsnbError) -> Plan:
        """Refuse the plan with an error's sentence (and its rule, when it has one).

        Parameters
        ----------
        exc : WsnbError
            The error that stopped the plan from being built.

        Returns
        -------
        Plan
        """
        return self.refuse(exc.reason, getattr(exc, "rule", None) or Rule.NOT_ALLOWED)

    def require_strong(self, reason: str) -> None:
        """Ask for strong confirmation (the item's name typed, or ``strong=True``), saying why.

        Parameters
        ----------
        reason : str
            Why, as a sentence; several reasons are joined.
        """
        self.requires_strong_confirmation = True
        earlier = self.data.get("strong_reason")
        self.data["strong_reason"] = (
            _("{earlier} and {reason}").format(earlier=earlier, reason=reason) if earlier
            else reason)  # fmt: skip

    def watch(self, *paths: WsPath) -> None:
        """Remember what ``paths`` look like now; confirming refuses if any of them changed.

        Parameters
        ----------
        *paths : WsPath
            The files and folders whose state the plan relies on.
        """
        prints = self.data.setdefault("fingerprints", {})
        for path in paths:
            prints[path.relative] = fsops.fingerprint(path)

    # -- the lifecycle -------------------------------------------------------------

    def confirm(self, *, strong: bool = False, typed_name: str | None = None) -> ToolResult:
        """Carry out the plan after checking everything again; calling this IS the confirmation.

        Parameters
        ----------
        strong : bool
            Give the strong confirmation a risky plan needs, in code.
        typed_name : str, optional
            The item's name, typed: the strong confirmation a card asks for.

        Returns
        -------
        ToolResult
            The outcome. An execution failure (a full disk) does not raise: the result
            says what went wrong, and the original file is intact.

        Raises
        ------
        PlanStateError
            The plan is not pending (done, cancelled, refused...).
        ConfirmationError
            Strong confirmation is missing or the typed name is wrong; the plan stays
            pending.
        PolicyError
            The policy now refuses; the plan is marked failed.
        StalePlanError
            A path changed since the plan was made; the plan is marked failed.

        Examples
        --------
        >>> plan = ws.trash("docs")
        >>> plan.requires_strong_confirmation
        True
        >>> plan.confirm()
        Traceback (most recent call last):
        ...
        wsnb.errors.ConfirmationError: Move docs to the trash needs strong confirmation ...
        >>> plan.confirm(typed_name="docs").success
        True
        """
        if self._keeper is not None:
            return self._keeper.confirm_plan(self, strong=strong, typed_name=typed_name)
        return self._confirm_here(strong, typed_name)

    def _confirm_here(self, strong: bool, typed_name: str | None) -> ToolResult:
        with using_language(self.lang):
            return self._confirm(strong, typed_name)

    def _confirm(self, strong: bool, typed_name: str | None) -> ToolResult:
        before = self.state
        try:
            with self._lock:
                self._check_move("confirm")
                self._check_strong(strong, typed_name)
                tool, ctx = self._bound()
                self._recheck(tool, ctx)
                result = self._run(tool, ctx)
            logger.info("plan %s %s: %s", self.id, self.action.value, self.state.value)
            if self._after is not None:
                self._after(self)
        finally:
            # Outside the lock, and after the journal: a view may read both.
            if self.state is not before:
                self._notify()
        return result

    def _run(self, tool: WriteTool, ctx: ToolContext) -> ToolResult:
        """Journal the plan as begun, then carry it out; a plan that can't be journaled first
        fails without running."""
        if self._begin is not None:
            try:
                self._begin(self)
            except WsnbError as exc:
                self._fail(exc.reason, getattr(exc, "rule", None))
                assert self.result is not None
                return self.result
        self._move("confirm")
        result = self._execute(tool, ctx)
        self.result = result
        self._move("finish" if result.success else "fail")
        return result

    def cancel(self) -> None:
        """Drop a pending plan; nothing changes on disk.

        Raises
        ------
        PlanStateError
            The plan is not pending.
        """
        if self._keeper is not None:
            self._keeper.cancel_plan(self)
            return
        self._cancel_here()

    def _cancel_here(self) -> None:
        with using_language(self.lang):  # its views re-render in the plan's language too
            with self._lock:
                self._move("cancel")
            logger.info("plan %s cancelled", self.id)
            self._notify()

    # -- listeners and undo -----------------------------------------------------------

    def subscribe(self, listener: Callable[[Plan], None]) -> Callable[[], None]:
        """Call ``listener(plan)`` after every state move.

        This is how views stay in step: every card of a plan re-renders from the
        plan itself. A listener that raises is logged and skipped, never lets the
        move fail; it must not confirm or cancel the plan it listens to.

        Parameters
        ----------
        listener : callable
            Called with the plan after each move.

        Returns
        -------
        callable
            Call it to stop listening.
        """
        return self._listeners.add(listener)

    def _notify(self) -> None:
        self._listeners.notify(self)

    @property
    def interruption(self) -> Interrupted | None:
        """An interrupted plan's run cut short, as ``ws.interrupted`` lists it while it waits
        for a decision; None for any other plan, and once it was undone, finished or kept."""
        if self.state is not PlanState.INTERRUPTED or self._interruption is None:
            return None
        return self._interruption(self)

    @property
    def can_undo(self) -> bool:
        """True when the plan was carried out and journaled by a workspace, or was cut short
        and still waits for a decision, so undo() works."""
        if self.state is PlanState.INTERRUPTED:
            return self.interruption is not None
        return (self.state is PlanState.DONE and self._undo_entry is not None
                and "journal_entry" in self.data)  # fmt: skip

    @property
    def can_finish(self) -> bool:
        """True for a change set cut short with changes that did not run, so finish() may
        carry them out (it says why not when one of them no longer applies)."""
        found = self.interruption
        return found is not None and found.kind == "set" and any(
            step["state"] != "ran" for step in found.steps)

    def finish(self) -> Plan:
        """The plan that carries out the changes a set cut short did not run, to confirm like
        any other (``ws.interrupted[i].finish()``).

        Raises
        ------
        PlanStateError
            The plan is not a change set cut short that waits for a decision.
        UsageError
            A change left no longer applies, or its request was not kept.
        """
        found = self.interruption
        if found is None or not self.can_finish:
            raise PlanStateError(_("Only a change set cut short, with changes that did not run, "
                                   "can be finished; this one is {state}.").format(
                state=_(STATE_WORDS[self.state])), plan=self.id, state=self.state)  # fmt: skip
        return found.finish()

    def undo(self) -> Plan:
        """The plan that reverses this one, to confirm like any other (``ws.undo(entry)``).

        For a plan cut short, the plan that brings the files back to what they were before it
        began (``ws.interrupted[i].undo()``).

        Returns
        -------
        Plan
            Pending.

        Raises
        ------
        PlanStateError
            The plan was not carried out, or not journaled by a workspace.
        UndoError
            That change can't be undone.
        """
        if self.state is PlanState.INTERRUPTED:
            found = self.interruption
            if found is None:
                raise PlanStateError(_("This plan was cut short, and what ran was already "
                                       "undone, finished or kept; ws.history has what "
                                       "ran."), plan=self.id, state=self.state)  # fmt: skip
            return found.undo()
        if self.state is not PlanState.DONE:
            raise PlanStateError(
                _("Only a plan that was carried out can be undone; this one is {state}.").format(
                    state=_(STATE_WORDS[self.state])),
                plan=self.id,
                state=self.state,
            )
        if not self.can_undo or self._undo_entry is None:
            raise PlanStateError(
                _("This plan was not journaled by a workspace, so it can't be undone from here; "
                  "use ws.undo() with its journal entry."),
                plan=self.id,
                state=self.state,
            )
        return self._undo_entry(str(self.data["journal_entry"]))

    @property
    def can_remake(self) -> bool:
        """True when the plan failed, went stale or was refused when checked again at confirm,
        and can be proposed again."""
        ended = self.state in (PlanState.FAILED, PlanState.STALE) or (
            self.state is PlanState.REFUSED and bool(self.data.get("refused_late")))
        return ended and self._remake is not None

    def remake(self) -> Plan:
        """A new plan for the same change, checked against the files as they are now.

        Returns
        -------
        Plan
            Pending (or refused, saying why).

        Raises
        ------
        PlanStateError
            The plan did not fail, or was not proposed by a workspace.
        """
        if not self.can_remake or self._remake is None:
            raise PlanStateError(
                "Only a plan that failed can be made again; make it anew from the workspace.",
                plan=self.id,
                state=self.state,
            )
        return self._remake()

    def _check_move(self, move: str) -> PlanState:
        new = _MOVES.get((self.state, move))
        if new is None:
            known = _INVALID_MOVES.get((move, self.state)) or _CANT_MOVE[move]
            fields = {"refusal": self.refusal or "", "state": _(STATE_WORDS[self.state])}
            message = known(**fields) if isinstance(known, Advice) else _(known).format(**fields)
            raise PlanStateError(message, plan=self.id, state=self.state)
        return new

    def _move(self, move: str) -> None:
        self.state = self._check_move(move)

    def _bound(self) -> tuple[WriteTool, ToolContext]:
        if self._tool is None or self._ctx is None:
            raise PlanStateError(_("This plan is not bound to a tool; build plans with a tool."))
        return self._tool, self._ctx

    @property
    def item_name(self) -> str:
        """The name a person types to confirm strongly: the item the plan acts on (for a
        change set, the item of its first change that needs strong confirmation)."""
        if self.data.get("strong_name"):
            return str(self.data["strong_name"])
        path = self.source or self.target
        return path.name if path is not None else ""

    # -- change sets ------------------------------------------------------------------

    @property
    def steps(self) -> list[Plan]:
        """A change set's changes, in order, each a plan of its own (empty for other plans)."""
        return list(self.data.get("steps", ()))

    @property
    def left_out(self) -> list[int]:
        """The numbers (1-based) of the changes left out of a change set, which won't run."""
        return sorted(self.data.get("left_out", ()))

    def leave_out(self, *numbers: int) -> None:
        """Leave changes of a pending change set out (1-based numbers); the rest still run.

        Parameters
        ----------
        *numbers : int
            The changes to leave out, counted from 1.

        Raises
        ------
        PlanStateError
            The plan is not a pending change set.
        UsageError
            A number that is not one of its changes, or no change would be left (cancel
            the plan instead).
        """
        self._choose_steps(numbers, include=False)

    def put_back(self, *numbers: int) -> None:
        """Put changes left out of a pending change set back in (1-based numbers).

        Parameters
        ----------
        *numbers : int
            The changes to put back, counted from 1.

        Raises
        ------
        PlanStateError
            The plan is not a pending change set.
        UsageError
            A number that is not one of its changes.
        """
        self._choose_steps(numbers, include=True)

    def _choose_steps(self, numbers: tuple[int, ...], *, include: bool) -> None:
        chosen = chosen_steps(self, numbers, include=include)
        with self._lock:
            self.data["left_out"] = sorted(chosen)
            self.data["fingerprints"] = step_fingerprints(self.steps, chosen)
        self._notify()

    def _check_strong(self, strong: bool, typed_name: str | None) -> None:
        if not self.requires_strong_confirmation:
            return
        name = self.item_name
        if typed_name is not None and typed_name != name:
            raise ConfirmationError(
                _("You typed {typed!r}, but the item is named {name!r}; type its name "
                  "exactly to confirm, or call confirm(strong=True).").format(
                    typed=typed_name, name=name),
                plan=self.id,
            )
        if typed_name is None and not strong:
            why = self.data.get("strong_reason") or _("it is a risky change")
            raise ConfirmationError(
                _("{title} needs strong confirmation because {why}: call "
                  "confirm(strong=True) or confirm(typed_name={name!r}).").format(
                    title=self.title, why=why, name=name),
                plan=self.id,
            )

    def _recheck(self, tool: WriteTool, ctx: ToolContext) -> None:
        """The policy again, then the fingerprints; either failing ends the plan."""
        try:
            decision = tool.recheck(ctx, self)
        except PolicyError as exc:
            decision = Decision.refuse(exc.rule or Rule.NOT_ALLOWED, exc.reason)
        if not decision:
            if decision.rule is Rule.NOT_ALLOWED:
                self._check_fresh(ctx)  # a path that vanished or appeared is a stale plan
            self._refuse_late(decision.reason, decision.rule)
            raise PolicyError(_("{reason} Nothing was changed.").format(reason=decision.reason),
                              path=self._main_relative(), rule=decision.rule)  # fmt: skip
        self._check_fresh(ctx)

    def _check_fresh(self, ctx: ToolContext) -> None:
        for relative, before in self.data.get("fingerprints", {}).items():
            try:
                now = fsops.fingerprint(ctx.policy.resolve(relative))
            except PolicyError as exc:
                self._refuse_late(exc.reason, exc.rule)
                raise PolicyError(_("{reason} Nothing was changed.").format(reason=exc.reason),
                                  path=relative,
                                  rule=exc.rule) from None  # fmt: skip
            if now != before:
                reason = _("{path} changed since the plan was made; make a new plan.").format(
                    path=relative)
                self._end("stale", reason, None)
                raise StalePlanError(reason, path=relative, plan=self.id)

    def _fail(self, reason: str, rule: Rule | None) -> None:
        self._end("fail", reason, rule)

    def _refuse_late(self, reason: str, rule: Rule | None) -> None:
        """Refused by the policy asked again at confirm: nothing ran."""
        self.data["refused_late"] = True
        self.refusal, self.rule = reason, rule
        self._end("refuse", reason, rule)

    def _end(self, move: str, reason: str, rule: Rule | None) -> None:
        """End a pending plan that never ran: failed, stale, refused or expired."""
        self._move(move)
        self.result = ToolResult(False, error=reason, rule=rule, target=self._main_relative())
        logger.info("plan %s ended before running: %s (%s)", self.id, self.state.value,
                    rule or "-")  # fmt: skip

    def _execute(self, tool: WriteTool, ctx: ToolContext) -> ToolResult:
        try:
            return tool.execute(ctx, self)
        except WsnbError as exc:
            return ToolResult.failure(exc, target=self._main_relative())
        except OSError as exc:
            return ToolResult(False, target=self._main_relative(), error=_(
                "{title} failed ({problem}); check the files involved and make a new plan."
            ).format(title=self.title, problem=exc.strerror or exc))

    # -- text forms -----------------------------------------------------------------

    def _main_relative(self) -> str | None:
        path = self.target or self.source
        return path.relative if path is not None else None

    def _paths_text(self) -> str:
        if self.source is not None and self.target is not None:
            return f"{self.source.relative} -> {self.target.relative}"
        return self._main_relative() or "(no path)"

    def __repr__(self) -> str:
        return (f"<Plan {self.id} {self.action.value} {self._paths_text()}: "
                f"{self.state.value}, risk {self.risk.label}>")  # fmt: skip

    def describe(self) -> str:
        """The whole plan as plain text, in the plan's language: what, where, how risky,
        warnings, diff or preview.

        Returns
        -------
        str

        Examples
        --------
        >>> print(ws.create_folder("notes").describe())
        Plan ...: Create folder notes
          action: create_folder   risk: medium   state: pending
          target: notes
          A new, empty folder.
          to go ahead: confirm() to carry it out, cancel() to drop it
        """
        return describe(self)

    def __str__(self) -> str:
        return self.describe()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """A plan card inside a Jupyter kernel (the view the notebook face registered in
        ``wsnb.renderers``); the ``describe()`` text anywhere else."""
        return view_or_text(self, self.describe, **kwargs)

