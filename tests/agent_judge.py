"""The one judge of the phrasing sets: what a reply must hold, in a small outcome vocabulary.

A case of a phrasing set (``tests/phrasing/*.yaml``, read by ``tests/agent_sets.py``) says what
a person typed and, with one *outcome word*, what the last reply must hold. The words:

- ``reads: P``: the reply read exactly the file ``P``; with ``as: summary`` ``P`` is among the
  files it read, with ``as: explanation`` too and it makes no plan.
- ``shows: P``: it shows the text of ``P`` (the one file read) and makes no plan.
- ``finds: P``: its table holds ``P``; ``by:`` says which search: ``name`` (the default: a
  table with sizes), ``text`` (with matches), ``definition``, ``use`` (and no plan).
- ``asks: P``: several candidates, ``P`` among them, and the question which one; no plan.
  ``asks: [P, Q]``: every one of them among the candidates.
- ``lists: N``: a folder listing with the entry named ``N``.
- ``rows: [P, ...]``: the reply's table holds exactly these paths (as a set; a hidden file, or
  one on disk the index leaves out, such as a .gitignored one, never counts) and the reply
  shows a Python line; ``by: cell``: every row of the table also carries its notebook ``cell``
  and the ``line`` within it. ``first: [P, ...]``: its first rows are these paths, in this
  order.
- ``quotes: P, text: T``: the first file the reply quotes is ``P`` and its quoted line
  contains ``T`` (the first row of a grep-like table with ``path`` and ``text`` columns, or
  else the first file path named in the reply's text and the line it quotes there).
- ``plan: A, path: P``: one plan of action ``A`` whose source (or, without one, target) is
  ``P``; ``words: W``: its new content holds ``W``. ``plan: clear_outputs, path: P``: one plan
  writing the notebook ``P`` whose new file has no output and no execution count left and every
  cell's source as it is now. ``plan: open_file`` is judged the way this
  machine opens a file (with a desktop, the plan; without one, the text at once, a JupyterLab
  tab offered, no plan). ``plan: edit, path: P, old: O, new: N``: one plan, editing ``P``
  only; its diff removes one line, which contains ``O``, adds one line, which contains ``N``,
  and changes nothing else.
- ``refused: R``: refused with rule ``R``'s sentence, no plan (``permanent_delete``,
  ``bulk_change``, ``run_command``, ``install``, ``git``, ``whole_disk``, ``outside``,
  ``sensitive``).
- ``number: N``: the reply says the true number ``N`` and makes no plan.
- ``out_of_range: N``: an ordinal past the earlier list is refused, saying it has ``N`` items;
  nothing read, no plan.
- ``renames: O, to: N, files: [P, ...]``: one plan renaming the name ``O`` to ``N`` in exactly
  these files, a step each (a change set; one file may be one edit): each file's new text is
  its text now with every ``O`` that stands whole (no letter, digit or ``_`` on either side)
  made ``N`` and nothing else; ``untouched: [S, ...]``: strings of the files that must still
  be there; ``warning: W``: the plan's warnings name ``W``. With ``files: []``: no plan, no
  table, and a reply that names ``O`` (it stands nowhere).
- ``already: K, value: V``: no plan; the reply names the setting ``K`` and its value ``V`` as
  it stands (it is so already).
- ``lacks: W``: no plan, no table, no file read, and a reply that names ``W`` (the workspace
  has no such file).
- ``cell: P, at: N``: the reply shows cell ``N`` of the notebook ``P`` (numbered from 1, as
  ``ws.cells`` numbers them): every line of its source as a line of the reply, no line of
  another cell's source that it does not share, the notebook's path and the number ``N``; no
  plan, and a Python line.
- ``columns: P``: no plan, and the reply names every column of the data file ``P`` in order,
  each with its dtype (``ws.table_info(P).columns``): in a table with ``column`` and ``dtype``
  columns, or in lines of its text; and a Python line.
- ``says: W``, one of the fixed answers: ``offtopic`` (not a workspace request), ``undo``
  (nothing to undo, or an undo plan and no other), ``project`` (the project's overview),
  ``workspace`` (the root and how to pick another), ``chat`` (a greeting or thanks answered),
  ``missing`` (no file of that name).

``total: N`` with ``reads``, ``finds``, ``asks`` or ``lists``: the reply says ``N`` and its
table has exactly ``N`` rows (a count is the true total, never a cap). A case with ``lang``
also needs a reply in that language (``speaks``).

A *shown Python line* is a line of the reply's text, or a backticked span in one, or the line
under its table (``reply.python``), that parses as one Python expression using ``ws.`` (a
sentence that mentions ``ws.read(path, confirm=<its name>)`` is none). ``check_python_lines``
runs each with only ``ws`` bound and compares what it gives with the reply: the same rows as
``reply.table`` (keyed by the ``path``, ``name`` and ``line`` columns both have), or, for a
number, the reply's table length or the number the reply says.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from numbers import Integral
from typing import Any

import pandas as pd

import wsnb
from wsnb import Plan
from wsnb.agent import Reply
from wsnb.agent.intents import FORBIDDEN_RULES, NOT_WORKSPACE
from wsnb.i18n import _
from wsnb.types import ActionType

_SPAN = re.compile(r"`([^`\n]+)`")
_ROW_KEYS = ("path", "name", "line")


# -- the shown Python line ------------------------------------------------------------------------


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


# -- the kinds ------------------------------------------------------------------------------------


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


def _by_cell(reply: Reply) -> bool:
    """Every row of the reply's table carries a notebook cell and a line within it."""
    table = reply.table
    return table is not None and {"cell", "line"} <= set(table.columns) and len(table) > 0 \
        and bool(table["cell"].notna().all() and table["line"].notna().all())


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



