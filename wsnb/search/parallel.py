"""Running a text search over its candidates: in blocks, with progress, on one or two cores.

A search walks its candidates in blocks so ``progress(done, total)`` is called
in bounded steps. A large search (many candidates, and a ``max_files`` bound,
if any, that lets it open many) is shared
between this process and forked workers (so nothing is imported again and no
file name or pattern crosses a shell): each searches whole blocks with the
same policy and matcher, and the blocks are added back in candidate order. The rows
and counts are exactly those of one process: when a block would take the
result past the row limit, that block is searched again here, file by file,
with the room that is left, and the search stops; so is the block where the
``max_files`` bound falls, with the files it may still open.

Reading and matching hold the interpreter's lock for most of a file's time
(``bytes in bytes`` and the decoders don't release it), so threads would not
use the second core; processes do. Where ``fork`` is not the platform's way
(Windows, macOS), or a worker can't start, the search runs in this process;
so it does, unless asked otherwise, when the load average already fills the
machine's cores (a shared machine: no core to spare).
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import TYPE_CHECKING

from ..forked import workers_for
from .gate import FolderGate

if TYPE_CHECKING:
    from ..policy import AccessPolicy
    from .grep import Progress, _Search

__all__ = ["PARALLEL_MIN_FILES", "run_search"]

logger = logging.getLogger("wsnb")

PARALLEL_MIN_FILES = 3000  # below this, starting a worker costs more than it saves
_MAX_WORKERS = 2
_BLOCKS_PER_WORKER = 8
_MAX_BLOCK = 2048

# What a forked worker needs, set just before the fork; never pickled, never sent. The
# gate and the name verdicts are each process's own copy, kept from block to block.
_JOB: tuple[AccessPolicy, _Search, FolderGate, dict[str, int]] | None = None


def run_search(
    search: _Search,
    policy: AccessPolicy,
    paths: Sequence[str],
    *,
    max_files: int | None,
    progress: Progress | None,
    workers: int | None,
) -> None:
    """Search ``paths`` into ``search``, in order, calling ``progress`` after each block."""
    from .grep import progress_step

    total = len(paths)
    count = _workers(workers, total, max_files)
    if count > 1:
        try:
            merged = _run_parallel(search, policy, paths, count, progress, max_files)
        except (OSError, RuntimeError) as exc:  # a pool that can't start: search here
            logger.warning("Text search runs in one process (%s).", type(exc).__name__)
        else:
            search.absorb(merged)
            return
    gate = FolderGate(policy)
    step = progress_step(total)
    for start in range(0, total, step):
        stopped = search.run(gate, policy, paths[start : start + step], max_files)
        if progress is not None:
            progress(search.files_visited, total)
        if stopped:
            return
    if progress is not None and total == 0:
        progress(0, 0)


def _workers(asked: int | None, total: int, max_files: int | None) -> int:
    # The work is the files the search may open: a bound above the candidates binds nothing,
    # and a bound below them still leaves that many files to share (the merge stops exactly).
    work = total if max_files is None else min(total, max_files)
    return workers_for(asked, work >= PARALLEL_MIN_FILES, _MAX_WORKERS)


def _blocks(paths: Sequence[str], count: int) -> list[tuple[int, int]]:
    size = min(_MAX_BLOCK, max(256, -(-len(paths) // (count * _BLOCKS_PER_WORKER))))
    return [(start, min(start + size, len(paths))) for start in range(0, len(paths), size)]


def _fresh(search: _Search, limit: int | None) -> _Search:
    return type(search)(search.matcher, limit, search.max_bytes, for_model=search.for_model,
                        per_file=search.per_file)  # fmt: skip


def _run_parallel(search: _Search, policy: AccessPolicy, paths: Sequence[str], count: int,
                  progress: Progress | None, max_files: int | None) -> _Search:  # fmt: skip
    """Blocks shared by this process and ``count - 1`` forked workers, merged in order.

    Block ``i`` goes to a worker unless ``i % count == 0``; those this
    process searches itself when the merge reaches them, so one fork fewer
    and fewer results to send back. The merge keeps the limit exactly.
    """
    global _JOB
    blocks = _blocks(paths, count)
    merged = _fresh(search, search.limit)
    _JOB = (policy, search, FolderGate(policy), {})
    try:
        with warnings.catch_warnings():
            # Python 3.12+ warns that forking a process with threads (a notebook kernel has
            # some) may deadlock; the worker only reads files and never takes those locks.
            warnings.simplefilter("ignore", DeprecationWarning)
            _pool_search(merged, policy, paths, blocks, count, progress, max_files)
    finally:
        _JOB = None
    return merged


def _pool_search(merged: _Search, policy: AccessPolicy, paths: Sequence[str],
                 blocks: list[tuple[int, int]], count: int, progress: Progress | None,
                 max_files: int | None) -> None:  # fmt: skip
    """Start the workers, hand them their blocks and merge every block in order."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=count - 1, mp_context=context) as pool:
        futures = {i: pool.submit(_search_block, paths[a:b])
                   for i, (a, b) in enumerate(blocks) if i % count}  # fmt: skip
        try:
            _merge(merged, policy, paths, blocks, _results(paths, blocks, futures), progress,
                   max_files)  # fmt: skip
        finally:
            for future in futures.values():
                future.cancel()


def _results(paths: Sequence[str], blocks: list[tuple[int, int]],
             futures: dict[int, Future[_Search]]) -> Iterator[_Search]:  # fmt: skip
    """Each block's search in order: a worker's result, or searched here when reached."""
    for number, (start, end) in enumerate(blocks):
        future = futures.get(number)
        yield future.result() if future is not None else _search_block(paths[start:end])


def _merge(search: _Search, policy: AccessPolicy, paths: Sequence[str],
           blocks: list[tuple[int, int]], results: Iterator[_Search],
           progress: Progress | None, max_files: int | None) -> None:  # fmt: skip
    for (start, _end), block in zip(blocks, results, strict=False):
        rows_bound = search.limit is not None and (
            len(search.paths) + len(block.paths) >= search.limit)
        files_bound = max_files is not None and (
            search.files_opened + block.files_opened >= max_files)
        if rows_bound or files_bound:
            # A bound falls in this block (or at its end): search it here, file by file,
            # with the room that is left, so the rows and counts are those of one process.
            search.run(FolderGate(policy), policy, paths[start:], max_files)
            if progress is not None:
                progress(search.files_visited, len(paths))
            return
        search.absorb(block)
        if progress is not None:
            progress(search.files_visited, len(paths))


def _search_block(block: Sequence[str]) -> _Search:
    """Search one block with the job's policy and matcher (in a worker: inherited at the fork)."""
    assert _JOB is not None, "the worker was not forked from a search"
    policy, parent, gate, verdicts = _JOB
    search = _fresh(parent, None)
    search.verdicts = verdicts  # this process's folders and names are checked once per job
    search.run(gate, policy, block, None)
    search.verdicts = {}  # not worth sending back
    return search
