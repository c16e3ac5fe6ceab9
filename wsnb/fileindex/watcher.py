"""A watcher thread that tells a callback, in batches, what changed below a folder.

``Watcher(root, on_batch, folders=...)`` runs ``watchfiles``' native watcher
(Rust ``notify``: inotify, FSEvents, ReadDirectoryChangesW) in a daemon
thread. Changes are batched and debounced there, and ``on_batch`` is called
in that thread with a ``Batch``: the workspace-relative paths that changed,
and the subtrees whose changes are unknown (an overflow) or the reason
watching stopped working (``failed``). The file index and the notes index
both follow the disk through one such watcher per root
(``wsnb.fileindex.hub``).

Why it watches each folder alone (``folders``), not the root recursively:
a recursive watch follows symlinks out of the workspace and enters every
folder the index never shows (``.git``, ``node_modules``, ignored output),
which costs a kernel watch each and floods the batches. The folders the
caller names are exactly those it shows, so nothing else is ever watched.
Folders that appear later are added to a second, small watch set; the two
are merged when the second grows (``_Watches``).

Folders named later (a second follower joined) are watched at once on
request (``watch_more``): the thread waits for events a poll at a time
(``_POLL_MS``) and then looks for requests.

Lifecycle: ``start()`` is cheap and returns at once (the watch set is built
in the thread); ``stop()`` ends the thread and frees the watcher's file
descriptors. Every watcher still running at interpreter exit (a kernel
shutting down) is stopped by an ``atexit`` hook, so the native thread never
outlives Python.

A watcher never forks and never takes a lock that a forked scan child
(``wsnb.forked``) uses: the child only lists folders and reads
``.gitignore`` files, so a fork while this thread runs leaves the child
nothing it could wait for. The child has only the forking thread, and ends
with ``os._exit`` without touching the watcher.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import logging
import os
import threading
import weakref
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

__all__ = ["Batch", "WatchSettings", "Watcher", "inotify_watches", "unwatchable_reason"]

logger = logging.getLogger("wsnb")

# File systems that send no change events to this machine's kernel: network and
# user-space file systems. A watcher there would silently see nothing.
_SILENT_FILE_SYSTEMS = frozenset(
    {"nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "afs", "ceph", "glusterfs", "lustre",
     "davfs", "sshfs", "virtiofs", "vboxsf", "vmhgfs", "prl_fs"}
)  # fmt: skip


# How long the thread waits for events before it looks for callers' requests; a timeout,
# unlike a stop event, keeps the events the native watcher holds.
_POLL_MS = 100


class Notifier(Protocol):
    """What ``watchfiles``' ``RustNotify`` offers the thread."""

    def watch(
        self, debounce_ms: int, step_ms: int, timeout_ms: int, stop_event: Any
    ) -> set[tuple[int, str]] | str: ...

    def close(self) -> None: ...


def _rust_notifier(paths: list[str]) -> Notifier:
    from watchfiles._rust_notify import RustNotify

    # Not recursive: each folder is named (see the module's docstring); no polling.
    notifier: Notifier = RustNotify(paths, False, False, 300, False, True)
    return notifier


@dataclass(frozen=True, slots=True)
class WatchSettings:
    """How a workspace watches its folder; a seam for tests and embedding.

    Pass one as ``watch=`` to ``open_workspace`` or ``open_notes``.

    Parameters
    ----------
    debounce_ms : int
        The longest a batch gathers changes.
    step_ms : int
        The quiet time that ends a batch sooner.
    max_batch : int
        More changes than this in one batch count as an overflow, and the folder holding
        them all is read again instead (a small number forces that in tests).
    notifier : callable
        Builds the native watcher for a list of folders; one that raises ``OSError``
        refuses watching, and the workspace falls back to checking folder times before
        each query.
    """

    debounce_ms: int = 400
    step_ms: int = 50
    max_batch: int = 20_000
    notifier: Callable[[list[str]], Notifier] = field(default=_rust_notifier, repr=False)


@dataclass(frozen=True, slots=True)
class Batch:
    """What changed below the root since the last batch, as workspace-relative POSIX paths.

    ``changed``: paths created, deleted, renamed (both names) or modified.
    ``unknown``: folders ("" for the root) whose subtree changed in ways not
    told one by one (an overflow, a folder newly watched): read them again.
    ``failed``: why watching stopped (machine-facing, English); the thread
    has ended, and only a check before each query can keep up now.
    """

    changed: frozenset[str] = frozenset()
    unknown: frozenset[str] = frozenset()
    failed: str = ""


