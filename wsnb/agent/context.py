"""What the conversation remembers: the last result list, and for how long.

"打开第一个", "读取第二个", "the last one" and "总结这些文件" resolve against
the last list of files a reply showed (a search, a listing, text hits, the
files just read). The list expires after a number of turns or minutes (the
clock is injectable); after that the agent asks to search again instead of
guessing which file was meant.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from ..i18n import _
from ..tools.base import local_now

__all__ = [
    "ALL",
    "LAST",
    "THIS",
    "ContextError",
    "ConversationContext",
    "parse_reference",
]

ALL = 0  # "these files": every item of the list
LAST = -1  # "the last one"
THIS = -2  # "这个" / "it": the file just read, else the first item

_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
              "九": 9, "十": 10}  # fmt: skip
_EN_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
                "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}  # fmt: skip
_EN_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
               "eight": 8, "nine": 9, "ten": 10}  # fmt: skip

_ZH_ORDINAL = re.compile(r"第\s*([一二两三四五六七八九十]|\d+)\s*(个|项|条|份|篇)?")
_EN_ORDINAL = re.compile(
    r"\b(?:the\s+)?(" + "|".join(_EN_ORDINALS) + r"|\d+(?:st|nd|rd|th))\b"
    r"(?:\s+(?:one|file|result|item|match|entry|hit))?", re.IGNORECASE)  # fmt: skip
_EN_NUMBER = re.compile(
    r"\b(?:number|no\.?|item|result|file)\s*#?\s*(\d+|" + "|".join(_EN_NUMBERS) + r")\b|#(\d+)\b",
    re.IGNORECASE)  # fmt: skip
_LAST = re.compile(
    r"最后一个|最后那个|最后一项|最后的那个|倒数第一个|\b(the\s+)?last\s+(one|file|result|item)\b|"
    r"\bthe\s+last\b", re.IGNORECASE)  # fmt: skip
_THESE = re.compile(
    r"这些|那些|这几个|它们|他们|上面的(文件|结果)|以上|全部结果|所有结果|"
    r"\b(these|those|them|all\s+of\s+them|the\s+results?|each\s+of\s+them|the\s+files\s+above)\b",
    re.IGNORECASE)  # fmt: skip
_THIS = re.compile(
    r"这个文件|那个文件|该文件|这个|它|\b(it|this\s+(one|file)|that\s+(one|file)|this|that)\b",
    re.IGNORECASE)  # fmt: skip


def parse_reference(text: str) -> int | None:
    """The list position ``text`` refers to: 1-based, ``LAST``, ``ALL``, or None for none.

    "这个" / "it" comes back as ``THIS``: the file just read, or the first item.
    """
    if _LAST.search(text):
        return LAST
    match = _ZH_ORDINAL.search(text)
    if match:
        word = match.group(1)
        return int(word) if word.isdigit() else _ZH_DIGITS[word]
    match = _EN_ORDINAL.search(text)
    if match:
        word = match.group(1).lower()
        return _EN_ORDINALS.get(word) or int(re.sub(r"\D", "", word))
    match = _EN_NUMBER.search(text)
    if match:
        word = (match.group(1) or match.group(2)).lower()
        return _EN_NUMBERS.get(word) or int(word)
    if _THESE.search(text):
        return ALL
    if _THIS.search(text):
        return THIS
    return None


class ContextError(Exception):
    """The reference can't be resolved; ``str()`` is the sentence to show (not a wsnb error:
    the agent turns it into a reply, it never reaches the caller)."""


@dataclass
class ConversationContext:
    """The last result list, the turn it was made in, and when it expires."""

    clock: Callable[[], datetime] = local_now
    max_turns: int = 5
    max_age: timedelta = timedelta(minutes=10)
    turn: int = 0
    items: list[str] = field(default_factory=list)
    label: str = ""
    read: list[str] = field(default_factory=list)
    _made_turn: int = 0
    _made_at: datetime | None = None

    def next_turn(self) -> None:
        self.turn += 1

    def remember(self, paths: list[str], label: str) -> None:
        """Keep ``paths`` (in display order) as the list later references resolve against."""
        self.items = list(dict.fromkeys(paths))
        self.label = label
        self._made_turn = self.turn
        self._made_at = self.clock()

    def remember_read(self, paths: list[str]) -> None:
        """Keep the files just read: "这个" / "it" and "总结这些文件" may mean them."""
        self.read = list(dict.fromkeys(paths))
        if self._made_at is None or self.expired:
            self.remember(paths, "files read")

    @property
    def expired(self) -> bool:
        if self._made_at is None:
            return True
        too_many_turns = self.turn - self._made_turn > self.max_turns
        too_old = self.clock() - self._made_at > self.max_age
        return too_many_turns or too_old

    def resolve(self, position: int) -> list[str]:
        """The paths at ``position`` (``ALL`` for all of them); ContextError if impossible."""
        if self._made_at is None or not self.items:
            raise ContextError(_("There is no earlier result list to pick from; search or list "
                                 "files first (for example \"search README\")."))
        if self.expired:
            self.items, self.read = [], []
            raise ContextError(_("The earlier results have expired; search again so I don't "
                                 "guess which file you mean (for example \"search README\")."))
        if position == ALL:
            return list(self.items)
        if position == THIS:
            return [self.read[-1]] if self.read else [self.items[0]]
        index = len(self.items) - 1 if position == LAST else position - 1
        if not 0 <= index < len(self.items):
            raise ContextError(_("The last list has {count} items; there is no number "
                                 "{position}.").format(count=len(self.items), position=position))
        return [self.items[index]]
