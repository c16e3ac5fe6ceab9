"""How a text search looks at one file: a byte-level pre-check, then the lines that match.

Most files don't match, so a literal search is shaped around rejecting them
cheaply: the needle's encoded bytes are looked for with ``in`` in the raw
bytes before anything is decoded or split into lines. Only files that may
match, and UTF-16 files, are decoded and searched as text, which is also
where line and column numbers come from.
"""

from __future__ import annotations

import codecs
import importlib
import re
from dataclasses import dataclass
from typing import Any

from ..errors import UsageError
from ..i18n import _

# The standard library's own regular-expression parser (``re._parser`` since Python 3.11),
# read only to find the plain text a pattern needs; untyped, hence ``Any``.
_parser: Any = importlib.import_module("re._parser")
_constants: Any = importlib.import_module("re._constants")

__all__ = ["SNIPPET_CHARS", "Matcher", "compile_pattern", "normalise_newlines", "snippet"]

SNIPPET_CHARS = 200

_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
_ELLIPSIS = "…"
_MIN_REGEX_NEEDLE = 3  # a shorter run is in almost every file: not worth the look
_LITERAL = _constants.LITERAL
_SUBPATTERN = _constants.SUBPATTERN
_BRANCH = _constants.BRANCH
_NON_ASCII_PARTNERS = frozenset("iks")  # ASCII letters re.IGNORECASE matches to non-ASCII ones


# ---------------------------------------------------------------------------
# The matcher: a byte-level pre-check plus one compiled pattern for the text.
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Matcher:
    """How one search looks at a file.

    ``needles`` are byte strings at least one of which occurs in any file
    that can match (an empty tuple means "can't tell, decode and look").
    ``fold`` says the needles are ASCII-lowered and must be looked for in
    ``data.lower()``. ``literal`` is the text of a case-sensitive literal
    search, found with ``str.find`` instead of the pattern. ``folded`` is
    the lowered needle of a case-insensitive ASCII literal: in ASCII text
    (most source files) it is found with ``str.find`` in ``text.lower()``,
    which has the same positions, instead of the slower case-blind pattern.
    """

    compiled: re.Pattern[str]
    needles: tuple[bytes, ...]
    fold: bool
    literal: str | None = None
    folded: str | None = None

    def for_text(self, text: str) -> tuple[str, str | None]:
        """The text to look in and the needle to ``find`` there (None: search with ``compiled``)."""
        if self.literal is not None:
            return text, self.literal
        if self.folded is not None and text.isascii():
            return text.lower(), self.folded
        return text, None

    def may_match(self, data: bytes) -> bool:
        """False only when the file certainly has no match; cheap, never decodes.

        Usually one needle: an ASCII needle's GB18030 bytes are its UTF-8
        bytes, so they are looked for once.
        """
        if not self.needles or data.startswith(_UTF16_BOMS):
            return True
        if self.fold:
            data = data.lower()
        if len(self.needles) == 1:
            return self.needles[0] in data
        return any(needle in data for needle in self.needles)


def compile_pattern(pattern: str, *, regex: bool, case: bool) -> Matcher:
    """Check the pattern and build the matcher; a bad pattern is a ``UsageError``."""
    if not isinstance(pattern, str) or not pattern:
        raise UsageError(_("The search pattern is empty; give the text to look for."))
    if regex:
        flags = re.MULTILINE | (0 if case else re.IGNORECASE)
        try:
            compiled = re.compile(pattern, flags)
        except re.error as exc:
            raise UsageError(
                _("The regular expression {pattern!r} is not valid ({problem}); fix it, or pass "
                  "regex=False to search for the text literally.").format(pattern=pattern,
                                                                         problem=exc)
            ) from None
        needles, fold = _regex_needles(compiled)
        return Matcher(compiled, needles, fold=fold)
    return _literal_matcher(pattern, case=case)


def _regex_needles(compiled: re.Pattern[str]) -> tuple[tuple[bytes, ...], bool]:
    """Bytes every match of ``compiled`` contains, for the pre-check; ``((), False)`` if none.

    The longest run of plain characters the pattern needs at its top level
    (``parse`` and ``Config(`` in ``parse\\w+Config\\(``) is one: a file without
    it can't match. Ignoring case, only letters whose every case is ASCII are
    kept in a run (not ``i``, ``k``, ``s``: ``İ``, the Kelvin sign and ``ſ``
    match them), so ``bytes.lower`` pre-checks it exactly.
    """
    try:
        parsed = _parser.parse(compiled.pattern, compiled.flags)
    except Exception:  # the pattern compiled; a parser detail must never stop a search
        return (), False
    fold = bool(parsed.state.flags & re.IGNORECASE)
    bests = [max(_literal_runs(branch, fold), key=len, default="") for branch in _branches(parsed)]
    if any(len(best) < _MIN_REGEX_NEEDLE or "\n" in best or "\r" in best for best in bests):
        return (), False
    forms = tuple(dict.fromkeys(form for best in bests for form in _encodings(best)))
    if fold:
        forms = tuple(dict.fromkeys(form.lower() for form in forms))
    return forms, fold and bool(forms)


