"""A request as the offline engine sees it: its names, its vocabulary words, what is left.

``Reading.of`` takes the names out (they were found by ``wsnb.agent.mentions``), reads
the rest with the one vocabulary (``wsnb.agent.words.scan``): the words found and the
actions they vote for, and the words no vocabulary covers (a keyword's pieces). The
rules that turn a reading into a command are in ``wsnb.agent.slots``.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass

from .commands import several_targets
from .context import THIS, parse_reference
from .filekinds import KIND_WORDS, ORDER_WORDS, SIZE_WORDS, TIME_WORDS
from .mentions import Mention
from .numbers import ordinal_span
from .vocab import ACTIONS, FILLERS, WORDS
from .words import Hit, actions_of, contains, leftover, scan

__all__ = ["Reading", "code_like", "first_marker", "no_hits", "reference_words", "typo_actions"]

_CJK = re.compile(r"[\u4e00-\u9fff]")


@dataclass
class Reading:
    """A request as the engine sees it."""

    text: str
    mentions: list[Mention]
    rest: str
    hits: list[Hit]
    actions: list[str]
    words: list[str]

    @classmethod
    def of(cls, text: str, mentions: list[Mention]) -> Reading:
        rest = text
        for m in mentions:
            rest = rest[:m.start] + " " * (m.end - m.start) + rest[m.end:]
        hits = scan(rest)
        for start, end in _chatter(text, rest, mentions, hits):
            rest = rest[:start] + " " * (end - start) + rest[end:]
            hits = [h for h in hits if not start <= h.start < end]
        words = no_hits(rest, hits)
        span = ordinal_span(words)
        if span is not None:  # "the second to last": a position, not a keyword
            words = words[:span[0]] + " " * (span[1] - span[0]) + words[span[1]:]
        return cls(text, mentions, rest, hits, actions_of(hits) or typo_actions(rest),
                   leftover(words))

    def has(self, *groups: str) -> bool:
        return any(h.group in groups for h in self.hits)

    def said(self, words: tuple[str, ...]) -> bool:
        return any(contains(self.rest, w) >= 0 for w in words)

    @property
    def first(self) -> Mention | None:
        return self.mentions[0] if self.mentions else None

    @property
    def keyword(self) -> str:
        """The first name as typed (a typo of a name: that name), else the unknown words:
        the ones that look like code when there are some ("WidgetRegistry 来着")."""
        m = self.first
        if m is not None and m.how == "close":  # "帮我找找 modle_03": look for module_03
            return posixpath.splitext(posixpath.basename(m.paths[0]))[0]
        if m is not None:
            return m.typed
        words = self._asking_words() or self.words  # "where's slugify defined? I forget"
        code = [w for w in words if code_like(w, self.text)]
        return " ".join(code or words)

    def _asking_words(self) -> list[str]:
        """The unknown words of the clause the first search verb stands in."""
        verbs = [h for h in self.hits if h.action in _SEARCHES]
        if not verbs:
            return []
        for start, end in _clauses(self.text):
            if start <= verbs[0].start < end:
                hits = [h for h in self.hits if start <= h.start < end]
                return leftover(no_hits(self.rest[start:end], [
                    Hit(h.start - start, h.end - start, h.group, h.action) for h in hits]))
        return []

    def target(self) -> str:
        """The first name, unless a list position ("第二个", "these") comes before it."""
        m = self.first
        if m is None and several_targets(self.rest):  # "delete the first two": several
            return no_hits(self.rest, self.hits).strip() or self.rest.strip()
        if m is not None and several_targets(self.rest[:m.start]):
            return self.rest[:m.start].strip()  # "copy all the logs to data": several
        before = reference_words(self.rest[:m.start]) if m is not None else ""
        if m is not None and before and parse_reference(before) == THIS \
                and (not m.known or m.is_dir) and _TO_NAME.search(self.rest[:m.start]):
            return before  # "rename it to README.txt", "把它复制到 tests": "it", then where
        if m is not None and (not before or parse_reference(before) == THIS):
            return m.slot  # "if it's no trouble, rename a.txt": "it" is no position
        return before or reference_words(self.rest)


# "it" and then a new name: "rename it to b.md", "把它改名为 b.md", "copy that file as c.txt".
_TO_NAME = re.compile(r"(?:\b(?:it|this|that|this file|that file)\b|它|这个文件|那个文件)"
                      r".{0,24}(?:\b(?:to|as|into|named|called|in|under)\b|为|成|到|叫|进)\s*$",
                      re.IGNORECASE)  # fmt: skip


# Where one clause ends and the next begins ("list config? I forgot what I put there").
_CLAUSE = re.compile(r"[,，;；。!！?？…]+|\s[—–-]{1,2}\s|\s+(?:or|but)\s+", re.IGNORECASE)
_CONTENT = WORDS["CONTENT"] + WORDS["CONTENT_EN"] + (":", "：")  # "，内容写：…" is the request
_CODE = re.compile(r"\w*(?:_\w|\d|[a-z][A-Z])\w*|\w+\(\)")


def code_like(word: str, text: str) -> bool:
    """An identifier, a number, or a Latin word in a Chinese sentence: what a search is for."""
    latin_in_chinese = bool(_CJK.search(text)) and word.isascii() and word[:1].isalnum()
    return bool(_CODE.fullmatch(word)) or latin_in_chinese


_SEARCHES = {"define", "used", "grep", "find", "count"}


def _clauses(text: str) -> list[tuple[int, int]]:
    bounds = [0] + [i for m in _CLAUSE.finditer(text) for i in (m.start(), m.end())] + [len(text)]
    return list(zip(bounds[::2], bounds[1::2], strict=True))


def _chatter(text: str, rest: str, mentions: list[Mention], hits: list[Hit],
             ) -> list[tuple[int, int]]:  # fmt: skip
    """The clauses that are talk around the request, once one clause asks for something
    (a verb) about something (a name, or a word of code): "sorry to bother you", "I keep
    forgetting", "I put it there last term". A clause that names an entry always stays."""
    clauses = _clauses(text)
    if len(clauses) < 2:
        return []
    named = {c for c in clauses if any(c[0] <= m.start < c[1] for m in mentions)}
    asked = {c for c in clauses if any(c[0] <= h.start < c[1] for h in hits)}
    coded = {c for c in clauses if any(code_like(w, text) for w in rest[c[0]:c[1]].split())}
    primary = [c for c in clauses if c in asked and c in named | coded]
    if not primary:
        return []
    said = {c for c in clauses if any(contains(rest[c[0]:c[1]], w) >= 0 for w in _CONTENT)}
    return [c for c in clauses if c not in named | said and c != primary[0]]


