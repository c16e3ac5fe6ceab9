"""The scanner on real trees: skips, .gitignore, limits, links, special files, dtypes."""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd
import pytest

from wsnb.errors import UsageError
from wsnb.policy import AccessPolicy
from wsnb.scanner import FILE_COLUMNS, SKIP_DIRS, ScanLimits, ScanReport, empty_frame, scan


def make_files(root: Path, *paths: str, content: str = "x") -> None:
    for relative in paths:
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")


def scan_paths(root: Path, **kwargs: object) -> tuple[list[str], ScanReport]:
    frame, report = scan(AccessPolicy(root), **kwargs)  # type: ignore[arg-type]
    return frame["path"].tolist(), report


def make_link(link: Path, target: Path | str, *, is_dir: bool = False) -> None:
    try:
        os.symlink(target, link, target_is_directory=is_dir)
    except (OSError, NotImplementedError) as exc:
        pytest.skip(f"symlinks can't be made here: {exc}")


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    return root


def test_normal_project(ws: Path) -> None:
    make_files(ws, "src/main.cpp", "src/widget.h", "app/main.py", "README.md", "Makefile")
    (ws / "empty").mkdir()
    frame, report = scan(AccessPolicy(ws))
    assert frame["path"].tolist() == [
        "Makefile", "README.md", "app", "app/main.py", "empty", "src", "src/main.cpp",
        "src/widget.h",
    ]  # fmt: skip
    row = frame.set_index("path").loc["src/main.cpp"]
    assert row["name"] == "main.cpp"
    assert row["suffix"] == ".cpp"
    assert row["size"] == 1
    assert row["depth"] == 2
    assert bool(row["is_text"]) and not bool(row["is_dir"])
    folder = frame.set_index("path").loc["src"]
    assert bool(folder["is_dir"]) and folder["size"] == 0 and folder["suffix"] == ""
    assert bool(frame.set_index("path").loc["Makefile", "is_text"])
    assert (report.entries, report.files, report.dirs) == (8, 5, 3)
    assert not report.truncated and report.limit is None and report.left_out == 0


def test_paths_are_sorted_as_strings(ws: Path) -> None:
    make_files(ws, "a/x.txt", "a.txt", "a-b.txt", "B.txt", "a/b/c.txt")
    paths, _ = scan_paths(ws)
    assert paths == sorted(paths)
    assert paths == ["B.txt", "a", "a-b.txt", "a.txt", "a/b", "a/b/c.txt", "a/x.txt"]


def test_empty_workspace_has_columns_and_dtypes(ws: Path) -> None:
    frame, report = scan(AccessPolicy(ws))
    assert frame.empty
    assert list(frame.columns) == list(FILE_COLUMNS)
    assert {c: str(t) for c, t in frame.dtypes.items()} == FILE_COLUMNS
    assert str(report) == "0 files and 0 folders"
    assert {c: str(t) for c, t in empty_frame().dtypes.items()} == FILE_COLUMNS


def test_dtypes_of_each_column(ws: Path) -> None:
    make_files(ws, "a.txt", "d/b.py")
    frame, _ = scan(AccessPolicy(ws))
    assert {c: str(t) for c, t in frame.dtypes.items()} == FILE_COLUMNS
    assert isinstance(frame.loc[0, "path"], str)
    assert isinstance(frame.loc[0, "modified"], pd.Timestamp)
    assert frame["modified"].dt.tz is None  # naive local time


def test_modified_is_naive_local_time(ws: Path) -> None:
    make_files(ws, "a.txt")
    stamp = 1_700_000_000
    os.utime(ws / "a.txt", (stamp, stamp))
    frame, _ = scan(AccessPolicy(ws))
    expected = pd.Timestamp.fromtimestamp(stamp)  # local wall-clock time, naive
    assert frame.loc[0, "modified"] == expected


def test_build_git_node_modules_are_skipped_and_listed(ws: Path) -> None:
    make_files(
        ws, "src/a.c", "build/out.o", ".git/HEAD", "node_modules/p/index.js", "sub/Build/x",
        "sub/__pycache__/m.pyc", "dist/app.whl",
    )  # fmt: skip
    paths, report = scan_paths(ws)
    assert paths == ["src", "src/a.c", "sub"]
    assert sorted(report.skipped_dirs) == [
        ".git", "build", "dist", "node_modules", "sub/Build", "sub/__pycache__",
    ]  # fmt: skip
    assert report.skipped == 6
    assert "6 folders skipped" in str(report)
    assert "build" in SKIP_DIRS


