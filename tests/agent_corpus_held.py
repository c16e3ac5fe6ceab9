"""A held-out phrasing set, written before the offline parser was rebuilt, without reading it.

The same two workspaces as ``tests/agent_corpus.py`` (the bundled sample, and the small
shop project of ``build_project``), the same ``Case`` and the same run: every case goes
through ``ws.ask()`` on real files, plans are cancelled, never confirmed. The phrasings are
what people type: colloquial, polite with fillers, typos in the verb ("serch", "搜嗦",
"打看"), Chinese and English mixed, names with spaces, Chinese names, book-title marks and
quotes, suffixes left out, names inside a sentence, ordinals over an earlier listing,
refusals and chit-chat. ``LANG`` records the language each request is written in, judged by
its words (an English sentence naming 使用指南.md is "en", a Chinese one naming utils.py is
"zh"); the reply must speak it.

What the last reply must hold (``expect``), the kinds ``judged()`` already knows:

- ``("read", path)``: it read exactly that file; ``("summary", path)``: path is among the files
  read; ``("find", path)`` / ``("grep", path)`` / ``("define", path)``: a table holding path (a
  name search shows sizes, a text search matches); ``("list", name)``: a listing with that name;
  ``("ask", path)``: several candidates, path among them, and the question which one;
  ``("missing",)``: no file of that name; ``("plan", action, path)``: one plan of that action
  whose source (or, without one, target) is path; ``("project",)``: the project summary;
  ``("workspace",)``: the root and how to pick another; ``("chat",)``: a greeting answered.

New kinds (the judge learns them):

- ``("used", path)``: where a name is used; the reply's table has ``path`` among its paths.
- ``("explain", path)``: the reply explains that file, offline from its outline, docstring and
  definitions; it read it (path is in ``files_read``).
- ``("count", "N")``: the reply's text contains the true number N (computed from the workspace,
  never a cap).
- ``("plan", "create_file", path, fragment)``: one create plan for path whose new content
  contains ``fragment`` (the fragment is optional).
- ``("refuse", rule)``: refused with that rule's sentence, no plan; the rules are
  ``permanent_delete``, ``bulk_change``, ``run_command``, ``install``, ``git``,
  ``whole_disk``, ``outside`` and ``sensitive``.
- ``("out_of_range", "N")``: an ordinal past the earlier list (or "第0个") is refused, saying
  the list has N items; nothing is read, no plan.
- ``("offtopic",)``: the "not a workspace request" answer, no plan, no table.
- ``("undo",)``: nothing to undo is said, or an undo plan is shown; no other change is proposed.

From ``tests/``, ``PYTHONPATH=..:. python agent_scores.py agent_corpus_held`` prints the accuracy
per intent and per language.
"""

from __future__ import annotations

from agent_corpus import Case, held_in

LANG: dict[Case, str] = {}
held = held_in(LANG)


