"""Safe text I/O: sniffing, decoding, encoding and bounded reads.

This is one of the few modules that opens user files (``wsnb.disk.fsops`` writes
them). Every function takes a ``WsPath``, so the path has already passed the
access policy; reading adds the last line of defence at the moment of I/O: the
final path component is opened without following symlinks and only regular
files are read.

Decoding follows a fixed, cheap order (a few C-level passes, no per-line
Python loops, because text search decodes up to a thousand files per query):

1. a byte-order mark decides: UTF-8 BOM -> ``utf-8-sig``, UTF-16 BOM ->
   ``utf-16-le`` / ``utf-16-be`` (always with ``bom=True``);
2. a NUL byte anywhere means binary;
3. strict UTF-8 (plain ASCII lands here);
4. strict GB18030, which also covers GBK and GB2312;
5. anything else is unsupported.

UTF-16 keeps its byte order in the encoding name (``"utf-16-le"`` or
``"utf-16-be"``), so a file is written back exactly as it was read. The plain
``"utf-16"`` of ``SUPPORTED_ENCODINGS`` is accepted when writing and means
little-endian with a BOM, the form Windows tools write. ``"gbk"`` is accepted
when writing too (``WRITABLE_ENCODINGS`` lists every name ``encode_text``
takes): reading never says GBK, since GB18030 decodes the same bytes.
"""

from __future__ import annotations

import codecs
import difflib
import errno
import logging
import os
import re
import stat
from dataclasses import dataclass
from typing import BinaryIO

from .. import advice
from ..errors import (
    NotFoundError,
    PolicyError,
    UnsupportedFileError,
    UsageError,
    WsnbError,
)
from ..i18n import _
from ..policy.wspath import WsPath
from ..types import Rule

__all__ = [
    "DEFAULT_FORMAT",
    "MAX_READ_BYTES",
    "SUPPORTED_ENCODINGS",
    "WRITABLE_ENCODINGS",
    "TextContent",
    "TextFormat",
    "binary_head",
    "count_lines",
    "decode_bytes",
    "detect_format",
    "encode_text",
    "is_binary",
    "open_binary",
    "read_bytes",
    "read_text",
    "read_text_tail",
    "stays_gbk",
    "unified_diff",
]

logger = logging.getLogger("wsnb")

MAX_READ_BYTES = 128 * 1024
SUPPORTED_ENCODINGS = ("utf-8", "utf-8-sig", "utf-16", "gb18030")

# The codec each accepted encoding name is written with, and whether it always has a BOM.
_CODECS: dict[str, tuple[str, bool]] = {
    "utf-8": ("utf-8", False),
    "utf-8-sig": ("utf-8", True),
    "utf-16": ("utf-16-le", True),
    "utf-16-le": ("utf-16-le", True),
    "utf-16-be": ("utf-16-be", True),
    "gb18030": ("gb18030", False),
    "gbk": ("gbk", False),
}
WRITABLE_ENCODINGS = tuple(_CODECS)
_BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_NEWLINES = ("\n", "\r\n", "\r")
_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
_BARE_LF = re.compile(r"(?<!\r)\n")
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
_READ_FLAGS = (
    os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_BINARY", 0)
)  # fmt: skip


# ---------------------------------------------------------------------------
# Formats and decoding
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TextFormat:
    """How a text file is stored, so an edit can write it back the same way.

    ``encoding`` is ``"utf-8"``, ``"utf-8-sig"``, ``"utf-16-le"``,
    ``"utf-16-be"`` or ``"gb18030"`` when read from a file; ``"utf-16"``
    is also accepted when writing (little-endian with a BOM). ``newline``
    is the dominant line ending (``"\\n"`` when there is none).
    """

    encoding: str
    newline: str
    bom: bool


DEFAULT_FORMAT = TextFormat("utf-8", "\n", False)


