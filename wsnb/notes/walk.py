"""Find the note files of a notes workspace: what the index reads, and nothing else.

What a note is, is decided by :class:`wsnb.notes.rules.NoteRules` (the
scanner's ``.gitignore`` engine for the ignore globs). Hidden folders and
files (``.assistant``, ``.obsidian``, ``.git``) are never entered or read,
and neither is a
symbolic link: the walk lists with ``os.scandir`` and never follows a link,
every folder it enters passes ``AccessPolicy.resolve_child``, and so does
every file before it is read (``NoteFile.resolve``), which refuses links
and special files.

The walk also records each folder's modification time (``WalkResult.folders``):
a file created, deleted or renamed in a folder changes it, so a later
revalidation lists again only the folders whose time moved
(:func:`list_folder`), never the whole tree.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Container
from dataclasses import dataclass, field

from ..errors import PolicyError
from ..policy import AccessPolicy, WsPath
from .rules import NoteRules

__all__ = ["NoteFile", "WalkResult", "list_folder", "walk_notes"]

logger = logging.getLogger("wsnb")


@dataclass(frozen=True, slots=True)
class NoteFile:
    """A note file as the walk saw it: where it is, its size and modification time.

    The walk only stats; :meth:`resolve` passes the file through the policy
    (again refusing a link) when it is about to be read.
    """

    folder: WsPath
    name: str
    relative: str
    size: int
    mtime: float  # milliseconds since the epoch, as the CodePilot manifest stores it

    def resolve(self, policy: AccessPolicy) -> WsPath:
        """The file's checked path; ``PolicyError`` if it became a link or a special file."""
        path, info = policy.resolve_child(self.folder, self.name)
        if info is None:
            raise PolicyError(f"{self.relative} disappeared while the index was updated.",
                              path=self.relative)  # fmt: skip
        return path


@dataclass
class WalkResult:
    """The note files found (by relative path) and what was passed over, counted.

    ``folders`` maps each folder walked ("" for the root) to its modification
    time in nanoseconds, for revalidation.
    """

    files: dict[str, NoteFile] = field(default_factory=dict)
    too_large: list[str] = field(default_factory=list)
    too_large_stats: dict[str, tuple[int, float]] = field(default_factory=dict)
    refused: int = 0
    too_deep: int = 0
    folders: dict[str, int] = field(default_factory=dict)


def walk_notes(
    rules: NoteRules,
    *,
    max_file_size: int = 512 * 1024,
    known: Container[str] = (),
    start: WsPath | None = None,
) -> WalkResult:
    """Every note file below ``start`` (the root by default; breadth first, names sorted).

    ``known`` paths (already indexed) skip the name rules for sensitive and
    dangerous files, which depend on the name only and were checked before.
    """
    policy = rules.policy
    result = WalkResult()
    folders: list[WsPath] = [start if start is not None else policy.resolve(".")]
    while folders:
        folder = folders.pop(0)
        folders.extend(list_folder(rules, folder, result, max_file_size, known))
    return result


def list_folder(
    rules: NoteRules,
    folder: WsPath,
    result: WalkResult,
    max_file_size: int,
    known: Container[str] = (),
) -> list[WsPath]:
    """Add the notes directly in ``folder`` to ``result``; the subfolders to walk next."""
    entries, stamp = _entries(folder)
    if stamp is None:
        return []
    here = "" if folder.is_root else folder.relative
    result.folders[here] = stamp
    maybe = rules.maybe_ignored(here, [entry.name for entry in entries]) or frozenset()
    subfolders: list[WsPath] = []
    for entry in entries:
        name = entry.name
        if name.startswith(".") or entry.is_symlink():
            if not name.startswith("."):
                result.refused += 1
            continue
        relative = name if folder.is_root else f"{folder.relative}/{name}"
        if entry.is_dir(follow_symlinks=False):
            if relative.count("/") + 1 >= rules.max_depth:
                result.too_deep += 1
            elif rules.folder_kept(relative):
                _enter(rules.policy, folder, name, subfolders, result)
            continue
        if not rules.file_kept(relative, known, maybe) or not entry.is_file(follow_symlinks=False):
            continue
        info = entry.stat(follow_symlinks=False)
        if info.st_size > max_file_size:
            result.too_large.append(relative)
            result.too_large_stats[relative] = (info.st_size, info.st_mtime_ns / 1e6)
            continue
        result.files[relative] = NoteFile(folder, name, relative, info.st_size,
                                          info.st_mtime_ns / 1e6)  # fmt: skip
    return subfolders


def _enter(
    policy: AccessPolicy, folder: WsPath, name: str, folders: list[WsPath], result: WalkResult
) -> None:
    """Queue a subfolder, through the policy (which refuses a link swapped in meanwhile)."""
    try:
        path, _ = policy.resolve_child(folder, name)
    except PolicyError:
        result.refused += 1
        return
    folders.append(path)


def _entries(folder: WsPath) -> tuple[list[os.DirEntry[str]], int | None]:
    """The folder's entries by name and its modification time (None when it can't be listed).

    The time is taken before listing, so a change made during the listing
    moves it past the recorded one and is seen by the next revalidation.
    """
    try:
        stamp = os.stat(folder.absolute, follow_symlinks=False).st_mtime_ns
        with os.scandir(folder.absolute) as listing:
            return sorted(listing, key=lambda entry: entry.name), stamp
    except OSError as exc:
        logger.warning("Could not list %s (%s); its notes are left out.", folder, exc.strerror)
        return [], None
