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
    except AssertionError as timed_out:
        difference = rows_that_differ(index_frame(ws), fresh_frame(ws))
        raise AssertionError(f"{timed_out}; {difference}") from None


def rows_that_differ(index: pd.DataFrame, scanned: pd.DataFrame, shown: int = 10) -> str:
    """The rows the index and a fresh scan disagree on, by path: what a failure shows."""
    merged = index.merge(
        scanned, on="path", how="outer", suffixes=("_index", "_scan"), indicator=True
    )
    only = merged[merged["_merge"] != "both"]
    both = merged[merged["_merge"] == "both"]
    columns = [name for name in index.columns if name != "path"]
    differ = both[
        [
            not all(row[f"{c}_index"] == row[f"{c}_scan"] for c in columns)
            for _, row in both.iterrows()
        ]
    ]
    lines = [
        f"{path}: only in the {'index' if side == 'left_only' else 'scan'}"
        for path, side in zip(only["path"].head(shown), only["_merge"].head(shown), strict=True)
    ]
    for _, row in differ.head(shown).iterrows():
        cells = [
            f"{c} {row[f'{c}_index']!r} != {row[f'{c}_scan']!r}"
            for c in columns
            if row[f"{c}_index"] != row[f"{c}_scan"]
        ]
        lines.append(f"{row['path']}: " + ", ".join(cells))
    return f"{len(only)} paths in one only, {len(differ)} rows differ: " + "; ".join(lines)


def make_tree(root: Path, files: dict[str, str]) -> None:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