@dataclass(frozen=True, slots=True, repr=False)
class TextContent:
    """Text read from a file, with the format it was stored in.

    ``text`` keeps the file's line endings. ``bytes_read`` is how many bytes
    were read from disk (at most the limit); ``size`` is the size on disk.
    The repr leaves the text out, so logging the object never logs contents.
    """

    text: str
    format: TextFormat
    truncated: bool
    size: int
    bytes_read: int

    def __repr__(self) -> str:
        cut = ", truncated" if self.truncated else ""
        return (
            f"<TextContent {len(self.text)} characters, {self.format.encoding}, "
            f"newline={self.format.newline!r}, size={self.size}{cut}>"
        )


def detect_format(data: bytes, *, truncated: bool = False) -> TextFormat | None:
    """The format of ``data``, or None when it is binary or in no supported encoding.

    Pass ``truncated=True`` for a sample cut from the head of a longer file,
    so a multibyte character cut at the end does not count against it.
    """
    try:
        return decode_bytes(data, truncated=truncated)[1]
    except UnsupportedFileError:
        return None


def decode_bytes(data: bytes, *, truncated: bool = False) -> tuple[str, TextFormat]:
    """Decode ``data`` by the fixed order in the module docstring.

    With ``truncated=True`` an incomplete multibyte sequence at the very end
    is dropped instead of failing: reads stop at a byte limit, not at a
    character boundary. Raises ``UnsupportedFileError`` (``kind`` is
    ``"binary"`` or ``"encoding"``) with a sentence about "the data"; callers
    that know the file name say it instead.
    """
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            codec = _CODECS[encoding][0]
            text = _decode_or_none(data[len(bom) :], codec, truncated)
            if text is None:
                raise _undecodable(None)
            return text, TextFormat(encoding, _dominant_newline(text), True)
    if b"\x00" in data:
        raise _binary(None)
    for encoding in ("utf-8", "gb18030"):
        text = _decode_or_none(data, encoding, truncated)
        if text is not None:
            has_bom = encoding == "gb18030" and text.startswith("\ufeff")
            text = text[1:] if has_bom else text
            return text, TextFormat(encoding, _dominant_newline(text), has_bom)
    raise _undecodable(None)


def is_binary(data: bytes) -> bool:
    """True when ``read_text`` refuses these bytes (a file's head, say) as binary."""
    if b"\x00" not in data:  # a memchr: the usual answer
        return False
    try:
        decode_bytes(data, truncated=True)
    except UnsupportedFileError as exc:
        return getattr(exc, "kind", "") == "binary"
    return False


def binary_head(path: WsPath, limit: int = 8192) -> bool:
    """True when the first ``limit`` bytes of ``path`` show a binary file; False if unreadable."""
    try:
        return is_binary(read_bytes(path, limit=limit))
    except (WsnbError, OSError):
        return False


def _decode_or_none(data: bytes, codec: str, truncated: bool) -> str | None:
    """Strict decode; when truncated, an incomplete final sequence is left out.

    One plain ``bytes.decode`` (the incremental decoder is several times
    slower); only a read cut inside a character decodes the prefix again.
    """
    try:
        return data.decode(codec)
    except UnicodeDecodeError as exc:
        cut = exc.start if truncated and _incomplete_at_end(exc, len(data)) else None
    if cut is None:
        return None
    try:
        return data[:cut].decode(codec)
    except UnicodeDecodeError:
        return None


_INCOMPLETE = frozenset(
    {"unexpected end of data", "incomplete multibyte sequence", "truncated data"}
)


def _incomplete_at_end(exc: UnicodeDecodeError, length: int) -> bool:
    """True when the error is only a character cut off by the end of the data."""
    return exc.end == length and length - exc.start < 4 and exc.reason in _INCOMPLETE


