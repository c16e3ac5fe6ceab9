"""Vectors made ahead, in the background, for every chunk of the note index.

``Meaning`` follows the note index (``NoteIndex.on_change``: a walk's
update and a watcher's batch alike) and keeps one vector per distinct
chunk text in a ``VectorStore``. What has no vector yet waits in one queue,
newest and hottest notes first (the hotset's boost, then the note's time),
and a daemon thread embeds it a few chunks at a time, with a progress bar
in a notebook. ``embed_all()`` does the same in the caller's thread and
returns once nothing is missing (for scripts, tests and benchmarks).

Until a chunk has its vector the note is found by its words alone, and
``status()`` says how far the embedding has come. An embedder that fails
(a server that is down) pauses the embedding for ``retry_after`` seconds:
search stays lexical meanwhile, and the failure is logged once until it
works again. ``stop()`` ends the thread after the batch in hand; a crash
loses at most that batch.

Scoring a query is one matrix product over the stored vectors (mapped,
never copied) and a maximum per note: a note scores its best chunk. The
cosines are taken with each script's mean vector out of the chunks and half
of it out of the query (``wsnb.search.embedspace``): without that, the
language of a text weighs more than what it says, and a Chinese question
rarely finds an English note.
"""

from __future__ import annotations

import heapq
import logging
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import LLMError
from ..i18n import _, in_english, ngettext
from ..progress import Progress
from ..search.embedding import Embedder, FloatMatrix
from ..search.embedspace import Space, script_of
from .indexstore import IndexStore
from .notehit import NoteChunks
from .vectors import VectorStore, text_key

__all__ = ["EmbeddingStatus", "Meaning", "NoteChunks", "chunk_text"]

logger = logging.getLogger("wsnb")

BATCH = 8  # chunks per call: small, so a close waits for little and a bar moves often
RETRY_AFTER = 60.0  # seconds an embedder that failed is left alone
_QUERIES_KEPT = 64


def chunk_text(record: Mapping[str, Any], chunk: Mapping[str, Any]) -> str:
    """What is embedded for a chunk: the note's title, the chunk's heading, its text."""
    parts = [str(record.get("title") or "")]
    heading = str(chunk.get("heading") or "")
    if heading and heading != parts[0]:
        parts.append(heading)
    parts.append(str(chunk.get("text") or ""))
    return "\n".join(part for part in parts if part)


@dataclass(frozen=True)
class EmbeddingStatus:
    """How far the vectors have come: chunks embedded of those the index holds."""

    state: str  # "off", "ready", "embedding", "paused" (the embedder failed), "closed"
    embedded: int = 0
    total: int = 0
    embedder: str = ""
    reason: str = ""  # why it paused, as a sentence

    def __str__(self) -> str:
        if self.state == "off":
            return _("Meaning search is off: notes are found by their words.")
        if self.state == "paused":
            return ngettext(
                "Notes are found by their words only ({embedded:,} of {total:,} chunk "
                "embedded): {reason}",
                "Notes are found by their words only ({embedded:,} of {total:,} chunks "
                "embedded): {reason}", self.total).format(
                embedded=self.embedded, total=self.total, reason=self.reason)  # fmt: skip
        if self.state == "embedding" or self.embedded < self.total:
            return ngettext(
                "{embedded:,} of {total:,} chunk embedded so far; until a note is embedded "
                "it is found by its words only.",
                "{embedded:,} of {total:,} chunks embedded so far; until a note is embedded "
                "it is found by its words only.", self.total).format(
                embedded=self.embedded, total=self.total)  # fmt: skip
        return ngettext("All {total:,} chunk is embedded ({embedder}).",
                        "All {total:,} chunks are embedded ({embedder}).", self.total).format(
            total=self.total, embedder=self.embedder)  # fmt: skip

    @property
    def complete(self) -> bool:
        return self.state == "ready" and self.embedded >= self.total


