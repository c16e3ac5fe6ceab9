"""The agent's read access: the registry's read tools, run with a model's ``ToolLimits``.

A person at the facade may see more; what goes into a model's context keeps
the design's limits (``ToolLimits.for_model()``: 30 names, 50 text matches,
1,000 files scanned, 128 KiB per file, 200 folder entries). The tools read
their bounds from the context they run in, so the agent runs them in the
workspace's context with its own limits; a caller's smaller value wins, a
larger one is lowered to the limit instead of refused.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..tools.limits import ToolLimits
from ..types import ToolResult

if TYPE_CHECKING:
    from ..workspace import Workspace

__all__ = ["AgentLimits", "run_read_tool"]

AgentLimits = ToolLimits
"""The agent's limits are a tool caller's: ``AgentLimits()`` is ``ToolLimits.for_model()``."""

# The limit behind each bound parameter, per tool.
_LIMIT_PARAMS: dict[str, dict[str, str]] = {
    "search_files": {"limit": "names"},
    "search_text": {"limit": "matches", "max_files": "files", "max_bytes": "search_bytes"},
    "read_file": {"limit": "read_bytes"},
    "list_folder": {"limit": "entries"},
}


def run_read_tool(ws: Workspace, tool_name: str, limits: ToolLimits, **params: Any) -> ToolResult:
    """Run a read tool through the workspace's registry with ``limits``."""
    tool = ws.tools.get(tool_name)
    for param, bound in _LIMIT_PARAMS.get(tool_name, {}).items():
        cap = getattr(limits, bound)
        given = params.get(param)
        if isinstance(given, int) and not isinstance(given, bool) and cap is not None:
            params[param] = min(given, cap)
    context = ws.context if ws.context.limits == limits else dataclasses.replace(
        ws.context, limits=limits)
    result: ToolResult = tool.run(context, **params)  # type: ignore[attr-defined]
    return result
