"""The ``Tool`` protocol, the context every tool runs in, and the registry.

Read tools answer at once with a ``ToolResult``. Write tools never touch the
disk when asked: they build a ``Plan`` (seen here as a ``PlanRecord``, so this
module does not import the plans floor above it), and only ``Plan.confirm()`` calls
their ``execute``, after the policy has checked everything again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..i18n import _
from ..policy.access import AccessPolicy
from ..types import ActionType, Risk, ToolResult
from .limits import ToolLimits

if TYPE_CHECKING:
    import pandas as pd

    from ..disk.launcher import Launcher
    from ..disk.trash import Trash
    from ..fileindex.index import FileIndex
    from ..plans.future import Future
    from ..plans.record import PlanRecord
    from ..policy.access import Decision

__all__ = [
    "ReadTool", "Tool", "ToolContext", "ToolLimits", "ToolRegistry", "WriteTool", "local_now",
]  # fmt: skip

logger = logging.getLogger("wsnb")


def local_now() -> datetime:
    """The current local time, timezone-aware (the default clock)."""
    return datetime.now().astimezone()


@dataclass
class ToolContext:
    """Everything a tool may use. Tests inject the clock, trash and launcher.

    ``index`` is a callable so tools get the current index, scanning lazily
    the first time one is needed. ``limits`` bound what the read tools hand
    back; the default is a model's (``ToolLimits.for_model()``), and the
    facade reads with a person's. ``for_model`` says whom the answers are
    for: a model (the default) never reads a sensitive file and gets file text
    with its secrets redacted; the facade's person reads as the file is.
    """

    policy: AccessPolicy
    index: Callable[[], FileIndex]
    trash: Trash
    launcher: Launcher
    clock: Callable[[], datetime] = local_now
    extras: dict[str, Any] = field(default_factory=dict)
    limits: ToolLimits = field(default_factory=ToolLimits.for_model)
    for_model: bool = True
    # While a change set is planned: the tree its earlier changes leave, which the write tools
    # ask instead of the disk (``wsnb.plans.future``); None for a plan on its own.
    future: Future | None = None


@runtime_checkable
class Tool(Protocol):
    """What every tool has: a stable name, a display name, an action and a risk."""

    @property
    def name(self) -> str: ...

    @property
    def display_name(self) -> str: ...

    @property
    def action(self) -> ActionType: ...

    @property
    def risk(self) -> Risk: ...


@runtime_checkable
class ReadTool(Tool, Protocol):
    def run(self, ctx: ToolContext, **params: Any) -> ToolResult:
        """Do the read and return a result; never raise for an expected failure."""
        ...


@runtime_checkable
class WriteTool(Tool, Protocol):
    def plan(self, ctx: ToolContext, **params: Any) -> PlanRecord:
        """Build a plan (possibly refused); never touch the disk."""
        ...

    def recheck(self, ctx: ToolContext, plan: PlanRecord) -> Decision:
        """Ask the policy again, at execution time, about the plan's paths."""
        ...

    def execute(self, ctx: ToolContext, plan: PlanRecord) -> ToolResult:
        """Carry out a confirmed plan; a failure leaves the original intact."""
        ...


class ToolRegistry:
    """Tools by name. Registering a taken name is refused unless ``override=True``."""

    def __init__(self) -> None:
        self._tools: dict[str, Tool] = {}

    def register(self, tool: Tool, *, override: bool = False) -> Tool:
        if not isinstance(tool, Tool):
            raise TypeError(f"{tool!r} does not have name, display_name, action and risk.")
        if tool.name in self._tools and not override:
            raise ValueError(
                f"A tool named {tool.name!r} is already registered; "
                "pass override=True to replace it."
            )
        self._tools[tool.name] = tool
        return tool

    def get(self, name: str) -> Tool:
        try:
            return self._tools[name]
        except KeyError:
            known = ", ".join(sorted(self._tools))
            raise KeyError(_("No tool named {name!r}; known tools: {known}.").format(
                name=name, known=known)) from None

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __iter__(self) -> Iterator[Tool]:
        return iter(self._tools.values())

    def __len__(self) -> int:
        return len(self._tools)

    def names(self) -> list[str]:
        return sorted(self._tools)

    def frame(self) -> pd.DataFrame:
        """The registered tools as a DataFrame: name, display name, action, risk."""
        import pandas as pd

        rows = [
            {
                "name": t.name,
                "display_name": t.display_name,
                "action": t.action.value,
                "risk": t.risk.label,
                "writes": isinstance(t, WriteTool),
            }
            for t in sorted(self._tools.values(), key=lambda t: t.name)
        ]
        return pd.DataFrame(rows, columns=["name", "display_name", "action", "risk", "writes"])
