"""The part of the core ``Workspace`` that keeps its index: scans, follows the disk, closes.

``IndexedFolder`` is a mixin of ``wsnb.workspace.facade.Workspace``, which sets the
attributes it names; it holds the index's lifecycle (the first scan, a face's start on a
thread of its own, the watcher, a plan's change followed at once) so the facade keeps
only the wiring and the one-line methods people call.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Self

from .. import advice
from ..i18n import _, in_english

if TYPE_CHECKING:
    import pandas as pd

    from ..fileindex.changes import IndexChange
    from ..fileindex.hub import IndexWatch
    from ..fileindex.index import FileIndex
    from ..fileindex.scanner import ScanLimits, ScanReport
    from ..fileindex.verdicts import ContentVerdicts
    from ..listeners import Listeners
    from ..plans.book import PlanBook
    from ..plans.plan import Plan
    from ..plans.store import PlanStore
    from ..policy.access import AccessPolicy, WsPath

__all__ = ["IndexedFolder", "binary_seen", "scan_note"]

logger = logging.getLogger("wsnb")


class IndexedFolder:
    """The index of a workspace and how it follows the disk (a mixin of ``Workspace``)."""

    policy: AccessPolicy
    limits: ScanLimits
    _index: FileIndex | None
    _live: IndexWatch
    _scanning: threading.RLock
    _progress: Callable[[int], None] | None
    _verdicts: ContentVerdicts
    _book: PlanBook
    _followed: set[str]
    _file_listeners: Listeners[IndexChange]
    _closers: list[Callable[[], None]]
    _plan_store: PlanStore | None

    # -- the index --------------------------------------------------------------------

    def scan(self, progress: Callable[[int], None] | None = None) -> ScanReport:
        """Scan the workspace again and return what the scan saw and left out.

        Parameters
        ----------
        progress : callable, optional
            Called with the number of entries seen so far.

        Returns
        -------
        ScanReport
            Counts of what was scanned, skipped, ignored and cut; ``str()`` reads as a line.

        Examples
        --------
        >>> report = ws.scan()
        >>> report.files > 10, report.truncated
        (True, False)
        """
        from ..progress import notebook_progress

        # In a notebook, a scan that takes more than half a second shows a bar.
        with self._scanning, notebook_progress(_("Scanning"), unit=_("entries")) as bar:
            # A bar that will never show is no callback: without one, the scan checks
            # ignored files in one batch at the end instead of at every report.
            shown = bar if bar.enabled else None
            return self._scan(progress or self._progress or shown)

    def _scan(self, progress: Callable[[int], None] | None,
              workers: int | None = None) -> ScanReport:  # fmt: skip
        from ..fileindex.scanner import scan

        with self._scanning:  # one scan at a time: a face's start and a query's never race
            started = time.time_ns()  # what changes after this, the watcher's first look catches
            frame, report = scan(self.policy, limits=self.limits, progress=progress,
                                 workers=workers)  # fmt: skip
            self._take(frame, report, started)
        return report

    def _take(self, frame: pd.DataFrame, report: ScanReport, started: int) -> None:
        from ..fileindex.index import FileIndex
        from ..plans.book import plans_running

        if self._index is None:
            self._index = FileIndex(frame, report, policy=self.policy, limits=self.limits,
                                    verdicts=self._verdicts)  # fmt: skip
            self._index.listeners.add(self._file_listeners.notify)
            self._index.plans_running = plans_running(self._book, self._followed)
            self._live.start(self._index, started)
        else:  # the same index object, so views that follow it keep following
            self._index.reset(frame, report)
        logger.info("scanned %s: %d files, %d folders, truncated=%s",
                    self.policy.root, report.files, report.dirs, report.truncated)  # fmt: skip
        if report.truncated:  # the log record in English, as every log record
            logger.warning("%s", in_english(lambda: scan_note(report)))

    def _current_index(self) -> FileIndex:
        index = self._index
        if index is None or index.stale:
            with self._scanning:  # a scan a face started is waited for, not done twice
                if self._index is None or self._index.stale:
                    self.scan()
            index = self._index
            assert index is not None
        elif index.revalidation is not None:
            index.revalidate()  # no watcher here: folder times, checked before each query
        if index.revalidation is not None and not self._live.said:
            self._live.said = True
            logger.warning("%s", index.report.live)
        return index

    def _binary_seen(self, target: WsPath) -> None:
        """A read found the text-named ``target`` binary: the index says so from now on."""
        from ..fileindex.changes import Change

        try:
            info = os.lstat(target.absolute)
        except OSError:
            return
        self._verdicts.learn_binary(target.relative, info.st_size, info.st_mtime_ns)
        if self._index is not None:
            self._index.follow(Change(frozenset({target.relative}), frozenset()))

    def _follow_plan(self, plan: Plan) -> None:
        """Bring the index up to date with a confirmed plan (or its undo), without a rescan."""
        try:
            if self._index is not None:
                self._index.follow_plan(plan)
        finally:
            self._followed.add(plan.id)

    def subscribe_files(self, listener: Callable[[IndexChange], None]) -> Callable[[], None]:
        """Call ``listener(change)`` after the index changed (a plan, or a change outside wsnb).

        A listener means someone wants the disk's changes: the index and its
        watcher start now, on a thread of their own, if nothing has read it yet.

        Parameters
        ----------
        listener : callable
            Called with an ``IndexChange``: ``change.paths`` lists the entries added,
            removed or changed, and ``change.outside`` says whether wsnb saw them on the
            disk. It may be called from the watcher's thread.

        Returns
        -------
        callable
            Call it to stop listening.
        """
        stop = self._file_listeners.add(listener)
        self._follow_soon()
        return stop

    def _follow_soon(self) -> None:
        """Start the index and its watcher on a thread of their own, if nothing has yet:
        a face shows at once, and follows the disk a moment later (at 71k entries, opening
        the explorer waited about 2 s for the scan and the watches when this ran in line).
        A change made while that first scan runs, in a folder the face listed before the
        scan read it, is in the index but no event says so: the face's refresh shows it."""
        with self._live.lock:
            busy = self._live.starting is not None and self._live.starting.is_alive()
            if self._index is not None or busy or not self._live.enabled or self._live.closed:
                return
            self._live.starting = threading.Thread(target=self._start_following, daemon=True,
                                                   name="wsnb-index-start")  # fmt: skip
            self._live.starting.start()

    def _start_following(self) -> None:
        try:
            with self._scanning:
                if self._index is None and not self._live.closed:
                    self._scan(None, workers=1)  # never forked from a thread: see wsnb.watch
        except Exception as exc:  # the next query scans again, and says what is wrong
            logger.warning("The index did not start in the background (%s).",
                           type(exc).__name__)  # fmt: skip

    @property
    def watching(self) -> str:
        """How the index follows the disk: "watching", "checking" (before each query),
        "starting" (a face started it, the first scan runs), "off" (``watch=False``),
        "idle" (not scanned yet) or "closed"."""
        return self._live.state(self._index)

    def close(self) -> None:
        """Stop following the disk (the watcher thread ends) and whatever was started on this
        workspace (a served MCP server, the plans folder watch); the index stays as it is.

        The end of a ``with`` block calls it too; calling it twice does nothing more.
        """
        self._live.stop()
        while self._closers:
            self._closers.pop()()
        if self._plan_store is not None:
            self._plan_store.close()

    def on_close(self, stop: Callable[[], None]) -> Callable[[], None]:
        """Call ``stop()`` when the workspace closes.

        Parameters
        ----------
        stop : callable
            Called once, with no argument, by ``close()``.

        Returns
        -------
        callable
            Call it to forget ``stop``.
        """
        self._closers.append(stop)
        return lambda: self._closers.remove(stop) if stop in self._closers else None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def files(self) -> pd.DataFrame:
        """Every scanned entry, one row each (a copy: filter and sort it freely).

        Columns include ``path``, ``name``, ``suffix``, ``size`` (bytes), ``modified``
        (datetime), ``is_dir``, ``is_text`` and ``depth``; ``.attrs["scan"]`` holds the scan
        report: what was skipped or cut. The first read scans the folder.

        Examples
        --------
        >>> ws.files.query("suffix == '.py'")["path"].tolist()
        ['app/main.py', 'app/utils.py', 'tests/test_utils.py']
        """
        from ..display import readable
        from ..noted import with_note

        index = self._current_index()
        # warn=False: scan() logged the cut once; this is shown under the table every time.
        return readable(with_note(index.frame.copy(), scan_note(index.report), warn=False,
                                  logged=in_english(lambda: scan_note(index.report)),
                                  nothing=_("The workspace is empty: no file or folder in it yet."),
                                  scan=index.report), left=["path"])  # fmt: skip

    @property
    def scan_report(self) -> ScanReport:
        """What the last scan saw and left out (scans first if nothing was scanned yet)."""
        return self._current_index().report

    @property
    def last_scan(self) -> ScanReport | None:
        """The current index's scan report, or None when there is no index; never scans."""
        index = self._index
        return index.report if index is not None and not index.stale else None


def binary_seen(ref: weakref.ref[IndexedFolder]) -> Callable[[WsPath], None]:
    """``Workspace._binary_seen`` for the tools, holding the workspace weakly."""

    def seen(target: WsPath) -> None:
        ws = ref()
        if ws is not None:
            ws._binary_seen(target)

    return seen


def scan_note(report: ScanReport) -> str:
    """The line under ``ws.files`` when the scan was cut; "" when it saw everything."""
    if not report.truncated:
        return ""
    if report.limit == "max_files":
        return advice.SCAN_FILES_CUT(entries=report.entries, left_out=report.left_out,
                                     more=f"{report.entries * 4:_}")  # a literal Python accepts
    return advice.SCAN_DEPTH_CUT(left_out=report.left_out)
