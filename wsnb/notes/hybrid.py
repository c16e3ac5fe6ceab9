"""Words and meaning in one ranking: reciprocal rank fusion of the two lists of notes.

Each note scores ``1 / (k + rank)`` in each list it is in (ranks from 1),
and the sum orders the notes. Fusing ranks, not scores, needs no
calibration between a BM25F score and a cosine, and a note that both lists
rank well beats one that only one list likes. ``RRF_K = 60`` is the constant
of the method's paper. On the tuning set (``tests/notes_eval``, where words
alone reach 0.978 nDCG@5) every k from 10 to 100, a meaning weight from 0.5
to 1 and 20 or 50 candidates gave hybrid between 0.971 and 0.976: the set
cannot choose, so the usual constant and equal weights stay.

A note whose vectors are not made yet (the background embedding has not
reached it) is ranked by its words alone: its rank by meaning is taken to
be its rank by words, so it neither gains nor loses against the notes that
have vectors.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["CANDIDATES", "MODES", "RRF_K", "Fused", "fuse"]

RRF_K = 60
CANDIDATES = 50  # notes taken from each list before fusing
MODES = ("hybrid", "words", "meaning")


@dataclass(frozen=True)
class Fused:
    """One note of the fused ranking, with the chunk that stands for it."""

    path: str
    score: float
    by_words: bool  # the chunk comes from the words' list (else from the meaning's)


def fuse(
    words: Sequence[str],
    meaning: Sequence[str],
    embedded: Callable[[str], bool],
    *,
    k: int = RRF_K,
) -> list[Fused]:
    """The notes of both lists (each best first) by reciprocal rank, best first.

    ``embedded(path)`` says whether a note has its vectors; one that does
    not counts its words' rank twice. Ties keep the words' order, then the
    meaning's.
    """
    scores: dict[str, float] = {}
    from_words: set[str] = set()
    for rank, path in enumerate(words, start=1):
        share = 1.0 / (k + rank)
        scores[path] = share if embedded(path) else 2 * share
        from_words.add(path)
    for rank, path in enumerate(meaning, start=1):
        scores[path] = scores.get(path, 0.0) + 1.0 / (k + rank)
    order: dict[str, int] = {}
    for path in [*words, *meaning]:
        order.setdefault(path, len(order))
    ranked = sorted(scores, key=lambda path: (-scores[path], order[path]))
    return [Fused(path, scores[path], path in from_words) for path in ranked]
