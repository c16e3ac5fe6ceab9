"""Kill a confirm at a chosen moment, then look at the workspace from a fresh process.

``Worker`` is one Python process that imported wsnb once; for every trial it forks a
child that confirms (and is killed by the test with SIGKILL at the chosen moment,
as a crash, an out-of-memory kill or a closed laptop lid would end it), then forks
another that opens the workspace afresh and says what it found, undoes what is
left and reports. The worker itself never opens a workspace: each child starts
from the same clean, single-threaded state, without paying for an interpreter and
its imports every time (forking a process that holds threads is unsafe, and the
test runner's process may hold some).

The scenarios (what is confirmed) live here too, so the worker finds them by name.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent

# ---------------------------------------------------------------------------
# Trees
# ---------------------------------------------------------------------------


def tree_hash(root: Path) -> dict[str, str]:
    """Every file and folder outside ``.wsnb/``: its path and the sha256 of its bytes
    (``"<dir>"`` for a folder, ``"<link>"`` and its target for a link)."""
    found: dict[str, str] = {}
    for folder, dirs, files in os.walk(root):
        here = Path(folder)
        dirs[:] = sorted(d for d in dirs if not (here == root and d == ".wsnb"))
        for name in dirs:
            found[(here / name).relative_to(root).as_posix()] = "<dir>"
        for name in sorted(files):
            path = here / name
            relative = path.relative_to(root).as_posix()
            if path.is_symlink():
                found[relative] = f"<link>{os.readlink(path)}"
                continue
            digest = hashlib.sha256()
            with path.open("rb") as handle:
                while chunk := handle.read(1 << 20):
                    digest.update(chunk)
            found[relative] = digest.hexdigest()
    return found


def temp_files(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob(".wsnb-tmp-*"))


def link_tree(template: Path, root: Path) -> None:
    """``root`` as a copy of ``template`` whose files are hard links (wsnb replaces a file by
    renaming a new one over it, so the template's bytes never change); wsnb's own folder
    is copied (its journal grows in place)."""
    for folder, _dirs, files in os.walk(template):
        here = Path(folder)
        target = root / here.relative_to(template)
        target.mkdir(parents=True, exist_ok=True)
        for name in files:
            if ".wsnb" in here.relative_to(template).parts:
                shutil.copy2(here / name, target / name)
            else:
                os.link(here / name, target / name)


# ---------------------------------------------------------------------------
# The worker and its children
# ---------------------------------------------------------------------------

_WORKER = """
import json, os, sys, traceback
sys.path.insert(0, sys.argv[1])
import crashkit
crashkit.warm()
for line in sys.stdin:
    command = json.loads(line)
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            crashkit.child(command)
        except BaseException:
            traceback.print_exc()
            code = 3
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    _pid, status = os.waitpid(pid, 0)
    print(json.dumps({"exit": status}), flush=True)
"""


class Worker:
    """The process that forks a child per command (see the module docstring)."""

    def __init__(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONDONTWRITEBYTECODE": "1"}
        self.process = subprocess.Popen([sys.executable, "-c", _WORKER, str(TESTS)], env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)  # fmt: skip

    def send(self, command: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()

    def read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the worker ended ({self.process.poll()})")
        found: dict[str, Any] = json.loads(line)
        return found

    def run(self, command: dict[str, Any]) -> tuple[list[dict[str, Any]], int]:
        """Send a command that is not killed; its child's reports and its exit status."""
        self.send(command)
        reports = []
        while "exit" not in (message := self.read()):
            reports.append(message)
        return reports, int(message["exit"])

    def killed_at(self, command: dict[str, Any], delay: float) -> tuple[bool, list[dict[str, Any]]]:
        """Send a confirm, SIGKILL its child ``delay`` seconds after it starts confirming.

        True when the kill came before the confirm ended; the child's reports."""
        self.send(command)
        ready = self.read()
        assert "ready" in ready, ready
        time.sleep(delay)
        with suppress(ProcessLookupError):
            os.kill(int(ready["ready"]), signal.SIGKILL)
        reports = [ready]
        while "exit" not in (message := self.read()):
            reports.append(message)
        status = int(message["exit"])
        killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        return killed, reports

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)
        if self.process.stdout is not None:
            self.process.stdout.close()


