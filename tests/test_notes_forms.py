"""The notes forms: answers typed into widgets become plan cards; Confirm all writes the files."""

from __future__ import annotations

from pathlib import Path

from notes_helpers import ANSWERS_ZH, clock_at, initialized

from wsnb.notes import open_notes
from wsnb.types import PlanState
from wsnb.widgets import PlanCard
from wsnb.widgets.notes_forms import CheckInForm, OnboardingForm, PlanGroupView


def test_onboarding_form_makes_plan_cards_and_confirms_them(root: Path) -> None:
    nb = initialized(root)
    form = nb.onboarding_form()
    assert isinstance(form, OnboardingForm) and len(form.fields) == 13
    form.fill(ANSWERS_ZH)
    assert form.fields["goals"].value == "学习机器学习\n完成毕业论文\n每天锻炼"
    form.make_button.click()
    view = form.view
    assert isinstance(view, PlanGroupView) and not (root / ".assistant/x").exists()
    assert [type(c) for c in view.cards] == [PlanCard] * 4
    assert "阿福" not in (root / "soul.md").read_text(encoding="utf-8")  # nothing before confirm
    view.confirm_button.click()
    assert all(card.plan.state is PlanState.DONE for card in view.cards)
    assert "阿福" in (root / "soul.md").read_text(encoding="utf-8")
    assert "Done: 4" in view.outcome.value and view.confirm_button.disabled
    assert open_notes(root).state.onboarding_complete


def test_a_bad_answer_is_a_sentence_in_the_form(root: Path) -> None:
    nb = initialized(root)
    form = OnboardingForm(nb)
    form.fill({**ANSWERS_ZH, "organisation": "随便"})
    form.make_button.click()
    assert "organisation style" in form.message.value and form.view is None
    assert len(nb.pending) == 0


def test_check_in_form_and_cancel_all(root: Path) -> None:
    nb = initialized(root, clock=clock_at(2026, 3, 6))
    form = CheckInForm(nb)
    assert len(form.fields) == 3
    form.fill({"done": "写完第二章", "priorities": "", "remember": "周五开会"})
    form.make_button.click()
    assert form.view is not None
    form.view.cancel_button.click()
    assert form.view.cards[0].plan.state is PlanState.CANCELLED
    assert not (root / "memory/daily/2026-03-06.md").exists()
    form.make_button.click()
    form.view.cards[0].confirm_button.click()  # one card alone works too
    assert "写完第二章" in (root / "memory/daily/2026-03-06.md").read_text(encoding="utf-8")


def test_an_empty_group_runs_its_follow_up_once(root: Path) -> None:
    nb = initialized(root)
    (root / ".assistant/state.json").unlink()
    view = PlanGroupView(nb.initialize())
    assert not view.confirm_button.disabled
    view.confirm_button.click()
    assert (root / ".assistant/state.json").is_file() and view.confirm_button.disabled


def test_text_form_of_a_group_view_is_the_description(root: Path) -> None:
    nb = initialized(root)
    view = PlanGroupView(nb.promote())
    bundle = view._repr_mimebundle_()
    assert bundle is not None and "Nothing to do" in bundle["text/plain"]
