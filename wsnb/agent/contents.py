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
from .filekinds import FILE_KINDS, KIND_WORDS
from .glossary import GLOSSARY, english_terms
from .reply import Reply
from .request import Reading
from .vocab import OBJECTS

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["answer_contents", "read_contents"]

_CJK = re.compile(r"[\u4e00-\u9fff]")
# What makes a question one about a setting's value, where it is set, or what code does.
_CUES_EN = re.compile(
    r"\b(?:set\s+to|is\s+set|are\s+set|get\s+set|gets\s+set|configured|configures?|sets|"
    r"value\s+of|in\s+(?:the|teh|our|my)\s+(?:\w+\s+)?(?:config|settings|configuration)|"
    r"what\s+\w+\s+does\s+(?:the\s+)?\w+\s+(?:use|listen|run|need|have|require)|"
    r"which\s+files?\s+(?:sets?|configures?|defines?)|listens?\s+on|runs?\s+on|allowed|"
    r"max(?:imum)?\s+number|(?:which|what)\s+(?:\w+\s+)?(?:standard|version)|"
    r"build\s+(?:use|with)|what\s+columns|which\s+class\s+handles|handles|"
    r"is\s+\w+\s+(?:on|off|enabled|disabled)|what(?:'s|\s+is)\s+the\s+\w+\s+called|"
    r"what\s+does\s+[A-Za-z_]\w*(?:\(\))?\s+do|how\s+is\s+\w+\s+(?:implemented|written)|"
    r"what\s+does\s+\w+\s+return)\b", re.IGNORECASE)  # fmt: skip
_CUES_ZH = re.compile(r"设置了|配置了|设了|配了|设的|配的|是多少|设置成|设成|设置的|配置的|"
                      r"在哪设置|在哪配置|在哪里设置|在哪里配置|哪里设置|哪里配置|的值|值是|设为多少|用的是|"
                      r"用的哪个|开着吗|开了吗|打开了吗|关着吗|叫什么|叫啥|依赖了|依赖哪些|"
                      r"是怎么写的|怎么写的|怎么实现|返回什么|返回的是|返回啥|是干什么的|是做什么的|"
                      r"干嘛的|怎么格式化|哪些列|有哪些列")  # fmt: skip
# Words of the cues, never the term asked about.
_NOT_TERMS = {"设置", "配置", "定义", "设置项", "配置文件", "文件", "值", "哪个", "什么", "多少",
              "目录", "文件夹", "返回", "函数", "方法", "类", "名字", "名称"}
_CONFIG = set(FILE_KINDS["config"]) | {".env", ".properties", ".txt", ".cmake"}
_DEFINES = re.compile(r"^\s*(?:def|class|function|func|fn|const|let|var|export|struct|enum|"
                      r"interface|type|set)\b|^\s*[\"']?[\w.\-]+[\"']?\s*[:=]",
                      re.IGNORECASE)  # fmt: skip
_LATIN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CONFIGS = re.compile(r"\bconfig|\bsettings|配置|设置", re.IGNORECASE)
_NAMED = re.compile(r"\bcalled\b|\bnamed\b|\bname\b|叫什么|叫啥|名字|名称", re.IGNORECASE)


def _glossary_terms(text: str) -> list[str]:
    """The glossary terms in ``text`` that are no words of the cue, longest first."""
    found = [(text.find(k), -len(k), k) for k in GLOSSARY if k in text and k not in _NOT_TERMS]
    found = [f for f in found if not any(k != f[2] and f[2] in k and text.find(k) <= f[0]
                                         < text.find(k) + len(k) for _a, _b, k in found)]
    return [k for _at, _n, k in sorted(found)]


def _latin_terms(r: Reading) -> list[str]:
    """The English words of the question that may be in the code ("port", "max", "widgets",
    "renderCart" glued to Chinese), cue words and fillers aside."""
    words = [w for token in r.words for w in _LATIN.findall(token.removesuffix("'s"))]
    words += [w for m in r.mentions if m.how == "close" for w in _LATIN.findall(m.typed)]
    kept = [w for w in words if w.casefold() not in _EN_STOP and len(w) > 1]
    kept += [w[:-1] for w in kept if w.endswith("s") and len(w) > 4]  # "orders": class Order
    return list(dict.fromkeys(kept))


