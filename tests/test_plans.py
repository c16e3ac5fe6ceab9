"""The plan lifecycle: states and invalid moves, confirmation, modes, stale plans, text forms."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import Bench, make_bench, snapshot, user_files, write

from wsnb.errors import (
    ConfirmationError,
    PlanStateError,
    PolicyError,
    StalePlanError,
    UsageError,
)
from wsnb.plans.plan import Plan
from wsnb.types import PermissionMode, PlanState, Risk, Rule

# -- the lifecycle -------------------------------------------------------------


def test_a_proposed_plan_is_pending_and_changes_nothing_until_confirmed(
    bench: Bench, root: Path
) -> None:
    plan = bench.propose("create_file", path="notes/todo.md", content="buy milk\n")
    assert plan.state is PlanState.PENDING
    assert plan.requires_confirmation
    assert not (root / "notes").exists()
    assert bench.journal.entries() == []

    result = plan.confirm()

    assert result.success and plan.state is PlanState.DONE and plan.result is result
    assert (root / "notes" / "todo.md").read_bytes() == b"buy milk\n"
    assert [e.plan_id for e in bench.journal.entries()] == [plan.id]
    assert bench.changed == [plan]


def test_plan_fields_say_what_will_happen(bench: Bench) -> None:
    plan = bench.propose("create_file", path="a/b/new.txt", content="x\n")
    assert plan.action.value == "create_file" and plan.risk is Risk.MEDIUM
    assert plan.target is not None and plan.target.relative == "a/b/new.txt"
    assert plan.target.absolute == bench.root / "a" / "b" / "new.txt"
    assert plan.parent_dirs == ["a", "a/b"]
    assert plan.content == "x\n" and plan.preview == "x\n"
    assert len(plan.id) == 6 and int(plan.id, 16) >= 0
    assert plan.created_at.tzinfo is not None


def test_cancel_a_pending_plan(bench: Bench, root: Path) -> None:
    plan = bench.propose("create_file", path="x.txt")
    plan.cancel()
    assert plan.state is PlanState.CANCELLED
    with pytest.raises(PlanStateError, match="cancelled; make a new plan"):
        plan.confirm()
    assert not (root / "x.txt").exists()
    assert bench.journal.entries() == []


def _done(bench: Bench) -> Plan:
    plan = bench.propose("create_file", path="done.txt", content="one\n")
    plan.confirm()
    return plan


def _cancelled(bench: Bench) -> Plan:
    plan = bench.propose("create_file", path="never.txt")
    plan.cancel()
    return plan


def _refused(bench: Bench) -> Plan:
    return bench.propose("create_file", path="run.bat", content="echo hi\n")


def _failed(bench: Bench) -> Plan:
    plan = bench.propose("create_file", path="late.txt")
    write(bench.root, "late.txt", "someone else\n")
    with pytest.raises(StalePlanError):
        plan.confirm()
    return plan


@pytest.mark.parametrize(
    ("make", "move", "message"),
    [
        (_done, "confirm", "already carried out; make a new plan"),
        (_done, "cancel", "can't be cancelled; use undo"),
        (_cancelled, "confirm", "was cancelled"),
        (_cancelled, "cancel", "already cancelled"),
        (_refused, "confirm", "refused, so it can't be confirmed: run.bat has a suffix"),
        (_refused, "cancel", "refused and will never run"),
        (_failed, "confirm", "is stale: a file changed since it was made"),
        (_failed, "cancel", "stale and will never run"),
    ],
)
def test_invalid_moves_raise_and_change_nothing(
    bench: Bench, make: object, move: str, message: str
) -> None:
    plan = make(bench)  # type: ignore[operator]
    state = plan.state
    before = snapshot(bench.root)
    with pytest.raises(PlanStateError, match=message):
        getattr(plan, move)()
    assert plan.state is state
    assert snapshot(bench.root) == before


def test_a_built_plan_must_be_proposed_first(bench: Bench, root: Path) -> None:
    tool = bench.book._registry.get("create_file")
    plan = tool.plan(bench.ctx, path="direct.txt")  # type: ignore[attr-defined]
    assert plan.state is PlanState.BUILT
    with pytest.raises(PlanStateError, match="not been proposed"):
        plan.confirm()
    assert not (root / "direct.txt").exists()


def test_refused_plan_says_why_in_text_and_result(bench: Bench) -> None:
    plan = _refused(bench)
    assert plan.state is PlanState.REFUSED and plan.rule is Rule.DANGEROUS_SUFFIX
    assert plan.result is not None and not plan.result.success
    assert "suffix that runs programs" in plan.result.error
    assert "refused: run.bat has a suffix" in plan.describe()


def test_unknown_and_missing_parameters_give_refused_plans(bench: Bench) -> None:
    odd = bench.propose("create_file", path="a.txt", colour="red")
    assert odd.state is PlanState.REFUSED and "does not take 'colour'" in (odd.refusal or "")
    missing = bench.propose("move_file", source="a.txt")
    assert missing.state is PlanState.REFUSED and "needs target" in (missing.refusal or "")


def test_unknown_tool_and_run_at_once_tools_are_usage_errors(bench: Bench) -> None:
    with pytest.raises(UsageError, match="No tool named 'format_disk'"):
        bench.propose("format_disk")
    with pytest.raises(UsageError, match="runs at once"):
        bench.propose("open_folder", path=".")


def test_get_and_plans(bench: Bench) -> None:
    first = bench.propose("create_file", path="a.txt")
    second = _refused(bench)
    assert bench.book.get(first.id) is first
    assert bench.book.plans() == [first, second]
    with pytest.raises(UsageError, match="no plan 'zzz'"):
        bench.book.get("zzz")


# -- strong confirmation --------------------------------------------------------


def test_trashing_a_folder_needs_strong_confirmation(bench: Bench, root: Path) -> None:
    write(root, "old/a.txt")
    plan = bench.propose("trash", path="old")
    assert plan.requires_strong_confirmation
    before = snapshot(root)
    with pytest.raises(ConfirmationError, match=r"confirm\(strong=True\).*typed_name='old'"):
        plan.confirm()
    with pytest.raises(ConfirmationError, match="You typed 'olds'"):
        plan.confirm(typed_name="olds")
    assert plan.state is PlanState.PENDING
    assert snapshot(root) == before

    assert plan.confirm(typed_name="old").success
    assert not (root / "old").exists()


def test_strong_true_confirms(bench: Bench, root: Path) -> None:
    write(root, ".env", "KEY=1\n")
    plan = bench.propose("trash", path=".env")
    assert plan.requires_strong_confirmation
    assert "secrets" in plan.describe()
    with pytest.raises(ConfirmationError):
        plan.confirm()
    assert plan.confirm(strong=True).success
    assert not (root / ".env").exists()


def test_an_ordinary_file_needs_no_strong_confirmation(bench: Bench, root: Path) -> None:
    write(root, "plain.txt")
    plan = bench.propose("trash", path="plain.txt")
    assert not plan.requires_strong_confirmation
    assert plan.confirm().success


# -- permission modes ------------------------------------------------------------


WRITE_CALLS = [
    ("create_file", {"path": "new.txt", "content": "x"}),
    ("create_folder", {"path": "newdir"}),
    ("write_file", {"path": "a.txt", "content": "changed\n"}),
    ("copy_file", {"source": "a.txt", "target": "b.txt"}),
    ("move_file", {"source": "a.txt", "target": "c.txt"}),
    ("rename", {"path": "a.txt", "new_name": "d.txt"}),
    ("trash", {"path": "a.txt"}),
]


@pytest.mark.parametrize(("tool", "params"), WRITE_CALLS)
def test_read_only_mode_refuses_every_write_plan(
    root: Path, tool: str, params: dict[str, object]
) -> None:
    write(root, "a.txt")
    bench = make_bench(root, mode=PermissionMode.READ_ONLY)
    before = snapshot(root)
    plan = bench.propose(tool, **params)
    assert plan.state is PlanState.REFUSED and plan.rule is Rule.READ_ONLY_MODE
    assert "read-only" in (plan.refusal or "")
    with pytest.raises(PlanStateError):
        plan.confirm(strong=True)
    assert snapshot(root) == before


def test_read_only_mode_refuses_an_undo_too(root: Path) -> None:
    bench = make_bench(root)
    _done(bench)
    locked = make_bench(root, mode=PermissionMode.READ_ONLY)
    plan = locked.book.undo()
    assert plan.state is PlanState.REFUSED and plan.rule is Rule.READ_ONLY_MODE
    assert (root / "done.txt").exists()


def test_advanced_mode_still_waits_for_confirmation(root: Path) -> None:
    bench = make_bench(root, mode=PermissionMode.ADVANCED)
    plan = bench.propose("create_file", path="adv.txt", content="x\n")
    assert plan.state is PlanState.PENDING and plan.requires_confirmation
    assert not (root / "adv.txt").exists()
    plan.confirm()
    assert (root / "adv.txt").exists()


# -- stale plans: nothing sneaks in between plan and confirm -------------------------


def test_create_target_appearing_makes_the_plan_stale(bench: Bench, root: Path) -> None:
    plan = bench.propose("create_file", path="race.txt", content="mine\n")
    write(root, "race.txt", "theirs\n")
    with pytest.raises(StalePlanError, match=r"race\.txt changed since the plan was made"):
        plan.confirm()
    assert plan.state is PlanState.STALE  # the name plan_status says for a stored plan
    assert (root / "race.txt").read_bytes() == b"theirs\n"
    assert bench.journal.entries() == []


def test_file_edited_between_plan_and_confirm_same_size(bench: Bench, root: Path) -> None:
    path = write(root, "doc.txt", "alpha\n")
    stamp = path.stat().st_mtime_ns
    plan = bench.propose("write_file", path="doc.txt", content="omega\n")
    path.write_bytes(b"gamma\n")  # same size
    os.utime(path, ns=(stamp, stamp))  # and the same modification time
    with pytest.raises(StalePlanError, match=r"doc\.txt changed"):
        plan.confirm()
    assert path.read_bytes() == b"gamma\n"
    assert not (root / ".wsnb" / "backups").exists()


def test_move_target_appearing_makes_the_plan_stale(bench: Bench, root: Path) -> None:
    write(root, "a.txt", "A\n")
    plan = bench.propose("move_file", source="a.txt", target="sub/b.txt")
    write(root, "sub/b.txt", "B\n")
    before = snapshot(root)
    with pytest.raises(StalePlanError, match=r"sub/b\.txt changed"):
        plan.confirm()
    assert snapshot(root) == before


def test_source_deleted_makes_the_plan_stale(bench: Bench, root: Path) -> None:
    write(root, "a.txt", "A\n")
    plan = bench.propose("move_file", source="a.txt", target="b.txt")
    (root / "a.txt").unlink()
    with pytest.raises(StalePlanError, match=r"a\.txt changed"):
        plan.confirm()
    assert not (root / "b.txt").exists()


def test_trash_source_replaced_makes_the_plan_stale(bench: Bench, root: Path) -> None:
    write(root, "a.txt", "A\n")
    plan = bench.propose("trash", path="a.txt")
    write(root, "a.txt", "a different file\n")
    with pytest.raises(StalePlanError):
        plan.confirm()
    assert (root / "a.txt").read_bytes() == b"a different file\n"


def test_folder_replaced_by_a_symlink_is_refused_at_confirm(
    bench: Bench, root: Path, tmp_path: Path
) -> None:
    (root / "sub").mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    plan = bench.propose("create_file", path="sub/new.txt", content="x\n")
    (root / "sub").rmdir()
    try:
        (root / "sub").symlink_to(outside, target_is_directory=True)
    except OSError:
        pytest.skip("this platform can't make symbolic links")
    with pytest.raises(PolicyError, match="symbolic link") as caught:
        plan.confirm()
    assert caught.value.rule is Rule.SYMLINK
    assert plan.state is PlanState.REFUSED and plan.can_remake
    assert list(outside.iterdir()) == []


def test_switching_to_read_only_before_confirm_refuses(bench: Bench, root: Path) -> None:
    plan = bench.propose("create_file", path="x.txt")
    bench.ctx.policy.mode = PermissionMode.READ_ONLY
    with pytest.raises(PolicyError, match="read-only"):
        plan.confirm()
    assert plan.state is PlanState.REFUSED and not (root / "x.txt").exists()


# -- text forms and the pending frame -------------------------------------------------


def test_repr_is_one_short_line(bench: Bench) -> None:
    plan = bench.propose("create_file", path="notes/todo.md")
    assert repr(plan) == f"<Plan {plan.id} create_file notes/todo.md: pending, risk medium>"


def test_describe_has_paths_risk_warnings_and_diff(bench: Bench, root: Path) -> None:
    write(root, "src/main.cpp", "int main() {\n  return 0;\n}\n")
    plan = bench.propose("write_file", path="src/main.cpp", content="")
    text = plan.describe()
    assert str(plan) == text
    for part in ("Write src/main.cpp", "risk: high", "state: pending", "target: src/main.cpp",
                 "warning: The new content is empty", "--- a/src/main.cpp",
                 "-  return 0;", "confirm()"):  # fmt: skip
        assert part in text
    bundle = plan._repr_mimebundle_()
    assert bundle["text/plain"] == text
    assert bundle["text/html"].startswith("<pre>") and "&lt;" not in text
    assert "int main() {" in bundle["text/html"]


def test_html_form_escapes(bench: Bench) -> None:
    plan = bench.propose("create_file", path="page.html", content="<b>bold</b>\n")
    html = plan._repr_mimebundle_()["text/html"]
    assert "&lt;b&gt;bold&lt;/b&gt;" in html and "<b>" not in html


def test_describe_of_a_move_shows_both_paths_and_new_folders(bench: Bench, root: Path) -> None:
    write(root, "a.txt")
    plan = bench.propose("move_file", source="a.txt", target="x/y/a.txt")
    text = plan.describe()
    assert "source: a.txt" in text and "target: x/y/a.txt" in text
    assert "new folders: x, x/y" in text
    assert repr(plan).startswith(f"<Plan {plan.id} move a.txt -> x/y/a.txt: pending")


def test_pending_frame_lists_pending_plans_oldest_first(bench: Bench, root: Path) -> None:
    write(root, "box")
    first = bench.propose("create_file", path="one.txt")
    second = bench.propose("trash", path="box")
    done = bench.propose("create_file", path="three.txt")
    done.confirm()
    _refused(bench)
    frame = bench.book.pending()
    assert list(frame.columns) == ["id", "action", "risk", "title", "source", "target",
                                   "strong", "created", "proposer", "workspace"]  # fmt: skip
    assert set(frame["proposer"]) == {"notebook"} and set(frame["workspace"]) == {"files"}
    assert frame["id"].tolist() == [first.id, second.id]
    assert frame["action"].tolist() == ["create_file", "trash"]
    assert frame["risk"].tolist() == ["medium", "high"]
    assert frame["target"].tolist()[0] == "one.txt" and frame["source"].tolist()[1] == "box"
    assert frame["strong"].tolist() == [False, False]


def test_pending_frame_when_empty_has_the_columns(bench: Bench) -> None:
    frame = bench.book.pending()
    assert frame.empty and "strong" in frame.columns


def test_on_change_is_called_only_after_a_successful_change(bench: Bench, root: Path) -> None:
    plan = bench.propose("create_file", path="x.txt")
    plan.cancel()
    stale = bench.propose("create_file", path="y.txt")
    write(root, "y.txt")
    with pytest.raises(StalePlanError):
        stale.confirm()
    assert bench.changed == []
    ok = bench.propose("create_folder", path="z")
    ok.confirm()
    assert bench.changed == [ok]
    assert user_files(root)["z"] == "<dir>"


def test_two_confirms_at_once_execute_once(bench: Bench, root: Path) -> None:
    import threading

    plan = bench.propose("create_file", path="once.txt", content="x\n")
    outcomes: list[str] = []
    barrier = threading.Barrier(4)

    def confirm() -> None:
        barrier.wait()
        try:
            plan.confirm()
            outcomes.append("done")
        except PlanStateError:
            outcomes.append("refused")

    threads = [threading.Thread(target=confirm) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["done", "refused", "refused", "refused"]
    assert len(bench.journal.entries()) == 1
    assert (root / "once.txt").read_text() == "x\n"
