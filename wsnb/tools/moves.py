"""Write tools that copy, move and rename, never over an existing item.

Copies go through ``wsnb.disk.textio`` (read, then an exclusive atomic write).
Moves and renames use a rename that can't replace its target: Linux's
``wsnb.disk.fsops.rename_no_replace``.

A file whose name says it holds secrets is never moved or renamed: a new
name could hide it from the sensitive-file rule that keeps it unread.
"""

from __future__ import annotations

import errno
import os
import stat
from typing import Any

from .. import advice
from ..disk import fsops, textio
from ..errors import ConflictError, WriteError
from ..i18n import N_, _
from ..plans import future
from ..plans.building import recheck_path, start_plan
from ..plans.plan import Plan
from ..plans.record import PlanRecord
from ..policy.access import Decision, WsPath, sensitive_rule_of
from ..policy.names import illegal_name_reason, is_dangerous_name
from ..types import ActionType, Risk, Rule, ToolResult
from .base import ToolContext
from .files import make_parents, missing_parents, remove_empty, remove_made

__all__ = ["MAX_COPY_BYTES", "CopyFileTool", "MoveFileTool", "RenameTool"]

MAX_COPY_BYTES = 256 * 1024 * 1024


def _move(source: WsPath, target: WsPath) -> None:
    """``rename_no_replace`` with its errors as sentences."""
    try:
        fsops.rename_no_replace(source.absolute, target.absolute)
    except FileExistsError:
        raise ConflictError(_("{path} appeared meanwhile; wsnb never overwrites, so nothing was "
                              "moved.").format(path=target), path=target.relative) from None
    except OSError as exc:
        message = (_("Could not move {source} to {target} ({problem}); nothing was changed. "
                     "They are on different drives; copy the file, then trash the original.")
                   if exc.errno == errno.EXDEV else
                   _("Could not move {source} to {target} ({problem}); nothing was "
                     "changed."))  # fmt: skip
        raise WriteError(message.format(source=source, target=target,
                                        problem=exc.strerror or exc),
                         path=source.relative) from None  # fmt: skip


# ---------------------------------------------------------------------------
# Shared planning steps
# ---------------------------------------------------------------------------


def _plan_source(ctx: ToolContext, plan: Plan, path: Any, verb: str) -> WsPath | None:
    """The checked, existing source, or None after refusing the plan."""
    decision = future.check_source(ctx, path, verb=verb)
    if not decision:
        plan.refuse_decision(decision)
        return None
    source = decision.raise_if_refused()
    if verb in {"move", "rename"} and sensitive_rule_of(source) is not None:
        message = (_("{path} looks like it holds secrets; wsnb doesn't move such files, since "
                     "a new name could hide what they are. Do it yourself if you must.")
                   if verb == "move" else
                   _("{path} looks like it holds secrets; wsnb doesn't rename such files, since "
                     "a new name could hide what they are. Do it yourself if you must."))
        plan.refuse(message.format(path=source), Rule.SENSITIVE)
        return None
    if verb == "rename" and future.is_dir(ctx, source):
        plan.require_strong(_("it is a folder, so every path inside it changes"))
    if verb in {"move", "rename"} and is_dangerous_name(source.name):
        plan.require_strong(_("its suffix runs programs"))
    plan.source = source
    return source


def _into_folder(ctx: ToolContext, path: Any, source: WsPath) -> Any:
    """``move(f, "docs")`` with a folder ``docs`` means "into docs", as ``mv`` and ``cp`` do."""
    place = ctx.policy.check(path)
    if not place or not future.is_dir(ctx, place.raise_if_refused()):
        return path
    folder = place.raise_if_refused()
    return source.name if folder.is_root else f"{folder.relative}/{source.name}"


