"""The system trash: the only way wsnb removes anything, and the way back.

Sending goes through ``send2trash``, so the item lands where the desktop's own
trash window shows it. On Linux (the freedesktop trash) wsnb also finds the
record the trash wrote for the item, which is what makes ``restore`` possible:
the item sits in ``<trash>/files/<name>`` and ``<trash>/info/<name>.trashinfo``
holds its original path (URL-quoted) and deletion date.

``send2trash`` is imported inside the methods so ``import wsnb`` stays light.
It computes its home trash from ``XDG_DATA_HOME`` once, at its own import time,
and uses gio instead of its own code when the ``gi`` module is importable; the
record lookup below works the same for both because it only reads the trash
folders the freedesktop specification names.
"""

from __future__ import annotations

import errno
import logging
import os
import shutil
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from urllib.parse import unquote_to_bytes

from .. import advice
from ..errors import ConflictError, NotFoundError, TrashError, UsageError
from ..i18n import N_, _
from ..policy.access import WsPath
from .fsops import rename_no_replace

__all__ = ["Trash", "TrashRecord"]

logger = logging.getLogger("wsnb")

_INFO_SUFFIX = ".trashinfo"
_DATE_FORMAT = "%Y-%m-%dT%H:%M:%S"
_UNKNOWN_WHERE = N_(
    "wsnb does not know where the trash keeps {name}; restore it from the system's trash window."
)


@dataclass(frozen=True, slots=True)
class TrashRecord:
    """Where an item went: enough to find it again and put it back.

    ``trashed`` and ``info`` are ``None`` where the platform's trash can't be
    read (macOS, Windows); such records can't be restored by wsnb.
    """

    original: str
    trashed: str | None
    info: str | None
    deleted_at: datetime


@dataclass(frozen=True, slots=True)
class _TrashDir:
    """One freedesktop trash folder and the folder its relative ``Path=`` values start from."""

    path: Path
    topdir: Path

    @property
    def info(self) -> Path:
        return self.path / "info"

    @property
    def files(self) -> Path:
        return self.path / "files"


@dataclass(frozen=True, slots=True)
class _Info:
    """What a ``.trashinfo`` file says, plus where it and its item are."""

    original: str
    deleted_at: datetime
    info: Path
    trashed: Path
    mtime_ns: int