# -- the older answers ----------------------------------------------------------------------------


def _table_has(reply: Reply, column: str, value: str) -> bool:
    return reply.table is not None and column in reply.table and value in set(reply.table[column])


def _plan_is(reply: Reply, action: str, path: str, fragment: str = "") -> bool:
    if len(reply.plans) != 1:
        return False
    plan = reply.plans[0]
    where = plan.source or plan.target
    made = plan.action.value == action and where is not None and where.relative == path
    return made and (not fragment or fragment in (plan.content or ""))


def _opens_here(ws: wsnb.Workspace, reply: Reply, path: str) -> bool:
    """"open X" opens X in the way this machine can: with a desktop, one plan that hands X to
    its app; without one (a server, CI), X's text at once, a JupyterLab tab offered, no plan."""
    if not ws.context.launcher.available():
        return _plan_is(reply, "open_file", path)
    return reply.files_read == [path] and reply.lab_open == path and not reply.plans


def _says_count(reply: Reply, number: str) -> bool:
    text = reply.text.replace(",", "")
    return re.search(rf"(?<!\d){re.escape(number)}(?!\d)", text) is not None


def _refused(reply: Reply, rule: str) -> bool:
    return not reply.plans and _(FORBIDDEN_RULES[rule], lang=reply.lang) in reply.text


def _out_of_range(reply: Reply, count: str) -> bool:
    said = _("The last list has {count} items; there is no number {position}.", lang=reply.lang)
    lead = said.split("{count}")[0] + count  # "The last list has 42", "上一个列表只有 42"
    return not reply.plans and not reply.files_read and lead in reply.text


def _undo(reply: Reply) -> bool:
    nothing = _("There is no change left to undo in this workspace's history.", lang=reply.lang)
    if not reply.plans:
        return nothing in reply.text
    return all(plan.undo_of for plan in reply.plans)


_CODE = re.compile(r"```.*?```|`[^`]*`", re.DOTALL)
_HAN = re.compile(r"[\u4e00-\u9fff]")
_NAMES = re.compile(r"[^\s`*（(]*(?:/|\.[A-Za-z]\w{0,7}\b)[^\s`*）)，,]*")


def speaks(reply: Reply, lang: str) -> bool:
    """Whether the reply is in ``lang``: its ``lang`` says so and its lead sentence agrees
    (code, names in backticks and quoted file text aside)."""
    lead = next((line for line in _CODE.sub("", reply.text).splitlines() if line.strip()), "")
    lead = _NAMES.sub(" ", lead)  # a path or file name is no word of either language
    han = bool(_HAN.search(lead))
    return reply.lang == lang and (han if lang == "zh" else not han)


# -- notebooks and data files --------------------------------------------------------------------


def _source_lines(source: str) -> set[str]:
    return {line.strip() for line in source.splitlines() if len(line.strip()) >= 3}


