"""The facade on the bundled sample workspace: what a notebook user calls."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pandas as pd
import pytest

import wsnb
import wsnb.i18n
from wsnb.errors import PolicyError, UnsupportedFileError, UsageError, WorkspaceOpenError
from wsnb.types import Rule


def test_open_reports_root_mode_and_scan_state(ws: wsnb.Workspace, sample: Path) -> None:
    assert ws.root == Path(os.path.realpath(sample))
    assert ws.mode is wsnb.PermissionMode.CONFIRM
    assert "not scanned yet" in repr(ws)
    ws.files  # noqa: B018 - scanning is the point
    assert "entries" in repr(ws)


def test_open_refuses_bad_folders_and_modes(tmp_path: Path) -> None:
    with pytest.raises(WorkspaceOpenError, match="does not exist"):
        wsnb.open_workspace(tmp_path / "missing")
    with pytest.raises(WorkspaceOpenError):
        wsnb.open_workspace("/")
    (tmp_path / "ok").mkdir()
    with pytest.raises(UsageError, match="mode must be one of"):
        wsnb.open_workspace(tmp_path / "ok", mode="yolo")


def test_files_is_a_dataframe_with_the_index_columns(ws: wsnb.Workspace) -> None:
    files = ws.files
    assert list(files.columns) == ["path", "name", "suffix", "size", "modified", "is_dir",
                                   "is_text", "is_hidden", "is_symlink", "depth"]  # fmt: skip
    assert pd.api.types.is_datetime64_any_dtype(files["modified"])
    assert files["size"].dtype == "int64"
    paths = set(files["path"])
    assert {"README.md", "src/main.cpp", "docs/使用指南.md", "docs/design notes.md"} <= paths
    assert not any(p.startswith((".git/", "node_modules/", "build/")) for p in paths)
    assert "debug.log" not in paths  # ignored by the sample's .gitignore
    assert files.attrs["scan"].files > 10


def test_files_is_a_copy(ws: wsnb.Workspace) -> None:
    files = ws.files
    files.loc[:, "size"] = -1
    files.attrs["scan"] = None
    assert (ws.files["size"] >= 0).all()
    assert ws.files.attrs["scan"] is not None


def test_scan_reports_progress(ws: wsnb.Workspace) -> None:
    seen: list[int] = []
    report = ws.scan(progress=seen.append)
    assert seen and seen[-1] == report.entries
    assert seen == sorted(seen)


def test_ls_lists_one_folder_folders_first(ws: wsnb.Workspace) -> None:
    top = ws.ls()
    assert top["is_dir"].tolist() == sorted(top["is_dir"].tolist(), reverse=True)
    assert {"src", "README.md", ".git", ".env"} <= set(top["name"])
    src = ws.ls("src")
    assert set(src["path"]) >= {"src/main.cpp", "src/widget.h"}


def test_ls_refuses_outside_and_files(ws: wsnb.Workspace) -> None:
    with pytest.raises(PolicyError) as info:
        ws.ls("..")
    assert info.value.rule is Rule.OUTSIDE
    with pytest.raises(PolicyError, match="not a folder"):
        ws.ls("README.md")


def test_find_ranks_and_limits(ws: wsnb.Workspace) -> None:
    found = ws.find("main")
    assert found["name"].iloc[0].startswith("main.")
    assert len(ws.find(".cpp")) >= 2
    assert set(ws.find(".cpp")["suffix"]) == {".cpp"}
    assert ws.find("README")["path"].iloc[0] == "README.md"
    assert ws.find("使用")["path"].iloc[0] == "docs/使用指南.md"
    assert ws.find("no-such-file-anywhere").empty
    with pytest.raises(UsageError):
        ws.find("")
    assert len(ws.find(".cpp", limit=1)) == 1
    everything = ws.find("a", limit=None)  # a person may ask for every match
    assert len(everything) == everything.attrs["total_matches"] > 3
    # Whole: the note only names the sensitive file found, and how to read it on purpose.
    assert "showing" not in everything.attrs["note"]
    assert everything.attrs["sensitive"] == ["id_rsa"]
    assert "id_rsa (private-key)" in everything.attrs["note"] and "confirm=" in repr(everything)
    cut = ws.find("a", limit=3)
    assert len(cut) == 3 and "limit=None" in cut.attrs["note"]
    assert "limit=None" in repr(cut)
    with pytest.raises(UsageError, match="limit"):
        ws.find("main", limit=0)


def test_grep_finds_text_and_reports_skips(ws: wsnb.Workspace) -> None:
    hits = ws.grep("include")
    assert list(hits.columns) == ["path", "line", "column", "text", "cell"]
    assert hits["cell"].isna().all()  # no notebook in the sample: no row has a cell
    assert "src/main.cpp" in set(hits["path"])
    assert all("include" in text.lower() for text in hits["text"])
    chinese = ws.grep("工作区", max_bytes=128 * 1024)
    assert "docs/使用指南.md" in set(chinese["path"])
    assert "data/large.txt" in chinese.attrs["skipped_large"]
    assert chinese.attrs["files_skipped_size"] >= 1
    assert "1 too big" in chinese.attrs["note"]
    whole = ws.grep("工作区")  # a person's default searches files up to 4 MiB
    assert whole.attrs["files_skipped_size"] == 0
    assert whole.attrs["files_not_scanned"] == 0
    assert ws.grep("sample-not-a-real-key").empty  # the value in .env is never searched


def test_read_returns_text_with_its_encoding(ws: wsnb.Workspace) -> None:
    doc = ws.read("src/main.cpp")
    assert isinstance(doc, wsnb.FileText)
    assert "#include" in doc.text and str(doc) == doc.text
    assert doc.encoding == "utf-8" and not doc.truncated
    gbk = ws.read("docs/说明_gbk.txt")
    assert gbk.encoding == "gb18030"
    assert "说明" in gbk.text or "中文" in gbk.text
    whole = ws.read("data/large.txt")  # a person reads whole files up to 16 MiB
    assert not whole.truncated and len(whole.text.encode("utf-8")) >= whole.size - 1024
    big = ws.read("data/large.txt", max_bytes=128 * 1024)
    assert big.truncated and big.size > 128 * 1024
    assert big.cut_note().endswith("pass a larger max_bytes to read more")
    assert "Note: data/large.txt: showing the first 131,072 bytes" in repr(big)


@pytest.mark.parametrize(
    ("path", "error", "rule"),
    [
        (".env", PolicyError, Rule.SENSITIVE),
        ("id_rsa", PolicyError, Rule.SENSITIVE),
        ("../outside.txt", PolicyError, Rule.OUTSIDE),
        ("/etc/passwd", PolicyError, Rule.OUTSIDE),
        ("assets/logo.png", UnsupportedFileError, None),
        ("assets/data.bin", UnsupportedFileError, None),
    ],
)
def test_read_refusals(
    ws: wsnb.Workspace, path: str, error: type[Exception], rule: Rule | None
) -> None:
    with pytest.raises(error) as info:
        ws.read(path)
    assert str(info.value).endswith(".")
    if rule is not None:
        assert info.value.rule is rule  # type: ignore[attr-defined]


def test_read_refuses_an_executable(ws: wsnb.Workspace) -> None:
    (ws.root / "tool.exe").write_bytes(b"MZ\x90\x00")
    with pytest.raises(PolicyError) as info:
        ws.read("tool.exe")
    assert info.value.rule is Rule.DANGEROUS_SUFFIX


def test_tree_is_a_readable_dataframe(ws: wsnb.Workspace) -> None:
    tree = ws.tree(depth=1)
    assert list(tree.columns) == ["tree", "path", "is_dir", "size", "files"]
    assert all("/" not in p for p in tree["path"])
    assert tree["tree"].str.contains("── ").all()
    src = ws.tree("src", depth=2)
    assert set(src["path"]) >= {"src/main.cpp"}
    assert ws.tree(depth=1).set_index("path").loc["src", "files"] >= 3
    with pytest.raises(UsageError):
        ws.tree(depth=0)


def test_summary_reads_well(ws: wsnb.Workspace) -> None:
    summary = ws.summary()
    text = repr(summary)
    assert "C++" in text and "Python" in text
    assert "README.md" in text
    assert "src/main.cpp" in set(summary.entry_points["path"])


def test_logs_actions_but_never_contents(sample: Path, caplog: pytest.LogCaptureFixture) -> None:
    marker = "MARKER-7f3a-do-not-log"
    (sample / "notes.txt").write_text(f"line with {marker}\n")
    with caplog.at_level(logging.DEBUG, logger="wsnb"):
        ws = wsnb.open_workspace(sample)
        ws.read("notes.txt")
        ws.grep(marker)
        ws.find("notes")
        with pytest.raises(PolicyError):
            ws.read(".env")
    assert "workspace opened" in caplog.text
    assert marker not in caplog.text
    assert "sample-not-a-real-key" not in caplog.text


def test_a_confirmed_change_refreshes_the_index(ws: wsnb.Workspace) -> None:
    assert "notes/todo.md" not in set(ws.files["path"])
    plan = ws.create_file("notes/todo.md", "# To do\n")
    assert "notes/todo.md" not in set(ws.files["path"])  # a plan changes nothing
    plan.confirm()
    assert "notes/todo.md" in set(ws.files["path"])
    assert ws.find("todo")["path"].iloc[0] == "notes/todo.md"


def test_ls_has_the_index_columns_and_flags_links(ws: wsnb.Workspace) -> None:
    target = ws.root / "README.md"
    try:
        os.symlink(target, ws.root / "readme-link")
    except OSError as exc:
        pytest.skip(f"symlinks can't be made here: {exc}")
    top = ws.ls()
    assert list(top.columns) == list(ws.files.columns)
    assert top.dtypes.to_dict() == ws.files.dtypes.to_dict()
    link = top.set_index("name").loc["readme-link"]
    assert bool(link["is_symlink"]) and not bool(link["is_text"]) and link["size"] == 0
    assert top.attrs["total"] == len(top) and not top.attrs["truncated"]


def test_ls_lists_a_whole_folder_and_says_when_a_limit_cuts(ws: wsnb.Workspace) -> None:
    many = ws.root / "many"
    many.mkdir()
    for i in range(205):
        (many / f"f{i:03}.txt").write_text("x")
    listed = ws.ls("many")
    assert len(listed) == 205
    kept = {key: listed.attrs[key] for key in ("folder", "total", "truncated", "note")}
    assert kept == {"folder": "many", "total": 205, "truncated": False, "note": ""}
    cut = ws.ls("many", limit=200)
    assert len(cut) == 200 and cut.attrs["truncated"] is True
    assert cut.attrs["note"] == "showing 200 of 205 entries of many; pass limit=None for all"
    assert repr(cut).endswith(cut.attrs["note"])


def test_info_describes_one_entry_from_disk(ws: wsnb.Workspace) -> None:
    info = ws.info("src/main.cpp")
    assert isinstance(info, wsnb.FileInfo)
    assert (info.path, info.name, info.suffix, info.is_text, info.depth) == (
        "src/main.cpp", "main.cpp", ".cpp", True, 2,
    )
    assert info.size == (ws.root / "src" / "main.cpp").stat().st_size
    assert ws.info("src").is_dir
    with pytest.raises(wsnb.NotFoundError, match="does not exist"):
        ws.info("src/missing.cpp")
    with pytest.raises(PolicyError):
        ws.info("../x")


def test_a_person_scans_whole_projects_and_a_cut_scan_says_so_under_the_files(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from wsnb import ScanLimits

    root = tmp_path / "deep"
    deep = root.joinpath(*[f"d{i}" for i in range(12)])  # deeper than the design's 8
    deep.mkdir(parents=True)
    (deep / "leaf.txt").write_text("x\n", encoding="utf-8")
    whole = wsnb.open_workspace(root).files
    assert whole.attrs["note"] == "" and "leaf.txt" in set(whole["name"])
    assert ScanLimits.for_model() == ScanLimits(max_depth=8, max_files=5000)

    cut_ws = wsnb.open_workspace(root, limits=ScanLimits(max_files=5))
    with caplog.at_level("WARNING", logger="wsnb"):
        cut = cut_ws.files
        again = cut_ws.files
    assert len(cut) == 5 and len(again) == 5
    assert "the scan stopped at max_files=5" in cut.attrs["note"]
    assert "limits=wsnb.ScanLimits(max_files=20)" in repr(cut)  # on screen, not only in .attrs
    assert len([r for r in caplog.records if "max_files=5" in r.getMessage()]) == 1  # once


def test_the_explorer_has_one_name_and_the_old_one_still_works(tmp_path: Path) -> None:
    from wsnb.widgets.explorer import Explorer

    ws = wsnb.open_workspace(wsnb.copy_sample_workspace(tmp_path / "sample"))
    try:
        assert isinstance(ws.explorer(), Explorer)  # what people type, like ws.panel().explorer
        assert isinstance(ws.explore(), Explorer)  # the older name, kept
    finally:
        ws.close()


def test_a_near_miss_names_the_method_meant_in_both_languages(tmp_path: Path) -> None:
    ws = wsnb.open_workspace(tmp_path)
    with pytest.raises(AttributeError) as caught:
        ws.serch_panel()  # type: ignore[attr-defined]
    assert isinstance(caught.value, wsnb.WsnbError)
    assert "search_panel()" in str(caught.value) and "serch_panel" in str(caught.value)
    with wsnb.i18n.using_language("zh"):
        with pytest.raises(AttributeError, match="search_panel"):
            ws.serch_panel()  # type: ignore[attr-defined]
        with pytest.raises(AttributeError) as chinese:
            ws.qqqzzz  # type: ignore[attr-defined]  # noqa: B018
    assert "没有" in str(chinese.value) and "help(ws)" in str(chinese.value)
    # A plain look-up for a private or special name stays a plain, quick AttributeError.
    assert not hasattr(ws, "_repr_html_") and not hasattr(ws, "_ipython_canary_")


def test_a_property_that_fails_inside_shows_its_own_error(tmp_path: Path) -> None:
    class Broken(wsnb.Workspace):
        @property
        def files(self) -> pd.DataFrame:
            return self.missing_part  # type: ignore[attr-defined, no-any-return]

    ws = Broken(wsnb.AccessPolicy(tmp_path), watch=False)
    with pytest.raises(AttributeError, match="missing_part"):
        ws.files  # noqa: B018
