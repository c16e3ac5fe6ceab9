"""The incremental note index: staleness, moves, settings, corrupt lines, records, search."""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

import pytest
from notes_helpers import write

from wsnb.errors import PolicyError, UsageError
from wsnb.notes.indexstore import CHUNK_FIELDS, MANIFEST_FIELDS
from wsnb.notes.noteindex import SEARCH_COLUMNS, NoteIndex
from wsnb.policy.access import AccessPolicy
from wsnb.types import PermissionMode

INDEX = Path(".assistant/index")


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    root = tmp_path / "notes"
    write(root, "Projects/web/plan.md", "---\ntags: [web]\n---\n# Website relaunch\n\n"
           "The art of a calm launch.\n\n## Timeline\n\nWe go live in April.\n")
    write(root, "start.md", "# Start here\n\nHow to start, restart and get started.\n")
    write(root, "笔记/机器学习.md", "# 机器学习笔记\n\n监督学习与无监督学习。\n")
    write(root, "笔记/维修.md", "# 机器维修\n\n更换零件的步骤。\n")
    write(root, "笔记/复习.md", "# 考试复习\n\n复习计划。\n")
    return root


def _index(root: Path, **settings: object) -> NoteIndex:
    return NoteIndex(AccessPolicy(root), **settings)  # type: ignore[arg-type]


def _paths(index: NoteIndex, query: str) -> list[str]:
    return list(index.search(query, limit=10)["path"])


def test_first_update_adds_everything_second_changes_nothing(notes: Path) -> None:
    index = _index(notes)
    first = index.update()
    assert (first.added, first.full) == (5, True)
    before = (notes / INDEX / "manifest.jsonl").stat().st_mtime_ns
    second = index.update()
    assert (second.added, second.updated, second.unchanged, second.full) == (0, 0, 5, False)
    assert (notes / INDEX / "manifest.jsonl").stat().st_mtime_ns == before  # nothing rewritten
    assert _index(notes).update().unchanged == 5  # a fresh object reads the saved index


def test_edit_is_reindexed_touch_is_not(notes: Path) -> None:
    index = _index(notes)
    index.update()
    path = notes / "start.md"
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    touched = index.update()
    assert (touched.updated, touched.unchanged) == (0, 5)
    path.write_text("# Start here\n\nNow about gardening.\n", encoding="utf-8")
    edited = index.update()
    assert edited.updated == 1
    assert _paths(index, "gardening") == ["start.md"]


def test_edit_that_keeps_size_and_mtime_is_caught_by_verify(notes: Path) -> None:
    index = _index(notes)
    index.update()
    path = notes / "start.md"
    info = path.stat()
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("restart", "rewrite"), encoding="utf-8")
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert index.update().updated == 0
    assert index.verify().updated == 1
    assert _paths(index, "rewrite") == ["start.md"]


def test_moves_are_detected_by_hash_and_keep_the_note_id(notes: Path) -> None:
    index = _index(notes)
    index.update()
    note_id = index.manifest().set_index("path").loc["start.md", "noteId"]
    (notes / "Archive").mkdir()
    (notes / "start.md").rename(notes / "Archive" / "start.md")
    report = index.update()
    assert (report.moved, report.added, report.removed) == (1, 0, 0)
    manifest = index.manifest().set_index("path")
    assert manifest.loc["Archive/start.md", "noteId"] == note_id
    assert set(index.chunks()["path"]) >= {"Archive/start.md"}
    assert "start.md" not in set(index.chunks()["path"])
    assert _paths(index, "restart") == ["Archive/start.md"]


def test_a_move_during_a_full_reindex_is_parsed_again_under_its_note_id(notes: Path) -> None:
    _index(notes).update()
    note_id = _index(notes).manifest().set_index("path").loc["start.md", "noteId"]
    (notes / "start.md").rename(notes / "moved.md")
    index = _index(notes, chunk_size=600, chunk_overlap=50)  # new settings: a full re-index
    report = index.update()
    assert (report.full, report.moved, report.added, report.removed) == (True, 1, 0, 0)
    assert index.manifest().set_index("path").loc["moved.md", "noteId"] == note_id
    assert set(index.chunks()["path"]) >= {"moved.md"}


def test_a_note_that_turns_binary_leaves_the_index(notes: Path) -> None:
    index = _index(notes)
    index.update()
    (notes / "start.md").write_bytes(b"\x00\x01binary now\x00")
    assert index.update().skipped == 1
    assert "start.md" not in set(index.manifest()["path"])
    assert index.search("restart").empty


def test_removed_notes_leave_index_and_search(notes: Path) -> None:
    index = _index(notes)
    index.update()
    assert _paths(index, "launch") == ["Projects/web/plan.md"]
    (notes / "Projects/web/plan.md").unlink()
    assert index.update().removed == 1
    assert index.search("launch").empty
    assert "Projects/web/plan.md" not in set(index.manifest()["path"])


