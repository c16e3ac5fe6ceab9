"""Which files a question is about: names and contents, ranked with the shared BM25F ranker.

The ranking is ``wsnb.search.rank.FieldRanker`` with the shared bilingual
tokenizer — the same implementation the notes index uses — over three fields
per text file: its path (file and folder names), its headings (the title,
headings and top-level definitions the extractive summary finds) and its
body. Files are read through the read tool, so the policy refuses secrets
and the agent's limits hold (at most 1,000 files, the first 32 KiB of each).

The ranker is built once per workspace and then follows the index: when a
confirmed plan (or a new scan) changes rows, only the files whose path, size
or modification time changed are read again; the others keep their entries.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..search.rank import FieldRanker
from .reading import run_read_tool
from .summaries import summarize_text

if TYPE_CHECKING:
    from ..workspace import Workspace
    from .actions import Session

__all__ = ["FIELD_BOOSTS", "RankedFiles", "rank_paths", "retrieve", "workspace_ranker"]

RANK_BYTES = 32 * 1024
FIELD_BOOSTS = {"path": 3.0, "headings": 5.0, "body": 1.0}


@dataclass
class RankedFiles:
    """A workspace's ranker and the state of each file it has seen (ranked or refused)."""

    ranker: FieldRanker = field(default_factory=lambda: FieldRanker(FIELD_BOOSTS))
    seen: dict[str, tuple[int, str]] = field(default_factory=dict)
    reads: int = 0  # files read so far: how much work the updates took


_RANKED: weakref.WeakKeyDictionary[Workspace, RankedFiles] = weakref.WeakKeyDictionary()


def _current(session: Session) -> dict[str, tuple[int, str]]:
    frame = session.ws.context.index().frame
    if frame.empty:
        return {}
    rows = frame.loc[frame["is_text"] & ~frame["is_dir"], ["path", "size", "modified"]]
    rows = rows.head(session.limits.files or len(rows))
    return {str(p): (int(s), str(m)) for p, s, m in rows.itertuples(index=False)}


def workspace_ranker(session: Session) -> FieldRanker:
    """The ranker over the workspace's text files as the current index sees them."""
    ranked = _RANKED.get(session.ws)
    if ranked is None:
        ranked = _RANKED[session.ws] = RankedFiles()
    current = _current(session)
    if current == ranked.seen:
        return ranked.ranker
    for path, state in ranked.seen.items():
        if current.get(path) != state:
            ranked.ranker.remove(path)
    for path, state in current.items():
        if ranked.seen.get(path) != state:
            _add(session, ranked, path)
    ranked.seen = current
    return ranked.ranker


def _add(session: Session, ranked: RankedFiles, path: str) -> None:
    ranked.reads += 1
    result = run_read_tool(session.ws, "read_file", session.limits, path=path, limit=RANK_BYTES)
    if not result.success:
        return  # secrets, binary content, vanished files: never ranked, never sent
    summary = summarize_text(result.data)
    headings = [summary.title, *summary.headings, *summary.definitions]
    ranked.ranker.add(path, {"path": path.replace("/", " "), "headings": headings,
                             "body": result.data.text})  # fmt: skip


def rank_paths(session: Session, question: str, limit: int = 10) -> list[tuple[str, float]]:
    """The files ranked for ``question``, best first, with their scores."""
    hits = workspace_ranker(session).search(question, limit)
    return [(hit.doc_id, hit.score) for hit in hits]


def retrieve(
    session: Session, question: str, limit: int = 5, *, fallback: bool = True
) -> list[str]:
    """The text files most relevant to ``question``; the key files when nothing matches
    (unless ``fallback`` is false: then nothing)."""
    ranked = [path for path, _ in rank_paths(session, question, limit)]
    if ranked or not fallback:
        return ranked
    files = session.ws.files
    text_files = set(files.loc[files["is_text"] & ~files["is_dir"], "path"])
    key_files = session.ws.summary().key_files["path"].tolist()
    return [p for p in key_files if p in text_files][:limit]
