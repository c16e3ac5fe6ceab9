"""The rows a full scan would give for a few paths, so an index can follow a change.

A confirmed plan touches a handful of paths; ``rows_for_paths`` looks at
just those (and walks below the folders among them, as the scan walks), so
the index is brought up to date in place instead of rescanning the tree.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable

import pandas as pd

from ..errors import PolicyError, UsageError
from ..policy.access import AccessPolicy
from ..types import Rule
from .frames import HIDDEN, S_IFDIR, S_IFLNK, S_IFMT, S_IFREG, Columns, build_frame, empty_frame
from .gitignore import NO_RULES, IgnoreRules
from .scanner import frame_below, is_skipped_dir
from .scantypes import MODEL_LIMITS, ScanLimits

__all__ = ["rows_for_paths"]


def rows_for_paths(
    policy: AccessPolicy,
    paths: Iterable[str],
    *,
    limits: ScanLimits = MODEL_LIMITS,
    below: bool = True,
) -> pd.DataFrame:
    """The rows a full scan gives for ``paths``, and for everything below those that are folders.

    For an index that follows a change without a rescan. Each
    workspace-relative path is looked at as the scan sees it, so it has no
    row when it no longer exists, is a special file, lies deeper than
    ``limits.max_depth`` or inside a folder the scan does not enter (hidden,
    in ``SKIP_DIRS``, a link, ignored by ``.gitignore``), or is ignored
    itself. A folder brings what is below it, walked as the scan walks,
    unless ``below`` is False. ``max_files`` is not applied. Columns and
    dtypes are the scan's, one row per path, sorted by path. A path outside
    the workspace raises ``PolicyError``.

    Adding or removing an entry also changes its folder's ``modified``:
    ask again for those folders with ``below=False``. A changed
    ``.gitignore`` changes what the whole tree shows: rescan then.
    """
    lookup = _Lookup(policy, limits, below)
    for path in paths:
        lookup.add(path)
    return lookup.frame()


class _Lookup:
    """``rows_for_paths``' state: the rules of the folders seen, the rows found so far."""

    def __init__(self, policy: AccessPolicy, limits: ScanLimits, below: bool) -> None:
        self.policy, self.root, self.below = policy, str(policy.root), below
        self.limits = ScanLimits(max_depth=limits.max_depth, max_files=sys.maxsize)
        self.rules: dict[str, IgnoreRules | None] = {}  # folder prefix -> None: not entered
        self.entries: dict[str, Columns] = {}  # folder prefix -> the entries asked for there
        self.frames: list[pd.DataFrame] = []

    def add(self, path: str) -> None:
        """Record ``path`` (and its subtree) if a scan would, else nothing."""
        parent, _, name = path.rstrip("/").rpartition("/")
        try:
            folder = self.policy.resolve(parent or ".")
        except PolicyError as exc:
            if exc.rule in (Rule.SYMLINK, Rule.SPECIAL_FILE):
                return  # below a link or a special file: never scanned
            raise
        if name in ("", ".", ".."):
            raise UsageError(f"{path!r} does not name an entry; give a path below the root.")
        prefix = "" if folder.is_root else folder.relative + "/"
        depth = prefix.count("/") + 1
        rules = self._rules_in(prefix)
        if rules is None or depth > self.limits.max_depth:
            return
        try:  # the last segment through the gate too (a separator or NUL is refused)
            _, found = self.policy.resolve_child(folder, name)
        except PolicyError as exc:
            if exc.rule is not Rule.SYMLINK:
                return  # a special file, or a name that can't be checked: never a row
            found = os.lstat(os.path.join(folder.os_path, name))  # a link is a row, not followed
        if found is None:
            return  # gone since the plan ran
        info = found
        kind = info.st_mode & S_IFMT
        if kind not in (S_IFREG, S_IFDIR, S_IFLNK) or (kind == S_IFDIR and is_skipped_dir(name)):
            return
        if rules.rules and rules.is_ignored(prefix + name + ("/" if kind == S_IFDIR else "")):
            return
        self._record(prefix, name, info, kind)
        if kind == S_IFDIR and self.below and depth < self.limits.max_depth:
            below = (prefix + name + "/", depth, rules)
            self.frames.append(frame_below(self.policy, self.limits, below))

    def _rules_in(self, prefix: str) -> IgnoreRules | None:
        """The rules that apply in folder ``prefix``; None when a scan never enters it."""
        if prefix in self.rules:
            return self.rules[prefix]
        rules: IgnoreRules | None = NO_RULES
        if prefix:
            parent, _, name = prefix[:-1].rpartition("/")
            above = self._rules_in(parent + "/" if parent else "")
            depth = prefix.count("/")
            if above is None or is_skipped_dir(name) or depth >= self.limits.max_depth:
                rules = None
            else:
                rules = None if above.rules and above.is_ignored(prefix) else above
        if rules is not None and os.path.lexists(self.root + "/" + prefix + ".gitignore"):
            rules = rules.with_gitignore(self.root, prefix)
        self.rules[prefix] = rules
        return rules

    def _record(self, prefix: str, name: str, info: os.stat_result, kind: int) -> None:
        cols = self.entries.setdefault(prefix, Columns())
        cols.name.append(name)
        cols.size.append(info.st_size)
        cols.mtime.append(info.st_mtime_ns)
        cols.kind.append(kind | HIDDEN if name[0] == "." else kind)

    def frame(self) -> pd.DataFrame:
        """All rows found, one per path, sorted by path."""
        frames = [*self.frames, empty_frame()]
        for prefix, cols in self.entries.items():
            cols.runs.append((prefix, prefix.count("/") + 1, len(cols.name)))
            frames.append(build_frame(cols))
        frame = pd.concat(frames, ignore_index=True).drop_duplicates("path")
        return frame.sort_values("path", ignore_index=True, kind="stable")
