"""A part of the sixth fresh phrasing set (issue 24): 50 requests, 25 Chinese and 25 English.

Written blind, by someone who read neither the offline parser nor any other phrasing set, so
its score is an honest figure. The voice leans toward researchers and
data people (students, analysts) who keep notes, CSVs and scripts: half-remembered names,
questions asked as worries, long polite sentences, mainland colloquialisms, keyboard and
input-method typos. Same two workspaces as ``tests/agent_corpus.py`` (the bundled sample, and
the shop project of ``build_project``), same ``Case``, same run: every case goes through
``ws.ask()`` on real files, plans are cancelled, never confirmed. ``LANG`` records the language
each request is written in, judged by its words (an English sentence naming 使用指南.md is
"en"); the reply must speak it.

The ``expect`` kinds are those of ``tests/agent_corpus.py``'s ``judged`` (``read``, ``find``,
``grep``, ``define``, ``used``, ``list``, ``explain``, ``summary``, ``project``, ``count``,
``plan``, ``refuse``, ``out_of_range``, ``offtopic``, ``undo``, ``workspace``, ``chat``).
Counts are true numbers from the workspace, chosen so hidden and gitignored files cannot
change them (sample: 3 Python files; project: 42 files in ``journal/``). Folder listings are
sorted by name: the sample's ``src/`` lists main.cpp, widget.cpp, widget.h and its ``app/``
main.py, utils.py; the project's ``journal/`` lists log_01.txt … log_42.txt and its ``docs/``
``meeting notes.md`` then ``设计说明.md``.

Run from ``tests/``: ``PYTHONPATH=..:. python agent_scores.py agent_corpus_final6a``; it prints
the accuracy per intent and per language.

Scored once, together with ``agent_corpus_final6b`` (the other half, by another writer),
on the parser at commit bc26d15, before anyone read these cases: 39/50 = 78.0 % (en 20/25,
zh 19/25); both halves 79/100 = 79.0 % (en 41/50 = 82 %, zh 38/50 = 76 %); 0 replies in the
wrong language, 0 disk changes without a confirm. Misses: define 0/2, find 1/3, grep 2/3,
list 1/2, mkdir 0/1, move 1/2, offtopic 1/2, used 1/2, write 1/2. Long, worried sentences
with a second clause ("… I keep forgetting") were the main cause. Its writer saw no case of
another set. Kept as it was scored.
"""

from __future__ import annotations

from agent_corpus import Case, held_in

LANG: dict[Case, str] = {}
held = held_in(LANG)


SAMPLE: list[Case] = [
    # list a folder
    held("hi, sorry to bother you — could you list what's inside the config folder? I honestly "
         "forgot what I put in there last semester", "en", "list", "list", "app.yaml"),
    # find a file by name
    held("我记得有张叫 logo 的图片，放哪儿了来着？", "zh", "find", "find", "assets/logo.png"),
    # search the text
    held("哪些文件里写了 8080 这个端口号啊，我怕改的时候漏掉一处", "zh", "grep", "grep",
         "config/app.yaml"),
    # where a symbol is defined
    held("WidgetRegistry 这个类是在哪儿定义的来着？翻了半天没找着", "zh", "define", "define",
         "src/main.cpp"),
    # where a symbol is used
    held("is word_count actually called anywhere, or did I write that function for nothing?",
         "en", "used", "used", "tests/test_utils.py"),
    held("Widget 这个类都在哪些地方被用到了？我想改它的构造函数，先看看影响面", "zh", "used",
         "used", "src/main.cpp"),
    # read a file
    held("can u pls opne the settings json real quick", "en", "read", "read",
         "config/settings.json"),
    held("帮我打开《使用指南》瞅一眼", "zh", "read", "read", "docs/使用指南.md"),
    # explain a file
    held("What does app/main.py actually do? I inherited this folder from a senior in my lab and "
         "I'm a bit lost, so a plain explanation would be great.", "en", "explain", "explain",
         "app/main.py"),
    # summarise a file
    held("design notes 那个文档能帮我概括一下吗，说个大概就行，不用太细", "zh", "summary",
         "summary", "docs/design notes.md"),
    # the project overview
    held("Could you give me a quick overview of this whole project — what it is and how it's "
         "organised? I need to describe it in my methods section.", "en", "project", "project"),
    # count
    held("how many python files are there in here in total?", "en", "count", "count", "3"),
    # create a file with content (再 for 在: an input-method slip)
    held("再 docs 里新建一个 todo.md，内容写：周五前把图表跑完", "zh", "create", "plan",
         "create_file", "docs/todo.md", "周五前把图表跑完"),
    # modify a file
    held("in config/app.yaml please change the port from 8080 to 9090, the lab server already "
         "uses 8080", "en", "write", "plan", "write_file", "config/app.yaml", "port: 9090"),
    # move (文件加 for 文件夹: an input-method slip)
    held("把 windows_notes.txt 挪到 docs 文件加里去吧", "zh", "move", "plan", "move",
         "windows_notes.txt"),
    # rename
    held("Would you mind renaming 使用指南.md to user-guide.md? My supervisor's scripts choke on "
         "non-ASCII file names.", "en", "rename", "plan", "rename", "docs/使用指南.md"),
    # trash
    held("assets 里那个 data.bin 没啥用了，删了吧", "zh", "trash", "plan", "trash",
         "assets/data.bin"),
    # undo (nothing was confirmed, so there is nothing to undo)
    held("oh no, I think I just messed something up — can you undo my last change?", "en",
         "undo", "undo"),
    # a question about the workspace itself
    held("我现在打开的是哪个文件夹啊？要是想换成别的目录该咋弄", "zh", "workspace",
         "workspace"),
    # ordinals over an earlier listing
    held(("what's in src?", "ok open the second one"), "en", "ordinal", "read",
         "src/widget.cpp"),
    held(("看一下 app 文件夹里都有啥", "倒数第一个是干嘛用的？"), "zh", "ordinal", "explain",
         "app/utils.py"),
    # refusals
    held(".env 里那个 API key 是多少来着，帮我看一眼", "zh", "refuse", "refuse", "sensitive"),
    held("can you just run app/main.py and tell me what it prints? too lazy to open a terminal "
         "lol", "en", "refuse", "refuse", "run_command"),
    held("please commit everything and push it to github with the message 'final version'",
         "en", "refuse", "refuse", "git"),
    held("帮我 pip install 一下 pandas 呗，notebook 里好像没装", "zh", "refuse", "refuse",
         "install"),
]

