"""A client for OpenAI-compatible Chat Completions servers (Ollama, vLLM, LM Studio, OpenAI).

The transport seam: pass an ``httpx.Client`` (or just a base URL) so tests
talk to a real server on 127.0.0.1. Settings come from arguments, else from
``WSNB_LLM_BASE_URL`` / ``OPENAI_BASE_URL``, ``WSNB_LLM_MODEL``,
``WSNB_LLM_API_KEY`` / ``OPENAI_API_KEY`` in an injectable environment.

Retries: 429 and 5xx answers are retried a bounded number of times with
exponential backoff (``Retry-After`` honoured up to a cap; the sleep is
injectable). Every failure is one ``LLMError`` sentence whose ``kind`` says
what went wrong: ``no_server``, ``auth``, ``unknown_model``, ``rate_limited``,
``server_error``, ``context_length``, ``malformed``, ``timeout``, ``bad_request``.

Logging says which endpoint, which status and how many tokens of text came
back; never the key, the Authorization header, or any message content.
httpx is imported when a client is built, so ``import wsnb`` stays light.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import LLMError

if TYPE_CHECKING:
    import httpx

__all__ = ["DEFAULT_BASE_URL", "ChatResult", "LLMClient", "ToolCall"]

logger = logging.getLogger("wsnb")

DEFAULT_BASE_URL = "https://api.openai.com/v1"
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
MAX_RETRY_AFTER = 30.0


@dataclass(frozen=True)
class ToolCall:
    """One function call the model asked for; ``arguments`` is the JSON text it sent."""

    id: str
    name: str
    arguments: str

    def args(self) -> dict[str, Any]:
        """The arguments as a dict; an ``LLMError`` (kind ``malformed``) if they aren't JSON."""
        try:
            value = json.loads(self.arguments or "{}")
        except json.JSONDecodeError:
            raise LLMError(f"The model's arguments for {self.name} are not valid JSON; "
                           "ask again or use a model that supports tool calls.",
                           kind="malformed") from None  # fmt: skip
        if not isinstance(value, dict):
            raise LLMError(f"The model's arguments for {self.name} are not a JSON object; "
                           "ask again.", kind="malformed")  # fmt: skip
        return value

    def message(self) -> dict[str, Any]:
        return {"id": self.id, "type": "function",
                "function": {"name": self.name, "arguments": self.arguments}}  # fmt: skip


@dataclass
class ChatResult:
    """The model's answer: its text, the tool calls it asked for, and why it stopped."""

    content: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    finish_reason: str = ""
    model: str = ""

    def message(self) -> dict[str, Any]:
        """The assistant message to append to the conversation."""
        msg: dict[str, Any] = {"role": "assistant", "content": self.content or None}
        if self.tool_calls:
            msg["tool_calls"] = [call.message() for call in self.tool_calls]
        return msg


def _error_text(response: httpx.Response) -> str:
    """The server's own error message (never echoed into logs)."""
    try:
        body = response.json()
    except ValueError:
        return response.text[:300]
    error = body.get("error", body) if isinstance(body, dict) else body
    if isinstance(error, dict):
        return str(error.get("message") or error.get("code") or "")
    return str(error)


_CONTEXT_WORDS = ("context length", "context_length", "context window", "maximum context",
                  "too long", "too many tokens")  # fmt: skip
_MODEL_MISSING = ("not found", "does not exist", "no such model", "unknown model")


def _status_error(response: httpx.Response, model: str, base_url: str) -> LLMError:
    status = response.status_code
    detail = _error_text(response).lower()
    if status in {401, 403}:
        return LLMError(f"The server at {base_url} refused the API key (HTTP {status}); "
                        "check WSNB_LLM_API_KEY or OPENAI_API_KEY.", kind="auth", status=status)
    if any(words in detail for words in _CONTEXT_WORDS):
        return LLMError("The conversation is too long for the model's context; ask about "
                        "fewer files or start a new conversation.", kind="context_length",
                        status=status)  # fmt: skip
    if status == 404 or ("model" in detail and any(w in detail for w in _MODEL_MISSING)):
        return LLMError(f"The server at {base_url} doesn't know the model {model!r}; pick one "
                        "from list_models() (for Ollama, pull it first).",
                        kind="unknown_model", status=status)  # fmt: skip
    if status == 429:
        return LLMError("The server keeps saying it is busy (HTTP 429); wait a minute and ask "
                        "again.", kind="rate_limited", status=status)
    if status >= 500:
        return LLMError(f"The server at {base_url} failed (HTTP {status}); try again later "
                        "or check the server's log.", kind="server_error", status=status)
    return LLMError(f"The server at {base_url} rejected the request (HTTP {status}); check "
                    "the model name and the server's log.", kind="bad_request", status=status)


