"""Where watching can't work, the index is still right; an overflow reads its folder again.

The fallback is forced by a watcher that refuses to start (as the kernel does
when its watch limit is reached); the overflow by a batch limit of a few
changes. After each change, the index holds exactly a fresh scan's rows.
"""

from __future__ import annotations

import logging
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_helpers import fresh_frame, index_frame, make_tree, wait_for_scan_rows, wait_until

import wsnb
from wsnb.fileindex.watcher import Batch, Notifier, Watcher, WatchSettings, unwatchable_reason


def refuse(paths: list[str]) -> Notifier:
    raise OSError(28, "OS file watch limit reached.")


@pytest.fixture
def checking(tmp_path: Path) -> Iterator[wsnb.Workspace]:
    root = wsnb.copy_sample_workspace(tmp_path / "sample")
    make_tree(root, {"pkg/inner/a.py": "x = 1\n", "pkg/b.txt": "b\n"})
    with wsnb.open_workspace(root, watch=WatchSettings(notifier=refuse)) as ws:
        ws.scan()
        yield ws


def files_equal_a_scan(ws: wsnb.Workspace) -> None:
    """A query (``ws.files``) checks folder times first: right at once, no waiting."""
    shown = ws.files.reset_index(drop=True)
    assert shown.equals(fresh_frame(ws)), "the index differs from a fresh scan"


def test_a_refused_watcher_falls_back_and_says_so_once(
    checking: wsnb.Workspace, caplog: pytest.LogCaptureFixture
) -> None:
    ws = checking
    with caplog.at_level(logging.WARNING, logger="wsnb"):
        ws.find("main")
        ws.find("utils")
    assert ws.watching == "checking"
    said = [r for r in caplog.records if "not watched here" in r.getMessage()]
    assert len(said) == 1
    assert "OS file watch limit reached" in said[0].getMessage()
    assert "checks folder times before each query" in str(ws.scan_report)


def test_the_fallback_sees_create_delete_rename_and_subtrees(checking: wsnb.Workspace) -> None:
    ws = checking
    (ws.root / "newfile.py").write_text("NEEDLE = 1\n", encoding="utf-8")
    assert ws.find("newfile")["path"].tolist() == ["newfile.py"]
    files_equal_a_scan(ws)
    (ws.root / "app" / "main.py").unlink()
    assert "app/main.py" not in set(ws.find("main")["path"])
    files_equal_a_scan(ws)
    os.rename(ws.root / "pkg", ws.root / "package")
    files_equal_a_scan(ws)
    make_tree(ws.root, {f"burst/d{d}/f{f}.txt": "x" for d in range(10) for f in range(50)})
    files_equal_a_scan(ws)
    shutil.rmtree(ws.root / "burst")
    files_equal_a_scan(ws)


def test_the_fallback_sees_a_replaced_file_and_a_gitignore(checking: wsnb.Workspace) -> None:
    ws = checking
    staged = ws.root / "pkg" / "b.txt.tmp"
    staged.write_text("saved the way editors save: a new file renamed over the old\n")
    os.replace(staged, ws.root / "pkg" / "b.txt")
    files_equal_a_scan(ws)
    (ws.root / "pkg" / ".gitignore").write_text("inner/\n", encoding="utf-8")
    files_equal_a_scan(ws)
    assert "pkg/inner/a.py" not in set(ws.files["path"])


def test_an_overflow_reads_the_folder_again(tmp_path: Path) -> None:
    root = wsnb.copy_sample_workspace(tmp_path / "sample")
    overflows: list[Batch] = []
    with wsnb.open_workspace(root, watch=WatchSettings(max_batch=5)) as ws:
        ws.scan()
        watcher = ws._live.watcher
        assert watcher is not None
        follow = watcher._on_batch

        def seen(batch: Batch) -> object:
            if batch.unknown and not batch.changed:
                overflows.append(batch)
            return follow(batch)

        watcher._on_batch = seen
        make_tree(root, {f"docs/many/f{f:02}.md": "x" for f in range(40)})
        make_tree(root, {f"docs/g{f:02}.md": "x" for f in range(40)})
        wait_for_scan_rows(ws, "40 + 40 files after an overflow")
        assert watcher.overflows >= 1
        assert any("docs" in batch.unknown or "" in batch.unknown for batch in overflows)
        assert "docs/many/f39.md" in set(index_frame(ws)["path"])


def test_a_failure_while_watching_falls_back(tmp_path: Path) -> None:
    """A watcher that breaks after it started (an error from the native side) hands over."""
    root = wsnb.copy_sample_workspace(tmp_path / "sample")

    class Breaks:
        def watch(self, *args: object) -> set[tuple[int, str]] | str:
            raise RuntimeError("error in underlying watcher: queue overflow")

        def close(self) -> None:
            pass

    with wsnb.open_workspace(root, watch=WatchSettings(notifier=lambda paths: Breaks())) as ws:
        ws.scan()
        watcher = ws._live.watcher
        assert watcher is not None
        wait_until(lambda: watcher.failure.startswith("RuntimeError"), "the watcher to fail")
        (root / "after.txt").write_text("x")
        assert "after.txt" in set(ws.files["path"])
        assert ws.watching == "checking"


def test_a_refused_watcher_hands_over_in_one_failed_batch(tmp_path: Path) -> None:
    # The workspaces of these tests sit on a local file system, which sends events.
    assert unwatchable_reason(str(tmp_path)) == ""
    seen: list[Batch] = []
    watcher = Watcher(tmp_path, seen.append, settings=WatchSettings(notifier=refuse))
    watcher.start()
    assert watcher.state == "failed" and seen and seen[0].failed


def test_the_fallback_sees_an_edit_in_place_that_keeps_its_folder_time(
    checking: wsnb.Workspace,
) -> None:
    ws = checking
    edited = ws.root / "pkg" / "b.txt"
    folder_time = (ws.root / "pkg").stat().st_mtime_ns
    old_size = int(ws.files.set_index("path").loc["pkg/b.txt", "size"])
    with edited.open("a", encoding="utf-8") as handle:  # in place: no entry added or renamed
        handle.write("a longer line, written into the same file\n")
    os.utime(ws.root / "pkg", ns=(folder_time, folder_time))
    assert (ws.root / "pkg").stat().st_mtime_ns == folder_time
    # The rolling look covers every row within entries / 256 queries; this tree is one turn.
    queries = len(ws.files) // 256 + 2
    for _unused in range(queries):
        ws.find("b.txt")
    size = int(ws.files.set_index("path").loc["pkg/b.txt", "size"])
    assert size == edited.stat().st_size != old_size
    files_equal_a_scan(ws)
