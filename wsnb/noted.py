"""DataFrames that say on screen when they hold less than the whole answer.

A person filters a result as a DataFrame and may never look at ``.attrs``, so
a result that was cut (a row limit, files not searched, files skipped) carries
a one-line note in ``attrs["note"]`` and shows it under the table, in the
notebook (``_repr_html_``) and as text (``repr``). The class is a plain
``pd.DataFrame`` subclass: filtering, sorting, ``head`` and ``copy`` keep it
(``_constructor``) and pandas carries ``attrs`` along, so a filtered part of a
cut result still says that its source was cut; ``pd.DataFrame(noted)`` is a
plain frame again, without the note. No IPython import: the notebook finds
``_repr_html_`` by itself.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable
from typing import Any, cast

import pandas as pd

from .i18n import _

__all__ = ["NotedFrame", "with_note"]

logger = logging.getLogger("wsnb")

_NOTE_STYLE = "margin:0.3em 0;color:#8a5a00;font-size:90%"


class NotedFrame(pd.DataFrame):
    """A DataFrame whose display ends with ``attrs["note"]`` when there is one."""

    @property
    def _constructor(self) -> Callable[..., NotedFrame]:
        return NotedFrame

    @property
    def note(self) -> str:
        """The sentence saying what the result left out; empty when it is whole."""
        return str(self.attrs.get("note") or "")

    @property
    def nothing(self) -> str:
        """The sentence that stands for an empty answer ("No line matches 'TODO' in 12 text
        files."); empty when the frame has rows or its maker said nothing."""
        return "" if len(self) else str(self.attrs.get("nothing") or "")

    def __repr__(self) -> str:
        nothing = self.nothing
        text = nothing or super().__repr__()  # a sentence, not a row of headers over nothing
        note = self.note
        return text + "\n" + _("Note: {note}").format(note=note) if note else text

    def _repr_html_(self) -> str | None:
        nothing = self.nothing
        table = (f'<p class="wsnb-nothing">{html.escape(nothing)}</p>' if nothing
                 else cast("str | None", super()._repr_html_()))  # type: ignore[misc]  # fmt: skip
        note = self.note
        if table is None or not note:
            return table
        return f'{table}<p class="wsnb-note" style="{_NOTE_STYLE}">⚠ {html.escape(note)}</p>'


def with_note(frame: pd.DataFrame, note: str, *, warn: bool = True, logged: str | None = None,
              nothing: str = "", **attrs: Any) -> NotedFrame:  # fmt: skip
    """``frame`` as a ``NotedFrame`` with ``attrs`` set; a note is logged once, as a warning.

    An empty ``note`` means the result is whole: nothing is shown or logged.
    ``warn=False`` logs it as information instead: for a caller that knows
    its bounds (a model's tools), a cut is the expected answer, not news.
    ``logged`` is the note in English for the log, when the note a person reads
    is translated (log records stay English); by default the note itself.
    ``nothing`` is the sentence shown instead of bare column headers when the
    frame has no rows; kept only then, so a filtered part of a full answer
    that comes out empty never claims that nothing matched.
    """
    noted = frame if isinstance(frame, NotedFrame) else NotedFrame(frame)
    noted.attrs.update(frame.attrs)
    noted.attrs.update(attrs)
    noted.attrs["note"] = note
    if nothing and not len(noted):
        noted.attrs["nothing"] = nothing
    if note:
        logger.log(logging.WARNING if warn else logging.INFO, "%s", logged or note)
    return noted
