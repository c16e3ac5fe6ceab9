"""Which files hold a setting, and where: "max_widgets" is a key of config/settings.json only.

A setting named without its file ("set max_widgets to 16", "turn debug on", 主题换成 blue)
is looked for among the workspace's settings files: JSON, YAML, TOML, INI (``keyvalues``
reads their keys, nested ones too) and the build files (``set(NAME ON)`` in CMake), the
smallest first, as the person reads them (a sensitive file is never read). A Chinese key
reaches the English one through the glossary (主题 is ``theme``), "debugging" reaches
``debug``. One file holding the key names it; several make a question; none, and the
request is read another way.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import WsnbError
from .glossary import english_terms
from .keyvalues import FORMATS, locate

if TYPE_CHECKING:
    from ..workspace import Workspace

__all__ = ["BOOLEANS", "Held", "boolean_at", "held_in", "holders", "key_forms"]

# The files a key is looked for in, at most this many (the smallest first), each this large.
MOST_FILES = 400
MOST_BYTES = 256 * 1024
_BUILD_NAMES = frozenset({"cmakelists.txt", "makefile", "gnumakefile", "meson.build",
                          "meson_options.txt"})  # fmt: skip
_BUILD_SUFFIXES = (".cmake", ".mk")
# A switch's two states, as files write them: each word and its opposite, spelling kept.
BOOLEANS: dict[str, str] = {}
for _on, _off in (("true", "false"), ("on", "off"), ("yes", "no"), ("enabled", "disabled"),
                  ("enable", "disable")):
    for _form in (str.lower, str.upper, str.title):
        BOOLEANS[_form(_on)] = _form(_off)
        BOOLEANS[_form(_off)] = _form(_on)
_ON_WORDS = frozenset({"true", "on", "yes", "enabled", "enable"})


@dataclass(frozen=True)
class Held:
    """A key's line in a file: the key as the request said it, the line's index, and where
    the value stands in it."""

    path: str
    key: str
    index: int
    start: int
    end: int


def key_forms(word: str) -> tuple[str, ...]:
    """The keys a word may mean: itself, its English terms (主题: theme), its stem
    ("debugging": debug)."""
    forms = [word, *english_terms(word)]
    for ending in ("ging", "ing", "ed", "s"):
        if word.isascii() and word.casefold().endswith(ending) and len(word) > len(ending) + 2:
            forms.append(word[: -len(ending)])
    return tuple(dict.fromkeys(f for f in forms if f))


def _settings_files(ws: Workspace) -> list[str]:
    files = ws.files
    files = files[~files["is_dir"] & (files["size"] <= MOST_BYTES)]
    names = files["name"].str.casefold()
    suffixes = files["suffix"].str.casefold()
    wanted = suffixes.isin(list(FORMATS)) | names.isin(list(_BUILD_NAMES)) \
        | suffixes.isin(list(_BUILD_SUFFIXES))  # fmt: skip
    return files[wanted].nsmallest(MOST_FILES, "size")["path"].tolist()


def _lines(ws: Workspace, path: str) -> list[str] | None:
    try:
        return ws.read(path, max_bytes=MOST_BYTES).text.splitlines(keepends=True)
    except WsnbError:
        return None  # a sensitive or unreadable file holds nothing we may read


def _build_lines(lines: list[str], key: str) -> list[tuple[int, int, int]]:
    """``set(KEY value)`` / ``option(KEY "doc" value)`` lines: (index, value start, end)."""
    pattern = re.compile(r"\b(?:set|option)\s*\(\s*" + re.escape(key) + r"\b[^)]*?(\S+)\s*\)",
                         re.IGNORECASE)  # fmt: skip
    found = []
    for index, line in enumerate(lines):
        match = pattern.search(line)
        if match is not None:
            found.append((index, match.start(1), match.end(1)))
    return found


def held_in(ws: Workspace, path: str, key: str, lines: list[str] | None = None) -> list[Held]:
    """The lines of ``path`` (its ``lines`` when read already) that hold ``key`` (any of its
    forms), with their values' places."""
    lines = _lines(ws, path) if lines is None else lines
    if lines is None:
        return []
    suffix = posixpath.splitext(path)[1].casefold()
    for form in key_forms(key):
        if suffix in FORMATS:
            found = [Held(path, form, k.index, k.start, k.end)
                     for k in locate(lines, suffix, form)]  # fmt: skip
        else:
            found = [Held(path, form, i, s, e) for i, s, e in _build_lines(lines, form)]
        if found:
            return found
    return []


def holders(ws: Workspace, keys: tuple[str, ...], *, switch: bool = False) -> list[Held]:
    """For the first of ``keys`` any settings file holds: its line in each file holding it
    (``switch``: only a line whose value is a switch's state)."""
    read = {path: lines for path in _settings_files(ws) if (lines := _lines(ws, path))}
    for key in keys:
        found = []
        for path, lines in read.items():
            held = [h for h in held_in(ws, path, key, lines)
                    if not switch or _value(lines, h) in BOOLEANS]  # fmt: skip
            found += held[:1]
        if found:
            return found
    return []


def _value(lines: list[str], held: Held) -> str:
    return lines[held.index][held.start:held.end].strip("\"'")


def boolean_at(ws: Workspace, held: Held) -> str | None:
    """The value at ``held`` when it is a switch's state (``true``, ``ON``, ``"yes"``)."""
    lines = _lines(ws, held.path)
    if lines is None:
        return None
    value = _value(lines, held)
    return value if value in BOOLEANS else None


def is_on(value: str) -> bool:
    return value.casefold() in _ON_WORDS
