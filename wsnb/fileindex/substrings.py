"""Every start of a substring in a long text, found by code points at numpy speed.

``find`` searches the index's distinct names joined in one string. A regular
expression's ``finditer`` makes a match object per hit (22,000 for "main" at
277k entries); here the text is kept once as an array of code points, the
query's rarest character picks the candidates in one vectorised pass, and each
other character narrows them with one gather. About 1.5x faster on many hits
and 2x on none, for 2 bytes a character of memory, paid once per text.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

_Ints = npt.NDArray[np.int64]


@lru_cache(maxsize=4)  # the names' and the folders' texts, and the ones they replace
def codes_of(blob: str) -> tuple[npt.NDArray[np.unsignedinteger], npt.NDArray[np.int64]]:
    """The blob's code points (16 bits where they fit) and how often each occurs."""
    wide = np.frombuffer(blob.encode("utf-32-le"), dtype=np.uint32)
    counts = np.bincount(wide) if len(wide) else np.zeros(1, dtype=np.int64)
    codes = wide.astype(np.uint16) if len(counts) <= 1 << 16 else wide
    return codes, counts


def starts_in(blob: str, query: str) -> _Ints:
    """Every offset where ``query`` starts in ``blob`` (overlapping ones too), in order."""
    codes, counts = codes_of(blob)
    wanted = [ord(ch) for ch in query]
    if max(wanted) >= len(counts):
        return np.zeros(0, dtype=np.int64)
    rarest = min(range(len(wanted)), key=lambda k: counts[wanted[k]])
    found = np.flatnonzero(codes == wanted[rarest]) - rarest
    found = found[(found >= 0) & (found <= len(codes) - len(wanted))]
    for k, code in enumerate(wanted):
        if k != rarest and len(found):
            found = found[codes[found + k] == code]
    return found