def test_chunk_or_tokenizer_settings_change_reindexes_everything(notes: Path) -> None:
    _index(notes).update()
    assert _index(notes, chunk_size=600, chunk_overlap=50).update().full is True
    assert _index(notes, chunk_size=600, chunk_overlap=50).update().full is False
    settings = notes / INDEX / "settings.json"
    data = json.loads(settings.read_text(encoding="utf-8"))
    settings.write_text(json.dumps({**data, "tokenizer": "old"}), encoding="utf-8")
    report = _index(notes, chunk_size=600, chunk_overlap=50).update()
    assert (report.full, report.updated) == (True, 5)


def test_a_corrupt_line_does_not_empty_the_index(notes: Path) -> None:
    _index(notes).update()
    manifest = notes / INDEX / "manifest.jsonl"
    lines = manifest.read_text(encoding="utf-8").splitlines()
    lines[1] = '{"noteId": "broken", "path": '
    manifest.write_text("\n".join([*lines, "not json", "[1, 2]"]) + "\n", encoding="utf-8")
    chunks = notes / INDEX / "chunks.jsonl"
    chunks.write_text(chunks.read_text(encoding="utf-8") + "{oops\n", encoding="utf-8")
    index = _index(notes)
    assert len(index.manifest()) == 4
    report = index.update()
    assert (report.added, report.unchanged) == (1, 4)
    assert len(index.manifest()) == 5


def test_index_files_are_replaced_whole(notes: Path) -> None:
    index = _index(notes)
    index.update()
    manifest = notes / INDEX / "manifest.jsonl"
    inode = manifest.stat().st_ino
    (notes / "start.md").write_text("# Start\n\nNew words.\n", encoding="utf-8")
    index.update()
    assert manifest.stat().st_ino != inode  # a new file renamed over the old one
    assert sorted(p.name for p in (notes / INDEX).iterdir()) == [
        "chunks.jsonl", "hotset.json", "manifest.jsonl", "settings.json",
    ]  # no temporary files left behind


def test_records_keep_codepilot_fields(notes: Path) -> None:
    _index(notes).update()
    for name, fields in (("manifest.jsonl", MANIFEST_FIELDS), ("chunks.jsonl", CHUNK_FIELDS)):
        for line in (notes / INDEX / name).read_text(encoding="utf-8").splitlines():
            assert list(json.loads(line))[: len(fields)] == list(fields)
    chunks = [json.loads(line) for line in
              (notes / INDEX / "chunks.jsonl").read_text(encoding="utf-8").splitlines()]
    manifest = [json.loads(line) for line in
                (notes / INDEX / "manifest.jsonl").read_text(encoding="utf-8").splitlines()]
    # CodePilot's shape: the note id is the MD5 of the path, chunk ids <noteId>-<n>, and
    # lines count from 0.
    for record in manifest:
        assert record["noteId"] == hashlib.md5(record["path"].encode()).hexdigest()
    for record in chunks:
        assert re.fullmatch(re.escape(record["noteId"]) + r"-\d+", record["chunkId"])
        assert 0 <= record["startLine"] <= record["endLine"]
    assert 0 in {record["startLine"] for record in chunks}  # a note's first line is line 0
    hit = _index(notes).hits("restart", 1)[0]
    on_disk = next(c for c in chunks if (c["path"], c["text"]) == (hit.path, hit.text))
    assert hit.start_line == on_disk["startLine"] + 1  # a person reads lines from 1


def test_chunks_wsnb_wrote_before_codepilots_shape_are_read_too(notes: Path) -> None:
    folder = notes / INDEX
    folder.mkdir(parents=True)
    record = {"noteId": "0123abcd", "path": "start.md", "title": "Start", "mtime": 1.0,
              "size": 3}  # fmt: skip
    chunk = {"chunkId": "0123abcd:0", "noteId": "0123abcd", "path": "start.md",
             "heading": "", "text": "old text", "startLine": 1, "endLine": 3}  # fmt: skip
    (folder / "manifest.jsonl").write_text(json.dumps(record) + "\n", encoding="utf-8")
    (folder / "chunks.jsonl").write_text(json.dumps(chunk) + "\n", encoding="utf-8")
    row = _index(notes).chunks().iloc[0]
    assert (row["chunkId"], row["startLine"], row["endLine"]) == ("0123abcd-0", 0, 2)


def test_existing_codepilot_index_loads_and_keeps_note_ids(notes: Path) -> None:
    folder = notes / INDEX
    folder.mkdir(parents=True)
    record = {"noteId": "cp-1", "path": "start.md", "title": "Start", "aliases": [], "tags": [],
              "headings": [], "mtime": 1.0, "size": 3, "hash": "abc", "summary": "",
              "categoryIds": ["notes"]}  # fmt: skip
    chunk = {"chunkId": "cp-1-0", "noteId": "cp-1", "path": "start.md", "heading": "",
             "text": "old text", "startLine": 1, "endLine": 2}  # fmt: skip
    (folder / "manifest.jsonl").write_text(json.dumps(record) + "\n", encoding="utf-8")
    (folder / "chunks.jsonl").write_text(json.dumps(chunk) + "\n", encoding="utf-8")
    (folder / "hotset.json").write_text('{"pinned": ["start.md"], "frequent": []}')
    index = _index(notes)
    assert list(index.manifest()["noteId"]) == ["cp-1"]
    assert list(index.chunks()["text"]) == ["old text"]
    report = index.update()
    assert report.full is True  # settings unknown: rebuild everything
    assert index.manifest().set_index("path").loc["start.md", "noteId"] == "cp-1"
    assert "start.md" in index.hotset.pinned


