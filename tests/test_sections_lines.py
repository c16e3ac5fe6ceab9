"""The pieces under the agent's side: Markdown section edits, appends at confirm, reads by
line (ranges, head, tail, encodings, redaction) and stretches of time."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest
from helpers import write

import wsnb
from wsnb.errors import UsageError
from wsnb.notes.timeframe import since
from wsnb.text.sections import append_text, edit_text
from wsnb.tools.lines import read_lines

NOTE = "# Plan\n\n## Status\n\nstarted\n\n## To do\n\n- read\n\n```\n## not a heading\n```\n"


def test_a_section_is_named_by_its_heading_and_ends_at_the_next_of_its_level() -> None:
    # The fenced "## not a heading" is part of To do: the addition goes after it.
    assert append_text(NOTE, "- write", "to do:").endswith("## not a heading\n```\n\n- write\n")
    assert edit_text(NOTE, "replace_section", "done", section="## STATUS").count("started") == 0
    before = edit_text(NOTE, "insert_before_section", "## New\n\nx", section="To do")
    assert before.index("## New") < before.index("## To do")
    after = edit_text(NOTE, "insert_after_section", "## End", section="Status")
    assert after.index("started") < after.index("## End") < after.index("## To do")
    assert edit_text("---\ntags: [a]\n---\n# T\n", "prepend", "first").startswith(
        "---\ntags: [a]\n---\n\nfirst\n\n# T")
    with pytest.raises(UsageError, match="no section 'not a heading'"):
        edit_text(NOTE, "replace_section", "x", section="not a heading")  # inside a fence
    with pytest.raises(UsageError, match="found 2 times, not 1"):
        edit_text("a a", "find_replace", "b", find_text="a")
    assert edit_text("a a", "find_replace", "b", find_text="a", expected=2) == "b b"


def test_an_append_makes_its_section_once_and_replaces_a_placeholder() -> None:
    empty = "# Day\n\n## Candidate Long-Term Memory\n\n-\n"
    once = append_text(empty, "- one", "Candidate Long-Term Memory")
    twice = append_text(once, "- two", "candidate long-term memory")
    assert twice == "# Day\n\n## Candidate Long-Term Memory\n\n- one\n- two\n"
    made = append_text("# Day\n\n## Work Log\n\n- x\n", "- one", "Candidate Long-Term Memory")
    assert made.count("## Candidate Long-Term Memory") == 1 and made.endswith("- one\n")


def test_an_append_plan_lands_on_the_file_as_it_is_at_confirm(tmp_path: Path) -> None:
    write(tmp_path, "notes.md", "# Notes\n\n## Log\n\n- a\n")
    ws = wsnb.open_workspace(tmp_path, watch=False)
    try:
        first = ws.append_text("notes.md", "- b", section="Log")
        second = ws.append_text("notes.md", "- c", section="Log")
        fresh = ws.append_text("new/today.md", "- d", section="Log", header="# Today\n")
        again = ws.append_text("new/today.md", "- e", section="Log", header="# Today\n")
        assert first.risk is wsnb.Risk.LOW and first.requires_confirmation
        assert "fingerprints" not in first.data or not first.data["fingerprints"]
        (tmp_path / "notes.md").write_text("# Notes\n\n## Log\n\n- a\n- by hand\n", "utf-8")
        for plan in (second, first, again, fresh):
            assert plan.confirm().success
        assert (tmp_path / "notes.md").read_text("utf-8").endswith("- a\n- by hand\n- c\n- b\n")
        made = (tmp_path / "new" / "today.md").read_text("utf-8")
        assert made == "# Today\n\n## Log\n\n- e\n- d\n"
        assert ws.undo().confirm().success  # the last addition comes off again
        assert (tmp_path / "new" / "today.md").read_text("utf-8").endswith("- e\n")
    finally:
        ws.close()


@pytest.fixture
def ws(tmp_path: Path) -> wsnb.Workspace:
    write(tmp_path, "crlf.txt", "")
    (tmp_path / "crlf.txt").write_bytes(b"one\r\ntwo\r\nthree\r\n")
    (tmp_path / "gbk.txt").write_bytes("第一行\n第二行\n第三行\n".encode("gbk"))
    key = "-----BEGIN OPENSSH PRIVATE KEY-----\n" + "QUJDREVGRw==\n" * 5 + \
        "-----END OPENSSH PRIVATE KEY-----\n"  # fmt: skip
    write(tmp_path, "config.txt", "before\n" + key + "after\n")
    opened = wsnb.open_workspace(tmp_path, watch=False)
    yield opened
    opened.close()


def test_lines_are_read_in_any_encoding_and_line_ending(ws: wsnb.Workspace) -> None:
    crlf = read_lines(ws.context, "crlf.txt", start_line=2)
    assert crlf.text == "two\nthree\n" and crlf.newline == "\r\n" and crlf.total_lines == 3
    gbk = read_lines(ws.context, "gbk.txt", tail=1)
    assert gbk.text == "第三行\n" and gbk.encoding == "gb18030" and gbk.start_line == 3


def test_a_range_inside_a_private_key_is_still_redacted(ws: wsnb.Workspace) -> None:
    body = read_lines(ws.context, "config.txt", start_line=3, end_line=5)
    assert "QUJDREVGRw==" not in body.text  # the block's start lies before the range
    assert body.text.count("\n") == 3  # line for line: the numbers stay right
    whole = read_lines(ws.context, "config.txt", start_line=2, end_line=3)
    assert whole.redacted >= 1 and "QUJDREVGRw==" not in whole.text
    person = read_lines(ws.context.__class__(**{**vars(ws.context), "for_model": False}),
                        "config.txt", start_line=3, end_line=3)  # fmt: skip
    assert person.text == "QUJDREVGRw==\n"


def test_a_stretch_of_time_in_either_language() -> None:
    now = datetime(2026, 3, 11, 15, 0)
    assert now - since("7d", now) == timedelta(days=7) == now - since("上周", now)
    assert now - since("最近三天", now) == timedelta(days=3) == now - since("3 days ago", now)
    assert since("today", now) == datetime(2026, 3, 11) and since("本周", now).weekday() == 0
    with pytest.raises(UsageError, match="最近三天"):
        since("sometime", now)
