"""The core ``Workspace``: a folder read, searched, followed and changed through plans, no faces.

The facade wires the floors below and adds no logic of its own: reads go to
the read tools (and raise the tool's error when refused), changes go to the
plan book and come back as plans to confirm. It runs in a plain script: the
notebook's ``Workspace`` (``wsnb.notebook``, what ``wsnb.open_workspace`` returns)
adds the views and the agent on top of it.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import sys
import threading
import warnings
import weakref
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self, TypedDict, Unpack

from .. import advice
from ..disk import fsops, textio
from ..errors import NotFoundError, UsageError
from ..fileindex.hub import IndexWatch
from ..fileindex.verdicts import ContentVerdicts
from ..fileindex.watcher import WatchSettings
from ..i18n import _
from ..policy.access import AccessPolicy
from ..text.edits import as_edits
from ..tools.base import ToolContext, ToolRegistry, local_now
from ..tools.limits import ToolLimits
from ..tools.read import READ_TOOLS
from ..types import FileInfo, FileText, InterruptedWarning, PermissionMode, ToolResult
from .indexing import IndexedFolder, binary_seen
from .notebooks import NotebookMethods
from .tables import TableReading

if TYPE_CHECKING:
    import pandas as pd

    from ..disk.launcher import Launcher
    from ..disk.trash import Trash
    from ..fileindex.analysis import ProjectSummary
    from ..fileindex.changes import IndexChange
    from ..fileindex.index import FileIndex
    from ..fileindex.scanner import ScanLimits
    from ..plans.book import PlanBook
    from ..plans.plan import Plan
    from ..plans.recovery import Interrupted
    from ..plans.store import PlanStore
    from ..search.grep import Progress

__all__ = ["OpenOptions", "Workspace", "open_workspace"]

logger = logging.getLogger("wsnb")

# A person's defaults: the whole answer, bounded only where a notebook would choke.
_PERSON = ToolLimits.for_person()


class OpenOptions(TypedDict, total=False):
    """The keyword options of ``open_workspace`` (written once, in ``Workspace.from_path``)."""

    limits: ScanLimits | None
    allow_sensitive: bool
    trash: Trash | None
    launcher: Launcher | None
    clock: Callable[[], datetime] | None
    watch: bool | WatchSettings


def open_workspace(path: str | os.PathLike[str],
                   mode: PermissionMode | str = PermissionMode.CONFIRM,
                   **options: Unpack[OpenOptions]) -> Workspace:  # fmt: skip
    """Open a project folder as a workspace.

    ``mode`` is ``"confirm-before-write"`` (the default: every change is a plan
    you confirm), ``"read-only"`` (every change is refused) or ``"advanced"``
    (reserved; still confirms every change). ``limits`` bounds the scan
    (default: ``ScanLimits.for_person()``, depth 64 and 1,000,000 entries; a
    cut scan says so under ``ws.files``). ``trash``, ``launcher`` and ``clock``
    are seams for tests and embedding; the defaults are the system's.

    The index follows the disk by itself: a watcher thread, started with the
    first scan, applies changes made outside wsnb within a second. ``watch=False``
    keeps the index as scanned (``ws.scan()`` reads it again); a
    ``wsnb.WatchSettings`` tunes the watcher. Stop it with ``ws.close()`` or a
    ``with`` block (garbage collection and interpreter exit stop it too).

    Raises ``WorkspaceOpenError`` for a missing folder, a file, or a system folder.
    """
    return Workspace.from_path(path, mode, **options)


class Workspace(IndexedFolder, NotebookMethods, TableReading):
    """A project folder you can explore as DataFrames and change through plans.

    Build one with ``wsnb.open_workspace(path)``.
    """

    def __init__(
        self,
        policy: AccessPolicy,
        *,
        limits: ScanLimits | None = None,
        trash: Trash | None = None,
        launcher: Launcher | None = None,
        clock: Callable[[], datetime] | None = None,
        watch: bool | WatchSettings = True,
    ) -> None:
        from ..disk.launcher import Launcher
        from ..disk.trash import Trash
        from ..fileindex.scanner import ScanLimits
        from ..listeners import Listeners
        from ..plans.book import PlanBook, stale_marker
        from ..plans.journal import Journal
        from ..tools.writes import register_write_tools

        self.policy = policy
        self.limits = limits or ScanLimits.for_person()
        self._index: FileIndex | None = None
        self._summary: tuple[pd.DataFrame, ProjectSummary] | None = None
        self._progress: Callable[[int], None] | None = None
        self._live = IndexWatch(watch)
        self._scanning = threading.RLock()
        # The watcher stops when this workspace is collected, without keeping it alive.
        self._finalizer = weakref.finalize(self, self._live.stop)
        self._file_listeners: Listeners[IndexChange] = Listeners("workspace files")
        self._followed: set[str] = set()  # the done plans the index has followed
        self.tools = ToolRegistry()
        for tool in READ_TOOLS:
            self.tools.register(tool)
        register_write_tools(self.tools)
        self.context = ToolContext(
            policy=policy,
            index=self._current_index,
            trash=trash or Trash(),
            launcher=launcher or Launcher(),
            clock=clock or local_now,
            extras={"binary_seen": binary_seen(weakref.ref(self))},
        )
        self._verdicts = ContentVerdicts()
        self.context.extras["verdicts"] = self._verdicts
        # The agent's tools run with self.context (a model's limits); a person reads through
        # the same tools with a person's limits.
        self._reading = dataclasses.replace(self.context, limits=_PERSON, for_model=False)
        journal = Journal(policy.root, workspace=policy.workspace_kind)
        if policy.mode is not PermissionMode.READ_ONLY:
            fsops.keep_out_of_git(policy.root)  # a .wsnb/ from an older wsnb: no .gitignore yet
            fsops.clear_orphans(policy)  # temporary files of processes that were killed
        self._book: PlanBook = PlanBook(self.context, self.tools, journal,
                                        on_change=self._follow_plan)  # fmt: skip
        self._tell_interrupted()
        # Pending plans whose paths change outside wsnb say so on their cards.
        self._file_listeners.add(stale_marker(self._book, policy))
        self._plan_store: PlanStore | None = None
        self._closers: list[Callable[[], None]] = []  # what close() stops besides the watcher
        logger.info("workspace opened: %s (mode %s)", policy.root, policy.mode.value)

    @classmethod
    def from_path(
        cls,
        path: str | os.PathLike[str],
        mode: PermissionMode | str = PermissionMode.CONFIRM,
        *,
        limits: ScanLimits | None = None,
        allow_sensitive: bool = False,
        trash: Trash | None = None,
        launcher: Launcher | None = None,
        clock: Callable[[], datetime] | None = None,
        watch: bool | WatchSettings = True,
    ) -> Self:
        """``open_workspace`` for this class (the notebook's ``Workspace`` opens this way).

        Parameters
        ----------
        path : str or os.PathLike
            The project folder.
        mode : PermissionMode or str
            ``"confirm-before-write"`` (the default), ``"read-only"`` or ``"advanced"``.
        limits : ScanLimits, optional
            How far a scan goes.
        allow_sensitive : bool
            Let a person read sensitive files without typing their names (never a model).
        trash, launcher, clock : optional
            Seams for tests and embedding: the system trash, the desktop launcher, the time.
        watch : bool or WatchSettings
            Follow the disk with a watcher thread (``False``: a snapshot, ``scan()`` reads again).

        Returns
        -------
        Workspace

        Raises
        ------
        WorkspaceOpenError
            The folder is missing, is a file, or is a system or home folder.
        UsageError
            ``mode`` is not one of the three.
        """
        try:
            mode = PermissionMode(mode)
        except ValueError:
            from ..errors import UsageError

            choices = ", ".join(repr(m.value) for m in PermissionMode)
            raise UsageError(_("mode must be one of {choices}, not {mode!r}.").format(
                choices=choices, mode=mode)) from None
        policy = AccessPolicy(path, mode=mode, allow_sensitive=allow_sensitive)
        return cls(policy, limits=limits, trash=trash, launcher=launcher, clock=clock,
                   watch=watch)

    if not TYPE_CHECKING:  # a type checker still flags a misspelt name

        def __getattr__(self, name: str) -> Any:
            """Only for a name that is not there: an error naming the nearest one."""
            from ..text.nearmiss import unknown_name

            if hasattr(type(self), name):  # a property failed inside: its own error, not a guess
                return object.__getattribute__(self, name)
            raise unknown_name(self, name, call="ws")

    def __repr__(self) -> str:
        scanned = f"{len(self._index.frame):,} entries" if self._index else "not scanned yet"
        return f"<Workspace {self.root} ({self.mode.value}, {scanned})>"

    # -- identity ---------------------------------------------------------------------

    @property
    def root(self) -> Path:
        """The workspace's real path (symlinks resolved)."""
        return self.policy.root

    @property
    def mode(self) -> PermissionMode:
        """What this workspace lets tools do: read-only, confirm-before-write or advanced."""
        return self.policy.mode

    # -- reading ----------------------------------------------------------------------

    def _run(self, tool_name: str, **params: Any) -> ToolResult:
        tool = self.tools.get(tool_name)
        return tool.run(self._reading, **params).raise_for_error()  # type: ignore[attr-defined, no-any-return]

    def ls(self, path: str = ".", limit: int | None = None) -> pd.DataFrame:
        """The entries of one folder (shallow, all of them unless ``limit``), folders first.

        Parameters
        ----------
        path : str
            A workspace-relative folder; ``"."`` is the root.
        limit : int, optional
            At most this many rows; the note under the table counts the others.

        Returns
        -------
        pandas.DataFrame
            One row per entry, read from the disk now (``path``, ``name``, ``size``, ...).

        Raises
        ------
        PolicyError
            The path leads outside the workspace, or is refused.
        NotFoundError
            The folder does not exist.

        Examples
        --------
        >>> ws.ls("src")["path"].tolist()
        ['src/main.cpp', 'src/widget.cpp', 'src/widget.h']
        """
        from ..display import readable

        return readable(self._run("list_folder", path=path, limit=limit).data, left=["path"])

    def find(self, keyword: str, limit: int | None = _PERSON.names) -> pd.DataFrame:
        """Files whose names match ``keyword`` (``'main'``, ``'.cpp'``, ``'说明'``), best first.

        Parameters
        ----------
        keyword : str
            A name, a stem, a suffix or a part of one.
        limit : int or None
            The best 30 unless said otherwise; ``None`` returns every match.

        Returns
        -------
        pandas.DataFrame
            Ranked rows: exact name, stem, prefix, word, substring. Sensitive files are named.

        Raises
        ------
        UsageError
            The keyword is empty or the limit negative.

        Examples
        --------
        >>> ws.find("main")["path"].tolist()
        ['app/main.py', 'src/main.cpp']
        """
        from ..display import readable

        return readable(self._run("search_files", keyword=keyword, limit=limit).data,
                        left=["path"])  # fmt: skip

    def grep(
        self,
        pattern: str,
        regex: bool = False,
        case: bool = False,
        limit: int | None = _PERSON.matches,
        *,
        max_bytes: int = _PERSON.search_bytes,
        max_files: int | None = _PERSON.files,
        progress: Progress | None = None,
        per_file: int | None = None,
        outputs: bool = False,
    ) -> pd.DataFrame:
        """Lines containing ``pattern`` in every text file of the index: path, line, column, text.

        A notebook is searched by cell: its rows carry ``cell`` and a ``line`` within
        that cell, their text as written in the cell (never its JSON or base64).

        Parameters
        ----------
        pattern : str
            The text to look for (a regular expression with ``regex=True``).
        regex : bool
            Read ``pattern`` as a Python regular expression.
        case : bool
            Match case (searches ignore it by default).
        limit : int or None
            At most this many lines (10,000); ``None`` for all.
        max_bytes : int
            Files larger than this (4 MiB) are skipped and counted.
        max_files : int, optional
            Search at most this many files.
        progress : callable, optional
            ``progress(done_files, total_files)``, called in bounded steps.
        per_file : int, optional
            Keep at most this many lines of each file, so one big file can't fill the answer.
        outputs : bool
            Search notebooks' text outputs too (streams, results, tracebacks), not only
            their cell sources; the rows then have an ``output`` column.

        Returns
        -------
        pandas.DataFrame
            ``path``, ``line``, ``column``, ``text``, ``cell`` (a notebook's; none for other
            files). A cut result says so under the table, and ``.attrs`` counts what was
            searched and skipped (sensitive files included).

        Raises
        ------
        UsageError
            An empty pattern, a regular expression that does not compile, a negative limit.

        Examples
        --------
        >>> ws.grep("greeting")[["path", "line"]].values.tolist()
        [['app/utils.py', 10], ['tests/test_utils.py', 20], ['tests/test_utils.py', 21]]
        """
        from ..progress import notebook_progress

        # In a notebook, a search that takes more than half a second shows a bar.
        with notebook_progress(_("Searching text"), unit=_("files")) as bar:
            result = self._run("search_text", pattern=pattern, regex=regex, case=case,
                               limit=limit, max_files=max_files, max_bytes=max_bytes,
                               progress=progress or bar, per_file=per_file,
                               outputs=outputs)  # fmt: skip
        from ..display import readable

        frame = readable(result.data, left=["path", "text"])  # code lines print left-aligned
        frame.attrs["optional"] = ["cell", "output"]  # shown only where a notebook matched
        return frame

    def read(self, path: str, max_bytes: int = _PERSON.read_bytes, *,
             confirm: str | None = None, raw: bool = False) -> FileText:  # fmt: skip
        """A text file's content with its encoding; ``str()`` gives the text.

        A notebook (``.ipynb``) reads as its cells: a ``NotebookText`` whose text is the
        cells view (each cell's number, type, id and source, its outputs summarised) and
        whose ``cells`` are the cells; ``raw=True`` gives its JSON text instead.

        Parameters
        ----------
        path : str
            A workspace-relative file.
        max_bytes : int
            Whole files up to this size (16 MiB); a longer file is cut there, and its
            display says so.
        confirm : str, optional
            A sensitive file (``wsnb.policy.names.SENSITIVE_RULES``) is read only on purpose:
            its name, typed (``confirm="id_rsa"``). The read is logged, never its content.
        raw : bool
            Read a notebook as the text of its file (JSON), not as cells.

        Returns
        -------
        FileText
            ``.text``, ``.encoding``, ``.newline``, ``.truncated``; for a notebook a
            ``NotebookText`` (a ``FileText`` with ``.cells``).

        Raises
        ------
        PolicyError
            Outside the workspace, or a sensitive file without ``confirm``.
        NotFoundError
            The file does not exist.
        UnsupportedFileError
            A binary file, or an encoding wsnb can't read.

        Examples
        --------
        >>> doc = ws.read("app/utils.py")
        >>> doc.encoding, doc.newline, doc.truncated
        ('utf-8', '\\n', False)
        >>> "def greeting" in doc.text
        True
        """
        doc: FileText = self._run("read_file", path=path, limit=max_bytes, confirm=confirm,
                                  raw=raw).data  # fmt: skip
        return doc

    def info(self, path: str) -> FileInfo:
        """One entry's details (size, modified, kind) from the disk now, not from the index.

        Parameters
        ----------
        path : str
            A workspace-relative file or folder.

        Returns
        -------
        FileInfo
            ``is_text`` decided by the first bytes, as ``read()`` decides.

        Raises
        ------
        PolicyError
            The path leads outside the workspace.
        NotFoundError
            Nothing by that name.

        Examples
        --------
        >>> info = ws.info("src/main.cpp")
        >>> info.suffix, info.is_dir, info.is_text
        ('.cpp', False, True)
        """
        from ..tools.read import file_info

        target = self.policy.resolve(path)
        try:
            info = file_info(target.relative, os.lstat(target.absolute))
        except FileNotFoundError:
            raise NotFoundError(advice.NOT_FOUND(path=target), path=target.relative) from None
        if info.is_text and textio.binary_head(target):  # the bytes decide, as read() does
            self._binary_seen(target)
            info = dataclasses.replace(info, is_text=False)
        return info

    def tree(self, path: str = ".", depth: int = 2) -> pd.DataFrame:
        """The index below ``path`` as a DataFrame that reads as a tree (column ``tree``).

        Parameters
        ----------
        path : str
            The folder at the top; ``"."`` is the root.
        depth : int
            How many levels below it.

        Returns
        -------
        pandas.DataFrame
            One row per entry, in tree order, with the drawn ``tree`` column.

        Raises
        ------
        PolicyError, NotFoundError
            The folder is refused or missing.
        """
        from ..fileindex.treeview import tree_frame

        folder = self.policy.check_read_dir(path).raise_if_refused()
        return tree_frame(self._current_index().frame, folder.relative, depth)

    def summary(self) -> ProjectSummary:
        """An offline overview: languages, sizes, top folders, key files, entry points.

        Returns
        -------
        ProjectSummary
            Its ``str()`` is a readable report; computed once per state of the index.
        """
        from ..fileindex.analysis import summarize

        index = self._current_index()
        # Once per index state: every change (a scan, a plan, an outside edit) gives the index a
        # new frame, so the frame is the key.
        frame = index.frame
        if self._summary is None or self._summary[0] is not frame:
            self._summary = (frame, summarize(self.policy, index))
        return self._summary[1]

    # -- changes: every one is a plan -------------------------------------------------

    def create_file(self, path: str, content: str = "") -> Plan:
        """Plan a new text file (never overwrites). Confirm it to create it.

        Parameters
        ----------
        path : str
            The new file; missing folders on the way are created with it.
        content : str
            Its text, written as UTF-8.

        Returns
        -------
        Plan
            Pending (or refused, saying why: the name exists, a dangerous suffix...).

        Examples
        --------
        >>> plan = ws.create_file("notes/todo.md", "- [ ] ship\\n")
        >>> plan.state.value, plan.risk.name
        ('pending', 'MEDIUM')
        >>> plan.confirm().message
        'Created notes/todo.md (11 bytes).'
        >>> ws.undo().confirm().success
        True
        """
        return self._book.propose("create_file", path=path, content=content)

    def create_folder(self, path: str) -> Plan:
        """Plan a new folder.

        Parameters
        ----------
        path : str
            The new folder; missing parents are created with it.

        Returns
        -------
        Plan
            Pending, or refused when the name exists.
        """
        return self._book.propose("create_folder", path=path)

    def write_file(self, path: str, content: str) -> Plan:
        """Plan new content for an existing text file: backed up, encoding and line endings kept.

        Parameters
        ----------
        path : str
            An existing text file.
        content : str
            The whole new text.

        Returns
        -------
        Plan
            Pending, with the diff; the old version goes to ``.wsnb/backups/`` at confirmation.

        Examples
        --------
        >>> plan = ws.write_file("README.md", "# Sample\\n")
        >>> plan.risk.name
        'HIGH'
        >>> plan.cancel()
        >>> plan.state.value
        'cancelled'
        """
        return self._book.propose("write_file", path=path, content=content)

    def append_text(self, path: str, text: str, *, section: str | None = None,
                    header: str = "") -> Plan:  # fmt: skip
        """Plan adding ``text`` at the end of a file, or of its ``section`` (a heading's text):
        applied to the file as it is when confirmed, so it never goes stale.

        Parameters
        ----------
        path : str
            The file; a missing one is created, starting with ``header``.
        text : str
            What to add.
        section : str, optional
            The heading to add under (``"To do"`` or ``"## To do"``); made at the end of the
            file the first time.
        header : str
            The start of a file that does not exist yet.

        Returns
        -------
        Plan
            Pending, low risk (or refused, saying why).
        """
        return self._book.propose("append_text", path=path, text=text, section=section,
                                  header=header)  # fmt: skip

    def edit_section(self, path: str, operation: str, content: str = "", *,
                     section: str | None = None, find_text: str | None = None,
                     expected_replacements: int = 1) -> Plan:  # fmt: skip
        """Plan one section operation on a Markdown file: ``append``, ``prepend``,
        ``replace_section``, ``insert_before_section``, ``insert_after_section`` or
        ``find_replace`` (``wsnb.text.sections``).

        Parameters
        ----------
        path : str
            An existing text file.
        operation : str
            One of the operations above.
        content : str
            The text to add, or to replace with.
        section : str, optional
            The heading acted on (needed by the three section operations).
        find_text : str, optional
            For ``find_replace``: the exact text to replace.
        expected_replacements : int
            For ``find_replace``: how many times ``find_text`` must occur.

        Returns
        -------
        Plan
            Pending with its diff, or refused (no such section, a count that differs).
        """
        return self._book.propose("edit_section", path=path, operation=operation,
                                  content=content, section=section, find_text=find_text,
                                  expected_replacements=expected_replacements)  # fmt: skip

    def edit(self, path: str, old_text: str | None = None, new_text: str | None = None, *,
             edits: Sequence[Any] | None = None, replace_all: bool = False) -> Plan:  # fmt: skip
        """Plan exact-text edits to one text file: only the quoted text changes.

        Parameters
        ----------
        path : str
            The workspace-relative path of an existing text file.
        old_text, new_text : str, optional
            One edit: ``old_text`` must occur once in the file (with whitespace at
            the line ends and in the indentation forgiven when it does not occur
            exactly); it becomes ``new_text``.
        edits : list, optional
            Several edits, applied in order: ``{"old_text": ..., "new_text": ...,
            "replace_all": False}`` dicts or ``(old, new)`` pairs. Give either
            ``old_text``/``new_text`` or ``edits``.
        replace_all : bool
            With ``old_text``: change every occurrence instead of requiring one.

        Returns
        -------
        Plan
            Pending, with the changed hunks as its diff; the file keeps its encoding
            and line endings. Refused (with the count and the lines) when an
            ``old_text`` matches no place or several.

        Raises
        ------
        UsageError
            Neither or both forms given, or an edit that is not text.
        """
        changes = _edit_list(old_text, new_text, edits, replace_all)
        return self._book.propose("edit_file", path=path, edits=changes)

    def change_set(self, title: str, changes: Sequence[Mapping[str, Any]], *,
                   warnings: Sequence[str] = ()) -> Plan:  # fmt: skip
        """Plan several changes as one: one card, Confirm all, and undo as a whole.

        Parameters
        ----------
        title : str
            What the change set does, in the person's words ("Rename load to read").
        changes : list of dict
            Each ``{"op": ..., **arguments}``: ``edit`` (path, edits), ``write``
            (path, content), ``create_file`` (path, content), ``create_folder``
            (path), ``copy``/``move`` (source, target), ``rename`` (path, new_name)
            or ``trash`` (path). A path may appear in one change only.
        warnings : list of str, optional
            Sentences the card shows besides the steps' own warnings (what a person
            should know before confirming the whole set).

        Returns
        -------
        Plan
            Pending, with ``plan.steps`` (one plan per change); ``plan.leave_out(n)``
            drops change ``n`` before confirming. The steps run in order; if one
            fails, the ones before it are undone and the result says which failed.
        """
        if warnings:
            return self._book.propose("change_set", title=title, changes=changes,
                                      warnings=list(warnings))  # fmt: skip
        return self._book.propose("change_set", title=title, changes=changes)

    def rename_identifier(self, old: str, new: str, glob: str | None = None) -> Plan:
        """Plan renaming the name ``old`` to ``new`` in every text file, as one change set.

        ``old`` is changed where it stands as a whole name, as each file's language draws
        a name's edges (``wsnb.text.identifiers``): ``word_count`` and not
        ``word_counts`` or ``test_word_count``, in code and in Markdown alike (also when
        Markdown escapes it as ``word\\_count``). Files are not renamed: for a file name,
        use ``rename()``.

        Parameters
        ----------
        old : str
            The name as it is written now, case included.
        new : str
            The name it becomes.
        glob : str, optional
            Only the files whose paths match (``"src/**/*.py"``, ``"*.md"``).

        Returns
        -------
        Plan
            Pending: one change set with a step per file, each an exact-text edit whose
            diff the card shows; confirmed at once and undone as a whole. A warning says
            where ``new`` already stands as a name.

        Raises
        ------
        NotFoundError
            ``old`` stands as a name in no text file (no empty plan is made).
        UsageError
            A name with spaces or no letter, the same name twice, or more files than
            one change set takes (50: narrow it with ``glob``).

        Examples
        --------
        >>> plan = ws.rename_identifier("word_count", "count_words")
        >>> [step.target.relative for step in plan.steps]
        ['app/utils.py', 'tests/test_utils.py']
        >>> plan.cancel()
        """
        from ..tools.identifiers import name_rename

        found = name_rename(self.context, old, new, glob)
        return self.change_set(found.title, found.changes, warnings=found.warnings)

    def copy(self, source: str, target: str) -> Plan:
        """Plan a copy of one file (never overwrites).

        Parameters
        ----------
        source : str
            The file to copy.
        target : str
            The new path, or an existing folder to copy into.

        Returns
        -------
        Plan
            Pending, or refused when the target exists.
        """
        return self._book.propose("copy_file", source=source, target=target)

    def move(self, source: str, target: str) -> Plan:
        """Plan a move of one file inside the workspace (never overwrites).

        Parameters
        ----------
        source : str
            The item to move.
        target : str
            The new path, or an existing folder to move into (``"docs"`` gives ``docs/<name>``).

        Returns
        -------
        Plan
            Pending, or refused when the target exists.
        """
        return self._book.propose("move_file", source=source, target=target)

    def rename(self, path: str, new_name: str) -> Plan:
        """Plan a rename in the same folder (never overwrites).

        Parameters
        ----------
        path : str
            The item to rename.
        new_name : str
            A name, not a path: the item stays in its folder.

        Returns
        -------
        Plan
            Pending (renaming a folder needs strong confirmation), or refused.
        """
        return self._book.propose("rename", path=path, new_name=new_name)

    def trash(self, path: str) -> Plan:
        """Plan moving one item to the system trash (never a permanent delete).

        ``delete`` is another name for it.

        Parameters
        ----------
        path : str
            One file or folder.

        Returns
        -------
        Plan
            Pending. A folder, a sensitive file or a dangerous suffix needs strong
            confirmation: ``confirm(typed_name=...)`` or ``confirm(strong=True)``.
        """
        return self._book.propose("trash", path=path)

    delete = trash

    def open(self, path: str) -> Plan:
        """Plan opening a file with the system's default app.

        Parameters
        ----------
        path : str
            The file; a dangerous suffix is refused.

        Returns
        -------
        Plan
            Pending; confirming it makes one fixed launcher call, with no shell.
        """
        return self._book.propose("open_file", path=path)

    def open_folder(self, path: str = ".") -> ToolResult:
        """Open a folder in the file manager (low risk: runs at once).

        Parameters
        ----------
        path : str
            The folder; ``"."`` is the root.

        Returns
        -------
        ToolResult
            ``success`` and a ``message``; ``error`` says why when there is no launcher.
        """
        return self.tools.get("open_folder").run(self.context, path=path)  # type: ignore[attr-defined, no-any-return]

    def reveal(self, path: str) -> ToolResult:
        """Show an item in the file manager (low risk: runs at once).

        Parameters
        ----------
        path : str
            The file or folder.

        Returns
        -------
        ToolResult
            ``success`` and a ``message``; ``error`` says why when there is no launcher.
        """
        return self.tools.get("reveal").run(self.context, path=path)  # type: ignore[attr-defined, no-any-return]

    # -- plans, history, undo ---------------------------------------------------------

    @property
    def pending(self) -> pd.DataFrame:
        """Every plan waiting for a decision, oldest first: this notebook's and the ones agents
        proposed (kept in ``.wsnb/plans/``), with who proposed each (``proposer``) and the
        kind of workspace it changes (``workspace``); times read in local time."""
        from ..display import readable
        from ..noted import with_note
        from ..plans.book import pending_frame

        frame = pending_frame(self.plan_store.pending(), self.plan_store.workspace)
        return readable(with_note(frame, "", nothing=_(
            "No plan waits for confirmation.")), seconds=True)  # fmt: skip

    @property
    def plans(self) -> list[Plan]:
        """Every plan made in this session."""
        return self._book.plans()

    def plan(self, plan_id: str) -> Plan:
        """The plan of this session with that id (the short id a card shows will do).

        Parameters
        ----------
        plan_id : str
            A plan's id.

        Returns
        -------
        Plan

        Raises
        ------
        NotFoundError
            No plan of this session has that id.
        """
        return self._book.get(plan_id)

    @property
    def history(self) -> pd.DataFrame:
        """Every executed change (from ``.wsnb/history.jsonl``), most recent first.

        ``time`` keeps the journal's times; they read in local time, to the second.
        """
        from ..display import readable
        from ..noted import with_note

        return readable(with_note(self._book.history(), "", nothing=_(
            "No change yet: the history is empty.")), left=["what"], seconds=True)  # fmt: skip

    def _tell_interrupted(self) -> None:
        """Say on open what was cut short here (a kill, a crash) and waits for a decision."""
        self._say_interrupted(self._book.look_on_open())

    def _say_interrupted(self, found: list[Interrupted]) -> None:
        for each in found:
            logger.warning("run %s was cut short and waits for a decision", each.run)
            warnings.warn(each.sentence(), InterruptedWarning, stacklevel=_caller_level())

    @property
    def interrupted(self) -> list[Interrupted]:
        """The changes cut short here (the process carrying them out was killed or crashed)
        that wait for a decision, oldest first.

        Each says which of its changes ran; ``undo()`` and ``finish()`` give the plans that
        bring the files back to what they were, or carry out the rest, and ``keep()`` leaves
        them as they are. Opening the workspace warns about each (``InterruptedWarning``).

        Returns
        -------
        list of Interrupted
        """
        return self._book.interrupted()

    def undo(self, entry: str | int | None = None) -> Plan:
        """Plan the reverse of a change: the last one, a journal entry id, or a position.

        Parameters
        ----------
        entry : str or int, optional
            A journal entry's id, or a position in ``history`` (0 is the most recent);
            the last change when omitted.

        Returns
        -------
        Plan
            Pending: undo is a plan too. Undoing a create trashes what it made.

        Raises
        ------
        UndoError
            Nothing to undo, or that change can't be undone.
        """
        return self._book.undo(entry)

    def subscribe(self, listener: Callable[[Plan], None]) -> Callable[[], None]:
        """Call ``listener(plan)`` after each plan of this workspace ran and was journaled.

        Parameters
        ----------
        listener : callable
            Called with the plan; views of the journal refresh this way.

        Returns
        -------
        callable
            Call it to stop listening.
        """
        return self._book.subscribe(listener)

    def subscribe_new(self, listener: Callable[[Plan], None]) -> Callable[[], None]:
        """Call ``listener(plan)`` for each plan made here (in code, by a widget, by the agent).

        Parameters
        ----------
        listener : callable
            Called with each new plan; the panel's Plans tab follows new plans this way.

        Returns
        -------
        callable
            Call it to stop listening.
        """
        return self._book.subscribe_new(listener)

    @property
    def plan_store(self) -> PlanStore:
        """The plans agents proposed, kept at ``.wsnb/plans/`` until a person decides."""
        if self._plan_store is None:
            from ..plans.store import PLANS_DIR, PlanStore

            self._plan_store = PlanStore(self._book, self.root / PLANS_DIR,
                                         clock=self.context.clock)  # fmt: skip
        return self._plan_store

    def pending_plans(self) -> list[Plan]:
        """Every plan waiting for a decision, as plans: this notebook's and any agent's.

        Returns
        -------
        list of Plan
            Oldest first; an agent's plan comes from ``.wsnb/plans/``.
        """
        return self.plan_store.pending()


_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _caller_level() -> int:
    """The ``stacklevel`` that names the first caller outside wsnb (``open_workspace``,
    ``open_notes``... whichever way the workspace was opened)."""
    frame, level = sys._getframe(1), 1
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE):
        frame, level = frame.f_back, level + 1  # type: ignore[assignment]
    return level


def _edit_list(old_text: str | None, new_text: str | None, edits: Sequence[Any] | None,
               replace_all: bool) -> list[dict[str, Any]]:  # fmt: skip
    """``ws.edit``'s two forms as the one list of edits the tool takes (JSON, for the store)."""
    single = old_text is not None or new_text is not None
    if single == (edits is not None):
        raise UsageError(_("Give either old_text and new_text, or edits=[...], to ws.edit(); "
                           "for example ws.edit('a.py', 'port = 80', 'port = 8080')."))  # fmt: skip
    if single:
        edits = [{"old_text": old_text, "new_text": new_text, "replace_all": replace_all}]
    return [edit.as_dict() for edit in as_edits(edits or [])]
