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
import select
import signal
import sys
import warnings
from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["Forked", "can_fork", "cores", "fork_call", "spare_core", "workers_for"]

logger = logging.getLogger("wsnb")

_CHUNK = 1 << 20
_HEADER = 8  # bytes of the message's length, before the message
_POLL_S = 0.05  # while nothing comes, how often the parent checks the child has not ended


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
    """A child started by ``fork_call``; read its result once with ``result``.

    The child sends one message: its length in 8 bytes, then the ``marshal``
    bytes. The end of the pipe alone can't be trusted to say the child is
    done: another process forked meanwhile (by another thread) holds a copy
    of its write end. So the parent reads that many bytes, and while none
    come it checks whether the child has ended.
    """

    def __init__(self, pid: int, fd: int) -> None:
        self.pid, self.fd = pid, fd
        self._status: int | None = None  # the exit code, once reaped (-1: unknown)
        self._closed = False

    def result(self) -> Any | None:
        """What the child's function returned; None when it failed or could not send it.

        Waits for the child; its log records are logged here. Interrupted
        (Ctrl-C), it stops the child before passing the interruption on.
        """
        try:
            message = self._receive()
        except BaseException:
            self.cancel()
            raise
        status = self._wait()
        if message is None or status not in (0, -1):
            logger.debug("A forked child ended with status %s; its work is done here.", status)
            return None
        try:
            value, lines = marshal.loads(message)
        except (EOFError, ValueError, TypeError):
            return None
        for level, line in lines:
            logger.log(level, "%s", line)
        return value

    def __del__(self) -> None:
        # A child nobody reads (its parent lost it to an error) is stopped, not left behind.
        with contextlib.suppress(Exception):
            if not self._closed:
                self.cancel()

    def cancel(self) -> None:
        """Stop the child, if still running, and wait for it."""
        if not self._ended():  # never a signal to a pid the system may have given again
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
        self._wait()

    def _receive(self) -> bytes | None:
        """The child's whole message, or None when it ended without sending all of it."""
        data = bytearray()
        size: int | None = None
        while size is None or len(data) < size:
            readable, _, _ = select.select([self.fd], [], [], _POLL_S)
            if not readable:
                if self._ended():
                    return None  # nothing more can come: the child is gone
                continue
            chunk = os.read(self.fd, _CHUNK)
            if not chunk:
                return None
            data += chunk
            if size is None and len(data) >= _HEADER:
                size = _HEADER + int.from_bytes(data[:_HEADER], "little")
        return bytes(data[_HEADER:size])

    def _ended(self) -> bool:
        """Whether the child has ended (reaped here, or by a system that reaps on its own)."""
        if self._status is None:
            try:
                pid, status = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:  # SIGCHLD ignored: the system reaped it
                self._status = -1
            else:
                if pid:
                    self._status = os.waitstatus_to_exitcode(status)
        return self._status is not None

    def _wait(self) -> int:
        """Wait for the child, close the pipe; its exit code (-1: not known)."""
        if self._status is None:
            try:
                self._status = os.waitstatus_to_exitcode(os.waitpid(self.pid, 0)[1])
            except ChildProcessError:
                self._status = -1
        if not self._closed:
            self._closed = True
            os.close(self.fd)
        return self._status


def fork_call(func: Callable[[], Any]) -> Forked | None:
    """Run ``func`` in a forked child; None (nothing started) when the system refuses a fork.

    ``func`` must return something ``marshal`` can carry. Signals are held
    back across the fork, so a Ctrl-C can't reach the child before it is in
    the code that always ends it (``_child``).
    """
    read_end, write_end = os.pipe()
    held = signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
    try:
        with warnings.catch_warnings():
            # Python 3.12+ warns that forking a process with threads (a notebook kernel has
            # some) may deadlock; the child only lists folders and reads small files, never
            # taking the locks those threads use, and logs nothing itself.
            warnings.simplefilter("ignore", DeprecationWarning)
            pid = os.fork()
    except OSError as exc:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        os.close(read_end)
        os.close(write_end)
        logger.debug("Could not fork (%s); the work stays in this process.", exc.strerror)
        return None
    if pid == 0:  # the child: never returns
        _child(func, read_end, write_end, held)
    os.close(write_end)
    child = Forked(pid, read_end)
    try:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)  # a signal held back arrives here
    except BaseException:
        child.cancel()
        raise
    return child


def _child(func: Callable[[], Any], read_end: int, write_end: int, held: Iterable[int]) -> None:
    status = 1
    try:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)  # a signal now ends the child here
        gc.disable()
        os.close(read_end)
        collected = _Collected()
        wsnb_logger = logging.getLogger("wsnb")
        wsnb_logger.handlers = [collected]
        wsnb_logger.propagate = False
        data = marshal.dumps((func(), collected.lines))
        view = memoryview(len(data).to_bytes(_HEADER, "little") + data)
        while view:
            view = view[os.write(write_end, view) :]
        status = 0
    except BaseException:  # whatever happens, the child ends here: status 1, nothing sent
        pass
    finally:
        signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
        os._exit(status)
