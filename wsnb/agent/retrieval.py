"""Which files a question is about: names and contents, ranked with the shared BM25F ranker.

The ranking is ``wsnb.search.rank.FieldRanker`` with the shared bilingual
tokenizer — the same implementation the notes index uses — over three fields
per text file: its path (file and folder names), its headings (the title,
headings and top-level definitions the extractive summary finds) and its
body. Files are read through the read tool, so the policy refuses secrets
and the agent's limits hold (at most 1,000 files, the first 32 KiB of each).

The ranker is built once per scan of the workspace and reused until the
index changes (a confirmed plan or a new scan).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from ..search.rank import FieldRanker
from .reading import run_read_tool
from .summaries import summarize_text

if TYPE_CHECKING:
    from ..index import FileIndex
    from .actions import Session

__all__ = ["FIELD_BOOSTS", "rank_paths", "retrieve", "workspace_ranker"]

RANK_BYTES = 32 * 1024
FIELD_BOOSTS = {"path": 3.0, "headings": 5.0, "body": 1.0}

# One ranker per FileIndex object and content: a new scan makes a new index, and an index
# updated in place (after a confirmed plan) has a new signature; either way, a new ranker.
_RANKERS: weakref.WeakKeyDictionary[FileIndex, tuple[tuple[object, ...], FieldRanker]] = (
    weakref.WeakKeyDictionary()
)


def _signature(index: FileIndex) -> tuple[object, ...]:
    frame = index.frame
    if frame.empty:
        return (0,)
    return (len(frame), int(frame["size"].sum()), str(frame["modified"].max()),
            hash(tuple(frame["path"])))  # fmt: skip


def workspace_ranker(session: Session) -> FieldRanker:
    """The ranker over the workspace's text files as the current index sees them."""
    index = session.ws.context.index()
    signature = _signature(index)
    cached = _RANKERS.get(index)
    if cached is not None and cached[0] == signature:
        return cached[1]
    ranker = _build(session, index)
    _RANKERS[index] = (signature, ranker)
    return ranker


def _build(session: Session, index: FileIndex) -> FieldRanker:
    frame = index.frame
    paths = frame.loc[frame["is_text"] & ~frame["is_dir"], "path"].tolist()
    ranker = FieldRanker(FIELD_BOOSTS)
    for path in paths[: session.limits.files_scanned]:
        result = run_read_tool(session.ws, "read_file", session.limits, path=path,
                               limit=RANK_BYTES)  # fmt: skip
        if not result.success:
            continue  # secrets, binary content, vanished files: never ranked, never sent
        summary = summarize_text(result.data)
        headings = [summary.title, *summary.headings, *summary.definitions]
        ranker.add(path, {"path": path.replace("/", " "), "headings": headings,
                          "body": result.data.text})  # fmt: skip
    return ranker


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
