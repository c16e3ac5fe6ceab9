"""A real HTTP server on 127.0.0.1 that speaks the OpenAI Chat Completions protocol.

Each test scripts what it answers, one step per request: a JSON body with a
status, a server-sent event stream, a pause (for timeouts) or raw bytes
(garbage). The server records every request (path, headers, JSON body) so a
test can check what the client really sent over the network.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Step:
    """One scripted answer."""

    status: int = 200
    body: Any = None  # a JSON-able object, or bytes sent as they are
    events: list[Any] | None = None  # SSE: JSON-able chunks, then [DONE]
    delay: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)
    when: Callable[[dict[str, Any]], Any] | None = None  # build the body from the request


@dataclass
class Seen:
    method: str
    path: str
    headers: dict[str, str]
    body: Any


def completion(content: str = "", tool_calls: list[dict[str, Any]] | None = None,
               model: str = "test-model") -> dict[str, Any]:  # fmt: skip
    """A non-streamed Chat Completions answer."""
    message: dict[str, Any] = {"role": "assistant", "content": content or None}
    if tool_calls:
        message["tool_calls"] = tool_calls
    finish = "tool_calls" if tool_calls else "stop"
    return {"id": "chatcmpl-1", "object": "chat.completion", "model": model,
            "choices": [{"index": 0, "message": message, "finish_reason": finish}]}  # fmt: skip


def call(name: str, arguments: dict[str, Any], call_id: str = "call_1") -> dict[str, Any]:
    """One tool call as a model sends it."""
    return {"id": call_id, "type": "function",
            "function": {"name": name, "arguments": json.dumps(arguments)}}  # fmt: skip


def text_chunks(text: str, size: int = 4, model: str = "test-model") -> list[dict[str, Any]]:
    """SSE chunks that stream ``text`` in pieces of ``size`` characters."""
    chunks = [{"model": model, "choices": [{"index": 0, "delta": {"role": "assistant"}}]}]
    for start in range(0, len(text), size):
        chunks.append({"model": model, "choices": [
            {"index": 0, "delta": {"content": text[start:start + size]}}]})  # fmt: skip
    chunks.append({"model": model, "choices": [{"index": 0, "delta": {},
                                                "finish_reason": "stop"}]})  # fmt: skip
    return chunks


class ScriptedServer:
    """The server, its scripted answers, and what it saw."""

    def __init__(self) -> None:
        self.steps: deque[Step] = deque()
        self.seen: list[Seen] = []
        self.default = Step(status=500, body={"error": {"message": "no scripted answer left"}})
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep the test output clean
                pass

            def do_GET(self) -> None:
                server._answer(self, None)

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = raw
                server._answer(self, body)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        port = self.httpd.server_address[1]
        return f"http://127.0.0.1:{port}/v1"

    def script(self, *steps: Step) -> None:
        self.steps.extend(steps)

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    @property
    def chat_requests(self) -> list[Seen]:
        return [s for s in self.seen if s.path.endswith("/chat/completions")]

    def _answer(self, handler: BaseHTTPRequestHandler, body: Any) -> None:
        self.seen.append(Seen(handler.command, handler.path, dict(handler.headers.items()), body))
        step = self.steps.popleft() if self.steps else self.default
        if step.delay:
            time.sleep(step.delay)
        try:
            if step.events is not None:
                self._stream(handler, step)
            else:
                self._send(handler, step, body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout test)

    def _send(self, handler: BaseHTTPRequestHandler, step: Step, request: Any) -> None:
        payload = step.when(request) if step.when is not None else step.body
        raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        handler.send_response(step.status)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(raw)))
        for key, value in step.headers.items():
            handler.send_header(key, value)
        handler.end_headers()
        handler.wfile.write(raw)

    def _stream(self, handler: BaseHTTPRequestHandler, step: Step) -> None:
        handler.send_response(step.status)
        handler.send_header("Content-Type", "text/event-stream")
        handler.send_header("Cache-Control", "no-cache")
        handler.end_headers()
        for event in _sse(step.events or []):
            handler.wfile.write(event)
            handler.wfile.flush()
        handler.close_connection = True


def _sse(events: list[Any]) -> Iterator[bytes]:
    for event in events:
        data = event if isinstance(event, str) else json.dumps(event)
        yield f"data: {data}\n\n".encode()
    yield b"data: [DONE]\n\n"
