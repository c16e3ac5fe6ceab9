"""What each tool's structured answer holds: the JSON schemas of the tool table's ``output``.

A client reads a tool's ``outputSchema`` to know what the answer's
``structuredContent`` holds, and checks the answer against it (the Python
SDK's client does on every call). The schemas are built from a few helpers
so an entry of ``wsnb.tools.table`` says its answer in one line: a table of
rows (``rows_output``), a file read (``READ_OUTPUT``), a plan (``PLAN_OUTPUT``,
every propose tool's by default). Declared fields are typed; an answer may
carry more (a table's counts come from its frame's ``attrs``), so objects stay
open to fields a later version adds.
"""

from __future__ import annotations

from typing import Any

from ..plans.status import PLAN_STATES
from ..types import PlanState

__all__ = [
    "BOOL",
    "INT",
    "NUMBER",
    "PLANS_OUTPUT",
    "PLAN_OUTPUT",
    "READ_OUTPUT",
    "STATE",
    "STATUS_OUTPUT",
    "STR",
    "array",
    "maybe",
    "obj",
    "rows_output",
]

Schema = dict[str, Any]

STR: Schema = {"type": "string"}
INT: Schema = {"type": "integer"}
NUMBER: Schema = {"type": "number"}
BOOL: Schema = {"type": "boolean"}
ANY: Schema = {}
STATE: Schema = {"type": "string", "enum": list(PLAN_STATES)}
"""A stored plan's state: the names ``Plan.state`` says too."""
_ANY_STATE: Schema = {"type": "string", "enum": [state.value for state in PlanState]}


def maybe(schema: Schema) -> Schema:
    """``schema`` or null."""
    return {"anyOf": [schema, {"type": "null"}]}


def array(items: Schema) -> Schema:
    return {"type": "array", "items": items}


def obj(properties: dict[str, Schema], required: tuple[str, ...] | None = None) -> Schema:
    """An object with these typed fields, all of them required unless ``required`` says."""
    names = tuple(properties) if required is None else required
    return {"type": "object", "properties": properties, "required": list(names)}


_PAGE: dict[str, Schema] = {
    "shown": INT, "note": STR,
    "offset": INT, "next_offset": maybe(INT), "total": maybe(INT),
}  # fmt: skip


def rows_output(row: dict[str, Schema], **more: Schema) -> Schema:
    """A table's answer: its ``rows`` (objects with these fields, more allowed), how many are
    shown, the note under a cut table, the page (``offset``, ``next_offset`` when there is
    more, the ``total`` when known) and ``more`` fields."""
    return obj({"rows": array(obj(row, required=())), **_PAGE, **more},
               required=("rows", "shown", "note"))  # fmt: skip


READ_OUTPUT = obj({
    "path": STR, "text": STR, "encoding": STR, "newline": STR, "size": INT,
    "truncated": BOOL, "limit": maybe(INT), "note": STR,
    "start_line": INT, "end_line": INT, "total_lines": maybe(INT), "lines_read": INT,
    "next_start_line": maybe(INT),
}, required=("path", "text", "encoding", "newline", "size", "truncated", "note", "start_line",
             "end_line", "total_lines", "next_start_line"))  # fmt: skip
"""A file read: its text (the lines asked, within the answer's limit) and where they lie."""

_STEP = obj({"step": INT, "title": STR, "action": STR, "path": maybe(STR), "state": STR},
            required=("step", "title", "action", "state"))  # fmt: skip

STATUS_OUTPUT = obj({
    "plan_id": STR, "state": STATE, "title": STR, "message": STR, "proposer": STR,
    "confirmed_by": maybe(STR), "created": STR, "expires": STR, "workspace": STR,
    "steps": array(_STEP),
}, required=("plan_id", "state", "title", "message", "proposer", "created", "expires",
             "workspace"))  # fmt: skip
"""Where a stored plan stands (``plan_status``, ``withdraw_plan``)."""

PLANS_OUTPUT = obj({"plans": array(STATUS_OUTPUT), "shown": INT, "total": INT, "note": STR})
"""A client's own plans (``list_my_plans``), newest first."""

_CHANGE = obj({"step": INT, "title": STR, "action": STR, "path": maybe(STR),
               "diff": STR, "preview": STR, "warnings": array(STR), "after": array(INT)},
              required=("step", "title", "action", "diff"))  # fmt: skip

PLAN_OUTPUT = obj({
    "plan_id": STR, "state": _ANY_STATE, "summary": STR, "action": STR, "risk": STR,
    "warnings": array(STR), "diff": STR, "source": maybe(STR), "target": maybe(STR),
    "strong_confirmation": BOOL, "expires": maybe(STR), "proposer": maybe(STR),
    "workspace": STR, "message": STR, "steps": array(_CHANGE), "already_waiting": BOOL,
}, required=("plan_id", "state", "summary", "action", "risk", "warnings", "diff",
             "workspace", "message"))  # fmt: skip
"""A proposal's answer: the plan's id and state, what it does, its diff (a change set's steps
numbered, each with its own diff or preview)."""