def _branches(parsed: Any) -> list[list[tuple[Any, Any]]]:
    """The alternatives of a pattern that is one alternation (``a|b|c``), else the pattern.

    Each alternative's longest plain run is a needle, and a file that can match holds one of
    them: "where is X defined" searches ``class X|def X|#define X|…``, and only files with
    ``X`` (or ``#define``) are decoded."""
    items = list(parsed)
    if len(items) == 1 and items[0][0] is _BRANCH:
        return [list(branch) for branch in items[0][1][1]]
    return [items]


def _literal_runs(items: list[tuple[Any, Any]], fold: bool) -> list[str]:
    """The runs of literal characters in a parsed sequence that every match contains."""
    runs: list[str] = []
    current: list[str] = []
    for op, arg in items:
        if op is _LITERAL and not (fold and _unfoldable(chr(arg))):
            current.append(chr(arg))
            continue
        runs.append("".join(current))
        current = []
        if op is _SUBPATTERN and not arg[1] and not arg[2]:  # a group without its own flags
            runs.extend(_literal_runs(list(arg[3]), fold))
    runs.append("".join(current))
    return runs


def _unfoldable(ch: str) -> bool:
    """True for a character ``bytes.lower`` can't pre-check when case is ignored."""
    return ch.lower() in _NON_ASCII_PARTNERS or not (ch.isascii() or _caseless(ch))


def _literal_matcher(pattern: str, *, case: bool) -> Matcher:
    """A literal needle, pre-checked as UTF-8 and GB18030 bytes where that is exact.

    Case-insensitive search of an ASCII needle matches ASCII letters only
    (``re.ASCII``), exactly what ``bytes.lower`` can pre-check. A needle with
    cased non-ASCII letters (``Ü``) gets no pre-check: every file is decoded.
    Nor does a needle with a line break, since the text is searched with
    CRLF and CR turned into LF, which the raw bytes don't show.
    """
    flags = 0 if case else re.IGNORECASE | (re.ASCII if pattern.isascii() else 0)
    compiled = re.compile(re.escape(pattern), flags)
    if "\r" in pattern or "\n" in pattern:
        return Matcher(compiled, (), fold=False)
    if case:
        return Matcher(compiled, _encodings(pattern), fold=False, literal=pattern)
    if not all(ch.isascii() or _caseless(ch) for ch in pattern):
        return Matcher(compiled, (), fold=False)
    needles = tuple(dict.fromkeys(needle.lower() for needle in _encodings(pattern)))
    folded = pattern.lower() if pattern.isascii() else None
    return Matcher(compiled, needles, fold=True, folded=folded)


def _caseless(ch: str) -> bool:
    """True for characters with no other case, such as Chinese characters."""
    return ch.lower() == ch and ch.upper() == ch and ch.casefold() == ch


def _encodings(pattern: str) -> tuple[bytes, ...]:
    """The needle's bytes in the byte-oriented encodings textio reads."""
    try:
        forms = (pattern.encode("utf-8"), pattern.encode("gb18030"))
    except UnicodeEncodeError:  # a lone surrogate: no decoded text can contain it
        return ()
    return tuple(dict.fromkeys(forms))


# ---------------------------------------------------------------------------
# Finding lines in decoded text.
# ---------------------------------------------------------------------------


def normalise_newlines(text: str, newline: str) -> str:
    """One line terminator, so ``$`` and line numbers agree for CRLF and CR files."""
    if "\r" not in text:
        return text
    text = text.replace("\r\n", "\n")
    return text.replace("\r", "\n") if newline == "\r" else text


def snippet(line: str, column: int) -> str:
    """The line, or ``SNIPPET_CHARS`` of it around the match with ``…`` at each cut."""
    if len(line) <= SNIPPET_CHARS:
        return line
    start = max(0, min(column - 1 - SNIPPET_CHARS // 4, len(line) - SNIPPET_CHARS))
    end = start + SNIPPET_CHARS
    head = _ELLIPSIS if start > 0 else ""
    tail = _ELLIPSIS if end < len(line) else ""
    return f"{head}{line[start:end]}{tail}"

