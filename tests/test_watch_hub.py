"""One watcher per folder tree: a notes folder's file index and notes index share one thread.

Real files in a temporary folder, the native watcher (inotify here): both
indexes follow a note and a file created, renamed and deleted through the
one thread; a follower that joins a running watcher has its folders watched
before it returns; a failed watcher reaches every follower; different
settings never share; opening and closing leaks no thread or descriptor.
"""

from __future__ import annotations

import gc
import os
import threading
from pathlib import Path

import pytest
from live_helpers import wait_until
from notes_helpers import write

from wsnb.fileindex import hub as hubs
from wsnb.fileindex.watcher import _RUNNING, Batch, Notifier, WatchSettings
from wsnb.notes import open_notes
from wsnb.notes.facade import Notes


def _watch_threads() -> list[threading.Thread]:
    """Every live watcher thread wsnb runs, whatever follower started it."""
    return [t for t in threading.enumerate()
            if t.name.startswith("wsnb-") and "watch" in t.name and t.is_alive()]  # fmt: skip


@pytest.fixture
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "notes"
    write(folder, "Inbox/first.md", "# First\n\nAn apple note.\n")
    write(folder, "Projects/plan.md", "# Plan\n\nA calm launch.\n")
    return folder


def _hubs_of(root: Path) -> list[hubs.Hub]:
    """The hubs of ``root`` (other tests' workspaces may still be open elsewhere)."""
    return [hub for (where, _), hub in list(hubs._HUBS.items()) if where == str(root)]


def _notes(nb: Notes, query: str) -> set[str]:
    return set(nb.search(query, limit=10)["path"])


def _files(nb: Notes) -> set[str]:
    return set(nb.workspace.files["path"])


def _both_live(nb: Notes) -> None:
    """Search (the notes' follower) and scan (the file index's follower): both watching."""
    assert _notes(nb, "apple") == {"Inbox/first.md"}
    assert "Inbox/first.md" in _files(nb)
    assert nb.watching == "watching" and nb.workspace.watching == "watching"


@pytest.mark.parametrize("files_first", [False, True])
def test_a_live_notes_folder_runs_one_watcher_that_both_indexes_follow(
    root: Path, files_first: bool
) -> None:
    gc.collect()  # other tests' collected workspaces end their threads before the count
    before = len(_watch_threads())
    with open_notes(root) as nb:
        if files_first:  # either follower may start the watcher; the other joins it
            assert "Inbox/first.md" in _files(nb)
        _both_live(nb)
        assert len(_watch_threads()) == before + 1
        assert [w.root for w in list(_RUNNING) if w.root == str(root)] == [str(root)]
        assert nb._watch.watcher is nb.workspace._live.watcher
        watcher = nb._watch.watcher
        assert watcher is not None
        # A note and a plain file, created: the file index shows both, the notes index the
        # note only (it hears the .csv's batch and skips it).
        write(root, "Inbox/kiwi.md", "# Kiwi\n\nA kiwi note.\n")
        write(root, "data/table.csv", "a,b\n1,2\n")
        # .assistant/ (hidden) both skip, though its changes reach both in a batch.
        write(root, ".assistant/scratch.md", "# Scratch\n\nkiwi scratch.\n")
        wait_until(lambda: {"Inbox/kiwi.md", "data/table.csv"} <= _files(nb),
                   "the files followed")  # fmt: skip
        assert _notes(nb, "kiwi") == {"Inbox/kiwi.md"}
        assert _notes(nb, "table") == set()
        assert not {".assistant", ".assistant/scratch.md"} & _files(nb)
        # Renamed.
        (root / "Inbox/kiwi.md").rename(root / "Projects/kiwi.md")
        (root / "data/table.csv").rename(root / "data/renamed.csv")
        wait_until(lambda: {"Projects/kiwi.md", "data/renamed.csv"} <= _files(nb)
                   and not {"Inbox/kiwi.md", "data/table.csv"} & _files(nb),
                   "the renames followed")  # fmt: skip
        assert _notes(nb, "kiwi") == {"Projects/kiwi.md"}
        # Deleted.
        (root / "Projects/kiwi.md").unlink()
        (root / "data/renamed.csv").unlink()
        wait_until(lambda: not {"Projects/kiwi.md", "data/renamed.csv"} & _files(nb),
                   "the deletes followed")  # fmt: skip
        assert _notes(nb, "kiwi") == set()
        assert watcher.batches > 0 and len(_watch_threads()) == before + 1
    assert watcher.state == "stopped"
    wait_until(lambda: len(_watch_threads()) == before, "the one watcher ended")