def no_hits(rest: str, hits: list[Hit]) -> str:
    for h in hits:
        rest = rest[:h.start] + " " * (h.end - h.start) + rest[h.end:]
    return rest


def reference_words(text: str) -> str:
    """The words of ``text`` that name a list position ("倒数第二个", "these"), or ""."""
    if parse_reference(text) is None:
        return ""
    span = ordinal_span(text)
    if span is not None:
        return text[span[0]:span[1]].strip()
    match = re.search(r"这些|那些|这几个|这个文件|那个文件|这个|它们|它|那个|"
                      r"(?i:\b(these|those|them|it|this|that)\b)", text)  # fmt: skip
    return match.group().strip() if match else text.strip()


# Characters typed on purpose after a verb (particles, directions), never a typo of one.
_NO_TYPO = frozenset("一下个了的把给吧呢啊吗过来去上出起着点")


# Chinese words of the index's questions: typed on purpose, never a verb's typo.
_KNOWN_CJK = tuple(w for w in (*KIND_WORDS, *TIME_WORDS,
                               *(w for g in (*SIZE_WORDS.values(), *ORDER_WORDS.values())
                                 for w in g)) if _CJK.match(w))  # fmt: skip


def typo_actions(rest: str) -> list[str]:
    """Last resort for a Chinese verb that leads the request with one wrong character after
    its first ("总洁一下 a.txt", "复志一份 b.py", "重明名 c.js"): the verb it is one off."""
    lead = rest.strip()
    for filler in sorted((f for f in FILLERS if _CJK.match(f)), key=len, reverse=True):
        if lead.startswith(filler) and len(lead) > len(filler) + 1:
            lead = lead[len(filler):].lstrip()
    if len(lead) < 2 or not _CJK.match(lead[1]):
        return []
    if lead[1] in _NO_TYPO:
        return []  # "拿一下" is no typo of "拿掉": a particle is typed on purpose
    if lead.startswith(_KNOWN_CJK):
        return []  # "最大的" is a word of its own, no typo of "最后"
    for action, groups in ACTIONS:
        words = (w for g in groups if not g.endswith("_IDIOM") for w in WORDS[g])
        for word in (w for w in words if len(w) in {2, 3} and _CJK.match(w)):
            typed = lead[:len(word)]
            wrong = sum(a != b for a, b in zip(word, typed, strict=False))
            if len(typed) == len(word) and word[0] == typed[0] and wrong == 1 \
                    and _CJK.fullmatch(typed[-1]):
                return [action]
    return []


def first_marker(text: str, start: int, markers: tuple[str, ...]) -> tuple[int, int]:
    """The first marker in ``text`` after ``start``: (where it begins, where it ends)."""
    best = (-1, -1)
    for marker in sorted(markers, key=len, reverse=True):
        at = contains(text[start:], marker)
        if at >= 0 and (best[0] < 0 or start + at < best[0]):
            best = (start + at, start + at + len(marker))
    return best
