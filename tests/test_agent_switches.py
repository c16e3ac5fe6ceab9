"""Switches and settings named without their file: the one file that holds the key is the file,
two make a question, and a switch is written the way its file writes booleans.

A small tree of our own: YAML, JSON, INI and a CMake file, one key in two files.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_judge import check_python_lines
from helpers import chat_tree

import wsnb
from wsnb.agent import Reply

FILES = {
    "conf/server.yaml": "server:\n  verbose: yes\n  debug: false\n  timeout: 30\n",
    "conf/ui.json": '{\n  "dark_mode": true,\n  "title": "Shop"\n}\n',
    "conf/tools.ini": "[lint]\nstrict = off\n",
    "CMakeLists.txt": "project(demo)\nset(BUILD_DOCS ON)\noption(WITH_TESTS \"tests\" OFF)\n",
    "web/package.json": '{\n  "title": "web",\n  "private": true\n}\n',
    "src/app.py": "DEBUG_NOTE = 'not a setting'\n",
}


@pytest.fixture
def ws(tmp_path: Path) -> wsnb.Workspace:
    return chat_tree(tmp_path, FILES)


def _changed(reply: Reply) -> tuple[str, str, str]:
    """The one plan's file, and its one removed and added line."""
    [plan] = reply.plans
    removed = [line[1:] for line in (plan.diff or "").splitlines()
               if line.startswith("-") and not line.startswith("---")]  # fmt: skip
    added = [line[1:] for line in (plan.diff or "").splitlines()
             if line.startswith("+") and not line.startswith("+++")]  # fmt: skip
    assert len(removed) == len(added) == 1
    assert plan.target is not None
    return plan.target.relative, removed[0].strip(), added[0].strip()


@pytest.mark.parametrize(("message", "expected"), [
    ("turn verbose off", ("conf/server.yaml", "verbose: yes", "verbose: no")),
    ("please disable dark_mode", ("conf/ui.json", '"dark_mode": true,', '"dark_mode": false,')),
    ("switch strict on in tools.ini", ("conf/tools.ini", "strict = off", "strict = on")),
    ("set BUILD_DOCS off", ("CMakeLists.txt", "set(BUILD_DOCS ON)", "set(BUILD_DOCS OFF)")),
    ("enable WITH_TESTS", ("CMakeLists.txt", 'option(WITH_TESTS "tests" OFF)',
                           'option(WITH_TESTS "tests" ON)')),
    ("把调试打开", ("conf/server.yaml", "debug: false", "debug: true")),
    ("关掉 verbose 吧", ("conf/server.yaml", "verbose: yes", "verbose: no")),
    ("web 的 private 开关关闭", ("web/package.json", '"private": true', '"private": false')),
])  # fmt: skip
def test_a_switch_is_turned_in_the_file_that_holds_it(
    ws: wsnb.Workspace, message: str, expected: tuple[str, str, str],
) -> None:
    reply = ws.ask(message)
    assert _changed(reply) == expected, message
    assert reply.python.startswith("ws.edit(")
    assert [check.ok for check in check_python_lines(ws, reply)] == [True]
    reply.plans[0].cancel()


def test_a_switch_already_in_that_state_makes_no_plan(ws: wsnb.Workspace) -> None:
    reply = ws.ask("turn dark_mode on")
    assert reply.plans == [] and "`dark_mode` in `conf/ui.json` already is true" in reply.text
    chinese = ws.ask("把 debug 关掉")
    assert chinese.plans == [] and "debug" in chinese.text and "false" in chinese.text


@pytest.mark.parametrize(("message", "expected"), [
    ("set timeout to 45", ("conf/server.yaml", "timeout: 30", "timeout: 45")),
    ("the timeout should be 60", ("conf/server.yaml", "timeout: 30", "timeout: 60")),
    ("超时改成 90", ("conf/server.yaml", "timeout: 30", "timeout: 90")),
])  # fmt: skip
def test_a_key_without_its_file_is_set_in_the_one_file_that_holds_it(
    ws: wsnb.Workspace, message: str, expected: tuple[str, str, str],
) -> None:
    reply = ws.ask(message)
    assert _changed(reply) == expected, message
    assert [check.ok for check in check_python_lines(ws, reply)] == [True]
    reply.plans[0].cancel()


def test_a_key_two_files_hold_is_a_question(ws: wsnb.Workspace) -> None:
    for message, words in (("set title to Store", "Which one?"), ("title 改成 Store", "是哪一个")):
        reply = ws.ask(message)
        assert reply.plans == [] and words in reply.text, message
        assert reply.table is not None
        assert set(reply.table["path"]) == {"conf/ui.json", "web/package.json"}


def test_a_key_no_settings_file_holds_is_no_setting(ws: wsnb.Workspace) -> None:
    reply = ws.ask("set colour_scheme to blue")
    assert not any(plan.target and plan.target.relative.startswith("conf/")
                   for plan in reply.plans)  # fmt: skip
    for plan in reply.plans:
        plan.cancel()
    words = ws.ask("turn on the lights")  # no file holds a switch called lights
    assert words.plans == []
