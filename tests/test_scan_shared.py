"""A scan shared with a forked child gives the rows and report of a scan in one process.

The sharing thresholds are lowered so small trees share; each test checks a
child really was forked, so a scan that silently stayed in one process fails.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from helpers import make_files

from wsnb import forked, scanner
from wsnb.errors import UsageError
from wsnb.policy import AccessPolicy
from wsnb.scanner import ScanLimits, ScanReport, scan

pytestmark = pytest.mark.skipif(not forked.can_fork(), reason="only Linux forks a child here")

WIDE = ScanLimits(max_depth=64, max_files=1_000_000)


@pytest.fixture
def forks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Share from the first folders on, and count the children started."""
    monkeypatch.setattr(scanner, "_SHARE_AFTER_ENTRIES", 1)
    monkeypatch.setattr(scanner, "_SHARE_MIN_FOLDERS", 2)
    monkeypatch.setattr(scanner, "_SHARE_MIN_MAX_FILES", 1)
    started: list[int] = []
    original = scanner.fork_call

    def counted(func: Callable[[], Any]) -> forked.Forked | None:
        child = original(func)
        if child is not None:
            started.append(child.pid)
        return child

    monkeypatch.setattr(scanner, "fork_call", counted)
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

    monkeypatch.setattr(scanner, "_walk_in_child", broken)
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
    original = scanner.fork_call
    scanner.fork_call = lambda func: started.append(func) or original(func)  # type: ignore[assignment]
    try:
        scan(AccessPolicy(root), limits=WIDE, workers=2)  # far below _SHARE_AFTER_ENTRIES
        scan(AccessPolicy(root), workers=2)  # the model's bound: never shared
    finally:
        scanner.fork_call = original
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
