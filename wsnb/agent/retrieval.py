"""Which files a question is about: names and contents, ranked.

The question becomes search terms (identifiers and words; Chinese runs as
whole short words or bigrams), each term is looked up by file name and by
text through the read tools (with the agent's limits), and files are ranked
by how many rare terms they match, a name match weighing more than a line.

``rank_paths`` is the one place the ranking lives: when the workspace gains a
shared field ranker in ``wsnb/search/`` (the one the notes index uses), it
replaces this function's body and nothing else changes.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from typing import TYPE_CHECKING

from .reading import run_read_tool

if TYPE_CHECKING:
    from .actions import Session

__all__ = ["query_terms", "rank_paths", "retrieve"]

MAX_TERMS = 8
NAME_WEIGHT = 3.0

_EN_STOP = frozenset(
    ["a", "an", "and", "are", "about", "as", "at", "be", "can", "could", "do", "does", "did",
     "explain", "file", "files", "folder", "for", "from", "give", "how", "i", "in", "is", "it",
     "its", "me", "my", "of", "on", "or", "our", "please", "project", "repo", "show", "tell",
     "that", "the", "their", "them", "there", "these", "this", "those", "to", "use", "used",
     "uses", "what", "when", "where", "which", "who", "why", "with", "work", "works", "you",
     "your", "workspace", "code", "source", "anything", "something"]
)  # fmt: skip
_ZH_STOP = re.compile(
    r"这个|那个|这些|那些|项目|工程|文件夹|文件|什么|怎么|如何|哪些|哪个|哪里|一下|请问|请|帮我|"
    r"是否|可以|我们|你们|它们|里面|其中|关于|的|了|吗|呢|是|在|和|与|及|有|用|做|中|里|给|说明|告诉我"
)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*[A-Za-z0-9_]|[A-Za-z_]")
_CJK_RUN = re.compile(r"[\u3400-\u9fff]+")


def query_terms(question: str) -> list[str]:
    """Search terms from a question, most specific first, at most ``MAX_TERMS``."""
    words = [w for w in _WORD.findall(question)
             if len(w) >= 3 and w.casefold() not in _EN_STOP]  # fmt: skip
    cjk: list[str] = []
    for run in _CJK_RUN.findall(question):
        for part in _ZH_STOP.split(run):
            if len(part) >= 2:
                cjk += [part] if len(part) <= 4 else [part[i : i + 2] for i in range(len(part) - 1)]
    terms = list(dict.fromkeys(sorted(words, key=len, reverse=True) + cjk))
    return terms[:MAX_TERMS]


def rank_paths(session: Session, terms: list[str]) -> list[tuple[str, float]]:
    """Files ranked for ``terms``: sum over terms of (rarity x matches), names weighing more."""
    name_hits: dict[str, set[str]] = {}
    text_hits: dict[str, Counter[str]] = {}
    for term in terms:
        found = run_read_tool(session.ws, "search_files", session.limits, keyword=term)
        name_hits[term] = set(found.data["path"]) if found.success else set()
        grep = run_read_tool(session.ws, "search_text", session.limits, pattern=term)
        text_hits[term] = Counter(grep.data["path"]) if grep.success else Counter()
    total = max(len(session.ws.files), 1)
    scores: dict[str, float] = defaultdict(float)
    for term in terms:
        matched = name_hits[term] | set(text_hits[term])
        if not matched:
            continue
        rarity = math.log(1 + total / len(matched))
        for path in name_hits[term]:
            scores[path] += NAME_WEIGHT * rarity
        for path, count in text_hits[term].items():
            scores[path] += rarity * (1 + math.log(count))
    return sorted(scores.items(), key=lambda item: (-item[1], item[0]))


def retrieve(
    session: Session, question: str, limit: int = 5, *, fallback: bool = True
) -> list[str]:
    """The text files most relevant to ``question``; the key files when nothing matches
    (unless ``fallback`` is false: then nothing)."""
    files = session.ws.files
    text_files = set(files.loc[files["is_text"] & ~files["is_dir"], "path"])
    ranked = [path for path, _ in rank_paths(session, query_terms(question)) if path in text_files]
    if ranked or not fallback:
        return ranked[:limit]
    key_files = session.ws.summary().key_files["path"].tolist()
    return [p for p in key_files if p in text_files][:limit]
