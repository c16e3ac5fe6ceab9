"""The agent's read access: the registry's read tools, called with a model's limits.

A person at the facade may see more; what goes into a model's context (and
into an agent reply) keeps the design's limits: 30 names, 50 text matches,
1,000 files scanned, 128 KiB per file, 200 folder entries. The limits are
passed explicitly on every call, so the agent never depends on a tool's
defaults.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..types import ToolResult

if TYPE_CHECKING:
    from ..workspace import Workspace

__all__ = ["AgentLimits", "run_read_tool"]


@dataclass(frozen=True)
class AgentLimits:
    """How much one tool call may return to the agent (the design's limits)."""

    names: int = 30
    matches: int = 50
    files_scanned: int = 1000
    read_bytes: int = 128 * 1024
    entries: int = 200


# The registry's parameter name for each limit, per tool.
_LIMIT_PARAMS: dict[str, dict[str, str]] = {
    "search_files": {"limit": "names"},
    "search_text": {"limit": "matches", "max_files": "files_scanned", "max_bytes": "read_bytes"},
    "read_file": {"limit": "read_bytes"},
    "list_folder": {"limit": "entries"},
}


def _accepted(tool: Any, name: str) -> bool:
    try:
        parameters = inspect.signature(tool.run).parameters
    except (TypeError, ValueError):
        return False
    return name in parameters or any(p.kind is p.VAR_KEYWORD for p in parameters.values())


def run_read_tool(
    ws: Workspace, tool_name: str, limits: AgentLimits, **params: Any
) -> ToolResult:
    """Run a read tool through the workspace's registry with the agent's limits.

    A limit is passed under the tool's parameter name when the tool takes it
    (a tool without a files-scanned or per-file byte cap gets only the match
    cap). A caller's
    own smaller value wins over the agent's limit.
    """
    tool = ws.tools.get(tool_name)
    for param, field_name in _LIMIT_PARAMS.get(tool_name, {}).items():
        if not _accepted(tool, param):
            continue
        cap = int(getattr(limits, field_name))
        given = params.get(param)
        params[param] = cap if not isinstance(given, int) or given > cap else given
    result: ToolResult = tool.run(ws.context, **params)  # type: ignore[attr-defined]
    return result
