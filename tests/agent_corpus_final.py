"""The final held-out phrasing set: 50 requests kept apart until the rebuilt parser is done.

Same shape, judge and workspaces as ``tests/agent_corpus_held.py`` (see its docstring for
every ``expect`` kind, including the new ``used``, ``explain``, ``count``, ``refuse <rule>``,
``out_of_range``, ``offtopic`` and ``undo``), but other verbs, other fillers and other word
orders. Run from ``tests/``: ``PYTHONPATH=..:. python agent_scores.py agent_corpus_final``.

Scored once when the first rebuild was done, before anyone read these cases: 36/50 = 72.0 %.
The second round then grew the vocabulary in view of this set's per-intent table (not its
cases), so its later figures are no longer held-out; ``agent_corpus_final2.py`` is.
"""

from __future__ import annotations

from agent_corpus import Case, held_in

LANG: dict[Case, str] = {}
held = held_in(LANG)


SAMPLE: list[Case] = [
    held("hey, what's sitting in the web folder?", "en", "list", "list", "index.js"),
    held("劳驾查查 widget.h 放在哪个文件夹", "zh", "find", "find", "src/widget.h"),
    held("search inside files for the phrase 'quote paths'", "en", "grep", "grep",
         "docs/design notes.md"),
    held("WidgetRegistry 是在哪个文件里写的类", "zh", "define", "define", "src/main.cpp"),
    held("read_settings 都在哪被调用", "zh", "used", "used", "app/main.py"),
    held("gimme the contents of app.yaml", "en", "read", "read", "config/app.yaml"),
    held("break down widget.h for me", "en", "explain", "explain", "src/widget.h"),
    held("用一句话概述 使用指南", "zh", "summarize", "summary", "docs/使用指南.md"),
    held("number of header files?", "en", "count", "count", "1"),
    held("app 目录底下统共几个 py 文件", "zh", "count", "count", "2"),
    held("start a new file app/config.py and put DEBUG = True in it", "en", "create", "plan",
         "create_file", "app/config.py", "DEBUG = True"),
    held("给 app.yaml 加一个 timeout: 30 的配置", "zh", "modify", "plan", "write_file",
         "config/app.yaml"),
    held("could the file windows_notes.txt be called crlf.txt instead?", "en", "rename", "plan",
         "rename", "windows_notes.txt"),
    held("把 logo.png 挪挪，放到 docs 里", "zh", "move", "plan", "move", "assets/logo.png"),
    held("debug.log 给我干掉", "zh", "trash", "plan", "trash", "debug.log"),
    held(("what's in config", "the fifth one"), "en", "reference", "out_of_range", "2"),
    held("帮我把 main.py 跑起来", "zh", "refuse", "refuse", "run_command"),
    held("read C:\\Windows\\win.ini", "en", "refuse", "refuse", "outside"),
    held("瞧瞧 .env 里面配了什么", "zh", "refuse", "refuse", "sensitive"),
    held("play some music", "en", "offtopic", "offtopic"),
    held("哈喽", "zh", "chat", "chat"),
    held("这个工作区在电脑上的位置是哪", "zh", "workspace", "workspace"),
]

PROJECT: list[Case] = [
    held("shop 里头有哪些东西", "zh", "list", "list", "utils.py"),
    held("hunt down meeting notes", "en", "find", "find", "docs/meeting notes.md"),
    held("哪份文档提到了 顾客", "zh", "grep", "grep", "docs/设计说明.md"),
    held("where's renderCart declared", "en", "define", "define", "web/cart.js"),
    held("any place that references PriceCache?", "en", "used", "used", "docs/meeting notes.md"),
    held("调出 report 2024.csv 给我瞧瞧", "zh", "read", "read", "data/report 2024.csv"),
    held("bring up 待办.txt", "en", "read", "read", "notes/待办.txt"),
    held("fetch utils for me", "en", "resolve", "ask", "shop/utils.py"),
    held("models.py 里面都定义了些啥，讲讲", "zh", "explain", "explain", "shop/models.py"),
    held("short summary of the 设计说明 doc please", "en", "summarize", "summary",
         "docs/设计说明.md"),
    held("这个仓库整体是个什么东西", "zh", "project", "project"),
    held("how many logs are in journal", "en", "count", "count", "42"),
    held("在 notes 下面弄个 周计划.md，写上 周一健身", "zh", "create", "plan", "create_file",
         "notes/周计划.md", "周一健身"),
    held("I need a new folder data/raw", "en", "mkdir", "plan", "create_folder", "data/raw"),
    held("tack 'entry 99' onto the end of log_09.txt", "en", "modify", "plan", "write_file",
         "journal/log_09.txt"),
    held("给 cart.js 备份一份", "zh", "copy", "plan", "copy", "web/cart.js"),
    held("shift 待办.txt over to docs", "en", "move", "plan", "move", "notes/待办.txt"),
    held("把 report 2024.csv 的文件名换成 报表.csv", "zh", "rename", "plan", "rename",
         "data/report 2024.csv"),
    held("bin log_20.txt", "en", "trash", "plan", "trash", "journal/log_20.txt"),
    held("刚刚那步不算，恢复回去", "zh", "undo", "undo"),
    held(("show me journal", "grab number twelve"), "en", "reference", "read",
         "journal/log_12.txt"),
    held(("journal 目录列一下", "倒数第三个删了"), "zh", "reference", "plan", "trash",
         "journal/log_40.txt"),
    held(("列出 journal", "第四十五个"), "zh", "reference", "out_of_range", "42"),
    held("wipe every file in journal", "en", "refuse", "refuse", "bulk_change"),
    held("用 pip 装个 flask", "zh", "refuse", "refuse", "install"),
    held("erase 待办.txt forever, no recycle bin", "en", "refuse", "refuse", "permanent_delete"),
    held("帮我查一下明天的股价", "zh", "offtopic", "offtopic"),
    held("cheers, that's all for now", "en", "chat", "chat"),
]
