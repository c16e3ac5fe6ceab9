"""MCP benchmark: the server over stdio against the Python API, in one run.

    python bench/bench_mcp.py [--copies 12] [--calls 40] [--starts 3]
    python bench/bench_mcp.py --root /tmp/realtree12      # an existing tree
    python bench/bench_mcp.py --start-only [--starts 15] [--calls 40]  # the two below only

Lays out the real-shaped tree (``../shared/bench-data/real-tree/make_tree.py``,
``--copies`` copies of sympy and jupyterlab: about 61,700 files at 12) in a
temporary folder unless ``--root`` names one, and prints, with the load average:

* server start to first answer: from launching ``python -m wsnb.mcp ROOT`` with the
  SDK's client to the first ``find_files`` answer (the process starts, imports,
  scans and answers), best and median of ``--starts``; against the same first
  answer from the Python API in a fresh process (``open_workspace`` then the same
  read tool) (target: under 3 s);
* the round trip of ``find_files``, ``search_text`` and ``read_file`` over stdio,
  p50 and p90 of ``--calls`` calls each on one live server; against the same
  calls in-process, through the same read tools with a model's limits
  (target: ``find_files`` p50 under 20 ms; the index stays live, no call re-scans);
* the time from a file written outside wsnb to ``find_files`` listing it, on the same
  server (the watcher follows the disk; a call never scans again);
* spawn to ``initialize`` answered: from launching ``python -m wsnb.mcp ROOT`` to the
  answer line on its stdout, p50 of ``--starts`` (at least 7) launches, against
  ``python -c "import mcp.server"`` launched in the same run, interleaved (target: at most
  1.0x; the server answers before it loads the SDK or opens the workspace);
* the last three lines of a 16 MiB log (``read_file`` with ``tail``, and by range with
  ``start_line``) over stdio, p50 of ``--calls`` calls, against ``read_lines`` in-process;
* the notes served beside the files (``--notes``, alone with ``--notes-only``): on the
  720-note folder of ``bench_live_notes.py`` (the FastAPI docs, English and Chinese),
  ``assistant_context`` and ``notes_search`` round trips over stdio, p50 and p90, against
  ``nb.prompt`` and ``nb.search`` in-process (targets: p50 under 50 ms and 20 ms).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters
from mcp_types import Implementation

# The shared data sits beside the checkout (``../shared``), as it does for CI.
REAL_TREE = (Path(__file__).resolve().parents[2] / "shared" / "bench-data" / "real-tree"
             / "make_tree.py")
FIRST_TARGET_S = 3.0
FIND_P50_TARGET_MS = 20.0
KEYWORDS = ["test", "utils", "index", ".py", "README", "plot", "matrix", "widget", "core",
            "solve"]  # fmt: skip
PATTERNS = ["import", "def ", "return", "TODO", "class "]
WORKTREE = str(Path(__file__).resolve().parents[1])

_FIRST_IN_PROCESS = """
import sys, time
t0 = time.perf_counter()
import wsnb
ws = wsnb.open_workspace(sys.argv[1], mode="read-only")
result = ws.tools.get("search_files").run(ws.context, keyword="test")
assert result.success
print(time.perf_counter() - t0)
ws.close()
"""


def env() -> dict[str, str]:
    out = dict(os.environ)
    out["PYTHONPATH"] = os.pathsep.join(filter(None, [WORKTREE, out.get("PYTHONPATH")]))
    return out


def params(root: Path) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "wsnb.mcp", str(root)],
                                 env=env())  # fmt: skip


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def first_answer(root: Path) -> float:
    started = time.perf_counter()
    info = Implementation(name="bench", version="1")
    async with Client(params(root), client_info=info, read_timeout_seconds=120) as client:
        result = await client.call_tool("find_files", {"keyword": "test"})
        took = time.perf_counter() - started
    assert not result.is_error
    return took


def first_in_process(root: Path) -> float:
    done = subprocess.run([sys.executable, "-c", _FIRST_IN_PROCESS, str(root)], env=env(),
                          capture_output=True, text=True, check=True)  # fmt: skip
    return float(done.stdout.strip())


def calls(root: Path, files: list[str]) -> list[tuple[str, dict[str, Any]]]:
    return [("find_files", {"keyword": k}) for k in KEYWORDS] + \
        [("search_text", {"pattern": p}) for p in PATTERNS] + \
        [("read_file", {"path": f}) for f in files]  # fmt: skip


async def over_stdio(root: Path, work: list[tuple[str, dict[str, Any]]],
                     rounds: int) -> dict[str, list[float]]:  # fmt: skip
    times: dict[str, list[float]] = {}
    info = Implementation(name="bench", version="1")
    async with Client(params(root), client_info=info, read_timeout_seconds=120) as client:
        await client.call_tool("find_files", {"keyword": "warm"})  # the index is built
        for _round in range(rounds):
            for tool, args in work:
                started = time.perf_counter()
                result = await client.call_tool(tool, args)
                times.setdefault(tool, []).append(time.perf_counter() - started)
                assert not result.is_error, (tool, args, result.content)
        times["seen"] = [await _seen(client, root)]
    return times


async def _seen(client: Client, root: Path) -> float:
    """Seconds from writing a new file outside wsnb to ``find_files`` listing it (live index)."""
    name = f"bench-live-{os.getpid()}.txt"
    (root / name).write_text("live\n", encoding="utf-8")
    started = time.perf_counter()
    try:
        while time.perf_counter() - started < 10:
            found = await client.call_tool("find_files", {"keyword": name})
            rows = (found.structured_content or {}).get("rows", [])
            if any(row["path"] == name for row in rows):
                return time.perf_counter() - started
            await anyio.sleep(0.02)
        return float("inf")
    finally:
        (root / name).unlink()


def in_process(root: Path, work: list[tuple[str, dict[str, Any]]],
               rounds: int) -> dict[str, list[float]]:  # fmt: skip
    import wsnb

    names = {"find_files": "search_files", "search_text": "search_text", "read_file": "read_file"}
    ws = wsnb.open_workspace(root, mode="read-only")
    run: Callable[..., Any] = lambda tool, **kw: ws.tools.get(names[tool]).run(  # noqa: E731
        ws.context, **kw)
    run("find_files", keyword="warm")
    times: dict[str, list[float]] = {}
    for _round in range(rounds):
        for tool, args in work:
            started = time.perf_counter()
            assert run(tool, **args).success
            times.setdefault(tool, []).append(time.perf_counter() - started)
    ws.close()
    return times


def text_files(root: Path, count: int = 5) -> list[str]:
    found: list[str] = []
    for folder, _dirs, names in os.walk(root):
        for name in sorted(names):
            if name.endswith(".py") and os.path.getsize(os.path.join(folder, name)) > 200:
                found.append(os.path.relpath(os.path.join(folder, name), root))
                if len(found) == count:
                    return found
    return found


def report(root: Path, args: argparse.Namespace) -> None:
    print(f"tree: {root} ({sum(len(f) for _d, _s, f in os.walk(root)):,} files); "
          f"load average {os.getloadavg()[0]:.2f}")
    firsts = [anyio.run(first_answer, root) for _n in range(args.starts)]
    refs = [first_in_process(root) for _n in range(args.starts)]
    best, ref = min(firsts), min(refs)
    ok = "met" if best < FIRST_TARGET_S else "NOT met"
    print(f"\nstart to first answer: best {best:.2f} s, median {statistics.median(firsts):.2f} s "
          f"over stdio; the Python API in a fresh process best {ref:.2f} s; ratio "
          f"{best / ref:.2f}x (target < {FIRST_TARGET_S:.0f} s: {ok})")
    work = calls(root, text_files(root))
    rounds = max(1, args.calls // 10)
    served = anyio.run(over_stdio, root, work, rounds)
    local = in_process(root, work, rounds)
    print(f"\nround trips over stdio, {rounds} rounds (load average {os.getloadavg()[0]:.2f}):")
    print(f"{'tool':<12} {'calls':>5} {'p50 ms':>8} {'p90 ms':>8} {'in-process p50':>15} "
          f"{'p90':>7} {'ratio p50':>10}")
    for tool in ("find_files", "search_text", "read_file"):
        mine, theirs = served[tool], local[tool]
        p50, p90 = pct(mine, 0.5) * 1e3, pct(mine, 0.9) * 1e3
        r50, r90 = pct(theirs, 0.5) * 1e3, pct(theirs, 0.9) * 1e3
        print(f"{tool:<12} {len(mine):>5} {p50:>8.1f} {p90:>8.1f} {r50:>15.1f} {r90:>7.1f} "
              f"{p50 / r50:>9.1f}x")
    p50 = pct(served["find_files"], 0.5) * 1e3
    ok = "met" if p50 < FIND_P50_TARGET_MS else "NOT met"
    print(f"\nfind_files p50 {p50:.1f} ms over stdio (target < {FIND_P50_TARGET_MS:.0f} ms: "
          f"{ok}); a file written outside wsnb was listed by find_files after "
          f"{served['seen'][0]:.2f} s (the index follows the disk; no call re-scans)")


INITIALIZE = (b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":'
              b'"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}\n')
START_RATIO_TARGET = 1.0
LOG_BYTES = 16 * 1024 * 1024


def spawn_to_initialize(root: Path) -> float:
    """Seconds from launching the server to the answer of ``initialize`` on its stdout."""
    started = time.perf_counter()
    server = subprocess.Popen([sys.executable, "-m", "wsnb.mcp", str(root)], env=env(),
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)  # fmt: skip
    assert server.stdin is not None and server.stdout is not None
    server.stdin.write(INITIALIZE)
    server.stdin.flush()
    line = server.stdout.readline()
    took = time.perf_counter() - started
    server.stdin.close()
    server.wait(60)
    assert b'"result"' in line, line
    return took


def import_sdk() -> float:
    """Seconds to launch ``python -c "import mcp.server"``: the reference."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import mcp.server"], env=env(), check=True)
    return time.perf_counter() - started


