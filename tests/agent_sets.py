"""The phrasing sets as data: read a set, run its cases through the chat, score it.

Each set is one file under ``tests/phrasing/`` (``README.md`` there describes the format), named
by the day it was written and what it covers. Its cases run on three workspaces: the bundled
sample, the small shop project ``build_project`` makes, and the bundled notebook sample (a small
analysis: ``wsnb.copy_sample_workspace(dest, notebooks=True)``). Every case goes through
``ws.ask()`` offline on real files in a fresh conversation; plans are cancelled, never
confirmed. ``tests/agent_judge.py`` judges each last reply by the case's outcome word.

``python tests/agent_sets.py 2026-12-04-blind-9a-newcomers`` (a set's name, or a path to its
file; ``--group probe3`` one group of a set that has groups) prints the accuracy per intent and
per language and two counts that must stay zero: replies in the wrong language, and changes on
disk made without a confirm (the workspaces' files are fingerprinted before and after each
case; ``.wsnb/``, where plans wait, is left out). Every Python line a reply shows (``ws.`` ...)
is run with ``ws`` bound and compared with the reply's rows
(``agent_judge.check_python_lines``); the lines that fail are counted too.

A set with ``mtimes`` (``{sample: {path: days_ago}, project: {...}, notebooks: {...}}``) has
its workspaces' modification times set before its cases run: every file and folder 400 days
old but the listed ones, ``days_ago`` days before now (0: an hour ago, never before today).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import yaml
from agent_judge import LineCheck, Outcome, check_python_lines, judged, speaks

import wsnb
from wsnb.agent import Agent, Reply

SETS = Path(__file__).resolve().parent / "phrasing"
_SET_KEYS = {"name", "written", "score", "about", "left", "mtimes", "groups", "sample",
             "project", "notebooks"}  # fmt: skip
LABELS = ("sample", "project", "notebooks")  # the workspaces, as a set's sections name them


@dataclass(frozen=True)
class Case:
    """What a person typed (earlier messages first), in which language, and the outcome."""

    say: tuple[str, ...]
    intent: str
    outcome: Outcome
    lang: str | None = None  # None: the reply's language is not judged
    group: str | None = None

    @classmethod
    def of(cls, row: Mapping[str, Any]) -> Case:
        say = row["say"]
        said = (say,) if isinstance(say, str) else tuple(str(s) for s in say)
        lang = row.get("lang")
        if lang not in (None, "en", "zh"):
            raise ValueError(f"lang must be en or zh, not {lang!r}: {row}")
        return cls(said, str(row["intent"]), Outcome.of(row), lang, row.get("group"))


@dataclass
class PhrasingSet:
    """One set: its story, its recorded score and the cases left failing, and its cases."""

    name: str
    written: str
    score: str  # "passed/cases", as recorded; the phrasing test keeps it
    about: str
    sample: list[Case]
    project: list[Case]
    left: dict[str, str] = field(default_factory=dict)  # the last request -> why it fails
    mtimes: dict[str, dict[str, float]] | None = None
    groups: dict[str, str] = field(default_factory=dict)
    notebooks: list[Case] = field(default_factory=list)

    @property
    def cases(self) -> list[Case]:
        return self.sample + self.project + self.notebooks

    def section(self, label: str) -> list[Case]:
        """The cases run on the workspace ``label`` names (one of ``LABELS``)."""
        return {"sample": self.sample, "project": self.project,
                "notebooks": self.notebooks}[label]  # fmt: skip

    def only(self, group: str) -> PhrasingSet:
        """The set with the cases of one group only."""
        if group not in self.groups:
            raise ValueError(f"{self.name} has no group {group!r}; it has {sorted(self.groups)}")
        return PhrasingSet(self.name, self.written, "", self.about,
                           [c for c in self.sample if c.group == group],
                           [c for c in self.project if c.group == group],
                           mtimes=self.mtimes,
                           notebooks=[c for c in self.notebooks if c.group == group])  # fmt: skip


def set_path(name: str) -> Path:
    path = Path(name)
    return path if path.suffix == ".yaml" and path.exists() else SETS / f"{name}.yaml"


def load_set(name: str) -> PhrasingSet:
    """The set called ``name`` (its file's stem) or stored at the path ``name``."""
    path = set_path(name)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    unknown = set(data) - _SET_KEYS
    if unknown:
        raise ValueError(f"{path.name}: unknown keys {sorted(unknown)}")
    if data["name"] != path.stem:
        raise ValueError(f"{path.name}: its name is {data['name']!r}, not its file's stem")
    cases = {label: [Case.of(row) for row in data.get(label) or []] for label in LABELS}
    return PhrasingSet(
        str(data["name"]), str(data["written"]), str(data["score"]), str(data["about"]),
        cases["sample"], cases["project"],
        {str(k): str(v) for k, v in (data.get("left") or {}).items()}, data.get("mtimes"),
        {str(k): str(v) for k, v in (data.get("groups") or {}).items()}, cases["notebooks"],
    )  # fmt: skip


def set_names() -> list[str]:
    """Every set's name, oldest first."""
    return sorted(path.stem for path in SETS.glob("*.yaml"))


# -- the three workspaces -------------------------------------------------------------------------


def build_project(root: Path) -> Path:
    """The second workspace: a small project of our own."""
    files = {
        "README.md": "# Shop\n\nA tiny shop: a Python back end and a JavaScript page.\n",
        "shop/__init__.py": '"""The shop package."""\n',
        "shop/utils.py": "def slugify(text):\n    return text.lower().replace(' ', '-')\n\n\n"
                         "class PriceCache:\n    pass\n",
        "shop/models.py": "class Order:\n    pass\n\n\nclass Customer:\n    pass\n",
        "web/utils.js": "export function formatPrice(value) {\n  return value.toFixed(2);\n}\n",
        "web/cart.js": "function renderCart(items) {\n  return items.length;\n}\n",
        "docs/设计说明.md": "# 设计说明\n\n订单和顾客的设计。\n",
        "docs/meeting notes.md": "# Meeting notes\n\nWe talked about PriceCache.\n",
        "notes/待办.txt": "买牛奶\n",
        "data/report 2024.csv": "month,total\n1,10\n",
        "lib/widget.cpp": "#include \"widget.h\"\nint widgetSize() { return 3; }\n",
        "lib/widget.h": "int widgetSize();\n",
    }
    files |= {f"journal/log_{n:02}.txt": f"entry {n}\n" for n in range(1, 43)}
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def workspaces(base: Path) -> tuple[Path, Path, Path]:
    """The sample, the project and the notebook sample, made afresh under ``base``."""
    return (wsnb.copy_sample_workspace(base / "sample"), build_project(base / "project"),
            wsnb.copy_sample_workspace(base / "notebooks", notebooks=True))


def disk_state(root: Path) -> dict[str, tuple[int, str]]:
    """Every file and folder under ``root`` (``.wsnb`` aside): its size and content hash."""
    state: dict[str, tuple[int, str]] = {}
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root).as_posix()
        if relative.split("/")[0] == ".wsnb":
            continue
        if path.is_file():
            data = path.read_bytes()
            state[relative] = (len(data), hashlib.sha1(data).hexdigest())
        else:
            state[relative] = (-1, "")
    return state


