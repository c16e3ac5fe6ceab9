"""wsnb in real JupyterLab, driven in headless Chromium: clicks on plan cards change the disk.

One notebook, written into the server's root, opens a fresh copy of the sample workspace,
shows plans (they render as cards by themselves) and the explorer. The tests click them as a
person would and check the files on disk, the trash of the kernel's (temporary) home, and what
the cards say. Screenshots of a card before and after its click land in the test's tmp_path.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from labpage import ACTION_TIMEOUT_MS, open_and_run, output_with, write_notebook
from labserver import JupyterLabServer

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CONFIRMED_TEXT = "# Confirmed in a browser\n\n- clicked Confirm on a plan card\n"
CANCELLED_TEXT = "This text must never reach the disk.\n"
CARD = ".wsnb-plan-card"

# A plan that ends a cell, or goes to display(), shows as a card by itself: no set-up.
CELLS = [
    "from IPython.display import display\nimport wsnb\n\n"
    "ws = wsnb.open_workspace(wsnb.copy_sample_workspace(WORKSPACE))",
    f'ws.create_file("notes/confirmed.md", {CONFIRMED_TEXT!r})',
    f'ws.write_file("app/utils.py", {CANCELLED_TEXT!r})',
    'ws.trash("docs")',
    'twin = ws.create_folder("drafts")\ntwin',
    "display(twin)  # the same plan in a second card",
    'ws.create_file("notes/undone.md", "undo me\\n")',
    'ws.create_file("../outside.txt", "never written\\n")',
    "ws.explore()",
]


@dataclass
class Lab:
    """The notebook after every cell ran: its page, the workspace it opened, the server."""

    page: Page
    workspace: Path
    server: JupyterLabServer

    def card(self, title: str) -> Locator:
        return output_with(self.page, CARD, title)


@pytest.fixture(scope="module")
def lab(lab_server: JupyterLabServer, lab_page: Page) -> Lab:
    workspace = lab_server.base / "workspace"
    cells = [cell.replace("WORKSPACE", repr(str(workspace))) for cell in CELLS]
    write_notebook(lab_server.root / "cards.ipynb", cells)
    open_and_run(lab_page, lab_server.url, "cards.ipynb")
    return Lab(lab_page, workspace, lab_server)


def expect_text(locator: Locator, text: str | re.Pattern[str]) -> None:
    from playwright.sync_api import expect

    expect(locator).to_contain_text(text, timeout=ACTION_TIMEOUT_MS)


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file of the workspace (its own .wsnb folder aside) with its bytes."""
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file() and ".wsnb" not in path.relative_to(root).parts
    }


