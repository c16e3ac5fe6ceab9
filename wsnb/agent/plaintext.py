"""A reply's Markdown as plain text a person reads in a terminal or a log.

The notebook renders the Markdown (``markdown_html``); ``Reply.plain()`` shows
the same answer without its marks: no ``**``, no backticks, headings as their
words underlined, code blocks indented, a Markdown table as aligned columns,
and a line in italics (a note) without its underscores.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["markdown_plain", "text_width"]

_BOLD = re.compile(r"\*\*([^*]+)\*\*")
_CODE = re.compile(r"`([^`]+)`")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_RULE_ROW = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")


def text_width(text: str) -> int:
    """How many terminal columns ``text`` takes (a Chinese character takes two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _inline(line: str) -> str:
    return _CODE.sub(r"\1", _BOLD.sub(r"\1", line))


def _is_table_row(line: str) -> bool:
    stripped = line.strip()
    return stripped.startswith("|") and stripped.endswith("|") and len(stripped) > 1


def _cells(line: str) -> list[str]:
    return [_inline(cell.strip()) for cell in line.strip().strip("|").split("|")]


def _aligned(rows: list[str]) -> list[str]:
    """Markdown table rows as columns padded to their widest cell; the rule row goes."""
    table = [_cells(row) for row in rows if not _RULE_ROW.match(row)]
    count = max(len(cells) for cells in table)
    table = [cells + [""] * (count - len(cells)) for cells in table]
    widths = [max(text_width(cells[i]) for cells in table) for i in range(count)]
    lines = []
    for cells in table:
        padded = [c + " " * (w - text_width(c)) for c, w in zip(cells, widths, strict=True)]
        lines.append("  ".join(padded).rstrip())
    return lines


def _heading(line: str) -> list[str]:
    match = _HEADING.match(line)
    assert match is not None
    words = _inline(match.group(2))
    return [words, ("=" if len(match.group(1)) == 1 else "-") * text_width(words)]


def markdown_plain(text: str) -> str:
    """``text`` (the light Markdown of a reply) as readable plain text."""
    out: list[str] = []
    table: list[str] = []
    in_code = False
    for line in text.splitlines():
        if table and not (not in_code and _is_table_row(line)):
            out += _aligned(table)
            table = []
        if line.lstrip().startswith(("```", "~~~")):
            in_code = not in_code
            continue
        if in_code:
            out.append("    " + line)
        elif _is_table_row(line):
            table.append(line)
        elif _HEADING.match(line):
            out += _heading(line)
        elif len(line) > 2 and line.startswith("_") and line.endswith("_"):
            out.append(_inline(line[1:-1]))  # a whole line in italics (a note)
        else:
            out.append(_inline(line))
    out += _aligned(table) if table else []
    return "\n".join(out)
