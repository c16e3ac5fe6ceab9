"""Section edits of a Markdown file, and appends applied to the file as it is at confirm.

``edit_section`` is an edit like ``edit_file``: the new text is made when the
plan is made (``wsnb.text.sections``), the card shows its diff, and a file
changed before the plan is confirmed makes it stale.

``append_text`` is different on purpose: adding a line under a section can't
undo anyone's work, so the append is applied to the file as it is when the
plan is confirmed, not as it was when proposed. Five memories proposed in one
day and confirmed in any order all land, each once, under one section (made
once, the first time), and a file that does not exist yet is created by the
first of them. The card shows the diff against the file as it is now; nothing
is watched, so nothing goes stale. It is low risk: a backup is kept as for any
write, and undo puts it back.
"""

from __future__ import annotations

import os
from typing import Any

from ..disk import fsops, textio
from ..errors import UnsupportedFileError, UsageError, WsnbError
from ..i18n import N_, _
from ..plans.building import recheck_path, start_plan
from ..plans.plan import Plan
from ..plans.record import PlanRecord
from ..policy.access import Decision, WsPath
from ..text.sections import OPERATIONS, append_text, edit_text
from ..types import ActionType, Risk, Rule, ToolResult
from .base import ToolContext
from .files import (
    MAX_EDIT_BYTES,
    WriteFileTool,
    make_parents,
    missing_parents,
    normalise_newlines,
    remove_made,
)

__all__ = ["AppendTextTool", "SectionEditTool"]


class SectionEditTool(WriteFileTool):
    """One section operation on an existing text file (``wsnb.text.sections.OPERATIONS``)."""

    name: str = "edit_section"
    display_name: str = N_("Edit a section")
    action: ActionType = ActionType.WRITE_FILE
    risk: Risk = Risk.MEDIUM

    def plan(self, ctx: ToolContext, **params: Any) -> Plan:
        operation = params.get("operation")
        words = _(OPERATIONS[operation]) if operation in OPERATIONS else str(operation)
        plan, values = start_plan(self, ctx, _("Edit {path} ({operation})").format(
            path=params.get("path"), operation=words), params, ("path", "operation"),
            {"content": "", "section": None, "find_text": None,
             "expected_replacements": 1})  # fmt: skip
        if values is None:
            return plan
        target, old = self._current(ctx, plan, values["path"])
        if target is None or old is None:
            return plan
        try:
            old_text = normalise_newlines(textio.decode_bytes(old)[0])
            new_text = edit_text(old_text, str(values["operation"]), str(values["content"]),
                                 section=values["section"], find_text=values["find_text"],
                                 expected=int(values["expected_replacements"]))  # fmt: skip
        except UnsupportedFileError:
            return plan.refuse(_("{path} is not a text file wsnb can edit (binary, or an "
                                 "encoding it can't keep); edit it with its own program.").format(
                path=target), Rule.NOT_TEXT)  # fmt: skip
        except (UsageError, ValueError, TypeError) as exc:
            return plan.refuse(_("{path}: {reason}").format(path=target, reason=exc),
                               Rule.NOT_ALLOWED)  # fmt: skip
        self._plan_content(plan, target, old, new_text)
        return plan


