"""The agent's one vocabulary: every word the offline parser knows, in both languages.

``WORDS`` names a group of words ("DELETE": 删除, 删掉, ...). The grammar's rows
(``wsnb.agent.grammar``) use a group as ``{DELETE}``; the engine that grounds a
request in the workspace (``wsnb.agent.understand``) reads ``ACTIONS``: which
groups ask for which action. ``FILLERS`` are the words that carry no meaning for
the parser (politeness, particles, "the file"); they drop out. English words
are matched as words and forgive a small typo ("serch", "delte"); Chinese words
are matched as written. To teach the agent a word, add it here; nothing else changes.
"""

# ruff: noqa: E501  (one group per line reads better)
from __future__ import annotations

__all__ = ["ACTIONS", "BULK_WORDS", "CUES", "FILLERS", "KIND_NAMES", "KIND_SUFFIXES", "OBJECTS", "OFFTOPIC", "WORDS", "plain_words"]

WORDS: dict[str, tuple[str, ...]] = {
    # verbs
    "DELETE": ("删除", "删掉", "删了", "删去", "移除", "去掉", "扔掉", "丢掉", "回收"),
    "DELETE_EN": ("delete", "remove", "trash", "throw away", "discard", "bin", "erase"),
    "TRASH_BIN": ("系统回收站", "回收站", "废纸篓", "垃圾桶"),
    "INTO": ("移到", "移入", "扔进", "扔到", "放进", "放到", "丢进", "丢到", "移动到"),
    "RENAME": ("重命名", "改名", "更名"),
    "RENAME_MORE": ("改叫", "改称", "叫成", "the name", "a new name", "new name", "重新命名", "命名为", "命名成", "名字换成", "名字改成", "名字改为", "改个名", "换个名", "改名字", "换名字", "rename it"),
    "RENAME_EN": ("rename", "change the name of", "call it"),
    "COPY": ("复制", "拷贝"),
    "COPY_EN": ("copy", "duplicate", "replicate"),
    "MOVE": ("移动", "移", "挪", "搬", "放"),
    "MOVE_EN": ("move", "relocate", "put", "shift", "transfer"),
    "MOVE_TO": ("到", "进", "去", "至"),
    "CREATE_MORE": ("加个", "加一个", "添个", "添一个", "新增一个", "建个", "建一个"),
    # "给我整个 scripts 文件夹" makes one; "看看整个 docs" is the whole of one that exists
    "CREATE_LOOSE": ("整个",),
    "CREATE": ("创建", "新建", "建立", "新增", "生成", "建", "写"),
    "CREATE_EN": ("create", "make", "add", "new", "touch", "mkdir", "set up", "start"),
    "READ": ("读取", "贴出来", "贴一下", "调出来", "拿出来", "亮出来", "读一下", "读读", "读一读", "读", "查看", "看看", "看一下", "看一看", "看下",
             "瞧瞧", "瞅瞅", "瞅一眼", "瞅一下", "瞄一眼", "看一眼", "看", "显示", "打印",
             "打开看看", "给我看看", "给我看", "瞧一瞧", "瞧"),
    "READ_EN": ("read", "show me", "show", "view", "cat", "display", "print", "look at",
                "let me see", "let me look at", "give me", "see", "check out", "peek at",
                "raed", "shwo", "pull up", "bring up", "dump", "have a look at", "take a look at",
                "peek", "check", "inspect", "preview", "what's written in", "what is written in"),  # the last two: typos people make
    "OPEN": ("打开", "开启", "开"),
    "OPEN_EN": ("open", "launch"),
    "SEARCH": ("搜索", "搜一下", "搜一搜", "搜", "查找", "查一下", "查一查", "找一下", "找一找", "找找",
               "找", "寻找", "找下", "搜下", "查下", "找找看"),
    "SEARCH_EN": ("search for", "search", "find me", "find", "look for", "locate", "serach", "hunt for", "seek"),
    "PEEK": ("看看", "看一下", "看下", "查看", "瞧瞧", "瞅瞅", "瞅一眼", "说说"),
    "LIST": ("列出", "列举", "列一下", "显示", "看看", "看一下", "查看"),
    "LIST_EN": ("list", "ls", "dir", "enumerate"),
    "SUMMARY": ("总结", "概括", "归纳", "摘要", "概述", "简述"),
    "RENAME_ALL": ("重命名", "改名", "更名", "改名字"),
    "SUMMARY_EN": ("summarize", "summarise", "sum up", "recap", "give me a summary of",
                   "what is the gist of"),
    "EXPLAIN_MORE": ("定义了些什么", "定义了什么", "都定义了", "有哪些函数", "有哪些类", "有什么函数",
                     "what's defined in", "what is defined in", "what functions", "what classes",
                     "outline of", "an outline", "give me an outline", "overview", "an overview",
                     "rundown", "a tour of", "tour of", "quick tour", "walkthrough", "what kind of", "what sort of", "big picture",
                     "high-level view", "is put together", "are put together", "fits together", "大致情况", "整体情况", "总体情况",
                     "what type of"),
    "EXPLAIN": ("解释", "讲讲", "讲一下", "说明一下", "介绍", "分析", "是干什么的", "是做什么的",
                "干什么的", "做什么的", "干嘛的", "干啥的", "有什么用", "干嘛用的", "是干嘛用的", "有啥用",
                "干什么用的", "是干什么用的", "做什么用的", "是做什么用的",
                "用来干嘛", "用来做什么", "用来干什么", "是什么", "是啥", "讲的是什么",
                "讲了什么", "大概内容", "主要内容", "作用", "用途"),
    "EXPLAIN_EN": ("explain", "describe", "what does", "what is", "tell me about", "analyze",
                   "analyse", "walk me through", "overview of", "outline", "what's"),
    "CHANGE_TO": ("改成", "改为", "替换为", "替换成", "换成", "修改为", "修改成", "设为", "设置为",
                  "更新为", "变成"),
    "CHANGE_EN": ("replace the contents of", "overwrite", "change the content of",
                  "change the text of", "set the content of"),
    "WRITE_MORE": ("清空然后写入", "清空后写入", "清空并写入", "清空再写入", "写成", "重写成", "重写为",
                   "改写成", "改写为"),
    "EDIT": ("replace", "make it say", "修改", "更改", "改", "更新", "设置", "设成", "调成", "change", "set", "update", "modify"),
    "ADD_LINE_MORE": ("最后写上", "最后加上", "最后加", "最后", "a new line", "new line", "put a line", "补一句", "补充", "补上", "加一句", "添一句", "添上", "续写", "tack on", "add to the end",
                      "at the end of", "to the end of", "at the bottom of", "末尾", "结尾", "最后面"),
    "ADD_LINE": ("加一行", "添加一行", "追加一行", "增加一行", "写一行", "加上一行", "追加", "加上",
                 "添加", "增加", "加"),
    "APPEND_EN": ("append", "add a line", "add the line"),
    "MENTION": ("包含", "含有", "含", "提到", "提及", "用到", "引用", "出现", "使用", "写了", "写着", "写有"),
    "MENTION_MORE": ("全局搜索", "全局查找", "in them", "in it", "with the word", "containing the text", "inside the files", "inside files", "in the files", "in file contents",
                     "文件内容里", "内容里", "grep", "grep for", "full-text search", "全文搜索", "全文检索", "讲到", "说到", "谈到", "涉及", "talk about", "talks about", "discuss", "discusses",
                     "refer to", "refers to", "mentioning", "containing the word"),
    "MENTION_EN": ("mentions?", "contains?", "uses?", "references?", "includes?", "says?"),
    "USED": ("用法", "调用方", "用到", "使用", "调用", "引用", "被用", "用了", "被调用"),
    "USED_EN": ("ever called", "ever used", "actually called", "actually used", "usages", "usage", "references to", "callers of", "used", "referenced", "imported", "invoked", "uses", "calls", "use", "using",
                "being called", "is called", "get called", "gets called", "called from"),
    "REVEAL": ("文件管理器中显示", "文件管理器里显示", "定位到", "reveal", "show in finder",
               "show in explorer", "in the file manager"),
    "REVEAL_IN": ("文件管理器", "资源管理器", "访达", "finder", "explorer"),
    "COUNT": ("多少", "几个", "几份", "几篇", "数量", "个数", "统计", "数一数", "数一下", "数数"),
    "COUNT_EN": ("how many", "count", "number of", "how much"),
    "CLEAR": ("清空", "empty out", "clear out", "empty"),
    "UNDO_MORE": ("cancel that", "cancel the last", "取消上一步", "取消刚才的", "回退", "恢复原样",
                  "恢复原状", "roll it back", "put it back", "go back"),
    "UNDO": ("撤销", "撤回", "撤消", "恢复上一步", "还原", "取消刚才", "后悔"),
    "UNDO_EN": ("take that back", "take it back", "undo that", "revert that", "roll that back",
                "undo", "revert", "roll back", "rollback", "take back", "reverse"),
    "HELP": ("帮助", "你能做什么", "你会什么", "能做什么", "怎么用", "使用说明", "有什么命令", "能干什么", "能帮我做什么"),
    "HELP_EN": ("help", "what can you do", "what do you do", "commands", "how do i use", "what are you able to do"),
    # words only the grounding engine reads (the grammar's groups above stay as its rows need)
    "DELETE_MORE": ("nuke", "wipe", "wipe out", "toss", "chuck", "删", "干掉", "扔了", "不要了", "丢了", "get rid of", "delet", "dlete", "remvoe"),
    "SEARCH_MORE": ("查", "look through", "go through", "scan", "look up", "track down",
                    "hunt down", "dig up"),
    "LIST_MORE": ("列",),
    "DUPLICATE": ("备份", "复制一份", "拷贝一份", "备份一份", "一份副本", "副本", "duplicate", "make a copy", "a copy of", "copy of"),
    "SUMMARY_MORE": ("summary", "gist", "tl;dr", "tldr"),
    "INSIDE": ("里有什么", "里面有什么", "有什么", "有哪些", "有啥", "都有啥", "都有什么", "里都有",
               "放了啥", "放了什么", "放着什么", "装了什么", "装了些什么", "放了些什么", "有些什么", "写了什么", "写的什么", "写的是什么", "写了啥",
               "写的啥", "写的撒", "写了撒", "写的是撒", "的内容是什么", "里面是什么", "是什么内容", "内容是什么", "what's in", "what is in",
               "what's inside", "what is inside", "whats in", "whats inside", "contents of", "what files are in",
               "what do we have in", "what's under", "what's there in", "live in", "lives in",
               "sit in", "are stored in", "stored in", "files are in"),
    "WHERE_MORE": ("放哪儿", "放在哪儿", "搁哪儿", "搁哪", "放哪里", "在哪里写的", "哪里写的", "写在哪里", "写在哪", "在哪写的", "放在哪里", "放在哪个目录", "放在哪个文件夹", "放哪个目录", "放在哪", "放哪", "在哪个目录", "在哪个文件夹", "存在哪", "where's", "whereabouts"),
    "EXISTS": ("有没有", "有无", "是否有", "是不是有", "is there", "are there", "do we have",
               "got a file", "have a file", "got any", "got a", "any file named",
               "do i have", "anything called", "anything named", "any file"),
    "WORKSPACE_Q": ("选择工作区", "选工作区", "换一个工作区", "新的工作区", "另一个工作区", "别的工作区",
                    "打开工作区", "open a workspace", "choose a workspace", "pick a workspace", "哪个工作区", "在哪个目录下工作", "在哪个目录工作", "工作区的路径", "工作区路径",
                    "当前工作区", "换个工作区", "切换工作区", "换工作区", "打开别的文件夹", "打开另一个文件夹",
                    "which workspace", "which folder is open", "what folder is open",
                    "path of this workspace", "workspace path", "workspace's path", "different folder",
                    "another folder", "another workspace", "other workspace", "switch workspace",
                    "current workspace", "current folder", "where am i", "folder am i in", "换个目录",
                    "换一个目录", "换个文件夹", "this workspace", "workspace on disk",
                    "workspace located", "工作区在哪", "工作区位置", "folder is the workspace",
                    "the workspace folder", "workspace folder", "which directory is open",
                    "directory is open", "换一个文件夹", "换个文件夹来用", "换个项目", "切换项目",
                    "另一个项目", "别的项目", "different project", "another project",
                    "switch project", "other project", "用哪个文件夹", "用的哪个文件夹",
                    "用的是哪个文件夹", "哪个工作目录", "打开别的目录", "another directory", "different directory"),
    # words that hold a verb's letters but ask for nothing ("这几个字" is no count)
    "QUIET": ("make sure", "文件加", "文件家", "文件价", "文件架", "里写的", "写的", "没用了", "没用", "不用了", "用不着", "没啥用", "没什么用", "不需要了", "这几个", "那几个", "这几个字", "哪几个", "哪几", "一下子", "看起来", "看上去", "好像", "可以吗",
              "是不是", "用不用", "要不要", "能不能"),
    # objects
    "FOLDER": ("文件夹", "目录", "文件家", "文件价", "文件架", "文件加"),
    "FOLDER_EN": ("folder", "directory", "dir"),
    "PROJECT": ("项目", "工程", "仓库", "代码库"),
    "PROJECT_EN": ("project", "repo", "repository", "codebase"),
    "WORKSPACE": ("工作区", "工作空间", "工作目录"),
    "ROOT": ("根目录", "顶层目录", "最上层", "工作区根目录"),
    "WHAT": ("什么", "哪些", "啥"),
    "DEFINED": ("定义", "声明", "实现"),
    "DEFINED_EN": ("defined", "declared", "implemented"),
    "DEFINITION": ("定义", "声明", "definition", "declaration", "define", "defines", "declares", "declare"),
    "WHERE": ("在哪", "在哪里", "在哪儿", "哪里", "哪儿", "什么地方", "哪个文件", "位置"),
    "WHERE_EN": ("where", "wher", "whr", "which file", "location of"),
    "CONTENT": ("内容写", "内容就是",  "内容是", "内容为", "内容", "写入", "写上", "里面写上", "里面写", "写着", "并写入", "写"),
    "CONTENT_EN": ("w the text", "w text", "w the content", "w content", "whose content is", "whose contents are", "whose text is", "with the content", "with content", "with contents", "with the text", "with text",
                   "containing", "that says", "saying", "and write", "with"),
    "TEXT_OBJ": ("内容", "文本", "代码", "全文", "源码", "字符串", "关键字", "关键词", "单词", "文字", "词语", "字眼", "这个词", "这个字", "这个词儿"),
    "TEXT_OBJ_EN": ("text", "contents", "content", "code", "string", "word", "phrase"),
}

