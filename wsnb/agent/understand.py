"""Understanding a request offline: names from the workspace, the intent from what is left.

The engine, in four steps a newcomer can follow:

1. **Names.** ``find_mentions`` takes out every stretch that names a workspace entry
   (longest first), plus quoted spans and tokens that look like names or paths.
2. **Words.** What is left is read with the one vocabulary (``wsnb.agent.words.scan``):
   each word found votes for its group's action; fillers and particles drop out.
3. **Intent and slots.** The actions are tried strongest first (the order of
   ``vocab.ACTIONS``); the first that can be carried out with what was named
   decides (a folder is listed, a file read; "explain" with no name is the
   project). The mentions fill the slots in message order: the first is the
   target, the next the destination; text after a content marker ("内容是",
   "with content") is the content; leftover words are a keyword.
4. **Language.** The reply speaks the language of the words left once names, paths,
   quoted text, content and keywords are taken out.

The grammar's rows (``wsnb.agent.grammar``) read a whole sentence with its slots; they
are asked first, and kept when their action is one the words vote for and their
slots agree with the workspace (a name found here, a list position, a keyword free
of request words). Otherwise this engine's reading wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from ..i18n import Language, detect_language
from .bulk import asks_for_many
from .columns import read_question
from .commands import Command, parse_command
from .contents import read_contents
from .context import THIS, parse_reference
from .described import Description, describe, role_said, secret_said
from .keyholders import holders, key_forms
from .measures import read_measure
from .mentions import Mention, find_mentions, normalize
from .notebookreads import read_notebook_request
from .renames import read_name_rename
from .request import Reading
from .setting import read_keyless_setting, read_setting
from .slots import decide
from .switches import ground_switch, read_switch
from .vocab import OBJECTS, OFFTOPIC
from .words import contains, leftover

if TYPE_CHECKING:
    from ..workspace import Workspace

__all__ = ["Understood", "reply_language", "understand"]

_LETTERS = re.compile(r"[A-Za-z\u4e00-\u9fff]")
# Actions only files take: with one of them, a topic word ("weather") is a name in the code.
_FILES_ONLY = {"define", "used", "grep", "rename", "trash", "copy", "move", "write", "append",
               "undo", "workspace", "duplicate"}
# "open song.txt" names a file (missing or not): a workspace request, whatever its words.
_FILE_LIKE = re.compile(r"[\w\-]+\.(?:[A-Za-z]{1,4}\d?)\b|\w/\w")
# Commands whose content is text to write, never an order to the agent.
_WRITES = {"edit", "write", "append", "create_file"}
# The engine's actions a grammar row's action agrees with.
_AGREES = {
    "trash": {"trash"}, "rename": {"rename"}, "copy": {"copy", "duplicate"}, "move": {"move"},
    "write": {"write"}, "append": {"append"}, "create_file": {"create"},
    "create_folder": {"create"}, "read": {"read", "inside", "open"}, "open": {"open", "read"},
    "list": {"list", "inside", "read"}, "find": {"find"}, "grep": {"grep", "used", "find"},
    "define": {"define", "find"}, "summarize": {"summarize", "explain"},
    "project": {"explain", "summarize"}, "workspace": {"workspace", "open", "find"},
    "help": {"help"}, "reveal": {"reveal", "open", "find", "read"},
}  # fmt: skip


@dataclass
class Understood:
    """The reading of one request: the command (or None), its names, its language."""

    text: str
    command: Command | None
    lang: Language
    mentions: list[Mention] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    by_grammar: bool = False
    strong: bool = False
    grammar: Command | None = None  # the grammar's own reading (what runs when a model is on)
    offtopic: bool = False

    @property
    def grounded(self) -> bool:
        """Whether the reading rests on a grammar row, a name, a list position or a verb."""
        position = parse_reference(self.text)
        listed = position is not None and position != THIS
        named = any(m.how != "word" for m in self.mentions)  # "meeting" alone is no name
        return self.by_grammar or named or listed or self.strong

    @property
    def masked(self) -> str:
        """The request with the names the workspace knows taken out (for the refusal rules);
        a name keeps its suffix, so "execute cart.js" is still an order to run a script."""
        out = self.text
        content = self.command.get("content") if self.command is not None else ""
        written = self.command is not None and self.command.action in _WRITES and content
        at = out.rfind(content) if written else -1  # text to write is no order ("改成 node x.js")
        if at >= 0:
            out = out[:at] + "§" + out[at + len(content):]
        for m in reversed(self.mentions):
            if m.known and (at < 0 or m.end <= at):
                suffix = re.search(r"\.\w+$", m.typed)
                out = out[:m.start] + "§" + (suffix.group() if suffix else "") + out[m.end:]
        return out


def reply_language(text: str, mentions: list[Mention], command: Command | None) -> Language:
    """The language of the request's own words: names, paths, code and slots taken out."""
    rest = text
    for m in reversed(mentions):
        rest = rest[:m.start] + " " + rest[m.end:]
    rest = re.sub(r"`[^`]*`|《[^》]*》|“[^”]*”|\"[^\"]*\"", " ", rest)
    if command is not None:
        for key in ("content", "keyword", "dest", "field", "old", "new"):
            if command.get(key):
                rest = rest.replace(command.get(key), " ")
    rest = re.sub(r"\S*[/\\]\S*|\S+\.[A-Za-z]\w{0,7}\b", " ", rest)
    return detect_language(rest if _LETTERS.search(rest) else text)


