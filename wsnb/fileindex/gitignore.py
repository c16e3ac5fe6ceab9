"""Which entries of a folder the ``.gitignore`` files above it ignore, the way git decides.

``IgnoreRules`` holds the ``.gitignore`` files that apply to one folder,
deepest first. A walk starts from ``NO_RULES`` and, for each folder it lists:

1. ``rules = parent_rules.with_gitignore(root, prefix)`` when the folder holds
   a ``.gitignore`` (its patterns go on top of the parents' ones);
2. ``maybe = rules.candidates(prefix, names)`` once for the folder's names,
   a quick pre-check that is None for most folders;
3. ``rules.is_ignored(prefix + name)`` (``prefix + name + "/"`` for a
   folder) only for the names in ``maybe``.

Paths are workspace-relative POSIX; ``prefix`` is a folder's path with a
trailing "/" ("" for the root). Patterns are read and matched as git does
(``wsnb.fileindex.gitpatterns``); a walk never enters an ignored folder, so only
entries whose folders are all kept are ever asked about, as in git.
"""

from __future__ import annotations

import functools
import logging
import os
import stat
from bisect import bisect_right
from collections.abc import Iterable
from itertools import compress, count, repeat

from .gitmatch import (
    _MAX_REMEMBERED,
    _Anchored,
    _anchored_of,
    _as_text,
    _Reach,
    _remembered_hits,
)
from .gitpatterns import IgnorePattern, parse_gitignore

__all__ = ["MAX_GITIGNORE_BYTES", "NO_RULES", "GitignoreFile", "IgnoreRules", "load_gitignore"]

logger = logging.getLogger("wsnb")

MAX_GITIGNORE_BYTES = 1 << 20
_READ_FLAGS = (
    os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
)  # fmt: skip


class GitignoreFile:
    """The patterns of one ``.gitignore``, in order; ``never`` counts those that can't match."""

    __slots__ = ("never", "patterns")

    def __init__(self, patterns: Iterable[IgnorePattern], never: int = 0) -> None:
        self.patterns = tuple(patterns)
        self.never = never

    @classmethod
    def parse(cls, data: bytes) -> GitignoreFile:
        """The file of these bytes, read the way git reads it (once per distinct content)."""
        return _parsed(data)

    @classmethod
    def from_lines(cls, lines: Iterable[str]) -> GitignoreFile:
        """The file of these lines (text, as if saved in UTF-8)."""
        return cls.parse("\n".join(lines).encode("utf-8", "surrogateescape"))


@functools.lru_cache(maxsize=64)
def _parsed(data: bytes) -> GitignoreFile:
    """A monorepo repeats its ``.gitignore`` files; the same bytes are parsed once."""
    patterns, never = parse_gitignore(data)
    return GitignoreFile(patterns, never)


class _Folder:
    """What the rules say inside one folder: the patterns that apply, for the pre-check."""

    __slots__ = ("glob_numbers", "literals", "needles", "scan_all", "wholes")

    def __init__(
        self,
        glob_numbers: tuple[int, ...],
        literals: frozenset[str] = frozenset(),
        scan_all: bool = False,
        wholes: dict[int, bytes] | None = None,
        needles: tuple[bytes, ...] = (),
    ) -> None:
        self.glob_numbers = glob_numbers  # not literal names, highest number first
        self.literals = literals  # ignoring literal names of the anchored patterns that apply
        self.needles = needles  # and the needles of their other name parts
        self.scan_all = scan_all  # an ignoring pattern applies that the pre-check can't narrow
        self.wholes = wholes or {}  # whole-path patterns that apply -> the folder, as they see it


