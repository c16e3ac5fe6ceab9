"""The offline agent's phrasing corpus: what people type, and what the answer must be.

Two workspaces: the bundled sample, and a small project built here (Python and
JavaScript, Chinese names, names with spaces, a folder of 42 logs in ``journal/``, two
``utils`` files). Each case is a message (or earlier messages and then the
one judged), the intent it stands for, and what the reply must hold. Every
case runs through ``ws.ask()`` on real files; plans are cancelled, never
confirmed. ``python tests/agent_corpus.py`` prints the accuracy per intent.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from agent_judge import NEW_KINDS, judged_new

import wsnb
from wsnb.agent import Agent, Reply
from wsnb.agent.intents import FORBIDDEN_RULES, NOT_WORKSPACE
from wsnb.i18n import _


@dataclass(frozen=True)
class Case:
    """``say`` (earlier messages first), the intent, and what the last reply must hold."""

    say: tuple[str, ...]
    intent: str
    expect: tuple[str, ...]


def case(say: str | tuple[str, ...], intent: str, *expect: str) -> Case:
    return Case((say,) if isinstance(say, str) else say, intent, expect)


def held_in(langs: dict[Case, str]) -> Callable[..., Case]:
    """``held(say, lang, intent, *expect)`` for a phrasing set: a case, with the language its
    person writes in recorded in ``langs`` (the scorer checks the reply speaks it)."""

    def held(say: str | tuple[str, ...], lang: str, intent: str, *expect: str) -> Case:
        if lang not in ("en", "zh"):
            raise ValueError(f"lang must be 'en' or 'zh', not {lang!r}")
        item = case(say, intent, *expect)
        langs[item] = lang
        return item

    return held


def build_project(root: Path) -> Path:
    """The second workspace: a small project of our own."""
    files = {
        "README.md": "# Shop\n\nA tiny shop: a Python back end and a JavaScript page.\n",
        "shop/__init__.py": '"""The shop package."""\n',
        "shop/utils.py": "def slugify(text):\n    return text.lower().replace(' ', '-')\n\n\n"
                         "class PriceCache:\n    pass\n",
        "shop/models.py": "class Order:\n    pass\n\n\nclass Customer:\n    pass\n",
        "web/utils.js": "export function formatPrice(value) {\n  return value.toFixed(2);\n}\n",
        "web/cart.js": "function renderCart(items) {\n  return items.length;\n}\n",
        "docs/设计说明.md": "# 设计说明\n\n订单和顾客的设计。\n",
        "docs/meeting notes.md": "# Meeting notes\n\nWe talked about PriceCache.\n",
        "notes/待办.txt": "买牛奶\n",
        "data/report 2024.csv": "month,total\n1,10\n",
        "lib/widget.cpp": "#include \"widget.h\"\nint widgetSize() { return 3; }\n",
        "lib/widget.h": "int widgetSize();\n",
    }
    files |= {f"journal/log_{n:02}.txt": f"entry {n}\n" for n in range(1, 43)}
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


SAMPLE: list[Case] = [
    # reading, by path, by name, by stem
    case("读取 README.md", "read", "read", "README.md"),
    case("read README.md", "read", "read", "README.md"),
    case("读取 main.cpp", "read", "read", "src/main.cpp"),
    case("read main.cpp", "read", "read", "src/main.cpp"),
    case("看看 utils.py", "read", "read", "app/utils.py"),
    case("show me utils.py", "read", "read", "app/utils.py"),
    case("查看 app/main.py 的内容", "read", "read", "app/main.py"),
    case("cat app/main.py", "read", "read", "app/main.py"),
    case("读一下 使用指南.md", "read", "read", "docs/使用指南.md"),
    case("read 使用指南", "read", "read", "docs/使用指南.md"),
    case("读取 design notes.md", "read", "read", "docs/design notes.md"),
    case("what's in design notes.md", "read", "read", "docs/design notes.md"),
    case("读取 CMakeLists", "read", "read", "CMakeLists.txt"),
    case("display settings.json", "read", "read", "config/settings.json"),
    case("app.yaml 里写了什么", "read", "read", "config/app.yaml"),
    case("给我看看 index.js", "read", "read", "web/index.js"),
    case("view test_utils.py", "read", "read", "tests/test_utils.py"),
    case("读取 readme", "read", "read", "README.md"),
    # ambiguous and missing names
    case("read widget", "resolve", "ask", "src/widget.cpp"),
    case("读取 widget", "resolve", "ask", "src/widget.h"),
    case("打开 main", "resolve", "ask", "app/main.py"),
    case("read main", "resolve", "ask", "src/main.cpp"),
    case("读取 nothing_here.txt", "resolve", "missing"),
    case("read nosuchfile.md", "resolve", "missing"),
    case("读取 widgt.cpp", "resolve", "ask", "src/widget.cpp"),
    case("read utilz.py", "resolve", "ask", "app/utils.py"),
    # name search
    case("搜索 README", "find", "find", "README.md"),
    case("search README", "find", "find", "README.md"),
    case("找一下 widget", "find", "find", "src/widget.h"),
    case("find widget", "find", "find", "src/widget.cpp"),
    case("有没有 settings 这个文件", "find", "find", "config/settings.json"),
    case("is there a file called settings", "find", "find", "config/settings.json"),
    case("main.py 在哪里", "find", "find", "app/main.py"),
    case("where is the file main.py", "find", "find", "app/main.py"),
    case("查找文件名包含 test 的文件", "find", "find", "tests/test_utils.py"),
    case("look for package.json", "find", "find", "web/package.json"),
    # name search that finds nothing: text search
    case("搜索 greeting", "find", "grep", "app/utils.py"),
    case("search word_count", "find", "grep", "app/utils.py"),
    # text search
    case("找一下包含 greeting 的文件", "grep", "grep", "app/utils.py"),
    case("which files mention greeting", "grep", "grep", "app/utils.py"),
    case("哪些文件用到了 read_settings", "grep", "grep", "app/main.py"),
    case("search the code for read_settings", "grep", "grep", "app/main.py"),
    case("搜索内容 Widget", "grep", "grep", "src/widget.h"),
    case("grep Widget", "grep", "grep", "src/main.cpp"),
    case("在代码里搜索 render", "grep", "grep", "web/index.js"),
    case("files containing render", "grep", "grep", "web/index.js"),
    # definitions
    case("where is greeting defined", "define", "define", "app/utils.py"),
    case("greeting 在哪里定义的", "define", "define", "app/utils.py"),
    case("where is Widget defined?", "define", "define", "src/widget.h"),
    case("Widget 是在哪定义的", "define", "define", "src/widget.h"),
    case("find the definition of render", "define", "define", "web/index.js"),
    case("render 的定义在哪里", "define", "define", "web/index.js"),
    case("which file defines WidgetRegistry", "define", "define", "src/main.cpp"),
    case("哪里定义了 read_settings", "define", "define", "app/main.py"),
    # listings
    case("列出 src", "list", "list", "widget.cpp"),
    case("list src", "list", "list", "main.cpp"),
    case("src 里有什么", "list", "list", "widget.h"),
    case("src 目录下有哪些文件", "list", "list", "main.cpp"),
    case("what's in src?", "list", "list", "widget.cpp"),
    case("根目录下有什么文件", "list", "list", "README.md"),
    case("工作区里有什么", "list", "list", "app"),
    case("what's in the root folder", "list", "list", "README.md"),
    case("docs 里都有什么", "list", "list", "使用指南.md"),
    case("show the files in docs", "list", "list", "design notes.md"),
    case("列出 config 文件夹", "list", "list", "app.yaml"),
    case("ls app", "list", "list", "utils.py"),
    # references to the last list
    case(("搜索 README", "打开第一个"), "reference", "plan", "open_file", "README.md"),
    case(("search widget", "read the second one"), "reference", "read", "src/widget.h"),
    case(("搜索 widget", "读取第一个"), "reference", "read", "src/widget.cpp"),
    case(("list src", "read the last one"), "reference", "read", "src/widget.h"),
    # summaries and the project
    case("总结 README.md", "summarize", "summary", "README.md"),
    case("summarize app/utils.py", "summarize", "summary", "app/utils.py"),
    case(("找一下包含 greeting 的文件", "总结这些文件的作用"), "summarize", "summary",
         "app/utils.py"),
    case(("which files mention Widget", "summarize these files"), "summarize", "summary",
         "src/widget.h"),
    case("分析这个项目", "project", "project"),
    case("analyze this project", "project", "project"),
    case("这个项目是做什么的", "project", "project"),
    case("give me an overview", "project", "project"),
    # the workspace itself
    case("打开工作区", "workspace", "workspace"),
    case("选择工作区", "workspace", "workspace"),
    case("当前工作区", "workspace", "workspace"),
    case("当前工作区是哪个", "workspace", "workspace"),
    case("which workspace is open", "workspace", "workspace"),
    case("switch workspace", "workspace", "workspace"),
    case("how do I open another workspace", "workspace", "workspace"),
    case("怎么切换工作区", "workspace", "workspace"),
    # changes: one plan each
    case("删除 windows_notes.txt", "trash", "plan", "trash", "windows_notes.txt"),
    case("delete windows_notes.txt", "trash", "plan", "trash", "windows_notes.txt"),
    case("把 widget.h 移到回收站", "trash", "plan", "trash", "src/widget.h"),
    case("trash index.js", "trash", "plan", "trash", "web/index.js"),
    case("把 README.md 重命名为 README.txt", "rename", "plan", "rename", "README.md"),
    case("rename utils.py to helpers.py", "rename", "plan", "rename", "app/utils.py"),
    case("rename app/utils.py to app/helpers.py", "rename", "plan", "rename", "app/utils.py"),
    case("把 app/main.py 改名为 app/start.py", "rename", "plan", "rename", "app/main.py"),
    case("复制 README.md 到 docs", "copy", "plan", "copy", "README.md"),
    case("copy settings.json to settings.bak.json", "copy", "plan", "copy",
         "config/settings.json"),
    case("把 windows_notes.txt 移动到 docs", "move", "plan", "move", "windows_notes.txt"),
    case("move index.js to src", "move", "plan", "move", "web/index.js"),
    case("创建文件 notes/todo.md，内容是 # 待办", "create", "plan", "create_file", "notes/todo.md"),
    case("create a file notes/todo.md with content # To do", "create", "plan", "create_file",
         "notes/todo.md"),
    case("新建文件夹 drafts", "create", "plan", "create_folder", "drafts"),
    case("create a folder drafts", "create", "plan", "create_folder", "drafts"),
    # content changes
    case("把 windows_notes.txt 的内容改成 hello", "modify", "plan", "write_file",
         "windows_notes.txt"),
    case("replace the contents of windows_notes.txt with hello", "modify", "plan", "write_file",
         "windows_notes.txt"),
    case("把 README.md 内容替换为 # 新标题", "modify", "plan", "write_file", "README.md"),
    case("在 windows_notes.txt 末尾加一行 再见", "append", "plan", "write_file",
         "windows_notes.txt"),
    case("append goodbye to windows_notes.txt", "append", "plan", "write_file",
         "windows_notes.txt"),
    case("给 README.md 末尾追加 完", "append", "plan", "write_file", "README.md"),
    # several targets: refused, no plan
    case(("搜索 widget", "删除第一个和第二个"), "several", "refuse"),
    case(("search widget", "delete the first two"), "several", "refuse"),
    case("rename all .txt files to .md", "several", "refuse"),
    case("把所有 txt 文件重命名为 md", "several", "refuse"),
    case(("搜索 widget", "删除前两个"), "several", "refuse"),
    case("delete *.txt", "several", "refuse"),
    case(("search widget", "move these to docs"), "several", "refuse"),
    case(("搜索 widget", "把这些移动到 docs"), "several", "refuse"),
    # more ways to say the same things
    case("看下 settings.json", "read", "read", "config/settings.json"),
    case("can you read utils.py for me?", "read", "read", "app/utils.py"),
    case("what does utils.py contain?", "read", "read", "app/utils.py"),
    case("帮我看一下 main.cpp", "read", "read", "src/main.cpp"),
    case("main.cpp 的内容是什么", "read", "read", "src/main.cpp"),
    case("find all json files", "find", "find", "config/settings.json"),
    case("找一下所有 json 文件", "find", "find", "web/package.json"),
    case("哪里有 README", "find", "find", "README.md"),
    case("看看 app 目录", "list", "list", "utils.py"),
    case("list everything in config", "list", "list", "settings.json"),
    case("show me what's in web", "list", "list", "index.js"),
    case("列出根目录", "list", "list", "CMakeLists.txt"),
    case("find the text Hello in the code", "grep", "grep", "app/utils.py"),
    case("哪里用到了 greeting", "grep", "grep", "tests/test_utils.py"),
    case("load_settings 定义在哪里", "define", "define", "app/utils.py"),
    case("定义 greeting 的地方在哪", "define", "define", "app/utils.py"),
    case("where's Widget declared", "define", "define", "src/widget.h"),
    case("where is the class Widget defined", "define", "define", "src/widget.h"),
    case("函数 greeting 在哪里定义的", "define", "define", "app/utils.py"),
    case("rename widget.h widget.hpp", "rename", "plan", "rename", "src/widget.h"),
    case("重命名 utils.py 为 tools.py", "rename", "plan", "rename", "app/utils.py"),
    case("delete the file called windows_notes.txt", "trash", "plan", "trash", "windows_notes.txt"),
    case("把 windows_notes.txt 扔进回收站", "trash", "plan", "trash", "windows_notes.txt"),
    case("创建一个叫 drafts 的文件夹", "create", "plan", "create_folder", "drafts"),
    case("修改 windows_notes.txt 的内容为 新内容", "modify", "plan", "write_file",
         "windows_notes.txt"),
    case("overwrite windows_notes.txt with hello", "modify", "plan", "write_file",
         "windows_notes.txt"),
    case("往 windows_notes.txt 里追加 abc", "append", "plan", "write_file", "windows_notes.txt"),
    case('append a line "done" to windows_notes.txt', "append", "plan", "write_file",
         "windows_notes.txt"),
    case("what does utils.py do", "summarize", "summary", "app/utils.py"),
    case("总结一下 main.py", "summarize", "summary", "app/main.py"),
    case("我在哪个工作区", "workspace", "workspace"),
    case("我想换个工作区", "workspace", "workspace"),
    case(("search widget", "delete 1 and 2"), "several", "refuse"),
    case(("搜索 widget", "删除第1个和第3个"), "several", "refuse"),
    case(("搜索 widget", "删除第一个、第二个"), "several", "refuse"),
    case(("search widget", "delete both"), "several", "refuse"),
    case("let me see widget.h", "read", "read", "src/widget.h"),
    case("give me the contents of index.js", "read", "read", "web/index.js"),
    case("do we have a file called package.json", "find", "find", "web/package.json"),
    case("search for word_count in the code", "grep", "grep", "app/utils.py"),
    case("show me the root folder", "list", "list", "README.md"),
    case("what's in this workspace", "list", "list", "src"),
    case("replace everything in windows_notes.txt with hi", "modify", "plan", "write_file",
         "windows_notes.txt"),
    case("add the line bye to windows_notes.txt", "append", "plan", "write_file",
         "windows_notes.txt"),
    case("how do I switch workspaces", "workspace", "workspace"),
    # help and chat
    case("帮助", "chat", "chat"),
    case("what can you do?", "chat", "chat"),
    case("你好", "chat", "chat"),
    case("thanks!", "chat", "chat"),
]

PROJECT: list[Case] = [
    case("读取 models.py", "read", "read", "shop/models.py"),
    case("read models.py", "read", "read", "shop/models.py"),
    case("读取 设计说明.md", "read", "read", "docs/设计说明.md"),
    case("打开看看 设计说明", "read", "read", "docs/设计说明.md"),
    case("read meeting notes.md", "read", "read", "docs/meeting notes.md"),
    case("看看 meeting notes", "read", "read", "docs/meeting notes.md"),
    case("读取 待办.txt", "read", "read", "notes/待办.txt"),
    case("show 待办", "read", "read", "notes/待办.txt"),
    case("read report 2024.csv", "read", "read", "data/report 2024.csv"),
    case("读取 cart.js", "read", "read", "web/cart.js"),
    case("cat cart", "read", "read", "web/cart.js"),
    case("读取 utils", "resolve", "ask", "shop/utils.py"),
    case("read utils", "resolve", "ask", "web/utils.js"),
    case("读取 widget", "resolve", "ask", "lib/widget.cpp"),
    case("read ghost.py", "resolve", "missing"),
    case("读取 幽灵.md", "resolve", "missing"),
    case("搜索 log", "find", "find", "journal/log_42.txt", "42"),
    case("search log", "find", "find", "journal/log_01.txt", "42"),
    case("找一下 utils", "find", "find", "shop/utils.py"),
    case("find cart", "find", "find", "web/cart.js"),
    case("搜索 slugify", "find", "grep", "shop/utils.py"),
    case("search PriceCache", "find", "grep", "shop/utils.py"),
    case("有没有 models 这个文件", "find", "find", "shop/models.py"),
    case("where's the file cart.js", "find", "find", "web/cart.js"),
    case("找一下包含 PriceCache 的文件", "grep", "grep", "docs/meeting notes.md"),
    case("which files mention PriceCache", "grep", "grep", "shop/utils.py"),
    case("哪些文件包含 entry", "grep", "grep", "journal/log_42.txt", "42"),
    case("grep entry", "grep", "grep", "journal/log_07.txt", "42"),
    case("搜索文本 顾客", "grep", "grep", "docs/设计说明.md"),
    case("search text formatPrice", "grep", "grep", "web/utils.js"),
    case("where is PriceCache defined", "define", "define", "shop/utils.py"),
    case("PriceCache 在哪里定义的", "define", "define", "shop/utils.py"),
    case("where is formatPrice defined", "define", "define", "web/utils.js"),
    case("formatPrice 的定义", "define", "define", "web/utils.js"),
    case("where is Order defined?", "define", "define", "shop/models.py"),
    case("Customer 在哪定义的", "define", "define", "shop/models.py"),
    case("where is renderCart defined", "define", "define", "web/cart.js"),
    case("widgetSize 是在哪里实现的", "define", "define", "lib/widget.cpp"),
    case("列出 journal", "list", "list", "log_42.txt", "42"),
    case("list journal", "list", "list", "log_01.txt", "42"),
    case("journal 里有什么", "list", "list", "log_30.txt", "42"),
    case("shop 里面有哪些文件", "list", "list", "models.py"),
    case("what's in web?", "list", "list", "cart.js"),
    case("根目录下有什么", "list", "list", "shop"),
    case("list the files in docs", "list", "list", "设计说明.md"),
    case("docs 文件夹里有什么", "list", "list", "meeting notes.md"),
    case(("搜索 cart", "读取第一个"), "reference", "read", "web/cart.js"),
    case(("search models", "read the first one"), "reference", "read", "shop/models.py"),
    case(("列出 shop", "读取最后一个"), "reference", "read", "shop/utils.py"),
    case(("list web", "open the second one"), "reference", "plan", "open_file", "web/utils.js"),
    case("总结 设计说明.md", "summarize", "summary", "docs/设计说明.md"),
    case("summarize shop/models.py", "summarize", "summary", "shop/models.py"),
    case("概括一下 README.md", "summarize", "summary", "README.md"),
    case("总结这个项目", "project", "project"),
    case("what is this project about", "project", "project"),
    case("介绍一下这个工程", "project", "project"),
    case("现在打开的是哪个工作区", "workspace", "workspace"),
    case("what workspace is this", "workspace", "workspace"),
    case("换一个工作区", "workspace", "workspace"),
    case("choose another workspace", "workspace", "workspace"),
    case("删除 待办.txt", "trash", "plan", "trash", "notes/待办.txt"),
    case("delete report 2024.csv", "trash", "plan", "trash", "data/report 2024.csv"),
    case("把 cart.js 删掉", "trash", "plan", "trash", "web/cart.js"),
    case("remove log_05.txt", "trash", "plan", "trash", "journal/log_05.txt"),
    case("把 models.py 重命名为 entities.py", "rename", "plan", "rename", "shop/models.py"),
    case("rename shop/utils.py to shop/helpers.py", "rename", "plan", "rename", "shop/utils.py"),
    case("rename cart.js to basket.js", "rename", "plan", "rename", "web/cart.js"),
    case("把 设计说明.md 改名为 设计.md", "rename", "plan", "rename", "docs/设计说明.md"),
    case("复制 cart.js 到 lib", "copy", "plan", "copy", "web/cart.js"),
    case("copy models.py to shop/models_backup.py", "copy", "plan", "copy", "shop/models.py"),
    case("把 待办.txt 移动到 docs", "move", "plan", "move", "notes/待办.txt"),
    case("move meeting notes.md to notes", "move", "plan", "move", "docs/meeting notes.md"),
    case("新建文件 notes/想法.md，内容是 # 想法", "create", "plan", "create_file", "notes/想法.md"),
    case("create a file notes/ideas.md with content # Ideas", "create", "plan", "create_file",
         "notes/ideas.md"),
    case("创建文件夹 归档", "create", "plan", "create_folder", "归档"),
    case("make a folder archive", "create", "plan", "create_folder", "archive"),
    case("把 待办.txt 的内容改成 买面包", "modify", "plan", "write_file", "notes/待办.txt"),
    case("replace the contents of 待办.txt with buy bread", "modify", "plan", "write_file",
         "notes/待办.txt"),
    case("将 README.md 的内容替换为 # Shop 2", "modify", "plan", "write_file", "README.md"),
    case("change the text of cart.js to // empty", "modify", "plan", "write_file", "web/cart.js"),
    case("在 待办.txt 末尾加一行 买鸡蛋", "append", "plan", "write_file", "notes/待办.txt"),
    case("append buy eggs to 待办.txt", "append", "plan", "write_file", "notes/待办.txt"),
    case("给 meeting notes.md 末尾加一行 - next week", "append", "plan", "write_file",
         "docs/meeting notes.md"),
    case("add a line to the end of README.md: Thanks", "append", "plan", "write_file",
         "README.md"),
    case(("搜索 log", "删除第一个和第二个"), "several", "refuse"),
    case(("search log", "delete the first and the second"), "several", "refuse"),
    case(("搜索 log", "删除第一到第三个"), "several", "refuse"),
    case(("search log", "trash items 1-3"), "several", "refuse"),
    case("删除所有日志文件", "several", "refuse"),
    case("把全部 log 文件移动到 data", "several", "refuse"),
    case("rename every log file to .bak", "several", "refuse"),
    case("delete logs/*.txt", "several", "refuse"),
    case(("搜索 log", "把这些删掉"), "several", "refuse"),
    case(("search log", "rename these to old"), "several", "refuse"),
    # more ways to say the same things
    case("搜一搜 cart", "find", "find", "web/cart.js"),
    case("查一下 models 在哪", "find", "find", "shop/models.py"),
    case("cart.js 文件在哪里", "find", "find", "web/cart.js"),
    case("docs/meeting notes.md 写了什么", "read", "read", "docs/meeting notes.md"),
    case("what's inside models.py", "read", "read", "shop/models.py"),
    case("看看 shop 里有什么", "list", "list", "utils.py"),
    case("list all files in journal", "list", "list", "log_42.txt", "42"),
    case("哪些文件里有 PriceCache", "grep", "grep", "shop/utils.py"),
    case("全文搜索 顾客", "grep", "grep", "docs/设计说明.md"),
    case("find the word slugify", "grep", "grep", "shop/utils.py"),
    case("Order 类在哪里定义", "define", "define", "shop/models.py"),
    case("slugify 函数定义在哪", "define", "define", "shop/utils.py"),
    case("where's formatPrice declared", "define", "define", "web/utils.js"),
    case("选一个新的工作区", "workspace", "workspace"),
    case("which folder is open", "workspace", "workspace"),
    case("把 设计说明.md 里的内容改成 新设计", "modify", "plan", "write_file", "docs/设计说明.md"),
    case("README.md 末尾添加一行 结束", "append", "plan", "write_file", "README.md"),
    case("delete the file called cart.js", "trash", "plan", "trash", "web/cart.js"),
    case("把 shop 删了", "trash", "plan", "trash", "shop"),
    case("what does cart.js do", "summarize", "summary", "web/cart.js"),
    case(("搜索 log", "删除前三个"), "several", "refuse"),
    case(("search log", "把第二个和第三个移动到 docs"), "several", "refuse"),
    case("把所有 md 文件复制到 backup", "several", "refuse"),
    case("copy all the logs to data", "several", "refuse"),
    case("你能做什么", "chat", "chat"),
    case("help", "chat", "chat"),
    case("谢谢", "chat", "chat"),
    case("hello", "chat", "chat"),
]


def _table_has(reply: Reply, column: str, value: str) -> bool:
    return reply.table is not None and column in reply.table and value in set(reply.table[column])


def _opens_here(ws: wsnb.Workspace, reply: Reply, path: str) -> bool:
    """"open X" opens X in the way this machine can: with a desktop, one plan that hands X to
    its app; without one (a server, CI), X's text at once, a JupyterLab tab offered, no plan."""
    if not ws.context.launcher.available():
        return _plan_is(reply, "open_file", path)
    return reply.files_read == [path] and reply.lab_open == path and not reply.plans


