"""The notes index follows the disk through a watcher, so a search is ranking only.

``NotesWatch`` subscribes a ``NoteIndex`` to its root's one watcher
(``wsnb.fileindex.hub``, shared with the workspace's file index): the
watcher watches the folders the index walked (``watched_folders``) too and
feeds each batch to ``follow_batch`` in its own thread; the index ignores
what is no note. Once its watches are set, the index checks every note's
time once (``begin_watching``), so what changed before the watch began is
found too; from then on a search stats the folders only, which finds a
note created, deleted or renamed a moment ago, still inside the watcher's
debounce window (see ``wsnb.notes.changes``).

Where watching cannot work (a file system that sends no events, a watcher
refused or broken), the index keeps checking every note's time before each
search, and says so once.

Lifecycle, as a workspace's watcher: it starts with the first search, and
stops with ``Notes.close()``, a ``with`` block, garbage collection of the
``Notes`` and interpreter exit (the thread itself ends once the file
index's subscription leaves too). The watcher's thread holds the index only
weakly, so it never keeps a notes workspace alive.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Callable

from ..fileindex.hub import Subscription, subscribe
from ..fileindex.watcher import Batch, Watcher, WatchSettings
from ..i18n import _, in_english
from .noteindex import NoteIndex

__all__ = ["NotesWatch"]

logger = logging.getLogger("wsnb")


class NotesWatch:
    """The watcher of one notes workspace's index: started once, stopped once, from any thread."""

    def __init__(self, watch: bool | WatchSettings = True) -> None:
        self.settings = watch if isinstance(watch, WatchSettings) else None
        self.enabled = bool(watch)
        self.subscription: Subscription | None = None
        self._index: weakref.ref[NoteIndex] | None = None
        self.closed = False
        self.said = False  # the fallback was said once
        self._lock = threading.Lock()

    def follow(self, index: NoteIndex) -> None:
        """Watch the folders of ``index`` (walked already), unless watched already or off."""
        with self._lock:
            if not self.enabled or self.closed:
                return
            if self._index is not None and self._index() is index:
                watcher = self.watcher
            else:
                self._stop_watcher()
                self.subscription = subscribe(index.policy.root, _follower(index),
                                              folders=_folders(index), settings=self.settings,
                                              name="wsnb-notes-watch")  # fmt: skip
                self._index = weakref.ref(index)
                watcher = self.watcher
                if watcher is not None and watcher.state == "watching":
                    index.begin_watching()
        if watcher is not None and watcher.failure and not self.said:
            self.said = True
            logger.warning("%s", in_english(lambda: _fallback_note(watcher.failure)))

    @property
    def watcher(self) -> Watcher | None:
        """The root's one watcher this index follows (shared with the file index)."""
        subscription = self.subscription
        return None if subscription is None else subscription.watcher

    def stop(self) -> None:
        """Stop watching for good (the index stays as it is); harmless twice."""
        with self._lock:
            self.closed = True
            self._stop_watcher()

    def _stop_watcher(self) -> None:
        subscription, self.subscription, self._index = self.subscription, None, None
        if subscription is not None:
            subscription.close()

    @property
    def state(self) -> str:
        """"watching", "checking" (every note's time before each search), "off", "idle" or
        "closed"."""
        if self.closed:
            return "closed"
        if not self.enabled:
            return "off"
        watcher = self.watcher
        if watcher is None:
            return "idle"
        return "watching" if watcher.state == "watching" else "checking"


def _follower(index: NoteIndex) -> Callable[[Batch], object]:
    """``index.follow_batch``, holding the index weakly: the thread keeps nothing alive."""
    ref = weakref.ref(index)

    def follow(batch: Batch) -> object:
        found = ref()
        return None if found is None else found.follow_batch(batch)

    return follow


def _folders(index: NoteIndex) -> Callable[[], list[str]]:
    ref = weakref.ref(index)

    def folders() -> list[str]:
        found = ref()
        return [] if found is None else found.watched_folders()

    return folders


def _fallback_note(reason: str) -> str:
    """The sentence said once where no watcher works (the reason stays as the system gave it)."""
    return _("Notes: changes on disk are not watched here ({reason}); each search checks "
             "the notes' times instead.").format(reason=reason)  # fmt: skip
