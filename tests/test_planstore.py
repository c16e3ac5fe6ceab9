"""The pending-plan store: plans kept on disk, confirmed later by another workspace or process."""

from __future__ import annotations

import json
import os
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from helpers import run_child, snapshot, user_files, write

import wsnb
from wsnb.errors import (
    ConfirmationError,
    NotFoundError,
    PlanStateError,
    PolicyError,
    StalePlanError,
    UsageError,
)
from wsnb.plans.store import PlanStatus, PlanStore, agent_name
from wsnb.types import PlanState


def _open(root: Path, **kwargs: object) -> wsnb.Workspace:
    return wsnb.open_workspace(root, watch=False, **kwargs)  # type: ignore[arg-type]


def _record(root: Path, plan_id: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((root / ".wsnb" / "plans" / f"{plan_id}.json")
                                         .read_text("utf-8"))  # fmt: skip
    return data


def _outside_wsnb(folder: Path) -> dict[str, object]:
    return {k: v for k, v in snapshot(folder).items() if ".wsnb" not in k}


@pytest.fixture
def agent_ws(root: Path) -> wsnb.Workspace:
    """The workspace an agent's server holds."""
    write(root, "notes/todo.md", "buy milk\n")
    return _open(root)


def test_submit_keeps_the_plan_on_disk_and_changes_nothing_else(
    agent_ws: wsnb.Workspace, root: Path
) -> None:
    before = user_files(root)
    plan = agent_ws.write_file("notes/todo.md", "buy bread\n")
    status = agent_ws.plan_store.submit(plan, proposer="mcp:claude-code")

    assert status.state == "pending" and status.plan_id == plan.id
    assert status.proposer == "mcp:claude-code" and status.confirmed_by is None
    assert status.expires - status.created == timedelta(days=1)
    assert user_files(root) == before
    record = _record(root, plan.id)
    assert record["request"] == {"tool": "write_file",
                                 "params": {"path": "notes/todo.md", "content": "buy bread\n"}}
    assert list(record["fingerprints"]) == ["notes/todo.md"]  # type: ignore[call-overload]
    assert oct((root / ".wsnb" / "plans" / f"{plan.id}.json").stat().st_mode & 0o777) == "0o600"
    assert status.as_dict()["created"] == status.created.isoformat()


def test_another_workspace_confirms_it_and_the_journal_says_who(
    agent_ws: wsnb.Workspace, root: Path
) -> None:
    plan = agent_ws.write_file("notes/todo.md", "buy bread\n")
    agent_ws.plan_store.submit(plan, proposer="mcp:claude-code")

    notebook = _open(root)
    waiting = notebook.pending_plans()
    assert [p.id for p in waiting] == [plan.id] and waiting[0] is not plan
    assert waiting[0].diff is not None and "+buy bread" in waiting[0].diff
    assert (root / "notes/todo.md").read_text() == "buy milk\n"

    result = waiting[0].confirm()  # what a card's Confirm button calls

    assert result.success and (root / "notes/todo.md").read_text() == "buy bread\n"
    status = agent_ws.plan_store.status(plan.id)
    assert status.state == "done" and status.confirmed_by == "notebook"
    assert "Wrote notes/todo.md" in status.message
    entry = notebook.history.iloc[0]
    assert entry["proposed_by"] == "mcp:claude-code" and entry["confirmed_by"] == "notebook"
    assert notebook.pending_plans() == []
    with pytest.raises(PlanStateError, match="already carried out"):
        agent_ws.plan_store.confirm(plan.id, confirmed_by="mcp-elicitation:vscode")


def test_the_proposing_side_can_confirm_through_the_store(
    agent_ws: wsnb.Workspace, root: Path
) -> None:
    plan = agent_ws.create_file("new.md", "hi\n")
    agent_ws.plan_store.submit(plan, proposer="mcp:vscode")
    result = agent_ws.plan_store.confirm(plan.id, confirmed_by="mcp-elicitation:vscode")
    assert result.success and (root / "new.md").read_text() == "hi\n"
    assert plan.state is PlanState.DONE  # the kept Plan object is the one that ran
    assert agent_ws.history.iloc[0]["confirmed_by"] == "mcp-elicitation:vscode"


def test_a_file_changed_since_the_proposal_makes_the_plan_stale(
    agent_ws: wsnb.Workspace, root: Path
) -> None:
    plan = agent_ws.write_file("notes/todo.md", "buy bread\n")
    agent_ws.plan_store.submit(plan, proposer="mcp:claude-code")
    write(root, "notes/todo.md", "buy milk and eggs\n")  # edited by hand in between

    notebook = _open(root)
    with pytest.raises(StalePlanError, match="changed since the plan was made"):
        notebook.plan_store.confirm(plan.id, confirmed_by="notebook")

    assert (root / "notes/todo.md").read_text() == "buy milk and eggs\n"
    status = notebook.plan_store.status(plan.id)
    assert status.state == "stale" and "notes/todo.md changed" in status.message
    assert notebook.history.empty
    assert notebook.pending_plans() == []


def test_an_edit_that_keeps_size_and_time_is_still_stale(
    agent_ws: wsnb.Workspace, root: Path
) -> None:
    path = root / "notes/todo.md"
    plan = agent_ws.write_file("notes/todo.md", "buy bread\n")
    agent_ws.plan_store.submit(plan, proposer="mcp:claude-code")
    stat = path.stat()
    path.write_text("buy MILK\n")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    with pytest.raises(StalePlanError):
        _open(root).plan_store.confirm(plan.id, confirmed_by="notebook")
    assert path.read_text() == "buy MILK\n"


def test_a_folder_swapped_for_a_symlink_is_refused_now(
    agent_ws: wsnb.Workspace, root: Path, tmp_path: Path
) -> None:
    plan = agent_ws.create_file("notes/new.md", "x\n")
    agent_ws.plan_store.submit(plan, proposer="mcp:claude-code")
    outside = tmp_path / "outside"
    outside.mkdir()
    (root / "notes/todo.md").unlink()
    (root / "notes").rmdir()
    (root / "notes").symlink_to(outside, target_is_directory=True)

    with pytest.raises((PolicyError, StalePlanError)):
        _open(root).plan_store.confirm(plan.id, confirmed_by="notebook")

    assert list(outside.iterdir()) == []
    assert _open(root).plan_store.status(plan.id).state in {"refused", "stale"}


@pytest.mark.parametrize("path", [".env", "../outside.md", "/etc/hosts", "notes/../../x.md"])
def test_a_record_edited_on_disk_is_checked_again_and_refused(
    agent_ws: wsnb.Workspace, root: Path, path: str
) -> None:
    write(root, ".env", "KEY=1\n")
    plan = agent_ws.create_file("harmless.md", "KEY=2\n")
    agent_ws.plan_store.submit(plan, proposer="mcp:claude-code")
    record_path = root / ".wsnb" / "plans" / f"{plan.id}.json"
    record = json.loads(record_path.read_text("utf-8"))
    record["request"]["params"]["path"] = path  # whoever can write .wsnb/ tampers with it
    record_path.write_text(json.dumps(record), "utf-8")
    before = _outside_wsnb(root.parent)

    with pytest.raises(PolicyError):
        _open(root).plan_store.confirm(plan.id, confirmed_by="notebook")
    assert _outside_wsnb(root.parent) == before
    assert (root / ".env").read_text() == "KEY=1\n"
    assert agent_ws.plan_store.status(plan.id).state == "refused"


def test_a_refused_plan_is_kept_as_refused(agent_ws: wsnb.Workspace) -> None:
    plan = agent_ws.create_file("../escape.txt", "x")
    status = agent_ws.plan_store.submit(plan, proposer="mcp:claude-code")
    assert status.state == "refused" and status.message == plan.refusal
    with pytest.raises(PlanStateError, match="was refused"):
        agent_ws.plan_store.confirm(plan.id, confirmed_by="notebook")


def test_plans_expire_after_a_day_and_say_so(agent_ws: wsnb.Workspace, root: Path) -> None:
    now = [datetime(2026, 3, 1, 9, 0, tzinfo=UTC)]
    store = PlanStore(agent_ws._book, root / ".wsnb" / "plans", clock=lambda: now[0])
    plan = agent_ws.create_file("late.md", "x\n")
    store.submit(plan, proposer="mcp:claude-code")
    now[0] += timedelta(hours=23)
    assert store.status(plan.id).state == "pending"
    now[0] += timedelta(hours=2)

    status = store.status(plan.id)
    assert status.state == "expired"
    assert "expired at 2026-03-02 09:00 without a decision" in status.message
    assert store.pending() == []
    with pytest.raises(PlanStateError, match="expired without a decision"):
        store.confirm(plan.id, confirmed_by="notebook")
    assert not (root / "late.md").exists()
    assert plan.state is PlanState.EXPIRED  # its cards say so, in plan_status's words


def test_decided_plans_are_cleared_a_week_after_their_decision(agent_ws: wsnb.Workspace,
                                                                root: Path) -> None:  # fmt: skip
    now = [datetime(2026, 3, 1, 9, 0, tzinfo=UTC)]
    store = PlanStore(agent_ws._book, root / ".wsnb" / "plans", clock=lambda: now[0])
    done = agent_ws.create_file("kept.md", "x\n")
    store.submit(done, proposer="mcp:claude-code")
    store.confirm(done.id, confirmed_by="notebook")
    waiting = agent_ws.create_file("waiting.md", "x\n")
    store.submit(waiting, proposer="mcp:claude-code")
    now[0] += timedelta(days=6)
    store.submit(agent_ws.create_file("a.md", "x\n"), proposer="mcp:claude-code")
    assert store.status(done.id).state == "done"  # an agent can still ask how it ended
    now[0] += timedelta(days=2)
    later = agent_ws.create_file("b.md", "x\n")
    store.submit(later, proposer="mcp:claude-code")

    with pytest.raises(NotFoundError, match="kept for a week"):
        store.status(done.id)
    assert store.status(waiting.id).state == "expired"  # decided (expired) now, cleared later
    assert store.status(later.id).state == "pending"
    assert (root / "kept.md").read_text() == "x\n"  # what ran stays, and the journal has it
    assert done.id in set(agent_ws.history["plan_id"])


def test_cancel_from_the_agent_side_reaches_the_notebook_plan(
    agent_ws: wsnb.Workspace, root: Path
) -> None:
    plan = agent_ws.create_file("maybe.md", "x\n")
    agent_ws.plan_store.submit(plan, proposer="mcp:claude-code")
    notebook = _open(root)
    [waiting] = notebook.pending_plans()

    status = agent_ws.plan_store.cancel(plan.id, by="mcp-elicitation:claude-code")
    assert status.state == "cancelled" and "mcp-elicitation:claude-code" in status.message
    with pytest.raises(PlanStateError, match="was cancelled"):
        waiting.confirm()
    assert waiting.state is PlanState.CANCELLED and not (root / "maybe.md").exists()


def test_cancel_on_the_card_updates_the_record(agent_ws: wsnb.Workspace, root: Path) -> None:
    plan = agent_ws.create_file("maybe.md", "x\n")
    agent_ws.plan_store.submit(plan, proposer="mcp:claude-code")
    [waiting] = _open(root).pending_plans()
    waiting.cancel()
    assert agent_ws.plan_store.status(plan.id).state == "cancelled"


def test_strong_confirmation_is_still_asked_and_leaves_it_pending(
    agent_ws: wsnb.Workspace, root: Path
) -> None:
    plan = agent_ws.trash("notes")
    assert plan.requires_strong_confirmation
    agent_ws.plan_store.submit(plan, proposer="mcp:claude-code")
    store = _open(root).plan_store
    with pytest.raises(ConfirmationError):
        store.confirm(plan.id, confirmed_by="notebook")
    assert store.status(plan.id).state == "pending"
    assert store.confirm(plan.id, confirmed_by="notebook", typed_name="notes").success
    assert not (root / "notes").exists()


def test_an_undo_proposal_is_made_again_from_its_journal_entry(
    agent_ws: wsnb.Workspace, root: Path
) -> None:
    agent_ws.create_file("made.md", "x\n").confirm()
    undo = agent_ws.undo()
    agent_ws.plan_store.submit(undo, proposer="mcp:claude-code")
    assert _record(root, undo.id)["request"] == {"undo": agent_ws.history.iloc[0]["id"]}
    result = _open(root).plan_store.confirm(undo.id, confirmed_by="notebook", strong=True)
    assert result.success and not (root / "made.md").exists()


def test_unknown_ids_and_paths_as_ids_are_not_found(agent_ws: wsnb.Workspace) -> None:
    for bad in ("abcdef", "../history", "x" * 80, ""):
        with pytest.raises(NotFoundError, match="no stored plan"):
            agent_ws.plan_store.status(bad)


def test_a_plan_made_without_the_book_is_refused(agent_ws: wsnb.Workspace) -> None:
    plan = agent_ws.create_file("a.md")
    plan.confirm()
    with pytest.raises(UsageError, match="just proposed"):
        agent_ws.plan_store.submit(plan, proposer="mcp:x")


def test_agent_name_drops_the_transport() -> None:
    assert agent_name("mcp:claude-code") == "claude-code" and agent_name("notebook") == "notebook"


# -- two at once ------------------------------------------------------------------------


def test_two_threads_confirming_at_once_run_it_once(agent_ws: wsnb.Workspace, root: Path) -> None:
    plan = agent_ws.create_file("once.md", "x\n")
    agent_ws.plan_store.submit(plan, proposer="mcp:claude-code")
    stores = [_open(root).plan_store for _unused in range(4)]
    outcomes: list[str] = []
    start = threading.Barrier(len(stores))

    def confirm(store: PlanStore) -> None:
        start.wait()
        try:
            store.confirm(plan.id, confirmed_by="notebook")
            outcomes.append("done")
        except PlanStateError:
            outcomes.append("refused")

    threads = [threading.Thread(target=confirm, args=(s,)) for s in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["done", "refused", "refused", "refused"]
    assert len(_open(root).history) == 1


_CONFIRM_CHILD = """
import sys, wsnb
from wsnb.errors import PlanStateError
store = wsnb.open_workspace(sys.argv[1], watch=False).plan_store
try:
    store.confirm(sys.argv[2], confirmed_by="process")
    print("done")
except PlanStateError:
    print("refused")
"""


def test_two_processes_confirming_at_once_run_it_once(
    agent_ws: wsnb.Workspace, root: Path
) -> None:
    plan = agent_ws.create_file("once.md", "x\n")
    agent_ws.plan_store.submit(plan, proposer="mcp:claude-code")
    children = [run_child(_CONFIRM_CHILD, str(root), plan.id) for _unused in range(3)]
    said = sorted(child.communicate(timeout=60)[0].strip() for child in children)
    assert said == ["done", "refused", "refused"]
    assert len(_open(root).history) == 1 and (root / "once.md").read_text() == "x\n"


_PROPOSE_CHILD = """
import sys, wsnb
ws = wsnb.open_workspace(sys.argv[1], watch=False)
for n in range(int(sys.argv[3])):
    plan = ws.create_file(f"{sys.argv[2]}-{n}.md", "x\\n")
    ws.plan_store.submit(plan, proposer="mcp:" + sys.argv[2])
print("ok")
"""


def test_two_proposers_at_once_both_land(agent_ws: wsnb.Workspace, root: Path) -> None:
    children = [run_child(_PROPOSE_CHILD, str(root), name, "15") for name in ("one", "two")]
    here = [agent_ws.create_file(f"here-{n}.md") for n in range(15)]
    for plan in here:
        agent_ws.plan_store.submit(plan, proposer="mcp:here")
    assert [child.communicate(timeout=60)[0].strip() for child in children] == ["ok", "ok"]

    statuses = _open(root).plan_store.statuses()
    assert len(statuses) == 45 and {s.state for s in statuses} == {"pending"}
    assert {agent_name(s.proposer) for s in statuses} == {"one", "two", "here"}
    assert len(_open(root).pending_plans()) == 45


_PROPOSE_AND_DIE = """
import os, signal, sys, wsnb
ws = wsnb.open_workspace(sys.argv[1], watch=False)
plan = ws.write_file("notes/todo.md", "from a server that died\\n")
ws.plan_store.submit(plan, proposer="mcp:claude-code")
print(plan.id, flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_a_server_killed_between_propose_and_confirm_loses_nothing(
    agent_ws: wsnb.Workspace, root: Path
) -> None:
    child = run_child(_PROPOSE_AND_DIE, str(root))
    out, _err = child.communicate(timeout=60)
    assert child.returncode == -9
    plan_id = out.strip()

    notebook = _open(root)
    [waiting] = notebook.pending_plans()
    assert waiting.id == plan_id and waiting.data["proposed_by"] == "mcp:claude-code"
    assert waiting.confirm().success
    assert (root / "notes/todo.md").read_text() == "from a server that died\n"


def test_a_claim_left_by_a_dead_process_is_taken_over(
    agent_ws: wsnb.Workspace, root: Path
) -> None:
    plan = agent_ws.create_file("claimed.md", "x\n")
    agent_ws.plan_store.submit(plan, proposer="mcp:claude-code")
    child = run_child("print('bye')")
    child.communicate(timeout=60)
    (root / ".wsnb" / "plans" / f"{plan.id}.claim").write_text(f"{child.pid}\n")

    assert _open(root).plan_store.confirm(plan.id, confirmed_by="notebook").success
    assert not (root / ".wsnb" / "plans" / f"{plan.id}.claim").exists()


def test_a_live_claim_is_respected(agent_ws: wsnb.Workspace, root: Path) -> None:
    plan = agent_ws.create_file("claimed.md", "x\n")
    agent_ws.plan_store.submit(plan, proposer="mcp:claude-code")
    (root / ".wsnb" / "plans" / f"{plan.id}.claim").write_text(f"{os.getppid()}\n")
    with pytest.raises(PlanStateError, match="being decided right now"):
        _open(root).plan_store.confirm(plan.id, confirmed_by="notebook")
    assert not (root / "claimed.md").exists()


# -- listening ---------------------------------------------------------------------------


def test_listeners_hear_plans_another_process_proposes(
    agent_ws: wsnb.Workspace, root: Path
) -> None:
    heard: list[PlanStatus] = []
    arrived = threading.Event()

    def listen(status: PlanStatus) -> None:
        heard.append(status)
        arrived.set()

    store = _open(root).plan_store
    stop = store.subscribe(listen)
    try:
        assert store.watching
        child = run_child(_PROPOSE_CHILD, str(root), "far", "1")
        assert child.communicate(timeout=60)[0].strip() == "ok"
        assert arrived.wait(10)
        assert heard[0].state == "pending" and heard[0].proposer == "mcp:far"
    finally:
        stop()
    assert not store.watching


def test_closing_the_workspace_stops_the_watch(agent_ws: wsnb.Workspace) -> None:
    agent_ws.plan_store.subscribe(lambda status: None)
    assert agent_ws.plan_store.watching
    agent_ws.close()
    assert not agent_ws.plan_store.watching


def test_a_listened_store_says_a_plan_expired_without_being_asked(
    agent_ws: wsnb.Workspace, root: Path
) -> None:
    now = [datetime(2026, 3, 1, 9, 0, tzinfo=UTC)]
    store = PlanStore(agent_ws._book, root / ".wsnb" / "plans", clock=lambda: now[0], tick=0.2)
    plan = agent_ws.create_file("late.md", "x\n")
    store.submit(plan, proposer="mcp:claude-code")
    heard: list[str] = []
    expired = threading.Event()

    def listen(status: PlanStatus) -> None:
        heard.append(status.state)
        if status.state == "expired":
            expired.set()

    stop = store.subscribe(listen)
    try:
        now[0] += timedelta(days=2)
        assert expired.wait(10)
        assert plan.state is PlanState.EXPIRED and "expired at" in plan.warnings[-1]
    finally:
        stop()
    assert heard == ["expired"]
    assert store._watch is None


def test_a_read_only_notebook_leaves_an_agents_plan_pending(
    agent_ws: wsnb.Workspace, root: Path
) -> None:
    plan = agent_ws.create_file("new.md", "x\n")
    agent_ws.plan_store.submit(plan, proposer="mcp:claude-code")
    viewer = _open(root, mode="read-only")
    assert viewer.pending_plans() == []
    with pytest.raises(PolicyError, match="read-only"):
        viewer.plan_store.confirm(plan.id, confirmed_by="notebook")
    assert agent_ws.plan_store.status(plan.id).state == "pending"
    assert _open(root).plan_store.confirm(plan.id, confirmed_by="notebook").success
