"""Opening the explorer does not grow with the tree; a full scan does.

The explorer lists a folder only when it is expanded, so opening it reads the
root folder and nothing else. This script builds two trees, of ``--files / 10``
and ``--files`` files (ten top-level folders in both, then folders of 200
files), and times,
best of ``--repeats`` after a warm-up, ``Explorer(ws)``, the expansion of one
200-file folder, and ``ws.scan()`` (the reference: what opening would cost if
it walked the tree).

Target: opening the big tree costs at most 1.5x opening the small one, while
the scan grows with the tree.

    python bench/bench_explorer.py            # --files 20000 --repeats 5
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import wsnb
from wsnb.fileindex.scanner import ScanLimits
from wsnb.widgets import Explorer

PER_FOLDER = 200


def build(root: Path, files: int) -> None:
    """Ten top-level packages whatever the size, so the root listing is the same."""
    per_package = files // 10
    for number in range(files):
        package, rest = divmod(number, per_package)
        folder = root / f"pkg{package:03d}" / f"mod{rest // PER_FOLDER:04d}"
        if rest % PER_FOLDER == 0:
            folder.mkdir(parents=True)
        (folder / f"file{number:06d}.py").write_bytes(b"x = 1\n")


def best(repeats: int, action: Callable[[], object]) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def measure(files: int, repeats: int) -> tuple[float, float, float]:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "tree"
        build(root, files)
        ws = wsnb.open_workspace(root, limits=ScanLimits(max_files=files * 2))
        Explorer(ws).expand("pkg000/mod0000")  # warm-up: imports, caches
        opening = best(repeats, lambda: Explorer(ws).close())
        expanding = best(repeats, lambda: Explorer(ws).expand("pkg000/mod0000")) - opening
        scanning = best(repeats, ws.scan)
        return opening, expanding, scanning


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--files", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    opened = []
    for files in (args.files // 10, args.files):
        opening, expanding, scanning = measure(files, args.repeats)
        opened.append(opening)
        print(f"{files:>7,} files: open {opening * 1000:6.1f} ms, then expand a folder of "
              f"{PER_FOLDER} files {expanding * 1000:6.1f} ms, full scan "
              f"{scanning * 1000:7.1f} ms")  # fmt: skip
    print(f"opening the big tree / the small one: {opened[1] / opened[0]:.2f}x (target <= 1.5x)")


if __name__ == "__main__":
    main()
