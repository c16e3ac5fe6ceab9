"""The part of the core ``Workspace`` that reads data files as tables: ``frame`` and ``table_info``.

``TableReading`` is a mixin of ``wsnb.workspace.facade.Workspace``, which sets the
attributes it names. Both methods read through the one ``read_table`` tool
(``wsnb.tools.tables``) with a person's limits, and raise the tool's error
when it refuses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..tools.limits import ToolLimits
from ..tools.tables import TYPED_ROWS, TableInfo, TableOptions

if TYPE_CHECKING:
    import pandas as pd

    from ..tools.base import ToolContext, ToolRegistry

__all__ = ["TableReading"]

_PERSON = ToolLimits.for_person()


class TableReading:
    """Data files as DataFrames (a mixin of ``Workspace``)."""

    tools: ToolRegistry
    _reading: ToolContext

    def frame(self, path: str, nrows: int | None = _PERSON.rows, *, sheet: str | int | None = None,
              sep: str | None = None, header: bool | None = None, encoding: str | None = None,
              format: str | None = None, max_bytes: int = _PERSON.table_bytes,
              confirm: str | None = None) -> pd.DataFrame:  # fmt: skip
        """A data file read into a DataFrame: CSV or TSV, JSON lines, JSON, Excel, Parquet.

        Nothing is written. The encoding is found as ``read()`` finds it (UTF-8,
        UTF-16 with a byte-order mark, GB18030/GBK), and so are the separator
        (comma, tab, semicolon, bar, or spaces), decimal commas, comment lines
        above the header, and a first row of numbers that is data, not a header.

        Parameters
        ----------
        path : str
            A workspace-relative data file (``.csv``, ``.tsv``, ``.jsonl``, ``.ndjson``,
            ``.json``, ``.xlsx``, ``.xlsm``, ``.parquet``).
        nrows : int or None
            The first 100,000 rows unless said otherwise; ``None`` for every row. A cut
            table says so under it, with the table's true total where it is known
            cheaply (a Parquet file's metadata, a count of a CSV or JSON lines file),
            or that it is not known (an Excel sheet read in part).
        sheet : str or int, optional
            An Excel sheet's name, or its position from 0; the first sheet by default.
        sep, header, encoding : optional
            A text table's separator, whether its first row is a header, and its
            encoding (any Python codec: ``"latin-1"``), where the guess is wrong.
        format : str, optional
            ``"csv"``, ``"tsv"``, ``"jsonl"``, ``"json"``, ``"excel"`` or ``"parquet"``,
            for a name whose suffix does not say.
        max_bytes : int
            The largest file read whole (512 MiB): with ``nrows=None``, for a JSON
            document (always read whole), and to count a cut table's rows.
        confirm : str, optional
            A sensitive file is read only on purpose: its name, typed.

        Returns
        -------
        pandas.DataFrame
            The rows; ``.attrs`` holds ``total_rows`` (None when not known),
            ``truncated``, ``format``, ``encoding``, ``sep``, ``sheet``...

        Raises
        ------
        PolicyError
            Outside the workspace, a link, or a sensitive file without ``confirm``.
        NotFoundError
            The file does not exist.
        UnsupportedFileError
            Not a table wsnb reads (the sentence says why and what to pass), or Excel
            and Parquet without their engines: ``pip install 'wsnb[data]'``.
        UsageError
            A bad bound, sheet, format or encoding, or a file larger than ``max_bytes``
            to read whole.
        """
        return self._table(path, nrows, TableOptions(format, sep, header, encoding, sheet),
                           max_bytes, confirm).frame  # fmt: skip

    def table_info(self, path: str, *, head: int = 5, sheet: str | int | None = None,
                   sep: str | None = None, header: bool | None = None,
                   encoding: str | None = None, format: str | None = None,
                   max_bytes: int = _PERSON.table_bytes,
                   confirm: str | None = None) -> TableInfo:  # fmt: skip
        """What a data file holds: its columns and their types, how many rows, the first rows.

        Parameters
        ----------
        path : str
            A workspace-relative data file, as for ``frame()``.
        head : int
            How many of the first rows ``.frame`` holds (5).
        sheet, sep, header, encoding, format, max_bytes, confirm : optional
            As for ``frame()``: the rows of a file past ``max_bytes`` are not counted.

        Returns
        -------
        TableInfo
            ``.columns`` (name, dtype; typed from the first 1,000 rows), ``.rows`` (the
            true total, or None when it is not known, with ``.note`` saying why),
            ``.frame``; it prints as a summary line and the columns.

        Raises
        ------
        PolicyError, NotFoundError, UnsupportedFileError, UsageError
            As ``frame()`` raises them.
        """
        return self._table(path, head, TableOptions(format, sep, header, encoding, sheet),
                           max_bytes, confirm, typed_rows=TYPED_ROWS)  # fmt: skip

    def _table(self, path: str, nrows: int | None, options: TableOptions, max_bytes: int,
               confirm: str | None, typed_rows: int = 0) -> TableInfo:  # fmt: skip
        tool = self.tools.get("read_table")
        done = tool.run(self._reading, path=path, limit=nrows, options=options,  # type: ignore[attr-defined]
                        confirm=confirm, max_bytes=max_bytes, typed_rows=typed_rows)  # fmt: skip
        info: TableInfo = done.raise_for_error().data
        return info
