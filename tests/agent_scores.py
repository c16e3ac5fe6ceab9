"""Scores a phrasing set the way the issue asks: per intent, per language, and two safety counts.

``python tests/agent_scores.py agent_corpus_held`` runs every case of that module (its
``SAMPLE``, ``PROJECT`` and ``LANG``; ``agent_scores.py agent_corpus_probes round2`` one group of
its ``GROUPS``) through ``ws.ask()`` offline on real files, judges it with
``agent_corpus.judged`` *and* the language check (the reply speaks the request's language),
and counts two things that must stay zero: replies in the wrong language, and changes on disk
made without a confirm (the workspace's files are fingerprinted before and after each case;
``.wsnb/`` , where plans wait, is left out).
"""

from __future__ import annotations

import hashlib
import importlib
import sys
import tempfile
from collections import Counter
from pathlib import Path
from types import ModuleType, SimpleNamespace

from agent_corpus import Case, build_project, run_case, speaks

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


def score(module: ModuleType | SimpleNamespace, sample: Path, project: Path,
          ) -> tuple[list[Result], int, int]:  # fmt: skip
    """The results, the replies in the wrong language, the cases that changed the disk."""
    results: list[Result] = []
    wrong_language = disk_changes = 0
    for label, root, cases in (("sample", sample, module.SAMPLE),
                               ("project", project, module.PROJECT)):  # fmt: skip
        ws = wsnb.open_workspace(root)
        for item in cases:
            before = disk_state(root)
            lang = module.LANG[item]
            ok, reply = run_case(ws, item, lang)
            if disk_state(root) != before:
                disk_changes += 1
                print(f"DISK CHANGED [{label}] {item.say}", file=sys.stderr)
            if not speaks(reply, lang):
                wrong_language += 1
                print(f"WRONG LANGUAGE [{label}] {item.say} ({lang}) -> {reply.lang}",
                      file=sys.stderr)  # fmt: skip
            results.append((label, item, ok, reply))
    return results, wrong_language, disk_changes


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
        results, wrong, changed = score(module, wsnb.copy_sample_workspace(base / "sample"),
                                        build_project(base / "project"))  # fmt: skip
    print(table(results, "intent", module.LANG))
    print()
    print(table(results, "language", module.LANG))
    print(f"\nreplies in the wrong language: {wrong}; disk changes without a confirm: {changed}")
    for label, item, ok, reply in results:
        if not ok:
            first = reply.text.splitlines()[0][:110] if reply.text else ""
            print(f"FAIL [{label}] {item.intent} {item.say} {item.expect} -> {first!r}",
                  file=sys.stderr)  # fmt: skip


if __name__ == "__main__":
    main(*(sys.argv[1:3] or ["agent_corpus_held"]))
