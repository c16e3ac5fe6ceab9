"""The watcher's lifecycle: lazy, stopped by close, ``with``, garbage collection and exit; no leaks.

And a forked scan child beside a running watcher: the child walks as it
would alone, the watcher goes on delivering.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from live_helpers import make_tree, wait_for_scan_rows, wait_until

import wsnb
from wsnb import forked
from wsnb.fileindex import scanner, walker
from wsnb.fileindex.scanner import scan


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def watcher_threads() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == "wsnb-watch"]


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return wsnb.copy_sample_workspace(tmp_path / "sample")


def test_the_watcher_starts_with_the_first_scan_and_close_stops_it(root: Path) -> None:
    ws = wsnb.open_workspace(root)
    assert ws.watching == "idle" and ws._live.watcher is None  # lazy: nothing before a read
    ws.find("main")
    assert ws.watching == "watching"
    thread = ws._live.watcher._thread  # type: ignore[union-attr]
    assert thread is not None and thread.daemon and thread.is_alive()
    ws.close()
    assert not thread.is_alive() and ws.watching == "closed"
    ws.close()  # twice is harmless
    (root / "after_close.txt").write_text("x")
    assert "after_close.txt" not in set(ws.files["path"])  # the index stays as it was


def test_watch_false_never_starts_a_thread(root: Path) -> None:
    before = len(watcher_threads())
    ws = wsnb.open_workspace(root, watch=False)
    ws.scan()
    assert ws.watching == "off" and len(watcher_threads()) == before
    (root / "unseen.txt").write_text("x")
    assert "unseen.txt" not in set(ws.files["path"])
    ws.scan()
    assert "unseen.txt" in set(ws.files["path"])


def test_a_with_block_stops_the_watcher(root: Path) -> None:
    with wsnb.open_workspace(root) as ws:
        ws.scan()
        thread = ws._live.watcher._thread  # type: ignore[union-attr]
        assert thread is not None and thread.is_alive()
    assert not thread.is_alive()


def test_garbage_collection_stops_the_watcher(root: Path) -> None:
    ws = wsnb.open_workspace(root)
    ws.scan()
    thread = ws._live.watcher._thread  # type: ignore[union-attr]
    assert thread is not None and thread.is_alive()
    del ws
    gc.collect()
    wait_until(lambda: not thread.is_alive(), "the watcher of a collected workspace to stop")


def test_no_thread_or_descriptor_leak_after_50_workspaces(root: Path) -> None:
    for _ in range(3):  # warm up: imports, the first native watcher's lasting pieces
        with wsnb.open_workspace(root) as warm:
            warm.scan()
    gc.collect()
    threads, fds, watchers = threading.active_count(), open_fds(), set(watcher_threads())
    for _ in range(50):
        with wsnb.open_workspace(root) as ws:
            ws.scan()
            assert ws.watching == "watching"
    del ws
    gc.collect()
    wait_until(lambda: threading.active_count() <= threads, "the watcher threads to end")
    assert open_fds() <= fds
    assert set(watcher_threads()) <= watchers


def test_interpreter_exit_stops_a_running_watcher(root: Path) -> None:
    """A kernel shutting down: the process ends at once and cleanly, the watcher still running."""
    code = textwrap.dedent(f"""
        import wsnb
        ws = wsnb.open_workspace({str(root)!r})
        ws.scan()
        assert ws.watching == "watching"
        print("watching")
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "PYTHONPATH": os.getcwd()})  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "watching" and "Traceback" not in done.stderr


