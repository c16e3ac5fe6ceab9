"""Every phrasing set keeps its score: exactly the recorded one, failing only the cases it names.

The sets are data (``tests/phrasing/*.yaml``, read by ``tests/agent_sets.py``, judged by
``tests/agent_judge.py``). Each set was scored once when it was written (blind sets before the
parser was changed for them; that figure is in its ``about``), and its failures were then fixed
as general faults. These tests keep them fixed: every case passes but those the set's ``left``
names, each with its reason; the score the file records is the score now, so a case that starts
passing (or failing) shows here and the file is brought up to date; and across all of them no
reply speaks the wrong language and no case changes the disk without a confirm.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from agent_judge import VERBS, Outcome
from agent_sets import SETS, load_set, score_set, set_names, workspaces


@pytest.fixture(scope="module")
def roots(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    return workspaces(tmp_path_factory.mktemp("sets"))


@pytest.mark.parametrize("name", set_names())
def test_a_phrasing_set_keeps_its_score(roots: tuple[Path, Path, Path], name: str,
                                        tmp_path: Path) -> None:  # fmt: skip
    chosen = load_set(name)
    if chosen.mtimes is not None:  # it ages its files: workspaces of its own
        roots = workspaces(tmp_path)
    scored = score_set(chosen, *roots)
    assert sorted(scored.failed) == sorted(chosen.left), scored.failed
    assert f"{scored.passed}/{len(scored.results)}" == chosen.score
    assert scored.wrong_language == 0 and scored.disk_changes == 0


def test_the_sets_are_every_file_and_each_is_well_formed() -> None:
    names = set_names()
    assert len(names) >= 19 and names == sorted(names)
    for name in names:
        chosen = load_set(name)
        assert name.startswith(chosen.written), name  # named by the day it was written
        passed, total = map(int, chosen.score.split("/"))
        assert total == len(chosen.cases) and passed == total - len(chosen.left), name
        said = {item.say[-1] for item in chosen.cases}
        assert set(chosen.left) <= said, name  # a left case is one of the set's
        assert all(item.group in chosen.groups for item in chosen.cases if item.group), name


def test_a_case_with_a_malformed_outcome_is_refused_with_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="one outcome word"):
        Outcome.of({"say": "read a.txt", "intent": "read"})
    with pytest.raises(ValueError, match="one outcome word"):
        Outcome.of({"say": "x", "intent": "read", "reads": "a.txt", "shows": "a.txt"})
    with pytest.raises(ValueError, match="takes"):
        Outcome.of({"say": "x", "intent": "read", "reads": "a.txt", "words": "hi"})
    with pytest.raises(ValueError, match="malformed at says"):
        Outcome.of({"say": "x", "intent": "chat", "says": "hello"})
    with pytest.raises(ValueError, match="malformed at plan"):
        Outcome.of({"say": "x", "intent": "edit", "plan": "edit", "path": "a.txt", "old": "1"})
    good = Outcome.of({"say": "x", "intent": "size", "first": ["a.txt", "b.txt"]})
    assert good.verb == "first" and good.value == ("a.txt", "b.txt")


def test_every_outcome_word_is_used_by_some_set() -> None:
    used = set()
    for path in SETS.glob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        rows = [row for label in ("sample", "project", "notebooks")
                for row in data.get(label) or []]  # fmt: skip
        used |= {verb for row in rows for verb in VERBS if verb in row}
    assert used == set(VERBS)


MODULE = '''"""A set in the older module form."""

from agent_corpus import Case, held_in

LANG: dict[Case, str] = {}
held = held_in(LANG)

SAMPLE: list[Case] = [
    # reading
    held("show me README.md", "en", "read", "read", "README.md"),
    held(("list src", "删掉第二个"), "zh", "reference", "plan", "trash", "src/widget.cpp"),
]

PROJECT: list[Case] = [
    held("journal 里有什么", "zh", "list", "list", "log_01.txt", "42"),  # the true total
    held("set port to 9 in a.yaml", "en", "setvalue", "edit", "a.yaml", "port: 8", "port: 9"),
    held("delete every log", "en", "bulk", "refuse"),
    rename_all("rename slugify to make_slug everywhere", "en", ("chat",),
               RenameEverywhere("slugify", "make_slug", ("shop/utils.py",))),
]
'''


def test_a_set_module_becomes_a_data_file_case_for_case(tmp_path: Path) -> None:
    from phrasing_from_module import check, data_text

    module = tmp_path / "agent_corpus_final99.py"
    module.write_text(MODULE, encoding="utf-8")
    precise = {"rename slugify to make_slug everywhere": {
        "renames": "slugify", "to": "make_slug", "files": ["shop/utils.py"]}}
    text = data_text(module, "2026-12-06", "3/6", {"delete every log": "a reason"},
                     "2026-12-06-blind-99-test", precise)  # fmt: skip
    check(module, text, precise)  # read back: every case as the module states it
    data = yaml.safe_load(text)
    assert data["about"].strip() == "A set in the older module form."
    assert data["left"] == {"delete every log": "a reason"}
    assert data["sample"][1] == {"say": ["list src", "删掉第二个"], "lang": "zh",
                                 "intent": "reference", "plan": "trash",
                                 "path": "src/widget.cpp"}  # fmt: skip
    assert data["project"][0] == {"say": "journal 里有什么", "lang": "zh", "intent": "list",
                                  "lists": "log_01.txt", "total": 42}  # fmt: skip
    assert data["project"][1]["plan"] == "edit" and data["project"][1]["new"] == "port: 9"
    assert data["project"][2]["refused"] == "bulk_change"
    assert "  # reading\n  - {say: \"show me README.md\"" in text
    assert "  # the true total\n  - {say: \"journal 里有什么\"" in text
    assert data["project"][3] == {"say": "rename slugify to make_slug everywhere", "lang": "en",
                                  "intent": "rename_all", "renames": "slugify",
                                  "to": "make_slug", "files": ["shop/utils.py"]}  # fmt: skip
    assert "(written as ('chat',), the closest outcome" in text
