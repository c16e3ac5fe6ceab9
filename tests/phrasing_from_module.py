"""A phrasing set written as a Python module (the older form) made into a data file.

    python tests/phrasing_from_module.py tests/agent_corpus_final10.py \
        tests/phrasing/2026-12-06-blind-10-kinds.yaml --written 2026-12-06 --scored 41/60

The older form: ``SAMPLE`` and ``PROJECT`` lists of ``held(say, lang, intent, *expect)`` (or
``case(say, intent, *expect)`` without a language), optionally ``MTIMES`` and ``GROUPS``
(``GROUPS["name"] = ([sample cases], [project cases])`` under a comment telling its first
run); its docstring tells the set's story. The module is read from its source, never run;
every case's old ``expect`` tuple is put into the outcome vocabulary of ``tests/agent_judge.py``
(``to_outcome``), and the comments above and beside each case are kept above it in the data
file. Nothing of a case's wording changes: the file is read back and every case compared with
the module's before it is written.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import re
import tokenize
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

# The old kinds whose second argument, when it is a number, is the true total shown.
_OLD_KINDS = {"read", "find", "grep", "define", "used", "list", "ask", "missing", "plan",
              "refuse", "summary", "explain", "count", "out_of_range", "offtopic", "undo",
              "project", "workspace", "chat"}  # fmt: skip
_SAYS = {"missing", "offtopic", "undo", "project", "workspace", "chat"}
_FINDS = {"find": "name", "grep": "text", "define": "definition", "used": "use"}


@dataclass(frozen=True)
class OldCase:
    say: tuple[str, ...]
    intent: str
    expect: tuple[str, ...]


def to_outcome(expect: Sequence[str]) -> dict[str, Any]:
    """An old ``expect`` tuple in the outcome vocabulary (see ``tests/agent_judge.py``)."""
    kind, *rest = expect
    out: dict[str, Any]
    if kind in _OLD_KINDS and len(rest) > 1 and rest[1].isdigit() and kind != "plan":
        total: int | None = int(rest[1])
        rest = [rest[0], *rest[2:]]
    else:
        total = None
    if kind == "read":
        out = {"reads": rest.pop(0)}
    elif kind in ("summary", "explain"):
        out = {"reads": rest.pop(0), "as": {"summary": "summary",
                                            "explain": "explanation"}[kind]}  # fmt: skip
    elif kind == "open":
        out = {"shows": rest.pop(0)}
    elif kind in _FINDS:
        out = {"finds": rest.pop(0)}
        if kind != "find":
            out["by"] = _FINDS[kind]
    elif kind == "ask":
        out = {"asks": rest.pop(0)}
    elif kind == "list":
        out = {"lists": rest.pop(0)}
    elif kind in _SAYS:
        out = {"says": kind}
    elif kind == "plan":
        out = {"plan": rest.pop(0), "path": rest.pop(0)}
        if rest:
            out["words"] = rest.pop(0)
    elif kind == "edit":
        out = {"plan": "edit", "path": rest.pop(0), "old": rest.pop(0), "new": rest.pop(0)}
    elif kind == "refuse":
        out = {"refused": rest.pop(0) if rest else "bulk_change"}
    elif kind == "count":
        out = {"number": int(rest.pop(0))}
    elif kind == "out_of_range":
        out = {"out_of_range": int(rest.pop(0))}
    elif kind in ("rows", "top"):
        out = {"rows" if kind == "rows" else "first": list(rest)}
        rest = []
    elif kind == "quote":
        out = {"quotes": rest.pop(0), "text": rest.pop(0)}
    else:
        raise ValueError(f"no outcome for the old kind {kind!r}")
    if rest:
        raise ValueError(f"{expect}: arguments left over: {rest}")
    if total is not None:
        out["total"] = total
    return out


# -- reading the module's source ------------------------------------------------------------------

_MAKERS = {"held", "case", "probe"}  # held/probe: (say, lang, intent, *expect); case: no lang
# rename_all(say, lang, expect, spec): a held() of intent "rename_all" whose spec (not read
# here) states what its expect tuple can't; the precise outcome comes with --precise.
_RENAME_ALL = "rename_all"
_SAMPLE, _PROJECT = ("SAMPLE", "FRESH_SAMPLE"), ("PROJECT", "FRESH_PROJECT")


@dataclass
class Read:
    """One case as the module states it, with its language, its group and its comments."""

    case: OldCase
    lang: str | None
    group: str | None
    comments: list[str]


@dataclass
class Module:
    doc: str
    sample: list[Read]
    project: list[Read]
    mtimes: dict[str, dict[str, float]] | None
    groups: dict[str, str]  # a group's name -> the comment above it (its first run)


def _comments(source: str) -> dict[int, str]:
    found = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            found[token.start[0]] = token.string.lstrip("#").strip()
    return found


def _cases(node: ast.expr, comments: dict[int, str], group: str | None) -> list[Read]:
    """The cases of one list literal, each with the comments since the one before it."""
    if not isinstance(node, ast.List):
        raise ValueError(f"line {node.lineno}: the cases must be a list of calls")
    out, since = [], node.lineno
    for element in node.elts:
        if not (isinstance(element, ast.Call) and isinstance(element.func, ast.Name)
                and element.func.id in _MAKERS | {_RENAME_ALL}):  # fmt: skip
            raise ValueError(f"line {element.lineno}: not a held(), case() or probe() call")
        if element.func.id == _RENAME_ALL:
            said, lang, expected = (ast.literal_eval(arg) for arg in element.args[:3])
            args = [said, _RENAME_ALL, *expected]
        else:
            args = [ast.literal_eval(arg) for arg in element.args]
            lang = None if element.func.id == "case" else args.pop(1)
        say, intent, *expect = args
        last = element.end_lineno or element.lineno
        said = [comments[line] for line in range(since + 1, last + 1) if line in comments
                and not comments[line].startswith(("ruff:", "fmt:"))]  # fmt: skip
        item = OldCase((say,) if isinstance(say, str) else tuple(say), intent, tuple(expect))
        out.append(Read(item, lang, group, said))
        since = last
    return out


def _assigned(node: ast.stmt) -> tuple[ast.expr | None, ast.expr | None]:
    if isinstance(node, ast.Assign):
        return node.targets[0], node.value
    if isinstance(node, ast.AnnAssign):
        return node.target, node.value
    return None, None


def _group_note(node: ast.stmt, comments: dict[int, str]) -> str:
    """The comment lines right above a group's definition, as one line."""
    above, line = [], node.lineno - 1
    while line in comments:
        above.insert(0, comments[line])
        line -= 1
    return " ".join(above)


