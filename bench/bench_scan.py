"""Scan and name-search benchmark: wsnb against plain-Python references, in one run.

    python bench/bench_scan.py [--files 60000] [--root PATH] [--repeats 5] [--check-git]
    python bench/bench_scan.py --memory-only --files 250000

Builds a synthetic project tree of ``--files`` files in a temporary folder
(or measures ``--root``, for example a tree laid out with real ``.gitignore``
files), then prints the load average and, best of ``--repeats`` on a warm
cache:

* the full scan into the DataFrame against a bare ``os.scandir`` walk that
  applies the same folder skips and stats every entry (target: at most 1.5x),
  in wall time and, for information, in CPU time (steadier on a busy machine);
  for information, the same bare walk listing each folder by descriptor, as
  the scan does where the platform allows (each stat is then an ``fstatat``
  by name instead of an ``lstat`` of the whole path);
* name-search p50 and p95 over varied queries on the index (target: p50 under
  10 ms), with a plain substring loop over the names as a reference;
* the peak memory of scanning and building the index (tracemalloc) and the
  DataFrame's ``memory_usage(deep=True)``; ``--memory-only`` measures just
  that (target: a peak under 400 MiB for 250,000 entries).

``--check-git`` also compares the files the scan keeps with the files git
keeps (``git ls-files --others --exclude-standard``, run with its repository
in a temporary folder, so nothing is written into the tree).
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wsnb.fileindex import walker
from wsnb.fileindex.index import FileIndex
from wsnb.fileindex.scanner import SKIP_DIRS, ScanLimits, scan
from wsnb.policy.access import AccessPolicy

SCAN_RATIO_TARGET = 1.5
SEARCH_P50_TARGET_MS = 10.0
MEMORY_PEAK_TARGET_MIB = 400.0

_TOP = ["src", "lib", "app", "tests", "docs", "tools", "third_party", "assets", "data", "web"]
_WORDS = [
    "main", "widget", "utils", "config", "parser", "render", "network", "client", "server",
    "model", "view", "controller", "helper", "cache", "index", "search", "loader", "engine",
    "report", "session", "audio", "image", "layout", "domain", "schema", "worker", "queue",
    "说明", "工作区", "数据", "测试",
]  # fmt: skip
_SUFFIXES = [".cpp", ".h", ".py", ".js", ".ts", ".md", ".json", ".txt", ".yaml", ".png", ".bin"]
QUERIES = [
    "main", "widget", ".cpp", ".py", "README", "utils", "render_engine", "config.json",
    "工作区", "数据", "report", "nothing_like_this", "sch", "a", "loader_12", "controller.h",
]  # fmt: skip


def build_tree(root: Path, files: int, seed: int = 7) -> None:
    """A project-shaped tree: nested folders of 10-40 files, skipped and ignored folders."""
    rng = random.Random(seed)
    root.mkdir(parents=True, exist_ok=True)
    (root / ".gitignore").write_text("*.log\n!keep.log\ntmp/\n/coverage\n*.o\n", "utf-8")
    made = 0
    folder_no = 0
    while made < files:
        parts = [rng.choice(_TOP)] + [
            f"{rng.choice(_WORDS)}_{rng.randrange(40)}" for _ in range(rng.randrange(1, 6))
        ]
        folder = root.joinpath(*parts)
        folder.mkdir(parents=True, exist_ok=True)
        folder_no += 1
        if folder_no % 50 == 0:
            (folder / ".gitignore").write_text("*.gen.cpp\n/local_only/\n", "utf-8")
        count = min(rng.randrange(10, 40), files - made)
        for i in range(count):
            name = f"{rng.choice(_WORDS)}_{rng.choice(_WORDS)}_{i}{rng.choice(_SUFFIXES)}"
            (folder / name).write_bytes(b"x" * rng.randrange(0, 200))
        made += count
        made += _extras(folder, folder_no)
    for skipped in ("node_modules/pkg/lib", ".git/objects/ab", "build/out", "tmp/cache"):
        folder = root / skipped
        folder.mkdir(parents=True, exist_ok=True)
        for i in range(200):
            (folder / f"f{i}.js").write_bytes(b"1")


def _extras(folder: Path, folder_no: int) -> int:
    """Now and then an ignored log, a kept log or a hidden file, as real projects have."""
    if folder_no % 7 == 0:
        (folder / "debug.log").write_bytes(b"log")
        (folder / "keep.log").write_bytes(b"log")
        return 1
    if folder_no % 11 == 0:
        (folder / ".hidden_rc").write_bytes(b"rc")
        return 1
    return 0


def reference_walk(root: str) -> list[tuple[str, int, int, bool]]:
    """The bare walk: same folder skips, one stat per entry, name/size/mtime/is_dir kept."""
    out: list[tuple[str, int, int, bool]] = []
    stack = [root]
    while stack:
        with os.scandir(stack.pop()) as listing:
            for entry in listing:
                info = entry.stat(follow_symlinks=False)
                is_dir = entry.is_dir(follow_symlinks=False)
                if is_dir:
                    name = entry.name
                    if name[0] == "." or name.lower() in SKIP_DIRS:
                        continue
                    stack.append(entry.path)
                out.append((entry.name, info.st_size, info.st_mtime_ns, is_dir))
    return out


def reference_walk_by_fd(root: str) -> list[tuple[str, int, int, bool]]:
    """The bare walk, listing each folder by descriptor as the scan does (for information)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
    out: list[tuple[str, int, int, bool]] = []
    stack = [root]
    while stack:
        folder = stack.pop()
        fd = os.open(folder, flags)
        try:
            with os.scandir(fd) as listing:
                for entry in listing:
                    info = entry.stat(follow_symlinks=False)
                    is_dir = entry.is_dir(follow_symlinks=False)
                    if is_dir:
                        name = entry.name
                        if name[0] == "." or name.lower() in SKIP_DIRS:
                            continue
                        stack.append(folder + "/" + name)
                    out.append((entry.name, info.st_size, info.st_mtime_ns, is_dir))
        finally:
            os.close(fd)
    return out


