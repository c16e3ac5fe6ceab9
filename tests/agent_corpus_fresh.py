"""A second phrasing corpus, written before the grammar was grown for it.

The same shape and judge as ``tests/agent_corpus.py`` (and the same two workspaces),
but phrasings of another hand: politeness, questions, word order turned round,
typos, colloquial Chinese, names with spaces and Chinese names, and changes for
several items with a slot left out. It measures how the grammar generalises;
``python tests/agent_corpus_fresh.py`` prints the accuracy per intent.
"""

from __future__ import annotations

import sys
from pathlib import Path

from agent_corpus import Case, accuracy_table, build_project, case, run_case

import wsnb
from wsnb.agent import Reply

FRESH_SAMPLE: list[Case] = [
    # reading
    case("could you show me README.md please", "read", "read", "README.md"),
    case("I'd like to see main.cpp", "read", "read", "src/main.cpp"),
    # "open" asks for the default application (a plan), as "打开第一个" does
    case("open up settings.json for me", "read", "plan", "open_file", "config/settings.json"),
    case("帮我看下 app.yaml", "read", "read", "config/app.yaml"),
    case("请打开 使用指南.md 给我看", "read", "read", "docs/使用指南.md"),
    case("瞅瞅 index.js", "read", "read", "web/index.js"),
    case("看下 design notes.md 的内容", "read", "read", "docs/design notes.md"),
    case("raed utils.py", "read", "read", "app/utils.py"),
    # resolution
    case("show me main", "resolve", "ask", "src/main.cpp"),
    case("帮我读一下 widget", "resolve", "ask", "src/widget.h"),
    case("could you read nosuchfile.md", "resolve", "missing"),
    case("看看 不存在的文件.txt", "resolve", "missing"),
    # name search
    case("can you find package.json?", "find", "find", "web/package.json"),
    case("给我找找 settings", "find", "find", "config/settings.json"),
    case("帮我搜一下 widget", "find", "find", "src/widget.cpp"),
    case("is there a file named CMakeLists.txt", "find", "find", "CMakeLists.txt"),
    case("找找看有没有 test_utils", "find", "find", "tests/test_utils.py"),
    # text search
    case("which files contain greeting?", "grep", "grep", "app/utils.py"),
    case("哪个文件里提到了 Widget", "grep", "grep", "src/widget.h"),
    case("grep for load_settings", "grep", "grep", "app/utils.py"),
    case("帮我在文件内容里搜 greeting", "grep", "grep", "app/utils.py"),
    # definitions
    case("where's greeting defined?", "define", "define", "app/utils.py"),
    case("greeting 这个函数在哪定义的？", "define", "define", "app/utils.py"),
    case("where do we define render", "define", "define", "web/index.js"),
    case("帮我找下 load_settings 的定义", "define", "define", "app/utils.py"),
    # listings
    case("what files are in docs?", "list", "list", "使用指南.md"),
    case("could you list the src folder", "list", "list", "main.cpp"),
    case("瞅瞅 config 里有啥", "list", "list", "app.yaml"),
    case("看下 web 目录", "list", "list", "index.js"),
    # references
    case(("search widget", "show me the first one"), "reference", "read", "src/widget.cpp"),
    case(("搜索 widget", "看看第二个"), "reference", "read", "src/widget.h"),
    # summaries and the project
    case("give me a summary of README.md", "summarize", "summary", "README.md"),
    case("帮我总结下 utils.py", "summarize", "summary", "app/utils.py"),
    case("what's this project?", "project", "project"),
    case("给我介绍下这个项目", "project", "project"),
    # the workspace
    case("which folder am I working in?", "workspace", "workspace"),
    case("现在打开的是哪个工作区", "workspace", "workspace"),
    case("I want to switch to another workspace", "workspace", "workspace"),
    # one change each
    case("please delete windows_notes.txt", "trash", "plan", "trash", "windows_notes.txt"),
    case("把 windows_notes.txt 整个删掉", "trash", "plan", "trash", "windows_notes.txt"),
    case("帮我把 debug.log 删了", "trash", "plan", "trash", "debug.log"),
    case("could you rename windows_notes.txt to notes.txt", "rename", "plan", "rename",
         "windows_notes.txt"),
    case("windows_notes.txt 改名为 notes.txt", "rename", "plan", "rename", "windows_notes.txt"),
    case("make a copy of README.md in docs", "copy", "plan", "copy", "README.md"),
    case("把 settings.json 复制一份到 docs", "copy", "plan", "copy", "config/settings.json"),
    case("请把 index.js 挪到 src", "move", "plan", "move", "web/index.js"),
    case("I'd like to move windows_notes.txt into docs", "move", "plan", "move",
         "windows_notes.txt"),
    case("make a new folder called drafts", "create", "plan", "create_folder", "drafts"),
    case("帮我建个文件夹 drafts", "create", "plan", "create_folder", "drafts"),
    case("把 windows_notes.txt 的内容替换成 hello", "modify", "plan", "write_file",
         "windows_notes.txt"),
    case("overwrite windows_notes.txt with hello", "modify", "plan", "write_file",
         "windows_notes.txt"),
    case("add a line saying bye to the end of windows_notes.txt", "append", "plan", "write_file",
         "windows_notes.txt"),
    case("在 windows_notes.txt 后面加上 再见", "append", "plan", "write_file", "windows_notes.txt"),
    # several targets, some with a slot left out
    case("rename these files", "several", "refuse"),
    case("把这些文件重命名", "several", "refuse"),
    case(("search widget", "delete all of them"), "several", "refuse"),
    case(("搜索 widget", "把它们都移到 docs"), "several", "refuse"),
    case("move everything in src to lib", "several", "refuse"),
    case("删除所有 .log 文件", "several", "refuse"),
    case(("list src", "copy these to backup"), "several", "refuse"),
    # help and chat
    case("how do I use you?", "chat", "chat"),
    case("谢谢你", "chat", "chat"),
]

