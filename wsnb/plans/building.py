"""What the write tools share to build a plan: the opening of every ``plan()``, their
parameters checked, a path checked again."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..policy.access import Decision, WsPath
from ..types import Rule
from .plan import Plan

if TYPE_CHECKING:
    from ..tools.base import Tool, ToolContext

__all__ = ["plan_params", "recheck_path", "start_plan"]


def start_plan(
    tool: Tool,
    ctx: ToolContext,
    title: str,
    params: dict[str, Any],
    required: tuple[str, ...],
    optional: dict[str, Any] | None = None,
    *,
    writes: bool = True,
) -> tuple[Plan, dict[str, Any] | None]:
    """The opening every tool's ``plan()`` shares: the plan, and its parameters with their
    defaults, or ``None`` for them when the plan is already refused (a read-only mode for a
    tool that ``writes``, an unknown or missing parameter); the tool then returns the plan.
    """
    plan = Plan.start(tool, ctx, title, writes=writes)
    values = plan_params(plan, params, required, optional)
    if values is None or plan.is_refused:
        return plan, None
    return plan, values


def plan_params(
    plan: Plan,
    params: dict[str, Any],
    required: tuple[str, ...],
    optional: dict[str, Any] | None = None,
) -> dict[str, Any] | None:
    """The tool's parameters with defaults filled in, or None after refusing the plan.

    Tools are called with whatever a person or a model passed, so an unknown or
    missing parameter is a refused plan with a sentence, not a ``TypeError``.
    """
    optional = optional or {}
    known = (*required, *optional)
    unknown = [repr(key) for key in params if key not in known]
    missing = [key for key in required if key not in params]
    if unknown or missing:
        message = (_("{tool} does not take {unknown}; it takes {known}.") if unknown
                   else _("{tool} needs {missing}; it takes {known}."))  # fmt: skip
        plan.refuse(message.format(tool=plan.tool_name, unknown=", ".join(unknown),
                                   missing=", ".join(missing), known=", ".join(known)),
                    Rule.NOT_ALLOWED)  # fmt: skip
        return None
    return {**optional, **params}


def recheck_path(check: Callable[[str], Decision], path: WsPath | None) -> Decision:
    """Run a policy check again on a plan's path, and make sure it still means the same place."""
    if path is None:
        return Decision.refuse(Rule.NOT_ALLOWED,
                               _("The plan has no path to check; make a new plan."))
    decision = check(path.relative)
    if decision and decision.path is not None and decision.path.absolute != path.absolute:
        return Decision.refuse(
            Rule.INVALID_PATH,
            _("{path} now leads somewhere else; make a new plan.").format(path=path), path
        )
    return decision
