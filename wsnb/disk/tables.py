"""Data files read as pandas DataFrames: CSV and TSV, JSON lines, JSON, Excel and Parquet.

Reading only: nothing here writes, and every function takes a ``WsPath`` (the
path passed the access policy) and opens it with ``textio.open_binary``, so a
symlink at the end is never followed and only a regular file is read.

A read is bounded by rows: ``read_table`` reads one row more than it was asked
for, which tells a cut table from a whole one without reading further. The
total of a cut table is known where it is cheap: a Parquet file's metadata
holds it; a CSV or JSON lines file is counted in one more pass (pandas' own
parser over one column, so the count is what a whole read would give) when
it is no larger than the count bound; an Excel sheet's rows are known only
by reading it whole, so a cut sheet's total is left unknown, and says so.

Excel needs ``openpyxl`` and Parquet ``pyarrow`` (the ``data`` extra); without
them the error names what to install.
"""

from __future__ import annotations

import dataclasses
import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, BinaryIO, TypeVar

import pandas as pd

from ..errors import UnsupportedFileError, UsageError
from ..i18n import N_, _
from ..policy.wspath import WsPath
from . import textio
from .delimited import (
    SAMPLE_BYTES,
    WHITESPACE,
    Dialect,
    count_rows,
    decode_head,
    lookup_codec,
    read_delimited,
    sniff,
    undecodable_table,
)
from .jsonrows import read_json_document, read_json_lines

__all__ = [
    "DATA_EXTRA",
    "FORMATS",
    "FORMAT_NAMES",
    "TableLayout",
    "TableRead",
    "TableRequest",
    "read_table",
    "require_engine",
    "table_format",
]

FORMATS = ("csv", "tsv", "jsonl", "json", "excel", "parquet")
FORMAT_NAMES = {"csv": "CSV", "tsv": "TSV", "jsonl": "JSON lines", "json": "JSON",
                "excel": "Excel", "parquet": "Parquet"}  # fmt: skip
DATA_EXTRA = "wsnb[data]"
_SUFFIXES = {".csv": "csv", ".tsv": "tsv", ".tab": "tsv", ".jsonl": "jsonl", ".ndjson": "jsonl",
             ".json": "json", ".xlsx": "excel", ".xlsm": "excel", ".parquet": "parquet",
             ".pq": "parquet"}  # fmt: skip
_ENGINES = {"excel": "openpyxl", "parquet": "pyarrow"}
_SEPARATOR_WORDS = {"\t": N_("tab"), WHITESPACE: N_("spaces")}
Parsed = TypeVar("Parsed")


@dataclass(frozen=True)
class TableRequest:
    """What to read: ``nrows`` rows (None: all), the layout where the caller knows it, and the
    largest file whose rows are counted when the table is cut (``count_bytes``)."""

    nrows: int | None
    count_bytes: int
    sep: str | None = None
    header: bool | None = None
    sheet: str | int | None = None
    encoding: str | None = None


@dataclass(frozen=True)
class TableLayout:
    """How a data file is written.

    ``encoding`` is named as ``ws.read`` names it (None for Excel and Parquet);
    ``sep`` is a text table's separator (``\\s+`` for runs of spaces) and
    ``header`` whether its first row names the columns; ``skipped_lines`` counts
    comment lines above a CSV header; ``sheet`` is the Excel sheet read, one of
    ``sheets``; ``key`` is the JSON key the rows were under; ``decimal`` is ``","``
    for numbers written ``3,14``.
    """

    encoding: str | None = None
    sep: str | None = None
    header: bool = True
    skipped_lines: int = 0
    sheet: str | None = None
    sheets: tuple[str, ...] = ()
    key: str | None = None
    decimal: str = "."

    def sentence(self) -> str:
        """The layout in a sentence ("" for Parquet, which has nothing more to say)."""
        if self.sheet is not None:
            return _("Sheet {sheet!r}, one of {sheets}.").format(
                sheet=self.sheet, sheets=", ".join(repr(s) for s in self.sheets))
        if self.key is not None:
            return _("The rows are the list under the key {key!r}.").format(key=self.key)
        if self.sep is not None:
            sep = _(_SEPARATOR_WORDS[self.sep]) if self.sep in _SEPARATOR_WORDS else repr(self.sep)
            said = (_("Encoding {encoding}, separated by {sep}, with decimal commas.")
                    if self.decimal == "," else _("Encoding {encoding}, separated by {sep}.")
                    ).format(encoding=self.encoding, sep=sep)  # fmt: skip
            if not self.header:
                said += " " + _("No header row: the columns are numbered from 0.")
            return said
        return _("Encoding {encoding}.").format(encoding=self.encoding) if self.encoding else ""


