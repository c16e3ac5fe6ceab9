"""What a reply shows a person: plain text without Markdown, tables in the reply's language."""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_sets import build_project

import wsnb
from wsnb.agent import Agent, Reply
from wsnb.agent.plaintext import markdown_plain, text_width


@pytest.fixture
def project(tmp_path: Path) -> wsnb.Workspace:
    ws = wsnb.open_workspace(build_project(tmp_path / "project"))
    ws._agent = Agent(ws, environ={})
    return ws


def test_plain_text_has_no_markdown_marks() -> None:
    text = ("# Overview\n\n**2 files** mention `PriceCache`.\n\n## Files\n\n"
            "| path | lines |\n|---|---:|\n| `shop/utils.py` | 12 |\n| docs/设计说明.md | 3 |\n\n"
            "```\ncode here\n```\n\n_A note in italics._")  # fmt: skip
    plain = Reply(text).plain()
    assert "**" not in plain and "`" not in plain and "|" not in plain and "_A" not in plain
    assert not any(line.startswith("#") for line in plain.splitlines())
    lines = plain.splitlines()
    assert lines[:2] == ["Overview", "========"] and "Files" in lines and "-----" in lines
    assert "2 files mention PriceCache." in lines and "    code here" in lines
    assert "A note in italics." in lines
    rows = [line for line in lines if line.startswith(("path", "shop/", "docs/"))]
    assert rows[1] == "shop/utils.py     12"  # padded to "docs/设计说明.md", 16 columns wide
    # the second column starts at the same terminal column in every row, Chinese or not
    assert {text_width(row) - text_width(row.split()[-1]) for row in rows} == {18}


def test_markdown_plain_keeps_code_as_it_is() -> None:
    assert markdown_plain("```\n**not bold** `x`\n```") == "    **not bold** `x`"


def test_a_chinese_reply_shows_chinese_headers_and_sizes(project: wsnb.Workspace) -> None:
    reply = project.ask("列出 docs")
    plain = reply.plain()
    header = plain.splitlines()[plain.splitlines().index(next(
        line for line in plain.splitlines() if line.startswith("#")))]  # fmt: skip
    assert header.split() == ["#", "名称", "文件夹", "大小"]
    assert "45 字节" in plain and "否" in plain
    assert "bytes" not in plain and "False" not in plain and "name" not in plain
    html = reply._html()
    assert "<th>名称</th>" in html and "<th>大小</th>" in html and "45 字节" in html
    # the data keeps its English columns and its bytes
    assert list(reply.table.columns) == ["name", "is_dir", "size"]  # type: ignore[union-attr]
    assert 45 in set(reply.table["size"])  # type: ignore[index]


def test_an_english_reply_shows_english_headers_and_readable_sizes(
    project: wsnb.Workspace,
) -> None:
    plain = project.ask("which files mention PriceCache").plain()
    assert "#  path                   matches  line  text" in plain
    listing = project.ask("list lib").plain()
    assert "51 bytes" in listing and "no" in listing.split() and "False" not in listing


def test_a_folder_shows_no_size(project: wsnb.Workspace) -> None:
    plain = project.ask("list").plain()
    docs = next(line for line in plain.splitlines() if " docs " in f" {line} ")
    assert docs.split()[-1] == "yes"  # a folder: no byte count after the flag


def test_the_labels_serve_a_styled_table_too(project: wsnb.Workspace) -> None:
    from wsnb.agent.shown import column_labels
    from wsnb.widgets.readable import styled

    reply = project.ask("列出 lib")
    assert reply.table is not None
    labels = column_labels(reply.table.columns, reply.lang)
    assert labels == ["名称", "文件夹", "大小"]
    page = styled(reply.table).relabel_index(labels, axis="columns").to_html()
    assert ">名称</th>" in page and ">大小</th>" in page and ">size</th>" not in page
