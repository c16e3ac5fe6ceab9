"""Notebooks as cells, measured on real notebooks: search, what an agent reads, ``ws.notebooks``.

    python bench/bench_notebooks.py --root PATH           # a folder of real notebooks
    python bench/bench_notebooks.py --root PATH --table-root PATH2 --table-count 300

The notebooks under ``--root`` (every ``.ipynb``, nothing else) are copied into a
temporary workspace, so wsnb and ripgrep read the very same files. Three parts:

1. **Search**, best of ``--repeats``, timed in turns so the machine's load weighs on
   both alike: ``ws.grep``'s tool (a person's limits, no row or file bound, one process)
   cold (the notebook cache emptied before each run: every notebook read and parsed)
   and warm (the cache kept), against ``rg -j1 -c`` on the same files, which reads their
   JSON whole, base64 and all. For reference, the same search over the same bytes as
   plain text (the files copied again as ``.json``): what ``ws.grep`` did before it read
   notebooks as cells. Target: warm at most 1.0x ``rg -j1``.
2. **What an agent receives** reading each notebook (``read_file`` with a model's limits:
   the cells view, secrets redacted) against the file's size, and how many notebooks a
   128 KiB read took whole before (their JSON) and now (their cells view).
3. **``ws.notebooks``** on ``--table-count`` notebooks of ``--table-root``: cold (cache
   empty; nbformat imported beforehand, its import timed apart), warm (the same index:
   the table kept), and after the index changed (each notebook looked at again by its
   size and time, none parsed).

Nothing is written under the roots. Prints the figures and the ratios.
"""

from __future__ import annotations

import argparse
import dataclasses
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import wsnb
from wsnb.text.nbcache import NOTEBOOKS
from wsnb.tools.limits import ToolLimits

WARM_TARGET = 1.0
MODEL_READ = 128 * 1024
_ARG_BUDGET = 100_000


def _copy(notebooks: list[Path], base: Path, into: Path, suffix: str = "") -> list[str]:
    """The notebooks copied under ``into`` (paths kept), as workspace-relative names."""
    names = []
    for path in notebooks:
        relative = path.relative_to(base).as_posix() + suffix
        target = into / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        names.append(relative)
    return names


def _rg(root: Path, names: list[str], pattern: str, case: bool) -> Callable[[], int]:
    """``rg -j1 -c`` over exactly ``names`` (as few processes as the argument limit allows)."""
    rg = shutil.which("rg")
    if rg is None:
        raise SystemExit("ripgrep (rg) is not installed: apt-get install -y ripgrep")
    batches: list[list[str]] = [[]]
    size = 0
    for name in names:
        if size + len(name) > _ARG_BUDGET:
            batches.append([])
            size = 0
        batches[-1].append(name)
        size += len(name) + 1
    flags = ["-j1", "-c", "--no-messages", "--fixed-strings", "--no-ignore", "--hidden"]
    if not case:
        flags.append("-i")

    def run() -> int:
        lines = 0
        for batch in batches:
            done = subprocess.run([rg, *flags, "--", pattern, *batch], cwd=root,
                                  capture_output=True, text=True, check=False)  # fmt: skip
            lines += sum(int(line.rpartition(":")[2]) for line in done.stdout.splitlines()
                         if line)  # fmt: skip
        return lines

    return run


def _searcher(ws: wsnb.Workspace, pattern: str, case: bool) -> Callable[[], int]:
    tool = ws.tools.get("search_text")
    reading = dataclasses.replace(ws.context, limits=ToolLimits.for_person(), for_model=False)

    def run() -> int:
        done = tool.run(reading, pattern=pattern, case=case, limit=None, max_files=None,
                        max_bytes=64 * 1024 * 1024)  # fmt: skip
        return len(done.raise_for_error().data)

    return run


def _best(runs: dict[str, Callable[[], int]], repeats: int,
          before: dict[str, Callable[[], None]]) -> dict[str, tuple[float, int]]:  # fmt: skip
    """Best wall time of each run, in turns; ``before[name]`` runs untimed before each."""
    best: dict[str, tuple[float, int]] = {}
    for _attempt in range(repeats):
        for name, run in runs.items():
            if name in before:
                before[name]()
            start = time.perf_counter()
            found = run()
            took = time.perf_counter() - start
            if name not in best or took < best[name][0]:
                best[name] = (took, found)
    return best


