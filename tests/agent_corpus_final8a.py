"""A part of the eighth fresh phrasing set (issue 24): 50 requests, 25 Chinese and 25 English.

Written blind, by someone who read neither the offline parser nor any other phrasing set, as
the mix a typical week of real users produces (a designer, a data analyst and a student
sharing the tool): about two thirds plain and direct, the rest polite or chatty, terse,
typo'd (keyboard typos, Chinese input-method homophones), mixed Chinese and English, and a
few long sentences with an aside. Same two workspaces as
``tests/agent_corpus.py`` (the bundled sample, and the shop project of ``build_project``),
same ``Case``, same run: every case goes through ``ws.ask()`` on real files, plans are
cancelled, never confirmed. ``LANG`` records the language each request is written in, judged
by its words (an English sentence naming 说明_gbk.txt is "en"); the reply must speak it.

The ``expect`` kinds are those of ``tests/agent_corpus_held.py`` (``read``, ``find``, ``grep``,
``define``, ``used``, ``list``, ``explain``, ``summary``, ``project``, ``count``, ``plan``,
``refuse``, ``out_of_range``, ``offtopic``, ``undo``, ``workspace``, ``chat``).
Counts are true numbers from the workspace, chosen so hidden and gitignored files cannot
change them (sample: 3 Python files, 2 files in ``app/``; project: 42 files in ``journal/``).
Folder listings are sorted by name, so the project's ``journal/`` lists log_01.txt …
log_42.txt and its ``docs/`` lists ``meeting notes.md`` then ``设计说明.md``.

Run from ``tests/``: ``PYTHONPATH=..:. python agent_scores.py agent_corpus_final8a``; it
prints the accuracy per intent and per language.

Scored once, together with ``agent_corpus_final8b`` (the other half, by another writer),
on the parser at commit d2e91c9, the last of issue 24's rounds, before anyone read these
cases: 46/50 = 92.0 % (en 23/25, zh 23/25); both halves 95/100 = 95.0 % (en 47/50 = 94 %,
zh 48/50 = 96 %); 0 replies in the wrong language, 0 disk changes without a confirm. Misses:
count 1/2, mkdir 1/2, project 1/2, refuse 6/7. Its writer, printing the judging code, saw
the first ~50 lines of ``tests/agent_corpus.py``'s sample cases; none was copied. Kept as
it was scored.
"""

from __future__ import annotations

from agent_corpus import Case, held_in

LANG: dict[Case, str] = {}
held = held_in(LANG)

SAMPLE: list[Case] = [
    # looking around
    held("what's inside the config folder?", "en", "list", "list", "settings.json"),
    held("is there a yaml file anywhere in here", "en", "find", "find", "config/app.yaml"),
    held("any file with the text 'slider' in it?", "en", "grep", "grep", "web/index.js"),
    held("Could you tell me where load_settings is defined, please?", "en", "define",
         "define", "app/utils.py"),
    held("wher is word_count used", "en", "used", "used", "tests/test_utils.py"),
    held("Widget 这个类都在哪些地方用到了？", "zh", "used", "used", "src/main.cpp"),
    # reading and understanding
    held("show me the design notes", "en", "read", "read", "docs/design notes.md"),
    held("打开《使用指南》", "zh", "read", "read", "docs/使用指南.md"),
    held("what does main.cpp do?", "en", "explain", "explain", "src/main.cpp"),
    held("帮我 summarize 一下 design notes", "zh", "summary", "summary",
         "docs/design notes.md"),
    held("I'm the designer here (just joined, so go easy on me) — could you give me a rough "
         "overview of how this whole project is put together?", "en", "project", "project"),
    held("一共有几个 python 问件？", "zh", "count", "count", "3"),
    # changes (plans only)
    held('new file ideas.txt, put "try a darker theme for the buttons" in it', "en",
         "create", "plan", "create_file", "ideas.txt", "darker theme"),
    held("建个文件夹叫 drafts", "zh", "mkdir", "plan", "create_folder", "drafts"),
    held("add a line at the end of README.md: TODO dark mode", "en", "edit",
         "plan", "write_file", "README.md", "TODO dark mode"),
    held("帮我 copy 一份 settings.json 做备份", "zh", "copy",
         "plan", "copy", "config/settings.json"),
    held("renmae windows_notes.txt to win_notes.txt", "en", "rename",
         "plan", "rename", "windows_notes.txt"),
    held("delete 说明_gbk.txt, we don't need it anymore", "en", "trash",
         "plan", "trash", "docs/说明_gbk.txt"),
    # the workspace itself
    held("what folder are we working in right now?", "en", "workspace", "workspace"),
    # ordinal over an earlier listing, out of range
    held(("看看 app 目录", "打开第5个"), "zh", "ordinal", "out_of_range", "2"),
    # refusals
    held("把 assets/data.bin 彻底删除，不用进回收站", "zh", "refuse",
         "refuse", "permanent_delete"),
    held("帮我 run 一下 app/main.py，看看输出啥", "zh", "refuse", "refuse", "run_command"),
    held("pip install pandas pls", "en", "refuse", "refuse", "install"),
    held("what's the API key in .env?", "en", "refuse", "refuse", "sensitive"),
    # not about the workspace
    held("明天上海会下雨吗？", "zh", "offtopic", "offtopic"),
]

