"""A file of whole lines, appended durably by several processes at once: the journal's floor.

Two notebooks on the same workspace may append at the same moment, so a line is
written with one ``os.write`` on an ``O_APPEND`` descriptor while holding an
exclusive ``flock``: lines never interleave and none is lost. With ``sync`` (the
default) the line is on disk (``fsync``) before ``append`` returns, so what comes
after it may rely on it. A half line left by a crash would glue onto the next one,
so a missing final newline is restored first, under the same lock.

``LineFile`` is the seam below the journal: a test gives the journal one whose
writes fail the way a full disk fails, and the user's files stay real.
"""

from __future__ import annotations

import os
from pathlib import Path

try:  # POSIX only; elsewhere O_APPEND alone keeps single writes whole.
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["LineFile"]

_FLAGS = os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0)


class LineFile:
    """Whole lines at ``path``: ``append`` one (durably unless ``sync=False``), ``read`` all."""

    def __init__(self, path: Path, *, sync: bool = True) -> None:
        self.path = Path(path)
        self.sync = sync

    def __repr__(self) -> str:
        return f"LineFile({str(self.path)!r}, sync={self.sync})"

    def append(self, line: bytes) -> None:
        """Add ``line`` (ending in a newline) whole; raises ``OSError`` and adds nothing whole
        when the disk refuses (a half line is skipped by readers and mended by the next)."""
        fd = os.open(self.path, _FLAGS, 0o600)
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
            size = os.fstat(fd).st_size
            if size and _last_byte(fd, size) != b"\n":
                line = b"\n" + line
            written = 0
            while written < len(line):
                written += os.write(fd, line[written:])
            if self.sync:
                os.fsync(fd)
        finally:
            os.close(fd)  # closing releases the lock

    def read(self) -> bytes:
        """Every byte of the file; ``b""`` when it does not exist yet."""
        try:
            return self.path.read_bytes()
        except FileNotFoundError:
            return b""


def _last_byte(fd: int, size: int) -> bytes:
    if hasattr(os, "pread"):
        return os.pread(fd, 1, size - 1)
    os.lseek(fd, size - 1, os.SEEK_SET)  # pragma: no cover - Windows
    return os.read(fd, 1)