# Words that shape a reading without voting for an action: where a rename of a name reaches,
# a switch's state, what a count of one file measures. The readings that use them
# (``renames``, ``switches``, ``slots``) look for them; they are no part of ``WORDS``, so a
# file called ``size.py`` or a search for "lines" is what it was.
CUES: dict[str, tuple[str, ...]] = {
    # a name renamed everywhere: where (every file, the whole project) and what (a field, a key)
    "EVERYWHERE": ("everywhere", "every file", "every single file", "all files", "all the files", "each file", "in all of them",
                   "whole project", "entire project", "whole codebase", "entire codebase", "whole repo", "entire repo",
                   "project-wide", "codebase-wide", "repo-wide", "globally", "across the", "all of it", "all occurrences",
                   "every occurrence", "all references", "every reference", "all usages", "every usage", "wherever",
                   "everywhere it's used", "all over", "所有地方", "所有的地方", "用到的地方", "用到它的地方", "全局", "全部地方",
                   "各处", "到处", "处处", "所有文件", "每个文件", "整个项目", "整个工程", "整个仓库", "一起改", "一块改", "一并",
                   "都要改", "都改", "统一", "也算上", "也一起", "全都改"),
    "NAME_KINDS": ("field", "fields", "attribute", "property", "identifier", "symbol", "member", "属性", "字段",
                   "标识符", "成员", "变量名", "函数名", "类名", "方法名"),
    # a switch: a boolean setting turned on or off ("turn debug on", "关掉 X", "not private anymore")
    "SWITCH_ON": ("turn on", "switch on", "flip on", "enable", "enabled", "activate", "on",
                  "打开", "开启", "启用", "开起来", "激活", "大开", "达开", "打凯", "开着"),
    "SWITCH_OFF": ("turn off", "switch off", "flip off", "disable", "disabled", "deactivate", "off",
                   "no longer", "anymore", "关闭", "关掉", "关了", "关上", "禁用", "停用", "关"),
    # what a count measures of one file ("how many lines is it", 这个文件有几行, "how big is it")
    "MEASURE_LINES": ("lines", "line count", "how long", "行", "几行", "多少行", "行数"),
    "MEASURE_WORDS": ("words", "word count", "字数", "单词数", "多少个单词", "多少字"),
    "MEASURE_BYTES": ("bytes", "how big", "how large", "file size", "size", "多大", "大小", "字节", "多少字节",
                      "字节数", "体积"),
    # a notebook's cells counted ("how many cells", 几个单元格), a data file's rows ("how many rows", 几条记录)
    "MEASURE_CELLS": ("cells", "cell", "cel", "单元格", "单元隔", "单元"),
    "MEASURE_CODE_CELLS": ("code cells", "code cell", "代码单元格", "代码单元", "代码 cell"),
    "MEASURE_MARKDOWN_CELLS": ("markdown cells", "markdown cell", "text cells", "文本单元格", "markdown 单元格"),
    "MEASURE_ROWS": ("rows", "row", "records", "record", "data rows", "lines of data", "行数据", "数据行", "条记录",
                     "条数据", "几条", "多少条", "记录数", "多少行数据", "几行数据"),
    # notebooks (which use X, have errors, were never run, carry the most output; a cell shown; outputs cleared)
    "NOTEBOOKS": ("notebooks", "notebook", "jupyter notebooks", "jupyter notebook", "ipynb", "ipynbs",
                  "笔记本", "jupyter"),
    "CELL": ("cell", "cel", "cells", "单元格", "单元隔", "单元", "格子"),
    "OUTPUTS": ("outputs", "output", "cell outputs", "results", "输出", "输出结果", "运行结果", "执行结果"),
    "CLEAR_OUTPUTS": ("clear", "clean", "wipe", "strip", "remove", "delete", "drop", "erase", "get rid of",
                      "清掉", "清除", "清楚", "清空", "清理", "清一下", "清", "去掉", "删掉", "删除", "删了"),
    "ERRORS": ("errors", "error", "exception", "exceptions", "traceback", "tracebacks", "failed", "failing",
               "fails", "crashed", "crash", "threw", "thrown", "raised", "broken", "报错", "抱错", "爆错", "出错",
               "错误", "异常", "报了错", "出了错", "失败"),
    "NEVER": ("never", "not yet", "haven't", "hasn't", "have not", "has not", "didn't", "not been",
              "没有", "没", "未", "从来没", "从没", "还没", "尚未"),
    "RUN": ("run", "ran", "runs", "executed", "execute", "executing", "opened and run", "运行", "跑", "执行"),
    "UNRUN": ("unrun", "unexecuted", "not run", "never run", "never ran", "never executed"),
    "BY_OUTPUT": ("most output", "biggest outputs", "largest outputs", "heaviest outputs", "by output",
                  "by outputs", "output size", "size of their outputs", "输出大小", "输出最大", "输出最多"),
    # a data file's columns ("what columns does it have", 有哪些列, 字段)
    "COLUMNS": ("columns", "column", "colums", "column names", "fields", "headers", "哪些列", "几列", "多少列",
                "什么列", "列名", "字段", "表头"),
}

