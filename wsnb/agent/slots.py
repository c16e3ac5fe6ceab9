"""From a reading of a request to a command: one small rule per action, strongest first.

``Reading`` (``wsnb.agent.request``) holds what the engine saw: the text, the names,
the vocabulary words and the actions they vote for. ``decide`` tries those
actions in order and keeps the first that can be carried out with what was
named. Each rule only fills slots: the target is the first name (or a list
position before it: "move these to docs"), a destination the next name or the
word after "to" / "到", a content the text after a content marker, a keyword the
first name or else the words the vocabulary doesn't know.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from itertools import pairwise

from .commands import Command, clean_target, several_targets
from .context import THIS, parse_reference
from .mentions import INSIDE_ZH, Mention
from .request import Reading, first_marker, no_hits
from .vocab import KIND_NAMES, KIND_SUFFIXES, OBJECTS, WORDS
from .words import contains, leftover

__all__ = ["decide"]

_CJK = re.compile(r"[\u4e00-\u9fff]")
_ENTRIES = ("entries", "entry", "items", "things", "东西")
_CONTENT_MARKERS = WORDS["CONTENT"] + WORDS["CONTENT_EN"] + (":", "：")
_DEST_MARKERS = ("改名为", "改名成", "重命名为", "重命名成", "改为", "改成", "换成", "为", "成",
                 "叫做", "叫", "到", "进", "至", "to", "into", "as", "under", "in", "called",
                 "named")  # fmt: skip
# Groups whose words alone don't make a request about files ("what is", "where is", "how many").
_WEAK = {"EXPLAIN", "EXPLAIN_EN", "INSIDE", "WHERE", "WHERE_EN", "WHERE_MORE", "EXISTS",
         "COUNT", "COUNT_EN", "HELP_EN", "OPEN_EN", "SEARCH_MORE"}  # fmt: skip


# -- one rule per action -----------------------------------------------------------------


def _count(r: Reading) -> Command:
    suffixes: list[str] = []
    for word, kinds in KIND_SUFFIXES.items():
        if contains(r.rest, word) >= 0:
            suffixes += [k for k in kinds if k not in suffixes]
    at = min((h.end for h in r.hits if h.action == "count"), default=0)
    objects = [(contains(r.rest[at:], w), -len(w), kind) for kind in ("folder", "file")
               for w in OBJECTS[kind] if contains(r.rest[at:], w) >= 0]  # fmt: skip
    what = min(objects)[2] if objects else "file"
    target = r.first.slot if r.first else ""
    named = next((part for word, part in KIND_NAMES.items() if contains(r.rest, word) >= 0), "")
    if r.said(_ENTRIES) and not suffixes:  # "how many entries does the root have": one level
        return Command("count", {"target": target, "kinds": "", "what": "entries"})
    kind = bool(suffixes or named)
    return Command("count", {"target": target, "kinds": " ".join(suffixes), "named": named,
                             "what": "folders" if what == "folder" and not kind else "files"})


def _define(r: Reading) -> Command | None:
    return Command("define", {"keyword": r.keyword}) if r.keyword else None


def _used(r: Reading) -> Command | None:
    return Command("grep", {"keyword": r.keyword}) if r.keyword else None


def _with_dest(action: str) -> Callable[[Reading], Command | None]:
    def rule(r: Reading) -> Command | None:
        if _joined(r) or _folder_contents(r):
            return Command("refuse", {"rule": "bulk_change"})
        target = r.target()
        if not target:
            return None
        at = r.rest.find(target) if target not in {m.slot for m in r.mentions} else -1
        names = [m for m in r.mentions if m.slot != target and m.start > at]
        dest = names[0].slot if names else ""
        if not dest:
            start = r.mentions[0].end if r.mentions else max(at, 0)
            begin, end = first_marker(r.rest, start, _DEST_MARKERS)
            if begin >= 0:
                after = r.rest[end:]
                words = leftover(after)
                root = any(contains(after, w) >= 0 for w in OBJECTS["root"])
                dest = "." if root and action == "move" else (words[0] if words else "")
        args = {"target": target, "dest": dest.strip().strip("\"'“”《》")}
        if action == "duplicate":
            return Command("copy", args | {"duplicate": "yes"})
        return Command(action, args)
    return rule


# "journal 里的日志", "the files in journal": what a folder holds, so several items.
_HELD_ZH = re.compile(INSIDE_ZH + r"(?:的|\s*(?:所有|全部|每个|每一个|一切))")
_HELD_EN = re.compile(r"\b(?:(?:every|each)\s+(?:single\s+)?(?:file|item|thing|entry|document|one)|"
                      r"files|logs|documents|docs|stuff|things|everything|contents?|items|"
                      r"entries|images|pictures|photos|scripts|notes)\s+(?:that\s+are\s+)?"
                      r"(?:in|inside|under|within|from)\s+(?:the\s+)?$", re.IGNORECASE)


def _folder_contents(r: Reading) -> bool:
    """Whether the request is about what a named folder holds, not the folder or one entry."""
    m = r.first
    if m is None or not (m.known and m.is_dir):
        return False
    held = _HELD_ZH.match(r.text, m.end)
    named_next = held is not None and any(n.start <= held.end() + 1 for n in r.mentions[1:])
    return (held is not None and not named_next) or bool(_HELD_EN.search(r.text[:m.start]))


def _joined(r: Reading) -> bool:
    """"docs 和 src", "a.txt and b.txt": two names joined, so several items."""
    firm = [m for m in r.mentions if m.known]
    return any(re.fullmatch(r"\s*(和|与|跟|及|以及|还有|and|&|,|，|、)\s*(the\s+)?",
                            r.text[a.end:b.start], re.IGNORECASE) is not None
               for a, b in pairwise(firm))  # fmt: skip


def _trash(r: Reading) -> Command | None:
    if _joined(r) or _folder_contents(r):
        return Command("refuse", {"rule": "bulk_change"})
    target = r.target()
    return Command("trash", {"target": target}) if target else None


_PUT_IN_IT = re.compile(r"\b(?:put|write|type|add)\s+(.+?)\s+(?:in|into|inside)\s+(?:it|there)\b",
                        re.IGNORECASE)


def _content_change(action: str) -> Callable[[Reading], Command | None]:
    def rule(r: Reading) -> Command | None:
        if action != "create" and _folder_contents(r):  # "journal 下面所有 log 都改成 .md"
            return Command("refuse", {"rule": "bulk_change"})
        start = r.mentions[0].end if r.mentions else 0
        at, end = first_marker(r.rest, start, _CONTENT_MARKERS)
        content = r.text[end:].strip().lstrip(":：,， ").strip() if at >= 0 else ""
        names = [m for m in r.mentions if at < 0 or m.start < at]
        quoted = [m for m in names if m.how == "quoted"]  # "add 'ship it' to a.md": the text
        if action == "create" and quoted and not content and len(names) > len(quoted):
            # "new file a.txt, put 'hi' in it": a name, then the quoted words to write
            content, names = quoted[-1].typed, [m for m in names if m is not quoted[-1]]
        put = _PUT_IN_IT.search(r.text, start)
        if action == "create" and at < 0 and not content and put is not None:
            content = put.group(1).strip()  # "new file a.py and put DEBUG = True in it"
            names = [m for m in names if m.end <= put.start()]
        if action == "create":
            if not names and at >= 0 and r.text[at:end].strip() in {":", "："}:  # "new file: a.md"
                return _create(r, [m for m in r.mentions if m.start > at], -1, "")
            return _create(r, names, at, content)
        if quoted and not content:  # "add 'ship it'" (and the file named later, or "it")
            content = quoted[0].typed
        return _edit(r, action, [m for m in names if m not in quoted], content)
    return rule


def _create(r: Reading, names: list[Mention], at: int, content: str) -> Command | None:
    """The new entry's name, inside a named folder when one is given ("在 docs 里建 a.md")."""
    head = r.rest[:at] if at >= 0 else r.rest
    folder = any(contains(head, w) >= 0 for w in OBJECTS["folder"])
    words = leftover(no_hits(head, r.hits))
    where = names[0] if names and names[0].known and names[0].is_dir else None
    folders = [m for m in names if m.known and m.is_dir]
    if len(names) == 2 and len(folders) == 1:  # "建个 a.txt 放在 notes 里": the new one, where
        where = folders[0]
        name = next(m for m in names if m is not where).typed
    elif len(names) >= 2:
        name = names[-1].typed
    elif names and (where is None or not words):
        name, where = names[0].typed, None
    else:
        name = words[0] if words else ""
    firm = [m for m in names if m.firm and not m.is_dir]
    if len(names) == 1 and firm and not content:
        begin, end = first_marker(r.rest, firm[0].end, _SAYS[:7])
        content = r.text[end:].strip() if begin >= 0 else ""
    if len(names) == 1 and firm and content:  # "make a.txt say bye": it exists, so a rewrite
        return Command("write", {"target": firm[0].slot, "content": content})
    if not name and folder and content and " " not in content:  # "new folder: experiments"
        name, content = content, ""
    if not name:
        return None
    loose = all(h.group == "CREATE_LOOSE" for h in r.hits if h.action == "create")
    if loose and any(m.known and m.typed == name for m in names):
        return None  # "看看整个 docs": the whole of a folder that exists, not a new one
    if where is not None and "/" not in name:
        name = posixpath.join(where.paths[0], name)
    if folder and not content and "." not in posixpath.basename(name):
        return Command("create_folder", {"target": clean_target(name)})
    return Command("create_file", {"target": clean_target(name), "content": content})


