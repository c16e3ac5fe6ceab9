"""A change set cut short, opened in real JupyterLab: the warning and the card, and a click on
Undo whose plan, confirmed, brings back the tree as it was.

The cut is real: a child process confirms the set and ends itself after its second change
(``test_write_ahead.cut_at``). Screenshots of the card (light, dark, Chinese) go to
``WSNB_SCREENSHOTS`` (or the test's tmp dir) to be looked at.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from crashkit import tree_hash
from facecheck import set_theme, shots_dir, sticking_out, text_contrast
from labpage import ACTION_TIMEOUT_MS, open_and_run, write_notebook
from labserver import JupyterLabServer
from test_write_ahead import _cut, _tree

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CELL = ("import wsnb\nwsnb.set_language(LANGUAGE)\n"
        "ws = wsnb.open_workspace(WORKSPACE, watch=False)")  # fmt: skip


def _notebook(server: JupyterLabServer, name: str, language: str) -> tuple[Path, dict[str, str]]:
    workspace = server.root / f"{name}-ws"
    before = tree_hash(_tree(workspace))
    _cut(workspace, "step:3")
    cell = CELL.replace("WORKSPACE", repr(str(workspace))).replace("LANGUAGE", repr(language))
    write_notebook(server.root / f"{name}.ipynb", [cell])
    return workspace, before


def test_a_set_cut_short_shows_its_card_on_open_and_undo_brings_the_tree_back(
    lab_server: JupyterLabServer, lab_page: Page, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    workspace, before = _notebook(lab_server, "cut", "en")
    shots = shots_dir(tmp_path / "shots")
    try:
        open_and_run(lab_page, lab_server.url, "cut.ipynb")
        warning = lab_page.locator(".jp-OutputArea-output", has_text="InterruptedWarning")
        expect(warning).to_contain_text("“Tidy” was cut short", timeout=ACTION_TIMEOUT_MS)
        card = lab_page.locator(".wsnb-interrupted")
        expect(card).to_contain_text("CUT SHORT", timeout=ACTION_TIMEOUT_MS)
        for line in ("1. changed a.txt (ran)", "2. created new/b.md (ran)",
                     "3. moved c.txt to moved/c.txt (not run)"):
            expect(card).to_contain_text(line)
        assert sticking_out(card) == []
        for theme in ("light", "dark"):
            set_theme(lab_page, theme)
            card.screenshot(path=shots / f"interrupted-{theme}.png")
            assert text_contrast(lab_page, card.locator("b").first) >= 4.5
        set_theme(lab_page, "light")

        card.get_by_role("button", name="Undo").click()
        plan = card.locator(".wsnb-plan-card")
        expect(plan).to_contain_text("Undo: Tidy", timeout=ACTION_TIMEOUT_MS)
        plan.get_by_role("button", name="Confirm").first.click()
        expect(card.locator(".wsnb-plan-card.wsnb-state-done")).to_have_count(
            1, timeout=ACTION_TIMEOUT_MS)
        expect(card.get_by_role("button", name="Finish")).to_be_disabled()
        card.screenshot(path=shots / "interrupted-undone.png")
        assert tree_hash(workspace) == before
    finally:
        lab_page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        lab_page.wait_for_timeout(500)
        lab_server.shutdown_kernels()


def test_a_set_cut_short_speaks_chinese_on_open(
    lab_server: JupyterLabServer, lab_page: Page, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    _notebook(lab_server, "cut-zh", "zh")
    shots = shots_dir(tmp_path / "shots")
    try:
        open_and_run(lab_page, lab_server.url, "cut-zh.ipynb")
        card = lab_page.locator(".wsnb-interrupted")
        expect(card).to_contain_text("改动组“Tidy”", timeout=ACTION_TIMEOUT_MS)
        for words in ("被中断", "已执行", "未执行", "撤销", "继续完成", "保持现状"):
            expect(card).to_contain_text(words)
        card.screenshot(path=shots / "interrupted-zh.png")
    finally:
        lab_server.shutdown_kernels()