PROJECT: list[Case] = [
    # looking around
    held("shop 文件夹里都有啥", "zh", "list", "list", "models.py"),
    held("待办那个文件在哪个文件夹里来着", "zh", "find", "find", "notes/待办.txt"),
    held("哪些文件里提到了 PriceCache？", "zh", "grep", "grep", "docs/meeting notes.md"),
    held("slugify 是在哪定意的", "zh", "define", "define", "shop/utils.py"),
    # reading and understanding
    held("hey can u pull up the meeting notes real quick", "en", "read",
         "read", "docs/meeting notes.md"),
    held("cart.js 是干嘛用的？解释一下", "zh", "explain", "explain", "web/cart.js"),
    held("tldr README.md", "en", "summary", "summary", "README.md"),
    held("这个项目整体是什么结构？大概介绍一下", "zh", "project", "project"),
    held("how many fiels are in journal?", "en", "count", "count", "42"),
    # changes (plans only)
    held("帮我在 notes 下面新建一个 会议纪要.md（名字就用中文，方便组里其他人找），"
         "内容写：周五前交初稿", "zh", "create",
         "plan", "create_file", "notes/会议纪要.md", "周五前交初稿"),
    held("add an exports folder inside data", "en", "mkdir",
         "plan", "create_folder", "data/exports"),
    held("在 待办.txt 末尾加一行：交周报", "zh", "edit",
         "plan", "write_file", "notes/待办.txt", "交周报"),
    held('move "report 2024.csv" into docs', "en", "move",
         "plan", "move", "data/report 2024.csv"),
    held("把 meeting notes.md 重命名为 会议记录.md", "zh", "rename",
         "plan", "rename", "docs/meeting notes.md"),
    held("journal 里的 log_07 不要了，删掉吧", "zh", "trash",
         "plan", "trash", "journal/log_07.txt"),
    held("刚才那步 undo 一下", "zh", "undo", "undo"),
    # ordinals over an earlier listing
    held(("列出 journal 文件夹", "打开第三个"), "zh", "ordinal", "read", "journal/log_03.txt"),
    held(("list journal", "read the second to last one"), "en", "ordinal",
         "read", "journal/log_41.txt"),
    held(("show me what's in journal", "open number 50"), "en", "ordinal",
         "out_of_range", "42"),
    held(("docs 里有什么", "看下最后一个"), "zh", "ordinal", "read", "docs/设计说明.md"),
    # refusals
    held("rename all the logs in journal so they start with 2024_", "en", "refuse",
         "refuse", "bulk_change"),
    held("帮我把改动提交到 git，再推到远程仓库", "zh", "refuse", "refuse", "git"),
    held("打开 ~/Downloads/发票.pdf 看看", "zh", "refuse", "refuse", "outside"),
    # not about the workspace, and chat
    held("what's a good font pairing for a landing page?", "en", "offtopic", "offtopic"),
    held("thanks, that's exactly what I needed!", "en", "chat", "chat"),
]
