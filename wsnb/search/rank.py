"""A field-weighted BM25 ranker (BM25F): build once, query many, add and remove documents.

A document is a set of named fields (title, tags, aliases, headings, path,
body — or any names). Each field's term frequency is normalised by that
field's length against the field's average length, weighted by the field's
boost, and the weighted sum goes through BM25's saturation with the term's
inverse document frequency::

    tf~(t, d) = Σ_f  boost_f · tf_f(t, d) / (1 − b_f + b_f · len_f(d) / avglen_f)
    score(d)  = Σ_t  idf(t) · tf~(t, d) / (k1 + tf~(t, d))
    idf(t)    = ln(1 + (N − df(t) + 0.5) / (df(t) + 0.5))

So a rare word counts for more than a common one, a word in a title counts
for more than the same word deep in a long body, and repeating a word does
not grow the score without bound. Matching is by token equality on the
output of :func:`wsnb.search.tokenize.tokenize` — never by substring.

Documents can be added, replaced and removed at any time; the per-document
length factors are recomputed lazily on the next query after a change.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..errors import UsageError
from .tokenize import tokenize, unique_tokens

__all__ = [
    "DEFAULT_B",
    "DEFAULT_BOOSTS",
    "DEFAULT_K1",
    "FieldRanker",
    "Hit",
]

# The reference weights: title 10, tags 8, aliases 7, headings 5, path 3; body 1.
DEFAULT_BOOSTS: Mapping[str, float] = {
    "title": 10.0,
    "tags": 8.0,
    "aliases": 7.0,
    "headings": 5.0,
    "path": 3.0,
    "body": 1.0,
}
DEFAULT_K1 = 1.2
DEFAULT_B = 0.75

FieldValue = str | Iterable[str]


@dataclass(frozen=True)
class Hit:
    """One ranked document: its id, its score and the query tokens it contains."""

    doc_id: str
    score: float
    matched: tuple[str, ...]


class FieldRanker:
    """An in-memory BM25F index over documents with named fields.

    ``boosts`` names the fields and weighs them; a field not named there is
    rejected (so a typo can't silently index nothing). ``b`` is one value or
    a per-field mapping (fields not in it use :data:`DEFAULT_B`).
    ``tokenizer`` must be the same function for documents and queries; the
    default is :func:`wsnb.search.tokenize.tokenize`.
    """

    def __init__(
        self,
        boosts: Mapping[str, float] = DEFAULT_BOOSTS,
        *,
        k1: float = DEFAULT_K1,
        b: float | Mapping[str, float] = DEFAULT_B,
        tokenizer: Callable[[str], list[str]] = tokenize,
    ) -> None:
        if not boosts:
            raise UsageError("Give the ranker at least one field with a boost, e.g. {'body': 1.0}.")
        if k1 < 0 or any(weight < 0 for weight in boosts.values()):
            raise UsageError("Field boosts and k1 must not be negative; use 0 to ignore a field.")
        self._fields: tuple[str, ...] = tuple(boosts)
        self._slot = {name: slot for slot, name in enumerate(self._fields)}
        self._boosts = tuple(float(boosts[name]) for name in self._fields)
        self._b = tuple(_field_b(b, name) for name in self._fields)
        self._k1 = float(k1)
        self._tokenizer = tokenizer
        # Postings are keyed by a small internal number per document, and the
        # per-field counts are interned: most are "once, in the body", so a
        # posting costs one dict slot. That keeps 10,000 notes in memory.
        self._postings: dict[str, dict[int, tuple[tuple[int, int], ...]]] = {}
        self._counts: dict[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]] = {}
        self._numbers: dict[str, int] = {}
        self._ids: dict[int, str] = {}
        self._lengths: dict[int, tuple[int, ...]] = {}
        self._terms: dict[int, tuple[str, ...]] = {}
        self._next = 0
        self._totals = [0] * len(self._fields)
        self._norms: dict[int, tuple[float, ...]] | None = None

    # -- documents -----------------------------------------------------------

    @property
    def fields(self) -> tuple[str, ...]:
        """The field names, in boost order."""
        return self._fields

    def __len__(self) -> int:
        return len(self._numbers)

    def __contains__(self, doc_id: object) -> bool:
        return doc_id in self._numbers

    def doc_ids(self) -> list[str]:
        """Every document id, in insertion order."""
        return list(self._numbers)

    def add(self, doc_id: str, fields: Mapping[str, FieldValue]) -> None:
        """Index ``doc_id`` (replacing an earlier version): text per field, or a list of texts."""
        self.add_tokens(doc_id, {name: self._field_tokens(value) for name, value in fields.items()})

    def add_tokens(self, doc_id: str, fields: Mapping[str, Sequence[str]]) -> None:
        """Index ``doc_id`` from tokens already cut by the same tokenizer."""
        unknown = [name for name in fields if name not in self._slot]
        if unknown:
            known = ", ".join(self._fields)
            raise UsageError(f"The ranker has no field {unknown[0]!r}; use one of: {known}.")
        self.remove(doc_id)
        counts: dict[str, dict[int, int]] = {}
        lengths = [0] * len(self._fields)
        for name, tokens in fields.items():
            slot = self._slot[name]
            lengths[slot] = len(tokens)
            for token in tokens:
                per_field = counts.setdefault(token, {})
                per_field[slot] = per_field.get(slot, 0) + 1
        number = self._next
        self._next += 1
        interned = self._counts
        for token, per_field in counts.items():
            key = tuple(sorted(per_field.items()))
            self._postings.setdefault(token, {})[number] = interned.setdefault(key, key)
        self._numbers[doc_id] = number
        self._ids[number] = doc_id
        self._lengths[number] = tuple(lengths)
        self._terms[number] = tuple(counts)
        self._totals = [total + length for total, length in zip(self._totals, lengths, strict=True)]
        self._norms = None

    def remove(self, doc_id: str) -> bool:
        """Forget ``doc_id``; whether it was there."""
        number = self._numbers.pop(doc_id, None)
        if number is None:
            return False
        del self._ids[number]
        lengths = self._lengths.pop(number)
        for token in self._terms.pop(number):
            postings = self._postings[token]
            del postings[number]
            if not postings:
                del self._postings[token]
        self._totals = [total - length for total, length in zip(self._totals, lengths, strict=True)]
        self._norms = None
        return True

    def clear(self) -> None:
        """Forget every document."""
        self._postings.clear()
        self._numbers.clear()
        self._ids.clear()
        self._lengths.clear()
        self._terms.clear()
        self._totals = [0] * len(self._fields)
        self._norms = None

    # -- statistics ----------------------------------------------------------

    def document_frequency(self, token: str) -> int:
        """In how many documents ``token`` occurs (in any field)."""
        return len(self._postings.get(token, ()))

    def idf(self, token: str) -> float:
        """The inverse document frequency of ``token`` (0 for a token no document has)."""
        df = self.document_frequency(token)
        if df == 0:
            return 0.0
        total = len(self._numbers)
        return math.log(1.0 + (total - df + 0.5) / (df + 0.5))

    # -- queries -------------------------------------------------------------

    def query_tokens(self, query: str | Sequence[str]) -> list[str]:
        """The distinct tokens a query is matched with (a string goes through the tokenizer)."""
        if isinstance(query, str):
            if self._tokenizer is tokenize:
                return unique_tokens(query)
            return list(dict.fromkeys(self._tokenizer(query)))
        return list(dict.fromkeys(query))

    def search(
        self,
        query: str | Sequence[str],
        limit: int | None = 10,
        *,
        accept: Callable[[str], bool] | None = None,
    ) -> list[Hit]:
        """The documents that contain at least one query token, best first.

        ``limit=None`` returns every match. ``accept`` filters document ids
        before ranking (e.g. to one folder). Ties are broken by document id so
        the order is deterministic.
        """
        if limit is not None and limit < 0:
            raise UsageError("The limit must be zero or more (or None for every match).")
        tokens = self.query_tokens(query)
        scores, matched = self._score(tokens)
        ids = self._ids
        named = {ids[number]: score for number, score in scores.items()}
        if accept is not None:
            named = {doc_id: score for doc_id, score in named.items() if accept(doc_id)}
        ranked = _best(named, limit)
        numbers = self._numbers
        return [Hit(doc_id, score, tuple(matched[numbers[doc_id]])) for doc_id, score in ranked]

    def _score(self, tokens: Sequence[str]) -> tuple[dict[int, float], dict[int, list[str]]]:
        norms = self._length_norms()
        boosts = self._boosts
        k1 = self._k1
        scores: dict[int, float] = {}
        matched: dict[int, list[str]] = {}
        for token in tokens:
            postings = self._postings.get(token)
            if not postings:
                continue
            idf = self.idf(token)
            for number, per_field in postings.items():
                norm = norms[number]
                weighted = 0.0
                for slot, count in per_field:
                    weighted += boosts[slot] * count * norm[slot]
                if weighted <= 0.0:
                    continue
                scores[number] = scores.get(number, 0.0) + idf * weighted / (k1 + weighted)
                if number in matched:
                    matched[number].append(token)
                else:
                    matched[number] = [token]
        return scores, matched

    def _length_norms(self) -> dict[int, tuple[float, ...]]:
        """Per document and field, ``1 / (1 − b + b · len / avglen)``; cached until a change."""
        if self._norms is not None:
            return self._norms
        count = max(len(self._numbers), 1)
        averages = [max(total / count, 1e-9) for total in self._totals]
        factors = [(1.0 - b, b / average) for b, average in zip(self._b, averages, strict=True)]
        self._norms = {
            number: tuple(
                1.0 / (keep + scale * length)
                for (keep, scale), length in zip(factors, lengths, strict=True)
            )
            for number, lengths in self._lengths.items()
        }
        return self._norms

    def _field_tokens(self, value: FieldValue) -> list[str]:
        if isinstance(value, str):
            return self._tokenizer(value)
        tokens: list[str] = []
        for text in value:
            tokens.extend(self._tokenizer(text))
        return tokens


def _field_b(b: float | Mapping[str, float], name: str) -> float:
    value = b if isinstance(b, int | float) else b.get(name, DEFAULT_B)
    if not 0.0 <= value <= 1.0:
        raise UsageError(f"The length normalisation b for {name!r} must be between 0 and 1.")
    return float(value)


def _best(scores: Mapping[str, float], limit: int | None) -> list[tuple[str, float]]:
    if limit is None:
        return sorted(scores.items(), key=_rank_key)
    return heapq.nsmallest(limit, scores.items(), key=_rank_key)


def _rank_key(item: tuple[str, float]) -> tuple[float, str]:
    return (-item[1], item[0])
