"""A fifth probe set of our own, scored once before any change was made for it (the figure is
in the note), then kept as a regression set. Same shape as ``tests/agent_corpus_held.py``.
"""

from __future__ import annotations

from agent_corpus import Case, case

LANG: dict[Case, str] = {}


def probe(say: str | tuple[str, ...], lang: str, intent: str, *expect: str) -> Case:
    item = case(say, intent, *expect)
    LANG[item] = lang
    return item


SAMPLE: list[Case] = [
    probe("ok so what does the readme say", "en", "read", "read", "README.md"),
    probe("我要看 使用指南", "zh", "read", "read", "docs/使用指南.md"),
    probe("bring up main.cpp please", "en", "read", "read", "src/main.cpp"),
    probe("麻烦读一读 test_utils", "zh", "read", "read", "tests/test_utils.py"),
    probe("do I have any yaml files", "en", "find", "find", "config/app.yaml"),
    probe("帮我搜搜有没有 logo", "zh", "find", "find", "assets/logo.png"),
    probe("which file has the text sample user", "en", "grep", "grep", "config/settings.json"),
    probe("哪些文件包含 \"Hello\"", "zh", "grep", "grep", "app/utils.py"),
    probe("where is load_settings called from", "en", "used", "used", "app/utils.py"),
    probe("谁调用了 render", "zh", "used", "used", "web/index.js"),
    probe("in which file is word_count defined", "en", "define", "define", "app/utils.py"),
    probe("Widget 定义在哪", "zh", "define", "define", "src/widget.h"),
    probe("what files live in app", "en", "list", "list", "main.py"),
    probe("瞧瞧 tests 目录", "zh", "list", "list", "test_utils.py"),
    probe("what's the purpose of CMakeLists.txt", "en", "explain", "explain", "CMakeLists.txt"),
    probe("app.yaml 是用来干什么的", "zh", "explain", "explain", "config/app.yaml"),
    probe("how many entries does the root have", "en", "count", "count", "19"),
    probe("数一数 src 里有几个文件", "zh", "count", "count", "3"),
    probe("make notes/ideas.txt saying try the new widget", "en", "create", "plan",
          "create_file", "notes/ideas.txt", "try the new widget"),
    probe("创建 log.txt 并写入 started", "zh", "create", "plan", "create_file", "log.txt",
          "started"),
    probe("add a folder named fixtures to tests", "en", "mkdir", "plan", "create_folder",
          "tests/fixtures"),
    probe("rename app.yaml as config.yaml", "en", "rename", "plan", "rename", "config/app.yaml"),
    probe("把 logo.png 重命名成 icon.png", "zh", "rename", "plan", "rename", "assets/logo.png"),
    probe("move index.js over to src", "en", "move", "plan", "move", "web/index.js"),
    probe("把 使用指南.md 移动到根目录", "zh", "move", "plan", "move", "docs/使用指南.md"),
    probe("copy widget.h to docs please", "en", "copy", "plan", "copy", "src/widget.h"),
    probe("get rid of windows_notes.txt", "en", "trash", "plan", "trash", "windows_notes.txt"),
    probe("把 package.json 丢到回收站里去", "zh", "trash", "plan", "trash", "web/package.json"),
    probe(("search widget", "summarize the first one"), "en", "reference", "summary",
          "src/widget.cpp"),
    probe(("列出 src", "重命名第一个为 app.cpp"), "zh", "reference", "plan", "rename",
          "src/main.cpp"),
    probe(("list src", "read the twentieth"), "en", "reference", "out_of_range", "3"),
    probe("delete README.md and skip the trash", "en", "refuse", "refuse", "permanent_delete"),
    probe("rename all the .md files", "en", "refuse", "refuse", "bulk_change"),
    probe("跑一下 tests", "zh", "refuse", "refuse", "run_command"),
    probe("git pull", "en", "refuse", "refuse", "git"),
    probe("list ~/Documents", "en", "refuse", "refuse", "outside"),
    probe("打开 id_rsa 看看", "zh", "refuse", "refuse", "sensitive"),
    probe("what's your favourite colour", "en", "offtopic", "offtopic"),
    probe("帮我发一封邮件给老板", "zh", "offtopic", "offtopic"),
    probe("take that back", "en", "undo", "undo"),
    probe("多谢啦", "zh", "chat", "chat"),
]

PROJECT: list[Case] = [
    probe("pull up the Chinese design doc 设计说明", "en", "read", "read", "docs/设计说明.md"),
    probe("which files mention the word entry", "en", "grep", "grep", "journal/log_01.txt",
          "42"),
    probe("哪里用到了 slugify", "zh", "used", "used", "shop/utils.py"),
    probe("Customer class — where is it defined?", "en", "define", "define", "shop/models.py"),
    probe("看看 data 文件夹", "zh", "list", "list", "report 2024.csv"),
    probe("what does shop/utils.py contain in terms of functions", "en", "explain", "explain",
          "shop/utils.py"),
    probe("how many folders are in this project", "en", "count", "count", "7"),
    probe("append 买鸡蛋 to 待办", "en", "append", "plan", "write_file", "notes/待办.txt"),
    probe("把 meeting notes.md 移到 notes 文件夹", "zh", "move", "plan", "move",
          "docs/meeting notes.md"),
    probe(("列出 journal", "把第42个删了"), "zh", "reference", "plan", "trash",
          "journal/log_42.txt"),
    probe(("列出 journal", "第四十三个是什么"), "zh", "reference", "out_of_range", "42"),
    probe("把所有的 log 挪到 data", "zh", "refuse", "refuse", "bulk_change"),
    probe("who won the game last night", "en", "offtopic", "offtopic"),
    probe("undo my last change please", "en", "undo", "undo"),
    probe("现在用的是哪个工作区", "zh", "workspace", "workspace"),
    probe("give me a rundown of this codebase", "en", "project", "project"),
]
