"""The bilingual retrieval evaluation: wsnb's ranker beside the reference scorer and plain BM25.

Two sets, kept apart:

* the tuning set, ``tests/notes_eval/``: 61 Markdown notes (English, Chinese
  and mixed) and ``queries.json``; the ranker may be tuned on it;
* the test set, ``tests/notes_eval_fastapi/queries.json``: 48 queries judged by
  hand on the FastAPI documentation (``notes-corpus/fastapi-docs/docs``, found
  beside the checkout or where ``WSNB_NOTES_CORPUS`` points), written before
  any tuning and never tuned on.

Relevance is graded (2: what the person looks for, 1: also useful). Every
scorer sees the same index records; each query's top 10 is scored with
nDCG@5 (gain ``2^grade - 1``), recall@5 and MRR@10 (reciprocal rank of the
first relevant note in the top 10). ``bm25`` is plain BM25 over whole notes
with CJK bigrams, the baseline a ranker must clearly beat.

Meaning (issue 33) is scored on the notes workspace itself (``open_notes``,
its vectors made by ``nb.embed()`` with the embedded model): ``words``,
``meaning`` and ``hybrid`` are ``nb.search(query, mode=...)``. Its held-out
set, ``tests/notes_eval_meaning/queries.json``, graded queries over the same
FastAPI documentation, was written apart from the code and scored once.

Two more sets for meaning (issue 42), over notes unlike the FastAPI
documentation, each split into a dev part (``dev.json``, tuned on) and a
held-out part (``heldout.json``, scored once): ``tests/notes_eval_bash``, a
Chinese-first handbook, and ``tests/notes_eval_notes``, one person's short
notes in both languages. Their notes are not in the repository: they are found
in the folder ``WSNB_NOTES_SETS`` (or ``--sets DIR``) names, each set in its
own subfolder (see each set's README), and a set whose folder is missing is
skipped with the reason.

Run ``python tests/notes_evaluation.py`` to print the tables: the words'
tables, then words, meaning and hybrid on the held-out sets (the FastAPI
one and the new sets' held-out parts; embedding them takes an hour on two
busy cores, so keep the embedded copies with ``--keep DIR``: the next run
embeds nothing). ``--words`` prints the words' tables alone; ``--dev`` gives
the three modes on the dev sets (``tests/notes_eval_dev`` over the FastAPI
documentation and the new sets' dev parts), the ones meaning is tuned on;
``--meaning`` the tuning set and the FastAPI held-out set only.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from notes_reference import ReferenceSearch  # noqa: E402

from wsnb.notes import Notes, open_notes  # noqa: E402
from wsnb.notes.noteindex import NoteIndex  # noqa: E402
from wsnb.policy.access import AccessPolicy  # noqa: E402
from wsnb.search.embed import choose_embedder  # noqa: E402
from wsnb.search.rank import FieldRanker  # noqa: E402

FIXTURE = HERE / "notes_eval"
TEST_SET = HERE / "notes_eval_fastapi"
MEANING_SET = HERE / "notes_eval_meaning"
DEV_SET = HERE / "notes_eval_dev"  # tuned on; the held-out MEANING_SET never is
# The sets of issue 42: (queries folder, the notes' subfolder of WSNB_NOTES_SETS, title).
NEW_SETS = (
    (HERE / "notes_eval_bash", "bash-tutorial", "a Chinese-first handbook"),
    (HERE / "notes_eval_notes", "public-notes", "personal notes"),
)
MODES = ("words", "meaning", "hybrid")
CUTOFF = 5
DEPTH = 10
# Notes a person keeps pinned because they use them daily, whatever the question.
PINNED = ("Work/handbook.md", "Finance/budget-2024.md", "日记/2024-03-12.md")
_BIGRAM_RUNS = re.compile(r"([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]+)|(\w+)")


@dataclass(frozen=True)
class Judged:
    query: str
    language: str
    relevant: dict[str, int]
    kind: str = ""  # the meaning set's kind of query: paraphrase, crosslang, keyword


@dataclass(frozen=True)
class Scores:
    ndcg: float
    recall: float
    mrr: float


def corpus_folder() -> Path:
    """The FastAPI documentation folder of the test set (it may be missing)."""
    default = HERE.parent.parent / "shared" / "notes-corpus"
    return Path(os.environ.get("WSNB_NOTES_CORPUS", default)) / "fastapi-docs" / "docs"


def sets_folder() -> Path | None:
    """The folder that holds the new sets' notes (``--sets DIR`` or ``WSNB_NOTES_SETS``)."""
    if "--sets" in sys.argv[:-1]:
        return Path(sys.argv[sys.argv.index("--sets") + 1])
    named = os.environ.get("WSNB_NOTES_SETS", "").strip()
    return Path(named) if named else None


