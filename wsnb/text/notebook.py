"""A notebook as cells: an ``.ipynb`` file read into numbered cells, and where each one sits.

A notebook is a document of cells, not a JSON text. ``parse_notebook`` turns the
file's text into a ``Notebook``: each cell's number (from 1), id (nbformat 4.5+),
type, source and execution count, and its outputs summarised (``Output``: the
text a person reads, each data type with its size, never the base64 itself).
It also keeps the ``Layout``: where each cell, and each of its keys' values,
sits in the text, so a change can be spliced into the file's own formatting
(``wsnb.text.nbsplice``) instead of writing the whole file anew.

The walk uses the standard library's JSON scanner (its C parts) on each value,
so it costs about what ``json.loads`` costs; ``nbformat`` (slow to import) is
asked only to validate and to read a version 3 notebook (``worksheets``), which
has no layout to splice into and is read only.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import UnsupportedFileError
from ..i18n import _

__all__ = [
    "NOTEBOOK_MAX_BYTES",
    "Cell",
    "CellLayout",
    "Layout",
    "Notebook",
    "Output",
    "is_notebook_name",
    "join_source",
    "parse_notebook",
    "validation_error",
]

NOTEBOOK_MAX_BYTES = 64 * 1024 * 1024
"""The largest notebook file read as cells (its outputs may be most of it)."""

_WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
_WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
_WS = re.compile(r"[ \t\n\r]*")
_REPR_NAME = re.compile(r"([A-Za-z_][A-Za-z0-9_]{0,60})\(")
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
# The standard library's JSON scanner (its C parts), which typeshed does not describe.
_DECODER: Any = importlib.import_module("json.decoder")
_SCAN: Callable[[str, int], tuple[Any, int]] = _DECODER.JSONDecoder().scan_once
scanstring: Callable[[str, int], tuple[str, int]] = _DECODER.scanstring


def is_notebook_name(name: str) -> bool:
    """True for a name a notebook has (``.ipynb``, any case)."""
    return name[-6:].lower() == ".ipynb"


def join_source(value: Any) -> str:
    """A multiline value as nbformat stores it (a string, or a list of lines) as one string."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "".join(part for part in value if isinstance(part, str))
    return ""


