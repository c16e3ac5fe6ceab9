"""The notes' vectors, kept beside the index in ``.assistant/index/vectors.bin``.

One file, memory-mapped: a 64-byte header, then one row per embedded text::

    header  b"WSNBVEC1" | dimensions (uint32) | 4 spare bytes
            | BLAKE2b-16 of the embedder's name | its name's first 32 bytes
    row     key: BLAKE2b-16 of the text embedded | vector: float32 x dimensions

A row's key is the hash of the text that was embedded (a chunk's title,
heading and text), so a chunk is embedded once whatever note, path or
session it turns up in, and an edited chunk gets a new row while the
unchanged chunks of the note keep theirs. Rows are only ever appended
(``wsnb.disk.rowfile``): a crash loses at most the rows being written.
Rows whose text no note holds any more are dropped by a compaction, a whole
new file written atomically, once they outnumber the live rows.

The vectors are read through the map, never copied: one matrix product
over the mapped rows scores every chunk at once. A file written for another
embedder (another name, other dimensions) is not used and is started
again with the first new vector. In a read-only workspace, or when the file
can't be written, new vectors stay in memory for the session.
"""

from __future__ import annotations

import hashlib
import logging
import struct
from collections.abc import Collection, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..disk import fsops
from ..disk.rowfile import append_rows, map_rows, read_header
from ..errors import WsnbError
from ..search.embedding import FloatMatrix
from .indexstore import IndexStore
from .layout import INDEX_DIR
from .meta import make_folders

__all__ = ["HEADER_SIZE", "VECTORS_FILE", "VectorStore", "text_key"]

logger = logging.getLogger("wsnb")

VECTORS_FILE = f"{INDEX_DIR}/vectors.bin"
MAGIC = b"WSNBVEC1"
HEADER_SIZE = 64
KEY_SIZE = 16
_COMPACT_AFTER = 256  # dead rows before a compaction is worth a rewrite (and more than live)


def text_key(text: str) -> bytes:
    """The 16-byte key of an embedded text: the vector is the text's, wherever it is."""
    return hashlib.blake2b(text.encode("utf-8"), digest_size=KEY_SIZE).digest()


def _header(name: str, dim: int) -> bytes:
    encoded = name.encode("utf-8")
    digest = hashlib.blake2b(encoded, digest_size=16).digest()
    return MAGIC + struct.pack("<II", dim, 0) + digest + encoded[:32].ljust(32, b"\0")


def _row_type(dim: int) -> np.dtype[Any]:
    return np.dtype([("key", f"V{KEY_SIZE}"), ("vector", "<f4", (dim,))])


