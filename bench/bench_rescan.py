"""Rescan benchmark: what ``ws.scan()`` costs on a workspace that is already indexed.

    python bench/bench_rescan.py --root PATH [--repeats 7]
    python bench/bench_rescan.py [--files 60000]          # a generated tree

A rescan walks the tree into a new frame, then the live index works out what
changed (``wsnb.following.changed_paths``) so views hear only that. The
second step should cost little next to the walk: a rescan pays for what
changed, not for a second pass over the tree. Timed in turns, best of
``--repeats`` on a warm cache, in one run:

* the bare ``os.scandir`` walk of ``bench_scan.py`` (the reference);
* ``scan()`` into a DataFrame, as a rescan did before the index followed the disk;
* ``ws.scan()`` on an indexed workspace (watch=False, so no watcher thread
  weighs on the timings; the rescan's code path is the same);
* ``changed_paths(old, new)`` alone on the two frames (for information).

It prints the times and the ratios: rescan / walk, scan / walk, and
rescan / scan (the price of following; the goal is close to 1.0x).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_scan import best_of_each, build_tree, load_average, reference_walk

import wsnb
from wsnb.fileindex.changes import changed_paths
from wsnb.fileindex.scanner import scan


def measure(root: Path, repeats: int) -> None:
    ws = wsnb.open_workspace(root, watch=False)
    ws.scan()
    policy, limits = ws.policy, ws.limits
    old = ws.files
    new, _report = scan(policy, limits=limits)
    root_text = str(policy.root)
    print(f"tree: {root}: {len(old):,} entries, best of {repeats}")
    print(f"load average before: {load_average()}")
    walk, plain, rescan, compare = best_of_each(
        repeats,
        lambda: reference_walk(root_text),
        lambda: scan(policy, limits=limits),
        ws.scan,
        lambda: changed_paths(old, new),
    )
    print(f"bare os.scandir walk (reference)  {walk * 1000:8.1f} ms")
    print(f"scan() into a DataFrame           {plain * 1000:8.1f} ms   {plain / walk:5.2f}x walk")
    print(f"ws.scan() rescan of the index     {rescan * 1000:8.1f} ms   {rescan / walk:5.2f}x walk")
    print(f"changed_paths(old, new) alone     {compare * 1000:8.1f} ms   (info)")
    print(f"rescan / scan (price of following)   {rescan / plain:5.2f}x")
    print(f"load average after: {load_average()}")
    ws.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--root", type=Path, help="measure this folder instead of a built tree")
    parser.add_argument("--files", type=int, default=60_000, help="files in the generated tree")
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    started = time.perf_counter()
    if args.root is not None:
        measure(args.root.resolve(), args.repeats)
    else:
        with tempfile.TemporaryDirectory(prefix="wsnb-bench-rescan-") as temp:
            root = Path(temp) / "project"
            build_tree(root, args.files)
            os.sync()
            measure(root, args.repeats)
    print(f"(whole run {time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
