"""Exact-text edits: ``old_text`` found once in a text and replaced by ``new_text``.

This is the edit every agent's own tool set has (an exact old text, located once, then
replaced), done on text, never on bytes: the file's encoding and line endings are the
caller's business (``wsnb.tools.edits`` decodes, edits LF text here, and encodes back).

How an edit finds its place, in order:

1. **Exactly.** ``old_text`` must occur once (``replace_all`` replaces every occurrence).
2. **Whitespace-tolerant.** When it does not occur exactly, a run of whole lines that
   equals ``old_text``'s lines once each line's leading and trailing whitespace is
   stripped is accepted, and every line of ``new_text`` is re-indented to the file's
   indentation: a line indented as one of ``old_text``'s lines takes the indentation
   the file has there, a deeper or shallower one keeps its depth in levels, measured in
   the file's own unit (a tab, or its number of spaces). A model that re-types code with
   two spaces where the file has four, or a tab, or quotes the first line without its
   indent, or drops a trailing space, still lands where it meant.

No place, or several, is an ``EditMatchError`` that says how many places matched and on
which lines, so the caller can widen ``old_text`` and try again. Edits apply in order,
each to the text the previous one left.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import EditMatchError, UsageError
from ..i18n import _

__all__ = ["EditOutcome", "TextEdit", "apply_edits", "as_edits"]

_TAB = 4  # a tab's columns, in an indent that mixes tabs and spaces
_INDENT = re.compile(r"[ \t]*")
_MAX_LINES_SAID = 8


@dataclass(frozen=True)
class TextEdit:
    """One edit: ``old_text`` (found once, or everywhere with ``replace_all``) -> ``new_text``."""

    old_text: str
    new_text: str
    replace_all: bool = False

    def as_dict(self) -> dict[str, Any]:
        """The JSON form a stored plan keeps (and a model sends)."""
        return {"old_text": self.old_text, "new_text": self.new_text,
                "replace_all": self.replace_all}  # fmt: skip


@dataclass(frozen=True)
class EditOutcome:
    """The text after every edit, and for each edit how many places it changed and how."""

    text: str
    replaced: tuple[int, ...]
    loose: tuple[bool, ...]  # True where the edit matched only with whitespace forgiven


def as_edits(edits: Iterable[Any]) -> list[TextEdit]:
    """Edits from what a person or a model passes: ``TextEdit``, dicts or ``(old, new)`` pairs.

    Raises ``UsageError`` with a sentence saying what each edit must look like.
    """
    if isinstance(edits, (str, bytes, Mapping)):
        raise UsageError(_("edits must be a list of edits, each {{\"old_text\": ..., "
                           "\"new_text\": ...}}, not one text or one edit."))  # fmt: skip
    out = [_one_edit(number, item) for number, item in enumerate(edits, 1)]
    if not out:
        raise UsageError(_("edits is empty: give at least one {{\"old_text\": ..., "
                           "\"new_text\": ...}}."))  # fmt: skip
    return out


def _one_edit(number: int, item: Any) -> TextEdit:
    if isinstance(item, TextEdit):
        edit = item
    elif isinstance(item, Mapping):
        unknown = sorted(set(item) - {"old_text", "new_text", "replace_all"})
        if unknown or "old_text" not in item or "new_text" not in item:
            raise UsageError(_("Edit {number} must have old_text and new_text (and may have "
                               "replace_all), not {keys}.").format(
                number=number, keys=", ".join(map(str, item)) or _("nothing")))  # fmt: skip
        edit = TextEdit(item["old_text"], item["new_text"], item.get("replace_all") is True)
    elif isinstance(item, (tuple, list)) and len(item) == 2:
        edit = TextEdit(item[0], item[1])
    else:
        raise UsageError(_("Edit {number} must be {{\"old_text\": ..., \"new_text\": ...}} or "
                           "an (old, new) pair.").format(number=number))  # fmt: skip
    if not isinstance(edit.old_text, str) or not isinstance(edit.new_text, str):
        raise UsageError(_("Edit {number}: old_text and new_text must be text.").format(
            number=number))
    if not edit.old_text.strip():
        raise UsageError(_("Edit {number}: old_text is empty; quote the exact text to replace "
                           "(to add text, quote the line it goes after and repeat it in "
                           "new_text).").format(number=number))  # fmt: skip
    if edit.old_text == edit.new_text:
        raise UsageError(_("Edit {number}: old_text and new_text are the same, so it changes "
                           "nothing.").format(number=number))  # fmt: skip
    return edit


def apply_edits(text: str, edits: Sequence[TextEdit]) -> EditOutcome:
    """``text`` with every edit applied in order (LF line endings in, LF out).

    Raises ``EditMatchError`` for an edit that matches no place or several.
    """
    replaced: list[int] = []
    loose: list[bool] = []
    for number, edit in enumerate(edits, 1):
        old, new = _lf(edit.old_text), _lf(edit.new_text)
        count = text.count(old)
        if count == 1 or (count > 1 and edit.replace_all):
            text = text.replace(old, new)
            replaced.append(count)
            loose.append(False)
            continue
        if count > 1:
            raise _ambiguous(number, count, _exact_lines(text, old))
        text, count = _replace_loosely(number, text, old, new, edit.replace_all)
        replaced.append(count)
        loose.append(True)
    return EditOutcome(text, tuple(replaced), tuple(loose))


def _lf(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _exact_lines(text: str, old: str) -> list[int]:
    """The 1-based line where each exact occurrence of ``old`` starts."""
    lines, start = [], text.find(old)
    while start != -1:
        lines.append(text.count("\n", 0, start) + 1)
        start = text.find(old, start + len(old))
    return lines


def _replace_loosely(number: int, text: str, old: str, new: str,
                     replace_all: bool) -> tuple[str, int]:  # fmt: skip
    """Replace the whole-line runs that match ``old`` with whitespace forgiven."""
    lines = text.split("\n")
    wanted = [line.strip() for line in old.strip("\n").split("\n")]
    starts = _loose_starts(lines, wanted)
    if not starts:
        raise EditMatchError(_(
            "Edit {number}: old_text matched no place in the file, not even with whitespace "
            "forgiven. Read the file again and quote its text exactly."
        ).format(number=number), edit=number, count=0)  # fmt: skip
    if len(starts) > 1 and not replace_all:
        raise _ambiguous(number, len(starts), [start + 1 for start in starts])
    for start in reversed(starts):
        matched = lines[start:start + len(wanted)]
        lines[start:start + len(wanted)] = _reindented(new, old, matched)
    return "\n".join(lines), len(starts)


def _loose_starts(lines: list[str], wanted: list[str]) -> list[int]:
    """Where ``len(wanted)`` lines equal ``wanted`` line by line, stripped; no overlaps."""
    starts: list[int] = []
    size, first = len(wanted), wanted[0]
    index = 0
    while index + size <= len(lines):
        if lines[index].strip() == first and all(
            lines[index + k].strip() == wanted[k] for k in range(1, size)
        ):
            starts.append(index)
            index += size
            continue
        index += 1
    return starts


def _reindented(new: str, old: str, matched: list[str]) -> list[str]:
    """``new``'s lines, each indented as the file is indented where ``old`` matched."""
    old_lines = old.strip("\n").split("\n")
    mapped: dict[int, str] = {}
    for quoted, kept in zip(old_lines, matched, strict=False):
        if quoted.strip():
            mapped.setdefault(_width(_indent(quoted)), _indent(kept))
    pairs = sorted(mapped.items())
    if not pairs:
        return new.strip("\n").split("\n")
    tabs = any("\t" in indent for _width_, indent in pairs)
    old_unit = _unit([width for width, _i in pairs] +
                     [_width(_indent(line)) for line in new.split("\n") if line.strip()])
    file_unit = _unit([_width(indent) for _w, indent in pairs]) or (1 if tabs else old_unit)
    out: list[str] = []
    at = 0  # a line kept from old_text takes its own line's indent in the file
    # A quote that lost its indentation (every line flush) is followed line by line.
    flat = len(pairs) == 1 and len({_indent(kept) for kept in matched if kept.strip()}) > 1
    for number, line in enumerate(new.strip("\n").split("\n")):
        if not line.strip():
            out.append("")
            continue
        same = next((k for k in range(at, len(old_lines)) if old_lines[k].strip() ==
                     line.strip() and k < len(matched)), None)  # fmt: skip
        if same is not None or flat:
            place = same if same is not None else min(number, len(matched) - 1)
            out.append(_indent(matched[place]) + line.lstrip(" \t"))
            at = place + 1
            continue
        width = _width(_indent(line))
        base_width, base = max(((w, i) for w, i in pairs if w <= width), default=pairs[0])
        levels = round((width - base_width) / old_unit) if old_unit else 0
        depth = max(_width(base) + levels * file_unit, 0)
        indent = "\t" * depth if tabs and file_unit == 1 else _spaces(depth, tabs, file_unit)
        out.append(indent + line.lstrip(" \t"))
    return out