# Everyday ways to say each action, as a lexicographer would list them: casual, polite,
# terse, US/UK, developer slang, separable phrasal verbs ("pull it up", "boil README down"),
# colloquial mainland Chinese and pinyin-input typos of a verb's characters. The engine
# reads them exactly like the groups above (the grammar's rows don't use them).
_NAME_IS = ("改成", "改为", "换成", "换为", "变成", "变为", "设为", "设成", "改叫", "叫作", "定为")
IDIOMS: dict[str, tuple[str, ...]] = {
    "UNDO_IDIOM": (
        "scrap that", "scratch that", "scrap the last", "scrap my last", "back that out", "back it out",
        "back out", "undo it", "undo my last", "undo the last", "reverse that", "reverse it", "revert it",
        "revert my", "put things back", "put everything back", "the way it was", "the way they were",
        "as it was", "how it was", "change it back", "set it back", "switch it back", "bring it back",
        "restore the previous", "restore it", "go back to before", "ctrl+z", "ctrl-z", "cmd+z",
        "never mind that change", "forget that change", "cancel my last", "cancel the change",
        "unmake", "undid", "撤了", "撤掉", "撤一下", "撤下", "撤回去", "撤回来", "回滚", "回退到", "退回去",
        "退回上一步", "回到上一步", "返回上一步", "恢复回去", "恢复回来", "恢复一下", "恢复原来", "恢复之前",
        "恢复到之前", "还原回去", "还原一下", "改回去", "改回来", "变回去", "变回来", "弄回去", "弄回来",
        "换回去", "换回来", "倒回去", "那步不算", "不算数", "作废", "反悔", "取消上次", "取消刚刚",
        "取消上一次", "撤销上一步", "恢复", "车销", "撤小"),
    "RENAME_IDIOM": (
        *(f"{n}{v}" for n in ("名字", "文件名", "名称", "名") for v in _NAME_IS),
        "改名为", "改名成", "更名为", "重命名为", "重命名成", "改个名字", "换个名字", "起个新名字", "起个名",
        "取名为", "换名", "改名儿", "重新起名", "改下名", "改一下名", "换下名", "换一下名", "改名叫", "改名称", "改个文件名",
        "换个文件名", "该名", "该名为", "rename as", "retitle", "relabel", "re-name",
        "give it the name", "give it a new name", "be called", "be named", "should be called",
        "should be named", "change its name", "change the filename", "change the file name",
        "switch the name", "swap the name", "rename to", "renmae", "重名命", "崇命名", "重命明"),
    "DUPLICATE_IDIOM": (
        "备一份", "备个份", "拷一份", "拷份", "做备份", "做个备份", "做一个备份", "做一份备份", "留个备份", "备份一下", "留一份", "留个副本", "存一份", "另存一份", "另存为", "克隆一份",
        "抄一份", "复制个", "再来一份", "弄一份", "再弄一份", "再做一份", "搞一份", "多弄一份", "整一份", "make a backup of", "back up", "backup of", "a backup", "dupe",
        "make another", "save a copy", "a spare copy", "another copy", "second copy", "clone"),
    "COPY_IDIOM": ("copy over", "copy across", "cp", "付志", "复值", "赋值一份", "烤贝", "考贝"),
    "TRASH_IDIOM": (
        "chuck out", "chuck away", "throw out", "throw away", "toss out", "ditch", "junk", "scrap", "axe",
        "zap", "rm", "del", "do away with", "bin it", "send to trash", "send to the bin", "move to trash",
        "put in the bin", "into the bin", "in the bin", "recycle", "purge",
        "删喽", "删咯", "删啦", "删一下", "删除掉", "扔掉", "丢回收站", "丢进回收站", "扔回收站",
        "放回收站", "扔进回收站", "移到回收站", "清理掉", "清除", "抹掉", "去除", "拿掉", "弄掉", "丢弃",
        "舍弃", "山除", "删出", "删处", "珊除", "善除"),
    "MOVE_IDIOM": (
        "shove", "stick", "stash", "park", "tuck", "drag", "file away", "file it under",
        "file under", "drop into", "drop in", "drop it in", "throw into", "pop into", "pop it in",
        "migrate", "mv", "carry over", "take over to", "bring over to", "over to", "move over",
        "塞到", "塞进", "转移到", "迁到", "迁移到", "归到", "归档到", "放进去", "挪", "搬",
        "挪动", "搬动", "转移", "迁移", "归档", "一动到", "移栋"),
    "CREATE_IDIOM": (
        "spin up", "jot down", "whip up", "knock up", "throw together", "put together", "cook up",
        "start a new", "begin a", "open a new", "init",
        "need a file", "need a new", "want a new", "need a folder", "want a file", "want a folder",
        "需要一个新", "要一个新", "来一个新文件", "initialise", "initialize", "bootstrap", "scaffold", "stub out", "new up",
        "弄一个", "弄个", "搞一个", "搞个", "整一个", "开个新", "开一个新", "起一个", "新开一个", "新开",
        "创个", "建一下", "造一个", "造个", "写一个", "写个", "来个新", "来一个新", "加个新", "新件",
        "心建", "新见", "创件", "创键", "新剑"),
    "READ_IDIOM": (
        "fetch", "grab", "get me", "gimme", "lemme see", "skim", "skim through", "read through",
        "read out", "read over", "look over", "look into", "peek into", "peek inside", "glance at",
        "glance over", "have a peek", "take a peek", "take a gander", "eyeball", "print out", "spit out",
        "go over", "review", "examine", "study", "scroll through", "page through", "show us", "output",
        "type out", "pull open", "peep", "peep at", "squint at", "have a squiz", "clap eyes on", "what says", "what does say", "what contains", "what it says", "翻一下", "翻翻", "翻开", "翻看", "翻阅", "查阅", "阅读", "浏览", "过一眼",
        "过一遍", "过目", "瞄一下", "瞄瞄", "瞄一瞄", "瞄", "瞅下", "瞅", "瞧下", "瞧一下", "瞧一眼", "调出",
        "拉出来", "打出来", "输出", "展示", "展示一下", "呈现", "念一下", "念念", "秀一下", "亮一下",
        "贴上来", "发我看", "发给我看", "检查一下", "审阅", "过一下", "读出来", "独取", "杜一下"),
    "OPEN_IDIOM": (
        "pop open", "pop up", "open up", "crack open", "double-click", "double click", "load up",
        "点开", "双击", "打开一下", "开一下", "大开", "达开", "打凯"),
    "SEARCH_IDIOM": (
        "sniff out", "root out", "ferret out", "turn up", "pinpoint", "where'd", "where did",
        "where do i find", "where can i find", "point me to", "show me where", "go find", "chase down",
        "fish out", "look around for", "search up", "rummage", "scout", "find out where", "seek out",
        "lookup", "有叫", "有个叫", "有没有个", "在不在", "存不存在", "是否存在", "exist", "exists", "where did i put", "where'd i put", "where have i put", "where i put", "where did i save",
        "where'd i save", "where did it go", "where did go", "捞一下", "捞出来", "捞", "翻出来", "找出来", "找出", "搜出来", "查出来", "搜寻", "搜罗",
        "查询", "挖出来", "扒一下", "寻一下", "放哪了", "去哪了", "哪去了", "跑哪去了", "搜锁", "搜所",
        "收索", "搜嗦", "搜缩", "查早"),
    "GREP_IDIOM": (
        "scour", "comb through", "comb", "trawl", "trawl through", "search the text",
        "search the contents", "occurrences of", "instances of",
        "mentioned", "mentions of", "hits for", "matches for", "any mention of", "which files say",
        "which files have", "have the word", "has the word", "ripgrep", "rg", "ack", "full text",
        "提到过", "出现过", "出现了", "写到", "全文找", "全文查", "全文搜", "全文搜一下", "全文搜搜", "内容中", "正文里", "正文中", "字样",
        "搜内容", "查内容", "找内容", "搜文本", "哪些文件里有", "哪个文件里有", "哪些文件有", "哪个文件有",
        "什么文件有", "哪些文件带", "哪些文件含"),
    "DEFINE_IDIOM": (
        "写在哪个文件", "在哪个文件里写的", "写在哪个文件里", "在哪定义", "定义在哪", "在哪声明", "出自哪个文件",
        "来自哪个文件", "实现在哪", "go to definition", "jump to definition", "get defined", "gets defined",
        "is declared", "declaration of", "definition of", "定意", "定以", "顶义", "订义"),
    "USED_IDIOM": (
        "who calls", "what calls", "who uses", "what uses", "call sites", "callsites", "callers",
        "depends on", "relies on", "calling", "import", "imports", "importing", "require", "requires",
        "pulls in", "导入", "引入", "import 了", "invocations of", "consumers of", "referencing",
        "被谁调", "谁调用", "谁调了", "谁在用", "谁用了", "谁用", "哪里调用", "哪里用到", "哪里用了", "在哪用",
        "在哪里用", "被哪些", "调用了", "用在哪", "调用处", "调用点", "被引用"),
    "EXPLAIN_IDIOM": (
        "break down", "what's the deal with", "what's the point of", "what's the purpose of",
        "purpose of", "run me through", "talk me through", "help me understand", "make sense of",
        "fill me in on", "clue me in", "eli5", "dissect", "unpack", "shed light on", "how does",
        "how it works", "what's going on in", "what happens in", "what's up with", "decode",
        "interpret", "all about", "rough idea of", "an idea of", "idea of what", "sense of what", "what am i looking at", "lay of the land", "organised", "organized",
        "structured", "architecture", "整体", "是个什么东西", "是什么东西", "架构", "explian", "expalin", "讲解", "讲解下", "讲解一下", "解说", "解读", "说说",
        "剖析", "解析", "是干啥的", "干啥用", "怎么工作", "怎么实现的", "原理", "什么意思", "啥意思",
        "起什么作用", "有何用", "拿来干嘛", "拿来干啥", "用来干啥", "是个啥", "是个什么", "搞什么的",
        "搞啥的", "是弄啥的", "看不懂", "不太明白", "帮我理解", "理解一下", "说明下", "讲讲看", "捋一捋",
        "捋一下", "梳理一下", "梳理", "说了啥", "说了些啥", "说了什么", "大概说了", "分系", "解是", "借释"),
    "SUMMARY_IDIOM": (
        "boil", "boil down", "sum it up", "nutshell", "in a nutshell", "short version", "cliff notes",
        "cliffs notes", "condense", "digest", "key points", "main points", "highlights", "takeaways",
        "brief me", "synopsis", "abstract", "precis", "quick summary", "summery", "sumarize",
        "提炼", "要点", "重点", "精简", "概要", "梗概", "大意", "简介", "简要", "浓缩", "核心内容", "一句话",
        "提要", "纲要", "要旨", "中心思想", "总结下", "归纳下", "简单说说", "简单讲讲", "长话短说", "概况",
        "总接", "总节", "纵结", "概扩"),
    "INSIDE_IDIOM": (
        "what's kept in", "kept in", "what's sitting in", "sitting in", "what lives in", "list out",
        "show the contents of", "inventory of",
        "what have we got in", "what's in there", "what's inside of",
        "列个清单", "列一列", "罗列", "有些啥", "放了哪些", "都放了", "装着", "存了什么", "存着什么",
        "存了哪些", "里头是", "都是些什么", "都是啥", "写了些啥", "写了些什么", "写了哪些", "都写了什么", "都写了啥", "都写了",
        "讲了些啥", "有些什么内容", "装了啥", "放了些啥", "存了啥", "写了点啥", "写了点什么"),
    "COUNT_IDIOM": (
        "hw many", "hw much", "how mny", "tally", "tally up", "count up", "total number", "headcount", "how many", "quantity of",
        "总数", "数目", "计数", "有几", "几条", "几行", "多少行", "多少个", "算一下有多少"),
    "APPEND_IDIOM": (
        "tack", "tack onto", "tack on to", "stick on the end", "slap on", "add on", "add onto",
        "onto the end", "on to the end", "on the end of", "on the end", "onto the bottom of", "to the bottom", "bolt on", "添一条", "加一条", "补一条", "追加一条", "记一条", "添条", "加条", "续一行", "续上", "补一行", "接上",
        "接着写", "后面加", "后面添", "后面写", "末尾加", "末尾添", "尾部", "追一行", "添一行", "附加", "附上",
        "在最后"),
    "WRITE_IDIOM": (
        "redo the contents", "redo the text", "make say", "make read", "make contain", "make just say", "make it read", "should say", "should read",
        "change it to", "swap out", "fill it with", "fill with", "should just say", "should only say",
        "should just read", "clear and write", "empty and write", "erase and write", "clear it and write",
        "swap the text", "swap the contents", "set it to", "write over", "replace everything in",
        "重写", "替换", "覆盖", "覆写", "填成", "填上"),
    "WORKSPACE_IDIOM": (
        "在电脑上的位置", "在电脑上哪", "电脑上的位置", "在磁盘上的位置", "放在电脑哪", "存在电脑哪",
        "which folder are you", "what folder are you", "where are these files", "where are the files stored",
        "full path of the workspace", "工作区的位置", "工作区在电脑", "换个根目录", "point you at",
        "switch to another folder", "change folder", "path to this folder", "path of this folder",
        "this folder's path", "path to the workspace", "path of the workspace", "这个文件夹的路径", "这个目录的路径",
        "当前文件夹", "当前目录", "别的文件夹", "其他文件夹", "另外的文件夹", "别的目录", "其他目录", "切换文件夹",
        "切换目录", "切换到别的", "which folder are we", "what folder are we", "folder are we working",
        "folder we're working", "folder am i working", "working directory", "working folder", "在哪个文件夹工作",
        "在哪个目录工作", "哪个文件夹里操作", "哪个文件夹里工作", "哪个目录里操作", "哪个目录里工作",
        "哪个文件夹下操作", "哪个文件夹操作", "我现在在哪个文件夹", "我在哪个文件夹", "我现在再哪个文件夹", "现在再哪个文件夹", "再哪个文件夹里", "我们在哪个文件夹",
        "现在在哪个文件夹", "现在在哪个目录", "打开的是哪个文件夹", "打开的哪个文件夹", "打开的是哪个目录",
        "folder is this notebook", "notebook working in", "notebook actually working in", "notebook pointed at", "我在哪个目录", "open another folder", "load a different folder"),
}
WORDS.update(IDIOMS)

