"""The incremental, bilingual index of a notes workspace, and search over it.

``NoteIndex.update()`` brings ``.assistant/index/`` up to date with the notes
on disk, doing as little as it can:

* a file whose size and modification time match its manifest record is not
  read at all; one that differs is read and hashed, and re-indexed only when
  the content hash differs too (a ``touch`` costs a hash, not a re-parse);
* ``verify()`` hashes every file, so an edit that kept the modification
  time (and the size) is still caught;
* a file that disappeared while a new one with the same hash appeared was
  moved: its record and chunks move with it (same ``noteId``), unparsed;
* when the tokenizer or the chunk settings differ from those the index was
  built with (or are unknown, as in a CodePilot workspace), everything is
  re-indexed, keeping each note's ``noteId``.

Between walks the index follows changes at the cost of the change
(``apply_changes``, ``index_file``, ``refresh``: see ``wsnb.notes.changes``),
so a search never walks the tree.

Search ranks chunks with the BM25F ranker of ``wsnb.search.rank`` over the
fields title, tags, aliases, headings, path and body (boosts 10, 8, 7, 5, 3,
1), keeps each note's best chunk (its other matching chunks add a bounded
share, ``NOTE_EVIDENCE``), and applies the hotset's small boost to notes that
matched. The ranker is built on the first search and kept up to date by later
updates, one note at a time. It is saved to ``.assistant/index/ranker.npz``
with the settings and each note's hash (again after every 50 changed notes),
so the first search of a later session loads it (about a second for 10,000
notes instead of tokenizing every chunk again) and re-adds only the notes
whose hash changed. ``on_change`` hears which notes each update changed.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any

import pandas as pd

from ..disk.textio import decode_bytes, read_bytes
from ..errors import UnsupportedFileError, UsageError, WsnbError
from ..policy.access import AccessPolicy
from ..search.rank import FieldRanker, GroupHit
from ..search.snippet import snippet
from ..search.tokenize import TOKENIZER_VERSION, query_tokens
from ..text.markdown import chunk_markdown, note_meta
from .changes import Checks, FollowChanges, gc_paused
from .hotset import Hotset
from .indexreport import NOT_TEXT, TOO_LARGE, UNREADABLE, IndexReport
from .indexstore import CHUNK_FIELDS, MANIFEST_FIELDS, IndexStore, empty_chunk, encode_records
from .layout import is_generated_or_persona
from .notehit import SEARCH_COLUMNS, NoteChunks, NoteHit, hits_frame
from .rankerfile import note_documents, ready_ranker, save_ranker
from .rules import NoteRules
from .walk import NoteFile, WalkResult, walk_notes

__all__ = [
    "DEFAULT_EXTENSIONS",
    "NOT_TEXT",
    "SEARCH_COLUMNS",
    "TOO_LARGE",
    "UNREADABLE",
    "IndexReport",
    "NoteHit",
    "NoteIndex",
]

logger = logging.getLogger("wsnb")

# A note's other matching chunks add this share of their scores to its best chunk's (see
# FieldRanker.search_groups), at most doubling it; chosen on tests/notes_eval only.
NOTE_EVIDENCE = 0.2
_RANKER_SAVE_AFTER = 50  # changed notes before the ranker file is saved again (or 5 %)

DEFAULT_EXTENSIONS = (".md", ".markdown", ".txt")
STATS_COLUMNS = ["files", "chunks", "stale", "last_indexed"]
_FORMAT = 2  # 2: a heading with no text is chunked with its first subsection


@dataclass
class _Pending:
    """A note file that must be (re-)parsed: its content and hash."""

    file: NoteFile
    data: bytes
    digest: str
    note_id: str | None = None  # inherited from where the note was before a move


class NoteIndex(FollowChanges):
    """The note index of one workspace (see the module docstring).

    The keyword arguments are the index settings of ``config.json``;
    ``categorize`` maps a relative path to the category ids stored in the
    manifest; ``exclude`` says which paths are not notes (persona files and
    generated overviews by default).
    """

    def __init__(
        self,
        policy: AccessPolicy,
        *,
        extensions: Iterable[str] = DEFAULT_EXTENSIONS,
        ignore: Iterable[str] = (),
        max_depth: int = 8,
        max_file_size: int = 512 * 1024,
        chunk_size: int = 1200,
        chunk_overlap: int = 150,
        categorize: Callable[[str], list[str]] | None = None,
        exclude: Callable[[str], bool] = is_generated_or_persona,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if chunk_size < 1 or not 0 <= chunk_overlap < chunk_size:
            raise UsageError("The chunk size must be positive and the overlap between 0 and "
                             "the chunk size; check the index settings in config.json.")
        self.policy = policy
        self.extensions = tuple(extensions)
        self.ignore = tuple(ignore)
        self.max_depth = max_depth
        self.max_file_size = max_file_size
        self.chunk_size = chunk_size
        self.chunk_overlap = chunk_overlap
        self._categorize = categorize
        self._exclude = exclude
        self._clock = clock
        self.store = IndexStore(policy)
        self.hotset = Hotset(self.store, clock=clock)
        self._notes: dict[str, dict[str, Any]] | None = None
        self._chunks: dict[str, list[dict[str, Any]]] = {}
        self._by_chunk: dict[str, dict[str, Any]] = {}  # chunkId -> chunk record
        self._note_ids: set[str] = set()
        self._stored_settings: dict[str, Any] = {}
        self._ranker: FieldRanker | None = None
        self._last_indexed: str | None = None
        self.rules = NoteRules(policy, extensions=self.extensions, ignore=self.ignore,
                               max_depth=max_depth, exclude=exclude)  # fmt: skip
        # What the last walk saw, for revalidation: folder -> mtime (ns), and the files that
        # are not indexed (too large, not text) -> (size, mtime), so a change to them is seen.
        self._stamps: dict[str, int] | None = None
        self._others: dict[str, tuple[int, float]] = {}
        self.watched = False  # True while a watcher feeds apply_changes: refresh() then trusts it
        self._check_list: Checks | None = None
        # Each note's manifest line and chunk lines as last saved: a save re-encodes only the
        # notes that changed. Dropped whenever a note's record or chunks change.
        self._encoded: dict[str, tuple[bytes, bytes]] = {}
        self._ranker_behind = 0  # notes changed since the ranker file was last saved
        self._lock = threading.RLock()  # a watcher's thread and the kernel share the index
        # Told, after each update, which notes changed (None: gone): the vectors follow it.
        self.on_change: Callable[[dict[str, NoteChunks | None]], None] | None = None
        self._touched: set[str] = set()  # notes put or dropped since on_change was last told
        self.last_report: IndexReport | None = None  # of the last update, whoever ran it

    def __repr__(self) -> str:
        return f"<NoteIndex {self.policy.root}>"

    # -- settings --------------------------------------------------------------

    def settings(self) -> dict[str, Any]:
        """What the index depends on: a change of any of these re-indexes everything."""
        return {
            "format": _FORMAT,
            "tokenizer": TOKENIZER_VERSION,
            "chunkSize": self.chunk_size,
            "chunkOverlap": self.chunk_overlap,
        }

    def _settings_match(self) -> bool:
        stored = self._stored_settings
        return all(stored.get(key) == value for key, value in self.settings().items())

    # -- loading ---------------------------------------------------------------

    def _loaded(self) -> dict[str, dict[str, Any]]:
        if self._notes is None:
            self._notes = {record["path"]: record for record in self.store.load_manifest()}
            self._touched.update(self._notes)
            self._note_ids = {record["noteId"] for record in self._notes.values()}
            ids = {record["noteId"]: path for path, record in self._notes.items()}
            chunks: dict[str, list[dict[str, Any]]] = {}
            for chunk in self.store.load_chunks():
                if ids.get(chunk["noteId"]) == chunk["path"]:
                    chunks.setdefault(chunk["path"], []).append(chunk)
            self._chunks = chunks
            self._by_chunk = {c["chunkId"]: c for group in chunks.values() for c in group}
            self._stored_settings = self.store.load_settings()
            self._last_indexed = self._stored_settings.get("lastIndexed")
        return self._notes

    # -- updating --------------------------------------------------------------

    def update(self, force: bool = False, *, verify: bool = False) -> IndexReport:
        """Bring the index up to date; ``force`` re-indexes everything, ``verify`` hashes all."""
        with self._lock, gc_paused():
            return self._update(force, verify)

    def _update(self, force: bool, verify: bool) -> IndexReport:
        started = time.perf_counter()
        notes = self._loaded()
        full = force or not self._settings_match()
        walk = self._walk()
        self._stamps = dict(walk.folders)
        self._others = {}
        gone = set(notes.keys() - walk.files.keys())
        return self._apply(walk, gone, full, verify, started)

    def _apply(
        self, walk: WalkResult, gone_paths: set[str], full: bool, verify: bool, started: float
    ) -> IndexReport:
        """Index ``walk.files`` where they changed and forget ``gone_paths``; save; report."""
        self._check_list = None
        notes = self._loaded()
        unchanged, touched, pending, skipped = self._sort_out(walk.files, full, verify)
        gone = {path: notes[path] for path in gone_paths if path in notes}
        moved = self._apply_moves(pending, gone, full)
        added = updated = 0
        for item in pending:
            existed = item.file.relative in notes
            if not self._parse(item):
                skipped.append((item.file.relative, NOT_TEXT))
                self._others[item.file.relative] = (item.file.size, item.file.mtime)
            elif existed:
                updated += 1
            elif item.note_id is None:
                added += 1
        for path in gone:
            self._drop(path)
            self.hotset.forget(path)
        self._others.update(walk.too_large_stats)
        skipped += [(path, TOO_LARGE) for path in walk.too_large]
        report = IndexReport(added, updated, moved, len(gone), unchanged, len(skipped), full,
                             0.0, tuple(sorted(skipped)))  # fmt: skip
        self._last_indexed = datetime.fromtimestamp(self._clock(), UTC).isoformat(
            timespec="seconds")  # fmt: skip
        if report.changed or touched or full or not self._settings_match():
            self._save(len(self._loaded()) if full else report.changed)
        report = IndexReport(**{**asdict(report), "seconds": time.perf_counter() - started})
        logger.info("Notes index: %s", report)
        self.last_report = report
        self._tell()
        return report

    def _tell(self) -> None:
        """Tell ``on_change`` which notes changed since it was last told, with their chunks."""
        if self.on_change is not None and self._touched:
            notes, touched, self._touched = self._loaded(), sorted(self._touched), set()
            self.on_change({path: (notes[path], self._chunks.get(path, [])) if path in notes
                            else None for path in touched})  # fmt: skip

    def _walk(self) -> WalkResult:
        return walk_notes(self.rules, max_file_size=self.max_file_size, known=self._loaded())

    def verify(self) -> IndexReport:
        """An update that hashes every note, catching edits that kept size and time."""
        return self.update(verify=True)

    def _sort_out(
        self, files: dict[str, NoteFile], full: bool, verify: bool
    ) -> tuple[int, bool, list[_Pending], list[tuple[str, str]]]:
        """(unchanged count, whether records changed, files to parse, files skipped and why)."""
        notes = self._loaded()
        unchanged = 0
        skipped: list[tuple[str, str]] = []
        touched = False
        pending: list[_Pending] = []
        for path, file in files.items():
            record = notes.get(path)
            same_stat = record is not None and (record["size"], record["mtime"]) == (
                file.size, file.mtime)  # fmt: skip
            if record is not None and same_stat and not (full or verify):
                unchanged += 1
                continue
            try:
                data = read_bytes(file.resolve(self.policy), limit=self.max_file_size + 1)
            except (OSError, WsnbError):
                skipped.append((path, UNREADABLE))
                continue
            digest = hashlib.sha256(data).hexdigest()
            if record is not None and record["hash"] == digest and not full:
                if not same_stat:
                    record.update(size=file.size, mtime=file.mtime)
                    self._encoded.pop(path, None)
                    touched = True
                unchanged += 1
                continue
            pending.append(_Pending(file, data, digest))
        return unchanged, touched, pending, skipped

    def _apply_moves(
        self, pending: list[_Pending], gone: dict[str, dict[str, Any]], full: bool
    ) -> int:
        """Move the records of notes that reappear elsewhere with the same content.

        In a full re-index a moved note is still parsed again (the settings
        may have changed), under its old ``noteId``.
        """
        by_hash = {record["hash"]: path for path, record in gone.items() if record["hash"]}
        moved = 0
        for item in list(pending):
            old_path = by_hash.pop(item.digest, None)
            new_path = item.file.relative
            if old_path is None or new_path in self._loaded():
                continue
            record = gone.pop(old_path)
            chunks = self._chunks.get(old_path, [])
            self._drop(old_path)
            self.hotset.rename(old_path, new_path)
            moved += 1
            if full:
                item.note_id = record["noteId"]
                continue
            record.update(path=new_path, size=item.file.size, mtime=item.file.mtime,
                          categoryIds=self._categories(new_path))  # fmt: skip
            for chunk in chunks:
                chunk["path"] = new_path
            self._put(record, chunks)
            pending.remove(item)
        return moved

    def _parse(self, item: _Pending) -> bool:
        """Index one note from its bytes; False when it is not readable text."""
        path = item.file.relative
        try:
            text, _encoding = decode_bytes(item.data)
        except UnsupportedFileError:
            logger.info("%s is not readable text; it is not indexed.", path)
            self._drop(path)  # an earlier text version must not stay findable
            return False
        old = self._loaded().get(path)
        note_id = item.note_id or (old["noteId"] if old is not None else self._new_id(path))
        meta = note_meta(text, path)
        record = {
            "noteId": note_id, "path": path, "title": meta.title, "aliases": meta.aliases,
            "tags": meta.tags, "headings": meta.headings, "mtime": item.file.mtime,
            "size": item.file.size, "hash": item.digest, "summary": meta.summary,
            "categoryIds": self._categories(path),
        }  # fmt: skip
        pieces = chunk_markdown(text, self.chunk_size, self.chunk_overlap)
        chunks = [
            # CodePilot's shape: ``<noteId>-<n>``, lines counted from 0 (a hit shows them from 1).
            {"chunkId": f"{note_id}-{number}", "noteId": note_id, "path": path,
             "heading": piece.heading, "text": piece.text, "startLine": piece.start_line - 1,
             "endLine": piece.end_line - 1}
            for number, piece in enumerate(pieces)
        ] or [empty_chunk(note_id, path)]  # fmt: skip
        self._drop(path)
        self._put(record, chunks)
        return True

    def _new_id(self, path: str) -> str:
        taken = self._note_ids
        seed = path
        while True:
            # CodePilot's note id: the MD5 of the path (a clash, rare as it is, gets a new seed).
            note_id = hashlib.md5(seed.encode("utf-8"), usedforsecurity=False).hexdigest()
            if note_id not in taken:
                return note_id
            seed += "#"

    def _categories(self, path: str) -> list[str]:
        return list(self._categorize(path)) if self._categorize is not None else []

    def _put(self, record: dict[str, Any], chunks: list[dict[str, Any]]) -> None:
        path = record["path"]
        self._loaded()[path] = record
        self._touched.add(path)
        self._note_ids.add(record["noteId"])
        self._chunks[path] = chunks
        for chunk in chunks:
            self._by_chunk[chunk["chunkId"]] = chunk
        if self._ranker is not None:
            self._ranker.add_many(note_documents(record, chunks))

    def _drop(self, path: str) -> None:
        record = self._loaded().pop(path, None)
        self._touched.add(path)
        if record is not None:
            self._note_ids.discard(record["noteId"])
        chunks = self._chunks.pop(path, [])
        for chunk in chunks:
            self._by_chunk.pop(chunk["chunkId"], None)
        if self._ranker is not None:
            for chunk in chunks:
                self._ranker.remove(chunk["chunkId"])
        self._others.pop(path, None)
        self._encoded.pop(path, None)

    def _save(self, changed: int) -> None:
        notes = self._loaded()
        ordered = sorted(notes)
        self._stored_settings = {**self.settings(), "lastIndexed": self._last_indexed}
        lines = [self._lines(path) for path in ordered]
        self.store.save_lines((pair[0] for pair in lines), (pair[1] for pair in lines),
                              self._stored_settings)  # fmt: skip
        self.hotset.save()
        self._ranker_behind += changed
        if self._ranker is not None and self._ranker_behind >= max(_RANKER_SAVE_AFTER,
                                                                   len(notes) // 20):
            # A ranker file a few notes behind is still right: a next session re-adds the notes
            # whose hash differs from it. Saving it costs a full encode, so not at every change.
            save_ranker(self.store, self.settings(), notes, self._chunks, self._ranker)
            self._ranker_behind = 0

    def _lines(self, path: str) -> tuple[bytes, bytes]:
        lines = self._encoded.get(path)
        if lines is None:
            lines = self._encoded[path] = (
                encode_records([self._loaded()[path]], MANIFEST_FIELDS),
                encode_records(self._chunks.get(path, []), CHUNK_FIELDS),
            )
        return lines

    # -- searching -------------------------------------------------------------

    def hits(self, query: str, limit: int = 5) -> list[NoteHit]:
        """The best notes for ``query``, one hit per note, best first."""
        with self._lock:
            return [self._hit(hit.group, hit.score, hit.doc_id, hit.matched)
                    for hit in self.ranked(query, limit)]  # fmt: skip

    def ranked(self, query: str, limit: int = 5) -> list[GroupHit]:
        """``hits`` as the ranker gives them (note, best chunk, score, words), no snippet made."""
        if not isinstance(query, str) or not query.strip():
            raise UsageError("Give a query with at least one word, e.g. search('meeting notes').")
        if limit < 0:
            raise UsageError("The limit must be zero or more.")
        with self._lock:
            return self._ready_ranker().search_groups(query_tokens(query), limit,
                                                      boost=self.hotset.booster(),
                                                      others=NOTE_EVIDENCE)  # fmt: skip

    def search(self, query: str, limit: int = 5) -> pd.DataFrame:
        """Ranked notes as a DataFrame: path, title, heading, score, snippet, lines (+ text)."""
        return hits_frame(self.hits(query, limit), query)

    def hit_for(self, path: str, chunk_id: str, score: float,
                matched: tuple[str, ...] = ()) -> NoteHit | None:  # fmt: skip
        """The hit of one chunk of a note, ranked elsewhere (None: gone since)."""
        with self._lock:
            chunk = self._by_chunk.get(chunk_id)
            if path not in self._loaded() or chunk is None or chunk["path"] != path:
                return None
            return self._hit(path, score, chunk_id, matched)

    def _hit(self, path: str, score: float, chunk_id: str, matched: tuple[str, ...]) -> NoteHit:
        record = self._loaded()[path]
        chunk = self._by_chunk[chunk_id]
        return NoteHit(
            path=path, title=record["title"], heading=chunk["heading"], score=score,
            snippet=snippet(chunk["text"], matched), start_line=chunk["startLine"] + 1,
            end_line=chunk["endLine"] + 1, text=chunk["text"], matched=matched,
        )  # fmt: skip

    def _ready_ranker(self) -> FieldRanker:
        """The ranker, built from the loaded index on first use (after an update if none ran)."""
        if self._notes is None:
            self.update()
        if self._ranker is None:
            with gc_paused():
                self._ranker = ready_ranker(self.store, self.settings(), self._loaded(),
                                            self._chunks)  # fmt: skip
        return self._ranker

    # -- frames ----------------------------------------------------------------

    def manifest(self) -> pd.DataFrame:
        """One row per indexed note, with the manifest's fields as columns."""
        notes = self._loaded()
        rows = [notes[path] for path in sorted(notes)]
        return pd.DataFrame([{name: row.get(name) for name in MANIFEST_FIELDS} for row in rows],
                            columns=list(MANIFEST_FIELDS))  # fmt: skip

    def chunks(self) -> pd.DataFrame:
        """One row per chunk, with the chunk records' fields as columns (lines from 0, as
        CodePilot counts them; ``NoteHit.lines`` counts from 1)."""
        self._loaded()
        rows = [chunk for path in sorted(self._chunks) for chunk in self._chunks[path]]
        return pd.DataFrame([{name: row.get(name) for name in CHUNK_FIELDS} for row in rows],
                            columns=list(CHUNK_FIELDS))  # fmt: skip

    def stats(self) -> pd.DataFrame:
        """One row: indexed files and chunks, how many notes are stale now, when last indexed."""
        notes = self._loaded()
        walk = self._walk()
        stale = len(notes.keys() - walk.files.keys())
        for path, file in walk.files.items():
            record = notes.get(path)
            if record is None or (record["size"], record["mtime"]) != (file.size, file.mtime):
                stale += 1
        if not self._settings_match():
            stale = max(stale, len(notes))
        return pd.DataFrame(
            [[len(notes), sum(len(c) for c in self._chunks.values()), stale, self._last_indexed]],
            columns=STATS_COLUMNS,
        )
