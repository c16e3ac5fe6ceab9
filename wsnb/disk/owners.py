"""Which process owns something wsnb left on disk, and whether that process still lives.

A temporary file, a journal run begun and not finished: each names the process that
made it with a *token*, its id and (on Linux) the moment it started, so an id the
system gave again to another process is not taken for the owner. ``alive(token)``
says whether the owner still runs; what a dead owner left is an orphan, and an open
of the workspace may clear it away or report it.
"""

from __future__ import annotations

import os

__all__ = ["alive", "process_token", "token_pid"]

_HAS_PROC = os.path.isdir("/proc/self")
_known: tuple[int, str] | None = None  # (pid, token): a fork gets a token of its own


def process_token() -> str:
    """``"<pid>-<start>"`` for this process (``start`` is ``0`` where it can't be read)."""
    global _known
    pid = os.getpid()
    if _known is None or _known[0] != pid:
        _known = (pid, f"{pid}-{_start_of(pid)}")
    return _known[1]


def token_pid(token: str) -> int | None:
    """The process id a token names, or None for text that is not a token."""
    head = token.partition("-")[0]
    return int(head) if head.isdigit() else None


def alive(token: str) -> bool:
    """True while the process ``token`` names still runs (an unreadable token counts as alive:
    what it owns is then left alone, never cleared)."""
    pid = token_pid(token)
    if pid is None:
        return True
    if token == process_token():
        return True
    start = token.partition("-")[2]
    if pid == os.getpid():
        return False  # this id, another start: the owner was an earlier process
    now = _start_of(pid)
    if now is None:
        return False
    return start in ("", "0") or now == "0" or now == start


def _start_of(pid: int) -> str | None:
    """When ``pid`` started, in clock ticks since boot (``"0"`` where unknown); None if gone."""
    if _HAS_PROC:
        try:
            with open(f"/proc/{pid}/stat", "rb") as handle:
                fields = handle.read().rpartition(b")")[2].split()
            return fields[19].decode("ascii")  # field 22 of the whole line: starttime
        except FileNotFoundError:
            return None
        except (OSError, IndexError, UnicodeDecodeError):
            pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        return "0"
    return "0"
