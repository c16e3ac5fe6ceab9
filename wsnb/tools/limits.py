"""How much a read tool hands back: the bounds of one caller, set by that caller.

A model's context is small, so the agent's tools keep the design's limits
(50 matching lines from at most 1,000 files, 128 KiB of a file, 200 entries of
a folder, 30 names) and a request for more is refused; what they look into is
not small (a search reads files up to 16 MiB, a read by line reaches 16 MiB
into a file), only what they hand back. A person in a notebook
asks for the whole answer and filters it as a DataFrame, so the facade runs
the same tools with generous defaults and no ceiling. Both share one
implementation: the tools read their bounds from ``ToolContext.limits``.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import Final, Literal

from ..errors import UsageError
from ..i18n import _

__all__ = ["DEFAULT", "Bound", "ToolLimits"]

DEFAULT: Final = "default"
"""A tool parameter left at this takes the caller's limit from ``ToolContext.limits``."""

Bound = int | None | Literal["default"]
"""A tool's bound parameter: a number, ``None`` for no bound (where allowed), or ``DEFAULT``."""

_KIB = 1024
_MIB = 1024 * 1024
_BYTE_BOUNDS = frozenset({"search_bytes", "read_bytes", "reach_bytes", "table_bytes"})


@dataclass(frozen=True, slots=True)
class ToolLimits:
    """The bounds the read tools apply when a request does not name its own.

    ``matches`` (lines ``search_text`` returns), ``files`` (files it opens),
    ``search_bytes`` (the largest file it searches), ``read_bytes`` (what
    ``read_file`` reads of a file), ``entries`` (what ``list_folder`` lists),
    ``names`` (what ``search_files`` returns), ``reach_bytes`` (how far into a file a read by
    line looks: its answer is still cut to ``read_bytes``), ``rows`` (the rows ``read_table``
    returns of a data file) and ``table_bytes`` (the largest data file it reads whole, or
    counts the rows of). ``None`` means no bound.

    With ``ceiling`` (a model's limits) they are also the most a request may
    ask for; without it (a person's) a request may ask for more, or for no
    bound with ``None`` (byte bounds always stay numbers).
    """

    matches: int | None = 50
    files: int | None = 1000
    search_bytes: int = 16 * _MIB
    read_bytes: int = 128 * _KIB
    entries: int | None = 200
    names: int | None = 30
    rows: int | None = 50
    table_bytes: int = 64 * _MIB
    ceiling: bool = True
    reach_bytes: int = 16 * _MIB

    @classmethod
    def for_model(cls) -> ToolLimits:
        """The design's limits for a model's context; requests can't go past them."""
        return cls()

    @classmethod
    def for_person(cls) -> ToolLimits:
        """Generous defaults and no ceiling: every line, file and entry unless asked otherwise."""
        return cls(matches=10_000, files=None, search_bytes=4 * _MIB, read_bytes=16 * _MIB,
                   entries=None, names=30, rows=100_000, table_bytes=512 * _MIB,
                   ceiling=False)  # fmt: skip

    def pick(self, bound: str, asked: Bound, *, param: str = "limit") -> int | None:
        """The bound to apply: ``asked``, checked against this caller's limits.

        Raises ``UsageError`` for anything but a whole number of at least 1
        (or ``None`` where no bound is allowed), or, with ``ceiling``, for a
        request past the limit.
        """
        default: int | None = getattr(self, bound)
        if isinstance(asked, str) and asked == DEFAULT:
            return default
        if asked is None and not self.ceiling and bound not in _BYTE_BOUNDS:
            return None
        most = default if self.ceiling else None
        valid = isinstance(asked, numbers.Integral) and not isinstance(asked, bool)
        if not valid or int(asked) < 1 or (most is not None and int(asked) > most):  # type: ignore[arg-type]
            raise UsageError(_allowed(most, self.ceiling, bound).format(
                param=param, most=most, asked=asked))
        return int(asked)  # type: ignore[arg-type]


def _allowed(most: int | None, ceiling: bool, bound: str) -> str:
    if most is not None:
        return _("{param} must be a whole number from 1 to {most:,}, not {asked!r}.")
    if ceiling or bound in _BYTE_BOUNDS:
        return _("{param} must be a whole number of at least 1, not {asked!r}.")
    return _("{param} must be a whole number of at least 1, or None for no bound, not "
             "{asked!r}.")
