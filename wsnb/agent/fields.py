"""One field of a file changed in place: "port: 8080", ``"theme": "light"``, ``x = 1``, a title.

``field_lines`` finds the lines that hold a field (a key before ``:`` or ``=``, or
for "title" / "标题" the first Markdown heading); ``set_value`` gives a line its
new value, keeping the key, the quotes and a trailing comma. Nothing is written
here: the caller makes a plan of the whole new text.
"""

from __future__ import annotations

import re

__all__ = ["field_lines", "set_value"]

_TITLE_WORDS = {"title", "heading", "标题", "题目", "大标题"}
_HEADING = re.compile(r"^(\s*#{1,6}\s+)(.*?)(\s*)$", re.DOTALL)


def _key(field: str) -> re.Pattern[str]:
    return re.compile(r"^(\s*[\"']?" + re.escape(field) + r"[\"']?\s*[:=]\s*)([\"']?)(.*?)"
                      r"([\"']?)(\s*,?\s*)$", re.IGNORECASE | re.DOTALL)  # fmt: skip


def field_lines(lines: list[str], field: str) -> list[int]:
    """The indexes of the lines holding ``field``."""
    if field.casefold() in _TITLE_WORDS:
        return [i for i, line in enumerate(lines) if _HEADING.match(line)][:1]
    pattern = _key(field)
    return [i for i, line in enumerate(lines) if pattern.match(line)]


def set_value(line: str, field: str, value: str) -> str:
    """``line`` with its field's value replaced by ``value`` (the line end kept)."""
    if field.casefold() in _TITLE_WORDS:
        match = _HEADING.match(line)
        assert match is not None
        return f"{match.group(1)}{value}{match.group(3)}"
    match = _key(field).match(line)
    assert match is not None
    key, quote, _old, close, tail = match.groups()
    return f"{key}{quote}{value}{close}{tail}"
