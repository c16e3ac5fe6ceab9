"""What a reply's table *shows* a person: headers and cells in the reply's language.

``reply.table`` keeps the data as ``ws.files`` and ``ws.grep`` give it (English
column names, sizes in bytes, flags as booleans) so code can filter it. A
person reads a copy: the headers translated, sizes as "1.5 KiB" / "12 字节",
a folder's size blank, flags as yes/no, times as dates.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..display import COLUMN_WORDS, column_labels, human_size
from ..i18n import _

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["COLUMN_WORDS", "column_labels", "shown_table"]

_SIZE_COLUMNS = ("size", "bytes", "output_bytes")
_TIME_FORMAT = "%Y-%m-%d %H:%M"


def shown_table(table: pd.DataFrame, lang: str | None = None) -> pd.DataFrame:
    """A display copy of ``table``: translated headers, readable cells (the data is untouched)."""
    import pandas as pd

    shown = pd.DataFrame(table).copy()
    folders = shown["is_dir"].astype(bool) if "is_dir" in shown.columns else None
    for column in shown.columns:
        series = shown[column]
        if column in _SIZE_COLUMNS and pd.api.types.is_numeric_dtype(series):
            sizes = ["" if pd.isna(v) else human_size(v, lang) for v in series]
            if folders is not None:  # a folder has no size of its own
                sizes = ["" if f else s for s, f in zip(sizes, folders, strict=True)]
            shown[column] = sizes
        elif pd.api.types.is_bool_dtype(series):
            shown[column] = [_("yes", lang=lang) if v else _("no", lang=lang) for v in series]
        elif pd.api.types.is_datetime64_any_dtype(series):
            shown[column] = ["" if pd.isna(v) else v.strftime(_TIME_FORMAT) for v in series]
    shown.columns = pd.Index(column_labels(shown.columns, lang))
    return shown

