"""The explorer widget, driven as a person would: clicks on folders, files and action buttons."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import Recorder, fake_bin, user_files

import wsnb
from wsnb.disk.launcher import Launcher
from wsnb.types import PlanState
from wsnb.widgets.card import PlanCard
from wsnb.widgets.explorer import Explorer, FileRow, FolderNode


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    return wsnb.copy_sample_workspace(tmp_path / "sample")


@pytest.fixture
def spawned() -> Recorder:
    return Recorder()


@pytest.fixture
def ws(sample: Path, spawned: Recorder) -> wsnb.Workspace:
    environ = {"PATH": fake_bin(sample.parent / "fake-bin"), "DISPLAY": ":0"}
    launcher = Launcher(platform="linux", environ=environ, spawn=spawned)
    return wsnb.open_workspace(sample, launcher=launcher)


def names(node: FolderNode) -> list[str]:
    """The names of the entries a folder node shows (files and folders, not notes)."""
    return [row.button.description for row in node.entries.children
            if isinstance(row, (FolderNode, FileRow))]  # fmt: skip


def test_opens_with_the_root_listed_and_nothing_else(ws: wsnb.Workspace) -> None:
    explorer = ws.explore()
    assert isinstance(explorer, Explorer)
    assert explorer.listed == ["."]
    # Opening follows the disk from the start (the index and its watcher, started off the
    # kernel's thread); the tree itself still lists only what is open.
    assert ws.watching in {"starting", "watching"}
    shown = names(explorer.root_node)
    assert shown[:3] == ["app", "assets", "build"]  # folders first, by name
    assert "README.md" in shown and ".env" not in shown and ".git" not in shown
    src = explorer.node("src")
    assert "wsnb-folder" in src.button._dom_classes
    assert src.button.description == "src"
    assert not src.loaded and not src.expanded
    assert "hidden" in explorer.root_node.entries.children[-1].value


def test_a_click_expands_a_folder_lazily(ws: wsnb.Workspace) -> None:
    explorer = ws.explore()
    explorer.node("src").button.click()
    assert explorer.listed == [".", "src"]
    assert names(explorer.node("src")) == ["main.cpp", "widget.cpp", "widget.h"]
    assert explorer.selected == "src" and explorer.selected_is_dir
    explorer.node("src").button.click()  # a second click folds it, without listing again
    assert not explorer.node("src").expanded
    explorer.expand("src")
    assert explorer.listed == [".", "src"]


def test_a_big_tree_opens_without_listing_its_folders(tmp_path: Path) -> None:
    root = tmp_path / "big"
    for folder in range(60):
        for depth in ("", "/deep", "/deep/deeper"):
            (root / f"f{folder:02d}{depth}").mkdir(parents=True, exist_ok=True)
            (root / f"f{folder:02d}{depth}/file.txt").write_text("x\n", encoding="utf-8")
    ws = wsnb.open_workspace(root)
    explorer = Explorer(ws)
    assert explorer.listed == ["."]
    assert len(names(explorer.root_node)) == 60
    explorer.expand("f07/deep")  # opens its parents on the way, and lists only them
    assert explorer.listed == [".", "f07", "f07/deep"]
    assert names(explorer.node("f07/deep")) == ["deeper", "file.txt"]


def test_a_folder_over_the_listing_cap_says_how_many_more(tmp_path: Path) -> None:
    root = tmp_path / "wide"
    root.mkdir()
    for number in range(230):
        (root / f"n{number:03d}.txt").write_text("x\n", encoding="utf-8")
    explorer = Explorer(wsnb.open_workspace(root))
    assert len(names(explorer.root_node)) == 200
    assert "30 more entries" in explorer.root_node.entries.children[-1].value


def test_hidden_entries_are_listed_on_request(ws: wsnb.Workspace) -> None:
    shown = names(Explorer(ws, show_hidden=True).root_node)
    assert ".env" in shown and ".git" in shown


def test_preview_shows_text_with_its_encoding(ws: wsnb.Workspace) -> None:
    explorer = ws.explore()
    explorer.expand("docs")
    explorer.select("docs/说明_gbk.txt")
    assert "gb18030" in explorer.preview.value
    assert "工作区里的中文文件" in explorer.preview.value
    explorer.expand("src")
    explorer._files["src/main.cpp"].button.click()
    assert explorer.selected == "src/main.cpp" and not explorer.selected_is_dir
    assert "utf-8" in explorer.preview.value and "#include" in explorer.preview.value


@pytest.mark.parametrize(
    ("path", "why"),
    [
        ("assets/logo.png", "is an image"),
        ("assets/data.bin", "compiled program"),
        ("data/large.txt", "600.0 KiB, larger than the preview"),
        (".env", "holds secrets"),
        ("build/main.o", "compiled program"),
    ],
)
def test_preview_says_why_a_file_is_not_shown(ws: wsnb.Workspace, path: str, why: str) -> None:
    explorer = ws.explore()
    explorer.select(path)
    assert "Not shown" in explorer.preview.value
    assert why in explorer.preview.value.replace("&#x27;", "'")


def test_preview_of_an_undecodable_file_says_so(ws: wsnb.Workspace, sample: Path) -> None:
    (sample / "latin1.txt").write_bytes("café crème\n".encode("latin-1"))
    explorer = ws.explore()
    explorer.select("latin1.txt")
    assert "Not shown" in explorer.preview.value
    assert "not text in an encoding wsnb reads" in explorer.preview.value


def test_new_file_is_a_card_and_nothing_changes_until_confirm(
    ws: wsnb.Workspace, sample: Path
) -> None:
    explorer = ws.explore()
    before = user_files(sample)
    explorer.node("docs").button.click()
    explorer.actions["new_file"].click()  # opens the action's own input, nothing else
    assert explorer.prompt.layout.display != "none" and explorer.cards.children == ()
    assert "docs/" in explorer.prompt_label.value and explorer.name_box.value == ""
    explorer.name_box.value = "todo.md"
    explorer.ok_button.click()
    assert explorer.prompt.layout.display == "none"  # answered: the input closes
    card = explorer.cards.children[0]
    assert isinstance(card, PlanCard)
    assert explorer.last_plan is not None and explorer.last_plan.state is PlanState.PENDING
    assert explorer.last_plan.target is not None
    assert explorer.last_plan.target.relative == "docs/todo.md"
    assert user_files(sample) == before
    card.confirm_button.click()
    assert (sample / "docs/todo.md").is_file()
    assert "todo.md" in names(explorer.node("docs"))  # the tree listed the folder again


def test_new_folder_goes_into_the_selected_files_folder(ws: wsnb.Workspace, sample: Path) -> None:
    explorer = ws.explore()
    explorer.expand("app")
    explorer.select("app/main.py")
    explorer.name_box.value = "plugins"
    plan = explorer.act("new_folder")
    assert plan is not None and plan.target is not None
    assert plan.target.relative == "app/plugins"
    assert not (sample / "app/plugins").exists()
    explorer.cards.children[0].confirm_button.click()
    assert (sample / "app/plugins").is_dir()
    assert "plugins" in names(explorer.node("app"))


def test_rename_and_move_wait_for_confirm(ws: wsnb.Workspace, sample: Path) -> None:
    explorer = ws.explore()
    before = user_files(sample)
    explorer.expand("app")
    explorer.select("app/utils.py")
    explorer.actions["rename"].click()
    assert explorer.name_box.value == "utils.py"  # a rename starts from the current name
    explorer.name_box.value = "helpers.py"
    explorer.ok_button.click()
    renamed = explorer.last_plan
    explorer.actions["move"].click()
    assert explorer.name_box.value == "app"
    explorer.name_box.value = "tests"  # an existing folder: move into it
    explorer.ok_button.click()
    moved = explorer.last_plan
    assert renamed is not None and moved is not None and renamed is not moved
    assert moved.target is not None and moved.target.relative == "tests/utils.py"
    assert user_files(sample) == before
    explorer.cards.children[0].confirm_button.click()
    assert (sample / "tests/utils.py").is_file() and not (sample / "app/utils.py").exists()
    assert explorer.selected is None  # the moved file left the tree, so the selection went too


def test_trash_waits_for_confirm_and_cancel_changes_nothing(
    ws: wsnb.Workspace, sample: Path
) -> None:
    explorer = ws.explore()
    before = user_files(sample)
    explorer.select("README.md")
    explorer.actions["trash"].click()
    card = explorer.cards.children[0]
    assert user_files(sample) == before
    card.cancel_button.click()
    assert explorer.last_plan is not None and explorer.last_plan.state is PlanState.CANCELLED
    assert user_files(sample) == before


def test_open_with_desktop_app_is_a_plan_and_a_folder_opens_at_once(
    ws: wsnb.Workspace, spawned: Recorder
) -> None:
    explorer = ws.explore()
    explorer.select("README.md")
    assert "desktop" in explorer.actions["open_desktop"].description
    explorer.actions["open_desktop"].click()
    assert spawned.calls == []
    assert explorer.last_plan is not None and explorer.last_plan.state is PlanState.PENDING
    explorer.cards.children[0].confirm_button.click()
    assert len(spawned.calls) == 1
    explorer.select("src")  # a folder opens in the file manager at once: no card
    plan = explorer.last_plan
    explorer.actions["open_desktop"].click()
    assert len(spawned.calls) == 2 and explorer.last_plan is plan
    assert spawned.calls[-1][-1].endswith("src")


def test_actions_without_what_they_need_say_so(ws: wsnb.Workspace, sample: Path) -> None:
    explorer = ws.explore()
    before = user_files(sample)
    explorer.actions["rename"].click()
    assert "Select a file or folder" in explorer.status.value
    assert explorer.prompt.layout.display == "none"
    explorer.select("README.md")
    explorer.actions["rename"].click()
    explorer.name_box.value = "  "
    explorer.ok_button.click()
    assert "Type the new name" in explorer.status.value
    assert explorer.prompt.layout.display != "none"  # still open, to be answered
    explorer.select("src")
    explorer.actions["move"].click()
    assert "Select a file" in explorer.status.value
    assert explorer.cards.children == () and explorer.last_plan is None
    assert user_files(sample) == before


def test_a_refused_plan_shows_its_card_without_changing_anything(
    ws: wsnb.Workspace, sample: Path
) -> None:
    explorer = ws.explore()
    before = user_files(sample)
    explorer.name_box.value = "../outside.txt"
    plan = explorer.act("new_file")
    assert plan is not None and plan.state is PlanState.REFUSED
    card = explorer.cards.children[0]
    assert card.confirm_button.disabled
    card.confirm_button.click()
    assert user_files(sample) == before
    assert not (sample.parent / "outside.txt").exists()


def test_repr_is_short_and_says_what_is_open(ws: wsnb.Workspace) -> None:
    explorer = ws.explore()
    explorer.select("README.md")
    text = repr(explorer)
    assert text.startswith("<Explorer of ") and "README.md" in text and len(text) < 200


def test_a_change_confirmed_elsewhere_shows_in_the_tree(ws: wsnb.Workspace, sample: Path) -> None:
    explorer = ws.explore()
    explorer.expand("app")
    ws.create_file("app/extra.py", "print('hi')\n").confirm()
    assert "extra.py" in names(explorer.node("app"))
    explorer.close()
    ws.create_file("app/later.py", "").confirm()
    assert (sample / "app/later.py").is_file()
    assert "later.py" not in names(explorer.node("app"))  # a closed explorer stops following


def test_an_unknown_action_is_a_usage_error(ws: wsnb.Workspace) -> None:
    with pytest.raises(wsnb.UsageError, match="no action 'delete'"):
        ws.explore().act("delete")


def test_refresh_and_close_leave_no_widget_models_behind(ws: wsnb.Workspace) -> None:
    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    explorer = ws.explore()
    explorer.expand("src")
    explorer.expand("docs")
    created = len(set(_instances) - before)
    explorer.refresh()
    explorer.refresh()
    assert len(set(_instances) - before) == created  # old rows closed, not piled up
    explorer.select("README.md")
    explorer.actions["trash"].click()
    explorer.actions["trash"].click()  # the second card replaces (and closes) the first
    assert len(explorer.cards.children) == 1
    explorer.close()
    assert set(_instances) - before == set()


def test_open_in_jupyterlab_outside_jupyterlab_says_so_and_runs_nothing(
    ws: wsnb.Workspace, spawned: Recorder
) -> None:
    explorer = ws.explore()
    explorer.select("README.md")
    explorer.actions["open"].click()
    assert "does not run under JupyterLab" in explorer.status.value
    assert spawned.calls == [] and explorer.cards.children == ()
    explorer.select(".env")  # a sensitive file is refused before JupyterLab is asked
    explorer.actions["open"].click()
    assert "refuses to open" in explorer.status.value and explorer.lab.last_command is None


def test_rows_show_type_icons_sizes_and_times(ws: wsnb.Workspace) -> None:
    explorer = ws.explore()
    explorer.expand("app")
    row = next(r for r in explorer.node("app").entries.children
               if isinstance(r, FileRow) and r.path == "app/main.py")  # fmt: skip
    assert row.button.icon == "file-code-o"
    assert row.meta.startswith("622 bytes · ") and row.tooltip == row.meta
    assert row.meta.endswith(("ago", "just now"))
    readme = next(r for r in explorer.root_node.entries.children
                  if isinstance(r, FileRow) and r.path == "README.md")  # fmt: skip
    assert readme.button.icon == "file-text-o"
    assert explorer.node("app").button.icon == "folder-open"


def test_the_explorer_speaks_chinese_when_set(ws: wsnb.Workspace) -> None:
    wsnb.set_language("zh")
    explorer = ws.explore()
    assert explorer.actions["open"].description == "打开"
    assert explorer.actions["open_desktop"].description == "用桌面应用打开"
    explorer.actions["rename"].click()
    assert "请先在树中选择" in explorer.status.value


def test_open_in_jupyterlab_without_ipylab_says_how_to_install_it(
    ws: wsnb.Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ipylab", None)  # as if the extra were not installed
    explorer = ws.explore()
    explorer.select("README.md")
    explorer.actions["open"].click()
    assert "pip install &#x27;wsnb[panel]&#x27;" in explorer.status.value
    assert explorer.lab.last_command is None
