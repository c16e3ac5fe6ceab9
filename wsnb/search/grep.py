"""Text search over the workspace's files: one DataFrame row per matching line.

Searching is a read, so it obeys the read rules: every candidate passes the
policy (``FolderGate``: a refused path is counted, never opened), files whose
names look like secrets are never read, files over ``max_bytes`` and binary
files are skipped, and every skip is counted in ``frame.attrs``. When the
result is less than the whole answer (a row limit, files not searched, files
skipped) the frame is a ``NotedFrame`` whose display says so in one line.

Each file is read once as bytes (one ``os.read``) and looked at by the
``Matcher`` (``wsnb.search.matcher``): most files end at a byte-level check
and are never decoded. The per-file path is kept short on purpose: at tens of
thousands of files per query, each function call shows. A large search is
shared with a second process (``wsnb.search.parallel``) when the machine has
the cores for it; the rows and counts are the same as one process finds.
"""

from __future__ import annotations

import logging
import numbers
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from ..disk.textio import decode_bytes, read_bytes
from ..errors import PolicyError, UnsupportedFileError, UsageError, WsnbError
from ..i18n import _, in_english
from ..noted import NotedFrame, with_note
from ..policy.access import AccessPolicy, WsPath
from ..policy.filekinds import binary_kind
from ..policy.names import sensitive_files_note
from ..text.nbcache import NOTEBOOKS, SearchText
from ..text.redact import redact
from .cutnotes import cut_note, no_match_sentence
from .gate import FolderGate
from .matcher import SNIPPET_CHARS, Matcher, compile_pattern, normalise_newlines
from .matcher import snippet as _snippet
from .share import fill_room, lines_from

__all__ = [
    "GREP_COLUMNS",
    "MAX_BYTES",
    "MAX_FILES",
    "MAX_MATCHES",
    "SNIPPET_CHARS",
    "Progress",
    "check_offset",
    "grep",
]

logger = logging.getLogger("wsnb")

MAX_FILES = 1000
MAX_BYTES = 128 * 1024
MAX_MATCHES = 50
GREP_COLUMNS = ["path", "line", "column", "text", "cell"]
"""A notebook's rows carry their ``cell`` (from 1) and a line within it; other rows have none."""

Progress = Callable[[int, int], None]
"""``progress(done_files, total_files)``, called in bounded steps during a search."""

_MAX_LISTED_LARGE = 20



# ---------------------------------------------------------------------------
# One search: counters, rows, and the walk over the candidates.
# ---------------------------------------------------------------------------


