"""Whole phrasings with their slots, as rows of templates over the one vocabulary.

The grounded engine (``wsnb.agent.understand``) reads most requests from the names
the workspace knows and the words left; these rows add what it can't know: where
a slot of free text begins and ends ("把 a.txt 的内容改成 X", "rename a to b",
"搜索 greeting"). A row's reading is kept only when its action is one the words
vote for and its slots agree with the workspace; otherwise the engine's wins.

How to read a row, in one paragraph: ``Row(action, lang, template)``. The template
is a regular expression in which ``{WORD}`` stands for every word of that group of
``wsnb.agent.vocab.WORDS`` (longest first, so "删除" is tried before "删") and
``{target}``, ``{dest}``, ``{content}``, ``{keyword}`` are the slots. A space in a
Chinese row means "maybe a space", in an English row "at least one"; `` ?`` is
"maybe a space" in both. Rows are tried in table order and the whole (cleaned)
message must match, so the specific comes first ("把 a.txt 的内容改成 X" is a
content change before it is a rename; "把 a 移到回收站" a trash before a move).
To teach the agent a word, add it to ``vocab.WORDS``; a row only for a new shape
of sentence with a free-text slot.

One reading of a request: a row stays only where the engine reads its sentences
differently. Of the 147 rows there were, 95 are retired (on every phrasing set the
engine's own reading gave the same command, or no sentence used them). 52 stay: 33
where the engine reads some of the row's sentences otherwise (a content's free text, a
new name, a keyword of several words), and 19 whose reading a model's path or
``intents.classify`` needs (with a model connected, only an explicit row runs as
parsed; a row also tells a workspace request from chat).
"""

# ruff: noqa: E501  (one phrasing per row reads better than rows cut in the middle)
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Literal

from .vocab import WORDS

__all__ = ["ROWS", "WORDS", "Row", "compiled_rows"]

@dataclass(frozen=True)
class Row:
    """One phrasing: the action, the language of its words, and the template."""

    action: str
    lang: Literal["zh", "en"]
    template: str


_OPTIONAL_FILE = r"(?:文件夹|文件|目录)?"
_CONTENT_ZH = r"(?:内容(?:是|为)|内容|写入|写上|里面写(?:上)?|写着|包含(?:内容)?|并写入)"
_CONTENT_EN = (r"(?:with (?:the )?(?:content|contents|text)|containing|that says|saying|"
               r"and write)")  # fmt: skip
_ORDINAL = (r"(?:(?:the )?(?:last|first|second|third|fourth|fifth|\d+(?:st|nd|rd|th))"
            r"(?: (?:one|file|result|item))?|第\s*[一二两三四五六七八九十\d]+\s*(?:个|项|条)?|"
            r"最后一个|最后那个)")  # fmt: skip

