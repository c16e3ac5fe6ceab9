"""Confirming through the client (``--confirm elicit``) and roots that narrow, over HTTP.

Both protocol eras of the SDK's client are driven: a 2026-07-28 client
(``mode="auto"``) answers an ``input_required`` round, a handshake-era client
(``mode="legacy"``) answers a request sent mid-call. Accept applies the plan,
decline cancels it, no answer leaves it pending.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import user_files, write
from mcp.client import ClientRequestContext
from mcp_types import ElicitRequestParams, ElicitResult, ListRootsResult, Root
from test_mcp_http import call, data, make_tree, text

import wsnb
from wsnb.mcp.http import RunningServer, start_in_thread

MODES = ["auto", "legacy"]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    return make_tree(tmp_path)


@pytest.fixture
def eliciting(tree: Path) -> Iterator[tuple[wsnb.Workspace, RunningServer]]:
    ws = wsnb.open_workspace(tree, watch=False)
    server = start_in_thread(ws, confirm="elicit", elicit_timeout=5)
    yield ws, server
    server.close()
    ws.close()


def answering(action: str, confirm: bool = True, asked: list[str] | None = None) -> Any:
    async def answer(context: ClientRequestContext, params: ElicitRequestParams) -> ElicitResult:
        if asked is not None:
            asked.append(params.message)
        content = {"confirm": confirm} if action == "accept" else None
        return ElicitResult(action=action, content=content)  # type: ignore[arg-type]

    return answer


@pytest.mark.parametrize("mode", MODES)
def test_accept_through_the_client_applies_the_plan(eliciting: Any, tree: Path,
                                                    mode: str) -> None:  # fmt: skip
    ws, server = eliciting
    asked: list[str] = []
    answer = data(call(server, "propose_create_file", {"path": "agreed.txt", "content": "ok\n"},
                       name="vscode", mode=mode,
                       elicitation_callback=answering("accept", asked=asked)))  # fmt: skip
    assert answer["state"] == "done"
    assert (tree / "agreed.txt").read_text() == "ok\n"
    assert len(asked) == 1 and "vscode" in asked[0] and "agreed.txt" in asked[0]
    status = ws.plan_store.status(answer["plan_id"])
    assert status.confirmed_by == "mcp-elicitation:vscode" and status.proposer == "mcp:vscode"
    entry = ws.history.iloc[0]
    assert entry["confirmed_by"] == "mcp-elicitation:vscode"


@pytest.mark.parametrize("mode", MODES)
def test_decline_cancels_and_no_answer_leaves_it_pending(eliciting: Any, tree: Path,
                                                         mode: str) -> None:  # fmt: skip
    ws, server = eliciting
    before = user_files(tree)
    declined = data(call(server, "propose_trash", {"path": "old.txt"}, mode=mode,
                         elicitation_callback=answering("decline")))  # fmt: skip
    unticked = data(call(server, "propose_trash", {"path": "old.txt"}, mode=mode,
                         elicitation_callback=answering("accept", confirm=False)))  # fmt: skip
    dismissed = data(call(server, "propose_trash", {"path": "old.txt"}, mode=mode,
                          elicitation_callback=answering("cancel")))  # fmt: skip
    silent = data(call(server, "propose_trash", {"path": "old.txt"}, mode=mode))
    assert declined["state"] == "cancelled" and unticked["state"] == "cancelled"
    assert dismissed["state"] == "pending" and silent["state"] == "pending"
    assert user_files(tree) == {k: v for k, v in before.items()}
    # Left pending, the notebook still decides.
    ws.plan_store.confirm(dismissed["plan_id"], confirmed_by="notebook")
    assert not (tree / "old.txt").exists()


def test_a_client_that_never_answers_leaves_the_plan_pending(tree: Path) -> None:
    import anyio

    async def never(context: ClientRequestContext, params: ElicitRequestParams) -> ElicitResult:
        await anyio.sleep(30)
        raise AssertionError("not reached")

    ws = wsnb.open_workspace(tree, watch=False)
    try:
        with start_in_thread(ws, confirm="elicit", elicit_timeout=0.5) as server:
            answer = data(call(server, "propose_create_folder", {"path": "later"},
                               mode="legacy", elicitation_callback=never))  # fmt: skip
    finally:
        ws.close()
    assert answer["state"] == "pending" and not (tree / "later").exists()


# -- roots ------------------------------------------------------------------------------


def roots(*uris: str) -> Any:
    async def listed(context: ClientRequestContext) -> ListRootsResult:
        return ListRootsResult(roots=[Root(uri=uri) for uri in uris])  # type: ignore[arg-type]

    return listed


def test_roots_narrow_to_folders_inside_the_workspace(tree: Path) -> None:
    ws = wsnb.open_workspace(tree, watch=False)
    try:
        with start_in_thread(ws) as server:
            narrow = {"mode": "legacy", "list_roots_callback": roots((tree / "src").as_uri())}
            inside = data(call(server, "read_file", {"path": "src/main.py"}, **narrow))
            outside = call(server, "read_file", {"path": "README.md"}, **narrow)
            found = data(call(server, "find_files", {"keyword": ".py"}, **narrow))
            markdown = data(call(server, "find_files", {"keyword": ".md"}, **narrow))
            listed = data(call(server, "list_folder", {}, **narrow))
            proposal = call(server, "propose_create_file", {"path": "top.txt", "content": "x"},
                            **narrow)  # fmt: skip
    finally:
        ws.close()
    assert inside["path"] == "src/main.py"
    assert outside.is_error and "src" in text(outside)
    assert [r["path"] for r in found["rows"]] == ws.find(".py")["path"].tolist()
    assert markdown["rows"] == [] and "left out" in markdown["note"]
    assert [r["path"] for r in listed["rows"]] == ["src"] and "left out" in listed["note"]
    assert proposal.is_error and not (tree / "top.txt").exists()


def test_roots_never_widen(tree: Path) -> None:
    outside = (tree.parent / "outside").as_uri()
    ws = wsnb.open_workspace(tree, watch=False)
    try:
        with start_in_thread(ws) as server:
            wide = {"mode": "legacy", "list_roots_callback": roots(outside, "file:///")}
            escaped = call(server, "read_file", {"path": str(tree.parent / "outside" /
                                                              "secret.txt")}, **wide)  # fmt: skip
            whole = data(call(server, "read_file", {"path": "README.md"}, **wide))
    finally:
        ws.close()
    assert escaped.is_error and "outside secret" not in text(escaped)
    assert whole["path"] == "README.md"  # "/" holds the workspace: the workspace stays whole


def test_a_stale_plan_confirmed_through_the_client_changes_nothing(tree: Path) -> None:
    """The person accepts too late: the file changed since the proposal, so it is stale."""
    ws = wsnb.open_workspace(tree, watch=False)

    async def edit_then_accept(context: ClientRequestContext,
                               params: ElicitRequestParams) -> ElicitResult:  # fmt: skip
        write(tree, "notes/todo.md", "- changed meanwhile\n")
        return ElicitResult(action="accept", content={"confirm": True})

    try:
        with start_in_thread(ws, confirm="elicit", elicit_timeout=5) as server:
            answer = data(call(server, "propose_write_file",
                               {"path": "notes/todo.md", "content": "- agent\n"},
                               mode="legacy", elicitation_callback=edit_then_accept))
    finally:
        ws.close()
    assert answer["state"] == "stale" and answer["message"]
    assert (tree / "notes" / "todo.md").read_text() == "- changed meanwhile\n"


def test_a_risky_plan_asks_for_the_typed_name(eliciting: Any, tree: Path) -> None:
    """Trashing a folder needs strong confirmation: the form asks for the name, typed."""
    _ws, server = eliciting
    forms: list[dict[str, Any]] = []

    def typing(name: str) -> Any:
        async def answer(context: ClientRequestContext,
                         params: ElicitRequestParams) -> ElicitResult:  # fmt: skip
            forms.append(params.requested_schema)  # type: ignore[union-attr]
            return ElicitResult(action="accept", content={"confirm": True, "typed_name": name})

        return answer

    wrong = data(call(server, "propose_trash", {"path": "notes"}, mode="legacy",
                      elicitation_callback=typing("nope")))  # fmt: skip
    assert wrong["state"] == "pending" and (tree / "notes").is_dir()
    right = data(call(server, "propose_trash", {"path": "notes"}, mode="legacy",
                      elicitation_callback=typing("notes")))  # fmt: skip
    assert right["state"] == "done" and not (tree / "notes").exists()
    assert "typed_name" in forms[0]["properties"] and "typed_name" in forms[0]["required"]
