"""One ``.gitignore`` file's patterns, read and matched exactly the way git does.

Git reads a ``.gitignore`` line by line (``dir.c``) and matches each pattern
with its own glob matcher (``wildmatch.c``), on bytes. This module follows
both to the letter, so ``wsnb.fileindex.gitignore`` can decide like git without asking
git:

* a line is dropped when empty or starting with ``#``; trailing spaces go
  unless escaped with a backslash; a leading ``!`` negates, ``\\!`` and ``\\#``
  are the characters themselves; a trailing ``/`` makes a pattern match
  folders only;
* a pattern with no other ``/`` matches an entry's *name* at any depth; one
  with a ``/`` is *anchored*: it matches the path below the folder that holds
  the ``.gitignore`` (a leading ``/`` only anchors);
* ``*`` and ``?`` never match ``/``; ``[...]`` is a byte class (``!`` or ``^``
  negates, ranges, ``[:alpha:]``-style classes, never ``/``); a backslash
  escapes the next character; ``**`` between slashes (or at either end)
  matches any number of folders, elsewhere it is a plain ``*``.

Since a walk never enters an ignored folder, a pattern is only ever asked
about an entry whose folders are all kept, so an anchored pattern is split
into its *folder part*, matched once per folder, and its *name part*, the
last segment, matched against each name (``IgnorePattern``). A pattern git
can never match (a trailing backslash, an unclosed ``[``, an unknown
``[:class:]``) is kept and counted, and matches nothing, as in git.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

__all__ = ["IgnorePattern", "parse_gitignore"]

_BOM = b"\xef\xbb\xbf"
_CLASSES: dict[bytes, bytes] = {
    b"alnum": rb"0-9A-Za-z", b"alpha": rb"A-Za-z", b"blank": rb" \t", b"cntrl": rb"\x00-\x1f\x7f",
    b"digit": rb"0-9", b"graph": rb"\x21-\x7e", b"lower": rb"a-z", b"print": rb"\x20-\x7e",
    b"punct": rb"!-/:-@\[-`{-~", b"space": rb" \t\n\r", b"upper": rb"A-Z",
    b"xdigit": rb"0-9A-Fa-f",
}  # fmt: skip
_GLOB_CHAR = re.compile(rb"[*?\[\\]")
_SMALL_CLASS = 4  # a class of at most this many bytes is spelled out in the pre-check's needles

# A segment's tokens: (kind, value). Kinds: "lit" (bytes), "one" (?), "star" (*),
# "class" (regex source, with the bytes it holds when it is a short plain list).
_Token = tuple[str, bytes, tuple[bytes, ...]]


class _Never(Exception):
    """The pattern can never match (git's matcher would abort)."""


class LazyRegex:
    """A bytes regex compiled when first matched, then kept.

    Most patterns of a ``.gitignore`` never need their own regex (the
    pre-checks let their folders and names go first), and compiling every
    one of a long file costs more than a small project's whole scan.
    """

    __slots__ = ("_compiled", "pattern")

    def __init__(self, pattern: bytes) -> None:
        self.pattern = pattern
        self._compiled: re.Pattern[bytes] | None = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LazyRegex) and other.pattern == self.pattern

    def __hash__(self) -> int:
        return hash(self.pattern)

    def __repr__(self) -> str:
        return f"LazyRegex({self.pattern!r})"

    def match(self, text: bytes) -> re.Match[bytes] | None:
        return (self._compiled or self._compile()).match(text)

    def fullmatch(self, text: bytes) -> re.Match[bytes] | None:
        return (self._compiled or self._compile()).fullmatch(text)

    def _compile(self) -> re.Pattern[bytes]:
        self._compiled = _compiled(self.pattern)
        return self._compiled


