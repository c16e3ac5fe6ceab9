"""What an MCP client gets back: structured rows for the program, a short text for the model.

The rows are the DataFrame a person would get from the same call (JSON-safe:
times as ISO strings), cut to the model's limits by the read tools themselves;
the note under a cut table comes along, and every count is the true total.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mcp_types import CallToolResult, TextContent

from ..text.redact import redact

if TYPE_CHECKING:
    import pandas as pd

    from ..plans.plan import Plan

__all__ = ["frame_answer", "plan_answer", "result", "rows"]

_TEXT_ROWS = 50  # rows repeated in the text for the model; the structured rows hold them all


def result(structured: dict[str, Any], text: str) -> CallToolResult:
    """A tool's answer: ``structured`` for programs, ``text`` for the model."""
    return CallToolResult(content=[TextContent(type="text", text=text)],
                          structured_content=structured)  # fmt: skip


def rows(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """The frame's rows as JSON-safe dicts (ISO times, plain numbers, null for missing)."""
    if frame.empty:
        return []
    loaded: list[dict[str, Any]] = json.loads(
        frame.to_json(orient="records", date_format="iso", date_unit="s", force_ascii=False))
    return loaded


# What a column holds, with its unit, for the header line a model reads above the rows.
_LABELS = {"size": "size (bytes)", "modified": "modified (local time, ISO 8601)",
           "time": "time (ISO 8601)", "line": "line (1-based)", "column": "column (1-based)",
           "is_dir": "folder?", "score": "score (higher is better)",
           "lines": "lines (start-end)", "success": "succeeded?",
           "state": "state (done, failed or interrupted)"}  # fmt: skip


def frame_answer(frame: pd.DataFrame, message: str, columns: Sequence[str]) -> CallToolResult:
    """A DataFrame answer: every row in ``rows``, the page it is (``offset``, ``next_offset``,
    ``total``), and in the text a header of labelled columns, the first rows and the note."""
    note = str(frame.attrs.get("note") or "")
    structured: dict[str, Any] = {"rows": rows(frame), "shown": len(frame), "note": note}
    for key, value in frame.attrs.items():  # the counts behind the note: searched, skipped, cut
        value = value.item() if hasattr(value, "item") else value  # a numpy scalar
        if isinstance(key, str) and key not in structured and isinstance(
                value, bool | int | float | str):
            structured[key] = value
    structured["offset"] = int(frame.attrs.get("offset") or 0)
    following = frame.attrs.get("next_offset")
    structured["next_offset"] = int(following) if following is not None else None
    total = frame.attrs.get("total")
    structured["total"] = int(total) if isinstance(total, int | float) else None
    lines = [message]
    shown = [c for c in columns if c in frame.columns]
    if structured["rows"]:
        lines.append("  " + " | ".join(_LABELS.get(c, c) for c in shown))
    for record in structured["rows"][:_TEXT_ROWS]:
        lines.append("  " + " | ".join(_cell(record.get(c), c) for c in shown))
    if len(frame) > _TEXT_ROWS:
        lines.append(f"  ... {len(frame) - _TEXT_ROWS} more rows in the structured content")
    if note:
        lines.append(f"({note})")
    if structured["next_offset"] is not None:
        lines.append(f"(next page: offset={structured['next_offset']})")
    return result(structured, "\n".join(lines))


def _cell(value: Any, column: str = "") -> str:
    if column == "size" and isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    text = "" if value is None else str(value)
    return text if len(text) <= 160 else text[:157] + "..."


def plan_answer(plan: Plan, status: dict[str, Any]) -> CallToolResult:
    """A proposed plan: its id and state, what it does, how risky, its warnings and diff; a
    change set's steps numbered, each with its own diff or preview.

    The diffs go to a model, so their secrets are redacted as a read's are.
    """
    structured = {
        "plan_id": plan.id,
        "state": status.get("state", "pending"),
        "summary": plan.title,
        "action": plan.action.value,
        "risk": plan.risk.label,
        "warnings": list(plan.warnings),
        "diff": _shown(plan),
        "source": plan.source.relative if plan.source is not None else None,
        "target": plan.target.relative if plan.target is not None else None,
        "strong_confirmation": plan.requires_strong_confirmation,
        "expires": status.get("expires"),
        "proposer": status.get("proposer"),
        "workspace": status.get("workspace", "files"),  # which store keeps it: files or notes
        "message": status.get("message") or "",
        "already_waiting": bool(status.get("already_waiting")),
    }
    steps = [_step(number, step) for number, step in enumerate(plan.steps, 1)]
    if steps:
        structured["steps"] = steps
    lines = [f"Plan {plan.id} is {structured['state']}: {plan.title} (risk {plan.risk.label})."]
    if structured["already_waiting"]:
        lines.append("This very change was proposed before and still waits: no new plan was "
                     "made.")
    if structured["state"] == "pending":
        lines.append("Nothing has changed yet. A person confirms or cancels it in the notebook; "
                     "you can't confirm it. Ask plan_status later for the outcome "
                     "(withdraw_plan takes it back).")
    elif structured["message"]:
        lines.append(structured["message"])
    lines += [f"Warning: {w}" for w in plan.warnings]
    for step in steps:
        after = step.get("after") or []
        on = (f" (planned on the files as change{'s' if len(after) > 1 else ''} "
              f"{', '.join(map(str, after))} leave{'' if len(after) > 1 else 's'} them)"
              if after else "")  # fmt: skip
        lines += ["", f"Change {step['step']} of {len(steps)}: {step['title']}{on}"]
        if step["diff"] or step["preview"]:
            lines.append(step["diff"] or step["preview"])
    if not steps and structured["diff"]:
        lines += ["", structured["diff"]]
    return result(structured, "\n".join(lines))


def _shown(plan: Plan) -> str:
    """The plan's diff (or a new file's preview), redacted."""
    body = plan.diff if plan.diff is not None else plan.preview
    return redact(body).text if body else ""


def _step(number: int, step: Plan) -> dict[str, Any]:
    path = step.target or step.source
    return {"step": number, "title": step.title, "action": step.action.value,
            "path": path.relative if path is not None else None,
            "diff": redact(step.diff).text if step.diff else "",
            "preview": redact(step.preview).text if step.preview else "",
            "warnings": list(step.warnings),
            "after": [int(number) for number in step.data.get("after") or ()]}  # fmt: skip
