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
import time
import weakref
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from .errors import NotFoundError
from .fileindex.hub import IndexWatch
from .fileindex.watcher import WatchSettings
from .i18n import _, in_english
from .policy.access import AccessPolicy
from .tools.base import ToolContext, ToolRegistry, local_now
from .tools.limits import ToolLimits
from .tools.read import READ_TOOLS
from .types import FileInfo, FileText, PermissionMode, ToolResult

if TYPE_CHECKING:
    import pandas as pd

    from .disk.launcher import Launcher
    from .disk.trash import Trash
    from .fileindex.analysis import ProjectSummary
    from .fileindex.changes import IndexChange
    from .fileindex.index import FileIndex
    from .fileindex.scanner import ScanLimits, ScanReport
    from .plans.book import PlanBook
    from .plans.plan import Plan
    from .search.grep import Progress

__all__ = ["Workspace", "open_workspace"]

logger = logging.getLogger("wsnb")

# A person's defaults: the whole answer, bounded only where a notebook would choke.
_PERSON = ToolLimits.for_person()


def open_workspace(
    path: str | os.PathLike[str],
    mode: PermissionMode | str = PermissionMode.CONFIRM,
    *,
    limits: ScanLimits | None = None,
    allow_sensitive: bool = False,
    trash: Trash | None = None,
    launcher: Launcher | None = None,
    clock: Callable[[], datetime] | None = None,
    watch: bool | WatchSettings = True,
) -> Workspace:
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
    return Workspace.from_path(path, mode, limits=limits, allow_sensitive=allow_sensitive,
                               trash=trash, launcher=launcher, clock=clock, watch=watch)


