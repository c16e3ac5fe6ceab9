"""Find the note files of a notes workspace: what the index reads, and nothing else.

A note is a regular file with one of the index's extensions, at most
``max_depth`` levels down, that no ignore glob matches (gitignore semantics,
``pathspec``), that is not a persona file or a generated overview, and whose
name is not sensitive or dangerous. Hidden folders and files (``.assistant``,
``.obsidian``, ``.git``) are never entered or read, and neither is a
symbolic link: every entry passes ``AccessPolicy.resolve_child``, which
refuses links and special files.
"""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import pathspec

from ..errors import PolicyError
from ..policy import AccessPolicy, WsPath

__all__ = ["NoteFile", "WalkResult", "walk_notes"]

logger = logging.getLogger("wsnb")


@dataclass(frozen=True, slots=True)
class NoteFile:
    """A note file as the walk saw it: where it is, its size and modification time."""

    path: WsPath
    size: int
    mtime: float  # milliseconds since the epoch, as the CodePilot manifest stores it


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
) -> WalkResult:
    """Every note file below the policy's root (breadth first, names sorted)."""
    suffixes = tuple(suffix.lower() for suffix in extensions)
    spec = pathspec.GitIgnoreSpec.from_lines(list(ignore))
    result = WalkResult()
    folders: list[tuple[WsPath, int]] = [(policy.resolve("."), 1)]
    while folders:
        folder, depth = folders.pop(0)
        for name in _names(folder):
            if name.startswith("."):
                continue
            relative = name if folder.is_root else f"{folder.relative}/{name}"
            try:
                path, info = policy.resolve_child(folder, name)
            except PolicyError:
                result.refused += 1
                continue
            if info is None:
                continue
            if stat.S_ISDIR(info.st_mode):
                if depth >= max_depth:
                    result.too_deep += 1
                elif not spec.match_file(relative + "/"):
                    folders.append((path, depth + 1))
                continue
            if not name.lower().endswith(suffixes) or spec.match_file(relative):
                continue
            if exclude(relative) or policy.is_sensitive(name) or policy.is_dangerous(name):
                continue
            if info.st_size > max_file_size:
                result.too_large.append(relative)
                continue
            result.files[relative] = NoteFile(path, info.st_size, info.st_mtime_ns / 1e6)
    return result


def _names(folder: WsPath) -> list[str]:
    try:
        return sorted(os.listdir(folder.absolute))
    except OSError as exc:
        logger.warning("Could not list %s (%s); its notes are left out.", folder, exc.strerror)
        return []