# The action each group asks for, strongest first: the engine takes the first action
# whose groups appear in what is left of a request once its names are taken out.
ACTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("undo", ("UNDO", "UNDO_EN", "UNDO_MORE", "UNDO_IDIOM")),
    ("workspace", ("WORKSPACE_Q", "WORKSPACE_IDIOM")),
    ("help", ("HELP", "HELP_EN")),
    ("count", ("COUNT", "COUNT_EN", "COUNT_IDIOM")),
    ("define", ("DEFINED", "DEFINED_EN", "DEFINITION", "DEFINE_IDIOM")),
    ("used", ("USED", "USED_EN", "USED_IDIOM")),
    ("rename", ("RENAME", "RENAME_EN", "RENAME_MORE", "RENAME_IDIOM")),
    ("duplicate", ("DUPLICATE", "DUPLICATE_IDIOM")),
    ("copy", ("COPY", "COPY_EN", "COPY_IDIOM")),
    ("trash", ("DELETE", "DELETE_EN", "TRASH_BIN", "DELETE_MORE", "TRASH_IDIOM")),
    ("write", ("CHANGE_TO", "CHANGE_EN", "WRITE_MORE", "EDIT", "WRITE_IDIOM")),
    ("clear", ("CLEAR",)),
    ("append", ("ADD_LINE", "APPEND_EN", "ADD_LINE_MORE", "APPEND_IDIOM")),
    ("create", ("CREATE", "CREATE_LOOSE", "CREATE_EN", "CREATE_MORE", "CREATE_IDIOM")),
    ("move", ("MOVE", "MOVE_EN", "INTO", "MOVE_IDIOM")),
    ("summarize", ("SUMMARY", "SUMMARY_EN", "SUMMARY_MORE", "SUMMARY_IDIOM")),
    ("inside", ("INSIDE", "INSIDE_IDIOM")),
    ("explain", ("EXPLAIN", "EXPLAIN_EN", "EXPLAIN_MORE", "EXPLAIN_IDIOM")),
    ("list", ("LIST", "LIST_EN", "LIST_MORE")),
    ("grep", ("MENTION", "MENTION_EN", "MENTION_MORE", "GREP_IDIOM")),
    ("find", ("SEARCH", "SEARCH_EN", "SEARCH_MORE", "WHERE", "WHERE_EN", "WHERE_MORE", "EXISTS", "SEARCH_IDIOM")),
    ("reveal", ("REVEAL", "REVEAL_IN")),
    ("open", ("OPEN", "OPEN_EN", "OPEN_IDIOM")),
    ("read", ("READ", "READ_EN", "READ_IDIOM")),
)