def _width(indent: str) -> int:
    """An indent's width in columns, a tab counting as one level of the file's (one column
    when the file indents with tabs; see ``_unit``)."""
    return len(indent.replace("\t", " " * _TAB)) if " " in indent else len(indent)


def _unit(widths: list[int]) -> int:
    """The indentation step among ``widths``: the smallest difference between two of them."""
    distinct = sorted(set(widths))
    steps = [b - a for a, b in itertools.pairwise(distinct) if b > a]
    if not steps and distinct and distinct[-1]:
        return distinct[0]
    return min(steps, default=0)


def _spaces(depth: int, tabs: bool, unit: int) -> str:
    return "\t" * (depth // unit) + " " * (depth % unit) if tabs else " " * depth


def _indent(line: str) -> str:
    found = _INDENT.match(line)
    return found.group(0) if found else ""


def _ambiguous(number: int, count: int, lines: Sequence[int]) -> EditMatchError:
    shown = ", ".join(str(n) for n in lines[:_MAX_LINES_SAID])
    if len(lines) > _MAX_LINES_SAID:
        shown += _(" and {count:,} more").format(count=len(lines) - _MAX_LINES_SAID)
    return EditMatchError(_(
        "Edit {number}: old_text matches {count:,} places (lines {lines}); quote more of the "
        "surrounding text so it matches once, or set replace_all to change every one."
    ).format(number=number, count=count, lines=shown), edit=number, count=count, lines=tuple(lines))