@dataclass(slots=True)
class _Search:
    """The state of one ``grep`` call (or of one block of it): what was found and skipped."""

    matcher: Matcher
    limit: int | None
    max_bytes: int
    for_model: bool = False  # search text with its secrets redacted: rows never show them
    per_file: int | None = None  # rows kept per file; the rest of its lines are only counted
    outputs: bool = False  # search a notebook's text outputs too, not only its cell sources
    paths: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    columns: list[int] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    cells: list[int | None] = field(default_factory=list)  # a notebook row's cell
    outs: list[int | None] = field(default_factory=list)  # its output (from 1), None: source
    verdicts: dict[str, int] = field(default_factory=dict)  # file name -> _OK, _SENSITIVE...
    files_visited: int = 0
    files_opened: int = 0
    files_scanned: int = 0
    files_skipped_size: int = 0
    skipped_large: list[str] = field(default_factory=list)
    files_skipped_binary: int = 0
    files_skipped_undecodable: int = 0
    files_skipped_sensitive: int = 0
    skipped_sensitive: list[str] = field(default_factory=list)
    files_refused: int = 0
    files_unreadable: int = 0
    truncated: bool = False
    more_in_file: dict[str, int] = field(default_factory=dict)  # path -> lines not kept

    @property
    def full(self) -> bool:
        return self.limit is not None and len(self.paths) >= self.limit

    def run(self, gate: FolderGate, policy: AccessPolicy, candidates: Sequence[str],
            max_files: int | None) -> bool:  # fmt: skip
        """Visit ``candidates`` in order; True when a bound stopped the search."""
        visit = self.visit
        for candidate in candidates:
            if self.full or (max_files is not None and self.files_opened >= max_files):
                self.truncated = self.truncated or self.full
                return True
            visit(gate, policy, candidate)
            self.files_visited += 1
        return False

    def visit(self, gate: FolderGate, policy: AccessPolicy, candidate: str) -> None:
        """Search one candidate, or count why it was skipped.

        Kept flat: it runs once per file, and most files end at the byte-level
        check, so the common path is a few calls and nothing is decoded.
        """
        try:
            target, name, size = gate.resolve(candidate)
        except PolicyError:
            self.files_refused += 1
            return
        verdict = self.verdicts.get(name)
        if verdict is None:  # names repeat (__init__.py, index.ts): ask the rules once each
            verdict = self.verdicts[name] = _name_verdict(policy, name)
        if verdict == _SENSITIVE or (  # a hidden folder on the way may be .ssh/ or .aws/
            ("/." in candidate or candidate[:1] == ".") and policy.is_sensitive_path(candidate)
        ):
            self.files_skipped_sensitive += 1
            if len(self.skipped_sensitive) < _MAX_LISTED_LARGE:
                self.skipped_sensitive.append(target.relative)
            return
        if verdict == _DANGEROUS:
            self.files_refused += 1
            return
        self.files_opened += 1
        if name[-6:].lower() == ".ipynb" and self._notebook(target):
            return
        if verdict == _BINARY_NAME and self._binary_head(target, size):
            return
        data = self._read(target, size)
        if data is None:
            return
        if b"\x00" in data:  # a memchr; only binary and UTF-16 files have NUL bytes
            self._search_text(target.relative, data, has_nul=True)
        elif self.matcher.may_match(data):
            self._search_text(target.relative, data, has_nul=False)
        else:
            self.files_scanned += 1  # searched at the byte level: certainly no match

    def _notebook(self, target: WsPath) -> bool:
        """Search a notebook's cell sources (and text outputs, when asked), never its JSON.

        The sources come from the process's notebook cache, read again only when the
        file changed. False when the file is not a notebook's JSON: it is searched as text.
        """
        try:
            found = NOTEBOOKS.search_text(target, outputs=self.outputs)
        except UnsupportedFileError as exc:
            if getattr(exc, "kind", "") == "too-big":  # too big to read as cells
                self._too_big(target)
                return True
            return False
        except (WsnbError, OSError):
            self.files_unreadable += 1
            return True
        if len(found.text) > self.max_bytes:
            self._too_big(target)
            return True
        self.files_scanned += 1
        text = found.text
        lowered = found.lowered() if self.matcher.folded is not None else None
        if lowered is not None:  # a case-blind literal: the text lowered once per version
            haystack, needle = lowered, self.matcher.folded
        else:
            haystack, needle = self.matcher.for_text(text)
        if needle is not None and needle not in haystack:
            return True
        if self.for_model:
            text = redact(text).text
        self._collect(target.relative, text, found)
        return True

    def _binary_head(self, target: WsPath, size: int | None) -> bool:
        """For a name that says binary (``.png``): True, counted, when its first bytes agree.

        Only the head is read, so a folder of images costs a few KiB each. A
        file whose head has no NUL byte is searched like any other.
        """
        if size is not None and size <= _HEAD_BYTES:
            return False  # small: one whole read decides
        try:
            head = read_bytes(target, limit=_HEAD_BYTES)
        except (WsnbError, OSError):
            return False  # the whole read counts it
        if b"\x00" in head:
            self.files_skipped_binary += 1
            return True
        return False

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
        if self.for_model:  # only files that may match get here: few pay for it
            text = redact(text).text
        self._collect(path, normalise_newlines(text, fmt.newline))

    def _collect(self, path: str, text: str, pieces: SearchText | None = None) -> None:
        """One row per line with a match (its first match); 1-based line and column.

        Each search starts at the next line, since the rest of a reported line
        can't add a row; line numbers are counted only up to each match. One
        flat loop of C calls: a search can return hundreds of thousands of rows.
        ``pieces`` says where a notebook's joined text comes from: each row then
        carries its cell (and output) and its line within that piece.
        """
        haystack, needle = self.matcher.for_text(text)
        search = self.matcher.compiled.search if needle is None else None
        find, count, rfind, line_end_of = haystack.find, text.count, text.rfind, text.find
        paths, lines, columns, texts = self.paths, self.lines, self.columns, self.texts
        cells, outs = self.cells, self.outs
        limit, end, room = self.limit, len(text), self.per_file
        line_no, counted_to, position = 1, 0, 0
        while position <= end:
            if search is None:
                start = find(needle, position)  # type: ignore[arg-type]
            else:
                match = search(text, position)
                start = -1 if match is None else match.start()
            if start < 0:
                return
            if limit is not None and len(paths) >= limit:
                self.truncated = True
                return
            if room is not None:
                if room == 0:  # this file has had its share: count the rest, keep no more
                    self.more_in_file[path] = lines_from(text, haystack, needle, search, start)
                    return
                room -= 1
            line_no += count("\n", counted_to, start)
            counted_to = start
            line_start = rfind("\n", 0, start) + 1
            line_end = line_end_of("\n", start)
            if line_end == -1:
                line_end = end
            column = start - line_start + 1
            line_text = text[line_start:line_end]
            paths.append(path)
            if pieces is None:
                lines.append(line_no)
                cells.append(None)
                outs.append(None)
            else:
                cell, out, within = pieces.locate(line_no)
                lines.append(within)
                cells.append(cell)
                outs.append(out)
            columns.append(column)
            texts.append(line_text if len(line_text) <= SNIPPET_CHARS
                         else _snippet(line_text, column))  # fmt: skip
            position = line_end + 1

    def absorb(self, block: _Search) -> None:
        """Add a block's rows and counts, searched separately, after this search's own."""
        self.paths += block.paths
        self.lines += block.lines
        self.columns += block.columns
        self.texts += block.texts
        self.cells += block.cells
        self.outs += block.outs
        for name in _COUNTERS:
            setattr(self, name, getattr(self, name) + getattr(block, name))
        room = _MAX_LISTED_LARGE - len(self.skipped_large)
        self.skipped_large += block.skipped_large[: max(room, 0)]
        room = _MAX_LISTED_LARGE - len(self.skipped_sensitive)
        self.skipped_sensitive += block.skipped_sensitive[: max(room, 0)]
        self.truncated = self.truncated or block.truncated
        self.more_in_file.update(block.more_in_file)

    def to_wire(self) -> dict[str, Any]:
        """Its rows and counts as ``marshal`` carries them (a forked child sends a block so):
        every field but the job's settings, which the parent has already."""
        return {name: getattr(self, name) for name in self.__dataclass_fields__
                if name not in _NOT_SENT}  # fmt: skip

    def from_wire(self, wire: dict[str, Any]) -> _Search:
        """A block's search, with this one's settings, from what ``to_wire`` sent."""
        block = _Search(self.matcher, None, self.max_bytes, for_model=self.for_model,
                        outputs=self.outputs)
        for name, value in wire.items():
            setattr(block, name, value)
        return block

    def counts(self) -> dict[str, Any]:
        return {
            "files_scanned": self.files_scanned,
            "files_skipped_size": self.files_skipped_size,
            "skipped_large": list(self.skipped_large),
            "files_skipped_binary": self.files_skipped_binary,
            "files_skipped_undecodable": self.files_skipped_undecodable,
            "files_skipped_sensitive": self.files_skipped_sensitive,
            "skipped_sensitive": list(self.skipped_sensitive),
            "files_refused": self.files_refused,
            "files_unreadable": self.files_unreadable,
            "truncated": self.truncated,
            "more_in_file": dict(self.more_in_file),
            "lines_not_shown": sum(self.more_in_file.values()),
        }

    def frame(self) -> pd.DataFrame:
        columns = {
            "path": pd.Series(self.paths, dtype=str),
            "line": np.array(self.lines, dtype=np.int64),
            "column": np.array(self.columns, dtype=np.int64),
            "text": pd.Series(self.texts, dtype=str),
            "cell": pd.array(self.cells, dtype="Int64"),
        }
        if self.outputs:  # which output of the cell a row is in; none for a source line
            columns["output"] = pd.array(self.outs, dtype="Int64")
        return pd.DataFrame(columns, columns=[*GREP_COLUMNS, *(["output"] if self.outputs
                                                               else [])])


