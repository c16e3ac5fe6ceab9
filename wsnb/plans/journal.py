"""The journal of executed plans, and what undoing one of them means.

Every plan that runs (done or failed) leaves one JSON line in
``<root>/.wsnb/history.jsonl``: what was done to which paths, whether it
worked, where the backup or the trashed item went, and the size and hash of a
file it created or wrote, so undo can tell later whether the file changed
since. Never file contents.

Two notebooks on the same workspace may append at the same moment, so a line
is written with one ``os.write`` on an ``O_APPEND`` descriptor while holding
an exclusive ``flock``: lines never interleave and none is lost. A half line
left by a crash is skipped (with a warning) when reading, never fatal.

``journal_entry`` is what a line keeps of an executed plan; ``pick_entry``
finds the entry an undo means; ``undo_request`` turns it into the tool call
that reverses it, and the plan book makes that a plan a person confirms like
any other.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
from dataclasses import asdict, dataclass, field, fields
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from ..disk import fsops
from ..errors import PolicyError, UndoError, UsageError, WriteError
from ..i18n import N_, _
from ..policy.access import METADATA_DIR, AccessPolicy, WsPath
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
    "UndoRequest",
    "entry_title",
    "journal_entry",
    "new_entry_id",
    "pick_entry",
    "undo_request",
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
    def from_json(cls, line: str) -> JournalEntry:
        """Parse one line; raises ``ValueError`` (or ``KeyError``/``TypeError``) when it is bad."""
        data = json.loads(line)
        if not isinstance(data, dict):
            raise ValueError("a journal line must be a JSON object")
        known = {f.name for f in fields(cls)}
        values = {key: value for key, value in data.items() if key in known}
        values["time"] = datetime.fromisoformat(values["time"])
        if values.get("trash_deleted_at"):
            values["trash_deleted_at"] = datetime.fromisoformat(values["trash_deleted_at"])
        values["made_dirs"] = tuple(values.get("made_dirs") or ())
        return cls(**values)


_FRAME_COLUMNS = [
    "id", "time", "what", "action", "source", "target", "new_name", "success", "error", "undo_of",
    "undone_by", "backup", "trashed", "plan_id", "tool", "size", "sha256", "proposed_by",
    "confirmed_by",
]  # fmt: skip


class Journal:
    """The append-only record of executed plans at ``<root>/.wsnb/history.jsonl``."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.path = self.root / HISTORY_FILE

    def __repr__(self) -> str:
        return f"Journal({str(self.path)!r})"

    def append(self, entry: JournalEntry) -> JournalEntry:
        """Add one line, whole, even when another process appends at the same moment."""
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
                entries.append(JournalEntry.from_json(line.decode("utf-8")))
            except (ValueError, KeyError, TypeError):
                logger.warning("Skipped line %d of %s: it is not a whole journal entry.",
                               number, HISTORY_FILE)  # fmt: skip
        return entries

    def get(self, entry_id: str) -> JournalEntry:
        for entry in self.entries():
            if entry.id == entry_id:
                return entry
        raise UsageError(_("There is no journal entry {entry!r}; see ws.history for the "
                           "ids.").format(entry=entry_id))

    def undone_by(self, entries: list[JournalEntry] | None = None) -> dict[str, str]:
        """Entry id -> id of the successful entry that undid it."""
        entries = self.entries() if entries is None else entries
        return {e.undo_of: e.id for e in entries if e.success and e.undo_of}

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
    "open_file": N_("opened {target}"),
}  # fmt: skip


def entry_title(entry: JournalEntry) -> str:
    """The entry in plain words; an undo says what it put back, never a tool's name or an id."""
    words = _CHANGE_WORDS.get(entry.action)
    source, target = entry.source or entry.target or "", entry.target or entry.source or ""
    change = (_(words).format(source=source, target=target, name=entry.new_name or target)
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
    )


# ---------------------------------------------------------------------------
# Undo
# ---------------------------------------------------------------------------


@dataclass(slots=True)
class UndoRequest:
    """The tool call that reverses an entry, and why it must be refused, if it must."""

    tool: str
    params: dict[str, Any]
    refusal: str | None = None
    warnings: list[str] = field(default_factory=list)
    empty_folders: list[str] = field(default_factory=list)  # removed after, if still empty


def undo_request(
    entry: JournalEntry, entries: list[JournalEntry], policy: AccessPolicy
) -> UndoRequest:
    """What undoing ``entry`` takes; raises ``UndoError`` when it can't be undone at all."""
    _check_undoable(entry, entries)
    action = ActionType(entry.action)
    builder = _BUILDERS.get(action)
    if builder is None:
        raise UndoError(
            _("Entry {entry} ({action}) changed no file, so there is nothing to undo.").format(
                entry=entry.id, action=entry.action),
            entry=entry.id,
        )
    return builder(entry, policy)


def _check_undoable(entry: JournalEntry, entries: list[JournalEntry]) -> None:
    if not entry.success:
        raise UndoError(
            _("Entry {entry} ({action}) failed, so it changed nothing; there is nothing to "
              "undo.").format(entry=entry.id, action=entry.action),
            entry=entry.id,
        )
    undone = {e.undo_of: e.id for e in entries if e.success and e.undo_of}
    if entry.id in undone:
        raise UndoError(
            _("Entry {entry} was already undone by entry {undo}; undo {undo} to bring the "
              "change back.").format(entry=entry.id, undo=undone[entry.id]),
            entry=entry.id,
        )