def best_of_each(
    repeats: int, *funcs: Callable[[], object], clock: Callable[[], float] = time.perf_counter
) -> list[float]:
    """Best time of each function, run in turn so load changes hit all alike.

    Like ``timeit``, the garbage collector is off while a function is timed.
    """
    best = [float("inf")] * len(funcs)
    for _ in range(repeats):
        for index, func in enumerate(funcs):
            gc.disable()
            try:
                started = clock()
                func()
                best[index] = min(best[index], clock() - started)
            finally:
                gc.enable()
    return best


def cpu_time() -> float:
    """CPU seconds of this process and of its children that have ended (a scan's forked one)."""
    try:
        import resource
    except ImportError:  # Windows: no forked child to count
        return time.process_time()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def shares_walk(policy: AccessPolicy, limits: ScanLimits) -> bool:
    """Whether the default scan forks a child to share the walk (it does when a core is free)."""
    forks: list[object] = []
    original = walker.fork_call

    def counted(func: Callable[[], object]) -> object:
        forks.append(func)
        return original(func)

    walker.fork_call = counted  # type: ignore[assignment]
    try:
        scan(policy, limits=limits)
    finally:
        walker.fork_call = original
    return bool(forks)


def first_scan_ratio(root: Path, runs: int = 3) -> float:
    """The first scan of a new process (nothing remembered yet) over the bare walk there.

    The best of ``runs`` new processes, each timing the bare walk then its first scan.
    """
    code = (
        "import sys, time; sys.path[:0] = sys.argv[1:3]\n"
        "from bench_scan import reference_walk\n"
        "from wsnb.policy.access import AccessPolicy\n"
        "from wsnb.fileindex.scanner import ScanLimits, scan\n"
        "policy = AccessPolicy(sys.argv[3]); root = str(policy.root)\n"
        "reference_walk(root); t = time.perf_counter(); reference_walk(root)\n"
        "ref = time.perf_counter() - t; t = time.perf_counter()\n"
        "scan(policy, limits=ScanLimits(max_depth=64, max_files=10_000_000))\n"
        "print((time.perf_counter() - t) / ref)\n"
    )
    here = Path(__file__).resolve().parent
    ratios = [
        float(subprocess.run([sys.executable, "-c", code, str(here), str(here.parent), str(root)],
                             check=True, capture_output=True, text=True).stdout)
        for _ in range(runs)
    ]  # fmt: skip
    return min(ratios)


