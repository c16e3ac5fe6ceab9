"""Markdown sections as places to write: append, prepend, replace, insert around a heading.

A note is edited the way a person thinks of it: "add this under *To do*",
"replace the *Status* section", "put this before *References*". A section is a
heading line and the lines after it up to the next heading of the same or a
higher level (a ``#`` line inside a fenced code block is not a heading). A
section is named by its heading's text, compared without case, ``#`` marks or
a trailing colon (``"## To do"``, ``"to do"`` and ``"To do:"`` name the same
one); the first section of that name is the one meant. Blocks are kept apart
by one blank line, and a section whose body is only a placeholder (``-``, as
the templates leave it) has it replaced rather than added to.

Everything here is text in, text out (``\\n`` line ends): the tools make plans
of it (``wsnb.tools.sections``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import UsageError
from ..i18n import N_, _, ngettext

__all__ = ["OPERATIONS", "Section", "append_text", "edit_text", "find_section"]

OPERATIONS = {
    "append": N_("append"),
    "prepend": N_("prepend"),
    "replace_section": N_("replace a section"),
    "insert_before_section": N_("insert before a section"),
    "insert_after_section": N_("insert after a section"),
    "find_replace": N_("find and replace"),
}  # fmt: skip
_NEEDS_SECTION = ("replace_section", "insert_before_section", "insert_after_section")
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$")
_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")
_PLACEHOLDERS = {"-", "—", "*", "none", "n/a", "无"}


@dataclass(frozen=True)
class Section:
    """Where a section lies, as line indexes: its heading, its body's first line, its end."""

    heading: int
    body: int
    end: int
    level: int


def _name(text: str) -> str:
    return " ".join(text.strip().lstrip("#").strip().rstrip(":：").split()).casefold()


def _headings(lines: list[str]) -> list[tuple[int, int, str]]:
    """(line index, level, name) of every heading outside fenced code."""
    found, fenced = [], False
    for at, line in enumerate(lines):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            continue
        match = None if fenced else _HEADING.match(line)
        if match:
            found.append((at, len(match.group(1)), _name(match.group(2))))
    return found


def find_section(lines: list[str], heading: str) -> Section | None:
    """The first section whose heading names ``heading`` (see the module), or None."""
    wanted = _name(heading)
    marks = _headings(lines)
    for number, (at, level, name) in enumerate(marks):
        if name != wanted:
            continue
        end = next((later for later, deeper, _n in marks[number + 1:] if deeper <= level),
                   len(lines))  # fmt: skip
        return Section(at, at + 1, end, level)
    return None


def _block(text: str) -> list[str]:
    """The lines of ``text`` with no blank line at either end."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def _joined(*parts: list[str]) -> str:
    """Blocks of lines joined by one blank line, ending with a newline ("" for none)."""
    kept = [part for part in parts if part]
    return "\n\n".join("\n".join(part) for part in kept) + ("\n" if kept else "")


def _trimmed(lines: list[str]) -> list[str]:
    return _block("\n".join(lines))


def append_text(current: str, text: str, section: str | None = None, *,
                level: int = 2) -> str:  # fmt: skip
    """``current`` with ``text`` added at its end, or at the end of ``section`` (made at the
    end of the file, at ``level``, when there is none): how an append is applied to a file
    as it is at the moment it is written."""
    lines = current.split("\n") if current else []
    addition = _block(text)
    if section is None:
        return _joined(*_listed(_trimmed(lines), addition))
    found = find_section(lines, section)
    if found is None:
        heading = ["#" * level + " " + section.strip().lstrip("#").strip()]
        return _joined(_trimmed(lines), heading, addition)
    body = _trimmed(lines[found.body:found.end])
    if len(body) == 1 and body[0].strip().casefold() in _PLACEHOLDERS:
        body = []
    return _joined(_trimmed(lines[:found.body]), *_listed(body, addition),
                   _trimmed(lines[found.end:]))  # fmt: skip


def _listed(body: list[str], addition: list[str]) -> tuple[list[str], ...]:
    """A list item added after a list goes on the list (no blank line between)."""
    if body and addition and _ITEM.match(body[-1]) and _ITEM.match(addition[0]):
        return (body + addition,)
    return body, addition


def edit_text(current: str, operation: str, content: str = "", *, section: str | None = None,
              find_text: str | None = None, expected: int = 1) -> str:  # fmt: skip
    """``current`` with one section operation applied (see ``OPERATIONS``).

    Raises ``UsageError`` with a sentence for an unknown operation, a missing
    section, or a ``find_text`` found another number of times than ``expected``.
    """
    if operation not in OPERATIONS:
        raise UsageError(_("operation must be one of {known}, not {asked!r}.").format(
            known=", ".join(OPERATIONS), asked=operation))
    if operation == "find_replace":
        return _find_replace(current, content, find_text, expected)
    if operation == "append":
        _section_exists(current, section)
        return append_text(current, content, section)
    lines = current.split("\n") if current else []
    addition = _block(content)
    if operation == "prepend":
        return _prepend(lines, addition, section)
    if section is None:
        raise UsageError(_("{operation} needs a section: the heading to act on, e.g. "
                           "'## Status'.").format(operation=operation))
    found = _section_exists(current, section)
    before, heading = _trimmed(lines[:found.heading]), [lines[found.heading]]
    body, after = _trimmed(lines[found.body:found.end]), _trimmed(lines[found.end:])
    if operation == "replace_section":
        return _joined(before, heading, addition, after)
    if operation == "insert_before_section":
        return _joined(before, addition, heading, body, after)
    return _joined(before, heading, body, addition, after)


def _section_exists(current: str, section: str | None) -> Section:
    if section is None:
        return Section(0, 0, 0, 0)
    lines = current.split("\n") if current else []
    found = find_section(lines, section)
    if found is None:
        named = [lines[at].strip() for at, _level, _name in _headings(lines)][:20]
        raise UsageError(_("There is no section {section!r}; the headings are: {headings}.")
                         .format(section=section, headings=", ".join(named) or _("none")))
    return found


def _prepend(lines: list[str], addition: list[str], section: str | None) -> str:
    """At the top (after a front matter block), or first in a section's body."""
    if section is not None:
        found = _section_exists("\n".join(lines), section)
        return _joined(_trimmed(lines[:found.body]), addition,
                       _trimmed(lines[found.body:]))  # fmt: skip
    top = 0
    if lines and lines[0].strip() == "---":
        closing = next((at for at in range(1, len(lines)) if lines[at].strip() in ("---", "...")),
                       None)  # fmt: skip
        top = closing + 1 if closing is not None else 0
    return _joined(lines[:top], addition, _trimmed(lines[top:]))


def _find_replace(current: str, content: str, find_text: str | None, expected: int) -> str:
    if not find_text:
        raise UsageError(_("find_replace needs find_text: the exact text to replace."))
    count = current.count(find_text)
    if count != expected:
        lines = [current.count("\n", 0, at.start()) + 1
                 for at in re.finditer(re.escape(find_text), current)][:10]  # fmt: skip
        raise UsageError(ngettext(
            "find_text was found {count} time, not {expected} (line {lines}); quote more of "
            "the text, or give the count it has.",
            "find_text was found {count} times, not {expected} (lines {lines}); quote more of "
            "the text, or give the count it has.", count).format(
            count=count, expected=expected,
            lines=", ".join(map(str, lines)) or "-"))  # fmt: skip
    return current.replace(find_text, content)