# Nouns that say what kind of thing is meant, never a name.
OBJECTS: dict[str, tuple[str, ...]] = {
    "folder": ("文件夹", "目录", "子目录", "子文件夹", "文件家", "文件价", "文件架", "文件加", "folder", "folders", "directory",
               "directories", "dir", "subfolder", "subdirectory"),
    "file": ("文件", "文档", "file", "files", "document", "documents", "doc", "问件", "文建", "闻件"),
    "project": WORDS["PROJECT"] + WORDS["PROJECT_EN"] + WORDS["WORKSPACE"] + ("workspace",),
    "root": WORDS["ROOT"] + ("root",),
    "code": ("函数", "类", "方法", "变量", "常量", "接口", "function", "functions", "class", "classes",
             "method", "methods", "variable", "constant", "symbol", "def", "clas", "fucntion", "funtion"),
}

# What carries no meaning for the parser: politeness, fillers, particles, articles.
FILLERS: tuple[str, ...] = (
    # Chinese
    "请你", "请问", "请", "麻烦你", "麻烦", "帮我", "帮忙", "帮个忙", "给我", "替我", "你能不能",
    "能不能", "能否", "可以", "可不可以", "我想要", "我想", "我要", "我需要", "想", "一下", "一下子",
    "下", "吧", "吗", "呢", "呀", "啊", "呗", "嘛", "啦", "哦", "喔", "哈", "了", "的", "把", "将",
    "给", "这个", "那个", "一个", "个", "谢谢", "多谢", "感谢", "辛苦了", "好吗", "好不好", "行吗",
    "我们", "咱们", "你", "我", "在", "里", "里面", "中", "上", "下面", "叫", "叫做", "名为", "名叫",
    "一份", "文件", "文档", "现在", "马上", "赶紧", "快", "顺便", "那", "就", "看看", "一眼", "都",
    # English
    "please", "pls", "plz", "kindly", "could", "can", "would", "will", "you", "u", "me", "for",
    "i", "i'd", "id", "like", "to", "want", "wanna", "need", "let's", "lets", "let", "us", "help",
    "the", "a", "an", "this", "that", "my", "our", "file", "called", "named", "thanks",
    "thank", "thx", "ty", "hey", "hi", "ok", "okay", "just", "quickly", "real", "quick", "some",
    "of", "in", "on", "at", "up", "out", "is", "are", "be", "there", "it", "its", "it's",
    "do", "does", "so", "then", "now", "maybe", "possibly", "go", "ahead", "and", "oh",
    "who", "what", "which", "where", "when", "how", "why", "any", "inside", "within", "anywhere", "places", "place",
    "all", "every", "whole", "entire", "right", "instead", "have", "has", "got", "with", "by",
    "谁", "哪些", "哪个", "哪份", "哪篇", "哪一份", "哪一篇", "哪一个", "什么", "地方", "名字", "名称", "文件名", "带", "带有", "所有", "全部", "一共",
    "总共", "大概", "大致", "到底", "究竟", "是", "有", "这", "那", "几个字", "这几个字", "词", "句",
    "get", "gets", "being", "we", "they", "jump", "全局", "love", "know", "tell", "wondering",
    "wonder", "if", "whether", "trouble", "too", "much", "not", "think", "guess", "really",
    "actually", "also", "here", "appreciate", "appreciated", "grateful", "again", "roughly", "briefly", "cheers", "mate", "sorry", "btw", "yeah", "sure", "alright", "stuff", "d", "ll", "s", "m", "re", "ve", "r", "ur", "ya", "da", "whatever", "just", "did", "done", "相关的", "相关", "有关的", "有关", "related", "mind", "让我",
)

