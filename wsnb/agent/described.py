"""A file named by what it is, not by its name: "the CRLF file", "the GBK file", "the JSON
config", "the test file", "the entry point", "the Chinese doc", "the largest file".

``describe`` reads such a description from a request (the words are data in
``wsnb.agent.filekinds``) and looks for the files that fit it: by kind and folder from the
index's columns, by role and the language of the name from the path, and by encoding or line
ending from the file's first bytes (read through the workspace, as a read is). It gives the
candidates; the caller uses the one, or asks which one when there are several.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import WsnbError
from .columns import Question, kind_spans, order_span
from .filekinds import (
    ENCODING_WORDS,
    FILE_KINDS,
    LINE_END_WORDS,
    NAME_LANGUAGE_WORDS,
    ROLE_TESTS,
    SECRET_ROLES,
)
from .indexanswers import files_slice
from .request import Reading
from .words import contains

if TYPE_CHECKING:
    import pandas as pd

    from ..workspace import Workspace

__all__ = ["Description", "describe", "role_said", "secret_said"]

_CJK = re.compile(r"[\u4e00-\u9fff]")
# Files whose first bytes are read to know an encoding or a line ending: the smallest first.
SNIFFED = 400
_SNIFF_BYTES = 4096


@dataclass(frozen=True)
class Description:
    """The words that describe a file (``start:end`` of the request) and the files that fit."""

    start: int
    end: int
    paths: tuple[str, ...]
    secret: bool = False  # a role whose files hold secrets: the private key, the env file


def _found(text: str, words: dict[str, str]) -> list[tuple[int, int, str]]:
    spans = []
    folded = text.casefold()
    for word, value in words.items():
        if word not in folded:
            continue
        at = text.casefold().find(word) if _CJK.search(word) or not word[0].isalnum() \
            else contains(text, word)  # fmt: skip
        if at >= 0:
            spans.append((at, at + len(word), value))
    return spans


_NOUN_AFTER = re.compile(r"[\s\-]*(?:encoded|encoding|line[\s\-]endings?|编码|换行|格式)?"
                         r"\s*(?:的)?\s*(?:那个|这个|那份|这份|一个)?\s*(?:files?|ones?|docs?|"
                         r"documents?|notes?|texts?|文件|文档|说明|那个|这个)", re.IGNORECASE)
_NOUN_BEFORE = re.compile(r"(?:files?|ones?|docs?|documents?|文件|文档)\s+(?:that\s+(?:is|are|has|"
                          r"have|uses?)\s+|with\s+|in\s+|using\s+|(?:encoded|saved|stored|"
                          r"written)\s+(?:in|with)\s+)(?:the\s+)?$", re.IGNORECASE)  # fmt: skip


def _of_a_file(text: str, found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """The attributes said of a file ("the GBK file", "CRLF 的那个文件", "the file with
    CRLF line endings"), not a word searched for ("look through the files for CR LF")."""
    return [(s, e, v) for s, e, v in found
            if _NOUN_AFTER.match(text, e) or _NOUN_BEFORE.search(text[:s])]  # fmt: skip


def _roles(path: str, role: str) -> bool:
    name = posixpath.basename(path).casefold()
    stem = name.rsplit(".", 1)[0]
    folders = path.casefold().split("/")[:-1]
    test = ROLE_TESTS[role]
    if "suffixes" in test and not name.endswith(test["suffixes"]):
        return False  # an entry point is code: app.yaml is no app.py
    return stem in test.get("stems", ()) or name in test.get("names", ()) \
        or name.endswith(test.get("name_ends", ())) \
        or name.startswith(test.get("name_starts", ())) \
        or any(stem.startswith(p) for p in test.get("prefixes", ())) \
        or any(stem.endswith(s) for s in test.get("endings", ())) \
        or any(w in stem for w in test.get("contains", ())) \
        or bool(set(folders) & set(test.get("folders", ())))  # fmt: skip


_ROLE_WORDS = {w: role for role, test in ROLE_TESTS.items() for w in test["words"]}


# "the config for the app", "the config of the web page": a role's word, then whose it is.
_OF_WHOM = re.compile(r"\s+(?:for|of)\s+(?:the\s+)?(?!folder|directory|dir\b)\w", re.IGNORECASE)


def _described_text(r: Reading) -> str:
    """The request with its names blanked, but a near spelling, a part of a name ("test" of
    test_utils.py) and a folder named like a role ("the config for the app") kept."""
    text = r.text
    for m in r.mentions:
        kept = m.how in {"close", "word"} or (m.typed.casefold() in _ROLE_WORDS
                                              and bool(_OF_WHOM.match(text, m.end)))
        if not kept:
            text = text[:m.start] + " " * (m.end - m.start) + text[m.end:]
    return text


# Roles one file of a folder plays: "web 目录的入口脚本" is that file, not a list of scripts.
_ONE_FILE = frozenset({"entry", "manifest", "lock", "key", "env"})


def role_said(r: Reading) -> bool:
    """Whether the request names one file by a role it plays ("the entry script", "私钥")."""
    return any(v in _ONE_FILE for _s, _e, v in _found(_described_text(r), _ROLE_WORDS))


def secret_said(r: Reading) -> bool:
    """Whether the request names a file by a role whose files hold secrets."""
    return any(v in SECRET_ROLES for _s, _e, v in _found(_described_text(r), _ROLE_WORDS))


def describe(ws: Workspace, r: Reading, question: Question | None) -> Description | None:
    """The description of one file the request gives, with the files that fit it, or None."""
    text = _described_text(r)
    encodings = _of_a_file(text, _found(text, ENCODING_WORDS))
    endings = _of_a_file(text, _found(text, LINE_END_WORDS))
    languages = _of_a_file(text, _found(text, NAME_LANGUAGE_WORDS))
    roles = _found(text, _ROLE_WORDS)
    kinds = kind_spans(text, r.hits)  # "the big picture" is no picture
    ordered = question is not None and bool(question.order) and question.n == 1
    plays = [v for _s, _e, v in roles if v != "doc"]
    if not (encodings or endings or plays or kinds or ordered or (languages and roles)):
        return None  # "the doc", "中文" alone describe nothing
    spans = [(s, e) for s, e, _v in (*encodings, *endings, *languages, *roles, *kinds)]
    order_at = order_span(text) if ordered else None
    spans += [order_at] if order_at is not None else []
    first = min((s for s, _e in spans), default=0)
    typed = [m for m in r.mentions if m.start < first
             and ((m.firm and not m.is_dir) or m.how in {"suffixed", "quoted"})]  # fmt: skip
    kept = _narrowest({k for _s, _e, k in kinds})
    if any(k == "doc" for _s, _e, k in roles):
        kept.add("doc")
    q = question or Question()
    scope = _scope(r)
    frame = _fitting(ws, r, q, kept, ordered, scope, plays, languages, encodings, endings)
    if frame.empty and scope:  # "the config for the app": no config in app/, app's config
        frame = _qualified(_fitting(ws, r, q, kept, ordered, "", plays, languages, encodings,
                                    endings), [posixpath.basename(scope)])  # fmt: skip
    elif len(frame) > 1:
        frame = _qualified(frame, _qualifiers(r))
    if ordered and len(frame) > 1:
        frame = frame.head(1)
    if any(not set(m.paths) & set(frame["path"]) for m in typed):
        return None  # a name typed first: the request is about it ("to notes.txt" is a dest)
    for m in typed:  # "the settings json", "the web package's manifest": the file both name
        frame = frame[frame["path"].isin(m.paths)]
    start = min((s for s, _e in spans), default=0)
    end = max((e for _s, e in spans), default=len(r.text))
    return Description(start, end, tuple(frame["path"]), bool(set(plays) & SECRET_ROLES))


def _fitting(ws: Workspace, r: Reading, q: Question, kept: set[str], ordered: bool,
             scope: str, plays: list[str], languages: list[tuple[int, int, str]],
             encodings: list[tuple[int, int, str]],
             endings: list[tuple[int, int, str]]) -> pd.DataFrame:  # fmt: skip
    """The files that fit the description, under ``scope`` when one is given."""
    q = Question(tuple(kept) or q.kinds, q.over, q.under, q.since, q.until,
                 q.order if ordered else "", 1, False, scope, True)  # fmt: skip
    frame = files_slice(ws.files, q) if q.kinds or q.scope or q.filtered \
        else ws.files[~ws.files["is_dir"]]  # fmt: skip
    frame = _by_name(frame, plays, [v for _s, _e, v in languages])
    if encodings or endings:
        frame = _by_bytes(ws, frame, [v for _s, _e, v in encodings], [v for _s, _e, v in endings])
    return frame


def _qualifiers(r: Reading) -> list[str]:
    """Words that may narrow several fitting files: a folder named beside the role, or a
    word of the request ("the config for the app": app)."""
    words = [m.typed for m in r.mentions if m.is_dir and m.typed.casefold() not in _ROLE_WORDS]
    return words + [w for w in r.words if w.isascii() and len(w) > 2]


def _qualified(frame: pd.DataFrame, words: list[str]) -> pd.DataFrame:
    """The files whose path holds one of ``words``, when some do; else all of them."""
    if frame.empty or not words:
        return frame
    paths = frame["path"].map(lambda p: p.casefold())
    keep = paths.map(lambda p: any(w.casefold() in p for w in words)).astype(bool)
    return frame[keep] if keep.any() else frame


def _narrowest(kinds: set[str]) -> set[str]:
    """"the C++ header", "the json config": a kind word before a noun narrows it."""
    if len(kinds) < 2:
        return kinds
    common = set.intersection(*(set(FILE_KINDS[k]) for k in kinds))
    if not common:
        return kinds
    return {min(kinds, key=lambda k: (len(FILE_KINDS[k]), k))}


def _scope(r: Reading) -> str:
    folders = [m for m in r.mentions if m.known and m.is_dir]
    return folders[0].paths[0] if folders and len(folders[0].paths) == 1 else ""


def _by_name(frame: pd.DataFrame, roles: list[str], languages: list[str]) -> pd.DataFrame:
    if frame.empty or not (roles or languages):
        return frame
    paths = frame["path"]
    keep = paths.map(lambda p: all(_roles(p, role) for role in roles)).astype(bool)
    for language in languages:
        cjk = paths.map(lambda p: bool(_CJK.search(posixpath.basename(p)))).astype(bool)
        keep &= cjk if language == "zh" else ~cjk
    return frame[keep]


def _by_bytes(ws: Workspace, frame: pd.DataFrame, encodings: list[str],
              endings: list[str]) -> pd.DataFrame:  # fmt: skip
    """The text files among ``frame`` stored in one of ``encodings`` with ``endings``."""
    texts = frame[frame["is_text"]].nsmallest(SNIFFED, "size")
    keep = []
    for path in texts["path"]:
        try:
            doc = ws.read(path, max_bytes=_SNIFF_BYTES)
        except WsnbError:
            continue  # a sensitive or unreadable file fits no description
        family = doc.encoding.casefold().replace("_", "-")
        if encodings and not any(family.startswith(e) or family in _FAMILY.get(e, ())
                                 for e in encodings):  # fmt: skip
            continue
        if endings and doc.newline not in endings:
            continue
        keep.append(path)
    return frame[frame["path"].isin(keep)]


# Encodings read as the one people name ("GBK" for a file detected as GB18030).
_FAMILY = {"gbk": ("gb2312", "gb18030", "cp936", "gbk"), "big5": ("big5", "cp950"),
           "utf-16": ("utf-16", "utf-16-le", "utf-16-be"), "latin-1": ("latin-1", "iso-8859-1",
                                                                       "cp1252", "windows-1252")}
