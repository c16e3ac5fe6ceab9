"""Exact-text edits: ``old_text`` found once in a text and replaced by ``new_text``.

This is the edit every agent's own tool set has (an exact old text, located once, then
replaced), done on text, never on bytes: the file's encoding and line endings are the
caller's business (``wsnb.tools.edits`` decodes, edits LF text here, and encodes back).

How an edit finds its place, in order:

1. **Exactly.** ``old_text`` must occur once (``replace_all`` replaces every occurrence).
2. **Whitespace-tolerant.** When it does not occur exactly, a run of whole lines that
   equals ``old_text``'s lines once each line's leading and trailing whitespace is
   stripped is accepted, and ``new_text`` is re-indented to the file's indentation
   (its first line's indent becomes the matched line's; deeper lines keep their depth
   relative to it). A model that re-types code with four spaces where the file has a tab,
   or drops a trailing space, still lands where it meant.

No place, or several, is an ``EditMatchError`` that says how many places matched and on
which lines, so the caller can widen ``old_text`` and try again. Edits apply in order,
each to the text the previous one left.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import EditMatchError, UsageError
from ..i18n import _

__all__ = ["EditOutcome", "TextEdit", "apply_edits", "as_edits"]

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
        lines[start:start + len(wanted)] = _reindented(new, old, lines[start])
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


def _reindented(new: str, old: str, matched_first: str) -> list[str]:
    """``new``'s lines with ``old``'s base indentation swapped for the file's."""
    old_lines = [line for line in old.strip("\n").split("\n") if line.strip()]
    old_base = _indent(old_lines[0]) if old_lines else ""
    file_base = _indent(matched_first)
    new_lines = new.strip("\n").split("\n")
    deeper = [_indent(line)[len(old_base):] for line in new_lines
              if line.strip() and line.startswith(old_base)]  # fmt: skip
    # A file indented with tabs keeps tabs for the deeper lines a model typed with spaces.
    unit = min((len(d) for d in deeper if d and not d.strip(" ")), default=4)
    tabs = "\t" in file_base and " " not in file_base
    out = []
    for line in new_lines:
        if not line.strip():
            out.append("")
            continue
        if not line.startswith(old_base):
            out.append(file_base + line.lstrip(" \t"))
            continue
        extra = _indent(line)[len(old_base):]
        if tabs and extra and not extra.strip(" "):
            extra = "\t" * (len(extra) // unit) + " " * (len(extra) % unit)
        out.append(file_base + extra + line.lstrip(" \t"))
    return out


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
