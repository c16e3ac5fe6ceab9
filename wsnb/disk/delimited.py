"""Delimited text tables (CSV, TSV, semicolons, spaces): how a file is written, read by pandas.

``sniff`` looks once at the head of the file (64 KiB): its encoding, decided as
``textio`` decides it for ``ws.read`` (a byte-order mark, then UTF-8, then
GB18030, which covers GBK); its separator (of ``,``, tab, ``;`` and ``|``, the one
that splits the most lines into the same number of fields, quotes respected;
runs of spaces when none does); comment lines above the header
(``# Data source: ...``); whether the first row is a header (not when every
field of it is a number); and whether a space follows every separator.

pandas' C parser then reads with that dialect, and ``count_rows`` counts the
rows with the same parser over the first column only: a count is what reading
the whole file would give, quoted line breaks and blank lines included.
"""

from __future__ import annotations

import codecs
import csv
import re
import warnings
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO

import pandas as pd

from ..errors import UnsupportedFileError, UsageError
from ..i18n import _
from . import textio

__all__ = [
    "SAMPLE_BYTES",
    "WHITESPACE",
    "Dialect",
    "binary_table",
    "count_rows",
    "decode_head",
    "lookup_codec",
    "read_delimited",
    "sniff",
    "undecodable_table",
]

SAMPLE_BYTES = 64 * 1024
WHITESPACE = r"\s+"  # the separator of a table aligned with spaces
_SEPARATORS = (",", "\t", ";", "|")
_SAMPLE_LINES = 200
_CONSISTENT = 0.6  # the share of lines a separator must split alike
_COUNT_ROWS = 1_000_000  # rows per chunk while counting: memory stays small

