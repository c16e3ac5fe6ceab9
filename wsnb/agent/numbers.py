"""Numbers people say: 第十二个, 第二十三个, 倒数第二个, the 12th, the twenty-third, the last one.

``ordinal(text)`` finds a position in a list: 1-based from the front, negative
from the end (-1 the last, -2 the one before it), 0 for "第0个" (which is no
item: the caller refuses it with the list's size). ``cardinal(word)`` reads one
number word ("十二", "两", "twenty-three", "12"). Nothing here knows what the
list holds; ``wsnb.agent.context`` picks the item.
"""

from __future__ import annotations

import re

__all__ = ["QUANTITY", "cardinal", "ordinal", "ordinal_span", "quantity"]

_ZH_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "俩": 2, "三": 3, "四": 4, "五": 5,
              "六": 6, "七": 7, "八": 8, "九": 9}  # fmt: skip
_ZH_UNITS = {"十": 10, "百": 100, "千": 1000}
_EN_UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
             "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
             "seventeen", "eighteen", "nineteen"]
_EN_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
            "eighty": 80, "ninety": 90}  # fmt: skip
_EN_ORDINAL_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
                     "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11,
                     "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15,
                     "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
                     "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50}  # fmt: skip
_FULL_WIDTH = str.maketrans("０１２３４５６７８９", "0123456789")


def _zh_number(word: str) -> int | None:
    """十二 → 12, 二十三 → 23, 一百零五 → 105, 两 → 2, 12 → 12."""
    if word.isdigit():
        return int(word)
    total, digit = 0, None
    for char in word:
        if char in _ZH_DIGITS:
            digit = _ZH_DIGITS[char]
        elif char in _ZH_UNITS:
            total += (1 if digit is None else digit) * _ZH_UNITS[char]
            digit = None
        else:
            return None
    return total + (digit or 0)


def _en_number(word: str) -> int | None:
    """twelve → 12, twenty-three → 23, twenty third → 23, 12th → 12."""
    word = word.lower().strip()
    digits = re.fullmatch(r"(\d+)(?:st|nd|rd|th)?", word)
    if digits:
        return int(digits.group(1))
    total = 0
    for part in re.split(r"[\s-]+", word):
        if part in _EN_TENS:
            total += _EN_TENS[part]
        elif part in _EN_UNITS:
            total += _EN_UNITS.index(part)
        elif part in _EN_ORDINAL_WORDS:
            total += _EN_ORDINAL_WORDS[part]
        else:
            return None
    return total


# An amount said in words or digits: 500, 0.5, "half a", "a couple of", "a few", 零点五, 两, 半.
_FEW = {"half": 0.5, "half a": 0.5, "a half": 0.5, "a couple of": 2, "a couple": 2,
        "couple of": 2, "a few": 3, "few": 3, "several": 3, "a": 1, "an": 1, "半": 0.5,
        "几": 3}  # fmt: skip
QUANTITY = (r"\d+(?:\.\d+)?|[零〇一二两三四五六七八九十百千]+(?:点[零〇一二三四五六七八九]+)?|"
            r"half(?:\s+an?)?|a\s+half|(?:a\s+)?couple(?:\s+of)?|(?:a\s+)?few|several|半|几|"
            + "|".join(sorted(_EN_UNITS[1:], key=len, reverse=True)) + r"|an?")  # fmt: skip


def quantity(words: str) -> float | None:
    """The amount ``words`` say (a match of ``QUANTITY``), or None."""
    said = re.sub(r"\s+", " ", words.strip().casefold())
    if said in _FEW:
        return _FEW[said]
    if re.fullmatch(r"\d+(?:\.\d+)?", said):
        return float(said)
    whole, _dot, part = said.partition("点")
    number = cardinal(whole)
    if number is None:
        return None
    if part:
        digits = "".join(str(_ZH_DIGITS[c]) for c in part if c in _ZH_DIGITS)
        return float(f"{number}.{digits}") if digits else float(number)
    return float(number)


