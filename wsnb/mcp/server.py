"""The MCP server: the tool table served on the SDK's ``MCPServer``, over one workspace.

Every tool of ``wsnb.tools.table`` becomes an MCP tool with the table's name,
description and JSON schema; read tools carry ``read_only_hint=True``. A call
runs in a worker thread (the event loop stays free for other clients), once
the index is ready. A wsnb error becomes the SDK's ``ToolError`` with the
error's sentence, so the client sees why.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import anyio
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase
from mcp.server.stdio import stdio_server
from mcp_types import (
    CallToolResult,
    InputRequiredResult,
    ListRootsRequest,
    ListRootsResult,
    ToolAnnotations,
)

from ..advice import Face, speaking_to
from ..errors import UsageError, WsnbError
from ..i18n import _
from ..tools.table import TOOL_TABLE, ToolDef
from . import elicit
from .answers import plan_answer
from .arguments import AsGiven, checked
from .front import INSTRUCTIONS
from .mine import MINE
from .proposals import propose
from .reads import READS
from .scope import Scope, folders_from_roots
from .warm import Warmup

if TYPE_CHECKING:
    from ..notes import Notes
    from ..plans.plan import Plan
    from ..plans.store import PlanStore
    from ..workspace import Workspace
    from .notes import NotesSide

__all__ = ["CONFIRM_MODES", "WorkspaceServer", "client_name", "serve_streams"]

logger = logging.getLogger("wsnb")

T = TypeVar("T")
ConfirmMode = Literal["notebook", "elicit"]
CONFIRM_MODES: tuple[str, ...] = ("notebook", "elicit")
_NAME = re.compile(r"[^\w. -]+")  # letters of any script, digits, . _ - and spaces



def as_agent(call: Callable[..., T]) -> Callable[..., T]:
    """``call`` saying every advising sentence to an agent: MCP tools and their arguments,
    never a Python call (``wsnb.advice``); it runs in a worker thread, so the face is set
    there."""

    def spoken(*args: Any) -> T:
        with speaking_to(Face.MCP):
            return call(*args)

    return spoken


async def serve_streams(server: MCPServer[Any], stdin: Any, stdout: Any) -> None:
    """Serve ``server`` over stdio through these text streams (the front's, which replay the
    handshake it answered): what the SDK's ``run_stdio_async`` does with the process's own."""
    async with stdio_server(stdin=stdin, stdout=stdout) as (read_stream, write_stream):
        lowlevel = server._lowlevel_server  # the SDK's stdio runner reaches it the same way
        await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())


def client_name(ctx: Context[Any, Any]) -> str:
    """The client's name from its initialize info, made safe for the journal and the cards."""
    params = ctx.session.client_params
    raw = params.client_info.name if params is not None else ""
    return _NAME.sub("", raw).strip()[:64] or "unknown"


