"""A scan shared with a forked child gives the rows and report of a scan in one process.

The sharing thresholds are lowered so small trees share; each test checks a
child really was forked, so a scan that silently stayed in one process fails.
"""

from __future__ import annotations

import dataclasses
import gc
import logging
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from helpers import make_files

from wsnb import forked
from wsnb.errors import UsageError
from wsnb.fileindex import scanner, walker
from wsnb.fileindex.scanner import ScanLimits, ScanReport, scan
from wsnb.policy.access import AccessPolicy

pytestmark = pytest.mark.skipif(not forked.can_fork(), reason="only Linux forks a child here")

WIDE = ScanLimits(max_depth=64, max_files=1_000_000)


@pytest.fixture
def forks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Share from the first folders on, and count the children started."""
    monkeypatch.setattr(walker, "_SHARE_AFTER_ENTRIES", 1)
    monkeypatch.setattr(walker, "_SHARE_MIN_FOLDERS", 2)
    monkeypatch.setattr(scanner, "_SHARE_MIN_MAX_FILES", 1)
    started: list[int] = []
    original = walker.fork_call

    def counted(func: Callable[[], Any]) -> forked.Forked | None:
        child = original(func)
        if child is not None:
            started.append(child.pid)
        return child

    monkeypatch.setattr(walker, "fork_call", counted)
    yield started


def project(root: Path) -> Path:
    """Folders of files, nested .gitignore files, skipped and hidden folders, a link."""
    files = [f"pkg{p}/mod{m}/f{f}.py" for p in range(6) for m in range(4) for f in range(5)]
    files += [f"pkg{p}/mod{m}/x.pyc" for p in range(6) for m in range(2)]
    files += ["pkg1/build/out.o", "pkg2/node_modules/x.js", "pkg3/.hidden/a.txt", ".env"]
    files += ["pkg4/gen/a.gen.c", "pkg4/gen/keep.gen.c", "pkg5/debug.log", "docs/read.me"]
    make_files(root, *files)
    (root / ".gitignore").write_text("*.pyc\n*.log\n/docs/\n", "utf-8")
    (root / "pkg4" / ".gitignore").write_text("*.gen.c\n!keep.gen.c\n", "utf-8")
    (root / "pkg0" / "mod0" / ".gitignore").write_text("f1.py\n", "utf-8")
    os.symlink(root / "pkg1", root / "pkg_link")
    return root


def same_scan(root: Path, limits: ScanLimits = WIDE) -> tuple[pd.DataFrame, ScanReport]:
    """Scan in one process and shared; assert both agree; return the shared one."""
    policy = AccessPolicy(root)
    alone, alone_report = scan(policy, limits=limits, workers=1)
    shared, shared_report = scan(policy, limits=limits, workers=2)
    pd.testing.assert_frame_equal(alone, shared)
    ignore_time = {"elapsed": 0.0}
    assert dataclasses.replace(alone_report, **ignore_time) == dataclasses.replace(
        shared_report, **ignore_time
    )
    return shared, shared_report


def test_shared_scan_gives_the_same_rows_and_report(tmp_path: Path, forks: list[int]) -> None:
    frame, report = same_scan(project(tmp_path))
    assert forks, "no child was forked"
    paths = set(frame["path"])
    assert "pkg0/mod1/x.pyc" not in paths and "pkg5/debug.log" not in paths
    assert "pkg4/gen/keep.gen.c" in paths and "pkg4/gen/a.gen.c" not in paths
    assert "pkg0/mod0/f1.py" not in paths and "pkg0/mod1/f1.py" in paths
    assert "docs" not in paths and "pkg_link" in paths and ".env" in paths
    assert report.ignored == 12 + 1 + 1 + 1 + 1  # .pyc, debug.log, a.gen.c, f1.py, docs
    assert report.skipped == 3 and report.symlinks == 1


def test_shared_scan_with_a_depth_cut(tmp_path: Path, forks: list[int]) -> None:
    _, report = same_scan(project(tmp_path), ScanLimits(max_depth=2, max_files=1_000_000))
    assert forks and report.truncated and report.limit == "max_depth"


def test_shared_scan_past_max_files_is_cut_where_one_walk_cuts(
    tmp_path: Path, forks: list[int]
) -> None:
    frame, report = same_scan(project(tmp_path), ScanLimits(max_depth=64, max_files=40))
    assert forks and report.truncated and report.limit == "max_files" and len(frame) == 40


def test_child_that_fails_leaves_its_folders_to_the_parent(
    tmp_path: Path, forks: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(parent: object, given: object) -> object:
        raise OSError("the child could not list")

    monkeypatch.setattr(walker, "_walk_in_child", broken)
    frame, _ = same_scan(project(tmp_path))
    assert forks and "pkg5/mod3/f4.py" in set(frame["path"])


def test_progress_ends_with_the_total(tmp_path: Path, forks: list[int]) -> None:
    root = project(tmp_path)
    counts: list[int] = []
    frame, _ = scan(AccessPolicy(root), limits=WIDE, progress=counts.append, progress_every=10,
                    workers=2)  # fmt: skip
    assert forks and counts == sorted(counts) and counts[-1] == len(frame)


def test_small_scan_or_bound_scan_stays_in_one_process(tmp_path: Path) -> None:
    root = project(tmp_path)
    started: list[object] = []
    original = walker.fork_call
    walker.fork_call = lambda func: started.append(func) or original(func)  # type: ignore[assignment]
    try:
        scan(AccessPolicy(root), limits=WIDE, workers=2)  # far below _SHARE_AFTER_ENTRIES
        scan(AccessPolicy(root), workers=2)  # the model's bound: never shared
    finally:
        walker.fork_call = original
    assert started == []


@pytest.mark.parametrize("bad", [0, -1, 1.5, "2", True])
def test_bad_workers_are_refused(tmp_path: Path, bad: object) -> None:
    with pytest.raises(UsageError, match="workers"):
        scan(AccessPolicy(tmp_path), workers=bad)  # type: ignore[arg-type]


def test_fork_call_returns_the_value_and_logs_in_the_parent(
    caplog: pytest.LogCaptureFixture,
) -> None:
    def work() -> tuple[list[str], int]:
        logging.getLogger("wsnb").warning("from the child %d", 7)
        return ["a", "b"], os.getpid()

    child = forked.fork_call(work)
    assert child is not None
    with caplog.at_level(logging.INFO, logger="wsnb"):
        value = child.result()
    assert value is not None and value[0] == ["a", "b"] and value[1] != os.getpid()
    assert "from the child 7" in caplog.text


def test_fork_call_that_raises_or_returns_the_unsendable_gives_none() -> None:
    def fails() -> object:
        raise RuntimeError("no")

    for func in (fails, lambda: object()):
        child = forked.fork_call(func)
        assert child is not None and child.result() is None


def test_cancel_stops_a_running_child() -> None:
    child = forked.fork_call(lambda: __import__("time").sleep(30))
    assert child is not None
    child.cancel()
    with pytest.raises(ChildProcessError):
        os.waitpid(child.pid, os.WNOHANG)


def test_a_child_nobody_reads_is_stopped_when_dropped() -> None:
    child = forked.fork_call(lambda: __import__("time").sleep(30))
    assert child is not None
    pid = child.pid
    del child
    gc.collect()
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # killed and reaped, not left running


def test_workers_for_decides_from_size_cores_and_load(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forked, "cores", lambda: 4)
    monkeypatch.setattr(os, "getloadavg", lambda: (1.0, 1.0, 1.0))
    assert forked.workers_for(None, worth_it=True) == 2
    assert forked.workers_for(None, worth_it=False) == 1
    assert forked.workers_for(1, worth_it=True) == 1
    monkeypatch.setattr(os, "getloadavg", lambda: (4.0, 4.0, 4.0))
    assert forked.workers_for(None, worth_it=True) == 1  # busy: no core to spare
    assert forked.workers_for(2, worth_it=True) == 2  # asked for: shared all the same
    monkeypatch.setattr(sys, "platform", "darwin")
    assert forked.workers_for(2, worth_it=True) == 1


# -- faults a shared scan must survive --------------------------------------------------


def test_scan_shares_when_the_process_ignores_its_children(
    tmp_path: Path, forks: list[int]
) -> None:
    # With SIGCHLD ignored the system reaps children itself, and waitpid finds none.
    previous = signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    try:
        frame, _ = same_scan(project(tmp_path))
    finally:
        signal.signal(signal.SIGCHLD, previous)
    assert forks and "pkg5/mod3/f4.py" in set(frame["path"])


def test_error_in_the_parent_reaps_the_child_and_closes_everything(
    tmp_path: Path, forks: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = project(tmp_path)
    parent, real_scandir = os.getpid(), os.scandir

    def interrupted(path: Any) -> Any:  # Ctrl-C while the parent lists a folder
        if os.getpid() == parent and forks:
            raise KeyboardInterrupt
        return real_scandir(path)

    open_before = set(os.listdir("/proc/self/fd"))
    monkeypatch.setattr(os, "scandir", interrupted)
    with pytest.raises(KeyboardInterrupt):
        scan(AccessPolicy(root), limits=WIDE, workers=2)
    monkeypatch.setattr(os, "scandir", real_scandir)
    assert forks
    with pytest.raises(ChildProcessError):
        os.waitpid(forks[0], os.WNOHANG)  # reaped already: no zombie
    assert set(os.listdir("/proc/self/fd")) <= open_before


class _Alarm(Exception):
    pass


def test_interrupted_wait_stops_the_child_at_once(
    tmp_path: Path, forks: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    real_child = forked._child

    def slow_child(*args: Any) -> None:  # a child with a long walk ahead
        time.sleep(5)
        real_child(*args)

    def ring(*_: object) -> None:
        raise _Alarm

    monkeypatch.setattr(forked, "_child", slow_child)
    previous = signal.signal(signal.SIGALRM, ring)
    started = time.perf_counter()
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(_Alarm):
            scan(AccessPolicy(project(tmp_path)), limits=WIDE, workers=2)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert forks and time.perf_counter() - started < 3
    with pytest.raises(ChildProcessError):
        os.waitpid(forks[0], os.WNOHANG)


def test_a_process_forked_meanwhile_does_not_hold_the_scan_back(
    tmp_path: Path, forks: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Another thread forks a long-lived process just after the scan made its pipe: that
    # process holds a copy of the write end, so the end of the pipe can't say the child
    # is done; the scan must not wait for that process.
    root = project(tmp_path)
    sleeper = multiprocessing.get_context("fork").Process(target=time.sleep, args=(5,))
    real_pipe, first = os.pipe, [True]

    def pipe_then_fork() -> tuple[int, int]:
        ends = real_pipe()
        if first[0]:  # only the scan's own pipe; the sleeper's start makes pipes too
            first[0] = False
            sleeper.start()
        return ends

    monkeypatch.setattr(os, "pipe", pipe_then_fork)
    began = time.perf_counter()
    try:
        frame, _ = scan(AccessPolicy(root), limits=WIDE, workers=2)
        took = time.perf_counter() - began
    finally:
        monkeypatch.setattr(os, "pipe", real_pipe)
        sleeper.kill()
        sleeper.join()
    assert forks and not first[0] and "pkg5/mod3/f4.py" in set(frame["path"]) and took < 3


def test_signal_just_after_the_fork_never_runs_the_callers_code(tmp_path: Path) -> None:
    # A timer fires in each child microseconds after the fork; before signals were held
    # across the fork, the child could raise into the caller's code.
    root = project(tmp_path)
    script = f"""
