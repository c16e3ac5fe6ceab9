"""A client's own plans over MCP: ``list_my_plans`` and ``withdraw_plan``.

An agent that proposes as things come up needs to see what it asked for and
take back what it no longer wants, without a person's help: its plans are the
stored ones whose proposer is ``mcp:<its name>`` (in the files' store, and the
notes' when they are served), and it may withdraw only those, only while they
wait. Withdrawing cancels the plan (its card says who withdrew it); nothing on
disk changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, get_args

from mcp_types import CallToolResult

from .. import advice
from ..errors import NotFoundError, UsageError
from ..i18n import _
from ..plans.status import PlanStoreState
from .answers import result

if TYPE_CHECKING:
    from ..plans.store import PlanStore

__all__ = ["MINE", "list_my_plans", "withdraw_plan"]

_MOST = 50
_STATES = get_args(PlanStoreState)


def list_my_plans(stores: Sequence[PlanStore], args: dict[str, Any],
                  proposer: str) -> CallToolResult:  # fmt: skip
    """This client's plans, newest first, each with its state."""
    limit, state = args.get("limit", _MOST), args.get("state")
    if not 1 <= limit <= _MOST:
        raise UsageError(_("{param} must be a whole number from 1 to {most:,}, not {asked!r}.")
                         .format(param="limit", most=_MOST, asked=limit))
    if state is not None and state not in _STATES:
        raise UsageError(_("state must be one of {states}, not {asked!r}.").format(
            states=", ".join(_STATES), asked=state))
    mine = sorted((status for store in stores for status in store.proposed_by(proposer)
                   if state is None or status.state == state),
                  key=lambda status: status.created, reverse=True)  # fmt: skip
    shown = mine[:limit]
    note = _("showing the {shown:,} newest of {total:,} plans; ask with state to see fewer").format(
        shown=len(shown), total=len(mine)) if len(mine) > limit else ""
    structured = {"plans": [status.as_dict() for status in shown], "shown": len(shown),
                  "total": len(mine), "note": note}  # fmt: skip
    lines = [f"{len(mine)} plans proposed by this client" +
             (f" in the state {state}" if state else "") + ", newest first"]
    if shown:
        lines.append("  plan_id | state | title | workspace | proposed (ISO 8601)")
    lines += [f"  {s.plan_id} | {s.state} | {s.title} | {s.workspace} | "
              f"{s.created.isoformat(timespec='seconds')}" for s in shown]
    if note:
        lines.append(f"({note})")
    return result(structured, "\n".join(lines))


def withdraw_plan(stores: Sequence[PlanStore], args: dict[str, Any],
                  proposer: str) -> CallToolResult:  # fmt: skip
    """Cancel one of this client's waiting plans; its status after."""
    plan_id = str(args["plan_id"])
    for store in stores:
        try:
            status = store.withdraw(plan_id, proposer=proposer)
        except NotFoundError:
            continue  # not a plan of this store: perhaps of the other
        said = f" {status.message}" if status.message else ""
        return result(status.as_dict(), f"Plan {status.plan_id} ({status.title}) is "
                                        f"{status.state}.{said}")  # fmt: skip
    raise NotFoundError(advice.NO_STORED_PLAN(id=plan_id))


Mine = Callable[[Sequence["PlanStore"], dict[str, Any], str], CallToolResult]
MINE: dict[str, Mine] = {"list_my_plans": list_my_plans, "withdraw_plan": withdraw_plan}
