"""A part of the fifth fresh phrasing set (issue 24): 50 requests, 25 Chinese and 25 English.

Written blind, by someone who read neither the offline parser nor any other phrasing set, so
its score is an honest figure. The requests lean toward how people
new to programming talk (office workers, students): plain words, loose names, polite or
chatty, with keyboard typos and input-method homophones. Same two workspaces as
``tests/agent_corpus.py`` (the bundled sample, and the shop project of ``build_project``),
same ``Case``, same run: every case goes through ``ws.ask()`` on real files, plans are
cancelled, never confirmed. ``LANG`` records the language each request is written in, judged
by its words (an English sentence naming 待办.txt is "en"); the reply must speak it.

The ``expect`` kinds are those of ``agent_corpus.judged`` (``read``, ``find``, ``grep``,
``define``, ``used``, ``list``, ``explain``, ``summary``, ``project``, ``count``, ``plan``,
``refuse``, ``out_of_range``, ``offtopic``, ``undo``, ``workspace``, ``chat``).
Counts are true numbers that hidden and gitignored files cannot change (sample: 3 Markdown
files; project: 43 ``.txt`` files, the 42 logs of ``journal/`` and ``notes/待办.txt``).
Folder listings are sorted by name: the sample's ``src/`` lists main.cpp, widget.cpp,
widget.h and its ``docs/`` lists ``design notes.md``, 使用指南.md, 说明_gbk.txt; the
project's ``web/`` holds 2 files and its ``shop/`` lists __init__.py, models.py, utils.py.

Run from ``tests/``:
``PYTHONPATH=..:. python agent_scores.py agent_corpus_final5a``; it prints the
accuracy per intent and per language.

Scored once, together with ``agent_corpus_final5b`` (the other half, by another writer),
on the parser at commit a1fa8bb, before anyone read these cases: 44/50 = 88.0 % (en 22/25,
zh 22/25); both halves 89/100 = 89.0 % (en 46/50 = 92 %, zh 43/50 = 86 %); 0 replies in the
wrong language, 0 disk changes without a confirm. Misses: find 2/3, grep 2/3, create_file
1/2, modify 1/2, ordinal 4/5, refuse 6/7. Its writer, looking up the judging code, saw about
58 phrasings of ``tests/agent_corpus.py``'s first cases and the last 13 of
``agent_corpus_final2.py``; none was copied. Kept as it was scored.
"""

from __future__ import annotations

from agent_corpus import Case, held_in

LANG: dict[Case, str] = {}
held = held_in(LANG)


SAMPLE: list[Case] = [
    # list a folder
    held("src 目录下都有些啥文件呀？", "zh", "list", "list", "widget.h"),
    # find a file by name
    held("hi, where did i put the package json file?", "en", "find", "find",
         "web/package.json"),
    held("帮我找找那个 gbk 的说明文件在哪儿", "zh", "find", "find", "docs/说明_gbk.txt"),
    # search the text
    held("which file talks about 'insertion order'?", "en", "grep", "grep",
         "docs/design notes.md"),
    held("哪个文件里提到了“回收站”这个词？", "zh", "grep", "grep", "docs/使用指南.md"),
    # where a name is defined, where it is used
    held("sorry where's WidgetRegistry defined again?", "en", "define", "define",
         "src/main.cpp"),
    held("where does the code actually use the Widget class?", "en", "used", "used",
         "src/main.cpp"),
    held("word_count 这个函数在哪些地方被调用了？", "zh", "used", "used",
         "tests/test_utils.py"),
    # read a file, named loosely
    held("can u open windows_notes for me", "en", "read", "read", "windows_notes.txt"),
    held("麻烦打开《使用指南》我看看", "zh", "read", "read", "docs/使用指南.md"),
    held("pull up the design notes from docs please", "en", "read", "read",
         "docs/design notes.md"),
    # explain, summarise, the whole project
    held("app/main.py 这个文件是干嘛用的？能解释下吗", "zh", "explain", "explain",
         "app/main.py"),
    held("give me a quick summary of the readme", "en", "summary", "summary", "README.md"),
    held("这个项目大概是做啥的，给我整体介绍一下呗", "zh", "project", "project"),
    # count
    held("how many markdown files r there in total?", "en", "count", "count", "3"),
    # changes: each one a plan, cancelled
    held("pls make a new file called todo.txt in the docs folder, it should say: buy coffee "
         "beans", "en", "create_file", "plan", "create_file", "docs/todo.txt",
         "buy coffee beans"),
    held("把 app.yaml 里的端口从 8080 改成 9090 谢谢", "zh", "modify", "plan", "write_file",
         "config/app.yaml", "port: 9090"),
    held("could you make a copy of settings.json? just want a backup", "en", "copy", "plan",
         "copy", "config/settings.json"),
    held("windows_notes.txt 没用了，帮我删了吧", "zh", "trash", "plan", "trash",
         "windows_notes.txt"),
    # ordinals over an earlier listing
    held(("what's in src", "ok open the 2nd one"), "en", "ordinal", "read", "src/widget.cpp"),
    held(("docs 下面有哪些文件", "倒数第一个打开看看"), "zh", "ordinal", "read",
         "docs/说明_gbk.txt"),
    # refusals
    held("can you show me whats in the .env file? forgot my password lol", "en", "refuse",
         "refuse", "sensitive"),
    held("帮我 pip 装一下 requests 这个库", "zh", "refuse", "refuse", "install"),
    held("run app/main.py and tell me what it prints out", "en", "refuse", "refuse",
         "run_command"),
    # a thank-you
    held("thx a lot, that was super helpful!", "en", "chat", "chat"),
]