def load_average() -> str:
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


def git_disagreements(root: Path, frame: pd.DataFrame) -> tuple[int, int] | None:
    """Files only the scan keeps, files only git keeps (below folders the scan enters).

    None when git is not installed. Git's repository lives in a temporary
    folder; the tree is only read.
    """
    git = shutil.which("git")
    if git is None:
        return None
    with tempfile.TemporaryDirectory(prefix="wsnb-bench-git-") as temp:
        env = {"HOME": temp, "GIT_CONFIG_NOSYSTEM": "1", "PATH": os.environ.get("PATH", "")}
        command = [git, f"--git-dir={temp}/repo.git", f"--work-tree={root}"]
        subprocess.run([*command, "init", "-q"], check=True, env=env, capture_output=True)
        listed = subprocess.run(
            [*command, "-c", "core.excludesFile=", "ls-files", "--others", "--exclude-standard",
             "-z"], check=True, env=env, capture_output=True,
        ).stdout  # fmt: skip
    kept_by_git = set()
    for raw in listed.split(b"\0"):
        path = os.fsdecode(raw)
        folders = path.split("/")[:-1]
        if path and not any(f[0] == "." or f.lower() in SKIP_DIRS for f in folders):
            kept_by_git.add(path)
    kept = set(frame.loc[~frame["is_dir"], "path"])
    return len(kept - kept_by_git), len(kept_by_git - kept)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def measure_search(index: FileIndex, rounds: int) -> tuple[list[float], list[float]]:
    """Milliseconds per query for ``find`` and for a bare substring loop over the names."""
    names = [name.casefold() for name in index.frame["name"].tolist()]
    index.find("warm-up")
    ours: list[float] = []
    plain: list[float] = []
    for _ in range(rounds):
        for query in QUERIES:
            started = time.perf_counter()
            index.find(query)
            ours.append((time.perf_counter() - started) * 1000)
            needle = query.casefold()
            started = time.perf_counter()
            _ = [i for i, name in enumerate(names) if needle in name]
            plain.append((time.perf_counter() - started) * 1000)
    return ours, plain


def measure_memory(policy: AccessPolicy, limits: ScanLimits) -> tuple[float, float]:
    """MiB: tracemalloc peak while scanning and indexing, and the frame's deep size."""
    tracemalloc.start()
    frame, report = scan(policy, limits=limits)
    index = FileIndex(frame, report)
    index.find("main")  # builds the lazy search lists too
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20, frame.memory_usage(deep=True).sum() / 2**20


def row(what: str, value: str, target: str, ok: bool | None) -> str:
    verdict = "" if ok is None else ("PASS" if ok else "MISS")
    return f"{what:<38} {value:>16}  {target:<14} {verdict}"


