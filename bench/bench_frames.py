"""Data files as frames: ``ws.frame`` against plain ``pandas.read_csv`` on the same large CSV.

    python bench/bench_frames.py                       # ~100 MB from vega_datasets' airports.csv
    python bench/bench_frames.py --copies 1000 --repeats 9 --keep DIR

The file is real rows repeated: ``airports.csv`` as vega_datasets installs it (3,376 US
airports, names quoted where they hold commas), its body written ``--copies`` times under one
header into a temporary folder (or ``--keep DIR``), once as UTF-8 and once as UTF-16 (what
Excel's "Unicode text" writes). Each measure is taken ``--repeats`` times, in turns so a
change in the machine's load weighs on each alike, against a reference taken in the same run:

* a cut read, ``ws.frame(path)`` (the first 100,000 rows, then the rest counted for the
  "first N of M rows" note) against ``pandas.read_csv(path, nrows=100_000)`` (no count) and
  against ``pandas.read_csv(path)`` (what a person gets the total from without wsnb);
* a whole read, ``ws.frame(path, nrows=None)`` against ``pandas.read_csv(path)``.

It prints the median wall-clock and the least CPU seconds (this process, all its threads)
and their ratios to the references; on a machine others share, the CPU time is the steadier
figure (a best wall-clock time there is mostly luck).
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pandas as pd

import wsnb


def airports() -> Path:
    spec = importlib.util.find_spec("vega_datasets")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("vega_datasets is not installed (pip install -e '.[test]'); its airports.csv "
                 "is the table this bench repeats.")
    return Path(next(iter(spec.submodule_search_locations)), "_data", "airports.csv")


def make(folder: Path, copies: int) -> dict[str, tuple[Path, str]]:
    header, _nl, body = airports().read_bytes().partition(b"\n")
    utf8 = folder / "airports-big.csv"
    with utf8.open("wb") as out:
        out.write(header + b"\n")
        for _copy in range(copies):
            out.write(body)
    utf16 = folder / "airports-big-utf16.csv"
    with utf8.open(encoding="utf-8") as source, utf16.open("w", encoding="utf-16") as out:
        for line in source:
            out.write(line)
    return {"utf-8": (utf8, "utf-8"), "utf-16": (utf16, "utf-16")}


def measure(runs: dict[str, Callable[[], Any]],
            repeats: int) -> dict[str, tuple[float, float]]:  # fmt: skip
    """Each callable's median wall-clock and least CPU time, run in turns."""
    walls: dict[str, list[float]] = {name: [] for name in runs}
    cpus: dict[str, list[float]] = {name: [] for name in runs}
    for _turn in range(repeats):
        for name, run in runs.items():
            wall, cpu = time.perf_counter(), time.process_time()
            run()
            walls[name].append(time.perf_counter() - wall)
            cpus[name].append(time.process_time() - cpu)
    return {name: (statistics.median(walls[name]), min(cpus[name])) for name in runs}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--copies", type=int, default=500, help="times the body is repeated")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--keep", type=Path, help="write the files here and keep them")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="wsnb-bench-frames-") as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        files = make(folder, args.copies)
        with wsnb.open_workspace(folder, watch=False) as ws:
            for label, (path, encoding) in files.items():
                report(ws, path, encoding, label, args.repeats)


def report(ws: wsnb.Workspace, path: Path, encoding: str, label: str, repeats: int) -> None:
    name = path.name
    cut = ws.frame(name)
    total = cut.attrs["total_rows"]
    assert total == len(pd.read_csv(path, encoding=encoding)), "the count is the whole read's"
    print(f"{name} ({label}): {path.stat().st_size / 1e6:.1f} MB, {total:,} rows; "
          f"{repeats} runs each")  # fmt: skip
    times = measure({
        "pandas.read_csv(nrows=100_000)": lambda: pd.read_csv(path, nrows=100_000,
                                                              encoding=encoding),
        "pandas.read_csv (whole)": lambda: pd.read_csv(path, encoding=encoding),
        "ws.frame (100,000 rows + count)": lambda: ws.frame(name),
        "ws.frame(nrows=None)": lambda: ws.frame(name, nrows=None),
    }, repeats)  # fmt: skip
    head, whole = times["pandas.read_csv(nrows=100_000)"], times["pandas.read_csv (whole)"]
    print(f"  {'':<34} {'wall':>7}   {'cpu':>7}   ratios (wall, cpu) to the cut and whole "
          "pandas reads")  # fmt: skip
    for what, (wall, cpu) in times.items():
        print(f"  {what:<34} {wall:6.3f}s   {cpu:6.3f}s   "
              f"x{wall / head[0]:5.2f} x{cpu / head[1]:5.2f}   "
              f"x{wall / whole[0]:5.2f} x{cpu / whole[1]:5.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
