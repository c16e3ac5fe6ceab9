"""Runs cut short: found in the journal, looked for on disk, told, undone or finished.

A run (``wsnb.plans.ahead``) begun and never finished, whose process is gone, was
cut short: a kill, a crash, a closed laptop lid, a full disk that refused its last
line. ``recover`` reads the journal's lines and finds every such run. The changes it
journaled as done ran; the one it was carrying out when it stopped is looked for on
disk (``step_state``: the file with the new content, the item at its new place, the
source gone to the trash); a change the set took back, or one that never started,
did not. Folders a change made before it was cut short are found too.

What is found becomes journal entries for ``ws.history`` and ``ws.undo()`` (the
change found on disk, the emptied folders, a row for the run itself) and, while
the person has not decided, an ``Interrupted``: the sentence they read on open,
and the plans that undo the run or finish it. Nothing changes on disk until one
of those plans is confirmed; the journal gets the found lines then (``resolved``).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..disk.owners import alive, process_token
from ..errors import PolicyError, UsageError
from ..i18n import _, ngettext
from ..types import ActionType
from .ahead import active
from .journal import JournalEntry, JournalLine, RunMark, entry_title, undone_map

if TYPE_CHECKING:
    from ..disk.trash import Trash
    from ..policy.access import AccessPolicy
    from .plan import Plan

__all__ = ["Interrupted", "Recovered", "recover", "unfinished_runs"]

# Each at the start of a line: a begun mark's steps hold entries too.
_BEGUN = re.compile(rb'^\{"run":"([0-9a-f]+)","phase":"begun"', re.MULTILINE)
_FINISHED = re.compile(rb'^\{"run":"([0-9a-f]+)","phase":"finished"', re.MULTILINE)
_ENTRY_ID = re.compile(rb'^\{"id":"([0-9a-f]+)"', re.MULTILINE)
_DIGEST_LIMIT = 512 * 1024 * 1024


def unfinished_runs(raw: bytes) -> set[str]:
    """The runs begun and never ended in the journal's bytes, without parsing a line.

    A set ends with a finished mark, a single plan with its entry (whose id is the
    run's): what opening a workspace looks at before reading anything whole.
    """
    begun = set(_BEGUN.findall(raw))
    if not begun:
        return set()
    ended = set(_FINISHED.findall(raw)) | set(_ENTRY_ID.findall(raw))
    return {run.decode("ascii") for run in begun - ended}


@dataclass
class Interrupted:
    """A run cut short that waits for a person's decision: undo it, finish it, or keep it.

    ``ran`` are the changes that ran (journaled, or found on disk), ``steps`` every
    change of the run with its state (``"ran"``, ``"not run"`` or ``"taken back"``).
    ``undo()`` and ``finish()`` give plans to confirm like any other; ``keep()`` leaves
    the files as they are and stops telling. Nothing changes before a confirm.
    """

    run: str
    title: str
    kind: str  # "plan" or "set"
    time: datetime
    plan_id: str
    group: str | None
    ran: list[JournalEntry]
    steps: list[dict[str, Any]]
    row: JournalEntry  # the entry that stands for the run in ws.history
    found: list[JournalEntry] = field(default_factory=list)  # written when resolved
    _undo: Callable[[Interrupted], Plan] | None = field(default=None, repr=False)
    _finish: Callable[[Interrupted], Plan] | None = field(default=None, repr=False)
    _keep: Callable[[Interrupted], None] | None = field(default=None, repr=False)

    @property
    def count(self) -> int:
        return len(self.steps)

    @property
    def whole(self) -> bool:
        """A single change found done on disk: only its last line is missing, nothing to decide."""
        return self.kind == "plan" and any(entry.id == self.run for entry in self.ran)

    @property
    def open(self) -> bool:
        """Something ran, and not all of a single change: a person decides what becomes of it."""
        return bool(self.ran) and not self.whole

    def sentence(self) -> str:
        """What a person reads of it, in the current language."""
        when = self.time.strftime("%Y-%m-%d %H:%M")
        changes = "; ".join(entry_title(entry) for entry in self.ran if entry.step != 0) \
            or _("only empty folders were made")  # fmt: skip
        if self.kind == "set":
            done = sum(1 for step in self.steps if step["state"] == "ran")
            return ngettext(
                "The change set “{title}” was cut short at {time} (the process carrying it out "
                "ended) after {done} of its {count} change: {changes}. Nothing was lost: undo it "
                "with ws.undo(), or see ws.interrupted to finish it or keep it as it is.",
                "The change set “{title}” was cut short at {time} (the process carrying it out "
                "ended) after {done} of its {count} changes: {changes}. Nothing was lost: undo "
                "it with ws.undo(), or see ws.interrupted to finish it or keep it as it is.",
                self.count).format(title=self.title, time=when, done=done, count=self.count,
                                   changes=changes)  # fmt: skip
        return _("“{title}” was cut short at {time} (the process carrying it out ended) after "
                 "it changed the files: {changes}. Nothing was lost: undo it with ws.undo(), or "
                 "see ws.interrupted to keep it as it is.").format(
            title=self.title, time=when, changes=changes)  # fmt: skip

    def outcome(self) -> str:
        """What its stored plan's record says (``plan_status``): words for whoever asks, a
        person or an agent, that name no call."""
        if self.kind != "set":
            return _("Cut short part way while it was carried out (the process carrying it out "
                     "ended) after it changed the files. Nothing was lost; the person decides "
                     "on the plan's card whether to undo it or keep it as it is.")
        numbers = [str(step["step"]) for step in self.steps if step["state"] == "ran"]
        return ngettext(
            "Cut short part way while it was carried out (the process carrying it out ended): "
            "change {numbers} of {count} ran. Nothing was lost; the person decides on the "
            "plan's card whether to undo it, finish it or keep it as it is.",
            "Cut short part way while it was carried out (the process carrying it out ended): "
            "changes {numbers} of {count} ran. Nothing was lost; the person decides on the "
            "plan's card whether to undo it, finish it or keep it as it is.",
            len(numbers)).format(numbers=", ".join(numbers) or "-", count=self.count)

    def describe(self) -> str:
        lines = [self.sentence()]
        for step in self.steps:
            lines.append(f"  {step['step']:>2}. {step['what']}: {step['state_words']}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.describe()

    def __repr__(self) -> str:
        done = sum(1 for step in self.steps if step["state"] == "ran")
        return f"<Interrupted {self.run} {self.title!r}: {done} of {self.count} ran>"

    def undo(self) -> Plan:
        """The plan that brings the files back to what they were before the run."""
        if self._undo is None:
            raise UsageError(_("This interrupted change is not tied to a workspace; use "
                                "ws.interrupted."))  # fmt: skip
        return self._undo(self)

    def finish(self) -> Plan:
        """The plan that carries out the changes that did not run (a change set only)."""
        if self._finish is None:
            raise UsageError(_("This interrupted change is not tied to a workspace; use "
                                "ws.interrupted."))  # fmt: skip
        return self._finish(self)

    def keep(self) -> None:
        """Leave the files as they are: the changes that ran stay, each undoable from
        ws.history, and the run is no longer told on open."""
        if self._keep is not None:
            self._keep(self)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        from ..renderers import view_or_text  # the view the notebook face registered

        return view_or_text(self, self.describe, **kwargs)


@dataclass
class Recovered:
    """The journal as a person reads it, runs cut short included.

    ``entries`` are the journal's entries with what recovery found put in their place
    (and the inner lines of sets that failed and took their changes back left out);
    ``notes`` the words of the rows that stand for runs cut short; ``waiting`` the runs
    cut short that nobody resolved yet (those where nothing ran have nothing to decide).
    """

    entries: list[JournalEntry]
    notes: dict[str, str]
    waiting: list[Interrupted]


@dataclass
class _Run:
    begun: RunMark
    entries: list[JournalEntry] = field(default_factory=list)
    finished: RunMark | None = None
    last: int = 0  # the position of its last line


def recover(lines: list[JournalLine], policy: AccessPolicy, trash: Trash) -> Recovered:
    """What the journal's ``lines`` say once runs cut short are looked for on disk."""
    runs = _runs(lines)
    dropped: set[str] = set()
    inserts: dict[int, list[JournalEntry]] = {}
    notes: dict[str, str] = {}
    waiting: list[Interrupted] = []
    for run in runs.values():
        if run.finished is not None and run.finished.success is False:
            dropped |= _inner_of_failed(run)
            continue
        if _ended(run):
            _note_resolved(run, inserts, notes)
            continue
        if _in_progress(run.begun):
            continue
        look = _look(run, policy, trash)
        dropped |= look.taken_back
        inserts.setdefault(run.last, []).extend(look.new)
        notes[look.found.row.id] = _row_words(look.found)
        waiting.append(look.found)
    entries: list[JournalEntry] = []
    for position, line in enumerate(lines):
        if isinstance(line, JournalEntry) and line.id not in dropped:
            entries.append(line)
        entries.extend(inserts.get(position, ()))
    return Recovered(entries, notes, waiting)


def _runs(lines: list[JournalLine]) -> dict[str, _Run]:
    runs: dict[str, _Run] = {}
    for position, line in enumerate(lines):
        if isinstance(line, RunMark):
            if line.phase == "begun":
                runs[line.run] = _Run(line, last=position)
            elif line.run in runs:
                runs[line.run].finished = line
                runs[line.run].last = position
        elif line.run is not None and line.run in runs:
            runs[line.run].entries.append(line)
            runs[line.run].last = position
    return runs


def _ended(run: _Run) -> bool:
    if run.finished is not None:
        return True
    return run.begun.kind == "plan" and any(e.id == run.begun.run for e in run.entries)


def _in_progress(mark: RunMark) -> bool:
    """The process carrying the run out still runs it (this one only if it is still busy)."""
    if mark.owner == process_token():
        return active(mark.run)
    return alive(mark.owner) if mark.owner else False


def _inner_of_failed(run: _Run) -> set[str]:
    """A set that failed took its changes back: its step lines and undo lines are inner
    workings (a change it could not take back stays, undoable on its own)."""
    undone = undone_map(run.entries)
    return {e.id for e in run.entries
            if (e.step is not None and e.id in undone) or e.undo_of is not None}  # fmt: skip


def _note_resolved(run: _Run, inserts: dict[int, list[JournalEntry]],
                   notes: dict[str, str]) -> None:  # fmt: skip
    """A run cut short that a person resolved keeps its row in the history."""
    outcome = run.finished.outcome if run.finished is not None else None
    if outcome is None:
        return
    if run.begun.kind == "set":
        row = _set_row(run, [e for e in run.entries if e.step is not None and e.success])
        inserts.setdefault(run.last, []).append(row)
    notes[run.begun.run] = (_("(found done on disk after its process ended)") if outcome == "done"
                            else _("(cut short before it changed anything)")
                            if outcome == "nothing" else _("(cut short)"))  # fmt: skip


# ---------------------------------------------------------------------------
# Looking on disk
# ---------------------------------------------------------------------------


@dataclass
class _Look:
    found: Interrupted
    taken_back: set[str]  # done lines of changes found taken back on disk
    new: list[JournalEntry]  # what the journal does not say yet: found on disk, the row


def _look(run: _Run, policy: AccessPolicy, trash: Trash) -> _Look:
    """Which of the run's changes ran: journaled as done and still there, or found on disk."""
    mark = run.begun
    done = {e.id: e for e in run.entries if e.undo_of is None}
    undone = {e.undo_of for e in run.entries if e.undo_of is not None and e.success}
    ran: list[JournalEntry] = []
    new: list[JournalEntry] = []
    taken_back: set[str] = set()
    steps: list[dict[str, Any]] = []
    leftover: list[str] = []
    looked = False
    found_states: list[tuple[str, JournalEntry | None, bool]] = []
    for intent in mark.steps:
        expected = _intent_entry(mark, intent)
        line = done.get(expected.id)
        by_disk = False  # taken back as the disk says, not as the journal says
        if line is not None:
            by_disk = line.id not in undone and step_state(policy, line, intent) == "before"
            state = "taken back" if line.id in undone or by_disk else "ran"
        elif not looked:
            looked = True
            state = "ran" if step_state(policy, expected, intent) == "after" else "not run"
            if state == "ran":
                line = _with_trash_record(expected, policy, trash, mark.time)
                new.append(line)
        else:
            state = "not run"
        found_states.append((state, line, by_disk))
    found_states = _after_later(mark.steps, found_states)
    for number, (intent, (state, line, _by_disk)) in enumerate(
            zip(mark.steps, found_states, strict=True), 1):  # fmt: skip
        expected = _intent_entry(mark, intent)
        if state == "ran" and line is not None:
            ran.append(line)
        else:
            if line is not None:
                taken_back.add(line.id)
            leftover += [d for d in expected.made_dirs if _is_folder(policy, d)]
        steps.append({"step": intent.get("step") or number, "what": entry_title(expected),
                      "state": state, "state_words": _STATE_WORDS[state]()})  # fmt: skip
    if leftover:
        folders = _leftover_entry(mark, leftover)
        ran.insert(0, folders)
        new.insert(0, folders)
    row = _set_row(run, ran) if mark.kind == "set" else (ran[-1] if ran else _nothing_row(mark))
    if mark.kind == "set" or not ran:
        new.append(row)
    found = Interrupted(run=mark.run, title=mark.title, kind=mark.kind, time=mark.time,
                        plan_id=mark.plan_id, group=mark.group, ran=ran, steps=steps, row=row,
                        found=[e for e in new if e is not row or mark.kind != "set"])  # fmt: skip
    return _Look(found, taken_back, new)


def _after_later(intents: tuple[dict[str, Any], ...],
                 found: list[tuple[str, JournalEntry | None, bool]],
                 ) -> list[tuple[str, JournalEntry | None, bool]]:  # fmt: skip
    """A change the disk alone says was taken back ran after all when a later change of the run
    that acts on the same path ran: the disk shows what that later one left (a path trashed
    and then made anew, a file renamed and renamed back: ``wsnb.plans.future``)."""
    fixed = list(found)
    for index in reversed(range(len(found))):  # the last first: a fix counts for those before
        _state, line, by_disk = found[index]
        if not by_disk:
            continue
        mine = _paths(intents[index])
        if any(later[0] == "ran" and _overlap(mine, _paths(intents[after]))
               for after, later in enumerate(fixed[index + 1:], index + 1)):  # fmt: skip
            fixed[index] = ("ran", line, False)
    return fixed


def _paths(intent: dict[str, Any]) -> set[str]:
    return {path for path in (intent.get("source"), intent.get("target")) if path}


def _overlap(ours: set[str], theirs: set[str]) -> bool:
    return any(a == b or a.startswith(b + "/") or b.startswith(a + "/")
               for a in ours for b in theirs)  # fmt: skip


_STATE_WORDS: dict[str, Callable[[], str]] = {
    "ran": lambda: _("ran"), "not run": lambda: _("not run"),
    "taken back": lambda: _("taken back"),
}  # fmt: skip


def _intent_entry(mark: RunMark, intent: dict[str, Any]) -> JournalEntry:
    """The entry a change of the run said it would journal."""
    data = {**intent, "time": mark.time.isoformat(), "plan_id": mark.plan_id, "success": True,
            "run": mark.run, "group": mark.group,
            "group_title": mark.title if mark.kind == "set" else None}  # fmt: skip
    data.pop("digest", None)
    return JournalEntry.from_json(json.dumps(data), workspace=mark.workspace)


def step_state(policy: AccessPolicy, entry: JournalEntry, intent: dict[str, Any]) -> str:
    """``"after"`` when the change is found done on disk, ``"before"`` when it is found not
    done, ``"unknown"`` when the files match neither (someone changed them since)."""
    try:
        source = _lstat(policy, entry.source)
        target = _lstat(policy, entry.target)
    except PolicyError:
        return "unknown"
    action = ActionType(entry.action)
    if action in (ActionType.MOVE, ActionType.RENAME):
        if target is not None and source is None:
            return "after"
        return "before" if source is not None and target is None else "unknown"
    if action is ActionType.TRASH:
        return "after" if source is None else "before"
    if action is ActionType.RESTORE:
        return "after" if target is not None else "before"
    if action is ActionType.CREATE_FOLDER:
        return "after" if target is not None and stat.S_ISDIR(target.st_mode) else "before"
    if target is None:
        return "before"
    if action is ActionType.WRITE_FILE:
        return _write_state(policy, entry, intent)
    if not stat.S_ISREG(target.st_mode) or entry.size != target.st_size:
        return "unknown"
    digest = intent.get("digest")
    if digest and _digest(policy, entry.target) != digest:
        return "unknown"
    return "after"


def _write_state(policy: AccessPolicy, entry: JournalEntry, intent: dict[str, Any]) -> str:
    now = _digest(policy, entry.target)
    if now is not None and now == intent.get("digest"):
        return "after"
    if entry.backup and now is not None and now == _digest(policy, entry.backup):
        return "before"
    return "unknown"


def _lstat(policy: AccessPolicy, relative: str | None) -> os.stat_result | None:
    if relative is None:
        return None
    try:
        return os.lstat(policy.resolve(relative).os_path)
    except (FileNotFoundError, NotADirectoryError):
        return None


def _is_folder(policy: AccessPolicy, relative: str) -> bool:
    try:
        found = _lstat(policy, relative)
    except PolicyError:
        return False
    return found is not None and stat.S_ISDIR(found.st_mode)


def _digest(policy: AccessPolicy, relative: str | None) -> str | None:
    """The whole file's sha256 (None when it can't be read)."""
    if relative is None:
        return None
    try:
        path = policy.resolve(relative)
        digest = hashlib.sha256()
        with open(path.os_path, "rb") as handle:
            while chunk := handle.read(1024 * 1024):
                digest.update(chunk)
                if handle.tell() > _DIGEST_LIMIT:
                    return None
        return digest.hexdigest()
    except (OSError, PolicyError):
        return None


def _with_trash_record(entry: JournalEntry, policy: AccessPolicy, trash: Trash,
                       since: datetime) -> JournalEntry:  # fmt: skip
    """A trash cut short before its line: where the trash put the item, if it can tell."""
    if entry.action != ActionType.TRASH.value or entry.source is None:
        return entry
    try:
        record = trash.find(policy.resolve(entry.source), since)
    except (PolicyError, OSError):
        record = None
    if record is None:
        return entry
    return replace(entry, trashed=record.trashed, trash_info=record.info,
                   trash_deleted_at=record.deleted_at)  # fmt: skip


def _leftover_entry(mark: RunMark, folders: list[str]) -> JournalEntry:
    """The folders a change cut short made, as the making of the innermost one (undone
    first, then the ones above it if they are empty)."""
    ordered = sorted(dict.fromkeys(folders), key=lambda folder: folder.count("/"))
    return JournalEntry(id=f"{mark.run}-0", plan_id=mark.plan_id, time=mark.time,
                        action=ActionType.CREATE_FOLDER.value, tool="create_folder", success=True,
                        target=ordered[-1], is_dir=True, made_dirs=tuple(ordered[:-1]),
                        group=mark.group, group_title=mark.title if mark.group else None,
                        step=0 if mark.kind == "set" else None,
                        run=mark.run, workspace=mark.workspace)  # fmt: skip


def _set_row(run: _Run, ran: list[JournalEntry]) -> JournalEntry:
    """The row that stands for a set cut short in ws.history (its id is the run's)."""
    mark = run.begun
    return JournalEntry(id=mark.run, plan_id=mark.plan_id, time=mark.time,
                        action=ActionType.CHANGE_SET.value, tool="change_set", success=bool(ran),
                        group=mark.group, group_title=mark.title, run=mark.run,
                        workspace=mark.workspace,
                        error=None if ran else _("Cut short before it changed anything; "
                                                 "nothing was changed."))  # fmt: skip


def _nothing_row(mark: RunMark) -> JournalEntry:
    intent = mark.steps[0] if mark.steps else {}
    return JournalEntry(id=mark.run, plan_id=mark.plan_id, time=mark.time,
                        action=str(intent.get("action") or "change_set"),
                        tool=str(intent.get("tool") or ""), success=False,
                        source=intent.get("source"), target=intent.get("target"),
                        new_name=intent.get("new_name"), run=mark.run, workspace=mark.workspace,
                        error=_("Cut short before it changed anything; nothing was "
                                "changed."))  # fmt: skip


def _row_words(found: Interrupted) -> str:
    if not found.ran:
        return _("(cut short before it changed anything)")
    if found.kind != "set":
        return _("(cut short; found done on disk)")
    numbers = [str(step["step"]) for step in found.steps if step["state"] == "ran"]
    return ngettext("(cut short: change {numbers} of {count} ran)",
                    "(cut short: changes {numbers} of {count} ran)", len(numbers)).format(
        numbers=", ".join(numbers) or "-", count=found.count)  # fmt: skip
