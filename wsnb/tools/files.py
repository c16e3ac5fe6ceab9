"""Write tools that make or change files: create a file, create a folder, write a file.

Each builds a ``Plan`` and touches the disk only to read (for the diff and the
fingerprints) until the plan is confirmed. Bytes go through ``wsnb.disk.textio``:
new files are created exclusively (never over an existing one), a modified
file is backed up first and replaced atomically, keeping its encoding, line
endings and permission bits.
"""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import advice
from ..disk import fsops, textio
from ..errors import ConflictError, PolicyError, UnsupportedFileError, WriteError, WsnbError
from ..i18n import N_, _
from ..plans import future
from ..plans.building import recheck_path, start_plan
from ..plans.plan import PREVIEW_LINES, Plan
from ..plans.record import PlanRecord
from ..policy.access import Decision, WsPath
from ..policy.names import CONTENT_HEAD_BYTES
from ..types import ActionType, Risk, Rule, ToolResult
from .base import ToolContext

__all__ = [
    "MAX_EDIT_BYTES",
    "CreateFileTool",
    "CreateFolderTool",
    "WriteFileTool",
    "make_parents",
    "missing_parents",
    "normalise_newlines",
    "remove_made",
]

logger = logging.getLogger("wsnb")

MAX_EDIT_BYTES = 2 * 1024 * 1024
_NEWLINE_NAMES = {"\n": "LF", "\r\n": "CRLF", "\r": "CR"}


# ---------------------------------------------------------------------------
# Helpers shared with the other write tools
# ---------------------------------------------------------------------------


def normalise_newlines(text: str) -> str:
    """CRLF and CR become LF: plans compare and diff text, the format decides the bytes."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def missing_parents(ctx: ToolContext, target: WsPath) -> list[WsPath]:
    """The folders above ``target`` that don't exist yet, outermost first."""
    parts = target.relative.split("/")[:-1]
    missing: list[WsPath] = []
    for index in range(1, len(parts) + 1):
        relative = "/".join(parts[:index])
        if missing or not future.lexists(ctx, relative):
            missing.append(ctx.policy.resolve(relative))
    return missing


def make_parents(ctx: ToolContext, plan: PlanRecord) -> list[Path]:
    """Create the plan's ``parent_dirs`` (through the gate again); returns the ones it made.

    The plan keeps them in ``data["made_dirs"]`` for the journal, so undoing the
    change can remove them again while they are empty.
    """
    made: list[Path] = []
    made_dirs: list[str] = []
    plan.data["made_dirs"] = made_dirs
    try:
        for relative in plan.parent_dirs:
            folder = ctx.policy.resolve(relative)
            try:
                folder.absolute.mkdir()
            except FileExistsError:
                if not stat.S_ISDIR(os.lstat(folder.absolute).st_mode):
                    raise ConflictError(
                        _("{path} exists but is not a folder; make a new plan.").format(
                            path=folder), path=relative,
                    ) from None
                continue
            made.append(folder.absolute)
            made_dirs.append(folder.relative)
    except BaseException:
        remove_made(made)
        plan.data["made_dirs"] = []
        raise
    return made


def remove_made(made: list[Path]) -> None:
    """Undo ``make_parents`` after a failure: remove the folders it made, if still empty."""
    for folder in reversed(made):
        try:
            folder.rmdir()
        except OSError:
            logger.warning("could not remove the new, empty folder %s", folder.name)


def remove_empty(ctx: ToolContext, folders: list[str]) -> list[str]:
    """Remove the folders an undone change made, innermost first, while they are empty.

    ``rmdir`` removes nothing but an empty folder, so no content is ever deleted;
    a folder that holds anything now stays, and so do the folders above it.
    """
    removed: list[str] = []
    for relative in reversed(folders):
        try:
            folder = ctx.policy.check_source(relative, verb="trash").raise_if_refused()
            if not stat.S_ISDIR(os.lstat(folder.absolute).st_mode):
                break
            folder.absolute.rmdir()
        except (OSError, PolicyError):
            break
        removed.append(folder.relative)
    return removed


def _conflict(target: WsPath) -> str:
    return advice.EXISTS(path=target)


def _too_big(what: str | None, size: int, most: int = MAX_EDIT_BYTES) -> str:
    """Why content of ``size`` bytes can't be edited; ``what`` is the file, None the new content."""
    if what is None:
        message = _("The new content is {size:,} bytes; wsnb only edits text files up to "
                    "{most:,} bytes, which it can show in full. Use an editor instead.")
    else:
        message = _("{path} is {size:,} bytes; wsnb only edits text files up to {most:,} bytes, "
                    "which it can show in full. Use an editor instead.")
    return message.format(path=what, size=size, most=most)