_TEXT_WORDS = WORDS["CONTENT"] + WORDS["TEXT_OBJ"] + WORDS["TEXT_OBJ_EN"] + ("say", "says")
_SAYS = ("so it just says", "so it says", "so that it says", "to say", "saying", "says", "say",
         "to", "with", "into", "为", "成", "=", ":", "：")  # fmt: skip


def _edit(r: Reading, action: str, names: list[Mention], content: str) -> Command | None:
    """A whole new content, a line added, one field changed ("X 里的 theme 改成 dark"), or a
    text replaced ("replace 买牛奶 with 买咖啡 in 待办.txt")."""
    if not names:
        return None
    target = names[0]
    if not target.known and "create" in r.actions:
        return None  # "make a new file todo.txt, it should say …": a new file, not an edit
    verbs = [h for h in r.hits if h.action == action]
    verb = verbs[-1] if verbs else None
    between = ""
    if verb is not None and verb.end <= target.start:  # "change the port in a.yaml to 9090"
        between = r.rest[verb.end:target.start]
        swap = first_marker(between, 0, ("with", "为", "成"))
        if action == "write" and swap[0] >= 0 and not content:  # "replace X with Y in a.txt"
            old = r.text[verb.end:verb.end + swap[0]].strip()
            new = re.sub(r"\s+(in|inside|of)(\s+the)?$", "",
                         r.text[verb.end + swap[1]:target.start].strip())
            if old and new:
                return Command("edit", {"target": target.slot, "field": old, "content": new})
        begin, end = first_marker(r.rest, target.end, _SAYS)
        content = content or (r.text[end:].strip() if begin >= 0 else "")
        if action == "append" and not content:  # "add a line owner: ana at the bottom of a.yaml"
            first = verbs[0]
            stop = min([h.start for h in r.hits if h.start >= first.end] + [target.start])
            content = re.sub(r"\s+(to|in|into|of)(\s+the)?\s*$", "", r.text[first.end:stop])
    elif verb is not None:  # "往 a.md 里补一句 X", "a.yaml 里的 port 改成 9090"
        between = r.rest[target.end:verb.start]
        content = content or _polite_tail(r.text[verb.end:]).strip()
        named_field = _FIELD_TO.fullmatch(content)
        if action == "write" and named_field is not None and not between.strip():
            # "in a.yaml change the port to 9090": one field, never the whole file
            return Command("edit", {"target": target.slot, "field": named_field.group(1),
                                    "content": named_field.group(2)})  # fmt: skip
        was = re.search(r"从\s*(\S.*?)\s*$", r.text[target.end:verb.start])
        if action == "write" and was is not None and content:  # "端口从 8080 改成 9090"
            return Command("edit", {"target": target.slot, "field": was.group(1),
                                    "content": content})  # fmt: skip
    fromto = _FROM_TO.search(r.text, verb.end) if verb is not None and action == "write" else None
    if fromto is not None:  # "change the port from 8080 to 9090"
        return Command("edit", {"target": target.slot, "field": fromto.group(1),
                                "content": fromto.group(2)})  # fmt: skip
    content = content.lstrip(":：,， ").strip()
    if not content:
        return None
    field_words = leftover(between)
    named = re.fullmatch(r"[^\s/]+\.[A-Za-z]\w{0,7}", content)
    about_name = r.said(("名字", "文件名", "名称")) and not field_words[1:]  # "名字不好，改成 b.js"
    if action == "write" and named and (not field_words or about_name) \
            and not r.said(_TEXT_WORDS) \
            and verb is not None and verb.group != "CHANGE_EN":
        return Command("rename", {"target": target.slot, "dest": content})  # "把 a.js 改成 b.js"
    args = {"target": target.slot, "content": content}
    if action == "write" and field_words:
        return Command("edit", args | {"field": " ".join(field_words)})
    return Command(action, args)


