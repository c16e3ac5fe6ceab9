"""The BM25F field ranker: IDF, length normalisation, boosts, tokens not substrings, increments."""

from __future__ import annotations

import numpy as np
import pytest

from wsnb.errors import UsageError
from wsnb.search.rank import DEFAULT_BOOSTS, FieldRanker, Hit
from wsnb.search.rankparts import weighted_counts


def _ids(hits: list[Hit]) -> list[str]:
    return [hit.doc_id for hit in hits]


def test_reference_field_boosts_in_order() -> None:
    assert list(DEFAULT_BOOSTS.items()) == [
        ("title", 10.0), ("tags", 8.0), ("aliases", 7.0), ("headings", 5.0), ("path", 3.0),
        ("body", 1.0),
    ]


def test_matches_tokens_never_substrings() -> None:
    ranker = FieldRanker()
    ranker.add("start", {"title": "Start here", "body": "how to restart and start over"})
    ranker.add("art", {"title": "Art history", "body": "painting"})
    assert _ids(ranker.search("art")) == ["art"]


def test_chinese_query_finds_chinese_notes_without_substring_false_positives() -> None:
    ranker = FieldRanker()
    ranker.add("ml", {"title": "机器学习笔记", "body": "监督学习与无监督学习"})
    ranker.add("cook", {"title": "红烧肉做法", "body": "先把肉切块"})
    ranker.add("machine", {"title": "机器维修", "body": "更换零件"})
    assert _ids(ranker.search("学习")) == ["ml"]
    # a one-character query finds the character inside longer words, and only there
    assert _ids(ranker.search("肉")) == ["cook"]
    assert _ids(ranker.search("习")) == ["ml"]
    assert set(_ids(ranker.search("机器"))) == {"ml", "machine"}


def test_title_beats_body_and_field_boost_is_used() -> None:
    ranker = FieldRanker()
    ranker.add("in-title", {"title": "python packaging", "body": "notes about tools"})
    ranker.add("in-body", {"title": "tools", "body": "python packaging notes about tools"})
    assert _ids(ranker.search("packaging")) == ["in-title", "in-body"]
    flat = FieldRanker({"title": 1.0, "body": 1.0})
    flat.add("a", {"title": "x", "body": "python"})
    flat.add("b", {"title": "python", "body": "x"})
    assert flat.search("python")[0].score == pytest.approx(flat.search("python")[1].score)


def test_rare_terms_weigh_more_than_common_ones() -> None:
    ranker = FieldRanker()
    for number in range(10):
        ranker.add(f"common{number}", {"body": "meeting notes weekly"})
    ranker.add("rare", {"body": "meeting about docker"})
    ranker.add("common-only", {"body": "meeting meeting weekly"})
    assert ranker.idf("docker") > ranker.idf("meeting") > 0
    assert _ids(ranker.search("meeting docker", limit=1)) == ["rare"]


def test_length_normalisation_prefers_the_shorter_document() -> None:
    ranker = FieldRanker()
    ranker.add("short", {"body": "sourdough bread"})
    ranker.add("long", {"body": "sourdough " + " ".join(f"word{n}" for n in range(200))})
    assert _ids(ranker.search("sourdough")) == ["short", "long"]


def test_term_frequency_saturates() -> None:
    ranker = FieldRanker()
    ranker.add("once", {"body": "tea"})
    ranker.add("many", {"body": "tea " * 50})
    ranker.add("other", {"body": "coffee"})
    once, many = (hit.score for hit in sorted(ranker.search("tea"), key=lambda h: h.doc_id))
    assert many < 3 * once


def test_matched_terms_are_reported() -> None:
    ranker = FieldRanker()
    ranker.add("a", {"title": "Garden plans", "body": "tomatoes and 番茄"})
    (hit,) = ranker.search("garden tomato 番茄 missing")
    assert hit.matched == ("garden", "tomato", "番茄")


def test_add_replaces_and_remove_forgets() -> None:
    ranker = FieldRanker()
    ranker.add("a", {"body": "apple"})
    ranker.add("b", {"body": "banana"})
    ranker.add("a", {"body": "cherry"})
    assert len(ranker) == 2
    assert ranker.search("apple") == []
    assert _ids(ranker.search("cherry")) == ["a"]
    assert ranker.remove("a") is True
    assert ranker.remove("a") is False
    assert ranker.search("cherry") == [] and "a" not in ranker
    assert ranker.document_frequency("cherry") == 0


def test_incremental_equals_fresh_build() -> None:
    docs = {f"d{n}": {"title": f"note {n}", "body": "alpha beta " * n} for n in range(1, 8)}
    incremental = FieldRanker()
    for doc_id, fields in docs.items():
        incremental.add(doc_id, fields)
    incremental.search("alpha")  # cache the norms, then change the collection
    incremental.add("extra", {"body": "gamma"})
    incremental.remove("extra")
    incremental.remove("d3")
    fresh = FieldRanker()
    for doc_id, fields in docs.items():
        if doc_id != "d3":
            fresh.add(doc_id, fields)
    assert incremental.search("alpha note", limit=None) == fresh.search("alpha note", limit=None)