class _Best:
    """The chunks that have vectors, grouped by note: rows, ids, and where each note starts."""

    def __init__(self, chunks: Mapping[str, list[tuple[str, bytes]]], vectors: VectorStore,
                 scripts: Mapping[bytes, str]) -> None:  # fmt: skip
        self.paths: list[str] = []
        self.chunk_ids: list[str] = []
        starts: list[int] = []
        numbers: list[int] = []
        row_scripts: list[str] = []
        rows = vectors.rows
        for path in sorted(chunks):
            found = [(chunk_id, key) for chunk_id, key in chunks[path] if key in rows]
            if found:
                self.paths.append(path)
                starts.append(len(numbers))
                self.chunk_ids.extend(chunk_id for chunk_id, _key in found)
                numbers.extend(rows[key] for _chunk_id, key in found)
                row_scripts.extend(scripts.get(key, "latin") for _chunk_id, key in found)
        self.rows = np.asarray(numbers, dtype=np.int64)
        self.starts = np.asarray(starts, dtype=np.int64)
        self.note_of = np.repeat(np.arange(len(starts)), np.diff(self.starts, append=len(numbers)))
        self.space = Space(row_scripts, self._sums(vectors),
                           lambda vector: vectors.scores(vector)[self.rows])  # fmt: skip

    def _sums(self, vectors: VectorStore) -> Callable[[FloatMatrix], FloatMatrix]:
        """Weights by the chunks' order, as sums over the store's rows (a row two chunks
        share counts twice)."""
        def sums(weights: FloatMatrix) -> FloatMatrix:
            spread = np.zeros((len(weights), vectors.row_count), dtype=np.float32)
            for n in range(len(weights)):
                np.add.at(spread[n], self.rows, weights[n])
            return vectors.sums(spread)

        return sums

    def notes(self, vector: FloatMatrix, script: str, vectors: VectorStore,
              depth: int) -> list[tuple[str, float, str]]:  # fmt: skip
        """The ``depth`` best notes for a query's ``vector`` written in ``script``: (path,
        best chunk's centered cosine, that chunk's id), best first."""
        if not len(self.rows):
            return []
        query = self.space.query(vector, script)
        scores = vectors.scores(query)
        if not len(scores):
            return []
        per_chunk = self.space.cosines(scores[self.rows], query)
        best = np.maximum.reduceat(per_chunk, self.starts)
        order = np.argsort(-best, kind="stable")[:depth]  # ties: by path (sorted)
        tops = self._first_best(per_chunk, best, order).tolist()
        scores_of = best[order].tolist()
        return [(self.paths[n], score, self.chunk_ids[top])
                for n, score, top in zip(order.tolist(), scores_of, tops, strict=True)]

    def _first_best(self, per_chunk: FloatMatrix, best: FloatMatrix,
                    notes: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:  # fmt: skip
        """The row of each of ``notes``' best chunk: the first that scores the note's best, as
        ``argmax`` over the note's chunks gives it, in a few array operations instead of one
        per note."""
        at_best = per_chunk == best[self.note_of]
        if np.isnan(best[notes]).any():  # argmax names a note's first NaN, never equal to itself
            at_best |= np.isnan(per_chunk)
        rows = np.flatnonzero(at_best)
        return rows[np.searchsorted(rows, self.starts[notes])]


class Meaning:
    """The vectors of one note index and the work of making them (see the module docstring)."""

    def __init__(
        self,
        embedder: Embedder,
        store: IndexStore,
        *,
        hot: Callable[[str], float] = lambda path: 0.0,
        background: bool = True,
        batch: int = BATCH,
        retry_after: float = RETRY_AFTER,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.embedder = embedder
        self.background = background
        self.batch = max(1, batch)
        self.retry_after = retry_after
        self._hot = hot
        self._clock = clock
        self._lock = threading.Condition(threading.Lock())
        self.vectors = VectorStore(store, embedder.name)
        self._chunks: dict[str, list[tuple[str, bytes]]] = {}  # path -> (chunkId, key)
        self._refs: Counter[bytes] = Counter()
        self._scripts: dict[bytes, str] = {}  # key -> the script its text is written in
        # key -> the note's record and chunk, for keys with no vector yet (the text is made
        # again when its turn comes: a first embedding of many notes holds no copy of them)
        self._missing: dict[bytes, tuple[Mapping[str, Any], Mapping[str, Any]]] = {}
        self._queue: list[tuple[float, float, int, bytes]] = []  # (-hot, -mtime, n, key)
        self._queued = 0
        self._in_flight: set[bytes] = set()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._failure: Callable[[], str] | None = None  # why it failed, told now; None: works
        self._failed_at = 0.0
        self._said = False
        self._best: _Best | None = None
        self._queries: dict[str, FloatMatrix] = {}

    def __repr__(self) -> str:
        return f"<Meaning {self.embedder.name}: {self.status()}>"

    # -- following the index ---------------------------------------------------------------

    def follow(self, changed: Mapping[str, NoteChunks | None]) -> None:
        """Take the notes an index update changed (None: the note is gone); queue what is new."""
        with self._lock:
            for path, note in changed.items():
                old = self._chunks.pop(path, [])
                if note is not None:
                    self._chunks[path] = self._note_keys(path, *note)
                for _chunk_id, key in old:
                    self._release(key)
            self._best = None
            self._wake()

    def _wake(self) -> None:
        """Start the background thread when there is work and none runs (under the lock)."""
        if self._missing and self.background and not self._closed and self._thread is None:
            self._thread = threading.Thread(target=self._run, name="wsnb-notes-embed",
                                            daemon=True)  # fmt: skip
            self._thread.start()
        self._lock.notify_all()

    def _note_keys(
        self, path: str, record: dict[str, Any], chunks: list[dict[str, Any]]
    ) -> list[tuple[str, bytes]]:
        keys = []
        priority = (-self._hot(path), -float(record.get("mtime") or 0.0))
        for chunk in chunks:
            text = chunk_text(record, chunk)
            key = text_key(text)
            keys.append((str(chunk["chunkId"]), key))
            self._refs[key] += 1
            if key not in self._scripts:
                self._scripts[key] = script_of(text)
            if key not in self.vectors and key not in self._missing:
                self._missing[key] = (record, chunk)
                self._queued += 1
                heapq.heappush(self._queue, (*priority, self._queued, key))
        return keys

    def _release(self, key: bytes) -> None:
        self._refs[key] -= 1
        if self._refs[key] <= 0:
            del self._refs[key]
            self._scripts.pop(key, None)
            self._missing.pop(key, None)  # its queue entry is skipped when it comes up

    # -- embedding ---------------------------------------------------------------------------

    def _take(self, now: bool = False) -> list[tuple[bytes, str]]:
        """Up to ``batch`` keys to embed, the most wanted first (called under the lock); none
        while the embedder rests after a failure, unless asked ``now``."""
        if self._resting() and not now:
            return []
        taken: list[tuple[bytes, str]] = []
        while self._queue and len(taken) < self.batch:
            key = heapq.heappop(self._queue)[-1]
            source = self._missing.get(key)
            if source is not None and key not in self._in_flight and key not in self.vectors:
                taken.append((key, chunk_text(*source)))
        self._in_flight.update(key for key, _text in taken)
        return taken

    def _embed(self, taken: list[tuple[bytes, str]]) -> None:
        """Embed ``taken`` and keep the vectors; the embedder's ``LLMError`` when it failed
        (the keys go back in line)."""
        try:
            vectors = self.embedder.embed([text for _key, text in taken], "passage")
        except Exception as error:
            failure = _as_failure(error)
            with self._lock:
                self._in_flight.difference_update(key for key, _text in taken)
                for key, _text in taken:  # back in line, first
                    self._queued += 1
                    heapq.heappush(self._queue, (float("-inf"), 0.0, self._queued, key))
                self._failed(failure)
                self._lock.notify_all()
            raise failure from None
        with self._lock:
            self._in_flight.difference_update(key for key, _text in taken)
            kept = [(key, row) for row, (key, _text) in enumerate(taken) if key in self._refs]
            self.vectors.add([key for key, _row in kept], vectors[[row for _key, row in kept]])
            for key, _row in kept:
                self._missing.pop(key, None)
            self._working()
            self._best = None
            self._lock.notify_all()

    def _run(self) -> None:
        """The background thread: embed until nothing is missing, the embedder fails, or stop."""
        progress = Progress(_("Embedding notes"), unit="chunks")
        try:
            while True:
                with self._lock:
                    taken = [] if self._closed else self._take()
                    if not taken:
                        self._finish()
                        return
                    done, total = self._counts()
                progress(done, total)
                self._embed(taken)
        except LLMError:
            return  # said once by _failed; search stays lexical until the embedder answers
        finally:
            progress.close()
            with self._lock:
                if self._thread is threading.current_thread():
                    self._thread = None

    def embed_all(self) -> EmbeddingStatus:
        """Embed everything missing in this thread (the background one may help); return
        once nothing is missing. An embedder that fails raises its ``LLMError``."""
        with Progress(_("Embedding notes"), unit="chunks") as progress:
            while True:
                with self._lock:
                    taken = self._take(now=True)
                    while not taken and self._in_flight:  # the thread's batch: wait for it
                        self._lock.wait(0.5)
                        taken = self._take(now=True)
                    done, total = self._counts()
                progress(done, total)
                if not taken:
                    break
                self._embed(taken)
        with self._lock:
            self._finish()
        return self.status()

    def _finish(self) -> None:
        """Nothing left to embed: drop rows no chunk uses any more, when they are many."""
        if not self._missing and not self._in_flight and self.vectors.compact(self._refs):
            self._best = None

    def _failed(self, error: LLMError) -> None:
        retell = getattr(error, "retell", None)
        self._failure = retell if callable(retell) else (lambda: str(error))
        self._failed_at = self._clock()
        if not self._said:
            self._said = True
            failure = self._failure
            logger.warning("%s", in_english(lambda: _pause_note(failure())))

    def _working(self) -> None:
        if self._failure is not None:
            logger.info("The embedder works again; meaning search resumes.")
            self._failure, self._said = None, False
            self._wake()

    def _resting(self) -> bool:
        return self._failure is not None and self._clock() - self._failed_at < self.retry_after

    # -- state -------------------------------------------------------------------------------

    def _counts(self) -> tuple[int, int]:
        """(chunk texts with a vector, chunk texts in the index): ``_missing`` holds only keys
        some chunk uses."""
        total = len(self._refs)
        return total - len(self._missing), total

    def status(self) -> EmbeddingStatus:
        """How far the embedding has come, and whether it is paused."""
        with self._lock:
            done, total = self._counts()
            if self._closed:
                state = "closed"
            elif self._failure is not None:
                state = "paused"
            else:
                state = "embedding" if done < total else "ready"
            reason = self._failure() if self._failure is not None else ""
            return EmbeddingStatus(state, done, total, self.embedder.name, reason)

    def has_vectors(self) -> bool:
        """Whether any note of the index can be found by meaning now."""
        with self._lock:
            return self._counts()[0] > 0

    def embedded(self, path: str) -> bool:
        """Whether every chunk of the note at ``path`` has its vector."""
        with self._lock:
            chunks = self._chunks.get(path, [])
            return bool(chunks) and all(key in self.vectors for _chunk_id, key in chunks)

    # -- searching ---------------------------------------------------------------------------

    def query_vector(self, query: str) -> FloatMatrix | None:
        """``query`` embedded once (kept for the next same query); None while paused or when
        the embedder fails now (said once, see ``status``)."""
        with self._lock:
            kept = self._queries.get(query)
            if kept is not None or self._resting():
                return kept
        try:
            vector = np.asarray(self.embedder.embed([query], "query")[0], dtype=np.float32)
        except LLMError as error:
            with self._lock:
                self._failed(error)
            return None
        with self._lock:
            self._working()
            if len(self._queries) >= _QUERIES_KEPT:
                self._queries.pop(next(iter(self._queries)))
            self._queries[query] = vector
        return vector

    def best_notes(self, vector: FloatMatrix, depth: int,
                   script: str = "latin") -> list[tuple[str, float, str]]:  # fmt: skip
        """The ``depth`` notes closest to ``vector``, a query written in ``script``: (path,
        best chunk's cosine once each script's mean is out, see ``wsnb.search.embedspace``;
        its chunk id)."""
        with self._lock:
            if self._best is None:
                self._best = _Best(self._chunks, self.vectors, self._scripts)
            return self._best.notes(vector, script, self.vectors, depth)

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the thread after the batch in hand; harmless twice."""
        with self._lock:
            self._closed = True
            thread = self._thread
            self._lock.notify_all()
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)


def _as_failure(error: Exception) -> LLMError:
    """An embedder's failure as an ``LLMError`` sentence (a server's already is one)."""
    if isinstance(error, LLMError):
        return error
    name = type(error).__name__

    def sentence() -> str:
        return _("The embedder failed ({error}); meaning search is paused.").format(error=name)

    return LLMError(sentence(), kind="embedder", retell=sentence)


def _pause_note(reason: str) -> str:
    return _("Meaning search is paused, and notes are found by their words until the embedder "
             "answers again: {reason}").format(reason=reason)  # fmt: skip
