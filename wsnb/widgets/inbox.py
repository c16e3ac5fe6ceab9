"""``Inbox``: the plans waiting for a person, agents' and this notebook's, as cards; and
``serve_mcp``: this workspace's tools served to an agent from inside the kernel.

The pending-plan store (``ws.plan_store``) is the model. An agent's plan
lands in ``.wsnb/plans/`` (from a server in its own process or in this
kernel); the store's folder watch tells the inbox, which adds the plan's card
on the kernel's main thread. The cards are ``PlanCard``s, so Confirm is the
same ``plan.confirm()`` as anywhere, which for a stored plan claims it, checks
it again and journals who proposed and who confirmed it.

However many plans wait, the inbox builds cards for the newest ``PAGE`` only
(and only those are made again from their records); it says how many wait in
all, and "Show more" (``show_more()``) builds the next ones on request.

Given a notes workspace too (``ws.inbox(notes=...)``, and ``serve_mcp`` when it
serves one), one inbox follows both stores, newest first across them, and each
card says which workspace its plan belongs to.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..i18n import _, ngettext, using_language
from ..progress import in_notebook
from ..types import PlanState
from ._html import esc
from ._live import on_main_thread
from .card import PlanCard, close_tree, proposed_by
from .plansview import PAGE, RECENT_OUTCOMES, more_button, showing_line

if TYPE_CHECKING:
    from ..mcp.http import RunningServer
    from ..notes import Notes
    from ..plans.plan import Plan
    from ..plans.store import PlanStatus
    from ..workspace import Workspace

__all__ = ["Inbox", "McpServing", "paste_lines", "serve_mcp"]

logger = logging.getLogger("wsnb")
_MUTED = "color: var(--jp-ui-font-color2, #57606a);"


class Inbox(widgets.VBox):  # type: ignore[misc]
    """The plans waiting for a decision as cards, newest first; an agent's card says who asked.

    ``cards`` maps plan ids to their cards: the newest ``limit`` waiting ones
    (``PAGE`` at first; ``show_more()`` raises it) and the last ``RECENT_OUTCOMES``
    decided ones, showing their outcome. ``count`` is how many wait in all.
    ``notes`` (a ``Notes``) adds that notes workspace's plans, each card labelled
    with its workspace. ``close()`` stops following the plans folders.
    """

    def __init__(self, ws: Workspace, *, notes: Notes | None = None, **kwargs: Any) -> None:
        self.ws = ws
        self.workspaces = [ws] if notes is None else [ws, notes.workspace]
        self._home: dict[str, Workspace] = {}  # plan id -> the workspace whose plan it is
        self.cards: dict[str, PlanCard] = {}
        self.limit = PAGE
        self.count = 0
        self._refreshing = False  # making a stored plan again tells us of it: no refresh inside
        self._again = False
        self.title = widgets.HTML()
        self.box = widgets.VBox()
        self.more = more_button(self.show_more)
        super().__init__([self.title, self.box, self.more], **kwargs)
        self.add_class("wsnb-inbox")
        self._stops: list[Callable[[], None]] = []
        for each in self.workspaces:
            self._stops += [each.plan_store.subscribe(on_main_thread(self._on_status)),
                            each.subscribe_new(on_main_thread(self._on_new_plan))]  # fmt: skip
        self.refresh()

    @property
    def waiting(self) -> list[Plan]:
        """The plans on view that still wait for a decision, newest first."""
        return [card.plan for card in self._order() if card.plan.state is PlanState.PENDING]

    def refresh(self) -> None:
        """Add a card for each of the newest waiting plans not shown yet; say how many wait."""
        if self._refreshing:  # called back from inside (a plan made again announces itself)
            self._again = True
            return
        self._refreshing = True
        try:
            self._again = True
            while self._again:
                self._again = False
                self._refresh()
        finally:
            self._refreshing = False

    def _waiting(self) -> tuple[list[Plan], int]:
        """The newest ``limit`` waiting plans of every workspace shown, and how many wait."""
        found: list[Plan] = []
        count = 0
        for each in self.workspaces:
            newest, waiting = each.plan_store.waiting(self.limit)
            self._home.update((plan.id, each) for plan in newest)
            found += newest
            count += waiting
        found.sort(key=lambda plan: plan.created_at)
        return found[max(0, len(found) - self.limit):], count

    def _refresh(self) -> None:
        newest, count = self._waiting()
        for plan in newest:
            if plan.id not in self.cards or self.cards[plan.id].plan is not plan:
                self._add(plan)
        keep = {plan.id for plan in newest}
        for card in self._order():  # waiting cards pushed past the limit by newer ones
            if card.plan.state is PlanState.PENDING and card.plan.id not in keep:
                self.cards.pop(card.plan.id).close()
        decided = [card for card in self._order() if card.plan.state is not PlanState.PENDING]
        for card in decided[RECENT_OUTCOMES:]:  # the journal (ws.history) keeps every outcome
            self.cards.pop(card.plan.id).close()
        self.box.children = [card.shown_card for card in self._order()]
        shown = len(self.waiting)
        self.count = max(count, shown)
        said = [_inbox_line(self.count)]
        if self.count > shown:
            said.append(showing_line(shown, self.count))
        lines = "".join(f"<div>{esc(line)}</div>" for line in said)
        self.title.value = f'<div style="{_MUTED} margin: 2px 0 4px;">{lines}</div>'
        self.more.description = _("Show {count:,} more").format(
            count=min(PAGE, self.count - shown))
        self.more.layout.display = None if self.count > shown else "none"

    def show_more(self, *_args: Any) -> None:
        """Build the cards of the next ``PAGE`` waiting plans (older ones)."""
        self.limit += PAGE
        self.refresh()

    def _add(self, plan: Plan) -> None:
        old = self.cards.pop(plan.id, None)
        if old is not None:
            old.close()
        with using_language(plan.lang):  # a card speaks its plan's language, its label too
            where = self.where(plan)
        self.cards[plan.id] = PlanCard(plan, where=where)
        self._stops.append(plan.subscribe(on_main_thread(self._on_plan_changed)))

    def where(self, plan: Plan) -> str:
        """Which workspace ``plan`` belongs to, in words; "" when the inbox shows only one."""
        home = self._home.get(plan.id)
        if len(self.workspaces) < 2 or home is None:
            return ""
        return workspace_label(home)

    def _order(self) -> list[PlanCard]:
        return sorted(self.cards.values(), key=lambda card: card.plan.created_at, reverse=True)

    def _on_status(self, _status: PlanStatus) -> None:
        self.refresh()

    def _on_new_plan(self, plan: Plan) -> None:
        if plan.state is PlanState.PENDING:
            self.refresh()

    def _on_plan_changed(self, _plan: Plan) -> None:
        self.refresh()

    def close(self) -> None:
        """Stop following the plans; close every card."""
        for stop in self._stops:
            stop()
        self._stops = []
        for card in self.cards.values():
            card.close()
        close_tree(self)

    def __repr__(self) -> str:
        return f"<Inbox of {self.ws.root}: {len(self.waiting)} waiting>"

    def describe(self) -> str:
        """The inbox as plain text: how many wait, then each waiting plan's line."""
        waiting = self.waiting
        lines = [_inbox_line(max(self.count, len(waiting)))]
        for plan in waiting:
            who = proposed_by(plan)
            line = _("Plan {id}: {title}").format(id=plan.id, title=plan.title)
            where = self.where(plan)
            lines.append(f"  {line}" + (f"  ({who})" if who else "")
                         + (f"  [{where}]" if where else ""))  # fmt: skip
        if self.count > len(waiting):
            lines.append("  " + showing_line(len(waiting), self.count))
        return "\n".join(lines)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["text/plain"] = self.describe()
        return bundle


