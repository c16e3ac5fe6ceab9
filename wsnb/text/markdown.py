"""What a Markdown note says about itself, and the chunks it is searched by.

:func:`note_meta` reads the YAML frontmatter (``title``, ``tags`` as a list or
a comma string, ``aliases``), the headings and the inline tags (``#标签``,
nested ``#area/topic``), and picks the title: the frontmatter's, else the
first level-1 heading outside code fences, else the file name.

Headings are ATX (``# Title``) or setext (a paragraph line underlined with
``===`` for level 1 or ``---`` for level 2), never inside a code fence.

:func:`chunk_markdown` cuts the body into chunks by heading. A heading with no
text of its own before its first subheading (``# Thesis`` then ``## Decision``)
is joined to that subsection, so its chunk carries the text under it and not
the heading alone. A section that is
too long is split at paragraph boundaries, then at sentence ends (``. ! ?``
and ``。！？``), with a small overlap so a sentence cut at a chunk boundary is
still found whole; a fenced code block is never split. Every chunk keeps its
heading path (``Setup > Install``) and its 1-based first and last line in the
file, so a hit can be opened at the right place.

Too long is ``size`` characters, and also, when ``tokens`` is given, more than
``tokens`` tokens by :func:`estimated_tokens`: an embedding model reads at most
512 tokens at a time, and 1,200 characters of Chinese are twice that (a Han
character is about one token, an English word one or two). The note index cuts
by characters alone: cutting at 448 tokens as well (issue 42) made every chunk
one window of multilingual-e5, but it did not embed faster (the embedded model's
cost is per token, and the smaller chunks repeat their titles and overlaps: 1.01x
the time on a 10,000-chunk folder, 1.24x on the long chunks themselves) and it
ranked a little worse on the dev sets (hybrid nDCG@5 -0.003, -0.018 and -0.010).
``bench/bench_notes.py`` measures both ways.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import yaml

__all__ = [
    "Chunk",
    "NoteMeta",
    "chunk_markdown",
    "estimated_tokens",
    "note_meta",
    "split_frontmatter",
]

HEADING_SEPARATOR = " > "
SUMMARY_CHARS = 200

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
# A line that can't be the text of a setext heading: a list item, a quote, a table row.
_NOT_SETEXT_TEXT = re.compile(r"^ {0,3}(?:[-*+>|]|\d+[.)])(?:\s|$)|^ {4}|^\t")
_CLOSING_HASHES = re.compile(r"(?:^|[ \t]+)#+$")
# A tag starts after a space or a line start, is not all digits (an issue number),
# and runs over letters, digits, CJK, "_", "-" and "/" (nested tags).
_TAG = re.compile(r"(?<![^\s(（\[【])#((?:[^\W]|[-/])+)")
_INLINE_CODE = re.compile(r"`+[^`]*`+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])")
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
# A CJK character, a run of letters, a run of digits, or any other character but a space.
_TOKEN_PIECES = re.compile(rf"([{_CJK}])|([^\W\d_{_CJK}]+|\d+)|\S")
_LETTERS_A_TOKEN = 4
_FRONTMATTER_END = {"---", "..."}
_SAFE_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class NoteMeta:
    """The metadata of one note (lists are in first-seen order, without repeats)."""

    title: str
    aliases: list[str]
    tags: list[str]
    headings: list[str]
    summary: str


@dataclass(frozen=True)
class Chunk:
    """A piece of a note: its heading path, text and 1-based line span in the file."""

    heading: str
    text: str
    start_line: int
    end_line: int


def split_frontmatter(text: str) -> tuple[dict[str, Any], list[str], int]:
    """(frontmatter mapping, body lines, number of lines the frontmatter took).

    A frontmatter is a YAML mapping between a first line ``---`` and a line
    ``---`` or ``...``. YAML that does not parse, or is not a mapping, gives
    an empty mapping; its lines are still not part of the body.
    """
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        return {}, lines, 0
    for number in range(1, len(lines)):
        if lines[number].strip() in _FRONTMATTER_END:
            return _load_yaml("\n".join(lines[1:number])), lines[number + 1 :], number + 1
    return {}, lines, 0


def _load_yaml(source: str) -> dict[str, Any]:
    try:
        loaded = yaml.load(source, Loader=_SAFE_LOADER)  # the safe loader, in C where built
    except yaml.YAMLError:
        return {}
    return loaded if isinstance(loaded, dict) else {}


def note_meta(text: str, file_name: str) -> NoteMeta:
    """The metadata of the note ``text``, whose file is called ``file_name``."""
    front, body, _ = split_frontmatter(text)
    headings: list[tuple[int, str]] = []
    inline_tags: list[str] = []
    summary = ""
    for line, fenced, heading, underline in _marked(body):
        if fenced or underline:
            continue
        if heading is not None:
            headings.append(heading)
            continue
        inline_tags.extend(_inline_tags(line))
        if not summary and line.strip():
            summary = _summary(line)
    title = _text(front.get("title")) or next(
        (text for level, text in headings if level == 1 and text), ""
    )
    return NoteMeta(
        title=title or _stem(file_name),
        aliases=_unique(_as_list(front.get("aliases", front.get("alias")))),
        tags=_unique([*_as_list(front.get("tags", front.get("tag"))), *inline_tags]),
        headings=_unique([text for _, text in headings if text]),
        summary=summary,
    )


def _outside_fences(lines: list[str]) -> Iterator[tuple[str, bool]]:
    """Each line with whether it belongs to a fenced code block (fence lines included)."""
    fence: str | None = None
    for line in lines:
        opening = _FENCE.match(line)
        if fence is None:
            if opening:
                fence = opening.group(1)
                yield line, True
                continue
            yield line, False
            continue
        yield line, True
        closing = _FENCE.match(line)
        if (
            closing
            and closing.group(1)[0] == fence[0]
            and len(closing.group(1)) >= len(fence)
            and not line.strip()[len(closing.group(1)) :].strip()
        ):
            fence = None


def _marked(lines: list[str]) -> list[tuple[str, bool, tuple[int, str] | None, bool]]:
    """Each line with: whether it is fenced, the heading it starts, whether it underlines one.

    A setext underline (``===`` or ``---``) makes the paragraph line above it
    a heading when that line is not blank, not a heading, not fenced, and
    not a list item, a quote or a table row (then ``---`` is a rule).
    """
    marked: list[tuple[str, bool, tuple[int, str] | None, bool]] = []
    for line, fenced in _outside_fences(lines):
        heading = None if fenced else _heading(line)
        underline = False
        if not fenced and heading is None and marked:
            above, above_fenced, above_heading, above_underline = marked[-1]
            setext = _SETEXT.match(line)
            if (setext and above.strip() and not above_fenced and above_heading is None
                    and not above_underline and not _NOT_SETEXT_TEXT.match(above)):  # fmt: skip
                level = 1 if setext.group(1)[0] == "=" else 2
                marked[-1] = (above, False, (level, above.strip()), False)
                underline = True
        marked.append((line, fenced, heading, underline))
    return marked


def _heading(line: str) -> tuple[int, str] | None:
    match = _HEADING.match(line)
    if match is None:
        return None
    text = _CLOSING_HASHES.sub("", match.group(2) or "").strip()
    return len(match.group(1)), text


def _inline_tags(line: str) -> list[str]:
    tags = []
    for match in _TAG.finditer(_INLINE_CODE.sub(" ", line)):
        tag = match.group(1).strip("/-")
        if tag and not tag.replace("/", "").isdigit():
            tags.append(tag)
    return tags


def _summary(line: str) -> str:
    text = " ".join(line.strip().lstrip(">-*+ ").split())
    return text if len(text) <= SUMMARY_CHARS else text[: SUMMARY_CHARS - 1] + "…"


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else "" if value is None else str(value).strip()


def _as_list(value: Any) -> list[str]:
    """A frontmatter list, or a comma-separated string, as clean strings (``#`` dropped)."""
    if value is None:
        return []
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list | tuple):
        items = [items]
    cleaned = (_text(item).lstrip("#").strip() for item in items if item is not None)
    return [item for item in cleaned if item]


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _stem(file_name: str) -> str:
    base = file_name.rsplit("/", 1)[-1]
    return base.rsplit(".", 1)[0] if "." in base[1:] else base