def shows_cell(ws: wsnb.Workspace, reply: Reply, path: str, number: int) -> bool:
    """The reply shows cell ``number`` of ``path``: every line of it, none only another has."""
    if reply.plans or not reply_python(reply):
        return False
    cells = ws.cells(path)
    chosen = cells.loc[cells["cell"] == number, "source"]
    if chosen.empty:
        return False
    own = _source_lines(str(chosen.iloc[0]))
    others = set().union(*(_source_lines(str(source)) for source in
                           cells.loc[cells["cell"] != number, "source"])) - own  # fmt: skip
    said = reply.text
    named = path in said and re.search(rf"(?<!\d){number}(?!\d)", said) is not None
    lines = {line.strip() for line in said.splitlines()}  # a line shown is a whole line
    return named and own <= lines and not others & lines


def names_columns(ws: wsnb.Workspace, reply: Reply, path: str) -> bool:
    """The reply names every column of ``path`` in order, each with its dtype."""
    if reply.plans or not reply_python(reply):
        return False
    wanted = [(str(name), str(dtype)) for name, dtype in ws.table_info(path).columns]
    table = reply.table
    if table is not None and {"column", "dtype"} <= set(table.columns):
        return [(str(c), str(d)) for c, d in zip(table["column"], table["dtype"],
                                                 strict=True)] == wanted  # fmt: skip
    lines = reply.text.splitlines()
    at = 0
    for name, dtype in wanted:
        found = next((n for n in range(at, len(lines)) if re.search(
            rf"(?<![\w]){re.escape(name)}(?![\w])", lines[n]) and dtype in lines[n]), None)
        if found is None:
            return False
        at = found + 1
    return True


def clears_outputs(ws: wsnb.Workspace, reply: Reply, path: str) -> bool:
    """One plan writing ``path`` whose new notebook has no output and no execution count, and
    every cell's source as it is now."""
    if len(reply.plans) != 1:
        return False
    plan = reply.plans[0]
    new = plan.data.get("new_bytes")
    if plan.is_refused or plan.action is not ActionType.WRITE_FILE or plan.target is None \
            or plan.target.relative != path or not isinstance(new, bytes):
        return False
    cells = json.loads(new.decode("utf-8-sig"))["cells"]
    sources = ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
               for c in cells]  # fmt: skip
    code = [c for c in cells if c["cell_type"] == "code"]
    return sources == ws.cells(path)["source"].tolist() and all(
        not c.get("outputs") and c.get("execution_count") is None for c in code)


# -- the outcome vocabulary -----------------------------------------------------------------------

VERBS = ("reads", "shows", "finds", "asks", "lists", "rows", "first", "quotes", "plan",
         "renames", "refused", "number", "out_of_range", "already", "lacks", "cell", "columns",
         "says")  # fmt: skip
# The words a case may add to its outcome word, by outcome word.
MODIFIERS: dict[str, frozenset[str]] = {
    "reads": frozenset({"as", "total"}), "finds": frozenset({"by", "total"}),
    "asks": frozenset({"total"}), "lists": frozenset({"total"}),
    "quotes": frozenset({"text"}), "plan": frozenset({"path", "words", "old", "new"}),
    "renames": frozenset({"to", "files", "untouched", "warning"}),
    "already": frozenset({"value"}), "rows": frozenset({"by"}), "cell": frozenset({"at"}),
}  # fmt: skip
CASE_KEYS = frozenset({"say", "lang", "intent", "group"})
SAYS = ("offtopic", "undo", "project", "workspace", "chat", "missing")
_AS = {None: "read", "summary": "summary", "explanation": "explain"}
_BY = {None: "find", "name": "find", "text": "grep", "definition": "define", "use": "used"}
_ROWS_BY = (None, "cell")
_RULES = tuple(FORBIDDEN_RULES)


