"""Readable views of wsnb's DataFrames: human sizes and relative times, data untouched.

``ws.files`` keeps raw values (sizes in bytes, modification times as
datetimes) so a person can filter and sort them. ``styled(frame)`` returns a
pandas ``Styler`` that only *displays* them readably::

    styled(ws.files.query("suffix == '.py'"))

The frame itself is never changed: ``styled(frame).data`` is the same object.
Needs ``jinja2`` (a wsnb dependency), as every pandas ``Styler`` does.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..display import human_size

if TYPE_CHECKING:
    import pandas as pd
    from pandas.io.formats.style import Styler

__all__ = ["human_size", "relative_time", "styled"]

_SIZE_COLUMNS = ("size", "bytes")


def relative_time(when: datetime, now: datetime) -> str:
    """``'just now'``, ``'5 min ago'``, ``'3 h ago'``, ``'2 days ago'``, then the date."""
    from ..i18n import _, ngettext

    seconds = (now - when).total_seconds()
    if seconds < 0:
        return when.strftime("%Y-%m-%d %H:%M")
    if seconds < 60:
        return _("just now")
    if seconds < 3600:
        return _("{count} min ago").format(count=int(seconds // 60))
    if seconds < 86400:
        return _("{count} h ago").format(count=int(seconds // 3600))
    days = int(seconds // 86400)
    if days < 30:
        return _("yesterday") if days == 1 else ngettext(
            "{count} day ago", "{count} days ago", days).format(count=days)
    return when.strftime("%Y-%m-%d")


def styled(frame: pd.DataFrame, *, now: datetime | None = None) -> Styler:
    """A ``Styler`` that shows sizes as KiB/MiB and datetimes relative to ``now``.

    ``now`` defaults to the current local time; pass one for a reproducible view.
    Size columns are ``size`` and ``bytes`` (blank for folders); time columns are every
    datetime column.
    """
    import pandas as pd

    moment = now or datetime.now()
    formats: dict[Any, Callable[[object], str] | str | None] = {}
    for column in frame.columns:
        if column in _SIZE_COLUMNS and pd.api.types.is_numeric_dtype(frame[column]):
            formats[column] = _or_blank(human_size)
        elif pd.api.types.is_datetime64_any_dtype(frame[column]):
            formats[column] = _or_blank(lambda value: relative_time(value, moment))
        elif pd.api.types.is_bool_dtype(frame[column]):
            formats[column] = _yes_no
    styler: Styler = frame.style.format(formats)
    if "is_dir" in frame.columns and "size" in formats and frame.index.is_unique:
        folders = frame.index[frame["is_dir"].astype(bool)]
        styler = styler.format("", subset=pd.IndexSlice[folders, ["size"]])  # a folder has no size
    return styler


def _yes_no(value: object) -> str:
    from ..i18n import _

    return _("yes") if bool(value) else _("no")


def _or_blank(show: Callable[[Any], str]) -> Callable[[object], str]:
    import pandas as pd

    def shown(value: Any) -> str:
        return "" if pd.isna(value) else show(value)

    return shown
