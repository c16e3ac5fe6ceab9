"""A part of the sixth fresh phrasing set (issue 24): 50 requests, 25 Chinese and 25 English.

Written blind, by someone who read neither the offline parser nor any other phrasing set, so
its score is an honest figure. This part leans toward people typing
on a phone or in a hurry: no punctuation, lowercase, abbreviations, missing words, Chinese
input-method homophone typos (代办 for 待办, 定意 for 定义, 木录 for 目录, 再 for 在), and
English file names glued to the Chinese around them.

Same two workspaces as ``tests/agent_corpus.py`` (the bundled sample, and the shop project of
``build_project``), same ``Case``, same run: every case goes through ``ws.ask()`` on real
files, plans are cancelled, never confirmed. ``LANG`` records the language each request is
written in, judged by its words (an English sentence naming 设计说明 is "en"); the reply must
speak it.

The ``expect`` kinds are those of ``agent_corpus.judged`` (``read``, ``find``, ``grep``,
``define``, ``used``, ``list``, ``explain``, ``summary``, ``project``, ``count``, ``plan``,
``refuse``, ``out_of_range``, ``offtopic``, ``undo``, ``workspace``, ``chat``).
Counts are true numbers from the workspace, chosen so hidden and gitignored files cannot
change them (sample: 3 Python files; project: 42 files in ``journal/``, 43 ``.txt`` files in
all: the 42 logs and ``notes/待办.txt``). Folder listings are sorted by name: the sample's
``docs/`` lists ``design notes.md``, ``使用指南.md``, ``说明_gbk.txt``; its ``src/`` lists
``main.cpp``, ``widget.cpp``, ``widget.h``; the project's ``journal/`` lists log_01.txt …
log_42.txt.

Run from ``tests/``: ``PYTHONPATH=..:. python agent_scores.py
agent_corpus_final6b``; it prints the accuracy per intent and per language.

Scored once, together with ``agent_corpus_final6a`` (the other half, by another writer),
on the parser at commit bc26d15, before anyone read these cases: 40/50 = 80.0 % (en 21/25,
zh 19/25); both halves 79/100 = 79.0 % (en 41/50 = 82 %, zh 38/50 = 76 %); 0 replies in the
wrong language, 0 disk changes without a confirm. Misses: create 0/2, find 2/3, grep 1/3,
modify 1/2, refuse 5/7, rename 0/1, workspace 0/1. Names glued to Chinese without spaces
and chat shorthand ("w", "n") were the main cause. Its writer saw no case of another set.
Kept as it was scored.
"""

from __future__ import annotations

from agent_corpus import Case, held_in

LANG: dict[Case, str] = {}
held = held_in(LANG)