@dataclass(frozen=True)
class Outcome:
    """What a case's last reply must hold: an outcome word, its value, and its modifiers."""

    verb: str
    value: Any  # a path or a name, a number, a rule, a fixed answer, or a tuple of paths
    more: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, row: Mapping[str, Any]) -> Outcome:
        """The outcome a data file's case states (ValueError saying what is wrong)."""
        verbs = [key for key in row if key in VERBS]
        if len(verbs) != 1:
            raise ValueError(f"a case needs one outcome word of {', '.join(VERBS)}: {row}")
        verb = verbs[0]
        extra = set(row) - CASE_KEYS - {verb}
        allowed = MODIFIERS.get(verb, frozenset())
        if extra - allowed:
            raise ValueError(f"{verb} takes {sorted(allowed) or 'nothing more'}, not "
                             f"{sorted(extra - allowed)}: {row}")  # fmt: skip
        value = row[verb]
        if verb in ("rows", "first") or isinstance(value, list):
            value = tuple(str(path) for path in value)
        elif verb in ("number", "out_of_range"):
            value = int(value)
        else:
            value = str(value)
        more = {key: tuple(row[key]) if isinstance(row[key], list) else row[key]
                for key in sorted(extra)}  # fmt: skip
        outcome = cls(verb, value, tuple(more.items()))
        outcome._check()
        return outcome

    def _check(self) -> None:
        problems = {
            "says": self.verb == "says" and self.value not in SAYS,
            "refused": self.verb == "refused" and self.value not in _RULES,
            "as": self.get("as") not in _AS,
            "by": self.get("by") not in (_ROWS_BY if self.verb == "rows" else _BY),
            "cell": self.verb == "cell" and not isinstance(self.get("at"), int),
            "plan": self.verb == "plan" and ("path" not in dict(self.more) or (
                self.value == "edit") != ("old" in dict(self.more) and "new" in dict(self.more))),
            "quotes": self.verb == "quotes" and self.get("text") is None,
            "renames": self.verb == "renames" and (self.get("to") is None
                                                   or self.get("files") is None),
            "already": self.verb == "already" and self.get("value") is None,
        }  # fmt: skip
        wrong = [key for key, bad in problems.items() if bad]
        if wrong:
            raise ValueError(f"the outcome {self} is malformed at {', '.join(wrong)}")

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.more).get(key, default)

    def as_old(self) -> tuple[str, ...]:
        """The older ``expect`` tuple this outcome stands for (the converter checks with it)."""
        total = (str(self.get("total")),) if self.get("total") is not None else ()
        value = str(self.value) if not isinstance(self.value, tuple) else ""
        if isinstance(self.value, tuple) and self.verb == "asks":
            return ("ask", *self.value)
        simple = {"reads": (_AS[self.get("as")], value, *total),
                  "shows": ("open", value),
                  "finds": (_BY[self.get("by")], value, *total), "asks": ("ask", value, *total),
                  "lists": ("list", value, *total), "says": (value,),
                  "refused": ("refuse", value), "number": ("count", value),
                  "out_of_range": ("out_of_range", value), "quotes": ("quote", value,
                                                                     str(self.get("text")))}
        if self.verb in simple:
            return tuple(simple[self.verb])
        if self.verb in ("rows", "first"):
            return ("rows" if self.verb == "rows" else "top", *self.value)
        if self.value == "edit":
            return ("edit", self.get("path"), self.get("old"), self.get("new"))
        words = (str(self.get("words")),) if self.get("words") is not None else ()
        return ("plan", value, str(self.get("path")), *words)


def _finds(reply: Reply, outcome: Outcome) -> bool:
    if not _table_has(reply, "path", outcome.value):
        return False
    by = outcome.get("by") or "name"
    table = reply.table
    assert table is not None
    return {"name": "size" in table, "text": "matches" in table, "definition": True,
            "use": not reply.plans}[by]  # fmt: skip


def _reads(reply: Reply, outcome: Outcome) -> bool:
    how = outcome.get("as")
    if how is None:
        return reply.files_read == [outcome.value]
    return outcome.value in reply.files_read and (how == "summary" or not reply.plans)


def _asks(reply: Reply, paths: str | tuple[str, ...]) -> bool:
    question = ("Which one?", "is it the entry below?", "是哪一个", "是下面这一项吗")
    every = (paths,) if isinstance(paths, str) else paths
    return all(_table_has(reply, "path", path) for path in every) and not reply.plans \
        and any(words in reply.text for words in question)


def _understood(reply: Reply) -> bool:
    return "didn't understand" not in reply.text and "没能理解" not in reply.text


def _whole(old: str, new: str, text: str) -> str:
    """``text`` with every ``old`` that stands whole made ``new``: the judge's own reading of
    a name's edges (no letter, digit or _ on either side), not the workspace's."""
    return re.sub(rf"(?<!\w){re.escape(old)}(?!\w)", lambda _match: new, text)


