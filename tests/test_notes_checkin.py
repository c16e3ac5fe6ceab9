"""The whole check-in: today's entry, facts to memory.md (never twice for a day), a section in
user.md, promotion after 7 days with the marker, archive by retention, dailyCheckInEnabled."""

from __future__ import annotations

from pathlib import Path

from notes_helpers import ANSWERS_ZH, clock_at, initialized, write

from wsnb.notes import Notes

OLD_DAY = "# Daily Memory\n\n## Work Log\n\nold\n\n## Candidate Long-Term Memory\n\n- {fact}\n"


def _onboarded(root: Path) -> Notes:
    nb = initialized(root, clock=clock_at(2026, 3, 20))
    nb.onboard({**ANSWERS_ZH, "archiving": "日记保留 20 天，不要自动归档"}).confirm(strong=True)
    nb.clock = clock_at(2026, 3, 21, hour=9)  # type: ignore[method-assign]
    return nb


def test_the_negation_turns_archiving_off_and_check_ins_on(root: Path) -> None:
    nb = _onboarded(root)
    assert nb.config.daily_memory_days == 20 and not nb.config.auto_archive
    assert nb.state.daily_check_in_enabled and nb.needs_check_in()
    nb.enable_check_in(False)
    assert not nb.needs_check_in()
    assert nb.check_in({"done": "x"}).plans  # asking for one yourself still works


def test_a_check_in_writes_every_file_it_should(root: Path) -> None:
    nb = _onboarded(root)
    write(root, "memory/daily/2026-03-13.md", OLD_DAY.format(fact="周三游泳"))  # 8 days old
    write(root, "memory/daily/2026-03-16.md", OLD_DAY.format(fact="还没到七天"))  # 5 days old
    write(root, "memory/daily/2026-02-01.md", OLD_DAY.format(fact="很久以前"))  # past 20 days
    memory_before = (root / "memory.md").read_text(encoding="utf-8")
    user_before = (root / "user.md").read_text(encoding="utf-8")
    group = nb.check_in({"done": "写完第三章", "priorities": "论文优先",
                         "remember": "喜欢乌龙茶；每周五见导师"})  # fmt: skip
    assert [p.target.relative for p in group] == [  # type: ignore[union-attr]
        "memory/daily/2026-03-21.md", "memory.md", "user.md", "memory/daily/2026-02-01.md",
        "memory/daily/2026-03-13.md"]  # fmt: skip
    group.confirm(strong=True)
    memory = (root / "memory.md").read_text(encoding="utf-8")
    assert memory.startswith(memory_before)
    assert "## Promoted from 2026-03-21\n\n- 喜欢乌龙茶\n- 每周五见导师\n" in memory
    assert "## Promoted from 2026-03-13\n\n- 周三游泳" in memory
    assert "还没到七天" not in memory and "- 很久以前" in memory
    assert (root / "memory/daily/2026-03-13.md").read_text().endswith("<!-- promoted -->\n")
    user = (root / "user.md").read_text(encoding="utf-8")
    assert user.startswith(user_before) and user.endswith(
        "## Check-in 2026-03-21\n\n- Priorities: 论文优先\n")  # fmt: skip
    assert (root / "memory/daily/2026-02-01.md").exists()  # archiving is off
    assert not nb.needs_check_in()


def test_a_second_check_in_adds_only_new_facts(root: Path) -> None:
    nb = _onboarded(root)
    nb.check_in({"done": "a", "remember": "喜欢乌龙茶"}).confirm(strong=True)
    nb.clock = clock_at(2026, 3, 21, hour=21)  # type: ignore[method-assign]
    group = nb.check_in({"done": "b", "remember": "喜欢乌龙茶、晚上读论文", "priorities": "-"})
    group.confirm(strong=True)
    memory = (root / "memory.md").read_text(encoding="utf-8")
    assert memory.count("- 喜欢乌龙茶") == 1
    assert "## Promoted from 2026-03-21 (21:00)\n\n- 晚上读论文\n" in memory
    assert len(nb.promote("2026-03-21")) == 0  # the day's heading is there: dedup by date
    assert "## Check-in" not in (root / "user.md").read_text(encoding="utf-8")


def test_archive_by_retention_comes_with_the_check_in_when_on(root: Path) -> None:
    nb = _onboarded(root)
    nb.update_config({"archivePolicy": {"autoArchive": True}})
    write(root, "memory/daily/2026-02-01.md", OLD_DAY.format(fact="很久以前"))
    group = nb.check_in({"done": "x"})
    actions = [(p.action.value, (p.target or p.source).relative) for p in group]  # type: ignore[union-attr]
    assert actions == [("create_file", "memory/daily/2026-03-21.md"), ("write_file", "memory.md"),
                       ("create_file", "memory/daily/archive.md"),
                       ("trash", "memory/daily/2026-02-01.md")]  # fmt: skip
    group.confirm(strong=True)
    assert "## Promoted from 2026-02-01\n\n- 很久以前" in (root / "memory.md").read_text()
    assert not (root / "memory/daily/2026-02-01.md").exists()
