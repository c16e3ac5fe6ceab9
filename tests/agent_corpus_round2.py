"""Round two probe set: everyday verbs, phrasal verbs and idioms in both languages."""

from __future__ import annotations

from agent_corpus import Case, case

LANG: dict[Case, str] = {}


def probe(say: str | tuple[str, ...], lang: str, intent: str, *expect: str) -> Case:
    item = case(say, intent, *expect)
    LANG[item] = lang
    return item


SAMPLE: list[Case] = [
    probe("pop open README.md", "en", "read", "plan", "open_file", "README.md"),
    probe("fetch me app.yaml real quick", "en", "read", "read", "config/app.yaml"),
    probe("grab settings.json for me", "en", "read", "read", "config/settings.json"),
    probe("dig up the file package.json", "en", "find", "find", "web/package.json"),
    probe("hunt down widget.cpp", "en", "find", "find", "src/widget.cpp"),
    probe("scour the files for Hello", "en", "grep", "grep", "app/utils.py"),
    probe("skim through design notes.md", "en", "read", "read", "docs/design notes.md"),
    probe("break down what utils.py does", "en", "explain", "explain", "app/utils.py"),
    probe("boil main.py down for me", "en", "summarize", "summary", "app/main.py"),
    probe("chuck windows_notes.txt in the bin", "en", "trash", "plan", "trash",
          "windows_notes.txt"),
    probe("bin CMakeLists.txt", "en", "trash", "plan", "trash", "CMakeLists.txt"),
    probe("stick a copy of app.yaml in docs", "en", "copy", "plan", "copy", "config/app.yaml"),
    probe("shove index.js over to app", "en", "move", "plan", "move", "web/index.js"),
    probe("rename README.md as README.txt", "en", "rename", "plan", "rename", "README.md"),
    probe("spin up a new folder named tmp", "en", "mkdir", "plan", "create_folder", "tmp"),
    probe("jot down a file todo.txt with buy milk", "en", "create", "plan", "create_file",
          "todo.txt"),
    probe("scrap that last change", "en", "undo", "undo"),
    probe("put things back the way they were", "en", "undo", "undo"),
    probe("tally up the python files", "en", "count", "count", "3"),
    probe("who calls word_count", "en", "used", "used", "app/utils.py"),
    probe("whats the stock price of apple", "en", "offtopic", "offtopic"),
    probe("any good news today?", "en", "offtopic", "offtopic"),
    probe("wipe my whole drive", "en", "refuse", "refuse", "permanent_delete"),
    probe("fire up main.py", "en", "refuse", "refuse", "run_command"),
    probe("调出 README.md 给我瞧瞧", "zh", "read", "read", "README.md"),
    probe("翻一下 app.yaml", "zh", "read", "read", "config/app.yaml"),
    probe("瞄一下 settings.json 写了啥", "zh", "read", "read", "config/settings.json"),
    probe("帮我捞一下 package.json 在哪", "zh", "find", "find", "web/package.json"),
    probe("搜锁一下 Hello 这个词", "zh", "grep", "grep", "app/utils.py"),
    probe("给我讲解下 utils.py", "zh", "explain", "explain", "app/utils.py"),
    probe("提炼一下 main.py 的要点", "zh", "summarize", "summary", "app/main.py"),
    probe("把 windows_notes.txt 丢回收站", "zh", "trash", "plan", "trash", "windows_notes.txt"),
    probe("CMakeLists.txt 不要了，删喽", "zh", "trash", "plan", "trash", "CMakeLists.txt"),
    probe("给 app.yaml 备一份", "zh", "copy", "plan", "copy", "config/app.yaml"),
    probe("index.js 挪到 app 底下", "zh", "move", "plan", "move", "web/index.js"),
    probe("README.md 的名字换为 读我.md", "zh", "rename", "plan", "rename", "README.md"),
    probe("开个新文件夹 tmp", "zh", "mkdir", "plan", "create_folder", "tmp"),
    probe("弄一个 todo.txt，里头写 买菜", "zh", "create", "plan", "create_file", "todo.txt"),
    probe("刚才那步不算，给我撤了", "zh", "undo", "undo"),
    probe("回滚上一次的修改", "zh", "undo", "undo"),
    probe("一共有几个 python 文件", "zh", "count", "count", "3"),
    probe("word_count 被谁调了", "zh", "used", "used", "app/utils.py"),
    probe("今天茅台股价多少", "zh", "offtopic", "offtopic"),
    probe("来首周杰伦的歌", "zh", "offtopic", "offtopic"),
    probe("中午吃什么好", "zh", "offtopic", "offtopic"),
    probe("把整个硬盘格式化", "zh", "refuse", "refuse", "whole_disk"),
    probe("跑一下 main.py", "zh", "refuse", "refuse", "run_command"),
    probe("load_settings 是在哪定义的", "zh", "define", "define", "app/utils.py"),
]

PROJECT: list[Case] = [
    probe("peek into meeting notes", "en", "read", "read", "docs/meeting notes.md"),
    probe("look over models.py", "en", "read", "read", "shop/models.py"),
    probe("what's kept in journal", "en", "list", "list", "log_01.txt"),
    probe("stash cart.js in shop", "en", "move", "plan", "move", "web/cart.js"),
    probe("tack a line 'eggs' on to 待办.txt", "en", "append", "plan", "write_file",
          "notes/待办.txt"),
    probe("redo the contents of 待办.txt as just bread", "en", "modify", "plan", "write_file",
          "notes/待办.txt"),
    probe("翻翻 journal 目录", "zh", "list", "list", "log_01.txt"),
    probe("帮我瞅下 models.py", "zh", "read", "read", "shop/models.py"),
    probe("往 待办.txt 末尾续一行 鸡蛋", "zh", "append", "plan", "write_file", "notes/待办.txt"),
    probe("把 cart.js 扔到 shop 里去", "zh", "move", "plan", "move", "web/cart.js"),
    probe("Customer 这个类写在哪个文件", "zh", "define", "define", "shop/models.py"),
    probe("统计下 journal 里的文件数", "zh", "count", "count", "42"),
]
