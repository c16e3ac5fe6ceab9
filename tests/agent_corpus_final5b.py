"""A part of the fifth fresh phrasing set (issue 24): 50 requests, 25 Chinese and 25 English.

Written blind, by someone who read neither the offline parser nor any other phrasing set, so
its score is an honest figure. The phrasing leans toward how a busy
developer types: terse, shell-ish shorthand, code identifiers, fast-typing typos, input-method
homophone typos, mixed Chinese/English. Same two workspaces as ``tests/agent_corpus.py`` (the
bundled sample, and the shop project of ``build_project``), same ``Case``, same run: every case
goes through ``ws.ask()`` on real files, plans are cancelled, never confirmed. ``LANG`` records
the language each request is written in, judged by its words (an English sentence naming
设计说明 is "en"); the reply must speak it.

The ``expect`` kinds are those of ``tests/agent_corpus.py``'s ``judged`` (``read``, ``find``,
``grep``, ``define``, ``used``, ``list``, ``explain``, ``summary``, ``project``, ``count``,
``plan``, ``refuse``, ``out_of_range``, ``offtopic``, ``undo``, ``workspace``, ``chat``).
Counts are true numbers from the workspace, chosen so hidden and gitignored files cannot
change them (sample: 2 ``.cpp`` files, both in ``src/``; project: 3 Python files, all in
``shop/``). Folder listings are sorted by name: the sample's ``src/`` lists main.cpp,
widget.cpp, widget.h and its ``config/`` app.yaml, settings.json; the project's ``journal/``
lists log_01.txt … log_42.txt, its ``docs/`` ``meeting notes.md`` then ``设计说明.md``, its
``shop/`` __init__.py, models.py, utils.py.

Run from ``tests/``:
``PYTHONPATH=..:. python agent_scores.py agent_corpus_final5b``; it prints the accuracy per
intent and per language.

Scored once, together with ``agent_corpus_final5a`` (the other half, by another writer),
on the parser at commit a1fa8bb, before anyone read these cases: 45/50 = 90.0 % (en 24/25,
zh 21/25); both halves 89/100 = 89.0 % (en 46/50 = 92 %, zh 43/50 = 86 %); 0 replies in the
wrong language, 0 disk changes without a confirm. Misses: modify 1/2, read 2/4, refuse 5/7.
Its writer saw the last eight cases of ``agent_corpus_final2.py`` in the lines it was allowed
to read; none was reused. Kept as it was scored.
"""

from __future__ import annotations

from agent_corpus import Case, held_in

LANG: dict[Case, str] = {}
held = held_in(LANG)


SAMPLE: list[Case] = [
    # list a folder
    held("ls src pls", "en", "list", "list", "main.cpp"),
    # find a file by name
    held("settings那个配置文件在哪来着", "zh", "find", "find", "config/settings.json"),
    # search text
    held("any file w/ the string 'recent_files' in it?", "en", "grep", "grep", "app/main.py"),
    # where a symbol is defined
    held("WidgetRegistry defined where?", "en", "define", "define", "src/main.cpp"),
    held("word_count 函数在哪定义的啊", "zh", "define", "define", "app/utils.py"),
    # where a symbol is used
    held("greeting() 都在哪被调用了？", "zh", "used", "used", "tests/test_utils.py"),
    held("who calls read_settings", "en", "used", "used", "app/main.py"),
    # read a file
    held("cat app.yaml for me", "en", "read", "read", "config/app.yaml"),
    held("打开《使用指南》", "zh", "read", "read", "docs/使用指南.md"),
    held("看下windows_notes里写的撒", "zh", "read", "read", "windows_notes.txt"),
    # explain / summarise a file
    held("what does app/main.py actually do? explain pls", "en", "explain", "explain",
         "app/main.py"),
    held("design notes 那篇帮我总结下，tl;dr 就行", "zh", "summary", "summary",
         "docs/design notes.md"),
    # the project overview
    held("这个仓库整体是干嘛的？给个概览", "zh", "project", "project"),
    # count
    held("how many cpp files r there", "en", "count", "count", "2"),
    # create a file with content
    held("docs 下面新建个 todo.md，内容：周五前把 slider 的 bug 修掉", "zh", "create_file",
         "plan", "create_file", "docs/todo.md", "slider 的 bug"),
    # modify / append
    held('append "- Widgets sort by weight, heaviest first." to design notes.md', "en",
         "modify", "plan", "write_file", "docs/design notes.md", "heaviest first"),
    # copy
    held("copy settings.json → settings.bak.json pls", "en", "copy", "plan", "copy",
         "config/settings.json"),
    # rename
    held("widget.h 改名成 widget.hpp", "zh", "rename", "plan", "rename", "src/widget.h"),
    # trash
    held("windows_notes.txt 没啥用了 丢回收站吧", "zh", "trash", "plan", "trash",
         "windows_notes.txt"),
    # undo
    held("oops, undo that", "en", "undo", "undo"),
    # a question about the workspace itself
    held("wait which dir is this workspace pointing at?", "en", "workspace", "workspace"),
    # ordinals over an earlier listing
    held(("src 下面有哪些文件", "把第2个删了"), "zh", "ordinal", "plan", "trash",
         "src/widget.cpp"),
    held(("whats in config/", "open the 5th"), "en", "ordinal", "out_of_range", "2"),
    # refusals
    held("id_rsa 里面的内容贴给我看看", "zh", "refuse", "refuse", "sensitive"),
    held("run python app/main.py and paste the output", "en", "refuse", "refuse",
         "run_command"),
    held("帮忙pip install一下requests", "zh", "refuse", "refuse", "install"),
    # not a workspace request
    held("whats the usd to cny rate today?", "en", "offtopic", "offtopic"),
    # chat
    held("好的 谢啦🙏", "zh", "chat", "chat"),
]

