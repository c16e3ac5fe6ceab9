"""Progress bars for long scans and searches, shown only inside a notebook.

``notebook_progress(...)`` returns a callable that the scanner (or any loop
that counts) calls with the number of items done so far. It stays silent for
about half a second, then shows a standard ``tqdm.auto`` bar, the notebook
ecosystem's convention. Outside a Jupyter kernel (a plain script, pytest) it
never shows anything, so a script's output stays clean.

Wiring a new long task is one line::

    with notebook_progress("Searching text", unit="files") as progress:
        result = do_the_work(progress=progress)

``tqdm`` (and through it ``IPython``) is imported only when a bar is shown,
so ``import wsnb`` stays light.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from types import TracebackType
from typing import Any

__all__ = ["DEFAULT_DELAY", "Progress", "in_notebook", "notebook_progress"]

DEFAULT_DELAY = 0.5
"""Seconds a task runs before its bar appears; quicker tasks never show one."""

_DISABLE_VARIABLE = "WSNB_PROGRESS"


def in_notebook() -> bool:
    """True when running inside a Jupyter kernel (where a bar can be drawn).

    Reads ``sys.modules`` only: a script that never imported IPython is not in a
    kernel, and this check must not import it either.
    """
    if "ipykernel" not in sys.modules or "IPython" not in sys.modules:
        return False
    get_ipython = getattr(sys.modules["IPython"], "get_ipython", None)
    shell = get_ipython() if get_ipython is not None else None
    return shell is not None and getattr(shell, "kernel", None) is not None


class Progress:
    """A counting callback that shows a bar once its task has run for ``delay`` seconds.

    Call it with the number of items done so far; call ``close()`` (or use it
    as a context manager) when the task ends. ``enabled`` says whether a bar
    may appear at all; ``clock`` is a seam for tests.
    """

    def __init__(
        self,
        description: str,
        *,
        unit: str = "items",
        total: int | None = None,
        delay: float = DEFAULT_DELAY,
        enabled: bool | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.description = description
        self.unit = unit
        self.total = total
        self.delay = delay
        self.enabled = _bars_wanted() if enabled is None else enabled
        self.count = 0
        self._clock = clock
        self._started = clock()
        self._bar: Any = None

    def __repr__(self) -> str:
        shown = "shown" if self.shown else "hidden"
        return f"<Progress {self.description!r}: {self.count:,} {self.unit}, {shown}>"

    @property
    def shown(self) -> bool:
        """Whether a bar has been drawn."""
        return self._bar is not None

    def __call__(self, count: int) -> None:
        self.count = count
        if not self.enabled:
            return
        if self._bar is None and self._clock() - self._started >= self.delay:
            self._bar = _new_bar(self.description, self.unit, self.total)
        if self._bar is not None:
            self._bar.n = count
            self._bar.refresh()

    def close(self) -> None:
        """End the bar, if one is shown; later calls are ignored."""
        if self._bar is not None:
            self._bar.close()
        self.enabled = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def notebook_progress(
    description: str, *, unit: str = "items", total: int | None = None,
    delay: float = DEFAULT_DELAY,
) -> Progress:  # fmt: skip
    """A ``Progress`` that draws a bar only inside a notebook, and only after ``delay`` s.

    Setting the environment variable ``WSNB_PROGRESS=0`` turns bars off everywhere.
    """
    return Progress(description, unit=unit, total=total, delay=delay)


def _bars_wanted() -> bool:
    if os.environ.get(_DISABLE_VARIABLE, "").strip().lower() in {"0", "false", "no", "off"}:
        return False
    return in_notebook()


def _new_bar(description: str, unit: str, total: int | None) -> Any:
    from tqdm.auto import tqdm

    return tqdm(desc=description, unit=f" {unit}", total=total, leave=False)
