"""README.ai.md and PATH.ai.md: generated between markers, user text kept, relative paths only."""

from __future__ import annotations

from pathlib import Path

from notes_helpers import initialized, write

from wsnb.notes.docs import END, START, merge_generated


def test_merge_keeps_text_outside_the_markers() -> None:
    first = merge_generated(None, "gen 1")
    assert first == f"{START}\ngen 1\n{END}\n"
    edited = "My intro\n\n" + first + "\nMy footer\n"
    again = merge_generated(edited, "gen 2")
    assert again == f"My intro\n\n{START}\ngen 2\n{END}\n\nMy footer\n"
    plain = merge_generated("Only mine\n", "gen")
    assert plain.startswith("Only mine\n\n" + START)


def test_generate_docs_for_root_and_folders(root: Path) -> None:
    write(root, "Projects/alpha.md", "# Alpha plan\n")
    write(root, "Projects/sub/beta.md", "# Beta\n")
    write(root, "笔记/想法.md", "# 想法\n")
    nb = initialized(root)
    write(root, "README.ai.md", "Kept intro\n")
    group = nb.generate_docs()
    targets = {p.target.relative for p in group if p.target}
    assert {"README.ai.md", "PATH.ai.md", "Projects/README.ai.md", "Projects/PATH.ai.md",
            "笔记/PATH.ai.md"} <= targets  # fmt: skip
    group.confirm()
    readme = (root / "README.ai.md").read_text(encoding="utf-8")
    assert readme.startswith("Kept intro\n") and "`Projects/`: project, 2 notes" in readme
    sub = (root / "Projects/PATH.ai.md").read_text(encoding="utf-8")
    assert "- `alpha.md`: Alpha plan" in sub and "- `sub/beta.md`: Beta" in sub
    for path in root.rglob("*.ai.md"):
        text = path.read_text(encoding="utf-8")
        assert str(root) not in text and "](/" not in text
    assert "soul.md" not in (root / "PATH.ai.md").read_text(encoding="utf-8")
    assert len(nb.generate_docs()) == 0  # nothing changed: no plans


def test_the_memory_folder_gets_no_overview(root: Path) -> None:
    nb = initialized(root)
    write(root, "memory/daily/2026-03-01.md", "# Day\n")
    targets = {p.target.relative for p in nb.generate_docs() if p.target}
    assert not any(t.startswith("memory/") for t in targets)
