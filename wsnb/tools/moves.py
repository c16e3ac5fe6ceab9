"""Write tools that copy, move and rename, never over an existing item.

Copies go through ``wsnb.textio`` (read, then an exclusive atomic write).
Moves and renames use a rename that can't replace its target: Linux's
``wsnb.fsops.rename_no_replace``.

A file whose name says it holds secrets is never moved or renamed: a new
name could hide it from the sensitive-file rule that keeps it unread.
"""

from __future__ import annotations

import errno
import os
import stat
from typing import Any

from .. import fsops, textio
from ..errors import ConflictError, WriteError
from ..names import illegal_name_reason, is_dangerous_name, is_sensitive_path
from ..planrecord import PlanRecord
from ..plans import Plan, plan_params, recheck_path
from ..policy import Decision, WsPath
from ..types import ActionType, Risk, Rule, ToolResult
from .base import ToolContext
from .files import make_parents, missing_parents, remove_made

__all__ = ["MAX_COPY_BYTES", "CopyFileTool", "MoveFileTool", "RenameTool"]

MAX_COPY_BYTES = 256 * 1024 * 1024


def _move(source: WsPath, target: WsPath) -> None:
    """``rename_no_replace`` with its errors as sentences."""
    try:
        fsops.rename_no_replace(source.absolute, target.absolute)
    except FileExistsError:
        raise ConflictError(f"{target} appeared meanwhile; wsnb never overwrites, so nothing "
                            "was moved.", path=target.relative) from None  # fmt: skip
    except OSError as exc:
        hint = (" They are on different drives; copy the file, then trash the original."
                if exc.errno == errno.EXDEV else "")  # fmt: skip
        raise WriteError(f"Could not move {source} to {target} ({exc.strerror or exc}); nothing "
                         f"was changed.{hint}", path=source.relative) from None  # fmt: skip


# ---------------------------------------------------------------------------
# Shared planning steps
# ---------------------------------------------------------------------------


def _plan_source(ctx: ToolContext, plan: Plan, path: Any, verb: str) -> WsPath | None:
    """The checked, existing source, or None after refusing the plan."""
    decision = ctx.policy.check_source(path, verb=verb)
    if not decision:
        plan.refuse_decision(decision)
        return None
    source = decision.raise_if_refused()
    if verb in {"move", "rename"} and is_sensitive_path(source.relative):
        plan.refuse(f"{source} looks like it holds secrets; wsnb doesn't {verb} such files, "
                    "since a new name could hide what they are. Do it yourself if you must.",
                    Rule.SENSITIVE)  # fmt: skip
        return None
    if verb == "rename" and source.absolute.is_dir():
        plan.require_strong("it is a folder, so every path inside it changes")
    if verb in {"move", "rename"} and is_dangerous_name(source.name):
        plan.require_strong("its suffix runs programs")
    plan.source = source
    return source


def _plan_target(ctx: ToolContext, plan: Plan, path: Any, source: WsPath) -> WsPath | None:
    """The checked new place (legal names, no dangerous suffix, free), or None after refusing."""
    decision = ctx.policy.check_create(path)
    if not decision:
        plan.refuse_decision(decision)
        return None
    target = decision.raise_if_refused()
    if target.exists() and not fsops.same_item(source.absolute, target.absolute):
        plan.refuse(f"{target} already exists; wsnb never overwrites, so choose another name "
                    "or trash the existing one first.", Rule.NOT_ALLOWED)  # fmt: skip
        return None
    if target.absolute == source.absolute:
        plan.refuse(f"{source} is already there.", Rule.NOT_ALLOWED)
        return None
    plan.target = target
    plan.parent_dirs = [p.relative for p in missing_parents(ctx, target)]
    plan.watch(source, target)
    return target


def _one_file(plan: Plan, source: WsPath, verb: str) -> bool:
    if source.absolute.is_dir():
        verbs = "copies" if verb == "copy" else f"{verb}s"
        hint = "" if verb == "copy" else " To give a folder a new name, use rename()."
        plan.refuse(f"{source} is a folder; wsnb {verbs} one file at a time, so {verb} the "
                    f"files inside it one by one.{hint}", Rule.NOT_ALLOWED)  # fmt: skip
        return False
    return True


def _recheck_both(ctx: ToolContext, plan: PlanRecord, verb: str) -> Decision:
    decision = recheck_path(lambda p: ctx.policy.check_source(p, verb=verb), plan.source)
    if not decision:
        return decision
    return recheck_path(ctx.policy.check_create, plan.target)


