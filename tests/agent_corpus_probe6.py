"""A sixth probe set of our own (mostly English, the weaker half of the fifth), scored once
before any change was made for it (the figure is in the note), then kept as a regression set.
Same shape as ``tests/agent_corpus_held.py``.
"""

from __future__ import annotations

from agent_corpus import Case, case

LANG: dict[Case, str] = {}


def probe(say: str | tuple[str, ...], lang: str, intent: str, *expect: str) -> Case:
    item = case(say, intent, *expect)
    LANG[item] = lang
    return item


SAMPLE: list[Case] = [
    probe("I need to see what's written in windows_notes.txt", "en", "read", "read",
          "windows_notes.txt"),
    probe("can I have a look at the cmake file", "en", "read", "read", "CMakeLists.txt"),
    probe("dump settings.json", "en", "read", "read", "config/settings.json"),
    probe("track down package.json for me", "en", "find", "find", "web/package.json"),
    probe("any files with greeting in them?", "en", "grep", "grep", "app/utils.py"),
    probe("look for the phrase sample user", "en", "grep", "grep", "config/settings.json"),
    probe("what uses load_settings", "en", "used", "used", "app/utils.py"),
    probe("where's the Widget class declared", "en", "define", "define", "src/widget.h"),
    probe("show the src directory", "en", "list", "list", "main.cpp"),
    probe("what's inside web", "en", "list", "list", "index.js"),
    probe("explain to me what index.js does", "en", "explain", "explain", "web/index.js"),
    probe("give me a quick summary of widget.cpp", "en", "summarize", "summary",
          "src/widget.cpp"),
    probe("number of python files?", "en", "count", "count", "3"),
    probe("how many lines are in README.md", "en", "count", "count", "22"),
    probe("write a new file docs/faq.md with # FAQ", "en", "create", "plan", "create_file",
          "docs/faq.md", "# FAQ"),
    probe("new folder: experiments", "en", "mkdir", "plan", "create_folder", "experiments"),
    probe("call index.js main.js instead", "en", "rename", "plan", "rename", "web/index.js"),
    probe("shift app.yaml into docs", "en", "move", "plan", "move", "config/app.yaml"),
    probe("clone widget.h into docs", "en", "copy", "plan", "copy", "src/widget.h"),
    probe("please remove logo.png from the project", "en", "trash", "plan", "trash",
          "assets/logo.png"),
    probe(("search widget", "delete number 1"), "en", "reference", "plan", "trash",
          "src/widget.cpp"),
    probe(("list src", "what's the second one"), "en", "reference", "read", "src/widget.cpp"),
    probe("nuke the docs folder forever", "en", "refuse", "refuse", "permanent_delete"),
    probe("move every file in web to src", "en", "refuse", "refuse", "bulk_change"),
    probe("run npm test", "en", "refuse", "refuse", "run_command"),
    probe("look through my whole hard drive for photos", "en", "refuse", "refuse",
          "whole_disk"),
    probe("read ../../etc/passwd", "en", "refuse", "refuse", "outside"),
    probe("what's the password in .env", "en", "refuse", "refuse", "sensitive"),
    probe("who is the president of France", "en", "offtopic", "offtopic"),
    probe("oops, undo that", "en", "undo", "undo"),
    probe("good morning!", "en", "chat", "chat"),
    probe("把 design notes 打开", "zh", "read", "plan", "open_file", "docs/design notes.md"),
    probe("main.cpp 在什么位置", "zh", "find", "find", "src/main.cpp"),
    probe("docs 下面多少个文件", "zh", "count", "count", "3"),
    probe("greeting 函数是干嘛的", "zh", "define", "define", "app/utils.py"),
]

PROJECT: list[Case] = [
    probe("show me the order models", "en", "read", "read", "shop/models.py"),
    probe("got a file called models anywhere?", "en", "find", "find", "shop/models.py"),
    probe("where's the cart code", "en", "find", "find", "web/cart.js"),
    probe("grep PriceCache", "en", "grep", "grep", "shop/utils.py"),
    probe("list journal and tell me how many there are", "en", "list", "list", "log_01.txt",
          "42"),
    probe("add 'buy bread' at the bottom of 待办.txt", "en", "append", "plan", "write_file",
          "notes/待办.txt"),
    probe("set the content of cart.js to // todo", "en", "modify", "plan", "write_file",
          "web/cart.js"),
    probe(("list journal", "the last one please"), "en", "reference", "read",
          "journal/log_42.txt"),
    probe(("list journal", "rename the first one to start.txt"), "en", "reference", "plan",
          "rename", "journal/log_01.txt"),
    probe("what is this project", "en", "project", "project"),
    probe("which folder is the workspace", "en", "workspace", "workspace"),
    probe("给 待办 加一行：交作业", "zh", "append", "plan", "write_file", "notes/待办.txt"),
    probe(("搜索 log", "第五十个"), "zh", "reference", "out_of_range", "42"),
]
