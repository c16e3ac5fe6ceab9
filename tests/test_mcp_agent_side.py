"""The agent's side over MCP, through the SDK's own client: every line in reach, plans in
sight, confirm with the change in view, change sets checked at proposal.

The SDK's client checks every answer against the tool's ``outputSchema`` (a mismatch
raises), so each call here also holds the answer to its schema.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import user_files, write
from test_mcp_confirm import answering
from test_mcp_http import call, call_many, data, make_tree, text
from test_mcp_stdio import run, stdio

import wsnb
from wsnb.mcp.http import RunningServer, start_in_thread

LINE = "{n:06d} the quick brown fox jumps over the lazy dog again and again and again\n"


def big_log(root: Path, lines: int = 8_000) -> Path:
    """A text file of ``lines`` numbered lines: 8,000 of them make about 600 KB."""
    return write(root, "data/app.log", "".join(LINE.format(n=n) for n in range(1, lines + 1)))


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = make_tree(tmp_path)
    big_log(root)
    write(root, "data/deep.log", "x\n" * 100_000 + "needle at the bottom\n")  # 200 KB
    for n in range(45):
        write(root, f"many/n{n:02d}.txt", "x\n")
    return root


@pytest.fixture
def served(tree: Path) -> Iterator[tuple[wsnb.Workspace, RunningServer]]:
    ws = wsnb.open_workspace(tree, watch=False)
    server = start_in_thread(ws)
    yield ws, server
    server.close()
    ws.close()


# -- every line in reach ----------------------------------------------------------------


def test_the_last_three_lines_of_a_600_kb_file_by_range_and_by_tail(tree: Path) -> None:
    assert (tree / "data" / "app.log").stat().st_size > 600_000

    async def session(client: Any) -> list[Any]:
        return [await client.call_tool("read_file", {"path": "data/app.log", "tail": 3}),
                await client.call_tool("read_file", {"path": "data/app.log",
                                                     "start_line": 7998, "end_line": 8000}),
                await client.call_tool("read_file", {"path": "data/app.log",
                                                     "start_line": 7998}),
                await client.call_tool("read_file", {"path": "data/app.log", "head": 2})]

    tail, ranged, opened, head = (data(r) for r in run(stdio(tree), session))
    last = "".join(LINE.format(n=n) for n in (7998, 7999, 8000))
    for answer in (tail, ranged, opened):
        assert answer["text"] == last and answer["total_lines"] == 8000
        assert (answer["start_line"], answer["end_line"]) == (7998, 8000)
        assert answer["next_start_line"] is None and not answer["truncated"]
    assert head["text"] == LINE.format(n=1) + LINE.format(n=2)


def test_a_whole_read_is_cut_at_128_kib_and_says_where_to_read_on(served: Any) -> None:
    _ws, server = served
    first = data(call(server, "read_file", {"path": "data/app.log"}))
    assert first["truncated"] and len(first["text"].encode()) <= 128 * 1024
    assert first["total_lines"] == 8000 and first["start_line"] == 1
    following = first["next_start_line"]
    assert following == first["end_line"] + 1
    assert first["text"].endswith("\n") and first["text"].count("\n") == first["end_line"]
    assert f"call read_file with start_line={following}" in first["note"]
    more = data(call(server, "read_file", {"path": "data/app.log", "start_line": following}))
    assert more["text"].startswith(LINE.format(n=following))


def test_a_range_past_the_end_says_so_and_a_bad_range_says_what_is_wrong(served: Any) -> None:
    _ws, server = served
    past = data(call(server, "read_file", {"path": "data/app.log", "start_line": 9000}))
    assert past["text"] == "" and (past["start_line"], past["end_line"]) == (0, 0)
    assert "has 8,000 lines, so there is nothing from line 9,000 on" in past["note"]
    backwards = call(server, "read_file", {"path": "data/app.log", "start_line": 20,
                                           "end_line": 10})  # fmt: skip
    assert backwards.is_error and "end_line (10) comes before start_line (20)" in text(backwards)
    both = call(server, "read_file", {"path": "data/app.log", "head": 2, "tail": 2})
    assert both.is_error and "not several at once" in text(both)


def test_a_search_finds_a_line_past_128_kib_and_pages_past_50(served: Any, tree: Path) -> None:
    _ws, server = served
    assert (tree / "data" / "deep.log").stat().st_size > 128 * 1024
    found = data(call(server, "search_text", {"pattern": "needle at the bottom"}))
    assert [(r["path"], r["line"]) for r in found["rows"]] == [("data/deep.log", 100_001)]
    pages = call_many(server, [("search_text", {"pattern": "lazy dog", "path": "data"}),
                               ("search_text", {"pattern": "lazy dog", "path": "data",
                                                "offset": 50}),
                               ("search_text", {"pattern": "lazy dog", "path": "*.log",
                                                "offset": 7990})])  # fmt: skip
    first, second, last = (data(page) for page in pages)
    assert [r["line"] for r in first["rows"]] == list(range(1, 51))
    assert first["next_offset"] == 50 and "offset=50" in first["note"]
    assert [r["line"] for r in second["rows"]] == list(range(51, 101))
    assert second["offset"] == 50 and second["next_offset"] == 100
    assert [r["line"] for r in last["rows"]] == list(range(7991, 8001))
    assert last["next_offset"] is None
    narrowed = data(call(server, "search_text", {"pattern": "hello", "path": "src"}))
    assert {r["path"] for r in narrowed["rows"]} == {"src/main.py", "src/util.py"}


def test_find_files_and_list_folder_page_on(served: Any, tree: Path) -> None:
    _ws, server = served
    first, second = (data(r) for r in call_many(server, [
        ("list_folder", {"path": "many", "limit": 20}),
        ("list_folder", {"path": "many", "limit": 20, "offset": 40})]))  # fmt: skip
    assert [r["name"] for r in first["rows"]] == [f"n{n:02d}.txt" for n in range(20)]
    assert first["next_offset"] == 20 and first["total"] == 45
    assert [r["name"] for r in second["rows"]] == [f"n{n:02d}.txt" for n in range(40, 45)]
    assert second["next_offset"] is None
    shown = text(call(server, "list_folder", {"path": "many", "limit": 20}))
    assert "size (bytes)" in shown and "(next page: offset=20)" in shown
    found = data(call(server, "find_files", {"keyword": "many/n*.txt", "offset": 30}))
    assert [r["name"] for r in found["rows"]] == [f"n{n:02d}.txt" for n in range(30, 45)]
    assert found["offset"] == 30 and found["next_offset"] is None and found["total"] == 45


# -- plans in sight ---------------------------------------------------------------------


def test_the_same_proposal_again_answers_the_plan_waiting_then_withdraw_and_again(
        served: Any, tree: Path) -> None:  # fmt: skip
    ws, server = served
    args = {"path": "src/main.py", "edits": [{"old_text": "print('hello')",
                                              "new_text": "print('hi')"}]}
    first, again, mine, other = (data(r) for r in call_many(server, [
        ("propose_edit", args), ("propose_edit", args), ("list_my_plans", {}),
        ("list_my_plans", {"state": "done"})]))  # fmt: skip
    assert again["plan_id"] == first["plan_id"] and again["already_waiting"]
    assert not first["already_waiting"]
    assert [p["plan_id"] for p in mine["plans"]] == [first["plan_id"]] and mine["total"] == 1
    assert other["plans"] == []
    assert len(ws.plan_store.proposed_by("mcp:test-agent")) == 1  # one card, not two
    someone = call(server, "withdraw_plan", {"plan_id": first["plan_id"]}, name="other-agent")
    assert someone.is_error and "withdraws only its own plans" in text(someone)
    withdrawn, after, anew = (data(r) for r in call_many(server, [
        ("withdraw_plan", {"plan_id": first["plan_id"]}), ("list_my_plans", {}),
        ("propose_edit", args)]))  # fmt: skip
    assert withdrawn["state"] == "cancelled" and "Withdrawn by test-agent" in withdrawn["message"]
    assert after["plans"][0]["state"] == "cancelled"
    assert anew["plan_id"] != first["plan_id"] and anew["state"] == "pending"
    twice = call(server, "withdraw_plan", {"plan_id": first["plan_id"]})
    assert twice.is_error and "cancelled" in text(twice)
    assert (tree / "src" / "main.py").read_text(encoding="utf-8").endswith("print('hello')\n")


def test_ws_pending_shows_an_agents_plan_with_its_proposer(served: Any, tree: Path) -> None:
    _ws, server = served
    proposed = data(call(server, "propose_create_file", {"path": "agent.txt", "content": "x\n"},
                         name="claude-code"))  # fmt: skip
    person = wsnb.open_workspace(tree, watch=False)
    try:
        mine = person.create_file("mine.txt", "y\n")
        pending = person.pending
        rows = pending.set_index("id")
        assert rows.loc[proposed["plan_id"], "proposer"] == "mcp:claude-code"
        assert rows.loc[mine.id, "proposer"] == "notebook"
        assert set(rows["workspace"]) == {"files"}
        assert proposed["plan_id"] in repr(pending)
    finally:
        person.close()


# -- confirm with the change in view, change sets checked at proposal ----------------------


def test_an_elicitation_carries_the_plans_diff(tree: Path) -> None:
    ws = wsnb.open_workspace(tree, watch=False)
    asked: list[str] = []
    try:
        with start_in_thread(ws, confirm="elicit", elicit_timeout=5) as server:
            answer = data(call(server, "propose_edit", {
                "path": "src/main.py",
                "edits": [{"old_text": "print('hello')", "new_text": "print('hello, you')"}]},
                mode="legacy", elicitation_callback=answering("decline", asked=asked)))
    finally:
        ws.close()
    assert answer["state"] == "cancelled" and len(asked) == 1
    assert "-    print('hello')" in asked[0] and "+    print('hello, you')" in asked[0]
    assert "Edit src/main.py" in asked[0]


def test_a_change_set_is_planned_on_what_its_earlier_changes_leave(served: Any,
                                                                   tree: Path) -> None:
    ws, server = served
    before = user_files(tree)
    answer = call(server, "propose_changes", {"title": "Move and edit", "changes": [
        {"op": "rename", "path": "src", "new_name": "lib"},
        {"op": "edit", "path": "lib/main.py",
         "edits": [{"old_text": "def main():", "new_text": "def main() -> None:"}]},
        {"op": "copy", "source": "lib/main.py", "target": "docs/main-example.py"}]})
    proposed = data(answer)
    assert user_files(tree) == before  # a proposal only
    assert [s["step"] for s in proposed["steps"]] == [1, 2, 3]
    assert [s["after"] for s in proposed["steps"]] == [[], [1], [1, 2]]
    edit = proposed["steps"][1]
    assert edit["path"] == "lib/main.py" and edit["diff"].startswith("--- a/lib/main.py\n")
    assert "-def main():" in edit["diff"] and "+def main() -> None:" in edit["diff"]
    said = text(answer)
    assert ("Change 2 of 3: Edit lib/main.py (planned on the files as change 1 leaves them)\n"
            "--- a/lib/main.py") in said
    assert "Change 3 of 3: Copy lib/main.py to docs/main-example.py (planned on the files as " \
           "changes 1, 2 leave them)" in said  # fmt: skip
    result = ws.plan_store.confirm(proposed["plan_id"], confirmed_by="notebook", strong=True)
    assert result.success, result.error
    assert (tree / "lib" / "main.py").read_text().startswith("def main() -> None:\n")
    assert (tree / "docs" / "main-example.py").read_text() == (tree / "lib" / "main.py").read_text()
    assert not (tree / "src").exists()
    status = data(call(server, "plan_status", {"plan_id": proposed["plan_id"]}))
    assert status["state"] == "done" and [s["state"] for s in status["steps"]] == ["done"] * 3
    undo = data(call(server, "propose_undo", {}))
    assert ws.plan_store.confirm(undo["plan_id"], confirmed_by="notebook", strong=True).success
    assert user_files(tree) == before


def test_a_conflicting_change_set_is_refused_at_proposal_naming_both(
        served: Any, tree: Path) -> None:  # fmt: skip
    _ws, server = served
    before = user_files(tree)
    refused = call(server, "propose_changes", {"title": "Move and edit", "changes": [
        {"op": "rename", "path": "src", "new_name": "lib"},
        {"op": "edit", "path": "src/main.py",
         "edits": [{"old_text": "def main():", "new_text": "def main() -> None:"}]}]})
    assert refused.is_error
    said = text(refused)
    assert "Change 2 (Edit src/main.py)" in said and "change 1 (Rename src to lib)" in said
    assert user_files(tree) == before
    fine = data(call(server, "propose_changes", {"title": "Edit then move", "changes": [
        {"op": "edit", "path": "src/main.py",
         "edits": [{"old_text": "def main():", "new_text": "def main() -> None:"}]},
        {"op": "rename", "path": "src", "new_name": "lib"}]}))
    assert [s["step"] for s in fine["steps"]] == [1, 2]
    assert "+def main() -> None:" in fine["steps"][0]["diff"]
    assert fine["steps"][1]["action"] == "rename"