_FIELD_TO = re.compile(r"(?:the\s+)?([\w.\-]+)\s+(?:to|=)\s+(\S+)", re.IGNORECASE)
_FROM_TO = re.compile(r"\bfrom\s+(\S+)\s+to\s+([^\s,，;；。]+)", re.IGNORECASE)
_THANKS = re.compile(r"[\s,，。.!！~～]+(谢谢|多谢|谢啦|thanks|thank\s+you|thx|pls|please)"
                     r"[\s。.!！~～]*$", re.IGNORECASE)  # fmt: skip


def _polite_tail(text: str) -> str:
    """Content said unquoted, without the thanks after it ("改成 9090 谢谢" writes 9090)."""
    trimmed = _THANKS.sub("", text)
    return trimmed if trimmed.strip() else text


def _summary(r: Reading) -> Command | None:
    m = r.first
    project = r.said(OBJECTS["project"]) and m is None
    if project or (m is None and not r.target() and not r.words):
        return Command("project", {})
    if m is None and not r.target():
        return _define(r)  # "what does slugify do": a name in the code
    if m is not None and m.is_dir:
        return Command("list", {"target": m.slot})
    return Command("summarize", {"target": r.target()})


def _inside(r: Reading) -> Command | None:
    m = r.first
    if m is not None and not m.known and set(r.actions) & {"grep", "find"}:
        return None  # "看看哪些文件有“计划”": a word to search for, not a folder to list
    if m is None and not _listed(r) and {"explain", "summarize"} & set(r.actions) \
            and r.said(OBJECTS["project"]):
        return None  # "the big picture of this project, what's in it": the project, explained
    if m is None and not _listed(r) and parse_reference(r.rest) == THIS \
            and re.search(r"\b(?:it|that|this)\s*[?？.!]*\s*$|它", r.rest, re.IGNORECASE):
        return Command("read", {"target": "it"})  # "what's in it", after a file was named
    if m is None and not _listed(r):
        root = r.said(OBJECTS["project"]) or r.said(OBJECTS["root"])
        alone = r.actions == ["list"]  # "看看哪些文件提到了 X" is a search, not the root's list
        return Command("list", {"target": "."}) if root or alone else None
    if m is not None and "." not in m.typed and r.said(OBJECTS["code"]):
        return Command("define", {"keyword": m.typed})  # "which file the Widget class lives in"
    target = m.slot if m is not None else _listed(r)
    return Command("list" if m is None or m.is_dir else "read", {"target": target})


