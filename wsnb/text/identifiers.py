"""A name in a text as the file's language sees it: ``word_count``, never ``word_counts``.

A rename across files changes a name where it stands whole, and nowhere inside a longer one.
Where a name ends depends on the language of the file:

* **code** (the default): letters, digits and ``_`` of any script make names, as Python, C,
  Java, Go or Rust read them (``word_count函数`` is one name in Python);
* **JavaScript and its kin** add ``$`` (``$word_count`` is another name);
* **CSS, HTML, XML and the Lisps** add ``-`` (``word-count-total`` is one class name);
* **Ruby** ends a method name with ``?`` or ``!`` (``empty?`` is not ``empty``);
* **prose** (Markdown, reStructuredText, plain text) is words: a name ends at anything but a
  Latin letter, a digit or ``_``, so ``word_count函数`` in a Chinese sentence holds the name.
  Markdown may escape its underscores (``word\\_count``); that is the name too, and the new
  name is escaped the same way.

A ``-`` or ``$`` inside the name itself counts as a name character in every file (a CSS class
``btn-primary`` renamed in a JavaScript string stops at ``btn-primary-lg``). Matching is exact,
case included: identifiers are case-sensitive in nearly every language.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["NameSpan", "find_name", "language_of", "rename_in_text", "renamed_windows"]

_JS = frozenset({".js", ".mjs", ".cjs", ".jsx", ".ts", ".tsx", ".mts", ".cts", ".vue",
                 ".svelte", ".coffee"})  # fmt: skip
_DASHED = frozenset({".css", ".scss", ".sass", ".less", ".styl", ".html", ".htm", ".xhtml",
                     ".xml", ".svg", ".xsl", ".lisp", ".lsp", ".cl", ".el", ".clj", ".cljs",
                     ".cljc", ".edn", ".scm", ".ss", ".rkt", ".hy", ".fnl"})  # fmt: skip
_RUBY = frozenset({".rb", ".rake", ".gemspec", ".ru", ".erb", ".rbw"})
_MARKDOWN = frozenset({".md", ".markdown", ".mdx", ".mkd"})
_PROSE = _MARKDOWN | frozenset({".rst", ".txt", ".text", ".adoc", ".asciidoc", ".org",
                                ".tex", ".rtf"})  # fmt: skip
_RUBY_NAMES = frozenset({"Rakefile", "Gemfile", "Guardfile", "Vagrantfile"})


def language_of(path: str) -> str:
    """How ``path``'s language draws a name's edges: code, js, dashed, ruby, markdown, prose."""
    name = posixpath.basename(path)
    suffix = posixpath.splitext(name)[1].lower()
    if suffix in _JS:
        return "js"
    if suffix in _DASHED:
        return "dashed"
    if suffix in _RUBY or name in _RUBY_NAMES:
        return "ruby"
    if suffix in _MARKDOWN:
        return "markdown"
    if suffix in _PROSE:
        return "prose"
    return "code"


@dataclass(frozen=True)
class NameSpan:
    """Where the name stands whole in a text: ``text[start:end]``, as written there."""

    start: int
    end: int
    written: str  # the name as it stands ("word\\_count" in Markdown prose)


def _name_chars(language: str, name: str) -> str:
    """A regex class body of the characters that continue a name in ``language``."""
    extra = "".join(sorted({"-", "$"} & set(name)))
    if language in ("prose", "markdown"):
        edge_ascii = name[:1].isascii() and name[-1:].isascii()
        base = "A-Za-z0-9_" if edge_ascii else r"\w"
    else:
        base = r"\w" + {"js": "$", "dashed": "-"}.get(language, "")
    return base + "".join(re.escape(char) for char in extra if char not in base)


@lru_cache(maxsize=256)
def _pattern(name: str, language: str) -> re.Pattern[str]:
    chars = _name_chars(language, name)
    body = re.escape(name)
    if language == "markdown":  # word\_count is how Markdown writes word_count
        body = body.replace("_", r"(?:\\)?_")
    after = rf"(?![{chars}])"
    if language == "ruby":
        after += r"(?![?!](?!=))"  # empty? and save! are other methods; != is an operator
    if language == "markdown":
        after += r"(?!\\_)"  # total\_x is Markdown for total_x, a longer name
    before = rf"(?<![{chars}])"
    if language == "markdown":
        before += r"(?<!\\)"
    return re.compile(before + body + after)


def find_name(text: str, name: str, language: str = "code") -> list[NameSpan]:
    """Every place ``name`` stands whole in ``text``, read as ``language`` reads it."""
    if not name or name not in text.replace("\\_", "_"):
        return []
    found = _pattern(name, language).finditer(text)
    return [NameSpan(match.start(), match.end(), match.group()) for match in found]


def _written(span: NameSpan, new: str) -> str:
    """``new`` as the place wrote the old name: escaped underscores stay escaped."""
    return new.replace("_", "\\_") if "\\_" in span.written else new


def rename_in_text(text: str, spans: Sequence[NameSpan], new: str) -> str:
    """``text`` with every span replaced by ``new``."""
    out, at = [], 0
    for span in spans:
        out += [text[at:span.start], _written(span, new)]
        at = span.end
    return "".join([*out, text[at:]])


def renamed_windows(text: str, spans: Sequence[NameSpan], new: str) -> list[tuple[str, str]]:
    """Exact-text edits (old window, new window) that rename ``spans`` to ``new``, in order.

    Each window is the whole lines around one or more places, widened a line at a time until
    it occurs in the text as the edits before it left it there and nowhere else (overlaps
    counted), so that an exact-text edit finds it once, at its place
    (``wsnb.text.edits.apply_edits``). A file whose windows can't be made so
    (the same lines repeated to its ends) is one edit of the whole text.
    """
    starts = [0] + [at + 1 for at, char in enumerate(text) if char == "\n"]
    edits: list[tuple[str, str]] = []
    current, shift, floor, index = text, 0, 0, 0
    while index < len(spans):
        low, high = _line_of(starts, spans[index].start), _line_of(starts, spans[index].end) + 1
        while True:
            begin, end = starts[low], _line_end(text, starts, high)
            window = text[begin:end]
            if _only_at(current, window, begin + shift):
                break
            if low == floor and end == len(text):
                return [(text, rename_in_text(text, spans, new))]
            low, high = max(floor, low - 1), min(len(starts), high + 1)
        inside = [span for span in spans[index:] if span.start < end]
        local = [NameSpan(s.start - begin, s.end - begin, s.written) for s in inside]
        replaced = rename_in_text(window, local, new)
        edits.append((window, replaced))
        current = current[:begin + shift] + replaced + current[end + shift:]
        shift += len(replaced) - len(window)
        floor, index = high, index + len(inside)
    return edits


def _only_at(text: str, part: str, at: int) -> bool:
    """Whether ``part`` occurs in ``text`` at ``at`` and nowhere else, overlaps counted: then an
    exact-text edit (one occurrence, replaced) changes this place and no other."""
    return text.find(part) == at and text.find(part, at + 1) == -1


def _line_of(starts: list[int], offset: int) -> int:
    """The 0-based line holding ``offset`` (an end offset belongs to the line it ends)."""
    low, high = 0, len(starts) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if starts[middle] <= offset:
            low = middle
        else:
            high = middle - 1
    return low


def _line_end(text: str, starts: list[int], line: int) -> int:
    """Where line ``line - 1`` ends, its newline left out (``len(text)`` past the last)."""
    return starts[line] - 1 if line < len(starts) else len(text)
