"""The note index on disk: ``manifest.jsonl``, ``chunks.jsonl`` and wsnb's ``settings.json``.

The records keep the field names of the CodePilot assistant workspace, so an
existing workspace's index loads as it is::

    manifest.jsonl  noteId path title aliases tags headings mtime size hash summary categoryIds
    chunks.jsonl    chunkId noteId path heading text startLine endLine

written CodePilot's way: ``noteId`` the MD5 of the path, ``chunkId``
``<noteId>-<n>``, lines counted from 0. Chunks that wsnb wrote before
(``<noteId>:<n>``, lines from 1) are read in that shape too.

``settings.json`` is wsnb's own, read and written by ``wsnb.notes.meta``
like every metadata JSON file: the tokenizer and chunk settings the index
was built with, and when it was last brought up to date. When it is missing
or says something else, the next update re-indexes everything. So is
``ranker.npz``: the search ranker's postings as plain numpy arrays (loaded
without pickle), so a new session does not tokenize every chunk again.

Reading is lenient: a line that is not a JSON object with the fields a
record needs is skipped (and counted in a warning), never a reason to drop
the whole index. Writing is atomic (``wsnb.disk.fsops.atomic_write``), through the
access policy, and only below ``.assistant/index/``.
"""

from __future__ import annotations

import io
import json
import logging
import os
import stat
import zipfile
from collections.abc import Callable, Iterable
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from ..disk import fsops
from ..disk.textio import read_bytes
from ..errors import PolicyError
from ..policy.access import AccessPolicy
from ..types import PermissionMode, Rule
from .layout import INDEX_DIR
from .meta import make_folders, read_meta_json, write_meta_json

__all__ = [
    "CHUNKS_FILE",
    "CHUNK_FIELDS",
    "MANIFEST_FIELDS",
    "MANIFEST_FILE",
    "RANKER_FILE",
    "SETTINGS_FILE",
    "IndexStore",
    "empty_chunk",
    "encode_records",
]

logger = logging.getLogger("wsnb")

MANIFEST_FILE = f"{INDEX_DIR}/manifest.jsonl"
CHUNKS_FILE = f"{INDEX_DIR}/chunks.jsonl"
SETTINGS_FILE = f"{INDEX_DIR}/settings.json"
RANKER_FILE = f"{INDEX_DIR}/ranker.npz"  # wsnb's own: the search ranker, rebuilt if missing

MANIFEST_FIELDS = (
    "noteId", "path", "title", "aliases", "tags", "headings", "mtime", "size", "hash", "summary",
    "categoryIds",
)  # fmt: skip
CHUNK_FIELDS = ("chunkId", "noteId", "path", "heading", "text", "startLine", "endLine")

# What a record must hold to be used, and the type each of those fields must have.
_MANIFEST_REQUIRED: dict[str, type | tuple[type, ...]] = {
    "noteId": str, "path": str, "mtime": (int, float), "size": int,
}  # fmt: skip
_CHUNK_REQUIRED: dict[str, type | tuple[type, ...]] = {
    "noteId": str, "path": str, "text": str,
}  # fmt: skip
_LIST_FIELDS = ("aliases", "tags", "headings", "categoryIds")


