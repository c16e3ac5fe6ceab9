"""The files of the pending-plan store: one JSON record per plan, claims, and a folder watch.

``wsnb.plans.store`` decides; this module only reads and writes
``<root>/.wsnb/plans/``. Every path goes through the access policy first
(``AccessPolicy.resolve``: inside the root, no symlink on the way), records
are written with ``fsops.atomic_write`` so a reader sees the old record or the
new one, never half, and a claim is a file made with ``O_CREAT | O_EXCL``, so
of two processes that claim a plan at once exactly one gets it.

Many records stay cheap. A record's file time is set to the store clock's
time of its last move (proposed, decided), so a sweep finds the old ones by
``stat`` alone and reads only those. ``summaries()`` keeps what a status needs
of each record, read again only when the file changed (a new inode, size or
time: every write is a new file renamed into place), so following the folder
costs a ``stat`` per record, not a JSON parse.
"""

from __future__ import annotations

import json
import logging
import os
import re
import stat
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from datetime import datetime
from pathlib import Path
from typing import Any

from ..disk import fsops
from ..disk.textio import read_bytes
from ..errors import ConflictError, PlanStateError, WriteError, WsnbError
from ..i18n import _
from ..policy.access import METADATA_DIR, AccessPolicy, WsPath

__all__ = ["PLANS_DIR", "FolderWatch", "PlanFiles"]

logger = logging.getLogger("wsnb")

PLANS_DIR = f"{METADATA_DIR}/plans"
_ID = re.compile(r"[0-9a-f]{4,32}")
_RECORD_LIMIT = 64 * 1024 * 1024
# A claim whose process could not even write its id in this long was left by a crash.
_ORPHAN_SECONDS = 10.0
# What a status needs of a record; the rest (the request, fingerprints) is read when deciding.
SUMMARY_KEYS = ("id", "state", "title", "message", "proposer", "confirmed_by", "created",
                "expires", "lang", "decided", "steps", "workspace", "asked")  # fmt: skip
_SWEPT = "swept"  # the store clock's time of the last sweep, for every process to see
# A folder whose time is older than this when last listed has not changed since, if its time
# is still the same: file times are coarse, so a change in the same tick as a listing is
# caught by listing again while the folder's time is this recent (git's "racy" rule).
_RACY_SECONDS = 2.0


