"""Plan cards: the plan tells its listeners, cards re-render from it, clicks confirm or cancel.

Clicks are the buttons' own ``click()``, the same path a browser click takes
in the kernel; every test checks the disk too.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

import wsnb
from wsnb.plans.plan import Plan
from wsnb.types import PlanState
from wsnb.widgets import PlanCard
from wsnb.widgets._html import code_block, diff_block


@pytest.fixture
def ws(root: Path) -> wsnb.Workspace:
    (root / "notes.txt").write_text("one\ntwo\nthree\n", encoding="utf-8")
    (root / "docs").mkdir()
    (root / "docs" / "a.md").write_text("# A\n", encoding="utf-8")
    return wsnb.open_workspace(root)


# -- the model side: plans tell their listeners ----------------------------------------


def test_listeners_hear_every_state_move_after_the_journal(ws: wsnb.Workspace) -> None:
    plan = ws.create_file("new.txt", "hi\n")
    heard: list[tuple[PlanState, int]] = []
    plan.subscribe(lambda p: heard.append((p.state, len(ws.history))))
    plan.confirm()
    assert heard == [(PlanState.DONE, 1)]  # the journal line is there when listeners run

    other = ws.create_file("other.txt")
    states: list[PlanState] = []
    other.subscribe(lambda p: states.append(p.state))
    other.cancel()
    assert states == [PlanState.CANCELLED]


def test_a_stale_confirm_tells_listeners_the_plan_failed(ws: wsnb.Workspace, root: Path) -> None:
    plan = ws.create_file("new.txt", "planned\n")
    states: list[PlanState] = []
    plan.subscribe(lambda p: states.append(p.state))
    (root / "new.txt").write_text("sneaked in\n", encoding="utf-8")
    with pytest.raises(wsnb.StalePlanError):
        plan.confirm()
    assert states == [PlanState.STALE]


def test_unsubscribe_stops_and_a_failing_listener_is_logged_not_raised(
    ws: wsnb.Workspace, root: Path, caplog: pytest.LogCaptureFixture
) -> None:
    plan = ws.create_file("new.txt", "hi\n")
    heard: list[Plan] = []
    stop = plan.subscribe(heard.append)

    def broken(_plan: Plan) -> None:
        raise RuntimeError("a broken view")

    plan.subscribe(broken)
    stop()
    stop()  # twice is harmless
    with caplog.at_level(logging.ERROR, logger="wsnb"):
        result = plan.confirm()
    assert result.success and (root / "new.txt").read_text(encoding="utf-8") == "hi\n"
    assert heard == []
    assert "a plan listener failed" in caplog.text


def test_a_done_plan_gives_its_undo_plan(ws: wsnb.Workspace, root: Path) -> None:
    plan = ws.create_file("new.txt", "hi\n")
    assert not plan.can_undo
    with pytest.raises(wsnb.PlanStateError, match="Only a plan that was carried out"):
        plan.undo()
    plan.confirm()
    undo = plan.undo()
    assert undo.state is PlanState.PENDING and undo.undo_of == plan.data["journal_entry"]
    undo.confirm()
    assert not (root / "new.txt").exists()


def test_outside_a_kernel_a_plan_displays_as_text(ws: wsnb.Workspace) -> None:
    plan = ws.create_file("new.txt", "<script>x</script>\n")
    bundle = plan._repr_mimebundle_()
    assert set(bundle) == {"text/plain", "text/html"}
    assert bundle["text/plain"] == plan.describe()
    assert "<script>" not in bundle["text/html"]


# -- the card -------------------------------------------------------------------------


def test_confirm_click_creates_the_file_and_shows_the_outcome(
    ws: wsnb.Workspace, root: Path
) -> None:
    card = PlanCard(ws.create_file("notes/todo.md", "# To do\n"))
    assert not card.confirm_button.disabled and not card.cancel_button.disabled
    assert not (root / "notes").exists()

    card.confirm_button.click()

    assert (root / "notes" / "todo.md").read_text(encoding="utf-8") == "# To do\n"
    assert card.plan.state is PlanState.DONE
    assert card.confirm_button.disabled and card.cancel_button.disabled
    assert "✓ Created notes/todo.md" in card.outcome.value
    assert "DONE" in card.header.value


def test_a_second_click_does_nothing(ws: wsnb.Workspace, root: Path) -> None:
    card = PlanCard(ws.create_file("new.txt", "first\n"))
    card.confirm_button.click()
    (root / "new.txt").write_text("changed by hand\n", encoding="utf-8")
    outcome = card.outcome.value

    card.confirm_button.click()
    card.cancel_button.click()

    assert (root / "new.txt").read_text(encoding="utf-8") == "changed by hand\n"
    assert card.plan.state is PlanState.DONE and card.outcome.value == outcome
    assert len(ws.history) == 1


def test_cancel_click_changes_nothing(ws: wsnb.Workspace, root: Path) -> None:
    card = PlanCard(ws.write_file("notes.txt", "replaced\n"))
    card.cancel_button.click()
    assert (root / "notes.txt").read_text(encoding="utf-8") == "one\ntwo\nthree\n"
    assert card.plan.state is PlanState.CANCELLED
    assert card.confirm_button.disabled and card.cancel_button.disabled
    assert "Cancelled; nothing was changed." in card.outcome.value
    card.confirm_button.click()
    assert (root / "notes.txt").read_text(encoding="utf-8") == "one\ntwo\nthree\n"


def test_strong_confirmation_waits_for_the_typed_name(ws: wsnb.Workspace, root: Path) -> None:
    card = PlanCard(ws.trash("docs"))
    assert card.plan.requires_strong_confirmation
    assert card.name_box.layout.display != "none"
    assert card.confirm_button.disabled
    assert "type <code>docs</code>" in card.details.value

    card.confirm_button.click()
    card.name_box.value = "doc"
    assert card.confirm_button.disabled
    card.confirm_button.click()
    assert (root / "docs").is_dir() and card.plan.state is PlanState.PENDING

    card.name_box.value = "docs"
    assert not card.confirm_button.disabled
    card.confirm_button.click()
    assert not (root / "docs").exists()
    assert card.plan.state is PlanState.DONE and card.name_box.disabled


def test_two_cards_of_one_plan_agree(ws: wsnb.Workspace, root: Path) -> None:
    plan = ws.create_file("new.txt", "hi\n")
    first, second = PlanCard(plan), PlanCard(plan)
    second.confirm_button.click()
    assert (root / "new.txt").exists()
    for card in (first, second):
        assert card.confirm_button.disabled and card.cancel_button.disabled
        assert "✓ Created new.txt" in card.outcome.value
        assert card.undo_button.layout.display != "none"
    first.confirm_button.click()  # the other card's button is dead too
    assert len(ws.history) == 1


def test_a_closed_card_stops_listening(ws: wsnb.Workspace) -> None:
    plan = ws.create_file("new.txt", "hi\n")
    card = PlanCard(plan)
    card.close()
    assert len(plan._listeners) == 0


def test_a_refused_card_says_why_and_cannot_confirm(ws: wsnb.Workspace, root: Path) -> None:
    card = PlanCard(ws.create_file("tool.exe", "x"))
    assert card.plan.state is PlanState.REFUSED
    assert card.confirm_button.disabled and card._buttons.layout.display == "none"
    assert "Refused (rule dangerous-suffix)" in card.outcome.value
    assert ".exe" in card.outcome.value
    card.confirm_button.click()
    assert not (root / "tool.exe").exists()


def test_a_stale_plan_shows_the_sentence_not_a_traceback(ws: wsnb.Workspace, root: Path) -> None:
    card = PlanCard(ws.create_file("new.txt", "planned\n"))
    (root / "new.txt").write_text("sneaked in\n", encoding="utf-8")
    card.confirm_button.click()  # raises nothing
    assert (root / "new.txt").read_text(encoding="utf-8") == "sneaked in\n"
    assert card.plan.state is PlanState.STALE
    assert "✗ Stale:" in card.outcome.value and "changed since the plan was made" in (
        card.outcome.value
    )
    assert card.confirm_button.disabled and card.undo_button.layout.display == "none"


def test_a_stale_card_offers_a_new_plan_that_takes_its_place(
    ws: wsnb.Workspace, root: Path
) -> None:
    card = PlanCard(ws.write_file("notes.txt", "planned\n"))
    (root / "notes.txt").write_text("edited meanwhile\n", encoding="utf-8")
    card.confirm_button.click()
    assert card.plan.state is PlanState.STALE
    assert card.remake_button.layout.display != "none"
    assert card._buttons.layout.display == "none"  # no dead Confirm / Cancel
    card.remake_button.click()
    fresh = card.next_card
    assert fresh is not None and card.children == (fresh,)
    assert fresh.plan.state is PlanState.PENDING and fresh.plan is not card.plan
    assert "edited meanwhile" in fresh.body.value  # the diff is made against the disk now
    fresh.confirm_button.click()
    assert (root / "notes.txt").read_text(encoding="utf-8") == "planned\n"


def test_a_done_card_folds_to_its_outcome_without_backup_paths(
    ws: wsnb.Workspace, root: Path
) -> None:
    card = PlanCard(ws.write_file("notes.txt", "replaced\n"))
    assert card.details.value and card.body.layout.display != "none"
    card.confirm_button.click()
    assert card._buttons.layout.display == "none" and card.body.layout.display == "none"
    assert card.details.value == ""
    assert "✓ Wrote notes.txt" in card.outcome.value
    assert ".wsnb/backups" not in card.outcome.value
    assert "✓ Wrote notes.txt (9 bytes). The earlier version is kept." in card.outcome.value
    assert ".wsnb/backups" in card.plan.result.message  # the data keeps the whole sentence
    assert "wsnb-state-done" in card._dom_classes


def test_a_card_speaks_chinese_when_set() -> None:
    from wsnb.types import PlanState as S
    from wsnb.widgets._html import state_badge

    wsnb.set_language("zh")
    assert "完成" in state_badge(S.DONE)


def test_undo_shows_the_undo_plans_card(ws: wsnb.Workspace, root: Path) -> None:
    card = PlanCard(ws.write_file("notes.txt", "replaced\n"))
    assert card.undo_button.layout.display == "none"
    card.confirm_button.click()
    assert (root / "notes.txt").read_text(encoding="utf-8") == "replaced\n"

    card.undo_button.click()
    undo_card = card.undo_card
    # The undo card takes the done card's place: no card inside a card, one Undo on screen.
    assert undo_card is not None and card.children == (undo_card,)
    assert "wsnb-plan-card" not in card._dom_classes and card.shown_card is undo_card
    assert undo_card.plan.undo_of == card.plan.data["journal_entry"]
    assert card.undo_button.disabled
    assert undo_card.header.value.count("Undo: put back the earlier version of notes.txt") == 1
    assert "MEDIUM RISK" in undo_card.header.value and "write_file" not in undo_card.header.value
    card.undo_button.click()  # a second click makes no second undo plan
    assert card.undo_card is undo_card

    undo_card.confirm_button.click()
    assert (root / "notes.txt").read_text(encoding="utf-8") == "one\ntwo\nthree\n"
    assert "✓" in undo_card.outcome.value


def test_an_undo_that_cannot_be_made_shows_its_sentence(ws: wsnb.Workspace) -> None:
    card = PlanCard(ws.create_file("new.txt", "hi\n"))
    card.confirm_button.click()
    ws.undo().confirm()  # undone elsewhere first
    card.undo_button.click()
    assert card.undo_card is None
    assert "already undone" in card.outcome.value


def test_untrusted_text_is_escaped(ws: wsnb.Workspace) -> None:
    card = PlanCard(ws.write_file("notes.txt", "<script>alert(1)</script>\n"))
    assert "<script>" not in card.body.value
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in card.body.value
    preview = PlanCard(ws.create_file("new.txt", "<img src=x onerror=alert(1)>\n"))
    assert "<img" not in preview.body.value


def test_text_plain_is_the_plan_text_and_repr_is_short(ws: wsnb.Workspace) -> None:
    card = PlanCard(ws.create_file("new.txt", "hi\n"))
    bundle = card._repr_mimebundle_()
    assert bundle is not None
    assert bundle["text/plain"] == card.plan.describe()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert repr(card) == f"<PlanCard {card.plan.id} create_file: pending>"


def test_diff_block_numbers_old_and_new_lines() -> None:
    diff = (
        "--- a/x.txt\n+++ b/x.txt\n@@ -2,3 +2,3 @@\n two\n-three\n+THREE\n four\n"
        "\\ No newline at end of file\n"
    )
    html = diff_block(diff)
    assert "a/x.txt" not in html  # the file header is the card's job
    assert '<tr class="wsnb-del"><td class="wsnb-n">3</td><td class="wsnb-n"></td>' in html
    assert '<tr class="wsnb-add"><td class="wsnb-n"></td><td class="wsnb-n">3</td>' in html
    assert '<td class="wsnb-n">4</td><td class="wsnb-n">4</td><td class="wsnb-t"> four' in html
    assert 'class="wsnb-note"' in html


def test_long_blocks_are_cut_and_say_how_much_more() -> None:
    html = code_block("\n".join(f"line {i}" for i in range(30)), max_lines=10)
    assert "line 9" in html and "line 10" not in html
    assert "… 20 more lines not shown" in html


def test_status_is_the_outcome_as_plain_text(ws: wsnb.Workspace) -> None:
    card = PlanCard(ws.create_file("new.txt", "hi\n"))
    assert card.status == ""
    card.confirm_button.click()
    assert card.status == "✓ Created new.txt (3 bytes)."
    refused = PlanCard(ws.create_file("../out.txt"))
    assert refused.status.startswith("✗ Refused (rule outside-workspace): ../out.txt")


def test_in_a_kernel_a_plan_displays_as_a_card_with_its_text(root: Path) -> None:
    from jupyter_client.manager import start_new_kernel

    (root / "notes.txt").write_text("one\n", encoding="utf-8")
    code = (
        "import wsnb\n"
        f"ws = wsnb.open_workspace({str(root)!r})\n"
        "plan = ws.create_file('new.txt', 'hi\\n')\n"
        "plan"
    )
    shown: list[dict[str, Any]] = []

    def keep_display(message: dict[str, Any]) -> None:
        if message["msg_type"] in {"execute_result", "display_data"}:
            shown.append(message["content"]["data"])

    manager, client = start_new_kernel(kernel_name="python3")
    try:
        reply = client.execute_interactive(code, timeout=60, output_hook=keep_display)
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    assert reply["content"]["status"] == "ok"
    (data,) = shown
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["text/plain"].startswith("Plan ") and "state: pending" in data["text/plain"]
    assert not (root / "new.txt").exists()


def test_closing_a_card_leaves_no_widget_models_behind(ws: wsnb.Workspace) -> None:
    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    card = PlanCard(ws.create_file("new.txt", "hi\n"))
    card.confirm_button.click()
    card.undo_button.click()
    assert card.undo_card is not None and len(set(_instances) - before) > 30
    card.close()
    assert set(_instances) - before == set()
    assert len(card.plan._listeners) == 0


def test_a_card_keeps_the_language_its_plan_was_made_in(ws: wsnb.Workspace, root: Path) -> None:
    from wsnb.i18n import using_language

    with using_language("zh"):
        chinese = ws.create_file("新.txt", "你好\n")
    english = ws.create_file("new.txt", "hi\n")
    with using_language("en"):  # the notebook speaks English; the Chinese plan's card doesn't
        card = PlanCard(chinese)
    header = card.header.value
    assert any(word in header for word in ("低风险", "中等风险", "高风险"))
    assert "等待确认" in header and "RISK" not in header and "WAITING" not in header
    assert (card.confirm_button.description, card.cancel_button.description) == ("确认", "取消")
    assert "目标" in card.details.value and "target" not in card.details.value
    assert "预览" in card.body.value
    with using_language("zh"):  # and an English plan's card stays English in a Chinese setting
        other = PlanCard(english)
    assert (other.confirm_button.description, other.cancel_button.description) == ("Confirm",
                                                                                  "Cancel")
    assert "WAITING" in other.header.value.upper() and "preview" in other.body.value
    card.confirm_button.click()  # the outcome line follows the plan's language too
    assert (root / "新.txt").exists() and card.status.startswith("✓ 已创建")
    card.close()
    other.close()
