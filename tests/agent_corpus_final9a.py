"""The ninth blind phrasing set, part a: newcomers, data analysts and a designer.

The voice: people exploring a project they did not write (what kinds of files are here, which
are big, what changed lately, which line sets the port), and a designer who wants to find a
config value and tweak it. About half English and half Chinese, mostly plain direct requests,
with some polite or chatty ones, terse ones, keyboard typos and input-method homophones
(图篇, 最进, 配制, 社置), Chinese mixed with English words, and a few long sentences with an
aside. About sixty requests are of the new kinds of issue 32 (kinds, sizes and times; contents;
references; one value in place; open; bulk refusals), the rest the everyday ones of the older
sets.

Written blind, before the parser changes, by a separate writer who read neither the parser nor
any other set. What the writer read: issue 32, the helpers and ``judged`` of
``agent_corpus.py`` (not its cases), the files of the bundled sample workspace and their bytes
(encodings, line endings), and the index of both workspaces as data (names, sizes, suffixes).
Every expected path, quoted text and edited text was checked against the real files.

``MTIMES`` gives the days before now the scorer sets on the files the time questions need;
every other file is 400 days old. Only the day-0 files changed "today" or "this week"; the
other dates sit clear of the windows asked about ("the last 3 days", 最近一周, "the past 30
days").

Scored once on the parser at commit 86fa239, before the issue-32 work (a clean export of that
commit, ``cd tests && PYTHONPATH=..:. python agent_scores.py agent_corpus_final9a``): 47/100,
English 23/50, Chinese 24/50; 0 replies in the wrong language, 0 disk changes without a confirm,
0 Python lines shown. Per intent: the new kinds 9/62 (kind 3/9, size 0/7, time 0/8, contents
0/10, reference 2/10, setvalue 0/8, open 0/5, bulk 4/5); the everyday ones 38/38 (ask 1/1, chat
2/2, count 2/2, define 3/3, explain 2/2, find 2/2, grep 3/3, list 2/2, offtopic 2/2, plan 8/8,
read 3/3, refuse 2/2, summary 3/3, undo 1/1, used 2/2).
"""

from __future__ import annotations

from agent_corpus import Case, held_in

LANG: dict[Case, str] = {}
held = held_in(LANG)

MTIMES: dict[str, dict[str, float]] = {
    "sample": {
        "config/settings.json": 0,
        "config/app.yaml": 1,
        "src/widget.cpp": 2,
        "docs/design notes.md": 4,
    },
    "project": {
        "shop/models.py": 0,
        "web/cart.js": 0,
        "docs/meeting notes.md": 0,
        "journal/log_42.txt": 20,
    },
}

