"""The MCP server over streamable HTTP on 127.0.0.1, driven by the SDK's own client.

One server per module runs on a daemon thread (``start_in_thread``, as a
kernel runs it); each test opens its own client session. Reads must equal the
Python API's; propose tools must leave the disk as it was until a person
confirms through the store; escapes and sensitive files are refused.
"""

from __future__ import annotations

import os
import re
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx2
import nbformat
import pytest
from helpers import user_files, write
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp_types import CallToolResult, Implementation

import wsnb
from wsnb.errors import UsageError
from wsnb.mcp.http import RunningServer, start_in_thread
from wsnb.tools.table import TOOL_TABLE

SECRET = "sk-live-0123456789abcdefghijklmn"
READS = {"workspace_summary", "list_folder", "find_files", "search_text", "read_file",
         "file_info", "history", "plan_status", "read_files", "folder_tree",
         "list_my_plans", "read_table"}  # fmt: skip
ACTS = {"withdraw_plan"}  # changes a plan's state, never a file
PROPOSALS = {"propose_create_file", "propose_write_file", "propose_create_folder",
             "propose_copy", "propose_move", "propose_rename", "propose_trash",
             "propose_undo", "propose_edit", "propose_changes",
             "propose_rename_identifier", "propose_notebook_edit"}  # fmt: skip


def make_tree(base: Path) -> Path:
    """A small project, a secret or two, and things outside it to try to reach."""
    root = base / "ws"
    write(root, "README.md", "# Demo\nhello world\n")
    write(root, "src/main.py", "def main():\n    print('hello')\n")
    write(root, "src/util.py", "def helper():\n    return 'hello again'\n")
    write(root, "notes/todo.md", "- buy milk\n")
    write(root, "old.txt", "old notes\n")
    write(root, "trash-me.txt", "bye\n")
    write(root, ".env", f"API_KEY={SECRET}\n")
    write(root, "keys/id_rsa", "-----BEGIN OPENSSH PRIVATE KEY-----\nsecretbody\n")
    write(base / "ws-evil", "secret.txt", "sibling secret\n")
    write(base / "outside", "secret.txt", "outside secret\n")
    os.symlink(base / "outside", root / "escape")
    os.symlink(base / "outside" / "secret.txt", root / "link.txt")
    return root


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_tree(tmp_path_factory.mktemp("mcp-http"))


@pytest.fixture
def fresh(tmp_path: Path) -> Path:
    """A tree of its own, for a test that changes it."""
    return make_tree(tmp_path)


@pytest.fixture(scope="module")
def served(tree: Path) -> Iterator[tuple[wsnb.Workspace, RunningServer]]:
    ws = wsnb.open_workspace(tree, watch=False)
    server = start_in_thread(ws)
    yield ws, server
    server.close()
    ws.close()


def run(session: Callable[[Client], Awaitable[Any]], server: RunningServer, *,
        name: str = "test-agent", **client_options: Any) -> Any:  # fmt: skip
    """Open a client session on ``server`` and run ``session`` in it."""

    async def main() -> Any:
        headers = {"Authorization": f"Bearer {server.token}"}
        async with httpx2.AsyncClient(headers=headers, timeout=30) as http:
            transport = streamable_http_client(server.url, http_client=http)
            async with Client(transport, client_info=Implementation(name=name, version="1"),
                              **client_options) as client:  # fmt: skip
                return await session(client)

    return anyio.run(main)


def call(server: RunningServer, tool: str, args: dict[str, Any] | None = None,
         **options: Any) -> CallToolResult:  # fmt: skip
    async def session(client: Client) -> CallToolResult:
        return await client.call_tool(tool, args or {})

    result: CallToolResult = run(session, server, **options)
    return result


def call_many(server: RunningServer, calls: list[tuple[str, dict[str, Any]]],
              **options: Any) -> list[CallToolResult]:  # fmt: skip
    """Several calls in one client session, in order."""

    async def session(client: Client) -> list[CallToolResult]:
        return [await client.call_tool(tool, args) for tool, args in calls]

    results: list[CallToolResult] = run(session, server, **options)
    return results


def text(result: CallToolResult) -> str:
    return "\n".join(getattr(block, "text", "") for block in result.content)


