"""A client's arguments checked against the tool table, in wsnb's own sentences.

The SDK checks a call's arguments with a pydantic model and answers a slip
with pydantic's dump ("1 validation error for ... errors.pydantic.dev"),
which neither says what the tool expects nor exists in a person's language.
So the server hands the SDK a model that takes the arguments as they came
(``AsGiven``), and ``checked`` holds them against the table's entry: an
unknown name, a missing one, a wrong type, each said in one sentence that
names the argument and what it takes, in the server's language. Bounds
(``limit``, ``depth``...) stay the tools' own checks, with their sentences.

Like the SDK, a list or object sent as JSON text (some clients do) is read
as the list or object it spells.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from contextlib import suppress
from typing import Any

from mcp.server.mcpserver.utilities.func_metadata import FuncMetadata

from ..errors import UsageError
from ..i18n import N_, _
from ..tools.table import Param, ToolDef

__all__ = ["AsGiven", "checked"]

# What a kind takes, and what a value is, said to the caller (a table: marked, shown with _()).
_EXPECTED = {"string": N_("text (a JSON string)"), "integer": N_("a whole number"),
             "boolean": N_("true or false"), "array": N_("a list (a JSON array)"),
             "object": N_("an object (a JSON object {...})")}  # fmt: skip
_ITEMS = {"string": N_("a list of text (a JSON array of strings)"),
          "object": N_("a list of objects (a JSON array of {...})")}  # fmt: skip
_GIVEN = {bool: N_("a true/false value"), int: N_("a number"), float: N_("a number"),
          str: N_("text"), list: N_("a list"), dict: N_("an object")}  # fmt: skip
_ANY = N_("a value")


class AsGiven(FuncMetadata):
    """The SDK's argument step, left to wsnb: the arguments reach the tool as they came, as
    ``given`` (build it with ``AsGiven(arg_model=ArgModelBase)``)."""

    def validate_arguments(self, arguments_to_validate: dict[str, Any]) -> dict[str, Any]:
        return {"given": dict(arguments_to_validate)}


def checked(spec: ToolDef, given: Mapping[str, Any]) -> dict[str, Any]:
    """The arguments of a call to ``spec``, typed as the table says; ``UsageError`` otherwise.

    A ``null`` counts as left out. Whole-number floats (``3.0``) and numbers or
    true/false sent as text (``"3"``, ``"true"``) are taken as what they spell.
    """
    known = [p.name for p in spec.params]
    unknown = [name for name in given if name not in known]
    if unknown:
        if not known:
            raise UsageError(_("{tool} takes no arguments; call it without {name}.").format(
                tool=spec.name, name=unknown[0]))
        raise UsageError(_("{tool} has no argument {name}; it takes {known}.").format(
            tool=spec.name, name=unknown[0], known=", ".join(known)))
    out: dict[str, Any] = {}
    for param in spec.params:
        value = given.get(param.name)
        if value is None:
            if param.required:
                raise UsageError(_("{tool} needs the argument {name}: {description}.").format(
                    tool=spec.name, name=param.name, description=param.description))
            continue
        out[param.name] = _typed(spec, param, value)
    return out


def _typed(spec: ToolDef, param: Param, value: Any) -> Any:
    kind = param.kind
    if kind == "string" and isinstance(value, str):
        if param.choices and value not in param.choices:
            raise UsageError(_("The argument {name} of {tool} must be one of {choices}, not "
                               "{given!r}.").format(name=param.name, tool=spec.name,
                                                    choices=", ".join(param.choices),
                                                    given=value))  # fmt: skip
        return value
    if kind == "string" and param.numbers and _whole(value) is not None:
        return _whole(value)  # a cell by its number
    if kind == "object" and isinstance(value, dict | str):
        return value  # text stays text: the tool reads a JSON object or a reply spelled out
    if kind == "integer":
        number = _whole(value)
        if number is not None:
            return number
    if kind == "boolean":
        flag = {"true": True, "false": False}.get(value.strip().lower(), value) \
            if isinstance(value, str) else value
        if isinstance(flag, bool):
            return flag
    if kind == "array":
        return _list(spec, param, value)
    raise _wrong(spec, param, value)


def _whole(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        return int(value.strip())
    return None


def _list(spec: ToolDef, param: Param, value: Any) -> list[Any]:
    if isinstance(value, str):
        with suppress(ValueError, RecursionError):  # not JSON: said wrong just below
            value = json.loads(value)
    if not isinstance(value, list):
        raise _wrong(spec, param, value)
    most = param.max_items
    if most is not None and not 1 <= len(value) <= most:
        raise UsageError(_("The argument {name} of {tool} takes 1 to {most} items, not "
                           "{count}.").format(name=param.name, tool=spec.name, most=most,
                                              count=len(value)))  # fmt: skip
    item_kind = (param.items or {}).get("type")
    wanted = {"string": str, "object": dict}.get(str(item_kind))
    for number, item in enumerate(value, start=1):
        if wanted is not None and not isinstance(item, wanted):
            raise UsageError(_("Item {number} of the argument {name} of {tool} is {given}; it "
                               "must be {expected}.").format(
                number=number, name=param.name, tool=spec.name, given=_said(item),
                expected=_(_ITEMS[str(item_kind)])))  # fmt: skip
    return value


def _wrong(spec: ToolDef, param: Param, value: Any) -> UsageError:
    item_kind = str((param.items or {}).get("type"))
    listed = param.kind == "array" and item_kind in _ITEMS
    expected = _(_ITEMS[item_kind]) if listed else _(_EXPECTED[param.kind])
    return UsageError(_("The argument {name} of {tool} must be {expected}, not {given}.").format(
        name=param.name, tool=spec.name, expected=expected, given=_said(value)))


def _said(value: Any) -> str:
    """What a value is, in a few words: ``text 'abc'``, ``a number 3``, ``a list``."""
    word = _(_GIVEN.get(type(value), _ANY))
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        shown = repr(value)
        return f"{word} {shown if len(shown) <= 40 else shown[:37] + '...'}"
    return word
