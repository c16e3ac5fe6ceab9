"""The command line: ``wsnb-mcp ROOT [--notes NOTES] [--http [--port N]] [--read-only] ...``.

``--notes NOTES`` serves a notes workspace (``wsnb.notes``) beside the files, under
its own policy (``wsnb.mcp.notes``); a ROOT that is itself a notes workspace is
served as one without the flag.

Over stdio, stdout carries the protocol and nothing else: every word for a
person goes to stderr. The client's first message is answered at once, before
the SDK and the workspace are loaded (``wsnb.mcp.front``), which then happens
on a thread; a folder that can't be served is said on stderr with exit code 2.
Over HTTP the token comes from ``WSNB_MCP_TOKEN`` or is made at random, and is
printed once to stderr, never logged.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from ..errors import WsnbError
from ..i18n import _
from .warm import Warmup

if TYPE_CHECKING:
    from ..notes import Notes
    from ..workspace import Workspace

__all__ = ["main", "parser"]

TOKEN_VARIABLE = "WSNB_MCP_TOKEN"
# wsnb.mcp.server.CONFIRM_MODES, said again: that module loads the SDK, after the scan starts.
CONFIRM_MODES = ("notebook", "elicit")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="wsnb-mcp",
        description=_("Serve a folder's wsnb tools to any agent over the Model Context Protocol: "
                      "reads answer at once, changes wait as plans a person confirms."))
    p.add_argument("root", help=_("the workspace folder"))
    p.add_argument("--http", action="store_true",
                   help=_("serve streamable HTTP on 127.0.0.1 instead of stdio"))
    p.add_argument("--host", default="127.0.0.1", help=_("127.0.0.1 (default), localhost or ::1"))
    p.add_argument("--port", type=int, default=8765, help=_("the HTTP port (default 8765)"))
    p.add_argument("--notes", metavar="NOTES",
                   help=_("also serve this notes workspace (the assistant's memory) beside "
                          "the files"))
    p.add_argument("--read-only", action="store_true", help=_("serve only the read tools"))
    p.add_argument("--confirm", choices=CONFIRM_MODES, default="notebook",
                   help=_("where a person confirms plans: the notebook (default), or also the "
                          "client through MCP elicitation"))
    p.add_argument("--elicit-timeout", type=float, default=120.0,
                   help=_("seconds to wait for an elicitation answer before leaving the plan "
                          "pending (default 120)"))
    p.add_argument("-v", "--verbose", action="store_true", help=_("log what the server does"))
    return p


def main(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> int:
    args = parser().parse_args(argv)
    env = os.environ if environ is None else environ
    logging.basicConfig(stream=sys.stderr, level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(name)s: %(message)s")  # fmt: skip
    if not args.http:
        return _stdio(args)
    try:
        ws, notes = _opened(args)
    except WsnbError as exc:
        print(f"wsnb-mcp: {exc}", file=sys.stderr)
        return 2
    warmup = Warmup(ws)  # scans while the SDK imports
    try:
        return _http(ws, args, env, warmup, notes)
    except WsnbError as exc:
        print(f"wsnb-mcp: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    finally:
        ws.close()
        if notes is not None:
            notes.close()


def _opened(args: argparse.Namespace) -> tuple[Workspace, Notes | None]:
    """The workspace to serve, and the notes beside it (``WsnbError`` when it can't be)."""
    from ..workspace import open_workspace

    mode = "read-only" if args.read_only else "confirm-before-write"
    notes = served_notes(args.root, args.notes, mode)
    # A root that is the notes workspace is served as one: one policy, one plan store.
    ws = notes.workspace if notes is not None and args.notes is None else \
        open_workspace(args.root, mode=mode)  # fmt: skip
    return ws, notes


def _stdio(args: argparse.Namespace) -> int:
    """Serve over stdio: the first message answered at once, the rest once the server is up."""
    from .front import serve_stdio

    def boot() -> tuple[Callable[[Any, Any], Any], Callable[[], None]]:
        ws, notes = _opened(args)
        warmup = Warmup(ws)  # scans while the SDK imports
        from .server import WorkspaceServer, serve_streams

        server = WorkspaceServer(ws, read_only=args.read_only, confirm=args.confirm,
                                 elicit_timeout=args.elicit_timeout, warmup=warmup,
                                 notes=notes).build()  # fmt: skip

        def close() -> None:
            ws.close()
            if notes is not None:
                notes.close()

        return partial(serve_streams, server), close

    try:
        failed = serve_stdio(boot)
    except KeyboardInterrupt:
        return 130
    if isinstance(failed, WsnbError):
        print(f"wsnb-mcp: {failed}", file=sys.stderr)
        return 2
    if failed is not None:
        raise failed
    return 0


def served_notes(root: str, notes: str | None, mode: str) -> Notes | None:
    """The notes workspace to serve: ``notes`` (it must exist), or ``root`` when it is one."""
    from ..errors import NotFoundError
    from ..notes import FolderStatus, inspect_folder, open_notes

    if notes is None:
        if inspect_folder(root).status is not FolderStatus.EXISTING_WORKSPACE:
            return None
        return open_notes(root, mode=mode)
    if inspect_folder(notes).status is FolderStatus.NOT_FOUND:
        raise NotFoundError(_("The notes folder {path} does not exist; create it, or lay out a "
                              "notes workspace there with wsnb.open_notes(path).initialize(), "
                              "then start the server again.").format(path=notes), path=notes)
    return open_notes(notes, mode=mode)


def _http(ws: Workspace, args: argparse.Namespace, env: Mapping[str, str],
          warmup: Warmup, notes: Notes | None = None) -> int:  # fmt: skip
    from .http import bind, new_token, serve_http

    token = env.get(TOKEN_VARIABLE) or new_token()
    sock = bind(args.host, args.port)
    host, port = sock.getsockname()[:2]
    name = f"[{host}]" if ":" in host else host
    # Once, to the person who started it; never to a log.
    print(_("wsnb MCP server for {root} at http://{host}:{port}/mcp").format(
        root=ws.root, host=name, port=port), file=sys.stderr)
    if env.get(TOKEN_VARIABLE):
        print(_("Clients send the token of {variable} as  Authorization: Bearer <token>").format(
            variable=TOKEN_VARIABLE), file=sys.stderr, flush=True)
    else:
        print(_("Clients send the header  Authorization: Bearer {token}").format(token=token),
              file=sys.stderr, flush=True)
    serve_http(ws, sock, token, read_only=args.read_only, confirm=args.confirm,
               elicit_timeout=args.elicit_timeout, warmup=warmup, notes=notes)
    return 0
