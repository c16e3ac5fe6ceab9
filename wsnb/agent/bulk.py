"""A change asked for many items at once: the whole project, every file, a folder's contents.

wsnb changes one item per plan, so such a request is refused with that rule before anything
is read or planned ("delete the whole project", 把项目删了, "nuke everything in the repo",
"把所有 txt 文件名后面都加上 _old", "copy all the logs to data"). A request that names one
file is about that file, whatever else it says ("把 a.txt 的全部内容改成 hi").
"""

from __future__ import annotations

import re

from .commands import several_targets
from .request import Reading
from .vocab import BULK_WORDS, OBJECTS
from .words import contains

__all__ = ["CHANGE_ACTIONS", "asks_for_many"]

# The actions that change an item (a new file is one item, whatever it holds).
CHANGE_ACTIONS = frozenset({"trash", "rename", "copy", "duplicate", "move", "write", "append",
                            "clear"})  # fmt: skip
_NOUNS = frozenset({"changes", "edits", "updates", "modifications", "copies", "moves"})
_EXCEPT = re.compile(r"\b(?:except|but|other than|apart from|besides)\b|除了|以外|之外|除去",
                     re.IGNORECASE)
# What a whole project can't go through at once ("change the workspace" is switching it).
_REMOVALS = frozenset({"trash", "clear", "move", "copy", "duplicate"})
# Where a destination begins: "move it to the project root" names a place, not a target.
_TO = re.compile(r"(?:\b(?:to|into|in|inside|under|onto)\b|到|进|至|回|放在|放到)\s*"
                 r"(?:the\s+|this\s+|our\s+|my\s+)?(?:整个\s*)?$", re.IGNORECASE)  # fmt: skip


def _said(text: str, word: str) -> int:
    if re.search(r"[\u4e00-\u9fff]", word) or not word[0].isalnum():
        return text.find(word)
    return contains(text, word)


def _several_at(text: str) -> int:
    """Where the first word that names several items stands."""
    for end in range(1, len(text) + 1):
        if several_targets(text[:end]):
            return end - 1
    return 0


def asks_for_many(r: Reading) -> bool:
    """Whether a change is asked for many items (and no one file is named)."""
    if not r.actions or r.actions[0] not in CHANGE_ACTIONS:
        return False  # "undo my last change", "how do I change the workspace"
    verbs = [r.rest[h.start:h.end].casefold() for h in r.hits if h.action == r.actions[0]]
    if verbs and all(v in _NOUNS for v in verbs):
        return False  # "commit all my changes": a noun, no change asked of wsnb
    # "?" ending a question is punctuation, not a glob ("anything change today?")
    words = re.sub(r"\?(?=\s|$)", " ", r.rest)
    cues = [at for at in (_said(words, w) for w in BULK_WORDS) if at >= 0]
    if several_targets(words):
        cues.append(_several_at(words))
    named = [m.start for m in r.mentions
             if (m.firm or m.how in {"suffixed", "quoted"}) and not m.is_dir]
    real = any(m.firm and not m.is_dir for m in r.mentions)
    if (named and (not cues or min(named) < min(cues))) or (real and not _EXCEPT.search(words)):
        return False  # one file named: the change is about it ("a.txt 的全部内容",
        # "replace everything in a.txt with hi"); "everything but a.txt" is still many
    if cues:
        return True
    if r.mentions or r.actions[0] not in _REMOVALS:
        return False  # a folder named: the folder itself is one item; "change the workspace"
    for word in OBJECTS["project"] + OBJECTS["root"]:
        at = _said(words, word)
        if at >= 0 and not _TO.search(words[:at]):
            return True  # "delete the project", "把工作区删了"
    return False