def test_hidden_folders_skipped_hidden_files_flagged(ws: Path) -> None:
    make_files(ws, ".config/x.toml", ".bashrc", ".env.example", "a/.hidden.txt", "visible.txt")
    frame, report = scan(AccessPolicy(ws))
    hidden = dict(zip(frame["path"], frame["is_hidden"], strict=True))
    assert hidden == {
        ".bashrc": True, ".env.example": True, "a": False, "a/.hidden.txt": True,
        "visible.txt": False,
    }  # fmt: skip
    assert report.skipped_dirs == (".config",)
    suffixes = dict(zip(frame["path"], frame["suffix"], strict=True))
    assert suffixes[".bashrc"] == ""
    assert suffixes[".env.example"] == ".example"
    assert suffixes["a/.hidden.txt"] == ".txt"


def test_root_gitignore(ws: Path) -> None:
    (ws / ".gitignore").write_text(
        "# comment\n*.log\n!keep.log\ntmp/\n/only_root.txt\n", encoding="utf-8"
    )
    make_files(
        ws, "a.log", "keep.log", "sub/b.log", "sub/keep.log", "tmp/x.txt", "sub/tmp/y.txt",
        "only_root.txt", "sub/only_root.txt", "tmp.txt", "notes.txt",
    )  # fmt: skip
    (ws / "tmpfile").write_text("tmp/ matches folders only", encoding="utf-8")
    (ws / "sub" / "tmp2").mkdir()
    paths, report = scan_paths(ws)
    assert paths == [
        ".gitignore", "keep.log", "notes.txt", "sub", "sub/keep.log", "sub/only_root.txt",
        "sub/tmp2", "tmp.txt", "tmpfile",
    ]  # fmt: skip
    # a.log, sub/b.log, tmp/, sub/tmp/, only_root.txt
    assert report.ignored == 5
    assert "5 ignored by .gitignore" in str(report)


def test_file_named_like_a_folder_pattern_is_kept(ws: Path) -> None:
    (ws / ".gitignore").write_text("cache/\n", encoding="utf-8")
    make_files(ws, "cache", "sub/cache/x.txt")
    paths, report = scan_paths(ws)
    assert paths == [".gitignore", "cache", "sub"]
    assert report.ignored == 1


def test_nested_gitignore_applies_below_its_folder(ws: Path) -> None:
    (ws / ".gitignore").write_text("*.tmp\n", encoding="utf-8")
    make_files(ws, "a/b.gen", "a/x.tmp", "a/c/d.gen", "a/keep.gen", "z/e.gen", "a/out/f.txt")
    make_files(ws, "a/.gitignore", content="*.gen\n!keep.gen\n/out/\n")
    make_files(ws, "a/c/.gitignore", content="!d.gen\n")
    make_files(ws, "z/out/f.txt")
    paths, report = scan_paths(ws)
    assert paths == [
        ".gitignore", "a", "a/.gitignore", "a/c", "a/c/.gitignore", "a/c/d.gen", "a/keep.gen",
        "z", "z/e.gen", "z/out", "z/out/f.txt",
    ]  # fmt: skip
    assert report.ignored == 3  # a/b.gen, a/x.tmp, a/out/


def test_gitignore_path_patterns(ws: Path) -> None:
    (ws / ".gitignore").write_text("docs/_build/\nsrc/**/*.o\n*.py[co]\n", encoding="utf-8")
    make_files(
        ws, "docs/_build/index.html", "docs/api.md", "src/a/b/x.o", "src/y.o", "m.pyc", "m.py",
        "other/docs/_build/keep.txt",
    )  # fmt: skip
    paths, _ = scan_paths(ws)
    assert "docs/api.md" in paths and "m.py" in paths
    assert "other/docs/_build/keep.txt" in paths
    for gone in ("docs/_build", "src/a/b/x.o", "src/y.o", "m.pyc"):
        assert gone not in paths


