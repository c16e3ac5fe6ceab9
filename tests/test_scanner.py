"""The scanner on real trees: skips, order, limits, links, special files, dtypes.

.gitignore handling has its own tests in test_gitignore.py.
"""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd
import pytest
from helpers import make_files, scan_paths

from wsnb.errors import UsageError
from wsnb.fileindex.scanner import FILE_COLUMNS, SKIP_DIRS, ScanLimits, empty_frame, scan
from wsnb.policy.access import AccessPolicy
from wsnb.policy.names import is_text_name


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


@pytest.mark.parametrize("every", [7, 50, 500])
def test_progress_comes_in_bounded_steps_and_ends_with_the_count(ws: Path, every: int) -> None:
    """Reports at most two steps apart, and last with the final count, files left out or not.

    Files a name glob of .gitignore ignores are found in bulk at each report,
    so the counts never go back when they are taken out.
    """
    (ws / ".gitignore").write_text("*.log\n", encoding="utf-8")
    make_files(ws, *[f"d{i % 13}/s{i % 5}/f{i}.{'log' if i % 3 else 'txt'}" for i in range(1200)])
    make_files(ws, *[f"big/f{i}.{'log' if i % 2 else 'txt'}" for i in range(700)])
    seen: list[int] = []
    frame, report = scan(AccessPolicy(ws), progress=seen.append, progress_every=every)
    assert seen == sorted(seen) and seen[-1] == len(frame) == report.entries
    steps = [after - before for before, after in zip([0, *seen], seen, strict=False)]
    assert max(steps) <= 2 * every
    assert len(seen) >= report.entries // (2 * every)
    assert report.ignored == 800 + 350
    assert not frame["name"].str.endswith(".log").any()


def test_max_files_counts_only_what_gitignore_keeps(ws: Path) -> None:
    (ws / ".gitignore").write_text("*.log\n", encoding="utf-8")
    make_files(ws, *[f"f{i:03d}.{'log' if i % 2 else 'txt'}" for i in range(120)])
    frame, report = scan(AccessPolicy(ws), limits=ScanLimits(max_files=40), progress_every=16)
    assert len(frame) == 40 and report.truncated and report.limit == "max_files"
    assert frame["name"].tolist() == [".gitignore"] + [f"f{i:03d}.txt" for i in range(0, 78, 2)]
    assert report.left_out >= 61 - 40  # "about": entries not listed yet were not matched


def test_max_files_reached_just_before_an_ignored_file(ws: Path) -> None:
    # The 3rd kept entry is followed by an ignored file of the same folder; the cut falls in
    # the next folder, and must not take that file's row from the folder before.
    (ws / ".gitignore").write_text("*.pyc\n", encoding="utf-8")
    make_files(ws, "a/1.py", "a/2.py", "a/x.pyc", "b/3.py", "b/4.py")
    frame, report = scan(AccessPolicy(ws), limits=ScanLimits(max_files=5))
    assert frame["path"].tolist() == [".gitignore", "a", "a/1.py", "a/2.py", "b"]
    assert report.truncated and report.limit == "max_files"


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


def test_path_order_when_names_start_alike(ws: Path) -> None:
    """A folder's rows sort where "name/" would, after siblings like "a-b" and "a.txt"."""
    make_files(
        ws, "a/x.txt", "a-/y.txt", "a-b.txt", "a.txt", "a!", "a b/z.txt", "A/q.txt", "a0/w",
        "ab/deep/er/f.txt", "ab.md", "a/b/c.txt", "a/b-c/d.txt", "a/b.c", "数据/表.csv", "Ω.md",
    )  # fmt: skip
    (ws / "a" / "empty").mkdir()
    paths, _ = scan_paths(ws)
    on_disk = sorted(str(path.relative_to(ws).as_posix()) for path in ws.rglob("*") if path != ws)
    assert paths == on_disk
    assert (
        paths.index("a")
        < paths.index("a-/y.txt")
        < paths.index("a.txt")
        < paths.index("a/b")
        < paths.index("a0")
    )


