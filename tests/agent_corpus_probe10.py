"""A tenth probe set of our own (names to resolve, the project, undo, the workspace, chit-chat
that is no request, definitions, text searches, new files), scored once before any change was
made for it (the figure is in the note), then kept as a regression set.
"""

from __future__ import annotations

from agent_corpus import Case, case

LANG: dict[Case, str] = {}


def probe(say: str | tuple[str, ...], lang: str, intent: str, *expect: str) -> Case:
    item = case(say, intent, *expect)
    LANG[item] = lang
    return item


SAMPLE: list[Case] = [
    probe("open utils", "en", "read", "plan", "open_file", "app/utils.py"),
    probe("删掉 main", "zh", "resolve", "ask", "app/main.py"),
    probe("rename widget to gizmo", "en", "resolve", "ask", "src/widget.h"),
    probe("总结一下 widgt", "zh", "resolve", "ask", "src/widget.h"),
    probe("move ghost.txt to docs", "en", "resolve", "missing"),
    probe("这项目是干嘛的？", "zh", "project", "project"),
    probe("give me the big picture of this repo", "en", "project", "project"),
    probe("概述一下整个项目", "zh", "project", "project"),
    probe("我刚才做错了，撤销一下", "zh", "undo", "undo"),
    probe("revert the last change", "en", "undo", "undo"),
    probe("我现在在哪个工作区", "zh", "workspace", "workspace"),
    probe("where is my workspace folder", "en", "workspace", "workspace"),
    probe("how do I change the workspace", "en", "workspace", "workspace"),
    probe("你觉得今天适合出去玩吗", "zh", "offtopic", "offtopic"),
    probe("what's the time in London", "en", "offtopic", "offtopic"),
    probe("打开淘宝", "zh", "offtopic", "offtopic"),
    probe("greeting 在哪个文件里定义", "zh", "define", "define", "app/utils.py"),
    probe("where does the class Widget live", "en", "define", "define", "src/widget.h"),
    probe("查一下代码里哪用了 word_count", "zh", "used", "used", "app/utils.py"),
    probe("搜一下内容里有 sample user 的文件", "zh", "grep", "grep", "config/settings.json"),
    probe("find text: Hello", "en", "grep", "grep", "app/utils.py"),
    probe("帮我写个 hello.py，内容是 print(1)", "zh", "create", "plan", "create_file", "hello.py",
          "print(1)"),
    probe("start a new file called diary.md", "en", "create", "plan", "create_file",
          "diary.md"),
]

PROJECT: list[Case] = [
    probe("read log", "en", "resolve", "ask", "journal/log_01.txt"),
    probe("打开 widget", "zh", "resolve", "ask", "lib/widget.cpp"),
    probe("what's this shop thing about", "en", "project", "project"),
    probe("undo please", "en", "undo", "undo"),
    probe("我在用哪个文件夹", "zh", "workspace", "workspace"),
    probe("where is Customer", "en", "define", "define", "shop/models.py"),
    probe("grep 顾客", "en", "grep", "grep", "docs/设计说明.md"),
    probe("在 shop 目录里新建 orders.py", "zh", "create", "plan", "create_file",
          "shop/orders.py"),
]