def test_depth_limit_holds_and_is_reported(ws: Path) -> None:
    make_files(ws, "1/2/3/4/5/6/deep.txt", "top.txt", "1/2/mid.txt")
    (ws / "1" / "2" / "empty").mkdir()
    frame, report = scan(AccessPolicy(ws), limits=ScanLimits(max_depth=2))
    assert frame["path"].tolist() == ["1", "1/2", "top.txt"]
    assert frame["depth"].max() == 2
    assert report.truncated and report.limit == "max_depth"
    assert report.left_out == 1  # 1/2 has entries and was not entered
    assert "max_depth" in str(report)
    frame, report = scan(AccessPolicy(ws), limits=ScanLimits(max_depth=3))
    assert "1/2/mid.txt" in frame["path"].tolist()
    assert report.left_out == 1  # 1/2/3 (1/2/empty has nothing to leave out)


def test_deep_tree_does_not_hit_recursion_limits(ws: Path) -> None:
    deep = ws.joinpath(*["d"] * 150)
    deep.mkdir(parents=True)
    (deep / "bottom.txt").write_text("x", encoding="utf-8")
    frame, report = scan(AccessPolicy(ws), limits=ScanLimits(max_depth=1000))
    assert frame["depth"].max() == 151
    assert frame["path"].iloc[-1].endswith("/d/bottom.txt")
    assert not report.truncated


def test_max_files_holds_and_reports_left_out(ws: Path) -> None:
    make_files(ws, *[f"f{i:03d}.txt" for i in range(120)], "sub/a.txt")
    frame, report = scan(AccessPolicy(ws), limits=ScanLimits(max_files=50), progress_every=30)
    assert len(frame) == 50
    assert report.truncated and report.limit == "max_files"
    assert report.entries == 50
    assert report.left_out == 121 - 50
    assert "cut at max_files=50 (about 71 left out)" in str(report)


def test_max_files_exactly_reached_is_not_truncated(ws: Path) -> None:
    make_files(ws, "a.txt", "b.txt", "c.txt")
    frame, report = scan(AccessPolicy(ws), limits=ScanLimits(max_files=3))
    assert len(frame) == 3 and not report.truncated


def test_breadth_first_keeps_the_top_when_cut(ws: Path) -> None:
    make_files(ws, *[f"aaa/deep/f{i}.txt" for i in range(30)], "zzz.txt")
    paths, report = scan_paths(ws, limits=ScanLimits(max_files=5))
    assert "zzz.txt" in paths and "aaa" in paths
    assert report.truncated


def test_chinese_and_space_names(ws: Path) -> None:
    make_files(ws, "文档/使用指南.md", "design notes.md", "数据 目录/表 1.csv")
    frame, _ = scan(AccessPolicy(ws))
    assert frame["path"].tolist() == [
        "design notes.md", "数据 目录", "数据 目录/表 1.csv", "文档", "文档/使用指南.md",
    ]  # fmt: skip
    row = frame.set_index("path").loc["文档/使用指南.md"]
    assert row["name"] == "使用指南.md" and row["suffix"] == ".md" and bool(row["is_text"])


def test_symlinks_recorded_not_followed(ws: Path, tmp_path: Path) -> None:
    make_files(ws, "real/inside.txt", "file.txt")
    outside = tmp_path / "outside"
    make_files(outside, "secret.txt", "more/deep.txt")
    make_link(ws / "link_file", ws / "file.txt")
    make_link(ws / "link_dir", ws / "real", is_dir=True)
    make_link(ws / "link_out", outside, is_dir=True)
    make_link(ws / "link_out_file", outside / "secret.txt")
    frame, report = scan(AccessPolicy(ws))
    paths = frame["path"].tolist()
    assert not any("secret" in p or "deep" in p for p in paths)
    assert "link_dir/inside.txt" not in paths
    links = frame[frame["is_symlink"]]
    assert sorted(links["path"]) == ["link_dir", "link_file", "link_out", "link_out_file"]
    assert not links["is_dir"].any()
    assert (links["size"] == 0).all()
    assert not links["is_text"].any()
    assert report.symlinks == 4
    assert "4 symlinks not followed" in str(report)


def test_dangling_link_and_loop_do_not_crash(ws: Path) -> None:
    make_files(ws, "a/x.txt")
    make_link(ws / "dangling", ws / "nowhere")
    make_link(ws / "a" / "loop", ws / "a", is_dir=True)
    make_link(ws / "self", ws / "self")
    frame, report = scan(AccessPolicy(ws))
    assert sorted(frame.loc[frame["is_symlink"], "path"]) == ["a/loop", "dangling", "self"]
    assert report.symlinks == 3


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_fifo_is_skipped(ws: Path) -> None:
    make_files(ws, "a.txt")
    os.mkfifo(ws / "pipe")
    paths, report = scan_paths(ws)
    assert paths == ["a.txt"]
    assert report.special == 1