def test_depth_follows_the_path(ws: Path) -> None:
    make_files(ws, "a/b/c.txt", "a-b/d.txt", "top.txt")
    frame, _ = scan(AccessPolicy(ws))
    depths = dict(zip(frame["path"], frame["depth"], strict=True))
    assert depths == {"a": 1, "a-b": 1, "a-b/d.txt": 2, "a/b": 2, "a/b/c.txt": 3, "top.txt": 1}


def test_cut_keeps_the_first_names_of_the_folder(ws: Path) -> None:
    """Entries are taken in name order, so a cut scan is the same on every run."""
    make_files(ws, *[f"f{i:03d}.txt" for i in range(40)])
    paths, report = scan_paths(ws, limits=ScanLimits(max_files=25), progress_every=10)
    assert paths == [f"f{i:03d}.txt" for i in range(25)]
    assert report.left_out == 15


def test_suffix_and_is_text_follow_the_name_rules(ws: Path) -> None:
    """The frame's suffix and is_text agree with os.path.splitext and is_text_name."""
    names = [
        "README", "readme.png", "LICENSE-MIT", "ChangeLog.bin", "Makefile", "makefile.bak",
        "CMakeLists.txt", ".gitignore", ".bashrc", "..x", ".env.example", "x.PY", "a.",
        "notes.TXT", "data.bin", "photo.JPG", "Dockerfile", "no_suffix", "ΣΑΣ.Md", "x.\u212ats",
        "archive.tar.gz", "todo", "TODO.later", "a..b",
    ]  # fmt: skip
    make_files(ws, *names)
    (ws / "folder.txt").mkdir()
    frame, _ = scan(AccessPolicy(ws))
    rows = frame.set_index("name")
    for name in names:
        assert rows.loc[name, "suffix"] == os.path.splitext(name)[1].lower(), name
        assert bool(rows.loc[name, "is_text"]) == is_text_name(name), name
    assert rows.loc["folder.txt", "suffix"] == "" and not rows.loc["folder.txt", "is_text"]


def test_hidden_symlink_is_hidden_and_a_link(ws: Path) -> None:
    make_files(ws, "target.txt")
    make_link(ws / ".link", ws / "target.txt")
    frame, _ = scan(AccessPolicy(ws))
    row = frame.set_index("path").loc[".link"]
    assert bool(row["is_hidden"]) and bool(row["is_symlink"])
    assert not bool(row["is_dir"]) and row["size"] == 0 and row["suffix"] == ""


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc/self/fd")
def test_no_folder_is_left_open(ws: Path) -> None:
    """Folders are listed by descriptor; every one is closed, also when a scan is cut short."""
    make_files(ws, *[f"d{i}/e{j}/f.txt" for i in range(5) for j in range(5)])

    def open_count() -> int:
        return len(os.listdir("/proc/self/fd"))

    before = open_count()
    scan(AccessPolicy(ws))
    assert open_count() == before

    def stop(count: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        scan(AccessPolicy(ws), progress=stop, progress_every=3)
    assert open_count() == before


@pytest.mark.skipif(
    os.scandir not in os.supports_fd or not hasattr(os, "O_NOFOLLOW"),
    reason="folders are listed by path here, which follows a link swapped in",
)
def test_folder_replaced_by_a_link_is_not_followed(ws: Path, tmp_path: Path) -> None:
    """A folder swapped for a link before it is listed is counted unreadable, not entered."""
    make_files(ws, "a/x.txt", "b/y.txt")
    outside = tmp_path / "outside"
    make_files(outside, "secret.txt")

    def swap(count: int) -> None:  # once the root's entries are recorded, b/ is queued
        if count >= 2 and not (ws / "b").is_symlink():
            (ws / "b" / "y.txt").unlink()
            (ws / "b").rmdir()
            make_link(ws / "b", outside, is_dir=True)

    frame, report = scan(AccessPolicy(ws), progress=swap, progress_every=1)
    assert not any("secret" in path for path in frame["path"])
    assert report.unreadable == 1
