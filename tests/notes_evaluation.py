"""The bilingual retrieval evaluation: wsnb's ranker against the reference scorer.

The fixture is ``tests/notes_eval/``: 61 Markdown notes (English, Chinese and
mixed) and ``queries.json`` with graded relevance judgements (2: what the
person looks for, 1: also useful). Both scorers see the same index records;
each query's top 10 is scored with nDCG@5 (gain ``2^grade - 1``), recall@5
and MRR (reciprocal rank of the first relevant note in the top 10).

Run ``python tests/notes_evaluation.py`` to print the table.
"""

from __future__ import annotations

import json
import math
import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from notes_reference import ReferenceSearch  # noqa: E402

from wsnb.notes.index import NoteIndex  # noqa: E402
from wsnb.policy import AccessPolicy  # noqa: E402

FIXTURE = HERE / "notes_eval"
CUTOFF = 5
DEPTH = 10
# Notes a person keeps pinned because they use them daily, whatever the question.
PINNED = ("Work/handbook.md", "Finance/budget-2024.md", "日记/2024-03-12.md")


@dataclass(frozen=True)
class Judged:
    query: str
    language: str
    relevant: dict[str, int]


@dataclass(frozen=True)
class Scores:
    ndcg: float
    recall: float
    mrr: float


def load_queries() -> list[Judged]:
    data = json.loads((FIXTURE / "queries.json").read_text(encoding="utf-8"))
    return [Judged(item["query"], item["language"], item["relevant"]) for item in data]


def ndcg_at(ranked: Sequence[str], relevant: dict[str, int], k: int = CUTOFF) -> float:
    def dcg(grades: Sequence[int]) -> float:
        return sum((2**grade - 1) / math.log2(rank + 2) for rank, grade in enumerate(grades[:k]))

    ideal = dcg(sorted(relevant.values(), reverse=True))
    return dcg([relevant.get(path, 0) for path in ranked]) / ideal if ideal else 0.0


def recall_at(ranked: Sequence[str], relevant: dict[str, int], k: int = CUTOFF) -> float:
    wanted = {path for path, grade in relevant.items() if grade > 0}
    return len(wanted & set(ranked[:k])) / len(wanted) if wanted else 0.0


def reciprocal_rank(ranked: Sequence[str], relevant: dict[str, int]) -> float:
    for rank, path in enumerate(ranked[:DEPTH], start=1):
        if relevant.get(path, 0) > 0:
            return 1.0 / rank
    return 0.0


def evaluate(search: Callable[[str], list[str]], queries: Sequence[Judged]) -> Scores:
    runs = [(search(judged.query), judged.relevant) for judged in queries]
    count = len(runs)
    return Scores(
        ndcg=sum(ndcg_at(ranked, relevant) for ranked, relevant in runs) / count,
        recall=sum(recall_at(ranked, relevant) for ranked, relevant in runs) / count,
        mrr=sum(reciprocal_rank(ranked, relevant) for ranked, relevant in runs) / count,
    )


def indexed_copy(target: Path) -> NoteIndex:
    """The fixture's notes copied to ``target`` and indexed there."""
    shutil.copytree(FIXTURE / "notes", target)
    index = NoteIndex(AccessPolicy(target))
    index.update()
    return index


def wsnb_search(index: NoteIndex) -> Callable[[str], list[str]]:
    return lambda query: [hit.path for hit in index.hits(query, limit=DEPTH)]


def reference_search(index: NoteIndex, **hotset: object) -> ReferenceSearch:
    manifest = index.manifest().to_dict("records")
    chunks = index.chunks().to_dict("records")
    return ReferenceSearch(manifest, chunks, **hotset)  # type: ignore[arg-type]


def table(index: NoteIndex, queries: Sequence[Judged]) -> dict[tuple[str, str], Scores]:
    """Scores per (scorer, language group): the plain ranking, then with a hotset.

    ``reference+session`` runs the queries in order with the reference's
    hotset counting every result as a use; ``+pins`` pins three everyday
    notes (``PINNED``) in each scorer's hotset.
    """
    groups = {"all": queries, **{lang: [q for q in queries if q.language == lang]
                                 for lang in ("en", "zh", "mixed")}}  # fmt: skip
    results: dict[tuple[str, str], Scores] = {}
    reference = reference_search(index)
    for name, group in groups.items():
        results[("wsnb", name)] = evaluate(wsnb_search(index), group)
        results[("reference", name)] = evaluate(lambda q: reference.search(q, DEPTH), group)
    session = reference_search(index, update_hotset=True)  # results count as uses
    results[("reference+session", "all")] = evaluate(
        lambda query: session.search(query, DEPTH), queries
    )
    pinned = reference_search(index, pinned=set(PINNED))
    results[("reference+pins", "all")] = evaluate(lambda q: pinned.search(q, DEPTH), queries)
    for path in PINNED:
        index.hotset.pin(path)
    results[("wsnb+pins", "all")] = evaluate(wsnb_search(index), queries)
    for path in PINNED:
        index.hotset.unpin(path)
    return results


def main() -> None:
    queries = load_queries()
    with tempfile.TemporaryDirectory() as folder:
        index = indexed_copy(Path(folder) / "notes")
        results = table(index, queries)
        notes = len(index.manifest())
    counts = {lang: sum(q.language == lang for q in queries) for lang in ("en", "zh", "mixed")}
    print(f"{notes} notes, {len(queries)} queries {counts}; top {DEPTH}, cutoff {CUTOFF}")
    print(f"{'scorer':<20}{'queries':<9}{'nDCG@5':>8}{'recall@5':>10}{'MRR':>8}")
    for (scorer, group), scores in results.items():
        print(f"{scorer:<20}{group:<9}{scores.ndcg:>8.3f}{scores.recall:>10.3f}{scores.mrr:>8.3f}")


if __name__ == "__main__":
    main()