def run(root: Path, repeats: int, check_git: bool = False) -> bool:
    policy = AccessPolicy(root)
    limits = ScanLimits(max_depth=64, max_files=10_000_000)
    frame, report = scan(policy, limits=limits)
    print(f"tree: {root}\nscan: {report}\nload average before: {load_average()}\n")
    root_text = str(policy.root)
    reference_walk(root_text)  # warm the cache
    runs: list[Callable[[], object]] = [
        lambda: reference_walk(root_text), lambda: scan(policy, limits=limits),
        lambda: scan(policy, limits=limits, workers=1),
    ]  # fmt: skip
    by_fd = os.scandir in os.supports_fd
    if by_fd:
        runs.append(lambda: reference_walk_by_fd(root_text))
    t_ref, t_scan, t_one, *t_fd = best_of_each(repeats, *runs)
    shared = shares_walk(policy, limits)
    c_ref, c_scan, c_one = best_of_each(repeats, *runs[:3], clock=cpu_time)
    index = FileIndex(frame, report)
    ours, plain = measure_search(index, rounds=max(3, repeats))
    peak, deep = measure_memory(policy, limits)
    ratio = t_scan / t_ref
    p50, p95 = statistics.median(ours), percentile(ours, 0.95)
    plain50 = statistics.median(plain)
    lines = [
        row("measure", "value", "target", None),
        row("bare os.scandir walk (reference)", f"{t_ref * 1000:.1f} ms", "", None),
        row("scan into DataFrame", f"{t_scan * 1000:.1f} ms", "", None),
        row("scan / reference", f"{ratio:.2f}x", f"<= {SCAN_RATIO_TARGET}x",
            ratio <= SCAN_RATIO_TARGET),
        row("scan / reference, CPU time (info)", f"{c_scan / c_ref:.2f}x", "", None),
        row("first scan of a new process / ref (info)", f"{first_scan_ratio(root):.2f}x", "",
            None),
        row("scan shared with a child (info)", "yes" if shared else "no", "", None),
        row("scan in one process (workers=1)", f"{t_one * 1000:.1f} ms", "", None),
        row("one process / reference (info)", f"{t_one / t_ref:.2f}x", "", None),
        row("one process / reference, CPU (info)", f"{c_one / c_ref:.2f}x", "", None),
        *([row("bare walk by descriptor (info)", f"{t_fd[0] * 1000:.1f} ms", "", None),
           row("scan / walk by descriptor (info)", f"{t_scan / t_fd[0]:.2f}x", "", None)]
          if t_fd else []),
        row(f"find() p50 over {len(QUERIES)} queries", f"{p50:.2f} ms",
            f"< {SEARCH_P50_TARGET_MS:g} ms", p50 < SEARCH_P50_TARGET_MS),
        row("find() p95", f"{p95:.2f} ms", "", None),
        row("plain substring loop p50 (reference)", f"{plain50:.2f} ms", "", None),
        row("find() p50 / plain loop p50", f"{p50 / plain50:.1f}x", "", None),
        row("tracemalloc peak, scan + index", f"{peak:.1f} MiB", "", None),
        row("DataFrame memory_usage(deep=True)", f"{deep:.1f} MiB", "", None),
    ]  # fmt: skip
    agree = True
    if check_git:
        differ = git_disagreements(root, frame)
        agree = differ is None or differ == (0, 0)
        lines.append(row("files only scan / only git keeps", "no git" if differ is None
                         else f"{differ[0]} / {differ[1]}", "0 / 0", agree))  # fmt: skip
    print(f"{report.entries:,} entries, best of {repeats}\n")
    print("\n".join(lines))
    print(f"\nload average after: {load_average()}")
    return ratio <= SCAN_RATIO_TARGET and p50 < SEARCH_P50_TARGET_MS and agree


def run_memory(root: Path) -> bool:
    """Only the memory of scanning and indexing ``root``, against the 400 MiB target."""
    limits = ScanLimits(max_depth=64, max_files=10_000_000)
    peak, deep = measure_memory(AccessPolicy(root), limits)
    entries = scan(AccessPolicy(root), limits=limits)[1].entries
    print(f"{entries:,} entries")
    print(row("tracemalloc peak, scan + index", f"{peak:.1f} MiB",
              f"< {MEMORY_PEAK_TARGET_MIB:g} MiB", peak < MEMORY_PEAK_TARGET_MIB))  # fmt: skip
    print(row("DataFrame memory_usage(deep=True)", f"{deep:.1f} MiB", "", None))
    return peak < MEMORY_PEAK_TARGET_MIB


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=60_000, help="files in the synthetic tree")
    parser.add_argument("--root", type=Path, help="measure this folder instead")
    parser.add_argument("--repeats", type=int, default=5, help="best of this many runs")
    parser.add_argument("--check-git", action="store_true", help="compare with git's answer")
    parser.add_argument("--memory-only", action="store_true", help="measure memory only")
    args = parser.parse_args()

    def measure(root: Path) -> bool:
        return run_memory(root) if args.memory_only else run(root, args.repeats, args.check_git)

    if args.root is not None:
        return 0 if measure(args.root) else 1
    with tempfile.TemporaryDirectory(prefix="wsnb-bench-") as temp:
        root = Path(temp) / "project"
        started = time.perf_counter()
        build_tree(root, args.files)
        if hasattr(os, "sync"):
            os.sync()  # no write-back of the new tree running while we time
        print(f"built the tree in {time.perf_counter() - started:.1f} s")
        return 0 if measure(root) else 1


if __name__ == "__main__":
    sys.exit(main())