def _plan_is(reply: Reply, action: str, path: str, fragment: str = "") -> bool:
    if len(reply.plans) != 1:
        return False
    plan = reply.plans[0]
    where = plan.source or plan.target
    made = plan.action.value == action and where is not None and where.relative == path
    return made and (not fragment or fragment in (plan.content or ""))


_CODE = re.compile(r"```.*?```|`[^`]*`", re.DOTALL)
_HAN = re.compile(r"[\u4e00-\u9fff]")
_NAMES = re.compile(r"[^\s`*（(]*(?:/|\.[A-Za-z]\w{0,7}\b)[^\s`*）)，,]*")


def speaks(reply: Reply, lang: str) -> bool:
    """Whether the reply is in ``lang``: its ``lang`` says so and its lead sentence agrees
    (code, names in backticks and quoted file text aside)."""
    lead = next((line for line in _CODE.sub("", reply.text).splitlines() if line.strip()), "")
    lead = _NAMES.sub(" ", lead)  # a path or file name is no word of either language
    han = bool(_HAN.search(lead))
    return reply.lang == lang and (han if lang == "zh" else not han)


def _says_count(reply: Reply, number: str) -> bool:
    text = reply.text.replace(",", "")
    return re.search(rf"(?<!\d){re.escape(number)}(?!\d)", text) is not None


