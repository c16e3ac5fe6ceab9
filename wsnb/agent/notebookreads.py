"""What a request asks of notebooks and data files: which notebooks, one cell, outputs, columns.

"which notebooks use read_csv?", 哪些笔记本报错了, "any notebooks I never ran?", "which
notebooks carry the most output?", "show me cell 3 of 01_sales", 把 02_stores.ipynb 的输出都清掉,
"what columns does data/sales.csv have?": each is read from the words of ``CUES`` in
``wsnb.agent.vocab`` (a notebook, a cell, outputs, errors, never and run, columns) and the
names the request holds; it reads words only, never files. ``wsnb.agent.notebookanswers``
answers. The counts of one file (its cells, its rows) are measures (``wsnb.agent.measures``).
"""

from __future__ import annotations

import re
from functools import cache

from .commands import Command
from .filekinds import SIZE_WORDS
from .mentions import Mention
from .numbers import ordinal_span
from .request import Reading, reference_words
from .vocab import CUES, FILLERS, OBJECTS
from .words import contains

__all__ = ["read_notebook_request"]

_CJK = re.compile(r"[\u4e00-\u9fff]")
_NOTEBOOK = ".ipynb"
_TABLES = (".csv", ".tsv", ".txt", ".jsonl", ".ndjson", ".json", ".xlsx", ".xlsm", ".parquet")
# A cell named by its number: "cell 3", "cel #4", "单元格 2"; "the third cell" and "第六个单元格"
# are ordinals (``wsnb.agent.numbers``).
_CELL_NUMBER = re.compile(r"(?:\bcells?|\bcel|单元格|单元隔|单元)\s*(?:number|no\.?|#)?\s*(\d+)\b",
                          re.IGNORECASE)  # fmt: skip
# "its outputs", 它的输出: the file the conversation is about.
_ITS = re.compile(r"\bits\b|它的|这个的|那个的", re.IGNORECASE)
# An exception's name ("KeyError", "ZeroDivisionError"): an error asked about by name.
_EXCEPTION = re.compile(r"\b[A-Z]\w*(?:Error|Exception|Warning)\b")
# The notebook noun as a folder ("in notebooks", "notebooks 里"): a place, not the kind.
_IN_FOLDER = re.compile(r"(?:\b(?:in|under|inside|within)\s+(?:the\s+)?$)", re.IGNORECASE)
# Words of a question's shape that are no keyword of a search.
_NOT_KEYWORD = {"still", "again", "anymore", "ever", "actually", "currently", "now", "wich",
                "whcih", "wihch", "hich", "them", "these", "those", "there", "here", "of"}
_PARTICLES = frozenset("了的过吗呢吧啊呀着地得")
_ORDER = ("most", "biggest", "largest", "heaviest", "最多", "最大", "排序", "排个序", "从大到小",
          *SIZE_WORDS["largest"], *SIZE_WORDS["by_size"])  # fmt: skip


def _at(text: str, words: tuple[str, ...]) -> int:
    """Where the first of ``words`` stands in ``text`` (an English word whole, and one typo
    away when it has five letters or more: "colums", "exectued"), or -1."""
    found = [at for w in words if (at := contains(text, w) if w.isascii() else text.find(w)) >= 0]
    found += [m.start() for m in re.finditer(r"[A-Za-z]{5,}", text) if _typo_of(m.group(), words)]
    return min(found, default=-1)


def _typo_of(token: str, words: tuple[str, ...] | frozenset[str]) -> bool:
    """Whether ``token`` is one typo away from one of ``words`` (five letters or more), and
    from no noun of a file or folder ("fiels" is files, not fields)."""
    from rapidfuzz.distance import DamerauLevenshtein

    word = token.casefold()

    def near(among: tuple[str, ...] | frozenset[str]) -> bool:
        return any(w.isalpha() and len(w) >= 5 and w[0] == word[0]
                   and abs(len(w) - len(word)) <= 1
                   and DamerauLevenshtein.distance(word, w, score_cutoff=1) <= 1
                   for w in among)  # fmt: skip

    return near(words) and (words is _NOUNS or not near(_NOUNS))


_NOUNS = frozenset(w for key in ("file", "folder") for w in OBJECTS[key] if w.isascii())


def _said(text: str, group: str) -> bool:
    return _at(text, CUES[group]) >= 0


# -- the file a request is about --------------------------------------------------------------


def _files(r: Reading) -> list[Mention]:
    return [m for m in r.mentions if m.known and not m.is_dir and m.paths]


def _target(r: Reading, suffixes: tuple[str, ...], *, listed: bool = True) -> str:
    """The file named (the one of ``suffixes`` first), else a list position ("the second
    one", when ``listed``), else "it": the file just shown."""
    files = _files(r)
    fitting = [m for m in files if m.paths[0].casefold().endswith(suffixes)]
    if fitting:
        return fitting[0].paths[0]
    if files:
        return files[0].typed  # "stores 那个笔记本": the answer finds the notebook it means
    position = reference_words(r.rest) if listed and not _ITS.search(r.rest) else ""
    return position or "it"


def _about_one(r: Reading, suffixes: tuple[str, ...]) -> bool:
    """Whether the request names one file of ``suffixes``, or says "it" / "its"."""
    files = _files(r)
    if files:
        return len({m.paths[0] for m in files}) == 1 or any(
            m.paths[0].casefold().endswith(suffixes) for m in files)
    return bool(reference_words(r.rest) or _ITS.search(r.rest))


# -- the readings -----------------------------------------------------------------------------


