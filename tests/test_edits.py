"""Exact-text edits: the engine on text, and ``ws.edit`` on real files (encodings, line
endings, refusals, staleness, undo)."""

from __future__ import annotations

from pathlib import Path

import pytest

import wsnb
from wsnb.errors import EditMatchError, StalePlanError, UsageError
from wsnb.text.edits import TextEdit, apply_edits, as_edits
from wsnb.types import PlanState

# -- the engine ------------------------------------------------------------------------


def test_an_exact_match_is_replaced_once() -> None:
    out = apply_edits("a = 1\nb = 2\n", [TextEdit("b = 2", "b = 3")])
    assert out.text == "a = 1\nb = 3\n" and out.replaced == (1,) and out.loose == (False,)


def test_edits_apply_in_order_each_to_the_text_the_last_left() -> None:
    out = apply_edits("x\n", [TextEdit("x", "y"), TextEdit("y", "z")])
    assert out.text == "z\n"


def test_an_ambiguous_old_text_says_how_many_places_and_which_lines() -> None:
    with pytest.raises(EditMatchError) as caught:
        apply_edits("port = 1\nhost\nport = 1\n", [TextEdit("port = 1", "port = 2")])
    assert caught.value.count == 2 and caught.value.lines == (1, 3)
    assert "2 places (lines 1, 3)" in str(caught.value)


def test_replace_all_changes_every_occurrence() -> None:
    out = apply_edits("a a a\n", [TextEdit("a", "b", replace_all=True)])
    assert out.text == "b b b\n" and out.replaced == (3,)


def test_no_match_is_an_error_with_a_count_of_zero() -> None:
    with pytest.raises(EditMatchError) as caught:
        apply_edits("alpha\n", [TextEdit("beta", "gamma")])
    assert caught.value.count == 0 and "matched no place" in str(caught.value)


def test_a_whitespace_only_difference_still_matches_and_keeps_the_files_indentation() -> None:
    text = "def f():\n\tif x:\n\t\treturn 1   \n\treturn 2\n"
    # The model re-typed the block with four spaces and without the trailing blanks.
    out = apply_edits(text, [TextEdit("    if x:\n        return 1",
                                      "    if x:\n        return 10\n    log()")])
    assert out.text == "def f():\n\tif x:\n\t\treturn 10\n\tlog()\n\treturn 2\n"
    assert out.loose == (True,)


def test_a_loose_match_in_two_places_is_ambiguous_too() -> None:
    with pytest.raises(EditMatchError) as caught:
        apply_edits("  a\nb\n    a\n", [TextEdit("a ", "c")])
    assert caught.value.lines == (1, 3)


def test_bad_edit_shapes_say_what_an_edit_must_look_like() -> None:
    with pytest.raises(UsageError, match="old_text and new_text"):
        as_edits([{"old": "a", "new": "b"}])
    with pytest.raises(UsageError, match="not one text"):
        as_edits("a")
    with pytest.raises(UsageError, match="is empty"):
        as_edits([{"old_text": "  ", "new_text": "b"}])
    assert as_edits([("a", "b")]) == [TextEdit("a", "b")]


# -- ws.edit on real files -------------------------------------------------------------


@pytest.fixture
def files(tmp_path: Path) -> tuple[wsnb.Workspace, Path]:
    root = tmp_path / "ws"
    root.mkdir()
    (root / "crlf.txt").write_bytes(b"one\r\ntwo\r\nthree\r\n")
    (root / "gbk.txt").write_bytes("标题\r\n端口 = 80\r\n超时 = 5\r\n".encode("gbk"))
    (root / "big.py").write_text("".join(f"line_{n} = {n}\n" for n in range(2000)))
    return wsnb.open_workspace(root), root


def test_an_edit_of_a_crlf_file_keeps_crlf(files: tuple[wsnb.Workspace, Path]) -> None:
    ws, root = files
    plan = ws.edit("crlf.txt", "two", "TWO")
    assert plan.state is PlanState.PENDING and "CRLF" in plan.description
    plan.confirm()
    assert (root / "crlf.txt").read_bytes() == b"one\r\nTWO\r\nthree\r\n"


def test_an_edit_of_a_gbk_file_keeps_gbk(files: tuple[wsnb.Workspace, Path]) -> None:
    ws, root = files
    ws.edit("gbk.txt", "端口 = 80", "端口 = 8080").confirm()
    data = (root / "gbk.txt").read_bytes()
    assert data == "标题\r\n端口 = 8080\r\n超时 = 5\r\n".encode("gbk")


def test_the_diff_holds_only_the_changed_hunk(files: tuple[wsnb.Workspace, Path]) -> None:
    ws, _root = files
    plan = ws.edit("big.py", "line_1000 = 1000\n", "line_1000 = 'changed'\n")
    assert plan.diff is not None
    assert plan.diff.count("\n-") == 1 and plan.diff.count("\n+") == 1 + 1  # the +++ header
    assert len(plan.diff.splitlines()) < 12 and "line_5 " not in plan.diff


def test_an_ambiguous_edit_is_refused_with_the_lines_and_changes_nothing(
    files: tuple[wsnb.Workspace, Path],
) -> None:
    ws, root = files
    before = (root / "big.py").read_bytes()
    plan = ws.edit("big.py", "= 1", "= one")  # line_1, line_10..19, line_100..199, ...
    assert plan.is_refused and "places (lines 2, 11, 12" in (plan.refusal or "")
    assert plan.data["match"]["count"] > 100
    assert (root / "big.py").read_bytes() == before


def test_a_stale_edit_is_refused_at_confirm(files: tuple[wsnb.Workspace, Path]) -> None:
    ws, root = files
    plan = ws.edit("crlf.txt", "one", "ONE")
    (root / "crlf.txt").write_bytes(b"one\r\nchanged by someone else\r\n")
    with pytest.raises(StalePlanError):
        plan.confirm()
    assert (root / "crlf.txt").read_bytes() == b"one\r\nchanged by someone else\r\n"


def test_an_edit_is_undone_from_its_backup(files: tuple[wsnb.Workspace, Path]) -> None:
    ws, root = files
    ws.edit("crlf.txt", edits=[{"old_text": "one", "new_text": "1"},
                               ("three", "3")]).confirm()  # fmt: skip
    assert (root / "crlf.txt").read_bytes() == b"1\r\ntwo\r\n3\r\n"
    ws.undo().confirm()
    assert (root / "crlf.txt").read_bytes() == b"one\r\ntwo\r\nthree\r\n"


def test_ws_edit_takes_one_form_or_the_other(files: tuple[wsnb.Workspace, Path]) -> None:
    ws, _root = files
    with pytest.raises(UsageError, match="either old_text and new_text, or edits"):
        ws.edit("crlf.txt")
    with pytest.raises(UsageError, match="either old_text and new_text, or edits"):
        ws.edit("crlf.txt", "a", "b", edits=[("a", "b")])


def test_an_edit_of_a_sensitive_file_is_refused(files: tuple[wsnb.Workspace, Path]) -> None:
    ws, root = files
    (root / ".env").write_text("KEY=1\n")
    plan = ws.edit(".env", "KEY=1", "KEY=2")
    assert plan.is_refused and (root / ".env").read_text() == "KEY=1\n"