class PlanFiles:
    """``<id>.json`` records and ``<id>.claim`` claims in one folder inside the workspace."""

    def __init__(self, policy: AccessPolicy, folder: Path) -> None:
        self.policy = policy
        try:
            relative = Path(folder).relative_to(policy.root).as_posix()
        except ValueError:
            raise WriteError(_("The plans folder {folder} is not inside the workspace {root}; "
                               "keep it under .wsnb/plans.").format(
                folder=folder, root=policy.root), path=str(folder)) from None  # fmt: skip
        self.relative = relative
        self.folder = policy.root / relative
        # id -> (what the file was when read, the record's summary); see summaries()
        self._summaries: dict[str, tuple[tuple[int, ...], dict[str, Any]]] = {}
        self._listed: tuple[tuple[int, int] | None, float, list[dict[str, Any]]] = (None, 0.0, [])
        self.generation = 0  # counts the listings that found something changed
        self.claimed: set[str] = set()  # the ids with a claim file at the last listing

    def valid_id(self, plan_id: str) -> bool:
        """Only short hex ids name a record, so an id can never be a path."""
        return isinstance(plan_id, str) and _ID.fullmatch(plan_id) is not None

    def _path(self, name: str) -> WsPath:
        return self.policy.resolve(f"{self.relative}/{name}")

    def ensure_folder(self) -> None:
        """Create the folder, and make sure no part of it is a link out of the workspace."""
        try:
            fsops.metadata_folder(self.policy.root)  # .wsnb/ with its .gitignore: out of git
            self.folder.mkdir(exist_ok=True)
            for part in (self.policy.root / METADATA_DIR, self.folder):
                if not stat.S_ISDIR(os.lstat(part).st_mode):
                    raise WriteError(_("{folder} is not a plain folder (a link?); remove it so "
                                       "wsnb can recreate it. Nothing was changed.").format(
                        folder=self.relative), path=self.relative)  # fmt: skip
        except OSError as exc:
            raise WriteError(_("Could not create {folder} ({problem}); check that the .wsnb "
                               "folder is writable. Nothing was changed.").format(
                folder=self.relative, problem=exc.strerror or exc),
                path=self.relative) from None  # fmt: skip

    def exists(self, plan_id: str) -> bool:
        return self._path(f"{plan_id}.json").exists()

    def write(self, plan_id: str, record: dict[str, Any], *, new: bool = False,
              when: datetime | None = None) -> None:  # fmt: skip
        """Write one record atomically; ``new=True`` never replaces an existing one.

        ``when`` becomes the file's time (the store clock's, so a sweep reads time in one
        clock); a crash before it is set leaves the real time, which only clears it later.
        """
        data = json.dumps(record, ensure_ascii=False, indent=1).encode("utf-8")
        path = self._path(f"{plan_id}.json")
        fsops.atomic_write(path, data, exclusive=new, mode=0o600)
        if when is not None:
            with suppress(OSError, NotImplementedError):
                os.utime(path.os_path, (when.timestamp(),) * 2, follow_symlinks=False)

    def remove(self, plan_id: str) -> None:
        """Remove one decided record (wsnb's own bookkeeping; the journal keeps what ran)."""
        with suppress(FileNotFoundError):
            os.unlink(self._path(f"{plan_id}.json").os_path)

    def read(self, plan_id: str) -> dict[str, Any] | None:
        """The record, or None when there is none (or it is not whole: a crash mid-write
        leaves only a temporary file, so that means someone wrote it by hand)."""
        try:
            raw = read_bytes(self._path(f"{plan_id}.json"), limit=_RECORD_LIMIT)
        except (OSError, WsnbError):
            return None
        try:
            record = json.loads(raw.decode("utf-8"))
        except ValueError:
            logger.warning("Skipped the plan record %s: it is not valid JSON.", plan_id)
            return None
        return record if isinstance(record, dict) and record.get("id") == plan_id else None

    def ids(self) -> list[str]:
        """The ids of every record in the folder (none when there is no folder yet)."""
        try:
            names = os.listdir(self.folder)
        except (FileNotFoundError, NotADirectoryError):
            return []
        return sorted(name[:-5] for name in names
                      if name.endswith(".json") and self.valid_id(name[:-5]))  # fmt: skip

    def stats(self) -> Iterator[tuple[str, os.stat_result]]:
        """Every plain record file's id and ``lstat``, in no order; nothing is opened."""
        try:
            entries = list(os.scandir(self.folder))
        except (FileNotFoundError, NotADirectoryError):
            return
        claimed = set()
        for entry in entries:
            if entry.name.endswith(".claim"):
                claimed.add(entry.name[:-6])
            plan_id = entry.name[:-5]
            if not entry.name.endswith(".json") or not self.valid_id(plan_id):
                continue
            with suppress(OSError):
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(info.st_mode):
                    yield plan_id, info
        self.claimed = claimed

    def summaries(self) -> tuple[int, list[dict[str, Any]]]:
        """What a status needs of every record (``SUMMARY_KEYS``), and the ``generation``.

        Every record write renames a new file into the folder, which changes the
        folder's time: while that time stays what it was (and is not recent), the
        last listing still holds and nothing is looked at but the folder. Otherwise
        each record is ``stat``-ed and only the changed ones are read. An unchanged
        record keeps the same summary object from listing to listing.
        """
        started = time.time()
        try:
            info = os.stat(self.folder)
            folder = (info.st_ino, info.st_mtime_ns)
        except OSError:
            folder, info = None, None
        last, listed_at, listed = self._listed
        if folder is not None and folder == last and info is not None \
                and info.st_mtime < listed_at - _RACY_SECONDS:  # fmt: skip
            return self.generation, listed
        fresh: dict[str, tuple[tuple[int, ...], dict[str, Any]]] = {}
        for plan_id, found in self.stats():
            key = (found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns)
            known = self._summaries.get(plan_id)
            if known is not None and known[0] == key:
                fresh[plan_id] = known
                continue
            record = self.read(plan_id)
            if record is not None and _whole_summary(record):
                fresh[plan_id] = (key, {k: record.get(k) for k in SUMMARY_KEYS})
        if fresh.keys() != self._summaries.keys() or any(
                fresh[k] is not self._summaries[k] for k in fresh):  # fmt: skip
            self.generation += 1
        self._summaries = fresh
        self._listed = (folder, started, [summary for _key, summary in fresh.values()])
        return self.generation, self._listed[2]

    # -- the sweep's mark ----------------------------------------------------------

    def last_sweep(self) -> datetime | None:
        """When some process last swept this folder (the store clock's time), if it says."""
        try:
            raw = read_bytes(self._path(_SWEPT), limit=64).decode("ascii").strip()
            return datetime.fromisoformat(raw)
        except (OSError, WsnbError, ValueError):
            return None

    def mark_sweep(self, when: datetime) -> None:
        with suppress(OSError, WsnbError):
            fsops.atomic_write(self._path(_SWEPT), when.isoformat().encode("ascii"), mode=0o600)

    # -- claims --------------------------------------------------------------------

    @contextmanager
    def claim(self, plan_id: str) -> Iterator[None]:
        """Hold the plan's claim for the block; raises ``PlanStateError`` if someone else does.

        A claim left behind by a process that died is taken over.
        """
        path = self._path(f"{plan_id}.claim")
        if not self._take(path) and not (self._orphaned(path) and self._take(path)):
            raise PlanStateError(
                _("Plan {id} is being decided right now somewhere else; wait a moment and "
                  "ask for its status again.").format(id=plan_id), plan=plan_id)
        try:
            yield
        finally:
            with suppress(FileNotFoundError):
                os.unlink(path.os_path)

    def orphaned_claim(self, plan_id: str) -> bool:
        """True (and the claim removed) when the plan's claim was left by a process that died:
        that process was deciding it, and may have carried it out."""
        path = self._path(f"{plan_id}.claim")
        return os.path.lexists(path.os_path) and self._orphaned(path)

    def _take(self, path: WsPath) -> bool:
        """Make the claim, whole: it appears with its process id in it or not at all (a
        process killed while claiming leaves no claim without an owner)."""
        self.ensure_folder()
        try:
            fsops.atomic_write(path, f"{os.getpid()}\n".encode("ascii"), exclusive=True,
                               mode=0o600, sync=False)  # fmt: skip
        except ConflictError:
            return False
        return True

    def _orphaned(self, path: WsPath) -> bool:
        """True (and the claim removed) when the process that holds it is gone."""
        try:
            text = read_bytes(path, limit=64).decode("ascii", "replace").strip()
            age = time.time() - os.lstat(path.os_path).st_mtime
        except (OSError, WsnbError):
            return False
        if text.isdigit():
            pid = int(text)
            if pid == os.getpid() or _alive(pid):
                return False
        elif age < _ORPHAN_SECONDS:
            return False  # being written right now
        with suppress(FileNotFoundError):
            os.unlink(path.os_path)
        logger.info("took over the claim of a plan left by process %s", text or "unknown")
        return True


