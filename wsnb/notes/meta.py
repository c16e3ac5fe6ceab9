"""wsnb's own metadata under ``.assistant/``: the one place its JSON is read and written.

State, config, taxonomy and the hotset are the engine's bookkeeping (like the
journal), not a person's notes, so they are written without a plan, but still
only through the gate: every path is resolved by the access policy (a
symlinked ``.assistant`` is refused, never followed) and every write is
atomic. In read-only mode nothing is written.

Nothing is lost:

* a file that is not valid JSON is never overwritten: before the first write
  it is moved aside to ``<name>.corrupt-<time>`` with a warning, so the
  person's settings can still be recovered by hand;
* :func:`update_meta_json` re-reads the file under a lock, applies a change
  to what is on disk *now*, and writes it back, so two notebooks on one
  folder add their changes to each other's instead of replacing them.

The module-level functions (:func:`read_meta_json`, :func:`write_meta_json`,
:func:`update_meta_json`) take the access policy, so the note index can use
them for its own JSON files too.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..disk import fsops
from ..errors import PolicyError, WriteError
from ..i18n import _
from ..policy.access import AccessPolicy, WsPath
from ..types import PermissionMode, Rule
from .layout import ASSISTANT_DIR, STATE_FILE

__all__ = [
    "MetaStore",
    "ReadResult",
    "make_folders",
    "read_meta_json",
    "update_meta_json",
    "write_meta_json",
]

logger = logging.getLogger("wsnb")

_MAX_META_BYTES = 4 * 1024 * 1024
_WARNED: set[tuple[str, int, int]] = set()  # unreadable files already warned about


@dataclass(frozen=True)
class ReadResult:
    """What a metadata file holds: ``data`` (None when missing or unusable), and whether the
    file exists but could not be used (``corrupt``), so a later write keeps a copy first."""

    data: Any
    corrupt: bool = False


def _read(policy: AccessPolicy, relative: str) -> ReadResult:
    try:
        path = policy.resolve(relative)
    except PolicyError as exc:
        logger.warning("%s is not read: %s", relative, exc.reason)
        return ReadResult(None)
    try:
        info = os.lstat(path.absolute)
    except FileNotFoundError:
        return ReadResult(None)
    if not stat.S_ISREG(info.st_mode) or info.st_size > _MAX_META_BYTES:
        logger.warning("%s is not a small regular file; it is ignored.", relative)
        return ReadResult(None, corrupt=stat.S_ISREG(info.st_mode))
    from ..disk.textio import read_bytes

    try:
        return ReadResult(json.loads(read_bytes(path).decode("utf-8-sig")))
    except (ValueError, UnicodeDecodeError):
        seen = (str(path.absolute), info.st_mtime_ns, info.st_size)
        if seen not in _WARNED:  # once per version of the file, not at every look
            _WARNED.add(seen)
            logger.warning("%s is not valid JSON; the defaults are used and the file is kept "
                           "aside before anything is saved.", relative)  # fmt: skip
        return ReadResult(None, corrupt=True)


def read_meta_json(policy: AccessPolicy, relative: str) -> Any:
    """The parsed file, or None if missing, refused or not valid JSON (with a warning)."""
    return _read(policy, relative).data


def _check_writable(policy: AccessPolicy, relative: str) -> WsPath:
    if policy.mode is PermissionMode.READ_ONLY:
        raise PolicyError(_("The notes workspace is open read-only; its metadata is not saved. "
                            "Reopen it with mode='confirm-before-write'."),
                          path=relative, rule=Rule.READ_ONLY_MODE)  # fmt: skip
    path = policy.resolve(relative)
    if not path.relative.startswith(ASSISTANT_DIR + "/"):
        raise PolicyError(_("{path} is not inside {folder}/; the engine only writes its "
                            "metadata there.").format(path=relative, folder=ASSISTANT_DIR),
                          path=relative, rule=Rule.NOT_ALLOWED)  # fmt: skip
    return path


def keep_corrupt_copy(policy: AccessPolicy, path: WsPath, now: datetime | None = None) -> str:
    """Move an unusable metadata file aside (``config.json.corrupt-20260305T091500``); its new
    name, relative to the root. Never replaces another file."""
    stamp = (now or datetime.now()).strftime("%Y%m%dT%H%M%S")
    for attempt in range(100):
        suffix = f".corrupt-{stamp}" + (f"-{attempt}" if attempt else "")
        target = policy.resolve(path.relative + suffix)
        try:
            fsops.rename_no_replace(path.absolute, target.absolute)
        except FileExistsError:
            continue
        except OSError as exc:
            raise WriteError(_("Could not keep a copy of the unreadable {path} ({reason}); "
                               "nothing was saved over it. Move it away by hand.").format(
                                   path=path.relative, reason=exc.strerror),
                             path=path.relative) from None  # fmt: skip
        logger.warning("%s was not valid JSON; it was kept as %s before saving",
                       path.relative, target.relative)  # fmt: skip
        return target.relative
    raise WriteError(_("Too many kept copies of {path}; remove some of them.").format(
        path=path.relative), path=path.relative)  # fmt: skip


def _write(policy: AccessPolicy, path: WsPath, data: Any) -> None:
    if _read(policy, path.relative).corrupt:
        keep_corrupt_copy(policy, path)
    make_folders(policy, path)
    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    fsops.atomic_write(path, text.encode("utf-8"))
    logger.debug("saved %s", path.relative)


def write_meta_json(policy: AccessPolicy, relative: str, data: Any) -> WsPath:
    """Write ``data`` as pretty UTF-8 JSON, atomically, under the metadata lock.

    A file there that is not valid JSON is first moved aside, never overwritten.
    """
    path = _check_writable(policy, relative)
    with _locked(policy):
        _write(policy, path, data)
    return path


def update_meta_json(policy: AccessPolicy, relative: str, change: Callable[[Any], Any]) -> Any:
    """Read the file again under the lock, write ``change(what is on disk)``, return it.

    ``change`` gets the parsed file (None when missing or unusable) and returns
    the data to save; it must apply *its own* changes to what it is given, so
    a change made meanwhile by another notebook survives.
    """
    path = _check_writable(policy, relative)
    with _locked(policy):
        merged = change(_read(policy, path.relative).data)
        _write(policy, path, merged)
    return merged


@contextlib.contextmanager
def _locked(policy: AccessPolicy) -> Iterator[None]:
    """An exclusive lock shared by every process writing this workspace's metadata.

    The lock is taken on the ``.assistant`` folder itself, so no lock file is left behind.
    """
    try:
        import fcntl
    except ImportError:  # no advisory locks here: the re-read just before writing still merges
        yield
        return
    # One lock for every metadata file (they are small): the folder that holds them.
    path = policy.resolve(STATE_FILE)
    make_folders(policy, path)  # .assistant/, through the gate (a symlink is refused)
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0) | \
        getattr(os, "O_CLOEXEC", 0)  # fmt: skip
    try:
        fd = os.open(path.absolute.parent, flags)
    except OSError as exc:
        raise WriteError(_("Could not lock {path} ({reason}); check that the notes folder is "
                           "readable.").format(path=ASSISTANT_DIR, reason=exc.strerror),
                         path=ASSISTANT_DIR) from None  # fmt: skip
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


class MetaStore:
    """Reads and writes JSON files below ``.assistant/`` of one workspace."""

    def __init__(self, policy: AccessPolicy) -> None:
        self.policy = policy

    def __repr__(self) -> str:
        return f"MetaStore({str(self.policy.root / ASSISTANT_DIR)!r})"

    @property
    def writable(self) -> bool:
        return self.policy.mode is not PermissionMode.READ_ONLY

    def read_json(self, relative: str) -> Any:
        """The parsed file, or None if missing, refused or not valid JSON (with a warning)."""
        return read_meta_json(self.policy, relative)

    def stamp(self, relative: str) -> tuple[int, int, int, int] | None:
        """What tells one version of the file from the next: its inode, size and modification
        and change times (ns); None when it is missing or refused. A write (atomic: a new
        file renamed over the old) moves it."""
        try:
            info = os.lstat(self.policy.resolve(relative).absolute)
        except (PolicyError, OSError):
            return None
        return info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns

    def read(self, relative: str) -> ReadResult:
        """The parsed file and whether it exists but is unusable (``corrupt``)."""
        return _read(self.policy, relative)

    def keep_aside(self, relative: str, now: datetime | None = None) -> str:
        """Move an unusable file aside now (see :func:`keep_corrupt_copy`); its new name."""
        path = _check_writable(self.policy, relative)
        with _locked(self.policy):
            return keep_corrupt_copy(self.policy, path, now)

    def write_json(self, relative: str, data: Any) -> WsPath:
        """Write ``data`` atomically; an unreadable file there is moved aside first."""
        return write_meta_json(self.policy, relative, data)

    def update_json(self, relative: str, change: Callable[[Any], Any]) -> Any:
        """Re-read under the lock, save ``change(on disk)``; see :func:`update_meta_json`."""
        return update_meta_json(self.policy, relative, change)


def make_folders(policy: AccessPolicy, path: WsPath) -> None:
    """Create the folders above ``path`` (wsnb's own metadata) one by one, each through the gate."""
    parts = path.relative.split("/")[:-1]
    for count in range(1, len(parts) + 1):
        folder = policy.resolve("/".join(parts[:count]))  # refuses a symlink on the way
        try:
            folder.absolute.mkdir()
        except FileExistsError:
            if not folder.absolute.is_dir():
                raise WriteError(_("{path} is a file, so wsnb can't keep its metadata there; "
                                   "move that file away.").format(path=folder),
                                 path=folder.relative) from None  # fmt: skip
        except OSError as exc:
            raise WriteError(_("Could not create {path} ({reason}); check that the notes folder "
                               "is writable.").format(path=folder, reason=exc.strerror),
                             path=folder.relative) from None  # fmt: skip