_OK, _SENSITIVE, _DANGEROUS, _BINARY_NAME = 0, 1, 2, 3
_HEAD_BYTES = 8192  # what decides that a file named like a binary one is binary


def _name_verdict(policy: AccessPolicy, name: str) -> int:
    if policy.is_sensitive(name):
        return _SENSITIVE
    if policy.is_dangerous(name):
        return _DANGEROUS
    return _BINARY_NAME if binary_kind(name) else _OK


# What a block's search does not send back from a forked child: the job's settings (the
# parent has them) and the name verdicts (each process keeps its own).
_NOT_SENT = frozenset({"matcher", "limit", "max_bytes", "for_model", "verdicts", "outputs"})
_COUNTERS = (
    "files_visited", "files_opened", "files_scanned", "files_skipped_size",
    "files_skipped_binary", "files_skipped_undecodable", "files_skipped_sensitive",
    "files_refused", "files_unreadable",
)  # fmt: skip


# ---------------------------------------------------------------------------
# Bounds, progress and the note a person sees.
# ---------------------------------------------------------------------------


def _check_bounds(**bounds: object) -> dict[str, int | None]:
    """The bounds as ints (None: no bound); anything else below 1 is a ``UsageError``."""
    checked: dict[str, int | None] = {}
    for name, value in bounds.items():
        if value is None and name != "max_bytes":
            checked[name] = None
            continue
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
            message = (_("{param} must be a whole number of at least 1, not {asked!r}.")
                       if name == "max_bytes" else
                       _("{param} must be a whole number of at least 1, or None for no bound, "
                         "not {asked!r}."))  # fmt: skip
            raise UsageError(message.format(param=name, asked=value))
        checked[name] = int(value)
    return checked