def data(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, text(result)
    assert result.structured_content is not None
    return result.structured_content


# -- the tool list ----------------------------------------------------------------------


def test_tools_are_listed_with_the_tables_schemas_and_annotations(served: Any) -> None:
    _ws, server = served

    async def session(client: Client) -> Any:
        return (await client.list_tools()).tools

    tools = {t.name: t for t in run(session, server)}
    assert set(tools) == READS | PROPOSALS | ACTS
    for spec in TOOL_TABLE:
        tool = tools[spec.name]
        assert tool.description == spec.description
        assert tool.input_schema == spec.input_schema()
        assert tool.annotations is not None
        assert tool.annotations.read_only_hint is (spec.name in READS)
        assert tool.annotations.open_world_hint is False
        if spec.propose:  # a proposal only records a plan: not destructive, not idempotent
            assert tool.annotations.destructive_hint is False
            assert tool.annotations.idempotent_hint is False


def test_read_only_serves_only_the_read_tools(tree: Path) -> None:
    ws = wsnb.open_workspace(tree, watch=False)
    with start_in_thread(ws, read_only=True) as server:

        async def session(client: Client) -> Any:
            return (await client.list_tools()).tools

        assert {t.name for t in run(session, server)} == READS
        refused = call(server, "propose_create_file", {"path": "x.txt", "content": "x"})
    assert refused.is_error
    assert not (tree / "x.txt").exists()
    ws.close()


# -- reads ------------------------------------------------------------------------------


def test_reads_equal_the_python_api(served: Any) -> None:
    ws, server = served
    found = data(call(server, "find_files", {"keyword": "hello"}))
    assert [r["path"] for r in found["rows"]] == ws.find("hello", limit=30)["path"].tolist()
    found = data(call(server, "find_files", {"keyword": ".py"}))
    assert [r["path"] for r in found["rows"]] == ws.find(".py", limit=30)["path"].tolist()

    listed = data(call(server, "list_folder", {"path": "src"}))
    assert [r["path"] for r in listed["rows"]] == ws.ls("src")["path"].tolist()

    matches = data(call(server, "search_text", {"pattern": "hello"}))
    expected = ws.grep("hello", limit=50)
    assert [(r["path"], r["line"], r["text"]) for r in matches["rows"]] == list(
        zip(expected["path"], expected["line"], expected["text"], strict=True))

    doc = data(call(server, "read_file", {"path": "src/main.py"}))
    assert doc["text"] == ws.read("src/main.py").text
    part = data(call(server, "read_file", {"path": "src/main.py", "start_line": 2,
                                           "end_line": 2}))  # fmt: skip
    assert part["text"] == "    print('hello')\n"

    info = data(call(server, "file_info", {"path": "README.md"}))
    assert info["size"] == ws.info("README.md").size == len("# Demo\nhello world\n")
    summary = data(call(server, "workspace_summary"))
    assert summary["files"] == ws.summary().files


def test_a_cut_answer_says_how_much_is_missing(fresh: Path) -> None:
    for n in range(60):
        write(fresh, f"many/f{n:02}.txt", f"needle {n}\n")
    ws = wsnb.open_workspace(fresh, watch=False)
    try:
        with start_in_thread(ws) as server:
            found = data(call(server, "search_text", {"pattern": "needle"}))
            listed = data(call(server, "list_folder", {"path": "many", "limit": 10}))
            too_many = call(server, "list_folder", {"path": "many", "limit": 500})
    finally:
        ws.close()
    assert found["shown"] == 50 and "50" in found["note"]
    assert listed["shown"] == 10 and listed["total"] == 60 and "60" in listed["note"]
    assert too_many.is_error and "200" in text(too_many)


@pytest.mark.parametrize("path", ["../outside/secret.txt", "escape/secret.txt", "link.txt",
                                  "ABSOLUTE_OUTSIDE", "ABSOLUTE_SIBLING"])  # fmt: skip
def test_escapes_are_refused_with_a_sentence(served: Any, tree: Path, path: str) -> None:
    _ws, server = served
    path = {"ABSOLUTE_OUTSIDE": str(tree.parent / "outside" / "secret.txt"),
            "ABSOLUTE_SIBLING": str(tree.parent / "ws-evil" / "secret.txt")}.get(path, path)
    before = user_files(tree.parent)
    calls = [("read_file", {"path": path}), ("file_info", {"path": path}),
             ("propose_copy", {"source": path, "target": "stolen.txt"}),
             ("propose_write_file", {"path": path, "content": "x"}),
             ("propose_trash", {"path": path})]  # fmt: skip
    if "/" in path:  # a new file in the folder beyond the escape
        calls.append(("propose_create_file", {"path": path.rpartition("/")[0] + "/new.txt",
                                              "content": "x"}))  # fmt: skip
    for (tool, _args), result in zip(calls, call_many(server, calls), strict=True):
        said = text(result)
        assert result.is_error, (tool, said)
        assert "secret" not in said.replace("secret.txt", ""), said  # never the content
        assert said.rstrip().endswith("."), said  # a whole sentence
    assert user_files(tree.parent) == before


def test_sensitive_files_are_refused_and_never_in_search_results(served: Any) -> None:
    _ws, server = served
    reads = call_many(server, [("read_file", {"path": p}) for p in (".env", "keys/id_rsa")])
    for result in reads:
        assert result.is_error and SECRET not in text(result)
    patterns = (SECRET, "API_KEY", "secretbody", "OPENSSH")
    for found in call_many(server, [("search_text", {"pattern": p}) for p in patterns]):
        assert data(found)["rows"] == [] and SECRET not in text(found)


# -- proposals --------------------------------------------------------------------------


def _proposals(root: Path) -> list[tuple[str, dict[str, Any]]]:
    return [
        ("propose_create_file", {"path": "notes/new.md", "content": "# New\n"}),
        ("propose_write_file", {"path": "README.md", "content": "# Demo\nchanged\n"}),
        ("propose_create_folder", {"path": "docs"}),
        ("propose_copy", {"source": "src/util.py", "target": "src/util_copy.py"}),
        ("propose_move", {"source": "old.txt", "target": "notes/old.txt"}),
        ("propose_rename", {"path": "notes/todo.md", "new_name": "todo-later.md"}),
        ("propose_trash", {"path": "trash-me.txt"}),
        ("propose_edit", {"path": "src/main.py",
                          "edits": [{"old_text": "print('hello')", "new_text": "print('hi')"}]}),
        ("propose_changes", {"title": "Two notes", "changes": [
            {"op": "create_file", "path": "notes/a.md", "content": "a\n"},
            {"op": "create_file", "path": "notes/b.md", "content": "b\n"}]}),
        ("propose_rename_identifier", {"old": "helper", "new": "assist"}),
        ("propose_notebook_edit", {"path": "notes/calc.ipynb", "cell": 1,
                                   "new_source": "x = 2"}),
    ]


def test_every_propose_tool_leaves_the_disk_untouched(fresh: Path) -> None:
    ws = wsnb.open_workspace(fresh, watch=False)
    try:
        done = ws.create_file("journal-me.txt", "x\n")  # something to undo
        done.confirm()
        # A notebook as nbformat makes one, for the cell proposal.
        nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = 1")]),
                       str(fresh / "notes" / "calc.ipynb"))  # fmt: skip
        before = user_files(fresh)
        with start_in_thread(ws) as server:
            work = [*_proposals(fresh), ("propose_undo", {})]
            answers = [data(r) for r in call_many(server, work)]
            asks = [("plan_status", {"plan_id": a["plan_id"]}) for a in answers]
            statuses = [data(r) for r in call_many(server, asks)]
    finally:
        ws.close()
    assert user_files(fresh) == before
    assert len({a["plan_id"] for a in answers}) == len(PROPOSALS)
    for answer, status in zip(answers, statuses, strict=True):
        assert answer["state"] == "pending" == status["state"]
        assert answer["risk"] and answer["summary"] and "warnings" in answer
        assert status["proposer"] == "mcp:test-agent"
    write_answer = answers[1]
    assert "+changed" in write_answer["diff"] and "-hello world" in write_answer["diff"]
    stored = sorted(p.stem for p in (fresh / ".wsnb" / "plans").glob("*.json"))
    assert {a["plan_id"] for a in answers} <= set(stored)

    # Confirmed in the notebook (another Workspace, as a kernel holds), each one changes the disk.
    person = wsnb.open_workspace(fresh, watch=False)
    for answer in answers:
        person.plan_store.confirm(answer["plan_id"], confirmed_by="notebook")
    person.close()
    after = user_files(fresh)
    body = {path: value[0] for path, value in after.items() if isinstance(value, tuple)}
    assert body["notes/new.md"] == b"# New\n" and body["README.md"] == b"# Demo\nchanged\n"
    assert after["docs"] == "<dir>" and body["src/util_copy.py"] == (
        b"def helper():\n    return 'hello again'\n")  # copied before the rename ran
    assert body["src/util.py"] == b"def assist():\n    return 'hello again'\n"
    assert "old.txt" not in after and body["notes/old.txt"] == b"old notes\n"
    assert "notes/todo.md" not in after and body["notes/todo-later.md"] == b"- buy milk\n"
    assert "trash-me.txt" not in after and "journal-me.txt" not in after  # trashed, undone
    assert body["src/main.py"] == b"def main():\n    print('hi')\n"
    assert body["notes/a.md"] == b"a\n" and body["notes/b.md"] == b"b\n"
    assert nbformat.reads(body["notes/calc.ipynb"].decode(), 4).cells[0].source == "x = 2"