@dataclass(frozen=True)
class TableRead:
    """A data file as read: the rows, how many it has in all, and how it is written.

    ``total`` is every row of the table, or None when it is not known: then
    ``uncounted`` says why (``"sheet"``: an Excel sheet is counted only by reading
    it whole; ``"size"``: the file is larger than the count bound;
    ``"unreadable"``: the rows after the first could not be read, ``problem``
    says how). ``truncated`` is True when ``frame`` holds fewer rows than the
    table.
    """

    path: str
    format: str
    size: int
    frame: pd.DataFrame
    total: int | None
    truncated: bool
    layout: TableLayout = field(default_factory=TableLayout)
    uncounted: str = ""
    problem: str = ""


def table_format(name: str, fmt: str | None = None) -> str:
    """The format of the file ``name`` (``fmt`` when given): one of ``FORMATS``.

    Raises ``UsageError`` for an unknown ``fmt`` and ``UnsupportedFileError``
    for a name whose suffix is no data file wsnb reads.
    """
    if fmt is not None:
        if fmt not in FORMATS:
            raise UsageError(_("format must be one of {formats}, not {format!r}.").format(
                formats=", ".join(repr(f) for f in FORMATS), format=fmt))
        return fmt
    suffix = os.path.splitext(name)[1].lower()
    if suffix == ".xls":
        raise UnsupportedFileError(_(
            "{path} is an Excel 97-2003 workbook (.xls), which wsnb does not read; save it as "
            ".xlsx or CSV and read that.").format(path=name), path=name)  # fmt: skip
    found = _SUFFIXES.get(suffix)
    if found is None:
        raise UnsupportedFileError(_(
            "{path} is not a data file wsnb reads as a table (CSV, TSV, JSON lines, JSON, Excel "
            ".xlsx, Parquet); if it holds one, say which with format='csv' (or 'tsv', 'jsonl', "
            "'json', 'excel', 'parquet').").format(path=name), path=name)  # fmt: skip
    return found


def require_engine(fmt: str, name: str) -> None:
    """Raise ``UnsupportedFileError`` naming the package to install when ``fmt`` needs one."""
    package = _ENGINES.get(fmt)
    if package is None:
        return
    try:
        importlib.import_module(package)
    except ImportError:
        raise UnsupportedFileError(_(
            "Reading {format} files needs the {package} package, which is not installed: pip "
            "install '{extra}' (or pip install {package}), then read {path} again."
        ).format(format=FORMAT_NAMES[fmt], package=package, extra=DATA_EXTRA, path=name),
            path=name, kind="engine", package=package) from None  # fmt: skip


def read_table(path: WsPath, fmt: str, request: TableRequest) -> TableRead:
    """The first ``request.nrows`` rows of the data file at ``path``, read as ``fmt``.

    Raises ``UnsupportedFileError`` when the file is no readable table of that
    format (the sentence says where and why), or its engine is not installed;
    ``UsageError`` for a sheet it does not have or an unknown encoding;
    ``NotFoundError`` and ``PolicyError`` as ``textio`` does.
    """
    require_engine(fmt, str(path))
    handle, size = textio.open_binary(path)
    with handle:
        return _READERS[fmt](handle, TableRead(path.relative, fmt, size, pd.DataFrame(), 0,
                                               False), request)  # fmt: skip


def _asked(request: TableRequest) -> int | None:
    """Rows to read: one more than asked, which tells whether the table goes on."""
    return None if request.nrows is None else request.nrows + 1


def _cut(frame: pd.DataFrame, nrows: int | None) -> tuple[pd.DataFrame, bool]:
    if nrows is not None and len(frame) > nrows:
        return frame.iloc[:nrows], True
    return frame, False


