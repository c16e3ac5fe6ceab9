"""Asking the client's user to confirm a plan through MCP elicitation (``--confirm elicit``).

The question carries the plan's summary and its diff (or a new file's first
lines; a change set's step by step), redacted and cut at what a dialog shows,
saying so: the person sees the change before it is made, not after.
Accept applies the plan through the store (which checks everything again),
decline cancels it, and no answer (dismissed, timed out, or a client that
can't ask) leaves it pending for the notebook. Two transports of the same
question: a handshake-era client is asked mid-call (bounded by a timeout, so
a tool never waits forever); a 2026-07-28 client gets an ``input_required``
result and answers by calling the tool again, which the sealed request state
ties to the same plan.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import anyio
from mcp_types import ElicitRequest, ElicitRequestFormParams, ElicitResult, InputRequiredResult

from ..i18n import _, using_language
from ..plans.plan import RISK_WORDS
from ..text.redact import redact

if TYPE_CHECKING:
    from mcp.server.mcpserver import Context

    from ..plans.plan import Plan

__all__ = ["Answer", "ask_now", "can_elicit", "input_required", "read_answer"]

logger = logging.getLogger("wsnb")

QUESTION = "confirm"  # the key of the one question in an input_required round
DIALOG_LINES = 60  # what a client's dialog shows of a change, at most
DIALOG_CHARS = 4_000

Outcome = Literal["accept", "decline", "none"]


@dataclass(frozen=True)
class Answer:
    outcome: Outcome
    typed_name: str | None = None


def can_elicit(ctx: Context[Any, Any]) -> bool:
    """Whether the client declared form elicitation (the spec's empty object counts as form)."""
    caps = ctx.client_capabilities
    return caps is not None and caps.elicitation is not None


def _question(plan: Plan, client: str) -> tuple[str, dict[str, Any]]:
    with using_language(plan.lang):
        message = _("{client} asks to change the workspace: {title} (risk {risk}). Apply it "
                    "now?").format(client=client, title=plan.title, risk=_(RISK_WORDS[plan.risk]))
        warnings = [_("Warning: {warning}").format(warning=w) for w in plan.warnings]
        change = _change(plan)
        props: dict[str, Any] = {"confirm": {
            "type": "boolean", "title": _("Apply this change"), "default": False}}
        required = ["confirm"]
        if plan.requires_strong_confirmation:
            props["typed_name"] = {"type": "string", "title": _("Type {name} to confirm").format(
                name=plan.item_name)}
            required.append("typed_name")
    text = "\n".join([message, *([plan.description] if plan.description else []), *warnings,
                      *(["", change] if change else [])])
    return text, {"type": "object", "properties": props, "required": required}


def _change(plan: Plan) -> str:
    """The change a person confirms, as a dialog can show it: the diff or the new file's
    first lines (a change set's, step by step), redacted, cut at ``DIALOG_LINES`` lines or
    ``DIALOG_CHARS`` characters with the cut said."""
    steps = plan.steps
    if steps:
        parts = [_("Change {number} of {count}: {title}").format(
            number=number, count=len(steps), title=step.title) + "\n" +
            (step.diff or step.preview or "") for number, step in enumerate(steps, 1)]
        body = "\n".join(parts)
    else:
        body = plan.diff or plan.preview or ""
    if not body.strip():
        return ""
    lines = redact(body).text.rstrip("\n").split("\n")
    shown: list[str] = []
    used = 0
    for line in lines[:DIALOG_LINES]:
        if used + len(line) + 1 > DIALOG_CHARS:
            break
        shown.append(line)
        used += len(line) + 1
    if len(shown) < len(lines):
        shown.append(_("… {count:,} more lines of the change are not shown here; the card in "
                       "the notebook shows it whole.").format(count=len(lines) - len(shown)))
    return "\n".join(shown)


def _answer(result: ElicitResult | None) -> Answer:
    if result is None or result.action == "cancel":
        return Answer("none")
    if result.action == "decline":
        return Answer("decline")
    content = result.content or {}
    if content.get("confirm") is not True:
        return Answer("decline")
    typed = content.get("typed_name")
    return Answer("accept", typed if isinstance(typed, str) else None)


async def ask_now(ctx: Context[Any, Any], plan: Plan, client: str, timeout: float) -> Answer:
    """Ask mid-call (handshake-era clients); no answer within ``timeout`` leaves it pending."""
    message, schema = _question(plan, client)
    try:
        with anyio.fail_after(timeout):
            result = await ctx.session.elicit_form(message, schema,
                                                   related_request_id=ctx.request_id)
    except TimeoutError:
        logger.info("mcp: no answer to the elicitation for plan %s within %.0f s", plan.id, timeout)
        return Answer("none")
    except Exception as exc:  # the client refused or can't ask: the notebook decides
        logger.info("mcp: elicitation for plan %s failed: %s", plan.id, type(exc).__name__)
        return Answer("none")
    return _answer(result)


def input_required(plan: Plan, client: str) -> InputRequiredResult:
    """The question as a 2026-07-28 ``input_required`` result, tied to the plan by its state."""
    message, schema = _question(plan, client)
    request = ElicitRequest(params=ElicitRequestFormParams(message=message,
                                                           requested_schema=schema))
    return InputRequiredResult(input_requests={QUESTION: request}, request_state=plan.id)


def read_answer(ctx: Context[Any, Any]) -> Answer:
    """The answer a 2026-07-28 client sent back with its retry."""
    responses = ctx.input_responses or {}
    got = responses.get(QUESTION)
    return _answer(got if isinstance(got, ElicitResult) else None)
