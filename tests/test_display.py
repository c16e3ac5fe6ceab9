"""Printed tables for people: left-aligned trees and code, sizes and times readable, data exact."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

import wsnb
import wsnb.i18n
from wsnb.display import ReadableFrame, readable


def _ws(tmp_path: Path) -> wsnb.Workspace:
    return wsnb.open_workspace(wsnb.copy_sample_workspace(tmp_path / "sample"))


def test_a_tree_prints_its_branches_left_aligned(tmp_path: Path) -> None:
    tree = _ws(tmp_path).tree(depth=2)
    assert isinstance(tree, ReadableFrame)
    lines = repr(tree).splitlines()
    column = lines[0].index("tree")
    assert all(line[column] in "├│└" for line in lines[1:])  # every branch starts in one column
    row = next(line for line in lines if "app/main.py" in line)
    assert "│   ├── main.py" in row and "622 bytes" in row
    assert tree["size"].dtype == "int64" and int(tree.loc[1, "size"]) == 622  # bytes kept


def test_grep_lines_print_left_aligned_and_keep_their_text(tmp_path: Path) -> None:
    hits = _ws(tmp_path).grep("def ")
    lines = repr(hits).splitlines()
    header = lines[0]
    text_column = header.index("text")
    assert all(line[text_column:].startswith(("def ", "0")) for line in lines[1:]
               if line.strip() and not line.startswith("Note"))  # fmt: skip
    assert hits["text"].iloc[0].startswith("def ")
    selected = hits[["path", "text"]]
    assert isinstance(selected, ReadableFrame)  # a column pick still prints the same way


def test_times_print_to_the_minute_and_stay_datetimes(tmp_path: Path) -> None:
    found = readable(_ws(tmp_path).find("main"), left=["path"])
    text = repr(found)
    stamp = found["modified"].iloc[0].strftime("%Y-%m-%d %H:%M")
    assert stamp in text and found["modified"].iloc[0].strftime("%S.%f") not in text
    assert pd.api.types.is_datetime64_any_dtype(found["modified"])
    html = found._repr_html_()
    assert html is not None and stamp in html and "622 bytes" in html


def test_a_long_frame_says_how_many_rows_are_not_printed() -> None:
    frame = readable(pd.DataFrame({"path": [f"f{i}.txt" for i in range(100)],
                                   "size": range(100)}), left=["path"])  # fmt: skip
    with pd.option_context("display.max_rows", 10):
        text = repr(frame)
        html = frame._repr_html_()
    assert "90 more rows (100 rows x 2 columns)" in text
    assert html is not None and "90 more rows" in html and "text-align: left" in html


def test_a_search_that_finds_nothing_says_so_in_a_sentence(tmp_path: Path) -> None:
    ws = _ws(tmp_path)
    hits = ws.grep("TODO-nowhere")
    searched = int(hits.attrs["files_scanned"])
    sentence = f"No line matches 'TODO-nowhere' in {searched:,} text files."
    assert searched > 1 and repr(hits).startswith(sentence)
    assert "Columns:" not in repr(hits)
    html = hits._repr_html_()
    assert html is not None and sentence.replace("'", "&#x27;") in html and "<table" not in html
    assert "No file or folder name matches 'zzqx'." in repr(ws.find("zzqx"))
    with wsnb.i18n.using_language("zh"):
        assert "没有一行匹配" in repr(ws.grep("TODO-nowhere"))


def test_an_empty_folder_says_it_is_empty_and_a_filtered_answer_stays_a_table(
        tmp_path: Path) -> None:  # fmt: skip
    ws = _ws(tmp_path)
    (ws.root / "empty").mkdir()
    assert repr(ws.ls("empty")).startswith("empty is empty: no file or folder in it.")
    hits = ws.grep("def ")
    none_left = hits[hits["path"] == "nowhere"]
    assert none_left.empty and "No line matches" not in repr(none_left)


def test_files_find_and_ls_print_times_to_the_minute_not_the_nanosecond(tmp_path: Path) -> None:
    ws = _ws(tmp_path)
    for frame in (ws.files, ws.find("main"), ws.ls("src")):
        text = repr(frame)
        stamp = frame["modified"].iloc[0]
        assert stamp.strftime("%Y-%m-%d %H:%M") in text and stamp.strftime("%S.%f") not in text
        assert pd.api.types.is_datetime64_any_dtype(frame["modified"])  # the data keeps them


def test_history_reads_in_local_time_to_the_second_with_one_blank_for_missing(
        tmp_path: Path) -> None:  # fmt: skip
    ws = _ws(tmp_path)
    assert repr(ws.history).startswith("No change yet")
    ws.create_file("notes/a.md", "a\n").confirm()
    ws.create_folder("empty").confirm()
    history = ws.history
    text = repr(history)
    when = history["time"].iloc[0].to_pydatetime().astimezone()
    assert when.strftime("%Y-%m-%d %H:%M:%S") in text
    assert "+00:00" not in text and when.strftime("%S.%f") not in text
    assert "None" not in text and "NaN" not in text and "<NA>" not in text
    assert pd.api.types.is_datetime64_any_dtype(history["time"])
    assert "No plan waits" in repr(ws.pending)


def test_a_tree_leaves_a_folder_s_size_blank_and_counts_its_files(tmp_path: Path) -> None:
    tree = _ws(tmp_path).tree(depth=1)
    row = next(line for line in repr(tree).splitlines() if "├── app " in line)
    assert "bytes" not in row and row.rstrip().endswith("2")  # no size; its 2 files
    file_row = next(line for line in repr(tree).splitlines() if "README.md" in line)
    assert file_row.rstrip().endswith("779 bytes")  # a file: its size, no file count
    assert int(tree.loc[tree["path"] == "app", "size"].iloc[0]) >= 0  # data kept


def test_summary_lists_each_entry_point_once_and_says_what_its_share_counts(
        tmp_path: Path) -> None:  # fmt: skip
    summary = _ws(tmp_path).summary()
    points = summary.entry_points
    assert points["path"].is_unique
    reason = points.loc[points["path"] == "web/index.js", "reason"].iloc[0]
    assert "entry by name" in reason and "package.json" in reason
    assert "share of files" in repr(summary)
    with wsnb.i18n.using_language("zh"):
        assert "文件数占比" in repr(summary)


def test_an_empty_workspace_says_so_in_both_languages(tmp_path: Path) -> None:
    ws = wsnb.open_workspace(tmp_path, watch=False)
    for frame in (ws.files, ws.ls()):
        assert repr(frame).startswith("The workspace is empty: no file or folder in it yet.")
    with wsnb.i18n.using_language("zh"):
        assert "工作区是空的" in repr(ws.ls())
        assert "没有文件或文件夹的名称匹配" in repr(ws.find("nothing"))


def test_chinese_names_keep_the_columns_straight(tmp_path: Path) -> None:
    lines = repr(_ws(tmp_path).tree("docs")).splitlines()
    import unicodedata

    def width(text: str) -> int:
        return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)

    ends = {width(line[: line.index("docs/")]) for line in lines[1:]}
    assert len(ends) == 1, lines  # every path starts in one column, after wide names too