SAMPLE: list[Case] = [
    # kinds, sizes and times
    held("show me all the json files", "en", "kind", "rows",
         "config/settings.json", "web/package.json"),
    held("列出所有的 Python 文件", "zh", "kind", "rows",
         "app/main.py", "app/utils.py", "tests/test_utils.py"),
    held("列出所有图篇", "zh", "kind", "rows", "assets/logo.png"),
    held("how many c++ files r there", "en", "kind", "count", "3"),
    held("哪个文件最大？", "zh", "size", "top", "data/large.txt"),
    held("the 3 biggest files", "en", "size", "top",
         "data/large.txt", "README.md", "tests/test_utils.py"),
    held("files over 500 bytes", "en", "size", "rows",
         "data/large.txt", "README.md", "tests/test_utils.py", "app/main.py", "app/utils.py",
         "src/main.cpp", "assets/data.bin"),
    held("smallest file in src pls", "en", "size", "top", "src/widget.h"),
    held("今天改过哪些文件？", "zh", "time", "rows", "config/settings.json"),
    held("what's been modifed in the last 3 days?", "en", "time", "rows",
         "config/settings.json", "config/app.yaml", "src/widget.cpp"),
    held("最进一周改过的文件有哪些", "zh", "time", "rows",
         "config/settings.json", "config/app.yaml", "src/widget.cpp", "docs/design notes.md"),
    held("src 下最新的文件是哪个", "zh", "time", "top", "src/widget.cpp"),
    # contents
    held("what port does the app listen on?", "en", "contents", "quote",
         "config/app.yaml", "8080"),
    held("哪个文件设置了主题？", "zh", "contents", "quote", "config/settings.json", "theme"),
    held("hey, quick one: what's the max number of widgets allowed right now?", "en",
         "contents", "quote", "config/settings.json", "max_widgets"),
    held("debug 模式开着吗", "zh", "contents", "quote", "config/app.yaml", "debug"),
    held("which C++ standard does the build use?", "en", "contents", "quote",
         "CMakeLists.txt", "CMAKE_CXX_STANDARD"),
    held("web 那边依赖了哪些包？", "zh", "contents", "quote", "web/package.json", "dependencies"),
    held("what's the app called in the yaml config?", "en", "contents", "quote",
         "config/app.yaml", "wsnb-sample"),
    held("greeting 函数返回什么？", "zh", "contents", "quote", "app/utils.py", "greeting"),
    # references
    held(("which files are yaml?", "great, now can you read that file for me"), "en",
         "reference", "read", "config/app.yaml"),
    held(("看一下 app/utils.py", "好的，那你现在帮我把它复制到 tests 文件夹里"), "zh",
         "reference", "plan", "copy", "app/utils.py"),
    held("read the CRLF file", "en", "reference", "read", "windows_notes.txt"),
    held("那个 GBK 编码的文件里写了什么？", "zh", "reference", "read", "docs/说明_gbk.txt"),
    held("给我看看那个 C++ 头文件", "zh", "reference", "read", "src/widget.h"),
    held(("read tests/test_utils.py", "ok cool, so could you then rename it to test_helpers.py"),
         "en", "reference", "plan", "rename", "tests/test_utils.py"),
    # one value in place
    held("set max_widgets to 25 in settings.json", "en", "setvalue", "edit",
         "config/settings.json", '"max_widgets": 10', '"max_widgets": 25'),
    held("把 app.yaml 里的端口改成 9090", "zh", "setvalue", "edit",
         "config/app.yaml", "port: 8080", "port: 9090"),
    held("set app.debug to true in config/app.yaml", "en", "setvalue", "edit",
         "config/app.yaml", "debug: false", "debug: true"),
    held("settings.json 里把主题换成 dark", "zh", "setvalue", "edit",
         "config/settings.json", '"theme": "light"', '"theme": "dark"'),
    held("bump the version in web/package.json to 0.2.0", "en", "setvalue", "edit",
         "web/package.json", '"version": "0.1.0"', '"version": "0.2.0"'),
    held("could you change app.name in app.yaml to wsnb-demo? it's only for a screenshot I'm "
         "making, nothing serious", "en", "setvalue", "edit",
         "config/app.yaml", "name: wsnb-sample", "name: wsnb-demo"),
    held("把 package.json 里 scripts.start 改成 node index.js --watch", "zh", "setvalue", "edit",
         "web/package.json", '"start": "node index.js"', '"start": "node index.js --watch"'),
    held("把 settings.json 的 user 社置成 demo user", "zh", "setvalue", "edit",
         "config/settings.json", '"user": "sample user"', '"user": "demo user"'),
    # open
    held("open README.md", "en", "open", "open", "README.md"),
    held("打开那个 YAML 配制文件", "zh", "open", "open", "config/app.yaml"),
    held("can you open the design notes please", "en", "open", "open", "docs/design notes.md"),
    # bulk refusals
    held("delete everything in this workspace", "en", "bulk", "refuse"),
    held("把 src 下面的文件全部删掉", "zh", "bulk", "refuse"),
    # the everyday ones
    held("show me CMakeLists.txt", "en", "read", "read", "CMakeLists.txt"),
    held("找一下名字里带 widget 的文件", "zh", "find", "find", "src/widget.h", "2"),
    held("which files mention left-pad", "en", "grep", "grep", "web/package.json"),
    held("where is WidgetRegistry defined?", "en", "define", "define", "src/main.cpp"),
    held("read_settings 在哪里被调用了", "zh", "used", "used", "app/main.py"),
    held("解释一下 app/main.py 是干嘛的", "zh", "explain", "explain", "app/main.py"),
    held("帮我总结一下 docs/使用指南.md", "zh", "summary", "summary", "docs/使用指南.md"),
    held("在 docs 里新建一个 todo.md", "zh", "plan", "plan", "create_file", "docs/todo.md"),
    held("run app/main.py for me", "en", "refuse", "refuse", "run_command"),
    held("今天天气怎么样", "zh", "offtopic", "offtopic"),
    held("thanks, that's really helpful!", "en", "chat", "chat"),
]

