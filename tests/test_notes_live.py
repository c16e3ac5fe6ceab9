"""The note index follows changes without a walk: revalidation, a watcher's batch, one note.

After every change the index must equal a full re-index of the same folder:
the same notes, the same chunks, the same search results and scores.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from notes_helpers import write

from wsnb.errors import UsageError
from wsnb.notes.noteindex import NoteIndex
from wsnb.notes.rules import NoteRules
from wsnb.notes.walk import walk_notes
from wsnb.policy.access import AccessPolicy
from wsnb.types import PermissionMode

QUERIES = ["launch", "restart", "gardening", "机器学习", "复习", "kiwi", "猫", "weekly plan"]


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    root = tmp_path / "notes"
    write(root, "Projects/web/plan.md", "# Website relaunch\n\nA calm launch.\n\n## Timeline\n\n"
           "We go live in April. The weekly plan is below.\n")  # fmt: skip
    write(root, "start.md", "# Start here\n\nHow to start, restart and get started.\n")
    write(root, "笔记/机器学习.md", "# 机器学习笔记\n\n监督学习与无监督学习。\n")
    write(root, "笔记/复习.md", "# 考试复习\n\n复习计划。\n")
    return root


def _fresh_results(root: Path) -> tuple[object, ...]:
    """What a full re-index of ``root`` finds, kept in memory (the folder is not written)."""
    index = NoteIndex(AccessPolicy(root, mode=PermissionMode.READ_ONLY))
    index.update(force=True)
    return _results(index)


def _results(index: NoteIndex) -> tuple[object, ...]:
    chunks = index.chunks()
    rows = sorted(zip(chunks["path"], chunks["heading"], chunks["text"], strict=True))
    found = {q: [(h.path, h.heading, round(h.score, 9)) for h in index.hits(q, 10)]
             for q in QUERIES}  # fmt: skip
    return sorted(index.manifest()["path"]), rows, found


def _live(root: Path) -> NoteIndex:
    index = NoteIndex(AccessPolicy(root))
    index.update()
    index.hits("warm")  # the ranker is built, so later changes must update it in place
    return index


def _same_as_fresh(index: NoteIndex, root: Path) -> None:
    assert _results(index) == _fresh_results(root)


def test_refresh_follows_every_kind_of_change_without_a_walk(notes: Path) -> None:
    index = _live(notes)
    write(notes, "kiwi.md", "# Kiwi\n\nA kiwi note.\n")
    assert index.refresh() is not None
    assert [hit.path for hit in index.hits("kiwi")] == ["kiwi.md"]
    _same_as_fresh(index, notes)
    (notes / "start.md").write_text("# Start here\n\nNow about gardening.\n", encoding="utf-8")
    report = index.refresh()
    assert report is not None and report.updated == 1
    _same_as_fresh(index, notes)
    (notes / "kiwi.md").rename(notes / "笔记" / "kiwi.md")
    report = index.refresh()
    assert report is not None and report.moved == 1
    _same_as_fresh(index, notes)
    write(notes, "New/deep/er/猫.md", "# 猫\n\n猫的笔记。\n")
    index.refresh()
    assert "New/deep/er/猫.md" in set(index.manifest()["path"])
    _same_as_fresh(index, notes)
    shutil.rmtree(notes / "笔记")
    report = index.refresh()
    assert report is not None and report.removed == 3
    _same_as_fresh(index, notes)
    assert index.refresh() is None  # nothing changed: nothing read, nothing written


def test_refresh_reads_nothing_when_nothing_changed(notes: Path) -> None:
    index = _live(notes)
    manifest = notes / ".assistant/index/manifest.jsonl"
    before = manifest.stat().st_mtime_ns
    assert index.refresh() is None
    assert manifest.stat().st_mtime_ns == before


def test_a_watchers_batch_is_applied_at_the_cost_of_the_change(notes: Path) -> None:
    index = _live(notes)
    index.watched = True  # refresh() now trusts the batches for edits
    write(notes, "Inbox/a.md", "# A\n\nkiwi weekly plan\n")
    write(notes, "Inbox/sub/b.md", "# B\n\nkiwi\n")
    (notes / "start.md").unlink()
    report = index.apply_changes(["Inbox", str(notes / "Inbox/sub/b.md")], ["start.md"])
    assert (report.added, report.removed) == (2, 1)
    index.refresh()  # the root's time moved: listed once more, nothing new in it
    assert index.refresh() is None  # the folders' times are known again
    write(notes, "笔记/复习.md", "# 考试复习\n\n复习计划, in place and longer.\n")
    assert index.refresh() is None  # an edit in place waits for its event, no note is statted
    assert index.apply_changes(["笔记/复习.md"]).updated == 1
    _same_as_fresh(index, notes)
    shutil.rmtree(notes / "Projects")
    assert index.apply_changes([], ["Projects"]).removed == 1
    assert index.apply_changes(["Projects/web/plan.md"]).removed == 0  # already gone
    _same_as_fresh(index, notes)


def test_a_changed_path_that_is_not_a_note_is_passed_over(notes: Path) -> None:
    index = _live(notes)
    write(notes, "photo.png", "not a note")
    write(notes, ".obsidian/x.md", "# hidden\n")
    report = index.apply_changes(["photo.png", ".obsidian/x.md", "missing.md"])
    assert report.changed == 0
    _same_as_fresh(index, notes)


def test_index_file_indexes_one_note_and_refuses_what_is_no_note(notes: Path) -> None:
    index = _live(notes)
    write(notes, "kiwi.md", "# Kiwi\n\nA kiwi note.\n")
    assert index.index_file("kiwi.md").added == 1
    assert [hit.path for hit in index.hits("kiwi")] == ["kiwi.md"]
    with pytest.raises(UsageError, match="is not a note"):
        index.index_file("photo.png")
    with pytest.raises(UsageError, match="is not a note"):
        index.index_file(".obsidian/x.md")


def test_a_note_grown_too_large_and_shrunk_again_is_followed(notes: Path) -> None:
    index = NoteIndex(AccessPolicy(notes), max_file_size=200)
    index.update()
    (notes / "start.md").write_text("# Start\n\n" + "restart " * 40, encoding="utf-8")
    index.refresh()
    assert "start.md" not in set(index.manifest()["path"])
    (notes / "start.md").write_text("# Start\n\nrestart small\n", encoding="utf-8")
    index.refresh()
    assert [hit.path for hit in index.hits("restart")] == ["start.md"]


def test_a_next_session_finds_the_changes_whatever_the_ranker_file_holds(notes: Path) -> None:
    index = _live(notes)
    write(notes, "kiwi.md", "# Kiwi\n\nA kiwi note.\n")
    index.refresh()
    (notes / "start.md").unlink()
    index.refresh()
    later = NoteIndex(AccessPolicy(notes))
    assert [hit.path for hit in later.hits("kiwi")] == ["kiwi.md"]
    assert later.hits("restart") == []
    assert _results(later) == _results(index) == _fresh_results(notes)


def test_the_ranker_file_is_saved_again_after_enough_changes(notes: Path) -> None:
    index = _live(notes)
    ranker_file = notes / ".assistant/index/ranker.npz"
    saved = ranker_file.stat().st_mtime_ns
    for number in range(60):
        write(notes, f"many/{number}.md", f"# Note {number}\n\nkiwi {number}\n")
    index.refresh()
    assert ranker_file.stat().st_mtime_ns != saved
    _same_as_fresh(index, notes)


def test_the_walk_and_a_single_path_agree_on_what_a_note_is(notes: Path) -> None:
    write(notes, "build/x.md", "# ignored folder\n")
    write(notes, "logs/keep.md", "# kept\n")
    write(notes, "a/b/c/d.md", "# too deep\n")
    rules = NoteRules(AccessPolicy(notes), extensions=[".md"], ignore=["build/", "*.log"],
                      max_depth=3)  # fmt: skip
    walked = set(walk_notes(rules).files)
    assert "build/x.md" not in walked and "a/b/c/d.md" not in walked
    assert "logs/keep.md" in walked
    every = {p.relative_to(notes).as_posix() for p in notes.rglob("*.md")}
    assert {path for path in every if rules.is_note_path(path)} == walked


GIT = shutil.which("git")


@pytest.mark.skipif(GIT is None, reason="git is not installed")
def test_ignore_globs_are_decided_as_git_decides(tmp_path: Path) -> None:
    root = tmp_path / "notes"
    files = ["a.md", "drafts/x.md", "drafts/keep.md", "deep/drafts/y.md", "node_modules/m.md",
             "Archive/2020/old.md", "Archive/new.md", "docs/tmp-1.md", "docs/sub/tmp-2.md",
             "logs/l.md", "x/logs/l.md"]  # fmt: skip
    for relative in files:
        write(root, relative, "# note\n")
    globs = ["drafts/", "!drafts/keep.md", "node_modules/**", "/Archive/2020", "docs/**/tmp-*",
             "/logs", "*.log"]  # fmt: skip
    exclude = tmp_path / "exclude"
    exclude.write_text("\n".join(globs) + "\n", encoding="utf-8")
    env = {"HOME": str(tmp_path), "GIT_CONFIG_NOSYSTEM": "1", "PATH": os.environ["PATH"]}
    assert GIT is not None
    subprocess.run([GIT, "init", "-q", str(root)], check=True, env=env)
    listed = subprocess.run([GIT, "-C", str(root), "-c", f"core.excludesFile={exclude}",
                             "ls-files", "--others", "--exclude-standard", "-z"],
                            check=True, env=env, capture_output=True).stdout  # fmt: skip
    shutil.rmtree(root / ".git")
    git_kept = {os.fsdecode(raw) for raw in listed.split(b"\0") if raw}
    rules = NoteRules(AccessPolicy(root), extensions=[".md"], ignore=globs, max_depth=8)
    assert set(walk_notes(rules).files) == git_kept
    assert {path for path in files if rules.is_note_path(path)} == git_kept


def test_the_notes_facade_sees_a_note_written_a_moment_ago_and_its_decision(
    tmp_path: Path,
) -> None:
    from wsnb.notes import open_notes

    root = tmp_path / "notes"
    write(root, "start.md", "# Start here\n\nHow to start.\n")
    nb = open_notes(root)
    assert nb.search("thesis").empty
    write(root, "Research/thesis.md", "# Thesis\n\n## Decision\n\n"
           "We keep the parser hand-written because the grammar is tiny.\n")  # fmt: skip
    found = nb.search("thesis decision")
    assert list(found["path"]) == ["Research/thesis.md"]
    assert "hand-written" in found["text"][0]  # the heading's chunk carries the text under it
    retrieved = [part for part in nb.prompt("thesis decision").parts
                 if part.section == "retrieval"]  # fmt: skip
    assert retrieved and "hand-written" in retrieved[0].text
    write(root, "Research/thesis.md", "# Thesis\n\nWe changed our mind: a parser generator.\n")
    assert nb.index_file("Research/thesis.md").updated == 1
    assert "parser generator" in nb.search("thesis")["text"][0]


def test_the_report_names_each_skipped_file_and_why(notes: Path) -> None:
    from wsnb.i18n import using_language
    from wsnb.notes.noteindex import NOT_TEXT, TOO_LARGE

    (notes / "binary.md").write_bytes(b"\x00\x01\x02 binary\x00")
    write(notes, "big.md", "# Big\n\n" + "word " * 100)
    report = NoteIndex(AccessPolicy(notes), max_file_size=300).update()
    assert report.skipped_files == (("big.md", TOO_LARGE), ("binary.md", NOT_TEXT))
    assert report.skipped == 2
    text = str(report)
    assert "Skipped big.md: larger than the index's size limit" in text
    assert "Skipped binary.md: not readable text." in text
    assert list(report.skipped_frame()["path"]) == ["big.md", "binary.md"]
    with using_language("zh"):
        assert "跳过" in str(report) and "binary.md" in str(report)


def test_a_long_list_of_skipped_files_is_cut_and_the_rest_counted(notes: Path) -> None:
    for number in range(13):
        write(notes, f"big/{number:02d}.md", "# Big\n\n" + "word " * 100)
    report = NoteIndex(AccessPolicy(notes), max_file_size=300).update()
    assert report.skipped == len(report.skipped_files) == 13
    assert str(report).count("Skipped big/") == 10
    assert "... and 3 more skipped files (see skipped_files)." in str(report)


def test_a_watcher_thread_and_searches_share_the_index_safely(notes: Path) -> None:
    import threading

    index = _live(notes)
    index.watched = True
    errors: list[BaseException] = []

    def feed() -> None:
        try:
            for number in range(30):
                path = write(notes, f"feed/{number}.md", f"# Feed {number}\n\nkiwi {number}\n")
                index.apply_changes([str(path)])
        except BaseException as error:  # reported by the assertion below
            errors.append(error)

    thread = threading.Thread(target=feed)
    thread.start()
    while thread.is_alive():
        index.hits("kiwi")
    thread.join()
    assert errors == []
    assert len(index.hits("kiwi", limit=50)) == 30
    _same_as_fresh(index, notes)


def test_a_file_event_in_a_folder_never_walked_walks_that_folder(notes: Path) -> None:
    index = _live(notes)
    index.watched = True
    write(notes, "New/a.md", "# A\n\nkiwi\n")
    write(notes, "New/b.md", "# B\n\nkiwi\n")
    report = index.apply_changes(["New/a.md"])  # the folder's own event never came
    assert report.added == 2
    index.watched = False  # the watcher stopped: revalidation must know the new folder
    write(notes, "New/c.md", "# C\n\nkiwi\n")
    assert index.refresh() is not None
    assert {hit.path for hit in index.hits("kiwi", 10)} == {"New/a.md", "New/b.md", "New/c.md"}
    assert index.apply_changes([str(notes)]).full is False  # the root: one walk of it all
    _same_as_fresh(index, notes)


def test_a_watchers_batches_are_followed_and_a_failure_falls_back_to_revalidation(
    notes: Path,
) -> None:
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Batch:  # the shape of a watcher's batch
        changed: frozenset[str] = frozenset()
        unknown: frozenset[str] = frozenset()
        failed: str = ""

    index = NoteIndex(AccessPolicy(notes))
    assert index.watched_folders() == ["", "Projects", "Projects/web", "笔记"]
    write(notes, "kiwi.md", "# Kiwi\n\nkiwi\n")
    write(notes, "Burst/a.md", "# A\n\nkiwi\n")
    (notes / "start.md").unlink()
    report = index.follow_batch(Batch(changed=frozenset({"kiwi.md", "start.md"}),
                                      unknown=frozenset({"Burst"})))  # fmt: skip
    assert report is not None and (report.added, report.removed) == (2, 1)
    assert index.watched and "Burst" in index.watched_folders()
    _same_as_fresh(index, notes)
    assert index.follow_batch(Batch(failed="queue overflow")) is None
    assert not index.watched
    write(notes, "Burst/b.md", "# B\n\nkiwi\n")
    assert len(index.hits("kiwi", 10)) == 2  # no refresh yet: hits alone never look
    index.refresh()  # revalidation again, since the watcher failed
    assert len(index.hits("kiwi", 10)) == 3
    _same_as_fresh(index, notes)
