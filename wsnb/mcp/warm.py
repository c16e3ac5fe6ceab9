"""The index, scanned on a thread while the server starts, so the first call finds it ready.

Light on purpose (no SDK import): the command line starts it before it
imports the SDK, and the scan (partly in a forked child on Linux) overlaps
that second of imports.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..workspace import Workspace

__all__ = ["Warmup"]


class Warmup:
    """Scans ``ws`` (or reuses its index) once, on a daemon thread; ``wait()`` until done."""

    def __init__(self, ws: Workspace) -> None:
        self._done = threading.Event()
        self.error: BaseException | None = None
        threading.Thread(target=self._scan, args=(ws,), name="wsnb-mcp-warm",
                         daemon=True).start()  # fmt: skip

    def _scan(self, ws: Workspace) -> None:
        try:
            ws.scan_report  # noqa: B018  (scans when there is no index yet)
        except BaseException as exc:  # said on the first call instead
            self.error = exc
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self) -> BaseException | None:
        """Block until the scan is done; the error it met, if any."""
        self._done.wait()
        return self.error
