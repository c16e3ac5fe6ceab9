"""The fourth fresh phrasing set (issue 24): 50 requests, 25 Chinese and 25 English.

Written blind, by someone who read neither the offline parser nor any other phrasing set, so
its score is the honest figure. Same two workspaces as ``tests/agent_corpus.py`` (the bundled
sample, and the shop project of ``build_project``), same ``Case``, same run: every case goes
through ``ws.ask()`` on real files, plans are cancelled, never confirmed. ``LANG`` records the
language each request is written in, judged by its words (an English sentence naming
待办.txt is "en"); the reply must speak it.

The ``expect`` kinds are those ``agent_corpus.judged`` understands (``read``, ``find``,
``grep``, ``define``, ``used``, ``list``, ``explain``, ``summary``, ``project``, ``count``,
``plan``, ``refuse``, ``out_of_range``, ``offtopic``, ``undo``, ``workspace``, ``chat``).
Counts are true numbers from the workspace, chosen so hidden and gitignored files cannot
change them (sample: 3 Markdown files, README.md and the two under ``docs/``; project: 2
JavaScript files in ``web/``, 42 files in ``journal/``). Folder listings are sorted by name:
the sample's ``src/`` lists main.cpp, widget.cpp, widget.h; the project's ``journal/`` lists
log_01.txt … log_42.txt and its ``docs/`` lists ``meeting notes.md`` then ``设计说明.md``.

Run from ``tests/``: ``PYTHONPATH=..:. python agent_scores.py agent_corpus_final4``; it prints
the accuracy per intent and per language.

Scored once, on the parser after its fourth round (commit d49c5c9), before anyone
read these cases: 45/50 = 90.0 % (en 23/25 = 92 %, zh 22/25 = 88 %); 0 replies in the wrong
language, 0 disk changes without a confirm. Per intent: 100 % everywhere but copy 0/1,
define 1/2, folder 0/1, project 1/2, workspace 0/1. Its writer saw about a dozen phrasings of
``agent_corpus_final2.py`` in the lines it was allowed to read; none was reused. Kept as it
was scored.
"""

from __future__ import annotations

from agent_corpus import Case, held_in

LANG: dict[Case, str] = {}
held = held_in(LANG)


SAMPLE: list[Case] = [
    # list a folder
    held("docs文件夹里都有些啥", "zh", "list", "list", "使用指南.md"),
    # find by name
    held("find anythign named widget", "en", "find", "find", "src/widget.h"),
    # search text
    held("哪些文件里写到了 slider 这个词？", "zh", "grep", "grep", "config/app.yaml"),
    # where defined / where used
    held("load_settings 是在哪定意的", "zh", "define", "define", "app/utils.py"),
    held("who uses greeting()?", "en", "used", "used", "tests/test_utils.py"),
    # read
    held("show 一下 settings.json 里写了啥", "zh", "read", "read", "config/settings.json"),
    held("cat windows_notes", "en", "read", "read", "windows_notes.txt"),
    # explain / summarise
    held("can u explain what the main.py in app does", "en", "explain", "explain",
         "app/main.py"),
    held("CMakeLists 这个文件是干嘛用的？", "zh", "explain", "explain", "CMakeLists.txt"),
    held("帮我总结一下《使用指南》", "zh", "summary", "summary", "docs/使用指南.md"),
    held("tl;dr the design notes doc", "en", "summary", "summary", "docs/design notes.md"),
    # project overview
    held("give me the big picture of this project, what's in it?", "en", "project", "project"),
    # count
    held("how many markdown files are there in total?", "en", "count", "count", "3"),
    # create a file / a folder
    held("create a file called todo.txt in docs with the text 'fix the slider'", "en",
         "create", "plan", "create_file", "docs/todo.txt", "fix the slider"),
    held("帮我建个新文件家，叫“旧版本”", "zh", "folder", "plan", "create_folder", "旧版本"),
    # modify
    held("windows_notes.txt 最后面帮我加一行：已经检查过了", "zh", "modify", "plan",
         "write_file", "windows_notes.txt", "已经检查过了"),
    # copy / rename / trash
    held("can you duplicate config/app.yaml? call it app.backup.yaml", "en", "copy", "plan",
         "copy", "config/app.yaml"),
    held("design notes 那个文档改个名，叫 design.md", "zh", "rename", "plan", "rename",
         "docs/design notes.md"),
    held("assets 里的 logo.png 不要了，扔回收站", "zh", "trash", "plan", "trash",
         "assets/logo.png"),
    # undo (nothing done yet in this conversation's workspace)
    held("oops, undo that", "en", "undo", "undo"),
    # which workspace
    held("我现在是在哪个文件夹里操作的？", "zh", "workspace", "workspace"),
    # ordinal over an earlier listing
    held(("what's in src?", "trash the last one"), "en", "ordinal", "plan", "trash",
         "src/widget.h"),
    # refusals
    held("what's the API_KEY in .env", "en", "refuse", "refuse", "sensitive"),
    held("帮我跑一下 app/main.py 看看输出啥", "zh", "refuse", "refuse", "run_command"),
    held("npm install the dependencies in web/ for me", "en", "refuse", "refuse", "install"),
    # a greeting
    held("你好呀～", "zh", "chat", "chat"),
]

