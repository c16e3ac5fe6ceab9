"""The journal of executed plans.

Every plan that runs (done or failed) leaves one JSON line in
``<root>/.wsnb/history.jsonl``: what was done to which paths, whether it
worked, where the backup or the trashed item went, and the size and hash of a
file it created or wrote, so undo can tell later whether the file changed
since. Never file contents.

Two notebooks on the same workspace may append at the same moment, so a line
is written with one ``os.write`` on an ``O_APPEND`` descriptor while holding
an exclusive ``flock``: lines never interleave and none is lost. A half line
left by a crash is skipped (with a warning) when reading, never fatal.

``journal_entry`` is what a line keeps of an executed plan (``journal_entries``
one per step of a change set); ``wsnb.plans.undoing`` turns an entry into the
tool call that reverses it, and the plan book makes that a plan a person
confirms like any other.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
from dataclasses import asdict, dataclass, fields, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from .. import advice
from ..disk import fsops
from ..errors import UsageError, WriteError
from ..i18n import N_, _
from ..policy.access import METADATA_DIR
from ..types import ActionType, ToolResult

if TYPE_CHECKING:
    from .record import PlanRecord

try:  # POSIX only; elsewhere O_APPEND alone keeps single writes whole.
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "HISTORY_FILE",
    "Journal",
    "JournalEntry",
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

    def to_json(self) -> str:
        """One line of JSON (no newline), times in ISO 8601 with their offset."""
        data = asdict(self)
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


_FRAME_COLUMNS = [
    "id", "time", "what", "action", "source", "target", "new_name", "success", "error", "undo_of",
    "undone_by", "backup", "trashed", "plan_id", "tool", "size", "sha256", "proposed_by",
    "confirmed_by", "group", "group_title", "step", "also_undoes", "workspace",
]  # fmt: skip


class Journal:
    """The append-only record of executed plans at ``<root>/.wsnb/history.jsonl``.

    ``workspace`` (``"files"`` or ``"notes"``, the policy's ``workspace_kind``) is written
    into every line it appends, so a line says which workspace its plan belonged to.
    """

    def __init__(self, root: Path, *, workspace: str = "files") -> None:
        self.root = Path(root)
        self.path = self.root / HISTORY_FILE
        self.workspace = workspace

    def __repr__(self) -> str:
        return f"Journal({str(self.path)!r})"

    def append(self, entry: JournalEntry) -> JournalEntry:
        """Add one line, whole, even when another process appends at the same moment."""
        if entry.workspace != self.workspace:
            entry = replace(entry, workspace=self.workspace)
        line = (entry.to_json() + "\n").encode("utf-8")
        try:
            fsops.metadata_folder(self.root)
            _append_locked(self.path, line)
        except OSError as exc:
            raise WriteError(
                _("Could not add to the journal {path} ({problem}); the change itself is done. "
                  "Check that the .wsnb folder is writable.").format(
                    path=HISTORY_FILE, problem=exc.strerror or exc),
                path=HISTORY_FILE,
            ) from None
        logger.info("journal: %s %s (%s)", entry.action, "done" if entry.success else "failed",
                    entry.id)  # fmt: skip
        return entry

    def entries(self) -> list[JournalEntry]:
        """Every readable entry, oldest first; a corrupt line is skipped with a warning."""
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return []
        entries = []
        for number, line in enumerate(raw.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                entries.append(JournalEntry.from_json(line.decode("utf-8"),
                                                      workspace=self.workspace))
            except (ValueError, KeyError, TypeError):
                logger.warning("Skipped line %d of %s: it is not a whole journal entry.",
                               number, HISTORY_FILE)  # fmt: skip
        return entries

    def get(self, entry_id: str) -> JournalEntry:
        for entry in self.entries():
            if entry.id == entry_id:
                return entry
        raise UsageError(advice.NO_ENTRY(entry=entry_id))

    def undone_by(self, entries: list[JournalEntry] | None = None) -> dict[str, str]:
        """Entry id -> id of the successful entry that undid it."""
        entries = self.entries() if entries is None else entries
        return undone_map(entries)

    def frame(self) -> pd.DataFrame:
        """The journal as a DataFrame, most recent first, ``time`` as datetimes."""
        entries = self.entries()
        undone = self.undone_by(entries)
        rows = [
            {**asdict(e), "undone_by": undone.get(e.id), "what": entry_title(e)}
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


def _append_locked(path: Path, line: bytes) -> None:
    """O_APPEND + flock + one write + fsync: concurrent appends stay whole lines.

    A half line left by a crash would glue onto the next one, so a missing
    final newline is restored first (under the same lock).
    """
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags, 0o600)
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)
        size = os.fstat(fd).st_size
        if size and _last_byte(path, size) != b"\n":
            line = b"\n" + line
        written = 0
        while written < len(line):
            written += os.write(fd, line[written:])
        os.fsync(fd)
    finally:
        os.close(fd)  # closing releases the lock


def _last_byte(path: Path, size: int) -> bytes:
    with path.open("rb") as handle:
        handle.seek(size - 1)
        return handle.read(1)


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


def journal_entry(plan: PlanRecord, time: datetime) -> JournalEntry:
    """What the journal keeps of an executed plan: paths, outcome, where things went, no content."""
    result = plan.result  # not ``or``: a failed ToolResult is falsy
    if result is None:
        result = ToolResult(False, error=_("The plan has no result."))
    after = None
    if result.success and plan.target is not None:
        after = fsops.fingerprint(plan.target)
    record = plan.data.get("trash_record")
    return JournalEntry(
        id=new_entry_id(),
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
    )
