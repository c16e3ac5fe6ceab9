"""wsnb's temporary files: where a write's bytes wait until they are whole.

A write (``fsops.atomic_write``) fills a temporary file, then renames it over its
target. The file is wsnb's, never the person's: it lives in ``.wsnb/tmp/``, named
``.wsnb-tmp-<process token>-<random>`` (``wsnb.disk.owners``), so an open of the
workspace finds the ones a killed process left and removes them (``clear_orphans``),
and never one a live process is still writing. A rename can't cross devices: a
target folder on another device than ``.wsnb/`` gets its temporary file beside it,
with a note in ``.wsnb/tmp/`` (``<name>.at``, holding the folder) so the open finds
that one too.
"""

from __future__ import annotations

import logging
import os
import secrets
import stat
from pathlib import Path

from ..errors import WsnbError
from ..policy.access import METADATA_DIR, AccessPolicy, WsPath
from .metadir import metadata_folder
from .owners import alive, process_token

__all__ = ["TEMP_DIR", "TEMP_PREFIX", "clear_orphans", "make"]

logger = logging.getLogger("wsnb")

TEMP_PREFIX = ".wsnb-tmp-"
TEMP_DIR = f"{METADATA_DIR}/tmp"
_MARKER = ".at"  # "<temp name>.at" in TEMP_DIR: the folder of a temporary file kept elsewhere


def make(path: WsPath, *, private: bool) -> tuple[Path, int, Path | None]:
    """Create an empty temporary file for ``path``: it, its open descriptor, and its note.

    The file lives in ``.wsnb/tmp/`` when that folder is on the same device as the
    target's folder (a rename can't cross devices), else beside the target with a
    note in ``.wsnb/tmp/`` naming its folder (None when it lives there, or when
    ``.wsnb/`` can't be written). Its name carries this process's token. Raises
    ``OSError`` (``FileExistsError`` when no free name was found). A new file is
    created with 0o666 so the kernel applies the umask as for any new file; a
    replacement starts private (0o600) and gets its final bits before it becomes
    visible under the real name.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _attempt in range(100):
        folder, notes = _temp_place(path)
        name = f"{TEMP_PREFIX}{process_token()}-{secrets.token_hex(6)}"
        temp = folder / name
        try:
            fd = os.open(temp, flags, 0o600 if private else 0o666)
        except FileExistsError:
            continue
        except FileNotFoundError:
            root = _root_of(path)
            if folder == root / TEMP_DIR and str(root) in _temp_ready:
                _temp_ready.discard(str(root))  # .wsnb/tmp went away: make it again
                continue
            raise
        return temp, fd, _note_place(notes, name, path) if notes is not None else None
    raise FileExistsError(f"no free temporary name beside {path.relative}")


_temp_ready: set[str] = set()  # roots whose .wsnb/tmp this process made or found


def _root_of(path: WsPath) -> Path:
    """The workspace root ``path`` was resolved against (its relative parts taken off)."""
    found = path.os_path
    if not path.is_root:
        for _part in range(path.relative.count("/") + 1):
            found = os.path.dirname(found)
    return Path(found)


def _temp_place(path: WsPath) -> tuple[Path, Path | None]:
    """Where the temporary file of ``path`` goes, and the folder of its note if elsewhere."""
    root = _root_of(path)
    target_folder = path.absolute.parent
    temp_folder = root / TEMP_DIR
    try:
        if str(root) not in _temp_ready:
            metadata_folder(root)
            temp_folder.mkdir(exist_ok=True)
            if not stat.S_ISDIR(os.lstat(temp_folder).st_mode):
                return target_folder, None  # a link: wsnb writes nothing through it
            _temp_ready.add(str(root))
        if os.stat(temp_folder).st_dev == os.stat(target_folder).st_dev:
            return temp_folder, None
    except OSError:
        return target_folder, None  # .wsnb can't be written: the write itself says why, if so
    return target_folder, temp_folder


def _note_place(notes: Path, name: str, path: WsPath) -> Path | None:
    """A note in ``.wsnb/tmp/`` saying which folder holds the temporary file ``name``."""
    folder = path.relative.rpartition("/")[0] or "."
    note = notes / f"{name}{_MARKER}"
    try:
        fd = os.open(note, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError:
        return None
    try:
        os.write(fd, folder.encode("utf-8"))
    finally:
        os.close(fd)
    return note


def clear_orphans(policy: AccessPolicy) -> int:
    """Remove the temporary files of processes that no longer run; returns how many.

    Only wsnb's own files are touched: names that start with ``.wsnb-tmp-`` in
    ``.wsnb/tmp/``, and those its notes place elsewhere in the workspace (through
    the policy: no link is followed). A file whose owner still runs stays.
    """
    try:
        folder = policy.resolve(TEMP_DIR).absolute  # no link on the way: only wsnb's own folder
        names = os.listdir(folder)
    except (OSError, WsnbError):
        return 0
    removed = 0
    for name in names:
        if not name.startswith(TEMP_PREFIX):
            continue
        token = name[len(TEMP_PREFIX):].removesuffix(_MARKER).rpartition("-")[0]
        if alive(token):
            continue
        if name.endswith(_MARKER):
            removed += _clear_noted(policy, folder / name, name[: -len(_MARKER)])
            _remove_own(folder / name)
        else:
            removed += _remove_own(folder / name)
    if removed:
        logger.info("removed %d temporary file(s) left by processes that ended", removed)
    return removed


def _clear_noted(policy: AccessPolicy, note: Path, name: str) -> int:
    try:
        where = note.read_text(encoding="utf-8").strip() or "."
        temp = policy.resolve(name if where == "." else f"{where}/{name}")
    except (OSError, ValueError, WsnbError):
        return 0
    return _remove_own(temp.absolute)


def _remove_own(temp: Path) -> int:
    """Unlink one of wsnb's temporary files (a regular file, never a link or a folder)."""
    try:
        if not stat.S_ISREG(os.lstat(temp).st_mode):
            return 0
        temp.unlink()
    except OSError:
        return 0
    return 1
