"""Any line of a text file: a range, the first lines or the last, within an answer's bound.

An agent reads a 12,048-line log by line numbers, or its last lines, the way
the reference filesystem server's ``head`` and ``tail`` do. The file is read
up to the reach (16 MiB, a person's read limit), its lines counted, the asked
lines picked, and only then is the answer cut to the caller's bound (128 KiB
for a model), at a line's end, saying where the next read starts. A file past
the reach is read from its start by range and head. A tail reads only the
file's end (its last MiB, more when the lines asked need it:
``textio.read_text_tail``), and the lines' numbers come from counting the
file's line ends without decoding it (``textio.count_lines``): a log's last
lines cost its end, not its whole.

For a model only the lines it gets are redacted, judged with a margin of lines
around them (a private-key block cut by the range is still found whole):
redacting sixteen megabytes for a three-line answer would cost more than the
read.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import advice
from ..disk import textio
from ..errors import UsageError
from ..i18n import _
from ..policy.access import WsPath
from ..text.redact import count_markers, redact
from .base import ToolContext
from .read import readable_text_path

__all__ = ["LinesRead", "read_lines"]

_MARGIN = 200  # lines judged around the answer when redacting: a key block is far shorter
_TAIL_WINDOW = 1024 * 1024  # a tail reads the file's last MiB first, not all of it


@dataclass(frozen=True)
class LinesRead:
    """The lines of a file an answer holds, and where they lie in it.

    ``text`` has ``\\n`` line ends (``newline`` says the file's own). ``start_line`` and
    ``end_line`` are the lines returned (1-based, inclusive; 0 and 0 for none),
    ``total_lines`` the file's (None when they can't be counted), ``next_start_line``
    where to read on when the answer holds fewer lines than asked (else None).
    ``truncated``: the answer is not every line asked for.
    """

    path: str
    text: str
    encoding: str
    newline: str
    size: int
    total_lines: int | None
    start_line: int
    end_line: int
    next_start_line: int | None
    truncated: bool
    limit: int | None
    note: str
    redacted: int = 0


def read_lines(ctx: ToolContext, path: str, *, start_line: int | None = None,
               end_line: int | None = None, head: int | None = None,
               tail: int | None = None) -> LinesRead:  # fmt: skip
    """The asked lines of a text file, cut to ``ctx.limits.read_bytes`` (see the module).

    Raises ``UsageError`` for a malformed request (a bound below 1, an end before
    the start, two ways of asking at once) and what a read raises for the path.
    """
    _check(start_line, end_line, head, tail)
    target = readable_text_path(ctx, path)
    content = _read(target, ctx.limits.reach_bytes, tail)
    flat = _flat(content.text)
    count = flat.count("\n") + (1 if flat and not flat.endswith("\n") else 0)
    total: int | None = count
    before = 0  # the file's lines in front of the text read (a tail of a big file)
    if content.truncated:
        total = textio.count_lines(target) if content.format.newline != "\r" else None
        if tail is not None:
            before = (total - count) if total is not None else 0
    first, stop = _span(count, start_line, end_line, head, tail)
    lo = max(first - _MARGIN, 0)  # the lines around the answer, judged when redacting
    lines = _some_lines(flat, count, lo, min(stop + _MARGIN, count))
    picked, long_line = _within(lines, first - lo, stop - lo, ctx.limits.read_bytes)
    if ctx.for_model:
        text, found = _redacted(lines, first - lo, picked, long_line)
    else:
        text, found = "\n".join(picked), 0
    if picked and not long_line:
        text += "\n"
    start = before + first + 1 if picked else 0
    end = before + first + len(picked) if picked else 0
    more = long_line or first + len(picked) < stop
    next_line = end + 1 if more else None
    note = _note(target.relative, content, total, (start, end), first + before + 1, next_line,
                 long_line, ctx.limits.read_bytes, reached=stop == count and tail is None)
    return LinesRead(target.relative, text, content.format.encoding, content.format.newline,
                     content.size, total, start, end, next_line, more,
                     ctx.limits.read_bytes if more else None, note, found)  # fmt: skip


def _read(target: WsPath, reach: int, tail: int | None) -> textio.TextContent:
    """The text to pick lines from: the file up to ``reach``, or for a tail only its end (a
    window that grows to ``reach`` when the lines asked don't fit in it)."""
    if tail is None:
        return textio.read_text(target, limit=reach)
    window = min(reach, _TAIL_WINDOW)
    content = textio.read_text_tail(target, limit=window)
    if content.truncated and window < reach and content.text.count("\n") <= tail + _MARGIN:
        content = textio.read_text_tail(target, limit=reach)
    return content


def _check(start: int | None, end: int | None, head: int | None, tail: int | None) -> None:
    for name, value in (("start_line", start), ("end_line", end), ("head", head),
                        ("tail", tail)):  # fmt: skip
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or value < 1):  # fmt: skip
            raise UsageError(_("{param} must be a whole number of at least 1, not {asked!r}.")
                             .format(param=name, asked=value))
    if start is not None and end is not None and end < start:
        raise UsageError(_("end_line ({last}) comes before start_line ({first}); ask for a "
                           "start_line no larger than end_line.").format(last=end, first=start))
    ranged = start is not None or end is not None
    if sum((ranged, head is not None, tail is not None)) > 1:
        raise UsageError(_("Ask for one of a line range (start_line, end_line), head or tail, "
                           "not several at once."))


