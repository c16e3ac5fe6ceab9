"""How a stack of ``.gitignore`` files answers for many names at once, cheaply.

The pre-checks ``IgnoreRules`` (``wsnb.fileindex.gitignore``) runs before git's exact
last-match-wins answer: the anchored patterns that can apply below a folder
(``_Anchored``), one regex gate per file (``_gate``), which folders a rule can reach
(``_Reach``), and the names a pattern's needle picks out of all names at once
(``_needle_hits``, remembered per set of rules).
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_right
from collections.abc import Iterable
from itertools import accumulate, compress, count
from operator import add
from typing import TYPE_CHECKING

from .gitpatterns import IgnorePattern

if TYPE_CHECKING:
    from .gitignore import GitignoreFile

__all__: list[str] = []  # nothing public: IgnoreRules (wsnb.fileindex.gitignore) uses these


# Answers kept from walk to walk, per set of needles or anchored patterns; past this
# many a set starts afresh (a rescan of the same tree finds them all again).
_MAX_REMEMBERED = 100_000
# Per set of needles and literal names: file name -> whether a needle is in "/name/" or the
# name is a literal. A pure function of them, so every walk of this process shares it.
_MAX_VERDICT_SETS = 256
_NAME_VERDICTS: dict[tuple[tuple[bytes, ...], frozenset[str]], dict[str, bool]] = {}


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
