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