class Trash:
    """Moves one item at a time to the system trash, and back where the trash can be read.

    ``home_trash`` is where to look for the records of items sent to the home
    trash; ``None`` means the trash ``send2trash`` writes. It does not move
    ``send2trash`` itself: point ``XDG_DATA_HOME`` at a folder before wsnb is
    imported for that (the test suite does).
    """

    def __init__(self, *, home_trash: Path | None = None) -> None:
        self._home_trash = Path(home_trash) if home_trash is not None else None
        self._platform = sys.platform

    def __repr__(self) -> str:
        where = str(self._home_trash) if self._home_trash else "system default"
        return f"Trash(home_trash={where!r})"

    @property
    def can_restore(self) -> bool:
        """True where the trash is the freedesktop one wsnb can read (Linux and the like)."""
        return self._platform not in {"darwin", "win32", "cygwin"}

    # -- sending --------------------------------------------------------------

    def send(self, path: WsPath) -> TrashRecord:
        """Move ``path`` (a file or a folder) to the system trash; never delete it.

        Only one item per call, so a plan's record of what went where stays
        one-to-one with what a person confirmed.
        """
        target = _checked_target(path)
        if not self.can_restore:
            self._send2trash(target)
            logger.info("Moved %s to the system trash.", target.relative)
            return TrashRecord(str(target.absolute), None, None, datetime.now().astimezone())
        dirs = self._trash_dirs(target.absolute)
        before = {d.path: _info_names(d) for d in dirs}
        self._send2trash(target)
        record = self._find_record(str(target.absolute), dirs, before)
        if record is None:
            logger.warning("Moved %s to the trash, but found no record of it.", target.relative)
            return TrashRecord(str(target.absolute), None, None, datetime.now().astimezone())
        logger.info("Moved %s to the trash.", target.relative)
        return record

    @staticmethod
    def _send2trash(target: WsPath) -> None:
        from send2trash import TrashPermissionError, send2trash

        try:
            send2trash(str(target.absolute))
        except TrashPermissionError as exc:
            raise TrashError(_refused(target, exc.strerror, writable=False),
                             path=target.relative) from None
        except OSError as exc:
            raise TrashError(_refused(target, exc.strerror or exc.__class__.__name__),
                             path=target.relative) from None

    # -- restoring ------------------------------------------------------------

    def contains(self, record: TrashRecord) -> bool:
        """True while the very item of ``record`` is still in the trash.

        The trash reuses a name once it is free, so the ``.trashinfo`` must
        still name the same original path and deletion time, not just exist.
        """
        if record.trashed is None or record.info is None:
            return False
        if not os.path.lexists(record.trashed):
            return False
        info = _read_info(Path(record.info), _topdir_of(Path(record.info)))
        return (
            info is not None
            and info.original == record.original
            and info.deleted_at == record.deleted_at
        )

    def restore(self, record: TrashRecord, dest: WsPath) -> None:
        """Move the trashed item back to ``dest`` (normally where it was), never overwriting."""
        name = Path(record.original).name
        if not self.can_restore:
            raise TrashError(
                _("Restoring from the trash is not supported on {platform}; restore it from the "
                  "system's trash window.").format(platform=self._platform),
                path=dest.relative,
            )
        if record.trashed is None or record.info is None:
            raise TrashError(_(_UNKNOWN_WHERE).format(name=name), path=dest.relative)
        if not self.contains(record):
            raise TrashError(
                _("{name} is no longer in the trash (it was emptied or restored elsewhere); "
                  "there is nothing to restore.").format(name=name),
                path=dest.relative,
            )
        _check_dest(dest)
        _move_back(Path(record.trashed), dest)
        _remove_info(Path(record.info), dest)
        logger.info("Restored %s from the trash.", dest.relative)

    def find(self, original: WsPath, since: datetime) -> TrashRecord | None:
        """The record of ``original`` sent to the trash at ``since`` or later, if the trash
        can be read and holds it (the newest of them): what a send cut short left no word of.
        """
        if not self.can_restore:
            return None
        text = str(original.absolute)
        dirs = self._trash_dirs(original.absolute)
        floor = since.replace(microsecond=0)  # a .trashinfo keeps whole seconds
        infos = (_read_info(d.info / n, d.topdir) for d in dirs for n in _info_names(d))
        found = _newest_for(text, (i for i in infos if i is not None and i.deleted_at >= floor))
        if found is None or not os.path.lexists(found.trashed):
            return None
        return TrashRecord(text, str(found.trashed), str(found.info), found.deleted_at)

    # -- finding records ------------------------------------------------------

    def _trash_dirs(self, target: Path) -> list[_TrashDir]:
        """The trash folders the item may land in: the home trash, then its volume's."""
        home = self._home_trash or _default_home_trash()
        uid = str(os.getuid()) if hasattr(os, "getuid") else "0"
        top = _mount_point(target.parent)
        dirs = [
            _TrashDir(home, home.parent),
            _TrashDir(top / ".Trash" / uid, top),
            _TrashDir(top / f".Trash-{uid}", top),
        ]
        unique: dict[Path, _TrashDir] = {}
        for item in dirs:
            unique.setdefault(item.path, item)
        return list(unique.values())

    def _find_record(
        self, original: str, dirs: list[_TrashDir], before: dict[Path, set[str]]
    ) -> TrashRecord | None:
        """The record of ``original`` written by this send (the newest, if several match).

        Only the ``.trashinfo`` files that appeared during the send are read:
        the trash never reuses a name that is taken, so an older file can't be
        this send's record (it may be an earlier deletion of the same path),
        and a trash holding thousands of items costs a listing, not thousands
        of reads.
        """
        new = [(d, n) for d in dirs for n in _info_names(d) - before[d.path]]
        found = _newest_for(original, (_read_info(d.info / n, d.topdir) for d, n in new))
        if found is None:
            return None
        return TrashRecord(original, str(found.trashed), str(found.info), found.deleted_at)


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def _checked_target(path: object) -> WsPath:
    """Refuse anything but one existing, policy-checked path that is not the root."""
    if isinstance(path, list | tuple | set | frozenset):
        raise TrashError(
            _("wsnb moves one item to the trash at a time; call send() once for each path.")
        )
    if not isinstance(path, WsPath):
        raise UsageError(
            _("send() takes a path checked by the workspace's access policy, not {kind}; "
              "resolve it with the policy first.").format(kind=type(path).__name__)
        )
    if path.is_root:
        raise TrashError(
            _("The workspace root can't be moved to the trash; trash the items inside it "
              "instead."),
            path=path.relative,
        )
    if not path.exists():
        raise TrashError(
            advice.NOTHING_TO_TRASH(path=path),
            path=path.relative,
        )
    return path


def _refused(target: WsPath, problem: str | None, *, writable: bool = True) -> str:
    """Why the trash did not take ``target``, and where the item is now."""
    left = target.exists()
    if not writable:
        message = (_("The system trash refused {path} because its trash folder can't be "
                     "written ({problem}); it was left where it was.") if left else
                   _("The system trash refused {path} because its trash folder can't be "
                     "written ({problem}); check the system's trash window for it."))
    else:
        message = (_("The system trash could not take {path} ({problem}); it was left where it "
                     "was.") if left else
                   _("The system trash could not take {path} ({problem}); check the system's "
                     "trash window for it."))
    return message.format(path=target, problem=problem)