def start_report(starts: int) -> None:
    with tempfile.TemporaryDirectory(prefix="wsnb-mcp-start-") as tmp:
        root = Path(tmp)
        (root / "README.md").write_text("# A project\n", encoding="utf-8")
        ours, sdk = [], []
        for _n in range(max(starts, 7)):  # interleaved: both see the same load
            ours.append(spawn_to_initialize(root))
            sdk.append(import_sdk())
    p50, ref = statistics.median(ours), statistics.median(sdk)
    ok = "met" if p50 / ref <= START_RATIO_TARGET else "NOT met"
    print(f"\nspawn to initialize answered: p50 {p50 * 1e3:.0f} ms (best {min(ours) * 1e3:.0f}); "
          f"python -c \"import mcp.server\" p50 {ref * 1e3:.0f} ms (best {min(sdk) * 1e3:.0f}); "
          f"ratio {p50 / ref:.2f}x over {len(ours)} launches each (target <= "
          f"{START_RATIO_TARGET:.1f}x: {ok}; load average {os.getloadavg()[0]:.2f})")


def write_log(path: Path) -> int:
    """A log of ordinary lines, as close to 16 MiB as whole lines make it (every line within
    the read's reach); returns its line count."""
    line = "2026-03-01 12:00:{s:02d} INFO request {n} GET /api/items/{n} took {ms} ms\n"
    lines, size = [], 0
    while True:
        text = line.format(s=len(lines) % 60, n=len(lines), ms=len(lines) % 997)
        if size + len(text) > LOG_BYTES:
            break
        lines.append(text)
        size += len(text)
    path.write_text("".join(lines), encoding="utf-8")
    return len(lines)


