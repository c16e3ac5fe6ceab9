"""Pending-plan store benchmark: a plan kept on disk and confirmed elsewhere, against a plain plan.

    python bench/bench_planstore.py [--plans 200] [--confirms 50] [--many 10000] [--proposals 40]

In one temporary workspace and one run, prints p50/p90 of:

* ``submit``: keeping a freshly proposed plan as ``.wsnb/plans/<id>.json``;
* ``pending_plans()`` in a second workspace on the same folder, the first call (every stored
  plan made again from its tool and parameters) and the next (the plans are held);
* confirming a stored plan from the second workspace (claim, checks, the write, the journal,
  the outcome record), against the reference: proposing and confirming the same kind of plan in
  one workspace with no store, measured in the same run, one of each in turn.

No target is set for those; the ratio says what keeping plans on disk costs a confirmation.

Then a store that stays fast: a proposal's cost with 10 stored plans and with
``--many`` (10,000), each folder written straight as the store writes records
(a third pending, the rest decided in the last week, so none is swept away):

* over HTTP: ``propose_create_file`` through the SDK's client to two servers on
  127.0.0.1, each ``wsnb-mcp ROOT --http`` in a process of its own, p50 and p90 of
  ``--proposals`` calls on each, one call on each in turn, who goes first taking
  turns (target: the ratio of the p50s under 1.5x);
* in-process: ``ws.create_file`` then ``plan_store.submit``, the same way;
* the sweep that clears decided records, once an hour at most, timed alone on
  the big folder, and the inbox's count and newest cards there.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import wsnb

RATIO_TARGET = 1.5
WORKTREE = str(Path(__file__).resolve().parents[1])


def _timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def _spread(samples: list[float]) -> str:
    ordered = sorted(samples)
    p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    return f"p50 {statistics.median(ordered) * 1000:7.2f} ms   p90 {p90 * 1000:7.2f} ms"


def store_records(root: Path, count: int) -> None:
    """``count`` records as the store keeps them: a third pending, the rest decided lately."""
    folder = root / ".wsnb" / "plans"
    folder.mkdir(parents=True, exist_ok=True)
    now = datetime.now().astimezone()
    for n in range(count):
        plan_id, path = f"{n:08x}", f"stored/{n}.md"
        created = now - timedelta(hours=20) + timedelta(seconds=n % 3600)
        pending = n % 3 == 0
        record: dict[str, Any] = {
            "version": 1, "id": plan_id, "lang": "en", "proposer": "mcp:bench",
            "request": {"tool": "create_file", "params": {"path": path, "content": "x\n"}},
            "state": "pending" if pending else "done", "title": f"Create file {path}",
            "message": "", "confirmed_by": None if pending else "notebook",
            "created": created.isoformat(), "expires": (created + timedelta(days=1)).isoformat(),
            "fingerprints": {path: [False, False, 0, 0, None]},
        }  # fmt: skip
        if not pending:
            record["decided"] = (now - timedelta(days=n % 6)).isoformat()
        target = folder / f"{plan_id}.json"
        target.write_text(json.dumps(record, indent=1), encoding="utf-8")
        when = datetime.fromisoformat(record.get("decided", record["created"])).timestamp()
        os.utime(target, (when, when))


def _workspace(base: Path, name: str, records: int) -> wsnb.Workspace:
    root = base / name
    root.mkdir()
    store_records(root, records)
    return wsnb.open_workspace(root, watch=False)


def proposals(base: Path, many: int, calls: int) -> None:
    """A proposal's cost at 10 and at ``many`` stored plans, over HTTP and in-process."""
    import anyio

    few_ws, many_ws = _workspace(base, "few", 10), _workspace(base, "many", many)
    for ws in (few_ws, many_ws):  # the first proposal of the hour sweeps: not what is measured
        ws.plan_store.submit(ws.create_file("warm.md", "x\n"), proposer="mcp:bench")
    servers = [_serve(ws.root) for ws in (few_ws, many_ws)]
    try:
        timed = anyio.run(_over_http, [(url, token) for _process, url, token in servers], calls)
    finally:
        for process, _url, _token in servers:
            process.terminate()
            process.wait(10)
    local: list[list[float]] = [[], []]
    for n in range(calls):
        for side, ws in enumerate((few_ws, many_ws)):
            started = time.perf_counter()
            ws.plan_store.submit(ws.create_file(f"local/{n}.md", "x\n"), proposer="mcp:bench")
            local[side].append(time.perf_counter() - started)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\na proposal with 10 and with {many:,} stored plans, {calls} each, load average "
          f"{load:.2f}")
    for label, pair in (("over HTTP (propose_create_file)", timed), ("in-process (submit)", local)):
        ratio = statistics.median(pair[1]) / statistics.median(pair[0])
        ok = "met" if ratio < RATIO_TARGET else "NOT met"
        print(f"  {label:<33} 10: {_spread(pair[0])}")
        print(f"  {'':<33} {many:,}: {_spread(pair[1])}")
        print(f"  {'':<33} ratio of p50s {ratio:.2f}x (target < {RATIO_TARGET}x: {ok})")
    _sweep_and_views(many_ws, many)
    few_ws.close()
    many_ws.close()