def _dominant_newline(text: str) -> str:
    """The most common line ending; ``"\\n"`` wins ties and empty text.

    Most files have no CR at all, and ``in`` is a memchr, far cheaper than a
    count. When CRLF is present, lone CRs among the other endings are not
    weighed: two counts instead of three, for a case that hardly occurs.
    """
    if "\r" not in text:
        return "\n"
    if "\n" not in text:
        return "\r"
    crlf = text.count("\r\n")
    if not crlf:
        return "\r" if text.count("\r") > text.count("\n") else "\n"
    return "\r\n" if crlf > text.count("\n") - crlf else "\n"


def _binary(name: str | None) -> UnsupportedFileError:
    """``name`` is the file; None when only bytes are known."""
    message = (_("{name} is a binary file, not text; wsnb reads only text files, so open it "
                 "with the program it belongs to.") if name else
               _("The data is a binary file, not text; wsnb reads only text files, so open it "
                 "with the program it belongs to."))  # fmt: skip
    return UnsupportedFileError(message.format(name=name), path=name, kind="binary")


def _undecodable(name: str | None) -> UnsupportedFileError:
    """``name`` is the file; None when only bytes are known."""
    message = (_("{name} is not text in an encoding wsnb reads (UTF-8, UTF-16 with a "
                 "byte-order mark, GB18030/GBK); convert it to UTF-8 to work with it here.")
               if name else
               _("The data is not text in an encoding wsnb reads (UTF-8, UTF-16 with a "
                 "byte-order mark, GB18030/GBK); convert it to UTF-8 to work with it here."))
    return UnsupportedFileError(message.format(name=name), path=name, kind="encoding")


# ---------------------------------------------------------------------------
# Encoding
# ---------------------------------------------------------------------------


def encode_text(text: str, fmt: TextFormat) -> bytes:
    """Encode ``text`` the way ``fmt`` says, so an edited file keeps its format.

    Bare ``"\\n"`` becomes ``fmt.newline``; ``"\\r\\n"`` already in the text
    stays as it is. A BOM is written when ``fmt.bom`` is set, and always for
    ``utf-8-sig`` and UTF-16 (wsnb recognises UTF-16 only by its BOM).
    ``"gb18030"`` can store every character; ``"gbk"`` refuses what GBK
    can't hold (an emoji, rare CJK), for a file that must stay readable by
    GBK-only tools: decide with the old bytes, see ``stays_gbk``.
    Raises ``UnsupportedFileError`` naming the first character the encoding
    can't hold and its line, before anything is written.
    """
    try:
        codec, always_bom = _CODECS[fmt.encoding]
    except KeyError:
        known = ", ".join(_CODECS)
        raise UsageError(
            _("{encoding!r} is not an encoding wsnb writes; use one of {known}.").format(
                encoding=fmt.encoding, known=known)
        ) from None
    if fmt.newline not in _NEWLINES:
        raise UsageError(_("{newline!r} is not a line ending; use '\\n', '\\r\\n' or "
                           "'\\r'.").format(newline=fmt.newline))
    body = text if fmt.newline == "\n" else _BARE_LF.sub(fmt.newline, text)
    if fmt.bom or always_bom:
        body = "\ufeff" + body
    try:
        return body.encode(codec)
    except UnicodeEncodeError as exc:
        raise _unencodable(text, body[exc.start], fmt.encoding) from None


def _unencodable(text: str, char: str, encoding: str) -> UnsupportedFileError:
    # Newline conversion only touches CR and LF, which every encoding holds, so the
    # first failing character of the converted text is the first one in ``text``.
    position = text.index(char)
    head = text[:position]
    line = head.count("\n") + head.count("\r") - head.count("\r\n") + 1
    if 0xD800 <= ord(char) <= 0xDFFF:
        reason = _(
            "The text has a broken character (a lone surrogate, U+{code:04X}) on line {line}, "
            "which no encoding can store; remove it."
        ).format(code=ord(char), line=line)
    else:
        reason = _(
            "The character {char!r} (U+{code:04X}) on line {line} can't be stored in "
            "{encoding}; remove it, or save the file as UTF-8 instead."
        ).format(char=char, code=ord(char), line=line, encoding=encoding.upper())
    return UnsupportedFileError(
        reason,
        char=char,
        line=line,
        encoding=encoding,
    )


