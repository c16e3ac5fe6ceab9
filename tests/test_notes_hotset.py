"""The hotset: a small, decaying boost for pinned and used notes that only matching notes get."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wsnb.notes.hotset import HALF_LIFE_DAYS, MAX_BOOST, PIN_BOOST, USE_BOOST, Hotset
from wsnb.notes.indexstore import IndexStore
from wsnb.notes.noteindex import NoteIndex
from wsnb.policy.access import AccessPolicy

DAY = 86_400.0


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    root = tmp_path / "notes"
    root.mkdir()
    (root / "strong.md").write_text("# Sourdough\n\nsourdough starter sourdough bread\n")
    (root / "weak.md").write_text("# Bread notes\n\nOne line about sourdough among many other "
                                  "words about flour, water, ovens, timing and patience.\n")
    (root / "unrelated.md").write_text("# Taxes\n\nForms and deadlines.\n")
    (root / "twin-a.md").write_text("# Kettle\n\nkettle descaling\n")
    (root / "twin-b.md").write_text("# Kettle\n\nkettle descaling\n")
    return root


def _index(root: Path, clock: Clock) -> NoteIndex:
    index = NoteIndex(AccessPolicy(root), clock=clock)
    index.update()
    return index


def test_boost_never_brings_in_a_note_that_does_not_match(notes: Path) -> None:
    clock = Clock()
    index = _index(notes, clock)
    index.hotset.pin("unrelated.md")
    for _ in range(20):
        index.hotset.record_use("unrelated.md")
    assert "unrelated.md" not in set(index.search("sourdough", limit=10)["path"])


def test_boost_is_small_it_orders_ties_but_not_a_strong_match(notes: Path) -> None:
    clock = Clock()
    index = _index(notes, clock)
    assert list(index.search("kettle")["path"]) == ["twin-a.md", "twin-b.md"]
    index.hotset.pin("twin-b.md")
    assert list(index.search("kettle")["path"]) == ["twin-b.md", "twin-a.md"]
    index.hotset.pin("weak.md")
    for _ in range(20):
        index.hotset.record_use("weak.md")
    assert index.hotset.boost("weak.md") == pytest.approx(MAX_BOOST)
    assert list(index.search("sourdough")["path"])[:2] == ["strong.md", "weak.md"]


def test_search_does_not_count_as_use(notes: Path) -> None:
    index = _index(notes, Clock())
    for _ in range(5):
        index.search("sourdough")
    assert index.hotset.uses("strong.md") == 0
    assert index.hotset.frame().empty


def test_uses_decay_with_a_half_life(notes: Path) -> None:
    clock = Clock()
    index = _index(notes, clock)
    for _ in range(4):
        index.hotset.record_use("weak.md")
    fresh = index.hotset.boost("weak.md")
    clock.now += HALF_LIFE_DAYS * DAY
    assert index.hotset.uses("weak.md") == pytest.approx(2.0)
    clock.now += 20 * HALF_LIFE_DAYS * DAY
    assert 0 < fresh <= USE_BOOST
    assert index.hotset.boost("weak.md") < fresh / 10


def test_hotset_is_saved_and_reloaded(notes: Path) -> None:
    clock = Clock()
    index = _index(notes, clock)
    index.hotset.pin("strong.md")
    index.hotset.record_use("weak.md")
    data = json.loads((notes / ".assistant/index/hotset.json").read_text(encoding="utf-8"))
    assert data["pinned"] == ["strong.md"] and data["frequent"][0]["path"] == "weak.md"
    again = Hotset(IndexStore(AccessPolicy(notes)), clock=clock)
    assert again.boost("strong.md") == pytest.approx(PIN_BOOST)
    assert again.uses("weak.md") == pytest.approx(1.0)


def test_codepilot_hotset_formats_load(notes: Path) -> None:
    folder = notes / ".assistant/index"
    folder.mkdir(parents=True)
    (folder / "hotset.json").write_text(json.dumps(
        {"pinned": ["a.md"], "frequent": {"b.md": 3, "c.md": "bad"}}))  # fmt: skip
    hotset = Hotset(IndexStore(AccessPolicy(notes)), clock=Clock())
    assert hotset.pinned == {"a.md"}
    assert hotset.uses("b.md") == pytest.approx(3.0) and hotset.uses("c.md") == 0
    (folder / "hotset.json").write_text("{broken")
    assert Hotset(IndexStore(AccessPolicy(notes))).pinned == set()


def test_moved_note_keeps_its_pin(notes: Path) -> None:
    index = _index(notes, Clock())
    index.hotset.pin("weak.md")
    (notes / "Baking").mkdir()
    (notes / "weak.md").rename(notes / "Baking" / "weak.md")
    assert index.update().moved == 1
    assert index.hotset.pinned == {"Baking/weak.md"}


def test_a_search_takes_the_boosts_once_and_none_when_no_note_has_one(notes: Path) -> None:
    clock = Clock()
    index = _index(notes, clock)
    assert index.hotset.booster() is None  # nothing pinned or used: nothing to multiply
    unboosted = index.ranked("sourdough kettle", 10)
    index.hotset.pin("twin-b.md")
    index.hotset.record_use("weak.md")
    booster = index.hotset.booster()
    assert booster is not None
    for path in ("twin-b.md", "weak.md", "strong.md", "nowhere.md"):
        assert booster(path) == index.hotset.boost(path)
    assert booster("strong.md") == 0.0 and booster("twin-b.md") == pytest.approx(PIN_BOOST)
    boosted = index.ranked("sourdough kettle", 10)
    scores = {hit.group: hit.score for hit in unboosted}
    for hit in boosted:  # the boost multiplies the score of the notes that have one only
        assert hit.score == scores[hit.group] * (1.0 + index.hotset.boost(hit.group))
    index.hotset.unpin("twin-b.md")
    clock.now += 400 * HALF_LIFE_DAYS * DAY  # the use has decayed to nothing
    assert index.hotset.booster() is None
    assert index.ranked("sourdough kettle", 10) == unboosted
