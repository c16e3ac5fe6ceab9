"""The onboarding form in real JupyterLab: Make the plans, then Confirm all, writes the files."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from labpage import ACTION_TIMEOUT_MS, open_and_run, output_with, write_notebook
from labserver import JupyterLabServer

from wsnb.notes import open_notes

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CELLS = [
    """\
import wsnb

nb = wsnb.open_notes({notes!r})
nb.initialize().confirm()
form = nb.onboarding_form()
form.fill({"address": "Sam", "assistant_name": "Ada", "goals": ["finish the thesis", "run"],
           "boundaries": "never delete files; ask first", "organisation": "by topic"})
form.add_class("probe-onboarding")
form
""",
]


def test_onboarding_form_confirmed_in_a_browser(lab_server: JupyterLabServer, lab_page: Page,
                                                tmp_path: Path) -> None:  # fmt: skip
    notes = lab_server.base / "notes"
    notes.mkdir()
    write_notebook(lab_server.root / "onboarding.ipynb",
                   [CELLS[0].replace("{notes!r}", repr(str(notes)))])  # fmt: skip
    open_and_run(lab_page, lab_server.url, "onboarding.ipynb")
    form = output_with(lab_page, ".probe-onboarding", "How should I address you?")
    form.get_by_role("button", name="Make the plans").click()
    group = form.locator(".wsnb-plan-group")
    group.get_by_text("Write soul.md").first.wait_for(timeout=ACTION_TIMEOUT_MS)
    assert "Ada" not in (notes / "soul.md").read_text(encoding="utf-8")
    group.get_by_role("button", name="Confirm all").click()
    group.get_by_text("Done: 4 plans carried out.").wait_for(timeout=ACTION_TIMEOUT_MS)
    form.screenshot(path=tmp_path / "onboarding-confirmed.png")
    assert "- Name: Ada" in (notes / "soul.md").read_text(encoding="utf-8")
    assert "- finish the thesis" in (notes / "user.md").read_text(encoding="utf-8")
    state = open_notes(notes).state
    assert state.onboarding_complete

