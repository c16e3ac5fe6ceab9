"""The assistant's memory over MCP, through the SDK's client (``--notes`` over stdio): memory
first within any budget, remembers that never go stale, and the memory tools agents expect,
each a plan a person confirms."""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path
from typing import Any

from mcp import Client
from notes_helpers import ANSWERS_ZH, write
from test_mcp_http import data, text
from test_mcp_notes import roots, serve, today_file  # noqa: F401  (roots is a fixture)
from test_mcp_stdio import run

from wsnb.notes import open_notes

QUESTION = ("How should I plan this week's reading so that the machine learning notes and the "
            "thesis chapters both move forward, given the meetings on Tuesday and Thursday?")


def confirm_all(notes: Path, plan_ids: list[str]) -> None:
    """A person confirms the plans in the notebook, in the order given."""
    nb = open_notes(notes)
    try:
        for plan_id in plan_ids:
            nb.workspace.plan_store.confirm(plan_id, confirmed_by="notebook")
    finally:
        nb.close()


def test_the_smallest_budget_still_holds_the_long_term_memory(
        roots: tuple[Path, Path]) -> None:  # noqa: F811  # fmt: skip
    notes = roots[1]
    facts = "".join(f"- Fact {n}: the person prefers option {n} over the others.\n"
                    for n in range(200))  # fmt: skip
    write(notes, "memory.md", "# Long-term memory\n\n- The person likes green tea.\n" + facts)
    assert len(QUESTION) <= 200

    async def session(client: Client) -> list[dict[str, Any]]:
        return [data(await client.call_tool("assistant_context",
                                            {"query": QUESTION, "budget": budget}))
                for budget in (1_000, 2_500)]  # fmt: skip

    smallest, small = run(serve(roots), session)
    for answer, budget in ((smallest, 1_000), (small, 2_500)):
        assert answer["chars"] <= budget
        assert "likes green tea" in answer["text"]  # the long-term memory comes first
        sections = {part["section"] for part in answer["parts"]}
        assert "memory" in sections
        said = {(c["section"], c["path"], c["state"]) for c in answer["cut"]}
        assert ("memory", "memory.md", "shortened") in said
        assert {c["state"] for c in answer["cut"]} <= {"shortened", "left out"}
    # The onboarding block is a part of its own: left out at these budgets, and said.
    assert ("task", "onboarding", "left out") in {(c["section"], c["path"], c["state"])
                                                  for c in smallest["cut"]}  # fmt: skip
    assert {"user", "soul"} <= {p["section"] for p in small["parts"]} | {
        c["section"] for c in small["cut"]}  # every file is in, or said to be left out


def test_five_remembers_in_a_day_confirmed_in_any_order_land_once_under_one_section(
        roots: tuple[Path, Path]) -> None:  # noqa: F811  # fmt: skip
    notes = roots[1]
    daily = today_file(notes)
    facts = [f"Fact number {n} about the garden." for n in range(1, 6)]

    async def session(client: Client) -> list[dict[str, Any]]:
        return [data(await client.call_tool("propose_remember", {"text": fact}))
                for fact in facts]  # fmt: skip

    proposed = run(serve(roots), session)
    assert all(p["state"] == "pending" and p["risk"] == "low" for p in proposed)
    assert not daily.exists()  # nothing until a person confirms
    order = [p["plan_id"] for p in proposed]
    random.Random(39).shuffle(order)
    confirm_all(notes, order)
    written = daily.read_text(encoding="utf-8")
    assert written.count("## Candidate Long-Term Memory") == 1
    for fact in facts:
        assert written.count(fact) == 1
    section = written.split("## Candidate Long-Term Memory", 1)[1]
    assert all(f"- {fact}" in section for fact in facts)
    by_id = {p["plan_id"]: p for p in proposed}
    landed = [line[2:] for line in section.splitlines() if line.startswith("- Fact")]
    assert landed == [facts[[p["plan_id"] for p in proposed].index(i)] for i in order]
    assert all(by_id[i]["workspace"] == "notes" for i in order)


