"""The journal of executed plans, written ahead of the changes.

Every plan that runs (done or failed) leaves JSON lines in
``<root>/.wsnb/history.jsonl``: what was done to which paths, whether it
worked, where the backup or the trashed item went, and the size and hash of a
file it created or wrote, so undo can tell later whether the file changed
since. Never file contents.

The journal is written ahead (``wsnb.plans.ahead``): before a plan or a change
set changes anything, a *begun* mark (a ``RunMark``) says what is about to
happen, with everything undo needs (the backups are made first); each change
is journaled as it finishes, durably (an ``fsync`` before the next starts); a
set ends with a *finished* mark. A run begun and never finished was cut short
(a kill, a crash, a full disk): ``wsnb.plans.recovery`` finds it and tells the
person. Lines of an older wsnb (no ``run``, no marks) read as they always did.

Lines are appended whole by ``wsnb.disk.linefile.LineFile`` even when two
notebooks append at the same moment; a half line left by a crash is skipped
(with a warning) when reading, never fatal.

``journal_entry`` is what a line keeps of an executed plan (``journal_entries``
the failure line of a set); ``wsnb.plans.undoing`` turns an entry into the
tool call that reverses it, and the plan book makes that a plan a person
confirms like any other.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from .. import advice
from ..disk import fsops
from ..disk.linefile import LineFile
from ..errors import UsageError, WriteError
from ..i18n import N_, _
from ..policy.access import METADATA_DIR
from ..types import ActionType, PlanState, ToolResult

if TYPE_CHECKING:
    from .record import PlanRecord

__all__ = [
    "HISTORY_FILE",
    "Journal",
    "JournalEntry",
    "JournalLine",
    "RunMark",
    "entry_title",
    "journal_entries",
    "journal_entry",
    "new_entry_id",
    "undone_map",
]

logger = logging.getLogger("wsnb")

HISTORY_FILE = f"{METADATA_DIR}/history.jsonl"
_ERROR_LIMIT = 500


def new_entry_id() -> str:
    """A short random hex id; collisions between sessions are vanishingly rare."""
    return secrets.token_hex(5)


@dataclass(frozen=True, slots=True)
class JournalEntry:
    """One executed plan, as the journal keeps it. Paths are workspace-relative.

    ``size`` and ``sha256`` describe the file the plan created or wrote,
    right after it did; ``trashed``, ``trash_info`` and ``trash_deleted_at``
    where the trash put an item, so it can be put back. ``proposed_by`` and
    ``confirmed_by`` say who asked for the change and who said yes
    (``"notebook"``, ``"mcp:claude-code"``, ``"mcp-elicitation:vscode"``).
    ``workspace`` is the kind of workspace the plan changed (``"files"`` or ``"notes"``),
    written by the journal that keeps the line.
    """

    id: str
    plan_id: str
    time: datetime
    action: str
    tool: str
    success: bool
    source: str | None = None
    target: str | None = None
    error: str | None = None
    backup: str | None = None
    trashed: str | None = None
    trash_info: str | None = None
    trash_deleted_at: datetime | None = None
    new_name: str | None = None
    undo_of: str | None = None
    is_dir: bool = False
    size: int | None = None
    sha256: str | None = None
    made_dirs: tuple[str, ...] = ()  # the folders the change created above its target
    proposed_by: str = "notebook"
    confirmed_by: str = "notebook"
    group: str | None = None  # the change set (its plan id) this step belongs to
    group_title: str | None = None
    step: int | None = None  # the step's number in its change set (1-based)
    # Other entries this undo reversed too: a change set's new folder, removed once emptied.
    also_undoes: tuple[str, ...] = ()
    workspace: str = "files"
    run: str | None = None  # the begun mark (``RunMark.run``) this change belongs to

    def to_json(self) -> str:
        """One line of JSON (no newline), times in ISO 8601 with their offset."""
        data = asdict(self)
        if data["run"] is None:
            del data["run"]  # a line without a run reads as an older wsnb wrote it
        data["time"] = self.time.isoformat()
        if self.trash_deleted_at is not None:
            data["trash_deleted_at"] = self.trash_deleted_at.isoformat()
        if data["error"]:
            data["error"] = data["error"][:_ERROR_LIMIT]
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, line: str, *, workspace: str = "files") -> JournalEntry:
        """Parse one line; raises ``ValueError`` (or ``KeyError``/``TypeError``) when it is bad.

        A line written before the journal said its workspace belongs to ``workspace``.
        """
        data = json.loads(line)
        if not isinstance(data, dict):
            raise ValueError("a journal line must be a JSON object")
        known = {f.name for f in fields(cls)}
        values = {key: value for key, value in data.items() if key in known}
        values.setdefault("workspace", workspace)
        values["time"] = datetime.fromisoformat(values["time"])
        if values.get("trash_deleted_at"):
            values["trash_deleted_at"] = datetime.fromisoformat(values["trash_deleted_at"])
        values["made_dirs"] = tuple(values.get("made_dirs") or ())
        values["also_undoes"] = tuple(values.get("also_undoes") or ())
        return cls(**values)


@dataclass(frozen=True, slots=True)
class RunMark:
    """A run's begun or finished mark: the lines that make the journal written ahead.

    A *begun* mark is written (and on disk) before a plan or a change set changes
    anything: ``steps`` holds, per change, the entry it will journal as far as it is
    known beforehand (paths, backup, the folders it will make, the size and hash it
    will leave; ``digest`` the whole new content's sha256), ``owner`` the process
    carrying it out (``wsnb.disk.owners``). A *finished* mark ends a change set
    (``success``), or a run that a person resolved after it was cut short
    (``outcome``: ``"undone"``, ``"finished"`` or ``"kept"``). ``kind`` is ``"plan"``
    (one change: its own entry line ends it) or ``"set"``. ``group`` is the journal
    group of the set's changes; ``continues`` the run a finishing set completes.
    """

    run: str
    phase: str  # "begun" | "finished"
    time: datetime
    plan_id: str = ""
    kind: str = "plan"
    title: str = ""
    group: str | None = None
    owner: str = ""
    steps: tuple[dict[str, Any], ...] = ()
    continues: str | None = None
    success: bool | None = None
    outcome: str | None = None
    error: str | None = None
    workspace: str = "files"
    extra: dict[str, Any] = field(default_factory=dict)  # left for readers to come

    def to_json(self) -> str:
        data = {key: value for key, value in asdict(self).items()
                if value not in (None, (), "", {}) or key in ("run", "phase")}  # fmt: skip
        data["time"] = self.time.isoformat()
        if self.error:
            data["error"] = self.error[:_ERROR_LIMIT]
        data.pop("extra", None)
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_data(cls, data: dict[str, Any], *, workspace: str) -> RunMark:
        known = {f.name for f in fields(cls)}
        values = {key: value for key, value in data.items() if key in known}
        values.setdefault("workspace", workspace)
        values["time"] = datetime.fromisoformat(values["time"])
        values["steps"] = tuple(step for step in values.get("steps") or ()
                                if isinstance(step, dict))
        values["extra"] = {key: value for key, value in data.items() if key not in known}
        if values["phase"] not in ("begun", "finished") or not isinstance(values["run"], str):
            raise ValueError("a run mark is begun or finished, and names its run")
        return cls(**values)


JournalLine = JournalEntry | RunMark

_FRAME_COLUMNS = [
    "id", "time", "what", "state", "action", "source", "target", "new_name", "success", "error",
    "undo_of", "undone_by", "backup", "trashed", "plan_id", "tool", "size", "sha256",
    "proposed_by", "confirmed_by", "group", "group_title", "step", "also_undoes", "workspace",
]  # fmt: skip


class Journal:
    """The append-only record of executed plans at ``<root>/.wsnb/history.jsonl``.

    ``workspace`` (``"files"`` or ``"notes"``, the policy's ``workspace_kind``) is written
    into every line it appends, so a line says which workspace its plan belonged to.
    ``file`` is the seam below it (``LineFile``: whole lines, fsynced); a test gives one
    whose writes fail like a full disk, and a benchmark one that does not fsync.
    """

    def __init__(self, root: Path, *, workspace: str = "files",
                 file: LineFile | None = None) -> None:  # fmt: skip
        self.root = Path(root)
        self.path = self.root / HISTORY_FILE
        self.workspace = workspace
        self.file = file if file is not None else LineFile(self.path)

    def __repr__(self) -> str:
        return f"Journal({str(self.path)!r})"

    def append(self, entry: JournalEntry) -> JournalEntry:
        """Add one line, whole and on disk, even when another process appends at the same
        moment; raises ``WriteError`` (saying why) when it can't."""
        if entry.workspace != self.workspace:
            entry = replace(entry, workspace=self.workspace)
        self._write(entry.to_json())
        logger.info("journal: %s %s (%s)", entry.action, "done" if entry.success else "failed",
                    entry.id)  # fmt: skip
        return entry

    def append_mark(self, mark: RunMark) -> RunMark:
        """Add a begun or finished mark, whole and on disk; raises ``WriteError`` when it can't."""
        if mark.workspace != self.workspace:
            mark = replace(mark, workspace=self.workspace)
        self._write(mark.to_json())
        logger.info("journal: run %s %s", mark.run, mark.phase)
        return mark

    def _write(self, text: str) -> None:
        try:
            fsops.metadata_folder(self.root)
            self.file.append((text + "\n").encode("utf-8"))
        except OSError as exc:
            raise WriteError(
                _("Could not add to the journal {path} ({problem}).").format(
                    path=HISTORY_FILE, problem=exc.strerror or exc),
                path=HISTORY_FILE, errno=exc.errno,
            ) from None

    def lines(self) -> list[JournalLine]:
        """Every readable line, oldest first: entries and run marks; a corrupt line is
        skipped with a warning."""
        out: list[JournalLine] = []
        for number, line in enumerate(self.file.read().splitlines(), start=1):
            if not line.strip():
                continue
            try:
                out.append(_parse(line, self.workspace))
            except (ValueError, KeyError, TypeError):
                logger.warning("Skipped line %d of %s: it is not a whole journal entry.",
                               number, HISTORY_FILE)  # fmt: skip
        return out

    def entries(self) -> list[JournalEntry]:
        """Every readable entry (the changes, no run marks), oldest first."""
        return [line for line in self.lines() if isinstance(line, JournalEntry)]

    def get(self, entry_id: str) -> JournalEntry:
        for entry in self.entries():
            if entry.id == entry_id:
                return entry
        raise UsageError(advice.NO_ENTRY(entry=entry_id))

    def undone_by(self, entries: list[JournalEntry] | None = None) -> dict[str, str]:
        """Entry id -> id of the successful entry that undid it."""
        entries = self.entries() if entries is None else entries
        return undone_map(entries)

    def frame(self, entries: list[JournalEntry] | None = None,
              interrupted: Mapping[str, str] | None = None) -> pd.DataFrame:  # fmt: skip
        """The journal as a DataFrame, most recent first, ``time`` as datetimes.

        ``interrupted`` maps the ids of rows that stand for a run cut short to what a
        person reads of it (which changes ran); their ``state`` is ``"interrupted"``.
        """
        entries = self.entries() if entries is None else entries
        interrupted = interrupted or {}
        undone = self.undone_by(entries)
        rows = [
            {**asdict(e), "undone_by": undone.get(e.id), "state": _state(e, interrupted),
             "what": " ".join([entry_title(e), interrupted.get(e.id, "")]).strip()}
            for e in reversed(entries)
        ]
        frame = pd.DataFrame(rows, columns=_FRAME_COLUMNS).astype(
            {"success": bool, "size": "Int64"}
        )
        if entries:
            times = pd.to_datetime([e.time for e in reversed(entries)], utc=True)
            frame["time"] = times.tz_convert(entries[-1].time.tzinfo)
        else:
            frame["time"] = pd.to_datetime(frame["time"], utc=True)
        return frame


# What an entry did, in words a person reads (the journal keeps the tool's name).
_CHANGE_WORDS = {
    "create_file": N_("created {target}"), "create_folder": N_("created the folder {target}"),
    "write_file": N_("changed {target}"), "copy": N_("copied {source} to {target}"),
    "move": N_("moved {source} to {target}"), "rename": N_("renamed {source} to {name}"),
    "trash": N_("moved {source} to the trash"), "restore": N_("restored {target} from the trash"),
    "open_file": N_("opened {target}"), "change_set": N_("the change set {name}"),
}  # fmt: skip


def entry_title(entry: JournalEntry) -> str:
    """The entry in plain words; an undo says what it put back, never a tool's name or an id."""
    words = _CHANGE_WORDS.get(entry.action)
    source, target = entry.source or entry.target or "", entry.target or entry.source or ""
    name = entry.new_name or entry.group_title or target
    change = (_(words).format(source=source, target=target, name=name)
              if words else entry.action)  # fmt: skip
    if not entry.undo_of:
        return change
    if entry.action == "write_file":
        return _("Undo: put back the earlier version of {path}").format(path=target)
    return _("Undo: {change}").format(change=change)


def _state(entry: JournalEntry, interrupted: Mapping[str, str]) -> str:
    """The row's state, in the names a plan's state uses (``ROW_STATES``)."""
    if entry.id in interrupted:
        return PlanState.INTERRUPTED.value
    return (PlanState.DONE if entry.success else PlanState.FAILED).value


def _parse(line: bytes, workspace: str) -> JournalLine:
    text = line.decode("utf-8")
    data = json.loads(text)
    if isinstance(data, dict) and "phase" in data:
        return RunMark.from_data(data, workspace=workspace)
    return JournalEntry.from_json(text, workspace=workspace)


# ---------------------------------------------------------------------------
# The journal line of an executed plan
# ---------------------------------------------------------------------------


def undone_map(entries: list[JournalEntry]) -> dict[str, str]:
    """Entry id -> id of the successful entry that undid it (``undo_of`` and ``also_undoes``)."""
    undone: dict[str, str] = {}
    for e in entries:
        if e.success:
            for reversed_id in (e.undo_of, *e.also_undoes):
                if reversed_id:
                    undone[reversed_id] = e.id
    return undone


def journal_entries(plan: PlanRecord, time: datetime) -> list[JournalEntry]:
    """The lines an executed plan adds: one, or for a change set that ran, one per step done.

    Each step of a change set is journaled as the change it is, with the set's id
    (``group``) and its number (``step``), so undoing any of them undoes the set.
    A change set that failed changed nothing (its done steps were undone): one line
    says so.
    """
    steps = plan.data.get("steps")
    if not steps or plan.result is None or not plan.result.success:
        return [journal_entry(plan, time)]
    states = plan.data.get("step_states") or {}
    by = {key: plan.data.get(key) for key in ("proposed_by", "confirmed_by")}
    entries = []
    for number, step in enumerate(steps, 1):
        if states.get(number) != "done":
            continue
        step.data.update({key: value for key, value in by.items() if value})
        entry = journal_entry(step, time)
        entries.append(replace(entry, group=plan.id, group_title=plan.title, step=number))
    return entries


def journal_entry(plan: PlanRecord, time: datetime, *, entry_id: str | None = None,
                  run: str | None = None) -> JournalEntry:  # fmt: skip
    """What the journal keeps of an executed plan: paths, outcome, where things went, no content.

    ``entry_id`` is the id its begun mark gave it ahead (a new one when None), ``run``
    that mark's run.
    """
    result = plan.result  # not ``or``: a failed ToolResult is falsy
    if result is None:
        result = ToolResult(False, error=_("The plan has no result."))
    after = None
    if result.success and plan.target is not None:
        after = fsops.fingerprint(plan.target)
    record = plan.data.get("trash_record")
    return JournalEntry(
        id=entry_id or new_entry_id(),
        plan_id=plan.id,
        time=time,
        action=plan.action.value,
        tool=plan.tool_name,
        success=result.success,
        source=plan.source.relative if plan.source else None,
        target=plan.target.relative if plan.target else None,
        error=result.error or None,
        backup=plan.data.get("backup"),
        trashed=getattr(record, "trashed", None),
        trash_info=getattr(record, "info", None),
        trash_deleted_at=getattr(record, "deleted_at", None),
        new_name=plan.new_name,
        undo_of=plan.undo_of,
        is_dir=bool(after and after.is_dir),
        size=after.size if after and after.exists and not after.is_dir else None,
        sha256=after.sha256 if after else None,
        made_dirs=tuple(plan.data.get("made_dirs", ())) if result.success else (),
        proposed_by=str(plan.data.get("proposed_by") or "notebook"),
        confirmed_by=str(plan.data.get("confirmed_by") or "notebook"),
        also_undoes=tuple(plan.data.get("also_undoes") or ()),
        group=plan.id if plan.action is ActionType.CHANGE_SET else None,
        group_title=plan.title if plan.action is ActionType.CHANGE_SET else None,
        run=run,
    )
