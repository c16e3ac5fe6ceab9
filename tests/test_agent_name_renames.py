"""The chat renames a name everywhere as one change set, in both languages, and keeps a file's
rename a file's rename.

A small tree of our own (code, a test, a Markdown mention, a longer name beside the name), so
the readings are seen on words no phrasing set holds.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_judge import check_python_lines
from helpers import chat_tree

import wsnb
from wsnb.types import ActionType

FILES = {
    "lib/prices.py": "def total_price(items):\n    return sum(items)\n\n\ndef total_prices(x):\n"
                     "    return x\n",
    "tests/test_prices.py": "from lib.prices import total_price\n\n\ndef test_total_price():\n"
                            "    assert total_price([1, 2]) == 3\n",
    "docs/guide.md": "# Guide\n\nCall `total_price` with a list; `total_prices` is older.\n",
    "web/app.js": "const cartTotal = 0;\nexport function render() { return cartTotal; }\n",
    "notes.md": "# Notes\n",
}


@pytest.fixture
def ws(tmp_path: Path) -> wsnb.Workspace:
    return chat_tree(tmp_path, FILES)


def _steps(reply: wsnb.agent.Reply) -> list[str]:
    [plan] = reply.plans
    assert plan.action is ActionType.CHANGE_SET
    return [step.target.relative for step in plan.steps if step.target is not None]


@pytest.mark.parametrize("message", [
    "please rename total_price to sum_price in all the files",
    "rename the function total_price to sum_price",
    "change total_price to sum_price everywhere",
    "把 total_price 函数改名为 sum_price",
    "total_price 全局改成 sum_price",
    "所有用到 total_price 的地方都统一改名为 sum_price",
])  # fmt: skip
def test_a_name_renamed_everywhere_is_one_change_set(ws: wsnb.Workspace, message: str) -> None:
    reply = ws.ask(message)
    assert _steps(reply) == ["docs/guide.md", "lib/prices.py", "tests/test_prices.py"], message
    assert reply.python == 'ws.rename_identifier("total_price", "sum_price")'
    assert "docs/guide.md" in reply.text  # the files it edits are said
    assert [check.ok for check in check_python_lines(ws, reply)] == [True]
    [plan] = reply.plans
    assert "def total_prices(x)" in plan.steps[1].content  # a longer name is another name
    assert "def test_total_price()" in plan.steps[2].content
    plan.cancel()


def test_a_name_found_nowhere_is_a_sentence_and_no_plan(ws: wsnb.Workspace) -> None:
    reply = ws.ask("rename fetch_prices to load_prices everywhere")
    assert reply.plans == [] and reply.table is None
    assert "fetch_prices does not stand as a name" in reply.text
    chinese = ws.ask("把 fetch_prices 全局改名为 load_prices")
    assert chinese.plans == [] and chinese.lang == "zh" and "fetch_prices" in chinese.text


def test_a_new_name_in_use_is_said_and_warned_on_the_card(ws: wsnb.Workspace) -> None:
    reply = ws.ask("rename total_price to total_prices everywhere")
    [plan] = reply.plans
    assert plan.warnings and "total_prices already stands as a name" in plan.warnings[0]
    assert "Warning: total_prices already stands" in reply.text
    plan.cancel()


@pytest.mark.parametrize(("message", "path"), [
    ("rename notes.md to todo.md", "notes.md"),
    ("把 app.js 重命名为 main.js", "web/app.js"),
    ("rename file prices.py -> costs.py", "lib/prices.py"),
])  # fmt: skip
def test_a_file_named_stays_a_file_rename(ws: wsnb.Workspace, message: str, path: str) -> None:
    [plan] = ws.ask(message).plans
    assert plan.action is ActionType.RENAME and plan.source is not None
    assert plan.source.relative == path
    plan.cancel()


def test_a_rename_asked_of_many_files_is_still_refused(ws: wsnb.Workspace) -> None:
    for message in ("rename all .md files to .txt", "把所有 md 文件重命名为 txt"):
        reply = ws.ask(message)
        assert reply.plans == [] and ("one item per plan" in reply.text
                                      or "每个计划只改一项" in reply.text), message
