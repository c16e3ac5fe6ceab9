"""A confirm killed at any moment: found on the next open, said, and undone to the byte.

Each test kills the confirming process (SIGKILL, as a crash, an out-of-memory kill or a
closed laptop lid would) at moments spread over the confirm's duration, measured in the
same run (three whole confirms first, then one more every ``REMEASURE`` trials, since a
machine shared with other work changes pace): one moment in each of ``TRIALS`` equal
slices of 1.15 times that duration, so every step is hit and some kills come after the
end. After each kill a fresh process opens the workspace: it must say so when the
confirm was cut short part way (an ``InterruptedWarning``, a row ``interrupted`` in
``ws.history``, an entry in ``ws.interrupted``), find a confirm that ended whole in the
journal whole, leave no ``.wsnb-tmp-`` file anywhere, and its undo must bring back
exactly the tree as it was before (the hash of every file and folder outside
``.wsnb/``). See ``crashkit`` for how the processes are made.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from crashkit import (
    SCENARIOS,
    TITLES,
    Worker,
    fresh_copy,
    propose_to_store,
    spread,
    tree_hash,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forks and kills processes"),
]

TRIALS = int(os.environ.get("WSNB_CRASH_TRIALS", "40"))
SEED = int(os.environ.get("WSNB_CRASH_SEED", "38"))


@pytest.fixture(scope="module")
def worker() -> Any:
    found = Worker()
    yield found
    found.close()


REMEASURE = 8


def _measure(worker: Worker, template: Path, base: Path, scenario: str, number: int) -> float:
    """How long one whole confirm of ``scenario`` takes now (its child says its own time)."""
    root = _trial_root(template, base / f"measure{number}", scenario, number)
    reports, status = worker.run({"do": "confirm", "scenario": scenario, "root": str(root)})
    assert status == 0 and reports[-1]["success"], reports
    return float(reports[-1]["done"])


def _trial_root(template: Path, root: Path, scenario: str, number: int) -> Path:
    fresh_copy(template, root)
    if scenario == "store":  # an agent proposes, alternately one new file or a set of three
        (root / ".wsnb").mkdir(exist_ok=True)
        plan_id = propose_to_store(root, "set" if number % 2 else "single")
        (root / ".wsnb" / "which").write_text(plan_id, encoding="utf-8")
    return root


def _trials(worker: Worker, tmp_path: Path, scenario: str) -> tuple[dict[str, str], list[dict]]:
    template = tmp_path / "template"
    SCENARIOS[scenario].make(template)
    before = tree_hash(template)
    kinds = 2 if scenario == "store" else 1  # the store's trials alternate two plans
    times: dict[int, list[float]] = {kind: [] for kind in range(kinds)}
    for measured in range(3 * kinds):
        times[measured % kinds].append(_measure(worker, template, tmp_path, scenario, measured))
    outcomes = []
    for number, share in enumerate(spread(1.0, TRIALS, SEED)):
        kind = number % kinds
        if number and number % REMEASURE < kinds:  # each kind measured again now and then
            times[kind].append(_measure(worker, template, tmp_path, scenario, number))
        moment = share * sorted(times[kind][-3:])[1]  # the median of its last three
        root = _trial_root(template, tmp_path / f"trial{number}", scenario, number)
        killed, _reports = worker.killed_at({"do": "confirm", "scenario": scenario,
                                             "root": str(root)}, moment)  # fmt: skip
        after_kill = tree_hash(root)
        reports, status = worker.run({"do": "look", "scenario": scenario, "root": str(root)})
        assert status == 0 and len(reports) == 1, (number, reports)
        outcomes.append({"trial": number, "moment": moment, "killed": killed,
                         "changed": after_kill != before, "look": reports[0]["look"],
                         "exact": tree_hash(root) == before, "root": root})  # fmt: skip
    measured = "; ".join(", ".join(f"{t * 1000:.0f}" for t in each) for each in times.values())
    print(f"\n{scenario}: {TRIALS} kills over 1.15 x a confirm of {measured} ms (seed {SEED})")
    return before, outcomes


def _check_set_trials(outcomes: list[dict[str, Any]], steps: int, title: str) -> Counter[str]:
    """The promises, trial by trial; a count of what the kills left."""
    seen: Counter[str] = Counter()
    for outcome in outcomes:
        look, where = outcome["look"], f"trial {outcome['trial']} at {outcome['moment']:.4f} s"
        assert look["temp_after_open"] == [], where
        waiting = look["waiting"]
        if waiting:  # cut short part way: said on open, a row, and the steps that ran
            [found] = waiting
            ran = found["steps"].count("ran")
            assert look["said"] and title in look["said"][0], where
            assert "interrupted" in look["states"], where
            seen[f"{ran} of {steps} ran, cut short"] += 1
            assert look["undo"]["success"], (where, look["undo"])
        elif look["whole"]:  # ended whole: in the journal whole, undone whole
            assert look["whole"] == steps and not look["said"], (where, look)
            assert look["undo"]["success"] and str(steps) in look["undo"]["message"], where
            seen["done whole"] += 1
        else:  # killed before the first change: nothing changed, nothing to decide
            assert not outcome["changed"] and not look["said"], (where, look)
            seen["nothing changed"] += 1
        assert outcome["exact"], f"{where}: the undo did not bring back the tree ({look})"
        assert not look.get("interrupted_after_undo"), where
    return seen


def _summary(scenario: str, seen: Counter[str], outcomes: list[dict[str, Any]]) -> None:
    part = sum(n for what, n in seen.items() if "cut short" in what)
    exact = sum(1 for outcome in outcomes if outcome["exact"])
    print(f"{scenario}: part done and found {part}, undone exactly {exact} of {len(outcomes)}; "
          + ", ".join(f"{what}: {n}" for what, n in sorted(seen.items())))


def test_a_change_set_killed_at_any_moment_is_found_and_undone_exactly(
    worker: Worker, tmp_path: Path
) -> None:
    _before, outcomes = _trials(worker, tmp_path, "set")
    seen = _check_set_trials(outcomes, 6, TITLES["set"])
    _summary("set", seen, outcomes)
    # How the kills fall follows the machine's pace; a floor that any spread over the
    # confirm clears, so the test is about the promises, not the luck of the timing.
    assert sum(n for what, n in seen.items() if "cut short" in what) >= 3, seen
    assert len(seen) >= 4, f"the kills hit too few of the set's steps: {seen}"


def test_a_set_planned_on_what_its_earlier_changes_leave_killed_at_any_moment(
    worker: Worker, tmp_path: Path
) -> None:
    """The set whose changes name what earlier ones make or move (``FUTURE_CHANGES``): its
    writes are backed up ahead from the bytes the earlier changes leave, its intents say the
    sizes those leave, so a kill anywhere is found and undone to the byte."""
    _before, outcomes = _trials(worker, tmp_path, "future")
    seen = _check_set_trials(outcomes, 9, TITLES["future"])
    _summary("future", seen, outcomes)
    assert sum(n for what, n in seen.items() if "cut short" in what) >= 3, seen
    assert len(seen) >= 4, f"the kills hit too few of the set's steps: {seen}"


def test_a_notes_plan_group_killed_at_any_moment_is_found_and_undone_exactly(
    worker: Worker, tmp_path: Path
) -> None:
    _before, outcomes = _trials(worker, tmp_path, "group")
    seen = _check_set_trials(outcomes, 10, TITLES["group"])
    _summary("group", seen, outcomes)
    assert sum(n for what, n in seen.items() if "cut short" in what) >= 3, seen
    assert len(seen) >= 4, f"the kills hit too few of the group's plans: {seen}"


def test_the_plan_store_never_reads_pending_after_its_plan_ran(
    worker: Worker, tmp_path: Path
) -> None:
    before, outcomes = _trials(worker, tmp_path, "store")
    seen: Counter[str] = Counter()
    for outcome in outcomes:
        look, root = outcome["look"], outcome["root"]
        where = f"trial {outcome['trial']} at {outcome['moment']:.4f} s"
        assert look["temp_after_open"] == [], where
        single = outcome["trial"] % 2 == 0
        made = (root / "made.md").exists() if single else (root / "made" / "new.md").exists()
        state = look["state"]
        seen[f"{'create_file' if single else 'set'}: {state}"] += 1
        if state == "pending":  # nothing ran; confirmed now, it runs
            assert not outcome["changed"], (where, look)
            assert look["confirmed_again"] and look["state_after"] == "done", where
        elif state == "done":  # whole: nothing to decide, nothing said
            assert outcome["changed"] and not look["said"], (where, look)
        else:  # a set cut short part way: said so, in the store and on open
            assert state == "interrupted" and not single, (where, look)
            assert look["said"] and "cut short" in look["message"].lower(), where
        if single:  # whatever the moment, the file is there exactly when the record says done
            assert made == (state == "done" or "confirmed_again" in look), where
    print(f"\nstore: {dict(sorted(seen.items()))}")
    assert before  # the template was made
    assert any("interrupted" in what for what in seen) and any("done" in what for what in seen)
