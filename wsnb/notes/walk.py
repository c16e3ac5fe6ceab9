"""Find the note files of a notes workspace: what the index reads, and nothing else.

What a note is, is decided by :class:`wsnb.notes.rules.NoteRules`. The
walking is the scanner's own (``wsnb.fileindex.scanner.columns_below``), told the
notes' rules instead of its skip rules: no ``SKIP_DIRS`` and no
``.gitignore`` files, only the ignore globs of ``config.json``; hidden
folders are never entered and a symbolic link never followed, as in any
scan. Its rows are then narrowed to notes by ``NoteRules.file_kept``. Every
file passes ``AccessPolicy.resolve_child`` before it is read
(``NoteFile.resolve``), which refuses links and special files.

The walk also gives each folder's modification time (``WalkResult.folders``,
from the folder's row, stat-ed before it was listed): a file created,
deleted or renamed in a folder changes it, so a later revalidation lists
again only the folders whose time moved (:func:`list_folder`), never the
whole tree.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Container
from dataclasses import dataclass, field

from ..errors import PolicyError, WsnbError
from ..fileindex.frames import S_IFDIR, S_IFREG, Columns
from ..fileindex.scanner import columns_below
from ..fileindex.scantypes import ScanLimits
from ..policy.access import AccessPolicy, WsPath
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
    result = WalkResult()
    folder = start if start is not None else rules.policy.resolve(".")
    _walk(rules, folder, rules.max_depth, result, max_file_size, known)
    return result


def list_folder(
    rules: NoteRules,
    folder: WsPath,
    result: WalkResult,
    max_file_size: int,
    known: Container[str] = (),
) -> list[WsPath]:
    """Add the notes directly in ``folder`` to ``result``; the subfolders to walk next."""
    depth = 0 if folder.is_root else folder.relative.count("/") + 1
    return _walk(rules, folder, depth + 1, result, max_file_size, known)


def _walk(
    rules: NoteRules,
    folder: WsPath,
    max_depth: int,
    result: WalkResult,
    max_file_size: int,
    known: Container[str],
) -> list[WsPath]:
    """The scanner's walk below ``folder`` to ``max_depth``, its notes added to ``result``.

    Returns the subfolders directly in ``folder`` that a walk of the whole
    tree enters.
    """
    here = "" if folder.is_root else folder.relative
    prefix = here + "/" if here else ""
    stamp, columns, dropped = _listed(rules, folder, prefix, max_depth)
    if columns is None:
        return []
    names, sizes, mtimes, kinds = columns.lists()
    leave_out = set(dropped)
    times, paths = {here: stamp}, {here: folder}
    direct: list[WsPath] = []
    row = 0
    for run_prefix, depth, count in columns.runs:
        at_folder, first, row = run_prefix[:-1], row, row + count
        result.folders[at_folder] = times[at_folder]
        for at in range(first, row):
            kind, relative = kinds[at], run_prefix + names[at]
            if at in leave_out:
                continue
            if kind == S_IFDIR:
                times[relative] = mtimes[at]
                if at_folder == here and depth < rules.max_depth:
                    direct += _folder_path(rules.policy, paths, relative)
            elif kind == S_IFREG and rules.file_kept(relative, known, ()):
                _add(result, paths, rules.policy, relative, sizes[at], mtimes[at], max_file_size)
    return direct


def _listed(
    rules: NoteRules, folder: WsPath, prefix: str, max_depth: int
) -> tuple[int, Columns | None, list[int]]:
    """The folder's time (taken before the walk) and the walk's rows; None if unlisted."""
    limits = ScanLimits(max_depth=max_depth, max_files=sys.maxsize)
    try:
        stamp = os.stat(folder.absolute, follow_symlinks=False).st_mtime_ns
        columns, dropped = columns_below(
            rules.policy, limits, (prefix, prefix.count("/"), rules.ignore_rules),
            skip_dirs=frozenset(), gitignore=False)  # fmt: skip
    except (OSError, WsnbError) as exc:
        logger.warning("Could not list %s (%s); its notes are left out.", folder, exc)
        return 0, None, []
    if not columns.runs or columns.runs[0][0] != prefix:
        logger.warning("Could not list %s; its notes are left out.", folder)
        return 0, None, []
    return stamp, columns, dropped


def _add(
    result: WalkResult,
    paths: dict[str, WsPath],
    policy: AccessPolicy,
    relative: str,
    size: int,
    mtime_ns: int,
    max_file_size: int,
) -> None:
    """Record one note file (or one too large to index)."""
    if size > max_file_size:
        result.too_large.append(relative)
        result.too_large_stats[relative] = (size, mtime_ns / 1e6)
        return
    parent, _sep, name = relative.rpartition("/")
    folder = paths.get(parent)
    if folder is None:
        found = _folder_path(policy, paths, parent)
        if not found:
            return
        folder = found[0]
    result.files[relative] = NoteFile(folder, name, relative, size, mtime_ns / 1e6)


def _folder_path(policy: AccessPolicy, paths: dict[str, WsPath], relative: str) -> list[WsPath]:
    """Folder ``relative`` through the policy, one segment below its parent ([] if refused).

    The policy refuses a link swapped in for a folder since the walk listed it.
    """
    known = paths.get(relative)
    if known is not None:
        return [known]
    parent, _sep, name = relative.rpartition("/")
    above = _folder_path(policy, paths, parent)
    if not above:
        return []
    try:
        path, info = policy.resolve_child(above[0], name)
    except PolicyError:
        return []
    if info is None:
        return []
    paths[relative] = path
    return [path]