def _plan_target(ctx: ToolContext, plan: Plan, path: Any, source: WsPath) -> WsPath | None:
    """The checked new place (legal names, no dangerous suffix, free), or None after refusing."""
    decision = ctx.policy.check_create(path, head=future.head(ctx, source))
    if not decision:
        plan.refuse_decision(decision)
        return None
    target = decision.raise_if_refused()
    if future.exists(ctx, target) and not _same_item(ctx, source, target):
        plan.refuse(_("{path} already exists; wsnb never overwrites, so choose another name or "
                      "trash the existing one first.").format(path=target), Rule.NOT_ALLOWED)
        return None
    if target.absolute == source.absolute:
        plan.refuse(_("{path} is already there.").format(path=source), Rule.NOT_ALLOWED)
        return None
    problem = future.parent_problem(ctx, target)
    if problem:
        plan.refuse(problem, Rule.NOT_ALLOWED)
        return None
    plan.target = target
    plan.parent_dirs = [p.relative for p in missing_parents(ctx, target)]
    future.watch(ctx, plan, source, target)
    return target


def _same_item(ctx: ToolContext, source: WsPath, target: WsPath) -> bool:
    """One item by two names (a change of case on a case-insensitive disk): only on the disk
    as it is, never for a path an earlier change of a set makes."""
    untouched = future.seen(ctx, source) is None and future.seen(ctx, target) is None
    return untouched and fsops.same_item(source.absolute, target.absolute)


def _one_file(ctx: ToolContext, plan: Plan, source: WsPath, verb: str) -> bool:
    if future.is_dir(ctx, source):
        message = (_("{path} is a folder; wsnb copies one file at a time, so copy the files "
                     "inside it one by one.").format(path=source) if verb == "copy" else
                   advice.MOVE_A_FOLDER(path=source))  # fmt: skip
        plan.refuse(message, Rule.NOT_ALLOWED)
        return False
    return True


def _recheck_both(ctx: ToolContext, plan: PlanRecord, verb: str) -> Decision:
    decision = recheck_path(lambda p: future.check_source(ctx, p, verb=verb), plan.source)
    if not decision:
        return decision
    head = future.head(ctx, plan.source) if plan.source is not None else None
    return recheck_path(lambda p: ctx.policy.check_create(p, head=head), plan.target)


def _both(plan: PlanRecord) -> tuple[WsPath, WsPath]:
    if plan.source is None or plan.target is None:
        raise WriteError(_("The plan lost its paths; make a new plan."))
    return plan.source, plan.target


# ---------------------------------------------------------------------------
# The tools
# ---------------------------------------------------------------------------


class CopyFileTool:
    """A copy of one file at a new place in the workspace; never over an existing file."""

    name: str = "copy_file"
    display_name: str = N_("Copy file")
    action: ActionType = ActionType.COPY
    risk: Risk = Risk.MEDIUM

    def plan(self, ctx: ToolContext, **params: Any) -> Plan:
        plan, values = start_plan(self, ctx, _("Copy {source} to {target}").format(
            source=params.get("source"), target=params.get("target")), params, ("source", "target"))
        if values is None:
            return plan
        source = _plan_source(ctx, plan, values["source"], "copy")
        if source is None or not _one_file(ctx, plan, source, "copy"):
            return plan
        size = future.size(ctx, source)
        if size > MAX_COPY_BYTES:
            return plan.refuse(_("{path} is {size:,} bytes; wsnb copies files up to {most:,} "
                                 "bytes. Use a file manager for this one.").format(
                path=source, size=size, most=MAX_COPY_BYTES), Rule.NOT_ALLOWED)
        place = _into_folder(ctx, values["target"], source)
        if _plan_target(ctx, plan, place, source) is not None:
            plan.title = _("Copy {source} to {target}").format(source=source, target=plan.target)
            plan.description = _("A copy of {path} ({size:,} bytes); the original stays.").format(
                path=source, size=size)
        return plan

    def recheck(self, ctx: ToolContext, plan: PlanRecord) -> Decision:
        return _recheck_both(ctx, plan, "copy")

    def execute(self, ctx: ToolContext, plan: PlanRecord) -> ToolResult:
        source, target = _both(plan)
        data = textio.read_bytes(source)
        mode = stat.S_IMODE(os.lstat(source.absolute).st_mode)
        made = make_parents(ctx, plan)
        try:
            fsops.atomic_write(target, data, exclusive=True, mode=mode)
        except BaseException:
            remove_made(made)
            raise
        return ToolResult(
            True,
            message=_("Copied {source} to {target} ({size:,} bytes).").format(
                source=source, target=target, size=len(data)),
            target=target.relative,
            files=[source.relative, target.relative],
        )