def _whole_summary(record: dict[str, Any]) -> bool:
    """A record a status can be made of (one written by hand may lack its times)."""
    try:
        for key in ("created", "expires"):
            datetime.fromisoformat(record[key])
    except (KeyError, TypeError, ValueError):
        return False
    return isinstance(record.get("state"), str)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class FolderWatch:
    """A daemon thread that calls ``on_change()`` after the folder's files change.

    ``watchfiles`` tells it; where it can't (no inotify, a watch limit), it
    looks every ``poll`` seconds instead. It also calls ``on_change()`` every
    ``tick`` seconds when nothing happens, so a plan whose day is over is said
    to be expired without anyone asking. A folder that doesn't exist yet is
    looked for every ``poll`` seconds, never created. ``stop()`` ends it.
    """

    def __init__(self, folder: Path, on_change: Callable[[], None], *, poll: float = 1.0,
                 tick: float = 60.0) -> None:  # fmt: skip
        self.folder = folder
        self.on_change = on_change
        self.poll = poll
        self.tick = tick
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="wsnb-plan-watch", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self, timeout: float = 2.0) -> None:
        self._stop.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        return self._thread.is_alive() and not self._stop.is_set()

    def _run(self) -> None:
        # Watching never writes: until an agent's first plan makes the folder, look for it.
        if not self.folder.is_dir():
            while not self.folder.is_dir():
                if self._stop.wait(self.poll):
                    return
            self._tell()  # the plans that made it
        try:
            from watchfiles import watch

            for _changes in watch(self.folder, stop_event=self._stop, debounce=50, step=20,
                                  rust_timeout=int(self.tick * 1000), yield_on_timeout=True,
                                  raise_interrupt=False):  # fmt: skip
                self._tell()
        except Exception as exc:  # the watch failed: look at the folder now and then
            logger.warning("plans folder not watched (%s); looking every %.0f s", exc, self.poll)
            while not self._stop.wait(self.poll):
                self._tell()

    def _tell(self) -> None:
        try:
            self.on_change()
        except Exception:  # a failing listener must not end the watch
            logger.exception("the plans folder listener failed")
