"""The files of the pending-plan store: one JSON record per plan, claims, and a folder watch.

``wsnb.plans.store`` decides; this module only reads and writes
``<root>/.wsnb/plans/``. Every path goes through the access policy first
(``AccessPolicy.resolve``: inside the root, no symlink on the way), records
are written with ``fsops.atomic_write`` so a reader sees the old record or the
new one, never half, and a claim is a file made with ``O_CREAT | O_EXCL``, so
of two processes that claim a plan at once exactly one gets it.
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
from pathlib import Path
from typing import Any

from ..disk import fsops
from ..disk.textio import read_bytes
from ..errors import PlanStateError, WriteError, WsnbError
from ..i18n import _
from ..policy.access import METADATA_DIR, AccessPolicy, WsPath

__all__ = ["PLANS_DIR", "FolderWatch", "PlanFiles"]

logger = logging.getLogger("wsnb")

PLANS_DIR = f"{METADATA_DIR}/plans"
_ID = re.compile(r"[0-9a-f]{4,32}")
_RECORD_LIMIT = 64 * 1024 * 1024
# A claim whose process could not even write its id in this long was left by a crash.
_ORPHAN_SECONDS = 10.0


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

    def write(self, plan_id: str, record: dict[str, Any], *, new: bool = False) -> None:
        """Write one record atomically; ``new=True`` never replaces an existing one."""
        data = json.dumps(record, ensure_ascii=False, indent=1).encode("utf-8")
        fsops.atomic_write(self._path(f"{plan_id}.json"), data, exclusive=new, mode=0o600)

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

    def _take(self, path: WsPath) -> bool:
        self.ensure_folder()
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
        try:
            fd = os.open(path.os_path, flags, 0o600)
        except FileExistsError:
            return False
        try:
            os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        finally:
            os.close(fd)
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
