"""The names a request mentions, found by what the workspace holds, not by where they stand.

Every stretch of the message is looked up among the index's paths, file names,
stems and folder names (case folded, spaces collapsed); the longest match wins
and matches never overlap, so "meeting notes.md" beats "notes" and
"docs/设计说明.md" beats "设计说明". A stretch inside a longer English word is no
name ("app" in "happy"). What the index doesn't know is still found when it
looks like a name: a quoted or 《》-marked span, a token with a suffix
("ghost.py", "notes/计划.md"), and a token spelled close to a real name ("widgt.cpp",
by rapidfuzz); those keep the words as typed, and the resolver decides what
they mean (it asks rather than guess). Words of the vocabulary are never names
on their own, so a folder called "list" doesn't swallow the verb.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import TYPE_CHECKING

from .resolve import names_table
from .vocab import FILLERS, KIND_SUFFIXES, OBJECTS, WORDS, plain_words

if TYPE_CHECKING:
    from ..workspace import Workspace

__all__ = ["INSIDE_ZH", "Mention", "find_mentions", "known_word", "normalize"]

MAX_NAME = 120
_QUOTED = re.compile(r"《([^》]+)》|“([^”]+)”|「([^」]+)」|『([^』]+)』|\"([^\"]+)\"|`([^`]+)`|"
                     r"(?<![\w])'([^']+)'(?![\w])")  # fmt: skip
_SUFFIXED = re.compile(r"(?<![\w.])[^\s,，。;；:：!！?？“”\"'《》「」()（）]*"
                       r"\.[A-Za-z][A-Za-z0-9]{0,7}(?![\w])")  # "a.txt", "设计.md", ".env"
_PATHLIKE = re.compile(r"[\w.\-\u4e00-\u9fff]+(?:/[\w.\-\u4e00-\u9fff]+)+/?")
_WORDISH = re.compile(r"[A-Za-z0-9_][\w.\-/]*[A-Za-z0-9_]")
_ASCII_WORD = re.compile(r"[A-Za-z0-9_]")
_CJK = re.compile(r"[\u4e00-\u9fff]")


@dataclass(frozen=True)
class Mention:
    """A stretch ``start:end`` of the message naming ``paths`` (empty for a name not found).

    ``how``: "path", "name", "stem" (found in the index), "close" (spelled close to
    one), "suffixed" or "quoted" (looks like a name; the index doesn't have it).
    """

    start: int
    end: int
    typed: str
    how: str
    paths: tuple[str, ...] = ()

    is_dir: bool = False

    @property
    def known(self) -> bool:
        return self.how in {"path", "name", "stem", "word", "kind"}

    @property
    def firm(self) -> bool:
        """A whole name of the workspace (not a part of one, not a near spelling)."""
        return self.how in {"path", "name", "stem", "kind"}

    @property
    def slot(self) -> str:
        """What a command's slot gets: the words as typed, or the one path a part of a name
        ("report") or a kind ("widget 的头文件") picked out."""
        return self.paths[0] if self.how in {"word", "kind"} else self.typed


def normalize(message: str) -> str:
    """The message with runs of spaces as one space and the ends trimmed."""
    return re.sub(r"\s+", " ", message).strip()


def _vocabulary() -> frozenset[str]:
    words = {w.casefold() for group in WORDS for w in plain_words(group)}
    return frozenset(words | {w.casefold() for w in FILLERS})


_VOCABULARY = _vocabulary()
# Typos are forgiven for the object words too ("fiels"), which may still be names themselves.
_ENGLISH_VOCABULARY = tuple(w for w in _VOCABULARY | {w for g in OBJECTS.values() for w in g}
                            if re.fullmatch(r"[a-z]+", w) and len(w) > 4)  # fmt: skip


def known_word(token: str) -> bool:
    """Whether ``token`` is a vocabulary word, or a typo of one of five letters or more."""
    word = token.casefold()
    if word in _VOCABULARY or _inflected(word):
        return True
    if len(word) < 5 or not word.isalpha():
        return False
    from rapidfuzz.distance import DamerauLevenshtein

    allowed = 1 if len(word) < 7 else 2
    return any(DamerauLevenshtein.distance(word, w, score_cutoff=allowed) <= allowed
               for w in _ENGLISH_VOCABULARY
               if w[0] == word[0] and abs(len(w) - len(word)) <= allowed)  # fmt: skip


def _inflected(word: str) -> bool:
    """"getting", "named", "files": a form of a vocabulary word (never a typo of a name)."""
    for ending in ("ing", "ed", "es", "s"):
        stem = word[: -len(ending)] if word.endswith(ending) else ""
        if len(stem) < 3 or (ending == "es" and not stem.endswith(("s", "x", "z", "ch", "sh"))):
            continue  # "notes" is no form of "not"
        forms = {stem} if ending == "s" else {stem, stem + "e"}
        if stem[-1] == stem[-2] and ending in {"ing", "ed"}:
            forms.add(stem[:-1])  # "getting" → get
        if forms & _VOCABULARY:
            return True
    return False


def _bounded(text: str, start: int, end: int) -> bool:
    """Not a piece of a longer English word or number."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    if _ASCII_WORD.match(text[start]) and _ASCII_WORD.match(before):
        return False
    return not (_ASCII_WORD.match(text[end - 1]) and _ASCII_WORD.match(after))


def _worth_matching(key: str, how: str) -> bool:
    if len(key) < 2 or key in _VOCABULARY:
        return False
    short = how != "path" and not _CJK.search(key) and len(key) < 3 and "." not in key
    return not short


def _index_matches(ws: Workspace, text: str) -> list[Mention]:
    table = names_table(ws)
    folded = text.casefold()
    digits = [0]  # how many digits come before each position: a stretch with one is a number
    for char in folded:
        digits.append(digits[-1] + char.isdigit())
    lookups = (("path", table.by_path), ("name", table.by_name), ("stem", table.by_stem),
               ("word", table.by_word))  # fmt: skip
    found: list[Mention] = []
    for start in range(len(folded)):
        for end in range(min(len(folded), start + MAX_NAME), start + 1, -1):
            key = folded[start:end]
            for how, lookup in lookups:
                paths = lookup.get(key)
                if how == "word" and paths and len(paths) > 1:
                    continue  # a part of several names names none of them
                if paths and _worth_matching(key, how) and _bounded(folded, start, end):
                    found.append(Mention(start, end, text[start:end], how, tuple(paths),
                                         all(p in table.dirs for p in paths)))
                    break
            else:
                # "row_7" names row_007.txt: a number is looked up without its padding too
                paths = table.numbered(key) if digits[end] > digits[start] else []
                if paths and _bounded(folded, start, end) and _worth_matching(key, "stem"):
                    found.append(Mention(start, end, text[start:end], "stem", tuple(paths),
                                         all(p in table.dirs for p in paths)))
    return found


def _pick(candidates: list[Mention]) -> list[Mention]:
    """The longest, then most specific, matches that don't overlap, in message order."""
    rank = {"quoted": 0, "path": 1, "name": 2, "stem": 3, "word": 4, "suffixed": 5, "close": 6}
    chosen: list[Mention] = []
    for item in sorted(candidates, key=lambda m: (-(m.end - m.start), rank[m.how], m.start)):
        if all(item.end <= m.start or item.start >= m.end for m in chosen):
            chosen.append(item)
    return sorted(chosen, key=lambda m: m.start)


_GLUED = frozenset(w.casefold() for g in ("READ", "OPEN", "SEARCH", "CREATE", "DELETE", "LIST",
                                           "SUMMARY", "COPY", "MOVE", "RENAME", "FOLDER")
                   for w in WORDS[g]) | frozenset(FILLERS)  # fmt: skip


_GLUED_CJK = tuple(w for w in _GLUED if _CJK.match(w))


def _strip_words(token: str) -> str:
    """A Chinese token without the verbs and fillers glued to its front ("新建文件a.md")."""
    changed = True
    while changed and _CJK.match(token):
        changed = False
        for word in sorted(_GLUED, key=len, reverse=True):
            if _CJK.match(word) and token.startswith(word) and len(token) > len(word):
                token, changed = token[len(word):], True
                break
    return token


def _quoted(text: str, ws: Workspace) -> list[Mention]:
    table = names_table(ws)
    found = []
    for match in _QUOTED.finditer(text):
        group = next(i for i, g in enumerate(match.groups(), 1) if g is not None)
        inner = match.group(group).strip()
        paths = table.lookup(inner)
        how = "quoted" if not paths else "path"
        found.append(Mention(match.start(), match.end(), inner, how, tuple(paths),
                             bool(paths) and all(p in table.dirs for p in paths)))
    return found


def _suffixed(text: str) -> list[Mention]:
    """Tokens with a suffix ("ghost.py", "notes/计划.md"), the index knows them or not."""
    found = []
    for pattern in (_SUFFIXED, _PATHLIKE):
        for match in pattern.finditer(text):
            for start, piece in _pieces(match.group(), match.start()):
                # "这个文件改名叫b.py": words glued before a name are no part of it
                glued = start == 0 or not text[start - 1].isspace() or bool(_CJK.match(piece))
                token = _after_words(_strip_words(piece)) if glued else piece
                if not re.fullmatch(r"[\d./]+", token):
                    end = start + len(piece)
                    found.append(Mention(end - len(token), end, token, "suffixed"))
    return found


# "notes.md改名叫会议纪要.md": a name ends at its suffix when Chinese follows.
_INNER_END = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,7}(?=[\u4e00-\u9fff])")


