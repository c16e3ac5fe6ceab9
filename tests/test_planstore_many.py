"""Ten thousand stored plans: a proposal still reads no other record, and the views stay small.

The records are written straight into ``.wsnb/plans/`` as the store writes
them (the same JSON, the file time set to the last move), so making 10,000 of
them takes a second instead of 10,000 proposals.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from helpers import write

import wsnb
from wsnb.errors import NotFoundError
from wsnb.plans.store import PlanStore
from wsnb.widgets.inbox import Inbox
from wsnb.widgets.plansview import PAGE, PlansView


def _record(plan_id: str, state: str, created: datetime,
            decided: datetime | None) -> dict[str, Any]:  # fmt: skip
    path = f"many/{plan_id}.md"
    record: dict[str, Any] = {
        "version": 1, "id": plan_id, "lang": "en",
        "request": {"tool": "create_file", "params": {"path": path, "content": "x\n"}},
        "state": state, "title": f"Create file {path}", "message": "", "proposer": "mcp:bench",
        "confirmed_by": "notebook" if state == "done" else None,
        "created": created.isoformat(), "expires": (created + timedelta(days=1)).isoformat(),
        "fingerprints": {path: [False, False, 0, 0, None]},
    }  # fmt: skip
    if decided is not None:
        record["decided"] = decided.isoformat()
    return record


def store_records(root: Path, count: int, state: str, created: datetime,
                  decided: datetime | None = None, first: int = 0) -> list[str]:  # fmt: skip
    """``count`` records kept as the store keeps them; their ids, oldest first."""
    folder = root / ".wsnb" / "plans"
    folder.mkdir(parents=True, exist_ok=True)
    ids = []
    for n in range(first, first + count):
        plan_id = f"{n:08x}"
        made = created + timedelta(seconds=n)
        path = folder / f"{plan_id}.json"
        path.write_text(json.dumps(_record(plan_id, state, made, decided)), encoding="utf-8")
        when = (decided or made).timestamp()
        os.utime(path, (when, when))
        ids.append(plan_id)
    return ids


def _counting_reads(store: PlanStore, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids whose whole record the store reads from now on."""
    files = store._files
    read: Callable[[str], dict[str, Any] | None] = files.read
    seen: list[str] = []

    def counted(plan_id: str) -> dict[str, Any] | None:
        seen.append(plan_id)
        return read(plan_id)

    monkeypatch.setattr(files, "read", counted)
    return seen


@pytest.fixture
def now() -> datetime:
    return datetime.now().astimezone()


def test_a_proposal_among_10000_stored_plans_reads_no_other_record(
    root: Path, now: datetime, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = store_records(root, 6000, "done", now - timedelta(days=40), now - timedelta(days=30))
    recent = store_records(root, 1000, "cancelled", now - timedelta(days=2),
                           now - timedelta(days=1), first=6000)  # fmt: skip
    waiting = store_records(root, 3000, "pending", now - timedelta(hours=1), first=7000)
    ws = wsnb.open_workspace(root, watch=False)
    store = ws.plan_store
    reads = _counting_reads(store, monkeypatch)

    # The first proposal in a while sweeps: it reads the old records only, by their file time.
    first = store.submit(ws.create_file("first.md", "x\n"), proposer="mcp:agent")
    assert first.state == "pending"
    assert sorted(reads) == old
    kept = {p.stem for p in (root / ".wsnb" / "plans").glob("*.json")}
    assert kept == {*recent, *waiting, first.plan_id}
    with pytest.raises(NotFoundError, match="kept for a week"):
        store.status(old[0])
    assert store.status(recent[0]).state == "cancelled"

    # Within the hour, in this process or another, a proposal reads nothing but writes its own.
    reads.clear()
    second = store.submit(ws.create_file("second.md", "x\n"), proposer="mcp:agent")
    other = wsnb.open_workspace(root, watch=False)
    other_reads = _counting_reads(other.plan_store, monkeypatch)
    third = other.plan_store.submit(other.create_file("third.md", "x\n"), proposer="mcp:b")
    assert reads == [] and other_reads == []
    assert store.status(second.plan_id).state == other.plan_store.status(third.plan_id).state
    assert not (root / "first.md").exists()  # proposals only
    ws.close()
    other.close()


def test_statuses_parse_a_record_once_and_then_only_when_it_changes(
    root: Path, now: datetime, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = store_records(root, 10_000, "pending", now - timedelta(hours=2))
    ws = wsnb.open_workspace(root, watch=False)
    store = ws.plan_store
    reads = _counting_reads(store, monkeypatch)
    assert len(store.statuses()) == 10_000 and len(reads) == 10_000
    reads.clear()
    store.cancel(ids[5], by="notebook")  # reads its record to decide it
    reads.clear()
    states = {s.plan_id: s.state for s in store.statuses()}
    assert reads == [ids[5]] and states[ids[5]] == "cancelled"
    assert store.waiting_count() == 9_999 and reads == [ids[5]]
    ws.close()


def test_the_inbox_shows_a_count_and_the_newest_few_of_10000(root: Path, now: datetime) -> None:
    write(root, "notes/todo.md", "x\n")
    store_records(root, 7000, "done", now - timedelta(days=3), now - timedelta(days=2))
    waiting = store_records(root, 3000, "pending", now - timedelta(hours=1), first=7000)
    ws = wsnb.open_workspace(root, watch=False)
    inbox = Inbox(ws)
    try:
        assert inbox.count == 3000 and len(inbox.cards) == PAGE
        assert [p.id for p in inbox.waiting] == waiting[::-1][:PAGE]  # newest first
        assert "3000 plans wait for your decision." in inbox.title.value
        assert "Showing the newest 20 of 3,000 plans." in inbox.title.value
        assert inbox.more.layout.display != "none" and inbox.more.description == "Show 20 more"
        text = inbox.describe()
        assert text.startswith("3000 plans wait") and "Showing the newest 20 of 3,000" in text
        assert len(text.splitlines()) == PAGE + 2

        inbox.more.click()  # the next ones, on request
        assert len(inbox.cards) == 2 * PAGE and inbox.waiting[-1].id == waiting[::-1][2 * PAGE - 1]

        inbox.cards[waiting[-1]].confirm_button.click()  # the newest is decided here
        assert (root / f"many/{waiting[-1]}.md").exists()
        assert inbox.count == 2999
    finally:
        inbox.close()
    ws.close()


def test_the_plans_tab_shows_a_count_and_the_newest_few(root: Path, now: datetime) -> None:
    waiting = store_records(root, 2500, "pending", now - timedelta(hours=1))
    ws = wsnb.open_workspace(root, watch=False)
    view = PlansView(ws)  # type: ignore[arg-type]
    try:
        assert view.count == 2500 and len(view.pending_cards) == PAGE == len(view.cards)
        assert [p.id for p in view.pending] == waiting[::-1][:PAGE]
        assert "2,500" in view.pending_title.value and "newest 20 of 2,500" in \
            view.pending_title.value
        view.show_more()
        assert len(view.pending_cards) == 2 * PAGE
        assert view.describe().startswith("Plans: 2,500 waiting")
    finally:
        view.close()
    ws.close()


def test_the_counts_speak_chinese_too(root: Path, now: datetime) -> None:
    from wsnb.i18n import using_language

    store_records(root, 30, "pending", now - timedelta(hours=1))
    ws = wsnb.open_workspace(root, watch=False)
    with using_language("zh"):
        inbox = Inbox(ws)
        try:
            assert "显示 30 个计划中最新的 20 个。" in inbox.title.value
            assert inbox.more.description == "再显示 10 个"
        finally:
            inbox.close()
    ws.close()
