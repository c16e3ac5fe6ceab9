"""Writing the journal ahead: a plan's run, from its begun mark to its end.

Before a plan or a change set changes anything, ``begin`` makes the backups its
writes need, then journals a *begun* mark (``RunMark``) naming every change with
what undo needs: the paths, the backup, the folders it will make, the size and
hash it will leave (``expected_entry``). Only once that line is on disk does the
first change run; when it can't be written (a full disk, a read-only ``.wsnb/``)
nothing runs and the person reads why. Each change of a set is journaled as it
finishes (``Run.step_done``, fsynced before the next starts), a change a failing
set takes back is journaled as undone (``Run.step_undone``), and ``Run.end``
writes the last line: a single plan's entry, or a set's *finished* mark.

A set's request (its changes as the person confirmed them, with the fingerprints
they were checked against) is kept beside the journal in ``.wsnb/runs/`` while it
runs, so a set cut short can be finished later; never in the journal, which holds
no contents.

The runs this process is carrying out right now are ``active``: a begun mark of
another process is cut short only once that process is gone (``wsnb.disk.owners``).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
from contextlib import suppress
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..disk import fsops, textio
from ..disk.owners import process_token
from ..errors import WriteError, WsnbError
from ..i18n import _
from ..policy.access import METADATA_DIR
from ..types import ActionType
from .journal import Journal, JournalEntry, RunMark, journal_entry, new_entry_id

if TYPE_CHECKING:
    from ..tools.base import ToolContext
    from .record import PlanRecord

__all__ = ["RUNS_DIR", "Run", "active", "begin", "expected_entry", "step_id"]

logger = logging.getLogger("wsnb")

RUNS_DIR = f"{METADATA_DIR}/runs"
_ACTIVE: set[str] = set()
_ACTIVE_LOCK = threading.Lock()
# A change that changes no file is journaled after it ran, as before: nothing to take back.
_NO_CHANGE = {ActionType.OPEN_FILE}


def active(run: str) -> bool:
    """True while this process is carrying out ``run``."""
    with _ACTIVE_LOCK:
        return run in _ACTIVE


def step_id(run: str, number: int | None) -> str:
    """The journal id a change of ``run`` gets: the run's own for a single plan."""
    return run if number is None else f"{run}-{number}"


@dataclass
class Run:
    """One plan being carried out under its begun mark; ends with ``end()``."""

    journal: Journal
    mark: RunMark
    ctx: ToolContext
    numbers: dict[int, int] = field(default_factory=dict)  # a step's place -> its journal number
    done: list[str] = field(default_factory=list)  # the entries written, in order

    @property
    def id(self) -> str:
        return self.mark.run

    def step_done(self, plan: PlanRecord, number: int, step: PlanRecord) -> None:
        """Journal a change of the set as done, on disk before the next starts.

        Raises ``WriteError`` when the line can't be written: the set then stops and
        takes back what it did, as for a change that failed.
        """
        entry = self._step_entry(plan, number, step)
        self.journal.append(entry)
        self.done.append(entry.id)

    def step_undone(self, number: int, reverse: PlanRecord) -> None:
        """Journal that a failing set took change ``number`` back (best effort: a run left
        unfinished is told on the next open, and its changes are looked for on disk)."""
        entry = replace(journal_entry(reverse, self.ctx.clock(), run=self.id),
                        undo_of=step_id(self.id, self.numbers.get(number, number)))
        try:
            self.journal.append(entry)
        except WriteError as exc:
            logger.warning("run %s: the journal could not record an undone change (%s)",
                           self.id, exc.reason)  # fmt: skip

    def end(self, plan: PlanRecord) -> str:
        """The last line: a single plan's entry, or a set's failure line and finished mark.

        Returns the id of the entry ``plan.undo()`` reverses. Raises ``WriteError``
        when the journal can't take it: the run is then left unfinished, and found so.
        """
        try:
            return self._end(plan)
        finally:
            with _ACTIVE_LOCK:
                _ACTIVE.discard(self.id)
            _forget_request(self.ctx, self.id)

    def _end(self, plan: PlanRecord) -> str:
        clock = self.ctx.clock
        success = plan.result is not None and plan.result.success
        if self.mark.kind == "plan":
            return self.journal.append(journal_entry(plan, clock(), entry_id=self.id,
                                                     run=self.id)).id  # fmt: skip
        last = self.done[-1] if success and self.done else None
        if last is None:
            last = self.journal.append(replace(journal_entry(plan, clock(), run=self.id),
                                               group=self.mark.group)).id  # fmt: skip
        error = plan.result.error if plan.result is not None and not success else None
        self.journal.append_mark(RunMark(self.id, "finished", clock(), plan_id=plan.id,
                                         kind="set", group=self.mark.group, success=success,
                                         error=error or None))  # fmt: skip
        return last

    def _step_entry(self, plan: PlanRecord, number: int, step: PlanRecord) -> JournalEntry:
        journal_number = self.numbers.get(number, number)
        for key in ("proposed_by", "confirmed_by"):
            if plan.data.get(key):
                step.data[key] = plan.data[key]
        entry = journal_entry(step, self.ctx.clock(), entry_id=step_id(self.id, journal_number),
                              run=self.id)  # fmt: skip
        return replace(entry, group=self.mark.group, group_title=plan.title, step=journal_number)