def test_confirm_on_a_card_writes_the_planned_file(lab: Lab, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    target = lab.workspace / "notes" / "confirmed.md"
    assert lab.workspace.is_dir() and not target.exists()
    card = lab.card("Create file notes/confirmed.md")
    confirm = card.get_by_role("button", name="Confirm")
    expect(confirm).to_be_enabled(timeout=ACTION_TIMEOUT_MS)
    before, after = tmp_path / "create-card-before.png", tmp_path / "create-card-after.png"
    card.screenshot(path=before)

    confirm.click()
    expect_text(card, "✓ Created notes/confirmed.md")
    card.screenshot(path=after)
    print(f"\nscreenshots of the card: {before} (before), {after} (after)")

    assert target.read_text(encoding="utf-8") == CONFIRMED_TEXT
    # A finished card shows no dead buttons: only its outcome and Undo.
    expect(card.locator("button", has_text="Confirm")).to_be_hidden()
    expect(card.locator("button", has_text="Cancel")).to_be_hidden()
    expect(card.get_by_role("button", name="Undo")).to_be_visible()


def test_cancel_on_a_card_changes_nothing(lab: Lab, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    card = lab.card("app/utils.py")
    before = snapshot(lab.workspace)
    assert before["app/utils.py"] != CANCELLED_TEXT.encode()

    card.get_by_role("button", name="Cancel").click()
    expect_text(card, "Cancelled; nothing was changed.")
    card.screenshot(path=tmp_path / "cancelled-card.png")

    assert snapshot(lab.workspace) == before
    expect(card.locator("button", has_text="Confirm")).to_be_hidden()
    backups = lab.workspace / ".wsnb" / "backups"
    assert not backups.exists() or not any(backups.rglob("utils.py*"))


def test_typed_name_confirms_trashing_a_folder(lab: Lab, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    docs = lab.workspace / "docs"
    inside = sorted(p.name for p in docs.iterdir())
    assert "design notes.md" in inside
    card = lab.card("docs")
    confirm = card.get_by_role("button", name="Confirm")
    expect(confirm).to_be_disabled(timeout=ACTION_TIMEOUT_MS)  # until the name is typed

    name_box = card.get_by_placeholder("type 'docs' to confirm")
    name_box.press_sequentially("docs", delay=30)
    expect(confirm).to_be_enabled(timeout=ACTION_TIMEOUT_MS)
    # A part of the name is not enough: Confirm turns disabled again, which it can only do
    # once the kernel has seen the shortened name (checking "disabled" right after typing
    # "doc" would pass before the kernel heard anything).
    name_box.press("Backspace")
    expect(confirm).to_be_disabled(timeout=ACTION_TIMEOUT_MS)
    name_box.press_sequentially("s", delay=30)
    expect(confirm).to_be_enabled(timeout=ACTION_TIMEOUT_MS)
    typed, done = tmp_path / "strong-card-typed.png", tmp_path / "strong-card-done.png"
    card.screenshot(path=typed)
    confirm.click()
    expect_text(card, "✓ Moved docs to the trash.")
    card.screenshot(path=done)
    print(f"\nscreenshots of the card: {typed} (name typed), {done} (after)")

    assert not docs.exists()
    trashed = lab.server.trash_files / "docs"
    assert sorted(p.name for p in trashed.iterdir()) == inside


def test_two_cards_of_one_plan_agree(lab: Lab) -> None:
    from playwright.sync_api import expect

    cards = lab.page.locator(CARD, has_text="Create folder drafts")
    expect(cards).to_have_count(2, timeout=ACTION_TIMEOUT_MS)
    cards.nth(1).get_by_role("button", name="Confirm").click()
    for index in (0, 1):
        expect_text(cards.nth(index), "✓ Created the folder drafts.")
        expect(cards.nth(index).locator("button", has_text="Confirm")).to_be_hidden()
    assert (lab.workspace / "drafts").is_dir()


def test_undo_on_a_done_card_shows_the_undo_card(lab: Lab) -> None:
    from playwright.sync_api import expect

    created = lab.workspace / "notes" / "undone.md"
    card = lab.card("Create file notes/undone.md")
    card.get_by_role("button", name="Confirm").click()
    expect_text(card, "✓ Created notes/undone.md")
    assert created.read_text(encoding="utf-8") == "undo me\n"

    card.get_by_role("button", name="Undo").click()
    # The undo card takes the done card's place: one card on screen, not a card in a card.
    undo_card = lab.page.locator(CARD, has_text="Undo: Move notes/undone.md to the trash")
    expect(undo_card).to_have_count(1, timeout=ACTION_TIMEOUT_MS)

    expect(lab.page.locator(CARD, has_text="Create file notes/undone.md")).to_have_count(0)
    expect(undo_card.locator(CARD)).to_have_count(0)
    undo_card.get_by_role("button", name="Confirm").click()
    expect_text(undo_card, "✓ Moved notes/undone.md to the trash.")
    assert not created.exists()
    assert (lab.server.trash_files / "undone.md").read_text(encoding="utf-8") == "undo me\n"


def test_a_refused_plan_shows_why_and_cannot_be_confirmed(lab: Lab) -> None:
    from playwright.sync_api import expect

    card = lab.card("Create file ../outside.txt")
    expect_text(card, "✗ Refused (rule outside-workspace)")
    expect_text(card, "leads outside the workspace")
    expect(card.locator("button", has_text="Confirm")).to_be_hidden()
    assert not (lab.workspace.parent / "outside.txt").exists()


def test_explorer_expands_a_folder(lab: Lab, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    explorer = lab.page.locator(".wsnb-explorer")
    expect(explorer).to_have_count(1, timeout=ACTION_TIMEOUT_MS)
    folder = explorer.locator("button.wsnb-folder").filter(has_text=re.compile(r"^\s*src\s*$"))
    files = explorer.locator("button.wsnb-file")
    expect(folder).to_have_count(1, timeout=ACTION_TIMEOUT_MS)
    expect(files.filter(has_text="main.cpp")).to_have_count(0)  # listed only when expanded

    folder.click()
    children = [files.filter(has_text=name) for name in ("main.cpp", "widget.cpp", "widget.h")]
    for child in children:
        expect(child).to_be_visible(timeout=ACTION_TIMEOUT_MS)
    explorer.screenshot(path=tmp_path / "explorer-src-expanded.png")
    # Seen, not just present: every row of the tree has its own line, none hidden by another.
    assert overlapping_rows(explorer) == []
    for child in children:
        child.click(trial=True, timeout=ACTION_TIMEOUT_MS)  # nothing covers it where a click lands


_ROWS = """
explorer => [...explorer.querySelectorAll(".wsnb-tree button.wsnb-node")].map((button) => {
  const box = button.getBoundingClientRect();
  return [button.textContent.trim(), box.top, box.bottom];
})
"""


def overlapping_rows(explorer: Locator) -> list[tuple[str, str]]:
    """Neighbouring rows of the explorer's tree drawn over each other (by half a row or more)."""
    rows: list[tuple[str, float, float]] = explorer.evaluate(_ROWS)
    return [
        (above[0], below[0])
        for above, below in pairwise(rows)
        if below[1] < above[2] - (above[2] - above[1]) / 2
    ]