@dataclass(frozen=True, slots=True)
class IgnorePattern:
    """One pattern of a ``.gitignore``, ready to match an entry of a folder.

    ``name`` / ``literal`` / ``regex``: how the entry's name must match (the
    literal name, else a compiled bytes regex, else ``never``). ``anchored``
    patterns also need their folder part to match the entry's folder, relative
    to the ``.gitignore``'s folder, ending in "/" ("" for that folder itself):
    ``folder`` is that regex (matched in full, or only a prefix of the folder
    when ``folder_prefix``, for a trailing ``/**``), ``first`` the literal first
    folder name when there is one, ``exact_folder`` the whole folder part when
    it is literal ("" for "/name"), ``folder_tail`` the literal text every
    folder it matches ends with. ``needles``: byte strings one of which any
    name it matches holds, with "/" before and after the name (None: no such
    hint).
    """

    line: str
    negative: bool
    dir_only: bool
    anchored: bool
    literal: str | None
    regex: LazyRegex | None
    never: bool
    needles: tuple[bytes, ...] | None
    folder: LazyRegex | None = None
    folder_prefix: bool = False
    first: str | None = None
    whole: bytes | None = None
    exact_folder: str | None = None
    folder_tail: str = ""

    def matches_name(self, name: str, raw: bytes, folder: bytes = b"") -> bool:
        """Whether the name part matches ``name`` (``raw``: its bytes on disk).

        A ``whole`` pattern matches the entry's path below the ``.gitignore``'s
        folder instead: ``folder`` (relative, ending in "/") and the name.
        """
        if self.literal is not None:
            return name == self.literal
        if self.whole is not None:
            return self.regex is not None and self.regex.fullmatch(folder + raw) is not None
        return self.regex is not None and self.regex.fullmatch(raw) is not None

    def folder_matches(self, folder: bytes) -> bool:
        """Anchored only: whether the folder part matches ``folder`` (relative, ending in "/")."""
        if self.folder is None:
            return folder == b""
        found = (self.folder.match if self.folder_prefix else self.folder.fullmatch)(folder)
        return found is not None


def parse_gitignore(data: bytes) -> tuple[list[IgnorePattern], int]:
    """The patterns of a ``.gitignore``'s bytes, in order, and how many can never match."""
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
    patterns: list[IgnorePattern] = []
    never = 0
    for raw in data.split(b"\n"):
        line = raw[:-1] if raw.endswith(b"\r") else raw
        if not line or line.startswith(b"#"):
            continue
        pattern = _parse(_trim_trailing_spaces(line))
        if pattern is not None:
            patterns.append(pattern)
            never += pattern.never
    return patterns, never


def _trim_trailing_spaces(line: bytes) -> bytes:
    """Drop trailing spaces unless the first of them is escaped (git's ``trim_trailing_spaces``)."""
    if not line.endswith(b" "):
        return line
    last_space = None
    index = 0
    while index < len(line):
        char = line[index]
        if char == 0x20:
            if last_space is None:
                last_space = index
        elif char == 0x5C:  # backslash: the next character is kept as it is
            index += 1
            if index >= len(line):
                return line
            last_space = None
        else:
            last_space = None
        index += 1
    return line if last_space is None else line[:last_space]


def _parse(line: bytes) -> IgnorePattern | None:
    text = line.decode("utf-8", "surrogateescape")
    negative = line.startswith(b"!")
    body = line[1:] if negative else line
    dir_only = body.endswith(b"/")
    if dir_only:
        body = body[:-1]
    if not body:
        return None  # "", "!" or "/": git keeps it, and it matches nothing
    anchored = b"/" in body
    if anchored and body.startswith(b"/"):
        body = body[1:]
    segments, escaped = _segments(body) if anchored else ([body], [])
    if anchored and len(segments) == 2 and _is_stars(segments[0]) and not escaped[0]:
        segments, anchored = segments[1:], False  # "**/name" is just "name"
    head = (text, negative, dir_only, anchored)
    try:
        start = _stars_after_literal(body) if anchored else None
        if start is not None:
            whole = LazyRegex(re.escape(start) + _path_source(*_segments(body[len(start) :])))
            return IgnorePattern(*head, None, whole, False, None, whole=start)
        if not anchored:
            literal, regex, needles = _name_part(segments[0])
            return IgnorePattern(*head, literal, regex, False, needles)
        return _anchored(head, segments, escaped)
    except _Never:
        return IgnorePattern(*head, None, None, True, ())


def _stars_after_literal(body: bytes) -> bytes | None:
    """The literal start of ``body`` when git treats the "**" right after it as a folder run.

    Git matches an anchored pattern's literal start first and the rest on its
    own, so a "**" right after the literal start counts as the rest's start:
    "a**/x" matches "ax" and "a/b/x", "a/b**" everything below "a/b...".
    Such a pattern is matched on the whole path. None for any other pattern.
    """
    start = next((i for i, char in enumerate(body) if char in b"*?[\\"), len(body))
    if start == 0 or body[start : start + 2] != b"**" or body[start - 1 : start] == b"/":
        return None
    end = start
    while body[end : end + 1] == b"*":
        end += 1
    if end == len(body) or body[end : end + 1] == b"/" or body[end : end + 2] == b"\\/":
        return body[:start]
    return None