def begin(journal: Journal, plan: PlanRecord, ctx: ToolContext) -> Run | None:
    """Make the backups, journal the begun mark; the ``Run`` to carry the plan out under.

    None for a plan that changes no file. Raises ``WriteError`` saying that nothing
    was changed when the backups or the mark can't be written.
    """
    if plan.action in _NO_CHANGE:
        return None
    steps = _changes(plan)
    run = new_entry_id()
    is_set = plan.action is ActionType.CHANGE_SET
    # A set that finishes one cut short journals its changes under their first numbers.
    renumber = plan.data.get("step_numbers") or {}
    numbers = {n: int(renumber.get(n, n)) for n, _step in steps if n is not None}
    time = ctx.clock()
    try:
        _backups_first(ctx, steps, time)
        intents = _intents(ctx, run, steps, numbers if is_set else None, time)
    except WsnbError as exc:  # a backup that can't be made says that nothing was changed
        raise WriteError(_("{title} was not carried out: {reason}").format(
            title=plan.title, reason=exc.reason), path=exc.path) from None
    group = str(plan.data.get("journal_group") or plan.id) if is_set else None
    mark = RunMark(run, "begun", time, plan_id=plan.id, kind="set" if is_set else "plan",
                   title=plan.title, group=group, owner=process_token(), steps=intents,
                   continues=plan.data.get("continues"))  # fmt: skip
    if is_set:
        _keep_request(ctx, run, plan, steps, numbers)
    with _ACTIVE_LOCK:
        _ACTIVE.add(run)
    plan.data["run_id"] = run
    try:
        journal.append_mark(mark)
    except WriteError as exc:
        with _ACTIVE_LOCK:
            _ACTIVE.discard(run)
        _forget_request(ctx, run)
        raise WriteError(_not_begun(plan, exc.reason), path=exc.path) from None
    return Run(journal, mark, ctx, numbers=numbers)


def _not_begun(plan: PlanRecord, reason: str) -> str:
    return _("{title} was not carried out: the journal must record a change before it is made, "
             "and it could not. {reason} Nothing was changed.").format(
        title=plan.title, reason=reason.rstrip(". ") + ".")  # fmt: skip


def _changes(plan: PlanRecord) -> list[tuple[int | None, PlanRecord]]:
    """The changes a run carries out, with their places in the set (None for a single plan)."""
    if plan.action is not ActionType.CHANGE_SET:
        return [(None, plan)]
    left_out = set(plan.data.get("left_out", ()))
    return [(number, step) for number, step in enumerate(plan.data.get("steps", ()), 1)
            if number not in left_out]  # fmt: skip


