"""The model client over a real HTTP server on 127.0.0.1: answers, streams, tool calls, errors."""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator

import pytest
from agent_server import ScriptedServer, Step, call, completion, text_chunks

from wsnb import LLMError
from wsnb.llm import LLMClient

KEY = "sk-test-secret-key-0123"


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    srv = ScriptedServer()
    yield srv
    srv.close()


def client(server: ScriptedServer, **options: object) -> LLMClient:
    sleeps: list[float] = []
    llm = LLMClient(server.url, model="test-model", api_key=KEY, environ={},
                    sleep=sleeps.append, **options)  # type: ignore[arg-type]
    llm.sleeps = sleeps  # type: ignore[attr-defined]
    return llm


USER = [{"role": "user", "content": "hello"}]


def test_a_plain_answer_and_what_was_sent(server: ScriptedServer) -> None:
    server.script(Step(body=completion("Hi there.")))
    result = client(server).chat(USER)
    assert result.content == "Hi there."
    assert result.tool_calls == []
    sent = server.chat_requests[0]
    assert sent.body["model"] == "test-model"
    assert sent.body["messages"] == USER
    assert sent.headers["Authorization"] == f"Bearer {KEY}"
    assert "stream" not in sent.body


def test_settings_come_from_the_environment(server: ScriptedServer) -> None:
    server.script(Step(body=completion("ok")))
    env = {"WSNB_LLM_BASE_URL": server.url, "WSNB_LLM_MODEL": "env-model", "OPENAI_API_KEY": "k"}
    llm = LLMClient(environ=env)
    assert llm.base_url == server.url and llm.model == "env-model"
    llm.chat(USER)
    assert server.chat_requests[0].body["model"] == "env-model"
    assert server.chat_requests[0].headers["Authorization"] == "Bearer k"
    assert LLMClient(environ={"OPENAI_BASE_URL": "http://x/v1/"}).base_url == "http://x/v1"
    assert "k" not in repr(LLMClient(environ=env)).split("model=")[0].replace("localhost", "")


def test_list_models_and_a_default_model(server: ScriptedServer) -> None:
    models = {"object": "list", "data": [{"id": "qwen2.5:7b"}, {"id": "llama3"}]}
    server.script(Step(body=models), Step(body=models), Step(body=completion("ok")))
    llm = LLMClient(server.url, environ={})
    assert llm.list_models() == ["qwen2.5:7b", "llama3"]
    llm.chat(USER)
    assert llm.model == "qwen2.5:7b"
    assert server.chat_requests[0].body["model"] == "qwen2.5:7b"
    assert "Authorization" not in server.chat_requests[0].headers


def test_streamed_text_reaches_the_callback_in_pieces(server: ScriptedServer) -> None:
    server.script(Step(events=text_chunks("The answer is in README.md.", size=5)))
    pieces: list[str] = []
    result = client(server).chat(USER, on_text=pieces.append)
    assert len(pieces) > 3
    assert "".join(pieces) == result.content == "The answer is in README.md."
    assert server.chat_requests[0].body["stream"] is True


def test_tool_calls_non_streamed(server: ScriptedServer) -> None:
    server.script(Step(body=completion(tool_calls=[call("read_file", {"path": "a.py"}, "c1"),
                                                   call("search_text", {"pattern": "X"}, "c2")])))
    tools = [{"type": "function", "function": {"name": "read_file", "parameters": {}}}]
    result = client(server).chat(USER, tools=tools)
    assert [(c.id, c.name, c.args()) for c in result.tool_calls] == [
        ("c1", "read_file", {"path": "a.py"}), ("c2", "search_text", {"pattern": "X"})]
    assert result.finish_reason == "tool_calls"
    assert server.chat_requests[0].body["tools"] == tools
    assert result.message()["tool_calls"][0]["function"]["name"] == "read_file"


def test_tool_calls_streamed_in_fragments(server: ScriptedServer) -> None:
    def delta(call: dict[str, object]) -> dict[str, object]:
        return {"choices": [{"delta": {"tool_calls": [{"index": 0, **call}]}}]}

    frag = [
        delta({"id": "c9", "type": "function", "function": {"name": "rename", "arguments": ""}}),
        delta({"function": {"arguments": '{"path": '}}),
        delta({"function": {"arguments": '"a.txt", "new_name": "b.txt"}'}}),
        {"choices": [{"delta": {}, "finish_reason": "tool_calls"}]},
    ]
    server.script(Step(events=frag))
    result = client(server).chat(USER, tools=[], on_text=lambda _: None)
    assert len(result.tool_calls) == 1
    assert result.tool_calls[0].id == "c9"
    assert result.tool_calls[0].args() == {"path": "a.txt", "new_name": "b.txt"}
    assert result.finish_reason == "tool_calls"