class IgnoreRules:
    """The ``.gitignore`` files that apply to a folder, deepest first, and a quick pre-check.

    All their patterns are numbered in one order, the root's first and each
    file's in its own order; git's answer for an entry is the pattern with
    the highest number that matches it (a deeper file decides over the
    files above it, and the last matching line of a file over the earlier
    ones): ignored, unless that pattern is a ``!`` one.

    The pre-check finds, once per folder, the names an ignoring pattern could
    match: the literal names with one set test, the other name patterns with
    one substring search each for a text every match holds (``*.log`` ->
    ".log/", ``*.py[co]`` -> ".pyc/" or ".pyo/") in the names joined by "/".
    Anchored patterns are tried only in the folders their folder part leads to.
    """

    __slots__ = (
        "_anchored", "_globs", "_ignoring_literals",
        "_literals", "_needles", "_patterns", "_plain", "_reach", "_scan_all", "_seen", "_state",
        "_text_needles", "rules",
    )  # fmt: skip

    def __init__(self, rules: tuple[tuple[str, GitignoreFile], ...] = ()) -> None:
        self.rules = rules
        self._patterns: list[IgnorePattern] = []
        self._literals: dict[str, list[int]] = {}  # name -> numbers of its literal name patterns
        self._anchored: list[tuple[str, _Anchored]] = []
        globs: list[int] = []
        for base, file in reversed(rules):
            numbered = list(enumerate(file.patterns, start=len(self._patterns)))
            self._patterns.extend(file.patterns)
            for number, pattern in numbered:
                if pattern.anchored or pattern.never:
                    continue
                if pattern.literal is not None:
                    self._literals.setdefault(pattern.literal, []).append(number)
                else:
                    globs.append(number)
            anchored = _anchored_of(file, numbered[0][0]) if numbered else None
            if anchored is not None:
                self._anchored.append((base, anchored))
        self._globs = tuple(reversed(globs))
        ignoring = [self._patterns[n] for n in globs if not self._patterns[n].negative]
        self._ignoring_literals = frozenset(
            name for name, numbers in self._literals.items()
            if any(not self._patterns[n].negative for n in numbers)
        )  # fmt: skip
        self._scan_all = any(p.needles is None for p in ignoring)
        self._needles = tuple(sorted({n for p in ignoring for n in p.needles or ()}))
        # ASCII needles are searched in the names as text: the same hits as in their bytes.
        self._text_needles = _as_text(self._needles)
        self._plain = _Folder(self._globs)  # a folder no anchored pattern reaches
        self._state: tuple[str, _Folder] | None = None
        # a folder -> its subfolders and their answer (see subfolders_ignored)
        self._seen: dict[str, tuple[list[str], frozenset[str] | None]] = {}
        self._reach = _Reach(rules)

    def __bool__(self) -> bool:
        return bool(self.rules)

    def pushed(self, base: str, file: GitignoreFile) -> IgnoreRules:
        """These rules with ``file``, the ``.gitignore`` of folder ``base``, on top.

        The same files in the same folders give the same object, so a rescan
        finds its rules ready, with what they learnt about the folders.
        """
        return _stacked(((base, file), *self.rules))

    def with_gitignore(self, root: str, prefix: str) -> IgnoreRules:
        """The rules inside folder ``prefix``, which holds a ``.gitignore``: it goes on top.

        These rules are returned unchanged when the file can't be used (see
        ``load_gitignore``).
        """
        file = load_gitignore(root + "/" + prefix + ".gitignore", prefix)
        return self.pushed(prefix, file) if file is not None else self

    def subfolders_ignored(self, prefix: str, names: list[str]) -> frozenset[str] | None:
        """``candidates(prefix, names, names)`` for a folder's subfolders, as a walk asks.

        Remembered per folder while its subfolders stay the same (the list
        is kept: don't change it), so a rescan asks again only where they
        changed; these rules are made once per set of files (``_stacked``).
        """
        seen = self._seen.get(prefix)
        if seen is not None and seen[0] == names:
            return seen[1]
        found = self.candidates(prefix, names, names)
        if len(self._seen) >= _MAX_REMEMBERED:
            self._seen.clear()
        self._seen[prefix] = (names, found)
        return found

    def candidates(
        self, prefix: str, names: list[str], searched: list[str] | None = None
    ) -> frozenset[str] | None:
        """The names in folder ``prefix`` that may be ignored; None when there are none.

        Called once per folder of a scan, so most folders are let go after a
        few C-level calls; it may pick names that ``is_ignored`` then keeps.
        Name patterns other than literal names are looked for in ``searched``
        only (all names when None): a walk asks about folders at once and
        about files in bulk at the end (``file_hits``).
        """
        if not self.rules:
            return None
        if not prefix.startswith(self.rules[0][0]):
            return self._above(prefix).candidates(prefix, names, searched)
        text = "/" + "/".join(names) + "/"  # joined once for every needle search below
        folder = self._folder(prefix) if self._reach.may(prefix, names, text) else self._plain
        if folder.scan_all or self._scan_all:
            return frozenset(names)
        found: set[str] = set()
        if folder.needles:
            raw = text.encode("utf-8", "surrogateescape")
            if any(map(raw.__contains__, folder.needles)):
                return frozenset(names)  # rare: let is_ignored decide each name
        looked = names if searched is None else searched
        if self._needles and looked and self._any_glob(looked, text if looked is names else None):
            found.update(looked)  # rare: let is_ignored decide each name
        for literals in (self._ignoring_literals, folder.literals):
            if literals and not literals.isdisjoint(names):
                found.update(literals.intersection(names))
        return frozenset(found) if found else None

    def _any_glob(self, names: list[str], text: str | None) -> bool:
        """Whether an ignoring name glob may match one of ``names`` (one search per needle)."""
        text = "/" + "/".join(names) + "/" if text is None else text
        if self._text_needles:
            return any(map(text.__contains__, self._text_needles))
        return any(map(text.encode("utf-8", "surrogateescape").__contains__, self._needles))

    def file_hits(
        self,
        prefixes: list[str],
        offsets: list[int],
        names: list[str],
    ) -> list[int]:
        """Which of many folders' ``names`` may be ignored, found at once; sorted indexes.

        ``names`` holds the names of folders ``prefixes`` in turn, folder k's
        from ``offsets[k]``. For a walk to ask about all its files in a few
        calls: the literal names with one set lookup each (``map``), the other
        name patterns with one substring search per needle over all the
        names. It may pick names that ``is_ignored`` then keeps. Each name's
        answer per set of needles and literals is remembered
        (``_NAME_VERDICTS``): a monorepo's copies share their ``.gitignore``
        files and names, and a rescan its names.
        """
        if self._scan_all or self._reach.always:
            return list(range(len(names)))
        reach = self._reach
        hits = set(_remembered_hits(self._needles, self._ignoring_literals, names))
        near = set(_remembered_hits(reach.needles, reach.literals, names))
        for base, folders in reach.any_name_folders:
            starts = tuple(base + folder for folder in folders)
            for k in compress(count(), map(str.startswith, prefixes, repeat(starts))):
                near.update(range(offsets[k], offsets[k + 1]))
        # An anchored pattern's name may be anywhere; keep the names of folders it reaches.
        reached: dict[int, bool] = {}
        for hit in near - hits:
            k = bisect_right(offsets, hit) - 1
            if k not in reached:
                reached[k] = self._folder(prefixes[k]) is not self._plain
            if reached[k]:
                hits.add(hit)
        return sorted(hits)

    def is_ignored(self, relative: str) -> bool:
        """Git's answer for ``relative`` (a folder ends in "/"), whose folders are all kept."""
        is_dir = relative.endswith("/")
        prefix, _, name = (relative[:-1] if is_dir else relative).rpartition("/")
        prefix = prefix + "/" if prefix else ""
        if self.rules and not prefix.startswith(self.rules[0][0]):
            return self._above(prefix).is_ignored(relative)
        patterns = self._patterns
        best = -1
        for number in reversed(self._literals.get(name, ())):
            if is_dir or not patterns[number].dir_only:
                best = number
                break
        raw = b""
        folder = self._folder(prefix)
        for number in folder.glob_numbers:
            if number < best:
                break
            pattern = patterns[number]
            if pattern.dir_only and not is_dir:
                continue
            if pattern.literal is None and not raw:
                raw = name.encode("utf-8", "surrogateescape")
            if pattern.matches_name(name, raw, folder.wholes.get(number, b"")):
                best = number
                break
        return best >= 0 and not patterns[best].negative

    def _above(self, prefix: str) -> IgnoreRules:
        """The rules of folder ``prefix``, above the deepest file (which says nothing there)."""
        return IgnoreRules(tuple(rule for rule in self.rules if prefix.startswith(rule[0])))

    def _folder(self, prefix: str) -> _Folder:
        """What applies in folder ``prefix``; kept for the folder asked about last.

        Every file of these rules is in a folder above ``prefix`` or is its own.
        """
        state = self._state
        if state is not None and state[0] == prefix:
            return state[1]
        applying: list[tuple[int, bytes | None]] = []
        for base, anchored in self._anchored:
            found = anchored.applying(prefix[len(base) :])
            if found:
                applying.extend(found)
        folder = self._plain if not applying else self._folder_with(applying)
        self._state = (prefix, folder)
        return folder

    def _folder_with(self, applying: list[tuple[int, bytes | None]]) -> _Folder:
        """A folder where these anchored patterns apply (with their whole-path folder)."""
        numbers = [number for number, _ in applying]
        patterns = [self._patterns[n] for n in numbers if not self._patterns[n].negative]
        wholes = {number: raw for number, raw in applying if raw is not None}
        globs = [p for p in patterns if p.literal is None]
        return _Folder(
            tuple(sorted((*self._globs, *numbers), reverse=True)),
            frozenset(p.literal for p in patterns if p.literal is not None),
            bool(wholes) or any(p.needles is None for p in globs),
            wholes,
            tuple(needle for p in globs for needle in p.needles or ()),
        )


