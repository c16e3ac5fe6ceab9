"""wsnb's tools for any agent, over the Model Context Protocol.

``python -m wsnb.mcp ROOT`` (or ``wsnb-mcp ROOT``) serves one workspace over
stdio; ``--http`` over streamable HTTP on 127.0.0.1 with a bearer token. Read
tools answer at once within a model's limits; propose tools return a pending
plan that a person confirms in the notebook (``ws.inbox()``), or through the
client's elicitation with ``--confirm elicit``. ``wsnb.mcp.http.start_in_thread``
serves a workspace from inside a kernel.

This package is a face: it imports the tool table, the policy and the plan
store; nothing below it imports it. The SDK is imported only when a server is
built (it takes about a second), so the command line can start the scan first.
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Any

if importlib.util.find_spec("mcp") is None:  # an extra: say how to add it
    raise ImportError("wsnb's MCP server needs the mcp package: pip install 'wsnb[mcp]'")

if TYPE_CHECKING:
    from .server import WorkspaceServer, client_name

__all__ = ["WorkspaceServer", "client_name"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import server

        return getattr(server, name)
    raise AttributeError(f"module 'wsnb.mcp' has no attribute {name!r}")
