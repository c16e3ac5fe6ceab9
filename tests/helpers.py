"""Shared helpers for the plan, write-tool, journal and undo tests.

``make_bench(root)`` wires what the facade wires: a real policy, the real
system trash (pointed at a temporary home by ``conftest.py``), a launcher
whose process start is recorded instead of run, the write tools, a journal
and a plan book.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from wsnb.disk import fsops
from wsnb.disk.launcher import Launcher
from wsnb.disk.trash import Trash
from wsnb.fileindex.scanner import ScanReport, scan
from wsnb.plans.book import PlanBook
from wsnb.plans.journal import Journal
from wsnb.plans.plan import Plan
from wsnb.policy.access import AccessPolicy, WsPath
from wsnb.tools.base import ToolContext, ToolRegistry, local_now
from wsnb.tools.writes import register_write_tools
from wsnb.types import PermissionMode

if TYPE_CHECKING:
    import wsnb

REPO = Path(__file__).resolve().parents[1]
TESTS = Path(__file__).resolve().parent


class Recorder:
    """Stands in for starting a process: keeps the argument lists it was given."""

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def __call__(self, argv: list[str]) -> object:
        self.calls.append(list(argv))
        return None


def fake_bin(folder: Path) -> str:
    """A PATH folder with an ``xdg-open`` that exists but is never run."""
    folder.mkdir(parents=True, exist_ok=True)
    program = folder / "xdg-open"
    program.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    program.chmod(0o755)
    return str(folder)


def _no_index() -> object:
    raise AssertionError("the write tools never need the file index")


@dataclass
class Bench:
    root: Path
    ctx: ToolContext
    book: PlanBook
    journal: Journal
    spawned: Recorder
    changed: list[Plan] = field(default_factory=list)

    def propose(self, tool: str, **params: object) -> Plan:
        return self.book.propose(tool, **params)


def make_bench(
    root: Path,
    *,
    mode: PermissionMode = PermissionMode.CONFIRM,
    desktop: bool = True,
    clock: Callable[[], datetime] = local_now,
    trash: Trash | None = None,
) -> Bench:
    """A plan book over ``root`` with the real trash and a recording launcher."""
    policy = AccessPolicy(root, mode=mode)
    spawned = Recorder()
    environ = {"PATH": fake_bin(root.parent / "fake-bin")}
    if desktop:
        environ["DISPLAY"] = ":0"
    launcher = Launcher(platform="linux", environ=environ, spawn=spawned)
    ctx = ToolContext(
        policy=policy,
        index=_no_index,  # type: ignore[arg-type]
        trash=trash or Trash(),
        launcher=launcher,
        clock=clock,
    )
    registry = ToolRegistry()
    register_write_tools(registry)
    journal = Journal(policy.root)
    changed: list[Plan] = []
    book = PlanBook(ctx, registry, journal, on_change=changed.append)
    return Bench(policy.root, ctx, book, journal, spawned, changed)


def make_context(root: Path, **kwargs: object) -> ToolContext:
    """Just the tool context of ``make_bench``."""
    return make_bench(root, **kwargs).ctx  # type: ignore[arg-type]


def write(root: Path, relative: str, data: bytes | str = "hello\n") -> Path:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.write_bytes(data)
    return path


def chat_tree(root: Path, files: Mapping[str, bytes | str]) -> wsnb.Workspace:
    """A workspace of ``files`` (path -> text or bytes), unwatched, with a fresh offline chat."""
    import wsnb
    from wsnb.agent import Agent

    for relative, data in files.items():
        write(root, relative, data)
    workspace = wsnb.open_workspace(root, watch=False)
    workspace._agent = Agent(workspace, environ={})
    return workspace


def snapshot(root: Path) -> dict[str, object]:
    """Every path below ``root`` with its bytes (files), ``"<dir>"`` or its link target."""
    tree: dict[str, object] = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder, name)
            relative = path.relative_to(root).as_posix()
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode):
                tree[relative] = ("link", os.readlink(path))
            elif stat.S_ISDIR(info.st_mode):
                tree[relative] = "<dir>"
            else:
                tree[relative] = (path.read_bytes(), stat.S_IMODE(info.st_mode))
    return tree


def user_files(root: Path) -> dict[str, object]:
    """``snapshot`` without wsnb's own ``.wsnb`` folder (backups, journal)."""
    return {k: v for k, v in snapshot(root).items() if not k.startswith(".wsnb")}


def put(policy: AccessPolicy, name: str, data: bytes) -> WsPath:
    """Write raw bytes with plain Python (not the code under test) and resolve the path."""
    path = policy.root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return policy.resolve(name)


def temp_leftovers(folder: Path) -> list[str]:
    """The temporary files an atomic write left behind anywhere below ``folder`` (its own
    ``.wsnb/tmp`` included), as paths relative to it."""
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob(f"{fsops.TEMP_PREFIX}*"))


def run_child(code: str, *args: str) -> subprocess.Popen[str]:
    """Start a Python child that imports the same wsnb as the tests."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def make_files(root: Path, *paths: str, content: str = "x") -> None:
    """Create files (and their folders) under ``root`` with plain Python."""
    for relative in paths:
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")


def scan_paths(root: Path, **kwargs: object) -> tuple[list[str], ScanReport]:
    """The scanned paths of ``root`` and the scan's report."""
    frame, report = scan(AccessPolicy(root), **kwargs)  # type: ignore[arg-type]
    return frame["path"].tolist(), report