ROWS: tuple[Row, ...] = (
    # help
    Row("help", "en", r"(?:help|what can you do|what do you do|commands|how do i use (?:this|you))"),
    # the workspace itself (11.1)
    Row("workspace", "zh", r"(?:现在|当前|目前)?(?:打开|用)的?是(?:哪个|什么){WORKSPACE}"),
    Row("workspace", "en", r"(?:the )?current workspace|where am i|what workspace is this"),
    Row("workspace", "en", r"how (?:do|can) i (?:open|choose|pick|switch|change) (?:a |another |"
                           r"the |a different )?workspaces?"),
    # changing a file's content (before rename: "把 a 的内容改成 b")
    Row("write", "zh", r"(?:把|将)? ?{target} ?(?:的|里的|中的)?(?:内容|全文|文本|文字) ?(?:全部|都)?"
                       r"{CHANGE_TO} ?[:：]? ?{content}"),
    Row("write", "zh", r"(?:把|将)? ?{target} ?(?:改写成|改写为|重写成|重写为) ?[:：]? ?{content}"),
    Row("write", "en", r"(?:replace|change|set|overwrite) the (?:contents?|text) of {target} "
                       r"(?:with|to) ?[:：]? ?{content}"),
    Row("append", "zh", r"(?:在|给|往|向)? ?{target} ?(?:的)?(?:末尾|结尾|最后|最后面|尾部|后面|底部)"
                        r"(?:再)?{ADD_LINE} ?[:：]? ?{content}"),
    Row("append", "zh", r"(?:在|给|往|向) ?{target} ?(?:里|中)?(?:追加|加一行|添加一行|追加一行) ?[:：]? ?"
                        r"{content}"),
    Row("append", "en", r"append (?:a |one |the )?(?:line |text )?{content} to (?:the end of )?{target}"),
    Row("append", "en", r"(?:add|write) (?:a |the )?(?:line|text)? ?{content} (?:to|at) the end of "
                        r"{target}"),
    # trash
    Row("trash", "en", r"(?:{DELETE_EN}) (?:the )?(?:file |folder )?(?:called |named )?{target}"),
    # rename
    Row("rename", "zh", r"(?:把|将) ?{target} ?(?:的名字|的文件名)? ?(?:{RENAME}|改) ?(?:为|成|叫做?|作) ?{dest}"),
    Row("rename", "en", r"rename {target} (?:to|as|into) {dest}"),
    Row("rename", "en", r"(?:call|name) {target} (?P<dest>\S+) instead"),
    # copy
    Row("copy", "en", r"(?:{COPY_EN}) {target} (?:to|as|into|at) {dest}"),
    # move
    # create
    Row("create_folder", "zh", r"{CREATE}(?:一个|个)?(?:新的?)?(?:叫做?|名为|名叫) ?{target} ?的 ?{FOLDER}"),
    Row("create_folder", "zh", r"{CREATE}(?:一个|个)?(?:新的?)?(?:空的?)?{FOLDER} ?(?:叫做?|名为|名叫|[:：])? ?"
                               r"{target}"),
    Row("create_folder", "en", r"(?:create|make|add|new) (?:a |an )?(?:new )?(?:empty )?"
                               r"(?:folder|directory|dir) (?:called |named )?{target}"),
    Row("create_folder", "en", r"mkdir (?:-p )?{target}"),
    Row("create_file", "zh", r"{CREATE}(?:一个|个)?(?:新的?)?(?:空的?)?(?:文本)?(?:文件)? ?"
                             r"(?:叫做?|名为|名叫|[:：])? ?(?P<target>[^\s,，:：]+?) ?[,，]? ?"
                             rf"{_CONTENT_ZH} ?[:：]? ?{{content}}"),
    Row("create_file", "zh", r"在 ?(?P<target>[^\s,，:：]+?) ?(?:里|中)?(?:写入|写上|写) ?[:：]? ?"
                             r"{content}"),
    Row("create_file", "en", r"(?:create|make|write|add|new) (?:a |an )?(?:new )?(?:empty )?"
                             r"(?:text )?(?:file )?(?:called |named )?(?P<target>\S+) "
                             rf"{_CONTENT_EN} ?[:：]? ?{{content}}"),
    Row("create_file", "en", r"(?:create|make|add|new) (?:a |an )?(?:new )?(?:empty )?(?:text )?"
                             r"file (?:called |named )?{target}"),
    # a change with its destination left out ("rename these files", "把这些文件重命名")
    # reveal in the file manager
    # the project as a whole
    Row("project", "zh", r".*(?:分析|介绍|概括|总结|概述|说明|讲讲|解释)(?:一下|下)? ?(?:这个|整个|当前|本|该)? ?"
                         r"(?:{PROJECT}|工作区).*"),
    Row("project", "zh", r".*(?:{PROJECT}|工作区) ?(?:的)?(?:结构|概况|概览|简介|总览|是(?:做|干)什么的|(?:是)?干(?:嘛|啥)的|"
                         r"是什么|的作用|做什么|干什么).*"),
    Row("project", "en", r".*what(?: does| is|'s) (?:this|the) (?:{PROJECT_EN}|workspace)\b.*"),
    # summaries of files
    Row("summarize", "zh", r"{SUMMARY} ?(?:一下|下)? ?(?P<target>.*?) ?(?:的)?(?:作用|内容|用途|功能|要点)?"),
    Row("summarize", "en", r"(?:{SUMMARY_EN}) ?(?P<target>.*)"),
    Row("summarize", "en", r"what do (?P<target>these|those|they|them|the files|these files|"
                           r"those files)(?: files)? do"),
    # where a name is defined
    Row("define", "en", r"where(?:'s| is| are) {keyword} (?:{DEFINED_EN})"),
    # text search
    Row("grep", "zh", r"(?:{SEARCH})? ?(?:所有)? ?(?:{MENTION})(?:了)? ?{keyword} ?的 ?"
                      r"(?:文件|代码|地方|行|源码|内容)"),
    Row("grep", "zh", r"(?:搜索|查找|搜|查|找) ?(?:文本|内容|代码|全文) ?[:：]? ?{keyword}"),
    Row("grep", "zh", r"(?:在|从) ?(?:文件内容|文件的内容|代码|文件|项目|源码|内容|全文)(?:里|中) ?(?:{SEARCH}) ?{keyword}"),
    Row("grep", "en", r"which files? (?:{MENTION_EN}) {keyword}"),
    Row("grep", "en", r"(?:grep(?: for)?|search (?:the )?(?:text|contents|code|files) for|search text|"
                      r"search inside files for|find text) {keyword}"),
    Row("grep", "en", r"where is {keyword} (?:used|mentioned|referenced|called)"),
    # listings, asked or ordered
    Row("list", "zh", r"(?:{ROOT}|工作区) ?(?:里|下|中)?(?:面)? ?(?:都)?有(?:{WHAT})(?:文件|东西|内容)?"),
    Row("list", "zh", r"{target} ?(?:{FOLDER})? ?(?:里|下|中)?(?:面|边)?(?:的)?(?:文件|内容)?(?:都)?有(?:{WHAT})"),
    Row("list", "en", r"show (?:me )?(?:the )?(?:files|contents|entries)(?: (?:in|of|under) (?:the )?"
                      r"(?P<target>.+?))?(?: folder| directory)?"),
    Row("list", "en", r"what(?:'s| is| files are) in (?:the )?(?P<target>[^\s.]+?)(?: folder| directory)"),
    Row("list", "en", r"(?:show|list)(?: me)? (?:the )?(?:workspace )?root(?: folder| directory)?"),
    Row("list", "en", r"what(?:'s| is) in (?:this|the) (?:workspace|project|folder)"),
    # name search
    Row("find", "zh", r"(?:{SEARCH}) ?(?:一下)? ?(?:所有|全部)?(?:的)? ?(?:文件名|文件)? ?(?:叫做?|名为|名叫|包含)? ?"
                      r"{keyword} ?(?:的文件|这个文件|文件名|文件)?"),
    Row("find", "en", r"(?:{SEARCH_EN}) (?:all |any |every )?(?:the )?(?:files? )?(?:named |called )?{keyword}(?: files?)?"),
    Row("find", "en", r"where(?:'s| is) (?:the )?(?:file )?{keyword}"),
    # reading and opening
    Row("read", "en", r"(?:{READ_EN}) (?:the )?(?:contents? of )?(?:the file )?{target}"),
    Row("read", "en", r"what(?:'s| is) (?:in|inside) {target}"),
    Row("read", "en", r"what does {target} (?:contain|say)"),
    Row("read", "en", rf"(?P<target>{_ORDINAL})"),
    Row("open", "zh", r"(?:用默认(?:的)?(?:程序|应用|软件) ?)?(?:{OPEN}) ?(?:一下)? ?(?:文件|文件夹)? ?"
                      r"{target}(?: ?用默认(?:的)?(?:程序|应用|软件)(?:打开)?)?"),
    Row("open", "en", r"open (?:up )?(?:the )?(?:file |folder )?{target}"
                      r"(?: with the default (?:app|application|program|editor))?"),
)

