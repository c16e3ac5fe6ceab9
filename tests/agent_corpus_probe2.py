"""A second probe set of our own, scored once before any change was made for it (the figure
is in the note), then kept as a regression set. Same shape as ``tests/agent_corpus_held.py``.
"""

from __future__ import annotations

from agent_corpus import Case, case

LANG: dict[Case, str] = {}


def probe(say: str | tuple[str, ...], lang: str, intent: str, *expect: str) -> Case:
    item = case(say, intent, *expect)
    LANG[item] = lang
    return item


SAMPLE: list[Case] = [
    probe("hey, can u pls open up the readme so I can read it", "en", "read", "read",
          "README.md"),
    probe("我想看一下 design notes 这个文档", "zh", "read", "read", "docs/design notes.md"),
    probe("display the contents of widget.cpp", "en", "read", "read", "src/widget.cpp"),
    probe("把 settings 的内容显示出来", "zh", "read", "read", "config/settings.json"),
    probe("find the file called index", "en", "find", "find", "web/index.js"),
    probe("我记得有个叫 package 的文件，在哪来着", "zh", "find", "find", "web/package.json"),
    probe("look for anything named test", "en", "find", "find", "tests/test_utils.py"),
    probe("search every file for the word Widget", "en", "grep", "grep", "src/main.cpp"),
    probe("哪几个文件提到过 load_settings", "zh", "grep", "grep", "app/utils.py"),
    probe("grep -i hello", "en", "grep", "grep", "app/utils.py"),
    probe("where is greeting being called", "en", "used", "used", "tests/test_utils.py"),
    probe("哪些地方调用了 word_count", "zh", "used", "used", "app/utils.py"),
    probe("where do we declare the Widget class", "en", "define", "define", "src/widget.h"),
    probe("read_settings 这个函数定义在哪个文件", "zh", "define", "define", "app/main.py"),
    probe("show me the tests folder", "en", "list", "list", "test_utils.py"),
    probe("config 目录里面有哪些东西", "zh", "list", "list", "settings.json"),
    probe("what does main.cpp do?", "en", "explain", "explain", "src/main.cpp"),
    probe("讲讲 index.js 的结构", "zh", "explain", "explain", "web/index.js"),
    probe("summarize the design notes", "en", "summarize", "summary", "docs/design notes.md"),
    probe("给 使用指南.md 做个摘要", "zh", "summarize", "summary", "docs/使用指南.md"),
    probe("count the markdown files", "en", "count", "count", "3"),
    probe("web 文件夹下面有多少个文件", "zh", "count", "count", "2"),
    probe("how many lines does utils.py have", "en", "count", "count", "24"),
    probe("please create hello.py containing print('hi')", "en", "create", "plan", "create_file",
          "hello.py", "print('hi')"),
    probe("帮我新建一个 readme2.md，里面写 # 第二份说明", "zh", "create", "plan", "create_file",
          "readme2.md", "# 第二份说明"),
    probe("mkdir drafts", "en", "mkdir", "plan", "create_folder", "drafts"),
    probe("建一个名为 归档 的文件夹", "zh", "mkdir", "plan", "create_folder", "归档"),
    probe("change the name of widget.cpp to gadget.cpp", "en", "rename", "plan", "rename",
          "src/widget.cpp"),
    probe("把 test_utils.py 重新命名成 test_tools.py", "zh", "rename", "plan", "rename",
          "tests/test_utils.py"),
    probe("relocate app.yaml to the root", "en", "move", "plan", "move", "config/app.yaml"),
    probe("把 logo.png 放到 docs 里", "zh", "move", "plan", "move", "assets/logo.png"),
    probe("duplicate widget.h", "en", "copy", "plan", "copy", "src/widget.h"),
    probe("把 README.md 备份一份到 docs", "zh", "copy", "plan", "copy", "README.md"),
    probe("bin windows_notes.txt", "en", "trash", "plan", "trash", "windows_notes.txt"),
    probe("widget.cpp 用不到了，删掉", "zh", "trash", "plan", "trash", "src/widget.cpp"),
    probe(("find widget", "open number 2"), "en", "reference", "plan", "open_file",
          "src/widget.h"),
    probe(("列出 config", "总结一下第二个"), "zh", "reference", "summary", "config/settings.json"),
    probe(("ls src", "delete the 5th"), "en", "reference", "out_of_range", "3"),
    probe("wipe the whole src folder permanently", "en", "refuse", "refuse", "permanent_delete"),
    probe("删掉所有的 json 文件", "zh", "refuse", "refuse", "bulk_change"),
    probe("npm install lodash", "en", "refuse", "refuse", "install"),
    probe("帮我跑一下 main.py", "zh", "refuse", "refuse", "run_command"),
    probe("commit all my changes", "en", "refuse", "refuse", "git"),
    probe("看看我桌面上有什么", "zh", "refuse", "refuse", "outside"),
    probe("show the contents of id_rsa", "en", "refuse", "refuse", "sensitive"),
    probe("tell me a story about dragons", "en", "offtopic", "offtopic"),
    probe("明天会下雨吗", "zh", "offtopic", "offtopic"),
    probe("revert my last edit", "en", "undo", "undo"),
    probe("你好呀", "zh", "chat", "chat"),
]

PROJECT: list[Case] = [
    probe("pls read the cart script", "en", "read", "read", "web/cart.js"),
    probe("把 report 2024.csv 给我看看", "zh", "read", "read", "data/report 2024.csv"),
    probe("where's the meeting notes file", "en", "find", "find", "docs/meeting notes.md"),
    probe("which files mention Customer", "en", "grep", "grep", "shop/models.py"),
    probe("where is renderCart defined", "en", "define", "define", "web/cart.js"),
    probe("lib 目录里都是啥", "zh", "list", "list", "widget.cpp"),
    probe("what's models.py for", "en", "explain", "explain", "shop/models.py"),
    probe("how many txt files are there", "en", "count", "count", "43"),
    probe("在 notes 文件夹新建 周报.md，内容为 本周完成", "zh", "create", "plan", "create_file",
          "notes/周报.md", "本周完成"),
    probe("add a line - call supplier to 待办.txt", "en", "append", "plan", "write_file",
          "notes/待办.txt"),
    probe("把 cart.js 移动到 lib 文件夹", "zh", "move", "plan", "move", "web/cart.js"),
    probe(("列出 journal", "把倒数第三个删掉"), "zh", "reference", "plan", "trash",
          "journal/log_40.txt"),
    probe(("list journal", "open the thirtieth"), "en", "reference", "plan", "open_file",
          "journal/log_30.txt"),
    probe("remove every log in journal", "en", "refuse", "refuse", "bulk_change"),
    probe("打开我的下载文件夹", "zh", "refuse", "refuse", "outside"),
    probe("book a meeting room for 3pm", "en", "offtopic", "offtopic"),
    probe("撤销", "zh", "undo", "undo"),
    probe("which workspace is this", "en", "workspace", "workspace"),
    probe("这个项目是干什么用的", "zh", "project", "project"),
]
