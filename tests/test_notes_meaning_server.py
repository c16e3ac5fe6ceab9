"""Meaning from an OpenAI-compatible embeddings server: a real HTTP server on 127.0.0.1.

The server answers ``POST /v1/embeddings`` with deterministic vectors (a
histogram of the text's characters), so what it returns is known, and it
records every request it saw.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from agent_server import ScriptedServer, Step
from notes_helpers import write

from wsnb.errors import LLMError
from wsnb.i18n import using_language
from wsnb.notes import open_notes
from wsnb.search.embed import choose_embedder
from wsnb.search.embedserver import ServerEmbedder

KEY = "sk-test-embeddings-0123456789"
DIM = 64


def vector_of(text: str) -> list[float]:
    """A deterministic vector: how often each character falls in each of DIM buckets."""
    counts = np.zeros(DIM)
    for char in text:
        counts[ord(char) % DIM] += 1
    return counts.tolist()


def embeddings(request: Any) -> dict[str, Any]:
    items = request["input"] if isinstance(request["input"], list) else [request["input"]]
    return {"object": "list", "model": request.get("model", ""),
            "data": [{"object": "embedding", "index": n, "embedding": vector_of(text)}
                     for n, text in enumerate(items)]}  # fmt: skip


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    found = ScriptedServer()
    found.default = Step(when=embeddings)
    yield found
    found.close()


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_configured_server_is_used(
    root: Path, server: ScriptedServer, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:  # fmt: skip
    monkeypatch.setenv("WSNB_EMBED", "on")
    monkeypatch.setenv("WSNB_EMBED_BASE_URL", server.url)
    monkeypatch.setenv("WSNB_EMBED_MODEL", "test-embedder")
    monkeypatch.setenv("WSNB_EMBED_API_KEY", KEY)
    write(root, "a.md", "# zzzz\n\nzzzz zzzz zzzz\n")
    write(root, "b.md", "# qqqq\n\nqqqq qqqq qqqq\n")
    caplog.set_level(logging.DEBUG)
    with open_notes(root, watch=False) as nb:
        assert nb.embed().complete
        assert nb.search("zz", mode="meaning")["path"].iloc[0] == "a.md"
        assert nb.search("qq", mode="meaning")["path"].iloc[0] == "b.md"
        assert "test-embedder at http://127.0.0.1" in str(nb.embedding)
    posts = [seen for seen in server.seen if seen.path == "/v1/embeddings"]
    assert posts and all(seen.body["model"] == "test-embedder" for seen in posts)
    assert posts[0].headers["Authorization"] == f"Bearer {KEY}"
    assert KEY not in caplog.text and KEY not in repr(choose_embedder())


def test_texts_go_in_batches_and_a_busy_server_is_asked_again(server: ScriptedServer) -> None:
    waits: list[float] = []
    server.script(Step(status=503, body={"error": {"message": "loading"}}))
    embedder = ServerEmbedder(server.url, batch_size=4, sleep=waits.append)
    vectors = embedder.embed([f"text {n}" for n in range(10)], "passage")
    assert vectors.shape == (10, DIM) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert [len(seen.body["input"]) for seen in server.seen] == [4, 4, 4, 2]  # 1 retried
    assert waits == [0.5]


def test_base64_answers_and_prefixes(server: ScriptedServer) -> None:
    def answer(request: Any) -> dict[str, Any]:
        import base64

        data = [{"index": n, "embedding": base64.b64encode(
            np.asarray(vector_of(text), dtype="<f4").tobytes()).decode()}
            for n, text in enumerate(request["input"])]  # fmt: skip
        return {"data": data}

    server.default = Step(when=answer)
    embedder = ServerEmbedder(server.url, environ={"WSNB_EMBED_QUERY_PREFIX": "query: "})
    embedder.embed(["电脑"], "query")
    assert server.seen[-1].body["input"] == ["query: 电脑"]


def test_a_server_that_is_down_leaves_search_lexical_with_one_sentence(
    root: Path, caplog: pytest.LogCaptureFixture
) -> None:
    url = f"http://127.0.0.1:{_closed_port()}/v1"
    embedder = ServerEmbedder(url, sleep=lambda seconds: None)
    write(root, "bread.md", "# Bread\n\nFlour, water, salt and yeast.\n")
    caplog.set_level(logging.WARNING)
    with open_notes(root, watch=False, embed=embedder) as nb:
        nb._meaning.background = False
        first = nb.search("bread", mode="hybrid")
        second = nb.search("bread yeast", mode="hybrid")
        assert list(first["path"]) == ["bread.md"] and first.attrs["mode"] == "words"
        assert second.attrs["mode"] == "words"
        assert first.note == ("Notes are found by their words only (0 of 1 chunk embedded): "
                              f"No embeddings server answers at {url}; start it or check "
                              "WSNB_EMBED_BASE_URL.")  # fmt: skip
        with using_language("zh"):
            said = nb.search("bread", mode="hybrid").note
        assert "嵌入" in said and url in said
        with pytest.raises(LLMError, match="No embeddings server answers"):
            nb.embed()
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "Meaning search is paused" in warnings[0].getMessage()


def test_another_model_starts_its_vectors_afresh(root: Path, server: ScriptedServer) -> None:
    write(root, "a.md", "# zzzz\n\nzzzz zzzz\n")
    write(root, "b.md", "# qqqq\n\nqqqq qqqq\n")
    first = ServerEmbedder(server.url, model="one")
    with open_notes(root, watch=False, embed=first) as nb:
        assert nb.embed().embedded == 2
    asked = len(server.seen)
    with open_notes(root, watch=False, embed=ServerEmbedder(server.url, model="one")) as nb:
        assert nb.embed().complete and len(server.seen) == asked  # the same model: kept
    with open_notes(root, watch=False, embed=ServerEmbedder(server.url, model="two")) as nb:
        assert nb.embed().complete and len(server.seen) == asked + 1  # another: all again
        assert nb.search("zz", mode="meaning")["path"].iloc[0] == "a.md"
    header = (root / ".assistant/index/vectors.bin").read_bytes()[:64]
    assert b"two at http://127.0.0.1" in header


def test_a_read_only_folder_keeps_its_vectors_in_memory(root: Path, server: ScriptedServer) -> None:
    write(root, "a.md", "# zzzz\n\nzzzz zzzz\n")
    write(root, "b.md", "# qqqq\n\nqqqq qqqq\n")
    with open_notes(root, mode="read-only", watch=False,
                    embed=ServerEmbedder(server.url)) as nb:  # fmt: skip
        assert nb.embed().complete
        assert nb.search("qq", mode="hybrid")["path"].iloc[0] == "b.md"
    assert not (root / ".assistant").exists()
