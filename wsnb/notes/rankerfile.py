"""The search ranker of a note index: built from the chunks, saved beside the index, reloaded.

Building the ranker means tokenizing every chunk (about ten seconds for
10,000 notes), so it is saved to ``.assistant/index/ranker.npz`` — plain
numpy arrays, loaded without pickle — together with the index settings and
the hash of every note it has seen. A later session loads it (about a
second), takes out the notes whose hash changed or that are gone, adds the
new and changed ones, and saves it again. Different settings (tokenizer,
chunking, ranker weights), a damaged file or any mismatch with the chunk
records means it is built from the chunks again.
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import numpy as np

from ..errors import UsageError, WsnbError
from ..search.rank import CountedDocument, FieldRanker
from ..search.tokenize import token_counts
from .indexstore import RANKER_FILE, IndexStore

__all__ = ["note_documents", "ready_ranker", "save_ranker"]

logger = logging.getLogger("wsnb")

Notes = Mapping[str, dict[str, Any]]  # path -> manifest record
Chunks = Mapping[str, list[dict[str, Any]]]  # path -> chunk records


def ready_ranker(
    store: IndexStore, settings: dict[str, Any], notes: Notes, chunks: Chunks
) -> FieldRanker:
    """The saved ranker brought up to date, or one built from the chunks (and saved)."""
    ranker = _saved_ranker(store, settings, notes, chunks)
    if ranker is None:
        ranker = FieldRanker()
        ranker.add_many(_documents(notes, chunks, chunks))
        save_ranker(store, settings, notes, chunks, ranker)
    return ranker


def note_documents(
    record: dict[str, Any], chunks: list[dict[str, Any]]
) -> Iterator[CountedDocument]:
    """A note's chunks as ranker documents: each carries the note's title, tags, aliases, path.

    The note-level fields are tokenized once per note, not once per chunk,
    and only counted (the ranker needs no token order).
    """
    path = record["path"]
    stem = path.rsplit(".", 1)[0] if "." in path.rsplit("/", 1)[-1] else path
    shared = {
        "title": token_counts(record["title"]),
        "tags": _counts_of(record["tags"]),
        "aliases": _counts_of(record["aliases"]),
        "path": token_counts(stem),
    }
    for chunk in chunks:
        fields = {**shared, "headings": token_counts(chunk["heading"]),
                  "body": token_counts(chunk["text"])}  # fmt: skip
        yield chunk["chunkId"], fields, path


def _saved_ranker(
    store: IndexStore, settings: dict[str, Any], notes: Notes, chunks: Chunks
) -> FieldRanker | None:
    """The saved ranker with the changed notes re-added; None when there is none that fits."""
    arrays = store.load_arrays(RANKER_FILE)
    if arrays is None:
        return None
    try:
        meta = json.loads(arrays.pop("meta").tobytes().decode("utf-8"))
        if meta.get("settings") != settings:
            return None
        ranker = FieldRanker.from_arrays(arrays)
        seen: dict[str, str] = meta["notes"]
    except (KeyError, ValueError, AttributeError, UsageError) as error:
        logger.info("The saved ranker is not usable (%s); it is built again.", error)
        return None
    stale = {path for path, digest in seen.items()
             if path not in notes or notes[path]["hash"] != digest}  # fmt: skip
    for doc_id in [doc for doc in ranker.doc_ids() if ranker.group(doc) in stale]:
        ranker.remove(doc_id)
    fresh = [path for path in chunks if path in stale or path not in seen]
    ranker.add_many(_documents(notes, chunks, fresh))
    chunk_ids = {chunk["chunkId"] for group in chunks.values() for chunk in group}
    if len(ranker) != len(chunk_ids) or any(doc not in chunk_ids for doc in ranker.doc_ids()):
        return None
    if stale or fresh:
        save_ranker(store, settings, notes, chunks, ranker)
    return ranker


def save_ranker(
    store: IndexStore, settings: dict[str, Any], notes: Notes, chunks: Chunks, ranker: FieldRanker
) -> None:
    """Save the ranker with the settings and the hash of each note it has seen."""
    if not store.writable:
        return
    meta = {"settings": settings, "notes": {path: notes[path]["hash"] for path in chunks}}
    encoded = json.dumps(meta, ensure_ascii=False).encode("utf-8")
    arrays = {**ranker.to_arrays(), "meta": np.frombuffer(encoded, dtype=np.uint8)}
    try:
        store.save_arrays(RANKER_FILE, arrays)
    except (OSError, WsnbError) as error:  # the ranker still works; it is just not saved
        logger.warning("The search ranker could not be saved (%s).", error)


def _documents(notes: Notes, chunks: Chunks, paths: Iterable[str]) -> Iterator[CountedDocument]:
    for path in paths:
        yield from note_documents(notes[path], chunks[path])


def _counts_of(texts: Iterable[str]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for text in texts:
        counts.update(token_counts(text))
    return counts