def warm() -> None:
    """Import once, in the worker, what every child uses: a child then starts in a moment."""
    import send2trash  # noqa: F401

    import wsnb.notes
    import wsnb.plans.store  # noqa: F401


def say(message: dict[str, Any]) -> None:
    print(json.dumps(message), flush=True)


def child(command: dict[str, Any]) -> None:
    """What a forked child does: ``confirm`` a scenario, or ``look`` at a workspace afresh."""
    scenario = SCENARIOS[command["scenario"]]
    root = Path(command["root"])
    (root / ".wsnb").mkdir(exist_ok=True)
    (root / ".wsnb" / "scenario").write_text(command["scenario"], encoding="utf-8")
    if command["do"] == "confirm":
        scenario.confirm(root)
    else:
        say({"look": scenario.look(root, int(command.get("rows", 0)))})


# ---------------------------------------------------------------------------
# Scenarios
# ---------------------------------------------------------------------------


@dataclass
class Scenario:
    """A tree to make, a confirm to cut short, and a fresh look afterwards."""

    make: Callable[[Path], None]
    confirm: Callable[[Path], None]
    look: Callable[[Path, int], dict[str, Any]]
    notes: dict[str, Any] = field(default_factory=dict)


def _confirming(plan: Any) -> None:
    """Say the child is about to confirm (the test's clock starts), confirm, say how long."""
    say({"ready": os.getpid()})
    started = time.perf_counter()
    result = plan.confirm(strong=True)
    say({"done": time.perf_counter() - started, "success": result.success,
         "message": result.message})  # fmt: skip


