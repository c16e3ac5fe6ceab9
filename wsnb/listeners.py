"""``Listeners``: callbacks that views register to hear that a model changed.

The core stays free of widgets: a plan or a plan book only keeps a list of
plain callables and calls them after a change; cards and panels re-render
from the model when called. A callback that raises is logged and skipped, so
a broken view can never break the change it was told about.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["Listeners"]

logger = logging.getLogger("wsnb")

T = TypeVar("T")


class Listeners(Generic[T]):
    """Callbacks called with one value (a plan) after it changed; ``owner`` names them in logs."""

    def __init__(self, owner: str) -> None:
        self._owner = owner
        self._callbacks: list[Callable[[T], None]] = []

    def __repr__(self) -> str:
        return f"<Listeners of a {self._owner}: {len(self._callbacks)}>"

    def __len__(self) -> int:
        return len(self._callbacks)

    def add(self, callback: Callable[[T], None]) -> Callable[[], None]:
        """Start calling ``callback``; returns the function that stops it (twice is harmless)."""
        self._callbacks.append(callback)

        def remove() -> None:
            if callback in self._callbacks:
                self._callbacks.remove(callback)

        return remove

    def notify(self, value: T) -> None:
        """Call every callback with ``value``, in the order they were added."""
        for callback in list(self._callbacks):
            try:
                callback(value)
            except Exception:  # a broken view must never break the change it shows
                logger.exception("a %s listener failed on %r", self._owner, value)
