"""``ws.rename_identifier``: a name renamed everywhere it stands whole, as one change set.

On the bundled sample (its code, its test and the Markdown that mentions the name) and on
small trees of other languages; plans are real, confirmed and undone on real files.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import chat_tree

import wsnb
from wsnb.errors import NotFoundError, UsageError
from wsnb.text.edits import TextEdit, apply_edits
from wsnb.text.identifiers import find_name, language_of, rename_in_text, renamed_windows
from wsnb.tools.table import tool_def
from wsnb.types import ActionType

NOTE = "docs/design notes.md"


# The sample's design notes mention the name too, beside a longer one (added here: the sample's
# own bytes stay as the tour notebooks show them).
MENTION = ("- `word_count()` in app/utils.py counts the words of a note; a report keeps one total "
           "per\n  file in `word_counts`.\n")


@pytest.fixture
def sample(tmp_path: Path) -> wsnb.Workspace:
    root = wsnb.copy_sample_workspace(tmp_path / "sample")
    with (root / NOTE).open("a", encoding="utf-8") as note:
        note.write(MENTION)
    return wsnb.open_workspace(root, watch=False)


def _tree(root: Path, files: dict[str, str | bytes]) -> wsnb.Workspace:
    return chat_tree(root, files)


def test_a_rename_across_the_sample_is_one_plan_of_three_steps_undone_whole(
    sample: wsnb.Workspace,
) -> None:
    before = {path: (sample.root / path).read_bytes()
              for path in ("app/utils.py", "tests/test_utils.py", NOTE)}  # fmt: skip
    plan = sample.rename_identifier("word_count", "count_words")
    assert plan.action is ActionType.CHANGE_SET and plan.title == "Rename word_count to count_words"
    assert [step.target.relative for step in plan.steps if step.target] == [
        "app/utils.py", NOTE, "tests/test_utils.py"]
    assert all(step.diff for step in plan.steps) and plan.warnings == []
    plan.confirm()
    utils = (sample.root / "app/utils.py").read_text(encoding="utf-8")
    test = (sample.root / "tests/test_utils.py").read_text(encoding="utf-8")
    note = (sample.root / NOTE).read_text(encoding="utf-8")
    assert "def count_words(text: str)" in utils and "word_count" not in utils
    assert "load_utils().count_words(" in test
    assert "def test_word_count()" in test  # a longer name is another name
    assert "`count_words()`" in note and "`word_counts`" in note  # word_counts untouched
    undo = sample.undo()
    assert undo.action is ActionType.CHANGE_SET and len(undo.steps) == 3
    undo.confirm()
    assert {path: (sample.root / path).read_bytes() for path in before} == before


def test_no_place_is_a_sentence_not_an_empty_plan(sample: wsnb.Workspace) -> None:
    with pytest.raises(NotFoundError, match="word_coun does not stand as a name in any text"):
        sample.rename_identifier("word_coun", "x")  # only inside longer names
    with pytest.raises(NotFoundError, match="in any text file matching src/"):
        sample.rename_identifier("word_count", "count_words", glob="src/**")
    assert sample.pending.empty
    for old, new in (("word count", "x"), ("word_count", ""), ("--", "x"),
                     ("word_count", "word_count")):  # fmt: skip
        with pytest.raises(UsageError):
            sample.rename_identifier(old, new)


def test_a_new_name_already_in_use_is_a_warning_on_the_card(sample: wsnb.Workspace) -> None:
    plan = sample.rename_identifier("greeting", "word_count")
    assert len(plan.warnings) == 1
    assert plan.warnings[0].startswith("word_count already stands as a name in 3 places "
                                       "(app/utils.py:22, docs/design notes.md:8, "
                                       "tests/test_utils.py:25)")  # fmt: skip
    plan.cancel()


def test_a_glob_keeps_the_rename_to_the_files_it_matches(sample: wsnb.Workspace) -> None:
    plan = sample.rename_identifier("word_count", "count_words", glob="*.py")
    assert [step.target.relative for step in plan.steps if step.target] == [
        "app/utils.py", "tests/test_utils.py"]
    plan.cancel()


def test_where_a_name_ends_is_the_files_languages_own(tmp_path: Path) -> None:
    ws = _tree(tmp_path, {
        "a.js": "const $total = total + total$x;\nlet total2 = total;\n",
        "b.css": ".total { }\n.total-sum { color: red }\n",
        "c.rb": "def total?\n  total\nend\ntotal != 1\n",
        "d.md": "The `total` and total\\_x, and total函数 in Chinese prose.\n",
        "e.py": "total函数 = total\n",
    })
    plan = ws.rename_identifier("total", "sum")
    texts = {step.target.relative: step.content for step in plan.steps if step.target}
    assert texts["a.js"] == "const $total = sum + total$x;\nlet total2 = sum;\n"
    assert texts["b.css"] == ".sum { }\n.total-sum { color: red }\n"
    assert texts["c.rb"] == "def total?\n  sum\nend\nsum != 1\n"
    assert texts["d.md"] == "The `sum` and total\\_x, and sum函数 in Chinese prose.\n"
    assert texts["e.py"] == "total函数 = sum\n"  # in Python, total函数 is one name
    plan.cancel()
    assert language_of("web/app.TSX") == "js" and language_of("Rakefile") == "ruby"


def test_markdown_writes_an_underscore_escaped_and_keeps_it_so() -> None:
    text = "Call word\\_count, or `word_count`; not word\\_counts.\n"
    spans = find_name(text, "word_count", "markdown")
    assert [span.written for span in spans] == ["word\\_count", "word_count"]
    assert rename_in_text(text, spans, "count_all") == (
        "Call count\\_all, or `count_all`; not word\\_counts.\n")
    assert find_name(text, "word_count", "code") == [spans[1]]  # code knows no escapes
    dashed = find_name("btn-primary btn-primary-lg x", "btn-primary", "js")
    assert [(span.start, span.end) for span in dashed] == [(0, 11)]  # the name's own -


def test_each_edit_matches_once_even_among_repeated_lines() -> None:
    text = "x = total\ny = 1\nx = total\ny = 1\nx = total\n" + "z = total\n" * 3
    spans = find_name(text, "total", "code")
    edits = renamed_windows(text, spans, "sum")
    done = apply_edits(text, [TextEdit(old, new) for old, new in edits])
    assert done.text == rename_in_text(text, spans, "sum") == text.replace("total", "sum")
    assert len(edits) < len(spans) and all(old != text for old, _new in edits)
    rng = random.Random(41)  # texts of few, repeated pieces: where windows must widen most
    pieces = ["total", "sum", " ", "\n", "total\n", "a.total", "totals", "\n\n"]
    for _round in range(3000):
        text = "".join(rng.choice(pieces) for _piece in range(rng.randint(1, 14)))
        spans = find_name(text, "total", "code")
        if not spans:
            continue
        new = rng.choice(["sum", "total_all", "x"])
        edits = renamed_windows(text, spans, new)
        done = apply_edits(text, [TextEdit(old, after) for old, after in edits]).text
        assert done == rename_in_text(text, spans, new), (text, edits)


def test_a_file_keeps_its_encoding_and_line_endings(tmp_path: Path) -> None:
    ws = _tree(tmp_path, {"gbk.txt": "总数 total 在这里\r\n第二行 total\r\n".encode("gbk"),
                          "plain.py": "print(total)\n"})  # fmt: skip
    plan = ws.rename_identifier("total", "sum")
    plan.confirm()
    assert (tmp_path / "gbk.txt").read_bytes() == "总数 sum 在这里\r\n第二行 sum\r\n".encode("gbk")
    assert (tmp_path / "plain.py").read_text(encoding="utf-8") == "print(sum)\n"


def test_more_files_than_a_change_set_takes_asks_for_a_glob(tmp_path: Path) -> None:
    ws = _tree(tmp_path, {f"m{n:02}.py": "import shared\n" for n in range(51)})
    with pytest.raises(UsageError, match="stands in 51 files; one change set takes at most 50"):
        ws.rename_identifier("shared", "common")
    plan = ws.rename_identifier("shared", "common", glob="m0*.py")
    assert len(plan.steps) == 10
    plan.cancel()


def test_a_model_may_propose_it_from_the_one_table(sample: wsnb.Workspace) -> None:
    spec = tool_def("propose_rename_identifier")
    assert spec.propose and spec.loop_name == "rename_identifier"
    assert spec.input_schema()["required"] == ["old", "new"]
    from wsnb.mcp.proposals import propose
    from wsnb.mcp.scope import Scope

    plan, status = propose(sample, spec.name, {"old": "word_count", "new": "count_words"},
                           Scope(), "mcp:test")  # fmt: skip
    assert status["state"] == "pending" and len(plan.steps) == 3
    assert sample.plan_store.status(plan.id).state == "pending"
    plan.cancel()
    from wsnb.errors import PolicyError

    with pytest.raises(PolicyError):  # the client's roots: app/ only, and the test is outside
        propose(sample, spec.name, {"old": "word_count", "new": "count_words"},
                Scope(("app",)), "mcp:test")  # fmt: skip