def _preview(text: str) -> str:
    lines = text.splitlines(keepends=True)
    shown = "".join(lines[:PREVIEW_LINES])
    if len(lines) > PREVIEW_LINES:
        shown += _("... {count:,} more lines").format(count=len(lines) - PREVIEW_LINES) + "\n"
    return shown


def _create_check(ctx: ToolContext, plan: PlanRecord) -> Callable[[str], Decision]:
    """``check_create`` with the new file's first bytes, which decide for a "maybe" name."""
    head = textio.encode_text(plan.content or "", textio.DEFAULT_FORMAT)[:CONTENT_HEAD_BYTES]
    return lambda path: ctx.policy.check_create(path, head=head)


def _names_a_folder(path: Any) -> bool:
    """True for ``"dir/"``: the gate drops a trailing slash, so only the typed text shows it."""
    text = os.fspath(path) if isinstance(path, (str, os.PathLike)) else ""
    return isinstance(text, str) and text.endswith(("/", os.sep))


def _plan_new_path(ctx: ToolContext, plan: Plan, path: Any,
                   head: bytes | None = None) -> WsPath | None:  # fmt: skip
    """The checked, not-yet-existing target with its missing parents listed, or None if refused."""
    decision = ctx.policy.check_create(path, head=head)
    if not decision:
        plan.refuse_decision(decision)
        return None
    target = decision.raise_if_refused()
    if future.exists(ctx, target):
        plan.refuse(_conflict(target), Rule.NOT_ALLOWED)
        return None
    problem = future.parent_problem(ctx, target)
    if problem:
        plan.refuse(problem, Rule.NOT_ALLOWED)
        return None
    plan.target = target
    plan.parent_dirs = [p.relative for p in missing_parents(ctx, target)]
    future.watch(ctx, plan, target)
    return target


# ---------------------------------------------------------------------------
# create_file
# ---------------------------------------------------------------------------


class CreateFileTool:
    """A new UTF-8 text file; never replaces an existing one."""

    name: str = "create_file"
    display_name: str = N_("Create file")
    action: ActionType = ActionType.CREATE_FILE
    risk: Risk = Risk.MEDIUM

    def plan(self, ctx: ToolContext, **params: Any) -> Plan:
        plan, values = start_plan(self, ctx, _("Create file {path}").format(
            path=params.get("path")), params, ("path",), {"content": ""})
        if values is None:
            return plan
        content = values["content"]
        if not isinstance(content, str):
            return plan.refuse(_("The content must be text (a str); wsnb creates text files "
                                 "only."), Rule.NOT_ALLOWED)  # fmt: skip
        text = normalise_newlines(content)
        try:
            data = textio.encode_text(text, textio.DEFAULT_FORMAT)
        except UnsupportedFileError as exc:
            return plan.refuse_error(exc)
        if len(data) > MAX_EDIT_BYTES:
            return plan.refuse(_too_big(None, len(data)), Rule.NOT_ALLOWED)
        if _names_a_folder(values["path"]):
            return plan.refuse(advice.SLASH_NAMES_FOLDER(
                path=repr(str(values["path"])),
                example=repr(str(values["path"]).rstrip("/" + os.sep) + "/notes.txt")),
                Rule.NOT_ALLOWED)  # fmt: skip
        target = _plan_new_path(ctx, plan, values["path"], data[:CONTENT_HEAD_BYTES])
        if target is None:
            return plan
        plan.content, plan.preview = text, _preview(text)
        plan.description = _("A new text file of {size:,} bytes (UTF-8, LF line "
                             "endings).").format(size=len(data))
        if not text:
            plan.warnings.append(_("The new file will be empty."))
        return plan

    def recheck(self, ctx: ToolContext, plan: PlanRecord) -> Decision:
        return recheck_path(_create_check(ctx, plan), plan.target)

    def execute(self, ctx: ToolContext, plan: PlanRecord) -> ToolResult:
        target = recheck_path(_create_check(ctx, plan), plan.target).raise_if_refused()
        data = textio.encode_text(plan.content or "", textio.DEFAULT_FORMAT)
        made = make_parents(ctx, plan)
        try:
            fsops.atomic_write(target, data, exclusive=True)
        except BaseException:
            remove_made(made)
            raise
        return ToolResult(
            True,
            message=_("Created {path} ({size:,} bytes).").format(path=target, size=len(data)),
            target=target.relative,
            files=[*plan.parent_dirs, target.relative],
        )


# ---------------------------------------------------------------------------
# create_folder
# ---------------------------------------------------------------------------