def _path_source(segments: list[bytes], escaped: list[bool]) -> bytes:
    """The regex of a path pattern's segments; a first "**" may stand for no folder at all."""
    parts: list[bytes] = []
    for index, segment in enumerate(segments):
        last = index == len(segments) - 1
        if _is_stars(segment):
            parts.append(rb".*" if last else rb".*/" if escaped[index] else rb"(?:.*/)?")
        else:
            parts.append(_regex_source(_tokens(segment)) + (b"" if last else b"/"))
    return b"".join(parts)


# How a segment matches a name: its literal (or None), its regex (or None), its needles.
_NamePart = tuple[str | None, LazyRegex | None, tuple[bytes, ...] | None]


def _segments(body: bytes) -> tuple[list[bytes], list[bool]]:
    """``body`` cut at each "/" (an escaped "\\/" too), and whether each cut was escaped."""
    if b"\\" not in body:
        parts = body.split(b"/")
        return parts, [False] * (len(parts) - 1)
    segments: list[bytes] = []
    escaped: list[bool] = []
    start = index = 0
    while index < len(body):
        char = body[index]
        if char == 0x5C and index + 1 < len(body) and body[index + 1] == 0x2F:
            segments.append(body[start:index])
            escaped.append(True)
            index += 2
            start = index
            continue
        if char == 0x5C:
            index += 2
            continue
        if char == 0x2F:
            segments.append(body[start:index])
            escaped.append(False)
            start = index + 1
        index += 1
    segments.append(body[start:])
    return segments, escaped


def _is_stars(segment: bytes) -> bool:
    return len(segment) >= 2 and segment.count(b"*") == len(segment)


def _anchored(
    head: tuple[str, bool, bool, bool], segments: list[bytes], escaped: list[bool]
) -> IgnorePattern:
    """A pattern with a folder part (all segments but the last) and a name part (the last)."""
    *folders, last = segments
    prefix_only = _is_stars(last)
    parts: list[bytes] = []
    for index, segment in enumerate(folders):
        if _is_stars(segment):
            parts.append(rb".*/" if escaped[index] else rb"(?:.*/)?")
        else:
            parts.append(_regex_source(_tokens(segment)) + b"/")
    literal, regex, needles = (
        (None, LazyRegex(rb"[^/]*"), None) if prefix_only else _name_part(last)
    )
    literal_segments = [_is_literal(segment) for segment in folders]
    return IgnorePattern(
        *head,
        literal,
        regex,
        False,
        needles,
        folder=LazyRegex(b"".join(parts)) if folders or prefix_only else None,
        folder_prefix=prefix_only,
        first=_text(folders[0]) if folders and literal_segments[0] else None,
        exact_folder="".join(_text(f) + "/" for f in folders) if all(literal_segments) else None,
        folder_tail="" if prefix_only else _literal_tail(folders),
    )


def _literal_tail(folders: list[bytes]) -> str:
    """The folder names at the end of a folder part that are literal, as "a/b/" ("" if none)."""
    tail: list[str] = []
    for segment in reversed(folders):
        if not _is_literal(segment):
            break
        tail.insert(0, _text(segment) + "/")
    return "".join(tail)


def _is_literal(segment: bytes) -> bool:
    return bool(segment) and not any(char in b"*?[\\" for char in segment)


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "surrogateescape")


def _name_part(segment: bytes) -> _NamePart:
    """How one segment (no "/") matches a name: its literal, or a regex, and its needles."""
    tokens = _tokens(segment)
    if all(kind == "lit" for kind, _, _ in tokens):
        literal = b"".join(value for _, value, _ in tokens)
        return _text(literal), None, (b"/" + literal + b"/",)
    return None, LazyRegex(_regex_source(tokens)), _needles(tokens)


def _tokens(segment: bytes) -> list[_Token]:
    """The segment's glob tokens; raises ``_Never`` when git's matcher would give up."""
    if not _GLOB_CHAR.search(segment):
        return [("lit", segment, ())] if segment else []
    tokens: list[_Token] = []
    index = 0
    while index < len(segment):
        char = segment[index : index + 1]
        if char == b"\\":
            if index + 1 >= len(segment):
                raise _Never
            _add_literal(tokens, segment[index + 1 : index + 2])
            index += 2
        elif char == b"?":
            tokens.append(("one", b"", ()))
            index += 1
        elif char == b"*":
            if not tokens or tokens[-1][0] != "star":
                tokens.append(("star", b"", ()))
            index += 1
        elif char == b"[":
            source, held, index = _bracket(segment, index + 1)
            tokens.append(("class", source, held))
        else:
            found = _GLOB_CHAR.search(segment, index)
            end = found.start() if found else len(segment)
            _add_literal(tokens, segment[index:end])
            index = end
    return tokens


