"""The change-set card: a line per change, unticking leaves one out, Confirm runs the rest."""

from __future__ import annotations

from pathlib import Path

import wsnb
from wsnb.types import PlanState
from wsnb.widgets.changesetcard import ChangeSetCard


def test_the_card_leaves_out_what_is_unticked_and_runs_the_rest(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    (root / "a.txt").write_text("alpha\n")
    ws = wsnb.open_workspace(root, watch=False)
    plan = ws.change_set("Three", [
        {"op": "create_file", "path": "one.md", "content": "1\n"},
        {"op": "create_file", "path": "two.md", "content": "2\n"},
        {"op": "edit", "path": "a.txt", "edits": [["alpha", "beta"]]},
    ])  # fmt: skip
    card = ChangeSetCard(plan)
    assert [box.description for box in card.step_boxes] == [
        "[1] Create file one.md", "[2] Create file two.md", "[3] Edit a.txt"]
    assert "<details" in card.step_lines[2].value and "+beta" in card.step_lines[2].value
    assert card.confirm_button.description == "Confirm all"
    card.step_boxes[1].value = False
    assert plan.left_out == [2] and card.confirm_button.description == "Confirm 2 changes"
    card.step_boxes[0].value = False
    card.step_boxes[2].value = False  # the last one: refused in place, stays ticked
    assert card.step_boxes[2].value and "cancel the change set" in card.status
    card.confirm_button.click()
    assert plan.state is PlanState.DONE
    assert not (root / "one.md").exists() and not (root / "two.md").exists()
    assert (root / "a.txt").read_text() == "beta\n"
    assert "done" in card.step_lines[2].value and "left out" in card.step_lines[0].value
    assert all(box.disabled for box in card.step_boxes)
    ws.close()