class CreateFolderTool:
    """A new, empty folder (and the folders above it that are missing)."""

    name: str = "create_folder"
    display_name: str = N_("Create folder")
    action: ActionType = ActionType.CREATE_FOLDER
    risk: Risk = Risk.MEDIUM

    def plan(self, ctx: ToolContext, **params: Any) -> Plan:
        plan, values = start_plan(self, ctx, _("Create folder {path}").format(
            path=params.get("path")), params, ("path",))
        if values is None:
            return plan
        if _plan_new_path(ctx, plan, values["path"]) is not None:
            plan.description = _("A new, empty folder.")
        return plan

    def recheck(self, ctx: ToolContext, plan: PlanRecord) -> Decision:
        return recheck_path(ctx.policy.check_create, plan.target)

    def execute(self, ctx: ToolContext, plan: PlanRecord) -> ToolResult:
        target = recheck_path(ctx.policy.check_create, plan.target).raise_if_refused()
        made = make_parents(ctx, plan)
        try:
            target.absolute.mkdir()
        except FileExistsError:
            remove_made(made)
            raise ConflictError(_conflict(target), path=target.relative) from None
        except BaseException:
            remove_made(made)
            raise
        return ToolResult(True, message=_("Created the folder {path}.").format(path=target),
                          target=target.relative,
                          files=[*plan.parent_dirs, target.relative])  # fmt: skip


# ---------------------------------------------------------------------------
# write_file
# ---------------------------------------------------------------------------


class WriteFileTool:
    """New content for an existing text file, backed up first, written atomically.

    ``restore_from`` (a backup under ``.wsnb/backups/``) writes that backup's
    exact bytes instead of ``content``: that is how undo restores a file.
    """

    name: str = "write_file"
    display_name: str = N_("Write file")
    action: ActionType = ActionType.WRITE_FILE
    risk: Risk = Risk.HIGH

    def plan(self, ctx: ToolContext, **params: Any) -> Plan:
        plan, values = start_plan(self, ctx, _("Write {path}").format(path=params.get("path")),
                                  params, ("path",), {"content": None, "restore_from": None})
        if values is None:
            return plan
        content, restore_from = values["content"], values["restore_from"]
        if content is None and restore_from is None:
            return plan.refuse(_("write_file needs the new content as text (a str); to empty "
                                 "the file, pass content=''."), Rule.NOT_ALLOWED)  # fmt: skip
        if content is not None and restore_from is not None:
            return plan.refuse(_("write_file takes either content or restore_from (a backup), "
                                 "not both."), Rule.NOT_ALLOWED)  # fmt: skip
        target, old = self._current(ctx, plan, values["path"])
        if target is None or old is None:
            return plan
        if restore_from is None:
            self._plan_content(plan, target, old, content)
        else:
            self._plan_restore(ctx, plan, target, old, restore_from)
        return plan

    def _current(
        self, ctx: ToolContext, plan: Plan, path: Any, *, most: int = MAX_EDIT_BYTES
    ) -> tuple[WsPath | None, bytes | None]:
        """The checked target and its bytes now (at most ``most``); (None, None) after
        refusing. A notebook is changed by cells, so its bound is its own. In a change set,
        the file as the set's earlier changes leave it (``wsnb.plans.future``)."""
        decision = future.check_write_file(ctx, path)
        if not decision:
            plan.refuse_decision(decision)
            return None, None
        target = decision.raise_if_refused()
        try:
            size = future.size(ctx, target)
        except OSError as exc:
            plan.refuse(_("{path} could not be checked ({problem}); try again.").format(
                path=target, problem=exc.strerror), Rule.NOT_ALLOWED)
            return None, None
        if size > most:
            plan.refuse(_too_big(str(target), size, most), Rule.NOT_ALLOWED)
            return None, None
        try:
            old = future.read_bytes(ctx, target)
        except WsnbError as exc:
            plan.refuse_error(exc)
            return None, None
        plan.target = target
        if future.seen(ctx, target) is not None:  # made or moved by an earlier change
            plan.data["old_bytes"] = old  # backed up before the set begins
        future.watch(ctx, plan, target)
        return target, old

    def _plan_content(self, plan: Plan, target: WsPath, old: bytes, content: Any) -> None:
        if not isinstance(content, str):
            plan.refuse(_("The content must be text (a str)."), Rule.NOT_ALLOWED)
            return
        try:
            old_text, fmt = textio.decode_bytes(old)
        except UnsupportedFileError:
            plan.refuse(_("{path} is not a text file wsnb can edit (binary, or an encoding it "
                          "can't keep); edit it with its own program.").format(path=target),
                        Rule.NOT_TEXT)  # fmt: skip
            return
        new_text = normalise_newlines(content)
        fmt = textio.stays_gbk(old, fmt)  # a GBK file stays readable by GBK-only tools
        try:
            new = textio.encode_text(new_text, fmt)
        except UnsupportedFileError as exc:
            plan.refuse(_("{path} can't hold the new content as it is stored: {reason}").format(
                path=target, reason=exc.reason), Rule.NOT_TEXT)
            return
        if len(new) > MAX_EDIT_BYTES:
            plan.refuse(_too_big(None, len(new)), Rule.NOT_ALLOWED)
            return
        plan.content = new_text
        plan.diff = textio.unified_diff(normalise_newlines(old_text), new_text, target.relative)
        plan.data["new_bytes"] = new
        plan.description = _format_note(fmt)
        plan.warnings += _content_warnings(old, new, old_text, new_text, fmt)

    def _plan_restore(
        self, ctx: ToolContext, plan: Plan, target: WsPath, old: bytes, restore_from: Any
    ) -> None:
        decision = ctx.policy.check(restore_from)
        backup = decision.path
        if not decision or backup is None or not backup.relative.startswith(
            fsops.BACKUP_DIR + "/"
        ):
            plan.refuse(_("restore_from must be a backup inside {folder}/; see ws.history for "
                          "the backups wsnb made.").format(folder=fsops.BACKUP_DIR),
                        Rule.NOT_ALLOWED)  # fmt: skip
            return
        try:
            new = textio.read_bytes(backup)
        except WsnbError as exc:
            plan.refuse_error(exc)
            return
        plan.data.update(new_bytes=new, restore_from=backup.relative)
        plan.watch(backup)
        plan.description = _("Puts back the exact bytes of {backup}; the current version is "
                             "backed up first.").format(backup=backup)
        try:
            old_text, new_text = textio.decode_bytes(old)[0], textio.decode_bytes(new)[0]
        except UnsupportedFileError:
            plan.warnings.append(_("One of the versions is not text, so no diff is shown."))
            return
        plan.diff = textio.unified_diff(normalise_newlines(old_text),
                                        normalise_newlines(new_text), target.relative)  # fmt: skip
        if new == old:
            plan.warnings.append(_("No change: the backup is the same as the file."))

    def recheck(self, ctx: ToolContext, plan: PlanRecord) -> Decision:
        decision = recheck_path(lambda path: future.check_write_file(ctx, path), plan.target)
        restore = plan.data.get("restore_from")
        if decision and restore is not None:
            return ctx.policy.check(restore)
        return decision

    def execute(self, ctx: ToolContext, plan: PlanRecord) -> ToolResult:
        target = recheck_path(ctx.policy.check_write_file, plan.target).raise_if_refused()
        new: bytes = plan.data["new_bytes"]
        backup_relative = plan.data.get("backup")  # made first, when the journal is written ahead
        if backup_relative is None:
            backup = fsops.backup_file(target, ctx.policy.root, ctx.clock())
            backup_relative = backup.relative_to(ctx.policy.root).as_posix()
            plan.data["backup"] = backup_relative
        elif plan.data.get("backed_up") not in (None, fsops.fingerprint(target)):
            raise WriteError(_("{path} changed after it was backed up, while the plan ran; it "
                               "was left as it is now. Make a new plan.").format(path=target),
                             path=target.relative)  # fmt: skip
        fsops.atomic_write(target, new)
        message = _("Wrote {path} ({size:,} bytes); the old version is kept in {backup}.").format(
            path=target, size=len(new), backup=backup_relative)
        return ToolResult(True, message=message, target=target.relative,
                          files=[target.relative], data={"backup": backup_relative})  # fmt: skip


