"""Onboarding and the daily check-in: answers (any language) -> plans, a seam for a model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from notes_helpers import ANSWERS_ZH, clock_at, initialized, write

from wsnb.errors import LLMError, UsageError
from wsnb.notes import open_notes
from wsnb.notes.onboarding import WriterRequest, split_items


def test_thirteen_and_three_questions(root: Path) -> None:
    nb = initialized(root)
    assert len(nb.onboarding_questions) == 13 and len(nb.check_in_questions) == 3
    assert nb.onboarding_questions["问题"].str.len().min() > 0


def test_split_items_understands_chinese_and_numbered_lists() -> None:
    assert split_items("a、b；c") == ["a", "b", "c"]
    assert split_items("1. 写目标\n2. 列任务") == ["写目标", "列任务"]
    assert split_items("one, two; three") == ["one", "two", "three"]


def test_onboarding_in_chinese_writes_files_config_and_state(root: Path) -> None:
    nb = initialized(root, clock=clock_at(2026, 3, 5))
    memory_before = (root / "memory.md").read_text(encoding="utf-8")
    group = nb.onboard(ANSWERS_ZH)
    assert [p.target.relative for p in group] == ["soul.md", "user.md", "claude.md", "memory.md"]  # type: ignore[union-attr]
    assert not nb.state.onboarding_complete  # nothing before confirming
    group.confirm(strong=True)
    soul = (root / "soul.md").read_text(encoding="utf-8")
    assert "- Name: 阿福" in soul and "简洁" in soul
    user = (root / "user.md").read_text(encoding="utf-8")
    assert "- 学习机器学习\n- 完成毕业论文\n- 每天锻炼" in user and "小王" in user
    claude = (root / "claude.md").read_text(encoding="utf-8")
    assert "- 不要删除文件\n- 不要联网\n- 不要替我做决定" in claude and "Style: topic" in claude
    memory = (root / "memory.md").read_text(encoding="utf-8")
    assert memory.startswith(memory_before) and "## Onboarding 2026-03-05" in memory
    config = json.loads((root / ".assistant/config.json").read_text(encoding="utf-8"))
    assert config["organizationStyle"] == "topic" and config["captureDefault"] == "Inbox"
    assert config["archivePolicy"]["dailyMemoryRetentionDays"] == 14
    assert config["archivePolicy"]["autoArchive"] is True
    again = open_notes(root, clock=clock_at(2026, 3, 5))
    assert again.state.onboarding_complete and not again.needs_check_in()
    assert open_notes(root, clock=clock_at(2026, 3, 6)).needs_check_in()
    assert len(nb.history) > 4 and nb.undo().confirm().success  # each file undoable


def test_onboarding_with_a_named_capture_folder(root: Path) -> None:
    write(root, "Captures/x.md", "x")
    nb = initialized(root)
    group = nb.onboard({**ANSWERS_ZH, "capture": "put them in Captures please",
                        "organisation": "by project"})  # fmt: skip
    group.confirm(strong=True)
    assert nb.config.capture_folder == "Captures" and nb.config.organisation_style == "project"


def test_bad_answers_are_clear_errors_and_change_nothing(root: Path) -> None:
    nb = initialized(root)
    with pytest.raises(UsageError, match="Unknown answer keys"):
        nb.onboard({"favourite_colour": "blue"})
    with pytest.raises(UsageError, match="organisation style"):
        nb.onboard({**ANSWERS_ZH, "organisation": "随便"})
    assert not nb.state.onboarding_complete and len(nb.pending) == 0


def test_a_writer_may_write_the_files_and_memory_stays_append_only(root: Path) -> None:
    nb = initialized(root)
    seen: list[WriterRequest] = []

    def writer(request: WriterRequest) -> dict[str, str]:
        seen.append(request)
        return {"soul": "# Soul\n\nWritten by the model.", "memory": "## Model memory\n\n- x\n",
                "evil": "ignored"}  # fmt: skip

    before = (root / "memory.md").read_text()
    nb.onboard(ANSWERS_ZH, writer=writer).confirm(strong=True)
    assert seen[0].kind == "onboarding" and seen[0].answers["address"] == "小王"
    assert (root / "soul.md").read_text() == "# Soul\n\nWritten by the model.\n"
    assert "- Address as: 小王" in (root / "user.md").read_text()  # template fallback
    memory = (root / "memory.md").read_text()
    assert memory.startswith(before) and memory.endswith("## Model memory\n\n- x\n")
    assert not (root / "evil").exists()


def test_a_failing_writer_falls_back_to_templates(root: Path) -> None:
    nb = initialized(root)

    def broken(request: WriterRequest) -> dict[str, str]:
        raise LLMError("The server did not answer.")

    group = nb.onboard(ANSWERS_ZH, writer=broken)
    assert "templates were used" in group.describe()
    group.confirm(strong=True)
    assert "- Name: 阿福" in (root / "soul.md").read_text()


def test_check_in_writes_the_day_and_adds_to_it(root: Path) -> None:
    nb = initialized(root, clock=clock_at(2026, 3, 5, hour=9))
    nb.onboard(ANSWERS_ZH).confirm(strong=True)
    nb.clock = clock_at(2026, 3, 6, hour=21)  # type: ignore[method-assign]
    assert nb.needs_check_in()
    group = nb.check_in({"done": "写完第二章", "priorities": "论文优先",
                         "remember": "导师周五开会"})  # fmt: skip
    group.confirm()
    day = root / "memory/daily/2026-03-06.md"
    text = day.read_text(encoding="utf-8")
    assert "## Work Log\n\n写完第二章" in text and "导师周五开会" in text
    assert not nb.needs_check_in() and nb.state.last_check_in.isoformat() == "2026-03-06"  # type: ignore[union-attr]
    nb.check_in({"done": "晚上又读了论文", "remember": "喜欢喝绿茶"}).confirm()
    later = day.read_text(encoding="utf-8")
    assert later.startswith(text) and "## Check-in 21:00" in later
    nb.promote("2026-03-06").confirm()
    memory = (root / "memory.md").read_text(encoding="utf-8")
    assert "导师周五开会" in memory and "喜欢喝绿茶" in memory


def test_auto_archive_comes_with_the_check_in(root: Path) -> None:
    nb = initialized(root, clock=clock_at(2026, 3, 5))
    write(root, "memory/daily/2026-01-01.md", "# D\n\n## Work Log\n\nold work\n")
    nb.update_config({"archivePolicy": {"autoArchive": False}})
    assert len(nb.check_in({"done": "x"})) == 1  # archiving turned off
    nb.update_config({"archivePolicy": {"autoArchive": True}})  # the default, as in CodePilot
    group = nb.check_in({"done": "today"})
    assert [p.action.value for p in group] == ["create_file", "create_file", "trash"]
    group.confirm()
    assert "- 2026-01-01: old work" in (root / "memory/daily/archive.md").read_text()
    assert not (root / "memory/daily/2026-01-01.md").exists()