def search_part(root: Path, notebooks: list[Path], patterns: list[str], repeats: int) -> None:
    work = Path(tempfile.mkdtemp(prefix="bench-notebooks-"))
    try:
        names = _copy(notebooks, root, work / "cells")
        _copy(notebooks, root, work / "json", suffix=".json")  # the same bytes, read as text
        size = sum(p.stat().st_size for p in notebooks)
        print(f"== search: {len(names):,} notebooks, {size / 1e6:.1f} MB ==")
        ws = wsnb.open_workspace(work / "cells", watch=False, mode="read-only")
        as_text = wsnb.open_workspace(work / "json", watch=False, mode="read-only")
        ws.scan(), as_text.scan()
        NOTEBOOKS.clear()
        _searcher(ws, "warm the imports", True)()
        sources = sum(len(cell.source) for name in names
                      for cell in NOTEBOOKS.notebook(ws.policy.resolve(name)).cells)  # fmt: skip
        print(f"   cell sources: {sources / 1e6:.2f} M characters "
              f"({size / max(sources, 1):.0f}x fewer than the files' bytes)")
        for pattern in patterns:
            for case in (True, False):
                runs = {"wsnb cold": _searcher(ws, pattern, case),
                        "wsnb warm": _searcher(ws, pattern, case),
                        "rg -j1": _rg(work / "cells", names, pattern, case),
                        "as text (before)": _searcher(as_text, pattern, case)}  # fmt: skip
                best = _best(runs, repeats, {"wsnb cold": NOTEBOOKS.clear,
                                             "wsnb warm": lambda: None})  # fmt: skip
                rg_time = best["rg -j1"][0]
                label = f"{pattern!r}" + ("" if case else " -i")
                print(f"  {label}")
                for name, (took, found) in best.items():
                    print(f"    {name:18} {took * 1000:8.1f} ms  {found:6,} lines  "
                          f"{took / rg_time:5.2f}x rg -j1")
                warm = best["wsnb warm"][0] / rg_time
                verdict = "meets" if warm <= WARM_TARGET else "MISSES"
                print(f"    warm {warm:.2f}x rg -j1: {verdict} the target ({WARM_TARGET}x)")
        ws.close(), as_text.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def read_part(root: Path, notebooks: list[Path]) -> None:
    ws = wsnb.open_workspace(root, watch=False, mode="read-only")
    tool = ws.tools.get("read_file")
    ratios, whole_before, whole_now, got_total, file_total = [], 0, 0, 0, 0
    largest: tuple[int, int, str] = (0, 0, "")
    for path in notebooks:
        relative = path.relative_to(root).as_posix()
        done = tool.run(ws.context, path=relative)
        if not done.success:
            continue
        got = len(done.data.text.encode("utf-8"))
        size = path.stat().st_size
        ratios.append(got / size)
        got_total, file_total = got_total + got, file_total + size
        whole_before += size <= MODEL_READ
        whole_now += not done.data.truncated
        largest = max(largest, (size, got, relative))
    ws.close()
    print(f"== what an agent reads: {len(ratios):,} notebooks ==")
    print(f"   cells views {got_total / 1e6:.2f} MB of {file_total / 1e6:.1f} MB of files "
          f"({got_total / file_total:.1%}); per notebook median {statistics.median(ratios):.1%}")
    print(f"   read whole in 128 KiB: {whole_before:,} before (their JSON), {whole_now:,} now "
          f"(their cells views)")
    print(f"   largest: {largest[2]}: {largest[0]:,} bytes of file, {largest[1]:,} bytes read "
          f"({largest[1] / largest[0]:.1%})")


def table_part(root: Path, count: int) -> None:
    every = sorted(root.rglob("*.ipynb"))
    notebooks = every[:: max(1, len(every) // count)][:count]  # spread over the folder
    work = Path(tempfile.mkdtemp(prefix="bench-notebooks-table-"))
    try:
        _copy(notebooks, root, work)
        start = time.perf_counter()
        import nbformat  # noqa: F401  # what the validity column costs once per process

        imported = time.perf_counter() - start
        ws = wsnb.open_workspace(work, watch=False, mode="read-only")
        ws.scan()
        NOTEBOOKS.clear()
        start = time.perf_counter()
        table = ws.notebooks
        cold = time.perf_counter() - start
        start = time.perf_counter()
        assert len(ws.notebooks) == len(table)
        warm = time.perf_counter() - start
        ws.scan()  # a new index frame: the table is made again from the cache
        start = time.perf_counter()
        assert len(ws.notebooks) == len(table)
        changed = time.perf_counter() - start
        ws.close()
        size = sum(p.stat().st_size for p in notebooks)
        print(f"== ws.notebooks: {len(table):,} notebooks, {size / 1e6:.1f} MB ==")
        print(f"   cold {cold * 1000:.0f} ms (nbformat's import {imported * 1000:.0f} ms apart); "
              f"warm {warm * 1000:.2f} ms; after the index changed {changed * 1000:.1f} ms")
        print(f"   valid {int(table['valid'].sum()):,}, with an error output "
              f"{int((table['error_cells'] > 0).sum()):,}, never run "
              f"{int((table['executed_cells'] == 0).sum()):,}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, required=True, help="a folder of real notebooks")
    parser.add_argument("--pattern", action="append", help="a literal to search (repeatable)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--table-root", type=Path, help="notebooks for ws.notebooks (--root)")
    parser.add_argument("--table-count", type=int, default=300)
    args = parser.parse_args()
    root = args.root.resolve()
    notebooks = sorted(root.rglob("*.ipynb"))
    if not notebooks:
        raise SystemExit(f"no notebook under {root}")
    search_part(root, notebooks, args.pattern or ["read_csv", "iVBOR"], args.repeats)
    read_part(root, notebooks)
    table_part((args.table_root or args.root).resolve(), args.table_count)


if __name__ == "__main__":
    main()