class MoveFileTool:
    """One file to another place in the workspace; never over an existing file."""

    name: str = "move_file"
    display_name: str = N_("Move file")
    action: ActionType = ActionType.MOVE
    risk: Risk = Risk.HIGH

    def plan(self, ctx: ToolContext, **params: Any) -> Plan:
        plan, values = start_plan(self, ctx, _("Move {source} to {target}").format(
            source=params.get("source"), target=params.get("target")), params, ("source", "target"))
        if values is None:
            return plan
        source = _plan_source(ctx, plan, values["source"], "move")
        if source is None or not _one_file(ctx, plan, source, "move"):
            return plan
        place = _into_folder(ctx, values["target"], source)
        if _plan_target(ctx, plan, place, source) is not None:
            plan.title = _("Move {source} to {target}").format(source=source, target=plan.target)
            plan.description = _("{path} moves; nothing is left at its old place.").format(
                path=source)
        return plan

    def recheck(self, ctx: ToolContext, plan: PlanRecord) -> Decision:
        return _recheck_both(ctx, plan, "move")

    def execute(self, ctx: ToolContext, plan: PlanRecord) -> ToolResult:
        source, target = _both(plan)
        made = make_parents(ctx, plan)
        try:
            _move(source, target)
        except BaseException:
            remove_made(made)
            raise
        removed = remove_empty(ctx, plan.data.get("remove_if_empty") or [])  # an undone move's
        message = _("Moved {source} to {target}.").format(source=source, target=target)
        if removed:
            message = _("Moved {source} to {target} and removed the empty folders it was in: "
                        "{folders}.").format(source=source, target=target,
                                             folders=", ".join(removed))  # fmt: skip
        return ToolResult(True, message=message, target=target.relative,
                          files=[source.relative, target.relative, *removed])  # fmt: skip


class RenameTool:
    """A new name for a file or folder, in the same folder; never over an existing item."""

    name: str = "rename"
    display_name: str = N_("Rename")
    action: ActionType = ActionType.RENAME
    risk: Risk = Risk.HIGH

    def plan(self, ctx: ToolContext, **params: Any) -> Plan:
        plan, values = start_plan(self, ctx, _("Rename {path} to {new_name}").format(
            path=params.get("path"), new_name=params.get("new_name")), params, ("path", "new_name"))
        if values is None:
            return plan
        new_name = values["new_name"]
        reason = _new_name_problem(new_name)
        if reason:
            return plan.refuse(reason, Rule.ILLEGAL_NAME)
        source = _plan_source(ctx, plan, values["path"], "rename")
        if source is None:
            return plan
        if source.name == new_name:
            return plan.refuse(_("{path} is already named {name!r}.").format(
                path=source, name=new_name), Rule.NOT_ALLOWED)
        parent = source.relative.rpartition("/")[0]
        target = _plan_target(ctx, plan, f"{parent}/{new_name}" if parent else new_name, source)
        if target is not None:
            plan.new_name = new_name
            plan.description = (
                _("The folder keeps its place and content; only its name changes.")
                if future.is_dir(ctx, source) else
                _("The file keeps its place and content; only its name changes."))
        return plan

    def recheck(self, ctx: ToolContext, plan: PlanRecord) -> Decision:
        return _recheck_both(ctx, plan, "rename")

    def execute(self, ctx: ToolContext, plan: PlanRecord) -> ToolResult:
        source, target = _both(plan)
        _move(source, target)
        return ToolResult(
            True,
            message=_("Renamed {path} to {name}.").format(path=source, name=target.name),
            target=target.relative,
            files=[source.relative, target.relative],
        )


def _new_name_problem(new_name: Any) -> str | None:
    if not isinstance(new_name, str):
        return _("new_name must be text (a str), such as 'notes.md'.")
    if "/" in new_name or "\\" in new_name:
        return advice.NAME_NOT_PATH(name=new_name)
    return illegal_name_reason(new_name)
