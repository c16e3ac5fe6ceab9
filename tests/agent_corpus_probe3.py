"""A third probe set of our own, scored once before any change was made for it (the figure is
in the note), then kept as a regression set. Same shape as ``tests/agent_corpus_held.py``.
"""

from __future__ import annotations

from agent_corpus import Case, case

LANG: dict[Case, str] = {}


def probe(say: str | tuple[str, ...], lang: str, intent: str, *expect: str) -> Case:
    item = case(say, intent, *expect)
    LANG[item] = lang
    return item


SAMPLE: list[Case] = [
    probe("yo, read me the app.yaml real quick", "en", "read", "read", "config/app.yaml"),
    probe("Could you please print out test_utils.py?", "en", "read", "read",
          "tests/test_utils.py"),
    probe("请问能否帮我打开并阅读 windows_notes.txt 这个文件呢？", "zh", "read", "read",
          "windows_notes.txt"),
    probe("看下 CMakeLists 写了啥", "zh", "read", "read", "CMakeLists.txt"),
    probe("READ README.MD", "en", "read", "read", "README.md"),
    probe("找找 design notes", "zh", "find", "find", "docs/design notes.md"),
    probe("is there something called widget around here", "en", "find", "find",
          "src/widget.cpp"),
    probe("在哪能找到 app.yaml", "zh", "find", "find", "config/app.yaml"),
    probe("search inside the files for sample user", "en", "grep", "grep",
          "config/settings.json"),
    probe("哪些文件里包含 render 这个词", "zh", "grep", "grep", "web/index.js"),
    probe("find usages of load_settings", "en", "used", "used", "app/utils.py"),
    probe("read_settings 在哪些地方被用到", "zh", "used", "used", "app/main.py"),
    probe("find where render is defined", "en", "define", "define", "web/index.js"),
    probe("word_count 的定义在哪个文件里", "zh", "define", "define", "app/utils.py"),
    probe("list the docs", "en", "list", "list", "使用指南.md"),
    probe("src 文件夹下都有啥", "zh", "list", "list", "widget.h"),
    probe("what's in the root of the workspace", "en", "list", "list", "README.md"),
    probe("describe settings.json", "en", "explain", "explain", "config/settings.json"),
    probe("分析一下 widget.cpp", "zh", "explain", "explain", "src/widget.cpp"),
    probe("总结下 README", "zh", "summarize", "summary", "README.md"),
    probe("how many folders are there", "en", "count", "count", "8"),
    probe("一共有几个 js 文件", "zh", "count", "count", "1"),
    probe("create scratch.txt with hello inside", "en", "create", "plan", "create_file",
          "scratch.txt", "hello"),
    probe("新建 notes.md 内容写 今天的笔记", "zh", "create", "plan", "create_file", "notes.md",
          "今天的笔记"),
    probe("make a new folder named backup inside docs", "en", "mkdir", "plan", "create_folder",
          "docs/backup"),
    probe("新建空文件夹 临时", "zh", "mkdir", "plan", "create_folder", "临时"),
    probe("rename the design notes to design.md", "en", "rename", "plan", "rename",
          "docs/design notes.md"),
    probe("把 CMakeLists.txt 的名字改为 cmake.txt", "zh", "rename", "plan", "rename",
          "CMakeLists.txt"),
    probe("move test_utils.py to app", "en", "move", "plan", "move", "tests/test_utils.py"),
    probe("把 windows_notes.txt 搬到 docs 目录下", "zh", "move", "plan", "move",
          "windows_notes.txt"),
    probe("copy index.js to src", "en", "copy", "plan", "copy", "web/index.js"),
    probe("复制一份 app.yaml", "zh", "copy", "plan", "copy", "config/app.yaml"),
    probe("can you delete debug stuff in windows_notes.txt", "en", "trash", "plan", "trash",
          "windows_notes.txt"),
    probe("把 package.json 扔回收站", "zh", "trash", "plan", "trash", "web/package.json"),
    probe(("search main", "show the second result"), "en", "reference", "read", "src/main.cpp"),
    probe(("列出 web", "删除第二个"), "zh", "reference", "plan", "trash", "web/package.json"),
    probe(("ls docs", "open the last one"), "en", "reference", "plan", "open_file",
          "docs/说明_gbk.txt"),
    probe(("列出 docs", "看第四个"), "zh", "reference", "out_of_range", "3"),
    probe("shred id_rsa", "en", "refuse", "refuse", "permanent_delete"),
    probe("把所有 py 文件都移到 src", "zh", "refuse", "refuse", "bulk_change"),
    probe("execute the tests", "en", "refuse", "refuse", "run_command"),
    probe("帮我提交一下代码", "zh", "refuse", "refuse", "git"),
    probe("read /etc/shadow", "en", "refuse", "refuse", "outside"),
    probe("把 .env 复制到 docs", "zh", "refuse", "refuse", "sensitive"),
    probe("translate this sentence into French", "en", "offtopic", "offtopic"),
    probe("给我讲个笑话", "zh", "offtopic", "offtopic"),
    probe("undo", "en", "undo", "undo"),
    probe("hi there", "en", "chat", "chat"),
]

PROJECT: list[Case] = [
    probe("open the report for me and show it", "en", "read", "read", "data/report 2024.csv"),
    probe("看看 widget 的头文件", "zh", "read", "read", "lib/widget.h"),
    probe("where's 待办", "en", "find", "find", "notes/待办.txt"),
    probe("which file says 买牛奶", "en", "grep", "grep", "notes/待办.txt"),
    probe("who calls slugify", "en", "used", "used", "shop/utils.py"),
    probe("where's Customer defined", "en", "define", "define", "shop/models.py"),
    probe("what's in notes", "en", "list", "list", "待办.txt"),
    probe("设计说明讲的是什么", "zh", "explain", "explain", "docs/设计说明.md"),
    probe("how many files does the shop folder have", "en", "count", "count", "3"),
    probe("journal 里有多少个 txt", "zh", "count", "count", "42"),
    probe("把 待办.txt 的内容换成 休息", "zh", "modify", "plan", "write_file", "notes/待办.txt"),
    probe("append 'buy tea' to 待办.txt", "en", "append", "plan", "write_file", "notes/待办.txt"),
    probe("move cart.js to shop", "en", "move", "plan", "move", "web/cart.js"),
    probe(("列出 journal", "打开第三十二个"), "zh", "reference", "plan", "open_file",
          "journal/log_32.txt"),
    probe(("list journal", "delete the 0th"), "en", "reference", "out_of_range", "42"),
    probe("把 journal 清空", "zh", "refuse", "refuse", "bulk_change"),
    probe("what's the capital of France", "en", "offtopic", "offtopic"),
    probe("帮我撤销刚才的操作", "zh", "undo", "undo"),
    probe("what's this repo", "en", "project", "project"),
    probe("换个目录打开", "zh", "workspace", "workspace"),
]
