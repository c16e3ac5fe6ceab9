"""The ranker as plain numpy arrays: saved without pickle, loaded back, checked on the way.

:class:`ArrayForm` is the part of :class:`wsnb.search.rank.FieldRanker` that
turns its postings, lengths, ids and groups into arrays (``to_arrays``) and
back (``_load_arrays``, behind ``FieldRanker.from_arrays``). Texts (ids,
groups, tokens) are stored as UTF-8 separated by NUL; postings as one array
of document numbers and one of interned per-field count keys. A loaded
ranker works out each document's tokens only when one is first removed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["ArrayForm", "CountKey"]

CountKey = tuple[tuple[int, int], ...]  # ((field slot, count), ...) of a token in a document


class ArrayForm:
    """Saving and loading for the ranker that inherits it (the state is the ranker's own)."""

    _fields: tuple[str, ...]
    _boosts: tuple[float, ...]
    _b: tuple[float, ...]
    _k1: float
    _postings: dict[str, dict[int, CountKey]]
    _counts: dict[CountKey, CountKey]
    _numbers: dict[str, int]
    _ids: dict[int, str]
    _lengths: dict[int, tuple[int, ...]]
    _terms: dict[int, tuple[str, ...]]
    _terms_from: tuple[list[str], npt.NDArray[Any], npt.NDArray[np.int64], int] | None
    _next: int
    _totals: list[int]
    _group_names: list[str]
    _group_of: npt.NDArray[np.int64]

    def _set_group(self, number: int, group: str) -> None:
        raise NotImplementedError

    def _changed(self) -> None:
        raise NotImplementedError


    def to_arrays(self) -> dict[str, npt.NDArray[Any]]:
        """The whole ranker as plain numpy arrays (no Python objects), for :meth:`from_arrays`."""
        live = sorted(self._ids)
        renumber = np.full(max(self._next, 1), -1, dtype=np.int64)
        renumber[live] = np.arange(len(live))
        key_ids: dict[CountKey, int] = {}
        vocabulary = list(self._postings)
        sizes = [len(self._postings[token]) for token in vocabulary]
        docs = np.fromiter((n for token in vocabulary for n in self._postings[token]),
                           dtype=np.int64, count=sum(sizes))  # fmt: skip
        keys = [key_ids.setdefault(key, len(key_ids))
                for token in vocabulary for key in self._postings[token].values()]  # fmt: skip
        table = list(key_ids)
        return {
            "settings": np.asarray([self._k1, *self._boosts, *self._b], dtype=np.float64),
            "fields": _encode(self._fields),
            "doc_ids": _encode([self._ids[n] for n in live]),
            "groups": _encode([self._group_names[g] for g in self._group_of[live].tolist()]),
            "lengths": np.asarray([self._lengths[n] for n in live], dtype=np.int64).reshape(
                len(live), len(self._fields)
            ),
            "vocabulary": _encode(vocabulary),
            "posting_sizes": np.asarray(sizes, dtype=np.int64),
            "posting_docs": renumber[docs].astype(np.int32),
            "posting_keys": np.asarray(keys, dtype=np.int32),
            "key_sizes": np.asarray([len(key) for key in table], dtype=np.int64),
            "key_pairs": np.asarray(
                [pair for key in table for pair in key], dtype=np.int64
            ).reshape(-1, 2),
        }

    def _load_arrays(self, arrays: Mapping[str, npt.NDArray[Any]]) -> None:
        settings = [self._k1, *self._boosts, *self._b]
        fields = _decode(arrays["fields"])
        if fields != list(self._fields) or arrays["settings"].tolist() != settings:
            raise ValueError("other fields or weights")
        doc_ids, groups = _decode(arrays["doc_ids"]), _decode(arrays["groups"])
        lengths = arrays["lengths"].astype(np.int64)
        if lengths.shape != (len(doc_ids), len(self._fields)) or len(groups) != len(doc_ids):
            raise ValueError("documents, groups and lengths differ in number")
        numbers = range(len(doc_ids))
        self._numbers = dict(zip(doc_ids, numbers, strict=True))
        self._ids = dict(zip(numbers, doc_ids, strict=True))
        self._lengths = dict(zip(numbers, map(tuple, lengths.tolist()), strict=True))
        self._totals = lengths.sum(axis=0).tolist()
        self._next = len(doc_ids)
        for number, group in enumerate(groups):
            self._set_group(number, group)
        keys = self._load_keys(arrays["key_sizes"], arrays["key_pairs"])
        vocabulary = _decode(arrays["vocabulary"])
        sizes, docs = arrays["posting_sizes"], arrays["posting_docs"].astype(np.int64)
        if len(sizes) != len(vocabulary) or int(sizes.sum()) != len(docs) or (
            len(docs) and not (docs.min() >= 0 and docs.max() < len(doc_ids))
        ):
            raise ValueError("postings out of range")
        posting_keys = list(map(keys.__getitem__, arrays["posting_keys"].tolist()))
        doc_list = docs.tolist()
        ends = np.cumsum(sizes).tolist()
        start = 0
        for token, end in zip(vocabulary, ends, strict=True):
            self._postings[token] = dict(zip(doc_list[start:end], posting_keys[start:end],
                                             strict=True))  # fmt: skip
            start = end
        # Each document's tokens are needed only to remove it: worked out on the first removal.
        self._terms_from = (vocabulary, sizes, docs, len(doc_ids))
        self._changed()

    def _unpack_terms(self) -> None:
        """Each loaded document's distinct tokens, from the saved postings (see remove)."""
        if self._terms_from is None:
            return
        vocabulary, sizes, docs, loaded = self._terms_from
        self._terms_from = None
        order = np.argsort(docs, kind="stable")
        tokens_by_doc = list(map(vocabulary.__getitem__,
                                 np.repeat(np.arange(len(vocabulary)), sizes)[order].tolist()))
        edges = np.searchsorted(docs[order], np.arange(loaded + 1)).tolist()
        for number in range(loaded):
            if number in self._ids:
                self._terms[number] = tuple(tokens_by_doc[edges[number]:edges[number + 1]])

    def _load_keys(self, sizes: npt.NDArray[Any], pairs: npt.NDArray[Any]) -> list[CountKey]:
        flat = [(int(slot), int(count)) for slot, count in pairs.tolist()]
        if any(not 0 <= slot < len(self._fields) for slot, _ in flat):
            raise ValueError("a field slot out of range")
        keys: list[CountKey] = []
        start = 0
        for size in sizes.tolist():
            key = tuple(flat[start:start + size])
            keys.append(self._counts.setdefault(key, key))
            start += size
        return keys


def _encode(texts: Iterable[str]) -> npt.NDArray[np.uint8]:
    """Texts as one array of UTF-8 bytes, separated by NUL (no token, id or path has one)."""
    return np.frombuffer("\x00".join(texts).encode("utf-8"), dtype=np.uint8)


def _decode(array: npt.NDArray[Any]) -> list[str]:
    text = array.astype(np.uint8).tobytes().decode("utf-8")
    return text.split("\x00") if text else []
