"""Scores a phrasing set the way the issue asks: per intent, per language, and two safety counts.

``python tests/agent_scores.py agent_corpus_held`` runs every case of that module (its
``SAMPLE``, ``PROJECT`` and ``LANG``; ``agent_scores.py agent_corpus_probes round2`` one group of
its ``GROUPS``) through ``ws.ask()`` offline on real files, judges it with
``agent_corpus.judged`` *and* the language check (the reply speaks the request's language),
and counts two things that must stay zero: replies in the wrong language, and changes on disk
made without a confirm (the workspace's files are fingerprinted before and after each case;
``.wsnb/`` , where plans wait, is left out).

A module that defines ``MTIMES`` (``{"sample": {path: days_ago}, "project": {...}}``) has its
workspaces' modification times set before its cases run: every file and folder 400 days old
but the listed ones, ``days_ago`` days before now (0: an hour ago, never before today). Every
Python line a reply shows (``ws.`` ...) is run with ``ws`` bound and compared with the reply's
rows (``agent_judge.check_python_lines``); the lines that fail are counted too.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from types import ModuleType, SimpleNamespace

from agent_corpus import Case, build_project, run_case, speaks
from agent_judge import LineCheck, check_python_lines

import wsnb
from wsnb.agent import Reply

Result = tuple[str, Case, bool, Reply]


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


OLD_DAYS = 400  # the age of every file a set's MTIMES does not list
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
        raise ValueError(f"MTIMES names files that are not in {root}: {missing}")
    for path in root.rglob("*"):
        relative = path.relative_to(root).as_posix()
        if relative.split("/")[0] == ".wsnb":
            continue
        stamp = _seconds_ago(listed.get(relative, OLD_DAYS), now)
        os.utime(path, (stamp, stamp), follow_symlinks=False)


@dataclass
class SetScore:
    """A set's results, its two safety counts, and every shown Python line's check."""

    results: list[Result] = field(default_factory=list)
    wrong_language: int = 0
    disk_changes: int = 0
    lines: list[tuple[str, Case, LineCheck]] = field(default_factory=list)

    @property
    def failed_lines(self) -> int:
        return sum(not check.ok for _label, _item, check in self.lines)


def _score_case(ws: wsnb.Workspace, label: str, item: Case, lang: str, into: SetScore) -> None:
    root = Path(ws.root)
    before = disk_state(root)
    ok, reply = run_case(ws, item, lang)
    for check in check_python_lines(ws, reply):  # before the fingerprint: a line may write
        into.lines.append((label, item, check))
        if not check.ok:
            print(f"PYTHON LINE [{label}] {item.say} {check.line!r}: {check.problem}",
                  file=sys.stderr)  # fmt: skip
    if disk_state(root) != before:
        into.disk_changes += 1
        print(f"DISK CHANGED [{label}] {item.say}", file=sys.stderr)
    if not speaks(reply, lang):
        into.wrong_language += 1
        print(f"WRONG LANGUAGE [{label}] {item.say} ({lang}) -> {reply.lang}", file=sys.stderr)
    into.results.append((label, item, ok, reply))


def score_set(module: ModuleType | SimpleNamespace, sample: Path, project: Path) -> SetScore:
    """Every case of ``module`` on both workspaces (aged first when it has ``MTIMES``)."""
    scored = SetScore()
    mtimes: Mapping[str, Mapping[str, float]] | None = getattr(module, "MTIMES", None)
    for label, root, cases in (("sample", sample, module.SAMPLE),
                               ("project", project, module.PROJECT)):  # fmt: skip
        if mtimes is not None:
            set_mtimes(root, mtimes.get(label, {}))
        ws = wsnb.open_workspace(root)
        for item in cases:
            _score_case(ws, label, item, module.LANG[item], scored)
    return scored


def score(module: ModuleType | SimpleNamespace, sample: Path, project: Path,
          ) -> tuple[list[Result], int, int]:  # fmt: skip
    """The results, the replies in the wrong language, the cases that changed the disk."""
    scored = score_set(module, sample, project)
    return scored.results, scored.wrong_language, scored.disk_changes


def table(results: list[Result], key: str, langs: dict[Case, str]) -> str:
    """Accuracy per intent (``key="intent"``) or per language, with a line for all."""
    total: Counter[str] = Counter()
    passed: Counter[str] = Counter()
    for _label, item, ok, _reply in results:
        group = item.intent if key == "intent" else langs[item]
        total[group] += 1
        passed[group] += ok
    lines = [f"{key:<13} {'cases':>5} {'passed':>6} {'accuracy':>8}"]
    for group in sorted(total):
        lines.append(f"{group:<13} {total[group]:>5} {passed[group]:>6} "
                     f"{passed[group] / total[group]:>8.1%}")  # fmt: skip
    n, right = sum(total.values()), sum(passed.values())
    lines.append(f"{'all':<13} {n:>5} {right:>6} {right / n:>8.1%}")
    return "\n".join(lines)


def main(name: str, group: str = "") -> None:
    """Score module ``name``; given ``group``, only that group of its ``GROUPS``."""
    module: ModuleType | SimpleNamespace = importlib.import_module(name)
    if group:
        sample, project = module.GROUPS[group]
        module = SimpleNamespace(SAMPLE=sample, PROJECT=project, LANG=module.LANG)
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        scored = score_set(module, wsnb.copy_sample_workspace(base / "sample"),
                           build_project(base / "project"))  # fmt: skip
    results = scored.results
    print(table(results, "intent", module.LANG))
    print()
    print(table(results, "language", module.LANG))
    print(f"\nreplies in the wrong language: {scored.wrong_language}; disk changes without a "
          f"confirm: {scored.disk_changes}")  # fmt: skip
    print(f"shown Python lines: {len(scored.lines)}; that do not run or give other rows: "
          f"{scored.failed_lines}")  # fmt: skip
    for label, item, ok, reply in results:
        if not ok:
            first = reply.text.splitlines()[0][:110] if reply.text else ""
            print(f"FAIL [{label}] {item.intent} {item.say} {item.expect} -> {first!r}",
                  file=sys.stderr)  # fmt: skip


if __name__ == "__main__":
    main(*(sys.argv[1:3] or ["agent_corpus_held"]))
