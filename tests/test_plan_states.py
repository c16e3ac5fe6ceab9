"""One set of state names: what ``plan_status`` says is what ``Plan.state`` says, and every
face that shows a state has a word and a colour for each, in both languages.

The last tests cut a stored change set short for real (a child process confirms it and ends
itself part way, as a kill would) and look at the plan that the person's notebook holds: it
says interrupted, not failed, and its card offers Undo and Finish, as the card of
``ws.interrupted`` does.
"""

from __future__ import annotations

import re
import sys
from datetime import datetime
from pathlib import Path

import pytest
from crashkit import tree_hash
from helpers import TESTS, run_child
from test_write_ahead import CHANGES, _tree

import wsnb
from wsnb.i18n import _, using_language
from wsnb.mcp.front import INSTRUCTIONS
from wsnb.plans import describe
from wsnb.plans.journal import JournalEntry
from wsnb.plans.plan import Plan
from wsnb.plans.status import NOT_PENDING, PLAN_STATES
from wsnb.tools.outputs import PLAN_OUTPUT, STATUS_OUTPUT
from wsnb.tools.table import tool_def
from wsnb.types import PlanState, ToolResult
from wsnb.widgets import _html, panel
from wsnb.widgets.card import PlanCard
from wsnb.widgets.history import _outcome
from wsnb.widgets.inbox import Inbox
from wsnb.widgets.status import Event, sentence

_CJK = re.compile(r"[\u3400-\u9fff]")
# The states a plan reaches once it leaves pending, and so what a face reports of it.
DECIDED = [state for state in PlanState if state.is_final]


def test_every_state_plan_status_can_say_is_a_plan_state() -> None:
    values = {state.value for state in PlanState}
    assert set(PLAN_STATES) <= values, set(PLAN_STATES) - values
    assert "interrupted" in PLAN_STATES and PlanState("interrupted").is_final
    assert set(NOT_PENDING) == set(PLAN_STATES) - {"pending"}  # each says why it can't be decided
    assert STATUS_OUTPUT["properties"]["state"]["enum"] == list(PLAN_STATES)
    assert set(PLAN_OUTPUT["properties"]["state"]["enum"]) == values
    for text in (INSTRUCTIONS, tool_def("plan_status").description,
                 tool_def("list_my_plans").description):  # fmt: skip
        missing = [state for state in PLAN_STATES if state not in text]
        assert not missing, (missing, text)


@pytest.mark.parametrize("state", list(PlanState), ids=str)
def test_each_face_has_a_word_and_a_colour_for_every_state_in_both_languages(
        state: PlanState) -> None:  # fmt: skip
    assert re.fullmatch(r"#[0-9a-f]{6}", _html.STATE_COLOURS[state])
    for words in (describe.STATE_WORDS, _html.STATE_WORDS):
        english = words[state]
        with using_language("zh"):
            chinese = _(english)
        assert english and _CJK.search(chinese), (state, english, chinese)
    badge = _html.state_badge(state)
    assert _html.STATE_COLOURS[state] in badge and _html.STATE_WORDS[state].upper() in badge


@pytest.mark.parametrize("state", DECIDED, ids=str)
def test_the_panel_tells_every_decided_state_in_both_languages(state: PlanState) -> None:
    event = panel._STATE_EVENTS[state]
    english, chinese = sentence(event, "en"), sentence(event, "zh")
    assert english and _CJK.search(chinese)
    if state is PlanState.INTERRUPTED:
        assert event is Event.INTERRUPTED and "cut short" in english and "中断" in chinese


def _ended(state: PlanState, lang: str) -> Plan:
    """A plan moved into ``state`` the way the store's mirror moves it."""
    plan = Plan(id="abc123", action=wsnb.ActionType.CREATE_FILE, risk=wsnb.Risk.MEDIUM,
                title="Create file x.md", created_at=datetime.now(), lang=lang)
    plan.state = PlanState.CONFIRMED if state in (PlanState.DONE, PlanState.FAILED,
                                                  PlanState.INTERRUPTED) else PlanState.PENDING
    plan.result = ToolResult(state is PlanState.DONE, message="Created x.md (3 bytes).",
                             error="it ended part way")  # fmt: skip
    plan.state = state
    return plan


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("state", DECIDED, ids=str)
def test_a_card_says_every_decided_state_in_its_plans_language(state: PlanState,
                                                               lang: str) -> None:  # fmt: skip
    card = PlanCard(_ended(state, lang))
    try:
        assert card.status, state  # the outcome line a person reads
        with using_language(lang):
            word = _(_html.STATE_WORDS[state]).upper()
        assert word in card.header.value
        assert f"wsnb-state-{state.value}" in card._dom_classes
        if lang == "zh":
            assert _CJK.search(card.status) or state is PlanState.DONE, card.status
        assert f"state: {describe.STATE_WORDS[state]}" in card.plan.describe() or lang == "zh"
    finally:
        card.close()


def test_a_journal_rows_states_are_plan_states_with_the_cards_words() -> None:
    from wsnb.plans.journal import _state

    row_of = {"done": True, "failed": False}
    for state, success in row_of.items():
        entry = JournalEntry(id="e1", plan_id="p1", time=datetime.now(),
                             action="create_file", tool="create_file", success=success)
        assert PlanState(_state(entry, {})) is PlanState(state)
    entry = JournalEntry(id="e2", plan_id="p1", time=datetime.now(),
                         action="change_set", tool="change_set", success=True)
    assert _state(entry, {"e2": "(cut short)"}) == PlanState.INTERRUPTED.value

    class Row:
        state, success, error, undo_of, undone_by = "interrupted", True, None, None, None

    assert _html.state_badge(PlanState.INTERRUPTED) in _outcome(Row())


