"""The workspace picker: browse folders, open one, and hear why a folder is refused."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import wsnb
from wsnb.widgets import pick_workspace
from wsnb.widgets.picker import MAX_SUBFOLDERS, WorkspacePicker


@pytest.fixture
def projects(tmp_path: Path) -> Path:
    for name in ("beta", "Alpha", ".hidden", "gamma/inner"):
        (tmp_path / "projects" / name).mkdir(parents=True)
    (tmp_path / "projects" / "readme.txt").write_text("not a folder\n", encoding="utf-8")
    return tmp_path / "projects"


def test_lists_subfolders_and_browses_into_one(projects: Path) -> None:
    picker = pick_workspace(projects)
    assert isinstance(picker, WorkspacePicker)
    assert picker.path_box.value == str(projects)
    assert list(picker.folders.options) == ["..", "Alpha", "beta", "gamma"]
    picker.folders.value = "gamma"
    assert picker.path_box.value == str(projects / "gamma")
    assert list(picker.folders.options) == ["..", "inner"]
    picker.folders.value = ".."
    assert picker.path_box.value == str(projects)


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="the platform can't make links")
def test_symlinked_folders_are_not_listed(projects: Path, tmp_path: Path) -> None:
    try:
        (projects / "link").symlink_to(tmp_path, target_is_directory=True)
    except OSError:
        pytest.skip("symlinks are not allowed here")
    assert "link" not in pick_workspace(projects).folders.options


def test_open_returns_the_workspace_and_calls_back(projects: Path) -> None:
    opened: list[wsnb.Workspace] = []
    picker = pick_workspace(projects, on_pick=opened.append, mode="read-only")
    picker.folders.value = "beta"
    picker.open_button.click()
    assert picker.workspace is not None
    assert picker.workspace.root == (projects / "beta").resolve()
    assert picker.workspace.mode is wsnb.PermissionMode.READ_ONLY
    assert opened == [picker.workspace]
    assert "Opened" in picker.status.value
    assert "beta" in repr(picker)


@pytest.mark.parametrize(
    ("path", "why"),
    [
        ("/etc", "is a system folder"),
        ("/home", "too broad to be a workspace"),
        ("/root", "too broad to be a workspace"),
        ("/", "too broad to be a workspace"),
    ],
)
def test_a_refused_folder_says_why(path: str, why: str) -> None:
    opened: list[wsnb.Workspace] = []
    picker = pick_workspace(path, on_pick=opened.append)
    assert picker.path_box.value == path
    picker.open_button.click()
    assert picker.workspace is None and opened == []
    assert why in picker.status.value


def test_a_missing_folder_and_a_file_say_why(projects: Path) -> None:
    picker = pick_workspace(projects)
    picker.path_box.value = str(projects / "nope")
    picker.go_button.click()
    assert "does not exist" in picker.status.value and picker.folders.options == ("..",)
    assert picker.pick() is None
    assert "does not exist" in picker.status.value
    picker.path_box.value = str(projects / "readme.txt")
    assert picker.pick() is None
    assert "is a file, not a folder" in picker.status.value
    assert picker.workspace is None


def test_a_very_wide_folder_lists_a_capped_number(tmp_path: Path) -> None:
    for number in range(MAX_SUBFOLDERS + 5):
        (tmp_path / f"p{number:04d}").mkdir()
    picker = pick_workspace(tmp_path)
    assert len(picker.folders.options) == MAX_SUBFOLDERS + 1  # with ".."
    assert "5 more subfolders" in picker.status.value
    assert "error" not in picker.status.value


def test_close_leaves_no_widget_models_behind(projects: Path) -> None:
    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    picker = pick_workspace(projects)
    picker.folders.value = "beta"
    picker.pick()
    picker.close()
    assert set(_instances) - before == set()
    assert picker.workspace is not None and picker.workspace.ls().empty
