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

from ..agent import agent as _agent_module
from ..agent.reply import TABLE_ROWS, Reply, markdown_html, markdown_inline, more_rows, python_note
from ..display import column_labels
from ..errors import WsnbError
from ..i18n import _, using_language
from .card import PlanCard
from .chatinput import ChatInput
from .labopen import LabOpener, lab_available
from .readable import styled

if TYPE_CHECKING:
    from ..notebook import Workspace

__all__ = ["ChatView", "ReplyView"]

logger = logging.getLogger("wsnb")

_MUTED = "color: var(--jp-ui-font-color2, #57606a); font-size: 90%;"
_USER = ("background: var(--jp-layout-color2, #f6f8fa); color: var(--jp-ui-font-color1);"
         " border-radius: 6px; padding: 4px 10px; margin: 0 0 2px 0; white-space: pre-wrap;")
# In the dock the Send button keeps its icon and gives its room to the message box.
_CHAT_CSS = (
    "<style>.wsnb-chat { container-type: inline-size; width: 100%; box-sizing: border-box; }"
    " @container (max-width: 320px) { .wsnb-chat .wsnb-send { font-size: 0; padding: 0 8px; }"
    " .wsnb-chat .wsnb-send i { font-size: 13px; margin: 0; } }</style>"
)
_TABLE_CSS = (
    "<style>.wsnb-reply-table { border-collapse: collapse; margin: 4px 0;"
    " font-size: var(--jp-ui-font-size1, 13px); color: var(--jp-ui-font-color1); }"
    ".wsnb-reply-table th, .wsnb-reply-table td { padding: 2px 10px; text-align: left;"
    " border-bottom: 1px solid var(--jp-border-color2); }"
    ".wsnb-reply-table th { font-weight: 600; }</style>"
)
_SENDER = ("font-size: 11px; font-weight: 600; color: var(--jp-ui-font-color2, #57606a);"
           " margin: 8px 0 1px 0;")  # fmt: skip
# The agent ends every offline reply with this notice; the chat says it once, at the top.
def without_offline_note(text: str) -> str:
    """The reply's text without the offline notice the chat shows once instead."""
    for lang in ("en", "zh"):  # a reply speaks its message's language, whatever the setting
        with using_language(lang):
            note = _agent_module.offline_note()
        if note in text:
            text = text.replace(note, "").rstrip()
    return text


def sender_html(who: str) -> str:
    """The small label above a message: who said it."""
    return f'<div style="{_SENDER}">{html.escape(who)}</div>'


class ReplyView(widgets.VBox):  # type: ignore[misc]
    """One reply: the answer, the table, a card per plan, the files read, the mode."""

    def __init__(self, reply: Reply, *, in_chat: bool = False,
                 workspace: Workspace | None = None, **kwargs: Any) -> None:  # fmt: skip
        self.reply = reply
        # In a chat, the chat says once who answers and in which mode; alone, the reply says it.
        text = without_offline_note(reply.text) if in_chat else reply.text
        self.answer = widgets.HTML(_answer_html(text))
        self.table = widgets.HTML(_table_html(reply))
        self.cards = [PlanCard(plan) for plan in reply.plans]
        self.footer = widgets.HTML(_footer_html(reply, with_mode=not in_chat))
        children = [self.answer]
        children += [self.table] if self.table.value else []
        children += _lab_open(reply, workspace)
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

    Enter sends, Shift+Enter starts a new line; clicking elsewhere sends nothing.
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
        self.input = ChatInput(
            placeholder=_("Ask about the files…"),
            label=_("Message to the workspace (Enter sends, Shift+Enter: new line)"),
            layout=widgets.Layout(flex="1 1 auto", min_width="0"),
        )
        self.send_button = widgets.Button(description=_("Send"), icon="paper-plane",
                                          tooltip=_("Send"),
                                          layout=widgets.Layout(width="auto",
                                                                flex="0 0 auto"))  # fmt: skip
        self.status = widgets.HTML(self._mode_html())
        self.send_button.add_class("wsnb-send")
        self.input.on_submit(self.send)
        self.send_button.on_click(self._on_click)
        row = widgets.HBox([self.input, self.send_button],
                           layout=widgets.Layout(width="100%", align_items="flex-start"))
        super().__init__([self.status, self.conversation, row], **kwargs)
        self.add_class("wsnb-chat")
        self._busy = False
        self.streamed = ""

    def __repr__(self) -> str:
        return f"<ChatView {self.workspace.root}: {len(self.replies)} replies>"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            mode = self.workspace.agent.mode
            bundle["text/plain"] = _("Chat with {name} ({mode})").format(
                name=self.workspace.root.name, mode=mode)
        return bundle

    def _mode_html(self) -> str:
        """The chat's one line about its mode (offline: how to connect a model), said once."""
        mode = self.workspace.agent.mode
        if mode == "offline":
            text = _("Offline mode: rules, no language model. To connect one: "
                     "ws.agent.connect(base_url, model=...).")
        else:
            text = _("Connected to the model {model}.").format(model=mode)
        return (f'{_CHAT_CSS}<div class="wsnb-chat-mode" style="{_MUTED} line-height: 1.4;">'
                f"{html.escape(text)}</div>")

    def send(self, message: str) -> Reply | None:
        """Ask ``message`` and show it with its reply; None for an empty message."""
        message = message.strip()
        if not message or self._busy:
            return None
        self._busy = True
        self.send_button.disabled = True
        question = widgets.HTML(sender_html(_("You"))
                                + f'<div style="{_USER}">{html.escape(message)}</div>')
        question.add_class("wsnb-question")
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
        view = ReplyView(reply, in_chat=True, workspace=self.workspace)
        self.replies.append(view)
        self.conversation.children = [*self.conversation.children[:-1], view]
        self.status.value = self._mode_html()
        return reply

    def _on_click(self, _button: widgets.Button | None = None) -> None:
        self.input.submit()