@pytest.mark.skipif(not forked.can_fork(), reason="only Linux forks a child here")
def test_a_forked_scan_child_and_a_running_watcher_do_not_interfere(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The child has no watcher thread and takes none of its locks; the parent's goes on.

    Files change while the shared scan runs, so the watcher is busy (holding
    its locks, building rows) at the moment of the fork.
    """
    make_tree(root, {f"tree/p{p}/m{m}/f{f}.py": "x" for p in range(8) for m in range(8)
                     for f in range(6)})  # fmt: skip
    monkeypatch.setattr(walker, "_SHARE_AFTER_ENTRIES", 1)
    monkeypatch.setattr(walker, "_SHARE_MIN_FOLDERS", 2)
    monkeypatch.setattr(scanner, "_SHARE_MIN_MAX_FILES", 1)
    started: list[int] = []
    original = walker.fork_call

    def counted(func: Callable[[], Any]) -> forked.Forked | None:
        child = original(func)
        if child is not None:
            started.append(child.pid)
        return child

    monkeypatch.setattr(walker, "fork_call", counted)
    with wsnb.open_workspace(root) as ws:
        ws.scan()
        stop = threading.Event()
        churn = threading.Thread(target=_churn, args=(root / "churn", stop))
        churn.start()
        try:
            for _ in range(5):
                shared, _report = scan(ws.policy, limits=ws.limits, workers=2)
                assert "tree/p7/m7/f5.py" in set(shared["path"])
        finally:
            stop.set()
            churn.join()
        assert started, "no child was forked"
        alone, _ = scan(ws.policy, limits=ws.limits, workers=1)
        pd.testing.assert_frame_equal(scan(ws.policy, limits=ws.limits, workers=2)[0], alone)
        assert ws.watching == "watching"
        (root / "after_forks.txt").write_text("x")
        wait_for_scan_rows(ws, "a change after the forks")


def _churn(folder: Path, stop: threading.Event) -> None:
    folder.mkdir()
    count = 0
    while not stop.is_set():
        (folder / f"c{count % 20}.txt").write_text(str(count))
        count += 1
        stop.wait(0.002)


def test_closing_workspaces_in_many_threads_at_once(root: Path) -> None:
    before = set(watcher_threads())
    workspaces = [wsnb.open_workspace(root) for _ in range(4)]
    for ws in workspaces:
        ws.scan()
    closers = [threading.Thread(target=ws.close) for ws in workspaces for _ in range(2)]
    for closer in closers:
        closer.start()
    for closer in closers:
        closer.join(10)
    assert all(ws.watching == "closed" for ws in workspaces)
    wait_until(lambda: set(watcher_threads()) <= before, "every watcher thread to end")


@pytest.fixture(autouse=True)
def _no_watcher_left() -> Iterator[None]:
    yield
    gc.collect()


@pytest.mark.skipif(not forked.can_fork(), reason="only Linux forks a child here")
def test_in_a_real_kernel_a_shared_scan_beside_the_watcher_and_a_clean_shutdown(
    root: Path,
) -> None:
    """In a kernel (its own threads, the watcher's, a forked scan child): all agree, and a
    shutdown request ends the kernel with the watcher still running."""
    from jupyter_client.manager import start_new_kernel

    make_tree(root, {f"tree/p{p}/m{m}/f{f}.py": "x" for p in range(6) for m in range(6)
                     for f in range(4)})  # fmt: skip
    code = textwrap.dedent(f"""
        import threading, time
        import pandas as pd
        import wsnb
        from wsnb.fileindex import scanner, walker
        from wsnb.fileindex.scanner import scan
        walker._SHARE_AFTER_ENTRIES, walker._SHARE_MIN_FOLDERS = 1, 2
        scanner._SHARE_MIN_MAX_FILES = 1
        forks = []
        original = walker.fork_call
        walker.fork_call = lambda func: forks.append(1) or original(func)
        ws = wsnb.open_workspace({str(root)!r})
        ws.scan()
        stop = threading.Event()
        def churn():
            n = 0
            while not stop.is_set():
                (ws.root / f"churn{{n % 10}}.txt").write_text(str(n)); n += 1; stop.wait(0.002)
        worker = threading.Thread(target=churn); worker.start()
        shared = [scan(ws.policy, limits=ws.limits, workers=2)[0] for _ in range(5)]
        stop.set(); worker.join()
        alone = scan(ws.policy, limits=ws.limits, workers=1)[0]
        pd.testing.assert_frame_equal(scan(ws.policy, limits=ws.limits, workers=2)[0], alone)
        (ws.root / "seen.txt").write_text("x")
        deadline = time.monotonic() + 20
        while "seen.txt" not in set(ws.files["path"]) and time.monotonic() < deadline:
            time.sleep(0.02)
        print(bool(forks), ws.watching, "seen.txt" in set(ws.files["path"]))
    """)
    printed: list[str] = []

    def keep(message: dict[str, Any]) -> None:
        if message["msg_type"] == "stream":
            printed.append(message["content"]["text"])

    manager, client = start_new_kernel(kernel_name="python3",
                                       env={**os.environ, "PYTHONPATH": os.getcwd()})  # fmt: skip
    try:
        reply = client.execute_interactive(code, timeout=120, output_hook=keep)
        assert reply["content"]["status"] == "ok", reply["content"]
        assert "".join(printed).split() == ["True", "watching", "True"]
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=False)  # a shutdown request, as JupyterLab sends it
    assert not manager.is_alive()
