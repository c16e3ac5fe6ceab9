"""Capture, classify and move: plans only, never over an existing note."""

from __future__ import annotations

from pathlib import Path

import pytest
from notes_helpers import initialized, write

from wsnb.errors import StalePlanError, UsageError
from wsnb.notes.organiser import slugify
from wsnb.types import PlanState


def test_slugs_keep_chinese_and_drop_unsafe_characters() -> None:
    assert slugify("Meeting: Q1/Plan?") == "meeting-q1-plan"
    assert slugify("机器学习 笔记") == "机器学习-笔记"
    assert slugify("///") == "note"


def test_capture_is_a_plan_and_never_overwrites(root: Path) -> None:
    nb = initialized(root)
    write(root, "Inbox/idea.md", "mine\n")
    plan = nb.capture("Idea", "first thought")
    assert plan.target is not None and plan.target.relative == "Inbox/idea-2.md"
    assert not (root / "Inbox/idea-2.md").exists()
    plan.confirm()
    assert (root / "Inbox/idea-2.md").read_text() == "# Idea\n\nfirst thought\n"
    assert (root / "Inbox/idea.md").read_text() == "mine\n"
    assert nb.capture("Idea").target.relative == "Inbox/idea-3.md"  # type: ignore[union-attr]


def test_a_capture_whose_name_gets_taken_goes_stale(root: Path) -> None:
    nb = initialized(root)
    plan = nb.capture("Race")
    write(root, "Inbox/race.md", "someone else's\n")
    with pytest.raises(StalePlanError):
        plan.confirm()
    assert (root / "Inbox/race.md").read_text() == "someone else's\n"


def test_capture_into_the_configured_folder(root: Path) -> None:
    nb = initialized(root)
    nb.update_config({"captureDefault": "收件箱"})
    plan = nb.capture("想法", "内容")
    assert plan.parent_dirs == ["收件箱"]
    plan.confirm()
    assert (root / "收件箱/想法.md").read_text(encoding="utf-8") == "# 想法\n\n内容\n"


def test_a_title_on_several_lines_becomes_one_heading(root: Path) -> None:
    plan = initialized(root).capture("two\nlines", "body")
    assert plan.content == "# two lines\n\nbody\n"


def test_capture_needs_a_title(root: Path) -> None:
    with pytest.raises(UsageError):
        initialized(root).capture("  ")


def test_classify_by_mention_date_done_and_style(root: Path) -> None:
    write(root, "Projects/README.md", "x")
    write(root, "Archive/old.md", "x")
    write(root, "Journal/x.md", "x")
    write(root, "Inbox/plan.md", "# Plan\n\nNext steps for projects and more projects.\n")
    write(root, "Inbox/2026-03-01.md", "# Monday\n")
    write(root, "Inbox/finished.md", "---\nstatus: done\n---\n# Finished\n")
    write(root, "Inbox/loose.md", "# Loose\n")
    nb = initialized(root)
    nb.update_config({"organizationStyle": "project"})  # the default is CodePilot's "mixed"
    assert nb.classify("Inbox/plan.md").destination == "Projects/plan.md"
    assert nb.classify("Inbox/2026-03-01.md").destination == "Journal/2026-03-01.md"
    assert nb.classify("Inbox/finished.md").destination == "Archive/finished.md"
    loose = nb.classify("Inbox/loose.md")
    assert loose.destination == "Projects/loose.md" and "style" in loose.reason
    assert not nb.classify("Projects/README.md").moves


def test_move_uses_the_suggestion_and_a_free_name(root: Path) -> None:
    write(root, "Projects/plan.md", "theirs\n")
    write(root, "Inbox/plan.md", "# Plan\n\nabout projects\n")
    nb = initialized(root)
    plan = nb.move("Inbox/plan.md")
    assert plan.target is not None and plan.target.relative == "Projects/plan-2.md"
    plan.confirm()
    assert plan.state is PlanState.DONE
    assert (root / "Projects/plan.md").read_text() == "theirs\n"
    assert (root / "Projects/plan-2.md").read_text().startswith("# Plan")
    assert nb.undo().confirm().success and (root / "Inbox/plan.md").exists()


def test_move_into_a_folder_or_to_a_path(root: Path) -> None:
    write(root, "Inbox/a.md", "a\n")
    write(root, "Notes/a.md", "taken\n")
    nb = initialized(root)
    assert nb.move("Inbox/a.md", "Notes").target.relative == "Notes/a-2.md"  # type: ignore[union-attr]
    explicit = nb.move("Inbox/a.md", "Notes/a.md")
    assert explicit.is_refused and "never overwrites" in (explicit.refusal or "")
