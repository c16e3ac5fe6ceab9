"""``open_workspace()`` and the ``Workspace`` a notebook user holds.

The facade wires the floors below and adds no logic of its own: reads go to
the read tools (and raise the tool's error when refused), changes go to the
plan book and come back as plans to confirm.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import threading
import time
import weakref
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import NotFoundError
from .i18n import _, in_english
from .policy import AccessPolicy
from .tools.base import ToolContext, ToolRegistry, local_now
from .tools.limits import ToolLimits
from .tools.read import READ_TOOLS
from .types import FileInfo, FileText, PermissionMode, PlanState, ToolResult
from .watch import Watcher, WatchSettings

if TYPE_CHECKING:
    import pandas as pd

    from .agent import Agent, Reply
    from .analysis import ProjectSummary
    from .following import IndexChange
    from .index import FileIndex
    from .launcher import Launcher
    from .plans import Plan, PlanBook
    from .planstore import PlanStore
    from .scanner import ScanLimits, ScanReport
    from .search.grep import Progress
    from .trash import Trash
    from .widgets.chat import ChatView
    from .widgets.explorer import Explorer
    from .widgets.history import HistoryView
    from .widgets.inbox import Inbox, McpServing
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
    try:
        mode = PermissionMode(mode)
    except ValueError:
        from .errors import UsageError

        choices = ", ".join(repr(m.value) for m in PermissionMode)
        raise UsageError(_("mode must be one of {choices}, not {mode!r}.").format(
            choices=choices, mode=mode)) from None
    policy = AccessPolicy(path, mode=mode, allow_sensitive=allow_sensitive)
    return Workspace(policy, limits=limits, trash=trash, launcher=launcher, clock=clock,
                     watch=watch)  # fmt: skip


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
        from .history import Journal
        from .launcher import Launcher
        from .listeners import Listeners
        from .plans import PlanBook
        from .scanner import ScanLimits
        from .tools.writes import register_write_tools
        from .trash import Trash

        self.policy = policy
        self.limits = limits or ScanLimits.for_person()
        self._index: FileIndex | None = None
        self._summary: tuple[pd.DataFrame, ProjectSummary] | None = None
        self._progress: Callable[[int], None] | None = None
        self._agent: Agent | None = None
        self._live = _Live(watch)
        # The watcher stops when this workspace is collected, without keeping it alive.
        self._finalizer = weakref.finalize(self, self._live.stop)
        self._file_listeners: Listeners[IndexChange] = Listeners("workspace files")
        self._followed: set[str] = set()  # the done plans the index has followed
        self._file_listeners.add(_stale_plans(weakref.ref(self)))
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
        self._plan_store: PlanStore | None = None
        self._closers: list[Callable[[], None]] = []  # what close() stops besides the watcher
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
            self._index.plans_running = _plans_running(self._book, self._followed)
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
        """Stop following the disk (the watcher thread ends) and whatever was started on this
        workspace (a served MCP server, the plans folder watch); the index stays as it is."""
        self._live.stop()
        while self._closers:
            self._closers.pop()()
        if self._plan_store is not None:
            self._plan_store.close()

    def on_close(self, stop: Callable[[], None]) -> Callable[[], None]:
        """Call ``stop()`` when the workspace closes; returns the function that forgets it."""
        self._closers.append(stop)
        return lambda: self._closers.remove(stop) if stop in self._closers else None

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
        and its display says so. A sensitive file (``wsnb.names.SENSITIVE_RULES``)
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
        from .treeview import tree_frame

        folder = self.policy.check_read_dir(path).raise_if_refused()
        return tree_frame(self._current_index().frame, folder.relative, depth)

    def summary(self) -> ProjectSummary:
        """An offline overview: languages, sizes, top folders, key files, entry points."""
        from .analysis import summarize

        index = self._current_index()
        # Once per index state: every change (a scan, a plan, an outside edit) gives the index a
        # new frame, so the frame is the key.
        frame = index.frame
        if self._summary is None or self._summary[0] is not frame:
            self._summary = (frame, summarize(self.policy, index))
        return self._summary[1]

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

    @property
    def plan_store(self) -> PlanStore:
        """The plans agents proposed, kept at ``.wsnb/plans/`` until a person decides."""
        if self._plan_store is None:
            from .planstore import PLANS_DIR, PlanStore

            self._plan_store = PlanStore(self._book, self.root / PLANS_DIR,
                                         clock=self.context.clock)  # fmt: skip
        return self._plan_store

    def pending_plans(self) -> list[Plan]:
        """Every plan waiting for a decision, as plans: this notebook's and any agent's."""
        return self.plan_store.pending()

    def inbox(self) -> Inbox:
        """The waiting plans as cards, new ones appearing as agents propose them (a widget)."""
        from .widgets.inbox import Inbox

        return Inbox(self)

    def serve_mcp(self, port: int = 0, *, show: bool = True) -> McpServing:
        """Serve this workspace's tools to an agent over MCP (HTTP on 127.0.0.1, in the kernel).

        Prints the lines to paste into Claude Code, VS Code and Jupyter AI and shows the
        inbox; ``.close()`` on the result (or ``ws.close()``) stops the server.
        """
        from .widgets.inbox import serve_mcp

        return serve_mcp(self, port=port, show=show)

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

    def panel(self, *, dock: bool = False, language: str | None = None) -> WorkspacePanel:
        """One widget with everything: files, search, chat, plans, history and an overview.

        ``dock=True`` opens it in JupyterLab's side area (needs ``sidecar``:
        ``pip install 'wsnb[panel]'``; without it the panel shows in the cell, with a note).
        ``language`` (``"en"`` or ``"zh"``; the setting when not given) is the status
        line's until the person types.
        """
        from .widgets.panel import WorkspacePanel

        panel = WorkspacePanel(self, language=language)
        if dock:
            panel.dock()
        return panel


class _Live:
    """A workspace's watcher: started with the first scan, stopped once, from any thread."""

    def __init__(self, watch: bool | WatchSettings) -> None:
        self.settings = watch if isinstance(watch, WatchSettings) else None
        self.enabled = bool(watch)
        self.watcher: Watcher | None = None
        self.closed = False
        self.said = False  # the fallback was said once in the notebook
        self._lock = threading.Lock()

    def start(self, index: FileIndex, since_ns: int) -> None:
        with self._lock:
            if not self.enabled or self.closed or self.watcher is not None:
                return
            assert index.policy is not None
            self.watcher = Watcher(index.policy.root, index.follow_batch, folders=index.folders,
                                   settings=self.settings, since_ns=since_ns)  # fmt: skip
            index.live_note = _live_note  # how the index says it falls back, if it must
        self.watcher.start()

    def stop(self) -> None:
        with self._lock:
            self.closed = True
            watcher = self.watcher
        if watcher is not None:
            watcher.stop()

    def state(self, index: FileIndex | None) -> str:
        if self.closed:
            return "closed"
        if not self.enabled:
            return "off"
        if index is not None and index.revalidation is not None:
            return "checking"
        return "idle" if self.watcher is None else "watching"