def load_queries(folder: Path = FIXTURE, part: str = "queries") -> list[Judged]:
    """The graded queries of ``folder``: ``queries.json``, or a part (``dev``, ``heldout``)."""
    data = json.loads((folder / f"{part}.json").read_text(encoding="utf-8"))
    return [Judged(item["query"], item.get("language") or item["lang"], item["relevant"],
                   item.get("kind", "")) for item in data]  # fmt: skip


def ndcg_at(ranked: Sequence[str], relevant: dict[str, int], k: int = CUTOFF) -> float:
    def dcg(grades: Sequence[int]) -> float:
        gains = ((2.0**grade - 1) / math.log2(rank + 2) for rank, grade in enumerate(grades[:k]))
        return float(sum(gains))

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


def indexed_copy(target: Path, source: Path = FIXTURE / "notes") -> NoteIndex:
    """The notes of ``source`` copied to ``target`` and indexed there."""
    shutil.copytree(source, target)
    index = NoteIndex(AccessPolicy(target))
    index.update()
    return index


def wsnb_search(index: NoteIndex) -> Callable[[str], list[str]]:
    return lambda query: [hit.path for hit in index.hits(query, limit=DEPTH)]


def reference_search(index: NoteIndex, **hotset: object) -> ReferenceSearch:
    manifest = index.manifest().to_dict("records")
    chunks = index.chunks().to_dict("records")
    return ReferenceSearch(manifest, chunks, **hotset)  # type: ignore[arg-type]


def bigram_tokens(text: str) -> list[str]:
    """Plain BM25's tokens, fixed here so the baseline never moves with wsnb's tokenizer:
    lower-cased words, and CJK runs as bigrams (a one-character run as itself)."""
    tokens: list[str] = []
    for cjk, word in _BIGRAM_RUNS.findall(text.lower()):
        if cjk:
            tokens += [cjk] if len(cjk) == 1 else [a + b for a, b in pairwise(cjk)]
        else:
            tokens.append(word)
    return tokens


def bm25_search(index: NoteIndex) -> Callable[[str], list[str]]:
    """Plain BM25 (k1 1.2, b 0.75) over each note's title and text as one field."""
    ranker = FieldRanker({"body": 1.0}, tokenizer=bigram_tokens)
    chunks = index.chunks()
    for record in index.manifest().to_dict("records"):
        texts = chunks.loc[chunks["path"] == record["path"], "text"].tolist()
        ranker.add(record["path"], {"body": [record["title"], *texts]})
    return lambda query: [hit.doc_id for hit in ranker.search(query, DEPTH)]


def embedded_copy(target: Path, source: Path = FIXTURE / "notes") -> Notes:
    """The notes of ``source`` copied to ``target``, opened with meaning on, all embedded.

    A ``target`` that exists already is opened as it is (a kept copy: its vectors are reused).
    """
    if not target.exists():
        shutil.copytree(source, target)
    notes = open_notes(target, watch=False, embed=True)
    notes.embed()
    return notes


def mode_search(notes: Notes, mode: str) -> Callable[[str], list[str]]:
    """``nb.search`` in one mode, as the paths of its top ``DEPTH``."""
    return lambda query: list(notes.search(query, limit=DEPTH, mode=mode)["path"])


def modes_table(notes: Notes, queries: Sequence[Judged]) -> dict[tuple[str, str], Scores]:
    """Words, meaning and hybrid, per language group and per kind of query."""
    kinds = {kind: [q for q in queries if q.kind == kind] for kind in
             sorted({q.kind for q in queries} - {""})}  # fmt: skip
    groups = {**_groups(queries), **kinds}
    return {(mode, name): evaluate(mode_search(notes, mode), group)
            for mode in MODES for name, group in groups.items() if group}  # fmt: skip


def _groups(queries: Sequence[Judged]) -> dict[str, Sequence[Judged]]:
    return {"all": queries, **{lang: [q for q in queries if q.language == lang]
                               for lang in ("en", "zh", "mixed")}}  # fmt: skip


def table(index: NoteIndex, queries: Sequence[Judged]) -> dict[tuple[str, str], Scores]:
    """Scores per (scorer, language group): the plain ranking, then with a hotset.

    ``reference+session`` runs the queries in order with the reference's
    hotset counting every result as a use; ``+pins`` pins three everyday
    notes (``PINNED``) in each scorer's hotset.
    """
    results = compare(index, queries)
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


def compare(index: NoteIndex, queries: Sequence[Judged]) -> dict[tuple[str, str], Scores]:
    """wsnb, the reference replica and plain BM25, per language group."""
    results: dict[tuple[str, str], Scores] = {}
    reference = reference_search(index)
    bm25 = bm25_search(index)
    for name, group in _groups(queries).items():
        if not group:
            continue
        results[("wsnb", name)] = evaluate(wsnb_search(index), group)
        results[("reference", name)] = evaluate(lambda q: reference.search(q, DEPTH), group)
        results[("bm25", name)] = evaluate(bm25, group)
    return results