def test_confirm_cancel_and_stale_through_the_store(fresh: Path) -> None:
    ws = wsnb.open_workspace(fresh, watch=False)
    try:
        with start_in_thread(ws) as server:
            made = data(call(server, "propose_create_file", {"path": "made.txt",
                                                              "content": "made\n"}))
            kept = data(call(server, "propose_trash", {"path": "src/util.py"}))
            late = data(call(server, "propose_write_file", {"path": "notes/todo.md",
                                                             "content": "- agent\n"}))
            # The person decides in the notebook: another workspace object, as a kernel has.
            person = wsnb.open_workspace(fresh, watch=False)
            person.plan_store.confirm(made["plan_id"], confirmed_by="notebook")
            person.plan_store.cancel(kept["plan_id"], by="notebook")
            write(fresh, "notes/todo.md", "- edited by hand\n")
            with pytest.raises(wsnb.WsnbError):
                person.plan_store.confirm(late["plan_id"], confirmed_by="notebook")
            person.close()
            states = {key: data(call(server, "plan_status", {"plan_id": a["plan_id"]}))
                      for key, a in [("made", made), ("kept", kept), ("late", late)]}
            history = data(call(server, "history"))
    finally:
        ws.close()
    assert (fresh / "made.txt").read_text() == "made\n"
    assert (fresh / "src" / "util.py").exists()
    assert (fresh / "notes" / "todo.md").read_text() == "- edited by hand\n"
    assert states["made"]["state"] == "done" and states["made"]["confirmed_by"] == "notebook"
    assert states["kept"]["state"] == "cancelled"
    assert states["late"]["state"] == "stale" and states["late"]["message"]
    latest = history["rows"][0]
    assert latest["proposed_by"] == "mcp:test-agent" and latest["confirmed_by"] == "notebook"