OLD_DAYS = 400  # the age of every file a set's mtimes does not list
_DAY, _HOUR = 86_400.0, 3_600.0


def _seconds_ago(days: float, now: float) -> float:
    """``days`` before ``now``; 0 is an hour ago, or less when today began under two hours ago."""
    if days:
        return now - days * _DAY
    midnight = datetime.fromtimestamp(now).replace(hour=0, minute=0, second=0, microsecond=0)
    return now - min(_HOUR, (now - midnight.timestamp()) / 2)


def set_mtimes(root: Path, listed: Mapping[str, float], now: float | None = None) -> None:
    """Every file and folder under ``root`` (``.wsnb`` aside) ``OLD_DAYS`` old, but the
    ``listed`` ones (workspace-relative path: days before ``now``)."""
    now = time.time() if now is None else now
    missing = [path for path in listed if not (root / path).exists()]
    if missing:
        raise ValueError(f"mtimes names files that are not in {root}: {missing}")
    for path in root.rglob("*"):
        relative = path.relative_to(root).as_posix()
        if relative.split("/")[0] == ".wsnb":
            continue
        stamp = _seconds_ago(listed.get(relative, OLD_DAYS), now)
        os.utime(path, (stamp, stamp), follow_symlinks=False)


# -- running and scoring --------------------------------------------------------------------------


def run_case(ws: wsnb.Workspace, item: Case) -> tuple[bool, Reply]:
    """The case's messages through ``ws.ask()`` in a fresh offline conversation, and whether
    the last reply holds the outcome; every plan is cancelled."""
    ws._agent = Agent(ws, environ={})
    reply = Reply("")
    for message in item.say:
        reply = ws.ask(message)
        for plan in reply.plans:
            if message != item.say[-1]:
                plan.cancel()
    ok = judged(ws, reply, item.outcome, item.lang)
    for plan in reply.plans:
        plan.cancel()
    return ok, reply


