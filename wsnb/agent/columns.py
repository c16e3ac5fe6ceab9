"""A question over the index's columns, read from a request: kind, size, time, folder, count.

"show me the yaml files", 列出所有图片, 最近改过哪些文件, "what changed today", "which file
is the largest", "python files over 10 kB in src", "how many notebooks": each is a filter of
``ws.files`` (``suffix``, ``size``, ``modified``, ``path``) and maybe an order and a count.
``read_question`` finds one in a ``Reading`` with the words of ``wsnb.agent.filekinds``; it
reads only words, never files. ``wsnb.agent.indexanswers`` runs it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import cache

from .filekinds import (
    FILE_KINDS,
    KIND_NOUNS,
    KIND_SINGULARS,
    KIND_WORDS,
    NAMED_KINDS,
    ORDER_WORDS,
    ROLE_WORDS,
    SIZE_UNITS,
    SIZE_WORDS,
    TIME_WORDS,
)
from .numbers import QUANTITY, cardinal, quantity
from .request import Reading
from .vocab import OBJECTS
from .words import Hit, contains

__all__ = ["Question", "kind_spans", "order_span", "read_question", "unnamed"]

_CJK = re.compile(r"[\u4e00-\u9fff]")


@dataclass(frozen=True)
class Question:
    """A filter of ``ws.files``, an order, and whether only the count is asked for."""

    kinds: tuple[str, ...] = ()
    over: int | None = None
    under: int | None = None
    since: datetime | None = None
    until: datetime | None = None
    order: str = ""  # "largest", "smallest", "newest", "oldest"
    n: int = 0
    count: bool = False
    scope: str = ""  # a folder's path
    plural: bool = True

    @property
    def suffixes(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(s for k in self.kinds for s in FILE_KINDS[k]))

    @property
    def named(self) -> tuple[str, ...]:
        return tuple(NAMED_KINDS[k] for k in self.kinds if k in NAMED_KINDS)

    @property
    def filtered(self) -> bool:
        return bool(self.kinds or self.over is not None or self.under is not None
                    or self.since or self.order)  # fmt: skip

    def args(self) -> dict[str, str]:
        """The question as a command's slots (strings)."""
        out = {"kinds": " ".join(self.kinds), "order": self.order, "n": str(self.n),
               "count": "yes" if self.count else "", "scope": self.scope,
               "plural": "yes" if self.plural else ""}  # fmt: skip
        for key in ("over", "under"):
            value = getattr(self, key)
            out[key] = "" if value is None else str(value)
        for key in ("since", "until"):
            value = getattr(self, key)
            out[key] = "" if value is None else value.isoformat(sep=" ", timespec="minutes")
        return out

    @classmethod
    def of(cls, args: dict[str, str]) -> Question:
        def number(key: str) -> int | None:
            return int(args[key]) if args.get(key) else None

        def when(key: str) -> datetime | None:
            return datetime.fromisoformat(args[key]) if args.get(key) else None

        return cls(tuple(args.get("kinds", "").split()), number("over"), number("under"),
                   when("since"), when("until"), args.get("order", ""),
                   int(args.get("n") or 0), bool(args.get("count")), args.get("scope", ""),
                   bool(args.get("plural")))  # fmt: skip


# -- kinds -------------------------------------------------------------------------------

_ALL = ("all", "every", "any", "which", "what", "list", "所有", "全部", "哪些", "哪几个", "每个")
_ROLES = tuple(sorted(set(ROLE_WORDS) | set(OBJECTS["file"]), key=len, reverse=True))


@cache
def _word_pattern(key: str) -> re.Pattern[str]:
    # an ASCII word ends where ASCII letters do: "有哪些python文件" holds "python"
    return re.compile(r"(?<![A-Za-z0-9_+#.])" + re.escape(key) + r"(?![A-Za-z0-9_+#])")


def _spans(text: str, word: str) -> list[tuple[int, int]]:
    folded, key = text.casefold(), word.casefold()
    if key not in folded:
        return []  # most words of the table are not in a request: no pattern to run
    if _CJK.search(key) or not key[:1].isalnum() or not key[-1:].isalnum():
        out, at = [], folded.find(key)
        while at >= 0:
            out.append((at, at + len(key)))
            at = folded.find(key, at + len(key))
        return out
    return [(m.start(), m.end()) for m in _word_pattern(key).finditer(folded)]


_BY_LENGTH = tuple(sorted(KIND_WORDS, key=len, reverse=True))