# ---------------------------------------------------------------------------
# Chunking
# ---------------------------------------------------------------------------


@dataclass
class _Unit:
    """A piece a chunk is packed from: a paragraph, a sentence, a code block."""

    text: str
    start: int
    end: int
    paragraph: int
    cost: int = 0  # its tokens, when chunks are limited in tokens


@dataclass
class _Section:
    heading: str
    start: int
    lines: list[tuple[int, str, bool]]
    level: int = 0  # of its heading; 0 before the first heading
    heading_lines: int = 0  # 1 for an ATX heading, 2 for a setext one

    def heading_only(self) -> bool:
        """Whether the section has a heading and no text of its own."""
        return self.level > 0 and not any(
            line.strip() for _, line, _ in self.lines[self.heading_lines:])


def estimated_tokens(text: str) -> int:
    """About how many tokens a multilingual model's tokenizer makes of ``text``, rather more
    than fewer: a CJK character is one, a run of letters or digits one for every four begun,
    any other character but a space one.

    Measured against multilingual-e5's tokenizer (XLM-R's) on 5,650 chunks of English and
    Chinese notes and documentation: the real count is 0.87 of this at the median, and over
    300 tokens at most 1.07 of it for 99 % of chunks (1.15 at worst: long hexadecimal
    strings). It needs no model, so the chunks are the same with meaning on or off.
    """
    count = 0
    for match in _TOKEN_PIECES.finditer(text):
        run = match.group(2)
        count += 1 + (len(run) - 1) // _LETTERS_A_TOKEN if run else 1
    return count


