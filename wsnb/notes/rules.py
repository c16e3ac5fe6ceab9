"""What a note is: one set of rules for the index's walk, a change fed in, and the notes frame.

A note is a regular file with one of the index's extensions, at most
``max_depth`` levels down, outside hidden folders and files, that no ignore
glob of ``config.json`` matches, that is not a persona file or a generated
overview, and whose name is not sensitive or dangerous.

The ignore globs have gitignore semantics and are matched by the scanner's
own engine (``wsnb.fileindex.gitignore``, checked against git by the scanner's tests),
so the workspace's files and its notes are decided by one ``.gitignore``
engine. A walk asks folder by folder (:meth:`NoteRules.folder_kept`, then
:meth:`NoteRules.file_kept`); a single path from a watcher or a plan is asked
whole (:meth:`NoteRules.is_note_path`), each of its folders in turn, as git does.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable

from ..fileindex.gitignore import NO_RULES, GitignoreFile, IgnoreRules
from ..policy.access import AccessPolicy
from .layout import is_generated_or_persona

__all__ = ["NoteRules"]


class NoteRules:
    """The note rules of one index's settings (see the module docstring)."""

    def __init__(
        self,
        policy: AccessPolicy,
        *,
        extensions: Iterable[str],
        ignore: Iterable[str] = (),
        max_depth: int = 8,
        exclude: Callable[[str], bool] = is_generated_or_persona,
    ) -> None:
        self.policy = policy
        self.suffixes = tuple(suffix.lower() for suffix in extensions)
        globs = [line for line in ignore if line.strip()]
        self._ignore: IgnoreRules = (
            NO_RULES.pushed("", GitignoreFile.from_lines(globs)) if globs else NO_RULES
        )
        self.max_depth = max_depth
        self._exclude = exclude

    @property
    def ignore_rules(self) -> IgnoreRules:
        """The ignore globs as the scanner's rules, rooted at the notes root (for its walk)."""
        return self._ignore

    def folder_kept(self, relative: str) -> bool:
        """Whether a walk enters folder ``relative`` (its parent kept, its depth allowed)."""
        name = relative.rsplit("/", 1)[-1]
        if name.startswith(".") or relative.count("/") + 1 >= self.max_depth:
            return False
        return not (self._ignore and self._ignore.is_ignored(relative + "/"))

    def maybe_ignored(self, folder: str, names: list[str]) -> frozenset[str] | None:
        """The names in ``folder`` ("" for the root) an ignore glob may match; None for none.

        The scanner's quick pre-check, once per folder: most folders need no
        further question about any of their names.
        """
        if not self._ignore:
            return None
        return self._ignore.candidates(folder + "/" if folder else "", names)

    def file_kept(
        self, relative: str, known: Container[str] = (), maybe: Container[str] | None = None
    ) -> bool:
        """Whether ``relative``, in a kept folder, is a note by its name and path.

        ``known`` paths (already indexed) skip the name rules for sensitive
        and dangerous files, which depend on the name only and were checked
        before. ``maybe`` is what :meth:`maybe_ignored` said of the folder's
        names, when the caller asked it (None: every name may be ignored).
        """
        name = relative.rsplit("/", 1)[-1]
        if name.startswith(".") or not name.lower().endswith(self.suffixes):
            return False
        ask = self._ignore and (maybe is None or name in maybe)
        if (ask and self._ignore.is_ignored(relative)) or self._exclude(relative):
            return False
        policy = self.policy
        return relative in known or not (policy.is_sensitive(name) or policy.is_dangerous(name))

    def is_note_path(self, relative: str) -> bool:
        """Whether ``relative`` names a note, asking each of its folders first."""
        parts = relative.split("/")
        for end in range(1, len(parts)):
            if not self.folder_kept("/".join(parts[:end])):
                return False
        return self.file_kept(relative)

    def is_folder_path(self, relative: str) -> bool:
        """Whether the folder ``relative`` and every folder above it are walked."""
        parts = relative.split("/")
        return all(self.folder_kept("/".join(parts[:end])) for end in range(1, len(parts) + 1))