def _pieces(token: str, offset: int) -> list[tuple[int, str]]:
    bounds = [0, *(m.end() for m in _INNER_END.finditer(token)), len(token)]
    return [(offset + a, token[a:b]) for a, b in pairwise(bounds) if b > a]


def _after_words(token: str) -> str:
    """"notes里新建ideas.txt" is ideas.txt: a name typed right after a verb or a particle."""
    cut = 0
    for word in _GLUED_CJK:
        at = token.rfind(word)
        end = at + len(word)
        if at >= 0 and end < len(token) and token[end].isascii() and token[end].isalnum():
            cut = max(cut, end)
    return token[cut:]


def _close_names(ws: Workspace, text: str, taken: list[Mention]) -> list[Mention]:
    """Free tokens spelled close to a real name ("widgt", "utilz")."""
    table = names_table(ws)
    found: list[Mention] = []
    for match in _WORDISH.finditer(text):
        token = match.group()
        free = all(match.end() <= m.start or match.start() >= m.end for m in taken)
        if len(token) < 4 or not free or known_word(token):
            continue
        close = table.close(token.casefold())
        if close:
            found.append(Mention(match.start(), match.end(), token, "close", tuple(close)))
    return found


def _outside(items: list[Mention], spans: list[Mention]) -> list[Mention]:
    return [m for m in items if all(m.end <= q.start or m.start >= q.end for q in spans)]


