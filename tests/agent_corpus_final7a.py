"""Part a of the seventh fresh phrasing set (issue 24): 50 requests, 25 Chinese and 25 English.

Written blind, by someone who read neither the offline parser nor any other phrasing set,
as the everyday mix a teacher, a product manager and a hobbyist programmer would type into
one notebook over a week: mostly plain requests, some polite or chatty, some terse, a few
keyboard or input-method typos, a few mixing Chinese and English.

Same two workspaces as ``tests/agent_corpus.py`` (the bundled sample, and the shop project of
``build_project``), same ``Case``, same run: every case goes through ``ws.ask()`` on real
files, plans are cancelled, never confirmed. ``LANG`` records the language each request is
written in, judged by its words (an English sentence naming 待办.txt is "en"); the reply
must speak it.

The ``expect`` kinds are those of ``tests/agent_corpus.py``'s ``judged`` (``read``, ``find``,
``grep``, ``define``, ``used``, ``list``, ``explain``, ``summary``, ``project``, ``count``,
``plan``, ``refuse``, ``out_of_range``, ``offtopic``, ``undo``, ``workspace``, ``chat``).
Counts are true numbers from the workspace, chosen so hidden and gitignored files cannot
change them (sample: 3 Python files; project: 42 files in ``journal/``, 2 JavaScript files).
Folder listings are sorted by name: the project's ``journal/`` lists log_01.txt … log_42.txt,
its ``docs/`` ``meeting notes.md`` then ``设计说明.md``; the sample's ``src/`` lists
``main.cpp``, ``widget.cpp``, ``widget.h``.

Run from ``tests/``: ``PYTHONPATH=..:. python agent_scores.py agent_corpus_final7a``; it prints
the accuracy per intent and per language.

Scored once, together with ``agent_corpus_final7b`` (the other half, by another writer),
on the parser at commit 1bea570, before anyone read these cases: 45/50 = 90.0 % (en 21/25,
zh 24/25); both halves 94/100 = 94.0 % (en 46/50 = 92 %, zh 48/50 = 96 %); 0 replies in the
wrong language, 0 disk changes without a confirm. Misses: define 2/3, edit 1/2, grep 2/3,
project 0/1, workspace 0/1. Its writer saw no case of another set. Kept as it was scored.
"""

from __future__ import annotations

from agent_corpus import Case, held_in

LANG: dict[Case, str] = {}
held = held_in(LANG)


SAMPLE: list[Case] = [
    # list a folder
    held("ls src", "en", "list", "list", "widget.h"),
    held("列一下 config 目录里的文件", "zh", "list", "list", "app.yaml"),
    # find by name
    held("find teh file called widget", "en", "find", "find", "src/widget.h"),
    held("帮我找找名字里带“说明”的文件", "zh", "find", "find", "docs/说明_gbk.txt"),
    # search text
    held("which files have 8080 in them?", "en", "grep", "grep", "config/app.yaml"),
    held("搜一下哪些文件里提到了 工作区", "zh", "grep", "grep", "docs/使用指南.md"),
    # where defined, where used
    held("where's the Widget class defined?", "en", "define", "define", "src/widget.h"),
    held("who calls greeting()?", "en", "used", "used", "tests/test_utils.py"),
    held("Widget 在那些地方被用到了", "zh", "used", "used", "src/main.cpp"),
    # read, explain, summarise
    held("打开《使用指南》看看", "zh", "read", "read", "docs/使用指南.md"),
    held("what does main.py in the app folder do", "en", "explain", "explain", "app/main.py"),
    held("Could you give me a short summary of the design notes? Thanks!", "en", "summary",
         "summary", "docs/design notes.md"),
    # the whole project
    held("give me a quick tour of this repo", "en", "project", "project"),
    # count
    held("how many python files are there?", "en", "count", "count", "3"),
    # change a file, copy, trash
    held("in app.yaml change the port to 9090", "en", "edit",
         "plan", "write_file", "config/app.yaml", "port: 9090"),
    held("make a copy of settings.json called settings.backup.json", "en", "copy",
         "plan", "copy", "config/settings.json"),
    held("把 windows_notes.txt 扔进回收站吧", "zh", "trash", "plan", "trash", "windows_notes.txt"),
    # an ordinal over an earlier listing
    held(("src 下面有哪些文件", "打开第一个"), "zh", "ordinal", "read", "src/main.cpp"),
    # refusals
    held("delete design notes permanently, don't just move it to the trash", "en", "refuse",
         "refuse", "permanent_delete"),
    held("can u run app/main.py and tell me what it prints", "en", "refuse",
         "refuse", "run_command"),
    held("帮我 pip install 一下 requests", "zh", "refuse", "refuse", "install"),
    held("commit everything and push it to github", "en", "refuse", "refuse", "git"),
    held("把 .env 里面的 key 给我看看", "zh", "refuse", "refuse", "sensitive"),
    # the workspace itself, chat, not about the workspace
    held("hey, quick question: which folder is this notebook actually working in?", "en",
         "workspace", "workspace"),
    held("好的，谢谢啦！", "zh", "chat", "chat"),
    held("what's the weather like in Berlin tomorrow?", "en", "offtopic", "offtopic"),
]

