"""What writing the journal ahead costs a change set's confirm: its fsyncs, against none.

A set's confirm now journals a begun mark before its first change, a line per change
as it finishes and a finished mark last, each fsynced before the next change starts
(``wsnb.plans.ahead``): eight fsyncs for six changes. This measures the same six-step
set (edit a 2 MB text file, copy a file of ``--copy-mb``, move, create, trash,
rename), confirmed on a fresh copy of the same tree each round, with the journal's
fsyncs (as wsnb runs) and without them (the journal's file told not to sync: the
reference, measured in the same run, in alternating rounds). The changes' own
fsyncs (a new file is on disk before it is renamed into place) are in both.

Run: ``python bench/bench_journal.py [--rounds 15] [--copy-mb 4] [--root DIR]``.
``--root`` puts the trees on another disk (the default is the system's temporary
folder); the trash is the one ``XDG_DATA_HOME`` names, pointed at a temporary home.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

_HOME = Path(tempfile.mkdtemp(prefix="wsnb-bench-home-"))
os.environ["XDG_DATA_HOME"] = str(_HOME / ".local" / "share")  # before send2trash is imported

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from crashkit import SET_CHANGES, link_tree, make_set_tree  # noqa: E402

import wsnb  # noqa: E402
from wsnb.disk.linefile import LineFile  # noqa: E402
from wsnb.plans.journal import HISTORY_FILE  # noqa: E402


def confirm_once(root: Path, durable: bool) -> float:
    """Seconds to confirm the set on ``root``; ``durable=False`` turns the journal's fsyncs off."""
    ws = wsnb.open_workspace(root, watch=False)
    ws._book._journal.file = LineFile(root / HISTORY_FILE, sync=durable)
    plan = ws.change_set("Tidy the project", SET_CHANGES)
    started = time.perf_counter()
    result = plan.confirm(strong=True)
    took = time.perf_counter() - started
    assert result.success, result.message
    ws.close()
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--copy-mb", type=int, default=4)
    parser.add_argument("--root", type=Path, default=None)
    args = parser.parse_args()
    os.environ["WSNB_CRASH_COPY_MB"] = str(args.copy_mb)
    import crashkit

    crashkit.COPIED = args.copy_mb * 1024 * 1024
    base = Path(tempfile.mkdtemp(prefix="wsnb-bench-journal-", dir=args.root))
    try:
        template = base / "template"
        make_set_tree(template)
        times: dict[bool, list[float]] = {True: [], False: []}
        confirm_once(_copy(template, base / "warm"), True)  # imports, caches
        for number in range(args.rounds):
            for durable in (True, False) if number % 2 else (False, True):
                times[durable].append(confirm_once(_copy(template, base / f"r{number}{durable}"),
                                                   durable))  # fmt: skip
        _report(times, args)
    finally:
        shutil.rmtree(base, ignore_errors=True)
        shutil.rmtree(_HOME, ignore_errors=True)


def _copy(template: Path, root: Path) -> Path:
    link_tree(template, root)
    return root


def _report(times: dict[bool, list[float]], args: argparse.Namespace) -> None:
    synced, unsynced = statistics.median(times[True]), statistics.median(times[False])
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"six-step set (2 MB edit, {args.copy_mb} MB copy, move, create, trash, rename), "
          f"{args.rounds} rounds each, alternating; load average {load:.1f}")
    print(f"  journal fsynced (as wsnb runs): median {synced * 1000:7.1f} ms  "
          f"(min {min(times[True]) * 1000:.1f}, max {max(times[True]) * 1000:.1f})")
    print(f"  journal not fsynced (reference): median {unsynced * 1000:7.1f} ms  "
          f"(min {min(times[False]) * 1000:.1f}, max {max(times[False]) * 1000:.1f})")
    print(f"  ratio {synced / unsynced:.2f}x; the 8 journal fsyncs add "
          f"{(synced - unsynced) * 1000:.1f} ms ({(synced - unsynced) / 8 * 1000:.1f} ms each)")


if __name__ == "__main__":
    main()
