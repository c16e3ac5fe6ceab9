"""The notes index joined to a real watcher: fresh without a walk, stopped cleanly, and a fallback.

Every test changes real files in a temporary notes folder watched by the
native watcher (inotify here); the index is then compared with a full
re-index of the same folder.
"""

from __future__ import annotations

import gc
import logging
import os
import threading
from pathlib import Path

import pytest
from live_helpers import wait_until
from notes_helpers import write

from wsnb.fileindex.watcher import Notifier, WatchSettings
from wsnb.notes import open_notes
from wsnb.notes.facade import Notes
from wsnb.notes.noteindex import NoteIndex
from wsnb.policy.access import AccessPolicy
from wsnb.types import PermissionMode

QUERIES = ["launch", "kiwi", "机器学习", "papaya", "weekly plan"]


@pytest.fixture
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "notes"
    write(folder, "Projects/web/plan.md", "# Website relaunch\n\nA calm launch, weekly plan.\n")
    write(folder, "笔记/机器学习.md", "# 机器学习笔记\n\n监督学习。\n")
    write(folder, "Inbox/first.md", "# First\n\nAn apple note.\n")
    return folder


def _results(index: NoteIndex) -> tuple[object, ...]:
    chunks = index.chunks()
    rows = sorted(zip(chunks["path"], chunks["text"], strict=True))
    found = {q: [(h.path, round(h.score, 9)) for h in index.hits(q, 10)] for q in QUERIES}
    return sorted(index.manifest()["path"]), rows, found


def _same_as_fresh(nb: Notes, root: Path) -> None:
    fresh = NoteIndex(AccessPolicy(root, mode=PermissionMode.READ_ONLY),
                      max_file_size=nb.note_index.max_file_size)  # fmt: skip
    fresh.update(force=True)
    assert _results(nb.note_index) == _results(fresh)


def _threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "wsnb-notes-watch" and t.is_alive()]


def _paths(nb: Notes, query: str) -> set[str]:
    return set(nb.search(query, limit=10)["path"])


def test_a_note_written_a_moment_ago_is_found_while_watching(root: Path) -> None:
    with open_notes(root) as nb:
        assert nb.watching == "idle"
        assert _paths(nb, "apple") == {"Inbox/first.md"}
        assert nb.watching == "watching"
        # Written and searched at once, inside the watcher's debounce window: found.
        write(root, "Inbox/kiwi.md", "# Kiwi\n\nA kiwi note.\n")
        assert _paths(nb, "kiwi") == {"Inbox/kiwi.md"}
        write(root, "New/Deep/papaya.md", "# Papaya\n\npapaya\n")
        assert _paths(nb, "papaya") == {"New/Deep/papaya.md"}
        (root / "Inbox/kiwi.md").rename(root / "笔记/kiwi.md")
        assert _paths(nb, "kiwi") == {"笔记/kiwi.md"}
        (root / "New/Deep/papaya.md").unlink()
        assert _paths(nb, "papaya") == set()
        # An edit in place moves no folder's time: its event brings it, within a second.
        write(root, "Inbox/first.md", "# First\n\nNow a kiwi note too.\n")
        wait_until(lambda: "Inbox/first.md" in _paths(nb, "kiwi"), "the edit followed")
        wait_until(lambda: nb.note_index.refresh() is None, "the watcher settled")
        _same_as_fresh(nb, root)


def test_while_watching_a_search_stats_folders_not_notes(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for number in range(30):
        write(root, f"Many/n{number}.md", f"# Note {number}\n\nbody {number}\n")
    seen: list[str] = []
    real = os.stat

    searching = threading.current_thread()

    def counting(path: str, *args: object, **kwargs: object) -> os.stat_result:
        if threading.current_thread() is searching:  # the watcher's thread may stat too
            seen.append(os.fspath(path))
        return real(path, *args, **kwargs)  # type: ignore[arg-type]

    with open_notes(root) as nb:
        nb.search("launch")
        assert nb.watching == "watching"
        folders = len(nb.note_index.watched_folders())
        monkeypatch.setattr(os, "stat", counting)
        nb.search("launch")
        monkeypatch.undo()
    assert len(seen) == folders  # one stat a folder, none per note (33 notes, 8 folders)
    assert not any(path.endswith(".md") for path in seen)


def refuse(paths: list[str]) -> Notifier:
    raise OSError(28, "inotify watch limit reached")


def test_a_refused_watcher_falls_back_to_checking_every_note(
    root: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="wsnb")
    with open_notes(root, watch=WatchSettings(notifier=refuse)) as nb:
        nb.search("apple")
        assert nb.watching == "checking" and not nb.note_index.watched
        write(root, "Inbox/first.md", "# First\n\nNow kiwi, edited in place at once.\n")
        assert _paths(nb, "kiwi") == {"Inbox/first.md"}  # found by its own stat, no event
        nb.search("kiwi")
        _same_as_fresh(nb, root)
    said = [r for r in caplog.records if r.getMessage().startswith("Notes: changes on disk")]
    assert len(said) == 1 and "watch limit" in said[0].getMessage()


def test_watch_false_starts_no_thread_and_still_finds_changes(root: Path) -> None:
    before = len(_threads())
    nb = open_notes(root, watch=False)
    nb.search("apple")
    assert nb.watching == "off" and len(_threads()) == before
    write(root, "Inbox/first.md", "# First\n\nkiwi now.\n")
    assert _paths(nb, "kiwi") == {"Inbox/first.md"}


def test_close_with_and_garbage_collection_stop_the_watcher(root: Path) -> None:
    nb = open_notes(root)
    nb.search("apple")
    watcher = nb._watch.watcher
    assert watcher is not None and watcher.state == "watching"
    nb.close()
    assert watcher.state == "stopped" and nb.watching == "closed"
    nb.close()  # twice is harmless
    with open_notes(root) as other:
        other.search("apple")
        inside = other._watch.watcher
    assert inside is not None and inside.state == "stopped"
    collected = open_notes(root)
    collected.search("apple")
    dropped = collected._watch.watcher
    assert dropped is not None and dropped.state == "watching"
    del collected
    gc.collect()
    wait_until(lambda: dropped.state == "stopped", "the collected notes' watcher stopped")


def test_fifty_notes_opened_and_closed_leak_no_thread_or_descriptor(root: Path) -> None:
    def cycle() -> None:
        with open_notes(root) as nb:
            nb.search("apple")
            assert nb.watching == "watching"

    cycle()  # the first opening loads what later ones share
    gc.collect()
    threads, fds = len(threading.enumerate()), _descriptors()
    for _ in range(50):
        cycle()
    gc.collect()
    wait_until(lambda: not _threads(), "every notes watcher ended")
    assert len(threading.enumerate()) <= threads
    now = _descriptors()
    assert len(now) <= len(fds), f"descriptors opened and never closed: {sorted(now - fds)}"


def _descriptors() -> set[str]:
    """What each open descriptor points at (a leak then says what it is: a file, a pipe...)."""
    found = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            found.add(f"{fd}->{os.readlink(f'/proc/self/fd/{fd}')}")
        except OSError:  # the listing's own descriptor, closed already
            continue
    return found