def stays_gbk(old: bytes, fmt: TextFormat) -> TextFormat:
    """The format to write an edited file in: GBK when the old bytes were plain GBK.

    GB18030 stores what GBK can't (emoji, rare CJK) as four-byte sequences
    that GBK-only tools garble, so a file that was GBK is kept GBK and such
    a character is refused by ``encode_text``; a file that already used
    GB18030 beyond GBK keeps ``"gb18030"``.
    """
    if fmt.encoding != "gb18030" or fmt.bom:
        return fmt
    try:
        old.decode("gbk")
    except UnicodeDecodeError:
        return fmt
    return TextFormat("gbk", fmt.newline, fmt.bom)


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------


def read_text(path: WsPath, *, limit: int = MAX_READ_BYTES) -> TextContent:
    """Read at most ``limit`` bytes of ``path`` and decode them.

    Raises ``NotFoundError``, ``UnsupportedFileError`` for folders, binary
    files and unknown encodings (the message names the file), ``PolicyError``
    when the file became a symlink after the policy checked it.
    """
    if limit < 0:
        raise UsageError(_("The read limit must be 0 or more bytes, not {limit}.").format(
            limit=limit))
    fd, size = _open_regular(path)
    try:
        raw = _read_fd(fd, limit + 1, size)
    finally:
        os.close(fd)
    truncated = len(raw) > limit
    return _decoded(path, raw[:limit] if truncated else raw, truncated, size)


def read_text_tail(path: WsPath, *, limit: int = MAX_READ_BYTES) -> TextContent:
    """The end of ``path``, decoded: the whole file when it holds at most ``limit`` bytes,
    else its last ``limit`` bytes from the first line that starts in them (``truncated``:
    the file's start was left out). How a log's last lines are read without its head.

    A UTF-16 file (its byte order is in its first bytes) is read from the start instead.
    """
    fd, size = _open_regular(path)
    try:
        whole = size <= limit or os.pread(fd, 2, 0) in _UTF16_BOMS
        raw = _read_fd(fd, limit + 1, size) if whole else os.pread(fd, limit, size - limit)
    finally:
        os.close(fd)
    if whole:
        return _decoded(path, raw[:limit], len(raw) > limit, size)
    start = raw.find(b"\n") + 1  # a line cut at the front is left out whole
    return _decoded(path, raw[start:], True, size)


def count_lines(path: WsPath, *, block: int = 1 << 20) -> int | None:
    """How many lines ``path`` has, counted by its LF bytes without decoding it (a big log's
    line numbers); None for a UTF-16 file, whose LF bytes are not its line ends."""
    fd, _size = _open_regular(path)
    try:
        if os.pread(fd, 2, 0) in _UTF16_BOMS:
            return None
        count, last = 0, b""
        while data := os.read(fd, block):
            count += data.count(b"\n")
            last = data[-1:]
    finally:
        os.close(fd)
    return count + (1 if last not in (b"", b"\n") else 0)


def _decoded(path: WsPath, data: bytes, truncated: bool, size: int) -> TextContent:
    try:
        text, fmt = decode_bytes(data, truncated=truncated)
    except UnsupportedFileError as exc:
        make = _binary if getattr(exc, "kind", "") == "binary" else _undecodable
        raise make(str(path)) from None
    return TextContent(text, fmt, truncated, max(size, len(data)), len(data))


def read_bytes(path: WsPath, *, limit: int | None = None) -> bytes:
    """The raw bytes of ``path`` (the first ``limit`` bytes when given)."""
    if limit is not None and limit < 0:
        raise UsageError(_("The read limit must be 0 or more bytes, not {limit}.").format(
            limit=limit))
    fd, size = _open_regular(path)
    try:
        return _read_fd(fd, size + 1 if limit is None else limit, size)
    finally:
        os.close(fd)


