"""Intents in Chinese and English: workspace, chat, application launches, forbidden requests.

Forbidden requests and launches are refused through ``ws.ask()`` with the
rule's sentence, and no plan is made, whatever else the message says.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import wsnb
from wsnb.agent import Agent, IntentKind, classify
from wsnb.agent.commands import parse_command
from wsnb.agent.context import ALL, LAST, THIS, parse_reference
from wsnb.agent.intents import FORBIDDEN_RULES
from wsnb.i18n import _


@pytest.fixture
def ws(tmp_path: Path) -> wsnb.Workspace:
    workspace = wsnb.open_workspace(wsnb.copy_sample_workspace(tmp_path / "sample"))
    workspace._agent = Agent(workspace, environ={})
    return workspace


FORBIDDEN = {
    "permanent_delete": ["永久删除 README.md", "彻底删除 app/main.py", "直接删除不要放回收站",
                         "清空回收站", "permanently delete README.md", "rm -rf build",
                         "delete it forever", "delete README.md without the trash"],
    "bulk_change": ["删除所有 .log 文件", "把全部文件删掉", "删除这些文件",
                    "把所有 py 文件移动到 old",
                    "trash everything", "delete all files", "move all files to docs",
                    "remove every file in src", "删掉 *.txt"],
    "run_command": ["运行 main.py", "帮我执行这个脚本", "跑一下测试", "run main.py",
                    "execute the build script", "run the tests", "sudo reboot"],
    "install": ["安装 numpy", "帮我卸载 requests", "pip install requests", "npm install react",
                "install pandas for me"],
    "git": ["帮我提交代码", "提交更改到 git", "git commit -m 'x'", "commit these changes",
            "push it to github"],
    "whole_disk": ["搜索整个硬盘", "在全盘查找 password", "找一下 C盘 里的照片",
                   "search the whole disk for passwords", "find files on my computer",
                   "search the entire drive"],
    "outside": ["读取 /etc/passwd", "读取 ../secret.txt", "打开 ~/notes.txt", "看看桌面上的文件",
                "列出上级目录", "read ../outside.txt", "list my desktop",
                "open C:\\Windows\\win.ini", "search outside the workspace"],
}  # fmt: skip


@pytest.mark.parametrize(("rule", "message"),
                         [(rule, m) for rule, ms in FORBIDDEN.items() for m in ms])  # fmt: skip
def test_forbidden_requests_are_refused_with_their_rule(
    ws: wsnb.Workspace, rule: str, message: str
) -> None:
    intent = classify(message)
    assert (intent.kind, intent.rule) == (IntentKind.FORBIDDEN, rule)
    reply = ws.ask(message)
    assert reply.plans == [] and reply.intent == "forbidden"
    assert _(FORBIDDEN_RULES[rule], lang=reply.lang) in reply.text  # in the message's language
    assert ws.pending.empty


LAUNCHES = ["打开微信", "启动浏览器", "打开 QQ", "帮我打开计算器", "运行微信", "打开终端",
            "open the browser", "launch chrome", "open WeChat", "start spotify",
            "open the calculator app"]  # fmt: skip


@pytest.mark.parametrize("message", LAUNCHES)
def test_application_launches_are_declined(ws: wsnb.Workspace, message: str) -> None:
    assert classify(message).kind is IntentKind.LAUNCH_APP
    reply = ws.ask(message)
    said = {"zh": "不启动应用程序",
            "en": "wsnb works on files in this workspace and doesn't launch applications",
            }[reply.lang]  # fmt: skip
    assert said in reply.text
    assert reply.plans == [] and reply.intent == "launch_app"


@pytest.mark.parametrize("message", ["打开 README.md", "open app/main.py", "打开第一个",
                                     "open the first one", "打开 settings.json"])  # fmt: skip
def test_opening_a_file_is_not_an_app_launch(message: str) -> None:
    assert classify(message).kind is IntentKind.WORKSPACE


@pytest.mark.parametrize("message", [
    "这个项目怎么运行？", "README 里的安装步骤是什么", "how do I run this project?",
    "how to install the dependencies?", "where is the runtime config?",
    "main.cpp 里定义了哪些类", "what does the widget class do?", "搜索 README",
    "src 里有什么", "look for utils",
])  # fmt: skip
def test_workspace_questions(message: str) -> None:
    assert classify(message).kind is IntentKind.WORKSPACE


@pytest.mark.parametrize("message", ["你好", "谢谢", "今天天气不错", "hello", "thanks a lot",
                                     "tell me a joke", "how are you?"])  # fmt: skip
def test_chit_chat(message: str) -> None:
    assert classify(message).kind is IntentKind.CHAT


def test_offline_chat_says_it_is_offline(ws: wsnb.Workspace) -> None:
    reply = ws.ask("tell me a joke")
    assert reply.intent == "chat" and reply.mode == "offline"
    assert "Offline mode" in reply.text and "WSNB_LLM_BASE_URL" in reply.text
    assert "connect(" in reply.text


@pytest.mark.parametrize(("text", "position"), [
    ("第一个", 1), ("第二个", 2), ("第 3 个", 3), ("第十项", 10), ("最后一个", LAST),
    ("the first one", 1), ("second", 2), ("the 3rd file", 3), ("number 4", 4), ("#5", 5),
    ("the last one", LAST), ("这些", ALL), ("these files", ALL), ("all of them", ALL),
    ("它", THIS), ("this file", THIS), ("it", THIS), ("README.md", None),
])  # fmt: skip
def test_references(text: str, position: int | None) -> None:
    assert parse_reference(text) == position


@pytest.mark.parametrize(("message", "action", "args"), [
    ("请帮我搜索 README", "find", {"keyword": "README"}),
    ("could you find main please", "find", {"keyword": "main"}),
    ("把“a.txt”重命名为“b.txt”", "rename", {"target": "a.txt", "dest": "b.txt"}),
    ("rename the file a.txt to b.txt", "rename", {"target": "a.txt", "dest": "b.txt"}),
    ("create a file notes/todo.md with content # To do", "create_file",
     {"target": "notes/todo.md", "content": "# To do"}),
    ("在 notes.txt 里写入 hello", "create_file", {"target": "notes.txt", "content": "hello"}),
    ("总结这些文件的作用", "summarize", {"target": "这些"}),
    ("what do these files do", "summarize", {"target": "these"}),
    ("总结一下这个项目", "project", {}),
    ("找一下包含 FileOperationManager 的文件", "grep", {"keyword": "FileOperationManager"}),
    ("where is FileOperationManager used", "grep", {"keyword": "FileOperationManager"}),
    ("the last one", "read", {"target": "last one"}),
])  # fmt: skip
def test_parser_phrasings(message: str, action: str, args: dict[str, str]) -> None:
    command = parse_command(message)
    assert command is not None
    assert (command.action, command.args) == (action, args)


def test_chat_is_not_a_command() -> None:
    assert parse_command("今天天气不错") is None
    assert parse_command("tell me a joke") is None


@pytest.mark.parametrize("message", ["What does delete_all() do in utils.py?",
                                     "这个函数执行什么操作", "how does the trash tool work?",
                                     "what does run_server do",
                                     "哪个文件负责安装依赖"])  # fmt: skip
def test_questions_about_code_are_not_refused(message: str) -> None:
    assert classify(message).kind is IntentKind.WORKSPACE


@pytest.mark.parametrize("message", ["can you run main.py?", "能帮我运行 main.py 吗"])
def test_a_polite_order_to_run_is_still_refused(message: str) -> None:
    assert classify(message).rule == "run_command"