PROJECT: list[Case] = [
    # kinds, sizes and times
    held("shwo me the python files", "en", "kind", "rows",
         "shop/__init__.py", "shop/models.py", "shop/utils.py"),
    held("列出所有 js 文件", "zh", "kind", "rows", "web/cart.js", "web/utils.js"),
    held("列一下 C++ 的文件", "zh", "kind", "rows", "lib/widget.cpp", "lib/widget.h"),
    held("how many txt files are there", "en", "kind", "count", "43"),
    held("docs 下有几个 markdown 文件", "zh", "kind", "count", "2"),
    held("whats the biggest file in the project", "en", "size", "top", "shop/utils.py"),
    held("the 2 largest files in web", "en", "size", "top", "web/utils.js", "web/cart.js"),
    held("大于 50 字节的文件有哪些", "zh", "size", "rows",
         "shop/utils.py", "web/utils.js", "README.md", "web/cart.js", "lib/widget.cpp"),
    held("麻烦帮我看看今天改了哪些文件，谢谢", "zh", "time", "rows",
         "shop/models.py", "web/cart.js", "docs/meeting notes.md"),
    held("files changed this week", "en", "time", "rows",
         "shop/models.py", "web/cart.js", "docs/meeting notes.md"),
    held("what changed in the past 30 days?", "en", "time", "rows",
         "shop/models.py", "web/cart.js", "docs/meeting notes.md", "journal/log_42.txt"),
    held("我刚接手这个项目，还不太熟——能不能先告诉我 journal 里最新的是哪个文件？", "zh", "time",
         "top", "journal/log_42.txt"),
    # contents
    held("what does formatPrice do?", "en", "contents", "quote", "web/utils.js", "formatPrice"),
    held("slugify 这个函数是干什么的", "zh", "contents", "quote", "shop/utils.py", "slugify"),
    # references
    held(("read shop/models.py", "请把它移到 lib 文件夹"), "zh", "reference", "plan", "move",
         "shop/models.py"),
    held("read log 7", "en", "reference", "read", "journal/log_07.txt"),
    held(("docs 里有什么", "读一下那个中文的文档"), "zh", "reference", "read", "docs/设计说明.md"),
    held(("what's in data?", "ok and, like, could you summarize that csv for me"), "en",
         "reference", "summary", "data/report 2024.csv"),
    # open
    held("open the meeting notes", "en", "open", "open", "docs/meeting notes.md"),
    held("打开 shop/utils.py", "zh", "open", "open", "shop/utils.py"),
    # bulk refusals
    held("wipe the whole project, I want to start from scratch", "en", "bulk", "refuse"),
    held("把所有文件都删了", "zh", "bulk", "refuse"),
    held("清空 journal 文件夹", "zh", "bulk", "refuse"),
    # the everyday ones
    held("cat README.md", "en", "read", "read", "README.md"),
    held("看看 notes/待办.txt", "zh", "read", "read", "notes/待办.txt"),
    held("find files named utils", "en", "find", "find", "shop/utils.py", "2"),
    held("which files mention PriceCache?", "en", "grep", "grep", "docs/meeting notes.md"),
    held("哪些文件里写了买牛奶", "zh", "grep", "grep", "notes/待办.txt"),
    held("where's the Customer class?", "en", "define", "define", "shop/models.py"),
    held("PriceCache 在哪定义的", "zh", "define", "define", "shop/utils.py"),
    held("where is widget.h included", "en", "used", "used", "lib/widget.cpp"),
    held("journal 文件夹里有什么", "zh", "list", "list", "log_01.txt"),
    held("ls shop", "en", "list", "list", "models.py"),
    held("帮我讲讲 shop/models.py", "zh", "explain", "explain", "shop/models.py"),
    held("总结一下 docs/设计说明.md", "zh", "summary", "summary", "docs/设计说明.md"),
    held("tl;dr of the readme?", "en", "summary", "summary", "README.md"),
    held("how many files are in journal", "en", "count", "count", "42"),
    held("项目里一共有多少个文件", "zh", "count", "count", "54"),
    held("create a file notes/ideas.md", "en", "plan", "plan", "create_file", "notes/ideas.md"),
    held("把 notes/待办.txt 改名为 todo.txt", "zh", "plan", "plan", "rename", "notes/待办.txt"),
    held("move data/report 2024.csv into docs", "en", "plan", "plan", "move",
         "data/report 2024.csv"),
    held("复制一份 lib/widget.h 到 shop 下面", "zh", "plan", "plan", "copy", "lib/widget.h"),
    held("delete journal/log_01.txt", "en", "plan", "plan", "trash", "journal/log_01.txt"),
    held("新建一个叫 tests 的文件夹", "zh", "plan", "plan", "create_folder", "tests"),
    held("add a line 'buy eggs' at the end of notes/待办.txt", "en", "plan", "plan", "write_file",
         "notes/待办.txt", "buy eggs"),
    held("帮我运行一下 shop/utils.py", "zh", "refuse", "refuse", "run_command"),
    held("撤销刚才的操作", "zh", "undo", "undo"),
    held("what's a good pizza place near the office?", "en", "offtopic", "offtopic"),
    held("你好呀", "zh", "chat", "chat"),
    held("read utils", "en", "ask", "ask", "shop/utils.py"),
]