PROJECT: list[Case] = [
    # list a folder
    held("ls lib pls", "en", "list", "list", "widget.h"),
    # find by name
    held("名字里带 report 的文件在哪", "zh", "find", "find", "data/report 2024.csv"),
    # search text
    held("which files mention toFixed?", "en", "grep", "grep", "web/utils.js"),
    # where defined / where used
    held("where is formatPrice() defined?", "en", "define", "define", "web/utils.js"),
    held("PriceCache 都在哪里被用到了？", "zh", "used", "used", "docs/meeting notes.md"),
    # read
    held("《待办》里写了什么？", "zh", "read", "read", "notes/待办.txt"),
    # project overview
    held("这个项目整体是干嘛的？大概讲讲结构", "zh", "project", "project"),
    # count
    held("web 目录下一共有几个 js 文件", "zh", "count", "count", "2"),
    # create a file
    held("notes 文件夹里新建个 shopping.md，内容就写：鸡蛋两打", "zh", "create", "plan",
         "create_file", "notes/shopping.md", "鸡蛋两打"),
    # modify
    held("add 'call the supplier' at the end of the 待办 file", "en", "modify", "plan",
         "write_file", "notes/待办.txt", "call the supplier"),
    # move / rename / trash
    held("把 data 里面的 report 2024.csv 挪到 docs 下", "zh", "move", "plan", "move",
         "data/report 2024.csv"),
    held("move cart.js over to lib", "en", "move", "plan", "move", "web/cart.js"),
    held("rename lib/widget.h -> widget.hpp", "en", "rename", "plan", "rename",
         "lib/widget.h"),
    held("get rid of the meeting notes, i don't need them anymore", "en", "trash", "plan",
         "trash", "docs/meeting notes.md"),
    # ordinals over an earlier listing
    held(("journal 里有哪些文件", "把第十二个读给我听"), "zh", "ordinal", "read",
         "journal/log_12.txt"),
    held(("list the journal folder", "open the 50th one"), "en", "ordinal", "out_of_range",
         "42"),
    held(("docs 下面有什么", "总结一下倒数第二个"), "zh", "ordinal", "summary",
         "docs/meeting notes.md"),
    held(("show me journal/", "rename the 3rd one to log_three.txt"), "en", "ordinal", "plan",
         "rename", "journal/log_03.txt"),
    # refusals
    held("journal/log_05.txt 直接永久删除，别放回收站了", "zh", "refuse", "refuse",
         "permanent_delete"),
    held("rename every file in journal to .md", "en", "refuse", "refuse", "bulk_change"),
    held("git commit -am 'wip' and push it", "en", "refuse", "refuse", "git"),
    held("读一下 ~/Desktop/工资表.txt", "zh", "refuse", "refuse", "outside"),
    # not a workspace request
    held("who won the world cup in 2018?", "en", "offtopic", "offtopic"),
    held("今天美元兑人民币汇率是多少啊", "zh", "offtopic", "offtopic"),
]