def _unreadable(shell: TableRead, exc: Exception) -> UnsupportedFileError:
    """A file that fails as the table its format says it is."""
    problem = _problem(exc)
    name = shell.path
    if shell.format == "excel":
        message = _("{path} is not an Excel workbook wsnb can read ({problem}); open it in "
                    "Excel or LibreOffice and save it as .xlsx again.")
    elif shell.format == "parquet":
        message = _("{path} is not a Parquet file wsnb can read ({problem}); check that it was "
                    "written whole, or write it again.")
    else:
        message = _("{path} could not be read as {format} ({problem}); check the file, or pass "
                    "sep=, header= or encoding= if wsnb guessed its layout wrong.")
    return UnsupportedFileError(message.format(path=name, problem=problem,
                                               format=FORMAT_NAMES[shell.format]),
                                path=name, kind="table")  # fmt: skip


def _problem(exc: BaseException) -> str:
    """The first line of a parser's complaint (pandas ends its own with a line break)."""
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


# -- text tables ----------------------------------------------------------------------


def _read_csv(handle: BinaryIO, shell: TableRead, request: TableRequest) -> TableRead:
    if shell.size == 0:
        return shell
    head = handle.read(SAMPLE_BYTES)
    dialect = sniff(head, name=shell.path, truncated=shell.size > len(head), sep=request.sep,
                    header=request.header, encoding=request.encoding,
                    prefer_tab=shell.format == "tsv")  # fmt: skip

    def parse(chosen: Dialect) -> pd.DataFrame:
        try:
            return read_delimited(handle, chosen, _asked(request))
        except pd.errors.EmptyDataError:  # only blank lines: a table with no rows
            return pd.DataFrame()

    frame, dialect = _with_gbk_retry(parse, dialect, shell, request)
    frame, truncated = _cut(frame, request.nrows)
    layout = TableLayout(dialect.label, dialect.sep, dialect.header, dialect.skip,
                         decimal=dialect.decimal)
    read = dataclasses.replace(shell, frame=frame, total=len(frame), truncated=truncated,
                               layout=layout)
    if not truncated:
        return read
    if shell.size > request.count_bytes:
        return dataclasses.replace(read, total=None, uncounted="size")
    try:
        return dataclasses.replace(read, total=count_rows(handle, dialect))
    except (ValueError, UnicodeDecodeError) as exc:  # pandas' ParserError is a ValueError
        return dataclasses.replace(read, total=None, uncounted="unreadable",
                                   problem=_problem(exc))  # fmt: skip


def _with_gbk_retry(parse: Callable[[Dialect], Parsed], dialect: Dialect, shell: TableRead,
                    request: TableRequest) -> tuple[Parsed, Dialect]:  # fmt: skip
    """Parse with ``dialect``; a head that was plain UTF-8 over GBK rows further down is read
    again as GB18030. A parser's failure becomes one sentence."""
    try:
        return parse(dialect), dialect
    except UnicodeDecodeError:
        if request.encoding is not None or dialect.label != "utf-8":
            raise undecodable_table(shell.path) from None
    except ValueError as exc:  # pandas' ParserError, and what its options refuse
        raise _unreadable(shell, exc) from None
    wider = dataclasses.replace(dialect, encoding="gb18030", label="gb18030")
    try:
        return parse(wider), wider
    except UnicodeDecodeError:
        raise undecodable_table(shell.path) from None
    except ValueError as exc:
        raise _unreadable(shell, exc) from None


def _read_json_lines(handle: BinaryIO, shell: TableRead, request: TableRequest) -> TableRead:
    if shell.size == 0:
        return shell
    head = handle.read(SAMPLE_BYTES)
    _text, codec, label = decode_head(head, shell.path, shell.size > len(head), request.encoding)
    count = shell.size <= request.count_bytes
    got, dialect = _with_gbk_retry(
        lambda chosen: read_json_lines(handle, codec=chosen.encoding, name=shell.path,
                                       nrows=request.nrows, count=count),
        Dialect(codec, label, "", header=True), shell, request)  # fmt: skip
    return dataclasses.replace(shell, frame=got.frame, total=got.total, truncated=got.truncated,
                               layout=TableLayout(dialect.label),
                               uncounted="" if got.total is not None else "size")  # fmt: skip


