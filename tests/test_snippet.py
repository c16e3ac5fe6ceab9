"""Snippets: a short window of text around the first matched token."""

from __future__ import annotations

from wsnb.search.snippet import snippet


def test_short_text_is_returned_whole_with_whitespace_collapsed() -> None:
    assert snippet("one\n\n  two   three", ["two"]) == "one two three"


def test_window_starts_near_the_first_match_with_ellipses() -> None:
    text = "filler " * 50 + "The KUBERNETES cluster " + "tail " * 50
    piece = snippet(text, ["kubernetes"], width=80)
    assert "KUBERNETES" in piece
    assert piece.startswith("…") and piece.endswith("…")
    assert len(piece) <= 82


def test_cjk_and_plural_folded_tokens_are_found() -> None:
    text = "无关内容。" * 40 + "机器学习很有趣。" + "结尾。" * 40
    assert "机器学习" in snippet(text, ["学习"], width=60)
    english = "x " * 200 + "several queries here " + "y " * 200
    assert "queries" in snippet(english, ["query"], width=60)


def test_no_match_gives_the_beginning() -> None:
    assert snippet("alpha " * 100, ["missing"], width=30).startswith("alpha")