class AppendTextTool(WriteFileTool):
    """Text added at the end of a file, or of one of its sections, as the file is at confirm;
    a missing file is created (``header`` first). Never stale: see the module."""

    name: str = "append_text"
    display_name: str = N_("Append")
    action: ActionType = ActionType.WRITE_FILE
    risk: Risk = Risk.LOW

    def plan(self, ctx: ToolContext, **params: Any) -> Plan:
        plan, values = start_plan(self, ctx, _("Add to {path}").format(path=params.get("path")),
                                  params, ("path", "text"), {"section": None, "header": ""})
        if values is None:
            return plan
        plan.requires_confirmation = True  # low risk, and still a person's decision
        text, section, header = values["text"], values["section"], values["header"]
        if not isinstance(text, str) or not text.strip():
            return plan.refuse(_("Say what to add: the text is empty."), Rule.NOT_ALLOWED)
        if not isinstance(header, str) or (section is not None and not isinstance(section, str)):
            return plan.refuse(_("section and header must be text."), Rule.NOT_ALLOWED)
        target = self._place(ctx, plan, values["path"])
        if target is None:
            return plan
        try:
            old, new, _fmt = _appended(target, values)
        except UnsupportedFileError as exc:
            return plan.refuse(exc.reason, Rule.NOT_TEXT)
        if len(new.encode("utf-8")) > MAX_EDIT_BYTES:
            return plan.refuse(_("{path} would grow past {most:,} bytes; wsnb only edits text "
                                 "files it can show in full. Move its older part to another "
                                 "file.").format(path=target, most=MAX_EDIT_BYTES),
                               Rule.NOT_ALLOWED)  # fmt: skip
        plan.content = text
        plan.data["append"] = {"text": text, "section": section, "header": header}
        if old is None:
            plan.preview = new
            plan.parent_dirs = [p.relative for p in missing_parents(ctx, target)]
        else:
            plan.diff = textio.unified_diff(old, new, target.relative)
        plan.description = _("Added to the file as it is when you confirm, so other additions "
                             "made meanwhile are kept; the old version is backed up first.")
        return plan

    def _place(self, ctx: ToolContext, plan: Plan, path: Any) -> WsPath | None:
        """The checked target: a file to add to, or one to create (None after refusing)."""
        where = ctx.policy.check(path)
        exists = where.path is not None and os.path.lexists(where.path.os_path)
        decision = ctx.policy.check_write_file(path) if exists else ctx.policy.check_create(path)
        if not decision:
            plan.refuse_decision(decision)
            return None
        plan.target = decision.raise_if_refused()
        return plan.target

    def recheck(self, ctx: ToolContext, plan: PlanRecord) -> Decision:
        """The policy asked again, then the addition made against the file as it is now: the
        bytes it will write (or the file it will make), which the journal records ahead."""
        exists = plan.target is not None and os.path.lexists(plan.target.os_path)
        check = ctx.policy.check_write_file if exists else ctx.policy.check_create
        decision = recheck_path(check, plan.target)
        if decision and plan.target is not None:
            try:
                _prepare(ctx, plan, plan.target)
            except WsnbError as exc:
                return Decision.refuse(Rule.NOT_TEXT, exc.reason, plan.target)
        return decision

    def execute(self, ctx: ToolContext, plan: PlanRecord) -> ToolResult:
        if not plan.data.get("prepared"):  # run without a recheck first: prepare it now
            self.recheck(ctx, plan).raise_if_refused()
        plan.data["prepared"] = False  # a second run prepares again
        if plan.action is ActionType.WRITE_FILE:
            done = super().execute(ctx, plan)
            return ToolResult(True, message=_("Added to {path}; the old version is kept in "
                                              "{backup}.").format(path=plan.target,
                                                                  backup=plan.data["backup"]),
                              target=done.target, files=done.files, data=done.data)  # fmt: skip
        target = recheck_path(ctx.policy.check_create, plan.target).raise_if_refused()
        data = textio.encode_text(plan.content or "", textio.DEFAULT_FORMAT)
        made = make_parents(ctx, plan)  # the first addition makes the file
        try:
            fsops.atomic_write(target, data, exclusive=True)
        except BaseException:
            remove_made(made)
            raise
        return ToolResult(True, message=_("Created {path} ({size:,} bytes).").format(
            path=target, size=len(data)), target=target.relative,
            files=[*plan.parent_dirs, target.relative])  # fmt: skip


def _prepare(ctx: ToolContext, plan: PlanRecord, target: WsPath) -> None:
    """The addition as a concrete change against the file now: new bytes for a write, or the
    content of the file to make (journaled as made, so undo moves it to the trash)."""
    old, new, fmt = _appended(target, plan.data["append"])
    if old is None:
        plan.action = ActionType.CREATE_FILE
        plan.content = new
        plan.parent_dirs = [p.relative for p in missing_parents(ctx, target)]
        plan.data.pop("new_bytes", None)
    else:
        plan.action = ActionType.WRITE_FILE
        plan.data["new_bytes"] = textio.encode_text(new, fmt)
    plan.data["prepared"] = True


def _appended(target: WsPath, values: dict[str, Any]) -> tuple[str | None, str,
                                                                textio.TextFormat]:  # fmt: skip
    """(the file's text now or None, its text with the addition, the format to write)."""
    if not target.exists():
        start = normalise_newlines(values.get("header") or "")
        return None, append_text(start, values["text"], values.get("section")), \
            textio.DEFAULT_FORMAT  # fmt: skip
    raw = textio.read_bytes(target, limit=MAX_EDIT_BYTES + 1)
    if len(raw) > MAX_EDIT_BYTES:
        raise UnsupportedFileError(_("{path} is larger than {limit:,} bytes; wsnb won't add to a "
                                     "file it can't show in full. Split it, or move its older "
                                     "part to another file.").format(path=target,
                                                                     limit=MAX_EDIT_BYTES),
                                   path=target.relative)  # fmt: skip
    text, fmt = textio.decode_bytes(raw)
    old = normalise_newlines(text)
    return old, append_text(old, values["text"], values.get("section")), \
        textio.stays_gbk(raw, fmt)  # fmt: skip