def _opened(root: Path, open_it: Callable[[Path], Any]) -> tuple[Any, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        opened = open_it(root)
    from wsnb import InterruptedWarning

    said = [str(w.message) for w in caught if issubclass(w.category, InterruptedWarning)]
    return opened, said


def _look_and_undo(ws: Any, said: list[str], root: Path, rows: int) -> dict[str, Any]:
    """What a fresh open found, and the outcome of undoing what is there to undo: what was
    cut short, else the trial's set if it ran whole."""
    from wsnb.errors import UndoError

    history = ws.history
    waiting = ws.interrupted
    report: dict[str, Any] = {
        "said": said, "temp_after_open": temp_files(root),
        "waiting": [{"run": w.run, "steps": [s["state"] for s in w.steps]} for w in waiting],
        "states": history["state"].tolist(), "what": history["what"].tolist(),
        "groups": [g for g in history["group"].tolist() if isinstance(g, str)],
    }  # fmt: skip
    ran_whole = [title for title, state in zip(history["group_title"], history["state"],
                                               strict=True) if title == TITLES[scenario_of(root)]
                 and state == "done"]  # fmt: skip
    report["whole"] = len(ran_whole)
    try:
        if not waiting and not ran_whole:
            raise UndoError("nothing of the trial's confirm is in the journal")
        plan = waiting[0].undo() if waiting else ws.undo()
    except UndoError as exc:
        report["undo"] = {"nothing": str(exc)}
        return report
    result = plan.confirm(strong=True)
    report["undo"] = {"success": result.success, "message": result.message,
                      "title": plan.title}  # fmt: skip
    report["interrupted_after_undo"] = len(ws.interrupted)
    return report


# -- a change set of six changes --------------------------------------------------------

BIG_TEXT = 2 * 1024 * 1024  # the edited file: what wsnb edits at most
# The copied file: big enough that copying is a step of its own, small enough that the
# steps' fsyncs, not one long copy, fill the confirm (so kills spread in time hit each step).
COPIED = int(os.environ.get("WSNB_CRASH_COPY_MB", "4")) * 1024 * 1024


def make_set_tree(root: Path) -> None:
    (root / "notes").mkdir(parents=True)
    line = "filler text of a long file, line after line\n"
    head = "MARKER-OLD: the line the set edits\n"
    body = line * ((BIG_TEXT - len(head)) // len(line))
    (root / "big.txt").write_text(head + body, encoding="utf-8")
    (root / "data.bin").write_bytes(random.Random(7).randbytes(COPIED))
    (root / "notes" / "todo.md").write_text("# To do\n- tidy up\n", encoding="utf-8")
    (root / "old.log").write_text("an old log\n", encoding="utf-8")
    (root / "draft.md").write_text("# Draft\n", encoding="utf-8")


SET_CHANGES = [
    {"op": "edit", "path": "big.txt", "edits": [["MARKER-OLD", "MARKER-NEW"]]},
    {"op": "copy", "source": "data.bin", "target": "backup/data.bin"},
    {"op": "move", "source": "notes/todo.md", "target": "done/todo.md"},
    {"op": "create_file", "path": "new/readme.md", "content": "# New\n"},
    {"op": "trash", "path": "old.log"},
    {"op": "rename", "path": "draft.md", "new_name": "final.md"},
]


# A set planned on what its earlier changes leave: the big file edited at its new name (its
# backup made ahead from the bytes the rename carries), a new file edited and copied, a
# moved file copied from its new place, a trashed path made anew.
FUTURE_CHANGES = [
    {"op": "rename", "path": "big.txt", "new_name": "large.txt"},
    {"op": "edit", "path": "large.txt", "edits": [["MARKER-OLD", "MARKER-NEW"]]},
    {"op": "create_file", "path": "new/readme.md", "content": "# New\n"},
    {"op": "edit", "path": "new/readme.md", "edits": [["# New", "# New, edited"]]},
    {"op": "copy", "source": "new/readme.md", "target": "copies/readme.md"},
    {"op": "move", "source": "data.bin", "target": "moved/data.bin"},
    {"op": "copy", "source": "moved/data.bin", "target": "backup/data.bin"},
    {"op": "trash", "path": "old.log"},
    {"op": "create_file", "path": "old.log", "content": "a new log\n"},
]


def _workspace(root: Path) -> Any:
    import wsnb

    return wsnb.open_workspace(root, watch=False)


def confirm_set(root: Path) -> None:
    ws = _workspace(root)
    _confirming(ws.change_set("Tidy the project", SET_CHANGES))


def confirm_future(root: Path) -> None:
    ws = _workspace(root)
    _confirming(ws.change_set("Tidy on the way", FUTURE_CHANGES))


def look_set(root: Path, rows: int) -> dict[str, Any]:
    ws, said = _opened(root, _workspace)
    return _look_and_undo(ws, said, root, rows)


# -- a notes workspace's plan group (archive: promote, summarise, trash old days) -------

DAY = """# Daily Memory {day}

## Work Log

Wrote the {day} report.

## Candidate Long-Term Memory

- The user prefers tea on {day}.
"""
NOTES_DAYS = [f"2026-01-{day:02d}" for day in range(1, 9)]


def _notes(root: Path) -> Any:
    from datetime import datetime

    from wsnb.notes import open_notes

    return open_notes(root, clock=lambda: datetime(2026, 3, 5, 9, 0).astimezone(), watch=False)


def make_notes_tree(root: Path) -> None:
    """An initialized notes workspace (through its confirmed plans) with eight old days."""
    root.mkdir(parents=True)
    _notes(root).initialize().confirm()
    daily = root / "memory" / "daily"
    daily.mkdir(parents=True, exist_ok=True)
    filler = "\n".join(f"- note {n}: more words to keep" for n in range(2000)) + "\n"
    for day in NOTES_DAYS:
        (daily / f"{day}.md").write_text(DAY.format(day=day) + filler, encoding="utf-8")
    (root / "inbox").mkdir()
    (root / "inbox" / "idea.md").write_text("# Idea\n", encoding="utf-8")


def confirm_group(root: Path) -> None:
    nb = _notes(root)
    group = nb.archive()
    assert len(group) >= 3, group.describe()

    class _Group:  # the group as one confirm, for _confirming
        def confirm(self, *, strong: bool) -> Any:
            from wsnb.types import ToolResult

            results = group.confirm(strong=strong)
            return ToolResult(all(r.success for r in results),
                              message=" ".join(r.message for r in results))

    _confirming(_Group())


def look_group(root: Path, rows: int) -> dict[str, Any]:
    nb, said = _opened(root, _notes)
    return _look_and_undo(nb.workspace, said, root, rows)


# -- the plan store: plans an agent proposed, confirmed by a person ----------------------


def make_store_tree(root: Path) -> None:
    root.mkdir(parents=True)
    (root / "report.md").write_text("# Report\n" + "text\n" * 2000, encoding="utf-8")
    (root / "draft.md").write_text("# Draft\n", encoding="utf-8")


STORE_SET = [
    {"op": "create_file", "path": "made/new.md", "content": "# New\n"},
    {"op": "write", "path": "report.md", "content": "# Report, rewritten\n"},
    {"op": "rename", "path": "draft.md", "new_name": "final.md"},
]


def propose_to_store(root: Path, which: str) -> str:
    """Propose (as an agent would) and keep the plan in the store; its id."""
    ws = _workspace(root)
    if which == "single":
        plan = ws._book.propose("create_file", path="made.md", content="# Made\n")
    else:
        plan = ws._book.propose("change_set", title="Agent's tidy", changes=STORE_SET)
    status = ws.plan_store.submit(plan, proposer="mcp:test-agent")
    ws.close()
    return str(status.plan_id)


def confirm_stored(root: Path) -> None:
    ws = _workspace(root)
    plan_id = (root / ".wsnb" / "which").read_text(encoding="utf-8")

    class _Stored:
        def confirm(self, *, strong: bool) -> Any:
            return ws.plan_store.confirm(plan_id, confirmed_by="notebook", strong=strong)

    _confirming(_Stored())


def look_stored(root: Path, rows: int) -> dict[str, Any]:
    ws, said = _opened(root, _workspace)
    plan_id = (root / ".wsnb" / "which").read_text(encoding="utf-8")
    status = ws.plan_store.status(plan_id)
    report = {"state": status.state, "message": status.message, "said": said,
              "temp_after_open": temp_files(root)}  # fmt: skip
    if status.state == "pending":  # nothing ran: it can still be confirmed, and then it is done
        result = ws.plan_store.confirm(plan_id, confirmed_by="notebook", strong=True)
        report["confirmed_again"] = result.success
        report["state_after"] = ws.plan_store.status(plan_id).state
    return report


TITLES = {"set": "Tidy the project",
          "group": f"Archive {len(NOTES_DAYS)} daily memories older than 30 days",
          "store": "Agent's tidy", "future": "Tidy on the way"}


def scenario_of(root: Path) -> str:
    return (root / ".wsnb" / "scenario").read_text(encoding="utf-8")


SCENARIOS = {
    "set": Scenario(make_set_tree, confirm_set, look_set),
    "group": Scenario(make_notes_tree, confirm_group, look_group),
    "store": Scenario(make_store_tree, confirm_stored, look_stored),
    "future": Scenario(make_set_tree, confirm_future, look_set),
}


def spread(duration: float, trials: int, seed: int) -> list[float]:
    """``trials`` moments over 0..1.15 x ``duration``, one in each equal slice (so every
    part of the confirm is hit), in a shuffled order; the last slices fall after it ends."""
    chance = random.Random(seed)
    moments = [duration * 1.15 * (i + chance.random()) / trials for i in range(trials)]
    chance.shuffle(moments)
    return moments


def fresh_copy(template: Path, root: Path) -> Path:
    if root.exists():
        shutil.rmtree(root)
    link_tree(template, root)
    return root