PROJECT: list[Case] = [
    # list a folder
    held("notes 目录下都有啥来着", "zh", "list", "list", "待办.txt"),
    # find a file by name
    held("is there somewhere a file with 'report' in its name? a csv from last year, I think",
         "en", "find", "find", "data/report 2024.csv"),
    # 那个 for 哪个: an input-method slip
    held("那个叫 cart 的 js 文件在那个目录下？", "zh", "find", "find", "web/cart.js"),
    # search the text
    held("Did I already note PriceCache down somewhere? Which files mention it?", "en", "grep",
         "grep", "docs/meeting notes.md"),
    held("搜一下哪个文件里写了“顾客”这两个字", "zh", "grep", "grep", "docs/设计说明.md"),
    # where a symbol is defined
    held("where's slugify defined again? I keep forgetting", "en", "define", "define",
         "shop/utils.py"),
    # read a file
    held("show me the meeting notes pls", "en", "read", "read", "docs/meeting notes.md"),
    # explain a file
    held("cart.js 是干嘛的？麻烦给我解释下，我不太懂 js", "zh", "explain", "explain",
         "web/cart.js"),
    # summarise a file
    held("Could you summarise 设计说明 for me? My Chinese reading is a bit slow, sorry.", "en",
         "summary", "summary", "docs/设计说明.md"),
    # the project overview
    held("这个项目整体是干嘛的？给我讲讲大概的结构呗", "zh", "project", "project"),
    # count
    held("journal 文件夹里一共有多少个文件啊？我怕漏了几天没记", "zh", "count", "count", "42"),
    # create a file with content
    held("make a new file notes/ideas.txt with 'try a log transform on total' in it", "en",
         "create", "plan", "create_file", "notes/ideas.txt", "try a log transform on total"),
    # create a folder
    held("新建个文件夹叫 figures，专门用来放图", "zh", "mkdir", "plan", "create_folder",
         "figures"),
    # append to a file
    held("在 待办.txt 末尾加一行：整理问卷数据", "zh", "write", "plan", "write_file",
         "notes/待办.txt", "整理问卷数据"),
    # copy
    held("Could you make a copy of 'report 2024.csv' into the notes folder as a backup before I "
         "start messing with it? Thanks a lot.", "en", "copy", "plan", "copy",
         "data/report 2024.csv"),
    # move
    held("move meeting notes.md over to notes/, it doesn't really belong in docs", "en", "move",
         "plan", "move", "docs/meeting notes.md"),
    # ordinals over an earlier listing
    held(("list the journal folder", "open number 50"), "en", "ordinal", "out_of_range", "42"),
    held(("what's in docs?", "summarise the last one for me"), "en", "ordinal", "summary",
         "docs/设计说明.md"),
    held(("列一下 journal 里的文件", "打开第三个看看"), "zh", "ordinal", "read",
         "journal/log_03.txt"),
    # refusals
    held("把 journal/log_01.txt 彻底删掉，别放回收站了", "zh", "refuse", "refuse",
         "permanent_delete"),
    held("delete all the log files in journal, every single one of them", "en", "refuse",
         "refuse", "bulk_change"),
    held("can you read ~/Downloads/survey_raw.csv for me? it's not in this folder but I need it",
         "en", "refuse", "refuse", "outside"),
    # not about the workspace
    held("明天北京会下雨吗？要不要带伞", "zh", "offtopic", "offtopic"),
    held("what's a good textbook for learning mixed-effects models?", "en", "offtopic",
         "offtopic"),
    # a thank-you
    held("好的谢谢你，辛苦啦~", "zh", "chat", "chat"),
]
