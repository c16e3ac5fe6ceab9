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
    Row("help", "zh", r"(?:帮助|你能做什么|你会什么|能做什么|怎么用|使用说明|有什么命令)"),
    Row("help", "en", r"(?:help|what can you do|what do you do|commands|how do i use (?:this|you))"),
    # the workspace itself (11.1)
    Row("workspace", "zh", r"(?:我|我们)?(?:现在|当前)?(?:在|用的是|打开的是)(?:哪个|哪一个|什么){WORKSPACE}"),
    Row("workspace", "zh", r"(?:{OPEN}|选择|切换|换|更换|换一个|换个|打开另一个|选)(?:一个|个)?"
                           r"(?:另一个|其他|别的|新的)?(?:一个)?{WORKSPACE}"),
    Row("workspace", "zh", r"(?:当前|现在|目前)?(?:的)?(?:{WORKSPACE}|打开的{WORKSPACE})"
                           r"(?:是(?:哪个|什么|哪里|哪儿)|在哪(?:里|儿)?|路径)?"),
    Row("workspace", "zh", r"(?:现在|当前|目前)?(?:打开|用)的?是(?:哪个|什么){WORKSPACE}"),
    Row("workspace", "zh", r"(?:怎么|如何)(?:选择|切换|换|打开)(?:另一个|其他|别的)?{WORKSPACE}"),
    Row("workspace", "en", r"(?:which|what) (?:workspace|folder) (?:is|am i in|is open|are we in)"
                           r"(?: open| in| now)?"),
    Row("workspace", "en", r"(?:the )?current workspace|where am i|what workspace is this"),
    Row("workspace", "en", r"(?:which|what) (?:workspace|folder) am i (?:working )?in"),
    Row("workspace", "en", r"i (?:want|would like|need) to (?:open|choose|pick|switch to|change to|use) (?:a |another |a different |a new )?workspace"),
    Row("workspace", "en", r"(?:open|choose|pick|select|switch(?: to)?|change) (?:a |another |the |"
                           r"a different |a new )?workspace(?: folder)?"),
    Row("workspace", "en", r"how (?:do|can) i (?:open|choose|pick|switch|change) (?:a |another |"
                           r"the |a different )?workspaces?"),
    # changing a file's content (before rename: "把 a 的内容改成 b")
    Row("write", "zh", r"(?:把|将)? ?{target} ?(?:的|里的|中的)?(?:内容|全文|文本|文字) ?(?:全部|都)?"
                       r"{CHANGE_TO} ?[:：]? ?{content}"),
    Row("write", "zh", r"(?:把|将)? ?{target} ?(?:的|里的)?(?:内容|全文|文本)(?:清空|删掉|删除)?"
                       r"(?:并|然后)?(?:写成|写入|改写为|重写为) ?[:：]? ?{content}"),
    Row("write", "zh", r"(?:修改|更改|改|编辑) ?{target} ?的?(?:内容|全文|文本) ?(?:为|成|是) ?[:：]? ?{content}"),
    Row("write", "zh", r"(?:把|将)? ?{target} ?(?:改写成|改写为|重写成|重写为) ?[:：]? ?{content}"),
    Row("write", "zh", r"(?:用|拿) ?{content} ?(?:替换|覆盖) ?{target} ?(?:的)?(?:内容|全文)"),
    Row("write", "en", r"(?:replace|overwrite) everything in {target} with ?[:：]? ?{content}"),
    Row("write", "en", r"(?:replace|change|set|overwrite) the (?:contents?|text) of {target} "
                       r"(?:with|to) ?[:：]? ?{content}"),
    Row("write", "en", r"(?:replace|overwrite) {target}(?:'s)? (?:contents?|text)? ?with ?[:：]? ?"
                       r"{content}"),
    Row("write", "en", r"(?:change|set) {target}(?:'s)? (?:contents?|text) to ?[:：]? ?{content}"),
    Row("write", "en", r"let {target} (?:say|contain) ?[:：]? ?{content}"),
    Row("append", "zh", r"(?:在|给|往|向)? ?{target} ?(?:的)?(?:末尾|结尾|最后|最后面|尾部|后面|底部)"
                        r"(?:再)?{ADD_LINE} ?[:：]? ?{content}"),
    Row("append", "zh", r"(?:在|给|往|向) ?{target} ?(?:里|中)?(?:追加|加一行|添加一行|追加一行) ?[:：]? ?"
                        r"{content}"),
    Row("append", "zh", r"(?:把|将) ?{content} ?(?:追加|添加|加)(?:到|在|进) ?{target} ?"
                        r"(?:的)?(?:末尾|结尾|最后|后面|里)?"),
    Row("append", "en", r"append (?:a |one |the )?(?:line |text )?{content} to (?:the end of )?{target}"),
    Row("append", "en", r"(?:add|write) (?:a |the )?(?:line|text)? ?{content} (?:to|at) the end of "
                        r"{target}"),
    Row("append", "en", r"(?:add|append) (?:a |one )?line to (?:the end of )?{target} ?[:：]? ?"
                        r"(?:saying |that says )?{content}"),
    Row("append", "en", r"append to {target} ?[:：] ?{content}"),
    Row("append", "en", r"add (?:the |a |one )?line {content} to (?:the end of )?{target}"),
    # trash
    Row("trash", "zh", r"把 ?{target} ?(?:整个|整体)?(?:{INTO}(?:系统)?{TRASH_BIN}|{DELETE})"),
    Row("trash", "zh", r"{target} ?{INTO}(?:系统)?{TRASH_BIN}"),
    Row("trash", "zh", r"{DELETE} ?(?:文件夹|文件)? ?{target}"),
    Row("trash", "en", r"(?:{DELETE_EN}) (?:the )?(?:file |folder )?(?:called |named )?{target}"),
    Row("trash", "en", r"(?:move|send|put|throw) {target} (?:to|in|into) (?:the )?"
                       r"(?:trash|recycle bin|bin)"),
    # rename
    Row("rename", "zh", r"(?:把|将) ?{target} ?(?:的名字|的文件名)? ?(?:{RENAME}|改) ?(?:为|成|叫做?|作) ?{dest}"),
    Row("rename", "zh", r"{RENAME} ?{target} ?(?:为|成|到|叫做?) ?{dest}"),
    Row("rename", "zh", r"(?P<target>\S+?) ?{RENAME} ?(?:为|成|叫做?) ?{dest}"),
    Row("rename", "en", r"rename {target} (?:to|as|into) {dest}"),
    Row("rename", "en", r"rename (?P<target>\S+\.\w+) (?P<dest>\S+\.\w+)"),
    Row("rename", "en", r"change the name of {target} to {dest}"),
    Row("rename", "en", r"(?:call|name) {target} (?P<dest>\S+) instead"),
    # copy
    Row("copy", "zh", r"把 ?{target} ?{COPY} ?(?:一份)? ?(?:到|为|成|叫|作为) ?{dest}"),
    Row("copy", "zh", r"{COPY} ?{target} ?(?:一份)? ?(?:到|为|成|叫) ?{dest}"),
    Row("copy", "en", r"(?:{COPY_EN}) {target} (?:to|as|into|at) {dest}"),
    Row("copy", "en", r"make a copy of {target} (?:called|named|as|at|in) {dest}"),
    # move
    Row("move", "zh", r"(?:把|将) ?{target} ?{MOVE} ?{MOVE_TO} ?{dest} ?(?:目录|文件夹)? ?"
                      r"(?:里面|里|中|下面|下)?"),
    Row("move", "zh", r"(?:移动|挪动|搬动) ?{target} ?(?:到|进|至) ?{dest} ?(?:目录|文件夹)? ?"
                      r"(?:里面|里|中|下)?"),
    Row("move", "en", r"move {target} (?:to|into|under|in) (?:the )?{dest}(?: folder| directory)?"),
    Row("move", "en", r"put {target} (?:in|into|under) (?:the )?{dest}(?: folder| directory)?"),
    # create
    Row("create_folder", "zh", r"{CREATE}(?:一个|个)?(?:新的?)?(?:叫做?|名为|名叫) ?{target} ?的 ?{FOLDER}"),
    Row("create_folder", "zh", r"{CREATE}(?:一个|个)?(?:新的?)?(?:空的?)?{FOLDER} ?(?:叫做?|名为|名叫|[:：])? ?"
                               r"{target}"),
    Row("create_folder", "zh", r"{CREATE}(?:一个|个)?(?:新的?)? ?{target} ?{FOLDER}"),
    Row("create_folder", "en", r"(?:create|make|add|new) (?:a |an )?(?:new )?(?:empty )?"
                               r"(?:folder|directory|dir) (?:called |named )?{target}"),
    Row("create_folder", "en", r"mkdir (?:-p )?{target}"),
    Row("create_file", "zh", r"{CREATE}(?:一个|个)?(?:新的?)?(?:空的?)?(?:文本)?(?:文件)? ?"
                             r"(?:叫做?|名为|名叫|[:：])? ?(?P<target>[^\s,，:：]+?) ?[,，]? ?"
                             rf"{_CONTENT_ZH} ?[:：]? ?{{content}}"),
    Row("create_file", "zh", r"在 ?(?P<target>[^\s,，:：]+?) ?(?:里|中)?(?:写入|写上|写) ?[:：]? ?"
                             r"{content}"),
    Row("create_file", "zh", r"{CREATE}(?:一个|个)?(?:新的?)?(?:空的?)?(?:文本)?文件 ?"
                             r"(?:叫做?|名为|名叫|[:：])? ?{target}"),
    Row("create_file", "zh", r"{CREATE}(?:一个|个)?(?:新的?)?(?:空的?)? ?(?P<target>[^\s,，:：]+\.\w+)"),
    Row("create_file", "en", r"(?:create|make|write|add|new) (?:a |an )?(?:new )?(?:empty )?"
                             r"(?:text )?(?:file )?(?:called |named )?(?P<target>\S+) "
                             rf"{_CONTENT_EN} ?[:：]? ?{{content}}"),
    Row("create_file", "en", r"(?:create|make|add|new) (?:a |an )?(?:new )?(?:empty )?(?:text )?"
                             r"file (?:called |named )?{target}"),
    Row("create_file", "en", r"(?:create|touch|make) (?P<target>\S+\.\w+)"),
    # a change with its destination left out ("rename these files", "把这些文件重命名")
    Row("rename", "zh", r"(?:把|将) ?{target} ?(?:都|全部|全都|统统)? ?(?:{RENAME_ALL})(?:一下)?"),
    Row("rename", "zh", r"(?:{RENAME_ALL}) ?(?:一下)? ?{target}"),
    Row("rename", "en", r"rename {target}"),
    Row("copy", "zh", r"(?:把|将) ?{target} ?(?:都|全部)? ?{COPY}(?:一下|一份)?"),
    Row("copy", "en", r"(?:{COPY_EN}) {target}"),
    Row("move", "en", r"move {target}"),
    # reveal in the file manager
    Row("reveal", "zh", r"在 ?(?:{REVEAL_IN}|文件夹) ?(?:里|中)? ?(?:显示|定位|找到|打开) ?{target}"),
    Row("reveal", "zh", r"(?:显示|定位) ?{target} ?(?:在|于|到) ?{REVEAL_IN} ?(?:里|中)?"),
    Row("reveal", "zh", r"(?:定位到|定位|在文件管理器中显示) ?{target}"),
    Row("reveal", "en", r"reveal {target}(?: in (?:the )?(?:file manager|finder|explorer|files))?"),
    Row("reveal", "en", r"show {target} in (?:the )?(?:file manager|finder|explorer|files|folder)"),
    # the project as a whole
    Row("project", "zh", r".*(?:分析|介绍|概括|总结|概述|说明|讲讲|解释)(?:一下|下)? ?(?:这个|整个|当前|本|该)? ?"
                         r"(?:{PROJECT}|工作区).*"),
    Row("project", "zh", r".*(?:{PROJECT}|工作区) ?(?:的)?(?:结构|概况|概览|简介|总览|是(?:做|干)什么的|(?:是)?干(?:嘛|啥)的|"
                         r"是什么|的作用|做什么|干什么).*"),
    Row("project", "en", r".*(?:analy[sz]e|summari[sz]e|describe|explain|overview of|tell me about) "
                         r"(?:this|the|my|our) (?:{PROJECT_EN}|workspace).*"),
    Row("project", "en", r".*what(?: does| is|'s) (?:this|the) (?:{PROJECT_EN}|workspace)\b.*"),
    Row("project", "en", r".*(?:project|workspace) (?:overview|structure|summary|analysis).*"),
    Row("project", "en", r".*(?:give me an overview|what is this (?:project|repo) about).*"),
    # summaries of files
    Row("summarize", "zh", r"{SUMMARY} ?(?:一下|下)? ?(?P<target>.*?) ?(?:的)?(?:作用|内容|用途|功能|要点)?"),
    Row("summarize", "zh", r"(?P<target>.*?(?:这些|那些|这几个|它们|这个|那个|它|该文件).*?)(?:是)?(?:干什么|做什么|干嘛|"
                           r"有什么用|的作用|什么作用)(?:的)?"),
    Row("summarize", "en", r"(?:{SUMMARY_EN}) ?(?P<target>.*)"),
    Row("summarize", "en", r"what (?:does|is) (?P<target>\S+\.\w+|this file|that file|it) (?:do|for)"),
    Row("summarize", "en", r"what do (?P<target>these|those|they|them|the files|these files|"
                           r"those files)(?: files)? do"),
    # where a name is defined
    Row("define", "zh", r"{keyword} ?(?:的)?(?:定义|声明|实现)(?:是)?(?:在)?(?:哪里|哪儿|哪个文件|哪|什么地方)(?:里|中)?"),
    Row("define", "zh", r"(?:定义|声明) ?{keyword} ?的(?:地方|文件|位置)(?:在哪(?:里|儿)?|是哪(?:里|个))?"),
    Row("define", "zh", r"{keyword} ?(?:这个|这一个)?(?:函数|类|方法|变量|常量)? ?(?:是)?(?:在)?(?:哪里|哪儿|哪个文件|哪|什么地方)(?:里|中)?(?:被)?"
                        r"{DEFINED}(?:的)?"),
    Row("define", "zh", r"(?:{SEARCH}|看看)? ?{keyword} ?的(?:定义|声明)(?:在哪(?:里|儿)?)?"),
    Row("define", "zh", r"(?:哪里|哪个文件|哪儿)(?:定义|声明)了 ?{keyword}"),
    Row("define", "en", r"where(?:'s| is| are) {keyword} (?:{DEFINED_EN})"),
    Row("define", "en", r"(?:find|show|show me|go to|where is) the (?:definition|declaration) of "
                        r"{keyword}"),
    Row("define", "en", r"where does {keyword} (?:get defined|come from)"),
    Row("define", "en", r"where (?:do|did|does) (?:we|you|i|they|it|the code) (?:define|declare|implement) {keyword}"),
    Row("define", "en", r"which file (?:defines|declares) {keyword}"),
    # text search
    Row("grep", "zh", r"(?:{SEARCH})? ?(?:所有)? ?(?:{MENTION})(?:了)? ?{keyword} ?的 ?"
                      r"(?:文件|代码|地方|行|源码|内容)"),
    Row("grep", "zh", r"(?:哪些|哪个|什么) ?(?:文件|地方|代码) ?(?:里|中)? ?(?:{MENTION}|有)(?:了)? ?{keyword}"),
    Row("grep", "zh", r"(?:全文|内容|文本|代码)(?:搜索|查找|检索|搜) ?[:：]? ?{keyword}"),
    Row("grep", "zh", r"(?:搜索|查找|搜|查|找) ?(?:文本|内容|代码|全文) ?[:：]? ?{keyword}"),
    Row("grep", "zh", r"(?:在|从) ?(?:文件内容|文件的内容|代码|文件|项目|源码|内容|全文)(?:里|中) ?(?:{SEARCH}) ?{keyword}"),
    Row("grep", "zh", r"(?P<keyword>\S+) ?(?:在哪里|在哪些文件里|在哪些地方) ?(?:被)?(?:用到|出现|使用|提到|引用)(?:了)?"),
    Row("grep", "en", r"which files? (?:{MENTION_EN}) {keyword}"),
    Row("grep", "en", r"(?:find |show |list )?(?:the )?(?:files|code|lines) (?:containing|mentioning|"
                      r"that mention|that contain|that use|with the text|referencing) {keyword}"),
    Row("grep", "en", r"(?:grep(?: for)?|search (?:the )?(?:text|contents|code|files) for|search text|"
                      r"search inside files for|find text) {keyword}"),
    Row("grep", "en", r"(?:find|search for|look for) (?:the )?(?:text|string|word|phrase) {keyword}"
                      r"(?: in (?:the )?(?:code|files|text|sources|workspace|project))?"),
    Row("grep", "en", r"where is {keyword} (?:used|mentioned|referenced|called)"),
    Row("grep", "en", r"(?:find|search for|look for) {keyword} in (?:the )?(?:code|files|text|sources|contents)"),
    Row("grep", "zh", r"(?:哪里|哪儿|什么地方|哪些地方)(?:用到|使用|调用|引用|提到|出现)(?:了)? ?{keyword}"),
    # listings, asked or ordered
    Row("list", "zh", r"(?:{ROOT}|工作区) ?(?:里|下|中)?(?:面)? ?(?:都)?有(?:{WHAT})(?:文件|东西|内容)?"),
    Row("list", "zh", r"(?:{PEEK})? ?{target} ?(?:{FOLDER})? ?(?:里|下|中)(?:面|边)? ?(?:都)?有(?:{WHAT})"
                      r"(?:文件|东西|内容)?"),
    Row("list", "zh", r"{target} ?(?:{FOLDER})? ?(?:里|下|中)?(?:面|边)?(?:的)?(?:文件|内容)?(?:都)?有(?:{WHAT})"),
    Row("list", "zh", r"(?:{LIST}) ?(?:一下)? ?(?P<target>[^\s，,]*?) ?(?:{FOLDER})? ?(?:里|下|中)?"
                      r"(?:面)? ?(?:的)? ?(?:所有)? ?(?:文件|东西)(?:列表)?"),
    Row("list", "zh", r"(?:列出|列举|列一下) ?{target}"),
    Row("list", "zh", r"(?:{PEEK}) ?{target} ?(?:{FOLDER})"),
    Row("list", "zh", r"(?:有哪些|都有什么|有什么)文件"),
    Row("list", "en", r"(?:list|show(?: me)?) (?:everything|all(?: the)?(?: files)?) (?:in|under|inside) (?:the )?{target}(?: folder| directory)?"),
    Row("list", "en", r"(?:list|ls|dir)(?: (?:the )?(?:files|contents|entries))?(?: (?:in|of|under))?"
                      r"(?: the)? ?(?P<target>.*?)(?: folder| directory)?"),
    Row("list", "en", r"show (?:me )?(?:the )?(?:files|contents|entries)(?: (?:in|of|under) (?:the )?"
                      r"(?P<target>.+?))?(?: folder| directory)?"),
    Row("list", "en", r"what(?:'s| is| files are) in (?:the )?(?P<target>[^\s.]+?)(?: folder| directory)"),
    Row("list", "en", r"what(?:'s| is) (?:in )?(?:the )?(?:workspace )?root(?: folder)?"),
    Row("list", "en", r"(?:show|list)(?: me)? (?:the )?(?:workspace )?root(?: folder| directory)?"),
    Row("list", "en", r"what(?:'s| is) in (?:this|the) (?:workspace|project|folder)"),
    Row("list", "en", r"what files (?:are|do we have|do i have)(?: there| here)?(?: in (?:the )?"
                      r"(?P<target>.+?))?(?: folder| directory)?"),
    Row("list", "en", r"what(?:'s| is) in (?P<target>[^\s.]+/?)"),
    Row("list", "en", r"show me what(?:'s| is) in (?:the )?{target}(?: folder| directory)?"),
    # name search
    Row("find", "zh", r"(?:{SEARCH})? ?(?:有没有|是否有|有无) ?(?:叫做?|名为|名叫)? ?{keyword} ?(?:这个)?(?:文件)?"),
    Row("find", "zh", r"(?:{SEARCH}|看看)? ?(?P<keyword>[^\s，,]+?) ?(?:这个)?(?:文件)? ?在哪(?:里|儿)?"),
    Row("find", "zh", r"(?:{SEARCH}) ?(?:一下)? ?(?:所有|全部)?(?:的)? ?(?:文件名|文件)? ?(?:叫做?|名为|名叫|包含)? ?"
                      r"{keyword} ?(?:的文件|这个文件|文件名|文件)?"),
    Row("find", "zh", r"(?:有没有|是否有|有无) ?{keyword} ?(?:这个)?文件"),
    Row("find", "zh", r"(?:哪里|哪儿)有 ?{keyword} ?(?:这个)?(?:文件)?"),
    Row("find", "zh", r"哪个文件 ?(?:叫做?|名为|名叫) ?{keyword}"),
    Row("find", "en", r"(?:{SEARCH_EN}) (?:all |any |every )?(?:the )?(?:files? )?(?:named |called )?{keyword}(?: files?)?"),
    Row("find", "en", r"where(?:'s| is) (?:the )?(?:file )?{keyword}"),
    Row("find", "en", r"(?:is there|do we have|do i have|have we got) (?:a |an |any )?(?:file )?(?:called |named )?{keyword}"),
    Row("find", "en", r"where (?:can|do) i find (?:the )?(?:file )?{keyword}"),
    Row("find", "en", r"(?:are there )?any (?:files? )?(?:called|named) {keyword}"),
    # reading and opening
    Row("read", "zh", r"(?:{READ}) ?(?:一下)? ?(?:文件)? ?{target} ?(?:的内容|里的内容|的全文|内容|"
                      r"里写了什么|写了什么|里面是什么)?"),
    Row("read", "zh", r"{target} ?(?:里|中)? ?(?:写了什么|的内容是什么|里面有什么|是什么内容)"),
    Row("read", "zh", r"{target} ?(?:里面|里|中)? ?(?:写的|写了)(?:是)?(?:什么|啥)(?:东西|内容)?"),
    Row("read", "zh", r"{OPEN} ?(?:一下)? ?{target} ?给我(?:看看|看一下|看|瞧瞧)"),
    Row("read", "en", r"(?:{READ_EN}) (?:the )?(?:contents? of )?(?:the file )?{target}"),
    Row("read", "en", r"what(?:'s| is) (?:in|inside) {target}"),
    Row("read", "en", r"what does {target} (?:contain|say)"),
    Row("read", "en", r"give me (?:the )?(?:contents?|text) of {target}"),
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
