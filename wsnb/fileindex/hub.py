"""One watcher per folder tree, shared by everything that follows that tree.

A notes folder is followed twice: its file index (``FileIndex``) and its
notes index each want every change below the same root. Two ``Watcher``
threads would watch the same folders twice and read every batch twice;
instead ``subscribe(root, ...)`` joins the root's ``Hub``, which holds ONE
``Watcher``:

* its folders are the union of its subscribers' ``folders()``;
* each batch goes to every subscriber, which keeps what it indexes and
  ignores the rest (the notes index skips ``.assistant/``, the file index
  re-decides every path as a scan would);
* a subscriber that joins a running watcher has its folders watched before
  ``subscribe`` returns, and its own catch-up (``since_ns``: the folders
  whose time moved since it last looked) is told to it alone;
* a failed watcher hands every subscriber the failed batch, a late one
  too, and each enters its own fallback (and says so once);
* the thread stops when the last subscriber leaves (``Subscription.close``,
  called by its owner's finalizer, so nothing here keeps an owner alive).

Only subscribers with equal ``WatchSettings`` share a watcher (tests inject
a notifier into one side). ``IndexWatch`` is the file index's subscription;
the notes index has its own (``wsnb.notes.watching``).
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

from ..i18n import _
from .watcher import Batch, Watcher, WatchSettings

if TYPE_CHECKING:
    from .index import FileIndex

__all__ = ["Hub", "IndexWatch", "Subscription", "live_note", "subscribe"]

logger = logging.getLogger("wsnb")

_HUBS: dict[tuple[str, WatchSettings], Hub] = {}
_HUBS_LOCK = threading.Lock()
_BRIEF = 0.25  # seconds a leave waits for the locks before it leaves from its own thread


class Subscription:
    """One follower of a root: its folders, its callback, and when it last looked."""

    def __init__(
        self,
        hub: Hub,
        on_batch: Callable[[Batch], object],
        folders: Callable[[], Collection[str]],
        since_ns: int | None,
    ) -> None:
        self.hub = hub
        self.on_batch = on_batch
        self.folders = folders
        self.since_ns = since_ns
        self.closed = False
        self.told_failure = False  # the failed batch reaches a subscriber once

    @property
    def watcher(self) -> Watcher | None:
        return self.hub.watcher

    def close(self) -> None:
        """Leave the hub (the thread stops with its last subscriber); harmless twice."""
        if not self.closed:
            self.closed = True
            self.hub.leave(self)


class Hub:
    """The one ``Watcher`` of a root, fanned out to its subscribers."""

    def __init__(self, root: str, settings: WatchSettings) -> None:
        self.root = root
        self.settings = settings
        self.watcher: Watcher | None = None
        self.failure = ""  # the watcher's, once its failed batch went out
        self._subscribers: list[Subscription] = []
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"<Hub {self.root} ({len(self._subscribers)} subscribers)>"

    def add(self, subscription: Subscription, name: str) -> tuple[Watcher, bool]:
        """Add ``subscription`` (under the hubs' lock); the watcher, and whether it is new."""
        with self._lock:
            self._subscribers.append(subscription)
            if self.watcher is not None:
                return self.watcher, False
            self.watcher = Watcher(self.root, self._fan_out, folders=self._folders,
                                   settings=self.settings, name=name)  # fmt: skip
            return self.watcher, True

    def join(self, subscription: Subscription, watcher: Watcher, fresh: bool) -> None:
        """Start the watcher, or have the newcomer's folders watched now; then its catch-up."""
        if fresh:
            watcher.start()  # builds the watch set of every subscriber's folders
        else:
            watcher.watch_more()
        with self._lock:
            failure = self.failure
        if failure:  # the failed batch went out before this one joined
            self._tell(subscription, Batch(unknown=frozenset({""}), failed=failure))
        else:
            self._catch_up(subscription)

    def leave(self, subscription: Subscription) -> None:
        """Remove ``subscription``; the watcher stops with the last one.

        An owner's finalizer calls this, and a garbage collection can run it on a thread
        that holds these very locks (inside ``subscribe``, allocating): waiting there would
        never end. So the locks are waited for briefly, and if they stay taken the leaving
        is done on a thread of its own."""
        if not _HUBS_LOCK.acquire(timeout=_BRIEF):
            self._leave_later(subscription)
            return
        try:
            if not self._lock.acquire(timeout=_BRIEF):
                self._leave_later(subscription)
                return
            try:
                watcher = self._remove(subscription)
            finally:
                self._lock.release()
        finally:
            _HUBS_LOCK.release()
        if watcher is not None:  # outside the locks: the thread may be asking for folders
            watcher.stop()

    def _leave_later(self, subscription: Subscription) -> None:
        threading.Thread(target=self._leave_waiting, args=(subscription,), daemon=True,
                         name="wsnb-watch-leave").start()  # fmt: skip

    def _leave_waiting(self, subscription: Subscription) -> None:
        with _HUBS_LOCK, self._lock:
            watcher = self._remove(subscription)
        if watcher is not None:
            watcher.stop()

    def _remove(self, subscription: Subscription) -> Watcher | None:
        """Drop the subscription (both locks held); the watcher to stop if it was the last."""
        self._subscribers = [s for s in self._subscribers if s is not subscription]
        last = not self._subscribers
        if last and _HUBS.get((self.root, self.settings)) is self:
            del _HUBS[(self.root, self.settings)]
        return self.watcher if last else None

    def subscribers(self) -> list[Subscription]:
        with self._lock:
            return list(self._subscribers)

    def _folders(self) -> set[str]:
        wanted: set[str] = set()
        for subscription in self.subscribers():
            wanted.update(subscription.folders())
        return wanted

    def _fan_out(self, batch: Batch) -> None:
        with self._lock:  # who joins after this is told by ``join``, who joined before here
            subscribers = list(self._subscribers)
            self.failure = self.failure or batch.failed
        for subscription in subscribers:
            self._tell(subscription, batch)

    def _tell(self, subscription: Subscription, batch: Batch) -> None:
        """Give one subscriber a batch; a failure once, shaped for what it missed."""
        if batch.failed:
            with self._lock:
                if subscription.told_failure:
                    return
                subscription.told_failure = True
            watcher = self.watcher
            if watcher is not None and not watcher.started and subscription.since_ns is not None:
                # Never watched: only what changed since it looked was missed.
                self._call(subscription, Batch(failed=batch.failed))
                self._catch_up(subscription)
                return
            batch = Batch(batch.changed, batch.unknown | {""}, batch.failed)
        self._call(subscription, batch)

    def _catch_up(self, subscription: Subscription) -> None:
        """The subscriber's folders whose time moved since it looked, told to it alone."""
        since = subscription.since_ns
        if since is None:
            return
        moved: set[str] = set()
        for folder in subscription.folders():
            with contextlib.suppress(OSError):
                if os.lstat(f"{self.root}/{folder}" if folder else self.root).st_mtime_ns >= since:
                    moved.add(folder)
        if moved:
            self._call(subscription, Batch(unknown=frozenset(moved)))

    @staticmethod
    def _call(subscription: Subscription, batch: Batch) -> None:
        if subscription.closed:
            return
        try:
            subscription.on_batch(batch)
        except Exception:  # one broken follower must not keep the batch from the others
            logger.exception("a watch callback failed on a batch of %d paths", len(batch.changed))


def subscribe(
    root: str | os.PathLike[str],
    on_batch: Callable[[Batch], object],
    *,
    folders: Callable[[], Collection[str]],
    settings: WatchSettings | None = None,
    since_ns: int | None = None,
    name: str = "wsnb-watch",
) -> Subscription:
    """Follow ``root`` through its hub's one watcher; ``name`` names the thread if it starts.

    Returns once ``folders()`` are watched (or watching failed, and
    ``on_batch`` was told). ``since_ns``: when the caller last looked;
    folders changed since come to it alone as unknown.
    """
    key = (os.fspath(root), settings or WatchSettings())
    with _HUBS_LOCK:
        hub = _HUBS.get(key)
        if hub is None:
            hub = _HUBS[key] = Hub(*key)
        subscription = Subscription(hub, on_batch, folders, since_ns)
        watcher, fresh = hub.add(subscription, name)
    hub.join(subscription, watcher, fresh)
    return subscription


class IndexWatch:
    """A workspace's subscription for its file index: started with the first scan, stopped
    once, from any thread; ``state`` says how the index follows the disk."""

    def __init__(self, watch: bool | WatchSettings) -> None:
        self.settings = watch if isinstance(watch, WatchSettings) else None
        self.enabled = bool(watch)
        self.subscription: Subscription | None = None
        self.closed = False
        self.said = False  # the fallback was said once in the notebook
        self._lock = threading.Lock()
        self.lock = threading.Lock()  # guards ``starting``
        self.starting: threading.Thread | None = None  # a face's first scan, off its thread

    @property
    def watcher(self) -> Watcher | None:
        subscription = self.subscription
        return None if subscription is None else subscription.watcher

    def start(self, index: FileIndex, since_ns: int) -> None:
        with self._lock:
            if not self.enabled or self.closed or self.subscription is not None:
                return
            assert index.policy is not None
            index.live_note = live_note  # how the index says it falls back, if it must
            self.subscription = subscribe(index.policy.root, index.follow_batch,
                                          folders=index.folders, settings=self.settings,
                                          since_ns=since_ns)  # fmt: skip

    def stop(self) -> None:
        with self._lock:
            self.closed = True
            subscription = self.subscription
        if subscription is not None:
            subscription.close()

    def state(self, index: FileIndex | None) -> str:
        if self.closed:
            return "closed"
        if not self.enabled:
            return "off"
        if index is not None and index.revalidation is not None:
            return "checking"
        if self.starting is not None and self.starting.is_alive():
            return "starting"  # a face asked; the first scan runs on its own thread
        return "idle" if self.subscription is None else "watching"


def live_note(reason: str) -> str:
    """The sentence said once where no watcher works (the reason stays as the system gave it)."""
    return _("Changes on disk are not watched here ({reason}); wsnb checks folder times "
             "before each query instead.").format(reason=reason)  # fmt: skip
