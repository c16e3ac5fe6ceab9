"""The sentences under a text search's table: what it left out, or that nothing matched."""

from __future__ import annotations

from typing import Any

from .. import advice
from ..i18n import N_, _, ngettext

__all__ = ["cut_note", "no_match_sentence"]

# What the note names. Binary files are counted in attrs but not noted: they hold no lines.
# Sensitive files have a sentence of their own, with their names and rules.
_SKIP_COUNTERS = (
    ("files_skipped_size", N_("{count:,} too big")),
    ("files_skipped_undecodable", N_("{count:,} in an unknown encoding")),
    ("files_refused", N_("{count:,} refused by the policy")),
    ("files_unreadable", N_("{count:,} unreadable")),
)


def cut_note(attrs: dict[str, Any], *, limit: int | None, max_files: int | None,
             max_bytes: int) -> str:  # fmt: skip
    """One line saying what the search left out, or "" when it searched everything."""
    total, visited = attrs["files_total"], attrs["files_searched"]
    parts: list[str] = []
    if attrs["truncated"] and limit is not None:
        stopped = int(attrs.get("offset") or 0) + limit  # the lines found: this page's and before
        parts.append(advice.MATCHES_CUT(limit=stopped, visited=visited, total=total,
                                        next=stopped))
    elif attrs["files_not_scanned"]:
        parts.append(advice.FILES_CUT(visited=visited, total=total, max_files=max_files))
    if attrs["lines_not_shown"]:
        files = len(attrs["more_in_file"])
        parts.append(advice.MORE_IN_FILE(files, lines=attrs["lines_not_shown"], files=files,
                                         per_file=attrs["per_file"]))
    skipped = [(attrs[key], words) for key, words in _SKIP_COUNTERS if attrs[key]]
    if skipped:
        parts.append(_skipped_note(skipped, bool(attrs["files_skipped_size"]), max_bytes))
    return _("; ").join(parts)


def _skipped_note(skipped: list[tuple[int, str]], big: bool, max_bytes: int) -> str:
    what = _(", ").join(_(words).format(count=count) for count, words in skipped)
    count = sum(number for number, _words in skipped)
    if big:
        return advice.SKIPPED_BIG(count, count=count, what=what, max_bytes=max_bytes)
    return advice.SKIPPED(count, count=count, what=what)


def no_match_sentence(pattern: str, searched: int) -> str:
    """The sentence that stands for a search that found no line."""
    return ngettext("No line matches {pattern!r} in {count:,} text file.",
                    "No line matches {pattern!r} in {count:,} text files.",
                    searched).format(pattern=pattern, count=searched)  # fmt: skip
