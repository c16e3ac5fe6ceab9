"""The chat answers what the index knows: kinds, sizes, times, a folder, counts, and shows the
one line of Python that gives the same rows (each line is run here and compared).

Two workspaces of real files: the sample, and a "rows workspace" of 120 numbered files
(row_001 ... row_120) of six kinds, growing sizes and times three hours apart, read by a
workspace whose clock is fixed, so "today" and "this week" are known days.
"""

from __future__ import annotations

import os
import time
from datetime import datetime, timedelta

import pandas as pd
import pytest

import wsnb
from wsnb.agent import Agent, Reply

NOW = datetime(2025, 3, 12, 15, 0)  # a Wednesday afternoon
KINDS = (".py", ".json", ".yaml", ".md", ".csv", ".log")


def row_name(i: int) -> str:
    folder = "group_a" if i % 2 else "group_b"
    return f"{folder}/row_{i:03}{KINDS[i % len(KINDS)]}"


def row_time(i: int) -> datetime:
    return NOW - timedelta(hours=3 * i)


@pytest.fixture(scope="module")
def rows(tmp_path_factory: pytest.TempPathFactory) -> wsnb.Workspace:
    root = tmp_path_factory.mktemp("rows")
    for i in range(1, 121):
        path = root / row_name(i)
        path.parent.mkdir(exist_ok=True)
        path.write_text(f"row {i}\n" + "x" * (i * 100), encoding="utf-8")
        stamp = time.mktime(row_time(i).timetuple())
        os.utime(path, (stamp, stamp))
    ws = wsnb.open_workspace(root, clock=lambda: NOW.astimezone(), watch=False)
    ws._agent = Agent(ws, environ={})
    return ws


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> wsnb.Workspace:
    ws = wsnb.open_workspace(wsnb.copy_sample_workspace(tmp_path_factory.mktemp("s") / "s"),
                             watch=False)  # fmt: skip
    ws._agent = Agent(ws, environ={})
    return ws


def the_line_gives_the_rows(ws: wsnb.Workspace, reply: Reply) -> None:
    """The reply's Python line, run, gives the reply's table (or its count)."""
    assert reply.python, reply.text
    result = eval(reply.python, {"ws": ws})  # the line a person would type
    assert reply.table is not None
    if isinstance(result, int):
        assert result == len(reply.table)
        assert f"{result:,}" in reply.text
    else:
        pd.testing.assert_frame_equal(result, reply.table)
    assert reply.python in reply.plain()  # shown under the table


def paths(reply: Reply) -> list[str]:
    assert reply.table is not None, reply.text
    return list(reply.table["path"])


def expected(test: object) -> list[str]:
    return [row_name(i) for i in range(1, 121) if test(i)]  # type: ignore[operator]


# -- kinds ---------------------------------------------------------------------------------


@pytest.mark.parametrize("message", ["show me the json files", "列出所有 json 文件",
                                     "which files are JSON?", "json 文件有哪些"])  # fmt: skip
def test_a_kind_lists_every_file_of_it(rows: wsnb.Workspace, message: str) -> None:
    reply = rows.ask(message)
    assert sorted(paths(reply)) == sorted(expected(lambda i: i % 6 == 1))
    the_line_gives_the_rows(rows, reply)
    assert reply.lang == ("zh" if "文件" in message else "en")


def test_kinds_on_the_sample(sample: wsnb.Workspace) -> None:
    assert paths(sample.ask("show me the yaml files")) == ["config/app.yaml"]
    images = sample.ask("列出所有图片")
    assert paths(images) == ["assets/logo.png"] and images.lang == "zh"
    assert "图片" in images.text.splitlines()[0]
    the_line_gives_the_rows(sample, images)
    headers = sample.ask("src 下所有的头文件")
    assert paths(headers) == ["src/widget.h"]
    the_line_gives_the_rows(sample, headers)


