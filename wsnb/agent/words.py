"""Reading the words of a request once its names are out: which actions, which leftovers.

``scan`` walks the text with the whole vocabulary, longest word first, so "写着"
(mentions) is read before "写" (create) and "放在哪" (where) before "放" (move);
each word found votes for its group's action. An English word one typo away
from a vocabulary word of five letters or more still votes ("serch", "renmae").
``leftover`` is what no word of the vocabulary covers: the pieces of a keyword.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from .mentions import known_word
from .vocab import ACTIONS, FILLERS, OBJECTS, OFFTOPIC, WORDS, plain_words

__all__ = ["Hit", "actions_of", "contains", "leftover", "scan"]

_CJK = re.compile(r"[\u4e00-\u9fff]")
_WORDLIKE = re.compile(r"[\w\u4e00-\u9fff]")
_TOKEN = re.compile(r"[^\s,，。.!！?？:：;；、()（）\"'“”‘’《》「」]+")


@dataclass(frozen=True)
class Hit:
    """A vocabulary word at ``start:end``: its group and the action it votes for."""

    start: int
    end: int
    group: str
    action: str


@cache
def _table() -> tuple[tuple[str, str, str], ...]:
    """Every (word, group, action), longest word first."""
    rows = [(w.casefold(), group, action) for action, groups in ACTIONS for group in groups
            for w in plain_words(group)]  # fmt: skip
    rows += [(w.casefold(), "QUIET", "") for w in WORDS["QUIET"]]
    return tuple(sorted(rows, key=lambda r: -len(r[0])))


@cache
def _plain(word: str) -> bool:
    """Chinese, or starting with a sign: found as written, not as an English word."""
    return bool(_CJK.search(word)) or not re.match(r"\w", word)


def _spans(text: str, word: str) -> list[tuple[int, int]]:
    if _plain(word):
        # Plain finds: a pattern per word would overflow re's cache and compile every time.
        spans, at = [], text.find(word)
        while at >= 0 and word:
            spans.append((at, at + len(word)))
            at = text.find(word, at + len(word))
        return spans
    return [(m.start(), m.end()) for m in _english(word).finditer(text)]


# A phrasal verb takes an object inside ("pull it up", "throw that file away") and an
# inflected verb ("pulled up", "digs up", "looking over").
_INSIDE = r"\s+(?:(?:it|this|that|them|these|those|the\s+file|this\s+file|that\s+file)\s+)?"


# An English word ends at a letter that isn't English: "帮我search一下" searches.
_BEFORE, _AFTER = r"(?<![A-Za-z0-9_'])", r"(?![A-Za-z0-9_'])"


@cache
def _english(word: str) -> re.Pattern[str]:
    first, *rest = word.split(" ")
    if not rest:
        return re.compile(_BEFORE + re.escape(word) + _AFTER)
    tail = "".join(_INSIDE + re.escape(w) if i == 0 else r"\s+" + re.escape(w)
                   for i, w in enumerate(rest))  # fmt: skip
    forms = {first}
    if first.isalpha() and len(first) > 2:  # "digs", "dug" aside: "digging", "making", "pulled"
        forms |= {first + end for end in ("s", "es", "ed", "d", "ing", first[-1] + "ed",
                                          first[-1] + "ing")}  # fmt: skip
        forms |= {first[:-1] + "ing"} if first.endswith("e") else set()
    head = "(?:" + "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True)) + ")"
    return re.compile(_BEFORE + head + tail + _AFTER)


def contains(text: str, word: str) -> int:
    """Where ``word`` stands in ``text`` (as a whole word, for English), or -1."""
    spans = _spans(text.casefold(), word.casefold())
    return spans[0][0] if spans else -1


def scan(text: str) -> list[Hit]:
    """The vocabulary words of ``text``, longest first, never overlapping, in text order."""
    folded = text.casefold()
    taken = [False] * len(folded)
    hits: list[Hit] = []
    for word, group, action in _table():
        for start, end in _spans(folded, word):
            if not any(taken[start:end]):
                taken[start:end] = [True] * (end - start)
                if action:  # a quiet word only keeps its letters from voting
                    hits.append(Hit(start, end, group, action))
    for match in re.finditer(_BEFORE + r"[A-Za-z]{4,}" + _AFTER, text):
        if not any(taken[match.start():match.end()]):
            voted = _inflected(match.group()) or _typo_action(match.group())
            if voted:
                hits.append(Hit(match.start(), match.end(), voted[0], voted[1]))
    return sorted(hits, key=lambda h: h.start)


def _lemmas(word: str) -> list[str]:
    """"showing" → show, "making" → make, "renamed" → rename, "searches" → search."""
    out = []
    for ending, back in (("ing", ""), ("ing", "e"), ("ed", ""), ("ed", "e"), ("es", ""),
                         ("s", ""), ("d", "")):  # fmt: skip
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            stem = word[: -len(ending)]
            out.append(stem + back)
            if back == "" and len(stem) > 3 and stem[-1] == stem[-2]:
                out.append(stem[:-1])  # "dropping" → drop
    return out


def _inflected(token: str) -> tuple[str, str] | None:
    """The group and action of the vocabulary word ``token`` is a form of, if any."""
    if token.casefold() in _TOPICS:
        return None  # "news" is a topic, not "new" with an s
    words = _actions_by_word()
    for lemma in _lemmas(token.casefold()):
        if lemma in words:
            return words[lemma]
    return None


@cache
def _actions_by_word() -> dict[str, tuple[str, str]]:
    return {known: (group, action) for known, group, action in _table() if action}


def _typo_action(token: str) -> tuple[str, str] | None:
    """The group and action of the vocabulary word ``token`` is a typo of, if any."""
    from rapidfuzz.distance import DamerauLevenshtein

    word = token.casefold()
    if word in _PLAIN:
        return None
    allowed = 1 if len(word) < 7 else 2
    for known, group, action in _table():
        if not (action and known.isalpha() and abs(len(known) - len(word)) <= allowed):
            continue
        if word[0] != known[0]:
            continue  # a typo keeps the first letter: "exports" is no "imports"
        if len(word) == 4 and sorted(word) != sorted(known):
            continue  # a four-letter word forgives a swap only ("lsit", "fidn"), never a change
        if len(known) >= 4 and DamerauLevenshtein.distance(word, known,
                                                           score_cutoff=allowed) <= allowed:
            return group, action
    return None


_TOPICS = frozenset(w.casefold() for w in OFFTOPIC)
_PLAIN = frozenset(w.casefold() for w in FILLERS) | {w for g in OBJECTS.values() for w in g}


def actions_of(hits: list[Hit]) -> list[str]:
    """The actions voted for, strongest first (the order of ``vocab.ACTIONS``)."""
    order = [action for action, _groups in ACTIONS]
    return sorted({h.action for h in hits}, key=order.index)


@cache
def _vocabulary() -> tuple[str, ...]:
    words = {w for g in WORDS for w in plain_words(g)} | set(FILLERS)
    words |= {w for g in OBJECTS.values() for w in g}
    return tuple(sorted(words, key=len, reverse=True))


@cache
def _folded_vocabulary() -> frozenset[str]:
    return frozenset(w.casefold() for w in _vocabulary())


_SINGLE = frozenset(w for w in _vocabulary() if len(w) == 1 and _CJK.match(w))


def leftover(text: str) -> list[str]:
    """The words of ``text`` no vocabulary, filler or object word covers, in order."""
    for word in _vocabulary():
        if len(word) > 1 and _CJK.search(word):
            text = text.replace(word, " ")
    words = []
    folded = _folded_vocabulary()
    for token in _TOKEN.findall(text):
        if _CJK.match(token[0]) or _CJK.search(token[-1]):
            token = _trim(token)
        stray = _CJK.fullmatch(token) or token.startswith("-") or not _WORDLIKE.search(token)
        if not token or stray:
            continue  # a stray Chinese character (a particle, a verb's tail), "-i", or "—"
        if token.casefold() in folded or (not _CJK.search(token) and known_word(token)):
            continue
        words.append(token)
    return words


def _trim(token: str) -> str:
    """A Chinese run without the one-character particles and verbs at its ends."""
    while token and token[0] in _SINGLE:
        token = token[1:]
    while token and token[-1] in _SINGLE:
        token = token[:-1]
    return token
