"""The pending-plan store: plans an agent proposed wait on disk until a person decides.

A plan proposed through the MCP server (in its own process, or inside the
notebook's kernel) is kept as ``<root>/.wsnb/plans/<id>.json``: the tool and
parameters that make it, who asked, when it expires, the fingerprint of every
path it depends on, and its state. The notebook and the server meet there, so
nothing is lost if either dies between propose and confirm::

    pending --confirm--> done | failed | stale | refused | interrupted
       |  \\--cancel--> cancelled
       \\--(a day passes)--> expired

Confirming claims the plan first (only one process can), makes it again from
its tool and parameters through the plan book, checks everything again now
(containment, symlinks, sensitive names: the tool's own recheck) and that
every watched path still has the fingerprint it had when proposed (else the
plan is stale and nothing changes), then runs it through the same journal,
which records who proposed it and who confirmed it. The outcome is written to the
record before the claim is let go; a process killed in between leaves its claim
behind, and whoever reads the record next finds the outcome in the journal
(done, failed, or ``interrupted`` when a set was cut short part way), or finds
that nothing ran and the plan still waits.

A proposal costs the same with ten thousand stored records as with ten: it
writes its own record and reads no other. Clearing decided records is a
sweep that runs at most once per ``sweep_every`` (an hour) across every
process (``PlanFiles.last_sweep``), finds old records by their file time and
reads only those. Views ask for the newest pending plans (``pending(newest=...)``)
and a count (``waiting_count()``), so only what they show is made again.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from contextlib import suppress
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from .. import advice
from ..disk import fsops
from ..errors import (
    ConflictError,
    NotFoundError,
    PlanStateError,
    PolicyError,
    StalePlanError,
    UsageError,
    WsnbError,
)
from ..i18n import _, using_language
from ..listeners import Listeners
from ..tools.base import local_now
from ..types import PlanState, Rule, ToolResult
from .book import PlanBook
from .files import PLANS_DIR, FolderWatch, PlanFiles
from .plan import Plan, new_plan_id
from .status import NOT_PENDING, PlanStatus, PlanStoreState, agent_name, status_of
from .steps import step_rows

__all__ = ["NOTEBOOK", "PLANS_DIR", "PlanStatus", "PlanStore", "PlanStoreState", "agent_name"]

logger = logging.getLogger("wsnb")

NOTEBOOK = "notebook"
_VERSION = 1


def _prints(plan: Plan) -> dict[str, list[Any]]:
    found: dict[str, fsops.Fingerprint] = plan.data.get("fingerprints", {})
    return {path: [p.exists, p.is_dir, p.size, p.mtime_ns, p.sha256] for path, p in found.items()}


class PlanStore:
    """The pending plans of one workspace, kept in ``folder`` for every process to see.

    ``clock`` and ``ttl`` are seams: a plan expires ``ttl`` after it was proposed;
    while anyone listens, the store looks for expired plans every ``tick`` seconds.
    A decided plan's record stays ``keep`` after its decision (an agent asks its
    status), then a proposal's sweep clears it away (at most one sweep per
    ``sweep_every`` in all processes); the journal keeps what ran. Every record says
    which kind of workspace it belongs to (``workspace``: the policy's ``workspace_kind``,
    ``"files"`` or ``"notes"``), as the journal's lines do.
    """

    def __init__(self, book: PlanBook, folder: Path, *, clock: Callable[[], datetime] = local_now,
                 ttl: timedelta = timedelta(days=1), tick: float = 60.0,
                 keep: timedelta = timedelta(days=7),
                 sweep_every: timedelta = timedelta(hours=1)) -> None:  # fmt: skip
        self._book = book
        self._keep = keep
        self._sweep_every = sweep_every
        self._swept: datetime | None = None  # when this process last looked at the mark
        self._files = PlanFiles(book.policy, folder)
        self.workspace: str = book.policy.workspace_kind
        self._clock = clock
        self._ttl = ttl
        self._tick = tick
        self._plans: dict[str, Plan] = {}  # stored plans this process holds as Plan objects
        # The statuses of the last listing: (its generation, in order, by id); see statuses()
        self._listed: tuple[int, list[tuple[dict[str, Any], PlanStatus]],
                            dict[str, tuple[dict[str, Any], PlanStatus]]] = (-1, [], {})
        self._seen: dict[str, str] = {}  # id -> state last told to listeners
        self._building: set[str] = set()  # ids being made again right now
        self._listeners: Listeners[PlanStatus] = Listeners("plan store")
        self._lock = threading.RLock()
        self._watch: FolderWatch | None = None

    def __repr__(self) -> str:
        return f"<PlanStore {self._files.relative} ({len(self._files.ids())} plans)>"

    @property
    def folder(self) -> Path:
        return self._files.folder

    # -- proposing ------------------------------------------------------------------

    def submit(self, plan: Plan, *, proposer: str, asked: str | None = None) -> PlanStatus:
        """Keep a freshly proposed plan (pending, or refused as it was refused) on disk.

        Writes ``<root>/.wsnb/plans/<id>.json`` atomically and changes nothing else.
        ``asked`` is a key of the request as the proposer made it (``request_key``), so
        the same request again finds this plan while it waits (``waiting_for``).
        """
        request = plan.data.get("request")
        if request is None or plan.state not in (PlanState.PENDING, PlanState.REFUSED):
            raise UsageError(_("Only a plan just proposed through the workspace can be kept "
                               "for later; this one is {state}.").format(state=plan.state.value))
        created = self._clock()
        record = {
            "version": _VERSION, "id": plan.id, "lang": plan.lang, "request": request,
            "state": "refused" if plan.is_refused else "pending", "title": plan.title,
            "message": plan.refusal or "", "proposer": proposer, "confirmed_by": None,
            "created": created.isoformat(), "expires": (created + self._ttl).isoformat(),
            "fingerprints": _prints(plan), "workspace": self.workspace,
        }  # fmt: skip
        if asked is not None:
            record["asked"] = asked
        if plan.steps:
            record["steps"] = step_rows(plan)
        with self._lock:
            self._write_new(plan, record)
            self._sweep_if_due(created)  # after: the folder exists to hold the sweep's mark
            plan.data["proposed_by"] = proposer
            if not plan.is_refused:
                plan._keeper = self
                self._plans[plan.id] = plan
        plan._notify()  # a card shown before it was kept now says who asked
        logger.info("plan %s kept as %s (proposed by %s)", plan.id, record["state"], proposer)
        return self._announce(record)

    def waiting_for(self, asked: str, proposer: str) -> Plan | None:
        """The plan ``proposer`` asked for with the request ``asked`` that still waits (made
        again here, so a file changed since marks it stale instead), or None."""
        for status in reversed(self.statuses()):
            summary = self._listed[2].get(status.plan_id, ({}, status))[0]
            if (status.state != "pending" or status.proposer != proposer
                    or summary.get("asked") != asked):  # fmt: skip
                continue
            try:
                return self._plan(self._current(self._record(status.plan_id)))
            except WsnbError:
                continue  # stale, refused or expired now: the request makes a new plan
        return None

    def proposed_by(self, proposer: str) -> list[PlanStatus]:
        """Every stored plan of ``proposer`` (an agent's ``mcp:<name>``), newest first."""
        return [status for status in reversed(self.statuses()) if status.proposer == proposer]

    def withdraw(self, plan_id: str, *, proposer: str) -> PlanStatus:
        """Cancel a waiting plan on behalf of the agent that proposed it (and only that one).

        Raises ``PolicyError`` for another proposer's plan and ``PlanStateError`` for a
        plan no longer pending; nothing changes on disk but the record.
        """
        record = self._record(plan_id)
        if record.get("proposer") != proposer:
            raise PolicyError(_("Plan {id} was proposed by {who}; a client withdraws only its "
                                "own plans.").format(id=plan_id,
                                                     who=agent_name(str(record.get("proposer")))),
                              path=plan_id, rule=Rule.NOT_ALLOWED)  # fmt: skip
        record = self._drop(plan_id, lambda: _(
            "Withdrawn by {who}, who proposed it; nothing was changed.").format(
                who=agent_name(proposer)), read=record)
        logger.info("plan %s withdrawn by %s", plan_id, proposer)
        return status_of(record)

    def _sweep_if_due(self, now: datetime) -> None:
        """Sweep unless this process or another did within ``sweep_every``."""
        if self._swept is not None and timedelta(0) <= now - self._swept < self._sweep_every:
            return
        self._swept = now
        last = self._files.last_sweep()
        if last is not None and timedelta(0) <= now - last < self._sweep_every:
            return
        self._files.mark_sweep(now)
        self.sweep()

    def sweep(self) -> int:
        """Remove the records of plans decided more than ``keep`` ago (never a pending one).

        Only records whose file time is that old are read (see ``PlanFiles.write``);
        a pending one among them is marked expired, to be cleared a ``keep`` later.
        Returns how many records were removed.
        """
        cutoff = self._clock() - self._keep
        old = [plan_id for plan_id, info in self._files.stats()
               if info.st_mtime < cutoff.timestamp()]  # fmt: skip
        removed = 0
        for plan_id in old:
            record = self._files.read(plan_id)
            if record is None or not isinstance(record.get("state"), str):
                continue
            if record["state"] == "pending":
                with suppress(WsnbError, KeyError, ValueError):
                    self._current(record)
                continue
            decided = record.get("decided")
            if not decided or datetime.fromisoformat(decided) > cutoff:
                continue
            with suppress(PlanStateError), self._files.claim(plan_id):
                self._files.remove(plan_id)
                self._plans.pop(plan_id, None)
                self._seen.pop(plan_id, None)
                removed += 1
        logger.info("plan store swept: %d of %d old records removed", removed, len(old))
        return removed

    def _write_new(self, plan: Plan, record: dict[str, Any]) -> None:
        self._files.ensure_folder()
        for _attempt in range(8):  # another process may have taken the id: take another
            try:
                self._files.write(plan.id, record, new=True,
                                  when=datetime.fromisoformat(record["created"]))  # fmt: skip
                return
            except ConflictError:
                self._book.rename(plan, new_plan_id())
                record["id"] = plan.id
            except TypeError:
                raise UsageError(_("The plan's parameters can't be kept as JSON; pass text, "
                                   "numbers and true/false only.")) from None
        raise PlanStateError(_("Could not find a free plan id in {folder}; try again.").format(
            folder=self._files.relative))

    # -- reading ----------------------------------------------------------------------

    def status(self, plan_id: str) -> PlanStatus:
        """Where the plan stands now; ``NotFoundError`` for an id the store does not have."""
        return status_of(self._current(self._record(plan_id)))

    def statuses(self) -> list[PlanStatus]:
        """Every stored plan's status, oldest first (only records that changed are read)."""
        generation, summaries = self._files.summaries()
        listed = self._listed
        if listed[0] != generation:
            made = {}
            for summary in summaries:  # a status is made again only for a changed record
                old = listed[2].get(summary["id"])
                made[summary["id"]] = old if old is not None and old[0] is summary \
                    else (summary, status_of(summary))
            ordered = sorted(made.values(), key=lambda pair: pair[1].created)
            listed = self._listed = (generation, ordered, made)
        now = self._clock()
        out = []
        claimed = self._files.claimed
        for summary, status in listed[1]:
            if status.state == "pending" and (now >= status.expires or status.plan_id in claimed):
                try:
                    status = status_of(self._current(summary))
                except NotFoundError:
                    continue  # cleared away meanwhile
            out.append(status)
        return out

    def pending(self, newest: int | None = None) -> list[Plan]:
        """The plans waiting for a decision, as ``Plan`` objects in this process, oldest first.

        The stored ones (expired ones are marked so and left out, and so are ones
        whose files changed since) and this session's own pending plans.
        Confirming or cancelling a stored one updates its record. ``newest=n``
        gives only the ``n`` newest, and makes again only the stored ones it gives.
        """
        return self.waiting(newest)[0]

    def waiting_count(self) -> int:
        """How many plans wait for a decision (stored and this session's), none made again."""
        return self.waiting(0)[1]

    def waiting(self, newest: int | None = None) -> tuple[list[Plan], int]:
        """``pending(newest)`` and how many wait in all, from one listing (what a view shows)."""
        statuses = self.statuses()
        stored = {status.plan_id for status in statuses} | self._building
        own = [plan for plan in self._book.plans()
               if plan.state is PlanState.PENDING and plan.id not in stored
               and plan._keeper is None]  # fmt: skip
        waiting = [status for status in statuses if status.state == "pending"]
        plans: list[Plan] = []
        for status in reversed(waiting):  # newest first, so a view's few are made first
            if newest is not None and len(plans) >= newest:
                break
            held = self._plans.get(status.plan_id)
            try:
                plans.append(held if held is not None and held.state is PlanState.PENDING
                             else self._plan(self._record(status.plan_id)))  # fmt: skip
            except WsnbError:
                continue  # marked stale or refused (its record says why), or being decided
        ordered = sorted([*plans, *own], key=lambda plan: plan.created_at)
        if newest is not None:
            ordered = ordered[max(0, len(ordered) - newest):] if newest > 0 else []
        return ordered, len(own) + len(waiting)

    def _record(self, plan_id: str) -> dict[str, Any]:
        record = self._files.read(plan_id) if self._files.valid_id(plan_id) else None
        if record is None:
            raise NotFoundError(advice.NO_STORED_PLAN(id=plan_id))
        return record

    def _current(self, record: dict[str, Any]) -> dict[str, Any]:
        """The record, marked expired first if its day is over (or with the outcome the journal
        holds, if the process that was carrying it out died before writing it here)."""
        record = self._recovered(record)
        if record["state"] == "pending" and self._clock() >= datetime.fromisoformat(
                record["expires"]):  # fmt: skip
            try:
                with self._files.claim(record["id"]):
                    fresh = self._record(record["id"])
                    if fresh["state"] == "pending":
                        record = self._finish(fresh, "expired", self._expired_message(fresh))
            except PlanStateError:
                pass  # being decided right now; the decision wins
        return record

    def _recovered(self, record: dict[str, Any]) -> dict[str, Any]:
        if record["state"] != "pending" or not self._files.orphaned_claim(record["id"]):
            return record
        with using_language(record.get("lang", "en")):
            outcome = self._book.outcome(record["id"], datetime.fromisoformat(record["created"]))
        if outcome is None:
            return record  # it never began: it still waits, and nothing changed
        state, message, confirmed_by = outcome
        try:
            with self._files.claim(record["id"]):
                fresh = self._record(record["id"])
                if fresh["state"] == "pending":
                    record = self._finish(fresh, state, message, confirmed_by=confirmed_by)
        except PlanStateError:
            pass  # someone else is deciding it right now
        logger.info("plan %s: found %s in the journal", record["id"], state)
        return record

    def _expired_message(self, record: dict[str, Any]) -> str:
        with using_language(record.get("lang", "en")):
            when = datetime.fromisoformat(record["expires"]).strftime("%Y-%m-%d %H:%M")
            return _("Plan {id} expired at {time} without a decision; nothing was changed. "
                     "Propose it again if the change is still wanted.").format(
                id=record["id"], time=when)  # fmt: skip

    # -- deciding ---------------------------------------------------------------------

    def confirm(self, plan_id: str, *, confirmed_by: str, strong: bool = False,
                typed_name: str | None = None) -> ToolResult:  # fmt: skip
        """Carry out a stored plan after checking everything again, now.

        Raises what ``Plan.confirm()`` raises: ``PlanStateError`` (not pending:
        done, cancelled, expired, or being decided elsewhere), ``ConfirmationError``
        (strong confirmation missing; it stays pending), ``StalePlanError`` (a path
        changed since it was proposed: now stale) or ``PolicyError`` (refused now);
        nothing changes on disk in any of these.
        """
        with self._files.claim(self._record(plan_id)["id"]):
            record = self._pending(plan_id)
            plan = self._plan(record)
            plan._check_strong(strong, typed_name)
            plan.data["confirmed_by"] = confirmed_by
            try:
                result = plan._confirm_here(strong, typed_name)
            except StalePlanError as exc:
                self._finish(record, "stale", exc.reason)
                raise
            except PolicyError as exc:
                self._finish(record, "refused", exc.reason)
                raise
            outcome = result.message if result.success else result.error
            if plan.steps:  # each change of a set: done, left out, failed or undone
                record["steps"] = step_rows(plan)
            self._finish(record, "done" if result.success else "failed", outcome,
                         confirmed_by=confirmed_by)  # fmt: skip
        logger.info("plan %s confirmed by %s: %s", plan_id, confirmed_by, plan.state.value)
        return result

    def cancel(self, plan_id: str, *, by: str) -> PlanStatus:
        """Drop a stored pending plan; nothing changes on disk but its record."""
        record = self._drop(plan_id, lambda: _(
            "Cancelled by {who}; nothing was changed.").format(who=by))
        logger.info("plan %s cancelled by %s", plan_id, by)
        return status_of(record)

    def _drop(self, plan_id: str, message: Callable[[], str], *,
              read: dict[str, Any] | None = None) -> dict[str, Any]:
        """Record a pending plan as cancelled with ``message()`` said in the plan's language,
        and cancel its Plan object in this process; nothing changes on disk but the record.
        ``read`` is the plan's record when the caller already read it."""
        with self._files.claim((read or self._record(plan_id))["id"]):
            record = self._pending(plan_id)
            with using_language(record.get("lang", "en")):
                said = message()
            record = self._finish(record, "cancelled", said)
            plan = self._plans.get(plan_id)
            if plan is not None and plan.state is PlanState.PENDING:
                plan._cancel_here()
        return record

    # The keeper a stored Plan object calls when a card's button or a cell confirms it.
    def confirm_plan(self, plan: Plan, *, strong: bool, typed_name: str | None) -> ToolResult:
        return self.confirm(plan.id, confirmed_by=NOTEBOOK, strong=strong, typed_name=typed_name)

    def cancel_plan(self, plan: Plan) -> None:
        self.cancel(plan.id, by=NOTEBOOK)

    def _pending(self, plan_id: str) -> dict[str, Any]:
        """The record, read again under the claim; raises unless it is still pending."""
        record = self._current(self._record(plan_id))
        state = record["state"]
        if state != "pending":
            self._mirror(record)
            with using_language(record.get("lang", "en")):
                raise PlanStateError(_(NOT_PENDING[state]).format(
                    id=plan_id, message=record.get("message", "")), plan=plan_id, state=state)
        return record

    def _plan(self, record: dict[str, Any]) -> Plan:
        """The stored plan as a Plan here: the one this process holds, or made again now."""
        plan_id = record["id"]
        with self._lock:
            plan = self._plans.get(plan_id)
            if plan is not None and plan.state is PlanState.PENDING:
                return plan
            if plan is not None or plan_id in self._building:
                # Being carried out or made right now (a view asking from inside the move):
                # its record says how it ends in a moment.
                raise PlanStateError(_("Plan {id} is being decided right now somewhere else; "
                                       "wait a moment and ask for its status again.").format(
                    id=plan_id), plan=plan_id)  # fmt: skip
            self._building.add(plan_id)
            try:
                plan = self._rebuild(record)
            finally:
                self._building.discard(plan_id)
            self._plans[plan_id] = plan
            return plan

    def _rebuild(self, record: dict[str, Any]) -> Plan:
        """Make the plan again from its tool and parameters; stale or refused if it can't be."""
        plan_id = record["id"]
        self._check_unchanged(record)
        try:
            with using_language(record.get("lang", "en")):
                plan = self._book.restore(plan_id, record["request"])
        except WsnbError as exc:
            self._finish(record, "refused", exc.reason)
            raise
        if plan.is_refused:
            reason = plan.refusal or ""
            if plan.rule is not Rule.READ_ONLY_MODE:  # a read-only viewer can't decide it for all
                self._finish(record, "refused", reason)
            raise PolicyError(reason, path=plan_id, rule=plan.rule)
        stored = {path: fsops.Fingerprint(*values)
                  for path, values in record.get("fingerprints", {}).items()}  # fmt: skip
        plan.data["fingerprints"] = {**plan.data.get("fingerprints", {}), **stored}
        plan.data["proposed_by"] = record.get("proposer", "")
        plan.created_at = datetime.fromisoformat(record["created"])
        plan._keeper = self
        return plan

    def _check_unchanged(self, record: dict[str, Any]) -> None:
        """Stale (and raise) when a watched path is no longer what it was when proposed."""
        for relative, values in record.get("fingerprints", {}).items():
            try:
                now = fsops.fingerprint(self._files.policy.resolve(relative))
            except PolicyError as exc:
                self._finish(record, "refused", exc.reason)
                raise
            if now != fsops.Fingerprint(*values):
                with using_language(record.get("lang", "en")):
                    reason = _("{path} changed since the plan was made; make a new "
                               "plan.").format(path=relative)  # fmt: skip
                self._finish(record, "stale", reason)
                raise StalePlanError(reason, path=relative, plan=record["id"])

    def _finish(self, record: dict[str, Any], state: str, message: str, *,
                confirmed_by: str | None = None) -> dict[str, Any]:  # fmt: skip
        """Write the plan's new state (the caller holds its claim) and tell the listeners."""
        decided = self._clock()
        record = {**record, "state": state, "message": message, "confirmed_by": confirmed_by,
                  "decided": decided.isoformat()}  # fmt: skip
        self._files.write(record["id"], record, when=decided)
        self._mirror(record)  # a card of this plan here says so (an expired plan, say)
        self._announce(record)
        return record

    # -- listening --------------------------------------------------------------------

    def subscribe(self, listener: Callable[[PlanStatus], None]) -> Callable[[], None]:
        """Call ``listener(status)`` when a stored plan appears or changes state, from any process.

        Watches the plans folder while anyone listens (a daemon thread; ``close()``
        stops it). Returns the function that stops this listener.
        """
        remove = self._listeners.add(listener)
        with self._lock:
            if self._watch is None:
                self._seen.update({s.plan_id: s.state for s in self.statuses()})
                self._watch = FolderWatch(self._files.folder, self.refresh, tick=self._tick)
                self._watch.start()

        def stop() -> None:
            remove()
            if not len(self._listeners):
                self.close()

        return stop

    def refresh(self) -> None:
        """Read every record again and tell the listeners what appeared or changed."""
        for status in self.statuses():
            if self._seen.get(status.plan_id) != status.state:
                record = self._files.read(status.plan_id)
                if record is not None:
                    self._mirror(record)
                    self._announce(record)

    def close(self) -> None:
        """Stop watching the plans folder (listeners added later start it again)."""
        with self._lock:
            watch, self._watch = self._watch, None
        if watch is not None:
            watch.stop()

    @property
    def watching(self) -> bool:
        return self._watch is not None and self._watch.running

    def _announce(self, record: dict[str, Any]) -> PlanStatus:
        status = status_of(record)
        with self._lock:
            told = self._seen.get(status.plan_id) == status.state
            self._seen[status.plan_id] = status.state
        if not told:
            self._listeners.notify(status)
        return status

    def _mirror(self, record: dict[str, Any]) -> None:
        """Move this process's Plan of a record that was decided elsewhere, so its cards say so."""
        plan = self._plans.get(record["id"])
        if plan is None or plan.state is not PlanState.PENDING or record["state"] == "pending":
            return
        if record["state"] == "cancelled":
            plan._cancel_here()
            return
        message = record.get("message", "")
        with using_language(plan.lang), plan._lock:
            if record["state"] == "done":
                plan._move("confirm")
                plan._move("finish")
                plan.result = ToolResult(True, message=message)
            elif record["state"] == "expired":
                plan.warnings.append(message)
                plan._end("expire", message, None)
            elif record["state"] == "stale":
                plan._end("stale", message, None)
            elif record["state"] == "refused":
                plan._refuse_late(message, None)
            elif record["state"] == "interrupted":  # its confirm was cut short elsewhere
                plan._move("confirm")
                plan._move("interrupt")
                plan.result = ToolResult(False, error=message)
            else:
                plan._fail(message, None)
        plan._notify()