@dataclass(frozen=True)
class _Limit:
    """How long a chunk may be: ``size`` characters and, when given, ``tokens`` tokens."""

    size: int
    tokens: int | None = None

    def cost(self, text: str) -> int:
        return estimated_tokens(text) if self.tokens is not None else 0

    def fits(self, text: str) -> bool:
        return len(text) <= self.size and (self.tokens is None or self.cost(text) <= self.tokens)


def chunk_markdown(text: str, size: int = 1200, overlap: int = 150,
                   tokens: int | None = None) -> list[Chunk]:  # fmt: skip
    """The chunks of a note, in order (see the module docstring): each at most ``size``
    characters and, when ``tokens`` is given, about ``tokens`` tokens, unless a code block
    alone is longer."""
    if size < 1 or overlap < 0 or overlap >= size or (tokens is not None and tokens < 8):
        raise ValueError("The chunk size must be positive and the overlap smaller than it.")
    _, body, offset = split_frontmatter(text)
    limit = _Limit(size, tokens)
    chunks: list[Chunk] = []
    for section in _joined(_sections(body, offset)):
        chunks.extend(_chunk_section(section, limit, overlap))
    return chunks


def _sections(body: list[str], offset: int) -> Iterator[_Section]:
    path: list[tuple[int, str]] = []
    current = _Section("", offset + 1, [])
    for index, (line, fenced, heading, underline) in enumerate(_marked(body)):
        number = offset + index + 1
        if heading is not None:
            if current.lines:
                yield current
            level, title = heading
            path = [(lvl, txt) for lvl, txt in path if lvl < level] + [(level, title)]
            current = _Section(HEADING_SEPARATOR.join(t for _, t in path if t), number, [],
                               level, 1)  # fmt: skip
        elif underline:
            current.heading_lines = 2
        current.lines.append((number, line, fenced))
    if current.lines:
        yield current


def _joined(sections: Iterator[_Section]) -> Iterator[_Section]:
    """The sections, each heading with no text of its own joined to its first subsection."""
    waiting: _Section | None = None
    for section in sections:
        if waiting is not None and section.level > waiting.level:
            section = _Section(section.heading, waiting.start, waiting.lines + section.lines,
                               section.level, len(waiting.lines) + section.heading_lines)
        elif waiting is not None:
            yield waiting
        waiting = None
        if section.heading_only():
            waiting = section
            continue
        yield section
    if waiting is not None:
        yield waiting


