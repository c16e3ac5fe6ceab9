"""With a model connected (the agent's client, a real OpenAI-compatible server on 127.0.0.1),
onboarding and the check-in ask it to write the files, streamed; when it fails, the answers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from agent_server import ScriptedServer, Step, text_chunks
from notes_helpers import ANSWERS_ZH, clock_at, initialized

from wsnb.llm import LLMClient
from wsnb.notes import ModelWriter, Notes


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    srv = ScriptedServer()
    yield srv
    srv.close()


def _writer(server: ScriptedServer, seen: list[tuple[str, str]] | None = None) -> ModelWriter:
    client = LLMClient(server.url, model="test-model", environ={}, max_retries=0)
    sink = None if seen is None else (lambda role, piece: seen.append((role, piece)))
    return ModelWriter(client, on_text=sink)


def _stream(*texts: str) -> list[Step]:
    return [Step(events=text_chunks(text)) for text in texts]


ONBOARDING = ("# Soul\n\n阿福：冷静、简洁。", "# User\n\n小王，在写毕业论文。",
              "# Rules\n\n- 不删除文件", "- 小王的目标：毕业论文")  # fmt: skip


def test_onboarding_asks_the_model_for_each_file_streamed(root: Path,
                                                           server: ScriptedServer) -> None:
    nb = initialized(root)
    before = (root / "memory.md").read_text(encoding="utf-8")
    server.script(*_stream(*ONBOARDING))
    seen: list[tuple[str, str]] = []
    group = nb.onboard(ANSWERS_ZH, writer=_writer(server, seen))
    assert [role for role, _piece in seen][:1] == ["soul"] and len(seen) > 8
    assert "".join(piece for role, piece in seen if role == "user") == ONBOARDING[1]
    prompts = [r.body["messages"][1]["content"] for r in server.chat_requests]
    assert len(prompts) == 4 and "小王" in prompts[0] and "soul.md" in prompts[0]
    assert all(r.body["stream"] is True for r in server.chat_requests)
    group.confirm(strong=True)
    assert (root / "soul.md").read_text(encoding="utf-8") == ONBOARDING[0] + "\n"
    memory = (root / "memory.md").read_text(encoding="utf-8")
    assert memory.startswith(before) and memory.endswith(ONBOARDING[3] + "\n")


def test_a_failing_model_falls_back_to_the_answers(root: Path, server: ScriptedServer) -> None:
    nb = initialized(root)
    server.script(Step(status=500, body={"error": {"message": "overloaded"}}))
    group = nb.onboard(ANSWERS_ZH, writer=_writer(server))
    assert "The model could not write the files" in group.note
    group.confirm(strong=True)
    assert "- Name: 阿福" in (root / "soul.md").read_text(encoding="utf-8")


def _checked_in(root: Path) -> Notes:
    nb = initialized(root, clock=clock_at(2026, 3, 20))
    nb.onboard(ANSWERS_ZH).confirm(strong=True)
    nb.clock = clock_at(2026, 3, 21)  # type: ignore[method-assign]
    return nb


def test_the_check_in_asks_the_model_for_the_entry_facts_and_profile(
    root: Path, server: ScriptedServer
) -> None:
    nb = _checked_in(root)
    entry = ("# Daily Memory 2026-03-21\n\n## Work Log\n\n写完第三章。\n\n## Priority Changes\n\n"
             "论文优先。\n\n## Candidate Long-Term Memory\n\n- 喜欢乌龙茶")  # fmt: skip
    server.script(*_stream(entry, "- 喜欢乌龙茶", "- 现在论文优先"))
    group = nb.check_in({"done": "写完第三章", "priorities": "论文优先", "remember": "乌龙茶"},
                        writer=_writer(server))  # fmt: skip
    assert [p.target.relative for p in group][:3] == [  # type: ignore[union-attr]
        "memory/daily/2026-03-21.md", "memory.md", "user.md"]
    group.confirm(strong=True)
    assert (root / "memory/daily/2026-03-21.md").read_text(encoding="utf-8") == entry + "\n"
    assert "## Promoted from 2026-03-21\n\n- 喜欢乌龙茶\n" in (root / "memory.md").read_text()
    assert (root / "user.md").read_text().endswith("## Check-in 2026-03-21\n\n- 现在论文优先\n")


def test_nothing_to_promote_adds_nothing(root: Path, server: ScriptedServer) -> None:
    nb = _checked_in(root)
    server.script(*_stream("# Daily Memory\n\n## Work Log\n\nx", "(nothing to promote)",
                           "(nothing to promote)"))  # fmt: skip
    group = nb.check_in({"done": "x"}, writer=_writer(server))
    assert [p.target.relative for p in group] == ["memory/daily/2026-03-21.md"]  # type: ignore[union-attr]


def test_the_form_shows_the_stream_and_the_plan_cards(root: Path, server: ScriptedServer) -> None:
    from wsnb.widgets.notes_forms import OnboardingForm

    nb = initialized(root)
    server.script(*_stream(*ONBOARDING))
    form = OnboardingForm(nb, writer=nb.model_writer(LLMClient(server.url, model="test-model",
                                                               environ={}, max_retries=0)))
    form.fill(ANSWERS_ZH)
    form._on_make()
    assert "<b>soul.md</b>" in form.stream.value and "阿福：冷静、简洁。" in form.stream.value
    assert form.view is not None and len(form.view.cards) == 4
    form.view._on_confirm()
    assert (root / "user.md").read_text(encoding="utf-8") == ONBOARDING[1] + "\n"
    form.close()


def test_a_model_entry_that_drops_the_days_text_is_not_used(root: Path,
                                                            server: ScriptedServer) -> None:
    nb = _checked_in(root)
    nb.check_in({"done": "上午读论文"}).confirm(strong=True)
    before = (root / "memory/daily/2026-03-21.md").read_text(encoding="utf-8")
    server.script(*_stream("# A whole new day\n\nonly this", "(nothing to promote)",
                           "(nothing to promote)"))  # fmt: skip
    group = nb.check_in({"done": "下午写代码"}, writer=_writer(server))
    assert "did not keep the day's earlier text" in group.note
    group.confirm(strong=True)
    after = (root / "memory/daily/2026-03-21.md").read_text(encoding="utf-8")
    assert after.startswith(before) and "下午写代码" in after and "A whole new day" not in after


def test_the_check_in_form_labels_each_stream_by_its_file(root: Path,
                                                          server: ScriptedServer) -> None:
    from wsnb.widgets.notes_forms import CheckInForm

    nb = _checked_in(root)
    server.script(*_stream("# Daily Memory\n\n## Work Log\n\n读论文", "- 喜欢乌龙茶",
                           "(nothing to promote)"))  # fmt: skip
    form = CheckInForm(nb, writer=_writer(server))
    form.fill({"done": "读论文", "remember": "乌龙茶"})
    form._on_make()
    shown = form.stream.value
    assert "<b>memory/daily/2026-03-21.md</b>" in shown
    assert "<b>memory.md (added at the end)</b>" in shown and "喜欢乌龙茶" in shown
    assert form.view is not None and len(form.view.cards) == 2
    form.close()