def kind_spans(text: str, hits: Sequence[Hit] = ()) -> list[tuple[int, int, str]]:
    """The kind words of ``text`` that name kinds of files: (start, end, kind), in order;
    none inside a word of the vocabulary (``hits``: "the big picture" is no picture)."""
    found: list[tuple[int, int, str]] = []
    taken: set[int] = {i for h in hits for i in range(h.start, h.end)}
    for word in _BY_LENGTH:
        for start, end in _spans(text, word):
            if taken & set(range(start, end)):
                continue
            if word in KIND_NOUNS or _role_after(text, end) or _all_before(text, start) \
                    or (word in KIND_SINGULARS and _determined(text, start)):
                found.append((start, end, KIND_WORDS[word]))
                taken |= set(range(start, end))
    return sorted(found)


def _determined(text: str, start: int) -> bool:
    """"the header", "那个脚本": a kind word after a determiner names one file of the kind."""
    return bool(re.search(r"(?:\b(?:the|that|this|my|our)|那个|这个|那份|这份)\s*(?:\S+\s*)?$",
                          text[:start], re.IGNORECASE))  # fmt: skip


def _role_after(text: str, end: int) -> bool:
    rest = re.sub(r"^[\s\-]*(?:的\s*)?", "", text[end:]).casefold()
    for role in _ROLES:
        if rest.startswith(role) and (_CJK.match(role) or not rest[len(role):len(role) + 1]
                                      .isalnum()):  # fmt: skip
            return True
    # "json and yaml files": a kind joined to one that has its noun
    joined = re.match(r"\s*(?:,|，|、|and|or|和|或|及|与)\s*(\S+)", text[end:], re.IGNORECASE)
    return bool(joined and joined.group(1).casefold() in KIND_WORDS
                and _role_after(text, end + joined.end()))  # fmt: skip


_FILES_ARE = re.compile(r"(?:files|documents|docs|文件|文档)\s*(?:(?:that|which)\s+)?"
                        r"(?:are|is|in|是|为)?\s*(?:in\s+)?$", re.IGNORECASE)


def _all_before(text: str, start: int) -> bool:
    """"all json", "哪些 yaml", "which files are JSON": a kind word with no noun after it."""
    head = re.sub(r"(?:\s+(?:the|my|our|of))+\s*$", "", text[:start].casefold()).rstrip(" 的")
    return any(head.endswith(w) for w in _ALL) or bool(_FILES_ARE.search(head))


# -- sizes -------------------------------------------------------------------------------

_UNIT = "|".join(sorted((re.escape(u) for u in SIZE_UNITS), key=len, reverse=True))
_SIZE = re.compile(rf"(?<![A-Za-z0-9])({QUANTITY})\s*(?:of\s+)?(?:an?\s+)?({_UNIT})(?![a-z])",
                   re.IGNORECASE)  # fmt: skip


def _size_filter(text: str) -> tuple[int | None, int | None]:
    """(over, under) in bytes from "over 1 MB", "小于 10k", "1MB 以上"."""
    over = under = None
    for match in _SIZE.finditer(text):
        amount = quantity(match.group(1))
        if amount is None:
            continue
        value = int(amount * SIZE_UNITS[match.group(2).casefold()])
        before, after = text[max(0, match.start() - 16):match.start()], text[match.end():][:6]
        if _said_in(before, SIZE_WORDS["under"]) or _starts(after, ("以下", "以内", "之内")):
            under = value
        elif _said_in(before, SIZE_WORDS["over"]) or _starts(after, ("以上", "+")):
            over = value
    return over, under


def _size_after(text: str, end: int) -> bool:
    """"files under a few KB": a comparison with a size, not a verb ("file X under docs")."""
    match = _SIZE.search(text, end)
    return match is not None and len(text[end:match.start()].split()) <= 1


def _said_in(text: str, words: tuple[str, ...]) -> bool:
    folded = text.casefold()
    return any(w.casefold() in folded and (contains(text, w) >= 0 if w[0].isalnum()
                                           else w in text) for w in words)  # fmt: skip


def _starts(text: str, words: tuple[str, ...]) -> bool:
    return text.lstrip().startswith(words)


# -- times -------------------------------------------------------------------------------

_DATE = re.compile(r"(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})[日号]?|(\d{1,2})月(\d{1,2})[日号]")
_LAST_N = re.compile(r"(?:last|past|previous|in the last|within the last)\s+(\S+)\s+"
                     r"(days?|weeks?|hours?)|(?:最近|最进|过去|近)\s*(\S{1,3}?)\s*(天|周|个?星期|小时)|"
                     r"(\S{1,3}?)\s*(天|周|小时)(?:内|以内|之内)", re.IGNORECASE)  # fmt: skip
