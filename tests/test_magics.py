"""``%load_ext wsnb`` and ``%ws``, in a real IPython shell."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from IPython.core.error import UsageError as IPythonUsageError
from IPython.core.interactiveshell import InteractiveShell
from IPython.testing import globalipapp
from IPython.utils.capture import capture_output

import wsnb
from wsnb.magics import WorkspaceMagics
from wsnb.types import FileText, PlanState
from wsnb.widgets import HistoryView, PlanCard


@pytest.fixture
def shell() -> Iterator[InteractiveShell]:
    ip = globalipapp.get_ipython()  # one test shell for the whole session
    ip.run_line_magic("load_ext", "wsnb")
    magics = ip.magics_manager.registry["WorkspaceMagics"]
    assert isinstance(magics, WorkspaceMagics)
    magics.workspace = None  # every test starts with no current workspace
    yield ip
    magics.workspace = None


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    return wsnb.copy_sample_workspace(tmp_path / "sample")


def ws(shell: InteractiveShell, line: str) -> Any:
    return shell.run_line_magic("ws", line)


def test_load_ext_registers_ws_and_open_remembers_the_workspace(
    shell: InteractiveShell, sample: Path
) -> None:
    opened = ws(shell, f"open {sample}")
    assert isinstance(opened, wsnb.Workspace) and opened.root == sample.resolve()
    found = ws(shell, "find main")
    assert isinstance(found, pd.DataFrame)
    assert list(found["path"]) == ["app/main.py", "src/main.cpp"]


def test_read_grep_tree_ls(shell: InteractiveShell, sample: Path) -> None:
    ws(shell, f"open {sample}")
    doc = ws(shell, "read docs/design notes.md")
    assert isinstance(doc, FileText) and doc.path == "docs/design notes.md"
    assert ws(shell, 'read "docs/design notes.md"').text == doc.text
    hits = ws(shell, "grep 工作区")
    assert "README.md" in set(hits["path"])
    assert "app/main.py" in set(ws(shell, "tree")["path"])
    assert list(ws(shell, "tree app")["path"]) == ["app/main.py", "app/utils.py"]
    assert "README.md" in set(ws(shell, "ls")["path"])
    assert set(ws(shell, "ls app")["path"]) == {"app/main.py", "app/utils.py"}


def test_undo_returns_a_card_and_changes_nothing(shell: InteractiveShell, sample: Path) -> None:
    opened = ws(shell, f"open {sample}")
    opened.create_file("notes.txt", "hi\n").confirm()
    card = ws(shell, "undo")
    assert isinstance(card, PlanCard) and card.plan.state is PlanState.PENDING
    assert (sample / "notes.txt").exists()
    card.confirm_button.click()
    assert not (sample / "notes.txt").exists()
    view = ws(shell, "history")
    assert isinstance(view, HistoryView) and len(view.undo_buttons) == 2


def test_explore_returns_the_explorer(shell: InteractiveShell, sample: Path) -> None:
    ws(shell, f"open {sample}")
    explorer = ws(shell, "explore")
    assert type(explorer).__name__ == "Explorer"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("", "Say what to do"),
        ("frobnicate x", "%ws has no command 'frobnicate'"),
        ("find main", "No workspace is open yet; start with %ws open PATH."),
        ("open", "Say which folder to open"),
    ],
)
def test_wrong_use_is_a_one_line_usage_error(
    shell: InteractiveShell, line: str, message: str
) -> None:
    with pytest.raises(IPythonUsageError, match=re.escape(message)):
        ws(shell, line)


def test_wsnb_errors_become_one_line_without_a_traceback(
    shell: InteractiveShell, sample: Path
) -> None:
    ws(shell, f"open {sample}")
    for line in ("read ../outside.txt", "read missing.txt", "find", "history now"):
        with pytest.raises(IPythonUsageError) as caught:
            ws(shell, line)
        assert "\n" not in str(caught.value)
    with capture_output() as captured:
        result = shell.run_cell("%ws read ../outside.txt")
    assert isinstance(result.error_in_exec, IPythonUsageError)
    assert "Traceback" not in captured.stdout + captured.stderr
    assert captured.stderr.startswith("UsageError: ")
    assert len(captured.stderr.strip().splitlines()) == 1


def test_opening_a_system_folder_is_refused_in_one_line(shell: InteractiveShell) -> None:
    with pytest.raises(IPythonUsageError, match="system folder"):
        ws(shell, "open /etc")
    with pytest.raises(IPythonUsageError, match="No workspace is open yet"):
        ws(shell, "ls")


def test_question_mark_shows_the_help(shell: InteractiveShell) -> None:
    with capture_output() as captured:
        shell.run_cell("%ws?")
    help_text = captured.stdout
    for command in ("%ws open PATH", "%ws grep PATTERN", "%ws undo", "%ws explore"):
        assert command in help_text


def test_question_mark_shows_the_help_in_the_chosen_language(shell: InteractiveShell) -> None:
    wsnb.set_language("zh")
    try:
        with capture_output() as captured:
            shell.run_cell("%ws?")
    finally:
        wsnb.set_language("en")
    help_text = captured.stdout
    assert "浏览工作区" in help_text and "用法" in help_text and "撤销上一次改动的计划" in help_text
    assert "%ws grep PATTERN" in help_text and "Explore a workspace" not in help_text
    with capture_output() as english:
        shell.run_cell("%ws?")
    assert "Explore a workspace" in english.stdout and "浏览工作区" not in english.stdout