def _refused(reply: Reply, rule: str) -> bool:
    return not reply.plans and _(FORBIDDEN_RULES[rule], lang=reply.lang) in reply.text


def _out_of_range(reply: Reply, count: str) -> bool:
    said = _("The last list has {count} items; there is no number {position}.", lang=reply.lang)
    lead = said.split("{count}")[0] + count  # "The last list has 42", "上一个列表只有 42"
    return not reply.plans and not reply.files_read and lead in reply.text


def _undo(reply: Reply) -> bool:
    nothing = _("There is no change left to undo in this workspace's history.", lang=reply.lang)
    if not reply.plans:
        return nothing in reply.text
    return all(plan.undo_of for plan in reply.plans)


def judged(ws: wsnb.Workspace, reply: Reply, expect: Sequence[str], lang: str | None = None,
           ) -> bool:  # fmt: skip
    """Whether ``reply`` holds what ``expect`` asks for (and, given ``lang``, speaks it).

    The kinds of issue 32 (``rows``, ``top``, ``quote``, ``edit``, ``open``) are judged by
    ``agent_judge``; a number after a path counts only for the older kinds.
    """
    kind, *rest = expect
    spoken = lang is None or speaks(reply, lang)
    if kind in NEW_KINDS:
        return judged_new(ws, reply, kind, rest) and spoken
    total = rest[1] if len(rest) > 1 and rest[1].isdigit() else ""
    honest = not total or (total in reply.text and reply.table is not None
                           and len(reply.table) == int(total))  # fmt: skip
    checks = {
        "read": lambda: reply.files_read == [rest[0]],
        "find": lambda: _table_has(reply, "path", rest[0]) and "size" in reply.table,  # type: ignore[operator]
        "grep": lambda: _table_has(reply, "path", rest[0]) and "matches" in reply.table,  # type: ignore[operator]
        "define": lambda: _table_has(reply, "path", rest[0]),
        "used": lambda: _table_has(reply, "path", rest[0]) and not reply.plans,
        "list": lambda: _table_has(reply, "name", rest[0]),
        "ask": lambda: _table_has(reply, "path", rest[0]) and not reply.plans
        and any(w in reply.text for w in ("Which one?", "is it the entry below?", "是哪一个",
                                                   "是下面这一项吗")),
        "missing": lambda: not reply.plans and reply.table is None
        and ("There is no file named" in reply.text or "没有名为" in reply.text),
        "plan": lambda: _opens_here(ws, reply, rest[1]) if rest[0] == "open_file"
        else _plan_is(reply, *rest[:3]),
        "refuse": lambda: _refused(reply, rest[0] if rest else "bulk_change"),
        "summary": lambda: rest[0] in reply.files_read,
        "explain": lambda: rest[0] in reply.files_read and not reply.plans,
        "count": lambda: _says_count(reply, rest[0]) and not reply.plans,
        "out_of_range": lambda: _out_of_range(reply, rest[0]),
        "offtopic": lambda: not reply.plans and reply.table is None
        and _(NOT_WORKSPACE, lang=reply.lang) in reply.text,
        "undo": lambda: _undo(reply),
        "project": lambda: reply.table is None and "```" in reply.text,
        "workspace": lambda: str(ws.root) in reply.text and "pick_workspace" in reply.text,
        "chat": lambda: not reply.plans and reply.table is None
        and "didn't understand" not in reply.text and "没能理解" not in reply.text,
    }
    return bool(checks[kind]()) and honest and spoken


