"""Failures in the middle of a write: the original stays byte-for-byte intact.

Both tests run the confirmation in a child process, so the failure is real:
a file-size limit that makes the write fail with EFBIG, and a SIGKILL that
ends the process between writing the temporary file and renaming it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import REPO, TESTS, write

import wsnb
from wsnb.plans.journal import Journal

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="uses resource limits and /proc")  # fmt: skip

ORIGINAL = "原来的内容\r\nline two\r\n".encode("gbk")

_SIZE_LIMITED = """
import json, resource, signal, sys
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from helpers import make_bench

bench = make_bench(Path(sys.argv[1]))
plan = bench.propose("write_file", path="data.txt", content="x" * 300_000)
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))
result = plan.confirm()
print(json.dumps({"success": result.success, "error": result.error, "state": plan.state.value}))
"""

_KILLED_MID_WRITE = """
import os, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from helpers import make_bench

real_fsync = os.fsync

def slow_fsync(fd):
    # Hold the temporary file, complete but not yet renamed, until the parent kills us.
    if os.path.basename(os.readlink(f"/proc/self/fd/{fd}")).startswith(".wsnb-tmp-"):
        time.sleep(60)
    real_fsync(fd)

os.fsync = slow_fsync
bench = make_bench(Path(sys.argv[1]))
plan = bench.propose("write_file", path="data.txt", content="y" * 1_500_000)
plan.confirm()
"""


@pytest.fixture
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "ws"
    folder.mkdir()
    write(folder, "data.txt", ORIGINAL)
    return folder


def child(script: str, root: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.Popen([sys.executable, "-c", script, str(root), str(TESTS)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip


def temp_files(root: Path) -> list[Path]:
    return sorted(root.rglob(".wsnb-tmp-*"))


def test_a_write_that_fails_leaves_the_original_and_says_why(root: Path) -> None:
    process = child(_SIZE_LIMITED, root)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    report = json.loads(out)
    assert report["success"] is False and report["state"] == "failed"
    assert "Could not write data.txt" in report["error"]
    assert "the original is unchanged" in report["error"]
    assert (root / "data.txt").read_bytes() == ORIGINAL
    assert temp_files(root) == []
    [entry] = Journal(root).entries()
    assert entry.success is False and entry.error and "Could not write" in entry.error
    assert entry.backup is not None and (root / entry.backup).read_bytes() == ORIGINAL


def test_a_kill_in_the_middle_of_confirming_leaves_the_original(root: Path) -> None:
    process = child(_KILLED_MID_WRITE, root)
    deadline = time.monotonic() + 30
    while not temp_files(root):
        assert process.poll() is None, process.communicate()[1]
        assert time.monotonic() < deadline, "the temporary file never appeared"
        time.sleep(0.01)
    os.kill(process.pid, signal.SIGKILL)
    process.communicate(timeout=30)
    assert process.returncode == -signal.SIGKILL

    assert (root / "data.txt").read_bytes() == ORIGINAL
    [temp] = temp_files(root)  # the abandoned temporary file, in wsnb's own folder
    assert temp.parent == root / ".wsnb" / "tmp" and temp.stat().st_size > 0
    assert Journal(root).entries() == []  # it never finished, so it never ran
    backups = list((root / ".wsnb" / "backups").iterdir())
    assert [b.read_bytes() for b in backups] == [ORIGINAL]
    with wsnb.open_workspace(root, watch=False) as ws:  # an open clears it away
        assert temp_files(root) == []
        assert ws.interrupted == []  # begun, but nothing changed: nothing to decide
