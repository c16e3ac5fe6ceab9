"""Undo: what reversing a journal entry takes, and which entry ``undo()`` means.

An entry is reversed by another tool call (a write restores its backup, a new item
goes to the trash, a move goes back, a trashed item is restored); ``undo_request``
says which, and why it must be refused when it would do harm now. A change set's
steps are reversed together, last first, as one change set.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .. import advice
from ..disk import fsops
from ..errors import PolicyError, UndoError
from ..i18n import _
from ..policy.access import AccessPolicy, WsPath
from ..types import ActionType
from .journal import JournalEntry, undone_map

__all__ = ["UndoRequest", "pick_entry", "undo_request"]

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
    if entry.group is not None:
        return _undo_group(entry, entries, policy)
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
    undone = undone_map(entries)
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
        return advice.UNDO_CHANGED(path=path, entry=entry.id)
    return None


def _undo_create(entry: JournalEntry, policy: AccessPolicy) -> UndoRequest:
    request = UndoRequest("trash", {"path": entry.target}, empty_folders=list(entry.made_dirs))
    path = _resolve(policy, entry.target)
    if path is not None:
        request.refusal = _changed_since(entry, path)
        if request.refusal is None and entry.is_dir and any(path.absolute.iterdir()):
            request.refusal = advice.UNDO_NOT_EMPTY(path=path)
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


def _undo_group(entry: JournalEntry, entries: list[JournalEntry],
                policy: AccessPolicy) -> UndoRequest:  # fmt: skip
    """A change set is undone whole: its steps reversed, last first, as one change set.

    The rows that stand for the set's runs cut short (``wsnb.plans.recovery``: no step
    number) are marked undone with it.
    """
    _check_undoable(entry, entries)
    steps = [e for e in entries if e.group == entry.group and e.success and e.step is not None]
    rows = [e.id for e in entries if e.group == entry.group and e.success and e.step is None
            and e.action == ActionType.CHANGE_SET.value]  # fmt: skip
    changes: list[dict[str, Any]] = []
    undo_steps: list[dict[str, Any]] = []
    refusal, warnings = None, []
    later: set[str] = set()  # the paths the set's later changes act on (undone before)
    for step in reversed(steps):
        if step.action == ActionType.CREATE_FOLDER.value and undo_steps:
            # The folder a set made holds what its later steps made: removed (only if
            # empty, never trashed with anything in it) right after they are undone.
            _check_undoable(step, entries)
            earlier = undo_steps[-1]
            earlier["remove_if_empty"] = [*step.made_dirs, step.target,
                                          *earlier["remove_if_empty"]]  # fmt: skip
            earlier["also_undoes"].append(step.id)
            continue
        request = undo_request(replace(step, group=None), entries, policy)
        if _touched_later(step, later):
            # A later change of the set changed this path after this one did: undone first,
            # it brings the path back to what this change left (checked when its turn comes,
            # ``wsnb.plans.future``), so the disk now says nothing about this change.
            request.refusal, request.warnings = None, []
        later.update(path for path in (step.source, step.target) if path)
        changes.append({"op": request.tool, **request.params})
        undo_steps.append({"undo_of": step.id, "remove_if_empty": request.empty_folders,
                           "also_undoes": []})  # fmt: skip
        warnings += request.warnings
        if request.refusal and refusal is None:
            refusal = _("Change {number} can't be undone: {reason}").format(
                number=step.step or "?", reason=request.refusal)
    if undo_steps:
        undo_steps[0]["also_undoes"] = [*undo_steps[0]["also_undoes"], *rows]
    title = entry.group_title or _("change set")
    return UndoRequest("change_set", {"title": title, "changes": changes,
                                      "undo_steps": undo_steps},
                       refusal=refusal, warnings=warnings)  # fmt: skip


def _touched_later(step: JournalEntry, later: set[str]) -> bool:
    """Whether a later change of the set acts on ``step``'s target (or inside it, or on a
    folder holding it)."""
    target = step.target
    if target is None:
        return False
    return any(path == target or path.startswith(target + "/") or target.startswith(path + "/")
               for path in later)  # fmt: skip


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
        undone = undone_map(entries)
        for candidate in reversed(entries):
            if candidate.success and candidate.id not in undone and (
                candidate.action not in _NOT_CHANGES
            ):
                return candidate
        raise UndoError(_("There is no change left to undo in this workspace's history."))
    if isinstance(entry, bool) or not isinstance(entry, str | int):
        raise UndoError(advice.ENTRY_POSITION(entry=entry))
    if isinstance(entry, int):
        if not 0 <= entry < len(entries):
            raise UndoError(advice.HISTORY_POSITION(count=len(entries), entry=entry))
        return entries[len(entries) - 1 - entry]
    for candidate in entries:
        if candidate.id == entry:
            return candidate
    raise UndoError(advice.NO_ENTRY(entry=entry))