def run_case(ws: wsnb.Workspace, item: Case, lang: str | None = None) -> tuple[bool, Reply]:
    ws._agent = Agent(ws, environ={})  # a fresh, offline conversation per case
    reply = Reply("")
    for message in item.say:
        reply = ws.ask(message)
        for plan in reply.plans:
            if message != item.say[-1]:
                plan.cancel()
    ok = judged(ws, reply, item.expect, lang)
    for plan in reply.plans:
        plan.cancel()
    return ok, reply


def evaluate(sample_root: Path, project_root: Path) -> list[tuple[str, Case, bool, Reply]]:
    """Every case of both workspaces, with whether it passed and the reply."""
    results: list[tuple[str, Case, bool, Reply]] = []
    for label, root, cases in (("sample", sample_root, SAMPLE), ("project", project_root,
                                                                 PROJECT)):  # fmt: skip
        ws = wsnb.open_workspace(root)
        for item in cases:
            ok, reply = run_case(ws, item)
            results.append((label, item, ok, reply))
    return results


def accuracy_table(results: list[tuple[str, Case, bool, Reply]]) -> str:
    """Per intent: cases, Chinese cases, passed, accuracy."""
    total: Counter[str] = Counter()
    chinese: Counter[str] = Counter()
    passed: Counter[str] = Counter()
    for _label, item, ok, _reply in results:
        total[item.intent] += 1
        chinese[item.intent] += any("\u4e00" <= c <= "\u9fff" for c in item.say[-1])
        passed[item.intent] += ok
    lines = [f"{'intent':<11} {'cases':>5} {'zh':>4} {'passed':>6} {'accuracy':>8}"]
    for intent in sorted(total):
        lines.append(f"{intent:<11} {total[intent]:>5} {chinese[intent]:>4} {passed[intent]:>6} "
                     f"{passed[intent] / total[intent]:>8.1%}")
    n, right = sum(total.values()), sum(passed.values())
    lines.append(f"{'all':<11} {n:>5} {sum(chinese.values()):>4} {right:>6} {right / n:>8.1%}")
    return "\n".join(lines)


def main() -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        results = evaluate(wsnb.copy_sample_workspace(base / "sample"),
                           build_project(base / "project"))  # fmt: skip
        print(accuracy_table(results))
        for label, item, ok, reply in results:
            if not ok:
                print(f"FAIL [{label}] {item.say} -> {reply.text.splitlines()[0][:100]!r}",
                      file=sys.stderr)  # fmt: skip


if __name__ == "__main__":
    main()
