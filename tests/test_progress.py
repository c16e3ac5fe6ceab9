"""Progress bars: silent outside a notebook, shown only after the delay when allowed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import wsnb
from wsnb.progress import Progress, in_notebook, notebook_progress


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_pytest_is_not_a_notebook() -> None:
    assert not in_notebook()
    assert notebook_progress("Scanning").enabled is False


def test_silent_outside_a_notebook_even_when_slow(capsys: pytest.CaptureFixture[str]) -> None:
    clock = Clock()
    with Progress("Scanning", unit="entries", clock=clock) as progress:
        clock.now += 10
        progress(500)
        progress(1000)
    assert not progress.shown and progress.count == 1000
    assert capsys.readouterr() == ("", "")


def test_a_bar_appears_only_after_the_delay(capsys: pytest.CaptureFixture[str]) -> None:
    clock = Clock()
    progress = Progress("Scanning", unit="entries", enabled=True, clock=clock)
    progress(500)
    clock.now += 0.2
    progress(1000)
    assert not progress.shown
    assert capsys.readouterr().err == ""
    clock.now += 0.4
    progress(1500)
    assert progress.shown
    progress.close()
    assert "Scanning" in capsys.readouterr().err  # outside a kernel tqdm.auto draws on stderr
    progress(2000)  # after close, nothing more is drawn
    assert capsys.readouterr().err == ""


def test_a_quick_task_never_shows_a_bar(capsys: pytest.CaptureFixture[str]) -> None:
    clock = Clock()
    with Progress("Searching", enabled=True, clock=clock) as progress:
        for count in range(1, 20):
            clock.now += 0.01
            progress(count)
    assert not progress.shown and repr(progress).endswith("hidden>")
    assert capsys.readouterr() == ("", "")


def test_environment_turns_bars_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WSNB_PROGRESS", "0")
    assert notebook_progress("Scanning").enabled is False


def test_a_scan_and_a_search_in_a_script_print_nothing(tmp_path: Path) -> None:
    sample = wsnb.copy_sample_workspace(tmp_path / "sample")
    script = (
        "import sys, wsnb\n"
        f"ws = wsnb.open_workspace({str(sample)!r})\n"
        "report = ws.scan()\n"
        "assert report.files > 10\n"
        "assert len(ws.grep('def')) > 0\n"
        "assert 'tqdm' not in sys.modules and 'IPython' not in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and done.stderr == ""


def test_a_callback_given_to_scan_still_gets_the_counts(tmp_path: Path) -> None:
    sample = wsnb.copy_sample_workspace(tmp_path / "sample")
    seen: list[int] = []
    report = wsnb.open_workspace(sample).scan(progress=seen.append)
    assert seen and seen[-1] == report.files + report.dirs


def test_a_callback_given_to_grep_gets_done_and_total_files(tmp_path: Path) -> None:
    sample = wsnb.copy_sample_workspace(tmp_path / "sample")
    seen: list[tuple[int, int]] = []
    frame = wsnb.open_workspace(sample).grep("def", progress=lambda d, t: seen.append((d, t)))
    assert seen and seen[-1] == (frame.attrs["files_searched"], frame.attrs["files_total"])


def test_a_total_from_the_caller_reaches_the_bar(capsys: pytest.CaptureFixture[str]) -> None:
    clock = Clock()
    progress = Progress("Searching text", unit="files", enabled=True, clock=clock)
    clock.now += 1
    progress(250, 1000)  # the text search's shape: done files, total files
    assert progress.shown and progress.total == 1000
    progress(1000, 1000)
    progress.close()
    assert "1000/1000" in capsys.readouterr().err