def read_contents(r: Reading) -> Command | None:
    """A search for the terms a question about contents asks, or None."""
    zh = bool(_CJK.search(r.text))
    if not (_CUES_ZH.search(r.text) if zh else _CUES_EN.search(r.text)):
        return None
    if any(m.firm and not m.is_dir for m in r.mentions if not _scope_of(r, m)) \
            or r.said(OBJECTS["project"]):
        return None  # about a named file ("what does a.py set") or the project
    terms = [t for t in _latin_terms(r) if t.casefold() not in KIND_WORDS]
    if zh:
        terms += _glossary_terms(r.rest)
    context = [m.typed for m in r.mentions if m.is_dir]
    context += [w for w in _LATIN.findall(r.rest) if w.casefold() in KIND_WORDS]  # "yaml"
    if _NAMED.search(r.text) and (terms or context or _CONFIGS.search(r.text)):
        terms.append("name")  # "what's the app called", 配置里app叫什么名字 (你叫什么 is chat)
    terms = [t for t in dict.fromkeys(terms) if len(t) > 1][:6]
    if not terms:
        return None
    scope = next((m.paths[0] for m in r.mentions if m.firm and not m.is_dir), "")
    return Command("contents", {"term": " ".join(terms), "context": " ".join(context),
                                "scope": scope})  # fmt: skip


_EN_STOP = {"set", "sets", "value", "config", "configured", "configures", "settings", "use",
            "uses", "file", "files", "does", "app's", "the", "configuration", "which", "listen",
            "listens", "on", "allowed", "right", "now", "number", "quick", "one", "hey", "build",
            "we", "do", "have", "called", "handles", "handle", "columns", "column", "enabled",
            "disabled", "off", "teh", "what", "whats", "is", "in", "run", "runs", "return",
            "returns", "implemented", "written", "how", "sorry", "thx", "pls", "please", "need",
            "needs", "require", "requires", "max", "min", "version"} - {"max", "version"}


def _scope_of(r: Reading, m: object) -> bool:
    """Whether a named file is where to look ("the port in app.yaml", "app.yaml 里的端口")."""
    start = getattr(m, "start", 0)
    end = getattr(m, "end", 0)
    before = r.text[:start].rstrip().casefold()
    return before.endswith(("in", "inside", "of", "在")) or r.text[end:].lstrip().startswith(
        ("里", "中", "的"))  # fmt: skip


def _pattern(term: str) -> str:
    """A term as it stands in code: a word that may be part of an identifier
    ("max" in max_widgets, "format" and "price" in formatPrice, never "port" in "import")."""
    if not term.isascii():
        return re.escape(term)
    # a word starts a name, or a hump of one ("Price" in formatPrice)
    start = r"(?:(?<![A-Za-z])|(?<=[a-z])(?-i:(?=[A-Z])))"
    return rf"{start}{re.escape(term)}(?-i:(?![a-z]))"


def _rank(frame: pd.DataFrame, terms: tuple[str, ...], context: list[str]) -> pd.DataFrame:
    """The matching lines, most relevant first: a definition or key line of a term, the line
    with the most terms, a config file before code before a test."""
    patterns = [re.compile(_pattern(t), re.IGNORECASE) for t in terms]

    def score(row: pd.Series) -> tuple[int, int, int, int]:
        path, text = str(row["path"]), str(row["text"])
        suffix = posixpath.splitext(path)[1].casefold()
        head = re.split(r"[:=(]", text, maxsplit=1)[0]
        key = bool(_DEFINES.search(text)) and any(p.search(head) for p in patterns)
        said = sum(bool(p.search(text)) for p in patterns)
        test = "test" in path.casefold()
        place = 2 if suffix in _CONFIG and not test else 0 if test else 1
        near = sum(c.casefold() in path.casefold() for c in context)
        return (-int(key), -said, -place, -near)

    keys = frame.apply(score, axis=1, result_type="reduce")
    order = sorted(range(len(frame)), key=lambda i: (keys.iloc[i], i))
    return frame.iloc[order]


def answer_contents(session: Session, command: Command) -> Reply:
    """The lines about a term, most relevant first, quoted with their files."""
    said = command.get("term").split()
    terms = tuple(dict.fromkeys(w for t in said for w in (
        (*english_terms(t), t) if _CJK.search(t) else (t,))))  # fmt: skip
    pattern = "|".join(_pattern(t) for t in terms)
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
