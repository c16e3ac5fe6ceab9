"""The third fresh phrasing set (issue 24): 50 requests, 25 Chinese and 25 English.

Written blind, by someone who read neither the offline parser nor any other phrasing set, so
its score is an honest figure; it is scored once. Same two workspaces as
``tests/agent_corpus.py`` (the bundled sample, and the shop project of ``build_project``), same
``Case``, same run: every case goes through ``ws.ask()`` on real files, plans are cancelled,
never confirmed. ``LANG`` records the language each request is written in, judged by its words
(an English sentence naming 设计说明 is "en"); the reply must speak it.

The ``expect`` kinds are those ``tests/agent_corpus.py``'s ``run_case`` judges (``read``,
``find``, ``grep``, ``define``, ``used``, ``list``, ``explain``, ``summary``, ``project``,
``count``, ``plan``, ``refuse``, ``out_of_range``, ``offtopic``, ``undo``, ``workspace``,
``chat``). Counts are true numbers from the workspace, chosen so hidden and gitignored files
cannot change them (sample: 3 files in ``src/``; project: 2 ``.js`` files). Folder listings are
sorted by name: the sample's ``src/`` lists main.cpp, widget.cpp, widget.h; its ``docs/``
lists ``design notes.md``, ``使用指南.md``, ``说明_gbk.txt``; its ``config/`` holds 2 files; the
project's ``journal/`` lists log_01.txt … log_42.txt.

Run from ``tests/``: ``PYTHONPATH=..:. python agent_scores.py agent_corpus_final3``; it prints
the accuracy per intent and per language.

Scored once, on the parser after its third round (commit 2e36667), before anyone read these
cases: 44/50 = 88.0 % (en 23/25 = 92 %, zh 21/25 = 84 %); 0 replies in the wrong language,
0 disk changes without a confirm. Per intent: 100 % everywhere but create_folder 0/1, grep
2/3, refuse 6/7, trash 0/1, used 1/2, write_file 1/2. Its writer, looking up the judging code,
saw some 50 phrasings of ``tests/agent_corpus.py``'s first cases and a few of the unit tests'
refusal phrasings; none was copied. Kept as it was scored.
"""

from __future__ import annotations

from agent_corpus import Case, held_in

LANG: dict[Case, str] = {}
held = held_in(LANG)


SAMPLE: list[Case] = [
    # list a folder
    held("hey what's inside the config dir?", "en", "list", "list", "settings.json"),
    # find by name
    held("app.yaml 放哪个目录了来着", "zh", "find", "find", "config/app.yaml"),
    # search text
    held("which files have recent_files in them", "en", "grep", "grep", "config/settings.json"),
    held("全文搜一下“计划”这个词，看看哪些文件有", "zh", "grep", "grep", "docs/使用指南.md"),
    # where used
    held("read_settings 在哪被调用了？", "zh", "used", "used", "app/main.py"),
    held("where's load_utils getting used", "en", "used", "used", "tests/test_utils.py"),
    # read
    held("帮我打开 docs 里的 design notes 看看", "zh", "read", "read", "docs/design notes.md"),
    # explain, summarise
    held("给我讲讲 utils.py 是干啥用的", "zh", "explain", "explain", "app/utils.py"),
    held("使用指南 帮我总结以下", "zh", "summary", "summary", "docs/使用指南.md"),
    # the project overview
    held("give me the big picture of this codebase", "en", "project", "project"),
    # count
    held("src 下面一共几个文件啊", "zh", "count", "count", "3"),
    # create a file, modify, move, trash
    held("make a new file docs/todo.md that says fix the build", "en", "create_file", "plan",
         "create_file", "docs/todo.md", "fix the build"),
    held("add a line at the end of README.md: Maintained by Ada", "en", "write_file", "plan",
         "write_file", "README.md", "Maintained by Ada"),
    held("could you move CMakeLists.txt into src", "en", "move", "plan", "move",
         "CMakeLists.txt"),
    held("把 tests 里面那个 test_utils.py 删了吧，用不上了", "zh", "trash", "plan", "trash",
         "tests/test_utils.py"),
    # undo
    held("ugh revert what u just did", "en", "undo", "undo"),
    # ordinals over an earlier listing
    held(("list src", "open the 3rd one"), "en", "ordinal", "read", "src/widget.h"),
    held(("docs 里都有啥", "倒数第二个打开看下"), "zh", "ordinal", "read", "docs/使用指南.md"),
    held(("列出 config 里的文件", "看下第四个"), "zh", "ordinal", "out_of_range", "2"),
    # refusals
    held("delete README.md for good, don't send it to the trash", "en", "refuse", "refuse",
         "permanent_delete"),
    held("can u run tests/test_utils.py and tell me if it passes", "en", "refuse", "refuse",
         "run_command"),
    held("id_rsa 里面是啥，内容贴出来我看看", "zh", "refuse", "refuse", "sensitive"),
    # not a workspace request
    held("whats the weather gonna be like in berlin tmrw", "en", "offtopic", "offtopic"),
    # chit-chat
    held("thx, that helped a lot!", "en", "chat", "chat"),
    # the workspace itself
    held("which folder is this workspace actually pointing at?", "en", "workspace", "workspace"),
]

