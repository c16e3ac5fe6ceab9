"""One value of a JSON, YAML, TOML or INI file, found by its key (dotted paths too) and changed
in place: only the value's characters change, the rest of the line (quotes, a trailing comma,
a comment) and every other line stay as they are.

``locate`` walks the file's lines once, keeping the keys that enclose each line (by
indentation in YAML, by ``[section]`` in TOML and INI, by braces in JSON); a key path
matches a line whose enclosing keys end with it ("port" and "app.port" both name
``app: / port: 8080``). ``new_line`` writes the value as the file's format wants it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

__all__ = ["FORMATS", "KeyLine", "locate", "new_line"]

FORMATS = {".json": "json", ".yaml": "yaml", ".yml": "yaml", ".toml": "toml", ".ini": "ini",
           ".cfg": "ini", ".conf": "ini", ".properties": "ini"}  # fmt: skip


@dataclass(frozen=True)
class KeyLine:
    """A key's line: its index, its full path, and where its value stands in the line."""

    index: int
    path: tuple[str, ...]
    start: int
    end: int


_YAML_KEY = re.compile(r"^(\s*)(?:-\s+)?([\"']?)([^\"'#:\s][^:#]*?)\2\s*:(?:\s+|$)")
_INI_SECTION = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:[#;].*)?$")
_INI_KEY = re.compile(r"^(\s*)([\"']?)([\w.\-\s]+?)\2\s*[=:]\s*")
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]:,]|[^\s{}\[\]:,"]+')


def _value_span(line: str, at: int, fmt: str) -> tuple[int, int]:
    """Where the value that starts at ``at`` ends (before a comment, a comma, the line end)."""
    body = line.rstrip("\r\n")
    if at < len(body) and body[at] in "\"'":
        close = body.find(body[at], at + 1)
        return at, (close + 1 if close > at else len(body))
    if fmt == "json":  # a number, true, false or null: up to a comma or a closing bracket
        bare = re.match(r"[^\s,}\]]+", body[at:])
        return at, at + (len(bare.group()) if bare else 0)
    comment = re.search(r"\s+[#;]", body[at:])
    stop = at + comment.start() if comment else len(body)
    return at, at + len(body[at:stop].rstrip())


def _yaml(lines: list[str]) -> list[KeyLine]:
    found: list[KeyLine] = []
    stack: list[tuple[int, str]] = []  # (indent, key) of the keys around the line
    for i, line in enumerate(lines):
        match = _YAML_KEY.match(line)
        if not match or line.lstrip().startswith("#"):
            continue
        indent = len(match.group(1))
        while stack and stack[-1][0] >= indent:
            stack.pop()
        stack.append((indent, match.group(3).strip()))
        start, end = _value_span(line, match.end(), "yaml")
        found.append(KeyLine(i, tuple(k for _n, k in stack), start, end))
    return found


def _ini(lines: list[str], fmt: str) -> list[KeyLine]:
    found: list[KeyLine] = []
    section: tuple[str, ...] = ()
    for i, line in enumerate(lines):
        if line.lstrip().startswith(("#", ";")):
            continue
        header = _INI_SECTION.match(line)
        if header:
            section = tuple(p.strip().strip("\"'") for p in header.group(1).split("."))
            continue
        match = _INI_KEY.match(line)
        if match:
            start, end = _value_span(line, match.end(), fmt)
            key = tuple(p.strip() for p in match.group(3).strip().split("."))
            found.append(KeyLine(i, section + key, start, end))
    return found


def _json(lines: list[str]) -> list[KeyLine]:
    """Each ``"key": value`` whose value starts on the key's line, with the keys around it."""
    found: list[KeyLine] = []
    stack: list[str | None] = []  # the key of each open object or array
    pending: str | None = None
    for i, line in enumerate(lines):
        tokens = list(_JSON_TOKEN.finditer(line))
        for n, token in enumerate(tokens):
            text = token.group()
            nxt = tokens[n + 1].group() if n + 1 < len(tokens) else ""
            if text in "{[":
                stack.append(pending)
                pending = None
            elif text in "}]":
                stack.pop() if stack else None
            elif text.startswith('"') and nxt == ":":
                pending = json.loads(text)
                if n + 2 < len(tokens) and tokens[n + 2].group() not in "{[":
                    start, end = _value_span(line, tokens[n + 2].start(), "json")
                    path = (*(k for k in stack if k is not None), pending)
                    found.append(KeyLine(i, path, start, end))
    return found


def locate(lines: list[str], suffix: str, key: str) -> list[KeyLine]:
    """The lines whose key path ends with ``key`` ("app.port", "port"), case aside."""
    fmt = FORMATS.get(suffix.casefold())
    if fmt is None:
        return []
    keys = _yaml(lines) if fmt == "yaml" else _json(lines) if fmt == "json" \
        else _ini(lines, fmt)  # fmt: skip
    wanted = tuple(p.casefold() for p in re.split(r"[.:/]", key) if p)
    return [k for k in keys if tuple(p.casefold() for p in k.path)[-len(wanted):] == wanted]


_BARE = re.compile(r"-?\d+(?:\.\d+)?|true|false|null|yes|no|on|off", re.IGNORECASE)


def new_line(line: str, at: KeyLine, value: str, suffix: str) -> str:
    """``line`` with the value at ``at`` replaced by ``value``, written the way the file
    writes values (a quoted string stays quoted; JSON and TOML quote a new word)."""
    fmt = FORMATS.get(suffix.casefold(), "ini")
    old = line[at.start:at.end]
    quote = old[0] if old[:1] in {'"', "'"} and old[-1:] == old[:1] else ""
    bare = bool(_BARE.fullmatch(value))
    if quote:
        text = quote + value + quote if quote == "'" else json.dumps(value, ensure_ascii=False)
    elif fmt in {"json", "toml"} and not bare:
        text = json.dumps(value, ensure_ascii=False)
    else:
        text = value
    if fmt == "json" and bare and value.casefold() in {"true", "false", "null"}:
        text = value.casefold()
    return line[:at.start] + text + line[at.end:]