def cardinal(word: str) -> int | None:
    """One number word in either language, or None."""
    word = word.translate(_FULL_WIDTH).strip()
    if not word:
        return None
    return _zh_number(word) if re.fullmatch(r"[\d零〇一二两俩三四五六七八九十百千]+", word) \
        else _en_number(word)


_ZH_NUM = r"[\d０-９零〇一二两俩三四五六七八九十百千]+"
_EN_WORD = (r"(?:\d+(?:st|nd|rd|th)|(?:(?:twenty|thirty|forty|fifty)[\s-]?)?(?:"
            + "|".join(sorted(_EN_ORDINAL_WORDS, key=len, reverse=True)) + r")|"
            r"(?:twenty|thirty|forty|fifty)(?:ieth))")  # fmt: skip
_EN_CARD = (r"(?:\d+|(?:(?:twenty|thirty|forty|fifty)[\s-]?)?(?:"
            + "|".join(sorted(_EN_UNITS[1:], key=len, reverse=True)) + r")|twenty|thirty|forty|"
            r"fifty)")  # fmt: skip
_ITEM = r"(?:\s*(?:one|file|result|item|match|entry|hit|folder|thing)s?)?"

# (pattern, how the match becomes a position); the first that matches decides.
_FROM_END_ZH = re.compile(rf"倒数\s*第?\s*({_ZH_NUM})\s*(?:个|项|条|份|篇|行)?")
_NTH_ZH = re.compile(rf"第\s*({_ZH_NUM})\s*(?:个|项|条|份|篇|行)?")
_LAST_ZH = re.compile(r"最后(?:一个|那个|一项|的那个|一条|一份|面那个|面的)|最末")
_FROM_END_EN = re.compile(
    rf"\b(?:the\s+)?({_EN_WORD})[\s-]+(?:to|from)[\s-]+(?:the\s+)?last{_ITEM}\b|"
    rf"\b(?:the\s+)?({_EN_WORD})[\s-]+last{_ITEM}\b|\blast\s+but\s+one\b|"
    rf"\b(?:the\s+)?({_EN_WORD}){_ITEM}\s+from\s+the\s+(?:bottom|end)\b", re.IGNORECASE)
_LAST_EN = re.compile(rf"\b(?:the\s+)?(?:very\s+)?last(?:{_ITEM}|\b)(?!\s+(?:week|time|year))",
                      re.IGNORECASE)  # fmt: skip
_NTH_EN = re.compile(rf"\b(?:the\s+)?({_EN_WORD}){_ITEM}\b", re.IGNORECASE)
_NUMBER_EN = re.compile(
    rf"\b(?:number|no\.?|item|result)\s*#?\s*({_EN_CARD})\b|#\s*(\d+)\b",
    re.IGNORECASE)  # fmt: skip


def ordinal(text: str) -> int | None:
    """The list position ``text`` names: 1-based, negative from the end, 0 for none, or None."""
    found = ordinal_span(text)
    return found[2] if found else None


def ordinal_span(text: str) -> tuple[int, int, int] | None:
    """Where a list position stands in ``text`` and which it is: (start, end, position)."""
    text = text.translate(_FULL_WIDTH)
    match = _FROM_END_ZH.search(text)
    if match:
        return match.start(), match.end(), -(cardinal(match.group(1)) or 0)
    match = _NTH_ZH.search(text)
    if match:
        return match.start(), match.end(), cardinal(match.group(1)) or 0
    match = _LAST_ZH.search(text)
    if match:
        return match.start(), match.end(), -1
    match = _FROM_END_EN.search(text)
    if match:
        word = match.group(1) or match.group(2) or match.group(3)
        return match.start(), match.end(), -(cardinal(word) or 1) if word else -2
    match = _LAST_EN.search(text)
    if match:
        return match.start(), match.end(), -1
    match = _NTH_EN.search(text)
    if match:
        return match.start(), match.end(), cardinal(match.group(1)) or 0
    match = _NUMBER_EN.search(text)
    if match:
        return match.start(), match.end(), cardinal(match.group(1) or match.group(2)) or 0
    return None