# The codec pandas reads each of textio's encodings with: "utf-16" reads the byte-order mark
# a UTF-16 file always has (wsnb knows UTF-16 only by it) and takes its byte order from it.
_CODECS = {"utf-8": "utf-8", "utf-8-sig": "utf-8-sig", "utf-16-le": "utf-16",
           "utf-16-be": "utf-16", "gb18030": "gb18030"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Dialect:
    """How one delimited file is written.

    ``encoding`` is the codec pandas reads with and ``label`` the encoding as
    ``ws.read`` names it; ``skip`` counts the comment lines above the header;
    ``spaced`` says a space follows each separator (pandas' ``skipinitialspace``);
    ``decimal`` is ``","`` where numbers are written ``3,14`` (a semicolon table, as
    spreadsheets in much of Europe save one).
    """

    encoding: str
    label: str
    sep: str
    header: bool
    skip: int = 0
    spaced: bool = False
    decimal: str = "."

    def options(self) -> dict[str, Any]:
        """The dialect as ``pandas.read_csv`` arguments."""
        return {"sep": self.sep, "header": 0 if self.header else None, "skiprows": self.skip,
                "encoding": self.encoding, "skipinitialspace": self.spaced,
                "decimal": self.decimal}  # fmt: skip


def sniff(head: bytes, *, name: str, truncated: bool, sep: str | None = None,
          header: bool | None = None, encoding: str | None = None,
          prefer_tab: bool = False) -> Dialect:  # fmt: skip
    """The dialect of a file whose first bytes are ``head`` (cut there when ``truncated``).

    ``sep``, ``header`` and ``encoding`` given by the caller are taken as they
    are; the rest is guessed. ``prefer_tab`` (a ``.tsv`` file) tries tabs first.
    Raises ``UnsupportedFileError`` for binary bytes or an encoding wsnb does not
    recognise, and ``UsageError`` for an encoding Python does not know.
    """
    text, codec, label = decode_head(head, name, truncated, encoding)
    lines = text.splitlines(keepends=True)
    if truncated and len(lines) > 1:
        lines = lines[:-1]  # the last line may be cut
    lines = [line for line in lines[:_SAMPLE_LINES] if line.strip()]
    body = _after_comments(lines)
    chosen = sep if sep else _guess_separator(body, "\t" if prefer_tab else ",")
    width = _modal_width(body, chosen)
    skip = _comment_lines(lines, chosen, width)
    rows = lines[skip:]
    if header is None:
        header = len(rows) < 2 or not _all_numbers(_fields(rows[0], chosen))
    spaced = chosen != WHITESPACE and _spaced("".join(body), chosen)
    decimal = "," if chosen in (";", "\t") and _decimal_commas(body[1:], chosen) else "."
    return Dialect(codec, label, chosen, header, skip, spaced, decimal)


def read_delimited(handle: BinaryIO, dialect: Dialect, nrows: int | None) -> pd.DataFrame:
    """The first ``nrows`` rows (all with None) of the open file, read with ``dialect``."""
    handle.seek(0)
    # pandas' own defaults otherwise (low_memory=False would cost a whole read 40% more, to
    # type a column that changes type part way as one; pandas warns of such a column instead).
    frame: pd.DataFrame = pd.read_csv(handle, nrows=nrows, **dialect.options())
    return frame


def count_rows(handle: BinaryIO, dialect: Dialect) -> int:
    """Every row of the open file, as reading it whole would give them (the header not counted)."""
    handle.seek(0)
    total = 0
    with warnings.catch_warnings():  # a column of mixed types is no news to a count
        warnings.simplefilter("ignore", pd.errors.DtypeWarning)
        with pd.read_csv(handle, usecols=[0], chunksize=_COUNT_ROWS,
                         **dialect.options()) as chunks:  # fmt: skip
            for chunk in chunks:
                total += len(chunk)
    return total


def lookup_codec(encoding: str) -> str:
    """Python's name for the encoding a caller gave; ``UsageError`` when Python has none."""
    try:
        return codecs.lookup(encoding).name
    except (LookupError, TypeError, ValueError):
        raise UsageError(_("{encoding!r} is not an encoding Python knows; give one such as "
                           "'utf-8', 'gbk' or 'latin-1'.").format(encoding=encoding)) from None


def decode_head(head: bytes, name: str, truncated: bool,
                encoding: str | None) -> tuple[str, str, str]:  # fmt: skip
    """The head of a file as text, the codec pandas reads it with, and the encoding's name.

    ``encoding`` given by the caller is used as it is; otherwise ``textio``
    decides, as for ``ws.read``.
    """
    if encoding is not None:
        codec = lookup_codec(encoding)
        return head.decode(codec, errors="replace"), codec, codec
    try:
        text, fmt = textio.decode_bytes(head, truncated=truncated)
    except UnsupportedFileError as exc:
        if getattr(exc, "kind", "") == "binary":
            raise binary_table(name) from None
        raise undecodable_table(name) from None
    return text, _CODECS[fmt.encoding], fmt.encoding


def binary_table(name: str) -> UnsupportedFileError:
    """The refusal of a text table whose bytes are binary."""
    return UnsupportedFileError(
        _("{path} is not a text table: its bytes are binary. If it is an Excel workbook or a "
          "Parquet file, give it that suffix (.xlsx, .parquet) or pass format='excel' or "
          "format='parquet'.").format(path=name), path=name, kind="binary")


def undecodable_table(name: str) -> UnsupportedFileError:
    """The refusal of a text table in an encoding wsnb does not recognise."""
    return UnsupportedFileError(
        _("{path} is not text in an encoding wsnb recognises (UTF-8, UTF-16 with a byte-order "
          "mark, GB18030/GBK); if you know its encoding, pass it, for example "
          "encoding='latin-1'.").format(path=name), path=name, kind="encoding")


def _after_comments(lines: list[str]) -> list[str]:
    """The lines below the comment lines (``#``) at the top; all of them if every line is one."""
    for number, line in enumerate(lines):
        if not line.startswith("#"):
            return lines[number:]
    return lines


def _fields(line: str, sep: str) -> list[str]:
    if sep == WHITESPACE:
        return line.split()
    if len(sep) != 1:
        return line.split(sep)
    try:
        return next(csv.reader([line], delimiter=sep), [])
    except csv.Error:  # a NUL in text read with an encoding the caller gave
        return line.split(sep)


def _widths(lines: Sequence[str], sep: str) -> list[int]:
    """Fields per row; a quoted line break keeps a row whole (csv reads the lines as a file)."""
    if sep == WHITESPACE:
        return [len(line.split()) for line in lines]
    if len(sep) != 1:
        return [line.count(sep) + 1 for line in lines]
    try:
        return [len(row) for row in csv.reader(lines, delimiter=sep) if row]
    except csv.Error:  # a NUL in text read with an encoding the caller gave
        return [line.count(sep) + 1 for line in lines]


def _modal_width(lines: Sequence[str], sep: str) -> int:
    widths = _widths(lines, sep)
    return Counter(widths).most_common(1)[0][0] if widths else 1


def _guess_separator(lines: Sequence[str], prefer: str) -> str:
    """The separator that splits most rows alike into 2 or more fields; spaces; else a comma."""
    best, best_score = ",", (0.0, 0)
    for sep in dict.fromkeys((prefer, *_SEPARATORS)):
        widths = _widths(lines, sep)
        if not widths:
            continue
        width, hits = Counter(widths).most_common(1)[0]
        score = (hits / len(widths), width)
        if width >= 2 and score[0] >= _CONSISTENT and score > best_score:
            best, best_score = sep, score
    if best_score[1]:
        return best
    widths = _widths(lines, WHITESPACE)
    if len(widths) >= 2:  # one line of words is prose as often as a table
        width, hits = Counter(widths).most_common(1)[0]
        if width >= 2 and hits / len(widths) >= 0.9:
            return WHITESPACE
    return best


def _comment_lines(lines: Sequence[str], sep: str, width: int) -> int:
    """Comment lines at the top, above the header: ``#`` lines whose fields don't fit the table.

    A header that starts with ``#`` (``#CHROM,POS``) has the table's width and stays.
    """
    skip = 0
    for line in lines:
        if not line.startswith("#") or len(_fields(line, sep)) == width:
            break
        skip += 1
    return skip


def _all_numbers(fields: list[str]) -> bool:
    """True when every field is a number: such a first row is data, not a header."""
    if not fields:
        return False
    for field in fields:
        try:
            float(field.strip())
        except ValueError:
            return False
    return True


_COMMA_NUMBER = re.compile(r"[+-]?\d+,\d+")
_POINT_NUMBER = re.compile(r"[+-]?\d+\.\d+")


def _decimal_commas(lines: Sequence[str], sep: str) -> bool:
    """Numbers written with a decimal comma (``31,95``) and none with a point."""
    fields = [field.strip() for line in lines for field in _fields(line, sep)]
    commas = sum(1 for field in fields if _COMMA_NUMBER.fullmatch(field))
    return commas > 0 and not any(_POINT_NUMBER.fullmatch(field) for field in fields)


def _spaced(text: str, sep: str) -> bool:
    """A space after (almost) every separator: ``seed, 0xdeadbeaf``."""
    count = text.count(sep)
    return count > 0 and text.count(sep + " ") >= 0.9 * count