def test_a_note_is_edited_by_section_and_each_edit_waits_for_a_person(
        roots: tuple[Path, Path]) -> None:  # noqa: F811  # fmt: skip
    notes = roots[1]
    write(notes, "Projects/plan.md", "# Plan\n\n## Status\n\nstarted\n\n## To do\n\n- read\n\n"
                                     "## References\n\n- a book\n")  # fmt: skip
    before = (notes / "Projects" / "plan.md").read_bytes()
    calls = [
        {"operation": "append", "section": "To do", "content": "- write"},
        {"operation": "prepend", "content": "> pinned"},
        {"operation": "replace_section", "section": "## status", "content": "halfway"},
        {"operation": "insert_before_section", "section": "References", "content": "## Notes\n\nx"},
        {"operation": "insert_after_section", "section": "References", "content": "## End"},
        {"operation": "find_replace", "find_text": "a book", "content": "two books"},
    ]

    async def session(client: Client) -> list[Any]:
        said = [await client.call_tool("propose_note_edit", {"path": "Projects/plan.md", **args})
                for args in calls]
        said.append(await client.call_tool("propose_note_edit", {
            "path": "Projects/plan.md", "operation": "replace_section", "section": "Nope",
            "content": "x"}))  # fmt: skip
        said.append(await client.call_tool("propose_note_edit", {
            "path": "Projects/plan.md", "operation": "find_replace", "find_text": "- ",
            "content": "* "}))  # fmt: skip
        said.append(await client.call_tool("propose_note_edit", {
            "path": "Projects/plan.md", "operation": "sideways"}))
        return said

    *edits, missing, counted, unknown = run(serve(roots), session)
    diffs = [data(edit)["diff"] for edit in edits]
    assert "+- write" in diffs[0] and "+> pinned" in diffs[1] and "+halfway" in diffs[2]
    assert "+## Notes" in diffs[3] and "+## End" in diffs[4] and "+- two books" in diffs[5]
    assert (notes / "Projects" / "plan.md").read_bytes() == before
    assert missing.is_error and "no section 'Nope'" in text(missing) and "## To do" in text(missing)
    assert counted.is_error and "found 2 times, not 1" in text(counted)
    assert unknown.is_error and "must be one of append, prepend" in text(unknown)
    confirm_all(notes, [data(edits[0])["plan_id"]])
    assert "- read\n- write\n" in (notes / "Projects" / "plan.md").read_text(encoding="utf-8")


def test_recent_notes_move_and_trash(roots: tuple[Path, Path]) -> None:  # noqa: F811
    notes = roots[1]
    old = notes / "Inbox" / "garden.md"
    long_ago = time.time() - 20 * 86400
    os.utime(old, (long_ago, long_ago))

    async def session(client: Client) -> list[Any]:
        return [await client.call_tool("recent_notes", {"timeframe": "最近三天"}),
                await client.call_tool("recent_notes", {"timeframe": "last month"}),
                await client.call_tool("recent_notes", {"timeframe": "whenever"}),
                await client.call_tool("propose_note_move", {"path": "Inbox/garden.md",
                                                             "target": "Projects/"}),
                await client.call_tool("propose_note_trash", {"path": "Inbox/keys.md"})]

    recent, month, bad, moved, trashed = run(serve(roots), session)
    paths = [row["path"] for row in data(recent)["rows"]]
    assert "Inbox/机器学习计划.md" in paths and "Inbox/garden.md" not in paths
    assert "Inbox/garden.md" in [row["path"] for row in data(month)["rows"]]
    assert bad.is_error and "上周" in text(bad)
    assert data(moved)["target"] == "Projects/garden.md" and data(moved)["state"] == "pending"
    assert data(trashed)["action"] == "trash" and (notes / "Inbox" / "keys.md").exists()
    confirm_all(notes, [data(moved)["plan_id"]])
    assert (notes / "Projects" / "garden.md").exists() and not old.exists()


def test_onboarding_takes_the_answers_as_a_json_object(
        roots: tuple[Path, Path]) -> None:  # noqa: F811  # fmt: skip
    async def session(client: Client) -> Any:
        listed = {t.name: t for t in (await client.list_tools()).tools}
        plan = await client.call_tool("propose_onboarding", {"answers": ANSWERS_ZH})
        return listed["propose_onboarding"].input_schema, plan

    schema, plan = run(serve(roots), session)
    assert schema["properties"]["answers"]["type"] == "object"
    assert data(plan)["action"] == "change_set" and data(plan)["state"] == "pending"
    assert json.dumps(ANSWERS_ZH["assistant_name"], ensure_ascii=False).strip('"') in \
        json.dumps(data(plan), ensure_ascii=False)  # fmt: skip
