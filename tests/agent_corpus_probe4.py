"""A fourth probe set of our own, harder (Chinese typos, mixed languages, odd orders), scored
once before any change was made for it (the figure is in the note), then kept as a regression
set. Same shape as ``tests/agent_corpus_held.py``.
"""

from __future__ import annotations

from agent_corpus import Case, case

LANG: dict[Case, str] = {}


def probe(say: str | tuple[str, ...], lang: str, intent: str, *expect: str) -> Case:
    item = case(say, intent, *expect)
    LANG[item] = lang
    return item


SAMPLE: list[Case] = [
    probe("帮我 read 一下 app.yaml", "zh", "read", "read", "config/app.yaml"),
    probe("please 打开 README.md 看看", "zh", "read", "read", "README.md"),
    probe("读去 settings.json", "zh", "read", "read", "config/settings.json"),
    probe("'design notes.md' — show it", "en", "read", "read", "docs/design notes.md"),
    probe("the file test_utils.py, what's in it?", "en", "read", "read", "tests/test_utils.py"),
    probe("搜素 widget", "zh", "find", "find", "src/widget.cpp"),
    probe("find me package", "en", "find", "find", "web/package.json"),
    probe("在文件名里找 notes", "zh", "find", "find", "windows_notes.txt"),
    probe("search for the string read_settings in the code", "en", "grep", "grep",
          "app/main.py"),
    probe("代码里哪里出现了 WidgetRegistry", "zh", "grep", "grep", "src/main.cpp"),
    probe("who references greeting?", "en", "used", "used", "tests/test_utils.py"),
    probe("render 函数在哪定义", "zh", "define", "define", "web/index.js"),
    probe("where is the greeting function", "en", "define", "define", "app/utils.py"),
    probe("show everything under web", "en", "list", "list", "package.json"),
    probe("列一下 assets 下的文件", "zh", "list", "list", "logo.png"),
    probe("what is test_utils.py about", "en", "explain", "explain", "tests/test_utils.py"),
    probe("帮我解释一下 main.py 是做什么的", "zh", "explain", "explain", "app/main.py"),
    probe("how many .cpp files", "en", "count", "count", "2"),
    probe("tests 目录下几个文件", "zh", "count", "count", "1"),
    probe("create a file named todo.md with the content - buy milk", "en", "create", "plan",
          "create_file", "todo.md", "- buy milk"),
    probe("写一个新文件 hello.txt，内容：你好", "zh", "create", "plan", "create_file", "hello.txt",
          "你好"),
    probe("create folder named out", "en", "mkdir", "plan", "create_folder", "out"),
    probe("给 app 文件夹里加个子目录 lib", "zh", "mkdir", "plan", "create_folder", "app/lib"),
    probe("rename debug notes? no — rename windows_notes.txt to notes.txt", "en", "rename",
          "plan", "rename", "windows_notes.txt"),
    probe("重明名 index.js 为 main.js", "zh", "rename", "plan", "rename", "web/index.js"),
    probe("move design notes.md up to the root folder", "en", "move", "plan", "move",
          "docs/design notes.md"),
    probe("将 test_utils.py 移至 app", "zh", "move", "plan", "move", "tests/test_utils.py"),
    probe("make a backup copy of settings.json", "en", "copy", "plan", "copy",
          "config/settings.json"),
    probe("复值 main.cpp 到 docs", "zh", "copy", "plan", "copy", "src/main.cpp"),
    probe("toss logo.png", "en", "trash", "plan", "trash", "assets/logo.png"),
    probe("帮我把 CMakeLists.txt 删除掉", "zh", "trash", "plan", "trash", "CMakeLists.txt"),
    probe(("find widget", "read no. 2"), "en", "reference", "read", "src/widget.h"),
    probe(("搜索 widget", "读第三个"), "zh", "reference", "out_of_range", "2"),
    probe("permanently erase windows_notes.txt", "en", "refuse", "refuse", "permanent_delete"),
    probe("把 src 里的东西全删了", "zh", "refuse", "refuse", "bulk_change"),
    probe("launch main.py", "en", "refuse", "refuse", "run_command"),
    probe("卸载 pandas", "zh", "refuse", "refuse", "install"),
    probe("push my commits", "en", "refuse", "refuse", "git"),
    probe("搜一下整个电脑上的 pdf", "zh", "refuse", "refuse", "whole_disk"),
    probe("open C:\\Users\\me\\notes.txt", "en", "refuse", "refuse", "outside"),
    probe("读取 .env 里的 API key", "zh", "refuse", "refuse", "sensitive"),
    probe("order me a pizza", "en", "offtopic", "offtopic"),
    probe("帮我设个明天早上八点的闹钟", "zh", "offtopic", "offtopic"),
    probe("can you undo that", "en", "undo", "undo"),
    probe("hello!", "en", "chat", "chat"),
]

PROJECT: list[Case] = [
    probe("show me models", "en", "read", "read", "shop/models.py"),
    probe("cart 那个 js 文件给我看下", "zh", "read", "read", "web/cart.js"),
    probe("find the 2024 report", "en", "find", "find", "data/report 2024.csv"),
    probe("哪个文件写着 顾客", "zh", "grep", "grep", "docs/设计说明.md"),
    probe("where do we use PriceCache", "en", "used", "used", "docs/meeting notes.md"),
    probe("formatPrice 是在哪个文件里实现的", "zh", "define", "define", "web/utils.js"),
    probe("what's in the journal folder", "en", "list", "list", "log_42.txt", "42"),
    probe("说说 cart.js 是干嘛的", "zh", "explain", "explain", "web/cart.js"),
    probe("count the files in docs", "en", "count", "count", "2"),
    probe("把 待办.txt 改写为 已完成", "zh", "modify", "plan", "write_file", "notes/待办.txt"),
    probe("put a new line 'ship it' at the end of README.md", "en", "append", "plan",
          "write_file", "README.md"),
    probe("把 log_07.txt 挪到 data", "zh", "move", "plan", "move", "journal/log_07.txt"),
    probe(("list journal", "rename the 7th to seven.txt"), "en", "reference", "plan", "rename",
          "journal/log_07.txt"),
    probe(("列出 journal", "倒数第十个是什么"), "zh", "reference", "read", "journal/log_33.txt"),
    probe("把 notes 文件夹清空", "zh", "refuse", "refuse", "bulk_change"),
    probe(("列出 journal", "打开第十一个"), "zh", "reference", "plan", "open_file",
          "journal/log_11.txt"),
    probe(("list journal", "open the eleventh"), "en", "reference", "plan", "open_file",
          "journal/log_11.txt"),
    probe("what's 2+2", "en", "offtopic", "offtopic"),
    probe("撤回", "zh", "undo", "undo"),
    probe("where is this workspace on disk", "en", "workspace", "workspace"),
    probe("这个仓库是干嘛的", "zh", "project", "project"),
]
