"""The documentation's screenshots, taken in real JupyterLab, light and dark.

A notebook builds the faces ``tests/docshots.py`` lists (a plan card, a change set's card, the
chat, the explorer, the inbox with an agent's proposal); the chat's message is typed into its
box and sent with Enter. Each face is checked as a person would see it (its buttons, its words,
its title readable on its background) and photographed in both themes. With
``WSNB_DOCS_SCREENSHOTS=1`` the pictures replace ``docs/_static/screenshots/`` and the manifest
records the markup they show (``tests/test_docs.py`` says when it has moved on); without it they
go to ``WSNB_SCREENSHOTS`` or the test's tmp dir, to be looked at.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

import docshots
import pytest
from facecheck import WCAG_AA, set_theme, shots_dir, text_contrast
from labpage import ACTION_TIMEOUT_MS, open_and_run, write_notebook
from labserver import REPO, JupyterLabServer
from test_chinese_chat import send

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CELLS = [
    "import sys\nsys.path.insert(0, TESTS)\nfrom pathlib import Path\nimport docshots, wsnb\n\n"
    "wsnb.set_language(LANGUAGE)\nfaces = docshots.build_faces(Path(BASE))",
    *[f"faces[{name!r}]" for name in docshots.FACES],
]
HAN = re.compile(r"[\u4e00-\u9fff]")
# What a person reads on the faces, in each language: Confirm, Confirm all, who proposed.
WORDS = {
    "en": ("Confirm", "Confirm all", "Proposed by coding-agent", "[3] Edit config/app.yaml"),
    "zh": ("确认", "全部确认", "由 coding-agent 提议", "config/app.yaml"),
}


def _check(name: str, face: Locator, language: str) -> None:
    """What each face must show before it is photographed."""
    from playwright.sync_api import expect

    confirm, confirm_all, proposed, third = WORDS[language]
    if name == "plan-card":
        expect(face.get_by_role("button", name=confirm)).to_be_enabled()
        expect(face).to_contain_text("Confirmed on its card.")  # the diff's added line
    elif name == "changeset-card":
        expect(face).to_contain_text(third)
        expect(face).to_contain_text("port: 9090")
        expect(face.get_by_role("button", name=confirm_all)).to_be_enabled()
    elif name == "chat":
        reply = face.locator(".wsnb-reply").last
        assert HAN.search(reply.inner_text()), reply.inner_text()
        expect(reply.locator(".wsnb-plan-card")).to_contain_text("helpers.py")
    elif name == "explorer":
        expect(face).to_contain_text("main.cpp")
        expect(face).to_contain_text("#include")  # the preview of the selected file
    elif name == "inbox-agent":
        expect(face).to_contain_text(proposed)
        expect(face.get_by_role("button", name=confirm).first).to_be_enabled()


@pytest.mark.parametrize("language", docshots.LANGUAGES)
def test_the_docs_screenshots_show_each_face_in_both_themes(
    lab_server: JupyterLabServer, lab_page: Page, tmp_path: Path, language: str
) -> None:
    from playwright.sync_api import expect

    base = lab_server.base / f"docshots-{language}"
    base.mkdir(exist_ok=True)
    cells = [cell.replace("TESTS", repr(str(REPO / "tests"))).replace("BASE", repr(str(base)))
             .replace("LANGUAGE", repr(language)) for cell in CELLS]  # fmt: skip
    name = f"docshots-{language}.ipynb"
    write_notebook(lab_server.root / name, cells)
    shots = shots_dir(tmp_path / "shots")
    lab_page.set_viewport_size({"width": 1100, "height": 1400})
    try:
        open_and_run(lab_page, lab_server.url, name)
        faces = {name: lab_page.locator(f".wsnb-shot-{name}") for name in docshots.FACES}
        for face in faces.values():
            expect(face).to_have_count(1, timeout=ACTION_TIMEOUT_MS)
        send(lab_page, faces["chat"], docshots.CHAT_MESSAGE, 1)
        faces["changeset-card"].locator("summary").last.click()  # the edit's diff unfolds
        # The notebook alone, as wide as a person's would be: the file browser folded away.
        lab_page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        for theme in docshots.THEMES:
            set_theme(lab_page, theme)
            for name, face in faces.items():
                face.scroll_into_view_if_needed()  # a cell off screen is not drawn
                _check(name, face, language)
                title = face.locator(".wsnb-plan-card b, .wsnb-node").first
                if title.count():
                    assert text_contrast(lab_page, title) >= WCAG_AA, (name, theme)
                face.screenshot(path=shots / f"{name}-{language}-{theme}.png")
    finally:
        set_theme(lab_page, "light")
        lab_page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        lab_page.wait_for_timeout(500)
        lab_server.shutdown_kernels()
    if os.environ.get("WSNB_DOCS_SCREENSHOTS"):
        _publish(shots, tmp_path / "faces", language)


def _publish(shots: Path, scratch: Path, language: str) -> None:
    """The pictures into the docs, with the markup they show (in the manifest, per language)."""
    for name in docshots.FACES:
        for theme in docshots.THEMES:
            target = docshots.shot_path(name, theme, language)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(shots / f"{name}-{language}-{theme}.png", target)
    scratch.mkdir()
    manifest = (json.loads(docshots.MANIFEST.read_text(encoding="utf-8"))
                if docshots.MANIFEST.exists() else {})  # fmt: skip
    manifest["command"] = docshots.COMMAND
    manifest.setdefault("taken", {})[language] = date.today().isoformat()
    manifest.setdefault("fingerprints", {})[language] = docshots.fingerprints(scratch, language)
    docshots.MANIFEST.write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n",
                                 encoding="utf-8")  # fmt: skip
