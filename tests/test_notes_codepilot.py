"""A folder CodePilot wrote opens as it is, every flow works on it, and CodePilot can still
read it afterwards (``codepilot_fixture.codepilot_problems``)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from codepilot_fixture import END, NOTES, START, Fixture, codepilot_problems, make_codepilot_folder
from notes_helpers import ANSWERS_ZH, clock_at

from wsnb.notes import FolderStatus, Notes, open_notes

TODAY = date(2026, 3, 20)


@pytest.fixture
def fixture(root: Path) -> Fixture:
    return make_codepilot_folder(root, TODAY)


def _open(fixture: Fixture) -> Notes:
    return open_notes(fixture.root, clock=clock_at(TODAY.year, TODAY.month, TODAY.day))


def test_the_fixture_itself_is_what_codepilot_accepts(fixture: Fixture) -> None:
    assert codepilot_problems(fixture) == []
    (fixture.root / "Soul.md").rename(fixture.root / "soul-old.md")
    assert "no soul file under any spelling CodePilot reads" in codepilot_problems(fixture)


def test_it_opens_as_it_is(fixture: Fixture) -> None:
    nb = _open(fixture)
    seen = nb.inspect()
    assert seen.status is FolderStatus.EXISTING_WORKSPACE
    assert {"AGENTS.md", "Soul.md", "User.md", "memory.md"} <= set(seen.exists)
    assert len(nb.initialize()) == 0  # nothing missing: no empty soul.md beside Soul.md
    assert nb.config.daily_memory_days == 3 and nb.config.index.max_file_size == 512 * 1024
    assert nb.state.schema_version == 4 and nb.state.daily_check_in_enabled
    assert nb.needs_check_in()  # last check-in yesterday, check-ins on
    frame = nb.taxonomy.set_index("path")
    assert frame.loc["Projects", "name"] == "Projects"
    assert frame.loc["Projects", "source"] == "learned"
    hot = nb.hotset.set_index("path")
    assert hot.loc["Notes/tea.md", "pinned"] and hot.loc["Projects/thesis.md", "uses"] > 2.9
    assert codepilot_problems(fixture) == []  # opening wrote nothing CodePilot would refuse


def test_prompt_index_and_search(fixture: Fixture) -> None:
    nb = _open(fixture)
    prompt = nb.prompt("贝叶斯 论文")
    paths = set(prompt.frame["path"])
    assert {"AGENTS.md", "Soul.md", "User.md", "memory.md"} <= paths
    assert "Calm, concise" in str(prompt) and "Never delete files" in str(prompt)
    assert "Projects/thesis.md" in paths  # retrieval found the decision
    hits = nb.search("green tea")
    assert hits.iloc[0]["path"] == "Notes/tea.md"
    assert "Projects/thesis.md" in set(nb.search("贝叶斯")["path"])


def test_the_index_is_written_in_codepilots_shape(fixture: Fixture) -> None:
    folder = fixture.root / ".assistant/index"
    theirs = _jsonl(folder / "chunks.jsonl")
    nb = _open(fixture)
    nb.index(force=True)  # everything written again, by wsnb
    ours = _jsonl(folder / "chunks.jsonl")
    # The note and chunk ids CodePilot wrote are the ones wsnb writes, and lines count from 0:
    # the line a chunk starts at is its heading's line (after tea.md's three lines of front
    # matter, line 3).
    first = {c["path"]: c for c in ours if str(c["chunkId"]).endswith("-0")}
    for chunk in theirs:
        mine = first[str(chunk["path"])]
        assert (mine["noteId"], mine["chunkId"]) == (chunk["noteId"], chunk["chunkId"])
        lines = NOTES[str(chunk["path"])].split("\n")
        top = str(mine["heading"]).split(" > ")[0]  # a heading path, its first heading first
        assert lines[int(str(mine["startLine"]))] == f"# {top}"
    assert first["Notes/tea.md"]["startLine"] == 3
    assert codepilot_problems(fixture) == []


def _jsonl(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def test_promote_archive_and_docs(fixture: Fixture) -> None:
    nb = _open(fixture)
    promote = nb.promote()
    targets = [p.target.relative for p in promote]  # type: ignore[union-attr]
    daily = f"memory/daily/{fixture.promote_day.isoformat()}.md"
    kept = f"memory/daily/{fixture.kept_day.isoformat()}.md"
    assert targets == ["memory.md", daily, kept]  # the marked day is not promoted again
    promote.confirm()
    memory = (fixture.root / "memory.md").read_text(encoding="utf-8")
    assert memory.startswith(fixture.memory_before) and "<!-- promoted -->" not in memory
    assert f"## Promoted from {fixture.promote_day.isoformat()}" in memory
    assert memory.count(f"## Promoted from {fixture.marked_day.isoformat()}") == 1
    assert (fixture.root / daily).read_text(encoding="utf-8").endswith("<!-- promoted -->\n")
    archive = nb.archive()
    trashed = [p.source.relative for p in archive if p.action.value == "trash"]  # type: ignore[union-attr]
    assert sorted(trashed) == sorted(f"memory/daily/{d.isoformat()}.md"
                                     for d in (fixture.promote_day, fixture.marked_day))  # 3 days
    archive.confirm(strong=True)
    lines = (fixture.root / "memory/daily/archive.md").read_text(encoding="utf-8")
    assert lines.startswith("- **2026-01-02.md**: Daily Memory\n")
    assert f"- **{fixture.promote_day.isoformat()}.md**: Drafted chapter two." in lines
    assert (fixture.root / kept).exists()
    docs = nb.generate_docs()
    docs.confirm()
    readme = (fixture.root / "README.ai.md").read_text(encoding="utf-8")
    assert readme.startswith("My own words before the block.\n\n" + START)
    assert readme.endswith(END + "\n\nAnd after it.\n") and readme.count(START) == 1
    assert codepilot_problems(fixture) == []


def test_onboard_and_check_in_then_codepilot_reads_it(fixture: Fixture) -> None:
    nb = _open(fixture)
    onboarding = nb.onboard(ANSWERS_ZH)
    assert [p.target.relative for p in onboarding] == ["Soul.md", "User.md", "AGENTS.md",  # type: ignore[union-attr]
                                                       "memory.md"]
    onboarding.confirm(strong=True)
    assert not (fixture.root / "soul.md").exists()
    config = json.loads((fixture.root / ".assistant/config.json").read_text(encoding="utf-8"))
    assert config["archivePolicy"]["dailyMemoryRetentionDays"] == 14
    assert config["customFlag"] == "kept" and config["workspaceType"] == "general"
    nb.clock = clock_at(2026, 3, 21)  # type: ignore[method-assign]
    assert nb.needs_check_in()
    group = nb.check_in({"done": "写完第三章", "priorities": "先改第二章",
                         "remember": "每周五和导师见面"})  # fmt: skip
    group.confirm(strong=True)
    assert "## Promoted from 2026-03-21\n\n- 每周五和导师见面" in (
        fixture.root / "memory.md").read_text(encoding="utf-8")
    assert "## Check-in 2026-03-21\n\n- Priorities: 先改第二章" in (
        fixture.root / "User.md").read_text(encoding="utf-8")
    state = json.loads((fixture.root / ".assistant/state.json").read_text(encoding="utf-8"))
    assert state["lastCheckInDate"] == "2026-03-21" and state["schemaVersion"] == 4
    nb.pin("Inbox/idea.md")
    nb.refresh_taxonomy()
    nb.index()
    assert codepilot_problems(fixture) == []
