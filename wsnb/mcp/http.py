"""Streamable HTTP: 127.0.0.1 only, a bearer token, and the SDK's Host/Origin check.

``start_in_thread`` runs the server on a daemon thread with its own event
loop (never nest_asyncio), so a kernel stays free for clicks and interrupts;
``serve_http`` runs it in the foreground for the command line. The token is
compared in constant time and is never logged; a request without it gets 401
before it reaches the MCP session, with a sentence in the server's language:
a missing token is told where the token is printed, a wrong one that it is
wrong (RFC 6750's ``invalid_token``).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import secrets
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import uvicorn
from mcp.server.transport_security import TransportSecuritySettings

from ..errors import UsageError, WsnbError
from ..i18n import _
from .server import WorkspaceServer
from .warm import Warmup

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Receive, Scope, Send

    from ..notes import Notes
    from ..workspace import Workspace

__all__ = ["LOOPBACK", "RunningServer", "bearer_app", "bind", "new_token", "serve_http",
           "start_in_thread"]  # fmt: skip

logger = logging.getLogger("wsnb")

LOOPBACK = ("127.0.0.1", "localhost", "::1")
PATH = "/mcp"


def new_token() -> str:
    """A random bearer token (256 bits)."""
    return secrets.token_urlsafe(32)


def bearer_app(app: ASGIApp, token: str) -> ASGIApp:
    """``app`` behind ``Authorization: Bearer <token>``; anything else gets 401."""
    expected = f"Bearer {token}".encode()

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            given = dict(scope.get("headers") or []).get(b"authorization", b"")
            if not hmac.compare_digest(given, expected):
                await _unauthorized(send, wrong=_bearer(given))
                return
        await app(scope, receive, send)

    return guarded


def _bearer(header: bytes) -> bool:
    """Whether the header carries a bearer token at all (then it is a wrong one)."""
    scheme, _sep, value = header.strip().partition(b" ")
    return scheme.lower() == b"bearer" and bool(value.strip())


async def _unauthorized(send: Send, *, wrong: bool) -> None:
    if wrong:
        error, said = "invalid_token", _(
            "The bearer token is wrong: it is not this server's token. Copy it again from where "
            "the server was started (the terminal of wsnb-mcp --http, or the notebook cell that "
            "ran serve_mcp()); a restarted server has a new token unless WSNB_MCP_TOKEN sets it.")
    else:
        error, said = "unauthorized", _(
            "This wsnb MCP server needs a bearer token: send the header  Authorization: Bearer "
            "<token>. The token is printed where the server was started: on the terminal of "
            "wsnb-mcp --http (or it is the value of WSNB_MCP_TOKEN there), or in the notebook "
            "cell that ran serve_mcp().")
    body = json.dumps({"error": error, "error_description": said},
                      ensure_ascii=False).encode("utf-8")  # fmt: skip
    challenge = b'Bearer realm="wsnb"' + (b', error="invalid_token"' if wrong else b"")
    await send({"type": "http.response.start", "status": 401, "headers": [
        (b"content-type", b"application/json; charset=utf-8"), (b"www-authenticate", challenge),
        (b"content-length", str(len(body)).encode())]})  # fmt: skip
    await send({"type": "http.response.body", "body": body})


def _security(host: str, port: int) -> TransportSecuritySettings:
    """Only this server's own loopback names pass the Host check (DNS rebinding)."""
    hosts = [f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"]
    return TransportSecuritySettings(enable_dns_rebinding_protection=True, allowed_hosts=hosts,
                                     allowed_origins=[f"http://{h}" for h in hosts])  # fmt: skip


def bind(host: str, port: int) -> socket.socket:
    if host not in LOOPBACK:
        raise UsageError(_("wsnb serves MCP on this computer only: host must be 127.0.0.1, "
                           "localhost or ::1, not {host!r}.").format(host=host))
    family = socket.AF_INET6 if host == "::1" else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1" if host == "localhost" else host, port))
        # Listening at once: a client that reads the address and connects before the server
        # has started waits in the backlog instead of being refused.
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise WsnbError(_("Port {port} can't be used ({problem}); pick another with "
                          "--port.").format(port=port, problem=exc.strerror or exc)) from None
    return sock


def _uvicorn(ws: Workspace, sock: socket.socket, token: str, read_only: bool,
             confirm: str, elicit_timeout: float, warmup: Warmup | None = None,
             notes: Notes | None = None) -> uvicorn.Server:  # fmt: skip
    host, port = sock.getsockname()[:2]
    server = WorkspaceServer(ws, read_only=read_only, confirm=confirm,
                             elicit_timeout=elicit_timeout, warmup=warmup, notes=notes).build()
    app = server.streamable_http_app(streamable_http_path=PATH, host=host,
                                     transport_security=_security(host, port))  # fmt: skip
    config = uvicorn.Config(bearer_app(app, token), log_level="warning", access_log=False,
                            lifespan="on", timeout_graceful_shutdown=2)  # fmt: skip
    return uvicorn.Server(config)


@dataclass
class RunningServer:
    """An MCP server on a daemon thread: its URL and token; ``close()`` stops it."""

    url: str
    token: str = field(repr=False)
    host: str
    port: int
    _server: uvicorn.Server = field(repr=False)
    _thread: threading.Thread = field(repr=False)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def close(self, timeout: float = 5.0) -> None:
        """Stop serving and wait for the thread (idempotent)."""
        self._server.should_exit = True
        if self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def __enter__(self) -> RunningServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def start_in_thread(workspace: Workspace, host: str = "127.0.0.1", port: int = 0,
                    token: str | None = None, *, read_only: bool = False,
                    confirm: str = "notebook", timeout: float = 10.0,
                    elicit_timeout: float = 120.0,
                    notes: Notes | None = None) -> RunningServer:  # fmt: skip
    """Serve ``workspace`` over streamable HTTP on a daemon thread; returns once it listens.

    ``port=0`` picks a free port; ``token=None`` makes a random one. Raises
    ``UsageError`` for a host that is not loopback.
    """
    sock = bind(host, port)
    bound_host, bound_port = sock.getsockname()[:2]
    token = token or new_token()
    server = _uvicorn(workspace, sock, token, read_only, confirm, elicit_timeout, notes=notes)
    thread = threading.Thread(target=_serve, args=(server, sock), name="wsnb-mcp-http",
                              daemon=True)  # fmt: skip
    thread.start()
    deadline = time.monotonic() + timeout
    while not server.started and thread.is_alive() and time.monotonic() < deadline:
        time.sleep(0.01)
    if not server.started:
        server.should_exit = True
        raise WsnbError(_("The MCP server did not start within {seconds:g} s.").format(
            seconds=timeout))
    name = f"[{bound_host}]" if ":" in bound_host else bound_host
    url = f"http://{name}:{bound_port}{PATH}"
    logger.info("mcp: serving %s over HTTP at %s", workspace.root, url)
    return RunningServer(url, token, bound_host, bound_port, server, thread)


def _serve(server: uvicorn.Server, sock: socket.socket) -> None:
    # Its own loop on this thread: the kernel's loop is never touched.
    try:
        asyncio.run(server.serve(sockets=[sock]))
    finally:
        sock.close()


def serve_http(workspace: Workspace, sock: socket.socket, token: str, *, read_only: bool,
               confirm: str, elicit_timeout: float,
               warmup: Warmup | None = None, notes: Notes | None = None) -> None:  # fmt: skip
    """Serve on ``sock`` (from ``bind``) in the foreground until interrupted (``--http``)."""
    server = _uvicorn(workspace, sock, token, read_only, confirm, elicit_timeout, warmup, notes)
    try:
        asyncio.run(server.serve(sockets=[sock]))
    finally:
        sock.close()

