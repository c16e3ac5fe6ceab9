"""What reading a file's bytes taught the index: this text-named file is binary.

A scan decides ``is_text`` by the name, since reading every file's head would
nearly double its time (``data.txt``, ``notes.log``: text by name). A read,
``info()`` or a text search look at the bytes and decide by the content, the
way ``wsnb.textio`` does (a NUL byte, outside UTF-16, means binary). When the
two disagree, the content wins: the workspace keeps the verdict here, keyed by
the file's size and modification time, and the index applies it to every
frame it takes in (a scan, a followed change), so ``ws.files`` and ``read``
give one answer. A file that changes is judged by its name again until its
bytes are looked at again.
"""

from __future__ import annotations

import threading

import numpy as np
import pandas as pd

from .frames import local_times

__all__ = ["ContentVerdicts"]


class ContentVerdicts:
    """Text-named files found binary by their content: path -> (size, mtime in ns)."""

    def __init__(self) -> None:
        self._binary: dict[str, tuple[int, int]] = {}
        self._lock = threading.Lock()  # the watcher's thread applies them too

    def __len__(self) -> int:
        return len(self._binary)

    def __repr__(self) -> str:
        return f"<ContentVerdicts {len(self._binary)} binary by content>"

    def learn_binary(self, path: str, size: int, mtime_ns: int) -> None:
        """``path`` (workspace-relative) is binary, as its bytes showed at this size and time."""
        with self._lock:
            self._binary[path] = (size, mtime_ns)

    def binary(self, path: str, size: int, mtime_ns: int) -> bool:
        """True when the bytes of ``path`` showed it binary at this very size and time."""
        with self._lock:
            return self._binary.get(path) == (size, mtime_ns)

    def apply(self, frame: pd.DataFrame) -> pd.DataFrame:
        """``frame`` with ``is_text`` False where a verdict still holds (a copy only then)."""
        with self._lock:
            known = dict(self._binary)
        if not known or not len(frame):
            return frame
        rows = np.flatnonzero(frame["path"].isin(known).to_numpy() & frame["is_text"].to_numpy())
        if not len(rows):
            return frame
        paths = frame["path"].to_numpy(dtype=object)[rows]
        sizes = frame["size"].to_numpy()[rows]
        times = frame["modified"].to_numpy()[rows]
        when = local_times([known[p][1] for p in paths])
        same = (sizes == np.array([known[p][0] for p in paths])) & (times == when)
        if not same.any():
            return frame
        frame = frame.copy()
        column = frame["is_text"].to_numpy(copy=True)
        column[rows[same]] = False
        frame["is_text"] = column
        return frame
