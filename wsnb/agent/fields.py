"""One field of a file changed in place: "port: 8080", ``"theme": "light"``, ``x = 1``, a title.

``field_lines`` finds the lines that hold a field (a key before ``:`` or ``=``, for
"title" / "标题" the first Markdown heading, or a column of a comma-separated table
of one row); ``set_value`` gives that line its new value, keeping the key, the
quotes and a trailing comma. Nothing is written here: the caller makes a plan of
the whole new text.
"""

from __future__ import annotations

import re

__all__ = ["field_lines", "set_value"]

_TITLE_WORDS = {"title", "heading", "标题", "题目", "大标题"}
_HEADING = re.compile(r"^(\s*#{1,6}\s+)(.*?)(\s*)$", re.DOTALL)


def _key(field: str) -> re.Pattern[str]:
    return re.compile(r"^(\s*[\"']?" + re.escape(field) + r"[\"']?\s*[:=]\s*)([\"']?)(.*?)"
                      r"([\"']?)(\s*,?\s*)$", re.IGNORECASE | re.DOTALL)  # fmt: skip


def _column(lines: list[str], field: str) -> int | None:
    """The column ``field`` names in a comma-separated table of a header and one row."""
    if len([line for line in lines if line.strip()]) != 2:
        return None
    header = [cell.strip().casefold() for cell in lines[0].split(",")]
    return header.index(field.casefold()) if field.casefold() in header else None


def field_lines(lines: list[str], field: str) -> list[int]:
    """The indexes of the lines holding ``field``."""
    if field.casefold() in _TITLE_WORDS:
        return [i for i, line in enumerate(lines) if _HEADING.match(line)][:1]
    pattern = _key(field)
    found = [i for i, line in enumerate(lines) if pattern.match(line)]
    if not found and _column(lines, field) is not None:
        return [1]  # the one row of a table whose header names the field
    return found


def set_value(lines: list[str], index: int, field: str, value: str) -> str:
    """Line ``index`` of ``lines`` with its field's value replaced (the line end kept)."""
    line = lines[index]
    if field.casefold() in _TITLE_WORDS:
        heading = _HEADING.match(line)
        if heading is not None:
            return f"{heading.group(1)}{value}{heading.group(3)}"
    match = _key(field).match(line)
    if match is not None:
        key, quote, _old, close, tail = match.groups()
        return f"{key}{quote}{value}{close}{tail}"
    column = _column(lines, field)
    if column is None:
        return line
    body = line.rstrip("\r\n")
    cells = body.split(",")
    cells[column] = value
    return ",".join(cells) + line[len(body):]
