"""What a new user meets in the first hour, on real files: git, folders, undo, failures, hints."""

from __future__ import annotations

import errno
import importlib
import os
import re
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


@pytest.mark.skipif(GIT is None, reason="git is not installed")
def test_opening_a_workspace_puts_an_old_wsnb_folder_out_of_gits_way(tmp_path: Path) -> None:
    import wsnb

    write(tmp_path, ".wsnb/backups/a.txt.bak", "SECRET=old\n")
    _git(tmp_path, "init", "-q")
    assert ".wsnb/" in _git(tmp_path, "status", "--porcelain")
    wsnb.open_workspace(tmp_path, mode="read-only", watch=False).close()
    assert not (tmp_path / ".wsnb" / ".gitignore").exists()  # read-only writes nothing
    wsnb.open_workspace(tmp_path, watch=False).close()
    assert _git(tmp_path, "status", "--porcelain") == ""


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


# -- undoing a create takes its new, empty folders with it -------------------------------


def test_undoing_a_create_removes_the_empty_folders_it_made(bench: Bench, root: Path) -> None:
    (root / "a").mkdir()
    done = bench.propose("create_file", path="a/b/c/new.md", content="# new\n")
    assert done.confirm().success
    undo = bench.book.undo()
    assert "a/b, a/b/c" in undo.describe()
    result = undo.confirm()
    assert result.success, result.error
    assert "removed the empty folders" in result.message
    assert sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                  if ".wsnb" not in p.parts) == ["a"]  # fmt: skip


def test_undo_keeps_a_made_folder_that_holds_something_now(bench: Bench, root: Path) -> None:
    assert bench.propose("create_folder", path="x/y/z").confirm().success
    write(root, "x/keep.txt", "mine\n")
    assert bench.book.undo().confirm(typed_name="z").success
    assert not (root / "x" / "y").exists()
    assert (root / "x" / "keep.txt").read_bytes() == b"mine\n"


def test_undoing_a_move_removes_the_empty_folders_it_made(bench: Bench, root: Path) -> None:
    write(root, "draft.md", "# draft\n")
    assert bench.propose("move_file", source="draft.md", target="done/2026/draft.md").confirm()
    undo = bench.book.undo()
    assert "done, done/2026" in undo.describe()
    result = undo.confirm()
    assert result.success and "removed the empty folders" in result.message
    assert (root / "draft.md").read_bytes() == b"# draft\n" and not (root / "done").exists()


# -- a failed confirm always says why ----------------------------------------------------


def _disk_full(*_args: object) -> int:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("tool, params", [
    ("write_file", {"path": "a.txt", "content": "new\n"}),
    ("create_file", {"path": "b.txt", "content": "b\n"}),
])  # fmt: skip
def test_a_confirm_on_a_full_disk_says_why_in_its_message(
    bench: Bench, root: Path, monkeypatch: pytest.MonkeyPatch, tool: str, params: dict[str, str]
) -> None:
    write(root, "a.txt", "old\n")
    plan = bench.propose(tool, **params)
    with monkeypatch.context() as patched:
        patched.setattr(os, "write", _disk_full)  # the system call every write goes through
        result = plan.confirm()
    assert not result.success
    assert "No space left on device" in result.message
    assert result.message.endswith(".") and result.error
    assert "the change itself is done" not in result.message  # the journal failed too
    assert (root / "a.txt").read_bytes() == b"old\n"
    assert not (root / "b.txt").exists()


def test_every_failed_result_carries_a_sentence() -> None:
    from wsnb.types import ToolResult

    assert ToolResult(False).message == "The tool failed without saying why."
    assert ToolResult(False, error="Could not write x.").message == "Could not write x."


# -- every method a message names exists -------------------------------------------------

# Words in messages that look like calls but name no method of wsnb (a C entry point).
_NOT_METHODS = {"main", "help"}  # a script's entry point; Python's own help()


def _called_names() -> dict[str, str]:
    """Every ``name(`` / ``ws.name(`` in the sentences a person reads, with one message using it."""
    from babel.messages.pofile import read_po
    from helpers import REPO

    with (REPO / "wsnb/locale/zh_CN/LC_MESSAGES/wsnb.po").open("rb") as handle:
        catalog = read_po(handle)
    called: dict[str, str] = {}
    for message in catalog:
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            for name in re.findall(r"(?<![\w.])((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*)\(", text or ""):
                called.setdefault(name, text)
    return called


def test_every_method_a_message_names_exists() -> None:
    import wsnb
    from wsnb.agent import Agent
    from wsnb.disk.trash import Trash
    from wsnb.policy.access import AccessPolicy

    owners = {"ws": wsnb.Workspace, "ws.agent": Agent, "nb": wsnb.Notes, "wsnb": wsnb}
    bare = (wsnb.Workspace, wsnb.Plan, wsnb.Notes, Trash, wsnb)
    called = _called_names()
    assert {"ws.read", "create_folder", "confirm"} <= set(called)  # the scan finds them
    missing = []
    for name, text in called.items():
        owner_name, _dot, method = name.rpartition(".")
        if owner_name:
            owner: object = owners.get(owner_name) or {"AccessPolicy": AccessPolicy}.get(owner_name)
            if owner is None:  # a dotted path from the package: wsnb.widgets.pick_workspace
                owner = importlib.import_module(owner_name)
            found = hasattr(owner, method)
        else:
            found = name in _NOT_METHODS or any(hasattr(each, name) for each in bare)
        if not found:
            missing.append(f"{name}() in {text!r}")
    assert not missing, missing


# -- a binary file named .txt: one decision for ws.files and read ------------------------

BINARY = b"PK\x03\x04\x00\x00binary\x00data" * 50


def test_a_binary_txt_is_not_text_once_its_bytes_are_seen(tmp_path: Path) -> None:
    import wsnb
    from wsnb.errors import UnsupportedFileError

    write(tmp_path, "data/dump.txt", BINARY)
    write(tmp_path, "data/notes.txt", "plain text\n")
    ws = wsnb.open_workspace(tmp_path, watch=False)
    try:
        assert ws.info("data/dump.txt").is_text is False  # info() looks at the bytes
        rows = ws.files.set_index("path")["is_text"]
        assert not rows["data/dump.txt"] and rows["data/notes.txt"]
        with pytest.raises(UnsupportedFileError, match="binary"):
            ws.read("data/dump.txt")
        assert not ws.ls("data").set_index("path")["is_text"]["data/dump.txt"]
        ws.scan()  # a new scan keeps what the bytes said...
        assert not ws.files.set_index("path")["is_text"]["data/dump.txt"]
        write(tmp_path, "data/dump.txt", "now it is text\n")  # ...until the file changes
        ws.scan()
        assert ws.files.set_index("path")["is_text"]["data/dump.txt"]
        assert "now it is text" in ws.read("data/dump.txt").text
    finally:
        ws.close()


def test_a_read_that_finds_a_txt_binary_corrects_the_index(tmp_path: Path) -> None:
    import wsnb
    from wsnb.errors import UnsupportedFileError

    write(tmp_path, "dump.txt", BINARY)
    ws = wsnb.open_workspace(tmp_path, watch=False)
    try:
        assert ws.files.set_index("path")["is_text"]["dump.txt"]  # the name says text
        with pytest.raises(UnsupportedFileError, match="binary"):
            ws.read("dump.txt")
        assert not ws.files.set_index("path")["is_text"]["dump.txt"]
    finally:
        ws.close()
