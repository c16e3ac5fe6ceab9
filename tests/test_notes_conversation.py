"""The conversational path: the prompt asks the model to run onboarding or the check-in, and a
reply that ends with the completion block becomes the plan group the forms make, for its own
notes only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from notes_helpers import ANSWERS_ZH, clock_at, initialized

from wsnb.errors import UsageError
from wsnb.notes import open_notes

CHECK_IN = {"done": "写完了第二章", "priorities": "论文优先", "remember": "我每周三下午开组会"}


def _reply(fence: str, answers: dict[str, object], before: str = "好的，都记下了。") -> str:
    return f"{before}\n\n```{fence}\n{json.dumps(answers, ensure_ascii=False)}\n```\n"


def _targets(group: object) -> list[str]:
    return [plan.target.relative for plan in group]  # type: ignore[attr-defined]


def test_the_prompt_carries_the_onboarding_task_while_onboarding_is_incomplete(
    root: Path,
) -> None:
    nb = initialized(root, clock=clock_at(2026, 3, 5))
    prompt = nb.prompt("你好")
    assert prompt.task == "onboarding"
    text = prompt.text
    task = text[text.index("<assistant-project-task>"):text.index("</assistant-project-task>")]
    assert text.index("</assistant-workspace>") < text.index("<assistant-project-task>") \
        < text.index("<question>")  # fmt: skip
    assert "13 questions" in task and "```onboarding-complete" in task
    assert "我该怎么称呼你？" in task and "How should I address you?" in task
    assert "(one of: project, time, topic, mixed)" in task
    assert '"archiving": "..."' in task and len(text) <= prompt.budget


def test_the_check_in_task_comes_the_day_after_onboarding_and_then_not_again(root: Path) -> None:
    nb = initialized(root, clock=clock_at(2026, 3, 5))
    nb.onboard(ANSWERS_ZH).confirm(strong=True)
    same_day = nb.prompt("今天做什么？")
    assert same_day.task == "" and "<assistant-project-task>" not in same_day.text
    tomorrow = open_notes(root, clock=clock_at(2026, 3, 6))
    prompt = tomorrow.prompt("早")
    assert prompt.task == "check-in"
    assert "Today's check-in is due" in prompt.text and "```checkin-complete" in prompt.text
    assert "今天完成了什么？" in prompt.text


def test_an_onboarding_reply_becomes_the_forms_plan_group(root: Path) -> None:
    nb = initialized(root, clock=clock_at(2026, 3, 5))
    prompt = nb.prompt("你好")
    assert nb.apply_reply("我该怎么称呼你？", prompt) is None  # the conversation goes on
    group = nb.apply_reply(_reply("onboarding-complete", ANSWERS_ZH), prompt)
    assert group is not None
    assert _targets(group) == _targets(nb.onboard(ANSWERS_ZH))
    assert not nb.state.onboarding_complete  # nothing before the person confirms
    group.confirm(strong=True)
    assert nb.state.onboarding_complete
    assert "- Name: 阿福" in (root / "soul.md").read_text(encoding="utf-8")


def test_a_check_in_reply_becomes_the_check_in_plans(root: Path) -> None:
    initialized(root, clock=clock_at(2026, 3, 5)).onboard(ANSWERS_ZH).confirm(strong=True)
    nb = open_notes(root, clock=clock_at(2026, 3, 6))
    prompt = nb.prompt("早")
    group = nb.apply_reply(_reply("checkin-complete", CHECK_IN), prompt)
    assert group is not None and "memory/daily/2026-03-06.md" in _targets(group)
    group.confirm(strong=True)
    assert not nb.needs_check_in()
    assert "写完了第二章" in (root / "memory/daily/2026-03-06.md").read_text(encoding="utf-8")


def test_a_fence_counts_only_for_its_own_notes_and_its_own_task(root: Path) -> None:
    nb = initialized(root, clock=clock_at(2026, 3, 5))
    other = open_notes(root, clock=clock_at(2026, 3, 5))  # same folder, another chat
    reply = _reply("onboarding-complete", ANSWERS_ZH)
    before = sorted(p.name for p in root.iterdir())
    with pytest.raises(UsageError, match="did not assemble"):
        nb.apply_reply(reply, other.prompt("你好"))
    with pytest.raises(UsageError, match="did not ask"):
        nb.apply_reply(_reply("checkin-complete", CHECK_IN), nb.prompt("你好"))
    with pytest.raises(UsageError, match="not one JSON object"):
        nb.apply_reply("done\n```onboarding-complete\n[1, 2]\n```", nb.prompt("你好"))
    # A block quoted in the middle of a reply is not its ending.
    assert nb.apply_reply(reply + "\nAnything else?", nb.prompt("你好")) is None
    assert sorted(p.name for p in root.iterdir()) == before
    assert not nb.state.onboarding_complete and nb.workspace.pending.empty