PROJECT: list[Case] = [
    # list a folder
    held("journal 下面的文件全部列出来", "zh", "list", "list", "log_01.txt", "42"),
    # find by name
    held("帮我找下 report 那个文件", "zh", "find", "find", "data/report 2024.csv"),
    # search text
    held("look for the text 'tiny shop'", "en", "grep", "grep", "README.md"),
    # where defined
    held("wher is the Order clas defined", "en", "define", "define", "shop/models.py"),
    held("slugify 是在哪个文件里定义的？", "zh", "define", "define", "shop/utils.py"),
    # read, explain, summarise
    held("看一下 models 这个文件的内容", "zh", "read", "read", "shop/models.py"),
    held("open the meeting notes pls", "en", "read", "read", "docs/meeting notes.md"),
    held("cart.js 是干什么用的？", "zh", "explain", "explain", "web/cart.js"),
    held("帮我总节一下设计说明这篇文档", "zh", "summary", "summary", "docs/设计说明.md"),
    # count
    held("journal 里一共有几个文件？", "zh", "count", "count", "42"),
    held("how many js files in this project", "en", "count", "count", "2"),
    # create, change, move, rename, undo
    held("Please create notes/ideas.md with the line: call the supplier on monday", "en",
         "create", "plan", "create_file", "notes/ideas.md", "call the supplier on monday"),
    held("新建 docs/周报.md，内容写：本周完成了购物车页面", "zh", "create",
         "plan", "create_file", "docs/周报.md", "本周完成了购物车页面"),
    held("make a new folder named archive", "en", "mkdir", "plan", "create_folder", "archive"),
    held("在待办.txt 最后加一行：买鸡蛋", "zh", "edit",
         "plan", "write_file", "notes/待办.txt", "买鸡蛋"),
    held("把 待办.txt move 到 docs 下面", "zh", "move", "plan", "move", "notes/待办.txt"),
    held("rename 'report 2024.csv' to report_2024.csv", "en", "rename",
         "plan", "rename", "data/report 2024.csv"),
    held("撤销刚才那一步", "zh", "undo", "undo"),
    # ordinals over an earlier listing
    held(("list the journal folder", "show me the fifth one"), "en", "ordinal",
         "read", "journal/log_05.txt"),
    held(("journal 目录下有啥", "倒数第二个打开看看"), "zh", "ordinal",
         "read", "journal/log_41.txt"),
    held(("what's in journal?", "open #50"), "en", "ordinal", "out_of_range", "42"),
    # refusals
    held("把 journal 里的 log 全删了", "zh", "refuse", "refuse", "bulk_change"),
    held("帮我读一下 /etc/hosts 这个文件", "zh", "refuse", "refuse", "outside"),
    # not about the workspace
    held("帮我写一首关于春天的诗", "zh", "offtopic", "offtopic"),
]
