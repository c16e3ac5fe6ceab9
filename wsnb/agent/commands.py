"""The grammar's half of the offline parser: a whole phrasing as a ``Command``.

Rules, not a model: the phrasings are the rows of ``wsnb.agent.grammar``,
tried in table order (``wsnb.agent.understand`` keeps a row's reading only when
it agrees with the workspace). This module strips politeness and filler around
them and cleans the slots. The parser only reads the words; which file "第一个" or
"main.cpp" means, and whether a name is a folder, is decided when the command
runs (``wsnb.agent.resolve``). ``several_targets`` tells when words name more
than one item, which a change refuses (one item per plan).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .context import parse_reference
from .grammar import ROWS, compiled_rows

__all__ = ["ACTIONS", "CHANGES", "Command", "clean_target", "parse_command", "several_targets"]

ACTIONS = tuple(dict.fromkeys(row.action for row in ROWS))
# What changes a file: one item per plan, so several targets are refused.
CHANGES = frozenset({"trash", "rename", "copy", "move", "write", "append", "open"})


@dataclass(frozen=True)
class Command:
    """One parsed request: ``action`` and its words.

    ``args`` holds ``target``, ``dest``, ``content`` or ``keyword`` as typed.
    """

    action: str
    args: dict[str, str] = field(default_factory=dict)

    def get(self, key: str) -> str:
        return self.args.get(key, "")


_POLITE = re.compile(
    r"^(请你?|麻烦(你)?|帮我|帮忙|给我|你能不能|能不能|能否|可以|我想要?|我要|我需要|"
    r"please|can\s+you|could\s+you|would\s+you|i\s+want\s+to|i'd\s+like\s+to|i\s+need\s+to|"
    r"let's|help\s+me)\s*[,，]?\s*",
    re.IGNORECASE,
)
_TAIL = re.compile(
    r"[\s。.!！?？~～]*(吧|吗|呢|呀|啊|呗|嘛|啦|please|pls|plz|thanks|thx|ty|thank\s+you|for\s+me)?[\s。.!！?？~～]*$",
    re.IGNORECASE
)

_QUOTES = "\"'`“”‘’「」『』《》<>"
_NOISE_HEAD = re.compile(
    r"^(the\s+file\s+|the\s+folder\s+|file\s+|folder\s+|the\s+|文件夹\s*|文件\s*|目录\s*|"
    r"[，,：:、]\s*|(?:名字|名称)(?:叫做|叫作|叫|为|是)\s*|(?:叫做|叫作|叫|名为)\s*|"
    r"(?:called|named)\s+)",
    re.IGNORECASE,
)
_NOISE_TAIL = re.compile(r"(\s+file|\s+folder|\s+directory|这个文件|文件夹|文件|目录|一下|这个)$",
                         re.IGNORECASE)  # fmt: skip


def clean_target(text: str) -> str:
    """A path or keyword as typed, without quotes, filler words and trailing punctuation."""
    text = _TAIL.sub("", text.strip()).strip().rstrip(":：,，").strip().strip(_QUOTES).strip()
    for _ in range(2):
        text = _NOISE_HEAD.sub("", text).strip().strip(_QUOTES).strip()
        if not re.search(r"\.\w+$", text):  # "README file" -> README, "a.txt" stays
            text = _NOISE_TAIL.sub("", text).strip().strip(_QUOTES).strip()
    return text


def _clean_message(message: str) -> str:
    text = message.strip()
    for _ in range(2):
        text = _POLITE.sub("", text)
    return _TAIL.sub("", text).strip()


def parse_command(message: str) -> Command | None:
    """The command ``message`` asks for, or None when no row of the grammar matches."""
    text = _clean_message(message)
    if not text:
        return None
    for row, pattern in compiled_rows():
        match = pattern.fullmatch(text)
        if match is None:
            continue
        args = {k: (v.strip() if k == "content" else _slot(v))
                for k, v in match.groupdict().items() if v is not None}  # fmt: skip
        if row.action in _NEEDS_KEYWORD and not args.get("keyword"):
            continue
        if row.action in _NEEDS_TARGET and not args.get("target"):
            continue
        return Command(row.action, args)
    return None


def _slot(text: str) -> str:
    """A slot cleaned; "这个文件" / "this file" stays a reference, not an empty target."""
    cleaned = clean_target(text)
    if not cleaned and parse_reference(text) is not None:
        return text.strip()
    return cleaned


_NEEDS_KEYWORD = frozenset({"grep", "find", "define"})
_NEEDS_TARGET = frozenset({"read", "open", "trash", "reveal", "copy", "move", "rename",
                           "create_file", "create_folder", "write", "append"})  # fmt: skip

_NUM = r"(?:[一二两三四五六七八九十]+|\d+)"
_MANY = r"(?:[两二三四五六七八九十][一二两三四五六七八九十]*|[2-9]\d*|1\d+)"  # "前一个" is one
_EN_ORD = (r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|"
           r"\d+(?:st|nd|rd|th)|one|two|three|four|five|\d+)")  # fmt: skip
_SEVERAL = re.compile(
    rf"第?\s*{_NUM}\s*(?:个|项|条)?\s*(?:和|与|跟|以及|及|、|,|，|还有)\s*第?\s*{_NUM}|"
    rf"前\s*{_MANY}\s*(?:个|项|条)|(?<!最)后\s*{_MANY}\s*(?:个|项|条)|"
    rf"第?\s*{_NUM}\s*(?:个|项|条)?\s*(?:到|至|~|～|-)\s*第?\s*{_NUM}|"
    rf"\b{_EN_ORD}(?:\s+(?:one|file|item|result))?\s*(?:,|&|\band\b)\s*(?:the\s+)?{_EN_ORD}\b|"
    r"\b(?:first|last|top)\s+(?:two|three|four|five|six|seven|eight|nine|ten|few|\d+)\b|"
    r"\b(?:items?|files?|results?|numbers?)\s+\d+\s*(?:-|to|through)\s*\d+|"
    r"^\s*\d+\s*(?:-|to|through)\s*\d+\s*$|"
    r"所有|全部|每个|每一个|一切|全都|统统|批量|这些|那些|这几个|那几个|它们|他们|"
    r"\b(?:all|every|each|everything|these|those|them|both)\b|[*?]", re.IGNORECASE)


def several_targets(text: str) -> bool:
    """Whether the words name or imply more than one item ("第一个和第二个", "all .txt", "*.md")."""
    return bool(_SEVERAL.search(text))
