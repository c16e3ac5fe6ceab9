"""Safe file-system changes: atomic writes, backups, fingerprints, no-replace renames.

Like ``wsnb.disk.textio`` this is one of the few modules that touch user files, and
every function takes a ``WsPath`` (or, for renames, paths the caller built from
``WsPath`` objects), so the path has already passed the access policy. A write
goes to a temporary file and is renamed into place only once it is complete and
on disk, so a crash, a full disk or a kill leaves the original byte-for-byte
intact. The temporary file is wsnb's (``wsnb.disk.tempfiles``), kept in
``.wsnb/tmp/``, never in the person's folders, and an open of the workspace
removes the ones a killed process left. Nothing here ever replaces an item it was told
not to: exclusive writes link the temporary file into place, and renames use
``renameat2(RENAME_NOREPLACE)`` where the system has it.
"""

from __future__ import annotations

import ctypes
import errno
import hashlib
import logging
import os
import shutil
import stat
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from .. import advice
from ..errors import ConflictError, PolicyError, WriteError, WsnbError
from ..i18n import N_, _
from ..policy.access import METADATA_DIR, WsPath
from ..policy.names import is_dangerous_name
from ..types import Rule
from .metadir import keep_out_of_git, metadata_folder
from .tempfiles import TEMP_DIR, TEMP_PREFIX, clear_orphans
from .tempfiles import make as make_temp
from .textio import read_bytes

__all__ = [
    "BACKUP_DIR",
    "HASH_LIMIT",
    "TEMP_DIR",
    "TEMP_PREFIX",
    "Fingerprint",
    "atomic_write",
    "backup_file",
    "clear_orphans",
    "fingerprint",
    "keep_out_of_git",
    "metadata_folder",
    "rename_no_replace",
    "same_item",
]

logger = logging.getLogger("wsnb")

HASH_LIMIT = 1024 * 1024
BACKUP_DIR = f"{METADATA_DIR}/backups"
_CHUNK = 1024 * 1024
_MAX_NAME_BYTES = 255
_AT_FDCWD = -100
_RENAME_NOREPLACE = 1


# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------


def atomic_write(
    path: WsPath,
    data: bytes | Iterable[bytes],
    *,
    exclusive: bool = False,
    mode: int | None = None,
    sync: bool = True,
) -> None:
    """Write ``data`` to ``path`` so that readers see the old file or the new, never half.

    ``data`` is bytes, or an iterable of byte chunks for large content. The
    bytes go to a ``.wsnb-tmp-`` file in ``.wsnb/tmp/``, are flushed and
    fsynced (unless ``sync=False``: wsnb's own notes that a power cut may lose),
    then renamed over ``path`` (keeping its permission bits unless ``mode`` is
    given). With ``exclusive=True`` an existing target is never replaced: it
    raises ``ConflictError``. Any failure removes the temporary file and raises
    ``WriteError``; the original stays byte-for-byte intact.
    """
    if is_dangerous_name(path.name):
        raise PolicyError(
            _("{path} has a suffix that runs programs; wsnb never writes such files.").format(
                path=path),
            path=str(path),
            rule=Rule.DANGEROUS_SUFFIX,
        )
    if exclusive and path.exists():
        raise _conflict(path)
    existing = _existing_mode(path)
    temp, fd, note = _temp_for(path, private=existing is not None or mode is not None)
    try:
        _fill(fd, temp, data, mode if mode is not None else existing, sync)
        _publish(temp, path, exclusive)
    except BaseException as exc:
        _discard(temp)
        if isinstance(exc, OSError):
            raise _write_error(path, exc) from None
        raise
    finally:
        if note is not None:
            _discard(note)
    if sync:
        _sync_folder(path.absolute.parent)
    logger.debug("wrote %s atomically", path)


def _existing_mode(path: WsPath) -> int | None:
    """The permission bits of the file being replaced, or None for a new file."""
    try:
        info = os.lstat(path.absolute)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _write_error(path, exc) from None
    return stat.S_IMODE(info.st_mode) if stat.S_ISREG(info.st_mode) else None


def _temp_for(path: WsPath, *, private: bool) -> tuple[Path, int, Path | None]:
    """``tempfiles.make`` with its failures as sentences."""
    try:
        return make_temp(path, private=private)
    except FileExistsError:
        raise WriteError(
            _("Could not write {path}: no free temporary name in its folder; the original is "
              "unchanged. Remove old .wsnb-tmp- files there and try again.").format(path=path),
            path=str(path),
        ) from None
    except OSError as exc:
        raise _write_error(path, exc) from None


def _fill(fd: int, temp: Path, data: bytes | Iterable[bytes], mode: int | None,
          sync: bool = True) -> None:  # fmt: skip
    """Write every chunk, set the final permission bits, force it all to disk, close."""
    try:
        for chunk in _chunks(data):
            view = memoryview(chunk)
            while view:
                view = view[os.write(fd, view) :]
        if mode is not None:
            if hasattr(os, "fchmod"):
                os.fchmod(fd, mode)
            else:  # pragma: no cover - Windows
                temp.chmod(mode)
        if sync:
            os.fsync(fd)
    finally:
        os.close(fd)


