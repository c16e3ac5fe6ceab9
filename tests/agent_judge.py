"""The judge of issue 32's answer kinds, and the check that a shown Python line gives the rows.

The phrasing sets' ``expect`` tuples of the kinds below are judged here (``agent_corpus.judged``
calls these; the older kinds stay there):

- ``"rows", path, ...``: the reply's table holds exactly these paths (as a set; a hidden file,
  or one on disk the index leaves out, such as a .gitignored one, never counts) and the reply
  shows a Python line.
- ``"top", path, ...``: the first rows of the reply's table are these paths, in this order.
- ``"quote", path, text``: the first file the reply quotes is ``path`` and its quoted line
  contains ``text`` (the first row of a grep-like table with ``path`` and ``text`` columns, or
  else the first file path named in the reply's text and the line it quotes there).
- ``"edit", path, old, new``: one plan, editing ``path`` only; its diff removes one line, which
  contains ``old``, adds one line, which contains ``new``, and changes nothing else.
- ``"open", path``: the reply shows the text of ``path`` (it is the one file read) and makes
  no plan.

A *shown Python line* is a line of the reply's text, or a backticked span in one, or the line
under its table (``reply.python``), that parses as one Python expression using ``ws.`` (a
sentence that mentions ``ws.read(path, confirm=<its name>)`` is none). ``check_python_lines``
runs each with only ``ws`` bound and compares what it gives with the reply: the same rows as
``reply.table`` (keyed by the ``path``, ``name`` and ``line`` columns both have), or, for a
number, the reply's table length or the number the reply says.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from dataclasses import dataclass
from numbers import Integral
from typing import Any

import pandas as pd

import wsnb
from wsnb import Plan
from wsnb.agent import Reply
from wsnb.types import ActionType

NEW_KINDS = frozenset({"rows", "top", "quote", "edit", "open"})

_SPAN = re.compile(r"`([^`\n]+)`")
_ROW_KEYS = ("path", "name", "line")


# -- the shown Python line ---------------------------------------------------------------------


def _uses_ws(code: str) -> bool:
    """Whether ``code`` is one Python expression that uses ``ws.`` something."""
    try:
        tree = ast.parse(code, mode="eval")
    except SyntaxError:
        return False
    return any(isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
               and node.value.id == "ws" for node in ast.walk(tree))  # fmt: skip


def shown_python(text: str) -> list[str]:
    """The Python lines ``text`` shows that use ``ws.``, in order, each once: whole lines
    (a ``>>>`` prompt aside) and backticked spans."""
    found: list[str] = []
    for raw in text.splitlines():
        bare = raw.strip().removeprefix(">>>").strip()
        for candidate in [*(span.strip() for span in _SPAN.findall(raw)), bare]:
            if candidate not in found and _uses_ws(candidate):
                found.append(candidate)
    return found


def reply_python(reply: Reply) -> list[str]:
    """The Python lines a reply shows: in its text, and the line under its table
    (``reply.python``, where the reply has one)."""
    in_text = shown_python(reply.text)
    under = str(getattr(reply, "python", "") or "")
    return in_text + [line for line in shown_python(under) if line not in in_text]


@dataclass(frozen=True)
class LineCheck:
    """One shown line and what is wrong with it (``problem`` is empty when it gave the rows)."""

    line: str
    problem: str = ""

    @property
    def ok(self) -> bool:
        return not self.problem


def run_shown(ws: wsnb.Workspace, line: str) -> Any:
    """What ``line`` gives with only ``ws`` bound, as a person's notebook would run it."""
    # The line is the reply's own, and it runs on a test's temporary workspace.
    return eval(compile(line, "<shown line>", "eval"), {"ws": ws})


def _row_keys(frame: pd.DataFrame, keys: Sequence[str]) -> list[tuple[str, ...]]:
    return sorted(tuple(str(value) for value in row) for row in frame[list(keys)].itertuples(
        index=False, name=None))  # fmt: skip


def _says_number(reply: Reply, number: int) -> bool:
    text = reply.text.replace(",", "")
    return re.search(rf"(?<!\d){number}(?!\d)", text) is not None


def _compare(result: Any, reply: Reply) -> str:
    """What differs between a line's ``result`` and the reply ("" when nothing does)."""
    if isinstance(result, Plan):
        result.cancel()  # a shown line is run, never confirmed
        return ""
    if isinstance(result, pd.Series) and result.name in _ROW_KEYS:
        result = result.to_frame()
    table = reply.table
    if isinstance(result, bool) or not isinstance(result, Integral | pd.DataFrame):
        return "" if table is None else f"gives a {type(result).__name__}, not the table's rows"
    if isinstance(result, Integral):
        result = int(result)
        if table is not None:
            return "" if result == len(table) else f"gives {result}, the table has {len(table)}"
        return "" if _says_number(reply, result) else f"gives {result}, which the reply never says"
    if table is None:
        return "gives rows, but the reply has no table"
    keys = [key for key in _ROW_KEYS if key in result.columns and key in table.columns]
    if not keys:
        return "gives rows with no path, name or line column in common with the table"
    got, shown = _row_keys(result, keys), _row_keys(table, keys)
    return "" if got == shown else f"gives other rows than the table ({len(got)}, {len(shown)})"