class Watcher:
    """A daemon thread that watches ``root``'s folders and calls ``on_batch`` per batch.

    ``folders()`` names the folders to watch, relative to ``root`` ("" is
    the root itself); it is asked again after each batch, so folders that
    appeared are watched too. Without ``folders``, only the root is watched.
    ``on_batch`` runs in the watcher's thread; an error there is logged and
    the watching goes on. ``since_ns``: when the caller last looked (a scan's
    start, ``time.time_ns()``); folders changed since then, before their
    watch began, come in the first batch as unknown.
    """

    def __init__(
        self,
        root: str | os.PathLike[str],
        on_batch: Callable[[Batch], object],
        *,
        folders: Callable[[], Collection[str]] | None = None,
        settings: WatchSettings | None = None,
        since_ns: int | None = None,
        name: str = "wsnb-watch",
    ) -> None:
        self.root = os.fspath(root)
        self.settings = settings or WatchSettings()
        self._on_batch = on_batch
        self._folders = folders or (lambda: ("",))
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self._name = name
        self._since_ns = since_ns
        self.failure = ""  # why watching stopped working, once it did
        self.started = False  # the watch set was built (a failure since may have lost events)
        self._requests: list[threading.Event] = []  # callers waiting for new folders watched
        self._requests_lock = threading.Lock()
        self.batches = 0  # batches delivered, for tests and benchmarks
        self.overflows = 0  # batches too large to tell one by one

    def __repr__(self) -> str:
        return f"<Watcher {self.root} ({self.state})>"

    @property
    def state(self) -> str:
        """What the thread does: "idle" (not started), "watching", "failed" or "stopped"."""
        if self.failure:
            return "failed"
        if self._thread is None:
            return "idle"
        return "stopped" if self._stop.is_set() or not self._thread.is_alive() else "watching"

    def start(self, wait: float = 5.0) -> None:
        """Start the thread (once); returns once the folders are watched (or after ``wait`` s).

        Building the watch set holds the interpreter's lock anyway (about
        50 µs a folder), so waiting for it costs little, and a change made
        right after ``start`` is then always seen.
        """
        if self._thread is not None:
            return
        reason = unwatchable_reason(self.root)
        if reason:
            self._fail(reason, started=False)
            return
        self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
        _RUNNING.add(self)
        self._thread.start()
        self._ready.wait(wait)

    def stop(self, timeout: float = 2.0) -> None:
        """Stop the thread and free its watches; harmless twice, from any thread."""
        self._stop.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread() and thread.is_alive():
            thread.join(timeout)
        _RUNNING.discard(self)

    def watch_more(self, wait: float = 5.0) -> None:
        """Watch the folders ``folders()`` names now, before a batch asks; returns once they
        are watched (or after ``wait`` s, or at once when the thread is not watching).

        A caller whose folders joined a running watcher needs them watched
        before it trusts the batches; the thread answers within a poll.
        """
        state = self.state
        if state == "idle":  # about to start: the build will ask ``folders()``
            self._ready.wait(wait)
            return
        if state != "watching" or threading.current_thread() is self._thread:
            return  # from the thread itself (a batch's follower): the grow after the batch
        done = threading.Event()
        with self._requests_lock:
            self._requests.append(done)
        done.wait(wait)

    # -- the thread -------------------------------------------------------------------

    def _run(self) -> None:
        watches = _Watches(self)
        started = False
        try:
            wanted = self._wanted()
            watches.build(wanted)
            started = self.started = True
            self._ready.set()
            self._catch_up(wanted)
            while not self._stop.is_set():
                events = watches.wait()
                with self._requests_lock:
                    asked, self._requests = self._requests, []
                if events and not self._stop.is_set():
                    self._deliver(self._batch(events))
                if (events or asked) and not self._stop.is_set():
                    self._grow(watches)
                for done in asked:
                    done.set()
        except Exception as exc:  # a watcher that broke: said once, then the caller checks itself
            if not self._stop.is_set():
                self._fail(f"{type(exc).__name__}: {exc}", started=started)
        finally:
            self._ready.set()
            with self._requests_lock:
                asked, self._requests = self._requests, []
            for done in asked:
                done.set()
            watches.close()
            _RUNNING.discard(self)

    def _grow(self, watches: _Watches) -> None:
        """Watch every folder the caller names now, until reading the new ones names no more.

        Reading a folder newly watched may show folders made inside it
        before its watch began (``mkdir -p``, a tree unpacked): those are
        watched in turn, at once, since no event of theirs will ever ask.
        """
        while not self._stop.is_set() and watches.grow(self._wanted()):
            pass

    def _catch_up(self, folders: set[str]) -> None:
        """The folders whose time moved since ``since_ns``: changed before they were watched."""
        if self._since_ns is None:
            return
        moved: set[str] = set()
        for folder in folders:
            with contextlib.suppress(OSError):
                if os.lstat(folder).st_mtime_ns >= self._since_ns:
                    moved.add(folder[len(self.root) + 1 :])
        if moved:
            self._deliver(Batch(unknown=frozenset(moved)))

    def _wanted(self) -> set[str]:
        root = self.root
        return {root if not folder else f"{root}/{folder}" for folder in self._folders()}

    def _batch(self, events: set[tuple[int, str]]) -> Batch:
        """The events as relative paths; too many of them are an overflow of their common folder."""
        start = len(self.root) + 1
        paths = {path[start:] for _, path in events if path.startswith(self.root + "/")}
        if len(paths) > self.settings.max_batch:
            self.overflows += 1
            logger.info("watch overflow: %d changes in one batch; reading their folder again",
                        len(paths))  # fmt: skip
            return Batch(unknown=frozenset({_common_folder(paths)}))
        return Batch(changed=frozenset(paths))

    def _deliver(self, batch: Batch) -> None:
        self.batches += 1
        try:
            self._on_batch(batch)
        except Exception:  # a broken follower must never stop the watching
            logger.exception("a watch callback failed on a batch of %d paths", len(batch.changed))

    def _fail(self, reason: str, *, started: bool) -> None:
        """Hand over to the caller's own checks; what may have been missed is read again.

        A watcher that never started missed only what changed before it
        (the folders whose time moved since ``since_ns``); one that broke
        while running may have lost any event: the whole root is unknown.
        """
        logger.info("watching %s stopped: %s", self.root, reason)
        unknown = frozenset({""}) if started or self._since_ns is None else frozenset()
        self._deliver(Batch(unknown=unknown, failed=reason))
        if not unknown:
            self._catch_up(self._wanted())
        # Said last: whoever sees the failure finds the caller's own checks already on.
        self.failure = reason


