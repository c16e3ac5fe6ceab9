"""``open_workspace()`` and the ``Workspace`` a notebook user holds.

The facade wires the floors below and adds no logic of its own: reads go to
the read tools (and raise the tool's error when refused), changes go to the
plan book and come back as plans to confirm.
"""

from __future__ import annotations

import dataclasses
import logging
import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import NotFoundError, WsnbError
from .policy import AccessPolicy
from .tools.base import ToolContext, ToolRegistry, local_now
from .tools.limits import ToolLimits
from .tools.read import READ_TOOLS
from .types import FileInfo, FileText, PermissionMode, ToolResult

if TYPE_CHECKING:
    import pandas as pd

    from .agent import Agent, Reply
    from .analysis import ProjectSummary
    from .index import FileIndex
    from .launcher import Launcher
    from .plans import Plan, PlanBook
    from .scanner import ScanLimits, ScanReport
    from .search.grep import Progress
    from .trash import Trash
    from .widgets.chat import ChatView
    from .widgets.explorer import Explorer
    from .widgets.history import HistoryView
    from .widgets.panel import WorkspacePanel
    from .widgets.search import SearchPanel

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
) -> Workspace:
    """Open a project folder as a workspace.

    ``mode`` is ``"confirm-before-write"`` (the default: every change is a plan
    you confirm), ``"read-only"`` (every change is refused) or ``"advanced"``
    (reserved; still confirms every change). ``limits`` bounds the scan
    (default: ``ScanLimits.for_person()``, depth 64 and 1,000,000 entries; a
    cut scan says so under ``ws.files``). ``trash``, ``launcher`` and ``clock``
    are seams for tests and embedding; the defaults are the system's.

    Raises ``WorkspaceOpenError`` for a missing folder, a file, or a system folder.
    """
    try:
        mode = PermissionMode(mode)
    except ValueError:
        from .errors import UsageError

        choices = ", ".join(repr(m.value) for m in PermissionMode)
        raise UsageError(f"mode must be one of {choices}, not {mode!r}.") from None
    policy = AccessPolicy(path, mode=mode, allow_sensitive=allow_sensitive)
    return Workspace(policy, limits=limits, trash=trash, launcher=launcher, clock=clock)


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
    ) -> None:
        from .history import Journal
        from .launcher import Launcher
        from .plans import PlanBook
        from .scanner import ScanLimits
        from .tools.writes import register_write_tools
        from .trash import Trash

        self.policy = policy
        self.limits = limits or ScanLimits.for_person()
        self._index: FileIndex | None = None
        self._progress: Callable[[int], None] | None = None
        self._agent: Agent | None = None
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
        self._reading = dataclasses.replace(self.context, limits=_PERSON)
        journal = Journal(policy.root)
        self._book: PlanBook = PlanBook(self.context, self.tools, journal,
                                        on_change=self._follow_change)  # fmt: skip
        logger.info("workspace opened: %s (mode %s)", policy.root, policy.mode.value)

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
        from .index import FileIndex
        from .progress import notebook_progress
        from .scanner import scan

        # In a notebook, a scan that takes more than half a second shows a bar.
        with notebook_progress("Scanning", unit="entries") as bar:
            # A bar that will never show is no callback: without one, the scan checks
            # ignored files in one batch at the end instead of at every report.
            shown = bar if bar.enabled else None
            frame, report = scan(self.policy, limits=self.limits,
                                 progress=progress or self._progress or shown)  # fmt: skip
        self._index = FileIndex(frame, report)
        logger.info("scanned %s: %d files, %d folders, truncated=%s",
                    self.root, report.files, report.dirs, report.truncated)  # fmt: skip
        if report.truncated:
            logger.warning("%s", _scan_note(report))
        return report

    def _current_index(self) -> FileIndex:
        if self._index is None:
            self.scan()
        assert self._index is not None
        return self._index

    def _follow_change(self, plan: Plan) -> None:
        """Bring the index up to date with a confirmed plan (or its undo), without a rescan.

        The rows of the paths the plan touched are read again from the disk.
        When that can't give what a scan would (a ``.gitignore`` changed, the
        scan was cut by its limits, a path can't be looked at), the index is
        dropped and the next read scans again.
        """
        from .index import plan_change
        from .scanrows import rows_for_paths

        index = self._index
        if index is None:
            return
        change = plan_change(plan)
        if change is None or index.report.truncated:
            self._index = None
            return
        if not change.items and not change.folders:
            return
        try:
            fresh = [rows_for_paths(self.policy, sorted(change.items), limits=self.limits),
                     rows_for_paths(self.policy, sorted(change.folders), limits=self.limits,
                                    below=False)]  # fmt: skip
        except WsnbError as exc:
            logger.info("index dropped after plan %s (%s)", plan.id, type(exc).__name__)
            self._index = None
            return
        self._index = index.with_rows(fresh, change)

    @property
    def files(self) -> pd.DataFrame:
        """Every scanned entry, one row each (a copy: filter and sort it freely).

        ``.attrs["scan"]`` holds the scan report: what was skipped or cut.
        """
        from .noted import with_note

        index = self._current_index()
        # warn=False: scan() logged the cut once; this is shown under the table every time.
        return with_note(index.frame.copy(), _scan_note(index.report), warn=False,
                         scan=index.report)  # fmt: skip

    @property
    def scan_report(self) -> ScanReport:
        """What the last scan saw and left out (scans first if nothing was scanned yet)."""
        return self._current_index().report

    @property
    def last_scan(self) -> ScanReport | None:
        """The current index's scan report, or None when there is no index; never scans."""
        return self._index.report if self._index is not None else None

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
        with notebook_progress("Searching text", unit="files") as bar:
            result = self._run("search_text", pattern=pattern, regex=regex, case=case,
                               limit=limit, max_files=max_files, max_bytes=max_bytes,
                               progress=progress or bar)  # fmt: skip
        from .display import readable

        return readable(result.data, left=["path", "text"])  # code lines print left-aligned

    def read(self, path: str, max_bytes: int = _PERSON.read_bytes) -> FileText:
        """A text file's content with its encoding; ``str()`` gives the text.

        Whole files up to ``max_bytes`` (16 MiB); a longer file is cut there,
        and its display says so.
        """
        doc: FileText = self._run("read_file", path=path, limit=max_bytes).data
        return doc

    def info(self, path: str) -> FileInfo:
        """One entry's details (size, modified, kind) from the disk now, not from the index."""
        from .tools.read import file_info

        target = self.policy.resolve(path)
        try:
            return file_info(target.relative, os.lstat(target.absolute))
        except FileNotFoundError:
            raise NotFoundError(f"{target} does not exist; check the name with ls() or find().",
                                path=target.relative) from None  # fmt: skip

    def tree(self, path: str = ".", depth: int = 2) -> pd.DataFrame:
        """The index below ``path`` as a DataFrame that reads as a tree (column ``tree``)."""
        from .treeview import tree_frame

        folder = self.policy.check_read_dir(path).raise_if_refused()
        return tree_frame(self._current_index().frame, folder.relative, depth)

    def summary(self) -> ProjectSummary:
        """An offline overview: languages, sizes, top folders, key files, entry points."""
        from .analysis import summarize

        return summarize(self.policy, self._current_index())

    # -- in a notebook ----------------------------------------------------------------

    def explore(self) -> Explorer:
        """A folder tree with a preview pane and buttons that make plan cards (a widget)."""
        from .widgets.explorer import Explorer

        return Explorer(self)

    def search_panel(self) -> SearchPanel:
        """A search box over names or text, with results and a preview (a widget)."""
        from .widgets.search import SearchPanel

        return SearchPanel(self)

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

    def history_view(self) -> HistoryView:
        """The journal as a table with an Undo button per entry (a widget)."""
        from .widgets.history import HistoryView

        return HistoryView(self)

    # -- the agent --------------------------------------------------------------------

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

        Returns a reply with ``.text``, ``.table``, ``.plans`` (pending: confirm
        them yourself), ``.files_read`` and ``.mode``.
        """
        return self.agent.ask(message, on_text=on_text)

    def chat(self) -> ChatView:
        """A chat widget: type requests, read replies, confirm their plans on the cards."""
        from .widgets.chat import ChatView

        return ChatView(self)

    def panel(self, *, dock: bool = False, language: str = "en") -> WorkspacePanel:
        """One widget with everything: files, search, chat, plans, history and an overview.

        ``dock=True`` opens it in JupyterLab's side area (needs ``sidecar``:
        ``pip install 'wsnb[panel]'``; without it the panel shows in the cell, with a note).
        ``language`` (``"en"`` or ``"zh"``) is the status line's until the person types.
        """
        from .widgets.panel import WorkspacePanel

        panel = WorkspacePanel(self, language=language)
        if dock:
            panel.dock()
        return panel


def _scan_note(report: ScanReport) -> str:
    """The line under ``ws.files`` when the scan was cut; "" when it saw everything."""
    if not report.truncated:
        return ""
    if report.limit == "max_files":
        what = (f"the scan stopped at max_files={report.entries:,} "
                f"(about {report.left_out:,} left out)")  # fmt: skip
        raise_it = f"max_files={report.entries * 4:_}"  # a literal Python accepts
    else:
        what = (f"the scan did not go below the depth limit "
                f"({report.left_out:,} folders not entered)")  # fmt: skip
        raise_it = "max_depth=128"
    return f"{what}; open the workspace with limits=wsnb.ScanLimits({raise_it}) for more"
