"""What a new user meets in the first hour, on real files: git, folders, undo, failures, hints."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers import Bench, snapshot, write

from wsnb.types import PlanState, Rule

GIT = shutil.which("git")


def _git(root: Path, *args: str) -> str:
    env = {"HOME": str(root.parent), "GIT_CONFIG_NOSYSTEM": "1", "LC_ALL": "C",
           "PATH": os.environ.get("PATH", "")}  # fmt: skip
    assert GIT is not None
    return subprocess.run([GIT, "-C", str(root), *args], check=True, env=env,
                          capture_output=True, text=True).stdout  # fmt: skip


# -- .wsnb/ stays out of git -------------------------------------------------------------


@pytest.mark.skipif(GIT is None, reason="git is not installed")
def test_the_journal_and_backups_never_show_in_git_status(bench: Bench, root: Path) -> None:
    _git(root, "init", "-q")
    write(root, "a.txt", "API_KEY=old\n")
    _git(root, "add", "a.txt")
    assert bench.propose("write_file", path="a.txt", content="new\n").confirm().success
    assert list((root / ".wsnb" / "backups").iterdir())  # an old version is kept...
    assert _git(root, "status", "--porcelain", "--untracked-files=all") == "AM a.txt\n"
    assert (root / ".wsnb" / ".gitignore").read_text(encoding="utf-8").splitlines()[-1] == "*"
    assert not (root / ".gitignore").exists()  # ...and the person's own .gitignore is untouched


@pytest.mark.skipif(GIT is None, reason="git is not installed")
def test_an_old_wsnb_folder_gets_its_gitignore_at_the_next_write(bench: Bench, root: Path) -> None:
    write(root, ".wsnb/history.jsonl", "")
    write(root, ".gitignore", "*.log\n")
    _git(root, "init", "-q")
    assert ".wsnb/" in _git(root, "status", "--porcelain")
    assert bench.propose("create_file", path="b.txt", content="b\n").confirm().success
    assert _git(root, "status", "--porcelain") == "?? .gitignore\n?? b.txt\n"
    assert (root / ".gitignore").read_text(encoding="utf-8") == "*.log\n"


# -- create_file("dir/") -----------------------------------------------------------------


@pytest.mark.parametrize("path", ["dir/", "docs/new/"])
def test_create_file_with_a_trailing_slash_says_to_use_create_folder(
    bench: Bench, root: Path, path: str
) -> None:
    before = snapshot(root)
    plan = bench.propose("create_file", path=path, content="x\n")
    assert plan.state is PlanState.REFUSED
    assert plan.rule is Rule.NOT_ALLOWED
    assert "create_folder(" in (plan.refusal or "")
    assert snapshot(root) == before


# -- move(file, "docs") means into docs --------------------------------------------------


def test_move_into_an_existing_folder_keeps_the_name(bench: Bench, root: Path) -> None:
    write(root, "report.md", "# report\n")
    (root / "docs").mkdir()
    plan = bench.propose("move_file", source="report.md", target="docs")
    assert not plan.is_refused, plan.refusal
    assert plan.target is not None and plan.target.relative == "docs/report.md"
    assert "docs/report.md" in plan.title and "docs/report.md" in plan.describe()
    assert plan.confirm().success
    assert (root / "docs" / "report.md").read_bytes() == b"# report\n"
    assert not (root / "report.md").exists()


def test_copy_into_a_folder_and_the_root_and_a_taken_name_there(bench: Bench, root: Path) -> None:
    write(root, "sub/a.txt", "a\n")
    write(root, "docs/a.txt", "old\n")
    taken = bench.propose("copy_file", source="sub/a.txt", target="docs")
    assert taken.state is PlanState.REFUSED
    assert "docs/a.txt already exists" in (taken.refusal or "")
    assert bench.propose("copy_file", source="sub/a.txt", target=".").confirm().success
    assert (root / "a.txt").read_bytes() == b"a\n"
