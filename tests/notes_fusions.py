"""Ways to fuse the words' and the meaning's rankings, compared on the dev sets only (issue 42).

    python tests/notes_fusions.py --keep DIR [--sets DIR]

Each dev set (``tests/notes_eval_dev`` over the FastAPI documentation, and the
dev parts of ``tests/notes_eval_bash`` and ``tests/notes_eval_notes``) is
opened from its embedded copy in ``--keep DIR`` (as
``notes_evaluation.py --dev --keep DIR`` leaves it; a missing one is embedded
first). For every query the words' ranking (BM25F, one score per note) and
the meaning's (each note's best centered cosine, every note) are taken once;
then each way of fusing them ranks the notes, and nDCG@5, recall@5 and MRR@10
are printed per set and on average over the sets:

* ``scaled w``: the min-max scaled scores of both top-50 lists added, meaning
  weighted ``w`` (what shipped first: ``w`` 0.6); ``scaled w @d`` scales and
  fuses the top ``d`` of each instead, then adds the meaning's next ones;
* ``rrf k wm``: reciprocal rank fusion of both top-50 lists,
  ``1 / (k + rank)``, the meaning's share weighted ``wm``;
* ``rescore n``: the words' top ``n`` ranked again by reciprocal rank fusion
  (k = 60) of their words rank and their meaning rank among them, then the
  meaning's best notes the words did not find (the words find nothing for
  many queries in another language than the notes);
* ``rescored rrf n``: the words' top ``n`` ordered by their cosines, fused by
  reciprocal rank (k = 60) with the meaning's top 50: the words choose
  candidates, the meaning orders them and adds its own;
* ``zscore w``: like ``scaled``, but each list's scores standardized (mean 0,
  standard deviation 1 over its top 50) instead of scaled to 0..1;
* ``covered w``: like ``scaled``, but a note's words share is multiplied by
  the share of the query's tokens its best chunk has: a note that has one
  word of five gets a fifth of its words score, so a query the words barely
  match (often one in another language than the notes) is ranked by meaning.

Nothing here is tuned on a held-out set: those are scored by
``notes_evaluation.py`` alone, once.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from notes_evaluation import (  # noqa: E402
    DEPTH,
    DEV_SET,
    NEW_SETS,
    Judged,
    Scores,
    corpus_folder,
    embedded_copy,
    evaluate,
    load_queries,
    sets_folder,
)

from wsnb.notes import Notes  # noqa: E402
from wsnb.notes.hybrid import fuse  # noqa: E402
from wsnb.notes.hybrid import scaled as scaled_scores  # noqa: E402
from wsnb.search.embedspace import script_of  # noqa: E402
from wsnb.search.tokenize import query_tokens  # noqa: E402

Ranked = list[tuple[str, float]]
Covered = dict[str, float]  # note -> the share of the query's tokens its best chunk has
Fusion = Callable[[Ranked, Ranked, Covered], list[str]]
TOP = 50  # of each list, as the search takes them


def lists(notes: Notes, query: str) -> tuple[Ranked, Ranked, Covered]:
    """(words: (path, BM25F) best first, top 50; meaning: (path, cosine) of every note;
    each words hit's share of the query's tokens)."""
    index = notes.note_index
    meaning = notes._meaning.current
    assert meaning is not None
    hits = index.ranked(query, TOP)
    words = [(hit.group, hit.score) for hit in hits]
    tokens = set(query_tokens(query)) or {""}
    covered = {hit.group: len(set(hit.matched) & tokens) / len(tokens) for hit in hits}
    vector = meaning.query_vector(query)
    assert vector is not None
    close = [(path, score) for path, score, _chunk in
             meaning.best_notes(vector, len(index.manifest()), script_of(query))]  # fmt: skip
    return words, close, covered


def scaled(weight: float, depth: int = TOP) -> Fusion:
    def ranking(words: Ranked, close: Ranked, covered: Covered) -> list[str]:
        fused = [f.path for f in fuse(words[:depth], close[:depth], lambda p: True, weight=weight)]
        return fused + [p for p, _s in close if p not in set(fused)]

    return ranking


def rrf(k: float, meaning_weight: float) -> Fusion:
    def ranking(words: Ranked, close: Ranked, covered: Covered) -> list[str]:
        scores: dict[str, float] = {}
        for weight, ranked in ((1.0, words), (meaning_weight, close[:TOP])):
            for rank, (path, _score) in enumerate(ranked, start=1):
                scores[path] = scores.get(path, 0.0) + weight / (k + rank)
        return sorted(scores, key=lambda path: -scores[path])

    return ranking


def rescore(n: int, k: float = 60.0) -> Fusion:
    def ranking(words: Ranked, close: Ranked, covered: Covered) -> list[str]:
        head = [path for path, _score in words[:n]]
        cosine = dict(close)
        by_meaning = sorted(head, key=lambda path: -cosine.get(path, -1.0))
        meaning_rank = {path: rank for rank, path in enumerate(by_meaning, start=1)}
        fused = sorted(head, key=lambda path: -(1 / (k + head.index(path) + 1)
                                                + 1 / (k + meaning_rank[path])))  # fmt: skip
        rest = [path for path, _score in close if path not in meaning_rank]
        return fused + rest

    return ranking


def rescored_rrf(n: int, k: float = 60.0) -> Fusion:
    def ranking(words: Ranked, close: Ranked, covered: Covered) -> list[str]:
        cosine = dict(close)
        head = sorted((path for path, _score in words[:n]), key=lambda p: -cosine.get(p, -1.0))
        scores: dict[str, float] = {}
        for ranked in (head, [path for path, _score in close[:TOP]]):
            for rank, path in enumerate(ranked, start=1):
                scores[path] = scores.get(path, 0.0) + 1 / (k + rank)
        return sorted(scores, key=lambda path: -scores[path])

    return ranking


def covered_scaled(weight: float) -> Fusion:
    def ranking(words: Ranked, close: Ranked, covered: Covered) -> list[str]:
        by_words = {path: score * covered.get(path, 0.0)
                    for path, score in scaled_scores(words).items()}  # fmt: skip
        by_meaning = scaled_scores(close[:TOP])
        paths = list(dict.fromkeys([*by_words, *by_meaning]))
        score = {p: (1 - weight) * by_words.get(p, 0.0) + weight * by_meaning.get(p, 0.0)
                 for p in paths}  # fmt: skip
        return sorted(paths, key=lambda p: -score[p])

    return ranking


def _standard(ranked: Ranked) -> dict[str, float]:
    if not ranked:
        return {}
    values = [score for _path, score in ranked]
    mean = sum(values) / len(values)
    spread = (sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5 or 1.0
    return {path: (score - mean) / spread for path, score in ranked}


def zscore(weight: float) -> Fusion:
    def ranking(words: Ranked, close: Ranked, covered: Covered) -> list[str]:
        by_words, by_meaning = _standard(words), _standard(close[:TOP])
        low_w = min(by_words.values(), default=0.0)
        low_m = min(by_meaning.values(), default=0.0)
        paths = list(dict.fromkeys([*by_words, *by_meaning]))
        score = {p: (1 - weight) * by_words.get(p, low_w) + weight * by_meaning.get(p, low_m)
                 for p in paths}  # fmt: skip
        return sorted(paths, key=lambda p: -score[p])

    return ranking


def fusions() -> dict[str, Fusion]:
    found: dict[str, Fusion] = {
        "words": lambda words, _m, _c: [p for p, _s in words],
        "meaning": lambda _w, close, _c: [p for p, _s in close],
    }
    for weight in (0.4, 0.5, 0.6, 0.7, 0.8):
        found[f"scaled {weight}"] = scaled(weight)
    for depth in (10, 20):
        for weight in (0.5, 0.6, 0.7):
            found[f"scaled {weight} @{depth}"] = scaled(weight, depth)
    for k in (10, 30, 60):
        for meaning_weight in (1.0, 1.5, 2.0):
            found[f"rrf {k} {meaning_weight}"] = rrf(k, meaning_weight)
    for n in (10, 20, 30, 50):
        found[f"rescore {n}"] = rescore(n)
    for n in (10, 20, 30, 50):
        found[f"rescored rrf {n}"] = rescored_rrf(n)
    for weight in (0.5, 0.6, 0.7, 0.8):
        found[f"zscore {weight}"] = zscore(weight)
    for weight in (0.4, 0.5, 0.6, 0.7):
        found[f"covered {weight}"] = covered_scaled(weight)
    return found


def dev_sets(folder: Path) -> list[tuple[str, Path, Path, list[Judged]]]:
    """(name, kept copy, notes, dev queries) of every dev set whose notes are here."""
    found = []
    corpus = corpus_folder()
    if corpus.is_dir():
        found.append(("fastapi", folder / "meaning-dev", corpus, load_queries(DEV_SET)))
    where = sets_folder()
    for queries_folder, name, _title in NEW_SETS:
        if where is not None and (where / name).is_dir():
            found.append((name, folder / f"meaning-{name}", where / name,
                          load_queries(queries_folder, "dev")))  # fmt: skip
    return found


def _ranking(fusion: Fusion, taken: dict[str, tuple[Ranked, Ranked, Covered]]
             ) -> Callable[[str], list[str]]:  # fmt: skip
    return lambda query: fusion(*taken[query])[:DEPTH]


def compare(sets: Sequence[tuple[str, Path, Path, list[Judged]]]) -> None:
    table: dict[str, dict[str, Scores]] = {}
    for name, kept, source, queries in sets:
        with embedded_copy(kept, source) as notes:
            taken = {judged.query: lists(notes, judged.query) for judged in queries}
        for label, fusion in fusions().items():
            table.setdefault(label, {})[name] = evaluate(_ranking(fusion, taken), queries)
    names = [name for name, *_rest in sets]
    print(f"{'fusion':<16}" + "".join(f"{name:>24}" for name in names) + f"{'mean':>24}")
    print(" " * 16 + "   nDCG@5  R@5 MRR@10" * (len(names) + 1))
    for label, scores in table.items():
        cells = [scores[name] for name in names]
        mean = Scores(*(sum(getattr(s, f) for s in cells) / len(cells)
                        for f in ("ndcg", "recall", "mrr")))  # fmt: skip
        print(f"{label:<16}" + "".join(f"{s.ndcg:>9.3f}{s.recall:>6.3f}{s.mrr:>7.3f}"
                                       for s in [*cells, mean]))  # fmt: skip


def main() -> None:
    if "--keep" not in sys.argv[:-1]:
        sys.exit("Give --keep DIR, the folder with the embedded dev copies.")
    compare(dev_sets(Path(sys.argv[sys.argv.index("--keep") + 1])))


if __name__ == "__main__":
    main()
