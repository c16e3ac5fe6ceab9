"""The agent's ranker after a confirmed plan, and name resolution, against references.

Builds a tree of ``--files`` small source and Markdown files in a temporary
folder, then measures in the same run:

- the ranker's update after a confirmed one-file plan (only the changed rows are
  read again) against a full build of the ranker over the same index (the
  reference: what every plan cost before); target: the update ≤ 5 % of a build;
- ``resolve_name`` (exact path, then name, then stem, then fuzzy) against
  ``ws.find`` on the same index (the reference), for names that exist and for a
  typo (the fuzzy path); target: ≤ 3x, since it answers every name a person types.

Best of ``--repeats``; prints milliseconds and ratios.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import wsnb
from wsnb.agent import Agent
from wsnb.agent.actions import Session
from wsnb.agent.resolve import resolve_name
from wsnb.agent.retrieval import _RANKED, RankedFiles, workspace_ranker


def build_tree(root: Path, files: int) -> None:
    for n in range(files):
        folder = root / f"pkg{n % 40:02}"
        folder.mkdir(parents=True, exist_ok=True)
        if n % 3:
            body = f'"""Module {n}."""\n\n\ndef handler_{n}(value):\n    return value * {n}\n'
            (folder / f"module_{n}.py").write_text(body * 8, encoding="utf-8")
        else:
            text = f"# Note {n}\n\nThe cache for order {n} keeps prices.\n\n## Details\n"
            (folder / f"note_{n}.md").write_text(text * 8, encoding="utf-8")


def best(repeats: int, run: Callable[[], object]) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def ranker_figures(ws: wsnb.Workspace, repeats: int) -> tuple[float, float]:
    session = Session(ws, Agent(ws, environ={}).context)

    def full_build() -> None:
        _RANKED[ws] = RankedFiles()
        workspace_ranker(session)

    build = best(repeats, full_build)
    counter = iter(range(10**6))

    def one_plan_then_update() -> None:
        n = next(counter)
        plan = ws.create_file(f"extra/new_{n}.md", f"# New {n}\n\nPrices again.\n")
        plan.confirm()  # outside the timing would be fairer, but the plan is quick
        start = time.perf_counter()
        workspace_ranker(session)
        update_times.append(time.perf_counter() - start)

    update_times: list[float] = []
    full_build()
    for _ in range(repeats):
        one_plan_then_update()
    return build, min(update_times)


def resolve_figures(ws: wsnb.Workspace, repeats: int,
                    names: list[str]) -> tuple[float, float]:  # fmt: skip
    resolve_name(ws, names[0])  # the per-index table of names is built once, as in a session
    resolve = best(repeats, lambda: [resolve_name(ws, n) for n in names])
    find = best(repeats, lambda: [ws.find(n) for n in names])
    return resolve, find


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "tree"
        build_tree(root, args.files)
        ws = wsnb.open_workspace(root)
        ws.scan()
        build, update = ranker_figures(ws, args.repeats)
        print(f"ranker: full build {build * 1000:.1f} ms, update after one plan "
              f"{update * 1000:.2f} ms, ratio {update / build:.3f} (target <= 0.05)")
        for label, names in (("names", ["module_100.py", "note_99", "pkg03/module_301.py"]),
                             ("a typo", ["modul_10.py"])):  # fmt: skip
            resolve, find = resolve_figures(ws, args.repeats, names)
            print(f"{label}: resolve_name {resolve * 1000:.2f} ms, ws.find {find * 1000:.2f} ms, "
                  f"ratio {resolve / find:.2f} (target <= 3)")


if __name__ == "__main__":
    main()
