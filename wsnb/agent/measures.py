"""A count about one file: its lines, words, size, a notebook's cells, a data file's rows.

"how many lines does it have" after a file was shown, "word count?", "how big is that in
bytes", 这个文件有几行, 文件多大, "how many lines does app/main.py have", "how many cells does
01_sales have", "how many code cells", 几条记录, "how many rows": the measure's words are
``CUES`` of ``wsnb.agent.vocab``; the file is the one named, else "it", the file the
conversation is about. A question over many files ("python files over 1 KB", "how many
files in src") is no count of one file and is left to the index's answers.
"""

from __future__ import annotations

import re

from .commands import Command
from .request import Reading, reference_words
from .vocab import CUES
from .words import contains

__all__ = ["read_measure"]

_MEASURES = (("lines", CUES["MEASURE_LINES"]), ("words", CUES["MEASURE_WORDS"]),
             ("bytes", CUES["MEASURE_BYTES"]), ("cells", CUES["MEASURE_CELLS"]),
             ("code_cells", CUES["MEASURE_CODE_CELLS"]),
             ("markdown_cells", CUES["MEASURE_MARKDOWN_CELLS"]),
             ("rows", CUES["MEASURE_ROWS"]))  # fmt: skip
# A measure word asks for a count with one of these ("word count?", 文件多大, 有几行).
_ASKS = re.compile(r"how\s+(?:many|much|big|large|long)|\bcount\b|多少|几|多大|多长",
                   re.IGNORECASE)  # fmt: skip
# Words that make it a question about many files: left to the index's answers.
_MANY = re.compile(r"\bfiles\b|\bfolders?\b|\bdirector(?:y|ies)\b|文件夹|目录|哪些|哪个文件|"
                   r"几个文件|多少个?文件|\bwhich\b|\bin\s+(?:the\s+)?(?:project|workspace|repo)\b|"
                   r"项目|工作区|所有", re.IGNORECASE)  # fmt: skip


def _said(text: str, word: str) -> int:
    return contains(text, word) if word.isascii() else text.find(word)


def _measure(text: str) -> str:
    """The measure the text asks for, the one said first ("how long is it? lines I mean":
    lines, as "how long" says too); of two words said at one place, the longer (行数据 is
    rows, not 行)."""
    found = [(at, -len(word), measure) for measure, words in _MEASURES for word in words
             if (at := _said(text, word)) >= 0]  # fmt: skip
    return min(found)[2] if found else ""


def read_measure(r: Reading) -> Command | None:
    """A ``count`` of one file's lines, words or bytes, or None."""
    files = [m for m in r.mentions if m.known and not m.is_dir]
    if len(files) > 1 or any(m.known and m.is_dir for m in r.mentions):
        return None
    rest = r.rest
    measure = _measure(rest)
    if not measure or not _ASKS.search(rest) or _MANY.search(rest):
        return None
    target = files[0].slot if files else reference_words(rest) or "it"
    return Command("count", {"target": target, "measure": measure})