def _chunk_section(section: _Section, limit: _Limit, overlap: int) -> Iterator[Chunk]:
    lines = section.lines
    while lines and not lines[-1][1].strip():
        lines = lines[:-1]
    if not lines or not any(line.strip() for _, line, _ in lines):
        return
    whole = "\n".join(line for _, line, _ in lines)
    if limit.fits(whole):
        yield Chunk(section.heading, whole, lines[0][0], lines[-1][0])
        return
    units = [piece for unit in _paragraphs(lines) for piece in _fit(unit, limit)]
    for piece in units:
        piece.cost = limit.cost(piece.text)
    for group in _pack(units, limit, overlap):
        yield Chunk(section.heading, _join(group), group[0].start, group[-1].end)


def _paragraphs(lines: list[tuple[int, str, bool]]) -> Iterator[_Unit]:
    """Paragraphs (blank-line separated) and whole fenced blocks, with their lines."""
    block: list[tuple[int, str]] = []
    in_fence = False
    paragraph = 0
    for number, line, fenced in lines:
        boundary = (not line.strip() and not fenced) or fenced != in_fence
        if boundary and block:
            yield _unit(block, paragraph)
            paragraph += 1
            block = []
        in_fence = fenced
        if line.strip() or fenced:
            block.append((number, line))
    if block:
        yield _unit(block, paragraph)


def _unit(block: list[tuple[int, str]], paragraph: int) -> _Unit:
    return _Unit("\n".join(line for _, line in block), block[0][0], block[-1][0], paragraph)


def _fit(unit: _Unit, limit: _Limit) -> Iterator[_Unit]:
    """A unit within ``limit``: split at sentence ends, then by length.

    A fenced code block is kept whole even when it is longer: splitting it
    would cut code in two.
    """
    if limit.fits(unit.text) or _FENCE.match(unit.text):
        yield unit
        return
    line = unit.start
    for sentence in _sentences(unit.text):
        start = line
        end = start + sentence.rstrip().count("\n")
        line += sentence.count("\n")
        for piece in _slices(sentence, limit):
            yield _Unit(piece, start, end, unit.paragraph)


def _slices(text: str, limit: _Limit) -> Iterator[str]:
    """``text`` in pieces within ``limit``, as long as they may be (cut anywhere)."""
    begin = 0
    while begin < len(text):
        step = min(limit.size, len(text) - begin)
        while step > 1 and not limit.fits(text[begin : begin + step]):
            step = max(1, step * 3 // 4)
        yield text[begin : begin + step]
        begin += step


def _sentences(text: str) -> list[str]:
    """``text`` cut after each sentence end; the pieces concatenate back to ``text``."""
    pieces: list[str] = []
    begin = 0
    for match in _SENTENCE_END.finditer(text):
        if match.end() > begin:
            pieces.append(text[begin : match.end()])
            begin = match.end()
    if begin < len(text):
        pieces.append(text[begin:])
    return pieces


def _pack(units: list[_Unit], limit: _Limit, overlap: int) -> Iterator[list[_Unit]]:
    """Greedy groups within ``limit``; each starts with the last units of the previous
    group that fit in ``overlap`` characters (and a quarter of the tokens)."""
    group: list[_Unit] = []
    length = cost = 0
    fresh = 0  # units in the group that no earlier group holds
    tokens = limit.tokens if limit.tokens is not None else 0
    for unit in units:
        over = length + len(unit.text) > limit.size or cost + unit.cost > tokens > 0
        if group and fresh and over:
            yield group
            group = _tail(group, overlap, tokens // 4)
            length = sum(len(item.text) for item in group)
            cost = sum(item.cost for item in group)
            fresh = 0
            while group and (length + len(unit.text) > limit.size
                             or cost + unit.cost > tokens > 0):  # fmt: skip
                length -= len(group[0].text)
                cost -= group.pop(0).cost
        group.append(unit)
        length += len(unit.text)
        cost += unit.cost
        fresh += 1
    if fresh:
        yield group


def _tail(group: list[_Unit], overlap: int, overlap_tokens: int) -> list[_Unit]:
    tail: list[_Unit] = []
    length = cost = 0
    for unit in reversed(group):
        length += len(unit.text)
        cost += unit.cost
        if length > overlap or cost > overlap_tokens > 0:
            break
        tail.insert(0, unit)
    return tail


def _join(group: list[_Unit]) -> str:
    text = group[0].text
    for previous, unit in itertools.pairwise(group):
        if unit.paragraph == previous.paragraph:
            text += unit.text
        else:
            text += "\n\n" + unit.text
    return text
