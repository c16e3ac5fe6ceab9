"""Every start of a query in a joined text, against a plain scan with str.find."""

from __future__ import annotations

import random

import pytest

from wsnb.fileindex.substrings import starts_in


def every_start(text: str, query: str) -> list[int]:
    found, at = [], text.find(query)
    while at != -1:
        found.append(at)
        at = text.find(query, at + 1)  # overlapping starts too
    return found


ALPHABET = "ab.c_工作区数\U0001f600é"


@pytest.mark.parametrize("seed", range(20))
def test_random_texts_and_queries_agree_with_str_find(seed: int) -> None:
    rng = random.Random(seed)
    alphabet = ALPHABET if seed % 2 else ALPHABET[:-2]  # code points beyond 16 bits, or not
    names = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12))) for _ in range(300)]
    blob = "\n".join(names)
    for _unused in range(30):
        start = rng.randrange(len(blob))
        query = blob[start:start + rng.randint(1, 4)].replace("\n", "") or "a"
        assert starts_in(blob, query).tolist() == every_start(blob, query), query


def test_a_character_the_text_never_has_finds_nothing() -> None:
    assert starts_in("main.py\nwidget.h", "\U0001f600").tolist() == []
    assert starts_in("main.py\nwidget.h", "z").tolist() == []
    assert starts_in("工作区\n数据", "工作").tolist() == [0]


def test_overlapping_starts_and_the_ends_of_the_text() -> None:
    assert starts_in("aaaa", "aa").tolist() == [0, 1, 2]
    assert starts_in("abc\nab", "ab").tolist() == [0, 4]
    assert starts_in("abc", "abcd").tolist() == []