def workspace_label(ws: Workspace) -> str:
    """A card's label for the workspace its plan belongs to: its kind and its folder's name."""
    if ws.policy.workspace_kind == "notes":
        return _("Notes workspace {name} (the assistant's memory)").format(name=ws.root.name)
    return _("Files workspace {name}").format(name=ws.root.name)


def _inbox_line(count: int) -> str:
    if not count:
        return _("Nothing waits for a decision; an agent's proposals appear here as they come.")
    return ngettext("{count} plan waits for your decision.",
                    "{count} plans wait for your decision.", count).format(count=count)


# ---------------------------------------------------------------------------
# Serving the workspace to an agent from the kernel
# ---------------------------------------------------------------------------


def paste_lines(url: str, token: str, root: str) -> str:
    """What to paste into Claude Code, VS Code and Jupyter AI to reach this server."""
    vscode = {"servers": {"wsnb": {"type": "http", "url": url,
                                   "headers": {"Authorization": f"Bearer {token}"}}}}  # fmt: skip
    jupyter_ai = {"mcpServers": {"wsnb": {"command": sys.executable,
                                          "args": ["-m", "wsnb.mcp", root]}}}  # fmt: skip
    return "\n".join([
        _("Claude Code (run in a terminal):"),
        f'  claude mcp add --transport http wsnb {url} --header "Authorization: Bearer {token}"',
        "",
        _("VS Code (.vscode/mcp.json):"),
        _indent(json.dumps(vscode, indent=2)),
        "",
        _("Jupyter AI (.jupyter/mcp/config.json; it sends no headers, so it starts its own "
          "server, whose proposals still come to this inbox):"),
        _indent(json.dumps(jupyter_ai, indent=2, ensure_ascii=False)),
    ])  # fmt: skip


