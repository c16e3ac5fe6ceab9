"""The policy's gate for a walk over many files of few folders, one search at a time.

``policy.resolve`` walks every segment of every path with ``lstat``; in a
search over thousands of files that walk costs about as much as reading them.
"""

from __future__ import annotations

import os
import re
import stat
from typing import Any

from ..errors import PolicyError
from ..policy.access import AccessPolicy, WsPath

__all__ = ["FolderGate"]


# ---------------------------------------------------------------------------
# The gate, with the folders it has verified remembered for one search.
# ---------------------------------------------------------------------------


class FolderGate:
    """``policy.resolve`` for many files of few folders, lstat-ing each folder once.

    ``policy.resolve`` walks every segment of every path with ``lstat``; in a
    search over a thousand files that walk costs about as much as reading
    them. The gate asks the policy once per folder, and for the common case of
    a plain name in a verified folder asks ``policy.resolve_child``, which
    ``lstat``-s the last segment only (a regular file, not a link). Anything else (a link, a missing
    file, ``..``, an absolute path, a name with odd characters) goes to
    ``policy.resolve`` whole, so refusals keep the policy's own rule and
    words. The file is then opened with ``O_NOFOLLOW`` by ``wsnb.disk.textio``.
    """

    __slots__ = ("_folders", "_plain", "_policy")

    def __init__(self, policy: AccessPolicy) -> None:
        self._policy = policy
        self._folders: dict[str, WsPath | None] = {}
        self._plain: dict[str, bool] = {}

    def resolve(self, candidate: str) -> tuple[WsPath, str, int | None]:
        """The checked path, its file name and its size when known.

        Raises ``PolicyError`` like the policy. The name comes along because
        the split is done here anyway.
        """
        folder_part, _, name = candidate.rpartition("/")
        folder = self._folders.get(folder_part, _UNSEEN)
        if folder is _UNSEEN:
            folder = self._folder(folder_part)
        if folder is None:
            return self._whole(candidate)
        plain = self._plain.get(name)
        if plain is None:  # names repeat (__init__.py): the pattern is asked once each
            plain = self._plain[name] = _PLAIN_NAME.match(name) is not None
        if not plain:
            return self._whole(candidate)
        try:
            target, info = self._policy.resolve_child(folder, name)
        except PolicyError:
            return self._whole(candidate)  # the policy's own words
        if info is None or not _S_ISREG(info.st_mode):
            return self._whole(candidate)
        return target, name, info.st_size

    def _whole(self, candidate: str) -> tuple[WsPath, str, None]:
        target = self._policy.resolve(candidate)
        return target, target.name, None

    def _folder(self, relative: str) -> WsPath | None:
        """The verified folder, or None; asked once per folder and remembered.

        A folder is its verified parent's child, checked with one ``lstat``
        (``policy.resolve_child``), so a deep tree costs one ``lstat`` per
        folder, not one per segment. None when the path is not plain, the
        policy refuses it, or it is not a folder.
        """
        folder: WsPath | None = None
        if relative == "":
            try:
                root = self._policy.resolve(".")
            except PolicyError:
                root = None
            folder = root if root is not None and os.path.isdir(root.os_path) else None
        elif _PLAIN_PATH.match(relative):
            parent_part, _, name = relative.rpartition("/")
            parent = self._folders.get(parent_part, _UNSEEN)
            if parent is _UNSEEN:
                parent = self._folder(parent_part)
            if parent is not None:
                try:
                    child, info = self._policy.resolve_child(parent, name)
                except PolicyError:
                    child, info = None, None
                if info is not None and stat.S_ISDIR(info.st_mode):
                    folder = child
        self._folders[relative] = folder
        return folder


_UNSEEN: Any = object()
_S_ISREG = stat.S_ISREG

# A relative POSIX path of plain names: no empty, "." or ".." segment, no backslash,
# colon or control character, not starting with "~". Anything else goes to the policy.
_SEGMENT = r"(?!\.\.?(?:/|\Z))[^/\\\x00-\x1f:]+"
_PLAIN_PATH = re.compile(rf"(?!~){_SEGMENT}(?:/{_SEGMENT})*\Z")
_PLAIN_NAME = re.compile(rf"(?!~){_SEGMENT}\Z")