@functools.lru_cache(maxsize=1024)
def _stacked(rules: tuple[tuple[str, GitignoreFile], ...]) -> IgnoreRules:
    """The rules of these files, made once: a rescan meets the same ``.gitignore`` files."""
    return IgnoreRules(rules)


def load_gitignore(path: str | os.PathLike[str], base: str) -> GitignoreFile | None:
    """Read one ``.gitignore``; a huge, unreadable or linked one is skipped with a log line.

    ``base`` is the folder's workspace-relative prefix, used only in log lines.
    Patterns git can never match (a trailing backslash, an unclosed "[") are
    counted in a log line; like git, they match nothing.
    """
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None  # a link or something stranger: never followed, never read
        data = _read_small(path, base)
    except OSError as exc:
        logger.info("Could not read %s.gitignore (%s); it is not applied.", base, exc.strerror)
        return None
    if data is None:
        return None
    file = GitignoreFile.parse(data)
    if file.never:
        logger.info("%s.gitignore has %d invalid pattern(s) that never match anything, as in git.",
                    base, file.never)  # fmt: skip
    return file


def _read_small(path: str | os.PathLike[str], base: str) -> bytes | None:
    """The file's bytes, or None when it is no longer a regular file or is over 1 MiB.

    Opened without following a link and without waiting on a FIFO, in case the
    file was swapped since it was listed.
    """
    fd = os.open(path, _READ_FLAGS)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None
        data = os.read(fd, MAX_GITIGNORE_BYTES + 1) if info.st_size <= MAX_GITIGNORE_BYTES else b""
    finally:
        os.close(fd)
    if info.st_size > MAX_GITIGNORE_BYTES or len(data) > MAX_GITIGNORE_BYTES:
        logger.info("Skipped %s.gitignore: larger than 1 MiB.", base)
        return None
    return data


NO_RULES = IgnoreRules()  # the rules above the workspace root: none
