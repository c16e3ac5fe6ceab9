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

Between walks the index follows changes at the cost of the change:
``apply_changes(changed, removed)`` takes the paths a watcher (or a plan)
reports and re-reads only those (a folder: its subtree); ``index_file(path)``
indexes one note. ``refresh()`` is what a search calls first: without a
watcher it revalidates by stat alone, the folders seen at the last walk (a
file created, deleted or renamed changes its folder's time; only those
folders are listed again) and the notes themselves (an edit changes a note's
size or time), so a search never walks the tree. With a watcher feeding
``apply_changes`` (``watched = True``), ``refresh()`` costs nothing.

Search ranks chunks with the BM25F ranker of ``wsnb.search.rank`` over the
fields title, tags, aliases, headings, path and body (boosts 10, 8, 7, 5, 3,
1), keeps each note's best chunk (its other matching chunks add a bounded
share, ``NOTE_EVIDENCE``), and applies the hotset's small boost to notes that
matched. The ranker is built on the first search and kept up to date by later
updates, one note at a time. It is saved to ``.assistant/index/ranker.npz``
with the settings and each note's hash (again after every 50 changed notes),
so the first search of a later session loads it (about a second for 10,000
notes instead of tokenizing every chunk again) and re-adds only the notes
whose hash changed.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any

import pandas as pd

from ..errors import UnsupportedFileError, UsageError, WsnbError
from ..i18n import N_, _, ngettext
from ..policy import AccessPolicy
from ..search.rank import FieldRanker
from ..search.snippet import snippet
from ..search.tokenize import TOKENIZER_VERSION, query_tokens
from ..textio import decode_bytes, read_bytes
from .hotset import Hotset
from .indexstore import CHUNK_FIELDS, MANIFEST_FIELDS, IndexStore, encode_records
from .layout import is_generated_or_persona
from .markdown import chunk_markdown, note_meta
from .rankerfile import note_documents, ready_ranker, save_ranker
from .rules import NoteRules
from .walk import NoteFile, WalkResult, list_folder, walk_notes

__all__ = [
    "DEFAULT_EXTENSIONS",
    "SEARCH_COLUMNS",
    "IndexReport",
    "NoteHit",
    "NoteIndex",
]

logger = logging.getLogger("wsnb")

# What a revalidation stats: (folder, absolute path, mtime ns) and
# (folder, absolute path, size, mtime ms) of each file seen.
# A note's other matching chunks add this share of their scores to its best chunk's (see
# FieldRanker.search_groups), at most doubling it; chosen on tests/notes_eval only.
NOTE_EVIDENCE = 0.2
_SKIPPED_SHOWN = 10  # skipped files named in a report's text; the rest are counted
_RANKER_SAVE_AFTER = 50  # changed notes before the ranker file is saved again (or 5 %)
_Checks = tuple[list[tuple[str, str, int]], list[tuple[str, str, int, float]]]

DEFAULT_EXTENSIONS = (".md", ".markdown", ".txt")
SEARCH_COLUMNS = ["path", "title", "heading", "score", "snippet", "lines"]
STATS_COLUMNS = ["files", "chunks", "stale", "last_indexed"]
_FORMAT = 2  # 2: a heading with no text is chunked with its first subsection


# Why a note file was not indexed: codes kept in the report, sentences shown to a person.
TOO_LARGE = "too_large"
NOT_TEXT = "not_text"
UNREADABLE = "unreadable"
_SKIP_REASONS = {
    TOO_LARGE: N_("larger than the index's size limit (maxFileSize in config.json)"),
    NOT_TEXT: N_("not readable text"),
    UNREADABLE: N_("could not be read"),
}