def find_mentions(ws: Workspace, text: str) -> list[Mention]:
    """The names ``text`` (already ``normalize``d) mentions, in message order."""
    quoted = _quoted(text, ws)
    chosen = _pick(quoted + _outside(_index_matches(ws, text) + _suffixed(text), quoted))
    found = [_by_kind(m, text) for m in _pick(chosen + _close_names(ws, text, chosen))]
    return _contained(found, text)


# "journal 里的 log_03", "docs 文件夹下的 a.md": a folder, then a name inside it.
# The words after a folder that say "inside it" (里的, 下面的), shared with the rules.
INSIDE_ZH = r"\s*(?:文件夹|目录|folder)?\s*(?:里面|里头|里边|里|中|下面|下|内)"
_HOLDS = re.compile(rf"(?:{INSIDE_ZH})?\s*的?\s*(?:那个|这个|那份|这份|那篇|这篇)?\s*")
# "log_03 in journal", "a.md under the docs folder": a name, then the folder holding it.
_HELD_IN = re.compile(r"\s+(?:in|inside|under|within|from)\s+(?:the\s+)?", re.IGNORECASE)


def _contained(mentions: list[Mention], text: str) -> list[Mention]:
    """Each folder joined with the name inside it that it qualifies, as one mention of the
    entries under that folder ("journal 里的 log_03" names journal/log_03.txt, not journal)."""
    out: list[Mention] = []
    for m in mentions:
        folder = out[-1] if out else None
        if folder is not None and _qualifies(folder, m, text[folder.end:m.start], zh=True):
            out[-1] = _narrowed(m, folder, folder.start, m.end)
        elif folder is not None and _qualifies(m, folder, text[folder.end:m.start], zh=False):
            out[-1] = _narrowed(folder, m, folder.start, m.end)
        else:
            out.append(m)
    return out


def _qualifies(folder: Mention, name: Mention, between: str, zh: bool) -> bool:
    if not (folder.known and folder.is_dir and name.known) or (not between.strip() and zh):
        return False  # "docs a.md" with nothing between: two names, not one inside the other
    joined = _HOLDS.fullmatch(between) if zh else _HELD_IN.fullmatch(between)
    if joined is None:
        return False
    inside = _under(name, folder)
    # Chinese says where first, so it picks among namesakes; English "a.md in docs" only
    # locates a name all of whose entries are there ("put a.md in docs" is a move).
    return bool(inside) and (zh or len(inside) == len(name.paths))


def _under(name: Mention, folder: Mention) -> list[str]:
    roots = tuple(p.rstrip("/") + "/" for p in folder.paths)
    return [p for p in name.paths if p.startswith(roots)]


def _narrowed(name: Mention, folder: Mention, start: int, end: int) -> Mention:
    inside = _under(name, folder)
    typed = inside[0] if len(inside) == 1 else name.typed
    how = "path" if len(inside) == 1 else name.how
    return Mention(start, end, typed, how, tuple(inside), name.is_dir)


def _by_kind(mention: Mention, text: str) -> Mention:
    """"widget 的头文件", "the python utils": a kind word picks one of several entries."""
    if len(mention.paths) < 2:
        return mention
    rest = (text[:mention.start] + " " + text[mention.end:]).casefold()
    suffixes = tuple(s for word, kinds in KIND_SUFFIXES.items() for s in kinds
                     if re.search(r"(?<![a-z])" + re.escape(word) + r"(?![a-z])", rest))
    chosen = [p for p in mention.paths if suffixes and p.casefold().endswith(suffixes)]
    return replace(mention, paths=(chosen[0],), how="kind") if len(chosen) == 1 else mention
