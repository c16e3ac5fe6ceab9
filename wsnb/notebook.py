"""The notebook's ``Workspace``: the core one plus its views and the agent (``open_workspace``).

The core ``wsnb.workspace.Workspace`` reads, plans and follows the disk with no Jupyter
at all. This face adds what a person in a notebook holds it for: ``explore()``,
``search_panel()``, ``history_view()``, ``chat()``, ``panel()``, and the agent behind
``ask()``. It also registers how a plan, a reply and a group of plans show in a notebook
(``wsnb.renderers``), and the notes' forms. Importing it loads no widget: each is imported
when a method (or a notebook displaying an object) asks for it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Unpack

from . import workspace
from .renderers import register_face, register_view
from .types import PermissionMode

if TYPE_CHECKING:
    from .agent import Agent, Reply
    from .notes import Notes
    from .widgets.chat import ChatView
    from .widgets.explorer import Explorer
    from .widgets.history import HistoryView
    from .widgets.inbox import Inbox, McpServing
    from .widgets.panel import WorkspacePanel
    from .widgets.search import SearchPanel
    from .workspace.facade import OpenOptions

__all__ = ["Workspace", "open_workspace"]


def open_workspace(path: str | os.PathLike[str],
                   mode: PermissionMode | str = PermissionMode.CONFIRM,
                   **options: Unpack[OpenOptions]) -> Workspace:  # fmt: skip
    """Open a project folder as a workspace (the notebook's: with its views and the agent).

    Parameters
    ----------
    path : str or os.PathLike
        The project folder (``~`` is expanded).
    mode : PermissionMode or str
        ``"confirm-before-write"`` (the default), ``"read-only"`` or ``"advanced"``.
    **options
        Those of the core ``wsnb.workspace.open_workspace``: ``limits`` bounds the scan
        (``ScanLimits``); ``allow_sensitive`` lets a person read sensitive files without
        typing their names; ``trash``, ``launcher`` and ``clock`` are seams for tests and
        embedding; ``watch=False`` keeps the index as scanned.

    Returns
    -------
    Workspace
        Use it in a ``with`` block, or call ``close()``, to stop its watcher.

    Raises
    ------
    WorkspaceOpenError
        A missing folder, a file, or a system or home folder.
    UsageError
        An unknown ``mode``.

    Examples
    --------
    >>> root = wsnb.copy_sample_workspace(folder)
    >>> with wsnb.open_workspace(root, mode="read-only") as sample:
    ...     sample.mode.value
    'read-only'
    """
    return Workspace.from_path(path, mode, **options)


class Workspace(workspace.Workspace):
    """A project folder you can explore as DataFrames and change through plans.

    Build one with ``wsnb.open_workspace(path)``. Reads (``files``, ``ls``, ``find``,
    ``grep``, ``read``, ``info``, ``tree``, ``summary``) return DataFrames and small
    dataclasses; changes (``create_file``, ``write_file``, ``edit``, ``copy``, ``move``,
    ``rename``, ``trash``, ``change_set``, ``undo``) return a pending ``Plan`` that does
    nothing until confirmed; the views (``explorer``, ``search_panel``, ``panel``, ``chat``,
    ``inbox``, ``history_view``) are widgets for JupyterLab.

    The examples in this reference run on a fresh copy of the sample workspace:
    ``ws = wsnb.open_workspace(wsnb.copy_sample_workspace(folder))``.
    """

    _agent: Agent | None = None

    def _tell_interrupted(self) -> None:
        """The warning on open, and in a notebook each change cut short as its card."""
        found = self._book.look_on_open()
        super()._say_interrupted(found)
        from .progress import in_notebook

        if found and in_notebook():
            from IPython.display import display

            for each in found:
                display(each)  # type: ignore[no-untyped-call]

    # -- views --------------------------------------------------------------------------

    def explorer(self) -> Explorer:
        """A folder tree with a preview pane and buttons that make plan cards (a widget).

        The same name as the class (``Explorer``) and the panel's part (``panel.explorer``);
        ``explore()`` is the older name of this method.

        Returns
        -------
        Explorer
        """
        from .widgets.explorer import Explorer

        return Explorer(self)

    explore = explorer

    def search_panel(self) -> SearchPanel:
        """A search box over names or text, with results and a preview (a widget).

        Returns
        -------
        SearchPanel
        """
        from .widgets.search import SearchPanel

        self._follow_soon()  # a face on screen follows the disk from the start
        return SearchPanel(self)

    def inbox(self, *, notes: Notes | None = None) -> Inbox:
        """The waiting plans as cards, new ones appearing as agents propose them (a widget).

        Parameters
        ----------
        notes : Notes, optional
            A notes workspace (``wsnb.open_notes(...)``) whose plans wait in the same inbox;
            each card then says which workspace its plan belongs to.

        Returns
        -------
        Inbox
            ``close()`` stops its watch on ``.wsnb/plans/`` (so does ``ws.close()``).
        """
        from .widgets.inbox import Inbox

        return Inbox(self, notes=notes)

    def serve_mcp(self, port: int = 0, *, show: bool = True,
                  notes: Notes | str | os.PathLike[str] | None = None) -> McpServing:
        """Serve this workspace's tools to an agent over MCP (HTTP on 127.0.0.1, in the kernel).

        Prints the lines to paste into Claude Code, VS Code and Jupyter AI and shows the
        inbox; ``.close()`` on the result (or ``ws.close()``) stops the server.

        Parameters
        ----------
        port : int
            The port on 127.0.0.1; 0 picks a free one.
        show : bool
            Print the lines and show the inbox.
        notes : Notes or str or os.PathLike, optional
            A notes workspace (``open_notes(...)`` or its folder) served beside the files:
            the assistant's memory, whose proposals wait in the same inbox, each card
            saying which workspace it belongs to.

        Returns
        -------
        McpServing
            The running server: its URL, its token, and ``close()``.

        Raises
        ------
        UsageError
            The ``mcp`` extra is not installed; the message gives the install command.
        """
        from .widgets.inbox import serve_mcp

        return serve_mcp(self, port=port, show=show, notes=notes)

    def history_view(self) -> HistoryView:
        """The journal as a table with an Undo button per entry (a widget).

        Returns
        -------
        HistoryView
        """
        from .widgets.history import HistoryView

        return HistoryView(self)

    # -- the agent ----------------------------------------------------------------------

    @property
    def agent(self) -> Agent:
        """The workspace agent behind ``ask()``: offline unless a model is configured.

        ``ws.agent.connect("http://localhost:11434/v1", model="qwen2.5")`` connects a
        model; so do ``WSNB_LLM_BASE_URL`` and ``WSNB_LLM_MODEL`` in the environment.
        """
        if self._agent is None:
            from .agent import Agent

            self._agent = Agent(self)
        return self._agent

    def ask(self, message: str, *, on_text: Callable[[str], None] | None = None) -> Reply:
        """Ask about the workspace ("搜索 README", "what does this project do?").

        Parameters
        ----------
        message : str
            A request in Chinese or English.
        on_text : callable, optional
            Called with each piece of a model's answer as it streams.

        Returns
        -------
        Reply
            ``.text``, ``.table``, ``.plans`` (pending: confirm them yourself),
            ``.files_read`` and ``.mode``; in the language of ``message``.

        Raises
        ------
        LLMError
            A connected model server failed to answer.

        Examples
        --------
        >>> reply = ws.ask("find main")
        >>> reply.mode, reply.lang
        ('offline', 'en')
        >>> sorted(reply.table["path"])
        ['app/main.py', 'src/main.cpp']
        """
        return self.agent.ask(message, on_text=on_text)

    def chat(self) -> ChatView:
        """A chat widget: type requests, read replies, confirm their plans on the cards.

        Returns
        -------
        ChatView
        """
        from .widgets.chat import ChatView

        self._follow_soon()  # a face on screen follows the disk from the start
        return ChatView(self)

    def panel(self, *, dock: bool = False, language: str | None = None) -> WorkspacePanel:
        """One widget with everything: files, search, chat, plans, history and an overview.

        Parameters
        ----------
        dock : bool
            Open it in JupyterLab's side area (needs ``sidecar``: ``pip install
            'wsnb[panel]'``; without it the panel shows in the cell, with a note).
        language : str, optional
            ``"en"`` or ``"zh"`` for the status line until the person types; the setting
            when not given.

        Returns
        -------
        WorkspacePanel
        """
        from .widgets.panel import WorkspacePanel

        panel = WorkspacePanel(self, language=language)
        if dock:
            panel.dock()
        return panel


# -- how core objects show in a notebook (the widgets load when one is shown) -----------------

def _plan_card(plan: Any) -> Any:
    from .widgets.card import PlanCard

    return PlanCard(plan)


def _interrupted_card(found: Any) -> Any:
    from .widgets.interrupted import InterruptedCard

    return InterruptedCard(found)


def _reply_view(reply: Any) -> Any:
    from .widgets.chat import ReplyView

    return ReplyView(reply)


def _plan_group_view(group: Any) -> Any:
    from .widgets.notes_forms import PlanGroupView

    return PlanGroupView(group)


def _onboarding_form(*args: Any) -> Any:
    from .widgets.notes_forms import OnboardingForm

    return OnboardingForm(*args)


def _check_in_form(*args: Any) -> Any:
    from .widgets.notes_forms import CheckInForm

    return CheckInForm(*args)


register_view("wsnb.plans.plan.Plan", _plan_card)
register_view("wsnb.agent.reply.Reply", _reply_view)
register_view("wsnb.plans.recovery.Interrupted", _interrupted_card)
register_view("wsnb.notes.groups.PlanGroup", _plan_group_view)
register_face("open workspace", open_workspace)
register_face("onboarding form", _onboarding_form)
register_face("check-in form", _check_in_form)