def check_python_lines(ws: wsnb.Workspace, reply: Reply) -> list[LineCheck]:
    """Every Python line ``reply`` shows, run with ``ws`` bound and compared with the reply."""
    checks: list[LineCheck] = []
    for line in reply_python(reply):
        try:
            result = run_shown(ws, line)
        except Exception as error:  # any failure of the shown line is the finding
            checks.append(LineCheck(line, f"raises {type(error).__name__}: {error}"))
            continue
        checks.append(LineCheck(line, _compare(result, reply)))
    return checks


# -- the kinds -----------------------------------------------------------------------------------


def _counts(files: pd.DataFrame, ws: wsnb.Workspace, path: str) -> bool:
    """Whether ``path`` counts in a ``rows`` answer: not hidden, not left out by the index."""
    known = files[files["path"] == path]
    if len(known):
        return not bool(known["is_hidden"].iloc[0])
    hidden = any(part.startswith(".") for part in path.split("/"))
    return not hidden and not (ws.root / path).exists()  # a made-up path counts against


def rows_are(ws: wsnb.Workspace, reply: Reply, paths: Sequence[str]) -> bool:
    table = reply.table
    if table is None or "path" not in table.columns:
        return False
    files = ws.files
    counted = {str(path) for path in table["path"] if _counts(files, ws, str(path))}
    return counted == set(paths) and bool(reply_python(reply))


def top_is(reply: Reply, paths: Sequence[str]) -> bool:
    table = reply.table
    if table is None or "path" not in table.columns:
        return False
    return [str(path) for path in table["path"].head(len(paths))] == list(paths)


def _first_quote_in_text(ws: wsnb.Workspace, text: str) -> tuple[str, str] | None:
    """The first file path the text names (outside shown Python lines), and what follows it
    on that line and on the next line with words (where a quoted line sits under its file)."""
    files = ws.files
    names = [str(path) for path in files.loc[~files["is_dir"], "path"]]
    lines = [line for line in text.splitlines() if not shown_python(line)]
    for number, line in enumerate(lines):
        # the leftmost name; of two starting there, the longer ("docs/a.md" over "docs/a")
        found = [(line.find(name), -len(name), name) for name in names if name in line]
        if not found:
            continue
        start, _longest, name = min(found)
        after = line[start + len(name):]
        below = next((rest for rest in lines[number + 1:]
                      if rest.strip() and not rest.strip().startswith("```")), "")  # fmt: skip
        return name, after + "\n" + below
    return None


def quoted(ws: wsnb.Workspace, reply: Reply, path: str, text: str) -> bool:
    table = reply.table
    if table is not None and {"path", "text"} <= set(table.columns) and len(table):
        first = table.iloc[0]
        return str(first["path"]) == path and text in str(first["text"])
    quote = _first_quote_in_text(ws, reply.text)
    return quote is not None and quote[0] == path and text in quote[1]


def _diff_changes(diff: str) -> tuple[set[str], list[str], list[str]]:
    """The files a unified diff names, and its removed and added lines."""
    files: set[str] = set()
    removed: list[str] = []
    added: list[str] = []
    for line in diff.splitlines():
        if line.startswith(("--- ", "+++ ")):
            name = line[4:].split("\t")[0]
            if name != "/dev/null":
                files.add(name.removeprefix("a/").removeprefix("b/"))
        elif line.startswith("-"):
            removed.append(line[1:].rstrip("\r"))
        elif line.startswith("+"):
            added.append(line[1:].rstrip("\r"))
    return files, removed, added


def edited(reply: Reply, path: str, old: str, new: str) -> bool:
    if len(reply.plans) != 1:
        return False
    plan = reply.plans[0]
    if plan.is_refused or not plan.diff:
        return False
    if plan.action is ActionType.WRITE_FILE:
        if plan.target is None or plan.target.relative != path:
            return False
    elif plan.action is not ActionType.CHANGE_SET:
        return False
    files, removed, added = _diff_changes(plan.diff)
    return (files == {path} and len(removed) == len(added) == 1
            and old in removed[0] and new in added[0])  # fmt: skip


def opened(reply: Reply, path: str) -> bool:
    return reply.files_read == [path] and not reply.plans


def judged_new(ws: wsnb.Workspace, reply: Reply, kind: str, rest: Sequence[str]) -> bool:
    """Whether ``reply`` holds what an expectation of one of ``NEW_KINDS`` asks for."""
    if kind == "rows":
        return rows_are(ws, reply, rest)
    if kind == "top":
        return top_is(reply, rest)
    if kind == "quote":
        return quoted(ws, reply, rest[0], rest[1])
    if kind == "edit":
        return edited(reply, rest[0], rest[1], rest[2])
    return opened(reply, rest[0])
