"""The ninth blind phrasing set, part b: 100 requests as busy developers type them.

The voice is a developer in the middle of a task, or typing fast on a phone: terse
lines, shorthand ("pls", "thx", "r", "tmrw"), keyboard typos ("fiels", "biggset"),
Chinese input-method homophones (那些 for 哪些, 最进, 该成, 大开), Chinese with no
spaces around names ("看下main.cpp"), Chinese and English in one line, a few polite
or chatty requests and a few long ones with an aside. About half English and half
Chinese; about two thirds plain direct requests.

About sixty requests are of the kinds the chat is to learn (a file kind, a size, a
time, a folder scope, their counts; a question about a setting or a function answered
by quoting its line; "it", "that file", 它 and a file named by what it is; one value
set in place; open; bulk deletes refused), the rest everyday ones (read, find, grep,
define, used, list, explain, summary, count, plans, refusals, off-topic, undo, chat).

Written blind, before the parser changes, by a separate writer who read neither the
parser nor any other set. What the writer read: the issue that asks for the set, the
helpers and the judge of ``tests/agent_corpus.py`` (not its cases), the bundled sample
workspace's files (their bytes, for encodings and line endings), the project that
``build_project`` makes, and both workspaces' ``ws.files`` tables. Every expected path,
quoted text and edited value was checked against those files.

``MTIMES`` gives the days before now that the scorer sets as modification times
(every other file: 400 days). In the sample one file changed today, one a day ago and
two within a week; in the project two changed today. Week questions say "the last
7 days" or scope the folder so that a calendar week and a rolling one agree.

Scored once on the parser at commit 86fa239, before the issue-32 work (a clean export of that
commit, ``cd tests && PYTHONPATH=..:. python agent_scores.py agent_corpus_final9b``): 42/100,
English 20/50, Chinese 22/50; 0 replies in the wrong language, 0 disk changes without a confirm,
0 Python lines shown. Per intent: the new kinds 9/65 (kind 2/9, size 0/7, time 0/9, contents
1/12, reference 1/11, setvalue 1/7, open 0/5, bulk 4/5); the everyday ones 33/35 (chat 2/2,
count 1/1, define 3/3, explain 2/2, find 2/2, grep 2/2, list 3/3, missing 1/1, offtopic 2/2,
plan 6/7, read 3/3, refuse 0/1, summary 2/2, undo 2/2, used 2/2).
"""

from __future__ import annotations

from agent_corpus import Case, held_in

LANG: dict[Case, str] = {}
held = held_in(LANG)

MTIMES: dict[str, dict[str, float]] = {
    "sample": {
        "config/settings.json": 0,
        "app/main.py": 1,
        "src/widget.h": 3,
        "docs/使用指南.md": 5,
        "README.md": 20,
    },
    "project": {
        "shop/models.py": 0,
        "web/cart.js": 0,
        "journal/log_42.txt": 2,
        "docs/设计说明.md": 4,
        "journal/log_07.txt": 12,
        "README.md": 25,
    },
}

