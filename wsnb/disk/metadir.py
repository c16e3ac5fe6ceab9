"""``.wsnb/``: the folder where wsnb keeps its own state inside a workspace.

The journal, the backups, the plans agents proposed, a set's request while it runs
and the temporary files of writes all live there. Every writer comes through
``metadata_folder``, which makes the folder and keeps it out of git.
"""

from __future__ import annotations

import errno
import logging
import os
import stat
from pathlib import Path

from ..policy.access import METADATA_DIR

__all__ = ["keep_out_of_git", "metadata_folder"]

logger = logging.getLogger("wsnb")

# Git ignores a folder whose own .gitignore says "*" (pytest's cache does the same), so the
# journal and the backups (old versions of files, secrets included) never reach a commit, and
# the person's own .gitignore is never touched.
_IGNORE_ALL = b"# Created by wsnb: the journal and backups stay out of git.\n*\n"


def metadata_folder(root: Path) -> Path:
    """``<root>/.wsnb``, created if needed, always holding a ``.gitignore`` that ignores it all.

    Every writer of ``.wsnb/`` comes through here, so a folder made by an older
    version (without the ``.gitignore``) gets one the next time wsnb writes.
    """
    folder = Path(root) / METADATA_DIR
    folder.mkdir(exist_ok=True)
    if not stat.S_ISDIR(os.lstat(folder).st_mode):  # a link out of the workspace: write nothing
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), METADATA_DIR)
    ignore = folder / ".gitignore"
    if not os.path.lexists(ignore):
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
        try:
            fd = os.open(ignore, flags, 0o644)
        except FileExistsError:  # another process wrote it a moment ago
            return folder
        try:
            os.write(fd, _IGNORE_ALL)
        finally:
            os.close(fd)
    return folder


def keep_out_of_git(root: Path) -> None:
    """Give an existing ``<root>/.wsnb`` its ``.gitignore`` (never creates ``.wsnb`` itself)."""
    folder = Path(root) / METADATA_DIR
    if os.path.lexists(folder / ".gitignore") or not os.path.isdir(folder):
        return
    try:
        metadata_folder(root)
    except OSError as exc:  # a read-only folder, say: the next write says it clearly
        logger.info("could not add %s/.gitignore (%s)", METADATA_DIR, exc.strerror or exc)