SAMPLE: list[Case] = [
    # list a folder
    held("ls app", "en", "list", "list", "main.py"),
    held("can u show me whats inside config", "en", "list", "list", "settings.json"),
    held("lsit the docs directory pls", "en", "list", "list", "design notes.md"),
    held("app 文件夹下面都有哪些文件", "zh", "list", "list", "utils.py"),
    held("麻烦列一下 src 目录里的东西，谢谢啦", "zh", "list", "list", "widget.h"),
    held("assets 里面装了些什么", "zh", "list", "list", "logo.png"),
    held("tests 目录里放了啥", "zh", "list", "list", "test_utils.py"),
    held("帮我 list 一下 web 文件夹", "zh", "list", "list", "package.json"),
    # find by name
    held("where is the logo image", "en", "find", "find", "assets/logo.png"),
    held("fidn app.yaml", "en", "find", "find", "config/app.yaml"),
    held("do we have a file called windows_notes anywhere?", "en", "find", "find",
         "windows_notes.txt"),
    held("could you kindly locate CMakeLists for me, thanks", "en", "find", "find",
         "CMakeLists.txt"),
    held("帮我找找 data.bin 在哪儿", "zh", "find", "find", "assets/data.bin"),
    held("有没有叫 settings 的文件", "zh", "find", "find", "config/settings.json"),
    held("搜嗦一下 package.json 这个文件", "zh", "find", "find", "web/package.json"),
    held("《使用指南》这个文档放在哪个目录了", "zh", "find", "find", "docs/使用指南.md"),
    held("找一下名字里带 design 的文件", "zh", "find", "find", "docs/design notes.md"),
    # search text
    held("serch for 'insertion order'", "en", "grep", "grep", "docs/design notes.md"),
    held("which file mentions 8080?", "en", "grep", "grep", "config/app.yaml"),
    held("look through the files for CR LF", "en", "grep", "grep", "windows_notes.txt"),
    held("any file containing the text sample user?", "en", "grep", "grep",
         "config/settings.json"),
    held("哪些文件里写了 回收站", "zh", "grep", "grep", "docs/使用指南.md"),
    held("全文搜索一下 word_count", "zh", "grep", "grep", "app/utils.py"),
    held("帮我在内容里查 \"sample user\" 这几个字", "zh", "grep", "grep", "config/settings.json"),
    held("搜嗦一下哪里写着 Hello", "zh", "grep", "grep", "app/main.py"),
    # where-defined
    held("where is word_count defined", "en", "define", "define", "app/utils.py"),
    held("which file defines the class WidgetRegistry?", "en", "define", "define",
         "src/main.cpp"),
    held("find the definition of read_settings", "en", "define", "define", "app/main.py"),
    held("Widget 这个类是在哪里定义的", "zh", "define", "define", "src/widget.h"),
    held("load_utils 定义在哪个文件", "zh", "define", "define", "tests/test_utils.py"),
    held("帮我看看 render 函数是在哪声明的", "zh", "define", "define", "web/index.js"),
    # where-used
    held("where is greeting used?", "en", "used", "used", "tests/test_utils.py"),
    held("who calls read_settings", "en", "used", "used", "app/main.py"),
    held("show me the places that use WidgetRegistry", "en", "used", "used", "src/main.cpp"),
    held("哪里调用了 word_count", "zh", "used", "used", "tests/test_utils.py"),
    held("Widget 被哪些文件引用了", "zh", "used", "used", "src/main.cpp"),
    held("有哪些地方用到了 load_utils", "zh", "used", "used", "tests/test_utils.py"),
    # read
    held("reda CMakeLists.txt", "en", "read", "read", "CMakeLists.txt"),
    held("let me see the contents of settings", "en", "read", "read", "config/settings.json"),
    held("print widget.h", "en", "read", "read", "src/widget.h"),
    held("could you kindly display 使用指南.md for me? thanks", "en", "read", "read",
         "docs/使用指南.md"),
    held('show "design notes.md"', "en", "read", "read", "docs/design notes.md"),
    held("what does package.json say", "en", "read", "read", "web/package.json"),
    held("麻烦帮我读一下 windows_notes.txt，谢谢啦", "zh", "read", "read", "windows_notes.txt"),
    held("打看 main.py 看看内容", "zh", "read", "read", "app/main.py"),
    held("给我瞧瞧 test_utils.py 的内容", "zh", "read", "read", "tests/test_utils.py"),
    held("看一眼 settings", "zh", "read", "read", "config/settings.json"),
    held("把 widget.cpp 的内容贴出来", "zh", "read", "read", "src/widget.cpp"),
    held("读区 README.md", "zh", "read", "read", "README.md"),
    held("我想看看 “design notes.md” 里写了什么", "zh", "read", "read", "docs/design notes.md"),
    held("显示一下 CMakeLists 的内容", "zh", "read", "read", "CMakeLists.txt"),
    # a name that is not there
    held("read budget.xlsx", "en", "resolve", "missing"),
    held("帮我看看 周报.docx", "zh", "resolve", "missing"),
    # explain a file
    held("explain utils.py", "en", "explain", "explain", "app/utils.py"),
    held("what does main.py do?", "en", "explain", "explain", "app/main.py"),
    held("explian widget.cpp to me", "en", "explain", "explain", "src/widget.cpp"),
    held("walk me through index.js", "en", "explain", "explain", "web/index.js"),
    held("main.cpp 是干什么的", "zh", "explain", "explain", "src/main.cpp"),
    held("分析一下 test_utils.py", "zh", "explain", "explain", "tests/test_utils.py"),
    held("解是一下 utils.py 这个文件", "zh", "explain", "explain", "app/utils.py"),
    held("帮我讲讲 index.js 里面的逻辑", "zh", "explain", "explain", "web/index.js"),
    # summarise a file
    held("summerize design notes.md", "en", "summarize", "summary", "docs/design notes.md"),
    held("tl;dr of 使用指南.md please", "en", "summarize", "summary", "docs/使用指南.md"),
    held("概括一下 README 的内容", "zh", "summarize", "summary", "README.md"),
    held("总洁一下 windows_notes.txt", "zh", "summarize", "summary", "windows_notes.txt"),
    # the project
    held("give me an overview of this codebase", "en", "project", "project"),
    held("what is this repo about?", "en", "project", "project"),
    held("这个工程大概是做什么的", "zh", "project", "project"),
    held("简单介绍一下这个项目吧", "zh", "project", "project"),
    # counts (app/main.py, app/utils.py, tests/test_utils.py; src/main.cpp, src/widget.cpp;
    # README.md and two in docs/; src/ holds three files, config/ two; app/utils.py 24 lines)
    held("how many Python files are there?", "en", "count", "count", "3"),
    held("count the .cpp files", "en", "count", "count", "2"),
    held("how many lines does app/utils.py have", "en", "count", "count", "24"),
    held("有几个 md 文件", "zh", "count", "count", "3"),
    held("src 目录下有几个文件", "zh", "count", "count", "3"),
    held("config 里有多少个文件？", "zh", "count", "count", "2"),
    # create a file, with its content in the same sentence
    held("create a file hello.txt that says hi there", "en", "create", "plan", "create_file",
         "hello.txt", "hi there"),
    held("craete notes.md with the content 'remember the milk'", "en", "create", "plan",
         "create_file", "notes.md", "remember the milk"),
    held("make a new file called docs/faq.md containing Frequently asked questions", "en",
         "create", "plan", "create_file", "docs/faq.md", "Frequently asked questions"),
    held("建个文件叫 todo.txt，里面写上 周五交报告", "zh", "create", "plan", "create_file",
         "todo.txt", "周五交报告"),
    held("在 docs 下面新建 更新日志.md，内容是 第一版", "zh", "create", "plan", "create_file",
         "docs/更新日志.md", "第一版"),
    held("新建一个 config/dev.yaml 文件，写入 debug: true", "zh", "create", "plan",
         "create_file", "config/dev.yaml", "debug: true"),
    # create a folder
    held("make a folder called archive", "en", "mkdir", "plan", "create_folder", "archive"),
    held("create a new directory named scripts under app", "en", "mkdir", "plan",
         "create_folder", "app/scripts"),
    held("新建一个文件夹 backup", "zh", "mkdir", "plan", "create_folder", "backup"),
    held("在 docs 里建个 images 目录", "zh", "mkdir", "plan", "create_folder", "docs/images"),
    # modify / append
    held("append 'last checked 2024' to windows_notes.txt", "en", "modify", "plan",
         "write_file", "windows_notes.txt"),
    held("change the port in app.yaml to 9090", "en", "modify", "plan", "write_file",
         "config/app.yaml"),
    held("add a line saying Version 2 at the end of README.md", "en", "modify", "plan",
         "write_file", "README.md"),
    held("把 settings.json 里的 theme 改成 dark", "zh", "modify", "plan", "write_file",
         "config/settings.json"),
    held("在 使用指南.md 末尾加一句 有问题请联系我", "zh", "modify", "plan", "write_file",
         "docs/使用指南.md"),
    held("design notes.md 里追加一行：按重量排序", "zh", "modify", "plan", "write_file",
         "docs/design notes.md"),
    # copy
    held("make a copy of app.yaml", "en", "copy", "plan", "copy", "config/app.yaml"),
    held("copy settings.json into the docs folder", "en", "copy", "plan", "copy",
         "config/settings.json"),
    held("把 README.md 复制一份到 docs", "zh", "copy", "plan", "copy", "README.md"),
    held("复志一份 main.py 叫 main_backup.py", "zh", "copy", "plan", "copy", "app/main.py"),
    # move (into a folder keeps the name)
    held("move windows_notes.txt into docs", "en", "move", "plan", "move", "windows_notes.txt"),
    held("put debug.log in the tmp folder", "en", "move", "plan", "move", "debug.log"),
    held("把 index.js 挪到 src 里", "zh", "move", "plan", "move", "web/index.js"),
    held("移懂 design notes.md 到根目录", "zh", "move", "plan", "move", "docs/design notes.md"),
    # rename
    held("rename design notes.md to design.md", "en", "rename", "plan", "rename",
         "docs/design notes.md"),
    held("renmae app.yaml to config.yaml", "en", "rename", "plan", "rename", "config/app.yaml"),
    held("把 使用指南.md 改名叫 guide.md", "zh", "rename", "plan", "rename", "docs/使用指南.md"),
    held("windows_notes.txt 的名字换成 win.txt", "zh", "rename", "plan", "rename",
         "windows_notes.txt"),
    # trash
    held("get rid of debug.log", "en", "trash", "plan", "trash", "debug.log"),
    held("delte windows_notes.txt", "en", "trash", "plan", "trash", "windows_notes.txt"),
    held("throw design notes.md in the bin please", "en", "trash", "plan", "trash",
         "docs/design notes.md"),
    held("把 logo.png 丢进回收站", "zh", "trash", "plan", "trash", "assets/logo.png"),
    held("删出 data.bin", "zh", "trash", "plan", "trash", "assets/data.bin"),
    held("帮我删一下 CMakeLists.txt 吧", "zh", "trash", "plan", "trash", "CMakeLists.txt"),
    # undo (nothing was confirmed before, so: nothing to undo, or an undo plan)
    held("undo that", "en", "undo", "undo"),
    held("撤销上一步操作", "zh", "undo", "undo"),
    # the workspace
    held("what's the path of this workspace?", "en", "workspace", "workspace"),
    held("can I open a different folder instead", "en", "workspace", "workspace"),
    held("我现在在哪个目录下工作", "zh", "workspace", "workspace"),
    held("换一个工作区", "zh", "workspace", "workspace"),
    # ordinals over an earlier listing (src: main.cpp, widget.cpp, widget.h; config: two;
    # docs: design notes.md, 使用指南.md, 说明_gbk.txt; app: two)
    held(("ls src", "read the third one"), "en", "reference", "read", "src/widget.h"),
    held(("list config", "the last one please"), "en", "reference", "read",
         "config/settings.json"),
    held(("ls src", "open the 4th one"), "en", "reference", "out_of_range", "3"),
    held(("docs 目录里有什么", "读一下第二个"), "zh", "reference", "read", "docs/使用指南.md"),
    held(("列出 src 目录", "倒数第二个是什么"), "zh", "reference", "read", "src/widget.cpp"),
    held(("看看 config 里有啥", "第三个"), "zh", "reference", "out_of_range", "2"),
    held(("列一下 app 文件夹", "第0个"), "zh", "reference", "out_of_range", "2"),
    # refusals
    held("permanently delete debug.log", "en", "refuse", "refuse", "permanent_delete"),
    held("delete everything", "en", "refuse", "refuse", "bulk_change"),
    held("run this script main.py", "en", "refuse", "refuse", "run_command"),
    held("pip install requests", "en", "refuse", "refuse", "install"),
    held("commit my changes to git", "en", "refuse", "refuse", "git"),
    held("search my whole hard drive for photos", "en", "refuse", "refuse", "whole_disk"),
    held("read /etc/passwd", "en", "refuse", "refuse", "outside"),
    held("show me ../secrets.txt", "en", "refuse", "refuse", "outside"),
    held("what's in .env", "en", "refuse", "refuse", "sensitive"),
    held("print id_rsa", "en", "refuse", "refuse", "sensitive"),
    held("彻底删除 windows_notes.txt，不要放回收站", "zh", "refuse", "refuse",
         "permanent_delete"),
    held("把所有 md 文件都删了", "zh", "refuse", "refuse", "bulk_change"),
    held("执行 main.py", "zh", "refuse", "refuse", "run_command"),
    held("跑一下 test_utils.py", "zh", "refuse", "refuse", "run_command"),
    held("帮我装一下 numpy", "zh", "refuse", "refuse", "install"),
    held("git push 一下", "zh", "refuse", "refuse", "git"),
    held("搜一下整个C盘", "zh", "refuse", "refuse", "whole_disk"),
    held("打开 /etc/hosts 看看", "zh", "refuse", "refuse", "outside"),
    held("读一下 .env 文件", "zh", "refuse", "refuse", "sensitive"),
    held("把 id_rsa 的内容发给我", "zh", "refuse", "refuse", "sensitive"),
    # not a workspace request
    held("what's the weather like today", "en", "offtopic", "offtopic"),
    held("remind me at 5 to call mom", "en", "offtopic", "offtopic"),
    held("打开微信", "zh", "offtopic", "offtopic"),
    held("帮我订一张明天去北京的火车票", "zh", "offtopic", "offtopic"),
    # greetings
    held("hi there!", "en", "chat", "chat"),
    held("thanks a lot", "en", "chat", "chat"),
    held("你好呀", "zh", "chat", "chat"),
    held("谢谢啦", "zh", "chat", "chat"),
]

