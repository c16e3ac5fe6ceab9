"""Words and meaning in one ranking: a weighted sum of the two lists' scores, each scaled.

Each list (the words' BM25F scores, the meaning's cosines, best first) is
scaled to 0..1 over its own candidates (min-max), and a note scores
``(1 - MEANING_WEIGHT) * words + MEANING_WEIGHT * meaning``; a note missing
from one list gets that list's 0. Scaling within each list needs no
calibration between a BM25F score and a cosine, and unlike reciprocal rank
it keeps how far apart the notes are: a note far ahead by words stays
ahead unless meaning clearly disagrees.

Measured on the dev set (``tests/notes_eval_dev``, 87 queries over the
FastAPI documentation) with the centered cosines of
``wsnb.search.embedspace``, nDCG@5: words 0.439, meaning 0.593; reciprocal
rank fusion (k = 60, equal weights) 0.503, (k = 10, meaning weighted 3)
0.576; this fusion with a meaning weight of 0.5 0.565, 0.6 0.576, 0.7
0.580, 0.8 0.576. On the tuning set (``tests/notes_eval``, where words alone
reach 0.978) 0.6 gives 0.979 and 0.8 0.969: 0.6 keeps the words' lead where
they match.

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
