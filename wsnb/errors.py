"""Every error wsnb raises, in one place.

The hierarchy::

    WsnbError
    ├── UsageError                a call's arguments are wrong (also a ValueError)
    │   └── EditMatchError        an edit's old text matched no place, or several
    ├── UnknownNameError          no attribute or method by that name (also an AttributeError)
    ├── WorkspaceOpenError        the folder can't be opened as a workspace
    ├── PolicyError               the access policy refused a path or an action
    ├── NotFoundError             the path does not exist
    ├── ConflictError             the target already exists (wsnb never overwrites)
    ├── UnsupportedFileError      not a text file, or an encoding wsnb can't keep
    ├── WriteError                a write failed; the original is intact
    ├── TrashError                the system trash refused, or can't restore
    ├── LaunchError               no desktop launcher to open a file with
    ├── PlanError
    │   ├── PlanStateError        that move isn't allowed in the plan's state
    │   ├── StalePlanError        the files changed since the plan was made
    │   └── ConfirmationError     strong confirmation is missing or wrong
    ├── UndoError                 that change can't be undone
    └── LLMError                  talking to a language-model server failed

Errors carry their data as attributes (``path``, ``root``, ``reason``) and their
messages are whole sentences that say what to do next.

Tools do not raise for expected failures: they return a ``ToolResult`` whose
``error`` holds the same sentence. The facade raises these errors for methods
that return DataFrames.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ConfirmationError",
    "ConflictError",
    "EditMatchError",
    "LLMError",
    "LaunchError",
    "NotFoundError",
    "PlanError",
    "PlanStateError",
    "PolicyError",
    "StalePlanError",
    "TrashError",
    "UndoError",
    "UnknownNameError",
    "UnsupportedFileError",
    "UsageError",
    "WorkspaceOpenError",
    "WriteError",
    "WsnbError",
]


class WsnbError(Exception):
    """The root of every error wsnb raises.

    ``str(error)`` is its reason. Catch ``WsnbError`` to catch every refusal and failure
    wsnb reports.

    Parameters
    ----------
    reason : str
        The whole sentence a person can act on.
    path : str, optional
        The path the error is about.
    **data
        More facts, kept as attributes of the same names.

    Attributes
    ----------
    reason : str
        The sentence a person can act on.
    path : str or None
        The path the error is about (as the caller gave it, or workspace-relative).

    Examples
    --------
    >>> try:
    ...     ws.read("../outside.txt")
    ... except wsnb.WsnbError as error:
    ...     print(type(error).__name__, error.rule.value)
    PolicyError outside-workspace
    """

    def __init__(self, reason: str, *, path: str | None = None, **data: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.path = path
        for key, value in data.items():
            setattr(self, key, value)

    def __str__(self) -> str:
        return self.reason


class UsageError(WsnbError, ValueError):
    """The call's arguments are wrong: an empty query, a bad regex, a negative limit."""


class EditMatchError(UsageError):
    """An edit's ``old_text`` matched no place in the file, or more than one.

    Attributes
    ----------
    edit : int
        The edit's number (1-based).
    count : int
        How many places matched.
    lines : tuple of int
        The 1-based lines where they start, so the caller can quote more text.
    """

    edit: int
    count: int
    lines: tuple[int, ...]

    def __init__(self, reason: str, *, edit: int, count: int, lines: tuple[int, ...] = (),
                 path: str | None = None) -> None:  # fmt: skip
        super().__init__(reason, path=path, edit=edit, count=count, lines=tuple(lines))


class UnknownNameError(WsnbError, AttributeError):
    """No attribute or method by that name; the message names the nearest ones (``name``)."""


class WorkspaceOpenError(WsnbError):
    """The folder is missing, is a file, or is a system folder."""


class PolicyError(WsnbError):
    """The access policy refused a path or an action.

    Attributes
    ----------
    rule : Rule
        The rule that refused (a ``wsnb.types.Rule``, an English code), so code can branch
        on it without parsing the message.
    """

    rule: Any

    def __init__(self, reason: str, *, path: str | None = None, rule: Any = None) -> None:
        super().__init__(reason, path=path, rule=rule)


class NotFoundError(WsnbError):
    """The path does not exist inside the workspace."""


class ConflictError(WsnbError):
    """The target already exists; wsnb never overwrites."""


class UnsupportedFileError(WsnbError):
    """Not a text file, or text in an encoding wsnb can't read or keep."""


class WriteError(WsnbError):
    """Writing failed part way; the original file is intact."""


class TrashError(WsnbError):
    """The system trash could not take the item, or can't give it back."""


class LaunchError(WsnbError):
    """There is no desktop launcher to open the path with."""


class PlanError(WsnbError):
    """Something about a plan's lifecycle went wrong."""


class PlanStateError(PlanError):
    """The plan is in a state where that move is not allowed."""


class StalePlanError(PlanError):
    """The files changed on disk since the plan was made."""


class ConfirmationError(PlanError):
    """The plan needs strong confirmation and did not get it."""


class UndoError(WsnbError):
    """The journal entry can't be undone."""


class LLMError(WsnbError):
    """Talking to a language-model server failed."""
