"""A notebook cell edit's card in real JupyterLab, light and dark: it names the cell ("cell 5 ·
code") and shows the source's diff, never the notebook's JSON; a click on Confirm writes only
that cell's lines.

The notebook edited is a real one (nbconvert's own documentation notebook, see
``notebook_files``). Screenshots go to ``WSNB_SCREENSHOTS`` (or the test's tmp dir) to be
looked at.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import notebook_files as nb
import pytest
from facecheck import WCAG_AA, set_theme, shots_dir, text_contrast
from labpage import ACTION_TIMEOUT_MS, open_and_run, write_notebook
from labserver import JupyterLabServer

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CELLS = [
    "import wsnb\nws = wsnb.open_workspace(WORKSPACE, watch=False)",
    "plan = ws.edit_cell('nbconvert_library.ipynb', 5, NEW)\nplan",
]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_cell_edit_card_shows_the_cell_and_confirms(
    lab_server: JupyterLabServer, lab_page: Page, tmp_path: Path, theme: str
) -> None:
    from playwright.sync_api import expect

    workspace = lab_server.root / f"notebook-card-{theme}"
    path = nb.extract(nb.LIBRARY_44, workspace)
    before = path.read_text(encoding="utf-8")
    old = "".join(json.loads(before)["cells"][4]["source"])
    new = old.replace("import urlopen", "import urlopen  # to fetch a notebook", 1)
    assert new != old
    cells = [cell.replace("WORKSPACE", repr(str(workspace))).replace("NEW", repr(new))
             for cell in CELLS]  # fmt: skip
    name = f"notebook-card-{theme}.ipynb"
    write_notebook(lab_server.root / name, cells)
    shots = shots_dir(tmp_path / "shots")
    try:
        open_and_run(lab_page, lab_server.url, name)
        set_theme(lab_page, theme)
        card = lab_page.locator(".wsnb-plan-card", has_text="Edit cell 5 of")
        expect(card).to_be_visible(timeout=ACTION_TIMEOUT_MS)
        section = card.locator("tr.wsnb-section")
        expect(section).to_have_count(1)
        expect(section).to_contain_text("cell 5 · code")
        expect(card.locator("tr.wsnb-add")).to_contain_text("to fetch a notebook")
        expect(card.locator("tr.wsnb-del")).to_have_count(1)
        assert '"source"' not in card.inner_text() and "cell_type" not in card.inner_text()
        contrast = text_contrast(lab_page, section, shots / f"px-section-{theme}.png")
        assert contrast >= WCAG_AA, f"the cell's heading reads at {contrast:.2f}:1 in {theme}"
        card.scroll_into_view_if_needed()
        card.screenshot(path=shots / f"notebook-card-{theme}.png")
        assert path.read_text(encoding="utf-8") == before

        card.get_by_role("button", name="Confirm").click()
        expect(card).to_contain_text("Wrote nbconvert_library.ipynb", timeout=ACTION_TIMEOUT_MS)
        after = path.read_text(encoding="utf-8")
        assert "".join(json.loads(after)["cells"][4]["source"]) == new
        changed = [i for i, (a, b) in enumerate(zip(before.splitlines(), after.splitlines(),
                                                    strict=True)) if a != b]  # fmt: skip
        assert len(changed) == 1  # one line of one cell's source, nothing else
        card.screenshot(path=shots / f"notebook-card-{theme}-done.png")
    finally:
        lab_page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        lab_page.wait_for_timeout(500)
        lab_server.shutdown_kernels()
