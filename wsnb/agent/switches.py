"""A switch: a boolean setting turned on or off in place ("turn debug on in app.yaml", "enable
X", 关掉 X, 把调试模式打开, "mark the web package as not private anymore").

``read_switch`` reads the state (``CUES`` of ``wsnb.agent.vocab``: on, enable, 打开, 开启;
off, disable, 关闭, 关掉, "not ... anymore") and the words that may be the key (a Chinese
term through the glossary, "debugging" as ``debug``). ``ground_switch`` keeps the reading only
where a file holds one of those keys with a boolean value (``true``, ``ON``, ``yes``): the
named file, else the one settings file that holds it (several: a question). ``answer_switch``
writes the opposite value the way the file writes it (``false``, ``OFF``, ``no``) through
``ws.edit``; a switch already in that state is said so, and no plan is made.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..i18n import _
from .actions import Session, py_string, resolve_targets
from .changes import planned, unique_around
from .commands import Command
from .glossary import GLOSSARY
from .keyholders import BOOLEANS, Held, boolean_at, held_in, holders, is_on
from .mentions import known_word
from .reply import Reply
from .request import Reading
from .vocab import CUES
from .words import contains

if TYPE_CHECKING:
    from ..workspace import Workspace

__all__ = ["answer_switch", "ground_switch", "read_switch", "which_setting"]

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*")
_NOT = re.compile(r"\bnot\b|\bno\s+longer\b|不再|不要|别", re.IGNORECASE)


def _said_at(text: str, words: tuple[str, ...]) -> int:
    found = [at for w in words if (at := (contains(text, w) if w.isascii() else text.find(w)))
             >= 0]  # fmt: skip
    return min(found) if found else -1


def _state(text: str) -> str:
    """"on" or "off", the first said ("not ... anymore" is off), or ""."""
    on, off = _said_at(text, CUES["SWITCH_ON"]), _said_at(text, CUES["SWITCH_OFF"])
    if off >= 0 and (on < 0 or off <= on):
        return "off"
    if on >= 0:
        return "off" if _NOT.search(text) else "on"
    return ""


def _keys(r: Reading) -> list[str]:
    """The words that may be the key: code-like words, then glossary terms (调试模式)."""
    states = {w.casefold() for g in ("SWITCH_ON", "SWITCH_OFF") for w in CUES[g]}
    words = _IDENT.findall(r.rest)  # "debug模式": the English word glued to Chinese too
    keys = [w for w in dict.fromkeys(words)
            if w.casefold() not in states and len(w) > 1 and not known_word(w)]
    keys += sorted((term for term in GLOSSARY if term in r.rest), key=len, reverse=True)
    return keys


# Actions a switch is never part of ("create a.py and put DEBUG = True in it", "find on").
_OTHER = {"create", "rename", "duplicate", "copy", "move", "trash", "append", "clear", "undo",
          "grep", "define", "used", "find", "count", "summarize", "explain", "workspace"}


def read_switch(r: Reading) -> Command | None:
    """A ``switch`` command when the request turns something on or off, or None (the words
    only: ``ground_switch`` asks the files)."""
    state = _state(r.rest)
    files = [m for m in r.mentions if m.known and not m.is_dir]
    new = [m for m in r.mentions if m.how in {"suffixed", "quoted"}]
    if not state or len(files) > 1 or new or set(r.actions) & _OTHER:
        return None
    keys = _keys(r)
    if not keys:
        return None
    target = files[0].slot if files else ""
    return Command("switch", {"target": target, "keys": "\n".join(keys), "state": state})


def _found(ws: Workspace, command: Command) -> list[Held]:
    """The boolean lines of the keys: in the named file, else in the settings files."""
    keys = tuple(k for k in command.get("keys").split("\n") if k)
    target = command.get("target")
    if target:
        path = _exact(ws, target)
        for key in keys:
            found = [h for h in held_in(ws, path, key) if boolean_at(ws, h)]
            if found:
                return found[:1]
        return []
    return holders(ws, keys, switch=True)


def _exact(ws: Workspace, path: str) -> str:
    """The file a typed name means (app.yaml: config/app.yaml)."""
    from .resolve import resolve_name

    resolution = resolve_name(ws, path, kind="file")
    return resolution.path if resolution.found else path


def ground_switch(ws: Workspace, command: Command) -> Command | None:
    """The switch, with the files that hold its key, when some do; else None."""
    found = _found(ws, command)
    if not found:
        return None
    held = "\n".join(f"{h.path}\t{h.key}" for h in found)
    return Command("switch", {**command.args, "held": held})


def answer_switch(session: Session, command: Command) -> Reply:
    """The plan that turns the switch, or why none is needed, or which file is meant."""
    found = [line.split("\t") for line in command.get("held").split("\n") if line]
    if len(found) > 1:
        return _which(session, [path for path, _key in found], found[0][1])
    path, key = found[0]
    path = resolve_targets(session, path)[0]
    held = next((h for h in held_in(session.ws, path, key) if boolean_at(session.ws, h)), None)
    if held is None:
        return Reply(_("`{path}` has no switch `{key}` any more.").format(path=path, key=key))
    value = boolean_at(session.ws, held) or ""
    want_on = command.get("state") == "on"
    if is_on(value) == want_on:
        return Reply(_("`{field}` in `{path}` already is {value}; there is nothing to "
                       "change.").format(field=key, path=path, value=value))  # fmt: skip
    lines = session.ws.read(path).text.splitlines(keepends=True)
    line = lines[held.index]
    quote = line[held.start] if line[held.start] in "\"'" else ""
    start, end = held.start + len(quote), held.end - len(quote)
    new_line = line[:start] + BOOLEANS[value] + line[end:]
    old_text, new_text = unique_around(lines, held.index, new_line)
    line = f"ws.edit({py_string(path)}, {py_string(old_text)}, {py_string(new_text)})"
    return planned([session.ws.edit(path, old_text, new_text)], line)


def which_setting(session: Session, command: Command) -> Reply:
    """A setting several files hold, named without its file: which one?"""
    paths = [p for p in command.get("paths").split("\n") if p]
    return _which(session, paths, command.get("key"))


def _which(session: Session, paths: list[str], key: str) -> Reply:
    from .actions import numbered

    frame = session.ws.files.set_index("path").loc[paths].reset_index()
    session.context.remember(paths, "candidates")
    text = _("`{key}` is a setting of {count} files. Which one? Name the file too, for example "
             "“… in {path}”.").format(key=key, count=len(paths), path=paths[0])
    return Reply(text, table=numbered(frame[["path", "size"]]))
