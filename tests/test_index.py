"""Name search, suffix and recency views of the file index, on real trees."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from wsnb.errors import UsageError
from wsnb.fileindex.index import MATCH_TIERS, FileIndex
from wsnb.fileindex.scanner import FILE_COLUMNS, scan
from wsnb.policy.access import AccessPolicy

DAY = 86_400
BASE_TIME = 1_700_000_000


def build(root: Path, files: dict[str, int]) -> FileIndex:
    """Make ``files`` (path -> age in days, older is larger) and index them."""
    for relative, age in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(relative, encoding="utf-8")
        stamp = BASE_TIME - age * DAY
        os.utime(path, (stamp, stamp))
    frame, report = scan(AccessPolicy(root))
    return FileIndex(frame, report)


@pytest.fixture
def index(tmp_path: Path) -> FileIndex:
    return build(
        tmp_path,
        {
            "src/main.cpp": 3,
            "app/main.py": 1,
            "docs/domain.txt": 0,
            "main": 9,
            "mainframe.md": 2,
            "src/old_main.c": 5,
            "src/remain.h": 4,
            "README.md": 7,
            "docs/README_old.md": 0,
            "src/widget.cpp": 2,
            "src/widget.h": 2,
            "main_docs/notes.txt": 6,
            "docs/使用指南.md": 1,
            "docs/工作区说明.txt": 2,
            "lib/parseMain.js": 8,
        },
    )


def paths(frame: object) -> list[str]:
    return frame["path"].tolist()  # type: ignore[index, no-any-return]


def test_find_main_ranks_by_tier(index: FileIndex) -> None:
    found = index.find("main")
    assert paths(found) == [
        "main",  # exact
        "app/main.py", "src/main.cpp",  # stem, newest first
        "main_docs", "mainframe.md",  # prefix, newest first (the folder was made just now)
        "src/old_main.c", "lib/parseMain.js",  # word boundary ("_", camelCase)
        "docs/domain.txt", "src/remain.h",  # inside the name
        "main_docs/notes.txt",  # only in the path
    ]  # fmt: skip
    assert found["match"].tolist()[:5] == ["exact", "stem", "stem", "prefix", "prefix"]
    assert found["match"].tolist()[5:] == ["word", "word", "name", "name", "path"]
    assert found["score"].tolist() == [MATCH_TIERS[m] for m in found["match"]]
    assert found["score"].is_monotonic_decreasing


def test_find_is_case_insensitive_and_readme_exact_first(index: FileIndex) -> None:
    exact = index.find("readme.MD")
    assert paths(exact) == ["README.md"]
    assert exact["match"].tolist() == ["exact"]
    found = index.find("README")
    assert paths(found) == ["README.md", "docs/README_old.md"]
    assert found["match"].tolist() == ["stem", "prefix"]


def test_find_by_suffix(index: FileIndex) -> None:
    found = index.find(".cpp")
    assert paths(found) == ["src/widget.cpp", "src/main.cpp"]
    assert set(found["match"]) == {"suffix"}
    assert paths(index.find(".h"))[:2] == ["src/widget.h", "src/remain.h"]


def test_find_missing_name_gives_empty_frame_with_columns(index: FileIndex) -> None:
    found = index.find("no-such-file")
    assert found.empty
    assert list(found.columns) == [*FILE_COLUMNS, "match", "score"]
    assert found.attrs == {"query": "no-such-file", "total_matches": 0, "truncated": False}


def test_find_chinese_names(index: FileIndex) -> None:
    assert paths(index.find("工作区")) == ["docs/工作区说明.txt"]
    found = index.find("指南")
    assert paths(found) == ["docs/使用指南.md"]
    assert found["match"].tolist() == ["name"]


def test_recency_orders_inside_a_tier(tmp_path: Path) -> None:
    index = build(tmp_path, {"a/report.txt": 5, "b/report.txt": 1, "c/report.txt": 3})
    assert paths(index.find("report")) == ["b/report.txt", "c/report.txt", "a/report.txt"]
    os.utime(tmp_path / "a" / "report.txt", (BASE_TIME + DAY, BASE_TIME + DAY))
    frame, report = scan(AccessPolicy(tmp_path))
    assert paths(FileIndex(frame, report).find("report"))[0] == "a/report.txt"


def test_limit_and_attrs(index: FileIndex) -> None:
    found = index.find("main", limit=3)
    assert len(found) == 3
    assert found.attrs["total_matches"] == 10
    assert found.attrs["truncated"] is True
    assert found.attrs["query"] == "main"
    assert list(found.index) == [0, 1, 2]


def test_empty_keyword_is_refused(index: FileIndex) -> None:
    for keyword in ("", "   "):
        with pytest.raises(ValueError, match="Give a part of a file name"):
            index.find(keyword)
    with pytest.raises(UsageError, match="limit"):
        index.find("main", limit=0)


def test_find_with_a_slash_matches_paths(index: FileIndex) -> None:
    found = index.find("src/w")
    assert paths(found) == ["src/widget.cpp", "src/widget.h"]
    assert set(found["match"]) == {"path"}


def test_by_suffix(index: FileIndex) -> None:
    found = index.by_suffix(["cpp", ".H"])
    assert paths(found) == ["src/main.cpp", "src/remain.h", "src/widget.cpp", "src/widget.h"]
    assert found.attrs["total_matches"] == 4
    assert paths(index.by_suffix(".md", limit=2)) == ["README.md", "docs/README_old.md"]
    assert index.by_suffix(".md", limit=2).attrs["truncated"] is True
    with pytest.raises(UsageError, match="suffixes"):
        index.by_suffix([])


def test_recent(index: FileIndex) -> None:
    found = index.recent(3)
    assert paths(found) == ["docs/README_old.md", "docs/domain.txt", "app/main.py"]
    assert not found["is_dir"].any()
    assert found.attrs["total_matches"] == 15


def test_results_are_copies(index: FileIndex) -> None:
    found = index.find("main")
    found.loc[0, "name"] = "changed"
    assert "changed" not in index.frame["name"].tolist()


def test_index_refuses_a_frame_without_scan_columns(index: FileIndex) -> None:
    with pytest.raises(UsageError, match="scan columns"):
        FileIndex(index.frame.drop(columns=["suffix"]), index.report)