def test_list_fields_and_tokens_input() -> None:
    ranker = FieldRanker()
    ranker.add("a", {"tags": ["project/web", "前端"], "body": "x"})
    ranker.add_tokens("b", {"body": ["web", "web"]})
    assert _ids(ranker.search("web")) == ["a", "b"]
    assert _ids(ranker.search(["前端"])) == ["a"]


def test_limit_accept_and_deterministic_ties() -> None:
    ranker = FieldRanker()
    for doc_id in ["c", "a", "b"]:
        ranker.add(doc_id, {"body": "equal words"})
    assert _ids(ranker.search("equal", limit=None)) == ["a", "b", "c"]
    assert _ids(ranker.search("equal", limit=2)) == ["a", "b"]
    assert ranker.search("equal", limit=0) == []
    assert _ids(ranker.search("equal", accept=lambda d: d != "a")) == ["b", "c"]


def test_bad_arguments_are_clear_errors() -> None:
    ranker = FieldRanker()
    with pytest.raises(UsageError, match="no field 'titel'"):
        ranker.add("a", {"titel": "x"})
    assert len(ranker) == 0
    with pytest.raises(UsageError):
        ranker.search("x", limit=-1)
    with pytest.raises(UsageError):
        FieldRanker({})
    with pytest.raises(UsageError):
        FieldRanker(b=2.0)


def test_empty_query_and_empty_ranker_return_nothing() -> None:
    ranker = FieldRanker()
    assert ranker.search("anything") == []
    ranker.add("a", {"body": "words"})
    assert ranker.search("the and of") == []
    assert ranker.search("") == []


def test_matches_returns_every_hit_unsorted_with_search_scores() -> None:
    ranker = FieldRanker()
    for number in range(5):
        ranker.add(f"d{number}", {"body": "tea " * (number + 1) + "cake"})
    ranker.add("other", {"body": "coffee"})
    everything = {hit.doc_id: hit for hit in ranker.search("tea", limit=None)}
    assert {hit.doc_id: hit for hit in ranker.matches("tea")} == everything
    assert len(everything) == 5


def test_cached_scores_follow_changes() -> None:
    ranker = FieldRanker()
    ranker.add("a", {"body": "tea"})
    ranker.add("b", {"body": "coffee"})
    before = ranker.search("tea")[0].score
    ranker.add("c", {"body": "tea"})  # tea gets more common: a lower idf
    assert ranker.search("tea")[0].score < before
    ranker.remove("c")
    assert ranker.search("tea")[0].score == pytest.approx(before)


def test_search_groups_returns_each_groups_best_document() -> None:
    ranker = FieldRanker()
    ranker.add("n1#0", {"title": "garden", "body": "tomatoes"}, group="n1")
    ranker.add("n1#1", {"title": "garden", "body": "tomatoes and more tomatoes"}, group="n1")
    ranker.add("n2#0", {"body": "a tomato in a long text " + "filler " * 40}, group="n2")
    ranker.add("n3#0", {"body": "nothing relevant"}, group="n3")
    hits = ranker.search_groups("tomato")
    assert [(hit.group, hit.doc_id) for hit in hits] == [("n1", "n1#1"), ("n2", "n2#0")]
    assert hits[0].matched == ("tomato",)
    by_doc = {hit.doc_id: hit.score for hit in ranker.search("tomato", limit=None)}
    assert hits[0].score == pytest.approx(by_doc["n1#1"]) and by_doc["n1#1"] > by_doc["n1#0"]
    assert ranker.search_groups("tomato", limit=1)[0].group == "n1"


def test_group_boost_reorders_matches_but_never_adds_a_non_match() -> None:
    ranker = FieldRanker()
    ranker.add("a", {"body": "kettle descaling"}, group="a")
    ranker.add("b", {"body": "kettle descaling"}, group="b")
    ranker.add("c", {"body": "unrelated"}, group="c")
    assert [hit.group for hit in ranker.search_groups("kettle")] == ["a", "b"]
    boosted = ranker.search_groups("kettle", boost=lambda group: 0.1 if group != "a" else 0.0)
    assert [hit.group for hit in boosted] == ["b", "a"]  # "c" matches nothing: never in
    assert boosted[0].score == pytest.approx(1.1 * boosted[1].score)
    assert [hit.group for hit in ranker.search_groups("kettle", boost=lambda g: 100.0)] == [
        "a", "b",
    ]


def test_removed_documents_leave_their_group() -> None:
    ranker = FieldRanker()
    ranker.add("x#0", {"body": "walrus"}, group="x")
    ranker.add("y#0", {"body": "walrus walrus"}, group="y")
    ranker.remove("y#0")
    assert [hit.group for hit in ranker.search_groups("walrus")] == ["x"]