def read_module(path: Path) -> Module:
    """The cases of a set module, read from its source (it is never run)."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    comments = _comments(source)
    found = Module(ast.get_docstring(tree) or "", [], [], None, {})
    for node in tree.body:
        target, value = _assigned(node)
        name = target.id if isinstance(target, ast.Name) else None
        if value is None:
            continue
        if name in _SAMPLE and isinstance(value, ast.List):
            found.sample += _cases(value, comments, None)
        elif name in _PROJECT and isinstance(value, ast.List):
            found.project += _cases(value, comments, None)
        elif name == "MTIMES":
            found.mtimes = ast.literal_eval(value)
        elif isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) \
                and target.value.id == "GROUPS" and isinstance(value, ast.Tuple):
            group = ast.literal_eval(target.slice)
            found.groups[group] = _group_note(node, comments)
            found.sample += _cases(value.elts[0], comments, group)
            found.project += _cases(value.elts[1], comments, group)
    return found


# -- writing the data file ------------------------------------------------------------------------

_PLAIN = re.compile(r"[A-Za-z_][\w./\-]*")
_YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"}


def scalar(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        raise ValueError(f"no scalar for {value!r}")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(scalar(v) for v in value) + "]"
    text = str(value)
    if _PLAIN.fullmatch(text) and text.casefold() not in _YAML_WORDS:
        return text
    return json.dumps(text, ensure_ascii=False)


def case_line(item: OldCase, lang: str | None, group: str | None,
              outcome: dict[str, Any] | None = None) -> str:  # fmt: skip
    fields: dict[str, Any] = {"say": item.say[0] if len(item.say) == 1 else list(item.say)}
    if lang is not None:
        fields["lang"] = lang
    fields["intent"] = item.intent
    if group is not None:
        fields["group"] = group
    fields |= outcome if outcome is not None else to_outcome(item.expect)
    return "  - {" + ", ".join(f"{key}: {scalar(value)}" for key, value in fields.items()) + "}"


def _block(text: str, indent: str = "  ") -> str:
    return "\n".join((indent + line).rstrip() for line in text.strip("\n").splitlines())


def data_text(path: Path, written: str, scored: str, left: dict[str, str],
              name: str | None = None, precise: dict[str, dict[str, Any]] | None = None,
              ) -> str:  # fmt: skip
    """The data file of the module at ``path``; ``precise`` gives, by a case's last request,
    the outcome its comments state where its ``expect`` tuple could only come close."""
    precise = precise or {}
    module = read_module(path)
    lines = ["# A phrasing set: tests/phrasing/README.md describes the format and the outcome "
             "words.", f"name: {scalar(name or path.stem)}", f"written: {written}",
             f"score: {scalar(scored)}"]  # fmt: skip
    lines += ["about: |", _block(module.doc)]
    if left:
        lines.append("left:")
        lines += [f"  {scalar(say)}: {scalar(why)}" for say, why in left.items()]
    if module.mtimes:
        lines.append("mtimes:")
        for label, files in module.mtimes.items():
            lines.append(f"  {label}:")
            lines += [f"    {scalar(file)}: {days}" for file, days in files.items()]
    if module.groups:
        lines.append("groups:")
        lines += [f"  {group}: {scalar(note)}" for group, note in module.groups.items()]
    for label, cases in (("sample", module.sample), ("project", module.project)):
        lines.append(f"{label}:")
        for read in cases:
            lines += [f"  # {note}" if note else "  #" for note in read.comments]
            exact = precise.get(read.case.say[-1])
            if exact is not None:
                lines.append(f"  # (written as {read.case.expect!r}, the closest outcome the "
                             "judge then had; stated here as the comments say it precisely)")
            lines.append(case_line(read.case, read.lang, read.group, exact))
    return "\n".join(lines) + "\n"


def check(path: Path, text: str, precise: dict[str, dict[str, Any]] | None = None) -> None:
    """The data file read back gives every case of the module, word for word (the outcome
    too, but where ``precise`` states it instead)."""
    from agent_judge import Outcome  # the judge reads what the file says

    precise = precise or {}
    module = read_module(path)
    data = yaml.safe_load(text)
    for label, cases in (("sample", module.sample), ("project", module.project)):
        rows = data[label]
        assert len(rows) == len(cases), (label, len(rows), len(cases))
        for read, row in zip(cases, rows, strict=True):
            say = tuple(row["say"]) if isinstance(row["say"], list) else (row["say"],)
            assert say == read.case.say, (say, read.case.say)
            assert row.get("lang") == read.lang and row["intent"] == read.case.intent
            assert row.get("group") == read.group
            exact = precise.get(read.case.say[-1])
            if exact is not None:
                assert Outcome.of(row) == Outcome.of(exact), (row, exact)
                continue
            old = read.case.expect
            if old == ("refuse",):  # a refusal with no rule named is the bulk one
                old = ("refuse", "bulk_change")
            assert Outcome.of(row).as_old() == old, (Outcome.of(row), old)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("module", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--written", required=True, help="the day the set was written")
    parser.add_argument("--scored", required=True, help="its score now, e.g. 98/100")
    parser.add_argument("--name", help="the set's name (default: the data file's stem)")
    parser.add_argument("--left", default="{}", help="a JSON object: request -> why it fails")
    parser.add_argument("--precise", type=Path, help="a YAML file: request -> its precise "
                        "outcome, where the module's comments state one")
    args = parser.parse_args()
    precise = yaml.safe_load(args.precise.read_text(encoding="utf-8")) if args.precise else {}
    text = data_text(args.module, args.written, args.scored, json.loads(args.left),
                     args.name or args.out.stem, precise)  # fmt: skip
    check(args.module, text, precise)
    args.out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