def test_an_unknown_plan_and_a_bad_request_are_tool_errors(served: Any) -> None:
    _ws, server = served
    unknown = call(server, "plan_status", {"plan_id": "no-such-plan"})
    assert unknown.is_error and "no-such-plan" in text(unknown)
    clash = call(server, "propose_create_file", {"path": "README.md", "content": "x"})
    assert clash.is_error and "README.md" in text(clash)
    backwards = call(server, "read_file", {"path": "README.md", "start_line": 3, "end_line": 1})
    assert backwards.is_error and "start_line" in text(backwards)
    for tool, args in [("find_files", {"keyword": "a", "limit": 0}), ("history", {"limit": 0}),
                       ("list_folder", {"limit": 0}), ("search_text", {"pattern": "a", "limit": 0}),
                       ("read_file", {"path": "README.md", "start_line": 0}),
                       ("search_text", {"pattern": "(", "regex": True})]:  # fmt: skip
        bad = call(server, tool, args)
        assert bad.is_error and any(words in text(bad) for words in (
            "limit must be", "start_line must be", "regular expression")), text(bad)


def test_two_agents_proposing_at_once(tree: Path) -> None:
    ws = wsnb.open_workspace(tree, watch=False)
    before = user_files(tree)

    async def agent(server: RunningServer, name: str, out: list[dict[str, Any]]) -> None:
        async def session(client: Client) -> None:
            for n in range(5):
                result = await client.call_tool("propose_create_file", {
                    "path": f"{name}/{n}.txt", "content": f"{name} {n}\n"})
                out.append(data(result))

        headers = {"Authorization": f"Bearer {server.token}"}
        async with httpx2.AsyncClient(headers=headers, timeout=30) as http:
            transport = streamable_http_client(server.url, http_client=http)
            async with Client(transport, client_info=Implementation(name=name, version="1")) as c:
                await session(c)

    answers: list[dict[str, Any]] = []
    try:
        with start_in_thread(ws) as server:

            async def both() -> None:
                async with anyio.create_task_group() as group:
                    group.start_soon(agent, server, "alpha", answers)
                    group.start_soon(agent, server, "beta", answers)

            anyio.run(both)
            proposers = {ws.plan_store.status(a["plan_id"]).proposer for a in answers}
    finally:
        ws.close()
    assert len({a["plan_id"] for a in answers}) == 10
    assert all(a["state"] == "pending" for a in answers)
    assert proposers == {"mcp:alpha", "mcp:beta"}
    assert user_files(tree) == before