class LLMClient:
    """Chat Completions over httpx, with retries, streaming and tool calls."""

    def __init__(
        self,
        base_url: str | None = None,
        *,
        model: str | None = None,
        api_key: str | None = None,
        client: httpx.Client | None = None,
        timeout: float = 60.0,
        max_retries: int = 2,
        backoff: float = 0.5,
        sleep: Callable[[float], None] = time.sleep,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        env = os.environ if environ is None else environ
        self.base_url = (base_url or env.get("WSNB_LLM_BASE_URL") or env.get("OPENAI_BASE_URL")
                         or DEFAULT_BASE_URL).rstrip("/")  # fmt: skip
        self.model = model or env.get("WSNB_LLM_MODEL") or ""
        self._api_key = api_key or env.get("WSNB_LLM_API_KEY") or env.get("OPENAI_API_KEY") or ""
        self.timeout = timeout
        self.max_retries = max(0, min(max_retries, 5))
        self.backoff = backoff
        self._sleep = sleep
        self._client = client

    def __repr__(self) -> str:  # never shows the key
        return f"<LLMClient {self.base_url} model={self.model or '(server default)'}>"

    # -- the wire ---------------------------------------------------------------------

    def _http(self) -> httpx.Client:
        if self._client is None:
            import httpx

            self._client = httpx.Client(timeout=httpx.Timeout(self.timeout, connect=10.0))
        return self._client

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        return headers

    def _request(self, method: str, path: str, body: dict[str, Any] | None = None,
                 stream: bool = False) -> httpx.Response:  # fmt: skip
        """Send with retries on 429/5xx; a streamed response is returned open (caller closes)."""
        import httpx

        url = f"{self.base_url}{path}"
        for attempt in range(self.max_retries + 1):
            try:
                request = self._http().build_request(method, url, json=body,
                                                     headers=self._headers())  # fmt: skip
                response = self._http().send(request, stream=stream)
            except httpx.TimeoutException:
                raise LLMError(f"The server at {self.base_url} did not answer within "
                               f"{self.timeout:g} seconds; try again or raise the timeout.",
                               kind="timeout") from None  # fmt: skip
            except httpx.TransportError:
                raise LLMError(f"No language-model server answers at {self.base_url}; start "
                               "it (for example `ollama serve`) or check WSNB_LLM_BASE_URL.",
                               kind="no_server") from None  # fmt: skip
            logger.info("llm %s %s -> HTTP %d", method, path, response.status_code)
            if response.status_code < 400:
                return response
            if stream:
                response.read()
                response.close()
            if response.status_code in RETRY_STATUSES and attempt < self.max_retries:
                self._sleep(self._delay(response, attempt))
                continue
            raise _status_error(response, self.model, self.base_url)
        raise AssertionError("unreachable")  # pragma: no cover

    def _delay(self, response: httpx.Response, attempt: int) -> float:
        retry_after = response.headers.get("Retry-After", "")
        try:
            return min(float(retry_after), MAX_RETRY_AFTER)
        except ValueError:
            return float(self.backoff * (2**attempt))

    def _json(self, response: httpx.Response) -> dict[str, Any]:
        try:
            body = response.json()
        except ValueError:
            body = None
        if not isinstance(body, dict):
            raise LLMError(f"The server at {self.base_url} sent something that is not an "
                           "OpenAI-style JSON answer; check that the base URL ends in /v1.",
                           kind="malformed")  # fmt: skip
        return body

    # -- the API ----------------------------------------------------------------------

    def list_models(self) -> list[str]:
        """The model names the server offers."""
        body = self._json(self._request("GET", "/models"))
        data = body.get("data")
        if not isinstance(data, list):
            raise LLMError(f"The server at {self.base_url} sent a model list without 'data'; "
                           "check the base URL.", kind="malformed")  # fmt: skip
        return [str(item.get("id")) for item in data if isinstance(item, dict) and "id" in item]

    def resolve_model(self) -> str:
        """The configured model, else the server's first model."""
        if not self.model:
            models = self.list_models()
            if not models:
                raise LLMError(f"The server at {self.base_url} offers no models; pull or load "
                               "one, or set WSNB_LLM_MODEL.", kind="unknown_model")  # fmt: skip
            self.model = models[0]
        return self.model

    def chat(
        self,
        messages: Sequence[Mapping[str, Any]],
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        on_text: Callable[[str], None] | None = None,
        temperature: float | None = 0.2,
    ) -> ChatResult:
        """One completion. With ``on_text``, the answer streams (SSE) into it piece by piece."""
        body: dict[str, Any] = {"model": self.resolve_model(), "messages": list(messages)}
        if tools:
            body["tools"] = list(tools)
        if temperature is not None:
            body["temperature"] = temperature
        if on_text is None:
            return self._parse_completion(self._json(self._request("POST", "/chat/completions",
                                                                   body)))  # fmt: skip
        body["stream"] = True
        response = self._request("POST", "/chat/completions", body, stream=True)
        try:
            return self._parse_stream(_sse_events(response, self.base_url), on_text)
        finally:
            response.close()

    def _parse_completion(self, body: dict[str, Any]) -> ChatResult:
        try:
            choice = body["choices"][0]
            message = choice["message"]
            calls = [ToolCall(str(c.get("id") or f"call_{i}"), str(c["function"]["name"]),
                              str(c["function"].get("arguments") or "{}"))
                     for i, c in enumerate(message.get("tool_calls") or [])]  # fmt: skip
            result = ChatResult(str(message.get("content") or ""), calls,
                                str(choice.get("finish_reason") or ""),
                                str(body.get("model") or self.model))  # fmt: skip
        except (KeyError, IndexError, TypeError, AttributeError):
            raise LLMError(f"The server at {self.base_url} sent an answer without choices or "
                           "message; check that it speaks the Chat Completions API.",
                           kind="malformed") from None  # fmt: skip
        logger.info("llm answer: %d chars, %d tool calls", len(result.content), len(calls))
        return result

    def _parse_stream(self, events: Iterator[dict[str, Any]],
                      on_text: Callable[[str], None]) -> ChatResult:  # fmt: skip
        result = ChatResult(model=self.model)
        pieces: list[str] = []
        calls: dict[int, dict[str, str]] = {}
        for event in events:
            try:
                choice = event["choices"][0] if event.get("choices") else {}
                delta = choice.get("delta") or {}
                text = delta.get("content") or ""
                for call in delta.get("tool_calls") or []:
                    _merge_call(calls, call)
            except (KeyError, IndexError, TypeError, AttributeError):
                raise LLMError(f"The server at {self.base_url} streamed a chunk that is not a "
                               "Chat Completions delta.", kind="malformed") from None  # fmt: skip
            if text:
                pieces.append(text)
                on_text(text)
            result.finish_reason = str(choice.get("finish_reason") or result.finish_reason)
            result.model = str(event.get("model") or result.model)
        result.content = "".join(pieces)
        result.tool_calls = [ToolCall(c["id"] or f"call_{i}", c["name"], c["arguments"] or "{}")
                             for i, c in sorted(calls.items())]  # fmt: skip
        logger.info("llm streamed answer: %d chars, %d tool calls", len(result.content),
                    len(result.tool_calls))  # fmt: skip
        return result


def _merge_call(calls: dict[int, dict[str, str]], fragment: Mapping[str, Any]) -> None:
    """Add one streamed tool-call fragment (id and name once, arguments in pieces)."""
    slot = calls.setdefault(int(fragment.get("index", len(calls))),
                            {"id": "", "name": "", "arguments": ""})  # fmt: skip
    if fragment.get("id"):
        slot["id"] = str(fragment["id"])
    function = fragment.get("function") or {}
    if function.get("name"):
        slot["name"] += str(function["name"])
    if function.get("arguments"):
        slot["arguments"] += str(function["arguments"])


def _sse_events(response: httpx.Response, base_url: str) -> Iterator[dict[str, Any]]:
    """The JSON objects of a server-sent event stream, until ``[DONE]``."""
    import httpx

    try:
        for line in response.iter_lines():
            if not line.startswith("data:"):
                continue
            data = line[5:].strip()
            if data == "[DONE]":
                return
            try:
                event = json.loads(data)
            except json.JSONDecodeError:
                raise LLMError(f"The server at {base_url} streamed something that is not JSON; "
                               "check that it speaks the Chat Completions API.",
                               kind="malformed") from None  # fmt: skip
            if isinstance(event, dict) and "error" in event:
                raise LLMError(f"The server at {base_url} stopped the answer with an error; "
                               "try again.", kind="server_error")  # fmt: skip
            if isinstance(event, dict):
                yield event
    except httpx.TimeoutException:
        raise LLMError(f"The server at {base_url} stopped sending in the middle of an answer; "
                       "try again.", kind="timeout") from None  # fmt: skip