def _print(title: str, notes: int, queries: Sequence[Judged],
           results: dict[tuple[str, str], Scores]) -> None:  # fmt: skip
    counts = {lang: sum(q.language == lang for q in queries) for lang in ("en", "zh", "mixed")}
    print(f"{title}: {notes} notes, {len(queries)} queries {counts}; top {DEPTH}, cutoff {CUTOFF}")
    print(f"{'scorer':<20}{'queries':<11}{'nDCG@5':>8}{'recall@5':>10}{'MRR@10':>8}")
    for (scorer, group), scores in sorted(results.items(), key=lambda item: item[0][1] != "all"):
        print(f"{scorer:<20}{group:<11}{scores.ndcg:>8.3f}{scores.recall:>10.3f}{scores.mrr:>8.3f}")
    print()


def main_meaning(folder: Path) -> None:
    """The three modes on the tuning set and, when it is there, on the held-out meaning set."""
    queries = load_queries()
    with embedded_copy(folder / "meaning-tuning") as notes:
        _print("Meaning, tuning set (tests/notes_eval)", len(notes.manifest), queries,
               modes_table(notes, queries))  # fmt: skip
    corpus = corpus_folder()
    if not (MEANING_SET / "queries.json").is_file() or not corpus.is_dir():
        print(f"Held-out meaning set skipped: {MEANING_SET} or {corpus} is missing.")
        return
    queries = load_queries(MEANING_SET)
    with embedded_copy(folder / "meaning-test", corpus) as notes:
        _print("Meaning, held-out set (tests/notes_eval_meaning)", len(notes.manifest),
               queries, modes_table(notes, queries))  # fmt: skip


def main_dev(folder: Path) -> None:
    """The three modes on the dev sets: ``tests/notes_eval_dev`` and the new sets' dev parts."""
    corpus = corpus_folder()
    if not corpus.is_dir():
        print(f"Dev set skipped: {corpus} is missing (set WSNB_NOTES_CORPUS).")
    else:
        queries = load_queries(DEV_SET)
        with embedded_copy(folder / "meaning-dev", corpus) as notes:
            _print("Meaning, dev set (tests/notes_eval_dev)", len(notes.manifest), queries,
                   modes_table(notes, queries))  # fmt: skip
    main_new_sets(folder, "dev")


def main_new_sets(folder: Path, part: str) -> None:
    """The three modes on one part (``dev`` or ``heldout``) of each new set whose notes are here."""
    where = sets_folder()
    for queries_folder, name, title in NEW_SETS:
        notes_folder = where / name if where is not None else None
        label = f"tests/{queries_folder.name}/{part}.json"
        if notes_folder is None or not notes_folder.is_dir():
            print(
                f"Set {label} skipped: its notes ({name}) are not there; set WSNB_NOTES_SETS "
                "to the folder that holds them (see its README).\n"
            )
            continue
        queries = load_queries(queries_folder, part)
        with embedded_copy(folder / f"meaning-{name}", notes_folder) as notes:
            _print(f"Meaning, {title} ({label})", len(notes.manifest), queries,
                   modes_table(notes, queries))  # fmt: skip


def _kept_folder() -> Path | None:
    """The folder after ``--keep``, where embedded copies stay between runs."""
    if "--keep" not in sys.argv[:-1]:
        return None
    folder = Path(sys.argv[sys.argv.index("--keep") + 1])
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _in_folder(run: Callable[[Path], None]) -> None:
    """``run`` in the ``--keep`` folder, or else in a temporary one."""
    kept = _kept_folder()
    if kept is not None:
        run(kept)
        return
    with tempfile.TemporaryDirectory() as folder:
        run(Path(folder))


def main_held_out(folder: Path) -> None:
    """The three modes on every held-out set: the FastAPI one and the new sets' held-out parts."""
    main_meaning(folder)
    main_new_sets(folder, "heldout")


def main() -> None:
    if "--dev" in sys.argv:
        _in_folder(main_dev)
        return
    if "--meaning" in sys.argv:
        _in_folder(main_meaning)
        return
    main_words()
    if "--words" in sys.argv:
        return
    if choose_embedder() is None:
        print("Meaning skipped: no embedder (pip install 'wsnb[embed]', and WSNB_EMBED not off).")
        return
    _in_folder(main_held_out)


def main_words() -> None:
    """The words' tables: the tuning set and the FastAPI test set."""
    with tempfile.TemporaryDirectory() as folder:
        queries = load_queries()
        index = indexed_copy(Path(folder) / "tuning", FIXTURE / "notes")
        _print("Tuning set (tests/notes_eval)", len(index.manifest()), queries,
               table(index, queries))  # fmt: skip
        corpus = corpus_folder()
        if not corpus.is_dir():
            print(f"Test set skipped: {corpus} is missing (set WSNB_NOTES_CORPUS).")
            return
        queries = load_queries(TEST_SET)
        index = indexed_copy(Path(folder) / "test", corpus)
        _print("Test set, never tuned on (tests/notes_eval_fastapi)", len(index.manifest()),
               queries, compare(index, queries))  # fmt: skip


if __name__ == "__main__":
    main()
