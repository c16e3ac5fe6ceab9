"""The offline chat on a real-shaped tree: how long a request takes to understand and answer.

    python bench/bench_ask.py [--copies 4] [--repeats 5]
    python bench/bench_ask.py --root /tmp/realtree4      # an existing tree

Lays out the real-shaped tree (``../shared/bench-data/real-tree/make_tree.py``,
``--copies`` copies of sympy and jupyterlab: about 20,600 files at 4) in a temporary
folder unless ``--root`` names one, and prints, with the load average:

* the first request after opening: the agent builds its table of the index's names
  (paths, names, stems, words of names) once per index state;
* ``understand()`` alone (names found in the workspace, the words read, the intent
  decided) and a whole ``ws.ask()`` offline, p50 and p90 over everyday requests in both
  languages: a read, a find, a text search, a definition, a count, a plan, a refusal;
* the references, in the same run: ``ws.find`` of one name on the same index, and
  ``ws.grep`` of one word (what a text search or a definition asked in the chat costs);
* questions over the index's columns (a kind, a size, a time, a folder, a count), a whole
  ``ws.ask()`` each: the answer is a slice of ``ws.files`` and its Python line;
* a name renamed everywhere (``ws.rename_identifier``) proposed on the whole tree, beside
  ``ws.grep`` of the same name in the same run: a name the bench plants in 12 files of
  several languages of its own tree (``--root``: the planted name when the tree holds it,
  ``--plant`` plants it first; else a name the tree's Python defines in 1 to 50 files).

The targets: understanding a request costs at most 5x one name search (a person types a
sentence; it should feel as quick as a search box) and under 5 ms p50, "where is X defined"
at most 2x one text search (it is one, over the files), and a kind/size/time question is
answered in under 30 ms p50; a rename across the tree proposes in under 2 s.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import wsnb
from wsnb.agent import Agent
from wsnb.agent.understand import understand

# The shared data sits beside the checkout (``../shared``), as it does for CI.
REAL_TREE = (Path(__file__).resolve().parents[2] / "shared" / "bench-data" / "real-tree"
             / "make_tree.py")


def requests(ws: wsnb.Workspace) -> list[str]:
    """Everyday requests naming real entries of the tree."""
    files = ws.files[~ws.files["is_dir"]]["path"].tolist()
    py = next(p for p in files if p.endswith(".py") and "/" in p)
    md = next((p for p in files if p.endswith(".md")), py)
    folder = py.rsplit("/", 1)[0]
    name = py.rsplit("/", 1)[1]
    return [
        f"show me {name}", f"看看 {md.rsplit('/', 1)[1]} 里写了什么",
        f"where is {name.removesuffix('.py')}", "which files mention TODO",
        "where is the Basic class defined", f"how many python files are in {folder}",
        f"{folder} 里有几个文件", f"rename {name} to renamed_{name}",
        f"把 {name} 复制一份", f"delete {py} for good",
    ]  # fmt: skip


def new_kinds(ws: wsnb.Workspace) -> list[str]:
    """Requests of issue 41's kinds: a switch, a key without its file, a count of the file just
    read, a size in words, a sort with a count, a file by its role, a name renamed everywhere
    (these read settings files or search the text while they are understood)."""
    folder = ws.files[ws.files["is_dir"]]["path"].iloc[0]
    return ["turn debug on", "set max_widgets to 20", "how many lines is it?",
            "files bigger than half a megabyte", "按大小排个序，列出前五个",
            f"show me the manifest of {folder}", "关掉 verbose",
            f"rename {PLANTED} to {PLANTED}_x everywhere"]


def index_questions(ws: wsnb.Workspace) -> list[str]:
    """Questions over ``ws.files``' columns, in both languages."""
    folder = ws.files[ws.files["is_dir"]]["path"].iloc[0]
    return ["show me the python files", "the 5 largest files", "what changed today",
            "how many markdown files are there", f"json files in {folder}",
            "最大的 3 个文件", "列出所有图片", "最近改过哪些文件", "这周改过哪些 py 文件"]


def timed(fn: Callable[[], object], repeats: int) -> list[float]:
    out = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


PLANTED = "wsnb_bench_total"


