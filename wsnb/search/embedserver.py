"""Any OpenAI-compatible embeddings server: ``POST <base>/embeddings`` over httpx.

Set up like the model client (``wsnb.llm``): arguments first, else
``WSNB_EMBED_BASE_URL`` (e.g. ``http://127.0.0.1:11434/v1`` for Ollama),
``WSNB_EMBED_MODEL`` and a key from ``WSNB_EMBED_API_KEY`` or
``OPENAI_API_KEY`` in an injectable environment; pass an ``httpx.Client``
as the transport seam. The key goes in the Authorization header and nowhere
else: never in a log record, a ``repr`` or an error.

Texts go in batches (``batch_size``, 64 by default). A 429 or 5xx answer,
a timeout or a refused connection is tried again a bounded number of times
with exponential backoff (``Retry-After`` honoured up to a cap; the sleep is
injectable); then one ``LLMError`` sentence says what went wrong (``kind``:
``no_server``, ``timeout``, ``auth``, ``unknown_model``, ``rate_limited``,
``server_error``, ``malformed``, ``bad_request``).

An OpenAI-style request has no field for query versus passage, so a model
that wants prefixes (the e5 family wants ``query: `` and ``passage: ``) gets
them from ``WSNB_EMBED_QUERY_PREFIX`` and ``WSNB_EMBED_PASSAGE_PREFIX``.
"""

from __future__ import annotations

import base64
import logging
import os
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import LLMError
from ..i18n import _
from ..llm import MAX_RETRY_AFTER, RETRY_STATUSES
from .embedding import FloatMatrix, Kind, check_kind, normalized

if TYPE_CHECKING:
    import httpx

__all__ = ["ServerEmbedder"]

logger = logging.getLogger("wsnb")


