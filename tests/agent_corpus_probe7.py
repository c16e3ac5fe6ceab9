"""A seventh probe set of our own: renames, content changes, the project, the workspace, undo,
names to resolve and refusals, said many ways; scored once before any change was made for it
(the figure is in the note), then kept as a regression set.
"""

from __future__ import annotations

from agent_corpus import Case, case

LANG: dict[Case, str] = {}


def probe(say: str | tuple[str, ...], lang: str, intent: str, *expect: str) -> Case:
    item = case(say, intent, *expect)
    LANG[item] = lang
    return item


SAMPLE: list[Case] = [
    probe("could you rename 《使用指南》 to 指南.md", "en", "rename", "plan", "rename",
          "docs/使用指南.md"),
    probe("把「design notes.md」重命名为「设计笔记.md」", "zh", "rename", "plan", "rename",
          "docs/design notes.md"),
    probe("index.js 改叫 app.js 吧", "zh", "rename", "plan", "rename", "web/index.js"),
    probe("give widget.h the name gadget.h", "en", "rename", "plan", "rename", "src/widget.h"),
    probe("帮我把 windows_notes 这个文件改个名字，就叫 win.txt", "zh", "rename", "plan", "rename",
          "windows_notes.txt"),
    probe("rename 'app.yaml' → 'config.yaml'", "en", "rename", "plan", "rename",
          "config/app.yaml"),
    probe("把 windows_notes.txt 里面的内容换成 hello", "zh", "modify", "plan", "write_file",
          "windows_notes.txt"),
    probe("overwrite README.md so it just says hi", "en", "modify", "plan", "write_file",
          "README.md"),
    probe("make windows_notes.txt say goodbye", "en", "modify", "plan", "write_file",
          "windows_notes.txt"),
    probe("把 windows_notes.txt 的内容全部替换为：新的内容", "zh", "modify", "plan", "write_file",
          "windows_notes.txt"),
    probe("replace what's in windows_notes.txt with nothing but ok", "en", "modify", "plan",
          "write_file", "windows_notes.txt"),
    probe("在 windows_notes.txt 最后写上 完", "zh", "append", "plan", "write_file",
          "windows_notes.txt"),
    probe("tell me about this workspace", "en", "project", "project"),
    probe("这个工作区里的项目大概是干什么的", "zh", "project", "project"),
    probe("what kind of project is this", "en", "project", "project"),
    probe("项目结构是什么样的", "zh", "project", "project"),
    probe("which directory is open right now", "en", "workspace", "workspace"),
    probe("我想换一个文件夹来用", "zh", "workspace", "workspace"),
    probe("how do I pick a different workspace?", "en", "workspace", "workspace"),
    probe("undo what you just did", "en", "undo", "undo"),
    probe("把刚刚的操作还原", "zh", "undo", "undo"),
    probe("read widget please", "en", "resolve", "ask", "src/widget.cpp"),
    probe("打开 main 看看", "zh", "resolve", "ask", "app/main.py"),
    probe("show me untils.py", "en", "resolve", "ask", "app/utils.py"),
    probe("读一下 不存在.md", "zh", "resolve", "missing"),
    probe("delete README.md permanently, no trash", "en", "refuse", "refuse",
          "permanent_delete"),
    probe("把 docs 和 src 都删了", "zh", "refuse", "refuse", "bulk_change"),
    probe("could you run the tests for me", "en", "refuse", "refuse", "run_command"),
    probe("帮我 pip 安装一下 requests", "zh", "refuse", "refuse", "install"),
    probe("git add . and commit", "en", "refuse", "refuse", "git"),
    probe("search my entire computer for resume.pdf", "en", "refuse", "refuse", "whole_disk"),
    probe("打开上一级目录里的 notes.txt", "zh", "refuse", "refuse", "outside"),
    probe("show me the private key id_rsa", "en", "refuse", "refuse", "sensitive"),
    probe("what's the best pizza place nearby", "en", "offtopic", "offtopic"),
    probe("帮我打开网易云音乐", "zh", "offtopic", "offtopic"),
    probe("where is greeting defined, in which file", "en", "define", "define", "app/utils.py"),
    probe("哪个文件定义了 Widget 这个类", "zh", "define", "define", "src/widget.h"),
    probe("grep the code for read_settings please", "en", "grep", "grep", "app/main.py"),
    probe("帮我在所有文件里找 Hello 这个词", "zh", "grep", "grep", "app/utils.py"),
    probe("新建 docs/更新说明.md 写入 v2", "zh", "create", "plan", "create_file",
          "docs/更新说明.md", "v2"),
    probe("create a markdown file called plan.md whose content is # Plan", "en", "create",
          "plan", "create_file", "plan.md", "# Plan"),
]

PROJECT: list[Case] = [
    probe("rename meeting notes to meeting.md", "en", "rename", "plan", "rename",
          "docs/meeting notes.md"),
    probe("把《设计说明》改名为 设计.md", "zh", "rename", "plan", "rename", "docs/设计说明.md"),
    probe("把 待办 的内容改成 买菜", "zh", "modify", "plan", "write_file", "notes/待办.txt"),
    probe("replace 买牛奶 with 买咖啡 in 待办.txt", "en", "modify", "plan", "write_file",
          "notes/待办.txt"),
    probe("把 待办.txt 里的 买牛奶 改成 买咖啡", "zh", "modify", "plan", "write_file",
          "notes/待办.txt"),
    probe(("列出 journal", "第十五个"), "zh", "reference", "read", "journal/log_15.txt"),
    probe(("list journal", "show me #15"), "en", "reference", "read", "journal/log_15.txt"),
    probe(("搜索 utils", "打开倒数第一个"), "zh", "reference", "plan", "open_file",
          "shop/utils.py"),
    probe("read utils", "en", "resolve", "ask", "shop/utils.py"),
    probe("给我介绍一下这个代码库", "zh", "project", "project"),
]