async def tail_over_stdio(root: Path, total: int, calls: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"tail": [], "range": []}
    info = Implementation(name="bench", version="1")
    asks = {"tail": {"path": "app.log", "tail": 3},
            "range": {"path": "app.log", "start_line": total - 2, "end_line": total}}
    async with Client(params(root), client_info=info, read_timeout_seconds=120) as client:
        for _n in range(calls):
            for kind, args in asks.items():
                started = time.perf_counter()
                result = await client.call_tool("read_file", args)
                times[kind].append(time.perf_counter() - started)
                data = result.structured_content or {}
                assert not result.is_error and data.get("end_line") == total, result.content
    return times


def tail_in_process(root: Path, calls: int) -> list[float]:
    import wsnb
    from wsnb.tools.lines import read_lines

    ws = wsnb.open_workspace(root, mode="read-only", watch=False)
    times = []
    for _n in range(calls):
        started = time.perf_counter()
        read_lines(ws.context, "app.log", tail=3)
        times.append(time.perf_counter() - started)
    ws.close()
    return times


def tail_report(calls: int) -> None:
    with tempfile.TemporaryDirectory(prefix="wsnb-mcp-tail-") as tmp:
        root = Path(tmp)
        total = write_log(root / "app.log")
        served = anyio.run(tail_over_stdio, root, total, calls)
        local = tail_in_process(root, calls)
    print(f"\nthe last 3 lines of a 16 MiB log ({total:,} lines), {calls} calls each (load "
          f"average {os.getloadavg()[0]:.2f}): read_file tail=3 p50 "
          f"{pct(served['tail'], 0.5) * 1e3:.1f} ms (p90 {pct(served['tail'], 0.9) * 1e3:.1f}), "
          f"by range p50 {pct(served['range'], 0.5) * 1e3:.1f} ms over stdio; read_lines "
          f"in-process p50 {pct(local, 0.5) * 1e3:.1f} ms")


NOTE_QUERIES = ["path parameters", "dependency injection", "OAuth2 security", "background tasks",
                "路径参数", "依赖注入", "请求体", "testing with pytest", "CORS", "response model"]