def _reference_only(value: str) -> bool:
    """"第二个", "these", "the last one": a list position and nothing else."""
    if parse_reference(value) is None or any(w in value for w in OBJECTS["project"]):
        return False
    rest = re.sub(r"(倒数)?第\s*[\d零〇一二两三四五六七八九十百千]+\s*(个|项|条|份|篇)?|"
                  r"(?i:\b(the\s+)?\w+?(st|nd|rd|th|last)\b)", " ", value)  # fmt: skip
    return not leftover(rest)


def _agrees(command: Command, reading: Reading) -> bool:
    """Whether a grammar row's reading fits the words and the workspace."""
    if reading.actions and not _AGREES.get(command.action, set()) & set(reading.actions):
        return False
    searches = {"grep", "used", "define", "find", "count"}
    if command.action == "list" and command.get("target") in {"", "."} and reading.actions \
            and reading.actions[0] in searches:
        return False  # "看看哪些文件里提到了 X": a search, not the root's listing
    if command.action == "copy" and not command.get("dest") and "duplicate" in reading.actions:
        return False  # "duplicate a.txt": a copy next to it, not a question where to
    mentions = reading.mentions
    typed = {m.typed.casefold().strip() for m in mentions} | {m.slot.casefold() for m in mentions}
    quoted = [m.typed.casefold() for m in mentions if m.how == "quoted"]
    for key in ("target", "keyword", "dest"):
        value = command.get(key).casefold().strip().strip("\"'“”《》「」")
        if command.action.startswith("create") and key == "target" and re.search("[，；;]", value):
            return False  # "新建文件夹叫 figures，专门用来放图": the name ends at the comma
        if any(q in value and q != value for q in quoted):
            return False  # '“回收站”这个词': the quotes say where the words begin and end
        if key == "target" and command.action in {"create_file", "create_folder"} \
                and any(m.known and m.typed.casefold() == value for m in mentions):
            return False  # "在 src 里新建文件夹 utils": src is where, not what
        if not value or value in typed or value in {".", "根目录", "root", "工作区"}:
            continue
        if any((m.known or command.action.startswith("create")) and m.typed.casefold() in value
               for m in mentions):  # fmt: skip
            return False  # a name with other words around it ("web/a.css with body {…}")
        if key != "dest" and _reference_only(value):
            continue
        if key == "dest" and any(w.casefold().startswith(value) for w in OBJECTS["root"]):
            return False  # "移到根目录": the root (the row read its dest as "根")
        if key == "dest" and len(mentions) < 2:
            continue  # a new name, which the workspace can't know
        clean = " ".join(leftover(value)).casefold() == value
        if key == "keyword" and not any(m.known for m in mentions) and clean:
            continue
        if key == "target" and command.action in {"create_file", "create_folder"} \
                and not any(m.known for m in mentions):
            continue
        return False
    return True


# Actions a description of one file takes no part in (a search looks for words, a new file
# has no attributes yet); and those it answers with the files that fit.
_NO_DESCRIPTION = {"grep", "define", "used", "create", "count", "workspace", "help", "undo"}
_LISTS = {"find"}
# What a secret file named by its role may still be asked: its name found, counted, listed.
_NAMES_ONLY = {"find", "count", "list", "inside"}


def _with_described(mentions: list[Mention], described: Description,
                    text: str) -> list[Mention]:  # fmt: skip
    """The mentions with the description as one, in place of the names inside it."""
    one = Mention(described.start, described.end, text[described.start:described.end], "kind",
                  described.paths)  # fmt: skip
    kept = [m for m in mentions if (m.end <= one.start or m.start >= one.end)
            and not _holds(m, described.paths)]  # fmt: skip
    return sorted([*kept, one], key=lambda m: m.start)


def _switch(ws: Workspace, reading: Reading) -> Command | None:
    """"turn debug on", 关掉 private: a switch, when a file holds that key with a boolean."""
    switch = read_switch(reading)
    return ground_switch(ws, switch) if switch is not None else None


def _keyless(ws: Workspace, reading: Reading) -> Command | None:
    """"set max_widgets to 16": the one settings file that holds the key (several: which?)."""
    setting = read_keyless_setting(reading)
    if setting is None:
        return None
    held = holders(ws, key_forms(setting.get("field")))
    if len(held) == 1:
        return Command("edit", {**setting.args, "target": held[0].path})
    if held:
        return Command("which_setting", {"key": setting.get("field"),
                                         "paths": "\n".join(h.path for h in held)})  # fmt: skip
    return None


