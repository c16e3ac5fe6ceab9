"""Prompt assembly: the budget, per-file head and tail, the reserved retrieval share, the order."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from notes_helpers import initialized, write

from wsnb.errors import UsageError
from wsnb.notes.prompt import PromptSettings, assemble_prompt, truncate_middle


@dataclass(frozen=True)
class Hit:
    path: str
    heading: str
    text: str
    start_line: int = 1
    end_line: int = 9


def test_truncate_keeps_head_marker_and_tail() -> None:
    text = "H" * 6000 + "M" * 5000 + "T" * 1800
    cut = truncate_middle(text, 6000, 1800)
    assert cut.startswith("H" * 6000) and cut.endswith("T" * 1800)
    assert "[... 5,000 characters truncated ...]" in cut and "M" not in cut
    assert truncate_middle("short", 6000, 1800) == "short"


def test_long_persona_files_cannot_crowd_out_retrieval() -> None:
    files = [(s, f"{s}.md", s[0] * 50_000) for s in ("claude", "soul", "user", "memory")]
    files += [("daily", f"memory/daily/2026-03-0{i}.md", "d" * 20_000) for i in range(1, 3)]
    hits = [Hit(f"notes/{i}.md", f"Heading {i}", f"answer {i} " * 300) for i in range(5)]
    prompt = assemble_prompt("question?", files, hits)
    assert len(prompt) <= 40_000
    frame = prompt.frame
    retrieved = frame[frame["section"] == "retrieval"]
    assert len(retrieved) >= 3 and retrieved["used"].sum() >= 0.25 * 40_000 * 0.9
    assert "answer 0" in prompt.text and "<question>\nquestion?\n</question>" in prompt.text
    claude = frame[frame["section"] == "claude"].iloc[0]
    assert claude["truncated"] and claude["used"] < 6000 + 1800 + 100


def test_unused_retrieval_share_goes_back_to_the_files() -> None:
    files = [("memory", "memory.md", "m" * 7_000), ("user", "user.md", "u" * 7_000),
             ("soul", "soul.md", "s" * 7_000), ("claude", "claude.md", "c" * 7_000)]  # fmt: skip
    prompt = assemble_prompt("q", files, [])
    assert not prompt.frame["truncated"].any() and len(prompt.parts) == 4


def test_order_and_caps_are_settings() -> None:
    files = [("soul", "soul.md", "S" * 3000), ("memory", "memory.md", "M" * 3000)]
    hits = [Hit("a.md", "A", "hit text")]
    settings = PromptSettings(budget=5_000, head=500, tail=100,
                              order=("retrieval", "memory", "soul"))  # fmt: skip
    prompt = assemble_prompt("q", files, hits, settings)
    assert [p.section for p in prompt.parts] == ["retrieval", "memory", "soul"]
    assert prompt.text.index("hit text") < prompt.text.index("MMM")
    assert all(p.text.count("truncated") == 1 for p in prompt.parts if p.section != "retrieval")
    assert len(prompt) <= 5_000
    only_files = assemble_prompt("q", files, hits, PromptSettings(order=("soul",)))
    assert [p.section for p in only_files.parts] == ["soul"]


def test_bad_settings_are_clear_errors() -> None:
    with pytest.raises(UsageError, match="Unknown prompt sections"):
        PromptSettings(order=("soul", "weather"))
    with pytest.raises(UsageError):
        PromptSettings(retrieval_share=2)


def test_prompt_from_a_workspace_uses_the_index(root: Path) -> None:
    nb = initialized(root)
    write(root, "soul.md", "# Soul\n\nName: 小助手\n")
    write(root, "笔记/机器学习.md", "# 机器学习\n\n## 梯度下降\n\n梯度下降是一种优化方法。\n")
    write(root, "notes/tea.md", "# Tea\n\nGreen tea is brewed at 80 degrees.\n")
    write(root, "memory/daily/2026-03-04.md", "# Daily Memory 2026-03-04\n\nworked\n")
    prompt = nb.prompt("梯度下降是什么？")
    sections = list(prompt.frame["section"])
    assert sections[:4] == ["claude", "soul", "user", "memory"] and "daily" in sections
    retrieved = list(prompt.frame.loc[prompt.frame["section"] == "retrieval", "path"])
    assert retrieved == ["笔记/机器学习.md"]  # tokens, not substrings: tea.md is not there
    assert "Name: 小助手" in prompt.text and "梯度下降是一种优化方法" in prompt.text


def test_a_file_already_in_the_prompt_is_not_retrieved_again() -> None:
    files = [("daily", "memory/daily/2026-03-06.md", "worked on the thesis")]
    hits = [Hit("memory/daily/2026-03-06.md", "Work Log", "worked on the thesis"),
            Hit("notes/thesis.md", "Thesis", "chapter two")]  # fmt: skip
    prompt = assemble_prompt("thesis", files, hits)
    assert list(prompt.frame["path"]) == ["memory/daily/2026-03-06.md", "notes/thesis.md"]
    assert list(prompt.frame["section"]) == ["daily", "retrieval"]