def _add_literal(tokens: list[_Token], text: bytes) -> None:
    """Append literal ``text``, joined to a literal just before it (one ``re.escape`` for both)."""
    if tokens and tokens[-1][0] == "lit":
        tokens[-1] = ("lit", tokens[-1][1] + text, ())
    else:
        tokens.append(("lit", text, ()))


def _bracket(segment: bytes, index: int) -> tuple[bytes, tuple[bytes, ...], int]:
    """A ``[...]`` class starting after "[": its regex, its bytes when few and plain, the end.

    Follows ``wildmatch.c``: "!" or "^" first negates, "]" first is itself,
    "a-z" is a range unless "-" is first or last, "\\x" is "x", and
    "[:name:]" a character class. A class never matches "/".
    """
    negated = segment[index : index + 1] in (b"!", b"^")
    index += negated
    parts: list[bytes] = []
    held: list[bytes] = []
    plain = True
    previous: bytes | None = None
    first = True
    while True:
        if index >= len(segment):
            raise _Never  # no closing "]"
        char = segment[index : index + 1]
        if char == b"]" and not first:
            break
        first = False
        if char == b"\\":
            index += 1
            if index >= len(segment):
                raise _Never
            char = segment[index : index + 1]
        elif (
            char == b"-"
            and previous is not None
            and index + 1 < len(segment)
            and (segment[index + 1 : index + 2] != b"]")
        ):
            index += 1
            high = segment[index : index + 1]
            if high == b"\\":
                index += 1
                if index >= len(segment):
                    raise _Never
                high = segment[index : index + 1]
            if previous <= high:
                parts.append(re.escape(previous) + b"-" + re.escape(high))
            plain, previous = False, None
            index += 1
            continue
        elif char == b"[" and segment[index + 1 : index + 2] == b":":
            close = segment.find(b"]", index + 2)
            if close < 0:
                raise _Never
            if segment[close - 1 : close] == b":" and close - 1 >= index + 2:
                name = segment[index + 2 : close - 1]
                if name not in _CLASSES:
                    raise _Never
                parts.append(_CLASSES[name])
                plain, previous = False, None
                index = close + 1
                continue
        parts.append(re.escape(char))
        held.append(char)
        previous = char
        index += 1
    body = b"".join(parts)
    if negated:
        return b"[^/" + body + b"]", (), index + 1
    if not body:
        raise _Never
    few = tuple(held) if plain and not negated and len(held) <= _SMALL_CLASS else ()
    return b"(?!/)[" + body + b"]", few, index + 1


def _regex_source(tokens: list[_Token]) -> bytes:
    out: list[bytes] = []
    for kind, value, _ in tokens:
        if kind == "lit":
            out.append(re.escape(value))
        elif kind == "one":
            out.append(rb"[^/]")
        elif kind == "star":
            out.append(rb"[^/]*")
        else:
            out.append(value)
    return b"".join(out)


def _needles(tokens: list[_Token]) -> tuple[bytes, ...] | None:
    """Byte strings one of which "/name/" holds whenever the tokens match ``name``.

    The best of: the name's start (after "/", small classes spelled out), its
    end (before "/"), and the longest literal run; None when none is longer
    than the "/" of an anchor.
    """
    options = [_spelled(tokens), _spelled(tokens[::-1], backwards=True)]
    run = longest = b""
    for kind, value, _ in tokens:
        run = run + value if kind == "lit" else b""
        longest = max(longest, run, key=len)
    options.append((longest,) if longest else ())
    best = max(options, key=lambda needles: min(map(len, needles), default=0))
    return best if min(map(len, best), default=0) > 1 else None


def _spelled(tokens: list[_Token], *, backwards: bool = False) -> tuple[bytes, ...]:
    """The texts the tokens' literal start (or end) can be, with the name's "/" outside."""
    anchor = b"/"
    texts = [b""]
    for kind, value, held in tokens:
        if kind == "lit":
            texts = [value + t if backwards else t + value for t in texts]
        elif kind == "class" and held and len(texts) * len(held) <= 16:
            texts = [(h + t if backwards else t + h) for t in texts for h in held]
        else:
            break
    else:  # every token spelled out: the whole name, with anchors on both sides
        return tuple(anchor + t + anchor for t in texts)
    return tuple((t + anchor if backwards else anchor + t) for t in texts if t)


@functools.lru_cache(maxsize=1024)
def _compiled(source: bytes) -> re.Pattern[bytes]:
    """Compiled once per distinct pattern, shared by every ``.gitignore`` that has it."""
    return re.compile(source, re.DOTALL)