SAMPLE: list[Case] = [
    # kinds, sizes and times
    held("yaml files?", "en", "kind", "rows", "config/app.yaml"),
    held("工作区里有那些图片", "zh", "kind", "rows", "assets/logo.png"),
    held("list all the python fiels", "en", "kind", "rows",
         "app/main.py", "app/utils.py", "tests/test_utils.py"),
    held("src下的c++文件", "zh", "kind", "rows", "src/main.cpp", "src/widget.cpp", "src/widget.h"),
    held("how many json files r there", "en", "kind", "count", "2"),
    held("哪个文件最大", "zh", "size", "top", "data/large.txt"),
    held("3 biggest files pls", "en", "size", "top",
         "data/large.txt", "README.md", "tests/test_utils.py"),
    held("ok so im tidying up the repo (long story) - which files are over 1kb?", "en", "size",
         "rows", "data/large.txt"),
    held("txt文件里小于200字节的有哪些", "zh", "size", "rows",
         "windows_notes.txt", "docs/说明_gbk.txt"),
    held("anything change today?", "en", "time", "rows", "config/settings.json"),
    held("最进一周改过哪些文件", "zh", "time", "rows",
         "config/settings.json", "app/main.py", "src/widget.h", "docs/使用指南.md"),
    held("src里最新的文件", "zh", "time", "top", "src/widget.h"),
    held("config这周改过啥", "zh", "time", "rows", "config/settings.json"),
    # contents
    held("what port does the app listen on", "en", "contents", "quote",
         "config/app.yaml", "port: 8080"),
    held("配置里app叫什么名字", "zh", "contents", "quote", "config/app.yaml", "wsnb-sample"),
    held("哪个文件设的主题", "zh", "contents", "quote", "config/settings.json", "theme"),
    held("is debug on in teh config?", "en", "contents", "quote", "config/app.yaml", "debug"),
    held("what c++ standard do we build with", "en", "contents", "quote",
         "CMakeLists.txt", "CMAKE_CXX_STANDARD"),
    held("我在弄前端那块，顺便问下web那边依赖了哪些包？", "zh", "contents", "quote",
         "web/package.json", "dependencies"),
    # references
    held(("read config/app.yaml", "ok in that file set port to 9000"), "en", "reference", "edit",
         "config/app.yaml", "port: 8080", "port: 9000"),
    held(("看下app/utils.py", "好 这个文件改名叫helpers.py"), "zh", "reference", "plan", "rename",
         "app/utils.py"),
    held(("which file is the biggest", "whats in it"), "en", "reference", "read", "data/large.txt"),
    held("cat the CRLF file", "en", "reference", "read", "windows_notes.txt"),
    held("看看GBK编码的那个文件", "zh", "reference", "read", "docs/说明_gbk.txt"),
    held("show me the c++ header", "en", "reference", "read", "src/widget.h"),
    # one value in place
    held("settings.json max_widgets -> 20", "en", "setvalue", "edit",
         "config/settings.json", '"max_widgets": 10', '"max_widgets": 20'),
    held("把app.yaml的端口该成9090", "zh", "setvalue", "edit",
         "config/app.yaml", "port: 8080", "port: 9090"),
    held("set app.debug to true in config/app.yaml", "en", "setvalue", "edit",
         "config/app.yaml", "debug: false", "debug: true"),
    held("settings.json里的theme改成dark", "zh", "setvalue", "edit",
         "config/settings.json", '"theme": "light"', '"theme": "dark"'),
    held("bump version in web/package.json to 0.2.0", "en", "setvalue", "edit",
         "web/package.json", '"version": "0.1.0"', '"version": "0.2.0"'),
    held("hey sorry, quick one before standup: can u set dependencies.left-pad to 1.3.1 in "
         "package.json? thx", "en", "setvalue", "edit",
         "web/package.json", '"left-pad": "1.3.0"', '"left-pad": "1.3.1"'),
    held("app.yaml里把app.name改为demo-app", "zh", "setvalue", "edit",
         "config/app.yaml", "name: wsnb-sample", "name: demo-app"),
    # open
    held("open the readme", "en", "open", "open", "README.md"),
    held("打开那个yaml配置", "zh", "open", "open", "config/app.yaml"),
    # bulk refusals
    held("把所有文件都删掉", "zh", "bulk", "refuse"),
    held("trash everything in src", "en", "bulk", "refuse"),
    # everyday requests
    held("看下main.cpp", "zh", "read", "read", "src/main.cpp"),
    held("where's WidgetRegistry defined", "en", "define", "define", "src/main.cpp"),
    held("greeting在哪里被调用了", "zh", "used", "used", "tests/test_utils.py"),
    held("搜一下slider", "zh", "grep", "grep", "web/index.js"),
    held("总结一下使用指南", "zh", "summary", "summary", "docs/使用指南.md"),
    held("could you explain what app/main.py does? thanks!", "en", "explain", "explain",
         "app/main.py"),
    held("ls src", "en", "list", "list", "main.cpp"),
    held("新建一个docs/changelog.md", "zh", "plan", "plan", "create_file", "docs/changelog.md"),
    held("mv CMakeLists.txt to src/ pls", "en", "plan", "plan", "move", "CMakeLists.txt"),
    held("把design notes.md删了", "zh", "plan", "plan", "trash", "docs/design notes.md"),
    held("id_rsa里写的啥", "zh", "refuse", "refuse", "sensitive"),
    held("whats the weather in beijing tmrw", "en", "offtopic", "offtopic"),
    held("撤销上一步", "zh", "undo", "undo"),
    held("thx!!", "en", "chat", "chat"),
]