def _serve(root: Path) -> tuple[subprocess.Popen[str], str, str]:
    """``wsnb-mcp ROOT --http`` in its own process, as a person starts it: its URL and token."""
    token = secrets.token_urlsafe(16)
    env = {**os.environ, "WSNB_MCP_TOKEN": token,
           "PYTHONPATH": os.pathsep.join(filter(None, [WORKTREE, os.environ.get("PYTHONPATH")]))}
    process = subprocess.Popen([sys.executable, "-m", "wsnb.mcp", str(root), "--http",
                                "--port", "0"], env=env, text=True, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)  # fmt: skip
    assert process.stderr is not None
    url = process.stderr.readline().rsplit(" at ", 1)[1].strip()
    return process, url, token


async def _over_http(servers: list[tuple[str, str]], calls: int) -> list[list[float]]:
    """One client per server, the calls in turn, so a busy moment weighs on both alike."""
    from contextlib import AsyncExitStack

    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client
    from mcp_types import Implementation

    times: list[list[float]] = [[], []]
    info = Implementation(name="bench", version="1")
    async with AsyncExitStack() as stack:
        clients = []
        for url, token in servers:
            http = await stack.enter_async_context(httpx2.AsyncClient(
                headers={"Authorization": f"Bearer {token}"}, timeout=60))
            clients.append(await stack.enter_async_context(Client(
                streamable_http_client(url, http_client=http), client_info=info,
                read_timeout_seconds=120)))
            await clients[-1].call_tool("plan_status", {"plan_id": "0000"})  # the scan is done
        for n in range(calls):
            turn = [(0, clients[0]), (1, clients[1])]
            for side, client in turn if n % 2 else turn[::-1]:  # who goes first, in turn
                started = time.perf_counter()
                result = await client.call_tool("propose_create_file", {
                    "path": f"http/{n}.md", "content": "x\n"})
                times[side].append(time.perf_counter() - started)
                assert not result.is_error, result
    return times


def _sweep_and_views(ws: wsnb.Workspace, many: int) -> None:
    store = ws.plan_store
    swept = _timed(store.sweep)
    other = wsnb.open_workspace(ws.root, watch=False)
    first = _timed(other.plan_store.statuses)
    again = _timed(other.plan_store.statuses)
    started = time.perf_counter()
    newest, count = other.plan_store.waiting(20)
    made = time.perf_counter() - started
    other.close()
    print(f"  the sweep of {many:,} records (at most once an hour)   {swept * 1000:7.1f} ms")
    print(f"  statuses() in a fresh process: first {first * 1000:.1f} ms (each record read "
          f"once), then {again * 1000:.1f} ms")
    print(f"  an inbox's newest 20 of {count:,} waiting, made again: {made * 1000:.1f} ms "
          f"({len(newest)} plans)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plans", type=int, default=200)
    parser.add_argument("--confirms", type=int, default=50)
    parser.add_argument("--many", type=int, default=10_000, help="stored plans for the big side")
    parser.add_argument("--proposals", type=int, default=40, help="proposals on each side")
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
    for ws in (agent, notebook, plain):
        ws.close()
    proposals(base, args.many, args.proposals)


if __name__ == "__main__":
    main()
