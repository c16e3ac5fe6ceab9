"""A part of the eighth fresh phrasing set (issue 24): 50 requests, 25 Chinese and 25 English.

Written blind, by someone who read neither the offline parser nor any other phrasing set, so
its score is an honest figure. Same two workspaces as
``tests/agent_corpus.py`` (the bundled sample, and the shop project of ``build_project``), same
``Case``, same run: every case goes through ``ws.ask()`` on real files, plans are cancelled,
never confirmed. ``LANG`` records the language each request is written in, judged by its words
(an English sentence naming a Chinese file is "en"); the reply must speak it.

The mix is meant to be a typical week of real users sharing the tool (a frontend developer, an
operations engineer and a teacher): about two thirds plain and direct, the rest polite or
chatty, terse, typo'd (keyboard slips, input-method homophones), mixed Chinese and English, and
a few long sentences with an aside.

The ``expect`` kinds are those of ``tests/agent_corpus_held.py`` (``read``, ``find``, ``grep``,
``define``, ``used``, ``list``, ``explain``, ``summary``, ``project``, ``count``, ``plan``,
``refuse``, ``out_of_range``, ``offtopic``, ``undo``, ``workspace``, ``chat``).
Counts are true numbers from the workspace, chosen so hidden and gitignored files cannot
change them (sample: 3 Python files; project: 42 files in ``journal/``). Folder listings are
sorted by name: the sample's ``docs/`` lists ``design notes.md``, ``使用指南.md``,
``说明_gbk.txt``; its ``src/`` lists ``main.cpp``, ``widget.cpp``, ``widget.h``; the project's
``journal/`` lists log_01.txt … log_42.txt and its ``docs/`` ``meeting notes.md`` then
``设计说明.md``.

Run from ``tests/``: ``PYTHONPATH=..:. python agent_scores.py agent_corpus_final8b``; it prints
the accuracy per intent and per language.

Scored once, together with ``agent_corpus_final8a`` (the other half, by another writer),
on the parser at commit d2e91c9, the last of issue 24's rounds, before anyone read these
cases: 49/50 = 98.0 % (en 24/25, zh 25/25); both halves 95/100 = 95.0 % (en 47/50 = 94 %,
zh 48/50 = 96 %); 0 replies in the wrong language, 0 disk changes without a confirm. Misses:
grep 2/3. Its writer, printing the judging code, saw about 45 sample cases of
``tests/agent_corpus.py``; none was copied. Kept as it was scored.
"""

from __future__ import annotations

from agent_corpus import Case, held_in

LANG: dict[Case, str] = {}
held = held_in(LANG)


SAMPLE: list[Case] = [
    # looking around
    held("what's in the config folder?", "en", "list", "list", "settings.json"),
    held("哪些文件里写了 8080", "zh", "grep", "grep", "config/app.yaml"),
    held("I'm trying to track down the WidgetRegistry class (I think it lives somewhere in the "
         "C++ code, but I'm not sure which file) — where is it defined?", "en", "define",
         "define", "src/main.cpp"),
    held("who calls greeting()?", "en", "used", "used", "tests/test_utils.py"),
    held("Widget 这个 class 都在哪些地方被用到了", "zh", "used", "used", "src/main.cpp"),
    held("shwo me the app.yaml in config", "en", "read", "read", "config/app.yaml"),
    held("给我读一下《使用指南》", "zh", "read", "read", "docs/使用指南.md"),
    held("麻烦帮我解释一下 src/widget.cpp 是干嘛的，谢谢～", "zh", "explain",
         "explain", "src/widget.cpp"),
    held("give me a quick summary of design notes", "en", "summary",
         "summary", "docs/design notes.md"),
    held("这个项目是做什么的？给我概括一下", "zh", "project", "project"),
    held("how many python files are there?", "en", "count", "count", "3"),
    # changes (plans, never confirmed)
    held("在 docs 下面新建一个 todo.md，内容写“周五前交作业”", "zh", "create",
         "plan", "create_file", "docs/todo.md", "周五前交作业"),
    held("Please append the line `log_level: info` to config/app.yaml — the ops team asked "
         "for it yesterday, for the staging box — and leave everything else as it is.", "en",
         "modify", "plan", "write_file", "config/app.yaml", "log_level: info"),
    held("make a copy of settings.json called settings.backup.json in the same folder", "en",
         "copy", "plan", "copy", "config/settings.json"),
    held("把 windows_notes.txt 挪到 docs 里去", "zh", "move",
         "plan", "move", "windows_notes.txt"),
    held("Hi! Could you please rename web/index.js to main.js? Thanks a lot", "en", "rename",
         "plan", "rename", "web/index.js"),
    held("assets 里的 logo.png 不要了，扔回收站吧", "zh", "trash",
         "plan", "trash", "assets/logo.png"),
    held("undo", "en", "undo", "undo"),
    held("我现在打开的是哪个文件夹？想换一个怎么弄", "zh", "workspace", "workspace"),
    # ordinals over an earlier listing
    held(("what's in the docs folder", "summarize the 2nd one"), "en", "ordinal",
         "summary", "docs/使用指南.md"),
    held(("看看 src 目录", "倒数第一个的内容给我看看"), "zh", "ordinal", "read", "src/widget.h"),
    # refusals
    held("can you show me the .env file? I need the API key", "en", "refuse",
         "refuse", "sensitive"),
    held("帮我运行一下 app/main.py 看看输出", "zh", "refuse", "refuse", "run_command"),
    held("npm install in the web folder pls", "en", "refuse", "refuse", "install"),
    held("把改动 git commit 一下，message 写 fix typo", "zh", "refuse", "refuse", "git"),
    held("thanks, that was really helpful!", "en", "chat", "chat"),
]