# -- HTTP: token and Host ---------------------------------------------------------------

_INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-11-25", "capabilities": {},
    "clientInfo": {"name": "probe", "version": "1"}}}  # fmt: skip
_ACCEPT = {"Accept": "application/json, text/event-stream"}


def test_no_token_gets_401_and_a_foreign_host_is_refused(served: Any) -> None:
    _ws, server = served
    with httpx2.Client(timeout=10) as http:
        none = http.post(server.url, json=_INIT, headers=_ACCEPT)
        wrong = http.post(server.url, json=_INIT, headers={**_ACCEPT,
                                                           "Authorization": "Bearer nope"})
        auth = {**_ACCEPT, "Authorization": f"Bearer {server.token}"}
        foreign = http.post(server.url, json=_INIT, headers={**auth, "Host": "evil.example"})
        rebound = http.post(server.url, json=_INIT,
                            headers={**auth, "Host": f"evil.example:{server.port}"})
        origin = http.post(server.url, json=_INIT, headers={**auth,
                                                            "Origin": "http://evil.example"})
        good = http.post(server.url, json=_INIT, headers=auth)
    assert none.status_code == 401 and wrong.status_code == 401
    assert none.headers["www-authenticate"].startswith("Bearer")
    assert foreign.status_code == 421 and rebound.status_code == 421
    assert origin.status_code == 403
    assert good.status_code == 200


def test_only_loopback_addresses_are_served(served: Any) -> None:
    ws, server = served
    assert server.host == "127.0.0.1" and server.url.startswith("http://127.0.0.1:")
    with pytest.raises(UsageError, match=r"127\.0\.0\.1"):
        start_in_thread(ws, host="0.0.0.0")


def test_refusals_and_the_confirm_question_follow_the_language_setting(tree: Path) -> None:
    """The server's sentences exist in Chinese too (the setting, as a person chose it)."""
    from mcp.client import ClientRequestContext
    from mcp_types import ElicitRequestParams, ElicitResult

    asked: list[str] = []

    async def decline(context: ClientRequestContext, params: ElicitRequestParams) -> ElicitResult:
        asked.append(params.message)
        return ElicitResult(action="decline")

    wsnb.set_language("zh")
    ws = wsnb.open_workspace(tree, watch=False)
    try:
        with start_in_thread(ws, confirm="elicit", elicit_timeout=5) as server:
            refused = call(server, "read_file", {"path": "../outside/secret.txt"})
            data(call(server, "propose_create_folder", {"path": "以后"}, mode="legacy",
                      elicitation_callback=decline))  # fmt: skip
    finally:
        ws.close()
    chinese = re.compile("[\u4e00-\u9fff]")
    assert refused.is_error and chinese.search(text(refused).split(":", 1)[1])
    assert len(asked) == 1 and "test-agent" in asked[0] and "现在执行吗" in asked[0]


def test_a_taken_port_is_a_sentence_and_close_stops_the_thread(served: Any) -> None:
    ws, server = served
    with pytest.raises(wsnb.WsnbError, match=f"Port {server.port} can't be used"):
        start_in_thread(ws, port=server.port)
    extra = start_in_thread(ws)
    assert extra.running and "token" not in repr(extra) and extra.token not in repr(extra)
    extra.close()
    extra.close()  # twice is fine
    assert not extra.running
    with httpx2.Client(timeout=5) as http, pytest.raises(httpx2.ConnectError):
        http.post(extra.url, json=_INIT, headers=_ACCEPT)