def _holds(m: Mention, paths: tuple[str, ...]) -> bool:
    """"src 的入口文件": the folder a described file is in is where, not what."""
    return m.is_dir and len(m.paths) == 1 and bool(paths) \
        and all(p.startswith(m.paths[0].rstrip("/") + "/") for p in paths)


def _now(ws: Workspace) -> datetime:
    """The workspace clock's time as ``ws.files`` keeps times: naive, local."""
    now = ws.context.clock()
    return now.astimezone().replace(tzinfo=None) if now.tzinfo is not None else now


def understand(ws: Workspace, message: str) -> Understood:
    """The command ``message`` asks for, grounded in ``ws``, and the language to answer in."""
    text = normalize(message)
    mentions = find_mentions(ws, text)
    about_files = any(contains(text, w) >= 0 for w in OBJECTS["file"] + OBJECTS["folder"])
    reading = Reading.of(text, mentions)
    if not any(m.firm for m in mentions) and not about_files and not _FILE_LIKE.search(text) \
            and not set(reading.actions) & _FILES_ONLY \
            and any(contains(text, w) >= 0 for w in OFFTOPIC):
        # The weather, a reminder, a flight: no workspace request, whatever verb it uses
        # ("search the music files", "where is weather defined" still are).
        return Understood(text, None, reply_language(text, mentions, None), mentions, [],
                          offtopic=True)  # fmt: skip
    renamed = read_name_rename(reading)
    if renamed is not None:  # "rename word_count to count_words everywhere": a name, one set
        return Understood(text, renamed, reply_language(text, mentions, renamed), mentions,
                          reading.actions, strong=True)  # fmt: skip
    asked = read_notebook_request(reading)
    if asked is not None:  # "which notebooks use read_csv", "show cell 3 of x", 有哪些列
        return Understood(text, asked, reply_language(text, mentions, asked), mentions,
                          reading.actions, strong=True)  # fmt: skip
    about = read_contents(reading)
    if about is not None:  # "哪个文件设置了主题": a search for the term, its lines quoted
        return Understood(text, about, reply_language(text, mentions, about), mentions,
                          reading.actions, strong=True)  # fmt: skip
    now = _now(ws)
    question = read_question(reading, now)
    if question is not None and question.plural and not role_said(reading):
        # "the yaml files", "what changed today" (but "web 目录的入口脚本" is one file)
        asked = Command("files", question.args())
        return Understood(text, asked, reply_language(text, mentions, asked), mentions,
                          reading.actions, strong=True)  # fmt: skip
    measured = read_measure(reading)
    if measured is not None:  # "how many lines does it have", 文件多大: one file's measure
        return Understood(text, measured, reply_language(text, mentions, measured), mentions,
                          reading.actions, strong=True)  # fmt: skip
    if asks_for_many(reading):  # "delete the whole project", "把所有 txt 文件都改名"
        refused = Command("refuse", {"rule": "bulk_change"})
        return Understood(text, refused, reply_language(text, mentions, refused), mentions,
                          reading.actions, strong=True)  # fmt: skip
    blocked = set(reading.actions) & _NO_DESCRIPTION and not secret_said(reading)
    described = None if blocked else describe(
        ws, reading, question or read_question(reading, now, asking=False))
    if described is not None and described.secret and described.paths \
            and not set(reading.actions) & _NAMES_ONLY:  # "看下 ssh 私钥": refused by its name
        refused = Command("refuse", {"rule": "sensitive"})
        return Understood(text, refused, reply_language(text, mentions, refused), mentions,
                          reading.actions, strong=True)  # fmt: skip
    listed = set(reading.actions) & _LISTS and not set(reading.actions) & {"read", "open"}
    if described is not None and (len(described.paths) != 1 or listed):
        # "the entry point": several files fit (or a search for one): which one?
        asked = Command("choose", {"name": text[described.start:described.end],
                                   "paths": "\n".join(described.paths)})  # fmt: skip
        return Understood(text, asked, reply_language(text, mentions, asked), mentions,
                          reading.actions, strong=True)  # fmt: skip
    if described is not None:  # "read the CRLF file": the one file that fits is named
        mentions = _with_described(mentions, described, text)
        reading = Reading.of(text, mentions)
    setting = read_setting(reading) or _switch(ws, reading) or _keyless(ws, reading)
    if setting is not None:  # "set max_widgets to 20 in settings.json": that value only
        return Understood(text, setting, reply_language(text, mentions, setting), mentions,
                          reading.actions, strong=True)  # fmt: skip
    grammar = None if described is not None else parse_command(text)
    if grammar is not None and _agrees(grammar, reading):
        command: Command | None = grammar
        strong = True
    else:
        command, strong = decide(reading)
        if command is not None and command.action == "read" \
                and parse_reference(command.get("target")) == THIS:
            strong = True  # "whats in it": the file just named, however weak the words
        if command is None:
            command, strong = grammar, grammar is not None
    lang = reply_language(text, mentions, command)
    return Understood(text, command, lang, mentions, reading.actions, command is grammar
                      and command is not None, strong, grammar)  # fmt: skip

