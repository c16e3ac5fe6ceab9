"""What a client sees when it gets something wrong: wsnb's own sentence, in the server's language.

A bad or missing argument is a tool error that names the argument and what
it takes (never pydantic's "validation error" dump); over HTTP a missing
token is told where the token is printed, and a wrong one that it is wrong.
Driven through the SDK's own client, as agents reach the server.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from test_mcp_http import call, make_tree, text
from test_mcp_stdio import run, stdio

import wsnb
from wsnb.mcp.http import RunningServer, start_in_thread

_INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-11-25", "capabilities": {},
    "clientInfo": {"name": "probe", "version": "1"}}}  # fmt: skip
_ACCEPT = {"Accept": "application/json, text/event-stream"}
_CHINESE = re.compile("[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_tree(tmp_path_factory.mktemp("mcp-errors"))


@pytest.fixture(scope="module")
def served(tree: Path) -> Iterator[RunningServer]:
    ws = wsnb.open_workspace(tree, watch=False)
    server = start_in_thread(ws)
    yield server
    server.close()
    ws.close()


def _said(result: Any) -> str:
    assert result.is_error
    said = text(result)
    assert "pydantic" not in said and "validation error" not in said, said
    assert said.rstrip().endswith("."), said  # a whole sentence
    return said


@pytest.mark.parametrize(("tool", "args", "words"), [
    ("read_file", {}, ["read_file needs the argument path", "workspace-relative path"]),
    ("find_files", {"limit": 3}, ["find_files needs the argument keyword"]),
    ("read_file", {"path": 7}, ["argument path of read_file must be text", "a number 7"]),
    ("find_files", {"keyword": "a", "limit": "many"},
     ["argument limit of find_files must be a whole number", "text 'many'"]),
    ("search_text", {"pattern": "a", "regex": "perhaps"},
     ["argument regex of search_text must be true or false"]),
    ("read_file", {"path": "README.md", "lines": 3},
     ["read_file has no argument lines", "it takes path, start_line, end_line"]),
    ("workspace_summary", {"verbose": True}, ["workspace_summary takes no arguments"]),
    ("read_files", {"paths": "README.md"}, ["argument paths of read_files must be a list of text"]),
    ("read_files", {"paths": ["README.md", {"path": "x"}]},
     ["Item 2 of the argument paths of read_files is an object"]),
    ("propose_rename", {"path": "old.txt"}, ["propose_rename needs the argument new_name"]),
])  # fmt: skip
def test_a_bad_argument_is_a_sentence_that_names_it(served: RunningServer, tool: str,
                                                    args: dict[str, Any],
                                                    words: list[str]) -> None:  # fmt: skip
    said = _said(call(served, tool, args))
    for part in words:
        assert part in said, said


def test_lenient_forms_a_model_sends_are_taken(served: RunningServer, tree: Path) -> None:
    """Numbers and true/false as text, and a list as JSON text (as some clients send them)."""
    part = call(served, "read_file", {"path": "README.md", "start_line": "2", "end_line": 2.0})
    listed = call(served, "read_files", {"paths": '["README.md", "old.txt"]'})
    regex = call(served, "search_text", {"pattern": "hel+o", "regex": "true"})
    assert not part.is_error and part.structured_content["text"] == "hello world\n"
    assert not listed.is_error and listed.structured_content["read"] == 2
    assert not regex.is_error and regex.structured_content["rows"]
    left_out = call(served, "list_folder", {"path": None})  # null is "left out"
    assert not left_out.is_error


def test_the_sentence_follows_the_servers_language(tree: Path) -> None:
    wsnb.set_language("zh")
    ws = wsnb.open_workspace(tree, watch=False)
    try:
        with start_in_thread(ws) as server:
            missing = text(call(server, "read_file", {}))
            wrong = text(call(server, "find_files", {"keyword": 5}))
    finally:
        ws.close()
    for said in (missing, wrong):
        body = said.split(":", 1)[1]  # the SDK's "Error executing tool X:" stays English
        assert _CHINESE.search(body) and "pydantic" not in said, said
    assert "path" in missing and "keyword" in wrong


def test_a_bad_argument_over_stdio_is_the_same_sentence(tree: Path) -> None:
    async def session(client: Client) -> list[Any]:
        return [await client.call_tool("read_file", {}),
                await client.call_tool("read_files", {"paths": [1]})]

    missing, item = run(stdio(tree), session)
    assert "read_file needs the argument path" in _said(missing)
    assert "Item 1 of the argument paths" in _said(item)


# -- the token over HTTP --------------------------------------------------------------------


def _post(server: RunningServer, **headers: str) -> httpx2.Response:
    with httpx2.Client(timeout=10) as http:
        return http.post(server.url, json=_INIT, headers={**_ACCEPT, **headers})


def test_a_missing_token_is_told_where_the_token_is_printed(served: RunningServer) -> None:
    for headers in ({}, {"Authorization": "Basic dXNlcjpwYXNz"}, {"Authorization": "Bearer"}):
        answer = _post(served, **headers)
        body = answer.json()
        assert answer.status_code == 401 and body["error"] == "unauthorized"
        said = body["error_description"]
        assert "needs a bearer token" in said and "wsnb-mcp --http" in said
        assert "serve_mcp()" in said and "invalid_token" not in answer.headers["www-authenticate"]


def test_a_wrong_token_is_told_it_is_wrong(served: RunningServer) -> None:
    answer = _post(served, Authorization="Bearer not-the-token")
    body = answer.json()
    assert answer.status_code == 401 and body["error"] == "invalid_token"
    assert body["error_description"].startswith("The bearer token is wrong")
    assert 'error="invalid_token"' in answer.headers["www-authenticate"]
    assert served.token not in answer.text
    good = _post(served, Authorization=f"Bearer {served.token}")
    assert good.status_code == 200


def test_the_token_sentences_follow_the_servers_language(tree: Path) -> None:
    wsnb.set_language("zh")
    ws = wsnb.open_workspace(tree, watch=False)
    try:
        with start_in_thread(ws) as server:
            missing = _post(server).json()["error_description"]
            wrong = _post(server, Authorization="Bearer nope").json()["error_description"]
    finally:
        ws.close()
    assert _CHINESE.search(missing) and _CHINESE.search(wrong) and missing != wrong
    assert "wsnb-mcp --http" in missing


def test_the_sdk_client_with_a_wrong_token_gets_no_session(served: RunningServer) -> None:
    """The SDK's own client is refused before any session (it shows its own words, not the
    401's body: the sentence reaches clients that read the body, as the tests above do)."""
    from mcp.shared.exceptions import MCPError

    async def main() -> None:
        headers = {"Authorization": "Bearer wrong"}
        async with httpx2.AsyncClient(headers=headers, timeout=10) as http:
            transport = streamable_http_client(served.url, http_client=http)
            async with Client(transport) as client:
                await client.list_tools()

    with pytest.raises(BaseExceptionGroup) as caught:
        anyio.run(main)
    assert caught.group_contains(MCPError)
