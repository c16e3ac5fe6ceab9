"""Write tools for the system trash: send one item there, and bring one back.

wsnb never deletes: ``trash`` moves one item per plan to the system trash,
and a request for a permanent or a batch deletion comes back as a refused
plan saying so. A folder, a file that looks like it holds secrets, or one
whose suffix runs programs needs strong confirmation.

``restore_from_trash`` takes the ``TrashRecord`` wsnb kept when it trashed
the item (undo builds it from the journal); it checks that the record points
into a real trash folder and that the trash still holds that very item.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import Any

from ..disk.trash import TrashRecord
from ..errors import WriteError
from ..i18n import N_, _, ngettext
from ..plans import future
from ..plans.building import recheck_path, start_plan
from ..plans.plan import Plan
from ..plans.record import PlanRecord
from ..policy.access import Decision, WsPath, sensitive_rule_of
from ..policy.names import is_dangerous_name
from ..types import ActionType, Risk, Rule, ToolResult
from .base import ToolContext
from .files import make_parents, missing_parents, remove_empty, remove_made

__all__ = ["RestoreFromTrashTool", "TrashTool"]

_COUNT_LIMIT = 10_000


class TrashTool:
    """One file or folder to the system trash; never a permanent delete."""

    name: str = "trash"
    display_name: str = N_("Move to trash")
    action: ActionType = ActionType.TRASH
    risk: Risk = Risk.HIGH

    def plan(self, ctx: ToolContext, **params: Any) -> Plan:
        path = params.get("path")
        title = (_("Move {path} to the trash").format(path=path) if isinstance(path, str)
                 else _("Move the items to the trash"))  # fmt: skip
        plan, values = start_plan(self, ctx, title, params, ("path",), {"permanent": False})
        if values is None:
            return plan
        refusal = _request_problem(values)
        if refusal:
            return plan.refuse(refusal, Rule.NOT_ALLOWED)
        root = ctx.policy.check(values["path"])
        if root and root.path is not None and root.path.is_root:
            return plan.refuse(_("The workspace root can't be moved to the trash; trash the "
                                 "items inside it instead."), Rule.NOT_ALLOWED)  # fmt: skip
        decision = future.check_source(ctx, values["path"], verb="trash")
        if not decision:
            return plan.refuse_decision(decision)
        source = decision.raise_if_refused()
        problem = future.trash_problem(ctx, source)
        if problem:
            return plan.refuse(problem, Rule.NOT_ALLOWED)
        plan.source = source
        _describe(ctx, plan, source)
        future.watch(ctx, plan, source)
        return plan

    def recheck(self, ctx: ToolContext, plan: PlanRecord) -> Decision:
        return recheck_path(lambda p: future.check_source(ctx, p, verb="trash"), plan.source)

    def execute(self, ctx: ToolContext, plan: PlanRecord) -> ToolResult:
        source = recheck_path(lambda p: ctx.policy.check_source(p, verb="trash"),
                              plan.source).raise_if_refused()  # fmt: skip
        record = ctx.trash.send(source)
        plan.data["trash_record"] = record
        removed = remove_empty(ctx, plan.data.get("remove_if_empty") or [])
        message = _("Moved {path} to the trash.").format(path=source)
        if removed:
            message = _("Moved {path} to the trash and removed the empty folders it was in: "
                        "{folders}.").format(path=source, folders=", ".join(removed))
        return ToolResult(True, message=message, target=source.relative,
                          files=[source.relative, *removed], data=record)  # fmt: skip


def _request_problem(values: dict[str, Any]) -> str | None:
    if values["permanent"]:
        return _("wsnb never deletes permanently; trash(path) moves the item to the system "
                 "trash, where you can still restore it. Empty the trash yourself to free the "
                 "space.")
    path = values["path"]
    if isinstance(path, list | tuple | set | frozenset):
        return _("wsnb trashes one item per plan, so each change stays easy to check and undo; "
                 "make one plan for each of the {count} items.").format(count=len(path))
    return None


def _describe(ctx: ToolContext, plan: Plan, source: WsPath) -> None:
    """Description, warnings and whether strong confirmation is needed."""
    if future.is_dir(ctx, source):
        files, folders, size, cut = _count(_on_disk(ctx, source))
        plan.require_strong(_folder_inside(files, folders, size, cut))
        plan.description = _("The folder {path} and everything in it go to the system "
                             "trash.").format(path=source)
    else:
        plan.description = _("{path} goes to the system trash, where it can be "
                             "restored.").format(path=source)
    if sensitive_rule_of(source) is not None:
        plan.require_strong(_("it looks like it holds secrets"))
    if is_dangerous_name(source.name):
        plan.require_strong(_("its suffix runs programs"))
    if not ctx.trash.can_restore:
        plan.warnings.append(_("wsnb can't bring items back from this system's trash; restore "
                               "it from the system's trash window if you need it again."))


def _on_disk(ctx: ToolContext, source: WsPath) -> Path:
    """The folder on the disk now that holds what ``source`` will hold when its turn comes (an
    earlier change of the set may rename it there; one it makes is empty)."""
    found = future.seen(ctx, source)
    if found is not None and found.origin is not None:
        return ctx.policy.resolve(found.origin).absolute
    return source.absolute


def _folder_inside(files: int, folders: int, size: int, cut: bool) -> str:
    """Why a folder needs strong confirmation: what it holds (with + when counting stopped)."""
    more = "+" if cut else ""
    inside = _("{files}{more}, {folders}{more}").format(
        files=ngettext("{count:,} file", "{count:,} files", files).format(count=files),
        folders=ngettext("{count:,} folder", "{count:,} folders", folders).format(count=folders),
        more=more)
    return _("it is a folder with {inside} ({size:,}{more} bytes) inside").format(
        inside=inside, size=size, more=more)


def _count(folder: Path) -> tuple[int, int, int, bool]:
    """Files, folders and bytes below ``folder`` (links not followed), stopping at a limit."""
    files = folders = size = 0
    stack = [folder]
    while stack:
        try:
            entries = list(os.scandir(stack.pop()))
        except OSError:
            continue
        for entry in entries:
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if stat.S_ISDIR(info.st_mode):
                folders += 1
                stack.append(Path(entry.path))
            else:
                files += 1
                size += info.st_size
            if files + folders >= _COUNT_LIMIT:
                return files, folders, size, True
    return files, folders, size, False


# ---------------------------------------------------------------------------
# restore_from_trash
# ---------------------------------------------------------------------------


class RestoreFromTrashTool:
    """An item wsnb trashed, back at its old place; never over an existing item."""

    name: str = "restore_from_trash"
    display_name: str = N_("Restore from trash")
    action: ActionType = ActionType.RESTORE
    risk: Risk = Risk.MEDIUM

    def plan(self, ctx: ToolContext, **params: Any) -> Plan:
        plan, values = start_plan(self, ctx, _("Restore {path} from the trash").format(
            path=params.get("path")), params, ("path", "record"))
        if values is None:
            return plan
        record = values["record"]
        refusal = _record_problem(ctx, record)
        if refusal:
            return plan.refuse(refusal, Rule.NOT_ALLOWED)
        decision = _check_dest(ctx, values["path"])
        if not decision:
            return plan.refuse_decision(decision)
        dest = decision.raise_if_refused()
        refusal = _dest_problem(ctx, record, dest)
        if refusal:
            return plan.refuse(refusal, Rule.NOT_ALLOWED)
        plan.target = dest
        plan.parent_dirs = [p.relative for p in missing_parents(ctx, dest)]
        plan.data["trash_record"] = record
        plan.description = _("Moves {name} back from the system trash to {path}.").format(
            name=dest.name, path=dest)
        future.watch(ctx, plan, dest)
        return plan

    def recheck(self, ctx: ToolContext, plan: PlanRecord) -> Decision:
        return recheck_path(lambda p: _check_dest(ctx, p), plan.target)

    def execute(self, ctx: ToolContext, plan: PlanRecord) -> ToolResult:
        dest = recheck_path(lambda p: _check_dest(ctx, p), plan.target).raise_if_refused()
        record = plan.data.get("trash_record")
        if not isinstance(record, TrashRecord):
            raise WriteError(_("The plan lost its trash record; make a new plan."))
        made = make_parents(ctx, plan)
        try:
            ctx.trash.restore(record, dest)
        except BaseException:
            remove_made(made)
            raise
        return ToolResult(True, message=_("Restored {path} from the trash.").format(path=dest),
                          target=dest.relative,
                          files=[*plan.parent_dirs, dest.relative])  # fmt: skip


def _check_dest(ctx: ToolContext, path: Any) -> Decision:
    """Inside, not protected, no suffix that runs programs; a sensitive name may come back."""
    mode = ctx.policy.check_mode_allows_writes()
    if not mode:
        return mode
    decision = ctx.policy.check(path)
    dest = decision.path
    if not decision or dest is None:
        return decision
    if dest.is_root or ctx.policy.is_protected(dest):
        return Decision.refuse(Rule.PROTECTED, _("{path} is a place wsnb never writes "
                                                 "to.").format(path=dest), dest)
    if is_dangerous_name(dest.name):
        return Decision.refuse(Rule.DANGEROUS_SUFFIX, _(
            "{path} has a suffix that runs programs; wsnb never puts such files back. Restore "
            "it from the system's trash window if you need it.").format(path=dest), dest)
    return decision


def _record_problem(ctx: ToolContext, record: Any) -> str | None:
    """Why ``record`` can't be restored by wsnb, or None."""
    if not isinstance(record, TrashRecord):
        return _("restore_from_trash takes the trash record wsnb kept when it trashed the "
                 "item; use undo() on that history entry.")
    if not ctx.trash.can_restore:
        return _("Restoring from the trash is not supported on {platform}; restore it from the "
                 "system's trash window.").format(platform=sys.platform)
    name = Path(record.original).name
    if record.trashed is None or record.info is None:
        return _("wsnb does not know where the trash keeps {name}; restore it from the "
                 "system's trash window.").format(name=name)
    if not _looks_like_trash(Path(record.trashed), Path(record.info), ctx.policy.root):
        return _("The record of {name} does not point into a trash folder; wsnb won't use "
                 "it.").format(name=name)
    if not ctx.trash.contains(record):
        return _("{name} is no longer in the trash (it was emptied or restored elsewhere); "
                 "there is nothing to restore.").format(name=name)
    return None


def _looks_like_trash(trashed: Path, info: Path, root: Path) -> bool:
    """``<trash>/files/<name>`` and ``<trash>/info/<name>.trashinfo`` of a real trash folder."""
    trash = trashed.parent.parent
    return (
        trashed.is_absolute()
        and trashed.parent.name == "files"
        and info.parent == trash / "info"
        and info.name == f"{trashed.name}.trashinfo"
        and (trash.name == "Trash" or trash.name.startswith(".Trash-")
             or trash.parent.name == ".Trash")
        and not trash.is_relative_to(root)
    )  # fmt: skip


def _dest_problem(ctx: ToolContext, record: TrashRecord, dest: WsPath) -> str | None:
    if record.original != str(dest.absolute):
        return _("The trash record is for {original}, not {path}; wsnb restores an item only "
                 "to the place it came from.").format(original=record.original, path=dest)
    if future.exists(ctx, dest):
        return _("{path} already exists and wsnb never overwrites; move or rename it, then "
                 "restore again.").format(path=dest)
    return None
