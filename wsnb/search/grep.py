"""Text search over the workspace's files: one DataFrame row per matching line.

Searching is a read, so it obeys the read rules: every candidate passes
``AccessPolicy.resolve`` (a refused path is counted, never opened), files
whose names look like secrets are never read, huge and binary files are
skipped, and every skip is counted in ``frame.attrs`` so a person can see what
was left out.

Most files don't match, so the literal search is shaped around rejecting them
cheaply: the file is read once as bytes, and the needle's encoded bytes are
looked for with ``bytes.find`` before anything is decoded or split into lines.
Only files that may match are decoded (through ``wsnb.textio``) and searched
as text, which is also where line and column numbers come from.
"""

from __future__ import annotations

import codecs
import logging
import numbers
import re
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from ..errors import PolicyError, UnsupportedFileError, UsageError, WsnbError
from ..policy import AccessPolicy, WsPath
from ..textio import decode_bytes, detect_format, read_bytes

__all__ = [
    "GREP_COLUMNS",
    "MAX_BYTES",
    "MAX_FILES",
    "MAX_MATCHES",
    "SNIPPET_CHARS",
    "grep",
]

logger = logging.getLogger("wsnb")

MAX_FILES = 1000
MAX_BYTES = 128 * 1024
MAX_MATCHES = 50
SNIPPET_CHARS = 200
GREP_COLUMNS = ["path", "line", "column", "text"]

_MAX_LISTED_LARGE = 20
_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
_ELLIPSIS = "…"


# ---------------------------------------------------------------------------
# The matcher: a byte-level pre-check plus one compiled pattern for the text.
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Matcher:
    """How one search looks at a file.

    ``needles`` are byte strings at least one of which occurs in any file
    that can match (an empty tuple means "can't tell, decode and look").
    ``fold`` says the needles are ASCII-lowered and must be looked for in
    ``data.lower()``.
    """

    compiled: re.Pattern[str]
    needles: tuple[bytes, ...]
    fold: bool

    def may_match(self, data: bytes) -> bool:
        """False only when the file certainly has no match; cheap, never decodes."""
        if not self.needles or data.startswith(_UTF16_BOMS):
            return True
        haystack = data.lower() if self.fold else data
        return any(needle in haystack for needle in self.needles)


def _compile(pattern: str, *, regex: bool, case: bool) -> _Matcher:
    """Check the pattern and build the matcher; a bad pattern is a ``UsageError``."""
    if not isinstance(pattern, str) or not pattern:
        raise UsageError("The search pattern is empty; give the text to look for.")
    if regex:
        flags = re.MULTILINE | (0 if case else re.IGNORECASE)
        try:
            compiled = re.compile(pattern, flags)
        except re.error as exc:
            raise UsageError(
                f"The regular expression {pattern!r} is not valid ({exc}); fix it, "
                "or pass regex=False to search for the text literally."
            ) from None
        return _Matcher(compiled, (), fold=False)
    return _literal_matcher(pattern, case=case)


def _literal_matcher(pattern: str, *, case: bool) -> _Matcher:
    """A literal needle, pre-checked as UTF-8 and GB18030 bytes where that is exact.

    Case-insensitive search of an ASCII needle matches ASCII letters only
    (``re.ASCII``), exactly what ``bytes.lower`` can pre-check. A needle with
    cased non-ASCII letters (``Ü``) gets no pre-check: every file is decoded.
    """
    if case:
        return _Matcher(re.compile(re.escape(pattern)), _encodings(pattern), fold=False)
    flags = re.IGNORECASE
    if pattern.isascii():
        flags |= re.ASCII
    compiled = re.compile(re.escape(pattern), flags)
    if not all(ch.isascii() or _caseless(ch) for ch in pattern):
        return _Matcher(compiled, (), fold=False)
    needles = tuple(dict.fromkeys(needle.lower() for needle in _encodings(pattern)))
    return _Matcher(compiled, needles, fold=True)


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


def _normalise_newlines(text: str, newline: str) -> str:
    """One line terminator, so ``$`` and line numbers agree for CRLF and CR files."""
    if "\r" not in text:
        return text
    text = text.replace("\r\n", "\n")
    return text.replace("\r", "\n") if newline == "\r" else text


def _matching_lines(compiled: re.Pattern[str], text: str) -> Iterator[tuple[int, int, str]]:
    """``(line, column, line_text)`` for each line with a match; 1-based, first match only.

    One ``finditer`` over the whole text; line numbers are counted only up to
    each matching position.
    """
    line_no = 1
    counted_to = 0
    line_end = -1
    for match in compiled.finditer(text):
        start = match.start()
        if start <= line_end:
            continue  # this line was already reported
        line_no += text.count("\n", counted_to, start)
        counted_to = start
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", start)
        if line_end == -1:
            line_end = len(text)
        yield line_no, start - line_start + 1, text[line_start:line_end]


