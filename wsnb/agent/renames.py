"""A name renamed everywhere, read from a request: "rename the word_count function to
count_words everywhere", "把 greeting 函数改名为 welcome，所有用到的地方一起改".

A rename is about a name in the code, not a file, when the words say so (a code word:
function, class, field, 函数, 类; a place word: everywhere, in every file, 所有地方, 全局,
``CUES`` of ``wsnb.agent.vocab``), or when the old name is no entry of the workspace but
looks like code (``word_count``, ``fetchUser``). "Change X to Y" is a rename of a name only
with a place word ("所有地方的 weight 都改成 mass"). A name with a file's suffix
(``widget.h``) or said to be a file ("rename file ...") is a file: ``rename`` as ever.

The old name is the code word between the verb and its "to" (``rename X to Y``), or else the
last one before the verb (``X 改名为 Y``); the new name is the first after it. The command
is ``rename_name``; ``wsnb.agent.changes`` proposes ``ws.rename_identifier``: one change set.
"""

from __future__ import annotations

import re

from .commands import Command
from .request import Reading, code_like
from .vocab import CUES, OBJECTS
from .words import Hit, contains

__all__ = ["read_name_rename"]

_NAME = re.compile(r"(?<![\w$.\-/])[A-Za-z_$][\w$]*(?![\w$/]|\.[A-Za-z])")
# What stands between the old name and the new one after an English verb: "to", an arrow.
_TO = re.compile(r"\s*(?:\bto\b|->|→|=>|\bas\b|\binto\b)\s*", re.IGNORECASE)
_ZH_TO = ("为", "成", "叫", "作")
_FILE_WORDS = re.compile(r"\b(?:file|filename|file name)\b|文件(?!里|中|内)", re.IGNORECASE)
_CODE_WORDS = tuple(w for w in OBJECTS["code"] if len(w) > 3 or not w.isascii()) \
    + CUES["NAME_KINDS"]  # fmt: skip
_STOP = frozenset({"the", "a", "an", "it", "this", "that", "these", "those", "them", "to", "as",
                   "into", "and", "in", "of", "all", "every", "each", "everywhere", "please",
                   "pls", "file", "files"})


def _said(text: str, words: tuple[str, ...]) -> bool:
    return any((contains(text, w) if w.isascii() else text.find(w)) >= 0 for w in words)


def _verb(r: Reading, everywhere: bool) -> Hit | None:
    """The rename verb, or with a place word a "change to" verb (改成, "change ... to")."""
    renames = [h for h in r.hits if h.action == "rename"]
    if renames:
        return renames[0]
    changes = [h for h in r.hits if h.action == "write" and h.group in {"CHANGE_TO", "EDIT"}]
    return changes[0] if changes and everywhere else None


def _names(text: str, start: int, end: int) -> list[re.Match[str]]:
    """The code-like words of ``text[start:end]`` (vocabulary and code words aside)."""
    found = []
    for match in _NAME.finditer(text, start, end):
        word = match.group().casefold()
        if word in _STOP or word in (w.casefold() for w in _CODE_WORDS):
            continue
        found.append(match)
    return found


def _old_and_new(r: Reading, verb: Hit) -> tuple[str, str] | None:
    text = r.text
    after = _TO.search(text, verb.end)
    if text[verb.start].isascii():  # "rename X to Y", "change X to Y everywhere"
        if after is None:
            return None
        old = _names(text, verb.end, after.start())
        new = _names(text, after.end(), len(text))
        if old and new:  # "rename the Widget class to Gadget": the name, not the word "class"
            return old[-1].group(), new[0].group()
    head = text[verb.end:].lstrip()
    gap = len(text[verb.end:]) - len(head)
    if head[:1] in _ZH_TO:  # "改名 为 X" written apart
        gap += 1
    new = _names(text, verb.end + gap, len(text))
    old = _names(text, 0, verb.start)
    if old and new and new[0].start() - (verb.end + gap) <= 2:
        return old[-1].group(), new[0].group()
    return None


def read_name_rename(r: Reading) -> Command | None:
    """A ``rename_name`` command when the request renames a name in the code, or None."""
    everywhere = _said(r.text, CUES["EVERYWHERE"])
    verb = _verb(r, everywhere)
    if verb is None:
        return None
    pair = _old_and_new(r, verb)
    if pair is None:
        return None
    old, new = pair
    at = r.text.find(old)
    named = any(m.known and m.start <= at < m.end for m in r.mentions)
    said_file = bool(_FILE_WORDS.search(r.text[max(0, at - 12):at + len(old) + 12]))
    code = _said(r.text, _CODE_WORDS)
    if said_file or (named and not (everywhere or code)):
        return None  # a file: "rename file widget.h", "rename models to entities"
    if not (everywhere or code or code_like(old, "")):
        return None  # "rename notes to todo": a file that isn't there, not a name in the code
    return Command("rename_name", {"old": old, "new": new})
