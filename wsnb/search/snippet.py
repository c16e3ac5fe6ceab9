"""A short piece of a text around the first place a query's tokens occur.

Tokens are compared on the normalised, case-folded text (``normalize``), so
a snippet for ``学习`` or ``Python`` starts where the word is, whatever its
case or width in the document. A plural-folded token (``query`` for
``queries``) is also found by its stem.
"""

from __future__ import annotations

from collections.abc import Iterable

from .tokenize import normalize

__all__ = ["SNIPPET_CHARS", "snippet"]

SNIPPET_CHARS = 160
_BEFORE = 50
_ELLIPSIS = "…"


def snippet(text: str, tokens: Iterable[str], width: int = SNIPPET_CHARS) -> str:
    """About ``width`` characters of ``text`` (whitespace collapsed) around the first token."""
    flat = " ".join(text.split())
    if len(flat) <= width:
        return flat
    start = _first_position(flat, tokens)
    begin = max(0, min(start - _BEFORE, len(flat) - width))
    piece = flat[begin : begin + width]
    prefix = _ELLIPSIS if begin > 0 else ""
    suffix = _ELLIPSIS if begin + width < len(flat) else ""
    return prefix + piece.strip() + suffix


def _first_position(flat: str, tokens: Iterable[str]) -> int:
    folded = normalize(flat)
    if len(folded) != len(flat):  # NFKC changed lengths (ligatures); fall back to case folding
        folded = flat.casefold()
    positions = []
    for token in tokens:
        for needle in (token, token[:-1] if len(token) > 3 and token.endswith("y") else ""):
            if needle and (found := folded.find(needle)) >= 0:
                positions.append(found)
                break
    return min(positions, default=0)