# Words that ask a change of many items at once, beyond "all", "every", 所有, 全部 (which
# ``commands.several_targets`` knows): refused, one item per plan.
BULK_WORDS: tuple[str, ...] = (
    "一股脑", "一股脑儿", "通通", "全都", "全删", "全部删", "都删", "都扔", "都移", "都挪", "都改",
    "都复制", "都拷", "都重命名", "全扔", "全移", "全挪", "全改", "全体", "悉数", "一律", "一次性",
    "一口气", "挨个", "整个项目", "整个工作区", "整个仓库", "整个工程", "所有东西", "全部东西",
    "the whole project", "the entire project", "the whole repo", "the entire repo",
    "the whole codebase", "the entire codebase", "the whole workspace", "the entire workspace",
    "the whole thing", "the lot", "en masse", "wholesale", "in one go", "in bulk", "all at once",
    "one by one", "everything", "anything and everything",
)

# What is no workspace request, whatever verb comes with it ("查一下明天的天气", "book a flight").
OFFTOPIC: tuple[str, ...] = (
    "天气", "气温", "下雨", "闹钟", "提醒我", "机票", "火车票", "酒店", "外卖", "股票", "股市", "新闻",
    "笑话", "讲个故事", "唱歌", "播放", "电影", "翻译成", "邮件", "打车", "餐厅", "比赛", "彩票",
    "weather", "forecast", "temperature", "alarm", "remind me", "reminder", "flight", "hotel",
    "pizza", "stock market", "news", "joke", "poem", "song", "music", "movie", "translate",
    "email", "taxi", "restaurant", "recipe", "president", "capital of", "what time is it",
    # by topic: money, news, weather, music, food, time, travel, shopping, sport, health, fun
    "股价", "基金", "汇率", "比特币", "币价", "理财", "房价", "油价", "金价", "大盘", "涨停", "头条", "热搜",
    "时事", "下雪", "刮风", "台风", "空气质量", "雾霾", "湿度", "带伞", "听歌", "首歌", "放歌", "来首", "歌曲",
    "音乐", "歌单", "吃什么", "做饭", "菜谱", "食谱", "午饭", "晚饭", "早饭", "午餐", "晚餐", "早餐", "夜宵",
    "奶茶", "几点了", "几号", "星期几", "路况", "导航去", "地铁", "公交", "航班", "高铁", "景点", "旅游", "快递",
    "物流", "购物", "优惠券", "比分", "足球", "篮球", "世界杯", "球赛", "感冒", "发烧", "头疼", "医院", "挂号",
    "电视剧", "综艺", "追剧", "小说", "星座", "运势", "算命", "谜语", "stock price", "share price", "stocks",
    "exchange rate", "bitcoin", "nasdaq", "dow jones", "headlines", "snow", "rain", "raining", "umbrella",
    "humidity", "playlist", "play a song", "play some", "lunch", "dinner", "breakfast", "what should i eat",
    "what day is it", "what's the date", "today's date", "directions to", "football", "soccer",
    "basketball", "nba", "headache", "netflix", "tv show", "horoscope", "lottery", "riddle",
)