@dataclass(frozen=True)
class IndexReport:
    """What one update did, in counts of notes; ``full`` when everything was re-indexed.

    ``skipped_files`` names each file passed over and why (``TOO_LARGE``,
    ``NOT_TEXT``, ``UNREADABLE``); ``skipped`` is their count.
    """

    added: int
    updated: int
    moved: int
    removed: int
    unchanged: int
    skipped: int
    full: bool
    seconds: float
    skipped_files: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        kind = _("Full re-index") if self.full else _("Index update")
        text = _("{kind}: {added} added, {updated} updated, {moved} moved, {removed} removed, "
                 "{unchanged} unchanged, {skipped} skipped in {seconds:.2f} s.").format(
            kind=kind, added=self.added, updated=self.updated, moved=self.moved,
            removed=self.removed, unchanged=self.unchanged, skipped=self.skipped,
            seconds=self.seconds)  # fmt: skip
        shown = self.skipped_files[:_SKIPPED_SHOWN]
        lines = [_("Skipped {path}: {reason}.").format(path=path, reason=_(_SKIP_REASONS[why]))
                 for path, why in shown]  # fmt: skip
        if len(self.skipped_files) > len(shown):
            more = len(self.skipped_files) - len(shown)
            lines.append(ngettext("... and {count} more skipped file (see skipped_files).",
                                  "... and {count} more skipped files (see skipped_files).",
                                  more).format(count=more))  # fmt: skip
        return "\n".join([text, *lines])

    @property
    def changed(self) -> int:
        return self.added + self.updated + self.moved + self.removed

    def frame(self) -> pd.DataFrame:
        return pd.DataFrame([{key: value for key, value in asdict(self).items()
                              if key != "skipped_files"}])  # fmt: skip

    def skipped_frame(self) -> pd.DataFrame:
        """One row per skipped file: path, reason (a code), why (a sentence)."""
        return pd.DataFrame(
            [{"path": path, "reason": why, "why": _(_SKIP_REASONS[why])}
             for path, why in self.skipped_files],
            columns=["path", "reason", "why"],
        )


@dataclass(frozen=True)
class NoteHit:
    """One search result: a note and its best-matching chunk."""

    path: str
    title: str
    heading: str
    score: float
    snippet: str
    start_line: int
    end_line: int
    text: str
    matched: tuple[str, ...]

    @property
    def lines(self) -> str:
        return f"{self.start_line}-{self.end_line}"


@dataclass
class _Pending:
    """A note file that must be (re-)parsed: its content and hash."""

    file: NoteFile
    data: bytes
    digest: str
    note_id: str | None = None  # inherited from where the note was before a move