def _listed(r: Reading) -> str:
    """A list position, never "it" (which in "what time is it" points at nothing)."""
    target = r.target()
    return target if target and parse_reference(target) not in {None, THIS} else ""


def _find(r: Reading) -> Command | None:
    if not r.keyword:
        return None
    if r.said(OBJECTS["code"]) and (r.first is None or "." not in r.first.typed):
        # "where is the Widget class": a definition, even where files are called widget.*
        return Command("define", {"keyword": r.keyword})
    text_words = WORDS["TEXT_OBJ"] + WORDS["TEXT_OBJ_EN"]
    code_words = ("code", "代码", "源码")  # "the cart code" is a name; "the word X" never is
    named = r.first is not None and r.first.firm
    if r.said(tuple(w for w in text_words if w not in code_words)) or (
            not named and r.said(code_words)):
        return Command("grep", {"keyword": r.keyword})
    return Command("find", {"keyword": r.keyword})


def _grep(r: Reading) -> Command | None:
    keyword = r.keyword or _said_after(r, "grep")
    return Command("grep", {"keyword": keyword}) if keyword else None


def _said_after(r: Reading, action: str) -> str:
    """A word of the vocabulary that is what a search is for ("提到了回收站"): the first word
    after the search's verb that votes for something else."""
    verbs = [h for h in r.hits if h.action == action]
    after = [h for h in r.hits if verbs and h.start >= verbs[0].end and h.action != action]
    if after:
        return r.rest[after[0].start:after[0].end]
    tail = r.rest[verbs[-1].end:].strip(" \t，,。.？?！!的了") if verbs else ""
    return tail if tail and " " not in tail and len(tail) <= 20 else ""  # "提到了 工作区"


_THIS_FILE = re.compile(r"\b(?:that|this|the\s+same)\s+(?:file|one|doc|document)\b|"
                        r"这个文件|那个文件", re.IGNORECASE)  # fmt: skip


