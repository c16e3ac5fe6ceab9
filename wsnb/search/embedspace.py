"""Vectors of two languages in one space: each script's mean taken out before a cosine.

A multilingual embedder's vectors carry the language of their text as much as its
meaning: in multilingual-e5-small, a page and its translation are far apart (on the
FastAPI documentation, a page's own translation was the nearest page for 2% of pages;
its median rank was 59 of 278), because every text of one language shares a large
common component. Taking each language's mean vector out of its vectors leaves what
the texts mean and lets a Chinese question find an English note, and both versions of
a page come up together (the "centering" of the cross-lingual embedding literature).

The language of a text is told by its script (``script_of``): Han, kana, Hangul,
Cyrillic and so on, and everything else ("latin"). The means are taken over the
passages (the notes' chunks) of each script; a query is moved by part of its script's
mean (``QUERY_SHIFT``): measured on the dev set (``tests/notes_eval_dev``), the whole
mean off the passages and half of it off the query gave the best meaning ranking.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from .embedding import FloatMatrix

__all__ = ["QUERY_SHIFT", "SCRIPTS", "Space", "script_of"]

QUERY_SHIFT = 0.5
# Unicode name prefixes of the scripts told apart; "latin" is everything else.
SCRIPTS = ("cjk", "hiragana", "katakana", "hangul", "cyrillic", "arabic", "hebrew", "greek",
           "thai", "devanagari")  # fmt: skip
_SAMPLE = 400  # letters looked at: the first ones tell the script well enough
_SHARE = 0.2  # of the letters, for a script other than latin to name the text


def script_of(text: str) -> str:
    """The script most of ``text``'s letters are written in, besides Latin; else "latin".

    Han characters count as "cjk"; a text mostly in kana is "hiragana" or "katakana".
    A text counts as another script than Latin when at least a fifth of its letters are in
    it, so a Chinese note with code and English terms in it is still Chinese.
    """
    counts: Counter[str] = Counter()
    letters = 0
    for char in text:
        if not char.isalpha():
            continue
        letters += 1
        if ord(char) >= 0x370:
            name = unicodedata.name(char, "").split(" ", 1)[0].lower()
            counts[name if name in SCRIPTS else "latin"] += 1
        if letters >= _SAMPLE:
            break
    if not counts or not letters:
        return "latin"
    script, count = counts.most_common(1)[0]
    return script if script != "latin" and count >= _SHARE * letters else "latin"


class Space:
    """The script means of some stored rows, and their cosines with a query once centered.

    ``scripts[i]`` is the script of row ``i`` (of the rows scored, in their order);
    ``sums(weights)`` gives ``weights @ vectors`` for a ``(groups, rows)`` weight matrix,
    and ``dots(vector)`` the dot product of ``vector`` with every row: the store's vectors
    are read through those two, never copied.
    """

    def __init__(self, scripts: Sequence[str], sums: Callable[[FloatMatrix], FloatMatrix],
                 dots: Callable[[FloatMatrix], FloatMatrix]) -> None:  # fmt: skip
        self.names = sorted(set(scripts))
        index = {name: n for n, name in enumerate(self.names)}
        self.groups = np.asarray([index[name] for name in scripts], dtype=np.int64)
        count = len(self.groups)
        weights = np.zeros((len(self.names), count), dtype=np.float32)
        if count:
            weights[self.groups, np.arange(count)] = 1.0
            weights /= np.maximum(weights.sum(axis=1, keepdims=True), 1.0)
        self.means = sums(weights) if count else np.zeros((0, 0), dtype=np.float32)
        # |c - m|^2 = 1 - 2 c.m + |m|^2 for a unit row c and its script's mean m
        self.norms = np.ones(count, dtype=np.float32)
        for n, mean in enumerate(self.means):
            rows = self.groups == n
            squared = 1.0 - 2.0 * dots(mean)[rows] + float(mean @ mean)
            self.norms[rows] = np.sqrt(np.maximum(squared, 1e-12))

    def query(self, vector: FloatMatrix, script: str) -> FloatMatrix:
        """``vector`` less ``QUERY_SHIFT`` of its script's mean (none for a script no row
        has), as a unit vector."""
        if script not in self.names:
            return vector
        shifted = vector - QUERY_SHIFT * self.means[self.names.index(script)]
        length = float(np.linalg.norm(shifted))
        return (shifted / length).astype(np.float32) if length > 0 else vector

    def cosines(self, dots: npt.NDArray[np.float32], query: FloatMatrix) -> FloatMatrix:
        """Each row's cosine with ``query`` once its script's mean is taken out of it, from
        ``dots``, the rows' dot products with ``query`` (in the rows' order)."""
        if not len(self.groups):
            return np.zeros(0, dtype=np.float32)
        offsets = self.means @ query.reshape(-1)
        return ((dots - offsets[self.groups]) / self.norms).astype(np.float32)
