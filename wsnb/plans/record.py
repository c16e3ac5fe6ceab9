"""What the journal and the tool protocol know of a plan: a record, not the plan itself.

``wsnb.plans.plan.Plan`` is the one implementation. The journal (``wsnb.plans.journal``)
and the tool protocol (``wsnb.tools.base``) sit below the plans floor, so they
depend on this small protocol instead of importing ``Plan`` back from above.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..policy.access import WsPath
from ..types import ActionType, Risk, ToolResult

__all__ = ["PlanRecord"]


class PlanRecord(Protocol):
    """The fields of a plan that tools fill in and the journal reads."""

    id: str
    action: ActionType
    risk: Risk
    title: str
    source: WsPath | None
    target: WsPath | None
    content: str | None
    new_name: str | None
    warnings: list[str]
    result: ToolResult | None
    data: dict[str, Any]
    parent_dirs: list[str]
    undo_of: str | None
    tool_name: str
