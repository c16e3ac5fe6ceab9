"""The search side of ``Notes``: the index, search by words and by meaning, the vectors.

A mixin of :class:`wsnb.notes.facade.Notes`. ``search(query, mode=...)``
ranks notes by their words (``"words"``: the BM25F ranker of the note
index), by meaning (``"meaning"``: the cosine of the query's vector with
each chunk's, a note scoring its best chunk) or by both fused
(``"hybrid"``, ``wsnb.notes.hybrid``); without a mode it is hybrid as soon
as vectors exist, else words. The prompt's retrieval ranks the same way.

The vectors are made by ``wsnb.notes.meaning`` in the background once the
index is built, or now by ``embed()``. The embedder is chosen once, when
the notes open (``wsnb.search.embed.choose_embedder``: ``embed=None``
follows the environment, ``True`` insists, ``False`` turns meaning off, an
embedder object is used as it is).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pandas as pd

from ..errors import UsageError
from ..i18n import _
from ..noted import with_note
from ..search.embed import Embedder, FloatMatrix, choose_embedder, install_hint
from ..search.embedspace import script_of
from .hybrid import CANDIDATES, MODES, fuse
from .indexreport import IndexReport
from .meaning import EmbeddingStatus, Meaning
from .notehit import NoteHit, hits_frame

if TYPE_CHECKING:
    from .noteindex import NoteIndex

__all__ = ["MeaningSlot", "NotesSearch", "Ranking"]


class MeaningSlot:
    """The embedder of one ``Notes`` and the ``Meaning`` of its current note index."""

    def __init__(self, setting: bool | Embedder | None, *, background: bool = True) -> None:
        self.embedder = choose_embedder(setting)
        self.background = background
        self.current: Meaning | None = None
        self.closed = False

    def bind(self, index: NoteIndex) -> None:
        """Make vectors for ``index`` (a new index replaces the old one's worker)."""
        if self.current is not None:
            self.current.stop(timeout=0)
        self.current = None
        if self.embedder is None or self.closed:
            return
        self.current = Meaning(self.embedder, index.store, hot=index.hotset.boost,
                               background=self.background)  # fmt: skip
        index.on_change = self.current.follow

    def status(self) -> EmbeddingStatus:
        if self.current is None:
            return EmbeddingStatus("closed" if self.closed and self.embedder else "off")
        return self.current.status()

    def stop(self) -> None:
        """Stop making vectors for good; harmless twice."""
        self.closed = True
        if self.current is not None:
            self.current.stop()


@dataclass(frozen=True)
class Ranking:
    """The hits of one search, the mode that ranked them, and what the result leaves out."""

    hits: list[NoteHit]
    mode: str
    note: str = ""


class NotesSearch:
    """The note index, ``search()`` in three modes, ``embed()`` and how far it has come."""

    _meaning: MeaningSlot

    if TYPE_CHECKING:  # given by Notes

        @property
        def note_index(self) -> NoteIndex: ...

        def _fresh_index(self) -> NoteIndex: ...

    def index(self, force: bool = False) -> IndexReport:
        """Bring the index up to date (only changed notes unless ``force``); say what was done,
        and how far the vectors have come.

        Parameters
        ----------
        force : bool
            Read every note again, changed or not.

        Returns
        -------
        IndexReport
        """
        return self._with_embedding(self.note_index.update(force=force))

    @property
    def index_report(self) -> IndexReport:
        """What the index's last update did, whoever ran it (a search, a watcher, ``index()``),
        and how far the vectors have come (brings the index up to date first)."""
        index = self._fresh_index()
        last = index.last_report or IndexReport(0, 0, 0, 0, len(index.manifest()), 0, False, 0.0)
        return self._with_embedding(last)

    def verify_index(self) -> IndexReport:
        """Hash every note: also catches an edit that kept the file's modification time.

        Returns
        -------
        IndexReport
        """
        return self._with_embedding(self.note_index.verify())

    def index_file(self, path: str) -> IndexReport:
        """Index one note now (or forget it when it is gone); say what was done.

        Parameters
        ----------
        path : str
            The note, relative to the notes root.

        Returns
        -------
        IndexReport

        Raises
        ------
        PolicyError
            A path outside the notes.
        """
        return self._with_embedding(self.note_index.index_file(path))

    @property
    def manifest(self) -> pd.DataFrame:
        """One row per indexed note (noteId, path, title, aliases, tags, headings, ...)."""
        return self.note_index.manifest()

    @property
    def chunks(self) -> pd.DataFrame:
        """One row per indexed chunk (chunkId, noteId, path, heading, text, lines)."""
        return self.note_index.chunks()

    def index_stats(self) -> pd.DataFrame:
        """Files, chunks, stale files and when the index was last brought up to date.

        Returns
        -------
        pandas.DataFrame
        """
        return self.note_index.stats()

    def _with_embedding(self, report: IndexReport) -> IndexReport:
        status = self._meaning.status()
        return report if status.state == "off" else replace(report, embedding=str(status))

    def search(self, query: str, limit: int = 5, *, mode: str | None = None) -> pd.DataFrame:
        """Ranked notes for ``query`` (Chinese, English or mixed): path, title, heading,
        score, snippet, lines; paths relative to the notes root.

        ``mode``: ``"words"`` (tokens, never substrings), ``"meaning"`` (vectors:
        a note about 计算机 answers 电脑) or ``"hybrid"`` (both, fused); by
        default hybrid once vectors exist. While notes wait for their vectors,
        or the embedder is paused, the table's note says so. Follows the notes
        changed since the last search first, without walking the folder.

        Parameters
        ----------
        query : str
            Words in Chinese, English or both.
        limit : int
            The best this many notes.
        mode : str, optional
            ``"words"``, ``"meaning"`` or ``"hybrid"``.

        Returns
        -------
        pandas.DataFrame

        Raises
        ------
        UsageError
            An unknown mode, or ``"meaning"`` or ``"hybrid"`` asked for with no embedder
            installed or configured.
        """
        ranking = self._ranked(query, limit, mode)
        frame = hits_frame(ranking.hits, query)
        return with_note(frame, ranking.note, warn=False, mode=ranking.mode)

    def _ranked(self, query: str, limit: int, mode: str | None = None) -> Ranking:
        """The hits for ``query`` in ``mode`` (see ``search``); the prompt's retrieval too."""
        if mode is not None and mode not in MODES:
            raise UsageError(_("mode is 'hybrid', 'words' or 'meaning', not {mode!r}.").format(
                mode=mode))
        if mode in ("hybrid", "meaning") and self._meaning.embedder is None:
            raise UsageError(install_hint())
        index = self._fresh_index()
        meaning = self._meaning.current
        if meaning is None or mode == "words" or (mode is None and not meaning.has_vectors()):
            status = self._meaning.status()
            note = str(status) if mode is None and status.state in ("embedding", "paused") else ""
            return Ranking(index.hits(query, limit), "words", note)
        vector = meaning.query_vector(query)
        status = meaning.status()
        note = "" if status.complete else str(status)
        if vector is None:  # the embedder is paused: words alone, and the note says why
            return Ranking(index.hits(query, limit), "words", note)
        if mode == "meaning":
            return Ranking(_by_meaning(index, meaning, vector, limit, script_of(query)),
                           "meaning", note)
        return Ranking(_hybrid(index, meaning, query, vector, limit, status.complete), "hybrid",
                       note)

    # -- the vectors -----------------------------------------------------------------------

    def embed(self) -> EmbeddingStatus:
        """Embed every chunk that has no vector yet, here and now (with a progress bar in a
        notebook), and return once none is missing: for scripts, tests and benchmarks.

        Returns
        -------
        EmbeddingStatus

        Raises
        ------
        UsageError
            No embedder is installed or configured.
        LLMError
            The embedder failed (a server that is down).
        """
        if self._meaning.embedder is None:
            raise UsageError(install_hint())
        self._fresh_index()
        meaning = self._meaning.current
        if meaning is None:
            raise UsageError(_("These notes are closed; open them again to embed them."))
        return meaning.embed_all()

    @property
    def embedding(self) -> EmbeddingStatus:
        """How far the vectors have come: chunks embedded of all, or why it is paused or off."""
        slot = self._meaning
        if slot.current is not None or (slot.embedder is not None and not slot.closed):
            self._fresh_index()  # the first look builds the index, so an embedder is never "off"
        return slot.status()


def _by_meaning(
    index: NoteIndex, meaning: Meaning, vector: FloatMatrix, limit: int, script: str
) -> list[NoteHit]:
    found = (index.hit_for(path, chunk_id, score)
             for path, score, chunk_id in meaning.best_notes(vector, limit, script))  # fmt: skip
    return [hit for hit in found if hit is not None]


def _hybrid(index: NoteIndex, meaning: Meaning, query: str, vector: FloatMatrix,
            limit: int, complete: bool = False) -> list[NoteHit]:  # fmt: skip
    """The words' and the meaning's best notes fused (``complete``: every note has its
    vectors, so none is asked whether it has)."""
    depth = max(CANDIDATES, limit)
    words = {hit.group: hit for hit in index.ranked(query, depth)}
    best = meaning.best_notes(vector, depth, script_of(query))
    close = {path: chunk_id for path, _score, chunk_id in best}
    hits: list[NoteHit] = []
    for fused in fuse([(path, hit.score) for path, hit in words.items()],
                      [(path, score) for path, score, _chunk_id in best],
                      (lambda path: True) if complete else meaning.embedded):  # fmt: skip
        ranked = words.get(fused.path) if fused.by_words else None
        found = (index.hit_for(fused.path, ranked.doc_id, fused.score, ranked.matched)
                 if ranked is not None else
                 index.hit_for(fused.path, close[fused.path], fused.score))  # fmt: skip
        if found is not None:
            hits.append(found)
        if len(hits) >= limit:
            break
    return hits