# "how many Python files": a kind of file and the suffixes it means.
KIND_SUFFIXES: dict[str, tuple[str, ...]] = {
    "python": (".py",), "py": (".py",), "markdown": (".md", ".markdown"), "md": (".md",),
    "javascript": (".js", ".mjs", ".cjs", ".jsx"), "js": (".js", ".mjs", ".cjs", ".jsx"),
    "typescript": (".ts", ".tsx"), "ts": (".ts", ".tsx"), "json": (".json",),
    "yaml": (".yaml", ".yml"), "yml": (".yaml", ".yml"), "text": (".txt",), "txt": (".txt",),
    "c++": (".cpp", ".cc", ".cxx", ".hpp", ".h"), "cpp": (".cpp", ".cc", ".cxx"),
    "header": (".h", ".hpp"), "headers": (".h", ".hpp"), "csv": (".csv",), "log": (".log",),
    "html": (".html", ".htm"), "css": (".css",), "image": (".png", ".jpg", ".jpeg", ".gif", ".svg"),
    "images": (".png", ".jpg", ".jpeg", ".gif", ".svg"), "toml": (".toml",),
    "图片": (".png", ".jpg", ".jpeg", ".gif", ".svg"), "文本": (".txt",), "日志": (".log",),
    "表格": (".csv", ".xlsx", ".xls"), "头文件": (".h", ".hpp"), "脚本": (".py", ".sh", ".js"),
    "script": (".py", ".sh", ".js"), "scripts": (".py", ".sh", ".js"), "源文件": (".py", ".cpp", ".c", ".js", ".ts"),
}

# Kinds people name files by rather than by suffix: "日志" is log_03.txt as much as app.log.
KIND_NAMES: dict[str, str] = {
    "log": "log", "logs": "log", "日志": "log", "test": "test", "tests": "test", "测试": "test",
}


def plain_words(group: str) -> tuple[str, ...]:
    """A group's words as text: the grammar's "mentions?" is "mention" and "mentions"."""
    out: list[str] = []
    for word in WORDS[group]:
        out += [word[:-2], word[:-1]] if word.endswith("s?") else [word]
    return tuple(out)
