"""``find``'s search lists, updated in place after a change, equal a fresh build of the same frame.

Real files change on the disk, the index follows them (the one code path a
plan, a watcher's batch and the fallback share), and every structure the
search reads is compared with one built from the whole new frame, and the
answers of ``find`` with those of a fresh index.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import wsnb
from wsnb.fileindex.changes import Change
from wsnb.fileindex.index import FileIndex
from wsnb.fileindex.scanner import scan
from wsnb.fileindex.searchlists import SearchLists, build_lists, starts_of

QUERIES = ["main", "Main", ".py", ".md", "readme", "a", "data", "src", "src/lib", "x", "数据",
           "util", "b_", "nothing_at_all", "camel", "Case", "z"]  # fmt: skip


@pytest.fixture
def ws(tmp_path: Path) -> wsnb.Workspace:
    root = tmp_path / "tree"
    for folder in ("src/lib", "src/Lib2", "docs", "data/数据", "Upper/Case"):
        (root / folder).mkdir(parents=True)
    for path in ("src/main.py", "src/lib/main.py", "src/lib/util.py", "src/Lib2/camelCase.ts",
                 "docs/README.md", "docs/readme.txt", "data/数据/表.csv", "Upper/Case/Main.c",
                 "Upper/b_file.md", "a.txt", "B.txt"):  # fmt: skip
        (root / path).write_text("x", encoding="utf-8")
    workspace = wsnb.open_workspace(root, watch=False)
    workspace.scan()
    return workspace


def follow(ws: wsnb.Workspace, *items: str) -> FileIndex:
    index = ws._index
    assert index is not None
    index.find("warm")  # the lists are in use, so a change updates them
    before = index._snap.lists
    assert before is not None
    folders = {item.rpartition("/")[0] for item in items} - {""}
    done = index.follow(Change(frozenset(items), frozenset(folders - set(items))), outside=True)
    assert done is not None and not index.stale
    assert index._snap.lists is not None and index._snap.lists is not before
    return index


def assert_same_lists(updated: SearchLists, fresh: SearchLists) -> None:
    assert updated.names.tolist() == fresh.names.tolist()
    assert updated.originals.tolist() == fresh.originals.tolist()
    # The tables of distinct names and folders only grow: compared row by row, not as numbers.
    names, fresh_names = updated.name_table, fresh.name_table
    assert [names.texts[i] for i in names.of_row.tolist()] == fresh.names.tolist()
    assert set(fresh_names.texts) <= set(names.texts)
    assert names.blob == "\n".join(names.texts)
    np.testing.assert_array_equal(names.starts, starts_of(names.texts))
    assert updated.sorted_names.tolist() == fresh.sorted_names.tolist()
    assert updated.sorted_rows.tolist() == fresh.sorted_rows.tolist()
    np.testing.assert_array_equal(updated.path_rank_array, fresh.path_rank_array)
    np.testing.assert_array_equal(updated.newest_array, fresh.newest_array)
    assert updated.sorted_paths.tolist() == fresh.sorted_paths.tolist()
    assert updated.path_rows.tolist() == fresh.path_rows.tolist()
    folders, fresh_folders = updated.folder_table, fresh.folder_table
    assert ([folders.texts[i] for i in folders.of_row.tolist()]
            == [fresh_folders.texts[i] for i in fresh_folders.of_row.tolist()])  # fmt: skip
    assert set(fresh_folders.texts) <= set(folders.texts)
    for key in fresh.by_stem.ids:
        assert updated.by_stem.get(key) == fresh.by_stem.get(key)
    for key in fresh.by_suffix.ids:
        assert updated.by_suffix.get(key) == fresh.by_suffix.get(key)


def assert_like_fresh(ws: wsnb.Workspace, index: FileIndex) -> None:
    frame, report = scan(ws.policy, limits=ws.limits)
    pd.testing.assert_frame_equal(index.frame.reset_index(drop=True), frame)
    assert index._snap.lists is not None
    assert_same_lists(index._snap.lists, build_lists(index.frame))
    fresh = FileIndex(frame, report, policy=ws.policy, limits=ws.limits)
    for query in QUERIES:
        for limit in (3, None):
            ours, theirs = index.find(query, limit=limit), fresh.find(query, limit=limit)
            pd.testing.assert_frame_equal(ours, theirs)
            assert ours.attrs == theirs.attrs


def create(root: Path) -> tuple[str, ...]:
    for path in ("src/lib/main.js", "src/Alpha.py", "docs/Readme.rst", "zeta/new/数据.md"):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text("y", encoding="utf-8")
    return "src/lib/main.js", "src/Alpha.py", "docs/Readme.rst", "zeta"


def delete(root: Path) -> tuple[str, ...]:
    (root / "src/lib/main.py").unlink()
    (root / "a.txt").unlink()
    return "src/lib/main.py", "a.txt"


def rename(root: Path) -> tuple[str, ...]:
    (root / "docs/README.md").rename(root / "docs/main.md")
    (root / "src/lib").rename(root / "src/library")
    return "docs/README.md", "docs/main.md", "src/lib", "src/library"


def remove_subtree(root: Path) -> tuple[str, ...]:
    shutil.rmtree(root / "Upper")
    return ("Upper",)


def edit(root: Path) -> tuple[str, ...]:
    (root / "src/main.py").write_text("longer content", encoding="utf-8")
    return ("src/main.py",)


CHANGES: dict[str, Callable[[Path], tuple[str, ...]]] = {
    "create": create, "delete": delete, "rename": rename, "remove subtree": remove_subtree,
    "edit": edit,
}  # fmt: skip


@pytest.mark.parametrize("kind", list(CHANGES))
def test_each_change_updates_the_lists_like_a_fresh_build(ws: wsnb.Workspace, kind: str) -> None:
    index = follow(ws, *CHANGES[kind](ws.root))
    assert_like_fresh(ws, index)


def test_changes_one_after_another_stay_like_a_fresh_build(ws: wsnb.Workspace) -> None:
    for change in CHANGES.values():
        index = follow(ws, *change(ws.root))
        assert_like_fresh(ws, index)
    # A name that sorts among equal names in other folders, and a case that breaks path order.
    (ws.root / "docs" / "main.py").write_text("z", encoding="utf-8")
    (ws.root / "Src").mkdir()
    (ws.root / "Src" / "main.py").write_text("z", encoding="utf-8")
    index = follow(ws, "docs/main.py", "Src")
    assert_like_fresh(ws, index)


def test_a_capital_sets_the_casefolded_path_order_apart(tmp_path: Path) -> None:
    root = tmp_path / "lower"
    (root / "src").mkdir(parents=True)
    for path in ("src/main.py", "src/util.py", "readme.md"):
        (root / path).write_text("x", encoding="utf-8")
    ws = wsnb.open_workspace(root, watch=False)
    ws.scan()
    (root / "src" / "other.py").write_text("x", encoding="utf-8")
    index = follow(ws, "src/other.py")
    assert_like_fresh(ws, index)
    (root / "Zeta.md").write_text("x", encoding="utf-8")  # sorts first by path, last casefolded
    (root / "zeta.md").write_text("x", encoding="utf-8")  # the same path, casefolded
    index = follow(ws, "Zeta.md", "zeta.md")
    lists = index._snap.lists
    assert lists is not None and lists.path_rows.tolist() != sorted(lists.path_rows.tolist())
    assert_like_fresh(ws, index)
