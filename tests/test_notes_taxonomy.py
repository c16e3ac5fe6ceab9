"""Folder roles from names (English, Chinese, PARA), longest-prefix classification, suggestions."""

from __future__ import annotations

import json
import os
import time
from datetime import datetime
from pathlib import Path

import pandas as pd
import pytest
from notes_helpers import initialized, write

from wsnb.notes.taxonomy import Category, Taxonomy, classify_path, infer_role, suggest_evolution


@pytest.mark.parametrize(("name", "role"), [
    ("笔记", "notes"), ("项目", "project"), ("日记", "journal"), ("归档", "archive"),
    ("收件箱", "inbox"), ("模板", "template"), ("资料", "resource"), ("Projects", "project"),
    ("Areas", "project"), ("Resources", "resource"), ("Archives", "archive"),
    ("1. Projects", "project"), ("Daily Notes", "journal"), ("Inbox", "inbox"),
    ("random", "unknown"),
])  # fmt: skip
def test_roles_from_names(name: str, role: str) -> None:
    assert infer_role(name)[0] == role


def test_confidence_orders_para_exact_partial_unknown() -> None:
    para, exact = infer_role("Projects")[1], infer_role("Notes")[1]
    partial, unknown = infer_role("my-notes-2024")[1], infer_role("stuff")[1]
    assert para > exact > partial > unknown
    assert infer_role("my-notes-2024")[0] == "notes"


def test_longest_prefix_wins() -> None:
    cats = [Category("p", "Projects", "project", ["Projects"], 0.9),
            Category("a", "old", "archive", ["Projects/old"], 0.6)]  # fmt: skip
    assert classify_path("Projects/old/x.md", cats).id == "a"  # type: ignore[union-attr]
    assert classify_path("Projects/x.md", cats).id == "p"  # type: ignore[union-attr]
    assert classify_path("Projectsx/x.md", cats) is None


def test_workspace_taxonomy_frame_and_saved_user_categories(root: Path) -> None:
    write(root, "项目/计划.md", "# 计划\n")
    write(root, "笔记/a.md", "# A\n")
    write(root, "笔记/b.md", "# B\n")
    write(root, "Stuff/c.md", "# C\n")
    nb = initialized(root)
    frame = nb.taxonomy
    roles = dict(zip(frame["path"], frame["role"], strict=True))
    assert roles["项目"] == "project" and roles["笔记"] == "notes" and roles["Stuff"] == "unknown"
    assert roles["memory/daily"] == "memory"
    assert frame.set_index("path").loc["笔记", "notes"] == 2
    saved = json.loads((root / ".assistant/taxonomy.json").read_text(encoding="utf-8"))
    for cat in saved["categories"]:
        if cat["paths"] == ["Stuff/"]:  # CodePilot's shape: folders end in "/", a label
            cat.update(role="resource", source="user", label="Stuff")
    (root / ".assistant/taxonomy.json").write_text(json.dumps(saved), encoding="utf-8")
    assert nb.classify_path("Stuff/c.md") == "resource"  # the person's choice is kept
    assert nb.classify_path("项目/计划.md") == "project"


def test_suggestions_for_new_categories_and_archives() -> None:
    tax = Taxonomy.infer(["Projects", "Projects/old", "Inbox", "Stuff"])
    old = datetime(2025, 1, 1)
    new = datetime(2026, 3, 1)
    notes = pd.DataFrame({
        "path": ["Projects/old/a.md", "Projects/old/b.md", "Inbox/1.md", "Inbox/2.md",
                 "Inbox/3.md", "Stuff/1.md", "Stuff/2.md", "Stuff/3.md"],
        "modified": [old, old, new, new, new, new, new, new],
        "tags": [[], [], ["烹饪"], ["烹饪"], ["烹饪", "x"], [], [], []],
    })  # fmt: skip
    frame = suggest_evolution(tax, notes, datetime(2026, 3, 5), stale_days=90)
    kinds = set(zip(frame["kind"], frame["path"], strict=True))
    assert ("new category", "烹饪") in kinds
    assert ("give a role", "Stuff") in kinds
    assert ("archive", "Projects") in kinds
    assert not any(k == "new category" and p == "x" for k, p in kinds)


def test_suggest_categories_on_a_workspace(root: Path) -> None:
    nb = initialized(root)
    for name in ("a", "b", "c"):
        path = write(root, f"Inbox/{name}.md", f"# {name}\n\n#cooking\n")
        os.utime(path, (time.time(), time.time()))
    frame = nb.suggest_categories()
    assert ("new category", "cooking") in set(zip(frame["kind"], frame["path"], strict=True))