@dataclass(frozen=True, slots=True)
class Output:
    """One output of a code cell, summarised: what a person reads of it, never its base64.

    ``kind`` is the output's type (``stream``, ``execute_result``, ``display_data``,
    ``error``); ``text`` its readable text, whole (a stream's text, a result's
    ``text/plain``, an error's traceback without terminal colours); ``mimes`` each data
    type it carries with its size in bytes (an image's decoded size); ``name`` a stream's
    name or an error's exception name; ``evalue`` an error's message; ``widget`` the
    widget model's name for a widget view.
    """

    kind: str
    text: str = ""
    mimes: tuple[tuple[str, int], ...] = ()
    name: str = ""
    evalue: str = ""
    widget: str = ""

    @property
    def is_error(self) -> bool:
        return self.kind == "error"

    @property
    def types(self) -> tuple[str, ...]:
        """What it is, as ``output_types`` lists it: ``stream``, ``error`` or its data types."""
        if self.kind in ("stream", "error") or not self.mimes:
            return (self.kind,)
        return tuple(mime for mime, _size in self.mimes)


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell: its number (from 1), id (None before nbformat 4.5), type and source.

    ``outputs`` are summarised; ``output_bytes`` is what they take in the file.
    """

    number: int
    cell_id: str | None
    cell_type: str
    source: str
    execution_count: int | None = None
    outputs: tuple[Output, ...] = ()
    output_bytes: int = 0

    @property
    def has_error(self) -> bool:
        return any(output.is_error for output in self.outputs)

    @property
    def output_types(self) -> tuple[str, ...]:
        """Every kind of output it has, once each, in order."""
        return tuple(dict.fromkeys(kind for output in self.outputs for kind in output.types))


@dataclass(frozen=True, slots=True)
class CellLayout:
    """Where one cell sits in the file's text: its object's span and each key's value span."""

    start: int
    end: int
    values: dict[str, tuple[int, int]]
    keys: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the cells sit in the file's text (character offsets), for splicing changes in.

    ``cells_start``/``cells_end`` are the ``[`` and ``]`` of the cells array.
    """

    cells_start: int
    cells_end: int
    cells: tuple[CellLayout, ...]


@dataclass(frozen=True, slots=True)
class Notebook:
    """A notebook read as cells: the cells, its format version, kernel and language.

    ``data`` is the file's JSON as parsed (for a version 3 notebook, converted to 4),
    ``layout`` where its cells sit in ``text`` (None for version 3: read only).
    """

    cells: tuple[Cell, ...]
    nbformat: int
    nbformat_minor: int
    kernel: str
    language: str
    data: dict[str, Any]
    layout: Layout | None
    text: str

    @property
    def version(self) -> str:
        """``"4.4"``: the format version as people write it."""
        return f"{self.nbformat}.{self.nbformat_minor}"

    @property
    def has_ids(self) -> bool:
        """True where cells carry ids (nbformat 4.5 and later)."""
        return (self.nbformat, self.nbformat_minor) >= (4, 5)


def _bad(path: str, why: str) -> UnsupportedFileError:
    return UnsupportedFileError(
        _("{path} is not a notebook wsnb can read ({why}); open it in JupyterLab, or read "
          "it as text with raw=True.").format(path=path, why=why), path=path)  # fmt: skip


def parse_notebook(text: str, path: str = "", *, layout: bool = True) -> Notebook:
    """The notebook in ``text`` (a whole ``.ipynb`` file, decoded) as cells, with its layout.

    ``layout=False`` skips finding where the cells sit (a read, a search: about twice as
    fast, all in the JSON module's C code); a change needs it. Raises
    ``UnsupportedFileError`` when the text is not a notebook's JSON.
    """
    try:
        if layout:
            members, cells = _top_level(text)
            data = {key: value for key, (_start, _end, value) in members.items()}
        else:
            data, cells = json.loads(text.removeprefix("\ufeff")), None
    except (ValueError, StopIteration, IndexError) as exc:
        raise _bad(path, _("its JSON does not parse: {problem}").format(
            problem=_problem(exc))) from None
    if not isinstance(data, dict) or not isinstance(data.get("nbformat"), int):
        raise _bad(path, _("it has no nbformat version"))
    if data["nbformat"] < 4:
        return _converted(data, text, path)
    if not isinstance(data.get("cells"), list):
        raise _bad(path, _("it has no list of cells"))
    if cells is None:
        return _notebook(data, None, text)
    found, values = cells
    data["cells"] = values
    return _notebook(data, found, text)


def _problem(exc: BaseException) -> str:
    return str(exc) or type(exc).__name__


def _skip(text: str, pos: int) -> int:
    return _WS.match(text, pos).end()  # type: ignore[union-attr]  # always matches


Members = dict[str, tuple[int, int, Any]]


def _object(text: str, pos: int, value_at: Any = None) -> tuple[Members, tuple[str, ...], int]:
    """The object at ``pos``: each key's value span and value, the keys in order, its end.

    ``value_at(key, start) -> (value, end)`` parses a value (default: the JSON scanner).
    """
    if text[pos] != "{":
        raise ValueError(f"expected an object at character {pos}")
    members: Members = {}
    keys: list[str] = []
    pos = _skip(text, pos + 1)
    if text[pos] == "}":
        return members, (), pos + 1
    while True:
        if text[pos] != '"':
            raise ValueError(f"expected a key at character {pos}")
        key, pos = scanstring(text, pos + 1)
        pos = _skip(text, pos)
        if text[pos] != ":":
            raise ValueError(f"expected ':' at character {pos}")
        start = _skip(text, pos + 1)
        value, end = value_at(key, start) if value_at is not None else _SCAN(text, start)
        members[key] = (start, end, value)
        keys.append(key)
        pos = _skip(text, end)
        if text[pos] == ",":
            pos = _skip(text, pos + 1)
        elif text[pos] == "}":
            return members, tuple(keys), pos + 1
        else:
            raise ValueError(f"expected ',' or '}}' at character {pos}")


def _top_level(text: str) -> tuple[Members, tuple[Layout, list[Any]] | None]:
    """The top object's members, the cells array walked cell by cell for its layout."""
    found: list[tuple[Layout, list[Any]]] = []

    def value_at(key: str, start: int) -> tuple[Any, int]:
        if key == "cells" and text[start] == "[" and not found:
            layout, values, end = _cells(text, start)
            found.append((layout, values))
            return values, end
        return _SCAN(text, start)

    pos = _skip(text, 1 if text.startswith("\ufeff") else 0)
    members, _keys, end = _object(text, pos, value_at)
    if _skip(text, end) != len(text):
        raise ValueError("there is more text after the notebook's JSON object")
    return members, (found[0] if found else None)


def _cells(text: str, pos: int) -> tuple[Layout, list[Any], int]:
    """The cells array at ``pos``: each cell's layout and its value; the array's end."""
    layouts: list[CellLayout] = []
    values: list[Any] = []
    at = _skip(text, pos + 1)
    if text[at] == "]":
        return Layout(pos, at, ()), values, at + 1
    while True:
        if text[at] == "{":
            members, keys, end = _object(text, at)
            spans = {key: (start, stop) for key, (start, stop, _v) in members.items()}
            layouts.append(CellLayout(at, end, spans, keys))
            values.append({key: value for key, (_s, _e, value) in members.items()})
        else:  # not a cell object: kept as it is, and the notebook will not validate
            value, end = _SCAN(text, at)
            layouts.append(CellLayout(at, end, {}, ()))
            values.append(value)
        at = _skip(text, end)
        if text[at] == ",":
            at = _skip(text, at + 1)
        elif text[at] == "]":
            return Layout(pos, at, tuple(layouts)), values, at + 1
        else:
            raise ValueError(f"expected ',' or ']' at character {at}")


def _converted(data: dict[str, Any], text: str, path: str) -> Notebook:
    """A version 3 notebook (cells inside worksheets), converted to 4 by nbformat: read only."""
    import nbformat

    reads: Any = nbformat.reads  # untyped
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            node = reads(text.removeprefix("\ufeff"), as_version=4)
    except Exception as exc:  # nbformat's own errors vary by version
        raise _bad(path, _problem(exc)) from None
    read = _notebook(json.loads(json.dumps(node)), None, text)
    minor = data.get("nbformat_minor")
    return dataclasses.replace(read, nbformat=int(data["nbformat"]),
                               nbformat_minor=minor if isinstance(minor, int) else 0)


def _notebook(data: dict[str, Any], layout: Layout | None, text: str) -> Notebook:
    meta = data.get("metadata") if isinstance(data.get("metadata"), dict) else {}
    assert isinstance(meta, dict)
    widgets = _widget_names(meta)
    raw_cells = data.get("cells") if isinstance(data.get("cells"), list) else []
    assert isinstance(raw_cells, list)
    cells = []
    for number, raw in enumerate(raw_cells, 1):
        cells.append(_cell(number, raw if isinstance(raw, dict) else {}, widgets))
    kernelspec = meta.get("kernelspec") if isinstance(meta.get("kernelspec"), dict) else {}
    info = meta.get("language_info") if isinstance(meta.get("language_info"), dict) else {}
    assert isinstance(kernelspec, dict) and isinstance(info, dict)
    kernel = str(kernelspec.get("name") or kernelspec.get("display_name") or "")
    language = str(info.get("name") or kernelspec.get("language") or "")
    minor = data.get("nbformat_minor")
    return Notebook(tuple(cells), int(data["nbformat"]), minor if isinstance(minor, int) else 0,
                    kernel, language, data, layout, text)  # fmt: skip


def _cell(number: int, raw: dict[str, Any], widgets: dict[str, str]) -> Cell:
    outputs = raw.get("outputs") if isinstance(raw.get("outputs"), list) else []
    assert isinstance(outputs, list)
    count = raw.get("execution_count")
    cell_id = raw.get("id")
    return Cell(
        number=number,
        cell_id=cell_id if isinstance(cell_id, str) else None,
        cell_type=str(raw.get("cell_type") or ""),
        source=join_source(raw.get("source")),
        execution_count=count if isinstance(count, int) and not isinstance(count, bool) else None,
        outputs=tuple(_output(o, widgets) for o in outputs if isinstance(o, dict)),
        output_bytes=_json_size(outputs) if outputs else 0,
    )


def _json_size(value: Any) -> int:
    """The bytes a value's JSON takes, written without indentation (the C encoder's speed)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


def _widget_names(meta: dict[str, Any]) -> dict[str, str]:
    """model id -> widget name (``IntSlider``) from the notebook's saved widget state."""
    state = meta.get("widgets")
    state = state.get(_WIDGET_STATE) if isinstance(state, dict) else None
    models = state.get("state") if isinstance(state, dict) else None
    if not isinstance(models, dict):
        return {}
    names = {}
    for model_id, model in models.items():
        name = model.get("model_name") if isinstance(model, dict) else None
        if isinstance(name, str):
            names[model_id] = name.removesuffix("Model")
    return names


def _output(raw: dict[str, Any], widgets: dict[str, str]) -> Output:
    kind = str(raw.get("output_type") or "")
    if kind == "stream":
        return Output(kind, _plain(join_source(raw.get("text"))), name=str(raw.get("name") or ""))
    if kind == "error":
        trace = raw.get("traceback")
        lines = [_plain(line) for line in trace if isinstance(line, str)] \
            if isinstance(trace, list) else []  # fmt: skip
        return Output(kind, "\n".join(lines), name=str(raw.get("ename") or ""),
                      evalue=_plain(str(raw.get("evalue") or "")))  # fmt: skip
    data = raw.get("data") if isinstance(raw.get("data"), dict) else {}
    assert isinstance(data, dict)
    mimes = tuple((str(mime), _size(str(mime), value)) for mime, value in data.items())
    widget = ""
    view = data.get(_WIDGET_VIEW)
    if isinstance(view, dict):  # named by its saved state, else by its repr ("Label(...)")
        model = str(view.get("model_id") or "")
        shown = _REPR_NAME.match(join_source(data.get("text/plain", "")))
        widget = widgets.get(model) or (shown.group(1) if shown else "Widget")
    text = ""
    for mime in ("text/plain", "text/markdown", "text/latex"):
        if mime in data:
            text = _plain(join_source(data[mime]))
            break
    return Output(kind, text, mimes, widget=widget)


def _size(mime: str, value: Any) -> int:
    """The bytes one data type holds: an image's decoded size, a text's length."""
    if isinstance(value, (dict, list)) and not (isinstance(value, list) and all(
            isinstance(part, str) for part in value)):
        return len(json.dumps(value))
    text = join_source(value)
    if mime.startswith("image/") and not mime.startswith("image/svg"):  # base64: 4 letters, 3 bytes
        return len(text.rstrip("\n=")) * 3 // 4
    return len(text.encode("utf-8", "surrogatepass")) if not text.isascii() else len(text)


def _plain(text: str) -> str:
    """Terminal colours out: tracebacks and progress bars carry them."""
    return _ANSI.sub("", text) if "\x1b" in text else text


def validation_error(data: dict[str, Any]) -> str | None:
    """Why the notebook does not validate against its nbformat schema, or None when it does.

    Imports ``nbformat`` (about a second the first time: its JSON-schema machinery).
    """
    import nbformat

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            nbformat.validate(data)
    except nbformat.ValidationError as exc:
        message = str(getattr(exc, "message", "") or exc)
        return message.splitlines()[0][:300] if message else type(exc).__name__
    except Exception as exc:  # a schema nbformat does not know (nbformat 5, 3): not valid
        return _problem(exc).splitlines()[0][:300]
    return None
