"""Styled views: readable sizes and times on screen, raw values kept in the data."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pandas as pd
import pytest

import wsnb
from wsnb.widgets.styled import human_size, relative_time, styled

NOW = datetime(2026, 5, 4, 12, 0, 0)


@pytest.mark.parametrize(
    ("size", "shown"),
    [(0, "0 bytes"), (1, "1 byte"), (1023, "1023 bytes"), (1536, "1.5 KiB"),
     (600 * 1024, "600.0 KiB"), (5 * 1024**3, "5.0 GiB")],
)  # fmt: skip
def test_human_size(size: int, shown: str) -> None:
    assert human_size(size) == shown


@pytest.mark.parametrize(
    ("ago", "shown"),
    [(timedelta(seconds=5), "just now"), (timedelta(minutes=5), "5 min ago"),
     (timedelta(hours=3), "3 h ago"), (timedelta(days=1), "yesterday"),
     (timedelta(days=12), "12 days ago"), (timedelta(days=90), "2026-02-03"),
     (timedelta(hours=-2), "2026-05-04 14:00")],
)  # fmt: skip
def test_relative_time(ago: timedelta, shown: str) -> None:
    assert relative_time(NOW - ago, NOW) == shown


def test_styled_files_keep_raw_values(tmp_path: Path) -> None:
    ws = wsnb.open_workspace(wsnb.copy_sample_workspace(tmp_path / "sample"))
    files = ws.files
    before = files.copy()
    view = styled(files, now=NOW + timedelta(days=4000))
    assert view.data is files
    pd.testing.assert_frame_equal(files, before)  # the data is never changed
    assert files["size"].dtype == "int64"
    assert pd.api.types.is_datetime64_any_dtype(files["modified"])
    page = view.to_html()
    assert "KiB" in page or "bytes" in page
    large = int(files.index[files["path"] == "data/large.txt"][0])
    assert "600.0 KiB" in page and files.loc[large, "size"] > 600_000


def test_styled_leaves_missing_values_blank() -> None:
    frame = pd.DataFrame({"size": [10.0, None], "modified": [NOW, pd.NaT]})
    page = styled(frame, now=NOW).to_html()
    assert "10 bytes" in page and "just now" in page
    assert "nan" not in page.lower() and "NaT" not in page


def test_styled_leaves_a_folders_size_blank() -> None:
    frame = pd.DataFrame({"path": ["app", "app/main.py"], "size": [0, 622],
                          "is_dir": [True, False]})  # fmt: skip
    page = styled(frame, now=NOW).to_html()
    assert "622 bytes" in page and "0 bytes" not in page
    assert list(frame["size"]) == [0, 622]
