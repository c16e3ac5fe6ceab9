"""The notes object's index and search: incremental, relative paths, Chinese and English."""

from __future__ import annotations

from pathlib import Path

from notes_helpers import codepilot_v1, initialized, write

from wsnb.notes import open_notes


def test_index_search_and_frames(root: Path) -> None:
    nb = initialized(root)
    write(root, "笔记/机器学习.md",
          "---\ntags: [ai, 学习]\n---\n# 机器学习\n\n监督学习与梯度下降。\n")
    write(root, "Projects/art.md", "# Art history\n\nPainting and sculpture.\n")
    write(root, "Projects/start.md", "# Start here\n\nHow to begin the project.\n")
    first = nb.index()
    assert first.added == 3
    assert nb.index().changed == 0  # nothing changed: nothing re-indexed
    hits = nb.search("机器学习")
    assert list(hits.columns[:6]) == ["path", "title", "heading", "score", "snippet", "lines"]
    assert hits.iloc[0]["path"] == "笔记/机器学习.md"
    art = nb.search("art")
    assert list(art["path"]) == ["Projects/art.md"]  # "start" does not match "art"
    assert set(nb.manifest["path"]) >= {"笔记/机器学习.md", "Projects/art.md"}
    assert not nb.manifest["path"].isin(["soul.md", "memory.md", "claude.md"]).any()
    assert (nb.chunks["path"] == "Projects/art.md").any()
    stats = nb.index_stats()
    assert int(stats.iloc[0]["stale"]) == 0 and int(stats.iloc[0]["files"]) >= 3


def test_a_new_note_is_found_after_capture(root: Path) -> None:
    nb = initialized(root)
    nb.index()
    nb.capture("Sourdough", "Feed the starter twice a day.").confirm()
    assert nb.search("sourdough starter").iloc[0]["path"] == "Inbox/sourdough.md"


def test_an_existing_jsonl_index_loads(root: Path) -> None:
    codepilot_v1(root)
    nb = open_notes(root)
    assert "项目/计划.md" in set(nb.manifest["path"])
    assert nb.search("机器学习").iloc[0]["path"] == "项目/计划.md"


def test_pinning_boosts_only_matching_notes(root: Path) -> None:
    nb = initialized(root)
    write(root, "a/tea.md", "# Tea\n\ngreen tea notes\n")
    write(root, "b/tea-too.md", "# More tea\n\ntea tea tea\n")
    write(root, "c/coffee.md", "# Coffee\n\nespresso\n")
    nb.index()
    nb.pin("a/tea.md")
    nb.pin("c/coffee.md")
    assert set(nb.hotset["path"]) == {"a/tea.md", "c/coffee.md"}
    hits = nb.search("tea")
    assert "c/coffee.md" not in set(hits["path"])  # a pin never brings in a non-match
    nb.unpin("c/coffee.md")
    assert set(nb.hotset["path"]) == {"a/tea.md"}


def test_the_search_frame_has_the_columns_and_dtypes_a_plain_frame_gets(root: Path) -> None:
    """The frame is built the cheap way (no reindex) and is the same as one built naming its
    columns: same columns, same dtypes, same values, with hits and without."""
    import pandas as pd

    from wsnb.notes.notehit import SEARCH_COLUMNS, hits_frame

    nb = initialized(root)
    write(root, "a/tea.md", "# Tea\n\ngreen tea notes\n\n## Brewing\n\ntea at 80 degrees\n")
    write(root, "b/tea-too.md", "# More tea\n\ntea tea tea\n")
    for query in ("tea", "espresso"):
        hits = nb._ranked(query, 5).hits
        frame = hits_frame(hits, query)
        named = pd.DataFrame({name: list(frame[name]) for name in frame.columns},
                             columns=[*SEARCH_COLUMNS, "text"])  # fmt: skip
        pd.testing.assert_frame_equal(frame, named, check_exact=True, check_column_type=True)
        assert frame.attrs["query_tokens"] == [query]
    assert list(nb.search("tea").columns) == [*SEARCH_COLUMNS, "text"]
    found = nb.search("tea")
    assert len(found) == 2 and str(found["path"].dtype) == str(pd.Series(["x"]).dtype)
    assert found["score"].dtype == "float64"