def test_429_then_success_retries_with_backoff(server: ScriptedServer) -> None:
    busy = {"error": {"message": "rate limited"}}
    server.script(Step(status=429, body=busy),
                  Step(status=429, body=busy, headers={"Retry-After": "2"}),
                  Step(body=completion("finally")))  # fmt: skip
    llm = client(server)
    assert llm.chat(USER).content == "finally"
    assert llm.sleeps == [0.5, 2.0]  # type: ignore[attr-defined]
    assert len(server.chat_requests) == 3


def test_500_is_retried_a_bounded_number_of_times(server: ScriptedServer) -> None:
    server.script(*[Step(status=500, body={"error": {"message": "boom"}})] * 4)
    llm = client(server, max_retries=2)
    with pytest.raises(LLMError) as info:
        llm.chat(USER)
    assert info.value.kind == "server_error"  # type: ignore[attr-defined]
    assert len(server.chat_requests) == 3
    assert llm.sleeps == [0.5, 1.0]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("status", "body", "kind", "words"),
    [
        (401, {"error": {"message": "Incorrect API key provided"}}, "auth", "API key"),
        (404, {"error": {"message": 'model "nope" not found, try pulling it first'}},
         "unknown_model", "doesn't know the model"),
        (400, {"error": {"message": "The model `nope` does not exist"}}, "unknown_model",
         "doesn't know the model"),
        (400, {"error": {"message": "This model's maximum context length is 4096 tokens",
                         "code": "context_length_exceeded"}}, "context_length", "too long"),
        (422, {"error": {"message": "bad field"}}, "bad_request", "rejected"),
    ],
)  # fmt: skip
def test_error_answers_become_one_sentence(
    server: ScriptedServer, status: int, body: object, kind: str, words: str
) -> None:
    server.script(Step(status=status, body=body))
    with pytest.raises(LLMError) as info:
        client(server).chat(USER)
    assert info.value.kind == kind  # type: ignore[attr-defined]
    message = str(info.value)
    assert words in message
    assert message.endswith(".") and message.count("\n") == 0
    assert KEY not in message
    assert len(server.chat_requests) == 1  # never retried


def test_garbage_is_a_malformed_answer(server: ScriptedServer) -> None:
    server.script(Step(body=b"<html>not json</html>"), Step(body={"choices": []}),
                  Step(events=["{not json"]), Step(body={"no": "data"}))  # fmt: skip
    llm = client(server)
    for attempt in (lambda: llm.chat(USER), lambda: llm.chat(USER),
                    lambda: llm.chat(USER, on_text=lambda _: None), llm.list_models):  # fmt: skip
        with pytest.raises(LLMError) as info:
            attempt()
        assert info.value.kind == "malformed"  # type: ignore[attr-defined]


def test_bad_tool_arguments_are_malformed(server: ScriptedServer) -> None:
    bad = {"id": "c1", "type": "function", "function": {"name": "read_file", "arguments": "{oops"}}
    server.script(Step(body=completion(tool_calls=[bad])))
    result = client(server).chat(USER)
    with pytest.raises(LLMError, match="not valid JSON"):
        result.tool_calls[0].args()


def test_a_timeout(server: ScriptedServer) -> None:
    server.script(Step(body=completion("late"), delay=1.5))
    with pytest.raises(LLMError) as info:
        client(server, timeout=0.3).chat(USER)
    assert info.value.kind == "timeout"  # type: ignore[attr-defined]
    assert "did not answer" in str(info.value)


def test_no_server() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # nothing listens on it once closed
    llm = LLMClient(f"http://127.0.0.1:{port}/v1", model="m", environ={})
    with pytest.raises(LLMError) as info:
        llm.chat(USER)
    assert info.value.kind == "no_server"  # type: ignore[attr-defined]
    assert "No language-model server answers" in str(info.value)


def test_logs_never_hold_the_key_or_the_content(
    server: ScriptedServer, caplog: pytest.LogCaptureFixture
) -> None:
    server.script(Step(body=completion("secret answer text")), Step(status=401, body={}))
    caplog.set_level(logging.DEBUG)
    llm = client(server)
    llm.chat([{"role": "user", "content": "private file contents"}])
    with pytest.raises(LLMError):
        llm.chat(USER)
    logged = caplog.text
    assert "POST /chat/completions -> HTTP 200" in logged
    for secret in (KEY, "Bearer", "private file contents", "secret answer text"):
        assert secret not in logged
