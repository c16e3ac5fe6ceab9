"""A quick start over stdio: the first message is answered before the SDK or the workspace
loads, in the words the SDK would have used, and the SDK then serves the rest.

The speed itself is measured by ``bench/bench_mcp.py`` (spawn to ``initialize`` against
``python -c "import mcp.server"`` in the same run); here: what the answer says, and what the
answer needs loaded.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS
from test_mcp_stdio import WORKTREE, _env

from wsnb.mcp import front

ENVELOPE = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "1"},
            "io.modelcontextprotocol/clientCapabilities": {}}  # fmt: skip


def _line(message: dict[str, Any]) -> bytes:
    return (json.dumps({"jsonrpc": "2.0", **message}) + "\n").encode()


def converse(root: Path, first: dict[str, Any], then: list[dict[str, Any]]) -> tuple[
        list[dict[str, Any]], str]:  # fmt: skip
    """Send ``first`` and read its answer, then the rest; every answer line, and stderr."""
    server = subprocess.Popen([sys.executable, "-m", "wsnb.mcp", str(root), "-v"], env=_env(),
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)  # fmt: skip
    assert server.stdin is not None and server.stdout is not None
    server.stdin.write(_line(first))
    server.stdin.flush()
    answers = [json.loads(server.stdout.readline())]  # before anything else is sent
    for message in then:
        server.stdin.write(_line(message))
        server.stdin.flush()
        if "id" in message:
            answers.append(json.loads(server.stdout.readline()))
    server.stdin.close()  # the end of the conversation: the server ends
    try:
        server.wait(60)
    finally:
        server.kill()
    assert server.stderr is not None
    rest, errors = server.stdout.read(), server.stderr.read()
    server.stdout.close()
    server.stderr.close()
    assert rest == b"", rest  # nothing after the answers: no answer sent twice
    return answers, errors.decode()


def test_the_front_knows_the_sdks_protocol_versions() -> None:
    assert front.HANDSHAKE_VERSIONS == HANDSHAKE_PROTOCOL_VERSIONS
    assert front.MODERN_VERSIONS == MODERN_PROTOCOL_VERSIONS


@pytest.mark.parametrize("version", [*HANDSHAKE_PROTOCOL_VERSIONS, "1999-01-01"])
def test_initialize_is_answered_first_as_the_sdk_answers_it(tmp_path: Path,
                                                            version: str) -> None:  # fmt: skip
    (tmp_path / "a.txt").write_text("a\n", encoding="utf-8")
    first = {"id": 1, "method": "initialize", "params": {
        "protocolVersion": version, "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"}}}
    answers, errors = converse(tmp_path, first, [
        {"method": "notifications/initialized"},
        {"id": 2, "method": "tools/call", "params": {"name": "read_file",
                                                     "arguments": {"path": "a.txt"}}}])
    hello, read = answers
    known = version in HANDSHAKE_PROTOCOL_VERSIONS
    expected = version if known else HANDSHAKE_PROTOCOL_VERSIONS[-1]
    assert hello["id"] == 1 and hello["result"]["protocolVersion"] == expected
    assert hello["result"]["serverInfo"]["name"] == "wsnb"
    assert "list_my_plans" in hello["result"]["instructions"]
    assert read["id"] == 2 and read["result"]["structuredContent"]["text"] == "a\n"
    assert "answered the handshake before the workspace opened" in errors
    assert "differed" not in errors  # the SDK's own answer, held back, said the same


def test_a_2026_clients_discover_is_answered_first_as_the_sdk_answers_it(
        tmp_path: Path) -> None:  # fmt: skip
    first = {"id": 1, "method": "server/discover", "params": {"_meta": ENVELOPE}}
    answers, errors = converse(tmp_path, first, [
        {"id": 2, "method": "tools/list", "params": {"_meta": ENVELOPE}}])
    hello, listed = answers
    assert hello["result"]["supportedVersions"] == list(MODERN_PROTOCOL_VERSIONS)
    assert {tool["name"] for tool in listed["result"]["tools"]} >= {"read_file", "list_my_plans"}
    assert "answered the handshake" in errors and "differed" not in errors


def test_anything_else_first_waits_for_the_sdk(tmp_path: Path) -> None:
    first = {"id": 7, "method": "ping"}
    answers, errors = converse(tmp_path, first, [])
    assert answers[0]["id"] == 7 and "answered the handshake" not in errors


def test_the_first_answer_needs_neither_the_sdk_nor_pandas() -> None:
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, wsnb.mcp.cli, wsnb.mcp.front; print(sorted({m.split("
         "'.')[0] for m in sys.modules} & {'mcp', 'mcp_types', 'pandas', 'numpy', 'pydantic', "
         "'anyio'}))"], env=_env(), capture_output=True, text=True, check=True, cwd=WORKTREE)
    assert loaded.stdout.strip() == "[]"
