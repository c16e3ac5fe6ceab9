"""Part 7b of the seventh fresh phrasing set (issue 24): 50 requests, 25 Chinese and 25 English.

Written blind, by someone who read neither the offline parser nor any other phrasing set, so
its score is an honest figure. The mix is an everyday week of one
notebook shared by a graduate student, a backend engineer and a technical writer: most
requests plain and direct, some polite or chatty, some terse, a few with keyboard typos or
input-method homophone typos, a few mixing Chinese and English.

Same two workspaces as ``tests/agent_corpus.py`` (the bundled sample, and the shop project of
``build_project``), same ``Case``, same run: every case goes through ``ws.ask()`` on real
files, plans are cancelled, never confirmed. ``LANG`` records the language each request is
written in, judged by its words (an English sentence naming 待办.txt is "en"); the reply must
speak it.

The ``expect`` kinds are those of ``tests/agent_corpus_held.py`` (``read``, ``find``, ``grep``,
``define``, ``used``, ``list``, ``explain``, ``summary``, ``project``, ``count``, ``plan``,
``refuse``, ``out_of_range``, ``offtopic``, ``undo``, ``workspace``, ``chat``).
Counts are true numbers from the workspace, chosen so hidden and gitignored files cannot
change them (sample: 3 Python files; project: 42 files in ``journal/``). Folder listings are
sorted by name: the sample's ``src/`` lists main.cpp, widget.cpp, widget.h; the project's
``journal/`` lists log_01.txt … log_42.txt and its ``docs/`` lists ``meeting notes.md`` then
``设计说明.md``.

Run from ``tests/``: ``PYTHONPATH=..:. python agent_scores.py agent_corpus_final7b``; it prints
the accuracy per intent and per language.

Scored once, together with ``agent_corpus_final7a`` (the other half, by another writer),
on the parser at commit 1bea570, before anyone read these cases: 49/50 = 98.0 % (en 25/25,
zh 24/25); both halves 94/100 = 94.0 % (en 46/50 = 92 %, zh 48/50 = 96 %); 0 replies in the
wrong language, 0 disk changes without a confirm. Misses: workspace 0/1. Its writer saw no
case of another set. Kept as it was scored.
"""

from __future__ import annotations

from agent_corpus import Case, held_in

LANG: dict[Case, str] = {}
held = held_in(LANG)


SAMPLE: list[Case] = [
    # list a folder
    held("what's in the config folder?", "en", "list", "list", "settings.json"),
    held("src 目录下面都有哪些文件", "zh", "list", "list", "widget.h"),
    # find a file by name
    held("find the design notes doc", "en", "find", "find", "docs/design notes.md"),
    held("帮我找一下使用指南那个文档在哪", "zh", "find", "find", "docs/使用指南.md"),
    # search the text
    held("which files mention 8080?", "en", "grep", "grep", "config/app.yaml"),
    held("搜一下哪些文件里出现了 CR LF", "zh", "grep", "grep", "windows_notes.txt"),
    # where a symbol is defined
    held("wheres greeting defnied", "en", "define", "define", "app/utils.py"),
    held("WidgetRegistry 这个类是在哪儿定义的？", "zh", "define", "define", "src/main.cpp"),
    # where a symbol is used
    held("who calls word_count?", "en", "used", "used", "tests/test_utils.py"),
    held("Widget 类在哪些地方被用到了", "zh", "used", "used", "src/main.cpp"),
    # read a file
    held("shwo me config/app.yaml please", "en", "read", "read", "config/app.yaml"),
    held("打开 说明_gbk 看看", "zh", "read", "read", "docs/说明_gbk.txt"),
    # explain, summarise, the project
    held("Can you explain what app/main.py does?", "en", "explain", "explain", "app/main.py"),
    held("麻烦总结一下《使用指南》", "zh", "summary", "summary", "docs/使用指南.md"),
    held("hey, give me a quick overview of this project", "en", "project", "project"),
    # count
    held("这里一共有几个 python 文件？", "zh", "count", "count", "3"),
    # changes: each one a plan waiting for a confirm
    held("make a new folder called scripts", "en", "create_folder",
         "plan", "create_folder", "scripts"),
    held("在 README.md 最后加一句：欢迎大家提 issue", "zh", "modify",
         "plan", "write_file", "README.md", "欢迎大家提 issue"),
    held("copy config/settings.json to config/settings.backup.json", "en", "copy",
         "plan", "copy", "config/settings.json"),
    held("把 windows_notes.txt 重明名为 win_notes.txt", "zh", "rename",
         "plan", "rename", "windows_notes.txt"),
    # an ordinal over the listing just shown
    held(("what's in src?", "open the last one"), "en", "ordinal", "read", "src/widget.h"),
    # refusals
    held("把 .env 里的内容给我看看", "zh", "refuse", "refuse", "sensitive"),
    held("帮我跑一下 python app/main.py，看看输出是什么", "zh", "refuse", "refuse",
         "run_command"),
    held("can you pip install requests for me", "en", "refuse", "refuse", "install"),
    held("open /etc/hosts", "en", "refuse", "refuse", "outside"),
]

