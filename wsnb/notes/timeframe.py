"""A stretch of time said the way people (and agents) say it: "7d", "last week", "上周".

``since(text, now)`` is the moment a "what changed recently" question starts
from. It reads a count and a unit in English or Chinese (``"2 days ago"``,
``"3 weeks"``, ``"24h"``, ``"最近三天"``, ``"两周"``), the calendar words
(``"today"``, ``"yesterday"``, ``"this week"``, ``"今天"``, ``"昨天"``,
``"本周"``) and "last week" / "last month" (``"上周"``, ``"上个月"``) as the
seven or thirty days before now, as memory servers read them. Anything else is
a ``UsageError`` that lists what it takes.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from ..errors import UsageError
from ..i18n import _

__all__ = ["since"]

_UNITS = {
    "m": 1 / 1440, "min": 1 / 1440, "mins": 1 / 1440, "minute": 1 / 1440, "minutes": 1 / 1440,
    "分钟": 1 / 1440,
    "h": 1 / 24, "hr": 1 / 24, "hrs": 1 / 24, "hour": 1 / 24, "hours": 1 / 24, "小时": 1 / 24,
    "个小时": 1 / 24,
    "d": 1, "day": 1, "days": 1, "天": 1, "日": 1,
    "w": 7, "wk": 7, "wks": 7, "week": 7, "weeks": 7, "周": 7, "星期": 7, "个星期": 7,
    "礼拜": 7, "个礼拜": 7,
    "mo": 30, "month": 30, "months": 30, "月": 30, "个月": 30,
    "y": 365, "yr": 365, "year": 365, "years": 365, "年": 365,
}  # fmt: skip
_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
           "八": 8, "九": 9}  # fmt: skip
_COUNT = re.compile(r"^(?:last|past|the\s+last|the\s+past|最近|过去|近)?\s*"
                    r"(\d+|[零一二两三四五六七八九十]+|a|an|one)?\s*"
                    r"([a-z\u4e00-\u9fff]+?)\s*(?:ago|以来|之内|内|前)?$")  # fmt: skip
_WORDS = {"last week": 7, "past week": 7, "上周": 7, "上个星期": 7, "上星期": 7, "上礼拜": 7,
          "last month": 30, "past month": 30, "上个月": 30, "上月": 30,
          "last year": 365, "去年": 365, "recently": 7, "recent": 7, "最近": 7}  # fmt: skip


def _chinese_number(text: str) -> int:
    if text.isdigit():
        return int(text)
    if text in ("a", "an", "one"):
        return 1
    if "十" in text:
        tens, _sep, ones = text.partition("十")
        return (_DIGITS.get(tens, 1) if tens else 1) * 10 + (_DIGITS.get(ones, 0) if ones else 0)
    value = 0
    for char in text:
        value = value * 10 + _DIGITS[char]
    return value


def since(text: str, now: datetime) -> datetime:
    """The start of the stretch ``text`` names, ending ``now``; ``UsageError`` for a phrase it
    can't read."""
    said = " ".join(str(text).strip().lower().split())
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    calendar = {"today": midnight, "今天": midnight, "今日": midnight,
                "yesterday": midnight - timedelta(days=1), "昨天": midnight - timedelta(days=1),
                "this week": midnight - timedelta(days=now.weekday()),
                "本周": midnight - timedelta(days=now.weekday()),
                "这周": midnight - timedelta(days=now.weekday()),
                "this month": midnight.replace(day=1), "本月": midnight.replace(day=1),
                "这个月": midnight.replace(day=1)}  # fmt: skip
    if said in calendar:
        return calendar[said]
    if said in _WORDS:
        return now - timedelta(days=_WORDS[said])
    match = _COUNT.match(said.replace("的", ""))
    if match and match.group(2) in _UNITS:
        count = _chinese_number(match.group(1)) if match.group(1) else 1
        return now - timedelta(days=count * _UNITS[match.group(2)])
    raise UsageError(_("{text!r} is not a stretch of time wsnb reads; say e.g. 7d, 24h, 2 days "
                       "ago, last week, this month, 上周 or 最近三天.").format(text=text))