def _plans_running(book: PlanBook, followed: set[str]) -> Callable[[], bool]:
    """Whether a plan of ``book`` is being carried out, or is done and not followed yet.

    Holds the book weakly: the watcher's thread must never keep a workspace alive.
    """
    ref = weakref.ref(book)

    def running() -> bool:
        found = ref()
        return found is not None and any(
            plan.state is PlanState.CONFIRMED
            or (plan.state is PlanState.DONE and plan.id not in followed)
            for plan in found.plans()
        )

    return running


def _stale_plans(ref: weakref.ref[Workspace]) -> Callable[[IndexChange], None]:
    """A listener that marks pending plans whose paths changed outside wsnb, on their cards.

    Confirming such a plan fails as stale anyway (its fingerprints are checked
    again); the card says so before anyone clicks. Holds the workspace weakly.
    """

    def mark(change: IndexChange) -> None:
        ws = ref()
        if ws is None or not change.outside:
            return
        changed = set(change.paths)
        for plan in ws._book.plans():
            if plan.state is not PlanState.PENDING or plan.data.get("stale_path"):
                continue
            named = [*plan.data.get("fingerprints", {})]
            if plan.source is not None:
                named.append(plan.source.relative)
            touched = next((path for path in named if path in changed), None)
            if touched is not None:
                plan.warnings.append(_stale_warning(ws, touched))
                plan.data["stale_path"] = touched  # last: a reader that sees it sees the warning
                plan._notify()  # every card of the plan re-renders from it

    return mark


def _stale_warning(ws: Workspace, path: str) -> str:
    if os.path.lexists(ws.policy.resolve(path).os_path):
        return _("{path} changed outside wsnb since this plan was made: the plan is stale, "
                 "make a new one.").format(path=path)  # fmt: skip
    return _("{path} no longer exists: the plan is stale, make a new one.").format(path=path)


def _live_note(reason: str) -> str:
    """The sentence said once where no watcher works (the reason stays as the system gave it)."""
    return _("Changes on disk are not watched here ({reason}); wsnb checks folder times "
             "before each query instead.").format(reason=reason)  # fmt: skip


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