def test_bulk_add_equals_adding_one_by_one() -> None:
    from wsnb.search.tokenize import token_counts

    texts = {
        "a": ("Docker deploy", "deploy the docker stack; docker compose up " * 3),
        "b": ("数据库 索引", "数据库索引的备份和恢复，数据库很重要。deploy"),
        "c": ("Notes", "notes about docker and 数据库 deploy deploy"),
        "d": ("Empty", ""),
    }
    one_by_one, bulk = FieldRanker(), FieldRanker()
    for doc_id, (title, body) in texts.items():
        one_by_one.add(doc_id, {"title": title, "body": body}, group=doc_id[0])
    bulk.add_many((doc_id, {"title": token_counts(title), "body": token_counts(body)}, doc_id[0])
                  for doc_id, (title, body) in texts.items())  # fmt: skip
    for query in ["docker", "deploy 数据库", "notes", "empty"]:
        assert bulk.search(query, None) == one_by_one.search(query, None)
        assert bulk.search(query, None)
    bulk.add_counts("a", {"body": token_counts("nothing about containers")})
    assert [hit.doc_id for hit in bulk.search("docker")] == ["c"]
    with pytest.raises(UsageError, match="twice"):
        bulk.add_many([("x", {"body": {"one": 1}}, None), ("x", {"body": {"two": 1}}, None)])


def test_a_groups_other_documents_add_evidence_but_never_more_than_its_best() -> None:
    ranker = FieldRanker({"body": 1.0})
    ranker.add("once:0", {"body": "kiwi tart recipe"}, group="once")
    ranker.add("often:0", {"body": "kiwi kiwi kiwi notes"}, group="often")
    ranker.add("often:1", {"body": "kiwi notes part one"}, group="often")
    for number in range(40):
        ranker.add(f"long:{number}", {"body": f"kiwi filler {number}"}, group="long")
    single = {hit.doc_id: hit.score for hit in ranker.search("kiwi", None)}
    plain = {hit.group: hit.score for hit in ranker.search_groups("kiwi", None)}
    summed = {hit.group: hit.score for hit in ranker.search_groups("kiwi", None, others=0.2)}
    assert summed["once"] == pytest.approx(plain["once"])  # one document: nothing to add
    assert single["often:1"] < single["often:0"] == pytest.approx(plain["often"])
    assert summed["often"] == pytest.approx(single["often:0"] + 0.2 * single["often:1"])
    assert summed["long"] == pytest.approx(plain["long"] * 1.2)  # capped: at most its best
    assert [hit.doc_id for hit in ranker.search_groups("tart", None, others=0.2)] == ["once:0"]


def _grouped_counts(postings: dict[int, tuple[tuple[int, int], ...]], boosts: tuple[float, ...],
                    norms: np.ndarray) -> dict[int, float]:  # fmt: skip
    """The weighted counts as the ranker first computed them: documents grouped by their
    count key in a loop, then each group weighted field by field."""
    groups: dict[tuple[tuple[int, int], ...], list[int]] = {}
    for number, key in postings.items():
        groups.setdefault(key, []).append(number)
    found: dict[int, float] = {}
    for key, listed in groups.items():
        numbers = np.asarray(listed, dtype=np.int64)
        weighted = np.zeros(len(numbers), dtype=np.float64)
        for slot, count in key:
            weighted += (boosts[slot] * count) * norms[numbers, slot]
        found.update(zip(listed, weighted.tolist(), strict=True))
    return found


@pytest.mark.parametrize("b", [0.75, 1.0])
def test_weighted_counts_are_the_grouped_ones_exactly(b: float) -> None:
    """Weighted in a few array operations, every document's count is the float the grouping
    loop gave, bit for bit, even where a field is empty and ``b = 1`` makes its norm infinite."""
    ranker = FieldRanker(b=b)
    words = ["tea", "green", "kettle", "water", "leaf"]
    for n in range(60):
        fields = {name: " ".join(words[(n + slot) % 5] for _ in range((n * (slot + 2)) % 4))
                  for slot, name in enumerate(DEFAULT_BOOSTS)}  # fmt: skip
        ranker.add(f"d{n}", fields)
    with np.errstate(divide="ignore"):  # an empty field's norm with b = 1: 1 / 0
        norms = ranker._length_norms()
    assert not np.isfinite(norms).all() if b == 1.0 else np.isfinite(norms).all()
    for token in [*words, "absent"]:
        postings = ranker._postings.get(token, {})
        numbers, weighted = weighted_counts(postings, ranker._boosts, norms)
        assert dict(zip(numbers.tolist(), weighted.tolist(), strict=True)) == _grouped_counts(
            postings, ranker._boosts, norms)
        assert len({key for key in postings.values()}) > 1 or token == "absent"