def _backups_first(ctx: ToolContext, steps: list[tuple[int | None, PlanRecord]],
                   time: datetime) -> None:  # fmt: skip
    """Back up every file a write will replace, before anything is journaled or changed: as it
    is now, or, for a file an earlier change of the set makes or moves there, the bytes that
    change leaves (``wsnb.plans.future``; checked just before the write runs)."""
    for _number, step in steps:
        if step.action is not ActionType.WRITE_FILE or step.target is None \
                or step.data.get("backup"):  # fmt: skip
            continue
        old = step.data.get("old_bytes")
        if isinstance(old, bytes):
            backup = fsops.backup_bytes(step.target, old, ctx.policy.root, time)
        else:
            backup = fsops.backup_file(step.target, ctx.policy.root, time)
            step.data["backed_up"] = fsops.fingerprint(step.target)
        step.data["backup"] = backup.relative_to(ctx.policy.root).as_posix()


def _intents(ctx: ToolContext, run: str, steps: list[tuple[int | None, PlanRecord]],
             numbers: dict[int, int] | None,
             time: datetime) -> tuple[dict[str, Any], ...]:  # fmt: skip
    claimed: set[str] = set()  # folders an earlier change of the run will make
    intents = []
    for number, step in steps:
        journal_number = None if numbers is None or number is None else numbers[number]
        entry, digest = expected_entry(ctx, step, step_id(run, journal_number), claimed, time)
        data: dict[str, Any] = json.loads(entry.to_json())
        for key in ("time", "plan_id", "workspace", "success", "proposed_by", "confirmed_by"):
            data.pop(key, None)
        data = {key: value for key, value in data.items() if value not in (None, [], False)}
        data["step"] = journal_number
        if digest:
            data["digest"] = digest
        intents.append(data)
    return tuple(intents)


def expected_entry(ctx: ToolContext, step: PlanRecord, entry_id: str, claimed: set[str],
                   time: datetime) -> tuple[JournalEntry, str | None]:  # fmt: skip
    """The entry a change will journal, as far as it is known before it runs, and the sha256
    of the whole content it will leave (None when it leaves no new content)."""
    root = ctx.policy.root
    # A change planned on what earlier changes leave makes every folder it lists (one may be
    # on the disk now, and moved away before its turn).
    planned_after = bool(step.data.get("after"))
    made = [folder for folder in step.parent_dirs if folder not in claimed
            and (planned_after or not os.path.lexists(root / folder))]  # fmt: skip
    claimed.update(made)
    size = sha = digest = None
    is_dir = False
    new = _new_bytes(step)
    if new is not None:
        size, digest = len(new), hashlib.sha256(new).hexdigest()
        sha = digest if size <= fsops.HASH_LIMIT else None
    elif step.action is ActionType.CREATE_FOLDER:
        is_dir = True
        if step.target is not None:
            claimed.add(step.target.relative)
    elif step.source is not None and step.action is not ActionType.RESTORE:
        expected = (step.data.get("expects") or {}).get(step.source.relative)
        if expected is not None:  # an earlier change of the set makes it, or moves it there
            is_dir = bool(expected["is_dir"])
            size, sha = (None if is_dir else expected["size"]), expected["sha256"]
        else:
            before = fsops.fingerprint(step.source)
            is_dir = before.is_dir
            size, sha = (None if before.is_dir else before.size), before.sha256
    record = step.data.get("trash_record")
    entry = JournalEntry(
        id=entry_id, plan_id=step.id, time=time, action=step.action.value,
        tool=step.tool_name, success=True,
        source=step.source.relative if step.source else None,
        target=step.target.relative if step.target else None,
        backup=step.data.get("backup"), new_name=step.new_name, undo_of=step.undo_of,
        trashed=getattr(record, "trashed", None), trash_info=getattr(record, "info", None),
        trash_deleted_at=getattr(record, "deleted_at", None),
        is_dir=is_dir, size=size, sha256=sha, made_dirs=tuple(made),
        also_undoes=tuple(step.data.get("also_undoes") or ()),
    )  # fmt: skip
    return entry, digest