def plant(root: Path, count: int = 12) -> None:
    """The name ``PLANTED`` in ``count`` files of the tree, spread over its languages."""
    suffixes = (".py", ".ts", ".md", ".tsx", ".json")
    chosen: list[Path] = []
    for suffix in suffixes:
        found = sorted(p for p in root.rglob(f"*{suffix}") if "node_modules" not in p.parts)
        chosen += found[:: max(1, len(found) // 3)][:3]
    for path in chosen[:count]:
        with path.open("a", encoding="utf-8") as handle:
            handle.write(f"\n{PLANTED} = {PLANTED}_count + 1  # {PLANTED}s stays\n")


def defined_name(ws: wsnb.Workspace) -> str | None:
    """A name the tree's Python defines in 1 to 50 files, if there is one."""
    rows = ws.grep(r"^def (\w{8,})\(", regex=True, case=True, limit=200)
    for text in rows["text"]:
        name = re.match(r"def (\w+)", str(text).strip())
        if name and 0 < ws.grep(name.group(1), case=True, limit=None)["path"].nunique() <= 50:
            return name.group(1)
    return None


def rename_report(ws: wsnb.Workspace, name: str | None, repeats: int) -> None:
    if name is None:
        print("rename: no name of the tree stands in 1 to 50 files; nothing measured")
        return
    proposals, steps = [], 0
    for _ in range(repeats):
        start = time.perf_counter()
        plan = ws.rename_identifier(name, name + "_renamed")
        proposals.append((time.perf_counter() - start) * 1000)
        steps = len(plan.steps)
        plan.cancel()
    grep = timed(lambda: ws.grep(name, case=True, limit=None), repeats)
    p50, ref = statistics.median(proposals), statistics.median(grep)
    print(f"ws.rename_identifier({name!r}): {steps} files, propose p50 {p50:7.1f} ms "
          f"(max {max(proposals):.1f}); reference ws.grep of the name p50 {ref:7.1f} ms; "
          f"ratio {p50 / ref:4.2f}x; target < 2,000 ms")


def report(root: Path, repeats: int) -> None:
    ws = wsnb.open_workspace(root, watch=False)
    ws._agent = Agent(ws, environ={})
    files = len(ws.files)
    start = time.perf_counter()
    understand(ws, "show me README.md")
    first = (time.perf_counter() - start) * 1000
    said = requests(ws)
    thinking = [t for text in said for t in timed(lambda text=text: understand(ws, text),
                                                  repeats)]  # fmt: skip
    answers: list[float] = []
    each: dict[str, float] = {}
    for text in said:
        times = []
        for _ in range(repeats):
            begin = time.perf_counter()
            reply = ws.ask(text)
            times.append((time.perf_counter() - begin) * 1000)
            for plan in reply.plans:
                plan.cancel()
        answers += times
        each[text] = statistics.median(times)
    name = said[0].removeprefix("show me ")
    reference = timed(lambda: ws.find(name), repeats * len(said))
    ref = statistics.median(reference)
    load = os.getloadavg()[0]
    print(f"tree: {files:,} entries at {root}; load {load:.1f}")
    print(f"first request (the names table is built): {first:8.1f} ms")
    for label, values in (("understand()", thinking), ("ws.ask() offline", answers),
                          ("reference: ws.find(name)", reference)):  # fmt: skip
        p50, p90 = statistics.median(values), pct(values, 0.9)
        print(f"{label:<26} p50 {p50:7.1f} ms  p90 {p90:7.1f} ms  p50 ratio {p50 / ref:5.2f}x")
    for text, p50 in each.items():
        print(f"  ws.ask {text!r:<48} p50 {p50:8.1f} ms")
    asked = index_questions(ws)
    kinds = [t for text in asked for t in timed(lambda text=text: ws.ask(text), repeats)]
    minds = [t for text in asked for t in timed(lambda text=text: understand(ws, text), repeats)]
    fresh = [t for text in new_kinds(ws)
             for t in timed(lambda text=text: understand(ws, text), repeats)]  # fmt: skip
    for label, values in (("understand() index q.", minds), ("ws.ask() index questions", kinds),
                          ("understand() issue-41 kinds", fresh)):  # fmt: skip
        p50, p90 = statistics.median(values), pct(values, 0.9)
        print(f"{label:<26} p50 {p50:7.1f} ms  p90 {p90:7.1f} ms  p50 ratio {p50 / ref:5.2f}x")
    grep = timed(lambda: ws.grep("TODO"), repeats)
    print(f"reference: ws.grep('TODO') p50 {statistics.median(grep):7.1f} ms (a text search "
          f"answers from the files, as the chat's does)")
    planted = not ws.grep(PLANTED, case=True, limit=1).empty
    rename_report(ws, PLANTED if planted else defined_name(ws), repeats)
    ws.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=4, help="copies of the real-shaped tree")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--root", type=Path, help="an existing tree to use instead")
    parser.add_argument("--plant", action="store_true", help="plant the renamed name in --root")
    args = parser.parse_args()
    if args.root is not None:
        if args.plant:
            plant(args.root)
        report(args.root, args.repeats)
        return 0
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "tree"
        subprocess.run([sys.executable, str(REAL_TREE), str(root), "--copies",
                        str(args.copies)], check=True, stdout=subprocess.DEVNULL)  # fmt: skip
        plant(root)
        report(root, args.repeats)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
