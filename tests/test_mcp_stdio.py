"""The MCP server as agents start it: ``python -m wsnb.mcp ROOT`` as a subprocess over stdio.

Also the command line's ``--http`` (its URL and token on stderr) and a server
killed between a proposal and its confirmation: the plan is on disk, and a
fresh process confirms it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import IO, Any

import anyio
import httpx2
import pytest
from helpers import user_files
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp_types import CallToolResult, Implementation
from test_mcp_http import ACTS, PROPOSALS, READS, SECRET, data, make_tree, text

import wsnb

WORKTREE = str(Path(__file__).resolve().parents[1])


def _env(**extra: str) -> dict[str, str]:
    env = {**os.environ, **extra}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [WORKTREE, env.get("PYTHONPATH")]))
    return env


def stdio(root: Path, *args: str, pidfile: Path | None = None) -> StdioServerParameters:
    command = [sys.executable, "-m", "wsnb.mcp", str(root), *args]
    if pidfile is None:
        return StdioServerParameters(command=command[0], args=command[1:], env=_env())
    # The shell writes its pid and becomes the server, so the test can kill it outright.
    script = f'echo $$ > "{pidfile}"; exec "$@"'
    return StdioServerParameters(command="/bin/sh", args=["-c", script, "sh", *command],
                                 env=_env())  # fmt: skip


def connect(params: StdioServerParameters, log: IO[str], name: str = "claude-code") -> Client:
    """A client of a server subprocess whose stderr goes to ``log``.

    ``stdio_client``'s default stderr is whatever ``sys.stderr`` was when the SDK was first
    imported; under pytest that may be a capture that is closed by now.
    """
    return Client(stdio_client(params, errlog=log), read_timeout_seconds=30,
                  client_info=Implementation(name=name, version="1"))  # fmt: skip


def run(params: StdioServerParameters, session: Callable[[Client], Awaitable[Any]],
        name: str = "claude-code") -> Any:  # fmt: skip
    async def main() -> Any:
        with tempfile.TemporaryFile("w+") as log:
            async with connect(params, log, name) as client:
                return await session(client)

    return anyio.run(main)


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    return make_tree(tmp_path)


def test_a_session_over_stdio(tree: Path) -> None:
    before = user_files(tree)

    async def session(client: Client) -> dict[str, Any]:
        out: dict[str, Any] = {"tools": (await client.list_tools()).tools}
        out["find"] = await client.call_tool("find_files", {"keyword": ".py"})
        out["grep"] = await client.call_tool("search_text", {"pattern": "hello"})
        out["read"] = await client.call_tool("read_file", {"path": "README.md"})
        out["env"] = await client.call_tool("read_file", {"path": ".env"})
        out["secret"] = await client.call_tool("search_text", {"pattern": SECRET})
        out["up"] = await client.call_tool("read_file", {"path": "../outside/secret.txt"})
        out["plan"] = await client.call_tool("propose_move", {"source": "old.txt",
                                                              "target": "notes/old.txt"})
        return out

    out = run(stdio(tree), session)
    tools = {t.name: t for t in out["tools"]}
    assert set(tools) == READS | PROPOSALS | ACTS
    assert all(tools[n].annotations.read_only_hint for n in READS)
    assert not any(tools[n].annotations.read_only_hint for n in PROPOSALS | ACTS)
    ws = wsnb.open_workspace(tree, watch=False)
    assert [r["path"] for r in data(out["find"])["rows"]] == ws.find(".py")["path"].tolist()
    grep = ws.grep("hello", limit=50)
    assert [(r["path"], r["line"]) for r in data(out["grep"])["rows"]] == list(
        zip(grep["path"], grep["line"], strict=True))
    assert data(out["read"])["text"] == ws.read("README.md").text
    assert out["env"].is_error and SECRET not in text(out["env"])
    assert data(out["secret"])["rows"] == []
    assert out["up"].is_error and "outside the workspace" in text(out["up"])
    plan = data(out["plan"])
    assert plan["state"] == "pending"
    assert ws.plan_store.status(plan["plan_id"]).proposer == "mcp:claude-code"
    assert user_files(tree) == before
    ws.close()


def test_a_server_killed_between_propose_and_confirm_loses_nothing(tree: Path) -> None:
    pidfile = tree.parent / "server.pid"
    proposed: list[CallToolResult] = []

    async def propose_then_die(client: Client) -> None:
        proposed.append(await client.call_tool("propose_create_file", {
            "path": "survivor.txt", "content": "still here\n"}))
        os.kill(int(pidfile.read_text()), signal.SIGKILL)

    run(stdio(tree, pidfile=pidfile), propose_then_die)
    with pytest.raises(ProcessLookupError):  # the server is gone (and reaped)
        os.kill(int(pidfile.read_text()), 0)
    plan_id = data(proposed[0])["plan_id"]
    assert not (tree / "survivor.txt").exists()

    # A fresh process (this one, never the server's) finds the plan and confirms it.
    person = wsnb.open_workspace(tree, watch=False)
    assert [p.id for p in person.pending_plans()] == [plan_id]
    person.plan_store.confirm(plan_id, confirmed_by="notebook")
    person.close()
    assert (tree / "survivor.txt").read_text() == "still here\n"

    async def ask(client: Client) -> CallToolResult:
        return await client.call_tool("plan_status", {"plan_id": plan_id})

    status = data(run(stdio(tree), ask))
    assert status["state"] == "done" and status["proposer"] == "mcp:claude-code"


def _start_http(tree: Path, *args: str, **env: str) -> tuple[subprocess.Popen[str], str, str]:
    """The server as a person starts it, and the two lines it says on stderr."""
    process = subprocess.Popen([sys.executable, "-m", "wsnb.mcp", str(tree), "--http",
                                "--port", "0", *args], env=_env(**env), text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    assert process.stderr is not None
    lines = [process.stderr.readline(), process.stderr.readline()]
    url = lines[0].rsplit(" at ", 1)[1].strip()
    return process, url, lines[1]


def test_the_command_line_serves_http_with_a_token(tree: Path) -> None:
    process, url, token_line = _start_http(tree)
    token = token_line.rsplit("Bearer ", 1)[1].strip()
    try:
        assert url.startswith("http://127.0.0.1:") and url.endswith("/mcp")

        async def main() -> Any:
            headers = {"Authorization": f"Bearer {token}"}
            async with httpx2.AsyncClient(headers=headers, timeout=30) as http:
                transport = streamable_http_client(url, http_client=http)
                async with Client(transport) as client:
                    return await client.call_tool("read_file", {"path": "README.md"})

        assert data(anyio.run(main))["text"] == "# Demo\nhello world\n"
        with httpx2.Client(timeout=10) as http:
            assert http.post(url, json={}).status_code == 401
    finally:
        process.terminate()
        out, _rest = process.communicate(timeout=10)
    assert out == ""  # stdout says nothing


def test_a_token_from_the_environment_is_never_printed(tree: Path) -> None:
    chosen = "chosen-token-0123456789"
    process, _url, token_line = _start_http(tree, WSNB_MCP_TOKEN=chosen)
    process.terminate()
    _out, rest = process.communicate(timeout=10)
    assert "WSNB_MCP_TOKEN" in token_line
    assert chosen not in token_line + rest


def test_a_missing_root_is_a_sentence_and_exit_2(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "wsnb.mcp", str(tmp_path / "nope")],
                          env=_env(), capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 2
    assert done.stdout == "" and "nope" in done.stderr and done.stderr.strip().endswith(".")


def test_two_agents_with_their_own_servers_propose_at_once(tree: Path) -> None:
    """Two clients, each starting its own stdio server on one folder, meet in the store."""
    before = user_files(tree)
    answers: list[CallToolResult] = []

    async def agent(name: str) -> None:
        with tempfile.TemporaryFile("w+") as log:
            async with connect(stdio(tree), log, name) as client:
                for n in range(4):
                    answers.append(await client.call_tool("propose_create_file", {
                        "path": f"{name}-{n}.txt", "content": f"{name}\n"}))

    async def both() -> None:
        async with anyio.create_task_group() as group:
            group.start_soon(agent, "cursor")
            group.start_soon(agent, "copilot")

    anyio.run(both)
    ids = {data(a)["plan_id"] for a in answers}
    person = wsnb.open_workspace(tree, watch=False)
    waiting = {p.id: person.plan_store.status(p.id).proposer for p in person.pending_plans()}
    person.close()
    assert len(ids) == 8 and set(waiting) == ids
    assert sorted(set(waiting.values())) == ["mcp:copilot", "mcp:cursor"]
    assert user_files(tree) == before
