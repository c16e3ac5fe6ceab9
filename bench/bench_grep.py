"""Text-search benchmark: wsnb's literal grep against ripgrep on the same files, in one run.

    python bench/bench_grep.py [--files 1000] [--root PATH] [--repeats 7]

Builds a source-shaped tree of ``--files`` text files (sizes spread from a
few hundred bytes to 128 KiB, a few percent containing the needle) in a
temporary folder, or measures the text files under ``--root``. Then, best of
``--repeats`` on a warm cache, it times:

* ``grep()`` with a literal needle, case-sensitive and case-insensitive, with
  ``limit`` and ``max_files`` high enough that it never stops early;
* ``rg -j1 --fixed-strings --no-ignore --hidden -c`` (plus ``-i``) over the
  same file list, as one process per search, which is the work a person
  would otherwise do in a terminal.

The two are timed in turns (wsnb, rg, wsnb, rg, ...) so a change in the
machine's load during the run weighs on both alike. It prints both times and
the ratio (target: at most 2x), and the load average, since on a busy machine
the figures spread. Without ``rg`` on the PATH it prints how to install it and
measures wsnb alone.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wsnb.policy import AccessPolicy
from wsnb.search.grep import MAX_BYTES, grep

RATIO_TARGET = 2.0
NEEDLE = "parseWorkspaceConfig"
MATCH_SHARE = 0.04

_FOLDERS = ["src", "src/core", "src/ui", "lib/net", "app", "tests", "docs", "web/js", "tools"]
_SUFFIXES = [".cpp", ".h", ".py", ".js", ".ts", ".md", ".json", ".txt"]
_WORDS = [
    "int", "return", "value", "const", "auto", "self", "def", "class", "function", "let",
    "std::vector", "std::string", "if", "else", "for", "while", "import", "from", "nullptr",
    "config", "parser", "render", "widget", "buffer", "index", "result", "error", "count",
    "工作区", "数据", "说明", "=", "{", "}", "(", ")", ";", "->", "::", "+=", "//", "#",
]  # fmt: skip


def _line(rng: random.Random) -> str:
    indent = " " * (4 * rng.randrange(4))
    return indent + " ".join(rng.choice(_WORDS) for _ in range(rng.randrange(2, 14))) + "\n"


def _content(rng: random.Random, size: int, match: bool) -> bytes:
    lines: list[str] = []
    length = 0
    while length < size:
        line = _line(rng)
        lines.append(line)
        length += len(line.encode("utf-8"))
    if match:
        for _ in range(rng.randrange(1, 4)):
            lines.insert(rng.randrange(len(lines)), f"    auto cfg = {NEEDLE}(path);\n")
    return "".join(lines).encode("utf-8")[: MAX_BYTES - 64]


def build_tree(root: Path, files: int, seed: int = 11) -> list[str]:
    """Write ``files`` text files; sizes are log-spread from 200 B to 128 KiB."""
    rng = random.Random(seed)
    paths: list[str] = []
    for number in range(files):
        folder = rng.choice(_FOLDERS)
        relative = f"{folder}/file_{number:04d}{rng.choice(_SUFFIXES)}"
        size = int(200 * (MAX_BYTES / 200) ** rng.random())
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(_content(rng, size, rng.random() < MATCH_SHARE))
        paths.append(relative)
    return sorted(paths)


def existing_text_files(root: Path, files: int) -> list[str]:
    """Up to ``files`` regular files under ``root`` of at most 128 KiB, sorted."""
    found = [
        p.relative_to(root).as_posix()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.is_symlink() and p.stat().st_size <= MAX_BYTES
    ]
    return found[:files]


def best_of(repeats: int, *runs: Callable[[], object]) -> list[float]:
    """The best time of each run, timing them in turns after one warm-up each."""
    for run in runs:
        run()  # warm the cache and the code paths
    times: list[list[float]] = [[] for _ in runs]
    for _ in range(repeats):
        for run, spent in zip(runs, times, strict=True):
            start = time.perf_counter()
            run()
            spent.append(time.perf_counter() - start)
    return [min(spent) for spent in times]


def wsnb_search(policy: AccessPolicy, paths: list[str], case: bool) -> Callable[[], int]:
    def run() -> int:
        frame = grep(policy, paths, NEEDLE, case=case, limit=10**9, max_files=len(paths))
        return len(frame)

    return run


def rg_search(rg: str, root: Path, paths: list[str], case: bool) -> Callable[[], int]:
    command = [rg, "-j1", "--fixed-strings", "--no-ignore", "--hidden", "-c", "--no-messages"]
    command += [] if case else ["-i"]
    command += ["--", NEEDLE, *paths]

    def run() -> int:
        done = subprocess.run(command, cwd=root, capture_output=True, text=True, check=False)
        return sum(int(line.rsplit(":", 1)[1]) for line in done.stdout.splitlines())

    return run


def report(label: str, ours: float, theirs: float | None) -> None:
    line = f"{label:<22} wsnb {ours * 1000:8.1f} ms"
    if theirs is not None:
        ratio = ours / theirs
        verdict = "ok" if ratio <= RATIO_TARGET else "over target"
        line += f"   rg -j1 {theirs * 1000:8.1f} ms   ratio {ratio:5.2f}x ({verdict})"
    print(line)


def measure(root: Path, paths: list[str], repeats: int) -> None:
    policy = AccessPolicy(root)
    size = sum((root / p).stat().st_size for p in paths)
    print(f"{len(paths)} files, {size / 1e6:.1f} MB, needle {NEEDLE!r}, best of {repeats}")
    if hasattr(os, "getloadavg"):
        print("load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    rg = shutil.which("rg")
    if rg is None:
        print("ripgrep (rg) is not installed, so there is no reference to compare with;")
        print("install it (for example: apt-get install -y ripgrep) and run this again.")
    for case in (True, False):
        ours_run = wsnb_search(policy, paths, case)
        label = "case-sensitive" if case else "case-insensitive"
        if rg is None:
            report(label, best_of(repeats, ours_run)[0], None)
            continue
        theirs_run = rg_search(rg, root, paths, case)
        lines, rg_lines = ours_run(), theirs_run()
        if lines != rg_lines:
            print(f"  note: wsnb found {lines} matching lines, rg {rg_lines}")
        ours, theirs = best_of(repeats, ours_run, theirs_run)
        report(label, ours, theirs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--root", type=Path, help="measure this folder instead of a built tree")
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    if args.root is not None:
        root = args.root.resolve()
        measure(root, existing_text_files(root, args.files), args.repeats)
        return
    with tempfile.TemporaryDirectory(prefix="wsnb-bench-grep-") as temp:
        root = Path(temp) / "project"
        paths = build_tree(root, args.files)
        measure(root, paths, args.repeats)


if __name__ == "__main__":
    main()