FRESH_PROJECT: list[Case] = [
    # reading
    case("can you open models.py", "read", "plan", "open_file", "shop/models.py"),
    case("帮我看看 设计说明", "read", "read", "docs/设计说明.md"),
    case("瞅一眼 待办.txt", "read", "read", "notes/待办.txt"),
    case("show me the file report 2024.csv", "read", "read", "data/report 2024.csv"),
    case("cart.js 里面写的啥", "read", "read", "web/cart.js"),
    # resolution
    case("please read utils", "resolve", "ask", "shop/utils.py"),
    case("看下 utils", "resolve", "ask", "web/utils.js"),
    case("read budget.xlsx", "resolve", "missing"),
    # name search
    case("find me the log files", "find", "find", "journal/log_01.txt", "42"),
    case("给我找找 log 文件", "find", "find", "journal/log_01.txt", "42"),
    case("any file called cart?", "find", "find", "web/cart.js"),
    # text search
    case("where is PriceCache mentioned", "grep", "grep", "docs/meeting notes.md"),
    case("哪些文件用到了 formatPrice", "grep", "grep", "web/utils.js"),
    case("search the contents for Customer", "grep", "grep", "shop/models.py"),
    # definitions
    case("where is Order defined?", "define", "define", "shop/models.py"),
    case("Customer 类在哪里定义", "define", "define", "shop/models.py"),
    case("renderCart 在哪实现的", "define", "define", "web/cart.js"),
    # listings
    case("what's inside journal", "list", "list", "log_01.txt", "42"),
    case("看下 notes 文件夹", "list", "list", "待办.txt"),
    case("lib 下面有什么", "list", "list", "widget.h"),
    # references
    case(("list shop", "summarize the second one"), "reference", "summary", "shop/models.py"),
    case(("列出 web", "打开第二个"), "reference", "plan", "open_file", "web/utils.js"),
    # summaries and the project
    case("sum up cart.js", "summarize", "summary", "web/cart.js"),
    case("概括下 meeting notes.md", "summarize", "summary", "docs/meeting notes.md"),
    case("tell me about this project", "project", "project"),
    case("这个工程是干嘛的", "project", "project"),
    # the workspace
    case("where am I?", "workspace", "workspace"),
    case("换个工作区", "workspace", "workspace"),
    # one change each
    case("trash cart.js please", "trash", "plan", "trash", "web/cart.js"),
    case("请删除 report 2024.csv", "trash", "plan", "trash", "data/report 2024.csv"),
    case("rename 待办.txt to todo.txt", "rename", "plan", "rename", "notes/待办.txt"),
    case("把 cart.js 的名字改成 basket.js", "rename", "plan", "rename", "web/cart.js"),
    case("duplicate models.py as shop/models_copy.py", "copy", "plan", "copy", "shop/models.py"),
    case("拷贝 待办.txt 到 docs", "copy", "plan", "copy", "notes/待办.txt"),
    case("move meeting notes.md to notes", "move", "plan", "move", "docs/meeting notes.md"),
    case("把 report 2024.csv 移到 docs 里", "move", "plan", "move", "data/report 2024.csv"),
    case("new file notes/plan.md containing # Plan", "create", "plan", "create_file",
         "notes/plan.md"),
    case("新建一个文件 notes/计划.md 内容为 计划", "create", "plan", "create_file",
         "notes/计划.md"),
    case("change the content of 待办.txt to done", "modify", "plan", "write_file",
         "notes/待办.txt"),
    case("把 待办.txt 改写成 全部完成", "modify", "plan", "write_file", "notes/待办.txt"),
    case("add buy milk at the end of 待办.txt", "append", "plan", "write_file", "notes/待办.txt"),
    case("给 待办.txt 加一行 买面包", "append", "plan", "write_file", "notes/待办.txt"),
    # several targets
    case(("search log", "delete all of them"), "several", "refuse"),
    case("删掉 journal 里所有的文件", "several", "refuse"),
    case(("搜索 log", "把前三个都删掉"), "several", "refuse"),
    case("move all the .txt files to data", "several", "refuse"),
    case("把所有 log 文件重命名", "several", "refuse"),
    # help and chat
    case("what are you able to do", "chat", "chat"),
    case("你能帮我做什么？", "chat", "chat"),
]


def evaluate_fresh(sample_root: Path, project_root: Path) -> list[tuple[str, Case, bool, Reply]]:
    """Every fresh case of both workspaces, with whether it passed and the reply."""
    results: list[tuple[str, Case, bool, Reply]] = []
    for label, root, cases in (("sample", sample_root, FRESH_SAMPLE),
                               ("project", project_root, FRESH_PROJECT)):  # fmt: skip
        ws = wsnb.open_workspace(root)
        for item in cases:
            ok, reply = run_case(ws, item)
            results.append((label, item, ok, reply))
    return results


def main() -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        results = evaluate_fresh(wsnb.copy_sample_workspace(base / "sample"),
                                 build_project(base / "project"))  # fmt: skip
        print(accuracy_table(results))
        for label, item, ok, reply in results:
            if not ok:
                print(f"FAIL [{label}] {item.say} -> {reply.text.splitlines()[0][:100]!r}",
                      file=sys.stderr)  # fmt: skip


if __name__ == "__main__":
    main()