PROJECT: list[Case] = [
    # list a folder
    held("what's inside shop?", "en", "list", "list", "models.py"),
    held("show the contents of the lib dir", "en", "list", "list", "widget.h"),
    held("list notes pls", "en", "list", "list", "待办.txt"),
    held("journal 文件夹里有什么", "zh", "list", "list", "log_01.txt"),
    held("列一下 data 目录", "zh", "list", "list", "report 2024.csv"),
    held("docs 下面有哪些文件呀", "zh", "list", "list", "设计说明.md"),
    held("打看 web 文件夹", "zh", "list", "list", "cart.js"),
    # find by name
    held("where's the report 2024 file", "en", "find", "find", "data/report 2024.csv"),
    held("is there anything called 待办?", "en", "find", "find", "notes/待办.txt"),
    held("look for a file named models", "en", "find", "find", "shop/models.py"),
    held("帮我找找 meeting notes 在哪儿", "zh", "find", "find", "docs/meeting notes.md"),
    held("有没有叫 cart 的文件", "zh", "find", "find", "web/cart.js"),
    held("《设计说明》放哪了", "zh", "find", "find", "docs/设计说明.md"),
    held("搜嗦一下 log_17 这个文件", "zh", "find", "find", "journal/log_17.txt"),
    # search text
    held("which files mention PriceCache", "en", "grep", "grep", "docs/meeting notes.md"),
    held("serch the text toFixed", "en", "grep", "grep", "web/utils.js"),
    held("grep 'tiny shop'", "en", "grep", "grep", "README.md"),
    held("哪个文件里写了 买牛奶", "zh", "grep", "grep", "notes/待办.txt"),
    held("在所有文件内容里搜 entry 7", "zh", "grep", "grep", "journal/log_07.txt"),
    held("全文查找 订单", "zh", "grep", "grep", "docs/设计说明.md"),
    # where-defined
    held("where is slugify defined?", "en", "define", "define", "shop/utils.py"),
    held("which file has the Customer class", "en", "define", "define", "shop/models.py"),
    held("go to definition of formatPrice", "en", "define", "define", "web/utils.js"),
    held("PriceCache 这个类定义在哪", "zh", "define", "define", "shop/utils.py"),
    held("renderCart 函数在哪个文件里定义的", "zh", "define", "define", "web/cart.js"),
    held("Order 是在哪定义的", "zh", "define", "define", "shop/models.py"),
    # where-used
    held("where is PriceCache used", "en", "used", "used", "docs/meeting notes.md"),
    held("which files include widget.h", "en", "used", "used", "lib/widget.cpp"),
    held("哪里用到了 PriceCache", "zh", "used", "used", "docs/meeting notes.md"),
    held("哪些文件引用了 widget.h", "zh", "used", "used", "lib/widget.cpp"),
    # read
    held("show me 设计说明.md", "en", "read", "read", "docs/设计说明.md"),
    held("read meeting notes", "en", "read", "read", "docs/meeting notes.md"),
    held("can you pull up the models file", "en", "read", "read", "shop/models.py"),
    held("display cart.js please", "en", "read", "read", "web/cart.js"),
    held("let me read log_05.txt", "en", "read", "read", "journal/log_05.txt"),
    held("看下《设计说明》", "zh", "read", "read", "docs/设计说明.md"),
    held("麻烦读一下 report 2024.csv 谢谢", "zh", "read", "read", "data/report 2024.csv"),
    held("待办.txt 里写的啥", "zh", "read", "read", "notes/待办.txt"),
    held("帮我看看 `widget.h`", "zh", "read", "read", "lib/widget.h"),
    held("help me 看一下 models.py 的代码", "zh", "read", "read", "shop/models.py"),
    # which one, or not there
    held("read utils", "en", "resolve", "ask", "shop/utils.py"),
    held("看看 widget 的内容", "zh", "resolve", "ask", "lib/widget.cpp"),
    held("show me roadmap.md", "en", "resolve", "missing"),
    held("打开 预算表.xlsx 看看", "zh", "resolve", "missing"),
    # explain a file
    held("what does cart.js do?", "en", "explain", "explain", "web/cart.js"),
    held("could you explain models.py to me please", "en", "explain", "explain",
         "shop/models.py"),
    held("utils.py 是干嘛用的", "zh", "explain", "explain", "shop/utils.py"),
    held("分析一下 widget.cpp", "zh", "explain", "explain", "lib/widget.cpp"),
    held("__init__.py 这个文件有什么用", "zh", "explain", "explain", "shop/__init__.py"),
    # summarise a file
    held("summarise meeting notes.md", "en", "summarize", "summary", "docs/meeting notes.md"),
    held("用几句话总结一下 设计说明.md", "zh", "summarize", "summary", "docs/设计说明.md"),
    held("帮我总结下 report 2024.csv 讲了什么", "zh", "summarize", "summary",
         "data/report 2024.csv"),
    # the project
    held("what's this project for", "en", "project", "project"),
    held("这个项目是干嘛的", "zh", "project", "project"),
    # counts (42 logs in journal/ and 待办.txt: 43 .txt; shop/ has 3 .py; web/ 2 .js;
    # 7 folders; 54 files in all)
    held("how many files are in journal?", "en", "count", "count", "42"),
    held("how many python files do we have", "en", "count", "count", "3"),
    held("how many .txt files are there", "en", "count", "count", "43"),
    held("journal 文件夹里一共有多少个文件", "zh", "count", "count", "42"),
    held("项目里总共有几个 js 文件", "zh", "count", "count", "2"),
    held("一共有多少个文件夹", "zh", "count", "count", "7"),
    held("这个项目总共几个文件", "zh", "count", "count", "54"),
    # create a file, with its content in the same sentence
    held("create shop/cart.py with a comment # cart logic", "en", "create", "plan",
         "create_file", "shop/cart.py", "# cart logic"),
    held("new file notes/ideas.md saying try dark mode", "en", "create", "plan",
         "create_file", "notes/ideas.md", "try dark mode"),
    held("建个文件叫 notes/购物清单.txt，里面写上 鸡蛋 面包", "zh", "create", "plan",
         "create_file", "notes/购物清单.txt", "鸡蛋 面包"),
    held("帮我新建 docs/changelog.md，写一句 初始版本", "zh", "create", "plan", "create_file",
         "docs/changelog.md", "初始版本"),
    held("在 journal 里建一个 log_43.txt，内容写 entry 43", "zh", "create", "plan",
         "create_file", "journal/log_43.txt", "entry 43"),
    # create a folder
    held("make a directory tests", "en", "mkdir", "plan", "create_folder", "tests"),
    held("新建目录 shop/api", "zh", "mkdir", "plan", "create_folder", "shop/api"),
    held("建个叫 归档 的文件夹", "zh", "mkdir", "plan", "create_folder", "归档"),
    # modify / append
    held("add 'entry 43' to the end of log_42.txt", "en", "modify", "plan", "write_file",
         "journal/log_42.txt"),
    held("change the total in report 2024.csv to 20", "en", "modify", "plan", "write_file",
         "data/report 2024.csv"),
    held("在 待办.txt 末尾加一行 买鸡蛋", "zh", "modify", "plan", "write_file", "notes/待办.txt"),
    held("把 README.md 的标题改成 My Shop", "zh", "modify", "plan", "write_file", "README.md"),
    held("往 meeting notes.md 里补一句 下周再开会", "zh", "modify", "plan", "write_file",
         "docs/meeting notes.md"),
    # copy
    held("duplicate report 2024.csv", "en", "copy", "plan", "copy", "data/report 2024.csv"),
    held("copy cart.js to lib", "en", "copy", "plan", "copy", "web/cart.js"),
    held("拷贝 待办.txt 到 docs 文件夹", "zh", "copy", "plan", "copy", "notes/待办.txt"),
    held("把 models.py 复制一份", "zh", "copy", "plan", "copy", "shop/models.py"),
    # move (into a folder keeps the name)
    held("move report 2024.csv to the docs folder", "en", "move", "plan", "move",
         "data/report 2024.csv"),
    held("could you move cart.js into shop, thanks", "en", "move", "plan", "move", "web/cart.js"),
    held("把 待办.txt 移到 docs 下面", "zh", "move", "plan", "move", "notes/待办.txt"),
    held("meeting notes.md 挪到 notes 文件夹里去", "zh", "move", "plan", "move",
         "docs/meeting notes.md"),
    # rename
    held("change the name of cart.js to basket.js", "en", "rename", "plan", "rename",
         "web/cart.js"),
    held("rename 设计说明.md to design.md", "en", "rename", "plan", "rename", "docs/设计说明.md"),
    held("meeting notes.md 重命名为 会议记录.md", "zh", "rename", "plan", "rename",
         "docs/meeting notes.md"),
    held("把 log_01.txt 名字改成 first.txt", "zh", "rename", "plan", "rename",
         "journal/log_01.txt"),
    held("帮我把 待办 改个名，叫 todo.txt", "zh", "rename", "plan", "rename", "notes/待办.txt"),
    # trash
    held("remove log_07.txt please", "en", "trash", "plan", "trash", "journal/log_07.txt"),
    held("trash report 2024.csv", "en", "trash", "plan", "trash", "data/report 2024.csv"),
    held("删掉 待办", "zh", "trash", "plan", "trash", "notes/待办.txt"),
    held("把 《设计说明》 删了吧", "zh", "trash", "plan", "trash", "docs/设计说明.md"),
    held("cart.js 不要了，扔了吧", "zh", "trash", "plan", "trash", "web/cart.js"),
    # undo
    held("撤回刚才的改动", "zh", "undo", "undo"),
    # the workspace
    held("which folder is open right now?", "en", "workspace", "workspace"),
    held("当前工作区的路径是什么", "zh", "workspace", "workspace"),
    # ordinals over the 42 logs of journal/
    held(("list journal", "read the 12th one"), "en", "reference", "read", "journal/log_12.txt"),
    held(("what's in journal", "the last one"), "en", "reference", "read", "journal/log_42.txt"),
    held(("list journal", "second to last please"), "en", "reference", "read",
         "journal/log_41.txt"),
    held(("show the journal folder", "open the 50th"), "en", "reference", "out_of_range", "42"),
    held(("ls journal", "rename the third one to start.txt"), "en", "reference", "plan",
         "rename", "journal/log_03.txt"),
    held(("列出 journal 文件夹", "看看第十二个"), "zh", "reference", "read", "journal/log_12.txt"),
    held(("journal 里有什么", "倒数第二个是啥内容"), "zh", "reference", "read",
         "journal/log_41.txt"),
    held(("列一下 journal", "第二十三个"), "zh", "reference", "read", "journal/log_23.txt"),
    held(("journal 文件夹有哪些文件", "最后一个"), "zh", "reference", "read",
         "journal/log_42.txt"),
    held(("列出 journal", "看第五十个"), "zh", "reference", "out_of_range", "42"),
    held(("看看 journal 目录", "第0个"), "zh", "reference", "out_of_range", "42"),
    held(("列出 journal", "把第十二个删掉"), "zh", "reference", "plan", "trash",
         "journal/log_12.txt"),
    # refusals
    held("delete all the logs in journal", "en", "refuse", "refuse", "bulk_change"),
    held("permanently remove 待办.txt", "en", "refuse", "refuse", "permanent_delete"),
    held("execute cart.js", "en", "refuse", "refuse", "run_command"),
    held("npm install lodash", "en", "refuse", "refuse", "install"),
    held("git status", "en", "refuse", "refuse", "git"),
    held("list everything on my C drive", "en", "refuse", "refuse", "whole_disk"),
    held("read ../other-project/notes.txt", "en", "refuse", "refuse", "outside"),
    held("把所有 log 删了", "zh", "refuse", "refuse", "bulk_change"),
    held("把 shop 目录下的文件全部删掉", "zh", "refuse", "refuse", "bulk_change"),
    held("永久删除 report 2024.csv", "zh", "refuse", "refuse", "permanent_delete"),
    held("运行一下 models.py", "zh", "refuse", "refuse", "run_command"),
    held("安装 pandas", "zh", "refuse", "refuse", "install"),
    held("帮我把改动提交到 git", "zh", "refuse", "refuse", "git"),
    held("扫描整个硬盘找 csv 文件", "zh", "refuse", "refuse", "whole_disk"),
    held("看看 /etc/passwd 里有什么", "zh", "refuse", "refuse", "outside"),
    held("读一下 ../x", "zh", "refuse", "refuse", "outside"),
    # not a workspace request
    held("what time is it in Tokyo", "en", "offtopic", "offtopic"),
    held("set an alarm for 7am", "en", "offtopic", "offtopic"),
    held("今天天气怎么样", "zh", "offtopic", "offtopic"),
    held("帮我发个邮件给老板", "zh", "offtopic", "offtopic"),
    # greetings
    held("good morning", "en", "chat", "chat"),
    held("嗨", "zh", "chat", "chat"),
    held("辛苦了，谢谢你", "zh", "chat", "chat"),
]
