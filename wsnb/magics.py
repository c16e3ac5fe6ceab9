"""The ``%ws`` line magic: ``%load_ext wsnb``, then explore a workspace in a few keystrokes.

Every subcommand calls the facade and returns what it returns (DataFrames,
a file's text, widgets), so the cell displays it. A change is never made
here: ``%ws undo`` returns the undo plan's card, to confirm by clicking.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from IPython.core.error import UsageError as IPythonUsageError
from IPython.core.magic import Magics, line_magic, magics_class

from .agent.resolve import resolve_path  # the names a person types, as ws.ask reads them
from .display import readable
from .errors import WsnbError
from .i18n import N_, _

if TYPE_CHECKING:
    from IPython.core.interactiveshell import InteractiveShell

    from .notebook import Workspace

__all__ = ["HELP", "WorkspaceMagics", "load_ipython_extension"]

# What ``%ws?`` shows: IPython asks the magic's ``getdoc()`` first, so the help follows
# the language setting at the moment it is asked for (the docstring stays English).
HELP = N_("""Explore a workspace; changes come back as plan cards to confirm.

Usage::

    %ws open PATH        open a folder as the current workspace (returns it)
    %ws find KEYWORD     files whose names match, best first
    %ws grep PATTERN     lines containing PATTERN (literal, any case)
    %ws read PATH        a text file's content
    %ws tree [PATH]      the folder tree below PATH (default: the root)
    %ws ls [PATH]        the entries of one folder
    %ws history          the journal, with an Undo button per entry
    %ws undo             the plan that undoes the last change, as a card
    %ws explore          the workspace explorer

The current workspace is remembered for the following %ws lines.
PATH and PATTERN are the rest of the line; quote them ("a b.txt") or not.
A wrong use prints one line saying what to type instead.""")

_USAGE = (
    "%ws open PATH | find KEYWORD | grep PATTERN | read PATH | tree [PATH] | ls [PATH] | "
    "history | undo | explore"
)


@magics_class
class WorkspaceMagics(Magics):
    """Holds the current workspace between ``%ws`` calls."""

    def __init__(self, shell: InteractiveShell) -> None:
        super().__init__(shell)
        self.workspace: Workspace | None = None
        self._commands: dict[str, Callable[[str], Any]] = {
            "open": self._open, "find": self._find, "grep": self._grep, "read": self._read,
            "tree": self._tree, "ls": self._ls, "history": self._history, "undo": self._undo,
            "explore": self._explore,
        }  # fmt: skip

    @line_magic
    def ws(self, line: str) -> Any:
        """Explore a workspace (the help a person reads is ``HELP``, in their language)."""
        command, _space, rest = line.strip().partition(" ")
        if not command:
            raise IPythonUsageError(_("Say what to do: {usage}. %ws? shows help.").format(
                usage=_USAGE))
        handler = self._commands.get(command)
        if handler is None:
            raise IPythonUsageError(_("%ws has no command {command!r}; use {usage}.").format(
                command=command, usage=_USAGE))
        try:
            return handler(_argument(rest))
        except WsnbError as exc:
            raise IPythonUsageError(str(exc)) from None

    # -- the subcommands ----------------------------------------------------------------

    def _open(self, path: str) -> Workspace:
        from .notebook import open_workspace

        if not path:
            raise IPythonUsageError(_("Say which folder to open: %ws open PATH."))
        self.workspace = open_workspace(path)
        return self.workspace

    def _current(self) -> Workspace:
        if self.workspace is None:
            raise IPythonUsageError(_("No workspace is open yet; start with %ws open PATH."))
        return self.workspace

    def _find(self, keyword: str) -> Any:
        # Printed for people: sizes in KiB, times to the minute (the data keeps both exact).
        return readable(self._current().find(_required(keyword, "find KEYWORD")),
                        left=["path", "name"])

    def _grep(self, pattern: str) -> Any:
        return self._current().grep(_required(pattern, "grep PATTERN"))

    def _read(self, path: str) -> Any:
        ws = self._current()
        return ws.read(resolve_path(ws, _required(path, "read PATH"), kind="file"))

    def _tree(self, path: str) -> Any:
        ws = self._current()
        return ws.tree(resolve_path(ws, path, kind="dir") if path else ".")

    def _ls(self, path: str) -> Any:
        ws = self._current()
        return readable(ws.ls(resolve_path(ws, path, kind="dir") if path else "."),
                        left=["path", "name"])

    def _history(self, extra: str) -> Any:
        _nothing_more(extra, "history")
        return self._current().history_view()

    def _undo(self, extra: str) -> Any:
        from .widgets import PlanCard

        _nothing_more(extra, "undo")
        return PlanCard(self._current().undo())

    def _explore(self, extra: str) -> Any:
        _nothing_more(extra, "explore")
        return self._current().explore()


def _help() -> str:
    return _(HELP)


WorkspaceMagics.ws.__doc__ = HELP  # help() and the docs read the English
setattr(WorkspaceMagics.ws, "getdoc", _help)  # noqa: B010  (%ws? reads the setting's)


def _argument(rest: str) -> str:
    """The rest of the line, with one pair of surrounding quotes taken off."""
    rest = rest.strip()
    if len(rest) >= 2 and rest[0] == rest[-1] and rest[0] in "'\"":
        try:
            parts = shlex.split(rest)
        except ValueError:
            return rest
        if len(parts) == 1:
            return parts[0]
    return rest


def _required(value: str, usage: str) -> str:
    if not value:
        raise IPythonUsageError(_("Say what to look for: %ws {usage}.").format(usage=usage))
    return value


def _nothing_more(extra: str, command: str) -> None:
    if extra:
        raise IPythonUsageError(_("%ws {command} takes nothing more; drop {extra!r}.").format(
            command=command, extra=extra))


def load_ipython_extension(ipython: object) -> None:
    """Register ``%ws`` (``%load_ext wsnb`` calls this)."""
    register = getattr(ipython, "register_magics", None)
    if register is None:
        raise IPythonUsageError(_("Load wsnb's magics from IPython: %load_ext wsnb."))
    register(WorkspaceMagics)
