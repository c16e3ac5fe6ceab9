"""The chat widget: an input box, the conversation, streamed answers, tables and plan cards.

``ChatView(ws)`` (or ``ws.chat()``) talks to ``ws.agent``. Each reply shows as
a ``ReplyView``: the Markdown answer, the result table, one ``PlanCard`` per
pending plan (with its Confirm / Cancel buttons), the files read and the
mode. A model's answer streams into the conversation as it arrives. The widget
only renders what the agent returns; it never confirms a plan itself.
"""

from __future__ import annotations

import html
import logging
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..agent.reply import TABLE_ROWS, Reply, markdown_html, more_rows
from ..errors import WsnbError
from ..i18n import _
from .card import PlanCard

if TYPE_CHECKING:
    from ..workspace import Workspace

__all__ = ["ChatView", "ReplyView"]

logger = logging.getLogger("wsnb")

_MUTED = "color: var(--jp-ui-font-color2, #57606a); font-size: 90%;"
_USER = ("background: var(--jp-layout-color2, #f6f8fa); border-radius: 6px; padding: 4px 10px; "
         "margin: 6px 0 2px 0; white-space: pre-wrap;")  # fmt: skip


class ReplyView(widgets.VBox):  # type: ignore[misc]
    """One reply: the answer, the table, a card per plan, the files read, the mode."""

    def __init__(self, reply: Reply, **kwargs: Any) -> None:
        self.reply = reply
        self.answer = widgets.HTML(_answer_html(reply))
        self.table = widgets.HTML(_table_html(reply))
        self.cards = [PlanCard(plan) for plan in reply.plans]
        self.footer = widgets.HTML(_footer_html(reply))
        children = [self.answer]
        children += [self.table] if self.table.value else []
        super().__init__([*children, *self.cards, self.footer], **kwargs)
        self.add_class("wsnb-reply")

    def __repr__(self) -> str:
        return f"<ReplyView {self.reply.mode} {self.reply.intent}: {len(self.cards)} plans>"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        # A saved notebook and nbval read the reply's plain text, not the widget's repr.
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["text/plain"] = self.reply.plain()
        return bundle


class ChatView(widgets.VBox):  # type: ignore[misc]
    """Chat with the workspace: type, press Enter (or Send), read the reply, click its cards.

    ``send(message)`` does what pressing Enter does and returns the reply;
    ``replies`` holds the views shown so far, ``streamed`` the last answer as
    it streamed in (empty offline, where nothing streams).
    """

    def __init__(self, workspace: Workspace, **kwargs: Any) -> None:
        self.workspace = workspace
        self.replies: list[ReplyView] = []
        # The conversation grows with the notebook's own scrolling: a height cap would make
        # the flex box squeeze tables and cards instead of scrolling them.
        self.conversation = widgets.VBox()
        self.input = widgets.Text(placeholder="搜索 README · what does this project do? · help",
                                  continuous_update=False,
                                  layout=widgets.Layout(flex="1 1 auto"))  # fmt: skip
        self.send_button = widgets.Button(description="Send", icon="paper-plane")
        self.status = widgets.HTML(f'<span style="{_MUTED}">mode: '
                                   f"{html.escape(workspace.agent.mode)}</span>")  # fmt: skip
        self.input.observe(self._on_submit, names="value")
        self.send_button.on_click(self._on_click)
        row = widgets.HBox([self.input, self.send_button], layout=widgets.Layout(width="100%"))
        super().__init__([self.conversation, row, self.status], **kwargs)
        self.add_class("wsnb-chat")
        self._busy = False
        self.streamed = ""

    def __repr__(self) -> str:
        return f"<ChatView {self.workspace.root}: {len(self.replies)} replies>"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            mode = self.workspace.agent.mode
            bundle["text/plain"] = f"Chat with {self.workspace.root.name} ({mode})"
        return bundle

    def send(self, message: str) -> Reply | None:
        """Ask ``message`` and show it with its reply; None for an empty message."""
        message = message.strip()
        if not message or self._busy:
            return None
        self._busy = True
        self.send_button.disabled = True
        question = widgets.HTML(f'<div style="{_USER}">{html.escape(message)}</div>')
        streaming = widgets.HTML()
        self.conversation.children = [*self.conversation.children, question, streaming]
        pieces: list[str] = []

        def on_text(piece: str) -> None:
            pieces.append(piece)
            streaming.value = markdown_html("".join(pieces))

        try:
            reply = self.workspace.agent.ask(message, on_text=on_text)
        except WsnbError as exc:  # a sentence in the conversation, never a traceback
            reply = Reply(str(exc), mode=self.workspace.agent.mode, intent="error")
        finally:
            self._busy = False
            self.send_button.disabled = False
        self.streamed = "".join(pieces)
        view = ReplyView(reply)
        self.replies.append(view)
        self.conversation.children = [*self.conversation.children[:-1], view]
        self.status.value = f'<span style="{_MUTED}">mode: {html.escape(reply.mode)}</span>'
        return reply

    def _on_submit(self, change: dict[str, Any]) -> None:
        if change.get("new"):
            text = str(change["new"])
            self.input.value = ""
            self.send(text)

    def _on_click(self, _button: widgets.Button | None = None) -> None:
        text = self.input.value
        self.input.value = ""
        self.send(text)


def _answer_html(reply: Reply) -> str:
    return f'<div style="line-height: 1.45;">{markdown_html(reply.text)}</div>'


def _table_html(reply: Reply) -> str:
    if reply.table is None or reply.table.empty:
        return ""
    numbered = reply.table.index.name == "#"
    shown = reply.table.head(TABLE_ROWS).to_html(index=numbered, index_names=False, border=0,
                                                 escape=True)  # fmt: skip
    more = len(reply.table) - TABLE_ROWS
    note = html.escape(more_rows(TABLE_ROWS, len(reply.table), reply.lang))
    tail = f'<div style="{_MUTED}">{note}</div>' if more > 0 else ""
    return f"<div>{shown}</div>{tail}"


def _footer_html(reply: Reply) -> str:
    parts = []
    if reply.files_read:
        cited = ", ".join(f"<code>{html.escape(p)}</code>" for p in reply.files_read)
        parts.append(_("Files read: {paths}", lang=reply.lang).format(paths=cited))
    parts.append(_("mode: {mode}", lang=reply.lang).format(mode=html.escape(reply.mode)))
    return f'<div style="{_MUTED}">{" · ".join(parts)}</div>'