@contextmanager
def _root_logging_kept() -> Iterator[None]:
    """The SDK's server configures the root logger when built; a library leaves a kernel's
    (or a program's) logging as it found it."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        yield
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)


class WorkspaceServer:
    """The tools of one workspace served over MCP (build the SDK server with ``build()``).

    ``read_only`` serves the read tools only. ``confirm="elicit"`` also asks
    the client's user to confirm each plan through MCP elicitation (no answer
    within ``elicit_timeout`` seconds leaves it pending for the notebook).
    """

    def __init__(self, ws: Workspace, *, read_only: bool = False, confirm: str = "notebook",
                 elicit_timeout: float = 120.0, warmup: Warmup | None = None,
                 notes: Notes | None = None) -> None:  # fmt: skip
        if confirm not in CONFIRM_MODES:
            raise UsageError(_("confirm must be 'notebook' or 'elicit', not {confirm!r}.").format(
                confirm=confirm))
        self.ws = ws
        self.read_only = read_only
        self.confirm = confirm
        self.elicit_timeout = elicit_timeout
        self._warmup = warmup
        # A notes workspace served beside the files (wsnb.mcp.notes): its tools, prompts, resource.
        self.notes: NotesSide | None = None
        self._reads = dict(READS)
        if notes is not None:
            from .notes import NotesSide

            self.notes = NotesSide(notes, read_only=read_only)
            self._reads.update(self.notes.reads())

    def tools(self) -> list[ToolDef]:
        notes = self.notes.tools() if self.notes is not None else []
        return [t for t in TOOL_TABLE if not (self.read_only and not t.read_only)] + notes

    def build(self) -> MCPServer[Any]:
        """The SDK server with every tool of the table (the read tools only when read-only)."""
        if self._warmup is None:
            self._warmup = Warmup(self.ws)
        with _root_logging_kept():
            server = MCPServer("wsnb", title="wsnb workspace", instructions=INSTRUCTIONS,
                               tools=[self._sdk_tool(t) for t in self.tools()],
                               log_level="WARNING")  # fmt: skip
        if self.notes is not None:
            self.notes.register(server)
        return server

    def _sdk_tool(self, spec: ToolDef) -> Tool:
        # A propose tool only records a pending plan: nothing it does destroys anything (the
        # spec's default for a tool that is not read-only is "destructive", so say so).
        hints = ToolAnnotations(title=spec.title, read_only_hint=spec.read_only,
                                destructive_hint=None if spec.read_only else False,
                                idempotent_hint=None if spec.read_only else spec.acts,
                                open_world_hint=False)  # fmt: skip
        return Tool(fn=partial(self._call, spec), name=spec.name, title=spec.title,
                    description=spec.description, parameters=spec.input_schema(),
                    fn_metadata=AsGiven(arg_model=ArgModelBase,
                                        output_schema=spec.output_schema()), is_async=True,
                    context_kwarg="ctx", annotations=hints)  # fmt: skip

    async def _call(self, spec: ToolDef, ctx: Context[Any, Any],
                    given: dict[str, Any]) -> CallToolResult | InputRequiredResult:  # fmt: skip
        try:
            args = checked(spec, given)  # wsnb's sentences, not the SDK's pydantic dump
            assert self._warmup is not None, "build() starts the scan"
            warmup = self._warmup
            failed = warmup.error if warmup.done else await anyio.to_thread.run_sync(warmup.wait)
            if failed is not None and not isinstance(failed, WsnbError):
                raise failed  # a bug, not a refusal: the SDK logs it and says "error"
            scope = await self._scope(ctx)
            if spec.name in MINE:  # the client's own plans, in every store served
                mine = as_agent(MINE[spec.name])
                return await anyio.to_thread.run_sync(mine, self._stores(), args,
                                                      f"mcp:{client_name(ctx)}")  # fmt: skip
            if not spec.propose:
                read = self._reads[spec.name]
                return await anyio.to_thread.run_sync(as_agent(read), self.ws, args, scope)
            return await self._propose(spec, args, scope, ctx)
        except WsnbError as exc:
            raise ToolError(str(exc)) from None

    async def _scope(self, ctx: Context[Any, Any]) -> Scope:
        """The client's roots as a narrowing of the workspace (handshake-era clients only)."""
        caps = ctx.client_capabilities
        if caps is None or caps.roots is None or not ctx.session.can_send_request:
            return Scope()
        try:
            with anyio.fail_after(5):
                listed = await ctx.session.send_request(ListRootsRequest(), ListRootsResult)
        except Exception as exc:  # no answer: the workspace root stays the bound
            logger.info("mcp: roots/list failed (%s); serving the whole workspace",
                        type(exc).__name__)  # fmt: skip
            return Scope()
        return folders_from_roots(self.ws.policy, [str(r.uri) for r in listed.roots])

    async def _propose(self, spec: ToolDef, args: dict[str, Any], scope: Scope,
                       ctx: Context[Any, Any]) -> CallToolResult | InputRequiredResult:  # fmt: skip
        client = client_name(ctx)
        asking = self.confirm == "elicit" and elicit.can_elicit(ctx)
        if asking and ctx.request_state:  # a retry never proposes twice
            # A 2026-07-28 client's answer: the sealed state names the plan asked about.
            plan = await anyio.to_thread.run_sync(self.ws.plan, ctx.request_state)
            return await self._decide(plan, elicit.read_answer(ctx), client)
        notes = self.notes if self.notes is not None and self.notes.owns(spec.name) else None
        maker = notes.propose if notes is not None else propose
        plan, status = await anyio.to_thread.run_sync(
            as_agent(maker), self.ws, spec.name, args, scope, f"mcp:{client}")
        logger.info("mcp: %s proposed plan %s (%s)", client, plan.id, plan.action.value)
        if not asking:
            return plan_answer(plan, status) if notes is None else notes.answer(plan, status)
        if not ctx.session.can_send_request:
            return elicit.input_required(plan, client)
        answer = await elicit.ask_now(ctx, plan, client, self.elicit_timeout)
        return await self._decide(plan, answer, client)

    def _stores(self) -> list[PlanStore]:
        """The plan stores this server proposes into: the files', and the notes' if served."""
        notes = [self.notes.store] if self.notes is not None else []
        return [self.ws.plan_store, *notes]

    def _store_of(self, plan: Plan) -> PlanStore:
        """The store that keeps ``plan``: the notes' own, or the files'."""
        if self.notes is not None and plan._keeper is self.notes.store:
            return self.notes.store
        return self.ws.plan_store

    async def _decide(self, plan: Plan, answer: elicit.Answer, client: str) -> CallToolResult:
        """Apply, cancel or leave pending as the client's user answered; report the state."""
        store, by = self._store_of(plan), f"mcp-elicitation:{client}"
        try:
            if answer.outcome == "accept":
                await anyio.to_thread.run_sync(partial(
                    store.confirm, plan.id, confirmed_by=by, typed_name=answer.typed_name))
            elif answer.outcome == "decline":
                await anyio.to_thread.run_sync(partial(store.cancel, plan.id, by=by))
        except WsnbError as exc:  # stale, refused on re-check, a wrong name: the state says it
            logger.info("mcp: plan %s not applied: %s", plan.id, type(exc).__name__)
        status = await anyio.to_thread.run_sync(store.status, plan.id)
        return plan_answer(plan, status.as_dict())