def _clear_outputs(r: Reading) -> Command | None:
    """"clear the outputs of 01_sales", "wipe all its outputs", 把 X 的输出都清掉."""
    rest = r.rest
    if not (_said(rest, "OUTPUTS") and _said(rest, "CLEAR_OUTPUTS")):
        return None
    if any(m.known and m.is_dir for m in r.mentions if not _noun(m)):
        return None  # "clear the output folder": a folder, not a notebook's outputs
    if not _about_one(r, (_NOTEBOOK,)) and (_notebooks_asked(r) or _at(
            r.rest, ("every", "each", "所有", "每个")) >= 0):  # fmt: skip
        # "clear all outputs in every notebook": many files at once, one item per plan
        return Command("refuse", {"rule": "bulk_change"})
    return Command("clear_outputs", {"target": _target(r, (_NOTEBOOK,))})


def _cell_number(rest: str) -> int | None:
    match = _CELL_NUMBER.search(rest)
    if match:
        return int(match.group(1))
    span = ordinal_span(rest)
    if span is not None and span[2] > 0 and _at(rest[span[1]:span[1] + 12], CUES["CELL"]) >= 0:
        return span[2]  # "the third cell", 第六个单元格
    return None


def _cell(r: Reading) -> Command | None:
    """"show me cell 3 of 01_sales", "the third cell", 第六个单元格里写的是什么."""
    rest = r.rest
    number = _cell_number(rest) if _said(rest, "CELL") else None
    if number is None:
        return None  # "how many cells": a count (a measure), no cell shown
    return Command("cell", {"target": _target(r, (_NOTEBOOK,), listed=False),
                            "cell": str(number)})  # fmt: skip


def _noun(m: Mention) -> bool:
    """A mention that is the notebook noun itself ("which notebooks", a folder so named)."""
    return contains(m.typed, "notebooks") >= 0 or contains(m.typed, "notebook") >= 0


def _notebooks_asked(r: Reading) -> bool:
    """The notebooks as a kind ("which notebooks", 哪些笔记本, "any notebook"), not one of them
    nor the folder named like them ("in notebooks")."""
    at = _at(r.text, CUES["NOTEBOOKS"])
    if at < 0 or _IN_FOLDER.search(r.text[:at]) or r.text[at:].startswith(("notebooks 里",
                                                                             "notebooks里")):
        return False
    return not any(m.paths[0].casefold().endswith(_NOTEBOOK) for m in _files(r))


def _never_run(text: str) -> bool:
    if _said(text, "UNRUN"):
        return True
    never = _at(text, CUES["NEVER"])
    return never >= 0 and _at(text[never:never + 24], CUES["RUN"]) >= 0


def _which_notebooks(r: Reading) -> Command | None:
    """Which notebooks were never run, have errors, carry the most output, use a word."""
    if not _notebooks_asked(r):
        return None
    text = r.text
    if _never_run(text):
        return Command("notebooks_never_run", {})
    named = _EXCEPTION.search(text)
    if named or _said(text, "ERRORS"):
        return Command("notebook_errors", {"keyword": named.group() if named else ""})
    if _said(text, "BY_OUTPUT") or (_said(text, "OUTPUTS") and _at(text, _ORDER) >= 0):
        return Command("notebooks_by_output", {"n": ""})
    keyword = _used_word(r)
    return Command("notebook_uses", {"keyword": keyword}) if keyword else None


def _used_word(r: Reading) -> str:
    """What the notebooks are asked to use: the words after the verb ("use read_csv",
    "still reads sales.csv", 用到了 groupby), else the request's own unknown words."""
    verbs = [h for h in r.hits if h.action in {"used", "grep", "read", "inside"}
             and not _said(r.text[h.start:h.end], "CELL")]  # "cells" is no typo of "calls"
    if not verbs:
        return ""
    after = _keyword_of(r.text[verbs[-1].end:])
    if after:
        return after
    words = [w for w in r.words if not _cue_or_filler(w)]
    return " ".join(words)


def _keyword_of(text: str) -> str:
    tokens = re.findall(r"[^\s,，。!！?？:：;；、()（）\"'“”‘’]+", text)
    kept = []
    for token in tokens:
        token = token.strip(".")
        while token and _CJK.match(token[0]) and token[0] in _PARTICLES:
            token = token[1:]
        if token and not _cue_or_filler(token):
            kept.append(token)
    return " ".join(kept)


@cache
def _quiet() -> frozenset[str]:
    cues = {w.casefold() for group in ("NOTEBOOKS", "CELL", "OUTPUTS") for w in CUES[group]}
    return frozenset(cues | {w.casefold() for w in FILLERS} | _NOT_KEYWORD)


def _cue_or_filler(token: str) -> bool:
    word = token.casefold()
    return word in _quiet() or (len(word) == 1 and bool(_CJK.match(word)))


def _columns(r: Reading) -> Command | None:
    """"what columns does data/sales.csv have", "colums in the stores tsv", 有哪些列, 字段."""
    if not _said(r.rest, "COLUMNS") or set(r.actions) & {"rename", "write", "trash", "move",
                                                         "copy", "create", "append"}:
        return None
    files = _files(r)
    tables = [m for m in files if m.paths[0].casefold().endswith(_TABLES)]
    if files and not tables:
        return None  # "the columns of README.md": a text file's words, not a table
    if not files and not reference_words(r.rest) and not _ITS.search(r.rest):
        return None
    return Command("columns", {"target": _target(r, _TABLES)})


def read_notebook_request(r: Reading) -> Command | None:
    """The notebook or data-file request ``r`` makes, or None."""
    for reading in (_clear_outputs, _cell, _which_notebooks, _columns):
        command = reading(r)
        if command is not None:
            return command
    return None
