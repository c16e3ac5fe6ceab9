"""The saved search ranker (.assistant/index/ranker.npz): same results, kept honest by hashes."""

from __future__ import annotations

from pathlib import Path

import pytest

from wsnb.errors import UsageError
from wsnb.notes.noteindex import NoteHit, NoteIndex
from wsnb.policy.access import AccessPolicy
from wsnb.search.rank import FieldRanker
from wsnb.types import PermissionMode

RANKER = Path(".assistant/index/ranker.npz")
QUERIES = ["launch", "机器学习", "start april", "复习 计划", "monday cats"]


def _write(root: Path, relative: str, text: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    root = tmp_path / "notes"
    _write(root, "plan.md", "---\ntags: [web]\n---\n# Website relaunch\n\nA calm launch.\n\n"
           "## Timeline\n\nWe go live in April.\n")  # fmt: skip
    _write(root, "start.md", "# Start here\n\nHow to start, restart and get started.\n")
    _write(root, "笔记/机器学习.md", "# 机器学习笔记\n\n监督学习与无监督学习。\n")
    _write(root, "笔记/复习.md", "# 考试复习\n\n复习计划。\n")
    return root


def _hits(root: Path, **settings: int) -> list[list[NoteHit]]:
    index = NoteIndex(AccessPolicy(root), **settings)  # type: ignore[arg-type]
    index.update()
    return [index.hits(query, 10) for query in QUERIES]


def _rebuilt(root: Path) -> list[list[NoteHit]]:
    """The hits of a ranker built from the chunks, the saved one set aside."""
    saved = (root / RANKER).read_bytes()
    (root / RANKER).unlink()
    hits = _hits(root)
    (root / RANKER).write_bytes(saved)
    return hits


def test_first_search_saves_the_ranker_and_a_new_session_finds_the_same(notes: Path) -> None:
    first = _hits(notes)
    assert (notes / RANKER).is_file()
    assert any(first)
    assert _hits(notes) == first


def test_edited_added_and_removed_notes_are_brought_up_to_date(notes: Path) -> None:
    _hits(notes)
    _write(notes, "start.md", "# Start here\n\nMonday: feed the cats, then start.\n")
    _write(notes, "cats.md", "# Cats\n\nMonday cats and their launch party.\n")
    (notes / "笔记/复习.md").unlink()
    before = (notes / RANKER).read_bytes()
    updated = _hits(notes)
    assert (notes / RANKER).read_bytes() != before  # saved again with the changes
    cats = updated[QUERIES.index("monday cats")]
    assert [hit.path for hit in cats][:2] == ["cats.md", "start.md"]
    assert all(hit.path != "笔记/复习.md" for hits in updated for hit in hits)
    assert updated == _rebuilt(notes)


def test_a_damaged_file_is_rebuilt_and_other_settings_are_not_used(notes: Path) -> None:
    first = _hits(notes)
    (notes / RANKER).write_bytes(b"PK\x03\x04 not really a zip file")
    assert _hits(notes) == first
    assert (notes / RANKER).read_bytes()[:2] == b"PK"
    assert len((notes / RANKER).read_bytes()) > 100
    other = _hits(notes, chunk_size=40, chunk_overlap=5)  # re-indexes: smaller chunks
    assert other != first
    assert _hits(notes, chunk_size=40, chunk_overlap=5) == other


def test_read_only_workspace_saves_no_ranker(notes: Path) -> None:
    index = NoteIndex(AccessPolicy(notes, mode=PermissionMode.READ_ONLY))
    assert index.hits("launch")
    assert not (notes / RANKER).exists()


def test_ranker_arrays_round_trip_and_refuse_other_weights() -> None:
    ranker = FieldRanker()
    ranker.add("a", {"title": "Docker deploy", "body": "docker compose 容器 部署"}, group="x")
    ranker.add("b", {"title": "数据库", "body": "数据库索引 deploy"}, group="y")
    ranker.add("c", {"body": "gone soon"})
    ranker.remove("c")
    arrays = ranker.to_arrays()
    loaded = FieldRanker.from_arrays(arrays)
    for query in ["docker", "deploy 数据库", "容器", "gone"]:
        assert loaded.search(query, None) == ranker.search(query, None)
    assert loaded.group("a") == "x" and len(loaded) == 2
    assert loaded.remove("b") and [hit.doc_id for hit in loaded.search("deploy")] == ["a"]
    assert loaded.document_frequency("数据库") == 0
    with pytest.raises(UsageError, match="build it again"):
        FieldRanker.from_arrays(arrays, {"title": 1.0, "body": 1.0})
    with pytest.raises(UsageError, match="build it again"):
        FieldRanker.from_arrays({**arrays, "posting_docs": arrays["posting_docs"] + 100})


def test_loaded_ranker_removes_empty_loaded_and_new_documents() -> None:
    ranker = FieldRanker()
    ranker.add("a", {"body": "alpha beta"})
    ranker.add("empty", {"title": ""})
    ranker.add("b", {"body": "beta gamma"})
    loaded = FieldRanker.from_arrays(ranker.to_arrays())
    loaded.add("c", {"body": "gamma delta"})
    assert loaded.remove("empty") and loaded.remove("c") and loaded.remove("a")
    assert [hit.doc_id for hit in loaded.search("beta gamma")] == ["b"]
    assert loaded.document_frequency("alpha") == loaded.document_frequency("delta") == 0