def _target_action(action: str) -> Callable[[Reading], Command | None]:
    def rule(r: Reading) -> Command | None:
        # A name, a list position, a word that may be part of a name ("the report"), then "it".
        words = [w for w in r.words if len(w) > 2]
        this = _THIS_FILE.search(r.rest)  # "great, now read that file": that file, not "great"
        target = r.first.slot if r.first else _listed(r) or (this.group() if this else "") \
            or (words[0] if words else r.target())  # fmt: skip
        if not target:
            return None
        if action == "read" and r.first is not None and r.first.is_dir:
            return Command("list", {"target": target})
        return Command(action, {"target": target})
    return rule


def _clear(r: Reading) -> Command | None:
    """"清空 journal": every file of a folder, refused; "清空 a.txt": the file made empty."""
    m = r.first
    if m is None:
        return None
    if m.is_dir:
        return Command("refuse", {"rule": "bulk_change"})
    return Command("write", {"target": m.slot, "content": ""})


def _alone(action: str) -> Callable[[Reading], Command | None]:
    def rule(r: Reading) -> Command | None:
        if any(m.known for m in r.mentions):
            return None
        where = r.said(("路径", "path", "where", "哪", "which", "location", "位置"))
        if action == "workspace" and {"summarize", "explain"} & set(r.actions) and not where:
            return None  # "summarize this workspace": the project, not which folder is open
        return Command(action, {})
    return rule


_RULES: dict[str, Callable[[Reading], Command | None]] = {
    "undo": lambda r: Command("undo", {}), "workspace": _alone("workspace"), "help": _alone("help"),
    "count": _count, "define": _define, "clear": _clear, "used": _used,
    "rename": _with_dest("rename"),
    "duplicate": _with_dest("duplicate"), "copy": _with_dest("copy"), "trash": _trash,
    "write": _content_change("write"), "append": _content_change("append"),
    "create": _content_change("create"), "move": _with_dest("move"), "summarize": _summary,
    "inside": _inside, "explain": _summary, "list": _inside, "grep": _grep, "find": _find,
    "reveal": _target_action("reveal"), "open": _target_action("open"),
    "read": _target_action("read"),
}  # fmt: skip


# Verbs that ask for a change we can't make offline: never read as "show it".
_CHANGE_VERBS = ("refactor", "fix", "improve", "optimize", "optimise", "rewrite", "translate",
                 "format", "debug", "test", "compile", "build", "重构", "优化", "修复", "翻译",
                 "格式化", "调试", "编译")  # fmt: skip


def _unknown_verb(r: Reading) -> bool:
    """One firm name (or a list position) and a word or two we don't know ("snag #2"),
    none of them a change we can't make."""
    named = [m for m in r.mentions if m.firm]  # several paths: the resolver asks which
    if not r.mentions and _listed(r):  # a position and one word ("who won the game last
        return len(r.words) == 1 and not r.said(_CHANGE_VERBS)  # night" is chat)
    return len(named) == 1 and len(r.words) <= 2 and not r.said(_CHANGE_VERBS)


def _names_the_copy(r: Reading) -> bool:
    copies = [h.start for h in r.hits if h.action in {"copy", "duplicate"}]
    renames = [h.start for h in r.hits if h.action == "rename"]
    return bool(copies and renames) and min(copies) < min(renames)


_CHANGES = {"rename", "duplicate", "copy", "trash", "write", "clear", "append", "move"}


def decide(r: Reading) -> tuple[Command | None, bool]:
    """The command of the strongest action that can be carried out, and whether a verb
    that only files take asked for it (not "what is" or "where is" alone)."""
    actions = r.actions
    if _names_the_copy(r):  # "duplicate a.yaml? call it b.yaml": the copy's name, no rename
        actions = [a for a in actions if a != "rename"]
    if "read" in actions and "open" in actions:  # "打开让我瞧瞧", "open it and read it"
        actions = [a for a in actions if a != "open"]
    for action in actions:
        command = _RULES[action](r)
        if command is not None:
            strong = any(h.action == action and h.group not in _WEAK for h in r.hits)
            counted = action == "count" and r.said(OBJECTS["file"] + OBJECTS["folder"]
                                                   + OBJECTS["root"] + _ENTRIES)  # fmt: skip
            return command, strong or counted
    if set(actions) & _CHANGES and not r.mentions and not _listed(r) \
            and several_targets(r.rest):
        # "所有 txt 文件名后面都加上 _old": a change to many, with no one name to plan for
        return Command("refuse", {"rule": "bulk_change"}), True
    m = r.first
    if (m is not None or _listed(r)) and (not r.words or _unknown_verb(r)):
        # A name alone, or with a verb we don't know ("dump a.json"): show it, never change it.
        target = m.slot if m is not None else _listed(r)
        return Command("list" if m is not None and m.is_dir else "read", {"target": target}), True
    return None, False
