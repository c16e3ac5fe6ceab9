"""Find English sentences in text a Chinese reader sees, leaving file names and code alone.

The text is cut into stretches wherever a line, a table cell or a non-ASCII character (a
Chinese character, full-width punctuation, an icon) begins, so "``src`` 里有 3 项" holds no
English at all. Inside a stretch, a token counts as an English word when it is a plain word:
letters only, lower case, capitalised or upper case (``Created``, ``can't``, ``RISK``).
Paths, file names and identifiers (``README.md``, ``src/main.cpp``, ``is_dir``,
``confirm()``, ``max_bytes=10``), numbers, plan and journal ids (``ffabee``), the acronyms in
``ACRONYMS`` (``UTF``, ``LF``, ``README``) and the proper names in ``NAMES`` are not words. A
stretch with two English words or more is an English sentence (or a phrase of one, like a
two-word label): that is what the detector reports.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["ACRONYMS", "NAMES", "english_sentences", "english_words"]

# Names a Chinese sentence keeps as they are: the project, languages, tools and systems.
NAMES = frozenset({
    "wsnb", "Python", "JavaScript", "TypeScript", "Markdown", "Jupyter", "JupyterLab", "Notebook",
    "Chromium", "Windows", "Linux", "macOS", "Ollama", "OpenAI", "Rust", "Java", "Kotlin", "Go",
    "Ruby", "Swift", "Lua", "Dart", "Vue", "Shell", "Make", "Dockerfile", "CMake", "Qt",
})  # fmt: skip

# Upper-case names a Chinese sentence keeps: encodings, line endings, formats, file names.
ACRONYMS = frozenset({
    "README", "LICENSE", "CHANGELOG", "TODO", "UTF", "GBK", "GB", "BOM", "LF", "CR", "CRLF",
    "ASCII", "PDF", "JSON", "YAML", "TOML", "CSV", "HTML", "CSS", "URL", "API", "LLM", "CJK",
    "ID", "OK", "PATH", "DISPLAY", "FIFO", "KiB", "MiB", "GiB", "B", "C",
})  # fmt: skip

_WORD = re.compile(r"[A-Z]?[a-z]+(?:'[a-z]+)?|[A-Z]{2,}")
# Marks of code in a token: a path, an assignment, a call ``name(``, an identifier ``a_b``.
_CODE = re.compile(r"[/=\\@#$%^&|~+_]|\w\(")
# A plan id (6 hex digits) or a journal entry id (10): ``plan ffabee`` is a label and an id.
_ID = re.compile(r"[0-9a-f]{6}|[0-9a-f]{10}")
_EDGES = "\"'`“”‘’()[]{}<>,.;:!?…*_-"
# A stretch ends at a line, a cell (tab) or any character outside ASCII.
_STRETCH = re.compile(r"[^\n\t\u0080-\U0010ffff]+")


def english_words(stretch: str) -> list[str]:
    """The plain English words of one ASCII stretch (see the module docstring)."""
    words = []
    for token in stretch.split():
        bare = token.strip(_EDGES)
        if (_WORD.fullmatch(bare) and bare not in NAMES and bare not in ACRONYMS
                and not _CODE.search(token) and not _ID.fullmatch(bare)):  # fmt: skip
            words.append(bare)
    return words


def english_sentences(texts: Iterable[str], *, least: int = 2) -> list[str]:
    """Every stretch of ``texts`` holding at least ``least`` English words, trimmed."""
    found = []
    for text in texts:
        for match in _STRETCH.finditer(text):
            stretch = match.group().strip()
            if len(english_words(stretch)) >= least:
                found.append(stretch)
    return found