class _Watches:
    """The native watchers of one thread: a base set, and a small one for folders added since."""

    def __init__(self, watcher: Watcher) -> None:
        self.watcher = watcher
        self.settings = watcher.settings
        self.base: Notifier | None = None
        self.extra: Notifier | None = None
        self.base_paths: set[str] = set()
        self.extra_paths: set[str] = set()

    def build(self, paths: set[str]) -> None:
        """Watch ``paths`` as the base set; folders gone meanwhile are left out."""
        self.base = self._notifier(paths)
        self.base_paths = set(paths)

    def grow(self, wanted: set[str]) -> bool:
        """Watch the folders of ``wanted`` not watched yet; merged into the base when many.

        Returns whether any folder was new: their batch (read as unknown)
        may name folders that were not known before it.

        A new watcher is made before the one it replaces is drained and
        closed, so every change is caught by one or the other. A folder
        moved away keeps its old watch (reporting paths that no longer
        exist, which read as nothing); its new place is watched anew.
        """
        watched = self.base_paths | self.extra_paths
        new = wanted - watched
        self.base_paths &= wanted
        self.extra_paths &= wanted
        if not new:
            return False
        old: list[Notifier | None] = [self.extra]
        if len(self.extra_paths) + len(new) > max(500, len(self.base_paths) // 4):
            old.append(self.base)
            self.base, self.base_paths = self._notifier(wanted), set(wanted)
            self.extra, self.extra_paths = None, set()
        else:
            self.extra_paths |= new
            self.extra = self._notifier(self.extra_paths)
        events = self._drain(old)
        # What changed in the new folders before their watch began: read them once more.
        start = len(self.watcher.root) + 1
        unknown = frozenset(path[start:] for path in new)
        batch = self.watcher._batch(events)
        self.watcher._deliver(Batch(batch.changed, batch.unknown | unknown))
        return True

    def _drain(self, notifiers: list[Notifier | None]) -> set[tuple[int, str]]:
        """The events ``notifiers`` hold and have not given yet; then they are closed."""
        events: set[tuple[int, str]] = set()
        for notifier in notifiers:
            if notifier is not None:
                result = notifier.watch(1, 1, 1, None)
                if isinstance(result, set):
                    events |= result
                _close(notifier)
        return events

    def wait(self) -> set[tuple[int, str]]:
        """The next batch of raw events (empty when stopped)."""
        s, stop = self.settings, self.watcher._stop
        notifiers = [n for n in (self.base, self.extra) if n is not None]
        events: set[tuple[int, str]] = set()
        # One watcher waits a poll for something to come (then the thread looks whether a
        # caller asked for more folders: a stop event would drop the events it holds); two
        # take turns, a step each, so a change in either waits at most a step for its turn.
        timeout = _POLL_MS if len(notifiers) == 1 else s.step_ms
        for notifier in notifiers:
            result = notifier.watch(s.debounce_ms, s.step_ms, timeout, stop)
            if isinstance(result, set):
                events |= result
        return events

    def _notifier(self, paths: Iterable[str]) -> Notifier:
        """A native watcher of ``paths``; folders that vanished meanwhile are left out."""
        wanted = sorted(paths)
        for attempt in range(3):
            try:
                return self.settings.notifier(wanted)
            except FileNotFoundError:
                wanted = [path for path in wanted if os.path.isdir(path)]
            except OSError as exc:
                if attempt or "too many" not in str(exc).lower():
                    raise
                gc.collect()  # watchers of workspaces nobody holds any more free their slots
        return self.settings.notifier(wanted)

    def close(self) -> None:
        base, extra, self.base, self.extra = self.base, self.extra, None, None
        _close(base)
        _close(extra)


def _close(notifier: Notifier | None) -> None:
    """Stop a native watcher; its descriptors go with the object, so no reference is kept."""
    if notifier is not None:
        with contextlib.suppress(Exception):
            notifier.close()


def _common_folder(paths: Iterable[str]) -> str:
    """The deepest folder holding every one of ``paths`` ("" for the root)."""
    folders = [path.rpartition("/")[0] for path in paths]
    common = os.path.commonpath(folders) if folders and all(folders) else ""
    return common.replace(os.sep, "/")


def unwatchable_reason(root: str) -> str:
    """Why watching ``root`` can't work here (a file system that sends no events); "" if it can."""
    try:
        with open("/proc/self/mountinfo", encoding="utf-8") as mounts:
            lines = mounts.read().splitlines()
    except OSError:
        return ""  # not Linux, or not told: try the watcher
    best, kind = "", ""
    for line in lines:
        fields = line.split(" - ", 1)
        parts = fields[0].split()
        if len(fields) < 2 or len(parts) < 5:
            continue
        mount = parts[4].replace("\\040", " ")
        inside = root == mount or root.startswith(mount.rstrip("/") + "/")
        if inside and len(mount) >= len(best):
            best, kind = mount, fields[1].split()[0]
    if kind in _SILENT_FILE_SYSTEMS or (kind.startswith("fuse") and kind != "fuseblk"):
        return f"the file system ({kind}) sends no change events"
    return ""


def inotify_watches() -> int:
    """Kernel watches this process holds (Linux; 0 elsewhere), for benchmarks and tests."""
    count = 0
    with contextlib.suppress(OSError):
        for fd in os.listdir("/proc/self/fd"):
            with contextlib.suppress(OSError):
                if os.readlink(f"/proc/self/fd/{fd}") == "anon_inode:inotify":
                    with open(f"/proc/self/fdinfo/{fd}", encoding="ascii") as info:
                        count += sum(line.startswith("inotify wd:") for line in info)
    return count


_RUNNING: weakref.WeakSet[Watcher] = weakref.WeakSet()


@atexit.register
def _stop_all() -> None:
    """At interpreter exit (a kernel shutting down), every watcher still running stops."""
    for watcher in list(_RUNNING):
        watcher.stop(timeout=1.0)