class VectorStore:
    """The rows of one embedder's vectors for one notes workspace (not thread-safe: its
    owner, ``wsnb.notes.meaning.Meaning``, holds a lock around every call)."""

    def __init__(self, store: IndexStore, name: str) -> None:
        self.store = store
        self.name = name
        self.dim: int | None = None
        self.rows: dict[bytes, int] = {}  # key -> row number (file rows, then memory rows)
        self.version = 0  # moves whenever row numbers change (a compaction, a reset)
        self._file_rows = 0
        self._map: npt.NDArray[Any] | None = None
        self._memory: FloatMatrix = np.zeros((0, 0), dtype=np.float32)
        self._memory_keys: list[bytes] = []
        self._in_memory = not store.writable  # True once the file can't take rows
        self._load()

    def __len__(self) -> int:
        return len(self.rows)

    def __contains__(self, key: object) -> bool:
        return key in self.rows

    @property
    def row_count(self) -> int:
        """Rows held, live or dead: the length of what ``scores`` gives."""
        return self._file_rows + len(self._memory_keys)

    @property
    def nbytes(self) -> int:
        """Bytes of vectors this process holds or maps (the mapped ones in the page cache)."""
        mapped = 0 if self._map is None else self._map.nbytes
        return int(mapped + self._memory.nbytes)

    # -- loading -------------------------------------------------------------------------

    def _path(self) -> Any:
        return self.store.policy.resolve(VECTORS_FILE)

    def _load(self) -> None:
        """Take the file's rows when it was written for this embedder; else start empty."""
        try:
            path = self._path()
            header = read_header(path, HEADER_SIZE)
        except WsnbError:
            return
        if header is None or header[:8] != MAGIC:
            return
        dim = struct.unpack("<I", header[8:12])[0]
        if dim == 0 or header != _header(self.name, dim):
            logger.info("%s holds another embedder's vectors; they are not used.", VECTORS_FILE)
            return
        self.dim = dim
        self._remap()
        assert self._map is not None
        keys = self._map["key"].tobytes()
        self.rows = {keys[i:i + KEY_SIZE]: row
                     for row, i in enumerate(range(0, len(keys), KEY_SIZE))}  # fmt: skip

    def _remap(self) -> None:
        assert self.dim is not None
        mapped = map_rows(self._path(), HEADER_SIZE, _row_type(self.dim))
        self._map = mapped if mapped is not None else np.zeros(0, dtype=_row_type(self.dim))
        self._file_rows = len(self._map)

    # -- adding --------------------------------------------------------------------------

    def add(self, keys: Sequence[bytes], vectors: FloatMatrix) -> None:
        """Keep ``vectors`` (one row per key): on disk when possible, else in memory."""
        if not len(keys):
            return
        if self.dim is not None and vectors.shape[1] != self.dim:
            logger.info("The embedder now gives %d dimensions, not %d; vectors start again.",
                        vectors.shape[1], self.dim)  # fmt: skip
            self._reset()
        if self.dim is None:
            self.dim = int(vectors.shape[1])
            self._memory = np.zeros((0, self.dim), dtype=np.float32)
            self._start_file()
        if not self._in_memory and self._append(keys, vectors):
            return
        self._in_memory = True
        first = self._file_rows + len(self._memory_keys)
        if self._memory.shape[1] != self.dim:  # none yet: the rows so far came from the file
            self._memory = np.zeros((0, self.dim), dtype=np.float32)
        self._memory = np.concatenate([self._memory, vectors.astype(np.float32)])
        self._memory_keys.extend(keys)
        self.rows.update((key, first + n) for n, key in enumerate(keys))

    def _append(self, keys: Sequence[bytes], vectors: FloatMatrix) -> bool:
        assert self.dim is not None
        records = np.zeros(len(keys), dtype=_row_type(self.dim))
        records["key"] = np.frombuffer(b"".join(keys), dtype=f"V{KEY_SIZE}")
        records["vector"] = vectors
        try:
            path = self._path()
            make_folders(self.store.policy, path)
            first = append_rows(path, _header(self.name, self.dim), records.tobytes(),
                                records.dtype.itemsize)  # fmt: skip
        except (OSError, WsnbError) as error:
            logger.warning("The notes' vectors could not be saved (%s); they are kept in "
                           "memory for this session.", error)  # fmt: skip
            return False
        if first is None:
            return False
        self._remap()
        self.rows.update((key, first + n) for n, key in enumerate(keys))
        return True

    def _start_file(self) -> None:
        """A file for this embedder: written empty (atomically) over another's, if any."""
        if self._in_memory:
            return
        assert self.dim is not None
        self._write([])

    def _reset(self) -> None:
        self.dim, self.rows, self._map, self._file_rows = None, {}, None, 0
        self._memory, self._memory_keys = np.zeros((0, 0), dtype=np.float32), []
        self.version += 1

    def _write(self, records: list[bytes]) -> bool:
        assert self.dim is not None
        try:
            path = self._path()
            make_folders(self.store.policy, path)
            fsops.atomic_write(path, [_header(self.name, self.dim), *records])
        except (OSError, WsnbError) as error:
            logger.warning("The notes' vectors could not be saved (%s); they are kept in "
                           "memory for this session.", error)  # fmt: skip
            self._in_memory = True
            return False
        return True

    # -- scoring -------------------------------------------------------------------------

    def scores(self, query: FloatMatrix) -> npt.NDArray[np.float32]:
        """The cosine of ``query`` (a unit vector) with every row, by row number.

        Computed in this thread alone (``einsum``, not the BLAS ``@``): a matrix-vector
        product is bound by memory, and BLAS's threads wait a whole time slice for a busy
        core. On 11,184 rows with one core busy, ``@`` took 0.3 ms at the median but up to
        16 ms, 7.7 ms on average over a query set; ``einsum`` 0.6 ms, 1.7 ms at worst.
        """
        count = self.row_count
        if self.dim is None or query.shape[-1] != self.dim:
            return np.zeros(count, dtype=np.float32)
        vector = query.reshape(-1).astype(np.float32)
        parts = []
        if self._map is not None and len(self._map):
            parts.append(np.einsum("ij,j->i", self._map["vector"], vector))
        if len(self._memory_keys):
            parts.append(np.einsum("ij,j->i", self._memory, vector))
        return np.concatenate(parts) if parts else np.zeros(0, dtype=np.float32)

    def sums(self, weights: FloatMatrix) -> FloatMatrix:
        """``weights @ vectors``: a ``(groups, rows)`` weight matrix, by row number, times the
        rows (read through the map, never copied whole)."""
        dim = self.dim or 0
        total = np.zeros((len(weights), dim), dtype=np.float32)
        if self.dim is None:
            return total
        if self._map is not None and len(self._map):
            total += weights[:, :self._file_rows] @ self._map["vector"]
        if len(self._memory_keys):
            total += weights[:, self._file_rows:] @ self._memory
        return total

    # -- compaction ----------------------------------------------------------------------

    def compact(self, live: Collection[bytes]) -> bool:
        """Rewrite the file with the rows of ``live`` keys only, once dead rows outnumber them."""
        dead = len(self.rows) - sum(1 for key in live if key in self.rows)
        if self._in_memory or self._map is None or dead < max(_COMPACT_AFTER, len(live)):
            return False
        keep = sorted(self.rows[key] for key in live if key in self.rows)
        kept = self._map[np.asarray(keep, dtype=np.int64)]
        if not self._write([kept.tobytes()]):
            return False
        self._remap()
        keys = kept["key"].tobytes()
        self.rows = {keys[i:i + KEY_SIZE]: row
                     for row, i in enumerate(range(0, len(keys), KEY_SIZE))}  # fmt: skip
        self.version += 1
        logger.info("Notes vectors compacted: %d rows kept, %d dropped.", len(keep), dead)
        return True