def _answer_html(text: str) -> str:
    return (sender_html("wsnb")
            + f'<div style="line-height: 1.45;">{markdown_html(text)}</div>')


def _table_html(reply: Reply) -> str:
    table = reply.shown  # the columns a person reads; reply.table keeps them all
    if table is None or table.empty:
        return _python_html(reply)
    numbered = table.index.name == "#"
    head = table.head(TABLE_ROWS)
    view = styled(head).relabel_index(column_labels(head.columns, reply.lang), axis="columns")
    view = view.hide(axis="index", names=True) if numbered else view.hide(axis="index")
    with using_language(reply.lang):  # the Styler formats sizes, times, yes/no as it renders
        shown = view.set_table_attributes('class="wsnb-reply-table"').to_html()
    more = len(table) - TABLE_ROWS
    note = html.escape(more_rows(TABLE_ROWS, len(table), reply.lang))
    tail = f'<div style="{_MUTED}">{note}</div>' if more > 0 else ""
    return f"{_TABLE_CSS}<div>{shown}</div>{tail}{_python_html(reply)}"


def _python_html(reply: Reply) -> str:
    """The one line of Python that gives the same result, under the table."""
    if not reply.python:
        return ""
    return f'<div style="{_MUTED}">{markdown_inline(python_note(reply.python, reply.lang))}</div>'


def _lab_open(reply: Reply, workspace: Workspace | None) -> list[widgets.Widget]:
    """The button that opens the reply's file in a JupyterLab tab (a tab runs no program)."""
    if not reply.lab_open or workspace is None or not lab_available():
        return []
    button = widgets.Button(description=_("Open in JupyterLab", lang=reply.lang),
                            icon="external-link")  # fmt: skip
    said = widgets.HTML()

    def click(_button: widgets.Button) -> None:
        try:
            said.value = html.escape(LabOpener(workspace).open(reply.lab_open))
        except WsnbError as exc:
            said.value = html.escape(str(exc))

    button.on_click(click)
    return [widgets.HBox([button, said])]


def _footer_html(reply: Reply, *, with_mode: bool = True) -> str:
    parts = []
    if reply.files_read:
        cited = ", ".join(f"<code>{html.escape(p)}</code>" for p in reply.files_read)
        parts.append(_("Files read: {paths}", lang=reply.lang).format(paths=cited))
    if with_mode:
        parts.append(_("mode: {mode}", lang=reply.lang).format(mode=html.escape(reply.mode)))
    return f'<div style="{_MUTED}">{" · ".join(parts)}</div>' if parts else ""