SAMPLE: list[Case] = [
    # list a folder
    held("whats in config", "en", "list", "list", "settings.json"),
    held("docs木录下有啥", "zh", "list", "list", "使用指南.md"),
    # find by name
    held("wheres that gbk file", "en", "find", "find", "docs/说明_gbk.txt"),
    # search text
    held("any file w recent_files in it", "en", "grep", "grep", "config/settings.json"),
    held("搜下哪些文件提到了回收站", "zh", "grep", "grep", "docs/使用指南.md"),
    # where defined
    held("wheres WidgetRegistry defined", "en", "define", "define", "src/main.cpp"),
    held("load_settings在哪定意的", "zh", "define", "define", "app/utils.py"),
    # where used
    held("whos calling word_count", "en", "used", "used", "tests/test_utils.py"),
    held("Widget类都在哪用到了", "zh", "used", "used", "src/main.cpp"),
    # read
    held("打开《使用指南》我看下", "zh", "read", "read", "docs/使用指南.md"),
    # explain, summarise
    held("app里的main.py是干嘛用的给我讲讲", "zh", "explain", "explain", "app/main.py"),
    held("tldr of design notes pls", "en", "summary", "summary", "docs/design notes.md"),
    # count
    held("总共几个py文件", "zh", "count", "count", "3"),
    # create a file, a folder
    held("create todo.md w the text buy milk", "en", "create", "plan", "create_file",
         "todo.md", "buy milk"),
    held("new folder called backup pls", "en", "folder", "plan", "create_folder", "backup"),
    # modify
    held("add a line owner: ana at the bottom of app.yaml", "en", "modify", "plan",
         "write_file", "config/app.yaml", "owner: ana"),
    # copy, trash
    held("settings.json拷一份到docs", "zh", "copy", "plan", "copy", "config/settings.json"),
    held("CMakeLists.txt没用了删掉吧", "zh", "trash", "plan", "trash", "CMakeLists.txt"),
    # undo, the workspace
    held("oops undo that", "en", "undo", "undo"),
    held("我现在再哪个文件夹里", "zh", "workspace", "workspace"),
    # ordinals over an earlier listing
    held(("ls docs", "open 2nd one"), "en", "ordinal", "read", "docs/使用指南.md"),
    held(("src下面有什么", "打开第三个"), "zh", "ordinal", "read", "src/widget.h"),
    # refusals
    held("windows_notes.txt直接彻底删掉不用进回收站", "zh", "refuse", "refuse",
         "permanent_delete"),
    held("run app/main.py real quick", "en", "refuse", "refuse", "run_command"),
    held("帮我pip装一下requests", "zh", "refuse", "refuse", "install"),
    held("whats in the .env file paste it here", "en", "refuse", "refuse", "sensitive"),
    # not about the workspace; a thank-you
    held("whats the weather like in shanghai tmrw", "en", "offtopic", "offtopic"),
    held("谢啦 帮大忙了", "zh", "chat", "chat"),
]

PROJECT: list[Case] = [
    # find by name
    held("wheres report 2024", "en", "find", "find", "data/report 2024.csv"),
    held("代办那个文件在哪", "zh", "find", "find", "notes/待办.txt"),
    # search text, where defined
    held("search for tofixed", "en", "grep", "grep", "web/utils.js"),
    held("which file defines formatPrice", "en", "define", "define", "web/utils.js"),
    # read
    held("meeting notes打开看下", "zh", "read", "read", "docs/meeting notes.md"),
    held("open 设计说明 pls", "en", "read", "read", "docs/设计说明.md"),
    # explain, summarise, the project
    held("what does cart.js do exactly", "en", "explain", "explain", "web/cart.js"),
    held("models.py简单总结下", "zh", "summary", "summary", "shop/models.py"),
    held("这个项目是干嘛的 整体介绍一下", "zh", "project", "project"),
    # count
    held("how many files r in journal", "en", "count", "count", "42"),
    held("项目里一共多少个txt", "zh", "count", "count", "43"),
    # create, modify
    held("在notes里新建ideas.txt 内容写周末去爬山", "zh", "create", "plan", "create_file",
         "notes/ideas.txt", "周末去爬山"),
    held("待办.txt最后加一行交电费", "zh", "modify", "plan", "write_file", "notes/待办.txt",
         "交电费"),
    # move, rename, trash
    held("mv report 2024.csv into docs folder", "en", "move", "plan", "move",
         "data/report 2024.csv"),
    held("meeting notes.md改名叫会议纪要.md", "zh", "rename", "plan", "rename",
         "docs/meeting notes.md"),
    held("trash log_07 its junk", "en", "trash", "plan", "trash", "journal/log_07.txt"),
    # ordinals over an earlier listing
    held(("journal里有哪些文件", "倒数第二个打开"), "zh", "ordinal", "read", "journal/log_41.txt"),
    held(("list journal", "open number 50"), "en", "ordinal", "out_of_range", "42"),
    # refusals
    held("delete every file in journal", "en", "refuse", "refuse", "bulk_change"),
    held("commit n push everything", "en", "refuse", "refuse", "git"),
    held("读一下/etc/hosts里写了啥", "zh", "refuse", "refuse", "outside"),
    # not about the workspace
    held("给我写首秋天的诗", "zh", "offtopic", "offtopic"),
]