def _new_bytes(step: PlanRecord) -> bytes | None:
    """The bytes a write or a new file will hold (None for the other changes)."""
    if step.action is ActionType.WRITE_FILE:
        new = step.data.get("new_bytes")
        return new if isinstance(new, bytes) else None
    if step.action is ActionType.CREATE_FILE:
        try:
            return textio.encode_text(step.content or "", textio.DEFAULT_FORMAT)
        except WsnbError:
            return None
    return None


# ---------------------------------------------------------------------------
# A set's request, kept while it runs (to finish it later if it is cut short)
# ---------------------------------------------------------------------------


def request_path(run: str) -> str:
    return f"{RUNS_DIR}/{run}.json"


def _keep_request(ctx: ToolContext, run: str, plan: PlanRecord,
                  steps: list[tuple[int | None, PlanRecord]],
                  numbers: dict[int, int]) -> None:  # fmt: skip
    """Best effort: without it a set cut short can still be undone, only not finished."""
    request = plan.data.get("request") or {}
    changes = (request.get("params") or {}).get("changes") if isinstance(request, dict) else None
    if not isinstance(changes, list):
        return
    # By the numbers the journal gives the changes (a finishing set keeps the first ones).
    places = [(number, numbers.get(number, number), step) for number, step in steps
              if number is not None and number <= len(changes)]  # fmt: skip
    prints = {str(journal): {path: [p.exists, p.is_dir, p.size, p.mtime_ns, p.sha256]
                             for path, p in step.data.get("fingerprints", {}).items()}
              for _place, journal, step in places}  # fmt: skip
    # A change planned on what earlier changes leave (``wsnb.plans.future``): those changes
    # and what it expects them to leave, to tell whether it still applies once they ran.
    after = {str(journal): [numbers.get(n, n) for n in step.data.get("after") or ()]
             for _place, journal, step in places if step.data.get("after")}  # fmt: skip
    expects = {str(journal): step.data["expects"] for _place, journal, step in places
               if step.data.get("expects")}  # fmt: skip
    request = {"run": run, "title": plan.title, "lang": getattr(plan, "lang", "en"),
               "changes": {str(journal): changes[place - 1] for place, journal, _s in places},
               "fingerprints": prints, "after": after, "expects": expects}  # fmt: skip
    try:
        folder = ctx.policy.root / RUNS_DIR
        fsops.metadata_folder(ctx.policy.root)
        folder.mkdir(exist_ok=True)
        data = json.dumps(request, ensure_ascii=False).encode("utf-8")
        fsops.atomic_write(ctx.policy.resolve(request_path(run)), data, mode=0o600, sync=False)
    except (OSError, WsnbError, TypeError, ValueError) as exc:
        logger.info("run %s: its request was not kept (%s)", run, exc)


def read_request(ctx: ToolContext, run: str) -> dict[str, Any] | None:
    """The request kept for ``run``, or None."""
    try:
        raw = textio.read_bytes(ctx.policy.resolve(request_path(run)), limit=64 * 1024 * 1024)
        found = json.loads(raw.decode("utf-8"))
    except (OSError, WsnbError, ValueError):
        return None
    return found if isinstance(found, dict) and found.get("run") == run else None


def _forget_request(ctx: ToolContext, run: str) -> None:
    with suppress(OSError, WsnbError):  # through the gate: never a link out of the workspace
        os.unlink(ctx.policy.resolve(request_path(run)).os_path)


def forget_request(ctx: ToolContext, run: str) -> None:
    """Drop the request kept for ``run`` (it was resolved)."""
    _forget_request(ctx, run)