class NoteIndex:
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
        self._check_list: _Checks | None = None
        # Each note's manifest line and chunk lines as last saved: a save re-encodes only the
        # notes that changed. Dropped whenever a note's record or chunks change.
        self._encoded: dict[str, tuple[bytes, bytes]] = {}
        self._ranker_behind = 0  # notes changed since the ranker file was last saved
        self._lock = threading.RLock()  # a watcher's thread and the kernel share the index

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
        with self._lock, _gc_paused():
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
        return report

    def _walk(self) -> WalkResult:
        return walk_notes(self.rules, max_file_size=self.max_file_size, known=self._loaded())

    # -- following changes -----------------------------------------------------

    def apply_changes(self, changed: Iterable[str], removed: Iterable[str] = ()) -> IndexReport:
        """Follow a batch of changes, reading only the paths named (a folder: its subtree).

        ``changed`` and ``removed`` are paths relative to the notes root (or
        absolute inside it), as a watcher reports them; a changed path that no
        longer exists counts as removed, and a path that is not a note is
        passed over. A batch before the first update runs a whole update. A watcher
        thread may call it while the kernel searches: the index takes one lock.
        """
        with self._lock, _gc_paused():
            if self._stamps is None:
                return self._update(False, False)
            started = time.perf_counter()
            changed_paths = self._relative_paths(changed)
            if "" in changed_paths:  # the root itself: walk it all
                return self._update(False, False)
            walk, gone = WalkResult(), set()
            for path in self._relative_paths(removed):
                gone |= self._forget_below(path)
            for path in changed_paths:
                gone |= self._look_at(path, walk)
            return self._apply(walk, gone - walk.files.keys(), False, False, started)

    def index_file(self, path: str) -> IndexReport:
        """Index one note now (or forget it when it is gone); ``UsageError`` if it is no note."""
        relative = self.policy.resolve(path).relative
        if not self.rules.is_note_path(relative):
            raise UsageError(_("{path} is not a note: notes end in {extensions} and are outside "
                               "hidden and ignored folders. Check the path, or the index "
                               "settings in config.json.").format(
                path=relative, extensions=", ".join(self.extensions)))
        return self.apply_changes([relative])

    def refresh(self) -> IndexReport | None:
        """Bring the index up to date cheaply before a search; None when no note changed.

        The first call of a session walks once (``update``); later ones trust a
        watcher when one feeds ``apply_changes``, or else revalidate by stat
        (see the module docstring).
        """
        with self._lock:
            return self._refresh()

    def _refresh(self) -> IndexReport | None:
        if self._stamps is None or not self._settings_match():
            return self.update()
        if self.watched:
            return None
        changed, removed = self._revalidate()
        if not changed and not removed:
            return None
        with _gc_paused():
            started = time.perf_counter()
            walk, gone = WalkResult(), set()
            for folder in removed:
                gone |= self._forget_below(folder)
            for folder in changed:
                gone |= self._relist(folder, walk)
            report = self._apply(walk, gone - walk.files.keys(), False, False, started)
        # A folder's time also moves for what is no note (the index's own .assistant/ folder).
        return report if report.changed or report.skipped else None

    def _revalidate(self) -> tuple[list[str], list[str]]:
        """(folders to list again, folders gone); notes whose stat moved join their folder."""
        assert self._stamps is not None
        stat = os.stat
        changed: dict[str, None] = {}
        removed: list[str] = []
        for folder, absolute, stamp in self._checks()[0]:
            try:
                now = stat(absolute, follow_symlinks=False).st_mtime_ns
            except OSError:
                removed.append(folder)
                continue
            if now != stamp:
                changed[folder] = None
        for folder, absolute, size, mtime in self._checks()[1]:
            try:
                info = stat(absolute, follow_symlinks=False)
            except OSError:
                changed[folder] = None
                continue
            if info.st_size != size or info.st_mtime_ns / 1e6 != mtime:
                changed[folder] = None
        return [folder for folder in changed if folder not in removed], removed

    def _checks(self) -> _Checks:
        """What a revalidation stats, with absolute paths made once (until the index changes)."""
        if self._check_list is None:
            assert self._stamps is not None
            root = os.fspath(self.policy.root)
            folders = [(folder, os.path.join(root, folder), stamp)
                       for folder, stamp in self._stamps.items()]  # fmt: skip
            stats = [(path, record["size"], record["mtime"]) for path, record
                     in self._loaded().items()]  # fmt: skip
            stats += [(path, size, mtime) for path, (size, mtime) in self._others.items()]
            files = [(_parent(path), os.path.join(root, path), size, mtime)
                     for path, size, mtime in stats]  # fmt: skip
            self._check_list = (folders, files)
        return self._check_list

    def _relist(self, folder: str, walk: WalkResult) -> set[str]:
        """List ``folder`` again (its new subfolders whole); the known paths no longer there."""
        assert self._stamps is not None
        try:
            path = self.policy.resolve(folder or ".")
        except WsnbError:
            return self._forget_below(folder)
        found = WalkResult()
        subfolders = list_folder(self.rules, path, found, self.max_file_size, self._loaded())
        if ("" if path.is_root else path.relative) not in found.folders:  # can't be listed
            return self._forget_below(folder)
        listed = {sub.relative for sub in subfolders}
        for sub in [sub for sub in subfolders if sub.relative not in self._stamps]:
            found = _merged(found, walk_notes(self.rules, max_file_size=self.max_file_size,
                                              known=self._loaded(), start=sub))  # fmt: skip
        gone = {p for p in self._direct(folder) if p not in found.files}
        for old in [f for f in self._stamps if f and _parent(f) == folder and f not in listed]:
            gone |= self._forget_below(old)
        self._take(found, walk)
        return gone

    def _look_at(self, relative: str, walk: WalkResult) -> set[str]:
        """Read one changed path into ``walk``; the known paths it makes gone.

        A path in a folder the index has not walked yet (a new folder whose
        event came late or not at all) walks that folder whole instead, so
        every folder above a note stays stamped for revalidation.
        """
        assert self._stamps is not None
        parts = relative.split("/")
        for end in range(1, len(parts)):
            folder_path = "/".join(parts[:end])
            if folder_path not in self._stamps:
                return self._look_at(folder_path, walk)
        parent, _sep, name = relative.rpartition("/")
        try:
            folder = self.policy.resolve(parent or ".")
            path, info = self.policy.resolve_child(folder, name)
        except WsnbError:
            return self._forget_below(relative)
        if info is None:
            return self._forget_below(relative)
        if os.path.isdir(path.absolute) and not os.path.islink(path.absolute):
            if not self.rules.is_folder_path(relative):
                return self._forget_below(relative)
            found = walk_notes(self.rules, max_file_size=self.max_file_size,
                               known=self._loaded(), start=path)  # fmt: skip
            gone = {p for p in self._below(relative) if p not in found.files}
            self._take(found, walk)
            return gone
        if not self.rules.is_note_path(relative) or not os.path.isfile(path.absolute):
            return self._forget_below(relative)
        if info.st_size > self.max_file_size:
            walk.too_large.append(relative)
            walk.too_large_stats[relative] = (info.st_size, info.st_mtime_ns / 1e6)
            return {relative}
        walk.files[relative] = NoteFile(folder, name, relative, info.st_size,
                                        info.st_mtime_ns / 1e6)  # fmt: skip
        return set()

    def _take(self, found: WalkResult, walk: WalkResult) -> None:
        _merged(walk, found)
        assert self._stamps is not None
        self._stamps.update(found.folders)

    def _forget_below(self, relative: str) -> set[str]:
        """The known notes at or below ``relative``, whose folder stamps are dropped.

        Every folder above a known note is stamped (walked), so a path that is
        not a stamped folder has nothing below it: that costs a lookup, not a scan.
        """
        if self._stamps is None or relative not in self._stamps:
            self._others.pop(relative, None)
            return {relative} if relative in self._loaded() else set()
        if self._stamps is not None:
            for folder in [f for f in self._stamps if _at_or_below(f, relative)]:
                del self._stamps[folder]
        for path in [p for p in self._others if _at_or_below(p, relative)]:
            del self._others[path]
        return self._below(relative)

    def _below(self, relative: str) -> set[str]:
        return {path for path in self._loaded() if _at_or_below(path, relative)}

    def _direct(self, folder: str) -> set[str]:
        """The notes directly in ``folder``; its files not indexed are forgotten (listed again)."""
        for path in [p for p in self._others if _parent(p) == folder]:
            del self._others[path]
        return {path for path in self._loaded() if _parent(path) == folder}

    def _relative_paths(self, paths: Iterable[str]) -> list[str]:
        """Each path as the policy's relative path; paths outside the root are passed over."""
        found: list[str] = []
        for path in paths:
            try:
                relative = self.policy.resolve(path).relative
            except WsnbError:
                logger.info("A change outside the notes root was passed over.")
                continue
            found.append("" if relative == "." else relative)
        return found

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
            {"chunkId": f"{note_id}:{number}", "noteId": note_id, "path": path,
             "heading": piece.heading, "text": piece.text, "startLine": piece.start_line,
             "endLine": piece.end_line}
            for number, piece in enumerate(pieces)
        ] or [_empty_chunk(note_id, path)]  # fmt: skip
        self._drop(path)
        self._put(record, chunks)
        return True

    def _new_id(self, path: str) -> str:
        taken = self._note_ids
        seed = path
        while True:
            note_id = hashlib.sha256(seed.encode("utf-8")).hexdigest()[:16]
            if note_id not in taken:
                return note_id
            seed += "#"

    def _categories(self, path: str) -> list[str]:
        return list(self._categorize(path)) if self._categorize is not None else []

    def _put(self, record: dict[str, Any], chunks: list[dict[str, Any]]) -> None:
        path = record["path"]
        self._loaded()[path] = record
        self._note_ids.add(record["noteId"])
        self._chunks[path] = chunks
        for chunk in chunks:
            self._by_chunk[chunk["chunkId"]] = chunk
        if self._ranker is not None:
            self._ranker.add_many(note_documents(record, chunks))

    def _drop(self, path: str) -> None:
        record = self._loaded().pop(path, None)
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
        if not isinstance(query, str) or not query.strip():
            raise UsageError("Give a query with at least one word, e.g. search('meeting notes').")
        if limit < 0:
            raise UsageError("The limit must be zero or more.")
        with self._lock:
            ranker = self._ready_ranker()
            found = ranker.search_groups(query_tokens(query), limit, boost=self.hotset.boost,
                                         others=NOTE_EVIDENCE)  # fmt: skip
            return [self._hit(hit.group, hit.score, hit.doc_id, hit.matched) for hit in found]

    def search(self, query: str, limit: int = 5) -> pd.DataFrame:
        """Ranked notes as a DataFrame: path, title, heading, score, snippet, lines (+ text)."""
        found = self.hits(query, limit)
        frame = pd.DataFrame(
            {
                "path": [hit.path for hit in found],
                "title": [hit.title for hit in found],
                "heading": [hit.heading for hit in found],
                "score": [round(hit.score, 4) for hit in found],
                "snippet": [hit.snippet for hit in found],
                "lines": [hit.lines for hit in found],
                "text": [hit.text for hit in found],
            },
            columns=[*SEARCH_COLUMNS, "text"],
        )
        frame.attrs["query_tokens"] = query_tokens(query)
        return frame

    def _hit(self, path: str, score: float, chunk_id: str, matched: tuple[str, ...]) -> NoteHit:
        record = self._loaded()[path]
        chunk = self._by_chunk[chunk_id]
        return NoteHit(
            path=path, title=record["title"], heading=chunk["heading"], score=score,
            snippet=snippet(chunk["text"], matched), start_line=chunk["startLine"],
            end_line=chunk["endLine"], text=chunk["text"], matched=matched,
        )  # fmt: skip

    def _ready_ranker(self) -> FieldRanker:
        """The ranker, built from the loaded index on first use (after an update if none ran)."""
        if self._notes is None:
            self.update()
        if self._ranker is None:
            with _gc_paused():
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
        """One row per chunk, with the chunk records' fields as columns."""
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


def _parent(path: str) -> str:
    return path.rpartition("/")[0]


def _at_or_below(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder + "/") or folder in ("", ".")


def _merged(first: WalkResult, second: WalkResult) -> WalkResult:
    first.files.update(second.files)
    first.too_large.extend(second.too_large)
    first.too_large_stats.update(second.too_large_stats)
    first.folders.update(second.folders)
    return first


def _empty_chunk(note_id: str, path: str) -> dict[str, Any]:
    """A note with no body text still gets a chunk, so its title and tags can be found."""
    return {"chunkId": f"{note_id}:0", "noteId": note_id, "path": path, "heading": "",
            "text": "", "startLine": 1, "endLine": 1}  # fmt: skip


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """No cyclic garbage collection while building: indexing allocates millions of small
    objects and none of them are cycles to collect, so every collection is wasted work."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