def _default_home_trash() -> Path:
    """The home trash ``send2trash`` writes: its own constant, or the XDG one gio uses."""
    import send2trash

    if send2trash.send2trash.__module__.endswith("plat_other"):
        from send2trash import plat_other

        return Path(plat_other.HOMETRASH)
    data = os.environ.get("XDG_DATA_HOME") or Path("~/.local/share").expanduser()
    return Path(data) / "Trash"


def _mount_point(path: Path) -> Path:
    """The top folder of the volume ``path`` is on (``$topdir`` in the trash specification)."""
    current = Path(os.path.realpath(path))
    while not os.path.ismount(current) and current.parent != current:
        current = current.parent
    return current


def _topdir_of(info_file: Path) -> Path:
    """The folder relative ``Path=`` values of a ``.trashinfo`` are relative to."""
    trash = info_file.parent.parent
    if trash.parent.name == ".Trash":  # $topdir/.Trash/$uid
        return trash.parent.parent
    return trash.parent  # $XDG_DATA_HOME/Trash or $topdir/.Trash-$uid


def _info_names(trash: _TrashDir) -> set[str]:
    """The names in a trash's ``info`` folder; names, not paths, to stay cheap for big trashes."""
    try:
        names = os.listdir(trash.info)
        return {name for name in names if name.endswith(_INFO_SUFFIX)}
    except OSError:
        return set()


def _read_info(info_file: Path, topdir: Path) -> _Info | None:
    """Parse one ``.trashinfo``; ``None`` for anything unreadable or malformed."""
    try:
        text = info_file.read_text(encoding="utf-8", errors="replace")
        mtime_ns = info_file.stat().st_mtime_ns
    except OSError:
        return None
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines or lines[0] != "[Trash Info]":
        return None
    fields = {key: value for key, _, value in (line.partition("=") for line in lines[1:])}
    try:
        original = os.fsdecode(unquote_to_bytes(fields["Path"]))
        deleted_at = datetime.strptime(fields["DeletionDate"], _DATE_FORMAT).astimezone()
    except (KeyError, ValueError):
        return None
    if not Path(original).is_absolute():
        original = os.path.normpath(topdir / original)
    trashed = info_file.parent.parent / "files" / info_file.name[: -len(_INFO_SUFFIX)]
    return _Info(original, deleted_at, info_file, trashed, mtime_ns)


def _newest_for(original: str, infos: Iterable[_Info | None]) -> _Info | None:
    matches = [i for i in infos if i is not None and i.original == original]
    if not matches:
        return None
    return max(matches, key=lambda i: (i.deleted_at, i.mtime_ns))


def _check_dest(dest: WsPath) -> None:
    if dest.exists():
        raise ConflictError(
            _("{path} already exists and wsnb never overwrites; move or rename it, then "
              "restore again.").format(path=dest),
            path=dest.relative,
        )
    if not dest.absolute.parent.is_dir():
        raise NotFoundError(
            _("The folder that held {path} no longer exists; restore or create that folder "
              "first, then restore again.").format(path=dest),
            path=dest.relative,
        )


def _move_back(trashed: Path, dest: WsPath) -> None:
    """Rename the item back, never over something that appeared meanwhile.

    Across devices it is copied and removed, after a last look at ``dest``.
    """
    try:
        try:
            rename_no_replace(trashed, dest.absolute)
        except OSError as exc:
            if exc.errno != errno.EXDEV:
                raise
            if os.path.lexists(dest.absolute):
                raise FileExistsError(errno.EEXIST, "exists", str(dest.absolute)) from None
            shutil.move(trashed, dest.absolute)
    except FileExistsError:
        raise ConflictError(
            _("{path} appeared while restoring; wsnb never overwrites, so the item stays in the "
              "trash. Move the new item away and try again.").format(path=dest),
            path=dest.relative,
        ) from None
    except OSError as exc:
        raise TrashError(
            _("{path} could not be restored ({problem}); it is still in the trash, try again or "
              "restore it from the system's trash window.").format(
                path=dest, problem=exc.strerror or exc.__class__.__name__),
            path=dest.relative,
        ) from None


def _remove_info(info: Path, dest: WsPath) -> None:
    """Drop the record of a restored item; a leftover one is harmless, so only log it."""
    try:
        info.unlink(missing_ok=True)
    except OSError as exc:
        logger.warning("Restored %s but could not remove its trash record (%s).",
                       dest.relative, exc.strerror)  # fmt: skip
