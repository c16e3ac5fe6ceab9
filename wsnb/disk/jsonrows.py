"""JSON as a table: JSON lines (one object per line) and JSON documents that hold a table.

A JSON lines file is read line by line, so the first rows cost what they are,
and its rows are counted as its non-blank lines (JSON never holds a raw line
break inside a value). A JSON document is read whole and is a table when it
is a list of objects (or of lists, or of plain values), an object of
equal-length lists (columns), pandas' ``split`` form (``columns`` and
``data``), an object of objects (one column per key, as pandas' ``to_json()``
writes a frame), or an object that holds
such a list of objects under one key (``{"data": [...], "meta": {...}}``).
A document of several values one per line is read as JSON lines.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, BinaryIO

import pandas as pd

from ..errors import UnsupportedFileError
from ..i18n import N_, _

__all__ = ["JsonRows", "read_json_document", "read_json_lines"]

# What a JSON value is, said to a person (the same words the MCP server's argument checks use).
_KINDS = {bool: N_("a true/false value"), int: N_("a number"), float: N_("a number"),
          str: N_("text"), list: N_("a list"), dict: N_("an object")}  # fmt: skip
_VALUE = N_("a value")
_SHOWN_KEYS = 8


@dataclass(frozen=True)
class JsonRows:
    """Rows read from JSON: the frame, every row's count (None when not counted) and the cut.

    ``key`` is the document's key whose value held the rows, when they were under one.
    """

    frame: pd.DataFrame
    total: int | None
    truncated: bool
    key: str | None = None


def read_json_lines(handle: BinaryIO, *, codec: str, name: str, nrows: int | None,
                    count: bool) -> JsonRows:  # fmt: skip
    """The first ``nrows`` objects of a JSON lines file (all with None).

    With ``count``, the lines after them are counted (not parsed) for the total.
    """
    handle.seek(0)
    text = io.TextIOWrapper(handle, encoding=codec, newline=None)
    try:
        return _lines(text, name, nrows, count)
    finally:
        text.detach()  # the caller closes the file


def _lines(lines: Iterable[str], name: str, nrows: int | None, count: bool) -> JsonRows:
    records: list[dict[str, Any]] = []
    total = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        total += 1
        if nrows is None or len(records) < nrows:
            records.append(_record(line, number, name))
        elif not count:
            return JsonRows(pd.DataFrame(records), None, True)
    truncated = nrows is not None and total > nrows
    return JsonRows(pd.DataFrame(records), total, truncated)


def _record(line: str, number: int, name: str) -> dict[str, Any]:
    try:
        value = json.loads(line)
    except json.JSONDecodeError as exc:
        raise UnsupportedFileError(
            _("Line {line} of {path} is not JSON ({problem}); fix that line, or read the file "
              "as text with ws.read().").format(line=number, path=name, problem=exc.msg),
            path=name, line=number) from None  # fmt: skip
    if not isinstance(value, dict):
        raise UnsupportedFileError(
            _("Line {line} of {path} holds {kind}, not a JSON object: a JSON lines table has "
              "one object per line.").format(line=number, path=name, kind=_kind(value)),
            path=name, line=number)  # fmt: skip
    return value


def read_json_document(text: str, *, name: str, nrows: int | None) -> JsonRows:
    """The table a whole JSON document holds, its first ``nrows`` rows (all with None)."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.msg == "Extra data":  # one value per line: JSON lines under a .json name
            return _lines(io.StringIO(text), name, nrows, count=True)
        raise UnsupportedFileError(
            _("{path} is not valid JSON (line {line}, column {column}: {problem}); fix it, or "
              "read it as text with ws.read().").format(path=name, line=exc.lineno,
                                                        column=exc.colno, problem=exc.msg),
            path=name) from None  # fmt: skip
    frame, key = _table_of(value)
    if frame is None:
        raise UnsupportedFileError(
            _("{path} holds JSON that is not a table ({shape}). A table is a list of objects, "
              "an object of equal-length lists, or an object with such a list under one key; "
              "read this one as text with ws.read().").format(path=name, shape=_shape(value)),
            path=name)  # fmt: skip
    total = len(frame)
    cut = nrows is not None and total > nrows
    return JsonRows(frame.iloc[:nrows] if cut else frame, total, cut, key)


def _table_of(value: Any) -> tuple[pd.DataFrame | None, str | None]:
    """The table in a JSON value and the key it was under; (None, None) when there is none."""
    if isinstance(value, list):
        return _rows(value), None
    if not isinstance(value, dict) or not value:
        return None, None
    columns, data = value.get("columns"), value.get("data")
    if isinstance(columns, list) and isinstance(data, list) and all(
            isinstance(row, list) for row in data):
        return pd.DataFrame(data, columns=columns), None
    values = list(value.values())
    if all(isinstance(v, list) for v in values) and len({len(v) for v in values}) == 1:
        return pd.DataFrame(value), None
    if all(isinstance(v, dict) for v in values):  # pandas' to_json() default: {column: {row: v}}
        return _numbered(pd.DataFrame(value)), None
    for key, inner in value.items():
        if isinstance(inner, list) and inner and all(isinstance(v, dict) for v in inner):
            return pd.DataFrame(inner), str(key)
    return None, None


def _numbered(frame: pd.DataFrame) -> pd.DataFrame:
    """Row labels that are all whole numbers written as text ("0", "1"...) as numbers again."""
    labels = [str(label) for label in frame.index]
    if labels and all(label.isdigit() for label in labels):
        frame.index = pd.Index([int(label) for label in labels])
    return frame


def _rows(items: list[Any]) -> pd.DataFrame | None:
    """A list as rows: of objects, of lists, or of plain values (one column, ``value``)."""
    if all(isinstance(item, dict) for item in items):
        return pd.DataFrame(items)
    if all(isinstance(item, list) for item in items):
        return pd.DataFrame(items)
    if not any(isinstance(item, dict | list) for item in items):
        return pd.DataFrame({"value": items})
    return None


def _kind(value: Any) -> str:
    return _(_KINDS.get(type(value), _VALUE))


def _shape(value: Any) -> str:
    """What a JSON value is, for the sentence that says it is no table."""
    if isinstance(value, dict) and value:
        keys = [str(key) for key in list(value)[:_SHOWN_KEYS]]
        more = "…" if len(value) > _SHOWN_KEYS else ""
        return _("an object with the keys {keys}").format(keys=", ".join(keys) + more)
    if isinstance(value, list):
        return _("a list of mixed values")
    return _kind(value)