Result = tuple[str, Case, bool, Reply]


@dataclass
class SetScore:
    """A set's results, its two safety counts, and every shown Python line's check."""

    results: list[Result] = field(default_factory=list)
    wrong_language: int = 0
    disk_changes: int = 0
    lines: list[tuple[str, Case, LineCheck]] = field(default_factory=list)

    @property
    def passed(self) -> int:
        return sum(ok for _label, _item, ok, _reply in self.results)

    @property
    def failed(self) -> list[str]:
        """The last request of every case that failed, in order."""
        return [item.say[-1] for _label, item, ok, _reply in self.results if not ok]

    @property
    def failed_lines(self) -> int:
        return sum(not check.ok for _label, _item, check in self.lines)


def _score_case(ws: wsnb.Workspace, label: str, item: Case, into: SetScore) -> None:
    root = Path(ws.root)
    before = disk_state(root)
    ok, reply = run_case(ws, item)
    for check in check_python_lines(ws, reply):  # before the fingerprint: a line may write
        into.lines.append((label, item, check))
        if not check.ok:
            print(f"PYTHON LINE [{label}] {item.say} {check.line!r}: {check.problem}",
                  file=sys.stderr)  # fmt: skip
    if disk_state(root) != before:
        into.disk_changes += 1
        print(f"DISK CHANGED [{label}] {item.say}", file=sys.stderr)
    if item.lang is not None and not speaks(reply, item.lang):
        into.wrong_language += 1
        print(f"WRONG LANGUAGE [{label}] {item.say} ({item.lang}) -> {reply.lang}",
              file=sys.stderr)  # fmt: skip
    into.results.append((label, item, ok, reply))


def score_set(chosen: PhrasingSet, sample: Path, project: Path,
              notebooks: Path | None = None) -> SetScore:  # fmt: skip
    """Every case of ``chosen`` on its workspaces (aged first when it has ``mtimes``)."""
    scored = SetScore()
    roots = {"sample": sample, "project": project, "notebooks": notebooks}
    for label in LABELS:
        root, cases = roots[label], chosen.section(label)
        if not cases:
            continue
        if root is None:
            raise ValueError(f"{chosen.name} has {label} cases: score_set needs that workspace")
        if chosen.mtimes is not None:
            set_mtimes(root, chosen.mtimes.get(label, {}))
        ws = wsnb.open_workspace(root)
        for item in cases:
            _score_case(ws, label, item, scored)
    return scored


def table(results: list[Result], key: str) -> str:
    """Accuracy per intent (``key="intent"``) or per language, with a line for all."""
    total: Counter[str] = Counter()
    passed: Counter[str] = Counter()
    for _label, item, ok, _reply in results:
        group = item.intent if key == "intent" else item.lang or "-"
        total[group] += 1
        passed[group] += ok
    lines = [f"{key:<13} {'cases':>5} {'passed':>6} {'accuracy':>8}"]
    for group in sorted(total):
        lines.append(f"{group:<13} {total[group]:>5} {passed[group]:>6} "
                     f"{passed[group] / total[group]:>8.1%}")  # fmt: skip
    n, right = sum(total.values()), sum(passed.values())
    lines.append(f"{'all':<13} {n:>5} {right:>6} {right / n:>8.1%}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", help="set names or files (default: every set)")
    parser.add_argument("--group", help="one group of the set")
    args = parser.parse_args()
    for name in args.sets or set_names():
        chosen = load_set(name)
        if args.group:
            chosen = chosen.only(args.group)
        with tempfile.TemporaryDirectory() as folder:
            scored = score_set(chosen, *workspaces(Path(folder)))
        results = scored.results
        print(f"== {chosen.name} ({chosen.written}): {scored.passed}/{len(results)}"
              f" (recorded: {chosen.score or '-'})")  # fmt: skip
        print(table(results, "intent"))
        print()
        print(table(results, "language"))
        print(f"\nreplies in the wrong language: {scored.wrong_language}; disk changes without "
              f"a confirm: {scored.disk_changes}")  # fmt: skip
        print(f"shown Python lines: {len(scored.lines)}; that do not run or give other rows: "
              f"{scored.failed_lines}\n")  # fmt: skip
        for label, item, ok, reply in results:
            if not ok:
                first = reply.text.splitlines()[0][:110] if reply.text else ""
                print(f"FAIL [{label}] {item.intent} {item.say} {item.outcome} -> {first!r}",
                      file=sys.stderr)  # fmt: skip


if __name__ == "__main__":
    main()
