"""The offline parser: a workspace request in Chinese or English as a ``Command``.

Rules, not a model: each action has several phrasings in each language,
tried in an order that keeps the specific ahead of the general ("把 a 移到回收站"
is a trash before it is a move, "找一下包含 X 的文件" a text search before a
name search, "总结这个项目" a project analysis before a file summary). The
parser only reads the words; which file "第一个" means, and whether a name is
a folder, is decided when the command runs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["ACTIONS", "Command", "clean_target", "parse_command"]

ACTIONS = (
    "help", "trash", "rename", "copy", "move", "create_folder", "create_file", "reveal",
    "project", "summarize", "grep", "find", "list", "read", "open",
)  # fmt: skip


@dataclass(frozen=True)
class Command:
    """One parsed request: ``action`` and its words.

    ``args`` holds ``target``, ``dest``, ``content`` or ``keyword`` as typed.
    """

    action: str
    args: dict[str, str] = field(default_factory=dict)

    def get(self, key: str) -> str:
        return self.args.get(key, "")


_F = re.IGNORECASE | re.DOTALL
_POLITE = re.compile(
    r"^(请你?|麻烦(你)?|帮我|帮忙|给我|你能不能|能不能|能否|可以|我想要?|我要|我需要|"
    r"please|can\s+you|could\s+you|would\s+you|i\s+want\s+to|i'd\s+like\s+to|i\s+need\s+to|"
    r"let's|help\s+me)\s*[,，]?\s*",
    re.IGNORECASE,
)
_TAIL = re.compile(
    r"[\s。.!！?？~～]*(吧|吗|呢|呀|啊|please|thanks|thank\s+you)?[\s。.!！?？~～]*$", re.IGNORECASE
)

_TO_TRASH = r"(移到|移入|扔进|扔到|放进|放到|丢进|丢到|移动到)(系统)?(回收站|废纸篓|垃圾桶)"
_CN_CREATE = r"(创建|新建|建立|新增|生成|建|写)(一个|个)?(新的?)?(空的?)?"
_CONTENT = (r"\s*[,，]?\s*(内容(是|为)|内容|写入|写上|里面写(上)?|写着|包含(内容)?|并写入)"
            r"\s*[:：]?\s*(?P<content>.+)")  # fmt: skip
_EN_CONTENT = (r"\s+(with\s+(the\s+)?(content|contents|text)|containing|that\s+says|saying|"
               r"and\s+write)\s*[:：]?\s*(?P<content>.+)")  # fmt: skip

_RULES: list[tuple[str, list[str]]] = [
    ("help", [r"(帮助|你能做什么|你会什么|能做什么|怎么用|使用说明|help|what\s+can\s+you\s+do|"
              r"what\s+do\s+you\s+do|commands|how\s+do\s+i\s+use\s+(this|you))"]),
    ("trash", [
        rf"把\s*(?P<target>.+?)\s*({_TO_TRASH}|删除|删掉|删了|删去|扔掉|丢掉)",
        rf"(?P<target>.+?)\s*{_TO_TRASH}",
        r"(删除|删掉|移除|去掉|回收)\s*(文件|文件夹)?\s*(?P<target>.+)",
        r"(delete|remove|trash|throw\s+away|discard|bin)\s+(?P<target>.+)",
        r"(move|send|put|throw)\s+(?P<target>.+?)\s+(to|in|into)\s+(the\s+)?(trash|recycle\s+bin|bin)",
    ]),
    ("rename", [
        r"把\s*(?P<target>.+?)\s*(的名字|的文件名)?\s*(重命名|改名|更名|改)\s*(为|成|叫做?|作)\s*(?P<dest>.+)",
        r"(重命名|改名|更名)\s*(?P<target>.+?)\s*(为|成|到|叫做?)\s*(?P<dest>.+)",
        r"(?P<target>\S+?)\s*(重命名|改名|更名)\s*(为|成|叫做?)\s*(?P<dest>.+)",
        r"rename\s+(?P<target>.+?)\s+(to|as|into)\s+(?P<dest>.+)",
        r"change\s+the\s+name\s+of\s+(?P<target>.+?)\s+to\s+(?P<dest>.+)",
        r"(call|name)\s+(?P<target>.+?)\s+(?P<dest>\S+)\s+instead",
    ]),
    ("copy", [
        r"把\s*(?P<target>.+?)\s*(复制|拷贝)\s*(一份)?\s*(到|为|成|叫|作为)\s*(?P<dest>.+)",
        r"(复制|拷贝)\s*(?P<target>.+?)\s*(一份)?\s*(到|为|成|叫)\s*(?P<dest>.+)",
        r"(copy|duplicate)\s+(?P<target>.+?)\s+(to|as|into|at)\s+(?P<dest>.+)",
        r"make\s+a\s+copy\s+of\s+(?P<target>.+?)\s+(called|named|as|at|in)\s+(?P<dest>.+)",
    ]),
    ("move", [
        r"把\s*(?P<target>.+?)\s*(移动|移|挪|搬|放)\s*(到|进|去|至)\s*(?P<dest>.+?)\s*(目录|文件夹)?\s*(里面|里|中|下面|下)?",
        r"(移动|挪动|搬动)\s*(?P<target>.+?)\s*(到|进|至)\s*(?P<dest>.+?)\s*(目录|文件夹)?\s*(里面|里|中|下)?",
        r"move\s+(?P<target>.+?)\s+(to|into|under|in)\s+(the\s+)?(?P<dest>.+?)(\s+folder|\s+directory)?",
        r"put\s+(?P<target>.+?)\s+(in|into|under)\s+(the\s+)?(?P<dest>.+?)(\s+folder|\s+directory)?",
    ]),
    ("create_folder", [
        rf"{_CN_CREATE}(文件夹|目录)\s*(叫做?|名为|名叫|[:：])?\s*(?P<target>.+)",
        rf"{_CN_CREATE}\s*(?P<target>\S+?)\s*(文件夹|目录)",
        r"(create|make|add|new)\s+(a\s+|an\s+)?(new\s+)?(empty\s+)?(folder|directory|dir)\s+"
        r"(called\s+|named\s+)?(?P<target>.+)",
        r"mkdir\s+(-p\s+)?(?P<target>.+)",
    ]),
    ("create_file", [
        rf"{_CN_CREATE}(文本)?(文件)?\s*(叫做?|名为|名叫|[:：])?\s*(?P<target>[^\s,，:：]+?){_CONTENT}",
        r"在\s*(?P<target>[^\s,，:：]+?)\s*(里|中)?(写入|写上|写)\s*[:：]?\s*(?P<content>.+)",
        rf"{_CN_CREATE}(文本)?文件\s*(叫做?|名为|名叫|[:：])?\s*(?P<target>.+)",
        rf"{_CN_CREATE}\s*(?P<target>[^\s,，:：]+\.\w+)",
        r"(create|make|write|add|new)\s+(a\s+|an\s+)?(new\s+)?(empty\s+)?(text\s+)?(file\s+)?"
        rf"(called\s+|named\s+)?(?P<target>\S+){_EN_CONTENT}",
        r"(create|make|add|new)\s+(a\s+|an\s+)?(new\s+)?(empty\s+)?(text\s+)?file\s+"
        r"(called\s+|named\s+)?(?P<target>.+)",
        r"(create|touch|make)\s+(?P<target>[^\s]+\.\w+)",
    ]),
    ("reveal", [
        r"在\s*(文件管理器|资源管理器|访达|finder|explorer|文件夹)\s*(里|中)?\s*(显示|定位|找到|打开)\s*(?P<target>.+)",
        r"(显示|定位)\s*(?P<target>.+?)\s*(在|于|到)\s*(文件管理器|资源管理器|访达)\s*(里|中)?",
        r"(定位到|定位|在文件管理器中显示)\s*(?P<target>.+)",
        r"reveal\s+(?P<target>.+?)(\s+in\s+(the\s+)?(file\s+manager|finder|explorer|files))?",
        r"show\s+(?P<target>.+?)\s+in\s+(the\s+)?(file\s+manager|finder|explorer|files|folder)",
    ]),
    ("project", [
        r".*(分析|介绍|概括|总结|概述|说明|讲讲|解释)(一下)?\s*(这个|整个|当前|本|该)?\s*(项目|工程|工作区|仓库|代码库).*",
        r".*(项目|工程|工作区|仓库)\s*(的)?(结构|概况|概览|简介|总览|是(做|干)什么的|是什么|有什么|的作用|做什么|干什么).*",
        r".*(analy[sz]e|summari[sz]e|describe|explain|overview\s+of|tell\s+me\s+about)\s+"
        r"(this|the|my|our)\s+(project|workspace|repo|repository|codebase).*",
        r".*what\s+(does|is)\s+(this|the)\s+(project|workspace|repo|repository|codebase)\b.*",
        r".*(project|workspace)\s+(overview|structure|summary|analysis).*",
        r".*(give\s+me\s+an\s+overview|what\s+is\s+this\s+(project|repo)\s+about).*",
    ]),
    ("summarize", [
        r"(总结|概括|归纳|摘要|概述|简述)\s*(一下)?\s*(?P<target>.*?)\s*(的)?(作用|内容|用途|功能|要点)?",
        r"(?P<target>.*?(这些|那些|这几个|它们).*?)(是)?(干什么|做什么|干嘛|有什么用|的作用|什么作用)(的)?",
        r"(summari[sz]e|sum\s+up|recap|give\s+me\s+a\s+summary\s+of|what\s+is\s+the\s+gist\s+of)"
        r"\s*(?P<target>.*)",
        r"what\s+do\s+(?P<target>these|those|they|them|the\s+files|these\s+files|those\s+files)"
        r"(\s+files)?\s+do",
    ]),
    ("grep", [
        r"(找一下|找找|查找|搜索|搜一下|查一下|找|搜|查)?\s*(所有)?\s*(包含|含有|含|提到|提及|用到|引用|出现|使用)(了)?\s*"
        r"(?P<keyword>.+?)\s*的\s*(文件|代码|地方|行|源码|内容)",
        r"(哪些|哪个|什么)\s*(文件|地方|代码)\s*(里|中)?\s*(包含|含有|提到|提及|用到|出现|引用|使用)(了)?\s*(?P<keyword>.+?)",
        r"(搜索|查找|搜|查|找)\s*(文本|内容|代码|全文)\s*[:：]?\s*(?P<keyword>.+)",
        r"(在|从)\s*(代码|文件|项目|源码)\s*(里|中)\s*(搜索|查找|找|搜)\s*(?P<keyword>.+)",
        r"(?P<keyword>\S+)\s*(在哪里|在哪些文件里|在哪些地方)\s*(被)?(用到|出现|使用|提到|引用)(了)?",
        r"which\s+files?\s+(mentions?|contains?|uses?|references?|includes?|says?)\s+(?P<keyword>.+)",
        r"(find\s+|show\s+|list\s+)?(the\s+)?(files|code|lines)\s+(containing|mentioning|that\s+mention|"
        r"that\s+contain|that\s+use|with\s+the\s+text|referencing)\s+(?P<keyword>.+)",
        r"(grep|search\s+(the\s+)?(text|contents|code|files)\s+for|search\s+text|"
        r"search\s+inside\s+files\s+for|find\s+text)\s+(?P<keyword>.+)",
        r"where\s+is\s+(?P<keyword>.+?)\s+(used|mentioned|referenced|called)",
        r"find\s+(?P<keyword>.+?)\s+in\s+(the\s+)?(code|files|text|sources)",
    ]),
    ("find", [
        r"(搜索|搜一下|搜|查找|查一下|找一下|找找|找|寻找)\s*(一下)?\s*(文件名|文件)?\s*(叫做?|名为|名叫|包含)?\s*"
        r"(?P<keyword>.+?)\s*(的文件|这个文件|文件名|文件)?",
        r"(有没有|是否有|有无)\s*(?P<keyword>.+?)\s*(这个)?文件",
        r"(?P<keyword>[^\s，,]+?)\s*(文件)?\s*在哪(里|儿)?",
        r"哪个文件\s*(叫做?|名为|名叫)\s*(?P<keyword>.+)",
        r"(search\s+for|search|find|look\s+for|locate)\s+(the\s+)?(files?\s+)?(named\s+|called\s+)?"
        r"(?P<keyword>.+?)(\s+files?)?",
        r"where('s|\s+is)\s+(the\s+)?(file\s+)?(?P<keyword>.+?)",
        r"is\s+there\s+(a\s+|an\s+|any\s+)?(file\s+)?(called\s+|named\s+)?(?P<keyword>.+?)",
    ]),
    ("list", [
        r"(?P<target>[^\s，,]*?)\s*(目录|文件夹)?\s*(里|下|中)(面)?\s*(都)?有(什么|哪些)(文件|东西|内容)?",
        r"(列出|列举|列一下|显示|看看|看一下|查看)\s*(一下)?\s*(?P<target>[^\s，,]*?)\s*(目录|文件夹)?\s*"
        r"(里|下|中)?(面)?\s*(的)?\s*(所有)?\s*(文件|东西)(列表)?",
        r"(列出|列举|列一下)\s*(?P<target>.*)",
        r"(有哪些|都有什么|有什么)文件",
        r"(list|ls|dir)(\s+(the\s+)?(files|contents|entries))?(\s+(in|of|under))?\s*(the\s+)?"
        r"(?P<target>.*?)(\s+folder|\s+directory)?",
        r"show\s+(me\s+)?(the\s+)?(files|contents|entries)(\s+(in|of|under)\s+(the\s+)?(?P<target>.+?))?"
        r"(\s+folder|\s+directory)?",
        r"what('s|\s+is)\s+in\s+(the\s+)?(?P<target>[^\s.]+?)(\s+folder|\s+directory)",
    ]),
    ("read", [
        r"(读取|读一下|读读|读|查看|看看|看一下|看|显示|打印|打开看看|给我看看|给我看)\s*(一下)?\s*(文件)?\s*"
        r"(?P<target>.+?)\s*(的内容|里的内容|的全文|内容|里写了什么|写了什么|里面是什么)?",
        r"(?P<target>\S+?)\s*(里|中)?\s*(写了什么|的内容是什么|里面有什么|是什么内容)",
        r"(read|show(\s+me)?|view|cat|display|print|look\s+at)\s+(the\s+)?(contents?\s+of\s+)?"
        r"(the\s+file\s+)?(?P<target>.+)",
        r"what('s|\s+is)\s+in\s+(?P<target>.+)",
        r"(?P<target>((the\s+)?(last|first|second|third|fourth|fifth|\d+(st|nd|rd|th))"
        r"(\s+(one|file|result|item))?|第\s*[一二两三四五六七八九十\d]+\s*(个|项|条)?|最后一个|最后那个))",
    ]),
    ("open", [
        r"(用默认(的)?(程序|应用|软件)\s*)?(打开|开启|开)\s*(一下)?\s*(文件|文件夹)?\s*(?P<target>.+?)"
        r"(\s*用默认(的)?(程序|应用|软件)(打开)?)?",
        r"open\s+(up\s+)?(the\s+)?(file\s+|folder\s+)?(?P<target>.+?)"
        r"(\s+with\s+the\s+default\s+(app|application|program|editor))?",
    ]),
]

_COMPILED = [(action, [re.compile(p, _F) for p in patterns]) for action, patterns in _RULES]

_QUOTES = "\"'`“”‘’「」『』《》<>"
_NOISE_HEAD = re.compile(
    r"^(the\s+file\s+|the\s+folder\s+|file\s+|folder\s+|the\s+|文件夹\s*|文件\s*|目录\s*)",
    re.IGNORECASE,
)
_NOISE_TAIL = re.compile(r"(\s+file|\s+folder|这个文件|文件夹|文件|一下|这个)$", re.IGNORECASE)


def clean_target(text: str) -> str:
    """A path or keyword as typed, without quotes, filler words and trailing punctuation."""
    text = _TAIL.sub("", text.strip()).strip().strip(_QUOTES).strip()
    for _ in range(2):
        text = _NOISE_HEAD.sub("", text).strip().strip(_QUOTES).strip()
        if not re.search(r"\.\w+$", text):  # "README file" -> README, "a.txt" stays
            text = _NOISE_TAIL.sub("", text).strip().strip(_QUOTES).strip()
    return text


def _clean_message(message: str) -> str:
    text = message.strip()
    for _ in range(2):
        text = _POLITE.sub("", text)
    return _TAIL.sub("", text).strip()


def parse_command(message: str) -> Command | None:
    """The command ``message`` asks for, or None when it is not one the rules know."""
    text = _clean_message(message)
    if not text:
        return None
    for action, patterns in _COMPILED:
        for pattern in patterns:
            match = pattern.fullmatch(text)
            if match is None:
                continue
            args = {k: (v.strip() if k == "content" else clean_target(v))
                    for k, v in match.groupdict().items() if v is not None}  # fmt: skip
            if action in {"grep", "find"} and not args.get("keyword"):
                continue
            if action in {"read", "open", "trash", "reveal", "copy", "move", "rename",
                          "create_file", "create_folder"} and not args.get("target"):  # fmt: skip
                continue
            return Command(action, args)
    return None
