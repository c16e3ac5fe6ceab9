"""Running a text search over its candidates: in blocks, with progress, on one or two cores.

A search walks its candidates in blocks so ``progress(done, total)`` is called
in bounded steps. A large search (many candidates, and a ``max_files`` bound,
if any, that lets it open many) is shared
between this process and a child forked by ``wsnb.forked`` (the one place that
forks; nothing is imported again and no file name or pattern crosses a shell):
each searches whole blocks with the same policy and matcher, and the blocks are
added back in candidate order. The rows
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
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from ..forked import Forked, fork_call, workers_for
from .gate import FolderGate

if TYPE_CHECKING:
    from ..policy.access import AccessPolicy
    from .grep import Progress, _Search

__all__ = ["PARALLEL_MIN_FILES", "progress_step", "run_search"]

logger = logging.getLogger("wsnb")

PARALLEL_MIN_FILES = 3000  # below this, starting a worker costs more than it saves
_MAX_WORKERS = 2
_BLOCKS_PER_WORKER = 8
_MAX_BLOCK = 2048
_PROGRESS_STEPS = 100  # at most about this many progress calls per search
_MIN_PROGRESS_STEP = 256  # files between two calls, at least


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
    total = len(paths)
    count = _workers(workers, total, max_files)
    if count > 1:
        try:
            merged = _run_parallel(search, policy, paths, count, progress, max_files)
        except OSError as exc:  # a pipe that can't be made: search here
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


def progress_step(total: int) -> int:
    """Files between two progress calls: about ``_PROGRESS_STEPS`` calls per search."""
    return max(_MIN_PROGRESS_STEP, -(-total // _PROGRESS_STEPS))


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
                        per_file=search.per_file, outputs=search.outputs)  # fmt: skip


def _run_parallel(search: _Search, policy: AccessPolicy, paths: Sequence[str], count: int,
                  progress: Progress | None, max_files: int | None) -> _Search:  # fmt: skip
    """Blocks shared by this process and ``count - 1`` forked children, merged in order.

    Block ``i`` goes to child ``i % count`` unless that is 0: those this process
    searches itself while the children search theirs, so one fork fewer. The merge
    keeps the limit exactly.
    """
    blocks = _blocks(paths, count)
    merged = _fresh(search, search.limit)
    shown = _Forward(progress)
    children = [_start_child(search, policy, paths, blocks[worker::count])
                for worker in range(1, count)]  # fmt: skip
    try:
        mine = _search_mine(search, policy, paths, blocks[::count], shown, max_files)
        results = _in_order(search, policy, paths, blocks, count, mine, children)
        _merge(merged, policy, paths, blocks, results, shown, max_files)
    finally:
        for child in children:
            if child is not None:
                child.cancel()  # a child whose blocks the limit made useless stops here
    if progress is not None and shown.last != merged.files_visited:
        # Cut by the limit: fewer files count than this process alone had looked at.
        progress(merged.files_visited, len(paths))
    return merged


class _Forward:
    """A progress callback that passes on only counts that grew: this process's own blocks
    are counted first, then the merge counts all blocks in order from the start again."""

    def __init__(self, progress: Progress | None) -> None:
        self.progress, self.last = progress, -1

    def __call__(self, done: int, total: int) -> None:
        if self.progress is not None and done > self.last:
            self.last = done
            self.progress(done, total)


def _start_child(search: _Search, policy: AccessPolicy, paths: Sequence[str],
                 blocks: list[tuple[int, int]]) -> Forked | None:  # fmt: skip
    """Fork a child that searches ``blocks`` and sends back each one's rows and counts."""
    def work() -> list[dict[str, Any]]:
        gate = FolderGate(policy)
        verdicts: dict[str, int] = {}  # the child's own, kept from block to block
        return [_search_block(search, policy, gate, verdicts, paths[a:b]).to_wire()
                for a, b in blocks]  # fmt: skip

    return fork_call(work)


def _search_mine(search: _Search, policy: AccessPolicy, paths: Sequence[str],
                 blocks: list[tuple[int, int]], progress: _Forward,
                 max_files: int | None) -> list[_Search]:  # fmt: skip
    """This process's blocks, in order, until their own rows alone reach the limit, or the
    files they opened reach ``max_files`` (the merge stops at or before that block, so the
    later ones could never be used)."""
    gate = FolderGate(policy)
    verdicts: dict[str, int] = {}
    found: list[_Search] = []
    rows = visited = opened = 0
    for start, end in blocks:
        block = _search_block(search, policy, gate, verdicts, paths[start:end])
        found.append(block)
        rows, visited = rows + len(block.paths), visited + block.files_visited
        opened += block.files_opened
        progress(visited, len(paths))
        if search.limit is not None and rows >= search.limit:
            break
        if max_files is not None and opened >= max_files:
            break
    return found


def _in_order(search: _Search, policy: AccessPolicy, paths: Sequence[str],
              blocks: list[tuple[int, int]], count: int, mine: list[_Search],
              children: list[Forked | None]) -> Iterator[_Search]:  # fmt: skip
    """Each block's search in order: this process's, a child's, or searched here when a
    child could not start or send its result."""
    received: dict[int, list[_Search] | None] = {}
    for number, (start, end) in enumerate(blocks):
        worker, position = number % count, number // count
        if worker == 0 and position < len(mine):
            yield mine[position]
            continue
        if worker and worker not in received:
            child = children[worker - 1]
            sent = child.result() if child is not None else None
            received[worker] = None if sent is None else [search.from_wire(w) for w in sent]
        theirs = received.get(worker)
        if theirs is not None:
            yield theirs[position]
        else:
            yield _search_block(search, policy, FolderGate(policy), {}, paths[start:end])


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


def _search_block(parent: _Search, policy: AccessPolicy, gate: FolderGate,
                  verdicts: dict[str, int], block: Sequence[str]) -> _Search:  # fmt: skip
    """Search one block with the parent's matcher; folders and names are checked once
    per process (``gate``, ``verdicts``)."""
    search = _fresh(parent, None)
    search.verdicts = verdicts
    search.run(gate, policy, block, None)
    search.verdicts = {}  # not worth sending back
    return search
