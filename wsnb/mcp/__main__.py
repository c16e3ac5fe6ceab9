"""``python -m wsnb.mcp ROOT``: serve a workspace over MCP (see ``wsnb.mcp.cli``)."""

from __future__ import annotations

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
