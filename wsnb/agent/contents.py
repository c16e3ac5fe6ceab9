"""A question about what the files say: a setting, a function, a term ("what is the app's name
in the config?", 哪个文件设置了主题, "where is the timeout set", 端口是多少).

``read_contents`` finds the term the question is about (a Chinese term reaches English code
through ``wsnb.agent.glossary``) and ``answer_contents`` searches for it, quoting the lines
most relevant first: a definition or a ``key: value`` line before a use, a configuration file
before code, code before a test. The table holds every matching line (``ws.grep``'s rows,
ranked), and the Python line is the search itself.
"""

from __future__ import annotations

import posixpath
import re
from typing import TYPE_CHECKING

from ..i18n import _
from .actions import Session, numbered, py_string
from .commands import Command
from .filekinds import FILE_KINDS
from .glossary import GLOSSARY, english_terms
from .reply import Reply
from .request import Reading, code_like
from .vocab import OBJECTS

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["answer_contents", "read_contents"]

_CJK = re.compile(r"[\u4e00-\u9fff]")
# What makes a question one about a setting's value or where it is set.
_CUES_EN = re.compile(r"\b(?:set\s+to|is\s+set|are\s+set|get\s+set|gets\s+set|configured|"
                      r"configures?|sets|value\s+of|in\s+the\s+(?:config|settings|configuration)|"
                      r"what\s+\w+\s+does\s+(?:the\s+)?\w+\s+use|which\s+files?\s+(?:sets?|"
                      r"configures?|defines?))\b", re.IGNORECASE)  # fmt: skip
_CUES_ZH = re.compile(r"设置了|配置了|设了|配了|是多少|设置成|设成|设置的|配置的|在哪设置|在哪配置|"
                      r"在哪里设置|在哪里配置|哪里设置|哪里配置|的值|值是|设为多少|用的是|用的哪个")
# Words of the cues, never the term asked about.
_NOT_TERMS = {"设置", "配置", "定义", "设置项", "配置文件", "文件", "值", "哪个", "什么", "多少",
              "目录", "文件夹"}
_CONFIG = set(FILE_KINDS["config"]) | {".env", ".properties"}
_DEFINES = re.compile(r"^\s*(?:def|class|function|func|fn|const|let|var|export|struct|enum|"
                      r"interface|type)\b|^\s*[\"']?[\w.\-]+[\"']?\s*[:=]",
                      re.IGNORECASE)  # fmt: skip


def _glossary_term(text: str) -> str:
    """The first glossary term in ``text`` that is no word of the cue."""
    found = [(text.find(k), -len(k), k) for k in GLOSSARY if k in text and k not in _NOT_TERMS]
    found = [f for f in found if not any(k != f[2] and f[2] in k and text.find(k) <= f[0]
                                         < text.find(k) + len(k) for _a, _b, k in found)]
    return min(found)[2] if found else ""


def read_contents(r: Reading) -> Command | None:
    """A search for the term a question about contents asks, or None."""
    zh = bool(_CJK.search(r.text))
    if not (_CUES_ZH.search(r.text) if zh else _CUES_EN.search(r.text)):
        return None
    if any(m.firm and not m.is_dir for m in r.mentions if not _scope_of(r, m)) \
            or r.said(OBJECTS["project"]):
        return None  # about a named file ("what does a.py set") or the project
    term = _glossary_term(r.rest) if zh else ""
    if not term:
        words = [w.strip("'\"?？") for w in r.words if w.casefold() not in _EN_STOP]
        words = [w.removesuffix("'s") for w in words if w]
        code = [w for w in words if code_like(w, r.text)]
        term = (code or words or [""])[0]
    if not term or len(term) < 2:
        return None
    context = [m.typed for m in r.mentions if m.is_dir] + [w for w in r.words if w != term]
    scope = next((m.paths[0] for m in r.mentions if m.firm and not m.is_dir), "")
    return Command("contents", {"term": term, "context": " ".join(context), "scope": scope})


_EN_STOP = {"set", "sets", "value", "config", "configured", "configures", "settings", "use",
            "uses", "file", "files", "does", "app's", "the", "configuration", "which"}


def _scope_of(r: Reading, m: object) -> bool:
    """Whether a named file is where to look ("the port in app.yaml", "app.yaml 里的端口")."""
    start = getattr(m, "start", 0)
    end = getattr(m, "end", 0)
    before = r.text[:start].rstrip().casefold()
    return before.endswith(("in", "inside", "of", "在")) or r.text[end:].lstrip().startswith(
        ("里", "中", "的"))  # fmt: skip


def _rank(frame: pd.DataFrame, terms: tuple[str, ...], context: list[str]) -> pd.DataFrame:
    """The matching lines, most relevant first: a definition or key line, a config file, not
    a test; lines that also say the question's other words ("app" of "the app's name")."""
    def score(row: pd.Series) -> tuple[int, int, int]:
        path, text = str(row["path"]), str(row["text"])
        suffix = posixpath.splitext(path)[1].casefold()
        key = bool(_DEFINES.search(text)) and any(
            re.search(rf"(?<!\w){re.escape(t)}(?!\w)\s*[\"']?\s*[:=(]|\b(?:def|class|function|"
                      rf"const|let|var)\s+{re.escape(t)}\b", text, re.IGNORECASE)
            for t in terms)  # fmt: skip
        test = "test" in path.casefold()
        place = 2 if suffix in _CONFIG else 0 if test else 1
        said = sum(c.casefold() in (path + " " + text).casefold() for c in context)
        return (-int(key), -place, -said)

    keys = frame.apply(score, axis=1, result_type="reduce")
    order = sorted(range(len(frame)), key=lambda i: (keys.iloc[i], i))
    return frame.iloc[order]


def answer_contents(session: Session, command: Command) -> Reply:
    """The lines about a term, most relevant first, quoted with their files."""
    term = command.get("term")
    terms = tuple(dict.fromkeys((*english_terms(term), term))) if _CJK.search(term) else (term,)
    # "port" is a word, not a piece of "import": English terms are matched as words
    parts = [rf"\b{re.escape(t)}\b" if re.fullmatch(r"\w+", t) and t.isascii() else re.escape(t)
             for t in terms]  # fmt: skip
    pattern = "|".join(parts)
    frame = session.ws.grep(pattern, regex=True)
    literal = f'r"{pattern}"' if '"' not in pattern else py_string(pattern)
    line = f"ws.grep({literal}, regex=True)"
    scope = command.get("scope")
    if scope:
        frame = frame[frame["path"] == scope]
        line += f".query({py_string('path == ' + repr(scope))})"
    shown = " / ".join(terms)
    if frame.empty:
        return Reply(_("No text file says `{term}`.").format(term=shown), python=line)
    ranked = _rank(frame, terms, command.get("context").split())
    session.context.remember(list(dict.fromkeys(ranked["path"])), "text search")
    quoted = "\n".join(f"- `{p}:{n}` {_quote(t)}" for p, n, t in
                       ranked[["path", "line", "text"]].head(5).itertuples(index=False))
    lead = _("What the files say about `{term}`, most relevant first:").format(term=shown)
    return Reply(f"{lead}\n\n{quoted}", table=numbered(ranked[["path", "line", "text"]]),
                 python=line)  # fmt: skip


def _quote(text: str) -> str:
    body = text.strip().replace("`", "'")
    return f"`{body[:117] + '…' if len(body) > 120 else body}`"