def _format_note(fmt: textio.TextFormat) -> str:
    endings = _NEWLINE_NAMES.get(fmt.newline, repr(fmt.newline))
    message = (_("Kept as {encoding} with a byte-order mark, {endings} line endings; the old "
                 "version is backed up first.") if fmt.bom else
               _("Kept as {encoding}, {endings} line endings; the old version is backed up "
                 "first."))  # fmt: skip
    return message.format(encoding=fmt.encoding.upper(), endings=endings)


def _content_warnings(
    old: bytes, new: bytes, old_text: str, new_text: str, fmt: textio.TextFormat
) -> list[str]:
    warnings = []
    if new == old:
        warnings.append(_("No change: the new content is the same as the file's."))
    elif not new_text.strip():
        warnings.append(_("The new content is empty: the file will be emptied (a backup is "
                          "kept)."))
    kinds = sum(1 for n in (old_text.count("\r\n"), old_text.count("\n") - old_text.count("\r\n"),
                            old_text.count("\r") - old_text.count("\r\n")) if n)  # fmt: skip
    if kinds > 1:
        endings = _NEWLINE_NAMES.get(fmt.newline, repr(fmt.newline))
        warnings.append(_("The file mixes line endings; every line will end with "
                          "{endings}.").format(endings=endings))
    return warnings