def test_progress_called_with_increasing_counts(ws: Path) -> None:
    make_files(ws, *[f"d{i % 4}/f{i}.txt" for i in range(55)])
    seen: list[int] = []
    frame, _ = scan(AccessPolicy(ws), progress=seen.append, progress_every=10)
    assert len(seen) >= 5
    assert seen == sorted(seen)
    assert seen[-1] == len(frame) == 59
    assert all(count > 0 for count in seen)


def test_progress_called_once_for_empty_workspace(ws: Path) -> None:
    seen: list[int] = []
    scan(AccessPolicy(ws), progress=seen.append)
    assert seen == [0]


def test_workspace_opened_through_symlinked_root(ws: Path, tmp_path: Path) -> None:
    make_files(ws, "src/main.cpp")
    alias = tmp_path / "alias"
    make_link(alias, ws, is_dir=True)
    frame, _ = scan(AccessPolicy(alias))
    assert frame["path"].tolist() == ["src", "src/main.cpp"]


def test_bad_limits_are_refused() -> None:
    with pytest.raises(UsageError, match="max_depth"):
        ScanLimits(max_depth=0)
    with pytest.raises(UsageError, match="max_files"):
        ScanLimits(max_files=-1)


def test_bad_progress_every_is_refused(ws: Path) -> None:
    with pytest.raises(UsageError, match="progress_every"):
        scan(AccessPolicy(ws), progress_every=0)


def test_broken_gitignore_pattern_is_skipped(ws: Path) -> None:
    (ws / ".gitignore").write_text("*.log\n\\\n", encoding="utf-8")
    make_files(ws, "a.log", "b.txt")
    paths, _ = scan_paths(ws)
    assert paths == [".gitignore", "b.txt"]


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0, reason="root reads everything")
def test_unreadable_folder_is_counted(ws: Path) -> None:
    make_files(ws, "locked/a.txt", "open/b.txt")
    (ws / "locked").chmod(0)
    try:
        paths, report = scan_paths(ws)
    finally:
        (ws / "locked").chmod(0o755)
    assert "locked" in paths and "open/b.txt" in paths
    assert report.unreadable == 1


def test_gitignore_agrees_with_pathspec_on_every_entry(ws: Path) -> None:
    """The quick pre-check never changes an answer: compare with a plain pathspec walk."""
    import pathspec

    lines = [
        "*.log", "!keep.log", "tmp/", "/only_root.txt", "docs/_build/", "**/gen/*.c",
        "*.py[cod]", "a?c.txt", "[Bb]in/", "\\#hash.txt", "*~", ".DS_Store", "x/*/y.txt",
        "**/deep/**", "!deep/keep.me", "/*.bak", "Makefile",
    ]  # fmt: skip
    (ws / ".gitignore").write_text("\n".join(lines) + "\n", encoding="utf-8")
    names = [
        "a.log", "keep.log", "tmp/t.txt", "sub/tmp/t.txt", "only_root.txt", "sub/only_root.txt",
        "docs/_build/i.html", "sub/docs/_build/i.html", "gen/a.c", "s/gen/b.c", "s/gen/b.h",
        "m.pyc", "m.pyo", "m.py", "abc.txt", "ac.txt", "bin/x", "Bin/y", "sub/bin/z",
        "#hash.txt", "notes.txt~", ".DS_Store", "sub/.DS_Store", "x/q/y.txt", "x/q/r/y.txt",
        "deep/keep.me", "deep/other.txt", "a/deep/b.txt", "r.bak", "sub/r.bak", "Makefile",
        "sub/Makefile", "plain.txt", "sub/plain.c", "other/tmp", "sub/tmpx/u.txt",
    ]  # fmt: skip
    make_files(ws, *names)
    spec = pathspec.GitIgnoreSpec.from_lines(lines)
    expected: list[str] = []
    stack = [""]
    while stack:
        prefix = stack.pop()
        for entry in os.scandir(ws / prefix if prefix else ws):
            path = prefix + entry.name
            if entry.is_dir(follow_symlinks=False):
                if entry.name.startswith(".") or spec.match_file(path + "/"):
                    continue
                stack.append(path + "/")
            elif spec.match_file(path):
                continue
            expected.append(path)
    paths, _ = scan_paths(ws)
    assert paths == sorted(expected)
    assert "keep.log" in paths and "a.log" not in paths and "deep/keep.me" not in paths