import os, signal, sys
sys.path[:0] = {[str(Path(__file__).parent), str(Path(__file__).parent.parent)]!r}
from test_scan_shared import WIDE
from wsnb.fileindex import scanner, walker
from wsnb.policy.access import AccessPolicy
walker._SHARE_AFTER_ENTRIES, walker._SHARE_MIN_FOLDERS, scanner._SHARE_MIN_MAX_FILES = 1, 2, 1
def ring(*_):
    raise KeyboardInterrupt
signal.signal(signal.SIGALRM, ring)
os.register_at_fork(after_in_child=lambda: signal.setitimer(signal.ITIMER_REAL, 5e-5))
parent = os.getpid()
for _ in range(20):
    try:
        scanner.scan(AccessPolicy({str(root)!r}), limits=WIDE, workers=2)
    except KeyboardInterrupt:
        pass
    if os.getpid() != parent:
        print("a child ran the caller's code", flush=True)
        os._exit(0)
print("done")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, check=True)  # fmt: skip
    assert done.stdout.split() == ["done"], done.stdout + done.stderr


def _scan_into(root: Path, found: list[pd.DataFrame]) -> None:
    found.append(scan(AccessPolicy(root))[0])


def test_two_threads_meeting_new_suffixes_keep_each_its_own(tmp_path: Path) -> None:
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # thread switches everywhere, inside the suffix table too
    try:
        for round_ in range(10):
            roots = []
            for t in range(2):
                root = tmp_path / f"r{round_}t{t}"
                root.mkdir()
                for i in range(1500):
                    (root / f"f{i}.r{round_}t{t}x{i}").touch()  # a new suffix per file
                roots.append(root)
            found: list[pd.DataFrame] = []
            threads = [threading.Thread(target=_scan_into, args=(root, found)) for root in roots]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert len(found) == 2
            for frame in found:
                files = frame[~frame["is_dir"]]
                wanted = [os.path.splitext(name)[1].lower() for name in files["name"]]
                assert files["suffix"].tolist() == wanted
    finally:
        sys.setswitchinterval(switch)