class ServerEmbedder:
    """Embeddings from an OpenAI-compatible server, in batches, with retries."""

    def __init__(
        self,
        base_url: str | None = None,
        *,
        model: str | None = None,
        api_key: str | None = None,
        client: httpx.Client | None = None,
        timeout: float = 30.0,
        max_retries: int = 2,
        backoff: float = 0.5,
        batch_size: int = 64,
        sleep: Callable[[float], None] = time.sleep,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        env = os.environ if environ is None else environ
        self.base_url = (base_url or env.get("WSNB_EMBED_BASE_URL") or "").strip().rstrip("/")
        if not self.base_url:
            raise LLMError(_("No embeddings server is set: pass base_url or set "
                             "WSNB_EMBED_BASE_URL (e.g. http://127.0.0.1:11434/v1)."),
                           kind="no_server")  # fmt: skip
        self.model = model or env.get("WSNB_EMBED_MODEL") or ""
        self._api_key = api_key or env.get("WSNB_EMBED_API_KEY") or env.get("OPENAI_API_KEY") \
            or ""  # fmt: skip
        self.prefixes = {"query": env.get("WSNB_EMBED_QUERY_PREFIX", ""),
                         "passage": env.get("WSNB_EMBED_PASSAGE_PREFIX", "")}  # fmt: skip
        self.timeout = timeout
        self.max_retries = max(0, min(max_retries, 5))
        self.backoff = backoff
        self.batch_size = max(1, batch_size)
        self._sleep = sleep
        self._client = client

    @property
    def name(self) -> str:
        return f"{self.model or 'default model'} at {self.base_url}"

    def __repr__(self) -> str:  # never shows the key
        return f"<ServerEmbedder {self.name}>"

    def embed(self, texts: Sequence[str], kind: Kind = "passage") -> FloatMatrix:
        """One unit row per text, asked for ``batch_size`` texts at a time."""
        check_kind(kind)
        prefix = self.prefixes[kind]
        items = [prefix + text for text in texts]
        if not items:
            return np.zeros((0, 0), dtype=np.float32)
        parts = [self._batch(items[start:start + self.batch_size])
                 for start in range(0, len(items), self.batch_size)]  # fmt: skip
        if len({part.shape[1] for part in parts}) > 1:
            raise self._malformed()
        return normalized(np.concatenate(parts))

    # -- the wire ---------------------------------------------------------------------

    def _http(self) -> httpx.Client:
        if self._client is None:
            import httpx

            self._client = httpx.Client(timeout=httpx.Timeout(self.timeout, connect=5.0))
        return self._client

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        return headers

    def _batch(self, items: list[str]) -> FloatMatrix:
        body: dict[str, Any] = {"input": items, "encoding_format": "float"}
        if self.model:
            body["model"] = self.model
        answer = self._post(body)
        return self._vectors(answer, len(items))

    def _post(self, body: dict[str, Any]) -> Any:
        """The server's JSON answer, after retries on busy or failing servers."""
        import httpx

        url = f"{self.base_url}/embeddings"
        for attempt in range(self.max_retries + 1):
            try:
                response = self._http().post(url, json=body, headers=self._headers())
            except httpx.TransportError as error:
                if attempt < self.max_retries:
                    self._sleep(self.backoff * 2**attempt)
                    continue
                raise self._unreachable(error) from None
            logger.info("embeddings POST %s -> HTTP %d (%d texts)", url, response.status_code,
                        len(body["input"]))  # fmt: skip
            if response.status_code < 400:
                try:
                    return response.json()
                except ValueError:
                    raise self._malformed() from None
            if response.status_code in RETRY_STATUSES and attempt < self.max_retries:
                self._sleep(self._delay(response, attempt))
                continue
            raise self._status_error(response.status_code)
        raise AssertionError("unreachable")  # pragma: no cover

    def _delay(self, response: httpx.Response, attempt: int) -> float:
        try:
            return min(float(response.headers.get("Retry-After", "")), MAX_RETRY_AFTER)
        except ValueError:
            return float(self.backoff * 2**attempt)

    def _vectors(self, answer: Any, count: int) -> FloatMatrix:
        data = answer.get("data") if isinstance(answer, dict) else None
        if not isinstance(data, list) or len(data) != count:
            raise self._malformed()
        rows: list[Any] = [None] * count
        try:
            for position, item in enumerate(data):
                index = int(item.get("index", position))
                value = item["embedding"]
                rows[index] = (np.frombuffer(base64.b64decode(value), dtype="<f4")
                               if isinstance(value, str) else value)  # fmt: skip
            matrix = np.array(rows, dtype=np.float32)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            raise self._malformed() from None
        if matrix.ndim != 2 or matrix.shape[1] == 0 or not np.isfinite(matrix).all():
            raise self._malformed()
        return matrix

    # -- what went wrong, in one sentence -------------------------------------------------
    # Each error keeps ``retell``: its sentence built again in the language of the moment, for
    # a notes search that says, later and maybe in another language, why meaning is paused.

    def _unreachable(self, error: Exception) -> LLMError:
        import httpx

        url, seconds = self.base_url, self.timeout
        if isinstance(error, httpx.TimeoutException):
            return _error(lambda: _("The embeddings server at {url} did not answer within "
                                    "{seconds:g} seconds; try again or raise the timeout.").format(
                url=url, seconds=seconds), "timeout")  # fmt: skip
        return _error(lambda: _("No embeddings server answers at {url}; start it or check "
                                "WSNB_EMBED_BASE_URL.").format(url=url), "no_server")

    def _malformed(self) -> LLMError:
        url = self.base_url
        return _error(lambda: _("The server at {url} did not send OpenAI-style embeddings; "
                                "check that the base URL ends in /v1 and names an embeddings "
                                "server.").format(url=url), "malformed")  # fmt: skip

    def _status_error(self, status: int) -> LLMError:
        url, model = self.base_url, self.model
        if status in {401, 403}:
            return _error(lambda: _("The embeddings server at {url} refused the API key (HTTP "
                                    "{status}); check WSNB_EMBED_API_KEY.").format(
                url=url, status=status), "auth", status)  # fmt: skip
        if status == 404:
            return _error(lambda: _("The server at {url} has no embeddings for the model "
                                    "{model!r} (HTTP 404); check WSNB_EMBED_MODEL and "
                                    "WSNB_EMBED_BASE_URL.").format(url=url, model=model),
                          "unknown_model", status)  # fmt: skip
        if status == 429:
            return _error(lambda: _("The embeddings server at {url} keeps saying it is busy "
                                    "(HTTP 429); wait a minute and try again.").format(url=url),
                          "rate_limited", status)  # fmt: skip
        if status >= 500:
            return _error(lambda: _("The embeddings server at {url} failed (HTTP {status}); try "
                                    "again later or check the server's log.").format(
                url=url, status=status), "server_error", status)  # fmt: skip
        return _error(lambda: _("The embeddings server at {url} rejected the request (HTTP "
                                "{status}); check WSNB_EMBED_MODEL and the server's log.").format(
            url=url, status=status), "bad_request", status)  # fmt: skip


def _error(sentence: Callable[[], str], kind: str, status: int | None = None) -> LLMError:
    """An ``LLMError`` whose ``retell()`` says it again in the language of the moment."""
    return LLMError(sentence(), kind=kind, status=status, retell=sentence)
