"""Helpers for the live index tests: a bounded wait, and the index against a fresh scan."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pandas as pd

import wsnb
from wsnb.fileindex.scanner import scan

WAIT_S = 10.0  # generous: the machine is shared; a passing test returns as soon as it can


def wait_until(condition: Callable[[], bool], what: str, timeout: float = WAIT_S) -> None:
    """Poll ``condition`` until it holds; fail with ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(0.02)


def index_frame(ws: wsnb.Workspace) -> pd.DataFrame:
    """The index's rows as they are now, without asking for anything (no scan, no check)."""
    index = ws._index
    assert index is not None, "the workspace was never scanned"
    return index.frame


def fresh_frame(ws: wsnb.Workspace) -> pd.DataFrame:
    frame, _ = scan(ws.policy, limits=ws.limits, workers=1)
    return frame


def same_as_scan(ws: wsnb.Workspace) -> bool:
    return index_frame(ws).equals(fresh_frame(ws))


def wait_for_scan_rows(ws: wsnb.Workspace, what: str) -> None:
    """Wait until the index holds exactly a fresh scan's rows; show the difference if not."""
    try:
        wait_until(lambda: same_as_scan(ws), what)
    except AssertionError:
        pd.testing.assert_frame_equal(index_frame(ws), fresh_frame(ws))
        raise


def make_tree(root: Path, files: dict[str, str]) -> None:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