def test_a_kind_word_alone_is_still_a_name(sample: wsnb.Workspace) -> None:
    # "search log" looks for names; "read logs/run.txt" reads a path
    assert sample.ask("search README").python == 'ws.find("README")'


# -- sizes ---------------------------------------------------------------------------------


def test_the_largest_and_smallest(rows: wsnb.Workspace, sample: wsnb.Workspace) -> None:
    largest = rows.ask("the 5 largest files")
    assert paths(largest) == [row_name(i) for i in range(120, 115, -1)]
    the_line_gives_the_rows(rows, largest)
    smallest = rows.ask("最小的三个文件")
    assert paths(smallest) == [row_name(i) for i in (1, 2, 3)]
    assert smallest.lang == "zh"
    the_line_gives_the_rows(rows, smallest)
    one = sample.ask("which file is the largest")  # "large.txt" is no name asked for
    assert paths(one) == ["data/large.txt"]
    the_line_gives_the_rows(sample, one)


def test_over_and_under_a_size(rows: wsnb.Workspace) -> None:
    over = rows.ask("python files over 10 KB")
    assert sorted(paths(over)) == sorted(expected(lambda i: i % 6 == 0 and 100 * i + 7 > 10240))
    the_line_gives_the_rows(rows, over)
    under = rows.ask("group_a 下小于 1KB 的文件")
    assert sorted(paths(under)) == sorted(
        expected(lambda i: i % 2 and len(f"row {i}\n") + 100 * i < 1024))
    the_line_gives_the_rows(rows, under)


# -- times ---------------------------------------------------------------------------------


def test_changed_today_this_week_and_since(rows: wsnb.Workspace) -> None:
    today = rows.ask("what changed today")
    assert sorted(paths(today)) == sorted(expected(lambda i: row_time(i).date() == NOW.date()))
    the_line_gives_the_rows(rows, today)
    week = rows.ask("这周改过哪些文件")
    monday = datetime(2025, 3, 10)
    assert sorted(paths(week)) == sorted(expected(lambda i: row_time(i) >= monday))
    assert week.lang == "zh"
    the_line_gives_the_rows(rows, week)
    since = rows.ask("files changed since 2025-03-05")
    assert sorted(paths(since)) == sorted(expected(lambda i: row_time(i) >= datetime(2025, 3, 5)))
    the_line_gives_the_rows(rows, since)


def test_newest_and_oldest(rows: wsnb.Workspace) -> None:
    newest = rows.ask("最近修改的 4 个文件")
    assert paths(newest) == [row_name(i) for i in (1, 2, 3, 4)]
    the_line_gives_the_rows(rows, newest)
    oldest = rows.ask("the oldest yaml file")
    assert paths(oldest) == [row_name(116)]
    the_line_gives_the_rows(rows, oldest)


def test_a_time_that_is_not_about_files_is_no_question(rows: wsnb.Workspace) -> None:
    assert rows.ask("what's the usd to cny rate today?").table is None


# -- counts and the python line elsewhere ----------------------------------------------------


def test_counts(rows: wsnb.Workspace) -> None:
    count = rows.ask("how many yaml files are in group_b")
    assert "20" in count.text and count.python.startswith("len(")
    the_line_gives_the_rows(rows, count)
    zh = rows.ask("group_a 里有几个 markdown 文件")
    assert "20" in zh.text and zh.lang == "zh"
    the_line_gives_the_rows(rows, zh)


def test_the_line_runs_for_searches_and_listings(sample: wsnb.Workspace) -> None:
    for message in ("search widget", "which files mention greeting", "list src",
                    "搜索 README", "哪些文件提到了 greeting"):  # fmt: skip
        reply = sample.ask(message)
        assert reply.python and reply.table is not None, message
        result = eval(reply.python, {"ws": sample})
        column = "path" if "path" in reply.table else "name"
        assert list(dict.fromkeys(result[column])) == list(reply.table[column]), message
        assert reply.python in reply.plain()
