"""``rows_for_paths``: a full scan's rows for a few paths, for an index that follows changes."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import pandas as pd
import pytest
from helpers import make_files

from wsnb.errors import PolicyError, UsageError
from wsnb.fileindex.scanner import FILE_COLUMNS, ScanLimits, scan
from wsnb.fileindex.scanrows import rows_for_paths
from wsnb.policy.access import AccessPolicy

LIMITS = ScanLimits(max_depth=4, max_files=100_000)


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    """A tree with every case a scan treats apart: ignored, skipped, hidden, deep, linked."""
    root = tmp_path / "ws"
    make_files(
        root, "README.md", "a.log", "keep.log", "src/main.py", "src/util.py", "src/gen/x.c",
        "src/.hidden_rc", "docs/_build/i.html", "docs/api.md", "sub/.gitignore", "sub/x.tmp",
        "sub/y.txt", "sub/out/o.txt", "node_modules/p/i.js", ".git/HEAD", "d1/d2/d3/d4/d5/z.txt",
        "工作区/说明.md",
    )  # fmt: skip
    (root / ".gitignore").write_text("*.log\n!keep.log\ndocs/_build/\ngen/\n", encoding="utf-8")
    (root / "sub" / ".gitignore").write_text("*.tmp\n/out/\n", encoding="utf-8")
    with contextlib.suppress(OSError, NotImplementedError):  # the link test skips then
        os.symlink(root / "src", root / "src_link", target_is_directory=True)
    return root


def full(ws: Path) -> pd.DataFrame:
    return scan(AccessPolicy(ws), limits=LIMITS)[0]


def below(frame: pd.DataFrame, path: str) -> pd.DataFrame:
    """The scan's rows for ``path`` and, for a folder, everything below it."""
    paths = frame["path"]
    mask = (paths == path) | paths.str.startswith(path + "/")
    return frame[mask].reset_index(drop=True)


def test_every_scanned_path_gives_the_scans_row(ws: Path) -> None:
    frame = full(ws)
    policy = AccessPolicy(ws)
    for path in frame["path"].tolist():
        pd.testing.assert_frame_equal(rows_for_paths(policy, [path], limits=LIMITS),
                                      below(frame, path))  # fmt: skip


def test_many_paths_at_once_are_sorted_and_unique(ws: Path) -> None:
    frame = full(ws)
    asked = ["sub", "src/main.py", "sub/y.txt", "README.md", "工作区"]
    rows = rows_for_paths(AccessPolicy(ws), asked, limits=LIMITS)
    expected = pd.concat([below(frame, p) for p in ["README.md", "src/main.py", "sub", "工作区"]])
    pd.testing.assert_frame_equal(rows, expected.reset_index(drop=True))
    assert rows["path"].is_unique
    assert rows.dtypes.astype(str).to_dict() == full(ws).dtypes.astype(str).to_dict()
    assert list(rows.columns) == list(FILE_COLUMNS)


@pytest.mark.parametrize(
    "path",
    [
        "a.log", "docs/_build", "docs/_build/i.html", "src/gen", "src/gen/x.c", "sub/x.tmp",
        "sub/out", "sub/out/o.txt", "node_modules", "node_modules/p/i.js", ".git/HEAD",
        "d1/d2/d3/d4/d5", "d1/d2/d3/d4/d5/z.txt", "missing.txt", "missing/deeper.txt",
        "src_link/main.py", "README.md/inside",
    ],
)  # fmt: skip
def test_what_a_scan_leaves_out_has_no_row(ws: Path, path: str) -> None:
    assert path not in full(ws)["path"].tolist()
    rows = rows_for_paths(AccessPolicy(ws), [path], limits=LIMITS)
    assert rows.empty and list(rows.columns) == list(FILE_COLUMNS)


def test_after_changes_the_rows_match_a_fresh_scan(ws: Path) -> None:
    """What an index does after a plan: drop the touched paths' rows, add the fresh ones."""
    policy = AccessPolicy(ws)
    before = full(ws)
    (ws / "src" / "main.py").write_text("changed and longer\n", encoding="utf-8")
    os.rename(ws / "sub", ws / "moved")
    make_files(ws, "new/n.txt", "new/n.log", "src/new.tmp")
    touched = ["src/main.py", "sub", "moved", "new", "src/new.tmp"]
    fresh = pd.concat([rows_for_paths(policy, touched, limits=LIMITS),
                       rows_for_paths(policy, ["src"], limits=LIMITS, below=False)])  # fmt: skip
    # src's own row too: its modified time changed when src/new.tmp was made in it
    kept = before[~before["path"].apply(lambda p: any(p == t or p.startswith(t + "/")
                                                      for t in touched))]  # fmt: skip
    updated = pd.concat([kept[kept["path"] != "src"], fresh])
    updated = updated.sort_values("path", ignore_index=True)
    pd.testing.assert_frame_equal(updated, full(ws))
    paths = updated["path"].tolist()
    assert "moved/y.txt" in paths and "sub/y.txt" not in paths
    assert "moved/x.tmp" not in paths  # sub/.gitignore moved along with it
    assert "new/n.txt" in paths and "new/n.log" not in paths


def test_a_folder_alone_when_asked(ws: Path) -> None:
    rows = rows_for_paths(AccessPolicy(ws), ["src", "sub"], limits=LIMITS, below=False)
    assert rows["path"].tolist() == ["src", "sub"]
    pd.testing.assert_frame_equal(rows, full(ws).query("path in ['src', 'sub']")
                                  .reset_index(drop=True))  # fmt: skip


def test_a_link_is_a_row_of_its_own_never_entered(ws: Path) -> None:
    if not (ws / "src_link").is_symlink():
        pytest.skip("symlinks can't be made here")
    rows = rows_for_paths(AccessPolicy(ws), ["src_link"], limits=LIMITS)
    assert rows["path"].tolist() == ["src_link"] and rows["is_symlink"].all()


def test_paths_outside_or_unnamed_are_refused(ws: Path) -> None:
    policy = AccessPolicy(ws)
    with pytest.raises(PolicyError):
        rows_for_paths(policy, ["../elsewhere.txt"])
    with pytest.raises(UsageError, match="does not name an entry"):
        rows_for_paths(policy, ["src/.."])


def test_no_paths_give_an_empty_frame_with_the_scans_dtypes(ws: Path) -> None:
    rows = rows_for_paths(AccessPolicy(ws), [])
    assert rows.empty
    assert rows.dtypes.astype(str).to_dict() == full(ws).dtypes.astype(str).to_dict()