def _renames(ws: wsnb.Workspace, reply: Reply, outcome: Outcome) -> bool:
    old, new = outcome.value, str(outcome.get("to"))
    files = tuple(outcome.get("files") or ())
    if not files:
        return not reply.plans and reply.table is None and old in reply.text \
            and _understood(reply)
    if len(reply.plans) != 1 or reply.plans[0].is_refused:
        return False
    plan = reply.plans[0]
    steps = plan.steps or [plan]
    if sorted(step.target.relative for step in steps if step.target) != sorted(files) \
            or len(steps) != len(files):
        return False
    for step in steps:
        assert step.target is not None
        now = ws.read(step.target.relative).text.replace("\r\n", "\n")
        if step.content != _whole(old, new, now):
            return False
        if any(kept in now and kept not in step.content
               for kept in outcome.get("untouched") or ()):  # fmt: skip
            return False
    warning = str(outcome.get("warning") or "")
    return not warning or any(warning in said for said in plan.warnings)


def _already(reply: Reply, outcome: Outcome) -> bool:
    said = reply.text
    return not reply.plans and outcome.value in said and str(outcome.get("value")) in said \
        and _understood(reply)


def _lacks(reply: Reply, words: str) -> bool:
    return not reply.plans and reply.table is None and not reply.files_read \
        and words in reply.text and _understood(reply)


def _plan(ws: wsnb.Workspace, reply: Reply, outcome: Outcome) -> bool:
    path = str(outcome.get("path"))
    if outcome.value == "clear_outputs":
        return clears_outputs(ws, reply, path)
    if outcome.value == "open_file":
        return _opens_here(ws, reply, path)
    if outcome.value == "edit":
        return edited(reply, path, str(outcome.get("old")), str(outcome.get("new")))
    return _plan_is(reply, outcome.value, path, str(outcome.get("words") or ""))


def _says(ws: wsnb.Workspace, reply: Reply, what: str) -> bool:
    quiet = not reply.plans and reply.table is None
    if what == "offtopic":
        return quiet and _(NOT_WORKSPACE, lang=reply.lang) in reply.text
    if what == "undo":
        return _undo(reply)
    if what == "project":
        return reply.table is None and "```" in reply.text
    if what == "workspace":
        return str(ws.root) in reply.text and "pick_workspace" in reply.text
    if what == "missing":
        return quiet and ("There is no file named" in reply.text or "没有名为" in reply.text)
    return quiet and _understood(reply)


_CHECKS: dict[str, Callable[[wsnb.Workspace, Reply, Outcome], bool]] = {
    "reads": lambda ws, reply, o: _reads(reply, o),
    "shows": lambda ws, reply, o: opened(reply, o.value),
    "finds": lambda ws, reply, o: _finds(reply, o),
    "asks": lambda ws, reply, o: _asks(reply, o.value),
    "lists": lambda ws, reply, o: _table_has(reply, "name", o.value),
    "rows": lambda ws, reply, o: rows_are(ws, reply, o.value) and (
        o.get("by") != "cell" or _by_cell(reply)),
    "first": lambda ws, reply, o: top_is(reply, o.value),
    "quotes": lambda ws, reply, o: quoted(ws, reply, o.value, str(o.get("text"))),
    "plan": _plan,
    "renames": _renames,
    "already": lambda ws, reply, o: _already(reply, o),
    "lacks": lambda ws, reply, o: _lacks(reply, o.value),
    "refused": lambda ws, reply, o: _refused(reply, o.value),
    "number": lambda ws, reply, o: _says_count(reply, str(o.value)) and not reply.plans,
    "out_of_range": lambda ws, reply, o: _out_of_range(reply, str(o.value)),
    "cell": lambda ws, reply, o: shows_cell(ws, reply, o.value, int(o.get("at"))),
    "columns": lambda ws, reply, o: names_columns(ws, reply, o.value),
    "says": lambda ws, reply, o: _says(ws, reply, o.value),
}


def _honest(reply: Reply, total: Any) -> bool:
    """A total, when the case gives one, is said and is the table's whole length."""
    if total is None:
        return True
    return str(total) in reply.text and reply.table is not None and len(reply.table) == int(total)


def judged(ws: wsnb.Workspace, reply: Reply, outcome: Outcome, lang: str | None = None) -> bool:
    """Whether ``reply`` holds what ``outcome`` asks for (and, given ``lang``, speaks it)."""
    spoken = lang is None or speaks(reply, lang)
    return bool(_CHECKS[outcome.verb](ws, reply, outcome)) and _honest(
        reply, outcome.get("total")) and spoken