class IndexStore:
    """Loads and saves the index files of one notes workspace."""

    def __init__(self, policy: AccessPolicy) -> None:
        self.policy = policy

    @property
    def writable(self) -> bool:
        return self.policy.mode is not PermissionMode.READ_ONLY

    # -- reading ---------------------------------------------------------------

    def load_manifest(self) -> list[dict[str, Any]]:
        """The manifest records that are whole; broken lines are skipped."""
        records = [_manifest_record(raw) for raw in self._lines(MANIFEST_FILE)]
        return self._kept(records, MANIFEST_FILE)

    def load_chunks(self) -> list[dict[str, Any]]:
        """The chunk records that are whole; broken lines are skipped."""
        records = [_chunk_record(raw) for raw in self._lines(CHUNKS_FILE)]
        return self._kept(records, CHUNKS_FILE)

    def load_settings(self) -> dict[str, Any]:
        """wsnb's settings file, read as all metadata JSON is (``wsnb.notes.meta``); {} when
        missing or unusable (the index is then rebuilt)."""
        loaded = read_meta_json(self.policy, SETTINGS_FILE)
        return loaded if isinstance(loaded, dict) else {}

    def _lines(self, relative: str) -> list[Any]:
        """Each non-blank line parsed as JSON (None where a line is not JSON)."""
        data = self._read(relative)
        if data is None:
            return []
        lines = [line for line in data.decode("utf-8-sig", errors="replace").splitlines()
                 if line.strip()]  # fmt: skip
        try:  # the usual case, all lines whole: one parse of the whole file
            parsed: list[Any] = json.loads("[" + ",".join(lines) + "]")
            if len(parsed) == len(lines):
                return parsed
        except ValueError:
            pass
        return [_parse_line(line) for line in lines]

    def _read(self, relative: str) -> bytes | None:
        """The file's bytes; None when it is missing or not a regular file."""
        path = self.policy.resolve(relative)
        try:
            info = os.lstat(path.absolute)
        except (FileNotFoundError, NotADirectoryError):
            return None
        if not stat.S_ISREG(info.st_mode):
            logger.warning("%s is not a regular file; it is ignored.", relative)
            return None
        return read_bytes(path)

    @staticmethod
    def _kept(records: list[dict[str, Any] | None], relative: str) -> list[dict[str, Any]]:
        kept = [record for record in records if record is not None]
        if len(kept) < len(records):
            logger.warning("%s: %d broken line(s) skipped; they are re-indexed on the next "
                           "update.", relative, len(records) - len(kept))  # fmt: skip
        return kept

    # -- writing ---------------------------------------------------------------

    def save(
        self,
        manifest: Iterable[dict[str, Any]],
        chunks: Iterable[dict[str, Any]],
        settings: dict[str, Any],
    ) -> None:
        """Write all three files, each atomically; chunks before the manifest that names them."""
        self.save_lines(_jsonl(manifest, MANIFEST_FIELDS), _jsonl(chunks, CHUNK_FIELDS), settings)

    def save_lines(
        self, manifest: Iterable[bytes], chunks: Iterable[bytes], settings: dict[str, Any]
    ) -> None:
        """:meth:`save` from records already encoded (:func:`encode_records`), kept by a caller
        that re-encodes only the records that changed."""
        if not self.writable:
            logger.info("The notes workspace is read-only; the index is kept in memory only.")
            return
        self._write(CHUNKS_FILE, chunks)
        self._write(MANIFEST_FILE, manifest)
        self.save_settings(settings)

    def save_settings(self, settings: dict[str, Any]) -> None:
        """Write the settings file as all metadata JSON is written (``wsnb.notes.meta``:
        atomic, under the metadata lock, an unreadable file kept aside first)."""
        if self.writable:
            write_meta_json(self.policy, SETTINGS_FILE, settings)

    def save_arrays(self, relative: str, arrays: dict[str, npt.NDArray[Any]]) -> None:
        """Write numpy arrays (an ``.npz``, no Python objects) the same careful way."""
        if self.writable:
            buffer = io.BytesIO()
            cast(Callable[..., None], np.savez)(buffer, **arrays)  # the stub misreads **arrays
            self._write(relative, [buffer.getvalue()])

    def load_arrays(self, relative: str) -> dict[str, npt.NDArray[Any]] | None:
        """The arrays of an ``.npz`` index file; None when missing or unreadable."""
        data = self._read(relative)
        if data is None:
            return None
        try:
            with np.load(io.BytesIO(data), allow_pickle=False) as loaded:
                return {name: loaded[name] for name in loaded.files}
        except (OSError, ValueError, EOFError, zipfile.BadZipFile):
            logger.warning("%s is not readable; it will be rebuilt.", relative)
            return None

    def _write(self, relative: str, data: Iterable[bytes]) -> None:
        path = self.policy.resolve(relative)
        if not path.relative.startswith(INDEX_DIR + "/"):
            raise PolicyError(f"{relative} is not inside {INDEX_DIR}/; the index only writes "
                              "there.", path=relative, rule=Rule.NOT_ALLOWED)  # fmt: skip
        make_folders(self.policy, path)
        fsops.atomic_write(path, data)



def empty_chunk(note_id: str, path: str) -> dict[str, Any]:
    """A note with no body text still gets a chunk, so its title and tags can be found."""
    return {"chunkId": f"{note_id}-0", "noteId": note_id, "path": path, "heading": "",
            "text": "", "startLine": 0, "endLine": 0}  # fmt: skip


def encode_records(records: Iterable[dict[str, Any]], fields: tuple[str, ...]) -> bytes:
    """Records as JSONL lines (each ending in a newline), their ``fields`` first."""
    return b"".join(_jsonl(records, fields))


def _jsonl(records: Iterable[dict[str, Any]], fields: tuple[str, ...]) -> Iterable[bytes]:
    batch: list[str] = []
    for record in records:
        ordered = {name: record[name] for name in fields if name in record}
        ordered.update((key, value) for key, value in record.items() if key not in ordered)
        batch.append(json.dumps(ordered, ensure_ascii=False))
        if len(batch) >= 512:
            yield ("\n".join(batch) + "\n").encode("utf-8")
            batch = []
    if batch:
        yield ("\n".join(batch) + "\n").encode("utf-8")


def _parse_line(line: str) -> Any:
    try:
        return json.loads(line)
    except ValueError:
        return None


def _valid(raw: Any, required: dict[str, type | tuple[type, ...]]) -> bool:
    if not isinstance(raw, dict):
        return False
    for name, kind in required.items():
        value = raw.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            return False
    return True


def _manifest_record(raw: Any) -> dict[str, Any] | None:
    if not _valid(raw, _MANIFEST_REQUIRED):
        return None
    record = dict(raw)
    record.setdefault("title", record["path"].rsplit("/", 1)[-1])
    record.setdefault("hash", "")
    record.setdefault("summary", "")
    for name in _LIST_FIELDS:
        value = record.get(name)
        record[name] = [str(item) for item in value] if isinstance(value, list) else []
    for name in ("title", "hash", "summary"):
        record[name] = record[name] if isinstance(record[name], str) else str(record[name])
    return record


def _chunk_record(raw: Any) -> dict[str, Any] | None:
    if not _valid(raw, _CHUNK_REQUIRED):
        return None
    record = dict(raw)
    heading = record.get("heading")
    record["heading"] = heading if isinstance(heading, str) else ""
    for name in ("startLine", "endLine"):
        value = record.get(name)
        record[name] = value if isinstance(value, int) and not isinstance(value, bool) else 0
    chunk_id = record.get("chunkId")
    if isinstance(chunk_id, str) and chunk_id.startswith(record["noteId"] + ":"):
        # Written by wsnb before it wrote CodePilot's shape: ``<noteId>:<n>``, lines from 1.
        record["chunkId"] = record["noteId"] + "-" + chunk_id[len(record["noteId"]) + 1 :]
        record["startLine"] = max(record["startLine"] - 1, 0)
        record["endLine"] = max(record["endLine"] - 1, 0)
    elif not isinstance(chunk_id, str):
        record["chunkId"] = f"{record['noteId']}#{record['startLine']}"
    return record