def _chunks(data: bytes | Iterable[bytes]) -> Iterator[bytes | memoryview]:
    if isinstance(data, bytes | bytearray | memoryview):
        view = memoryview(data)
        for start in range(0, len(view), _CHUNK):
            yield view[start : start + _CHUNK]
        return
    yield from data


def _publish(temp: Path, path: WsPath, exclusive: bool) -> None:
    """Move the finished temporary file to its real name."""
    if not exclusive:
        temp.replace(path.absolute)
        return
    try:
        os.link(temp, path.absolute)  # fails if the target appeared meanwhile
    except FileExistsError:
        raise _conflict(path) from None
    except OSError:
        # No hard links on this file system: reserve the name, then rename over it.
        try:
            os.close(os.open(path.absolute, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            raise _conflict(path) from None
        try:
            temp.replace(path.absolute)
        except BaseException:
            _discard(path.absolute)  # our own empty placeholder, nothing of the user's
            raise
        return
    _discard(temp)


def _discard(temp: Path) -> None:
    try:
        temp.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        logger.warning("could not remove the temporary file %s (%s)", temp.name, exc.strerror)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable, where the platform can fsync a folder."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


_WRITE_HINTS = {
    errno.ENOSPC: N_("Free some disk space and try again."),
    errno.EDQUOT: N_("Free some space in your disk quota and try again."),
    errno.EFBIG: N_("The file system or a size limit does not allow a file this large; make it "
                    "smaller or save it elsewhere."),
    errno.EACCES: N_("Check that you may write to the file and its folder."),
    errno.EPERM: N_("Check that you may write to the file and its folder."),
    errno.EROFS: N_("The disk is read-only; copy the workspace somewhere writable."),
    errno.ENOENT: N_("Its folder does not exist; create the folder first."),
}


def _with_hint(sentence: str, hint: str) -> str:
    """Two whole sentences: what went wrong, then (in the same language) what to do."""
    return f"{sentence} {_(hint)}" if hint else sentence


def _write_error(path: WsPath, exc: OSError) -> WriteError:
    reason = exc.strerror or str(exc) or type(exc).__name__
    hint = _WRITE_HINTS.get(exc.errno or 0, "")
    return WriteError(
        _with_hint(_("Could not write {path}: {reason}; the original is unchanged.").format(
            path=path, reason=reason), hint),
        path=str(path),
        errno=exc.errno,
    )


def _conflict(path: WsPath) -> ConflictError:
    return ConflictError(
        _("{path} already exists; wsnb never overwrites a file, so choose another name.").format(
            path=path),
        path=str(path),
    )


# ---------------------------------------------------------------------------
# Backups
# ---------------------------------------------------------------------------


def backup_file(path: WsPath, root: Path, now: datetime) -> Path:
    """Copy ``path`` to ``<root>/.wsnb/backups/`` before it is changed, and return the copy.

    The name is the relative path with ``/`` as ``__``, then the time and
    ``.bak``; an existing backup is never overwritten (a counter is added).
    The copy is fsynced, so it is on disk before the original is replaced.
    """
    folder = _backup_folder(root, path)
    stem = f"{_flat_name(path.relative)}.{now.strftime('%Y%m%d-%H%M%S-%f')}"
    try:
        if not stat.S_ISREG(os.lstat(path.absolute).st_mode):
            raise WriteError(
                _("Could not back up {path}: it is not a regular file; nothing was "
                  "changed.").format(path=path),
                path=str(path),
            )
        target = _reserve(folder, stem)
    except OSError as exc:
        raise _backup_error(path, exc) from None
    try:
        shutil.copy2(path.absolute, target, follow_symlinks=False)
        _fsync_file(target)
    except OSError as exc:
        _discard(target)
        raise _backup_error(path, exc) from None
    logger.debug("backed up %s", path)
    return target


def backup_bytes(path: WsPath, data: bytes, root: Path, now: datetime) -> Path:
    """``backup_file`` for bytes ``path`` will hold before it is changed: a change set's earlier
    change makes the file (or moves it there), so the bytes are known before they are on the
    disk at ``path``. Named and fsynced as ``backup_file``'s copies are."""
    folder = _backup_folder(root, path)
    stem = f"{_flat_name(path.relative)}.{now.strftime('%Y%m%d-%H%M%S-%f')}"
    try:
        target = _reserve(folder, stem)
    except OSError as exc:
        raise _backup_error(path, exc) from None
    try:
        with open(target, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as exc:
        _discard(target)
        raise _backup_error(path, exc) from None
    logger.debug("backed up the bytes %s will hold", path)
    return target


def _backup_folder(root: Path, path: WsPath) -> Path:
    """Create ``.wsnb/backups`` and make sure neither part is a symlink out of the workspace."""
    folder = root / METADATA_DIR / "backups"
    try:
        metadata_folder(root)
        folder.mkdir(exist_ok=True)
        for part in (root / METADATA_DIR, folder):
            if not stat.S_ISDIR(os.lstat(part).st_mode):
                raise WriteError(
                    _("Could not back up {path}: {folder} is not a plain folder (a link?); "
                      "remove it so wsnb can recreate it. Nothing was changed.").format(
                        path=path, folder=BACKUP_DIR),
                    path=str(path),
                )
    except OSError as exc:
        raise _backup_error(path, exc) from None
    return folder


def _flat_name(relative: str) -> str:
    """``a/b/c.txt`` -> ``a__b__c.txt``, shortened with a hash when too long for a name."""
    flat = relative.replace("/", "__")
    room = _MAX_NAME_BYTES - 40  # time stamp, counter and ".bak"
    if len(flat.encode("utf-8")) <= room:
        return flat
    digest = hashlib.sha256(flat.encode("utf-8")).hexdigest()[:12]
    tail = flat.encode("utf-8")[-(room - 14) :].decode("utf-8", errors="ignore")
    return f"{digest}__{tail}"


def _reserve(folder: Path, stem: str) -> Path:
    """Create an empty, new backup file; ``O_EXCL`` makes overwriting impossible."""
    for counter in range(10_000):
        name = f"{stem}.bak" if counter == 0 else f"{stem}-{counter}.bak"
        target = folder / name
        try:
            os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            continue
        return target
    raise FileExistsError(errno.EEXIST, "too many backups with the same time stamp")


def _fsync_file(target: Path) -> None:
    fd = os.open(target, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _backup_error(path: WsPath, exc: OSError) -> WriteError:
    reason = exc.strerror or str(exc)
    if exc.errno == errno.ENOENT:
        hint = advice.FILE_GONE.text()
    else:
        hint = _WRITE_HINTS.get(exc.errno or 0, "")
    return WriteError(
        _with_hint(_("Could not back up {path}: {reason}; nothing was changed.").format(
            path=path, reason=reason), hint),
        path=str(path),
        errno=exc.errno,
    )


# ---------------------------------------------------------------------------
# Fingerprints
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fingerprint:
    """What a path looked like when a plan was made, to tell later whether it changed.

    ``size`` is 0 for folders; ``sha256`` is set only for regular files of
    at most ``HASH_LIMIT`` bytes, so an edit that keeps the size and the
    modification time is still caught.
    """

    exists: bool
    is_dir: bool
    size: int
    mtime_ns: int
    sha256: str | None


_MISSING = Fingerprint(False, False, 0, 0, None)


def fingerprint(path: WsPath) -> Fingerprint:
    """The path's fingerprint now; never follows symlinks, a missing path gives ``exists=False``."""
    try:
        info = os.lstat(path.absolute)
    except (FileNotFoundError, NotADirectoryError):
        return _MISSING
    if stat.S_ISDIR(info.st_mode):
        return Fingerprint(True, True, 0, info.st_mtime_ns, None)
    digest = None
    if stat.S_ISREG(info.st_mode) and info.st_size <= HASH_LIMIT:
        digest = _sha256(path)
    return Fingerprint(True, False, info.st_size, info.st_mtime_ns, digest)


def _sha256(path: WsPath) -> str | None:
    """The content hash, or None when the file can't be read (it then counts by size and time)."""
    try:
        return hashlib.sha256(read_bytes(path, limit=HASH_LIMIT + 1)).hexdigest()
    except (OSError, WsnbError):
        return None


# ---------------------------------------------------------------------------
# Renaming without replacing
# ---------------------------------------------------------------------------


def rename_no_replace(source: Path, target: Path) -> None:
    """Rename ``source`` to ``target``; raises ``FileExistsError`` rather than replace anything."""
    if same_item(source, target):
        source.rename(target)  # a change of case only, on a case-insensitive file system
        return
    if _renameat2(source, target):
        return
    if stat.S_ISDIR(os.lstat(source).st_mode):
        _checked_rename(source, target)
        return
    try:
        os.link(source, target, follow_symlinks=False)
    except FileExistsError:
        raise
    except OSError:  # no hard links here
        _checked_rename(source, target)
        return
    source.unlink()


def same_item(source: Path, target: Path) -> bool:
    """True when both paths name the same file (a change of case on a case-insensitive disk)."""
    try:
        return os.path.samestat(os.lstat(source), os.lstat(target))
    except OSError:
        return False


def _renameat2(source: Path, target: Path) -> bool:
    """True when Linux renamed it; False where the call or the file system lacks it."""
    if not sys.platform.startswith("linux"):
        return False
    function = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)
    if function is None:
        return False
    result = function(_AT_FDCWD, os.fsencode(source), _AT_FDCWD, os.fsencode(target),
                      _RENAME_NOREPLACE)  # fmt: skip
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in {errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP}:
        return False
    raise OSError(code, os.strerror(code), os.fspath(target))


def _checked_rename(source: Path, target: Path) -> None:
    if os.path.lexists(target):
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), os.fspath(target))
    source.rename(target)
