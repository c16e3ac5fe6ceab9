"""A file of fixed-size binary rows after a header: appended to, read through a memory map.

wsnb keeps the notes' vectors this way (``wsnb.notes.vectors``): a header
that says what made the rows, then one row per vector. A row is added by
appending it (no rewrite of what is there), so a crash loses at most the
rows being written; a last row cut short by such a crash is found by its
size (the file is not a whole number of rows) and written over by the next
append. Reading maps the file (``numpy.memmap``): the rows stay in the
page cache, shared, and only the ones a computation touches are read.

Like the other helpers of ``wsnb.disk`` every function takes a ``WsPath``
(the path passed the access policy), never follows a symlink at the end,
and refuses anything but a regular file. A whole new file (a reset or a
compaction) is written with ``fsops.atomic_write``.
"""

from __future__ import annotations

import os
import stat
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import WriteError
from ..i18n import _
from ..policy.access import WsPath

__all__ = ["append_rows", "map_rows", "read_header"]

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def read_header(path: WsPath, length: int) -> bytes | None:
    """The first ``length`` bytes of ``path``; None when it is missing, short or no file."""
    try:
        fd = os.open(path.os_path, os.O_RDONLY | _NOFOLLOW)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        data = os.pread(fd, length, 0)
    finally:
        os.close(fd)
    return data if len(data) == length else None


def append_rows(path: WsPath, header: bytes, rows: bytes, row_size: int) -> int | None:
    """Add whole ``rows`` after the last whole row of ``path`` (made with ``header`` if new).

    Returns the number of the first row added (another process may have
    added rows since this one last looked). None, with nothing written, when
    the file holds another header (another model's rows) or is no regular
    file. A cut-short last row is written over. The rows are on disk
    (``fdatasync``) when this returns.
    """
    if row_size <= 0 or len(rows) % row_size:
        raise ValueError("rows must be whole rows of row_size bytes")
    try:
        fd = os.open(path.os_path, os.O_RDWR | os.O_CREAT | _NOFOLLOW, 0o644)
    except OSError as exc:
        raise _failed(path, exc) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None
        size = info.st_size
        if size < len(header):
            os.pwrite(fd, header, 0)
            size = len(header)
        elif os.pread(fd, len(header), 0) != header:
            return None
        first = (size - len(header)) // row_size
        _write_all(fd, rows, len(header) + first * row_size)
        os.fdatasync(fd)
        return first
    except OSError as exc:
        raise _failed(path, exc) from None
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes, offset: int) -> None:
    view = memoryview(data)
    while view:
        written = os.pwrite(fd, view, offset)
        view, offset = view[written:], offset + written


def map_rows(path: WsPath, header_size: int, dtype: np.dtype[Any]) -> npt.NDArray[Any] | None:
    """The whole rows of ``path`` after its header, memory-mapped read-only (a copy of none).

    None when the file is missing or no regular file; an empty array when it
    has no whole row yet.
    """
    try:
        fd = os.open(path.os_path, os.O_RDONLY | _NOFOLLOW)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode):
            return None
        count = max(info.st_size - header_size, 0) // dtype.itemsize
        if count == 0:
            return np.zeros(0, dtype=dtype)
        # The map keeps its own reference to the file: closing ours leaves it valid.
        return np.memmap(file, dtype=dtype, mode="r", offset=header_size, shape=(count,))


def _failed(path: WsPath, exc: OSError) -> WriteError:
    return WriteError(_("Could not add to {path}: {reason}; what it held is unchanged.").format(
        path=path, reason=exc.strerror or type(exc).__name__), path=str(path),
        errno=exc.errno)  # fmt: skip