PROJECT: list[Case] = [
    # kinds, sizes and times
    held("list the js files", "en", "kind", "rows", "web/cart.js", "web/utils.js"),
    held("有哪些python文件", "zh", "kind", "rows",
         "shop/__init__.py", "shop/models.py", "shop/utils.py"),
    held("could you show me all the markdown files please?", "en", "kind", "rows",
         "README.md", "docs/meeting notes.md", "docs/设计说明.md"),
    held("有几个txt文件", "zh", "kind", "count", "43"),
    held("biggset 3 files", "en", "size", "top", "shop/utils.py", "web/utils.js", "README.md"),
    held("shop下最小的文件", "zh", "size", "top", "shop/__init__.py"),
    held("files bigger than 50 bytes", "en", "size", "rows",
         "shop/utils.py", "web/utils.js", "README.md", "web/cart.js", "lib/widget.cpp"),
    held("今天改了哪些文件", "zh", "time", "rows", "shop/models.py", "web/cart.js"),
    held("what did i change in the last 3 days", "en", "time", "rows",
         "shop/models.py", "web/cart.js", "journal/log_42.txt"),
    held("journal里最近改的两个文件", "zh", "time", "top",
         "journal/log_42.txt", "journal/log_07.txt"),
    held("whats the newest md file", "en", "time", "top", "docs/设计说明.md"),
    held("过去7天改过的文件有多少个", "zh", "time", "count", "4"),
    # contents
    held("which class handles orders", "en", "contents", "quote", "shop/models.py", "class Order"),
    held("slugify函数是怎么写的", "zh", "contents", "quote", "shop/utils.py", "slugify"),
    held("what does widgetSize return", "en", "contents", "quote", "lib/widget.cpp", "return 3"),
    held("价格是怎么格式化的", "zh", "contents", "quote", "web/utils.js", "formatPrice"),
    held("what columns does the report have", "en", "contents", "quote",
         "data/report 2024.csv", "month,total"),
    held("renderCart返回的是啥", "zh", "contents", "quote", "web/cart.js", "items.length"),
    # references
    held(("看下shop/models.py", "好的 顺手把它复制到docs下面"), "zh", "reference", "plan", "copy",
         "shop/models.py"),
    held(("biggest file?", "summarize that file pls"), "en", "reference", "summary",
         "shop/utils.py"),
    held(("read README.md", "k now trash that file"), "en", "reference", "plan", "trash",
         "README.md"),
    held("看一下那个c++头文件", "zh", "reference", "read", "lib/widget.h"),
    held(("journal里最新的是哪个", "打开它"), "zh", "reference", "open", "journal/log_42.txt"),
    # open
    held("open the meeting notes", "en", "open", "open", "docs/meeting notes.md"),
    held("大开设计说明", "zh", "open", "open", "docs/设计说明.md"),
    held("open the csv file", "en", "open", "open", "data/report 2024.csv"),
    # bulk refusals
    held("nuke the whole project, i'm starting over", "en", "bulk", "refuse"),
    held("清空journal文件夹", "zh", "bulk", "refuse"),
    held("remove every file in docs", "en", "bulk", "refuse"),
    # everyday requests
    held("cat shop/utils.py", "en", "read", "read", "shop/utils.py"),
    held("看看待办.txt", "zh", "read", "read", "notes/待办.txt"),
    held("where's cart.js", "en", "find", "find", "web/cart.js"),
    held("找一下report", "zh", "find", "find", "data/report 2024.csv"),
    held("搜一下订单", "zh", "grep", "grep", "docs/设计说明.md"),
    held("PriceCache定义在哪", "zh", "define", "define", "shop/utils.py"),
    held("where is class Customer defiend", "en", "define", "define", "shop/models.py"),
    held("who includes widget.h", "en", "used", "used", "lib/widget.cpp"),
    held("ls journal", "en", "list", "list", "log_01.txt"),
    held("docs里有什么", "zh", "list", "list", "设计说明.md"),
    held("解释下web/cart.js是干嘛的", "zh", "explain", "explain", "web/cart.js"),
    held("tl;dr of the readme", "en", "summary", "summary", "README.md"),
    held("journal下有几个文件", "zh", "count", "count", "42"),
    held("mkdir scripts", "en", "plan", "plan", "create_folder", "scripts"),
    held("把notes/待办.txt改名为todo.txt", "zh", "plan", "plan", "rename", "notes/待办.txt"),
    held("帮我new一个notes/ideas.md", "zh", "plan", "plan", "create_file", "notes/ideas.md"),
    held("append 'Run it with python -m shop' to README.md", "en", "plan", "plan", "write_file",
         "README.md", "python -m shop"),
    held("read config.yaml", "en", "missing", "missing"),
    held("帮我订一张明天去上海的机票", "zh", "offtopic", "offtopic"),
    held("undo that", "en", "undo", "undo"),
    held("谢啦", "zh", "chat", "chat"),
]