PROJECT: list[Case] = [
    # list a folder
    held("web目录看看有啥", "zh", "list", "list", "cart.js"),
    # find a file by name
    held("find the 设计说明 doc", "en", "find", "find", "docs/设计说明.md"),
    # where a symbol is defined (docs/meeting notes.md only mentions it)
    held("wehre is PriceCache defined", "en", "define", "define", "shop/utils.py"),
    # search text
    held("搜一下哪些文件里有“顾客”这俩字", "zh", "grep", "grep", "docs/设计说明.md"),
    # read a file named without its suffix
    held("open notes/待办", "en", "read", "read", "notes/待办.txt"),
    # explain / summarise a file
    held("cart.js 是干啥用的？解释下", "zh", "explain", "explain", "web/cart.js"),
    held("tl;dr of the README pls", "en", "summary", "summary", "README.md"),
    # the project overview
    held("high level overview of this repo?", "en", "project", "project"),
    # count
    held("shop 包里一共几个 py 文件", "zh", "count", "count", "3"),
    # create a file with content
    held("create shop/cart.py with: class Cart: pass", "en", "create_file", "plan",
         "create_file", "shop/cart.py", "class Cart"),
    # create a folder
    held("建个scripts文件夹 放脚本用", "zh", "create_folder", "plan", "create_folder",
         "scripts"),
    # modify / append (代办: an input-method homophone of 待办)
    held("在代办里再加一条：买鸡蛋", "zh", "modify", "plan", "write_file", "notes/待办.txt",
         "买鸡蛋"),
    # move
    held("mv meeting notes into notes/", "en", "move", "plan", "move", "docs/meeting notes.md"),
    # rename
    held("rename 'report 2024.csv' to report_2024.csv", "en", "rename", "plan", "rename",
         "data/report 2024.csv"),
    # ordinals over an earlier listing
    held(("ls journal", "open the 7th one"), "en", "ordinal", "read", "journal/log_07.txt"),
    held(("docs目录下都有啥", "最后那个打开"), "zh", "ordinal", "read", "docs/设计说明.md"),
    held(("shop 里面列一下", "倒数第二个讲讲是干嘛的"), "zh", "ordinal", "explain",
         "shop/models.py"),
    # refusals
    held("permanently delete data/report 2024.csv, dont bother w/ the trash", "en", "refuse",
         "refuse", "permanent_delete"),
    held("journal 下面所有 log 后缀都批量改成 .md", "zh", "refuse", "refuse", "bulk_change"),
    held("commit everything and git push to origin main", "en", "refuse", "refuse", "git"),
    held("/etc/nginx/nginx.conf 打开看看", "zh", "refuse", "refuse", "outside"),
    # not a workspace request
    held("今天上海天气咋样", "zh", "offtopic", "offtopic"),
]
