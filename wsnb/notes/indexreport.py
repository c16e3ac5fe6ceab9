"""What one update of the note index did: counts, and each file passed over and why."""

from __future__ import annotations

from dataclasses import asdict, dataclass

import pandas as pd

from ..i18n import N_, _, ngettext

__all__ = ["NOT_TEXT", "TOO_LARGE", "UNREADABLE", "IndexReport"]

_SKIPPED_SHOWN = 10  # skipped files named in a report's text; the rest are counted

# Why a note file was not indexed: codes kept in the report, sentences shown to a person.
TOO_LARGE = "too_large"
NOT_TEXT = "not_text"
UNREADABLE = "unreadable"
_SKIP_REASONS = {
    TOO_LARGE: N_("larger than the index's size limit (maxFileSize in config.json)"),
    NOT_TEXT: N_("not readable text"),
    UNREADABLE: N_("could not be read"),
}


@dataclass(frozen=True)
class IndexReport:
    """What one update did, in counts of notes; ``full`` when everything was re-indexed.

    ``skipped_files`` names each file passed over and why (``TOO_LARGE``,
    ``NOT_TEXT``, ``UNREADABLE``); ``skipped`` is their count.
    """

    added: int
    updated: int
    moved: int
    removed: int
    unchanged: int
    skipped: int
    full: bool
    seconds: float
    skipped_files: tuple[tuple[str, str], ...] = ()
    embedding: str = ""  # how far the vectors have come, as a sentence ("" when meaning is off)

    def __str__(self) -> str:
        kind = _("Full re-index") if self.full else _("Index update")
        text = _("{kind}: {added} added, {updated} updated, {moved} moved, {removed} removed, "
                 "{unchanged} unchanged, {skipped} skipped in {seconds:.2f} s.").format(
            kind=kind, added=self.added, updated=self.updated, moved=self.moved,
            removed=self.removed, unchanged=self.unchanged, skipped=self.skipped,
            seconds=self.seconds)  # fmt: skip
        shown = self.skipped_files[:_SKIPPED_SHOWN]
        lines = [_("Skipped {path}: {reason}.").format(path=path, reason=_(_SKIP_REASONS[why]))
                 for path, why in shown]  # fmt: skip
        if len(self.skipped_files) > len(shown):
            more = len(self.skipped_files) - len(shown)
            lines.append(ngettext("... and {count} more skipped file (see skipped_files).",
                                  "... and {count} more skipped files (see skipped_files).",
                                  more).format(count=more))  # fmt: skip
        return "\n".join([text, *lines, *([self.embedding] if self.embedding else [])])

    @property
    def changed(self) -> int:
        return self.added + self.updated + self.moved + self.removed

    def frame(self) -> pd.DataFrame:
        return pd.DataFrame([{key: value for key, value in asdict(self).items()
                              if key not in ("skipped_files", "embedding")}])  # fmt: skip

    def skipped_frame(self) -> pd.DataFrame:
        """One row per skipped file: path, reason (a code), why (a sentence)."""
        return pd.DataFrame(
            [{"path": path, "reason": why, "why": _(_SKIP_REASONS[why])}
             for path, why in self.skipped_files],
            columns=["path", "reason", "why"],
        )