def _flat(text: str) -> str:
    """The text with LF line ends (CRLF and CR made LF)."""
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def _some_lines(flat: str, count: int, lo: int, hi: int) -> list[str]:
    """The lines ``lo:hi`` of ``flat`` (``count`` lines in all), without splitting more of it
    than it takes: from the front for lines near the start, from the back for those near
    the end (a log's tail costs the tail, not the file)."""
    if not flat or lo >= hi:
        return []
    body = flat[:-1] if flat.endswith("\n") else flat
    if lo >= count - hi:  # nearer the end: split from the right
        pieces = body.rsplit("\n", count - lo)
        return pieces[len(pieces) - (count - lo):][: hi - lo]
    return body.split("\n", hi)[lo:hi]


def _span(count: int, start: int | None, end: int | None, head: int | None,
          tail: int | None) -> tuple[int, int]:  # fmt: skip
    """The asked lines as indexes into the lines read: ``first`` and ``stop``."""
    if tail is not None:
        return max(count - tail, 0), count
    if head is not None:
        return 0, min(head, count)
    return (start or 1) - 1, count if end is None else min(end, count)


def _within(lines: list[str], first: int, stop: int, most: int) -> tuple[list[str], bool]:
    """The lines ``first:stop`` that fit in ``most`` UTF-8 bytes, each whole; a first line
    longer than that alone is cut to fit (and the flag says so)."""
    picked: list[str] = []
    used = 0
    for line in lines[max(first, 0):stop]:
        used += len(line.encode("utf-8")) + 1
        if used > most:
            if not picked:
                return [line.encode("utf-8")[: most - 1].decode("utf-8", "ignore")], True
            break
        picked.append(line)
    return picked, False


def _redacted(lines: list[str], first: int, picked: list[str],
              long_line: bool) -> tuple[str, int]:  # fmt: skip
    """The picked lines with their secrets redacted, judged with the lines around them."""
    lo, hi = max(first - _MARGIN, 0), min(first + len(picked) + _MARGIN, len(lines))
    window = redact("\n".join(lines[lo:hi])).text.split("\n")
    if len(window) == hi - lo and not long_line:
        clean = window[first - lo:first - lo + len(picked)]
    else:  # a line cut to fit, or a redaction that changed the line count
        clean = redact("\n".join(picked)).text.split("\n")
    text = "\n".join(clean)
    return text, sum(count_markers(text).values())


def _note(path: str, content: textio.TextContent, total: int | None, shown: tuple[int, int],
          asked: int, next_line: int | None, long_line: bool, most: int, *,
          reached: bool) -> str:  # fmt: skip
    """What the answer leaves out, in sentences the reader can act on ("" when nothing)."""
    start, end = shown
    parts: list[str] = []
    if not start and total is not None and asked > total:
        parts.append(_("{path} has {total:,} lines, so there is nothing from line {first:,} "
                       "on.").format(path=path, total=total, first=asked))
    if long_line:
        parts.append(_("line {line:,} is longer than {limit:,} bytes; only its start is "
                       "shown").format(line=end, limit=most))
    elif next_line is not None:
        parts.append(advice.LINES_CUT(first=start, last=end, next=next_line, limit=most))
    if content.truncated and reached:
        parts.append(advice.BEYOND_REACH(path=path, size=content.size, read=content.bytes_read))
    if content.truncated and total is None:
        parts.append(_("the lines of {path} can't be counted, so the line numbers count from "
                       "the part read").format(path=path))
    return _("; ").join(parts)