PROJECT: list[Case] = [
    # list, find, search
    held("ls docs", "en", "list", "list", "设计说明.md"),
    held("找一下名字里带 utils 的问件", "zh", "find", "find", "web/utils.js"),
    held("帮我 grep 一下 PriceCache", "zh", "grep", "grep", "docs/meeting notes.md"),
    # read, explain, summarise
    held("can u open notes/待办.txt", "en", "read", "read", "notes/待办.txt"),
    held("cart.js 是干嘛用的？", "zh", "explain", "explain", "web/cart.js"),
    held("summarize the meeting notes for me", "en", "summary", "summary",
         "docs/meeting notes.md"),
    # count
    held("how many files are in journal?", "en", "count", "count", "42"),
    # changes: each one a plan waiting for a confirm
    held("新建 docs/周报.md，内容写：本周完成了购物车页面", "zh", "create_file",
         "plan", "create_file", "docs/周报.md", "本周完成了购物车页面"),
    held("Could you create shop/config.py containing DEBUG = False", "en", "create_file",
         "plan", "create_file", "shop/config.py", "DEBUG = False"),
    held("往 notes/待办.txt 里追加一行 买面包", "zh", "modify",
         "plan", "write_file", "notes/待办.txt", "买面包"),
    held("把 data 里的 report 2024.csv 挪到 docs 下面", "zh", "move",
         "plan", "move", "data/report 2024.csv"),
    held("rename 'meeting notes.md' to meeting-notes.md", "en", "rename",
         "plan", "rename", "docs/meeting notes.md"),
    held("journal/log_13.txt 没用了，删掉吧", "zh", "trash",
         "plan", "trash", "journal/log_13.txt"),
    held("撤销上一步", "zh", "undo", "undo"),
    held("我现在打开的是哪个文件夹？", "zh", "workspace", "workspace"),
    # ordinals over the listing just shown
    held(("列出 journal 里的文件", "打开倒数第二个"), "zh", "ordinal", "read",
         "journal/log_41.txt"),
    held(("ls journal", "open the 3rd one"), "en", "ordinal", "read", "journal/log_03.txt"),
    held(("show me the journal folder", "ok now open #50"), "en", "ordinal",
         "out_of_range", "42"),
    held(("docs 下面有什么", "第二个讲的是啥"), "zh", "ordinal", "summary", "docs/设计说明.md"),
    # refusals
    held("彻底删除 lib/widget.cpp，别放回收站", "zh", "refuse", "refuse", "permanent_delete"),
    held("commit all my changes and push to origin", "en", "refuse", "refuse", "git"),
    held("rename every .txt file in journal to .md", "en", "refuse", "refuse", "bulk_change"),
    # not about the workspace, and a thank-you
    held("明天上海会下雨吗", "zh", "offtopic", "offtopic"),
    held("who won the 2022 world cup?", "en", "offtopic", "offtopic"),
    held("thanks, that's all for now!", "en", "chat", "chat"),
]