def test_persona_generated_hidden_ignored_and_other_files_are_not_notes(notes: Path) -> None:
    for name in ["claude.md", "soul.md", "user.md", "memory.md", "CLAUDE.md", "AGENTS.md",
                 "USER.md", "PROFILE.md", "README.ai.md", "Projects/PATH.ai.md",
                 ".obsidian/cache.md", "drafts/x.md", "picture.png", "script.py",
                 "deep/1/2/3/note.md", ".hidden.md", "credentials.md",
                 "Projects/password.txt"]:  # fmt: skip
        write(notes, name, "# zebra\n")
    write(notes, "big.md", "# zebra\n" + "x" * 2000)
    index = _index(notes, ignore=["drafts/**"], max_depth=3, max_file_size=1000)
    report = index.update()
    assert report.skipped == 1  # big.md
    assert index.search("zebra").empty
    deeper = _index(notes, ignore=["drafts/**"], max_depth=5, max_file_size=1000)
    assert _paths(deeper, "zebra") == ["deep/1/2/3/note.md"]
    assert deeper.update().unchanged == 6  # known notes: the name rules are not asked again
    assert _paths(deeper, "zebra") == ["deep/1/2/3/note.md"]


def test_symlinks_are_never_followed(notes: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    write(outside, "secret.md", "# walrus\n")
    try:
        (notes / "linked").symlink_to(outside, target_is_directory=True)
        (notes / "link.md").symlink_to(outside / "secret.md")
    except OSError:
        pytest.skip("this platform can't make symbolic links")
    index = _index(notes)
    index.update()
    assert index.search("walrus").empty
    assert not any("link" in path for path in index.manifest()["path"])


def test_symlinked_assistant_folder_is_refused_and_outside_untouched(
    notes: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    try:
        (notes / ".assistant").symlink_to(outside, target_is_directory=True)
    except OSError:
        pytest.skip("this platform can't make symbolic links")
    with pytest.raises(PolicyError):
        _index(notes).update()
    assert list(outside.iterdir()) == []


def test_read_only_mode_indexes_in_memory_and_writes_nothing(notes: Path) -> None:
    index = NoteIndex(AccessPolicy(notes, mode=PermissionMode.READ_ONLY))
    assert index.update().added == 5
    assert _paths(index, "launch") == ["Projects/web/plan.md"]
    assert not (notes / ".assistant").exists()


def test_search_matches_tokens_not_substrings(notes: Path) -> None:
    index = _index(notes)
    index.update()
    assert _paths(index, "art") == ["Projects/web/plan.md"]
    assert "Projects/web/plan.md" not in _paths(index, "started")


def test_chinese_query_finds_chinese_notes_without_substring_false_positives(notes: Path) -> None:
    index = _index(notes)
    index.update()
    assert _paths(index, "学习") == ["笔记/机器学习.md"]  # not 复习 (shares 习)
    assert _paths(index, "机器学习") == ["笔记/机器学习.md", "笔记/维修.md"]
    # a one-character query finds every note that uses the character, in any word
    assert set(_paths(index, "习")) == {"笔记/机器学习.md", "笔记/复习.md"}
    assert index.search("猫").empty


def test_search_frame_columns_lines_and_snippet(notes: Path) -> None:
    index = _index(notes)
    frame = index.search("April timeline")  # searching first brings the index up to date
    assert list(frame.columns)[:6] == SEARCH_COLUMNS
    row = frame.iloc[0]
    assert (row["path"], row["title"]) == ("Projects/web/plan.md", "Website relaunch")
    assert row["heading"] == "Website relaunch > Timeline"
    assert row["lines"] == "8-10" and "April" in row["snippet"]
    assert row["score"] > 0
    with pytest.raises(UsageError):
        index.search("   ")


def test_stats_counts_files_chunks_and_stale(notes: Path) -> None:
    index = _index(notes)
    index.update()
    stats = index.stats()
    assert list(stats.columns) == ["files", "chunks", "stale", "last_indexed"]
    assert (stats.loc[0, "files"], stats.loc[0, "stale"]) == (5, 0)
    assert stats.loc[0, "chunks"] >= 5 and stats.loc[0, "last_indexed"]
    write(notes, "new.md", "# New\n")
    (notes / "start.md").write_text("changed and longer than before\n", encoding="utf-8")
    assert index.stats().loc[0, "stale"] == 2


def test_the_settings_file_is_metadata_json_an_unreadable_one_is_kept_aside(notes: Path) -> None:
    _index(notes).update()
    settings = notes / INDEX / "settings.json"
    settings.write_text("{not json", encoding="utf-8")
    report = _index(notes).update()
    assert report.full  # unknown settings: everything again
    kept = list((notes / INDEX).glob("settings.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{not json"
    assert json.loads(settings.read_text(encoding="utf-8"))["chunkSize"] == 1200