_SINCE = ("since", "after", "from", "以来", "之后", "以后", "后")


def _window(text: str, now: datetime) -> tuple[datetime | None, datetime | None]:
    """(since, until) from "today", "this week", "since 2024-03-01", "最近三天"."""
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    date = _DATE.search(text)
    if date is not None:
        year = int(date.group(1) or now.year)
        month, day = int(date.group(2) or date.group(4)), int(date.group(3) or date.group(5))
        try:
            return datetime(year, month, day), None
        except ValueError:
            return None, None
    last = _LAST_N.search(text)
    if last is not None:
        amount = cardinal(last.group(1) or last.group(3) or last.group(5) or "") or 1
        unit = (last.group(2) or last.group(4) or last.group(6) or "").casefold()
        hours = 1 if unit.startswith(("hour", "小时")) else 24 * 7 if unit.startswith(
            ("week", "周", "个星期", "星期")) else 24  # fmt: skip
        return now - timedelta(hours=amount * hours), None
    for word in sorted(TIME_WORDS, key=len, reverse=True):
        if (contains(text, word) if not _CJK.search(word) else text.find(word)) >= 0:
            days = TIME_WORDS[word]
            if days == 0:
                return midnight, None
            if days == -1:
                return midnight - timedelta(days=now.weekday()), None
            if days == -2:
                return midnight - timedelta(days=1), midnight
            return now - timedelta(days=days), None
    return None, None


# -- order and how many ------------------------------------------------------------------

_CHANGED = ("changed", "modified", "edited", "updated", "touched", "改过", "修改过", "动过",
            "更新过", "改动", "编辑过", "改了", "修改了", "更新了", "变动", "变了",
            "新增", "新加")  # fmt: skip
_SINGULAR = re.compile(r"\bwhich\s+(?:one|file)\b|\bthe\s+\w+est\s+(?:one|file)\b|"
                       r"\bwhat(?:'s| is)\s+the\s+\w+est\b|哪个|哪一个|哪份|是哪", re.IGNORECASE)
_COUNT_N = re.compile(r"(?:top|first|前)\s*([\d一二两三四五六七八九十百]+|[A-Za-z]+)|"
                      r"(\w+)\s+(?:largest|biggest|smallest|newest|"
                      r"latest|oldest|most|least)|([\d一二两三四五六七八九十百]+)\s*(?:个|份|项)|"
                      r"(?:est|set)\s+(\w+)\s+(?:files?|ones?|items?)",
                      re.IGNORECASE)  # fmt: skip


def order_span(text: str) -> tuple[int, int] | None:
    """Where the words of an order stand ("the largest", "最新")."""
    words = (*SIZE_WORDS["largest"], *SIZE_WORDS["smallest"], *SIZE_WORDS["by_size"],
             *ORDER_WORDS["newest"], *ORDER_WORDS["oldest"])  # fmt: skip
    found = [(at, at + len(w)) for w in words
             for at in [contains(text, w) if w[0].isalnum() and not _CJK.search(w)
                        else text.find(w)] if at >= 0]  # fmt: skip
    return min(found) if found else None


def _order(text: str) -> str:
    for order, words in (("largest", SIZE_WORDS["largest"]), ("smallest", SIZE_WORDS["smallest"]),
                         ("newest", ORDER_WORDS["newest"]), ("oldest", ORDER_WORDS["oldest"])):
        if _said_in(text, words):
            return order
    return "largest" if _said_in(text, SIZE_WORDS["by_size"]) else ""  # largest first


def _how_many(text: str, order: str) -> int:
    for match in _COUNT_N.finditer(text):
        word = next(g for g in match.groups() if g is not None)
        number = cardinal(word)
        if number:
            return min(number, 1000)
    if order and _SINGULAR.search(text):
        return 1
    plural = re.search(r"\b(?:files|ones|\w+s)\b|几个|哪些|些", text, re.IGNORECASE)
    return 10 if plural or not order else 1


# -- the question ------------------------------------------------------------------------

# Verbs of a change or a search: the request is not a question over the columns. With a
# size, a time or an order, the softer ones are words of the question ("what changed
# today", "which files use the most space", "new files this week").
_CHANGES = {"trash", "rename", "copy", "move", "append", "clear", "duplicate", "undo", "grep",
            "define", "summarize", "workspace", "write", "create", "used"}
