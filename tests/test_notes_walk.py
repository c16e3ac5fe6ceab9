"""The notes' walk is the scanner's walk told the notes' rules: the same notes as before.

The reference below is the notes' own walk as it was before it used the
scanner's (``os.scandir`` folder by folder, asking ``NoteRules`` of each
entry), kept here to hold the new one to it on a tree with everything a
scan treats differently: nested ``.gitignore`` files (which the notes do not
read), folders the scan skips by name, hidden files and folders, links to a
file and to a folder, a folder too deep, a note too large.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import pandas as pd
import pytest

from wsnb.notes import open_notes
from wsnb.notes.noteindex import TOO_LARGE
from wsnb.notes.rules import NoteRules
from wsnb.notes.walk import WalkResult, list_folder, walk_notes
from wsnb.policy.access import AccessPolicy

MAX_FILE_SIZE = 1024


def _reference(rules: NoteRules, root: Path) -> tuple[set[str], set[str], dict[str, int]]:
    """(notes, notes too large, folder times) as the notes' earlier walk found them."""
    notes: set[str] = set()
    too_large: set[str] = set()
    folders: dict[str, int] = {}
    queue = [""]
    while queue:
        here = queue.pop(0)
        absolute = os.path.join(root, here) if here else str(root)
        folders[here] = os.stat(absolute, follow_symlinks=False).st_mtime_ns
        with os.scandir(absolute) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
        for entry in entries:
            if entry.name.startswith(".") or entry.is_symlink():
                continue
            relative = f"{here}/{entry.name}" if here else entry.name
            if entry.is_dir(follow_symlinks=False):
                if relative.count("/") + 1 < rules.max_depth and rules.folder_kept(relative):
                    queue.append(relative)
            elif entry.is_file(follow_symlinks=False) and rules.file_kept(relative):
                size = entry.stat(follow_symlinks=False).st_size
                (too_large if size > MAX_FILE_SIZE else notes).add(relative)
    return notes, too_large, folders


def _write(root: Path, relative: str, text: str = "# note\n") -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "notes"
    for relative in ["a.md", "b.txt", "c.py", "README.markdown", "drafts/x.md",
                     "drafts/keep.md", "node_modules/m.md", "build/b.md", "logs/l.md",
                     "dist/d.md", "__pycache__/p.md", "release/r.md", "project/src/s.md",
                     "project/build/deep.md", "project/generated/g.md", "project/kept.md",
                     ".hidden.md", ".obsidian/o.md", "sub/.git/x.md", "sub/.draft.md",
                     "sub/visible.md", "a1/a2/a3/too-deep.md", "a1/a2/ok.md", "scratch.tmp.md",
                     ".assistant/index/i.md", "space name/café 笔记.md"]:  # fmt: skip
        _write(root, relative)
    _write(root, "big.md", "x" * (MAX_FILE_SIZE + 1))
    _write(root, ".gitignore", "*.md\nproject/\n")  # read by a scan, never by the notes
    _write(root, "project/.gitignore", "generated/\nkept.md\n")
    _write(root, "drafts/.gitignore", "*\n")
    (root / "link.md").symlink_to(root / "a.md")
    (root / "linked").symlink_to(root / "drafts", target_is_directory=True)
    (root / "sub/dangling.md").symlink_to(root / "nowhere.md")
    return root


def _rules(root: Path) -> NoteRules:
    return NoteRules(AccessPolicy(root), extensions=[".md", ".markdown", ".txt"],
                     ignore=["drafts/", "!drafts/keep.md", "*.tmp.md", "/release"],
                     max_depth=3)  # fmt: skip


def test_the_walk_finds_the_notes_the_earlier_walk_found(tree: Path) -> None:
    rules = _rules(tree)
    walked = walk_notes(rules, max_file_size=MAX_FILE_SIZE)
    notes, too_large, folders = _reference(rules, tree)
    assert set(walked.files) == notes
    assert set(walked.too_large) == too_large == {"big.md"}
    assert walked.folders == folders
    # what a scan leaves out (skipped names, .gitignore) is a note all the same
    assert {"build/b.md", "logs/l.md", "project/generated/g.md", "project/kept.md",
            "node_modules/m.md", "space name/café 笔记.md"} <= notes  # fmt: skip
    assert not notes & {"link.md", "linked/x.md", ".hidden.md", "sub/.draft.md",
                        "a1/a2/a3/too-deep.md", "drafts/x.md", "scratch.tmp.md", "release/r.md"}


def test_a_walk_from_a_folder_and_one_folder_listed_agree_with_the_whole_walk(tree: Path) -> None:
    rules = _rules(tree)
    whole = walk_notes(rules, max_file_size=MAX_FILE_SIZE)
    project = rules.policy.resolve("project")
    below = walk_notes(rules, max_file_size=MAX_FILE_SIZE, start=project)
    assert set(below.files) == {path for path in whole.files if path.startswith("project/")}
    assert below.folders == {f: t for f, t in whole.folders.items() if f.startswith("project")}
    listed = WalkResult()
    subfolders = list_folder(rules, rules.policy.resolve("."), listed, MAX_FILE_SIZE)
    assert set(listed.files) == {path for path in whole.files if "/" not in path}
    assert set(listed.folders) == {""}
    assert sorted(sub.relative for sub in subfolders) == sorted(
        folder for folder in whole.folders if folder and "/" not in folder)
    note = whole.files["sub/visible.md"]
    assert note.resolve(rules.policy).relative == "sub/visible.md"


def test_the_notes_frame_lists_what_the_index_indexes(tmp_path: Path) -> None:
    root = tmp_path / "notes"
    _write(root, "start.md", "---\ntags: [plan]\n---\n# Start here\n\nbody #idea\n")
    _write(root, "logs/2024.md", "# Log\n")  # a folder a scan skips by name
    _write(root, "project/ignored.md", "# Ignored by git\n")
    _write(root, ".gitignore", "project/\n")
    _write(root, "big.md", "# Big\n\n" + "x" * (600 * 1024))  # listed, though too large to index
    with open_notes(root, watch=False) as nb:
        frame = nb.notes_frame()
        assert list(frame["path"]) == ["big.md", "logs/2024.md", "project/ignored.md",
                                       "start.md"]  # fmt: skip
        start = frame.set_index("path").loc["start.md"]
        assert start["title"] == "Start here" and start["tags"] == ["plan", "idea"]
        expected = datetime.fromtimestamp((root / "start.md").stat().st_mtime_ns / 1e9)
        assert abs(start["modified"] - pd.Timestamp(expected)) < pd.Timedelta(milliseconds=1)
        report = nb.index()
        assert report.skipped_files == (("big.md", TOO_LARGE),)
        assert set(frame["path"]) - {"big.md"} == set(nb.note_index._loaded())