def test_fifty_live_notes_folders_opened_and_closed_leak_no_thread_or_descriptor(
    root: Path,
) -> None:
    def cycle() -> None:
        with open_notes(root) as nb:
            _both_live(nb)

    cycle()  # the first opening loads what later ones share
    gc.collect()
    watchers = len(_watch_threads())
    threads, fds = len(threading.enumerate()), len(os.listdir("/proc/self/fd"))
    for _ in range(50):
        cycle()
    gc.collect()
    wait_until(lambda: len(_watch_threads()) <= watchers, "every watcher ended")
    assert len(threading.enumerate()) <= threads
    assert len(os.listdir("/proc/self/fd")) <= fds
    assert not _hubs_of(root)


def test_a_follower_that_joins_has_its_folders_watched_before_it_returns(tmp_path: Path) -> None:
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    first: list[Batch] = []
    second: list[Batch] = []
    one = hubs.subscribe(tmp_path, first.append, folders=lambda: ["a"])
    two = hubs.subscribe(tmp_path, second.append, folders=lambda: ["b"])
    try:
        assert one.hub is two.hub and one.watcher is two.watcher
        (tmp_path / "b" / "new.txt").write_text("x")  # only the newcomer's folder
        wait_until(lambda: any("b/new.txt" in batch.changed for batch in second), "b's change")
        # Every follower hears every batch; each keeps what it indexes.
        assert any("b/new.txt" in batch.changed for batch in first)
    finally:
        one.close()
        watcher = two.watcher
        assert watcher is not None and watcher.state == "watching"  # one follower is left
        two.close()
    assert watcher.state == "stopped" and not _hubs_of(tmp_path)


def test_a_catch_up_goes_to_the_follower_that_asked_alone(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    first: list[Batch] = []
    second: list[Batch] = []
    one = hubs.subscribe(tmp_path, first.append, folders=lambda: ["a"])
    (tmp_path / "a" / "before.txt").write_text("x")  # changed before the second one looked...
    two = hubs.subscribe(tmp_path, second.append, folders=lambda: ["a"], since_ns=0)
    try:
        assert Batch(unknown=frozenset({"a"})) in second  # ...so it reads "a" again
        assert Batch(unknown=frozenset({"a"})) not in first
    finally:
        one.close()
        two.close()


def refuse(paths: list[str]) -> Notifier:
    raise OSError(28, "inotify watch limit reached")


def test_a_refused_watcher_reaches_every_follower_once_and_a_late_one_too(tmp_path: Path) -> None:
    settings = WatchSettings(notifier=refuse)
    first: list[Batch] = []
    second: list[Batch] = []
    one = hubs.subscribe(tmp_path, first.append, folders=lambda: [""], settings=settings)
    two = hubs.subscribe(tmp_path, second.append, folders=lambda: [""], settings=settings)
    try:
        assert [bool(batch.failed) for batch in first] == [True]
        assert [bool(batch.failed) for batch in second] == [True]
        assert second[0].unknown == frozenset({""})  # it may have missed anything: read it all
    finally:
        one.close()
        two.close()


def test_different_settings_never_share_a_watcher(tmp_path: Path) -> None:
    one = hubs.subscribe(tmp_path, lambda batch: None, folders=lambda: [""])
    two = hubs.subscribe(tmp_path, lambda batch: None, folders=lambda: [""],
                         settings=WatchSettings(debounce_ms=100))  # fmt: skip
    try:
        assert one.hub is not two.hub and one.watcher is not two.watcher
    finally:
        one.close()
        two.close()
    assert not _hubs_of(tmp_path)


def test_a_broken_follower_keeps_no_batch_from_the_others(tmp_path: Path) -> None:
    heard: list[Batch] = []

    def broken(batch: Batch) -> None:
        raise RuntimeError("a follower's bug")

    one = hubs.subscribe(tmp_path, broken, folders=lambda: [""])
    two = hubs.subscribe(tmp_path, heard.append, folders=lambda: [""])
    try:
        (tmp_path / "x.txt").write_text("x")
        wait_until(lambda: any("x.txt" in batch.changed for batch in heard), "the batch")
    finally:
        one.close()
        two.close()


def test_a_finalizer_that_leaves_inside_subscribe_never_waits_forever(tmp_path: Path) -> None:
    # A garbage collection can run a dropped workspace's finalizer on a thread that holds the
    # hubs' lock (inside subscribe, allocating): its leave must not wait for that lock forever.
    dropped = hubs.subscribe(tmp_path, lambda batch: None, folders=lambda: [""])
    watcher = dropped.watcher
    assert watcher is not None and watcher.state == "watching"

    def collect_inside_subscribe() -> None:
        with hubs._HUBS_LOCK:  # as subscribe() holds it
            dropped.close()  # as the finalizer would, from inside

    finalizing = threading.Thread(target=collect_inside_subscribe, daemon=True)
    finalizing.start()
    finalizing.join(timeout=10)
    assert not finalizing.is_alive(), "the leave waited for a lock its own thread holds"
    wait_until(lambda: watcher.state == "stopped", "the leave, from its own thread")
    assert not _hubs_of(tmp_path)