def _both(plan: PlanRecord) -> tuple[WsPath, WsPath]:
    if plan.source is None or plan.target is None:
        raise WriteError("The plan lost its paths; make a new plan.")
    return plan.source, plan.target


# ---------------------------------------------------------------------------
# The tools
# ---------------------------------------------------------------------------


class CopyFileTool:
    """A copy of one file at a new place in the workspace; never over an existing file."""

    name: str = "copy_file"
    display_name: str = "Copy file"
    action: ActionType = ActionType.COPY
    risk: Risk = Risk.MEDIUM

    def plan(self, ctx: ToolContext, **params: Any) -> Plan:
        plan = Plan.start(self, ctx, f"Copy {params.get('source')} to {params.get('target')}")
        values = plan_params(plan, params, ("source", "target"))
        if values is None or plan.is_refused:
            return plan
        source = _plan_source(ctx, plan, values["source"], "copy")
        if source is None or not _one_file(plan, source, "copy"):
            return plan
        size = os.lstat(source.absolute).st_size
        if size > MAX_COPY_BYTES:
            return plan.refuse(f"{source} is {size:,} bytes; wsnb copies files up to "
                               f"{MAX_COPY_BYTES:,} bytes. Use a file manager for this one.",
                               Rule.NOT_ALLOWED)  # fmt: skip
        if _plan_target(ctx, plan, values["target"], source) is not None:
            plan.description = f"A copy of {source} ({size:,} bytes); the original stays."
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
            message=f"Copied {source} to {target} ({len(data):,} bytes).",
            target=target.relative,
            files=[source.relative, target.relative],
        )


class MoveFileTool:
    """One file to another place in the workspace; never over an existing file."""

    name: str = "move_file"
    display_name: str = "Move file"
    action: ActionType = ActionType.MOVE
    risk: Risk = Risk.HIGH

    def plan(self, ctx: ToolContext, **params: Any) -> Plan:
        plan = Plan.start(self, ctx, f"Move {params.get('source')} to {params.get('target')}")
        values = plan_params(plan, params, ("source", "target"))
        if values is None or plan.is_refused:
            return plan
        source = _plan_source(ctx, plan, values["source"], "move")
        if source is None or not _one_file(plan, source, "move"):
            return plan
        if _plan_target(ctx, plan, values["target"], source) is not None:
            plan.description = f"{source} moves; nothing is left at its old place."
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
        return ToolResult(True, message=f"Moved {source} to {target}.", target=target.relative,
                          files=[source.relative, target.relative])  # fmt: skip


class RenameTool:
    """A new name for a file or folder, in the same folder; never over an existing item."""

    name: str = "rename"
    display_name: str = "Rename"
    action: ActionType = ActionType.RENAME
    risk: Risk = Risk.HIGH

    def plan(self, ctx: ToolContext, **params: Any) -> Plan:
        plan = Plan.start(self, ctx, f"Rename {params.get('path')} to {params.get('new_name')}")
        values = plan_params(plan, params, ("path", "new_name"))
        if values is None or plan.is_refused:
            return plan
        new_name = values["new_name"]
        reason = _new_name_problem(new_name)
        if reason:
            return plan.refuse(reason, Rule.ILLEGAL_NAME)
        source = _plan_source(ctx, plan, values["path"], "rename")
        if source is None:
            return plan
        if source.name == new_name:
            return plan.refuse(f"{source} is already named {new_name!r}.", Rule.NOT_ALLOWED)
        parent = source.relative.rpartition("/")[0]
        target = _plan_target(ctx, plan, f"{parent}/{new_name}" if parent else new_name, source)
        if target is not None:
            plan.new_name = new_name
            kind = "folder" if source.absolute.is_dir() else "file"
            plan.description = f"The {kind} keeps its place and content; only its name changes."
        return plan

    def recheck(self, ctx: ToolContext, plan: PlanRecord) -> Decision:
        return _recheck_both(ctx, plan, "rename")

    def execute(self, ctx: ToolContext, plan: PlanRecord) -> ToolResult:
        source, target = _both(plan)
        _move(source, target)
        return ToolResult(
            True,
            message=f"Renamed {source} to {target.name}.",
            target=target.relative,
            files=[source.relative, target.relative],
        )


def _new_name_problem(new_name: Any) -> str | None:
    if not isinstance(new_name, str):
        return "new_name must be text (a str), such as 'notes.md'."
    if "/" in new_name or "\\" in new_name:
        return (f"{new_name!r} is a path, not a name; rename keeps the item in its folder, so use "
                "move_file() to move it elsewhere.")  # fmt: skip
    return illegal_name_reason(new_name)