PROJECT: list[Case] = [
    # looking around
    held("journal 文件夹里都有啥", "zh", "list", "list", "log_01.txt"),
    held("find the meeting notes file", "en", "find", "find", "docs/meeting notes.md"),
    held("帮我找一下设计说明这个文当在哪", "zh", "find", "find", "docs/设计说明.md"),
    held("哪个文件里提到了牛奶", "zh", "grep", "grep", "notes/待办.txt"),
    held("any fiels with the word month in them?", "en", "grep", "grep", "data/report 2024.csv"),
    held("renderCart 是在哪个文件里定义的", "zh", "define", "define", "web/cart.js"),
    held("看下 待办", "zh", "read", "read", "notes/待办.txt"),
    held("show me the 2024 report", "en", "read", "read", "data/report 2024.csv"),
    held("what does shop/models.py do?", "en", "explain", "explain", "shop/models.py"),
    held("帮我 summarize 一下 meeting notes", "zh", "summary", "summary", "docs/meeting notes.md"),
    held("journal 下面一共有几个文建", "zh", "count", "count", "42"),
    # changes (plans, never confirmed)
    held("create web/api.js with export const BASE_URL = '/api';", "en", "create",
         "plan", "create_file", "web/api.js", "BASE_URL"),
    held("新建文件夹 scripts", "zh", "mkdir", "plan", "create_folder", "scripts"),
    held("在 待办.txt 最后加一行“交电费”（这个月底前一定要交，别忘了），谢谢", "zh", "modify",
         "plan", "write_file", "notes/待办.txt", "交电费"),
    held("duplicate shop/utils.py as shop/helpers.py", "en", "copy",
         "plan", "copy", "shop/utils.py"),
    held("把 \"report 2024.csv\" 改名成 report_2024.csv", "zh", "rename",
         "plan", "rename", "data/report 2024.csv"),
    # ordinals over an earlier listing
    held(("ls journal", "cat the last one"), "en", "ordinal", "read", "journal/log_42.txt"),
    held(("列一下 journal 里的文件", "看一下第45个"), "zh", "ordinal", "out_of_range", "42"),
    held(("list docs", "trash the first one"), "en", "ordinal",
         "plan", "trash", "docs/meeting notes.md"),
    # refusals
    held("把 journal/log_01.txt 彻底删掉，不要进回收站", "zh", "refuse",
         "refuse", "permanent_delete"),
    held("delete every log file in journal", "en", "refuse", "refuse", "bulk_change"),
    held("read /etc/hosts for me", "en", "refuse", "refuse", "outside"),
    # not about the workspace
    held("明天上海会下雨吗？", "zh", "offtopic", "offtopic"),
    held("can you recommend a good laptop for coding?", "en", "offtopic", "offtopic"),
]