def open_binary(path: WsPath) -> tuple[BinaryIO, int]:
    """``path`` opened for reading bytes, and its size; close it (a ``with`` block) when done.

    For readers that stream a file (``wsnb.disk.tables`` hands it to pandas):
    the same open as ``read_text``, so a symlink at the end is never followed
    and only a regular file is opened.
    """
    fd, size = _open_regular(path)
    try:
        return os.fdopen(fd, "rb"), size
    except BaseException:
        os.close(fd)
        raise


def _open_regular(path: WsPath) -> tuple[int, int]:
    """Open a regular file without following a symlink at the end: (descriptor, size).

    ``O_NONBLOCK`` keeps a FIFO swapped in after the policy check from hanging
    the open; the ``fstat`` then refuses anything that is not a regular file,
    for which non-blocking mode changes nothing. Text search opens a thousand
    files per query, so the usual case is one ``S_ISREG`` test.
    """
    try:
        fd = os.open(path.os_path, _READ_FLAGS)
    except OSError as exc:
        raise _read_error(path, exc) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _not_regular(path, info.st_mode)
    except BaseException:
        os.close(fd)
        raise
    return fd, info.st_size


def _not_regular(path: WsPath, mode: int) -> UnsupportedFileError:
    if stat.S_ISDIR(mode):
        return _is_folder(path)
    return UnsupportedFileError(
        _("{path} is a special file (FIFO, socket or device); only regular files can be "
          "read.").format(path=path),
        path=str(path),
    )


def _is_folder(path: WsPath) -> UnsupportedFileError:
    return UnsupportedFileError(
        advice.IS_FOLDER(path=path),
        path=str(path),
    )


def _read_fd(fd: int, limit: int, size: int) -> bytes:
    """Up to ``limit`` bytes of a file ``fstat`` said has ``size``; one ``os.read`` as a rule.

    Asking for ``size + 1`` bytes (not ``limit``) keeps a small file from
    allocating a buffer as big as the limit, and the extra byte tells a file
    that grew since the ``fstat``: only then, or after a short read, does the
    loop read on, to the end of the file or the limit.
    """
    data = os.read(fd, min(limit, size + 1))
    if len(data) in (size, limit) or not data:
        return data
    parts = [data]
    missing = limit - len(data)
    while missing > 0:
        more = os.read(fd, missing)
        if not more:
            break
        parts.append(more)
        missing -= len(more)
    return b"".join(parts)


def _read_error(path: WsPath, exc: OSError) -> WsnbError:
    if isinstance(exc, FileNotFoundError):
        return NotFoundError(
            advice.NOT_FOUND(path=path), path=str(path)
        )
    if isinstance(exc, IsADirectoryError):
        return _is_folder(path)
    if exc.errno == errno.ELOOP:
        return PolicyError(
            _("{path} is a symbolic link; wsnb never follows links, read its target "
              "instead.").format(path=path),
            path=str(path),
            rule=Rule.SYMLINK,
        )
    return WsnbError(
        _("{path} could not be read ({problem}); check that you may read it.").format(
            path=path, problem=exc.strerror or exc),
        path=str(path),
    )


# ---------------------------------------------------------------------------
# Diffs
# ---------------------------------------------------------------------------


def unified_diff(old: str, new: str, path: str, *, context: int = 3) -> str:
    """A ``git diff``-style patch from ``old`` to ``new``, headed ``a/<path>`` and ``b/<path>``.

    Lines split only at CR, LF and CRLF; a last line without a line ending
    is marked the way git marks it. Equal texts give ``""``.
    """
    if context < 0:
        raise UsageError(_("The diff context must be 0 or more lines, not {context}.").format(
            context=context))
    lines = difflib.unified_diff(
        _LINE.findall(old), _LINE.findall(new), f"a/{path}", f"b/{path}", n=context
    )
    return "".join(_terminated(line) for line in lines)


def _terminated(line: str) -> str:
    if line.endswith(("\n", "\r")):
        return line
    return f"{line}\n\\ No newline at end of file\n"