_SLOTS = {"target": r"(?P<target>.+?)", "dest": r"(?P<dest>.+?)",
          "content": r"(?P<content>.+)", "keyword": r"(?P<keyword>.+?)"}  # fmt: skip
_PLACE = re.compile(r"\{(\w+)\}")


def _alternation(name: str) -> str:
    words = sorted(WORDS[name], key=len, reverse=True)
    # English entries are words: a space inside one is any run of spaces, and a regex
    # piece such as "mentions?" stays a regex.
    parts = [w.replace(" ", r"\s+") if re.fullmatch(r"[\w\s?']+", w) else re.escape(w)
             for w in words]  # fmt: skip
    return "(?:" + "|".join(parts) + ")"


def expand(row: Row) -> str:
    """The row's template as a regular expression."""
    space = r"\s*" if row.lang == "zh" else r"\s+"
    out: list[str] = []
    for piece in re.split(r"(\{\w+\})", row.template):
        match = _PLACE.fullmatch(piece)
        if match:
            name = match.group(1)
            out.append(_SLOTS[name] if name in _SLOTS else _alternation(name))
        else:
            piece = re.sub(r"(?<!\\) (?![?*+{])", lambda _m: space, piece)
            out.append(piece.replace(" ?", r"\s*"))
    return "".join(out)


@cache
def compiled_rows() -> tuple[tuple[Row, re.Pattern[str]], ...]:
    """Every row with its compiled expression, in table order."""
    flags = re.IGNORECASE | re.DOTALL
    return tuple((row, re.compile(expand(row), flags)) for row in ROWS)
