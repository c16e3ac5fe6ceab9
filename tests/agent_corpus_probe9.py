"""A ninth probe set of our own (long polite sentences, indirect questions, mixed languages),
scored once before any change was made for it (the figure is in the note), then kept as a
regression set.
"""

from __future__ import annotations

from agent_corpus import Case, case

LANG: dict[Case, str] = {}


def probe(say: str | tuple[str, ...], lang: str, intent: str, *expect: str) -> Case:
    item = case(say, intent, *expect)
    LANG[item] = lang
    return item


SAMPLE: list[Case] = [
    probe("不好意思打扰一下，能不能麻烦你帮我把 README.md 的内容读给我听一下，谢谢啦", "zh",
          "read", "read", "README.md"),
    probe("I was wondering if you could show me what's in app.yaml", "en", "read", "read",
          "config/app.yaml"),
    probe("do you know where the file test_utils.py is?", "en", "find", "find",
          "tests/test_utils.py"),
    probe("你知道 使用指南 放在哪个文件夹吗", "zh", "find", "find", "docs/使用指南.md"),
    probe("I'd love to know which files mention WidgetRegistry", "en", "grep", "grep",
          "src/main.cpp"),
    probe("麻烦帮我看看哪些文件里提到了 load_settings 这个函数", "zh", "grep", "grep",
          "app/utils.py"),
    probe("could you tell me where the function greeting is defined", "en", "define", "define",
          "app/utils.py"),
    probe("请问 Widget 这个类是在哪里声明的呀", "zh", "define", "define", "src/widget.h"),
    probe("would you list the contents of the web folder", "en", "list", "list", "index.js"),
    probe("能不能帮我列一下 config 里面的文件", "zh", "list", "list", "settings.json"),
    probe("I'd like a short explanation of what utils.py is for", "en", "explain", "explain",
          "app/utils.py"),
    probe("能简单说说 widget.cpp 是干啥的吗", "zh", "explain", "explain", "src/widget.cpp"),
    probe("could you count how many files the docs folder has", "en", "count", "count", "3"),
    probe("请帮我统计一下整个工作区一共有多少个文件", "zh", "count", "count", "22"),
    probe("would you please create a new file called ideas.md containing # Ideas", "en",
          "create", "plan", "create_file", "ideas.md", "# Ideas"),
    probe("麻烦帮我在 docs 目录下新建一个 faq.md，里面写上 常见问题", "zh", "create", "plan",
          "create_file", "docs/faq.md", "常见问题"),
    probe("if it's not too much trouble, rename widget.h to widgets.h", "en", "rename", "plan",
          "rename", "src/widget.h"),
    probe("劳驾把 app.yaml 挪到 docs 目录里去", "zh", "move", "plan", "move", "config/app.yaml"),
    probe("I think windows_notes.txt can go, please delete it", "en", "trash", "plan", "trash",
          "windows_notes.txt"),
    probe("这个 debug 的东西不需要了，把 windows_notes.txt 删掉吧", "zh", "trash", "plan", "trash",
          "windows_notes.txt"),
    probe(("please list src", "and now could you read the second one?"), "en", "reference",
          "read", "src/widget.cpp"),
    probe(("列一下 src", "那第三个呢，打开看看"), "zh", "reference", "read", "src/widget.h"),
    probe("would you mind deleting every file in docs", "en", "refuse", "refuse",
          "bulk_change"),
    probe("能不能帮我运行一下 app/main.py 看看效果", "zh", "refuse", "refuse", "run_command"),
    probe("thanks a lot, that was helpful", "en", "chat", "chat"),
    probe("好的，谢谢你的帮助", "zh", "chat", "chat"),
]

PROJECT: list[Case] = [
    probe("could you kindly summarize the meeting notes for me", "en", "summarize", "summary",
          "docs/meeting notes.md"),
    probe("帮我在 待办.txt 的最后加上一行：取快递", "zh", "append", "plan", "write_file",
          "notes/待办.txt"),
    probe("I need the contents of 待办.txt replaced with: all done", "en", "modify", "plan",
          "write_file", "notes/待办.txt"),
    probe("请告诉我这个项目主要是做什么的", "zh", "project", "project"),
    probe("could you tell me which workspace I'm in", "en", "workspace", "workspace"),
    probe("please undo whatever you just did", "en", "undo", "undo"),
]
