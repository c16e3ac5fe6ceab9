"""A one-line ``propose_edit`` on a 2,000-line file, over stdio, beside the whole-file write.

An agent that changes one line should send one line, and wait no longer than for a
read. This measures, through the MCP SDK's client against ``python -m wsnb.mcp``:

* the round trip of ``propose_edit`` changing one line of a 2,000-line Python file
  (p50 and p90; target: p50 under 30 ms), and of ``propose_write_file`` making the
  same change by re-sending the whole file, and of ``read_file`` of that file, as
  references measured in the same run;
* the bytes the agent sends for each (the JSON arguments): the edit's share of the
  file's size (target: under 1 %).

Run: ``python bench/bench_edit.py [--rounds 40]``. Each round changes another line,
so every proposal is a fresh plan checked against the file as it is.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters
from mcp_types import Implementation

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_mcp import env, pct

LINES = 2000


def make_file(root: Path) -> str:
    body = "".join(f"def function_{n}(value):\n    return value * {n}  # line {n}\n\n"
                   for n in range(LINES // 3 + 1))  # fmt: skip
    text = "".join(body.splitlines(keepends=True)[:LINES])
    (root / "big.py").write_text(text, encoding="utf-8")
    return text


def edit_args(n: int) -> dict[str, Any]:
    return {"path": "big.py", "edits": [{"old_text": f"return value * {n}  # line {n}\n",
                                         "new_text": f"return value * {n} + 1  # line {n}\n"}]}


def write_args(text: str, n: int) -> dict[str, Any]:
    new = text.replace(f"return value * {n}  # line {n}\n", f"return value * {n} + 1  # line {n}\n")
    return {"path": "big.py", "content": new}


async def measure(root: Path, text: str, rounds: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"propose_edit": [], "propose_write_file": [], "read_file": []}
    params = StdioServerParameters(command=sys.executable, args=["-m", "wsnb.mcp", str(root)],
                                   env=env())  # fmt: skip
    info = Implementation(name="bench", version="1")
    async with Client(params, client_info=info, read_timeout_seconds=120) as client:
        await client.call_tool("read_file", {"path": "big.py"})  # warm: index and imports
        for n in range(1, rounds + 1):
            for tool, args in (("propose_edit", edit_args(n)),
                               ("propose_write_file", write_args(text, n)),
                               ("read_file", {"path": "big.py"})):  # fmt: skip
                started = time.perf_counter()
                result = await client.call_tool(tool, args)
                times[tool].append(time.perf_counter() - started)
                assert not result.is_error, (tool, result.content)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "ws"
        root.mkdir()
        text = make_file(root)
        times = anyio.run(measure, root, text, args.rounds)
    size = len(text.encode("utf-8"))
    edit_bytes = len(json.dumps(edit_args(LINES // 3)).encode("utf-8"))
    write_bytes = len(json.dumps(write_args(text, LINES // 3)).encode("utf-8"))
    print(f"file: {LINES:,} lines, {size:,} bytes; {args.rounds} rounds over stdio")
    for tool, values in times.items():
        ms = [v * 1000 for v in values]
        print(f"  {tool:<20} p50 {statistics.median(ms):7.2f} ms   p90 {pct(ms, 0.9):7.2f} ms")
    edit50 = statistics.median(times["propose_edit"])
    for reference in ("read_file", "propose_write_file"):
        ratio = edit50 / statistics.median(times[reference])
        print(f"  propose_edit / {reference:<18} {ratio:.2f}x")
    print(f"bytes the agent sends: edit {edit_bytes:,} ({edit_bytes / size:.2%} of the file), "
          f"whole-file write {write_bytes:,} ({write_bytes / size:.0%})")
    ok = edit50 * 1000 < 30 and edit_bytes / size < 0.01
    print(f"targets (p50 < 30 ms, under 1 % of the file): {'met' if ok else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
