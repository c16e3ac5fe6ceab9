"""``edit_file``: exact-text edits to one text file, as a plan.

An edit is not a write of the whole file: the caller quotes the text to change
(``old_text``) and what it becomes (``new_text``), and ``wsnb.text.edits`` finds
that text once (or with whitespace forgiven) in the file as it is now. The plan
then carries the whole new text like a ``write_file`` plan does, so everything a
write keeps holds here too: the encoding (GBK stays GBK), the line endings (CRLF
stays CRLF), the backup before, the atomic replace, the stale check at confirm.
The card shows only the changed hunks. On a notebook the edits match inside its
cell sources and only those cells change (``wsnb.tools.notebookedits``).

A stored plan keeps the edits, not the new text: made again at confirm time, the
same edits apply to the file as it is then, and the fingerprint taken when it was
proposed refuses the plan if the file changed in between.
"""

from __future__ import annotations

from typing import Any

from ..disk import textio
from ..errors import EditMatchError, UnsupportedFileError, UsageError
from ..i18n import N_, _, ngettext
from ..plans.building import start_plan
from ..plans.plan import Plan
from ..text.edits import apply_edits, as_edits
from ..text.notebook import is_notebook_name
from ..types import ActionType, Risk, Rule
from .base import ToolContext
from .files import WriteFileTool, normalise_newlines
from .notebookedits import text_edits

__all__ = ["EditFileTool"]


class EditFileTool(WriteFileTool):
    """Exact-text edits to an existing text file, backed up first, written atomically.

    Journaled as a write (undo puts the backup back); only how the new text is
    made differs.
    """

    name: str = "edit_file"
    display_name: str = N_("Edit file")
    action: ActionType = ActionType.WRITE_FILE
    risk: Risk = Risk.MEDIUM

    def plan(self, ctx: ToolContext, **params: Any) -> Plan:
        plan, values = start_plan(self, ctx, _("Edit {path}").format(path=params.get("path")),
                                  params, ("path", "edits"))  # fmt: skip
        if values is None:
            return plan
        try:
            edits = as_edits(values["edits"])
        except UsageError as exc:
            return plan.refuse(exc.reason, Rule.NOT_ALLOWED)
        if isinstance(values["path"], str) and is_notebook_name(values["path"]):
            return text_edits(self, ctx, plan, values["path"], edits)  # matched in the cells
        target, old = self._current(ctx, plan, values["path"])
        if target is None or old is None:
            return plan
        try:
            old_text = textio.decode_bytes(old)[0]
        except UnsupportedFileError:
            return plan.refuse(_("{path} is not a text file wsnb can edit (binary, or an "
                                 "encoding it can't keep); edit it with its own program.").format(
                path=target), Rule.NOT_TEXT)  # fmt: skip
        try:
            outcome = apply_edits(normalise_newlines(old_text), edits)
        except EditMatchError as exc:
            plan.data["match"] = {"edit": exc.edit, "count": exc.count, "lines": list(exc.lines)}
            return plan.refuse(_("{path}: {reason}").format(path=target, reason=exc.reason),
                               Rule.NOT_ALLOWED)  # fmt: skip
        self._plan_content(plan, target, old, outcome.text)
        if plan.is_refused:
            return plan
        changed = sum(outcome.replaced)
        plan.description = " ".join([ngettext(
            "{count:,} place changed.", "{count:,} places changed.", changed).format(
            count=changed), plan.description])  # fmt: skip
        plan.warnings += [_("Edit {number} matched only once whitespace was forgiven; check "
                            "the indentation in the diff.").format(number=number)
                          for number, loose in enumerate(outcome.loose, 1) if loose]  # fmt: skip
        return plan
