"""Text search over the workspace's files: one DataFrame row per matching line.

Searching is a read, so it obeys the read rules: every candidate passes
``AccessPolicy.resolve`` (a refused path is counted, never opened), files
whose names look like secrets are never read, huge and binary files are
skipped, and every skip is counted in ``frame.attrs`` so a person can see what
was left out.

Most files don't match, so the literal search is shaped around rejecting them
cheaply: the file is read once as bytes (one ``os.read``), and the needle's
encoded bytes are looked for with ``in`` before anything is decoded or split
into lines. Only files that may match, and UTF-16 files, are decoded (through
``wsnb.textio``, once) and searched as text, which is also where line and
column numbers come from. The per-file path is kept short on purpose: at a
thousand files per query, each function call and ``pathlib`` operation shows.
"""

from __future__ import annotations

import codecs
import logging
import numbers
import os
import re
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from ..errors import PolicyError, UnsupportedFileError, UsageError, WsnbError
from ..policy import AccessPolicy, WsPath
from ..textio import decode_bytes, read_bytes

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
    ``data.lower()``. ``literal`` is the text of a case-sensitive literal
    search, found with ``str.find`` instead of the pattern.
    """

    compiled: re.Pattern[str]
    needles: tuple[bytes, ...]
    fold: bool
    literal: str | None = None

    def first(self, text: str, start: int) -> int:
        """Where the first match at or after ``start`` begins, or -1."""
        if self.literal is not None:
            return text.find(self.literal, start)
        match = self.compiled.search(text, start)
        return -1 if match is None else match.start()

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
    Nor does a needle with a line break, since the text is searched with
    CRLF and CR turned into LF, which the raw bytes don't show.
    """
    flags = 0 if case else re.IGNORECASE | (re.ASCII if pattern.isascii() else 0)
    compiled = re.compile(re.escape(pattern), flags)
    if "\r" in pattern or "\n" in pattern:
        return _Matcher(compiled, (), fold=False)
    if case:
        return _Matcher(compiled, _encodings(pattern), fold=False, literal=pattern)
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


def _matching_lines(matcher: _Matcher, text: str) -> Iterator[tuple[int, int, str]]:
    """``(line, column, line_text)`` for each line with a match; 1-based, first match only.

    Each search starts at the next line, since the rest of a reported line
    can't add a row; line numbers are counted only up to each match.
    """
    line_no = 1
    counted_to = 0
    position = 0
    while position <= len(text) and (start := matcher.first(text, position)) >= 0:
        line_no += text.count("\n", counted_to, start)
        counted_to = start
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", start)
        if line_end == -1:
            line_end = len(text)
        yield line_no, start - line_start + 1, text[line_start:line_end]
        position = line_end + 1


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

    def resolve(self, candidate: str) -> tuple[WsPath, str, int | None]:
        """The checked path, its file name and its size when known.

        Raises ``PolicyError`` like the policy. The name comes along because
        ``WsPath.name`` asks ``pathlib``, which costs more than the split here.
        """
        folder_part, _, name = candidate.rpartition("/")
        folder = self._folders.get(folder_part, _UNSEEN)
        if folder is _UNSEEN:
            folder = self._folder(folder_part)
        if folder is None or not _PLAIN_NAME.match(name):
            return self._whole(candidate)
        try:
            target, info = self._policy.resolve_child(folder, name)
        except PolicyError:
            return self._whole(candidate)  # the policy's own words
        if info is None or not stat.S_ISREG(info.st_mode):
            return self._whole(candidate)
        return target, name, info.st_size

    def _whole(self, candidate: str) -> tuple[WsPath, str, None]:
        target = self._policy.resolve(candidate)
        return target, target.name, None

    def _folder(self, relative: str) -> WsPath | None:
        """The verified folder, or None; asked once per folder and remembered.

        None when the path is not plain, the policy refuses it, or it is not a folder.
        """
        folder: WsPath | None = None
        if relative == "" or _PLAIN_PATH.match(relative):
            try:
                folder = self._policy.resolve(relative or ".")
            except PolicyError:
                folder = None
        self._folders[relative] = folder if folder and os.path.isdir(folder.os_path) else None
        return self._folders[relative]


_UNSEEN: Any = object()

# A relative POSIX path of plain names: no empty, "." or ".." segment, no backslash,
# colon or control character, not starting with "~". Anything else goes to the policy.
_SEGMENT = r"(?!\.\.?(?:/|\Z))[^/\\\x00-\x1f:]+"
_PLAIN_PATH = re.compile(rf"(?!~){_SEGMENT}(?:/{_SEGMENT})*\Z")
_PLAIN_NAME = re.compile(rf"(?!~){_SEGMENT}\Z")


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
        """Search one candidate, or count why it was skipped.

        Kept flat: it runs once per file, and most files end at the byte-level
        check, so the common path is a few calls and nothing is decoded.
        """
        try:
            target, name, size = gate.resolve(candidate)
        except PolicyError:
            self.files_refused += 1
            return
        if policy.is_sensitive(name):
            self.files_skipped_sensitive += 1
            return
        if policy.is_dangerous(name):
            self.files_refused += 1
            return
        self.files_opened += 1
        data = self._read(target, size)
        if data is None:
            return
        if b"\x00" in data:  # a memchr; only binary and UTF-16 files have NUL bytes
            self._search_text(target.relative, data, has_nul=True)
        elif self.matcher.may_match(data):
            self._search_text(target.relative, data, has_nul=False)
        else:
            self.files_scanned += 1  # searched at the byte level: certainly no match

    def _read(self, target: WsPath, size: int | None) -> bytes | None:
        """The file's bytes, or None for a file too big or unreadable (counted).

        A file the ``lstat`` already showed too big is skipped unopened. The
        read asks for ``max_bytes + 1`` so a file that grew past the limit
        since then is caught; ``textio`` reads only the size its ``fstat``
        sees (plus one byte), in one ``os.read``, so small files stay cheap.
        """
        if size is not None and size > self.max_bytes:
            self._too_big(target)
            return None
        if size == 0:
            return b""  # empty at the lstat: nothing to open
        try:
            data = read_bytes(target, limit=self.max_bytes + 1)
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

    def _search_text(self, path: str, data: bytes, *, has_nul: bool) -> None:
        """Decode the file once and search it, or count why it can't be decoded.

        A file with NUL bytes that doesn't decode is binary (UTF-16, the only
        text with NUL bytes, decodes); any other file that doesn't decode is
        undecodable, which is only found out for files that may match.
        """
        try:
            text, fmt = decode_bytes(data)
        except UnsupportedFileError:
            if has_nul:
                self.files_skipped_binary += 1
            else:
                self.files_skipped_undecodable += 1
            return
        self.files_scanned += 1
        self._collect(path, _normalise_newlines(text, fmt.newline))

    def _collect(self, path: str, text: str) -> None:
        for line, column, line_text in _matching_lines(self.matcher, text):
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
