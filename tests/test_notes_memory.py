"""Daily memories, idempotent promotion into an append-only memory.md, lossless archiving."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from notes_helpers import clock_at, initialized, write

from wsnb.notes.memory import archive_line, extract_section

DAY = """# Daily Memory {day}

## Work Log

Wrote the {day} report.

## Candidate Long-Term Memory

- The user prefers tea on {day}.
"""


def test_extract_section_by_any_accepted_heading() -> None:
    text = "# D\n\n## To Remember\n\n- a\n\n### detail\n\nb\n\n## Other\n\nc\n"
    assert extract_section(text) == "- a\n\n### detail\n\nb"
    assert extract_section("## 要记住\n\n- 喝茶\n") == "- 喝茶"
    assert extract_section("## Candidate Long-Term Memory\n\n-\n") == ""
    fenced = "## To Remember\n\n```\n## Not a heading\n```\nkept\n"
    assert "kept" in extract_section(fenced)


def test_promotion_appends_once(root: Path) -> None:
    nb = initialized(root)
    write(root, "memory/daily/2026-03-01.md", DAY.format(day="2026-03-01"))
    before = (root / "memory.md").read_text()
    group = nb.promote("2026-03-01")
    assert [p.target.relative for p in group] == ["memory.md", "memory/daily/2026-03-01.md"]  # type: ignore[union-attr]
    group.confirm()
    assert (root / "memory/daily/2026-03-01.md").read_text().endswith("\n<!-- promoted -->\n")
    after = (root / "memory.md").read_text()
    assert after.startswith(before)  # only ever appended to
    assert "## Promoted from 2026-03-01\n\n- The user prefers tea on 2026-03-01." in after
    assert len(nb.promote("2026-03-01")) == 0  # idempotent
    assert len(nb.promote()) == 0
    assert (root / "memory.md").read_text() == after


def test_promotion_creates_memory_md_when_missing(root: Path) -> None:
    write(root, "memory/daily/2026-03-02.md", DAY.format(day="2026-03-02"))
    nb = initialized(root)
    (root / "memory.md").unlink()
    group = nb.promote()
    assert group[0].action.value == "create_file"
    group.confirm()
    assert "Promoted from 2026-03-02" in (root / "memory.md").read_text()


def test_archive_promotes_summarises_and_trashes_losing_nothing(root: Path, test_home: Path
                                                                ) -> None:  # fmt: skip
    nb = initialized(root, clock=clock_at(2026, 3, 5))
    old_days = ["2026-01-10", "2026-01-20"]
    for day in [*old_days, "2026-03-01"]:
        write(root, f"memory/daily/{day}.md", DAY.format(day=day))
    write(root, "memory/daily/archive.md", "# Archive\n\nmy own line\n")
    group = nb.archive()
    actions = [p.action.value for p in group]
    assert actions == ["write_file", "write_file", "trash", "trash"]
    assert not (root / "memory.md").read_text().count("Promoted")  # nothing before confirm
    group.confirm()
    memory = (root / "memory.md").read_text()
    assert all(f"## Promoted from {d}" in memory for d in old_days)
    archive = (root / "memory/daily/archive.md").read_text()
    assert archive.startswith("# Archive\n\nmy own line\n")
    assert "- 2026-01-10: Wrote the 2026-01-10 report." in archive
    assert not (root / "memory/daily/2026-01-10.md").exists()
    assert (root / "memory/daily/2026-03-01.md").exists()
    trashed = {p.name: p.read_text() for p in (test_home / ".local/share/Trash/files").iterdir()
               if p.name.startswith("2026-01-")}  # fmt: skip
    assert trashed["2026-01-10.md"] == DAY.format(day="2026-01-10")  # the whole text is kept
    assert len(nb.archive()) == 0


def test_archive_then_promotion_again_adds_nothing(root: Path) -> None:
    nb = initialized(root, clock=clock_at(2026, 3, 5))
    write(root, "memory/daily/2026-01-01.md", DAY.format(day="2026-01-01"))
    nb.promote().confirm()
    group = nb.archive()
    assert [p.action.value for p in group] == ["create_file", "trash"]  # promotion already done
    group.confirm()
    assert (root / "memory.md").read_text().count("Promoted from 2026-01-01") == 1


def test_archive_line_is_one_short_line() -> None:
    line = archive_line(date(2026, 1, 1), "# D\n\n## Work Log\n\n" + "word " * 100)
    assert line.startswith("- 2026-01-01: word") and len(line) < 200 and "\n" not in line


def test_daily_frame_lists_only_dated_files(root: Path) -> None:
    nb = initialized(root)
    write(root, "memory/daily/2026-03-01.md", "x")
    write(root, "memory/daily/2026-02-30.md", "bad date")
    write(root, "memory/daily/notes.md", "x")
    assert list(nb.daily["path"]) == ["memory/daily/2026-03-01.md"]