PROJECT: list[Case] = [
    # list a folder
    held("看看 notes 文件夹下面有啥", "zh", "list", "list", "待办.txt"),
    # find a file by name
    held("do we have a report 2024 file anywhere??", "en", "find", "find",
         "data/report 2024.csv"),
    # search the text
    held("哪个文件里写了“牛奶”？", "zh", "grep", "grep", "notes/待办.txt"),
    # where a name is defined (定意: an input-method slip for 定义)
    held("Customer 这个类是在哪定意的", "zh", "define", "define", "shop/models.py"),
    # read, explain, summarise (总节: a slip for 总结), the whole project
    held("打开待办看一眼", "zh", "read", "read", "notes/待办.txt"),
    held("waht does cart.js do exactly?", "en", "explain", "explain", "web/cart.js"),
    held("帮我总节一下 meeting notes 讲了啥", "zh", "summary", "summary",
         "docs/meeting notes.md"),
    held("new here - what is this project about? an overview would be great", "en", "project",
         "project"),
    # count
    held("一共有多少个 txt 文件？", "zh", "count", "count", "43"),
    # changes: each one a plan, cancelled
    held("在 notes 里新建一个 购物清单.txt，内容写：鸡蛋、面包", "zh", "create_file", "plan",
         "create_file", "notes/购物清单.txt", "鸡蛋、面包"),
    held("make a new folder called archive please", "en", "create_folder", "plan",
         "create_folder", "archive"),
    held("can you add a line 'call the supplier on friday' to the end of 待办.txt", "en",
         "modify", "plan", "write_file", "notes/待办.txt", "call the supplier on friday"),
    held("把 report 2024.csv 挪到 docs 文件夹里去", "zh", "move", "plan", "move",
         "data/report 2024.csv"),
    held("can we rename 'meeting notes.md' to 'notes-2024.md'?", "en", "rename", "plan",
         "rename", "docs/meeting notes.md"),
    # undo
    held("哎呀弄错了，帮我撤销一下刚才的操作", "zh", "undo", "undo"),
    # the workspace itself
    held("which folder am i working in right now?", "en", "workspace", "workspace"),
    # ordinals over an earlier listing
    held(("list the journal folder", "make a copy of the third one from the bottom"), "en",
         "ordinal", "plan", "copy", "journal/log_40.txt"),
    held(("看下 web 文件夹", "第3个打开"), "zh", "ordinal", "out_of_range", "2"),
    held(("what's in shop?", "summarize the last one"), "en", "ordinal", "summary",
         "shop/utils.py"),
    # refusals
    held("把 log_01.txt 彻底删掉，不要进回收站", "zh", "refuse", "refuse", "permanent_delete"),
    held("rename every file in journal so they end in .md instead of .txt", "en", "refuse",
         "refuse", "bulk_change"),
    held("帮我 git commit 一下，备注就写 更新", "zh", "refuse", "refuse", "git"),
    held("打开我桌面上的 C:\\Users\\me\\Desktop\\工资表.xlsx", "zh", "refuse", "refuse",
         "outside"),
    # not a workspace request
    held("明天北京天气咋样啊", "zh", "offtopic", "offtopic"),
    held("can u recommend a good pizza place near me", "en", "offtopic", "offtopic"),
]