def _indent(text: str) -> str:
    return "\n".join(f"  {line}" for line in text.splitlines())


@dataclass(eq=False)
class McpServing:
    """An MCP server running in this kernel, and the inbox where its proposals wait.

    ``url`` and ``lines`` say how to connect; ``close()`` stops the server and
    the inbox (``ws.close()`` does too). The token is in ``lines`` and
    ``server.token``, never in the repr or a log.
    """

    server: RunningServer
    inbox: Inbox | None
    lines: str = field(repr=False)
    _forget: Callable[[], None] | None = field(default=None, repr=False)
    _opened: Notes | None = field(default=None, repr=False)  # notes opened here, closed here

    @property
    def url(self) -> str:
        return self.server.url

    @property
    def running(self) -> bool:
        return self.server.running

    def close(self) -> None:
        """Stop the server (agents can no longer reach it) and the inbox; twice is harmless."""
        self.server.close()
        if self.inbox is not None:
            self.inbox.close()
            self.inbox = None
        if self._opened is not None:
            self._opened.close()
            self._opened = None
        if self._forget is not None:
            self._forget()
            self._forget = None
        logger.info("MCP server in the kernel stopped")

    def __repr__(self) -> str:
        state = "running" if self.running else "stopped"
        return f"<McpServing {self.url} ({state})>"

    def __enter__(self) -> McpServing:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def serve_mcp(ws: Workspace, *, port: int = 0, show: bool = True,
              notes: Notes | str | os.PathLike[str] | None = None) -> McpServing:
    """Start the HTTP MCP server in this kernel, show the inbox, and say how to connect.

    ``notes`` (a ``Notes`` or its folder) is served beside the files; its proposals wait in
    the same inbox, each card saying which workspace it belongs to.
    """
    try:
        from ..mcp.http import start_in_thread
    except ImportError as exc:
        from ..errors import UsageError

        raise UsageError(_("Serving over MCP needs the mcp package: pip install "
                           "\"wsnb[mcp]\" ({problem}).").format(problem=exc)) from None
    served = opened = None
    if isinstance(notes, str | os.PathLike):
        from ..notes import open_notes

        served = opened = open_notes(notes)
    else:
        served = notes
    server = start_in_thread(ws, port=port, notes=served)
    lines = paste_lines(server.url, server.token, str(ws.root))
    inbox = Inbox(ws, notes=served) if show else None
    serving = McpServing(server, inbox, lines, _opened=opened)
    serving._forget = ws.on_close(serving.close)
    if show:
        _show(serving)
    logger.info("MCP server in the kernel listening on %s", server.url)
    return serving


def _show(serving: McpServing) -> None:
    heading = _("wsnb serves this workspace at {url}. Agents' proposals wait below until you "
                "confirm them.").format(url=serving.url)
    if not in_notebook() or serving.inbox is None:
        print(f"{heading}\n\n{serving.lines}")
        return
    from IPython.display import display

    help_box = widgets.HTML(f"<div>{esc(heading)}</div><pre style='font-size: 12px; "
                            f"white-space: pre-wrap;'>{esc(serving.lines)}</pre>")  # fmt: skip
    display(_ServingView(heading, [help_box, serving.inbox]))  # type: ignore[no-untyped-call]


class _ServingView(widgets.VBox):  # type: ignore[misc]
    """The paste lines and the inbox; its text form is the heading alone (no token in it)."""

    def __init__(self, heading: str, children: list[widgets.Widget]) -> None:
        super().__init__(children)
        self.heading = heading

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["text/plain"] = self.heading
        return bundle