def _snippet(line: str, column: int) -> str:
    """The line, or ``SNIPPET_CHARS`` of it around the match with ``…`` at each cut."""
    if len(line) <= SNIPPET_CHARS:
        return line
    start = max(0, min(column - 1 - SNIPPET_CHARS // 4, len(line) - SNIPPET_CHARS))
    end = start + SNIPPET_CHARS
    head = _ELLIPSIS if start > 0 else ""
    tail = _ELLIPSIS if end < len(line) else ""
    return f"{head}{line[start:end]}{tail}"


# ---------------------------------------------------------------------------
# The gate, with the folders it has verified remembered for one search.
# ---------------------------------------------------------------------------


class _Gate:
    """``policy.resolve`` for many files of few folders, lstat-ing each folder once.

    ``policy.resolve`` walks every segment of every path with ``lstat``; in a
    search over a thousand files that walk costs about as much as reading
    them. The gate asks the policy once per folder, and for the common case of
    a plain name in a verified folder asks ``policy.resolve_child``, which
    ``lstat``-s the last segment only (a regular file, not a link). Anything else (a link, a missing
    file, ``..``, an absolute path, a name with odd characters) goes to
    ``policy.resolve`` whole, so refusals keep the policy's own rule and
    words. The file is then opened with ``O_NOFOLLOW`` by ``wsnb.textio``.
    """

    __slots__ = ("_folders", "_policy")

    def __init__(self, policy: AccessPolicy) -> None:
        self._policy = policy
        self._folders: dict[str, WsPath | None] = {}

    def resolve(self, candidate: str) -> tuple[WsPath, int | None]:
        """The checked path and its size when known; raises ``PolicyError`` like the policy."""
        folder_part, _, name = candidate.rpartition("/")
        folder = self._folder(folder_part) if _PLAIN_PATH.match(candidate) else None
        if folder is None:
            return self._policy.resolve(candidate), None
        try:
            target, info = self._policy.resolve_child(folder, name)
        except PolicyError:
            return self._policy.resolve(candidate), None  # the policy's own words
        if info is None or not stat.S_ISREG(info.st_mode):
            return self._policy.resolve(candidate), None
        return target, info.st_size

    def _folder(self, relative: str) -> WsPath | None:
        """The verified folder, or None when the policy refuses it or it isn't a folder."""
        if relative not in self._folders:
            try:
                folder: WsPath | None = self._policy.resolve(relative or ".")
            except PolicyError:
                folder = None
            self._folders[relative] = folder if folder and folder.absolute.is_dir() else None
        return self._folders[relative]


# A relative POSIX path of plain names: no empty, "." or ".." segment, no backslash,
# colon or control character, not starting with "~". Anything else goes to the policy.
_SEGMENT = r"(?!\.\.?(?:/|\Z))[^/\\\x00-\x1f:]+"
_PLAIN_PATH = re.compile(rf"(?!~){_SEGMENT}(?:/{_SEGMENT})*\Z")


# ---------------------------------------------------------------------------
# One search: counters, rows, and the walk over the candidates.
# ---------------------------------------------------------------------------


@dataclass(slots=True)
class _Search:
    """The state of one ``grep`` call: what was found and what was skipped."""

    matcher: _Matcher
    limit: int
    max_bytes: int
    paths: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    columns: list[int] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    files_opened: int = 0
    files_scanned: int = 0
    files_skipped_size: int = 0
    skipped_large: list[str] = field(default_factory=list)
    files_skipped_binary: int = 0
    files_skipped_undecodable: int = 0
    files_skipped_sensitive: int = 0
    files_refused: int = 0
    files_unreadable: int = 0
    files_not_scanned: int = 0
    truncated: bool = False

    @property
    def full(self) -> bool:
        return len(self.paths) >= self.limit

    def visit(self, gate: _Gate, policy: AccessPolicy, candidate: str) -> None:
        """Search one candidate, or count why it was skipped."""
        admitted = self._admit(gate, policy, candidate)
        if admitted is None:
            return
        target, size = admitted
        self.files_opened += 1
        data = self._read(target, size)
        if data is None or self._is_binary(data):
            return
        if not self.matcher.may_match(data):
            self.files_scanned += 1  # searched at the byte level: certainly no match
            return
        text = self._decode(data)
        if text is not None:
            self.files_scanned += 1
            self._collect(target.relative, text)

    def _admit(
        self, gate: _Gate, policy: AccessPolicy, candidate: str
    ) -> tuple[WsPath, int | None] | None:
        """The checked path and its size, or None when the policy or the name rules say no."""
        try:
            target, size = gate.resolve(candidate)
        except PolicyError:
            self.files_refused += 1
            return None
        if policy.is_sensitive(target.name):
            self.files_skipped_sensitive += 1
            return None
        if policy.is_dangerous(target.name):
            self.files_refused += 1
            return None
        return target, size

    def _read(self, target: WsPath, size: int | None) -> bytes | None:
        """The file's bytes, or None for a file too big or unreadable (counted).

        With the size known from ``lstat``, a big file is skipped unopened and
        a small one is read with exactly its size as the limit: asking for the
        full 128 KiB allocates that much for every file, which is slow. (A
        file that grows meanwhile is searched as it was at the ``lstat``.)
        """
        if size is not None and size > self.max_bytes:
            self._too_big(target)
            return None
        if size == 0:
            return b""
        try:
            data = read_bytes(target, limit=self.max_bytes + 1 if size is None else size)
        except (WsnbError, OSError):
            self.files_unreadable += 1
            return None
        if len(data) > self.max_bytes:
            self._too_big(target)
            return None
        return data

    def _too_big(self, target: WsPath) -> None:
        self.files_skipped_size += 1
        if len(self.skipped_large) < _MAX_LISTED_LARGE:
            self.skipped_large.append(target.relative)

    def _is_binary(self, data: bytes) -> bool:
        """NUL bytes outside UTF-16 mean binary (counted); a fast memchr for the rest."""
        if b"\x00" in data and detect_format(data) is None:
            self.files_skipped_binary += 1
            return True
        return False

    def _decode(self, data: bytes) -> str | None:
        """The text with one line terminator, or None when it can't be decoded (counted)."""
        try:
            text, fmt = decode_bytes(data)
        except UnsupportedFileError:
            self.files_skipped_undecodable += 1
            return None
        return _normalise_newlines(text, fmt.newline)

    def _collect(self, path: str, text: str) -> None:
        for line, column, line_text in _matching_lines(self.matcher.compiled, text):
            if self.full:
                self.truncated = True
                return
            self.paths.append(path)
            self.lines.append(line)
            self.columns.append(column)
            self.texts.append(_snippet(line_text, column))

    def frame(self, attrs: dict[str, Any]) -> pd.DataFrame:
        frame = pd.DataFrame(
            {
                "path": pd.Series(self.paths, dtype=str),
                "line": np.array(self.lines, dtype=np.int64),
                "column": np.array(self.columns, dtype=np.int64),
                "text": pd.Series(self.texts, dtype=str),
            },
            columns=GREP_COLUMNS,
        )
        frame.attrs.update(attrs)
        frame.attrs.update(self.counts())
        return frame

    def counts(self) -> dict[str, Any]:
        return {
            "files_scanned": self.files_scanned,
            "files_skipped_size": self.files_skipped_size,
            "skipped_large": list(self.skipped_large),
            "files_skipped_binary": self.files_skipped_binary,
            "files_skipped_undecodable": self.files_skipped_undecodable,
            "files_skipped_sensitive": self.files_skipped_sensitive,
            "files_refused": self.files_refused,
            "files_unreadable": self.files_unreadable,
            "files_not_scanned": self.files_not_scanned,
            "truncated": self.truncated,
        }


def _check_bounds(**bounds: object) -> dict[str, int]:
    """The bounds as ints; anything but a whole number of at least 1 is a ``UsageError``."""
    checked: dict[str, int] = {}
    for name, value in bounds.items():
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
            raise UsageError(f"{name} must be a whole number of at least 1, not {value!r}.")
        checked[name] = int(value)
    return checked


def grep(
    policy: AccessPolicy,
    candidates: Iterable[str],
    pattern: str,
    *,
    regex: bool = False,
    case: bool = False,
    limit: int = MAX_MATCHES,
    max_files: int = MAX_FILES,
    max_bytes: int = MAX_BYTES,
) -> pd.DataFrame:
    """Find ``pattern`` in the candidate files, in order; one row per matching line.

    ``candidates`` are workspace-relative paths (normally the index's text
    files). The search is literal unless ``regex=True`` and ignores case
    unless ``case=True``. It stops after ``limit`` matching lines
    (``attrs["truncated"]``) and opens at most ``max_files`` files; files
    larger than ``max_bytes`` are skipped whole, not searched in part.

    ``frame.attrs`` says what was searched and what was left out:
    ``files_scanned`` (opened and searched), ``files_skipped_size`` and
    ``skipped_large`` (up to 20 paths), ``files_skipped_binary``,
    ``files_skipped_undecodable`` (only found out for files that could match),
    ``files_skipped_sensitive`` (never read), ``files_refused`` (by the policy,
    never read), ``files_unreadable`` (vanished or unreadable),
    ``files_not_scanned`` (never opened: over ``max_files``, or after the
    limit stopped the search) and ``truncated``.
    """
    bounds = _check_bounds(limit=limit, max_files=max_files, max_bytes=max_bytes)
    matcher = _compile(pattern, regex=regex, case=case)
    search = _Search(matcher, bounds["limit"], bounds["max_bytes"])
    gate = _Gate(policy)
    remaining = iter(candidates)
    for candidate in remaining:
        if search.files_opened >= bounds["max_files"] or search.full:
            search.files_not_scanned = 1 + sum(1 for _ in remaining)
            search.truncated = search.truncated or search.full
            break
        search.visit(gate, policy, candidate)
    logger.info(
        "Text search: %d matching lines in %d files (%d not scanned).",
        len(search.paths), search.files_scanned, search.files_not_scanned,
    )  # fmt: skip
    return search.frame({"pattern": pattern, "regex": regex, "case": case})
