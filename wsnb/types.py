"""Enums and small dataclasses shared by every floor. No I/O here."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from . import advice
from .i18n import _, ngettext

__all__ = [
    "ActionType",
    "FileInfo",
    "FileText",
    "InterruptedWarning",
    "PermissionMode",
    "PlanState",
    "Risk",
    "Rule",
    "ToolResult",
]


class PermissionMode(enum.StrEnum):
    """What a workspace lets tools do.

    ``ADVANCED`` is reserved: it still confirms every write and never
    executes a plan by itself.
    """

    READ_ONLY = "read-only"
    CONFIRM = "confirm-before-write"
    ADVANCED = "advanced"


class Risk(enum.IntEnum):
    """How much an action can change; ordered, so ``risk >= Risk.MEDIUM`` works.

    Examples
    --------
    >>> wsnb.Risk.HIGH >= wsnb.Risk.MEDIUM
    True
    >>> str(wsnb.Risk.READ_ONLY)
    'read-only'
    """

    READ_ONLY = 0
    LOW = 1
    MEDIUM = 2
    HIGH = 3
    DANGEROUS = 4

    @property
    def label(self) -> str:
        """The risk as a lower-case word (``"read-only"``, ``"high"``), an English code."""
        return self.name.lower().replace("_", "-")

    def __str__(self) -> str:
        return self.label


class ActionType(enum.StrEnum):
    """The fixed list of things a tool can do. Nothing outside it ever runs."""

    LIST = "list"
    SEARCH_FILES = "search_files"
    SEARCH_TEXT = "search_text"
    READ = "read"
    OPEN_FILE = "open_file"
    OPEN_FOLDER = "open_folder"
    REVEAL = "reveal"
    CREATE_FILE = "create_file"
    CREATE_FOLDER = "create_folder"
    WRITE_FILE = "write_file"
    COPY = "copy"
    MOVE = "move"
    RENAME = "rename"
    TRASH = "trash"
    RESTORE = "restore"
    CHANGE_SET = "change_set"


class Rule(enum.StrEnum):
    """Why the access policy refused something; carried by ``PolicyError.rule``."""

    INVALID_PATH = "invalid-path"
    OUTSIDE = "outside-workspace"
    SYMLINK = "symlink"
    SPECIAL_FILE = "special-file"
    SYSTEM_FOLDER = "system-folder"
    DANGEROUS_SUFFIX = "dangerous-suffix"
    SENSITIVE = "sensitive-file"
    ILLEGAL_NAME = "illegal-name"
    PROTECTED = "protected-folder"
    NOT_TEXT = "not-text"
    READ_ONLY_MODE = "read-only-mode"
    NOT_ALLOWED = "not-allowed"


class PlanState(enum.StrEnum):
    """A plan's lifecycle: built -> pending -> confirmed -> done | failed | interrupted.

    A pending plan can also be cancelled, go stale (a path it relies on changed
    before it was confirmed), be refused (by the policy when it was built, or when
    it is checked again at confirm) or expire (an agent's plan nobody decided in a
    day). A confirmed plan is interrupted when the process carrying it out ended part
    way (a kill, a crash): ``ws.interrupted`` undoes or finishes it. The names are the
    ones ``plan_status`` says for a stored plan.
    """

    BUILT = "built"
    PENDING = "pending"
    CONFIRMED = "confirmed"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"
    REFUSED = "refused"
    STALE = "stale"
    EXPIRED = "expired"
    INTERRUPTED = "interrupted"

    @property
    def is_final(self) -> bool:
        """True for done, failed, cancelled, refused, stale, expired and interrupted: nothing
        moves a plan from there.

        Examples
        --------
        >>> wsnb.PlanState.DONE.is_final, wsnb.PlanState.PENDING.is_final
        (True, False)
        """
        return self in _FINAL_STATES


_FINAL_STATES = frozenset(
    {PlanState.DONE, PlanState.FAILED, PlanState.CANCELLED, PlanState.REFUSED, PlanState.STALE,
     PlanState.EXPIRED, PlanState.INTERRUPTED}
)


@dataclass(frozen=True, slots=True)
class FileInfo:
    """One entry of the workspace; ``path`` is workspace-relative, POSIX style.

    Attributes
    ----------
    path : str
        Workspace-relative, POSIX style (``"src/main.cpp"``).
    name, suffix : str
        The last part of the path and its suffix (``".cpp"``, ``""`` for none).
    size : int
        Bytes (0 for a folder).
    modified : datetime.datetime
        The last modification, local time.
    is_dir, is_text, is_hidden, is_symlink : bool
        What kind of entry it is; a symlink is reported, never followed.
    depth : int
        Folders below the root (1 for an entry in the root).
    """

    path: str
    name: str
    suffix: str
    size: int
    modified: datetime
    is_dir: bool
    is_text: bool
    is_hidden: bool
    is_symlink: bool
    depth: int


@dataclass(slots=True)
class ToolResult:
    """What a tool returns instead of raising for an expected failure.

    It is true when the tool succeeded.

    Attributes
    ----------
    success : bool
    message : str
        What a person reads, success or not (a failure says why here too).
    error : str
        Why it failed, as a sentence; empty on success.
    output : str
        The text a person or a model reads.
    target : str or None
        The path acted on.
    files : list of str
        The paths it touched.
    data : object
        A DataFrame or another structured result.
    rule : Rule or None
        The policy rule behind a refusal.
    exc : Exception or None
        The error behind a failure, for callers that raise.
    """

    success: bool
    message: str = ""
    error: str = ""
    output: str = ""
    target: str | None = None
    files: list[str] = field(default_factory=list)
    data: Any = None
    rule: Rule | None = None
    exc: Exception | None = None  # the WsnbError behind a failure, for callers that raise

    def __post_init__(self) -> None:
        # ``message`` is what a person reads, success or not: a failure says why there too.
        if not self.success and not self.message:
            self.message = self.error or _("The tool failed without saying why.")
            self.error = self.error or self.message

    @classmethod
    def failure(cls, exc: Exception, **fields: Any) -> ToolResult:
        """A failed result carrying ``exc``'s sentence, and its policy rule if any.

        Parameters
        ----------
        exc : Exception
            The error; its ``rule`` is kept when it has one.
        **fields
            Other fields of the result (``target``, ``files``...).

        Returns
        -------
        ToolResult
        """
        rule = getattr(exc, "rule", None)
        return cls(success=False, error=str(exc), rule=rule, exc=exc, **fields)

    def raise_for_error(self) -> ToolResult:
        """Raise the error behind a failed result; return the result otherwise.

        Returns
        -------
        ToolResult
            This result, when it succeeded.

        Raises
        ------
        WsnbError
            The error behind the failure (``exc``), or a ``WsnbError`` with its sentence.
        """
        if self.success:
            return self
        if self.exc is not None:
            raise self.exc
        from .errors import WsnbError

        raise WsnbError(self.error or _("The tool failed without saying why."))

    def __bool__(self) -> bool:
        return self.success

    def __repr__(self) -> str:
        status = "ok" if self.success else "failed"
        text = self.message if self.success else self.error
        return f"<ToolResult {status}: {text}>"


@dataclass(frozen=True, slots=True)
class FileText:
    """A text file as read: the text and how it was stored.

    ``str(doc)`` is the text; the repr shows a header and the first lines.

    Attributes
    ----------
    path : str
        Workspace-relative.
    text : str
        The text, with ``\\n`` line ends whatever the file holds.
    encoding : str
        The encoding it was stored in (a later write keeps it).
    newline : str
        The line ending it was stored with: ``"\\n"``, ``"\\r\\n"`` or ``"\\r"``.
    truncated : bool
        True when the file was longer than the read's bound.
    size : int
        The file's size in bytes.
    limit : int or None
        The byte bound that cut the text, when it was cut.
    """

    path: str
    text: str
    encoding: str
    newline: str
    truncated: bool
    size: int
    limit: int | None = None  # the byte bound that cut the text, when it was cut

    def __str__(self) -> str:
        return self.text

    def cut_note(self) -> str:
        """The sentence saying the text was cut, or "" when it is the whole file.

        Returns
        -------
        str
        """
        if not self.truncated:
            return ""
        said = advice.READ_MORE if self.limit else advice.READ_PART
        return said(path=self.path, limit=self.limit, size=self.size)

    @property
    def lines(self) -> list[str]:
        """The text's lines, without their line ends."""
        return self.text.splitlines()

    def header(self) -> str:
        """One line about the file: path, encoding, line endings, line count, and a cut.

        Returns
        -------
        str
        """
        endings = {"\n": "LF", "\r\n": "CRLF", "\r": "CR"}.get(self.newline, repr(self.newline))
        count = len(self.lines)
        if not self.truncated:
            return ngettext("{path} ({encoding}, {endings}, {lines:,} line)",
                            "{path} ({encoding}, {endings}, {lines:,} lines)", count).format(
                path=self.path, encoding=self.encoding, endings=endings, lines=count)
        head = ngettext("{path} ({encoding}, {endings}, {lines:,} line, truncated (file is "
                        "{size:,} bytes))", "{path} ({encoding}, {endings}, {lines:,} lines, "
                        "truncated (file is {size:,} bytes))", count).format(
            path=self.path, encoding=self.encoding, endings=endings, lines=count, size=self.size)
        return head + "\n" + _("Note: {note}").format(note=self.cut_note())

    def __repr__(self) -> str:
        shown = self.lines[:40]
        more = len(self.lines) - len(shown)
        tail = [_("... {count:,} more lines").format(count=more)] if more > 0 else []
        header = self.header()
        rule = "-" * min(len(header.splitlines()[0]), 80)
        return "\n".join([header, rule, *shown, *tail])


class InterruptedWarning(UserWarning):
    """What opening a workspace says when a change or a change set was cut short there (a
    kill, a crash) and waits for a decision: ``ws.interrupted`` holds it, with the plans that
    undo or finish it."""