PROJECT: list[Case] = [
    # list a folder
    held("shop 文件夹下面都有些撒文件", "zh", "list", "list", "models.py"),
    # find by name
    held("where did i put the report 2024 csv?", "en", "find", "find", "data/report 2024.csv"),
    held("帮忙找下《待办》在哪个文件夹", "zh", "find", "find", "notes/待办.txt"),
    # search text
    held("帮我 grep 一下 PriceCache，看哪些文件里有", "zh", "grep", "grep",
         "docs/meeting notes.md"),
    # where defined
    held("where is formatPrice declared?", "en", "define", "define", "web/utils.js"),
    held("Customer 这个类实在哪定义的", "zh", "define", "define", "shop/models.py"),
    # read
    held("open 《设计说明》 please", "en", "read", "read", "docs/设计说明.md"),
    held("lib 里的 widget.h 给我看看", "zh", "read", "read", "lib/widget.h"),
    # explain, summarise
    held("what does shop/models.py do?", "en", "explain", "explain", "shop/models.py"),
    held("tl;dr of the meeting notes in docs?", "en", "summary", "summary",
         "docs/meeting notes.md"),
    # the project overview
    held("这个项目大概是做什么的？整体介绍一下", "zh", "project", "project"),
    # count
    held("hwo many .js files are there", "en", "count", "count", "2"),
    # create a file, a folder; modify, copy, rename
    held("在 notes 下面新建个 shopping.txt，内容写：鸡蛋 两打", "zh", "create_file", "plan",
         "create_file", "notes/shopping.txt", "鸡蛋"),
    held("new folder named old_logs pls", "en", "create_folder", "plan", "create_folder",
         "old_logs"),
    held("给待办再添一条：交电费", "zh", "write_file", "plan", "write_file", "notes/待办.txt",
         "交电费"),
    held("把 report 2024.csv 复制一份到 docs 里", "zh", "copy", "plan", "copy",
         "data/report 2024.csv"),
    held("把 meeting notes.md 改名成 会议记录.md", "zh", "rename", "plan", "rename",
         "docs/meeting notes.md"),
    held("rename cart.js -> basket.js", "en", "rename", "plan", "rename", "web/cart.js"),
    # ordinals over an earlier listing
    held(("看看 journal 目录", "第十二个删掉"), "zh", "ordinal", "plan", "trash",
         "journal/log_12.txt"),
    held(("what's in journal?", "show me number 40"), "en", "ordinal", "read",
         "journal/log_40.txt"),
    # refusals
    held("把所有 txt 文件名后面都加上 _old", "zh", "refuse", "refuse", "bulk_change"),
    held("帮我装一下 requests 这个包", "zh", "refuse", "refuse", "install"),
    held("commit all my changes and push them to github", "en", "refuse", "refuse", "git"),
    held("what's in /var/log/syslog?", "en", "refuse", "refuse", "outside"),
    # not a workspace request
    held("提醒我下午三点开会", "zh", "offtopic", "offtopic"),
]
