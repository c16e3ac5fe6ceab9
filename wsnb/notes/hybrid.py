"""Words and meaning in one ranking: a weighted sum of the two lists' scores, each scaled.

Each list (the words' BM25F scores, the meaning's cosines, best first) is
scaled to 0..1 over its own candidates (min-max), and a note scores
``(1 - MEANING_WEIGHT) * words + MEANING_WEIGHT * meaning``; a note missing
from one list gets that list's 0. Scaling within each list needs no
calibration between a BM25F score and a cosine, and unlike reciprocal rank
it keeps how far apart the notes are: a note far ahead by words stays
ahead unless meaning clearly disagrees.

Compared on three dev sets (``tests/notes_fusions.py``: 87 queries over the
FastAPI documentation, 37 over a Chinese-first handbook, 38 over personal
notes; issue 42) with the centered cosines of ``wsnb.search.embedspace``,
nDCG@5 on each and their mean: words 0.439 / 0.703 / 0.477 (0.540), meaning
0.592 / 0.766 / 0.521 (0.627); this fusion with a meaning weight of 0.6
0.577 / 0.867 / 0.596 (0.680), 0.7 0.673 and 0.8 0.663 on the mean;
reciprocal rank fusion 0.613 (k = 60) to 0.656 (k = 10, meaning weighted
2); the words' top 30 re-scored by meaning 0.608, or ordered by meaning and
fused with the meaning's list by reciprocal rank 0.625; scores standardized
instead of scaled 0.678. 0.6 was the best across the three, and on the
tuning set (``tests/notes_eval``, where words alone reach 0.978) it keeps
the words' lead where they match (0.978).

A note whose vectors are not made yet (the background embedding has not
reached it) is ranked by its words alone: its meaning share is taken to be
its words share, so it neither gains nor loses against the notes that have
vectors.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["CANDIDATES", "MEANING_WEIGHT", "MODES", "Fused", "fuse"]

MEANING_WEIGHT = 0.6
CANDIDATES = 50  # notes taken from each list before fusing
MODES = ("hybrid", "words", "meaning")


@dataclass(frozen=True)
class Fused:
    """One note of the fused ranking, with the chunk that stands for it."""

    path: str
    score: float
    by_words: bool  # the chunk comes from the words' list (else from the meaning's)


def scaled(ranked: Sequence[tuple[str, float]]) -> dict[str, float]:
    """The scores of ``ranked`` (path, score) scaled to 0..1 over the list (all 1 when equal)."""
    if not ranked:
        return {}
    low = min(score for _path, score in ranked)
    high = max(score for _path, score in ranked)
    span = high - low
    return {path: (score - low) / span if span > 0 else 1.0 for path, score in ranked}


def fuse(
    words: Sequence[tuple[str, float]],
    meaning: Sequence[tuple[str, float]],
    embedded: Callable[[str], bool],
    *,
    weight: float = MEANING_WEIGHT,
) -> list[Fused]:
    """The notes of both lists ((path, score), each best first) by their scaled scores.

    ``embedded(path)`` says whether a note has its vectors; one that does
    not takes its words' share for its meaning's. Ties keep the words'
    order, then the meaning's.
    """
    by_words, by_meaning = scaled(words), scaled(meaning)
    scores: dict[str, float] = {}
    for path in [*by_words, *by_meaning]:
        if path in scores:
            continue
        lexical = by_words.get(path, 0.0)
        close = by_meaning.get(path, 0.0) if embedded(path) else lexical
        scores[path] = (1.0 - weight) * lexical + weight * close
    order = {path: n for n, path in enumerate(scores)}
    ranked = sorted(scores, key=lambda path: (-scores[path], order[path]))
    return [Fused(path, scores[path], path in by_words) for path in ranked]