def _resolve(policy: AccessPolicy, relative: str | None) -> WsPath | None:
    """The entry's path through the gate again; None when the gate refuses it now."""
    if relative is None:
        return None
    try:
        return policy.resolve(relative)
    except PolicyError:
        return None  # the tool's own check will refuse it with the policy's reason


def _changed_since(entry: JournalEntry, path: WsPath) -> str | None:
    """Why the file the entry made is no longer what it made, or None if it is."""
    now = fsops.fingerprint(path)
    if not now.exists:
        return _("{path} no longer exists, so there is nothing to undo.").format(path=path)
    if now.is_dir != entry.is_dir:
        gone = (_("{path} is no longer the folder it was.") if entry.is_dir
                else _("{path} is no longer the file it was."))  # fmt: skip
        return gone.format(path=path)
    if entry.is_dir:
        return None
    same = now.size == entry.size and (entry.sha256 is None or now.sha256 == entry.sha256)
    if not same:
        return _(
            "{path} changed since entry {entry} made it; wsnb won't trash a changed file. "
            "Trash it yourself with trash() if you mean to."
        ).format(path=path, entry=entry.id)
    return None


def _undo_create(entry: JournalEntry, policy: AccessPolicy) -> UndoRequest:
    request = UndoRequest("trash", {"path": entry.target}, empty_folders=list(entry.made_dirs))
    path = _resolve(policy, entry.target)
    if path is not None:
        request.refusal = _changed_since(entry, path)
        if request.refusal is None and entry.is_dir and any(path.absolute.iterdir()):
            request.refusal = _(
                "{path} is no longer empty; wsnb only undoes creating a folder while it is "
                "empty. Trash it yourself with trash() if you mean to."
            ).format(path=path)
    return request


def _undo_write(entry: JournalEntry, policy: AccessPolicy) -> UndoRequest:
    if not entry.backup:
        raise UndoError(_("Entry {entry} has no backup to restore from.").format(entry=entry.id),
                        entry=entry.id)  # fmt: skip
    request = UndoRequest("write_file", {"path": entry.target, "restore_from": entry.backup})
    path = _resolve(policy, entry.target)
    if path is not None and _changed_since(entry, path) is not None:
        request.warnings.append(_(
            "{path} changed since entry {entry} wrote it; the current version is backed up "
            "before the older one is restored."
        ).format(path=path, entry=entry.id))
    return request


def _undo_move(entry: JournalEntry, policy: AccessPolicy) -> UndoRequest:
    return UndoRequest("move_file", {"source": entry.target, "target": entry.source},
                       empty_folders=list(entry.made_dirs))  # fmt: skip


def _undo_rename(entry: JournalEntry, policy: AccessPolicy) -> UndoRequest:
    old_name = (entry.source or "").rsplit("/", 1)[-1]
    return UndoRequest("rename", {"path": entry.target, "new_name": old_name})


def _undo_trash(entry: JournalEntry, policy: AccessPolicy) -> UndoRequest:
    from ..disk.trash import (
        TrashRecord,  # the trash's record type; imported late to keep import light
    )

    if not entry.source:
        raise UndoError(_("Entry {entry} does not say what was trashed.").format(entry=entry.id),
                        entry=entry.id)  # fmt: skip
    # Where the trash can't be read (no trashed/info paths), the restore tool refuses the
    # plan with a sentence that sends the person to the system's trash window.
    original = str(policy.root.joinpath(*entry.source.split("/")))
    deleted_at = entry.trash_deleted_at or entry.time
    record = TrashRecord(original, entry.trashed, entry.trash_info, deleted_at)
    return UndoRequest("restore_from_trash", {"path": entry.source, "record": record})


def _undo_restore(entry: JournalEntry, policy: AccessPolicy) -> UndoRequest:
    return UndoRequest("trash", {"path": entry.target})


_BUILDERS = {
    ActionType.CREATE_FILE: _undo_create,
    ActionType.CREATE_FOLDER: _undo_create,
    ActionType.COPY: _undo_create,
    ActionType.WRITE_FILE: _undo_write,
    ActionType.MOVE: _undo_move,
    ActionType.RENAME: _undo_rename,
    ActionType.TRASH: _undo_trash,
    ActionType.RESTORE: _undo_restore,
}


_NOT_CHANGES = {ActionType.OPEN_FILE.value}


def pick_entry(entry: str | int | None, entries: list[JournalEntry]) -> JournalEntry:
    """The journal entry ``undo`` means: latest change, an id, or a position in history()."""
    if entry is None:
        undone = {e.undo_of for e in entries if e.success and e.undo_of}
        for candidate in reversed(entries):
            if candidate.success and candidate.id not in undone and (
                candidate.action not in _NOT_CHANGES
            ):
                return candidate
        raise UndoError(_("There is no change left to undo in this workspace's history."))
    if isinstance(entry, bool) or not isinstance(entry, str | int):
        raise UndoError(_("Give a journal entry id or a position in ws.history, not "
                          "{entry!r}.").format(entry=entry))
    if isinstance(entry, int):
        if not 0 <= entry < len(entries):
            raise UndoError(_("ws.history has {count} entries; position {entry} is not one of "
                              "them.").format(count=len(entries), entry=entry))
        return entries[len(entries) - 1 - entry]
    for candidate in entries:
        if candidate.id == entry:
            return candidate
    raise UndoError(_("There is no journal entry {entry!r}; see ws.history for the ids.").format(
        entry=entry))
