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
from .numbers import ordinal

__all__ = [
    "ALL",
    "LAST",
    "THIS",
    "ContextError",
    "ConversationContext",
    "OutOfRange",
    "parse_reference",
]

ALL = -1_000_000  # "these files": every item of the list
LAST = -1  # "the last one" (-2 the one before it, and so on: positions from the end)
THIS = -1_000_001  # "这个" / "it": the file just read, else the first item

_THESE = re.compile(
    r"这些|那些|这几个|它们|他们|上面的(文件|结果)|以上|全部结果|所有结果|"
    r"\b(these|those|them|all\s+of\s+them|the\s+results?|each\s+of\s+them|the\s+files\s+above)\b",
    re.IGNORECASE)  # fmt: skip
_THIS = re.compile(
    r"这个文件|那个文件|该文件|这个|它|那个(?=\s*(?:吧|呢|了|啊|呀|一下|给我|$|[，。！？,.!?]))|"
    r"\b(it|this\s+(one|file)|that\s+(one|file)|this|that)\b",
    re.IGNORECASE)  # fmt: skip


def parse_reference(text: str) -> int | None:
    """The list position ``text`` refers to: 1-based, negative from the end (``LAST`` is -1),
    0 for "第0个" (no item), ``ALL``, or None for none.

    "这个" / "it" comes back as ``THIS``: the file just read, or the first item.
    """
    position = ordinal(text)
    if position is not None:
        return position
    if _THESE.search(text):
        return ALL
    if _THIS.search(text):
        return THIS
    return None


class ContextError(Exception):
    """The reference can't be resolved; ``str()`` is the sentence to show (not a wsnb error:
    the agent turns it into a reply, it never reaches the caller)."""


class OutOfRange(ContextError):
    """A position past either end of the list (or "第0个"); says the list's size."""

    def __init__(self, count: int, position: int) -> None:
        said = (_("The last list has {count} items; there is no item {position} from the "
                  "end.") if position < 0 else
                _("The last list has {count} items; there is no number {position}."))
        super().__init__(said.format(count=count, position=abs(position)))
        self.count = count
        self.position = position


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
    def empty(self) -> bool:
        """Whether nothing was listed or read yet in this conversation."""
        return self._made_at is None

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
        index = len(self.items) + position if position < 0 else position - 1
        if not 0 <= index < len(self.items):
            raise OutOfRange(len(self.items), position)
        return [self.items[index]]