_SOFT = {"write", "create", "used"}
# The words of those verbs that ask about files rather than for a change.
_SOFT_WORDS = frozenset({*_CHANGED, "change", "modify", "edit", "update", "touch", "use", "uses",
                         "using", "used", "take", "takes", "taking", "new", "新增", "改", "修改",
                         "更改", "更新", "编辑", "动"})
# What makes a size, a time or an order a question about files ("what's the usd rate
# today" is none).
_FILE_CUES = (*OBJECTS["file"], *_CHANGED, *SIZE_WORDS["by_size"], "space", "空间", "disk",
              "磁盘", "占", "entries",
              "ones", "which one", "哪个", "哪些", "change", "modify", "edit", "touch", "fiels",
              "anything", "something", "stuff")


def read_question(r: Reading, now: datetime, *, asking: bool = True) -> Question | None:
    """The question over ``ws.files`` the request asks, or None when it asks something else;
    ``asking=False``: the filter the words say even with a verb of a change ("delete the
    largest file" describes one file)."""
    if any((m.known and not m.is_dir) or m.how in {"suffixed", "quoted"} for m in r.mentions):
        return None  # a file is named: the request is about it
    text = unnamed(r)
    kinds = tuple(dict.fromkeys(kind for _s, _e, kind in kind_spans(text, r.hits)))
    over, under = _size_filter(text)
    since, until = _window(text, now)
    order = _order(text)
    if order == "newest" and since is not None and until is None \
            and now - since == timedelta(days=7):
        since = None  # "the most recent files": the newest, however old
    if since is None and not order and _said_in(text, _CHANGED) and _said_in(
            text, ("which", "what", "哪些", "什么", "哪个")):
        order = "newest"  # "which files did I change": the newest first
    asked = over is not None or under is not None or since is not None or bool(order)
    # with a size, a time or an order, a soft verb asks about files ("what's been modifed")
    blocking = {h.action for h in r.hits if h.action in _CHANGES
                and not (asked and h.action in _SOFT) and not _size_after(text, h.end)}
    typos = set(r.actions) - {h.action for h in r.hits}  # a verb's typo ("改名" one off)
    if asking and (blocking or (typos & _CHANGES and not asked)):
        return None
    question = Question(kinds, over, under, since, until, order, 0, "count" in r.actions,
                        _scope(r))  # fmt: skip
    if not question.filtered:
        return None
    changed = any(h.action in _SOFT for h in r.hits)  # "what's been modifed": files changed
    if asking and not (kinds or question.scope or changed or _said_in(text, _FILE_CUES)):
        return None  # a size, a time or an order of something else
    if order:
        question = replace(question, n=_how_many(text, order))
    if kinds and not (over or under or since or order or question.count) \
            and not _listing(r, text):
        return replace(question, plural=False)  # "the json config": one file described
    return question


def unnamed(r: Reading, keep: frozenset[str] | set[str] = frozenset({"close"})) -> str:
    """The request with the names it types blanked: a near spelling ("largest" for
    large.txt) is still a word of the question."""
    text = r.text
    for m in r.mentions:
        if m.how not in keep:
            text = text[:m.start] + " " * (m.end - m.start) + text[m.end:]
    return text


def _scope(r: Reading) -> str:
    folders = [m for m in r.mentions if m.known and m.is_dir]
    return folders[0].paths[0] if folders and len(folders[0].paths) == 1 else ""


_PLURAL = re.compile(r"\b(?:files|documents|docs|ones|all|every|any|which|what|list|types?)\b|"
                     r"所有|全部|哪些|哪几|有什么|有哪|都有|些|列出|列一下|几个|多少",
                     re.IGNORECASE)


def _listing(r: Reading, text: str) -> bool:
    """Whether a kind is asked for as a list ("the yaml files", "列出图片"), not one file
    ("the json config", "看一下那个头文件")."""
    spans = kind_spans(text, r.hits)
    if spans and _determined(text, spans[0][0]) and not _PLURAL.search(text):
        return False
    if set(r.actions) & {"count", "find"} or (set(r.actions) & {"list", "inside"}
                                              and not set(r.actions) & {"read", "open"}):
        return True
    if any(w in KIND_NOUNS and w.isascii() for w in re.findall(r"[a-z]+", text.casefold())):
        return True  # "show me the images"
    return bool(_PLURAL.search(text)) or not r.actions
