"""The one tokenizer for notes and queries: normalisation, English words, CJK chars, bigrams."""

from __future__ import annotations

import pytest

from wsnb.search.tokenize import (
    STOP_WORDS,
    TOKENIZER_VERSION,
    is_cjk,
    normalize,
    query_tokens,
    tokenize,
    unique_tokens,
)


def test_english_words_are_case_folded_and_stop_words_dropped() -> None:
    assert tokenize("The Quick brown FOX and the dog") == ["quick", "brown", "fox", "dog"]


def test_nfkc_folds_full_width_letters_and_digits() -> None:
    assert tokenize("ＡＢＣ１２ Straße") == ["abc12", "strasse"]
    assert normalize("ＡＢＣ") == "abc"


def test_punctuation_and_underscores_separate_words() -> None:
    assert tokenize("snake_case, kebab-case; dotted.name") == [
        "snake", "case", "kebab", "case", "dotted", "name",
    ]


def test_plural_fold_lets_singular_find_plural() -> None:
    assert tokenize("notes queries boxes classes status analysis") == [
        "note", "query", "box", "class", "status", "analysis",
    ]


def test_words_are_tokens_not_substrings() -> None:
    assert "art" not in tokenize("start starting restart")
    assert tokenize("art") == ["art"]


def test_cjk_runs_become_characters_and_overlapping_bigrams() -> None:
    assert tokenize("机器学习") == ["机", "机器", "器", "器学", "学", "学习", "习"]


def test_a_one_character_query_finds_the_character_in_any_word() -> None:
    assert tokenize("猫") == ["猫"]
    assert "猫" in tokenize("小猫咪")
    assert query_tokens("猫") == ["猫"]
    assert tokenize("我 爱 你") == ["我", "爱", "你"]


def test_a_longer_cjk_query_is_looked_for_by_its_bigrams() -> None:
    assert query_tokens("机器学习") == ["机器", "器学", "学习"]
    assert query_tokens("数据库 索引 猫") == ["数据", "据库", "索引", "猫"]


def test_cjk_punctuation_is_dropped_and_splits_runs() -> None:
    tokens = query_tokens("你好，世界！「测试」《书名》、再见。")
    assert tokens == ["你好", "世界", "测试", "书名", "再见"]
    assert not any(char in "，！「」《》、。" for token in tokenize("你好，世界！「测试」")
                   for char in token)  # fmt: skip


def test_mixed_chinese_and_english_runs_are_each_cut_by_their_own_rule() -> None:
    assert tokenize("用Python写爬虫") == ["用", "python", "写", "写爬", "爬", "爬虫", "虫"]
    assert query_tokens("用Docker部署v2版本") == ["用", "docker", "部署", "v2", "版本"]
    assert query_tokens("Docker部署") == query_tokens("Docker 部署")


def test_kana_and_hangul_are_cjk() -> None:
    assert query_tokens("東京タワー") == ["東京", "京タ", "タワ", "ワー"]
    assert query_tokens("한국어") == ["한국", "국어"]
    assert is_cjk("タ") and is_cjk("한") and is_cjk("中")
    assert not is_cjk("a") and not is_cjk("，") and not is_cjk("・")


def test_katakana_middle_dot_separates() -> None:
    assert query_tokens("ジョン・スミス") == ["ジョ", "ョン", "スミ", "ミス"]


def test_repeats_are_kept_for_term_frequency_but_not_in_unique_tokens() -> None:
    assert tokenize("cat cat 学习") == ["cat", "cat", "学", "学习", "习"]
    assert unique_tokens("cat cat 学习学习") == ["cat", "学", "学习", "习", "习学"]
    assert query_tokens("cat cat 学习学习") == ["cat", "学习", "习学"]


def test_single_letters_dropped_single_digits_kept() -> None:
    assert tokenize("x 1 y 22") == ["1", "22"]


@pytest.mark.parametrize("word", ["the", "and", "is", "of", "with"])
def test_stop_words_are_never_tokens(word: str) -> None:
    assert word in STOP_WORDS
    assert tokenize(word.upper()) == []


def test_version_is_a_non_empty_string() -> None:
    assert isinstance(TOKENIZER_VERSION, str) and TOKENIZER_VERSION


def test_token_counts_equal_counting_the_tokens() -> None:
    from collections import Counter
    from pathlib import Path

    from wsnb.search.tokenize import token_counts

    notes = Path(__file__).parent / "notes_eval" / "notes"
    texts = [path.read_text(encoding="utf-8") for path in sorted(notes.rglob("*.md"))]
    texts += ["", "猫", "猫 狗 养猫指南。猫", "ＡＢＣ１２ Straße", "a_b 東京タワー 한국어 x 1"]
    texts.append("机器学习，深度学习！猫 𠀀𠀁 queries " * 200)  # long enough for the numpy count
    assert len(texts) > 50
    for text in texts:
        assert token_counts(text) == Counter(tokenize(text)), text[:40]


def test_a_chinese_question_is_looked_for_by_its_content_words() -> None:
    assert query_tokens("装修的预算是多少") == ["装修", "预算", "算是"]
    assert query_tokens("上次周会的行动项") == ["周会", "行动", "动项"]
    assert query_tokens("京都有哪些景点") == ["京都", "都有", "景点"]
    assert query_tokens("现在的进度") == ["现在", "进度"]
    assert query_tokens("是否") == ["是否"]  # a run of nothing else is still looked for
    assert tokenize("我的预算") == ["我", "我的", "的", "的预", "预", "预算", "算"]  # notes: whole
