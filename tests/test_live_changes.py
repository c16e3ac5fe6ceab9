"""Changes made outside wsnb reach the index by themselves: after each, the rows of a fresh scan.

Each test changes real files below a watched workspace and waits (a bounded
poll) until the index holds exactly what a fresh scan gives; the queries a
person uses then show the change.
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_helpers import WAIT_S, index_frame, make_tree, wait_for_scan_rows, wait_until

import wsnb
from wsnb.fileindex.changes import IndexChange
from wsnb.fileindex.watcher import Batch, Watcher


@pytest.fixture
def ws(tmp_path: Path) -> Iterator[wsnb.Workspace]:
    root = wsnb.copy_sample_workspace(tmp_path / "sample")
    make_tree(root, {"pkg/inner/a.py": "x = 1\n", "pkg/b.txt": "b\n"})
    with wsnb.open_workspace(root) as workspace:
        workspace.scan()
        assert workspace.watching == "watching"
        yield workspace


def paths(ws: wsnb.Workspace) -> set[str]:
    return set(index_frame(ws)["path"])


def test_a_new_file_appears_in_files_find_and_grep(ws: wsnb.Workspace) -> None:
    (ws.root / "newfile.py").write_text("NEEDLE = 1\n", encoding="utf-8")
    wait_for_scan_rows(ws, "newfile.py in the index")
    assert "newfile.py" in set(ws.files["path"])
    assert ws.find("newfile")["path"].tolist() == ["newfile.py"]
    assert "newfile.py" in set(ws.grep("NEEDLE")["path"])


def test_a_deleted_file_leaves_find_and_grep(ws: wsnb.Workspace) -> None:
    (ws.root / "app" / "main.py").unlink()
    wait_for_scan_rows(ws, "app/main.py gone from the index")
    assert "app/main.py" not in set(ws.find("main")["path"])
    hits = ws.grep("import")
    assert "app/main.py" not in set(hits["path"])
    assert hits.attrs.get("unreadable", 0) == 0


def test_a_renamed_file_and_folder(ws: wsnb.Workspace) -> None:
    os.rename(ws.root / "pkg" / "b.txt", ws.root / "pkg" / "c.txt")
    wait_for_scan_rows(ws, "the file renamed")
    os.rename(ws.root / "pkg", ws.root / "package")
    wait_for_scan_rows(ws, "the folder renamed")
    assert "package/inner/a.py" in paths(ws) and "pkg" not in paths(ws)
    # The renamed folder is watched at its new place: a change inside it is seen too.
    (ws.root / "package" / "inner" / "later.py").write_text("y = 2\n", encoding="utf-8")
    wait_for_scan_rows(ws, "a file created inside the renamed folder")
    assert "package/inner/later.py" in paths(ws)


def test_an_edit_that_changes_size_and_time(ws: wsnb.Workspace) -> None:
    before = index_frame(ws).set_index("path").loc["pkg/b.txt", "size"]
    with open(ws.root / "pkg" / "b.txt", "a", encoding="utf-8") as file:
        file.write("more text\n")  # in place: the folder's time does not move
    wait_for_scan_rows(ws, "the edit")
    assert index_frame(ws).set_index("path").loc["pkg/b.txt", "size"] > before


def test_a_burst_of_2000_files_in_new_folders(ws: wsnb.Workspace) -> None:
    files = {f"burst/d{d:02}/sub/f{f:03}.txt": "x\n" for d in range(20) for f in range(100)}
    make_tree(ws.root, files)
    wait_for_scan_rows(ws, "2,000 new files")
    assert set(files) <= paths(ws)
    assert ws.scan_report.files == int((~index_frame(ws)["is_dir"]).sum())


def test_a_removed_subtree(ws: wsnb.Workspace) -> None:
    make_tree(ws.root, {f"gen/out{d}/f{f}.c": "" for d in range(5) for f in range(20)})
    wait_for_scan_rows(ws, "a new subtree")
    shutil.rmtree(ws.root / "gen")
    wait_for_scan_rows(ws, "the subtree removed")
    assert not any(path == "gen" or path.startswith("gen/") for path in paths(ws))


def test_a_gitignore_edit_re_decides_its_subtree(ws: wsnb.Workspace) -> None:
    make_tree(ws.root, {"pkg/keep.py": "", "pkg/drop.log": "", "pkg/out/x.o": ""})
    wait_for_scan_rows(ws, "the new files")
    (ws.root / "pkg" / ".gitignore").write_text("out/\n*.py\n", encoding="utf-8")
    wait_for_scan_rows(ws, "pkg/.gitignore applied")
    assert "pkg/out" not in paths(ws) and "pkg/keep.py" not in paths(ws)
    (ws.root / "pkg" / ".gitignore").write_text("!keep.py\n", encoding="utf-8")
    wait_for_scan_rows(ws, "pkg/.gitignore edited")
    assert {"pkg/out/x.o", "pkg/keep.py"} <= paths(ws)


def test_the_root_gitignore_re_decides_the_whole_tree(ws: wsnb.Workspace) -> None:
    with open(ws.root / ".gitignore", "a", encoding="utf-8") as file:
        file.write("*.cpp\n")
    wait_for_scan_rows(ws, "the root .gitignore applied")
    assert "src/main.cpp" not in paths(ws)


def test_changes_in_skipped_folders_change_nothing(ws: wsnb.Workspace) -> None:
    heard: list[IndexChange] = []
    ws.subscribe_files(heard.append)
    watcher = ws._live.watcher
    assert watcher is not None
    batches = watcher.batches
    # .git and node_modules exist and are never watched; a new hidden folder and a new
    # node_modules are seen by their watched parents, and leave no row.
    make_tree(ws.root, {".git/objects/ab/cd": "x", "node_modules/m/index.js": "x",
                        ".cache/tool/x": "x", "pkg/node_modules/m.js": "x"})  # fmt: skip
    wait_until(lambda: watcher.batches > batches, "the watcher's batch")
    wait_for_scan_rows(ws, "nothing new in the index")
    assert heard == []


def test_a_plan_is_applied_once_and_never_counted_as_outside(ws: wsnb.Workspace) -> None:
    heard: list[IndexChange] = []
    ws.subscribe_files(heard.append)
    watcher = ws._live.watcher
    assert watcher is not None
    batches = watcher.batches
    assert ws.create_file("notes/todo.md", "- [ ] ship\n").confirm().success
    assert [change.outside for change in heard] == [False]  # applied at once, by the plan
    assert {"notes", "notes/todo.md"} <= set(heard[0].paths)
    wait_until(lambda: watcher.batches > batches, "the watcher's batch of the same change")
    wait_for_scan_rows(ws, "the plan's change")
    assert [change.outside for change in heard] == [False]  # the watcher's batch changed nothing


def test_listeners_hear_outside_changes_with_their_paths(ws: wsnb.Workspace) -> None:
    heard: list[IndexChange] = []
    done = threading.Event()

    def listen(change: IndexChange) -> None:
        heard.append(change)
        done.set()

    ws.subscribe_files(listen)
    make_tree(ws.root, {"one.txt": "1", "two.txt": "2"})
    (ws.root / "app" / "utils.py").unlink()
    wait_for_scan_rows(ws, "three changes")
    assert done.is_set() and all(change.outside for change in heard)
    seen = {path for change in heard for path in change.paths}
    assert seen == {"one.txt", "two.txt", "app/utils.py"}


def test_a_folder_made_inside_a_new_folder_before_its_watch_is_watched_at_once(
    tmp_path: Path,
) -> None:
    """The race a ``mkdir -p`` under load can lose, made certain: ``top/inner`` appears after
    ``top`` was read and before ``top`` is watched. Reading ``top`` again (its watch began)
    finds ``inner``, which must be watched then: no event of its own will ever ask."""
    known = {""}
    changed: set[str] = set()

    def follow(batch: Batch) -> None:  # what the index does: remember the folders it read
        changed.update(batch.changed)
        for path in batch.changed | batch.unknown:
            for folder, _, _ in os.walk(tmp_path / path):
                known.add(Path(folder).relative_to(tmp_path).as_posix())
        if "top" in batch.changed and not (tmp_path / "top" / "inner").exists():
            (tmp_path / "top" / "inner").mkdir()  # after top was read, before its watch

    watcher = Watcher(tmp_path, follow, folders=lambda: {"" if f == "." else f for f in known})
    watcher.start()
    try:
        (tmp_path / "top").mkdir()
        wait_until(lambda: "top/inner" in known, "top/inner found by reading top again")
        # The only change from now on is inside top/inner: only its own watch can tell of it.
        deadline = time.monotonic() + WAIT_S
        while "top/inner/late.txt" not in changed and time.monotonic() < deadline:
            (tmp_path / "top" / "inner" / "late.txt").write_text("x", encoding="utf-8")
            time.sleep(0.2)
        assert "top/inner/late.txt" in changed, "a file in top/inner was never seen"
    finally:
        watcher.stop()
