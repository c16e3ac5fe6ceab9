"""``NoteHit``: one result of a notes search, a note and its best-matching chunk."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["NoteHit"]


@dataclass(frozen=True)
class NoteHit:
    """One search result: a note and its best-matching chunk."""

    path: str
    title: str
    heading: str
    score: float
    snippet: str
    start_line: int
    end_line: int
    text: str
    matched: tuple[str, ...]

    @property
    def lines(self) -> str:
        return f"{self.start_line}-{self.end_line}"
