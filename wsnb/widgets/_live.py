"""Views hear index changes on the kernel's main thread, not the watcher's.

The watcher calls the index's listeners in its own thread. A view that
re-renders there would race the person's clicks, which run on the kernel's
main thread; so a view's listener is handed to the kernel's event loop
(``add_callback`` is the thread-safe way in), and runs when the kernel is
free. Outside a kernel (a script, a test) it runs at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

__all__ = ["on_main_thread"]

T = TypeVar("T")


class _Loop(Protocol):
    def add_callback(self, callback: Callable[..., Any], *args: Any) -> None: ...


def on_main_thread(callback: Callable[[T], None]) -> Callable[[T], None]:
    """``callback``, moved to the kernel's main thread when called from another thread."""

    def hop(value: T) -> None:
        loop = _kernel_loop()
        if loop is None or threading.current_thread() is threading.main_thread():
            callback(value)
        else:
            loop.add_callback(callback, value)

    return hop


def _kernel_loop() -> _Loop | None:
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    kernel = getattr(shell, "kernel", None)
    loop: _Loop | None = getattr(kernel, "io_loop", None)
    return loop
