"""An eighth probe set of our own (names to resolve, positions, text searches, definitions,
new files, chit-chat), scored once before any change was made for it (the figure is in the
note), then kept as a regression set.
"""

from __future__ import annotations

from agent_corpus import Case, case

LANG: dict[Case, str] = {}


def probe(say: str | tuple[str, ...], lang: str, intent: str, *expect: str) -> Case:
    item = case(say, intent, *expect)
    LANG[item] = lang
    return item


SAMPLE: list[Case] = [
    probe("帮我瞅瞅 main 这个文件", "zh", "resolve", "ask", "src/main.cpp"),
    probe("open widget for me", "en", "resolve", "ask", "src/widget.h"),
    probe("读一下 settngs.json", "zh", "resolve", "ask", "config/settings.json"),
    probe("show nothinghere.py", "en", "resolve", "missing"),
    probe("给我看看《不存在的文档》", "zh", "resolve", "missing"),
    probe(("找一下 widget", "第二个给我看看"), "zh", "reference", "read", "src/widget.h"),
    probe(("search widget", "that second one, open it"), "en", "reference", "plan", "open_file",
          "src/widget.h"),
    probe(("列出 src", "最后那个是干什么的"), "zh", "reference", "summary", "src/widget.h"),
    probe(("list src", "move the first one to docs"), "en", "reference", "plan", "move",
          "src/main.cpp"),
    probe(("列出 src", "第一个改名为 start.cpp"), "zh", "reference", "plan", "rename",
          "src/main.cpp"),
    probe(("list src", "copy the 2nd to docs"), "en", "reference", "plan", "copy",
          "src/widget.cpp"),
    probe("找出所有写着 greeting 的文件", "zh", "grep", "grep", "app/utils.py"),
    probe("files that contain 'render('", "en", "grep", "grep", "web/index.js"),
    probe("全局搜索 WidgetRegistry", "zh", "grep", "grep", "src/main.cpp"),
    probe("where's the definition of greeting", "en", "define", "define", "app/utils.py"),
    probe("load_settings 是在哪里写的", "zh", "define", "define", "app/utils.py"),
    probe("jump to the definition of render", "en", "define", "define", "web/index.js"),
    probe("创建一个 notes.txt 文件，内容为 hello", "zh", "create", "plan", "create_file",
          "notes.txt", "hello"),
    probe("create empty file blank.txt", "en", "create", "plan", "create_file", "blank.txt"),
    probe("在 app 目录下创建 cli.py", "zh", "create", "plan", "create_file", "app/cli.py"),
    probe("add a new file web/style.css with body { margin: 0 }", "en", "create", "plan",
          "create_file", "web/style.css", "body { margin: 0 }"),
    probe("how's it going", "en", "chat", "chat"),
    probe("你叫什么名字", "zh", "chat", "chat"),
    probe("can you write me a poem", "en", "offtopic", "offtopic"),
    probe("帮我查一下明天北京的天气", "zh", "offtopic", "offtopic"),
    probe("what is 3 times 7", "en", "offtopic", "offtopic"),
]

PROJECT: list[Case] = [
    probe("read the utils file", "en", "resolve", "ask", "web/utils.js"),
    probe("看看 modles.py", "zh", "resolve", "ask", "shop/models.py"),
    probe(("列出 journal", "第二十个"), "zh", "reference", "read", "journal/log_20.txt"),
    probe(("list journal", "number 40"), "en", "reference", "read", "journal/log_40.txt"),
    probe(("列出 journal", "倒数第三个删掉"), "zh", "reference", "plan", "trash",
          "journal/log_40.txt"),
    probe("which files say entry 42", "en", "grep", "grep", "journal/log_42.txt"),
    probe("where is Order defined", "en", "define", "define", "shop/models.py"),
    probe("新建文件 shop/api.py 内容是 import json", "zh", "create", "plan", "create_file",
          "shop/api.py", "import json"),
    probe("hi! what can you do for me?", "en", "chat", "chat"),
    probe("播放一首歌", "zh", "offtopic", "offtopic"),
]
