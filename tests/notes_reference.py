"""A faithful replica of the reference (CodePilot) workspace retrieval, to measure against.

It follows the reference design as documented, weaknesses included, so the
evaluation compares wsnb's ranker with what people had:

* ``parse_query``: lower case; English split at spaces and punctuation, a
  few stop words dropped; every CJK run gives its unigrams *and* bigrams (so
  a four-character Chinese query is seven keywords: inflated Chinese scores);
* ``score_manifest``: per keyword, a *substring* test (``includes``) on the
  title (+10), any tag (+8), any alias (+7), any heading (+5), the path (+3);
* ``score_chunk``: per keyword, the number of substring occurrences in the
  chunk text, plus twice those in its heading; no IDF, no length normalisation;
* the hotset adds pinned +5 and frequent +log2(count) (at most +4) to every
  note, matching or not, and every search result counts as a use;
* staleness is by modification time only.

It works on the same manifest and chunk records as wsnb's index, so only the
scoring differs.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
_RUNS = re.compile(rf"[{_CJK}]+|[^{_CJK}]+")
_IS_CJK = re.compile(rf"[{_CJK}]")
_SEPARATORS = re.compile(r"[\s\.,;:!?'\"()\[\]{}<>/\\|`~@#$%^&*+=_\-，。！？、；：（）《》「」]+")
_STOP_WORDS = frozenset(
    {
        "a", "an", "the", "and", "or", "but", "is", "are", "was", "were", "be", "to", "of", "in",
        "on", "at", "for", "with", "by", "from", "as", "it", "this", "that", "what", "how", "why",
        "when", "where", "which", "who", "do", "does", "did", "i", "you", "we", "they",
    }
)  # fmt: skip
PINNED_BONUS = 5.0
FREQUENT_CAP = 4.0


def parse_query(query: str) -> list[str]:
    """The reference's keywords: English words and CJK unigrams + bigrams, deduplicated."""
    keywords: list[str] = []
    for run in _RUNS.findall(query.lower()):
        if _IS_CJK.match(run):
            keywords.extend(run)
            keywords.extend(run[i : i + 2] for i in range(len(run) - 1))
            continue
        words = (word for word in _SEPARATORS.split(run) if word)
        keywords.extend(word for word in words if word not in _STOP_WORDS)
    return list(dict.fromkeys(keywords))


def score_manifest(entry: dict[str, Any], keywords: Iterable[str]) -> float:
    title = entry["title"].lower()
    tags = [tag.lower() for tag in entry["tags"]]
    aliases = [alias.lower() for alias in entry["aliases"]]
    headings = [heading.lower() for heading in entry["headings"]]
    path = entry["path"].lower()
    score = 0.0
    for keyword in keywords:
        score += 10 if keyword in title else 0
        score += 8 if any(keyword in tag for tag in tags) else 0
        score += 7 if any(keyword in alias for alias in aliases) else 0
        score += 5 if any(keyword in heading for heading in headings) else 0
        score += 3 if keyword in path else 0
    return score


def score_chunk(chunk: dict[str, Any], keywords: Iterable[str]) -> float:
    text = chunk["text"].lower()
    heading = chunk["heading"].lower()
    return float(sum(text.count(k) + 2 * heading.count(k) for k in keywords))


def is_stale(record: dict[str, Any], mtime: float) -> bool:
    """The reference's staleness test: the modification time differs (content never looked at)."""
    return bool(record["mtime"] != mtime)


@dataclass
class ReferenceSearch:
    """The reference's search over one workspace's manifest and chunk records."""

    manifest: list[dict[str, Any]]
    chunks: list[dict[str, Any]]
    pinned: set[str] = field(default_factory=set)
    frequent: dict[str, int] = field(default_factory=dict)
    update_hotset: bool = False  # the reference counts every result as a use

    def hotset_bonus(self, path: str) -> float:
        bonus = PINNED_BONUS if path in self.pinned else 0.0
        count = self.frequent.get(path, 0)
        return bonus + (min(math.log2(count), FREQUENT_CAP) if count > 0 else 0.0)

    def search(self, query: str, limit: int = 5) -> list[str]:
        keywords = parse_query(query)
        notes = {entry["path"]: entry for entry in self.manifest}
        by_note = {path: score_manifest(entry, keywords) for path, entry in notes.items()}
        best: dict[str, float] = {}
        for chunk in self.chunks:
            score = by_note[chunk["path"]] + score_chunk(chunk, keywords)
            best[chunk["path"]] = max(best.get(chunk["path"], 0.0), score)
        for path in notes:
            best[path] = best.get(path, 0.0) + self.hotset_bonus(path)
        ranked = sorted(
            (item for item in best.items() if item[1] > 0), key=lambda item: (-item[1], item[0])
        )
        paths = [path for path, _ in ranked[:limit]]
        if self.update_hotset:
            for path in paths:
                self.frequent[path] = self.frequent.get(path, 0) + 1
        return paths
