"""A file named by what it is or by "it": descriptions, pronouns, unpadded numbers; and a change
asked for many items, refused with the one-item rule. Real files of the sample workspace and of
a workspace of numbered rows."""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_sets import disk_state

import wsnb
from wsnb.agent import Agent, Reply
from wsnb.agent.intents import FORBIDDEN_RULES
from wsnb.disk.launcher import Launcher
from wsnb.i18n import _


@pytest.fixture
def sample(tmp_path: Path) -> wsnb.Workspace:
    # A server's kernel, as JupyterLab usually runs: no desktop, so "open" shows the text.
    ws = wsnb.open_workspace(wsnb.copy_sample_workspace(tmp_path / "s"), watch=False,
                             launcher=Launcher(platform="linux", environ={}))  # fmt: skip
    ws._agent = Agent(ws, environ={})
    return ws


@pytest.fixture
def rows(tmp_path: Path) -> wsnb.Workspace:
    for i in range(1, 121):
        path = tmp_path / "rows" / f"row_{i:03}{('.txt', '.json', '.md')[i % 3]}"
        path.parent.mkdir(exist_ok=True)
        path.write_text(f"row {i}\n", encoding="utf-8")
    ws = wsnb.open_workspace(tmp_path / "rows", watch=False)
    ws._agent = Agent(ws, environ={})
    return ws


def opened(reply: Reply) -> str:
    """The file an "open" reply shows and offers in a JupyterLab tab (it makes no plan)."""
    assert reply.plans == [] and reply.files_read == [reply.lab_open]
    return reply.lab_open


def planned(reply: Reply) -> tuple[str, str]:
    [plan] = reply.plans
    where = plan.source or plan.target
    assert where is not None
    plan.cancel()
    return plan.action.value, where.relative


@pytest.mark.parametrize(("message", "path"), [
    ("read the CRLF file", "windows_notes.txt"),
    ("show me the file with Windows line endings", "windows_notes.txt"),
    ("看看 GBK 编码的文件", "docs/说明_gbk.txt"),
    ("read the GBK file", "docs/说明_gbk.txt"),
    ("show the C++ header", "src/widget.h"),
    ("看一下那个头文件", "src/widget.h"),
    ("read the json config", "config/settings.json"),
    ("show me the yaml file", "config/app.yaml"),
    ("read the test file", "tests/test_utils.py"),
    ("看看测试文件", "tests/test_utils.py"),
    ("read the Chinese doc", "docs/使用指南.md"),
    ("看看中文文档", "docs/使用指南.md"),
])  # fmt: skip
def test_a_description_reads_the_one_file_that_fits(sample: wsnb.Workspace, message: str,
                                                    path: str) -> None:  # fmt: skip
    reply = sample.ask(message)
    assert reply.files_read == [path], reply.text
    assert reply.lang == ("zh" if any("\u4e00" <= c <= "\u9fff" for c in message) else "en")


def test_a_description_makes_a_plan_for_the_file_it_names(sample: wsnb.Workspace) -> None:
    assert planned(sample.ask("delete the largest file")) == ("trash", "data/large.txt")
    assert planned(sample.ask("把 CRLF 的那个文件删了")) == ("trash", "windows_notes.txt")
    assert planned(sample.ask("rename the CRLF file to notes.txt")) == ("rename",
                                                                          "windows_notes.txt")


def test_several_that_fit_are_asked_about(sample: wsnb.Workspace) -> None:
    reply = sample.ask("where is the entry point")
    assert reply.table is not None and not reply.plans
    assert set(reply.table["path"]) == {"app/main.py", "src/main.cpp", "web/index.js"}
    assert "Which one?" in reply.text
    picked = sample.ask("read the second one")
    assert picked.files_read == ["src/main.cpp"]


def test_a_word_searched_for_is_no_description(sample: wsnb.Workspace) -> None:
    reply = sample.ask("look through the files for CR LF")
    assert reply.table is not None and "matches" in reply.table  # a text search


def test_it_is_the_last_file_read_listed_alone_or_planned(sample: wsnb.Workspace) -> None:
    sample.ask("read README.md")
    assert planned(sample.ask("ok now rename it to README.txt")) == ("rename", "README.md")
    sample.ask("show me the yaml files")  # one file listed alone
    assert sample.ask("read it").files_read == ["config/app.yaml"]
    planned(sample.ask("delete windows_notes.txt"))
    assert opened(sample.ask("actually just open it")) == "windows_notes.txt"
    sample.ask("读一下 README.md")
    assert planned(sample.ask("好的，把它改名为 a.md")) == ("rename", "README.md")
    sample.ask("read the CRLF file")
    assert opened(sample.ask("打开那个")) == "windows_notes.txt"


def test_a_number_without_its_padding_names_the_padded_file(rows: wsnb.Workspace) -> None:
    assert rows.ask("read row_7").files_read == ["row_007.json"]
    assert rows.ask("看看 row_42").files_read == ["row_042.txt"]
    assert planned(rows.ask("delete row_120")) == ("trash", "row_120.txt")


@pytest.mark.parametrize("message", [
    "delete the whole project", "把项目删了", "nuke everything in the repo",
    "删除整个工作区", "get rid of the entire codebase", "把所有 txt 文件名后面都加上 _old",
    "move every file in docs to app", "删除 src 里的所有文件", "trash everything but README.md",
    "把 docs 里的东西一股脑儿全删了", "rename all the markdown files",
    "copy all the json files to web",
])  # fmt: skip
def test_a_change_to_many_is_refused_with_the_one_item_rule(sample: wsnb.Workspace,
                                                             message: str) -> None:  # fmt: skip
    before = disk_state(sample.root)
    reply = sample.ask(message)
    assert not reply.plans, message
    assert _(FORBIDDEN_RULES["bulk_change"], lang=reply.lang) in reply.text, message
    assert ("Name one item" in reply.text) or ("只指定一项" in reply.text) or reply.lang == "zh"
    assert disk_state(sample.root) == before


def test_one_file_named_is_no_bulk_change(sample: wsnb.Workspace) -> None:
    assert planned(sample.ask("replace everything in windows_notes.txt with hi"))[1] \
        == "windows_notes.txt"
    assert sample.ask("how do I change the workspace").intent != "forbidden"
    assert "pick_workspace" in sample.ask("how do I change the workspace").text
