"""Which folders may be opened as a workspace, and the real path of one that may.

System folders (and everything inside them), drive roots and folders too broad
to be a project (``/``, ``/home``, ``/tmp``, and a person's home folder itself,
which holds keys and settings of every program) are refused with a sentence that
says what to open instead.
"""

from __future__ import annotations

import os
import re
from pathlib import Path, PureWindowsPath

from ..errors import WorkspaceOpenError
from ..i18n import N_, _

__all__ = ["check_workspace_root", "is_system_path"]

# Folders that are never a workspace, and whose insides never are either.
_SYSTEM_TREES_POSIX = (
    "/etc", "/usr", "/bin", "/sbin", "/boot", "/proc", "/sys", "/dev", "/lib", "/lib32",
    "/lib64", "/libx32", "/System", "/Library", "/private/etc", "/private/var/db",
    "/var/lib", "/var/log", "/var/cache", "/var/spool", "/run",
)  # fmt: skip
# Folders that are too broad to be a workspace themselves; their subfolders are fine.
_TOP_LEVEL_POSIX = (
    "/", "/home", "/Users", "/root", "/var", "/opt", "/tmp", "/mnt", "/media", "/srv",
    "/private", "/private/var", "/private/tmp", "/Volumes", "/Applications",
)  # fmt: skip
_HOME_REASON = N_(
    "{real} is a home folder, too broad to be a workspace (it holds the keys and settings "
    "of every program); open a project folder inside it."
)
_SYSTEM_NAMES_WINDOWS = frozenset(
    {
        "windows",
        "program files",
        "program files (x86)",
        "programdata",
        "$recycle.bin",
        "recycler",
        "system volume information",
        "recovery",
        "$windows.~bt",
        "boot",
    }
)


def _is_under(path: str, tree: str) -> bool:
    return path == tree or path.startswith(tree.rstrip("/") + "/")


def _system_folder_reason(real: str) -> str | None:
    if os.name == "nt" or re.match(r"^[A-Za-z]:[\\/]", real):
        win = PureWindowsPath(real)
        if len(win.parts) <= 1:
            return _("{real} is a drive root; open a project folder inside it instead.").format(
                real=real)
        if win.parts[1].lower() in _SYSTEM_NAMES_WINDOWS:
            return _("{real} is a Windows system folder; open one of your own folders "
                     "instead.").format(real=real)
        if any(part.lower() in {"$recycle.bin", "recycler"} for part in win.parts):
            return _("{real} is inside the recycle bin; restore the items first.").format(
                real=real)
        if len(win.parts) == 3 and win.parts[1].lower() == "users":
            return _(_HOME_REASON).format(real=real)
        return None
    for tree in _SYSTEM_TREES_POSIX:
        if _is_under(real, tree):
            return _("{real} is a system folder; open one of your own project folders "
                     "instead.").format(real=real)
    if real in _TOP_LEVEL_POSIX:
        return _("{real} is too broad to be a workspace; open a project folder inside it.").format(
            real=real)
    home = os.path.realpath(os.path.expanduser("~"))
    if real == home:
        return _(_HOME_REASON).format(real=real)
    trash = os.path.join(home, ".local", "share", "Trash")
    if _is_under(real, trash) or "/.Trash" in real:
        return _("{real} is inside the trash; restore the items first.").format(real=real)
    return None


def check_workspace_root(path: str | os.PathLike[str]) -> Path:
    """Resolve a folder a person wants to open as a workspace, or explain why not.

    ``~`` is expanded here (and only here): it is how people name their
    projects. The answer is the real path, symlinks resolved.
    """
    try:
        text = os.fspath(path)
    except TypeError:
        raise WorkspaceOpenError(_("Expected the folder's path as text, got {kind}.").format(
            kind=type(path).__name__), path=None) from None
    if not isinstance(text, str):
        raise WorkspaceOpenError(_("Give the folder's path as text, not bytes."))
    if not text or not text.strip():
        raise WorkspaceOpenError(_("No folder was given; pass the path of a project folder."))
    if "\x00" in text:
        raise WorkspaceOpenError(_("The folder path contains a NUL byte."), path=text)
    expanded = os.path.expanduser(text)
    try:
        real = os.path.realpath(expanded, strict=True)
    except (OSError, RuntimeError):
        raise WorkspaceOpenError(
            _("The folder {path} does not exist; check the path or create the folder first.")
            .format(path=repr(text)), path=text,
        ) from None
    if not os.path.isdir(real):
        raise WorkspaceOpenError(
            _("{path} is a file, not a folder; open the folder that contains it.").format(
                path=repr(text)), path=text,
        )
    reason = _system_folder_reason(real)
    if reason:
        raise WorkspaceOpenError(reason, path=text)
    return Path(real)


def is_system_path(path: str | os.PathLike[str]) -> bool:
    """True for system folders, drive roots and folders too broad to be a workspace.

    Parameters
    ----------
    path : str or os.PathLike
        Any folder; links are resolved first.

    Returns
    -------
    bool
    """
    return _system_folder_reason(os.path.realpath(os.fspath(path))) is not None