def _read_json(handle: BinaryIO, shell: TableRead, request: TableRequest) -> TableRead:
    data = handle.read()
    if request.encoding is not None:
        label = lookup_codec(request.encoding)
        try:
            text = data.decode(label)
        except UnicodeDecodeError:
            raise undecodable_table(shell.path) from None
    else:
        text, label = _decoded_whole(data, shell.path)
    got = read_json_document(text, name=shell.path, nrows=request.nrows)
    return dataclasses.replace(shell, frame=got.frame, total=got.total, truncated=got.truncated,
                               layout=TableLayout(label, key=got.key))


def _decoded_whole(data: bytes, name: str) -> tuple[str, str]:
    try:
        text, fmt = textio.decode_bytes(data)
    except UnsupportedFileError:
        raise undecodable_table(name) from None
    return text, fmt.encoding


# -- Excel and Parquet ----------------------------------------------------------------


def _read_excel(handle: BinaryIO, shell: TableRead, request: TableRequest) -> TableRead:
    try:
        book = pd.ExcelFile(handle, engine="openpyxl")
    except Exception as exc:  # a damaged zip or XML: any of openpyxl's errors, said as one
        raise _unreadable(shell, exc) from None
    with book:
        sheets = tuple(str(name) for name in book.sheet_names)
        sheet = _sheet(sheets, request.sheet, shell.path)
        try:
            frame = pd.read_excel(book, sheet_name=sheet, nrows=_asked(request))
        except Exception as exc:
            raise _unreadable(shell, exc) from None
    frame, truncated = _cut(frame, request.nrows)
    return dataclasses.replace(shell, frame=frame, total=None if truncated else len(frame),
                               truncated=truncated, layout=TableLayout(sheet=sheet, sheets=sheets),
                               uncounted="sheet" if truncated else "")  # fmt: skip


def _sheet(sheets: tuple[str, ...], asked: str | int | None, name: str) -> str:
    """The sheet to read: the first, one named, or one by its position from 0 (as pandas)."""
    if asked is None:
        return sheets[0]
    if isinstance(asked, str) and asked in sheets:
        return asked
    if isinstance(asked, int) and not isinstance(asked, bool) and 0 <= asked < len(sheets):
        return sheets[asked]
    listed = ", ".join(repr(sheet) for sheet in sheets)
    if isinstance(asked, int) and not isinstance(asked, bool):
        raise UsageError(_("{path} has {count} sheets ({sheets}), so there is no sheet {sheet}; "
                           "give a name, or a position from 0 to {last}.").format(
            path=name, count=len(sheets), sheets=listed, sheet=asked, last=len(sheets) - 1))
    raise UsageError(_("{path} has no sheet named {sheet!r}; its sheets are {sheets}.").format(
        path=name, sheet=asked, sheets=listed))


def _read_parquet(handle: BinaryIO, shell: TableRead, request: TableRequest) -> TableRead:
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        parquet = pq.ParquetFile(handle)
        total = int(parquet.metadata.num_rows)
        if request.nrows is None or total <= request.nrows:
            table = parquet.read()
        else:
            table = _first_rows(parquet, request.nrows, pa)
        frame = table.to_pandas()
    except Exception as exc:  # pyarrow's errors on a damaged file, said as one
        raise _unreadable(shell, exc) from None
    truncated = request.nrows is not None and total > request.nrows
    return dataclasses.replace(shell, frame=frame, total=total, truncated=truncated)


def _first_rows(parquet: Any, nrows: int, pa: Any) -> Any:
    """The first ``nrows`` rows as an Arrow table, with the file's schema (so pandas' index
    columns come back as the index)."""
    batches, got = [], 0
    for batch in parquet.iter_batches(batch_size=min(nrows, 65_536)):
        batches.append(batch)
        got += batch.num_rows
        if got >= nrows:
            break
    return pa.Table.from_batches(batches, schema=parquet.schema_arrow).slice(0, nrows)


_READERS: dict[str, Callable[[BinaryIO, TableRead, TableRequest], TableRead]] = {
    "csv": _read_csv,
    "tsv": _read_csv,
    "jsonl": _read_json_lines,
    "json": _read_json,
    "excel": _read_excel,
    "parquet": _read_parquet,
}