class Workspace:
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
        from .disk.launcher import Launcher
        from .disk.trash import Trash
        from .fileindex.scanner import ScanLimits
        from .listeners import Listeners
        from .plans.book import PlanBook, stale_marker
        from .plans.journal import Journal
        from .tools.writes import register_write_tools

        self.policy = policy
        self.limits = limits or ScanLimits.for_person()
        self._index: FileIndex | None = None
        self._summary: tuple[pd.DataFrame, ProjectSummary] | None = None
        self._progress: Callable[[int], None] | None = None
        self._live = IndexWatch(watch)
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
        )
        # The agent's tools run with self.context (a model's limits); a person reads through
        # the same tools with a person's limits.
        self._reading = dataclasses.replace(self.context, limits=_PERSON, for_model=False)
        journal = Journal(policy.root)
        self._book: PlanBook = PlanBook(self.context, self.tools, journal,
                                        on_change=self._follow_plan)  # fmt: skip
        # Pending plans whose paths change outside wsnb say so on their cards.
        self._file_listeners.add(stale_marker(self._book, policy))
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
        """``open_workspace`` for this class (the notebook's ``Workspace`` opens this way)."""
        try:
            mode = PermissionMode(mode)
        except ValueError:
            from .errors import UsageError

            choices = ", ".join(repr(m.value) for m in PermissionMode)
            raise UsageError(_("mode must be one of {choices}, not {mode!r}.").format(
                choices=choices, mode=mode)) from None
        policy = AccessPolicy(path, mode=mode, allow_sensitive=allow_sensitive)
        return cls(policy, limits=limits, trash=trash, launcher=launcher, clock=clock,
                   watch=watch)

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
        return self.policy.mode

    # -- the index --------------------------------------------------------------------

    def scan(self, progress: Callable[[int], None] | None = None) -> ScanReport:
        """Scan the workspace again and return what the scan saw and left out.

        ``progress`` is called with the number of entries seen so far.
        """
        from .fileindex.index import FileIndex
        from .fileindex.scanner import scan
        from .plans.book import plans_running
        from .progress import notebook_progress

        started = time.time_ns()  # what changes after this, the watcher's first look catches
        # In a notebook, a scan that takes more than half a second shows a bar.
        with notebook_progress(_("Scanning"), unit=_("entries")) as bar:
            # A bar that will never show is no callback: without one, the scan checks
            # ignored files in one batch at the end instead of at every report.
            shown = bar if bar.enabled else None
            frame, report = scan(self.policy, limits=self.limits,
                                 progress=progress or self._progress or shown)  # fmt: skip
        if self._index is None:
            self._index = FileIndex(frame, report, policy=self.policy, limits=self.limits)
            self._index.listeners.add(self._file_listeners.notify)
            self._index.plans_running = plans_running(self._book, self._followed)
            self._live.start(self._index, started)
        else:  # the same index object, so views that follow it keep following
            self._index.reset(frame, report)
        logger.info("scanned %s: %d files, %d folders, truncated=%s",
                    self.root, report.files, report.dirs, report.truncated)  # fmt: skip
        if report.truncated:  # the log record in English, as every log record
            logger.warning("%s", in_english(lambda: _scan_note(report)))
        return report

    def _current_index(self) -> FileIndex:
        index = self._index
        if index is None or index.stale:
            self.scan()
            index = self._index
            assert index is not None
        elif index.revalidation is not None:
            index.revalidate()  # no watcher here: folder times, checked before each query
        if index.revalidation is not None and not self._live.said:
            self._live.said = True
            logger.warning("%s", index.report.live)
        return index

    def _follow_plan(self, plan: Plan) -> None:
        """Bring the index up to date with a confirmed plan (or its undo), without a rescan."""
        try:
            if self._index is not None:
                self._index.follow_plan(plan)
        finally:
            self._followed.add(plan.id)

    def subscribe_files(self, listener: Callable[[IndexChange], None]) -> Callable[[], None]:
        """Call ``listener(change)`` after the index changed (a plan, or a change outside wsnb).

        ``change.paths`` lists the entries added, removed or changed, and
        ``change.outside`` says whether wsnb saw them on the disk. It may be
        called from the watcher's thread. Returns the function that stops it.
        """
        return self._file_listeners.add(listener)

    @property
    def watching(self) -> str:
        """How the index follows the disk: "watching", "checking" (before each query),
        "off" (``watch=False``), "idle" (not scanned yet) or "closed"."""
        return self._live.state(self._index)

    def close(self) -> None:
        """Stop following the disk (the watcher thread ends); the index stays as it is."""
        self._live.stop()

    def __enter__(self) -> Workspace:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def files(self) -> pd.DataFrame:
        """Every scanned entry, one row each (a copy: filter and sort it freely).

        ``.attrs["scan"]`` holds the scan report: what was skipped or cut.
        """
        from .noted import with_note

        index = self._current_index()
        # warn=False: scan() logged the cut once; this is shown under the table every time.
        return with_note(index.frame.copy(), _scan_note(index.report), warn=False,
                         logged=in_english(lambda: _scan_note(index.report)),
                         scan=index.report)  # fmt: skip

    @property
    def scan_report(self) -> ScanReport:
        """What the last scan saw and left out (scans first if nothing was scanned yet)."""
        return self._current_index().report

    @property
    def last_scan(self) -> ScanReport | None:
        """The current index's scan report, or None when there is no index; never scans."""
        index = self._index
        return index.report if index is not None and not index.stale else None

    # -- reading ----------------------------------------------------------------------

    def _run(self, tool_name: str, **params: Any) -> ToolResult:
        tool = self.tools.get(tool_name)
        return tool.run(self._reading, **params).raise_for_error()  # type: ignore[attr-defined, no-any-return]

    def ls(self, path: str = ".", limit: int | None = None) -> pd.DataFrame:
        """The entries of one folder (shallow, all of them unless ``limit``), folders first."""
        frame: pd.DataFrame = self._run("list_folder", path=path, limit=limit).data
        return frame

    def find(self, keyword: str, limit: int | None = _PERSON.names) -> pd.DataFrame:
        """Files whose names match ``keyword`` (``'main'``, ``'.cpp'``, ``'说明'``), best first.

        The best 30 unless ``limit`` says otherwise; ``limit=None`` returns every match.
        """
        frame: pd.DataFrame = self._run("search_files", keyword=keyword, limit=limit).data
        return frame

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
    ) -> pd.DataFrame:
        """Lines containing ``pattern`` in every text file of the index: path, line, column, text.

        Literal and case-insensitive unless ``regex=True`` / ``case=True``. Up
        to ``limit`` lines (10,000; ``None`` for all); files over ``max_bytes``
        (4 MiB) are skipped. A cut result says so under the table, and
        ``.attrs`` counts what was searched and skipped. ``progress(done_files,
        total_files)`` is called in bounded steps.
        """
        from .progress import notebook_progress

        # In a notebook, a search that takes more than half a second shows a bar.
        with notebook_progress(_("Searching text"), unit=_("files")) as bar:
            result = self._run("search_text", pattern=pattern, regex=regex, case=case,
                               limit=limit, max_files=max_files, max_bytes=max_bytes,
                               progress=progress or bar)  # fmt: skip
        from .display import readable

        return readable(result.data, left=["path", "text"])  # code lines print left-aligned

    def read(self, path: str, max_bytes: int = _PERSON.read_bytes, *,
             confirm: str | None = None) -> FileText:  # fmt: skip
        """A text file's content with its encoding; ``str()`` gives the text.

        Whole files up to ``max_bytes`` (16 MiB); a longer file is cut there,
        and its display says so. A sensitive file (``wsnb.policy.names.SENSITIVE_RULES``)
        is read only on purpose: ``confirm`` is its name, typed (``confirm="id_rsa"``);
        the read is logged, never its content.
        """
        doc: FileText = self._run("read_file", path=path, limit=max_bytes, confirm=confirm).data
        return doc

    def info(self, path: str) -> FileInfo:
        """One entry's details (size, modified, kind) from the disk now, not from the index."""
        from .tools.read import file_info

        target = self.policy.resolve(path)
        try:
            return file_info(target.relative, os.lstat(target.absolute))
        except FileNotFoundError:
            raise NotFoundError(_("{path} does not exist; check the name with ls() or "
                                  "find().").format(path=target),
                                path=target.relative) from None  # fmt: skip

    def tree(self, path: str = ".", depth: int = 2) -> pd.DataFrame:
        """The index below ``path`` as a DataFrame that reads as a tree (column ``tree``)."""
        from .fileindex.treeview import tree_frame

        folder = self.policy.check_read_dir(path).raise_if_refused()
        return tree_frame(self._current_index().frame, folder.relative, depth)

    def summary(self) -> ProjectSummary:
        """An offline overview: languages, sizes, top folders, key files, entry points."""
        from .fileindex.analysis import summarize

        index = self._current_index()
        # Once per index state: every change (a scan, a plan, an outside edit) gives the index a
        # new frame, so the frame is the key.
        frame = index.frame
        if self._summary is None or self._summary[0] is not frame:
            self._summary = (frame, summarize(self.policy, index))
        return self._summary[1]

    # -- changes: every one is a plan -------------------------------------------------

    def create_file(self, path: str, content: str = "") -> Plan:
        """Plan a new text file (never overwrites). Confirm it to create it."""
        return self._book.propose("create_file", path=path, content=content)

    def create_folder(self, path: str) -> Plan:
        """Plan a new folder."""
        return self._book.propose("create_folder", path=path)

    def write_file(self, path: str, content: str) -> Plan:
        """Plan new content for an existing text file: backed up, encoding and line endings kept."""
        return self._book.propose("write_file", path=path, content=content)

    def copy(self, source: str, target: str) -> Plan:
        """Plan a copy of one file (never overwrites)."""
        return self._book.propose("copy_file", source=source, target=target)

    def move(self, source: str, target: str) -> Plan:
        """Plan a move of one file inside the workspace (never overwrites)."""
        return self._book.propose("move_file", source=source, target=target)

    def rename(self, path: str, new_name: str) -> Plan:
        """Plan a rename in the same folder (never overwrites)."""
        return self._book.propose("rename", path=path, new_name=new_name)

    def trash(self, path: str) -> Plan:
        """Plan moving one item to the system trash (never a permanent delete)."""
        return self._book.propose("trash", path=path)

    delete = trash

    def open(self, path: str) -> Plan:
        """Plan opening a file with the system's default app."""
        return self._book.propose("open_file", path=path)

    def open_folder(self, path: str = ".") -> ToolResult:
        """Open a folder in the file manager (low risk: runs at once)."""
        return self.tools.get("open_folder").run(self.context, path=path)  # type: ignore[attr-defined, no-any-return]

    def reveal(self, path: str) -> ToolResult:
        """Show an item in the file manager (low risk: runs at once)."""
        return self.tools.get("reveal").run(self.context, path=path)  # type: ignore[attr-defined, no-any-return]

    # -- plans, history, undo ---------------------------------------------------------

    @property
    def pending(self) -> pd.DataFrame:
        """Plans waiting for a decision, oldest first."""
        return self._book.pending()

    @property
    def plans(self) -> list[Plan]:
        """Every plan made in this session."""
        return self._book.plans()

    def plan(self, plan_id: str) -> Plan:
        return self._book.get(plan_id)

    @property
    def history(self) -> pd.DataFrame:
        """Every executed change (from ``.wsnb/history.jsonl``), most recent first."""
        return self._book.history()

    def undo(self, entry: str | int | None = None) -> Plan:
        """Plan the reverse of a change: the last one, a journal entry id, or a position."""
        return self._book.undo(entry)

    def subscribe(self, listener: Callable[[Plan], None]) -> Callable[[], None]:
        """Call ``listener(plan)`` after each plan of this workspace ran and was journaled.

        Returns the function that stops it; views of the journal refresh this way.
        """
        return self._book.subscribe(listener)

    def subscribe_new(self, listener: Callable[[Plan], None]) -> Callable[[], None]:
        """Call ``listener(plan)`` for each plan made here (in code, by a widget, by the agent).

        Returns the function that stops it; the panel's Plans tab follows new plans this way.
        """
        return self._book.subscribe_new(listener)


def _scan_note(report: ScanReport) -> str:
    """The line under ``ws.files`` when the scan was cut; "" when it saw everything."""
    if not report.truncated:
        return ""
    if report.limit == "max_files":
        return _("the scan stopped at max_files={entries:,} (about {left_out:,} left out); open "
                 "the workspace with limits=wsnb.ScanLimits(max_files={more}) for more").format(
            entries=report.entries, left_out=report.left_out,
            more=f"{report.entries * 4:_}")  # a literal Python accepts
    return _("the scan did not go below the depth limit ({left_out:,} folders not entered); "
             "open the workspace with limits=wsnb.ScanLimits(max_depth=128) for more").format(
        left_out=report.left_out)