def check_offset(offset: object) -> int:
    """A page's offset: a whole number of at least 0 (``UsageError`` otherwise)."""
    if isinstance(offset, bool) or not isinstance(offset, numbers.Integral) or offset < 0:
        raise UsageError(_("offset must be a whole number of at least 0, not {asked!r}.").format(
            asked=offset))
    return int(offset)


# ---------------------------------------------------------------------------
# The search
# ---------------------------------------------------------------------------


def grep(
    policy: AccessPolicy,
    candidates: Iterable[str],
    pattern: str,
    *,
    regex: bool = False,
    case: bool = False,
    limit: int | None = MAX_MATCHES,
    max_files: int | None = MAX_FILES,
    max_bytes: int = MAX_BYTES,
    progress: Progress | None = None,
    workers: int | None = None,
    index_note: str = "",
    for_model: bool = False,
    warn: bool = True,
    per_file: int | None = None,
    outputs: bool = False,
    offset: int = 0,
) -> NotedFrame:
    """Find ``pattern`` in the candidate files, in order; one row per matching line.

    ``candidates`` are workspace-relative paths (normally the index's text
    files). The search is literal unless ``regex=True`` and ignores case
    unless ``case=True``. It stops after ``limit`` matching lines and opens at
    most ``max_files`` files (``None``: no bound); files larger than
    ``max_bytes`` are skipped whole, not searched in part. ``progress`` is
    called as ``progress(done_files, total_files)`` in bounded steps (about a
    hundred calls at most) and once at the end. ``workers`` caps the
    processes a large search may use (default: the machine's cores, at most 2;
    1 searches in this process only). ``per_file`` keeps at most that many
    lines of each file, so one big file can't fill a capped answer; the
    other matching lines of such a file are counted, in ``more_in_file``
    (path -> lines) and ``lines_not_shown``, and the note says how many.

    A notebook (``.ipynb``) is searched as cells, never as its JSON: its cell
    sources, and its text outputs too with ``outputs=True`` (streams, results'
    ``text/plain``, tracebacks; never base64 or widget state). Its rows carry
    ``cell`` (from 1; other files' rows have none) and a ``line`` within the
    cell, their ``text`` as written in the cell; with ``outputs=True`` the frame
    has an ``output`` column too (the output's number in its cell, none for a
    source line). ``max_bytes`` bounds the text searched in a notebook, not its
    file (mostly outputs); the sources come from a cache kept by size and time.

    ``frame.attrs`` says what was searched and what was left out:
    ``files_total`` (candidates), ``files_searched`` (visited before the search
    stopped), ``files_scanned`` (opened and searched), ``files_skipped_size``
    and ``skipped_large`` (up to 20 paths), ``files_skipped_binary``,
    ``files_skipped_undecodable`` (only found out for files that could match),
    ``files_skipped_sensitive`` (never read), ``files_refused`` (by the policy,
    never read), ``files_unreadable`` (vanished or unreadable),
    ``files_not_scanned`` (never opened: over ``max_files``, or after the
    limit stopped the search), ``truncated`` (the row limit cut the result)
    and ``note``: the sentence the frame's display shows when anything was
    left out ("" when the search was whole). ``index_note`` is the caller's
    sentence about candidates it could not give (an index cut by the scan's
    limits); it leads the note, which is logged once as a warning (as
    information with ``warn=False``). ``skipped_sensitive`` lists up to 20 of
    the sensitive files left out, which the note names with their rules.
    ``for_model``: the rows are for a model, so each file that may match is
    searched with its secrets redacted (``wsnb.text.redact``) and the note gives
    no advice a model can't follow. ``offset`` skips that many matching lines first (a
    page: ``limit`` lines after them); ``attrs["next_offset"]`` is the next page's offset when
    the limit stopped the search, else None.
    """
    bounds = _check_bounds(limit=limit, max_files=max_files, max_bytes=max_bytes,
                           per_file=per_file)  # fmt: skip
    offset = check_offset(offset)
    page = bounds["limit"]
    matcher = compile_pattern(pattern, regex=regex, case=case)
    paths = candidates if isinstance(candidates, list) else list(candidates)
    search = _Search(matcher, None if page is None else offset + page,
                     bounds["max_bytes"] or MAX_BYTES,
                     for_model=for_model, per_file=bounds["per_file"],
                     outputs=outputs)  # fmt: skip
    from .parallel import run_search  # the block runner; imported here to keep imports light

    run_search(search, policy, paths, max_files=bounds["max_files"], progress=progress,
               workers=workers)  # fmt: skip
    fill_room(search, policy, paths)  # a share per file, and what room is left to the rest
    attrs: dict[str, Any] = {"pattern": pattern, "regex": regex, "case": case,
                             "files_total": len(paths), "files_searched": search.files_visited,
                             "files_not_scanned": len(paths) - search.files_visited,
                             "per_file": bounds["per_file"], **search.counts(),
                             "offset": offset}  # fmt: skip
    attrs["next_offset"] = offset + page if attrs["truncated"] and page is not None else None
    def left_out() -> str:
        return cut_note(attrs, limit=bounds["limit"], max_files=bounds["max_files"],
                        max_bytes=search.max_bytes)  # fmt: skip

    def sensitive() -> str:
        return sensitive_files_note(search.skipped_sensitive, search.files_skipped_sensitive,
                                    searched=True, for_model=for_model)  # fmt: skip

    note = _("; ").join(part for part in (index_note, left_out(), sensitive()) if part)
    logged = "; ".join(part for part in (index_note, in_english(left_out), in_english(sensitive))
                       if part)  # fmt: skip
    logger.info("Text search: %d matching lines in %d files (%d not scanned).",
                len(search.paths), search.files_scanned, attrs["files_not_scanned"])  # fmt: skip
    # The note is always on screen; the log warns only when matches may be missing because of a
    # bound the caller can raise. A secret-looking file left unread is the policy, not news.
    lost = bool(index_note or attrs["truncated"] or attrs["files_not_scanned"]
                or attrs["files_skipped_size"])  # fmt: skip
    found = search.frame()
    if offset:
        found = found.iloc[offset:].reset_index(drop=True)
    return with_note(found, note, warn=warn and lost, logged=logged,
                     nothing=no_match_sentence(pattern, search.files_scanned), **attrs)  # fmt: skip

