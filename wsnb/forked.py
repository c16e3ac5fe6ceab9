"""Running one function in a forked child process, for work that can use a second core.

The scan and the text search hold the interpreter's lock for most of their
time, so threads would not use a second core; a forked child does, and
inherits everything it needs (nothing is imported again, and no path or
pattern crosses a shell or a command line). ``fork_call`` starts the child;
``Forked.result`` reads back what it returned. The child:

* returns only what ``marshal`` can carry (lists, tuples, str, int, bool), so
  reading it back is one C call;
* never runs the parent's ``atexit`` handlers, never flushes its buffers,
  and ends with ``os._exit`` whatever happens;
* runs with the garbage collector off (a collection would touch, and so
  copy, every page of the parent's heap) and sends its ``wsnb`` log records
  back for the parent to log, rather than writing to a stream that belongs
  to the parent (a notebook's output).

Only where ``fork`` is the platform's way (Linux), and only when a core is
free (``spare_core``): on a loaded machine a second process adds its own
cost and saves nothing.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import marshal
import os
import signal
import sys
import warnings
from collections.abc import Callable
from typing import Any

__all__ = ["Forked", "can_fork", "cores", "fork_call", "spare_core", "workers_for"]

logger = logging.getLogger("wsnb")

_CHUNK = 1 << 20


def can_fork() -> bool:
    """Whether a child can be forked here: Linux only (macOS's fork is unsafe, Windows has none)."""
    return sys.platform.startswith("linux") and hasattr(os, "fork")


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def spare_core() -> bool:
    """Whether a second core is free: at least two cores, and a load average below their number."""
    count = cores()
    if count < 2:
        return False
    try:
        return os.getloadavg()[0] < count
    except (AttributeError, OSError):
        return True  # load unknown: not known to be busy


def workers_for(asked: int | None, worth_it: bool, most: int = 2) -> int:
    """How many processes a job uses: ``asked`` (None: decide here), at most ``most`` and the cores.

    One when the job is not ``worth_it`` (too small, or bound so it must run
    in order) or the platform can't fork; when not asked, also one on a busy
    machine. A bad ``asked`` raises ``UsageError``.
    """
    if asked is not None and (isinstance(asked, bool) or not isinstance(asked, int) or asked < 1):
        from .errors import UsageError

        raise UsageError(f"workers must be a whole number of at least 1, not {asked!r}.")
    if not worth_it or not can_fork() or (asked is None and not spare_core()):
        return 1
    return max(1, min(asked or most, cores(), most))


class _Collected(logging.Handler):
    """In the child: keeps the records of the ``wsnb`` logger, to be logged by the parent."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[tuple[int, str]] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append((record.levelno, record.getMessage()))


class Forked:
    """A child started by ``fork_call``; read its result once with ``result``."""

    def __init__(self, pid: int, fd: int) -> None:
        self.pid, self.fd = pid, fd
        self._done = False

    def result(self) -> Any | None:
        """What the child's function returned; None when it failed or could not send it.

        Waits for the child; its log records are logged here.
        """
        chunks: list[bytes] = []
        try:
            while chunk := os.read(self.fd, _CHUNK):
                chunks.append(chunk)
        except OSError:
            chunks = []
        finally:
            status = self._reap()
        if status != 0 or not chunks:
            logger.debug("A forked child ended with status %s; its work is done here.", status)
            return None
        try:
            value, lines = marshal.loads(b"".join(chunks))
        except (EOFError, ValueError, TypeError):
            return None
        for level, line in lines:
            logger.log(level, "%s", line)
        return value

    def cancel(self) -> None:
        """Stop the child, if still running, and wait for it."""
        if not self._done:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            self._reap()

    def _reap(self) -> int:
        if self._done:
            return -1
        self._done = True
        os.close(self.fd)
        _, status = os.waitpid(self.pid, 0)
        return os.waitstatus_to_exitcode(status)


def fork_call(func: Callable[[], Any]) -> Forked | None:
    """Run ``func`` in a forked child; None (nothing started) when the system refuses a fork.

    ``func`` must return something ``marshal`` can carry.
    """
    read_end, write_end = os.pipe()
    try:
        with warnings.catch_warnings():
            # Python 3.12+ warns that forking a process with threads (a notebook kernel has
            # some) may deadlock; the child only lists folders and reads small files, never
            # taking the locks those threads use, and logs nothing itself.
            warnings.simplefilter("ignore", DeprecationWarning)
            pid = os.fork()
    except OSError as exc:
        os.close(read_end)
        os.close(write_end)
        logger.debug("Could not fork (%s); the work stays in this process.", exc.strerror)
        return None
    if pid == 0:  # the child: never returns
        _child(func, read_end, write_end)
    os.close(write_end)
    return Forked(pid, read_end)


def _child(func: Callable[[], Any], read_end: int, write_end: int) -> None:
    status = 1
    try:
        gc.disable()
        os.close(read_end)
        collected = _Collected()
        wsnb_logger = logging.getLogger("wsnb")
        wsnb_logger.handlers = [collected]
        wsnb_logger.propagate = False
        data = marshal.dumps((func(), collected.lines))
        view = memoryview(data)
        while view:
            view = view[os.write(write_end, view) :]
        status = 0
    except BaseException:  # whatever happens, the child ends here: status 1, nothing sent
        pass
    finally:
        os._exit(status)
