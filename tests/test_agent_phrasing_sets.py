"""The later phrasing sets keep what the parser learned from them.

Each set was scored once, blind, and its figure is in its docstring; after that its
failures were fixed as general faults. These tests keep them fixed: every case of
``agent_corpus_held`` and of the ``agent_corpus_final*`` sets passes but the few named
below, each left as it is with its reason, and across all of them no reply speaks the
wrong language and no case changes the disk without a confirm.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from agent_corpus import build_project
from agent_scores import score

import wsnb

# Cases left as they are, each named with why (see the closing note of issue 24).
LEFT: dict[str, set[str]] = {
    "agent_corpus_final5b": {"在代办里再加一条：买鸡蛋"},  # 代办 for 待办: a homophone
    "agent_corpus_final6a": {
        "那个叫 cart 的 js 文件在那个目录下？",  # 那个 for 哪个: "that folder" is Chinese too
        "what's a good textbook for learning mixed-effects models?",  # "models" names models.py
    },
    "agent_corpus_final6b": {"代办那个文件在哪"},  # the same homophone
    "agent_corpus_final9b": {
        "what columns does the report have",  # a CSV's header row is no term to search for
        "renderCart返回的是啥",  # the return line is not the definition line quoted first
    },
}
# Probe cases whose reading is a choice between two fair answers, left as they are.
LEFT["agent_corpus_probes"] = {
    "rename debug notes? no — rename windows_notes.txt to notes.txt",  # a correction mid-sentence
    "can I have a look at the cmake file",  # "cmake" is not a word of "CMakeLists"
    "list journal and tell me how many there are",  # two requests: the count answers
    "what's this shop thing about",  # the shop folder or the project
    "redo the contents of 待办.txt as just bread",  # "as" is no content marker
}


@pytest.fixture(scope="module")
def roots(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    base = tmp_path_factory.mktemp("sets")
    return wsnb.copy_sample_workspace(base / "sample"), build_project(base / "project")


@pytest.mark.parametrize("name", ["agent_corpus_held", "agent_corpus_final",
                                  "agent_corpus_final2", "agent_corpus_final3",
                                  "agent_corpus_final4", "agent_corpus_final5a",
                                  "agent_corpus_final5b", "agent_corpus_final6a",
                                  "agent_corpus_final6b", "agent_corpus_final7a",
                                  "agent_corpus_final7b", "agent_corpus_final8a",
                                  "agent_corpus_final8b", "agent_corpus_final9a",
                                  "agent_corpus_final9b", "agent_corpus_probes"])  # fmt: skip
def test_a_phrasing_set_stays_answered(roots: tuple[Path, Path], name: str,
                                       tmp_path: Path) -> None:  # fmt: skip
    module = importlib.import_module(name)
    if hasattr(module, "MTIMES"):  # it ages its files: workspaces of its own, not the shared ones
        roots = wsnb.copy_sample_workspace(tmp_path / "sample"), build_project(tmp_path / "project")
    results, wrong_language, disk_changes = score(module, *roots)
    failed = sorted(item.say[-1] for _label, item, ok, _reply in results if not ok)
    allowed = LEFT.get(name, set())
    assert set(failed) <= allowed, failed
    assert wrong_language == 0 and disk_changes == 0
    assert len(results) == len(module.SAMPLE) + len(module.PROJECT) >= 50