CONTEXT_P50_TARGET_MS, NOTES_SEARCH_P50_TARGET_MS = 50.0, 20.0


async def notes_over_stdio(project: Path, notes: Path, rounds: int) -> dict[str, list[float]]:
    server = StdioServerParameters(command=sys.executable, env=env(), args=[
        "-m", "wsnb.mcp", str(project), "--notes", str(notes)])  # fmt: skip
    times: dict[str, list[float]] = {}
    info = Implementation(name="bench", version="1")
    async with Client(server, client_info=info, read_timeout_seconds=300) as client:
        await client.call_tool("notes_search", {"query": "warm"})  # the notes index is built
        for _round in range(rounds):
            for query in NOTE_QUERIES:
                for tool in ("assistant_context", "notes_search"):
                    started = time.perf_counter()
                    result = await client.call_tool(tool, {"query": query})
                    times.setdefault(tool, []).append(time.perf_counter() - started)
                    assert not result.is_error, (tool, query, result.content)
    return times


def notes_in_process(notes: Path, rounds: int) -> dict[str, list[float]]:
    from wsnb.notes import open_notes

    times: dict[str, list[float]] = {}
    with open_notes(notes, mode="read-only") as nb:
        nb.search("warm")
        for _round in range(rounds):
            for query in NOTE_QUERIES:
                for tool, call in (("assistant_context", nb.prompt), ("notes_search", nb.search)):
                    started = time.perf_counter()
                    call(query)
                    times.setdefault(tool, []).append(time.perf_counter() - started)
    return times


def notes_report(args: argparse.Namespace) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_live_notes import build_folder

    from wsnb.notes import open_notes

    corpus = Path(WORKTREE).parent / "shared" / "notes-corpus" / "fastapi-docs" / "docs"
    with tempfile.TemporaryDirectory(prefix="wsnb-mcp-notes-") as tmp:
        project, notes = Path(tmp) / "project", Path(tmp) / "notes"
        project.mkdir()
        (project / "README.md").write_text("# Project\n", encoding="utf-8")
        size = build_folder(notes, corpus)
        with open_notes(notes) as nb:
            nb.initialize().confirm()
        count = sum(1 for _path in notes.rglob("*.md"))
        rounds = max(1, args.calls // 10)
        served = anyio.run(notes_over_stdio, project, notes, rounds)
        local = notes_in_process(notes, rounds)
    print(f"\nthe notes beside the files: {count:,} notes ({size / 1e6:.1f} MB), {rounds} rounds "
          f"of {len(NOTE_QUERIES)} queries (load average {os.getloadavg()[0]:.2f}):")
    print(f"{'tool':<18} {'calls':>5} {'p50 ms':>8} {'p90 ms':>8} {'in-process p50':>15} "
          f"{'ratio p50':>10} {'target':>8}")
    for tool, target in (("assistant_context", CONTEXT_P50_TARGET_MS),
                         ("notes_search", NOTES_SEARCH_P50_TARGET_MS)):
        mine, theirs = served[tool], local[tool]
        p50, p90, r50 = pct(mine, 0.5) * 1e3, pct(mine, 0.9) * 1e3, pct(theirs, 0.5) * 1e3
        ok = "met" if p50 < target else "NOT met"
        print(f"{tool:<18} {len(mine):>5} {p50:>8.1f} {p90:>8.1f} {r50:>15.1f} "
              f"{p50 / r50:>9.1f}x {f'<{target:.0f} {ok}':>8}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=12, help="copies of the real-shaped tree")
    parser.add_argument("--root", type=Path, help="measure this folder instead")
    parser.add_argument("--calls", type=int, default=40, help="calls of each tool over stdio")
    parser.add_argument("--starts", type=int, default=3, help="server starts to time")
    parser.add_argument("--notes-only", action="store_true",
                        help="measure only the notes served beside the files")
    parser.add_argument("--start-only", action="store_true",
                        help="measure only the start (spawn to initialize) and the log's tail")
    args = parser.parse_args()
    if args.start_only:
        start_report(args.starts)
        tail_report(args.calls)
        return 0
    if args.notes_only:
        notes_report(args)
        return 0
    if args.root:
        report(args.root, args)
        start_report(args.starts)
        tail_report(args.calls)
        return 0
    with tempfile.TemporaryDirectory(prefix="wsnb-mcp-bench-") as tmp:
        root = Path(tmp) / "real"
        subprocess.run([sys.executable, str(REAL_TREE), str(root), "--copies",
                        str(args.copies)], check=True, stdout=subprocess.DEVNULL)  # fmt: skip
        report(root, args)
    start_report(args.starts)
    tail_report(args.calls)
    notes_report(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
