"""The scan report's sentence in both languages: the counts, the cuts, the errors."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from english import english_sentences

import wsnb
from wsnb.errors import UsageError
from wsnb.fileindex.index import FileIndex
from wsnb.fileindex.scantypes import ScanLimits, ScanReport
from wsnb.i18n import using_language


def _report(**changes: object) -> ScanReport:
    fields: dict[str, object] = dict(entries=34, files=25, dirs=9, skipped_dirs=(), ignored=4,
                                     symlinks=1, truncated=True, limit="max_depth", left_out=2,
                                     elapsed=0.1, skipped=3, special=1, unreadable=1)  # fmt: skip
    return ScanReport(**(fields | changes))  # type: ignore[arg-type]


def test_every_count_of_the_report_reads_chinese() -> None:
    with using_language("zh"):
        text = str(_report())
    assert text.startswith("25 个文件和 9 个文件夹；跳过 3 个文件夹；.gitignore 忽略了 4 项")
    assert "1 个符号链接未跟随" in text and "在 max_depth 处截断（2 个文件夹未进入）" in text
    assert english_sentences([text]) == []
    with using_language("zh"):
        cut = str(_report(limit="max_files", entries=1_000))
    assert "在 max_files=1,000 处截断（约 2 项未记录）" in cut


def test_the_english_report_keeps_its_words_and_plurals() -> None:
    with using_language("en"):
        assert str(_report()) == (
            "25 files and 9 folders; 3 folders skipped; 4 ignored by .gitignore; "
            "1 symlink not followed; 1 special file left out; 1 unreadable folder; "
            "cut at max_depth (2 folders not entered)")
        one = _report(files=1, dirs=1, skipped=0, ignored=0, symlinks=0, special=0,
                      unreadable=0, truncated=False)  # fmt: skip
        assert str(one) == "1 file and 1 folder"


def test_a_chinese_summary_has_no_english_scan_line(tmp_path: Path) -> None:
    ws = wsnb.open_workspace(wsnb.copy_sample_workspace(tmp_path / "sample"))
    with using_language("zh"):
        scan = next(line for line in str(ws.summary()).splitlines() if line.startswith("扫描："))
    assert "个文件和" in scan and english_sentences([scan]) == []


def test_the_limit_errors_are_said_in_chinese(tmp_path: Path) -> None:
    with using_language("zh"), pytest.raises(UsageError, match="max_depth 必须不小于 1"):
        ScanLimits(max_depth=0)
    ws = wsnb.open_workspace(wsnb.copy_sample_workspace(tmp_path / "sample"))
    index: FileIndex = ws._current_index()
    with using_language("zh"), pytest.raises(UsageError, match="请给出一个或多个扩展名"):
        index.by_suffix([])


def test_the_scan_log_record_stays_english_in_chinese(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    root = wsnb.copy_sample_workspace(tmp_path / "sample")
    with using_language("zh"), caplog.at_level(logging.INFO, logger="wsnb"):
        wsnb.open_workspace(root).summary()  # the scan runs on first use
        # Formatted here, as a handler formats it, while the language is still Chinese.
        scanned = [r.getMessage() for r in caplog.records if r.getMessage().startswith("Scanned ")]
    assert scanned and all(" files and " in line for line in scanned)
    assert not any("个文件" in line for line in scanned)
