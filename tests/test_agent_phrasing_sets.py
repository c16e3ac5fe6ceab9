"""The later phrasing sets keep what the parser learned from them.

Each set was scored once, blind, and its figure is in its docstring; after that its
failures were fixed as general faults. These tests keep them fixed: every case of
``agent_corpus_held`` and of the four ``agent_corpus_final*`` sets passes, the probe set
fails only the five cases named below (each an ambiguity left as it is, see the closing
note of issue 24), and across all of them no reply speaks the wrong language and no case
changes the disk without a confirm.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from agent_corpus import build_project
from agent_scores import score

import wsnb

# Probe cases whose reading is a choice between two fair answers, left as they are.
PROBES_LEFT = {
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
                                  "agent_corpus_final4", "agent_corpus_probes"])  # fmt: skip
def test_a_phrasing_set_stays_answered(roots: tuple[Path, Path], name: str) -> None:
    module = importlib.import_module(name)
    results, wrong_language, disk_changes = score(module, *roots)
    failed = sorted(item.say[-1] for _label, item, ok, _reply in results if not ok)
    allowed = PROBES_LEFT if name == "agent_corpus_probes" else set()
    assert set(failed) <= allowed, failed
    assert wrong_language == 0 and disk_changes == 0
    assert len(results) == len(module.SAMPLE) + len(module.PROJECT) >= 50
