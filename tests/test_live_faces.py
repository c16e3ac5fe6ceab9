"""The faces follow the disk: the explorer, the panel's header and status line, a plan's card."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from live_helpers import wait_for_scan_rows, wait_until

import wsnb
from wsnb.errors import NotFoundError
from wsnb.types import PlanState
from wsnb.widgets.card import PlanCard
from wsnb.widgets.explorer import Explorer, FolderNode
from wsnb.widgets.panel import WorkspacePanel
from wsnb.widgets.status import Event, sentence


@pytest.fixture
def panel(tmp_path: Path) -> Iterator[WorkspacePanel]:
    root = wsnb.copy_sample_workspace(tmp_path / "sample")
    ws = wsnb.open_workspace(root)
    shown = ws.panel()  # its header reads the scan report: the index, and its watcher, start
    wait_until(lambda: ws.watching == "watching", "the watcher running")
    yield shown
    shown.close()
    ws.close()


def shown_in(explorer: Explorer, folder: str) -> list[str]:
    """The names a folder shows; none while a refresh (in the watcher's thread here) rebuilds it."""
    try:
        return names(explorer.node(folder))
    except NotFoundError:
        return []


def names(node: FolderNode) -> list[str]:
    return [row.button.description if isinstance(row, FolderNode) else row.description
            for row in node.entries.children if isinstance(row, FolderNode) or
            "wsnb-file" in row._dom_classes]  # fmt: skip


def test_the_explorer_shows_a_new_file_and_drops_a_deleted_one(panel: WorkspacePanel) -> None:
    explorer, root = panel.explorer, panel.ws.root
    explorer.expand("src")
    (root / "src" / "added.cpp").write_text("int x;\n", encoding="utf-8")
    wait_until(lambda: "added.cpp" in shown_in(explorer, "src"), "added.cpp in the tree")
    (root / "src" / "widget.h").unlink()
    wait_until(lambda: "main.cpp" in shown_in(explorer, "src")
               and "widget.h" not in shown_in(explorer, "src"), "widget.h gone")  # fmt: skip


def test_the_header_counts_and_the_status_line_follow(panel: WorkspacePanel) -> None:
    ws, root = panel.ws, panel.ws.root
    before = ws.scan_report.files
    for name in ("one.txt", "two.txt", "three.txt"):
        (root / "docs" / name).write_text(name, encoding="utf-8")
    wait_for_scan_rows(ws, "three new files")
    wait_until(lambda: f"{before + 3} files" in panel.scan_info.value, "the header's count")
    assert panel.status.text.endswith("changed outside wsnb.")
    assert panel.status.text in {sentence(Event.CHANGED_OUTSIDE, count=n) for n in (1, 2, 3)}


def test_the_status_sentence_in_both_languages() -> None:
    assert sentence(Event.CHANGED_OUTSIDE, "en", count=3) == "3 files changed outside wsnb."
    assert sentence(Event.CHANGED_OUTSIDE, "en", count=1) == "1 file changed outside wsnb."
    assert sentence(Event.CHANGED_OUTSIDE, "zh", count=3) == "wsnb 之外有 3 个文件发生了变化。"


def test_a_plan_whose_source_vanished_shows_as_stale_on_its_card(panel: WorkspacePanel) -> None:
    ws = panel.ws
    plan = ws.rename("app/utils.py", "helpers.py")
    card = PlanCard(plan)
    try:
        assert "stale" not in card.details.value
        (ws.root / "app" / "utils.py").unlink()
        wait_until(lambda: "stale" in card.details.value, "the card to say the plan is stale")
        assert "app/utils.py no longer exists" in card.details.value
        assert plan.state is PlanState.PENDING  # confirming it fails as stale, nothing changes
        with pytest.raises(wsnb.WsnbError):
            plan.confirm()
        assert plan.state is PlanState.STALE
    finally:
        card.close()


def test_a_plan_whose_file_was_edited_outside_says_so_in_chinese(panel: WorkspacePanel) -> None:
    ws = panel.ws
    wsnb.set_language("zh")
    plan = ws.write_file("README.md", "# new\n")
    with open(ws.root / "README.md", "a", encoding="utf-8") as file:
        file.write("edited elsewhere\n")
    wait_until(lambda: bool(plan.data.get("stale_path")), "the plan marked stale")
    assert any("README.md" in w and "过期" in w for w in plan.warnings), plan.warnings


@pytest.mark.parametrize("face", ["explorer", "explore", "panel", "search_panel", "chat"])
def test_showing_any_face_of_a_fresh_workspace_starts_watching(tmp_path: Path, face: str) -> None:
    ws = wsnb.open_workspace(wsnb.copy_sample_workspace(tmp_path / "sample"))
    assert ws.watching == "idle"  # nothing has read the index yet
    try:
        getattr(ws, face)()
        # The first scan runs off the caller's thread, so the face shows at once.
        assert ws.watching in {"starting", "watching"}
        wait_until(lambda: ws.watching == "watching", "the watcher running")
        ws.files  # noqa: B018  # a query meets the index the face started, not a second scan
        assert ws.watching == "watching"
    finally:
        ws.close()


def test_a_fresh_explorer_shows_a_file_made_outside_without_a_refresh(tmp_path: Path) -> None:
    ws = wsnb.open_workspace(wsnb.copy_sample_workspace(tmp_path / "sample"))
    try:
        explorer = ws.explorer()
        # Outside a kernel a view hears changes on the watcher's thread: let the start end
        # before clicking (in a kernel, views hear them on the kernel's thread).
        wait_until(lambda: ws.watching == "watching", "the watcher running")
        explorer.expand("docs")
        (ws.root / "docs" / "outside.md").write_text("# new\n", encoding="utf-8")
        wait_until(lambda: "outside.md" in shown_in(explorer, "docs"), "outside.md in the tree")
    finally:
        ws.close()
