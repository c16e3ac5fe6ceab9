"""What a reply's table *shows* a person: headers and cells in the reply's language.

``reply.table`` keeps the data as ``ws.files`` and ``ws.grep`` give it (English
column names, sizes in bytes, flags as booleans) so code can filter it. A
person reads a copy: the headers translated, sizes as "1.5 KiB" / "12 字节",
a folder's size blank, flags as yes/no, times as dates.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..display import human_size
from ..i18n import N_, _

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["COLUMN_WORDS", "column_labels", "shown_table"]

COLUMN_WORDS: dict[str, str] = {
    "path": N_("path"),
    "name": N_("name"),
    "is_dir": N_("folder"),
    "size": N_("size"),
    "matches": N_("matches"),
    "line": N_("line"),
    "text": N_("text"),
    "kind": N_("kind"),
    "modified": N_("modified"),
    "suffix": N_("suffix"),
}
_SIZE_COLUMNS = ("size", "bytes")
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


def column_labels(columns: Iterable[object], lang: str | None = None) -> list[str]:
    """The headers a person reads for ``columns`` (a ``Styler`` takes them with
    ``relabel_index(labels, axis="columns")``, its formats still keyed by the data's names)."""
    return [_(COLUMN_WORDS[c], lang=lang) if isinstance(c, str) and c in COLUMN_WORDS else str(c)
            for c in columns]  # fmt: skip
