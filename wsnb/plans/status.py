"""What a stored plan's record says to whoever asks: its state, who asked, when it ends.

``PlanStatus`` is what an agent reads back with ``plan_status`` and what the
store's listeners hear; ``status_of`` makes one from a record (or from the
summary of it that ``PlanFiles.summaries`` keeps). ``NOT_PENDING`` says why a
plan that is no longer pending can't be decided.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, get_args

from ..i18n import N_

__all__ = ["NOT_PENDING", "PLAN_STATES", "ROW_STATES", "PlanStatus", "PlanStoreState", "agent_name",
           "states_listed", "status_of"]

PlanStoreState = Literal["pending", "done", "cancelled", "refused", "stale", "failed", "expired",
                         "interrupted"]
# Every state a stored plan's record can say: the values of ``PlanState`` a stored plan
# reaches (``Plan.state`` says the same names; tests/test_plan_states.py holds them equal).
PLAN_STATES: tuple[str, ...] = get_args(PlanStoreState)


# The states a journal row says (``ws.history``'s and the MCP ``history``'s ``state``): a
# plan's names for how a change that ran ended.
ROW_STATES: tuple[str, ...] = ("done", "failed", "interrupted")


def states_listed() -> str:
    """The states in a sentence's words: "pending, done, ... or interrupted" (English, for a
    tool's description)."""
    return ", ".join(PLAN_STATES[:-1]) + " or " + PLAN_STATES[-1]


# Why a plan that is no longer pending can't be decided, by its stored state.
NOT_PENDING = {
    "done": N_("Plan {id} was already carried out; make a new plan to change more."),
    "cancelled": N_("Plan {id} was cancelled; propose it again if the change is still wanted."),
    "refused": N_("Plan {id} was refused, so it can't be confirmed: {message}"),
    "stale": N_("Plan {id} is stale, so it can't be confirmed: {message}"),
    "failed": N_("Plan {id} failed and can't be retried: {message}"),
    "expired": N_("Plan {id} expired without a decision; propose it again if the change is "
                  "still wanted."),
    "interrupted": N_("Plan {id} was cut short while it was carried out: {message}"),
}  # fmt: skip


def agent_name(proposer: str) -> str:
    """The name a person reads for a proposer: ``"mcp:claude-code"`` -> ``"claude-code"``."""
    return proposer.split(":", 1)[1] if ":" in proposer else proposer


@dataclass(frozen=True)
class PlanStatus:
    """Where a stored plan stands: what an agent reads back with ``plan_status``."""

    plan_id: str
    state: str
    title: str
    message: str
    proposer: str
    confirmed_by: str | None
    created: datetime
    expires: datetime
    steps: tuple[dict[str, Any], ...] = ()  # a change set's changes, each with its state
    workspace: str = "files"  # the kind of workspace the plan belongs to: "files" or "notes"

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe (times in ISO 8601 with their offset)."""
        out: dict[str, Any] = {"plan_id": self.plan_id, "state": self.state, "title": self.title,
               "message": self.message, "proposer": self.proposer,
               "confirmed_by": self.confirmed_by, "created": self.created.isoformat(),
               "expires": self.expires.isoformat(), "workspace": self.workspace}  # fmt: skip
        if self.steps:
            out["steps"] = [dict(step) for step in self.steps]
        return out


def status_of(record: dict[str, Any]) -> PlanStatus:
    """The status a record (or its summary) says."""
    return PlanStatus(
        plan_id=record["id"], state=record["state"], title=record.get("title", ""),
        message=record.get("message", ""), proposer=record.get("proposer", ""),
        confirmed_by=record.get("confirmed_by"),
        created=datetime.fromisoformat(record["created"]),
        expires=datetime.fromisoformat(record["expires"]),
        steps=tuple(record.get("steps") or ()),
        # A record older than this field was kept by a files workspace's store: only those
        # kept agents' plans before the notes were served over MCP.
        workspace=record.get("workspace") or "files",
    )  # fmt: skip