# -- a stored set cut short in another process ----------------------------------------------

_LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses os._exit")


# An agent's plan, confirmed in another process that ends itself as change 3 starts.
_CONFIRM_AND_DIE = """
import os, sys
sys.path.insert(0, sys.argv[3])
import wsnb
from test_write_ahead import cut_at
cut_at("step:3")
ws = wsnb.open_workspace(sys.argv[1], watch=False)
ws.plan_store.confirm(sys.argv[2], confirmed_by="mcp:test-agent", strong=True)
os._exit(0)
"""


def _cut_in_another_process(root: Path) -> tuple[wsnb.Workspace, Inbox, PlanCard]:
    """The person's notebook with an agent's set in its inbox, confirmed and cut short
    elsewhere; the notebook's card of it once the inbox looked again."""
    agent = wsnb.open_workspace(root, watch=False)
    proposed = agent._book.propose("change_set", title="Tidy", changes=CHANGES)
    plan_id = agent.plan_store.submit(proposed, proposer="mcp:test-agent").plan_id
    agent.close()
    ws = wsnb.open_workspace(root, watch=False)
    inbox = ws.inbox()
    [card] = inbox.cards.values()
    assert card.plan.state is PlanState.PENDING
    child = run_child(_CONFIRM_AND_DIE, str(root), plan_id, str(TESTS))
    _out, err = child.communicate(timeout=120)
    assert child.returncode == 9, err
    assert ws.plan_store.status(plan_id).state == "interrupted"  # the record, from the journal
    inbox.refresh()
    return ws, inbox, card


@_LINUX
def test_a_set_cut_short_elsewhere_says_interrupted_here_and_its_card_finishes_it(
        root: Path, tmp_path: Path) -> None:  # fmt: skip
    before = tree_hash(_tree(root))
    whole = _tree(tmp_path / "whole")
    assert wsnb.open_workspace(whole, watch=False).change_set("Tidy", CHANGES).confirm().success
    ws, inbox, card = _cut_in_another_process(root)
    plan = card.plan
    assert plan.state is PlanState.INTERRUPTED  # not failed: the names plan_status says
    assert plan.result is not None and "changes 1, 2 of 4 ran" in plan.result.error
    assert "state: interrupted" in plan.describe() and "finish()" in plan.describe()
    assert "CUT SHORT" in card.header.value and "Cut short" in card.status
    assert card.undo_button.layout.display == "" and card.finish_button.layout.display == ""
    assert card.confirm_button.disabled and card.cancel_button.disabled
    with pytest.raises(wsnb.PlanStateError, match="cut short"):
        plan.confirm()
    card.finish_button.click()
    finish = card.next_card
    assert finish is not None and card.shown_card is finish
    assert [step.title for step in finish.plan.steps] == ["Move c.txt to moved/c.txt",
                                                          "Rename d.txt to e.txt"]  # fmt: skip
    finish.confirm_button.click()
    assert finish.plan.state is PlanState.DONE and tree_hash(root) == tree_hash(whole)
    assert ws.interrupted == [] and not plan.can_undo and not plan.can_finish
    card.refresh()
    assert card.undo_button.layout.display == "none"  # decided: nothing left to offer
    assert ws.undo().confirm().success and tree_hash(root) == before  # undone whole
    inbox.close()
    ws.close()


@_LINUX
def test_a_set_cut_short_elsewhere_is_undone_from_its_card_to_the_byte(root: Path) -> None:
    before = tree_hash(_tree(root))
    ws, inbox, card = _cut_in_another_process(root)
    with using_language("zh"):
        assert "被中断" in PlanCard(card.plan).header.value or card.plan.lang != "zh"
    card.undo_button.click()
    undo = card.undo_card
    assert undo is not None and undo.plan.state is PlanState.PENDING
    undo.confirm_button.click()
    assert undo.plan.state is PlanState.DONE and tree_hash(root) == before
    assert ws.interrupted == [] and not card.plan.can_undo
    inbox.close()
    ws.close()


@_LINUX
def test_mcp_history_and_plan_status_say_interrupted_with_a_labelled_state_column(
        root: Path) -> None:  # fmt: skip
    from test_mcp_http import call_many, data, text

    from wsnb.mcp.http import start_in_thread

    _tree(root)
    ws, inbox, card = _cut_in_another_process(root)
    inbox.close()
    server = start_in_thread(ws)
    try:
        history, status = call_many(server, [("history", {}),
                                             ("plan_status", {"plan_id": card.plan.id})])
    finally:
        server.close()
        ws.close()
    rows = data(history)["rows"]
    # The set cut short, then the two changes of it that ran, each done.
    assert [row["state"] for row in rows] == ["interrupted", "done", "done"]
    said = text(history).splitlines()
    assert said[1] == ("  id | time (ISO 8601) | what | state (done, failed or interrupted) | "
                       "proposed_by | confirmed_by")  # fmt: skip
    assert " | interrupted | " in said[2] and "changes 1, 2 of 4 ran" in said[2]
    answer = data(status)
    assert answer["state"] == "interrupted" and "changes 1, 2 of 4 ran" in answer["message"]
    assert "ws." not in answer["message"] and "()" not in answer["message"]  # no Python here
