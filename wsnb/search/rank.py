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

Queries are vectorised: each query token's per-document shares of the score
are computed once (a numpy array, cached until the collection changes) and
added into one dense score array, so a query over 50,000 chunks costs a few
array additions. A document may belong to a *group* (the note a chunk comes
from); :meth:`FieldRanker.search_groups` returns each group's best document.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import count as counter
from itertools import repeat
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import UsageError
from .rankarrays import ArrayForm
from .rankparts import (
    DEFAULT_B,
    DEFAULT_BOOSTS,
    DEFAULT_K1,
    CountedDocument,
    FieldValue,
    GroupHit,
    Hit,
    _check_limit,
    _CountKey,
    _field_b,
    _matched,
    _SingleKeys,
    _top,
    weighted_counts,
)
from .tokenize import query_tokens, token_counts, tokenize

__all__ = ["DEFAULT_B", "DEFAULT_BOOSTS", "DEFAULT_K1", "CountedDocument", "FieldRanker",
           "GroupHit", "Hit"]  # fmt: skip

_CACHED_TOKENS = 4096  # token shares kept between queries
_Numbers = npt.NDArray[np.int64]
_Floats = npt.NDArray[np.float64]


class FieldRanker(ArrayForm):
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
        self._counts: dict[_CountKey, _CountKey] = {}
        self._single_keys: dict[int, _SingleKeys] = {}
        self._numbers: dict[str, int] = {}
        self._ids: dict[int, str] = {}
        self._lengths: dict[int, tuple[int, ...]] = {}
        self._terms: dict[int, tuple[str, ...]] = {}
        self._terms_from: tuple[list[str], npt.NDArray[Any], _Numbers, int] | None = None
        self._next = 0
        self._totals = [0] * len(self._fields)
        self._norms: npt.NDArray[np.float64] | None = None
        # token -> (document numbers, their share of the score); valid until a change.
        self._contributions: dict[str, tuple[_Numbers, _Floats]] = {}
        self._group_ids: dict[str, int] = {}
        self._group_names: list[str] = []
        self._group_of = np.zeros(64, dtype=np.int64)  # by document number

    # -- documents -----------------------------------------------------------

    @property
    def fields(self) -> tuple[str, ...]:
        """The field names, in boost order."""
        return self._fields

    def __len__(self) -> int:
        return len(self._numbers)

    def __contains__(self, doc_id: object) -> bool:
        return doc_id in self._numbers

    def group(self, doc_id: str) -> str:
        """The group ``doc_id`` belongs to (KeyError when it is not indexed)."""
        return self._group_names[int(self._group_of[self._numbers[doc_id]])]

    def doc_ids(self) -> list[str]:
        """Every document id, in insertion order."""
        return list(self._numbers)

    def add(
        self, doc_id: str, fields: Mapping[str, FieldValue], *, group: str | None = None
    ) -> None:
        """Index ``doc_id`` (replacing an earlier version): text per field, or a list of texts.

        ``group`` (default: the document's own id) is what :meth:`search_groups` collapses by.
        """
        counts = {name: self._field_counts(value) for name, value in fields.items()}
        self.add_many([(doc_id, counts, group)])

    def add_tokens(
        self, doc_id: str, fields: Mapping[str, Sequence[str]], *, group: str | None = None
    ) -> None:
        """Index ``doc_id`` from tokens already cut by the same tokenizer."""
        self.add_many([(doc_id, {name: Counter(tokens) for name, tokens in fields.items()}, group)])

    def add_counts(
        self, doc_id: str, fields: Mapping[str, Mapping[str, int]], *, group: str | None = None
    ) -> None:
        """Index ``doc_id`` from each field's token counts (e.g. :func:`token_counts`)."""
        self.add_many([(doc_id, fields, group)])

    def add_many(self, documents: Iterable[CountedDocument]) -> None:
        """Index many documents at once: (doc_id, {field: token counts}, group or None) each.

        The same as :meth:`add_counts` one by one, but the postings of all
        documents are inserted token by token in bulk, which is what makes
        building a ranker over tens of thousands of chunks fast. An id that
        is already indexed is replaced; an id twice in ``documents`` is an error.
        """
        tokens: list[str] = []
        numbers: list[int] = []
        keys: list[_CountKey] = []
        batch: set[str] = set()
        for doc_id, fields, group in documents:
            if doc_id in batch:
                raise UsageError(f"The document {doc_id!r} is given twice; give each id once.")
            batch.add(doc_id)
            number, postings = self._register(doc_id, fields, group)
            tokens.extend(postings)
            keys.extend(postings.values())
            numbers.extend(repeat(number, len(postings)))
        self._post(tokens, numbers, keys)
        self._changed()

    def _register(
        self, doc_id: str, fields: Mapping[str, Mapping[str, int]], group: str | None
    ) -> tuple[int, dict[str, _CountKey]]:
        """Give ``doc_id`` a number, lengths and group; its postings (token -> per-field counts)."""
        unknown = [name for name in fields if name not in self._slot]
        if unknown:
            known = ", ".join(self._fields)
            raise UsageError(f"The ranker has no field {unknown[0]!r}; use one of: {known}.")
        self.remove(doc_id)
        lengths = [0] * len(self._fields)
        counted: list[tuple[int, Mapping[str, int]]] = []
        for name, counts in fields.items():
            slot = self._slot[name]
            lengths[slot] = sum(counts.values())
            if counts:
                counted.append((slot, counts))
        counted.sort(key=lambda item: len(item[1]))  # the biggest field (the body) last
        number = self._next
        self._next += 1
        postings = self._document_postings(counted)
        self._numbers[doc_id] = number
        self._ids[number] = doc_id
        self._set_group(number, doc_id if group is None else group)
        self._lengths[number] = tuple(lengths)
        self._terms[number] = tuple(postings)
        self._totals = [total + length for total, length in zip(self._totals, lengths, strict=True)]
        return number, postings

    def remove(self, doc_id: str) -> bool:
        """Forget ``doc_id``; whether it was there."""
        number = self._numbers.pop(doc_id, None)
        if number is None:
            return False
        self._unpack_terms()
        del self._ids[number]
        lengths = self._lengths.pop(number)
        for token in self._terms.pop(number):
            postings = self._postings[token]
            del postings[number]
            if not postings:
                del self._postings[token]
        self._totals = [total - length for total, length in zip(self._totals, lengths, strict=True)]
        self._changed()
        return True

    def clear(self) -> None:
        """Forget every document."""
        self._postings.clear()
        self._numbers.clear()
        self._ids.clear()
        self._lengths.clear()
        self._terms.clear()
        self._terms_from = None
        self._totals = [0] * len(self._fields)
        self._changed()

    def _document_postings(
        self, counted: list[tuple[int, Mapping[str, int]]]
    ) -> dict[str, _CountKey]:
        """One document's token -> interned ((field slot, count), ...), fields in ``counted`` order.

        Most tokens are in the biggest field only (the body): their values
        come from a per-field table, mapped in C; the few tokens of the small
        fields are joined in Python.
        """
        if not counted:
            return {}
        interned = self._counts
        earlier: dict[str, _CountKey] = {}
        for slot, counts in counted[:-1]:
            for token, count in counts.items():
                joined = (*earlier.get(token, ()), (slot, count))
                earlier[token] = interned.setdefault(joined, joined)
        slot, counts = counted[-1]
        postings = dict(zip(counts, map(self._singles(slot).__getitem__, counts.values()),
                            strict=True))  # fmt: skip
        for token, before in earlier.items():
            single = postings.get(token)
            if single is None:
                postings[token] = before
            else:
                joined = (*before, *single)
                postings[token] = interned.setdefault(joined, joined)
        return postings

    def _post(self, tokens: list[str], numbers: list[int], keys: list[_CountKey]) -> None:
        """Insert postings (token, document number, key) in bulk, grouped by token with numpy.

        Documents come in number order and the sort is stable, so each
        token's postings stay in document order, as if added one by one.
        """
        if not tokens:
            return
        ids: defaultdict[str, int] = defaultdict(counter().__next__)
        token_ids = np.fromiter(map(ids.__getitem__, tokens), dtype=np.int64, count=len(tokens))
        order = np.argsort(token_ids, kind="stable")
        starts = np.flatnonzero(np.diff(token_ids[order])) + 1
        bounds = zip([0, *starts.tolist()], [*starts.tolist(), len(tokens)], strict=True)
        ordered = order.tolist()
        by_number = np.asarray(numbers, dtype=np.int64)[order].tolist()
        by_key = list(map(keys.__getitem__, ordered))
        postings = self._postings
        for token, (start, end) in zip(ids, bounds, strict=True):  # ids: in id order
            pairs = zip(by_number[start:end], by_key[start:end], strict=True)
            existing = postings.get(token)
            if existing is None:
                postings[token] = dict(pairs)
            else:
                existing.update(pairs)

    def _singles(self, slot: int) -> _SingleKeys:
        """The interned ((slot, count),) by count."""
        table = self._single_keys.get(slot)
        if table is None:
            table = self._single_keys[slot] = _SingleKeys(slot, self._counts)
        return table

    def _set_group(self, number: int, group: str) -> None:
        group_id = self._group_ids.get(group)
        if group_id is None:
            group_id = self._group_ids[group] = len(self._group_names)
            self._group_names.append(group)
        if number >= len(self._group_of):
            self._group_of = np.concatenate([self._group_of, np.zeros_like(self._group_of)])
        self._group_of[number] = group_id

    def _changed(self) -> None:
        """Forget what depends on the whole collection: length norms, per-token contributions."""
        self._norms = None
        self._contributions.clear()

    # -- saving and loading (the arrays themselves: wsnb.search.rankarrays) ---------

    @classmethod
    def from_arrays(
        cls, arrays: Mapping[str, npt.NDArray[Any]], boosts: Mapping[str, float] = DEFAULT_BOOSTS,
        *, k1: float = DEFAULT_K1, b: float | Mapping[str, float] = DEFAULT_B,
    ) -> FieldRanker:  # fmt: skip
        """A ranker from :meth:`to_arrays`; UsageError when the arrays were made with other
        fields, boosts, k1 or b, or do not fit together (then build it again)."""
        ranker = cls(boosts, k1=k1, b=b)
        try:
            ranker._load_arrays(arrays)
        except (KeyError, IndexError, ValueError, TypeError) as error:
            message = ("The saved ranker does not fit these settings or is damaged; "
                       f"build it again from the documents ({error}).")  # fmt: skip
            raise UsageError(message) from error
        return ranker

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
                return query_tokens(query)
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
        _check_limit(limit)
        tokens = self.query_tokens(query)
        scores = self._score_vector(tokens)
        numbers = np.flatnonzero(scores)
        if accept is not None:
            ids = self._ids
            numbers = numbers[[accept(ids[int(number)]) for number in numbers]]
        chosen = _top(numbers, scores[numbers], limit, lambda n: self._ids[n])
        postings = self._postings
        return [Hit(self._ids[n], score, _matched(postings, n, tokens)) for n, score in chosen]

    def matches(self, query: str | Sequence[str]) -> list[Hit]:
        """Every document that contains a query token, in no particular order (no sorting cost)."""
        tokens = self.query_tokens(query)
        scores = self._score_vector(tokens)
        ids = self._ids
        return [Hit(ids[n], float(scores[n]), _matched(self._postings, n, tokens))
                for n in np.flatnonzero(scores).tolist()]  # fmt: skip

    def search_groups(
        self,
        query: str | Sequence[str],
        limit: int | None = 10,
        *,
        boost: Callable[[str], float] | None = None,
        others: float = 0.0,
    ) -> list[GroupHit]:
        """Each group's best document for ``query``, the best groups first.

        A group scores its best document's score, plus ``others`` times what
        its other matching documents score together, at most the best score
        again: a note that answers in several chunks beats one that mentions
        the words once, and a long note cannot win by its length alone.
        ``boost(group)`` multiplies a group's score by ``1 + boost``; a group
        with no matching document scores 0 and is never returned, whatever
        its boost. Ties are broken by group name, then document order.
        """
        _check_limit(limit)
        tokens = self.query_tokens(query)
        scores = self._score_vector(tokens)
        numbers = np.flatnonzero(scores)
        groups = self._group_of[numbers]
        # Sort by group, then score (best first), then document number; keep each group's first.
        order = np.lexsort((numbers, -scores[numbers], groups))
        numbers, groups = numbers[order], groups[order]
        first = np.ones(len(numbers), dtype=bool)
        first[1:] = groups[1:] != groups[:-1]
        totals = np.add.reduceat(scores[numbers], np.flatnonzero(first)) if len(numbers) else None
        numbers, groups = numbers[first], groups[first]
        best = scores[numbers]
        if totals is not None and others:
            best = best + others * np.minimum(totals - best, best)
        if boost is not None:
            names = self._group_names
            factors = [1.0 + boost(names[g]) for g in groups.tolist()]
            best = best * np.asarray(factors, dtype=np.float64)
        by_number = dict(zip(numbers.tolist(), groups.tolist(), strict=True))
        names = self._group_names
        chosen = _top(numbers, best, limit, lambda n: names[by_number[n]])
        postings = self._postings
        return [GroupHit(names[by_number[n]], self._ids[n], score, _matched(postings, n, tokens))
                for n, score in chosen]  # fmt: skip

    def _score_vector(self, tokens: Sequence[str]) -> _Floats:
        """Every document's score, indexed by document number (0 for no match)."""
        scores = np.zeros(self._next, dtype=np.float64)
        for token in dict.fromkeys(tokens):
            shares = self._contributions.get(token)
            if shares is None:
                shares = self._token_shares(token)
            numbers, values = shares
            scores[numbers] += values  # numbers are distinct within one token
        return scores

    def _token_shares(self, token: str) -> tuple[_Numbers, _Floats]:
        """Each document's BM25F share for ``token``; cached (a bounded number of tokens)."""
        numbers, weighted = weighted_counts(self._postings.get(token, {}), self._boosts,
                                            self._length_norms())  # fmt: skip
        keep = weighted > 0.0
        shares = self.idf(token) * weighted[keep] / (self._k1 + weighted[keep])
        result = (numbers[keep], shares)
        if len(self._contributions) >= _CACHED_TOKENS:
            self._contributions.clear()
        self._contributions[token] = result
        return result

    def _length_norms(self) -> npt.NDArray[np.float64]:
        """Per document number and field, ``1 / (1 − b + b · len / avglen)``; cached."""
        if self._norms is not None:
            return self._norms
        count = max(len(self._numbers), 1)
        averages = np.maximum(np.asarray(self._totals, dtype=np.float64) / count, 1e-9)
        b = np.asarray(self._b, dtype=np.float64)
        lengths = np.zeros((self._next, len(self._fields)), dtype=np.float64)
        if self._lengths:
            lengths[list(self._lengths)] = list(self._lengths.values())
        self._norms = 1.0 / ((1.0 - b) + b * lengths / averages)
        return self._norms

    def _field_counts(self, value: FieldValue) -> Counter[str]:
        texts = [value] if isinstance(value, str) else value
        counts: Counter[str] = Counter()
        for text in texts:
            if self._tokenizer is tokenize:
                counts.update(token_counts(text))
            else:
                counts.update(self._tokenizer(text))
        return counts


