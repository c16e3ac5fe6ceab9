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
(``wsnb.gitpatterns``); a walk never enters an ignored folder, so only
entries whose folders are all kept are ever asked about, as in git.
"""

from __future__ import annotations

import functools
import logging
import os
import re
import stat
from bisect import bisect_right
from collections.abc import Iterable
from itertools import accumulate, compress, count, repeat
from operator import add

from .gitpatterns import IgnorePattern, parse_gitignore

__all__ = ["MAX_GITIGNORE_BYTES", "NO_RULES", "GitignoreFile", "IgnoreRules", "load_gitignore"]

logger = logging.getLogger("wsnb")

MAX_GITIGNORE_BYTES = 1 << 20
# Answers kept from walk to walk, per set of needles or anchored patterns; past this
# many a set starts afresh (a rescan of the same tree finds them all again).
_MAX_REMEMBERED = 100_000
# Per set of needles and literal names: file name -> whether a needle is in "/name/" or the
# name is a literal. A pure function of them, so every walk of this process shares it.
_MAX_VERDICT_SETS = 256
_NAME_VERDICTS: dict[tuple[tuple[bytes, ...], frozenset[str]], dict[str, bool]] = {}
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


class _Anchored:
    """One file's anchored patterns, indexed by where they can apply.

    ``exact``: by their literal folder part ("" for "/name", "a/b/" for
    "a/b/*.c"), found with one lookup per folder. ``tried``: the others, whose
    folder part is matched as a regex; ``gate`` is all those regexes in one,
    so a folder none of them reaches is let go with one C-level call.
    ``wholes``: those matched on the whole path, tried where their literal
    start leads.
    """

    __slots__ = ("exact", "gate", "known", "tried", "wholes")

    def __init__(self, numbered: list[tuple[int, IgnorePattern]]) -> None:
        self.exact: dict[str, list[tuple[int, bytes | None]]] = {}
        self.tried: list[tuple[int, IgnorePattern]] = []
        self.wholes: list[tuple[int, bytes]] = []
        for number, pattern in numbered:
            if pattern.whole is not None:
                self.wholes.append((number, pattern.whole))
            elif pattern.folder is None:
                self.exact.setdefault("", []).append((number, None))
            elif pattern.exact_folder and not pattern.folder_prefix:
                self.exact.setdefault(pattern.exact_folder, []).append((number, None))
            else:
                self.tried.append((number, pattern))
        self.gate = _gate([pattern for _, pattern in self.tried])
        # folder -> its answer: a monorepo's copies and every rescan ask about the same ones
        self.known: dict[str, list[tuple[int, bytes | None]] | None] = {}

    def applying(self, folder: str) -> list[tuple[int, bytes | None]] | None:
        """The patterns that can match an entry of ``folder`` (relative, "" or ending in "/").

        Each with ``folder`` as bytes when it is matched on the whole path;
        None when none can. Remembered per folder (the list is shared: don't change it).
        """
        if self.gate is None and not self.wholes:
            return self.exact.get(folder)
        try:
            return self.known[folder]
        except KeyError:
            pass
        if len(self.known) >= _MAX_REMEMBERED:
            self.known.clear()
        found = self.known[folder] = self._applying(folder)
        return found

    def _applying(self, folder: str) -> list[tuple[int, bytes | None]] | None:
        found = self.exact.get(folder)
        if self.gate is None and not self.wholes:
            return found
        raw = folder.encode("utf-8", "surrogateescape")
        if self.gate is not None and self.gate.fullmatch(raw):
            found = [*(found or ()), *((n, None) for n, p in self.tried if p.folder_matches(raw))]
        if self.wholes:
            wholes = [
                (number, raw)
                for number, start in self.wholes
                if raw.startswith(start)
                or (start.startswith(raw) and b"/" not in start[len(raw) :])
            ]
            found = [*(found or ()), *wholes]
        return found or None


@functools.lru_cache(maxsize=256)
def _anchored_of(file: GitignoreFile, first: int) -> _Anchored | None:
    """The anchored patterns of ``file`` numbered from ``first``, None if it has none.

    A monorepo's copies share each ``.gitignore`` (``_parsed``), and a file's
    index doesn't depend on the folder it is in: one per file and numbering.
    """
    numbered = enumerate(file.patterns, start=first)
    anchored = [(n, p) for n, p in numbered if p.anchored and not p.never]
    return _Anchored(anchored) if anchored else None


def _gate(patterns: list[IgnorePattern]) -> re.Pattern[bytes] | None:
    """One regex that matches a folder when any of the patterns' folder parts does."""
    sources = [
        p.folder.pattern + (b".*" if p.folder_prefix else b"")
        for p in patterns
        if p.folder is not None
    ]
    return re.compile(b"|".join(b"(?:" + s + b")" for s in sources), re.DOTALL) if sources else None


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


class _Reach:
    """A quick test of whether an ignoring anchored pattern may match a name in a folder.

    Whether a pattern's folder part matches is the costly half, so the
    names go first: a folder holds a name an ignoring anchored pattern's
    name part may match (its literal, or one of its needles), or is a folder
    a "match any name" pattern names literally (``.yarn/*``). Only then are
    the folder parts matched (``IgnoreRules._folder``). ``always``: a
    pattern escapes the test (any name below a folder glob, a whole-path one).
    """

    __slots__ = ("always", "any_name_folders", "literals", "needles", "text_needles")

    def __init__(self, rules: tuple[tuple[str, GitignoreFile], ...]) -> None:
        literals: set[str] = set()
        needles: set[bytes] = set()
        folders: dict[str, set[str]] = {}
        self.always = False
        for base, file in rules:
            for p in file.patterns:
                if not p.anchored or p.never or p.negative:
                    continue
                if p.literal is not None:
                    literals.add(p.literal)
                elif p.needles is not None:
                    needles.update(p.needles)
                elif p.whole is None and p.exact_folder is not None:
                    folders.setdefault(base, set()).add(p.exact_folder)
                else:
                    self.always = True
        self.literals = frozenset(literals)
        self.needles = tuple(needles)
        self.text_needles = _as_text(self.needles)
        self.any_name_folders = [(base, tuple(found)) for base, found in folders.items()]

    def may(self, prefix: str, names: list[str], text: str) -> bool:
        """``text``: the names joined as "/a/b/", as ``IgnoreRules.candidates`` made it."""
        if self.always:
            return True
        if self.literals and not self.literals.isdisjoint(names):
            return True
        for base, folders in self.any_name_folders:
            if prefix[len(base) :].startswith(folders):
                return True
        if self.text_needles:
            return any(map(text.__contains__, self.text_needles))
        if self.needles:
            return any(map(text.encode("utf-8", "surrogateescape").__contains__, self.needles))
        return False


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


def _as_text(needles: tuple[bytes, ...]) -> tuple[str, ...]:
    """ASCII needles as text, () if any is not: in the names' text they hit where in their bytes."""
    return tuple(n.decode("ascii") for n in needles) if all(n.isascii() for n in needles) else ()


def _remembered_hits(
    needles: tuple[bytes, ...], literals: frozenset[str], names: list[str]
) -> Iterable[int]:
    """Indexes of ``names`` that hold a needle ("/name/") or are one of ``literals``.

    Each distinct name is looked at once per set of needles and literals
    (``_NAME_VERDICTS``), so a rescan of the same names costs one pass.
    """
    if not names or not (needles or literals):
        return ()
    if len(_NAME_VERDICTS) > _MAX_VERDICT_SETS and (needles, literals) not in _NAME_VERDICTS:
        _NAME_VERDICTS.clear()  # many workspaces' rules: start afresh
    known = _NAME_VERDICTS.setdefault((needles, literals), {})
    try:  # a rescan: one pass, every answer known
        return list(compress(count(), map(known.__getitem__, names)))
    except KeyError:
        pass
    new = list(set(names).difference(known))
    if len(known) + len(new) > _MAX_REMEMBERED:
        known = _NAME_VERDICTS[needles, literals] = {}  # afresh; another walk keeps its own
        new = list(set(names))
    fresh = dict.fromkeys(new, False)
    hits = [new[row] for row in _needle_hits(needles, new, "/" + "/".join(new) + "/")]
    fresh.update(dict.fromkeys(hits, True))
    fresh.update(dict.fromkeys(literals.intersection(new), True))
    known.update(fresh)  # in one step: another thread never sees a half-made answer
    return compress(count(), map(known.__getitem__, names))


def _needle_hits(needles: tuple[bytes, ...], names: list[str], text: str) -> list[int]:
    """Indexes of ``names`` that hold a needle when written "/name/" (``text``: all so)."""
    if not needles or not names:
        return []
    if not all(needle.isascii() for needle in needles):  # search each name's bytes
        return [
            row for row, name in enumerate(names)
            if any(map(("/" + name + "/").encode("utf-8", "surrogateescape").__contains__,
                       needles))
        ]  # fmt: skip
    found = [needle for needle in map(bytes.decode, needles) if needle in text]
    if not found:
        return []
    # Where each name starts in the text: 1 + the lengths before it + one "/" for each.
    starts = list(map(add, accumulate(map(len, names), initial=1), count()))
    rows: set[int] = set()
    for needle in found:
        skip = 1 if needle[0] == "/" else 0  # "/x": the name starts after the "/"
        at = text.find(needle)
        while at >= 0:
            rows.add(bisect_right(starts, at + skip) - 1)
            at = text.find(needle, at + 1)
    return sorted(rows)


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
