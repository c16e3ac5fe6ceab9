"""Text-search benchmark: wsnb's grep against ripgrep on the same files, in one run.

    python bench/bench_grep.py                          # a generated tree of 1,000 files
    python bench/bench_grep.py --root PATH              # a real tree, scanned as a workspace
    python bench/bench_grep.py --root PATH --pattern "def subs" --regex "def \\w+_\\w+\\("
    python bench/bench_grep.py --root PATH --max-files 1000000   # a bound above the files

With ``--root`` the folder is scanned as a workspace (read-only: nothing is
written there) and the candidates are what a person's ``ws.grep`` opens:
every file of the index but links and dangerous names (text is decided by the
bytes), minus the files wsnb never reads (names that look like secrets) and
files over ``--max-bytes``. Without it, ``--files``
source-shaped files are written to a temporary folder.

Best of ``--repeats`` on a warm cache, timed in turns (wsnb, rg, wsnb, rg...)
so a change in the machine's load weighs on both alike:

* a literal search, case-sensitive and case-insensitive, and a regex search,
  with no row or file bound (``limit=None``, ``max_files=None``; ``--max-files N``
  passes that bound instead, as a person's ``ws.grep(..., max_files=N)`` does);
* wsnb in one process (``workers=1``) and with the machine's cores
  (``workers=2``; a search of fewer than 3,000 files stays in one process);
* ``rg -j1 -c`` (``--fixed-strings`` for the literal ones, ``-i`` for
  case-insensitive) over the same file list, given as arguments (in as few
  processes as the system's argument limit allows).

It prints the times, the ratios (targets: literal at most 2x ``rg -j1`` in one
process, regex at most 3x; stretch: at most 1x with both cores), and checks
both find the same number of matching lines. With ``--root`` it also runs
ripgrep on the folder by itself (its own walk and ignore rules) and the
facade's search (``search_text`` with a person's limits), and prints both
counts: "a literal grep finds every match ripgrep finds".
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wsnb.disk.launcher import Launcher
from wsnb.disk.trash import Trash
from wsnb.fileindex.index import FileIndex
from wsnb.fileindex.scanner import ScanLimits, scan
from wsnb.policy.access import AccessPolicy
from wsnb.policy.names import is_dangerous_name, is_sensitive_name
from wsnb.search.grep import grep
from wsnb.tools.base import ToolContext
from wsnb.tools.limits import ToolLimits
from wsnb.tools.read import SearchTextTool

LITERAL_TARGET = 2.0
REGEX_TARGET = 3.0
NEEDLE = "parseWorkspaceConfig"
REGEX = r"parse\w+Config\("
MATCH_SHARE = 0.04
GENERATED_MAX = 128 * 1024
_ARG_BUDGET = 100_000  # characters of file names per rg process, well under ARG_MAX

_FOLDERS = ["src", "src/core", "src/ui", "lib/net", "app", "tests", "docs", "web/js", "tools"]
_SUFFIXES = [".cpp", ".h", ".py", ".js", ".ts", ".md", ".json", ".txt"]
_WORDS = [
    "int", "return", "value", "const", "auto", "self", "def", "class", "function", "let",
    "std::vector", "std::string", "if", "else", "for", "while", "import", "from", "nullptr",
    "config", "parser", "render", "widget", "buffer", "index", "result", "error", "count",
    "工作区", "数据", "说明", "=", "{", "}", "(", ")", ";", "->", "::", "+=", "//", "#",
]  # fmt: skip


# ---------------------------------------------------------------------------
# Trees
# ---------------------------------------------------------------------------


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
    return "".join(lines).encode("utf-8")[: GENERATED_MAX - 64]


def build_tree(root: Path, files: int, seed: int = 11) -> None:
    """Write ``files`` text files; sizes are log-spread from 200 B to 128 KiB."""
    rng = random.Random(seed)
    for number in range(files):
        folder = rng.choice(_FOLDERS)
        relative = f"{folder}/file_{number:04d}{rng.choice(_SUFFIXES)}"
        size = int(200 * (GENERATED_MAX / 200) ** rng.random())
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(_content(rng, size, rng.random() < MATCH_SHARE))


def indexed(root: Path) -> tuple[AccessPolicy, FileIndex]:
    policy = AccessPolicy(root)
    frame, report = scan(policy, limits=ScanLimits(max_depth=64, max_files=10_000_000))
    return policy, FileIndex(frame, report)


def candidates(root: Path, index: FileIndex, max_bytes: int) -> list[str]:
    """The files a person's grep opens (every file but links and dangerous names), minus
    those it never reads (names that look like secrets) and those over ``max_bytes``:
    wsnb and rg both get exactly these."""
    frame = index.frame
    files = frame[~frame["is_dir"] & ~frame["is_symlink"] & (frame["size"] <= max_bytes)]
    return [p for p in files["path"].tolist()
            if not is_sensitive_name(p.rpartition("/")[2])
            and not is_dangerous_name(p.rpartition("/")[2])]  # fmt: skip


# ---------------------------------------------------------------------------
# Runs
# ---------------------------------------------------------------------------


def _cpu() -> float:
    """CPU seconds of this process and its finished children (rg, search workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def best_of(repeats: int, *runs: Callable[[], object]) -> list[tuple[float, float, float]]:
    """(best wall, median wall, best CPU) time of each run, timed in turns after a warm-up.

    CPU time counts what the run itself computed (its processes' user and
    system time), so on a machine shared with other work it moves less than
    the wall clock; the wall clock is what a person waits.
    """
    for run in runs:
        run()  # warm the cache and the code paths
    walls: list[list[float]] = [[] for _ in runs]
    cpus: list[list[float]] = [[] for _ in runs]
    for _ in range(repeats):
        for run, wall, cpu in zip(runs, walls, cpus, strict=True):
            start, start_cpu = time.perf_counter(), _cpu()
            run()
            wall.append(time.perf_counter() - start)
            cpu.append(_cpu() - start_cpu)
    return [(min(w), sorted(w)[len(w) // 2], min(c)) for w, c in zip(walls, cpus, strict=True)]


def wsnb_search(policy: AccessPolicy, paths: list[str], pattern: str, *, regex: bool, case: bool,
                workers: int, max_bytes: int,
                max_files: int | None) -> Callable[[], int]:  # fmt: skip
    def run() -> int:
        frame = grep(policy, paths, pattern, regex=regex, case=case, limit=None,
                     max_files=max_files, max_bytes=max_bytes, workers=workers)  # fmt: skip
        return len(frame)

    return run


def _chunks(paths: list[str]) -> list[list[str]]:
    chunks: list[list[str]] = [[]]
    size = 0
    for path in paths:
        if size + len(path) + 1 > _ARG_BUDGET and chunks[-1]:
            chunks.append([])
            size = 0
        chunks[-1].append(path)
        size += len(path) + 1
    return chunks


def rg_search(rg: str, root: Path, paths: list[str] | None, pattern: str, *, regex: bool,
              case: bool) -> Callable[[], int]:  # fmt: skip
    """``rg -j1 -c`` over ``paths`` (None: rg walks ``root`` itself); the matching lines."""
    command = [rg, "-j1", "-c", "--no-messages"]
    command += [] if regex else ["--fixed-strings"]
    command += [] if case else ["-i"]
    if paths is not None:
        command += ["--no-ignore", "--hidden"]
    lists = [None] if paths is None else _chunks(paths)

    def run() -> int:
        found = 0
        for chunk in lists:
            args = [*command, "--", pattern, *(chunk or [])]
            done = subprocess.run(args, cwd=root, capture_output=True, text=True, check=False)
            found += sum(int(line.rsplit(":", 1)[1]) for line in done.stdout.splitlines())
        return found

    return run


def _ms(timed: tuple[float, float, float]) -> str:
    return (f"{timed[0] * 1000:6.0f} ms (median {timed[1] * 1000:6.0f}, "
            f"CPU {timed[2] * 1000:6.0f})")  # fmt: skip


def compare(label: str, target: float, ours: list[Callable[[], int]], theirs: Callable[[], int],
            repeats: int) -> None:  # fmt: skip
    counts = [run() for run in (*ours, theirs)]
    if len(set(counts)) != 1:
        print(f"  note: matching lines differ: wsnb {counts[:-1]}, rg {counts[-1]}")
    timed = best_of(repeats, *ours, theirs)
    rg_wall, rg_cpu = timed[-1][0], timed[-1][2]
    print(f"{label:<26} {counts[-1]:>8,} lines   rg -j1          {_ms(timed[-1])}")
    for workers, pair in enumerate(timed[:-1], start=1):
        ratio, cpu_ratio = pair[0] / rg_wall, pair[2] / rg_cpu
        goal = target if workers == 1 else 1.0
        verdict = "ok" if ratio <= goal else f"over {goal:g}x"
        print(f"{'':<26} {'':>8}         wsnb workers={workers} {_ms(pair)}   "
              f"ratio {ratio:4.2f}x ({verdict}), CPU {cpu_ratio:4.2f}x")  # fmt: skip


def measure(root: Path, paths: list[str], policy: AccessPolicy, args: argparse.Namespace) -> None:
    size = sum(os.lstat(os.path.join(root, p)).st_size for p in paths)
    print(f"{root}: {len(paths):,} files, {size / 1e6:.1f} MB, best of {args.repeats}, "
          f"max_files={args.max_files}")  # fmt: skip
    if hasattr(os, "getloadavg"):
        print("load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    rg = shutil.which("rg")
    if rg is None:
        print("ripgrep (rg) is not installed, so there is no reference to compare with;")
        print("install it (for example: apt-get install -y ripgrep) and run this again.")
        return
    searches = [(f"{args.pattern!r}", args.pattern, False, True, LITERAL_TARGET),
                (f"{args.pattern!r} -i", args.pattern, False, False, LITERAL_TARGET),
                (f"regex {args.regex!r}", args.regex, True, True, REGEX_TARGET)]  # fmt: skip
    for label, pattern, regex, case, target in searches:
        ours = [wsnb_search(policy, paths, pattern, regex=regex, case=case, workers=workers,
                            max_bytes=args.max_bytes, max_files=args.max_files)
                for workers in (1, 2)]  # fmt: skip
        theirs = rg_search(rg, root, paths, pattern, regex=regex, case=case)
        compare(label, target, ours, theirs, args.repeats)


def facade_check(root: Path, policy: AccessPolicy, index: FileIndex, pattern: str) -> None:
    """The count a person's ws.grep gives, next to ripgrep's own walk of the folder."""
    rg = shutil.which("rg")
    ctx = ToolContext(policy=policy, index=lambda: index, trash=Trash(), launcher=Launcher())
    ctx = replace(ctx, limits=ToolLimits.for_person())
    start = time.perf_counter()
    result = SearchTextTool().run(ctx, pattern=pattern, case=True, limit=None)
    spent = time.perf_counter() - start
    frame = result.data
    print(f"ws.grep({pattern!r}, case=True, limit=None): {len(frame):,} lines in "
          f"{spent * 1000:.0f} ms; note: {frame.attrs['note'] or '(none: whole)'}")  # fmt: skip
    if rg is not None:
        own = rg_search(rg, root, None, pattern, regex=False, case=True)()
        print(f"rg -j1 -F -c {pattern!r} walking the folder itself: {own:,} lines")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--root", type=Path, help="measure this folder instead of a built tree")
    parser.add_argument("--pattern", default=NEEDLE)
    parser.add_argument("--regex", default=REGEX)
    parser.add_argument("--max-bytes", type=int, default=4 * 1024 * 1024)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--max-files", type=int, default=None,
                        help="the grep's max_files bound (default: none)")
    args = parser.parse_args()
    if args.root is not None:
        root = args.root.resolve()
        policy, index = indexed(root)
        measure(root, candidates(root, index, args.max_bytes), policy, args)
        facade_check(root, policy, index, args.pattern)
        return
    with tempfile.TemporaryDirectory(prefix="wsnb-bench-grep-") as temp:
        root = Path(temp) / "project"
        build_tree(root, args.files)
        policy, index = indexed(root)
        measure(root, candidates(root, index, args.max_bytes), policy, args)


if __name__ == "__main__":
    main()
