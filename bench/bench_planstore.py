"""Pending-plan store benchmark: a plan kept on disk and confirmed elsewhere, against a plain plan.

    python bench/bench_planstore.py [--plans 200] [--confirms 50]

In one temporary workspace and one run, prints p50/p90 of:

* ``submit``: keeping a freshly proposed plan as ``.wsnb/plans/<id>.json``;
* ``pending_plans()`` in a second workspace on the same folder, the first call (every stored
  plan made again from its tool and parameters) and the next (the plans are held);
* confirming a stored plan from the second workspace (claim, checks, the write, the journal,
  the outcome record), against the reference: proposing and confirming the same kind of plan in
  one workspace with no store, measured in the same run, one of each in turn.

No target is set; the ratio says what keeping plans on disk costs a confirmation.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import wsnb


def _timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def _spread(samples: list[float]) -> str:
    ordered = sorted(samples)
    p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    return f"p50 {statistics.median(ordered) * 1000:7.2f} ms   p90 {p90 * 1000:7.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plans", type=int, default=200)
    parser.add_argument("--confirms", type=int, default=50)
    args = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="wsnb-bench-store-"))
    os.environ["XDG_DATA_HOME"] = str(base / "share")
    root = base / "ws"
    root.mkdir()

    agent = wsnb.open_workspace(root, watch=False)
    plans = [agent.create_file(f"stored/f{n}.md", "x\n") for n in range(args.plans)]
    submit = []
    for plan in plans:
        started = time.perf_counter()
        agent.plan_store.submit(plan, proposer="mcp:bench")
        submit.append(time.perf_counter() - started)

    notebook = wsnb.open_workspace(root, watch=False)
    first = _timed(notebook.pending_plans)
    waiting = notebook.pending_plans()
    again = _timed(notebook.pending_plans)
    # Interleaved, so a busy moment of a shared machine weighs on both sides alike.
    plain = wsnb.open_workspace(root, watch=False)
    stored: list[float] = []
    reference: list[float] = []
    for n, plan in enumerate(waiting[: args.confirms]):
        stored.append(_timed(plan.confirm))
        reference.append(_timed(plain.create_file(f"plain/f{n}.md", "x\n").confirm))

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"pending-plan store, {args.plans} plans, load average {load:.2f}")
    print(f"  submit                          {_spread(submit)}")
    made = len(waiting)
    print(f"  pending_plans() first call      {first * 1000:7.1f} ms ({made} plans made again)")
    print(f"  pending_plans() next call       {again * 1000:7.1f} ms")
    print(f"  confirm a stored plan           {_spread(stored)}")
    print(f"  confirm a plain plan (ref)      {_spread(reference)}")
    ratio = statistics.median(stored) / statistics.median(reference)
    print(f"  stored / plain confirm, p50     {ratio:.2f}x")


if __name__ == "__main__":
    main()
