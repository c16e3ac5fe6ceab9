"""The second fresh phrasing set (issue 24, step 5): 50 requests, 25 Chinese and 25 English.

Written last, by someone who read neither the offline parser nor any other phrasing set, so
its score is the honest figure. Same two workspaces as ``tests/agent_corpus.py`` (the bundled
sample, and the shop project of ``build_project``), same ``Case``, same run: every case goes
through ``ws.ask()`` on real files, plans are cancelled, never confirmed. ``LANG`` records the
language each request is written in, judged by its words (an English sentence naming
使用指南 is "en"); the reply must speak it.

The ``expect`` kinds are those of ``tests/agent_corpus_held.py`` (``read``, ``find``, ``grep``,
``define``, ``used``, ``list``, ``explain``, ``summary``, ``project``, ``count``, ``plan``,
``refuse``, ``out_of_range``, ``offtopic``, ``undo``, ``workspace``, ``chat``).
Counts are true numbers from the workspace, chosen so hidden and gitignored files cannot
change them (sample: 3 Python files; project: 42 files in ``journal/``). Folder listings are
sorted by name, so the project's ``journal/`` lists log_01.txt … log_42.txt and its
``docs/`` lists ``meeting notes.md`` then ``设计说明.md``.

Run from ``tests/``: ``PYTHONPATH=..:. python agent_scores.py agent_corpus_final2``; it prints
the accuracy per intent and per language.

Scored once, on the parser after its second round, before anyone read these cases:
41/50 = 82.0 % (en 22/25, zh 19/25); 0 replies in the wrong language, 0 disk changes
without a confirm. Kept as it was scored; the parser was not changed for it.
"""

from __future__ import annotations

from agent_corpus import Case, held_in

LANG: dict[Case, str] = {}
held = held_in(LANG)


SAMPLE: list[Case] = [
    # list a folder
    held("gimme the contents of the src folder", "en", "list", "list", "widget.h"),
    # find by name
    held("说明_gbk 这个文件搁哪儿了？", "zh", "find", "find", "docs/说明_gbk.txt"),
    # search text
    held("帮我 search 一下哪些文件里提到了“回收站”", "zh", "grep", "grep", "docs/使用指南.md"),
    # where defined / where used
    held("where's the WidgetRegistry class defiend?", "en", "define", "define", "src/main.cpp"),
    held("who calls word_count?", "en", "used", "used", "tests/test_utils.py"),
    held("Widget 这个类都在哪些地方被用到了", "zh", "used", "used", "src/main.cpp"),
    # read
    held("opne settings.json real quick", "en", "read", "read", "config/settings.json"),
    # explain / summarise a file
    held("walk me through what app/utils.py does", "en", "explain", "explain", "app/utils.py"),
    held("tl;dr of 使用指南 please", "en", "summary", "summary", "docs/使用指南.md"),
    held("用几句话概括一下 windows_notes 写了什么", "zh", "summary", "summary",
         "windows_notes.txt"),
    # the project
    held("so what's this repo all about?", "en", "project", "project"),
    # count
    held("hw many python files r there", "en", "count", "count", "3"),
    # create
    held("new file hello.txt, put 'hi there' in it", "en", "create", "plan", "create_file",
         "hello.txt", "hi there"),
    held("给我整个 scripts 文件夹", "zh", "mkdir", "plan", "create_folder", "scripts"),
    # modify / append
    held("tack 'Maintained by Ada.' onto the end of the README", "en", "modify", "plan",
         "write_file", "README.md", "Maintained by Ada."),
    # copy, move, rename, trash
    held("把 settings.json 拷一份出来做备份", "zh", "copy", "plan", "copy", "config/settings.json"),
    held("shove windows_notes.txt in the docs folder", "en", "move", "plan", "move",
         "windows_notes.txt"),
    held("design notes 改个名，叫 设计笔记.md", "zh", "rename", "plan", "rename",
         "docs/design notes.md"),
    held("chuck CMakeLists.txt in the bin", "en", "trash", "plan", "trash", "CMakeLists.txt"),
    # undo, workspace
    held("oops — can you undo my last change?", "en", "undo", "undo"),
    held("which folder are you looking at right now?", "en", "workspace", "workspace"),
    # refusals
    held("delete app/utils.py for good, don't bother with the recycle bin", "en", "refuse",
         "refuse", "permanent_delete"),
    held("pls execute app/main.py", "en", "refuse", "refuse", "run_command"),
    held("帮我把 web 的依赖 npm install 一下", "zh", "refuse", "refuse", "install"),
    held("commit my changes, message 'wip'", "en", "refuse", "refuse", "git"),
    held("what's the API key in .env?", "en", "refuse", "refuse", "sensitive"),
    # not a workspace request, greeting
    held("set an alarm for 7am tomorrow", "en", "offtopic", "offtopic"),
    held("哈喽，在不在～", "zh", "chat", "chat"),
]

PROJECT: list[Case] = [
    # list a folder
    held("shop 包里都有哪些文件呀", "zh", "list", "list", "models.py"),
    # find by name
    held("where'd I put the meeting notes?", "en", "find", "find", "docs/meeting notes.md"),
    # search text
    held("which files mention toFixed", "en", "grep", "grep", "web/utils.js"),
    # where defined
    held("slugify 函数在哪儿定义的呀", "zh", "define", "define", "shop/utils.py"),
    # read (an input-method typo: 大开 for 打开)
    held("大开《设计说明》看看", "zh", "read", "read", "docs/设计说明.md"),
    # explain
    held("给我讲讲 cart.js 是干嘛的", "zh", "explain", "explain", "web/cart.js"),
    # the project
    held("简单介绍下这个项目呗", "zh", "project", "project"),
    # count
    held("journal 里头一共几个日志文件？", "zh", "count", "count", "42"),
    # create
    held("帮我建个 购物清单.txt 放在 notes 里，内容是：鸡蛋、面包", "zh", "create", "plan",
         "create_file", "notes/购物清单.txt", "鸡蛋"),
    held("need a new folder called archive", "en", "mkdir", "plan", "create_folder", "archive"),
    # modify / append
    held("在待办里加一行：交电费", "zh", "modify", "plan", "write_file", "notes/待办.txt",
         "交电费"),
    # copy, move, rename, trash
    held("Would you be so kind as to make a copy of cart.js? Many thanks.", "en", "copy", "plan",
         "copy", "web/cart.js"),
    held("把 report 2024.csv 挪到 docs 里去", "zh", "move", "plan", "move", "data/report 2024.csv"),
    held("rename 'meeting notes.md' -> minutes.md", "en", "rename", "plan", "rename",
         "docs/meeting notes.md"),
    held("journal 里的 log_03 不要了，删了吧", "zh", "trash", "plan", "trash",
         "journal/log_03.txt"),
    # undo
    held("刚才那步撤回吧", "zh", "undo", "undo"),
    # ordinals over an earlier listing
    held(("journal 文件夹里有啥", "第二十三个打开瞅瞅"), "zh", "ordinal", "read",
         "journal/log_23.txt"),
    held(("show me the journal folder", "bin the second-to-last one"), "en", "ordinal", "plan",
         "trash", "journal/log_41.txt"),
    held(("docs 里有什么", "打开第五个"), "zh", "ordinal", "out_of_range", "2"),
    # refusals
    held("把 journal 里的日志一股脑儿全删了", "zh", "refuse", "refuse", "bulk_change"),
    held("看一下 ../../etc/hosts 里写了啥", "zh", "refuse", "refuse", "outside"),
    # not a workspace request
    held("帮我订张明天去上海的高铁票", "zh", "offtopic", "offtopic"),
]
