"""Find the note files of a notes workspace: what the index reads, and nothing else.

A note is a regular file with one of the index's extensions, at most
``max_depth`` levels down, that no ignore glob matches (gitignore semantics,
``pathspec``), that is not a persona file or a generated overview, and whose
name is not sensitive or dangerous. Hidden folders and files (``.assistant``,
``.obsidian``, ``.git``) are never entered or read, and neither is a
symbolic link: the walk lists with ``os.scandir`` and never follows a link,
every folder it enters passes ``AccessPolicy.resolve_child``, and so does
every file before it is read (``NoteFile.resolve``), which refuses links
and special files.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass, field

import pathspec

from ..errors import PolicyError
from ..policy import AccessPolicy, WsPath

__all__ = ["NoteFile", "WalkResult", "walk_notes"]

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
    """The note files found (by relative path) and what was passed over, counted."""

    files: dict[str, NoteFile] = field(default_factory=dict)
    too_large: list[str] = field(default_factory=list)
    refused: int = 0
    too_deep: int = 0


def walk_notes(
    policy: AccessPolicy,
    *,
    extensions: Iterable[str],
    ignore: Iterable[str] = (),
    max_depth: int = 8,
    max_file_size: int = 512 * 1024,
    exclude: Callable[[str], bool] = lambda relative: False,
    known: Container[str] = (),
) -> WalkResult:
    """Every note file below the policy's root (breadth first, names sorted).

    ``known`` paths (already indexed) skip the name rules for sensitive and
    dangerous files, which depend on the name only and were checked before.
    """
    suffixes = tuple(suffix.lower() for suffix in extensions)
    spec = pathspec.GitIgnoreSpec.from_lines(list(ignore))
    result = WalkResult()
    folders: list[tuple[WsPath, int]] = [(policy.resolve("."), 1)]
    while folders:
        folder, depth = folders.pop(0)
        for entry in _entries(folder):
            name = entry.name
            if name.startswith(".") or entry.is_symlink():
                if not name.startswith("."):
                    result.refused += 1
                continue
            relative = name if folder.is_root else f"{folder.relative}/{name}"
            if entry.is_dir(follow_symlinks=False):
                if depth >= max_depth:
                    result.too_deep += 1
                elif not spec.match_file(relative + "/"):
                    _enter(policy, folder, name, depth, folders, result)
                continue
            if not name.lower().endswith(suffixes) or not entry.is_file(follow_symlinks=False):
                continue
            if spec.match_file(relative) or exclude(relative):
                continue
            if relative not in known and (policy.is_sensitive(name) or policy.is_dangerous(name)):
                continue
            info = entry.stat(follow_symlinks=False)
            if info.st_size > max_file_size:
                result.too_large.append(relative)
                continue
            result.files[relative] = NoteFile(folder, name, relative, info.st_size,
                                              info.st_mtime_ns / 1e6)  # fmt: skip
    return result


def _enter(
    policy: AccessPolicy,
    folder: WsPath,
    name: str,
    depth: int,
    folders: list[tuple[WsPath, int]],
    result: WalkResult,
) -> None:
    """Queue a subfolder, through the policy (which refuses a link swapped in meanwhile)."""
    try:
        path, _ = policy.resolve_child(folder, name)
    except PolicyError:
        result.refused += 1
        return
    folders.append((path, depth + 1))


def _entries(folder: WsPath) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(folder.absolute) as listing:
            return sorted(listing, key=lambda entry: entry.name)
    except OSError as exc:
        logger.warning("Could not list %s (%s); its notes are left out.", folder, exc.strerror)
        return []
