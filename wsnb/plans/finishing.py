"""Finishing a change set cut short: its changes that did not run, if every one still applies.

The set's request (kept in ``.wsnb/runs/`` while it ran, ``wsnb.plans.ahead``) holds
each change as the person confirmed it and the fingerprints of the paths it was
checked against. A change still applies when every one of those paths is as it
was then; the plan book then proposes the remaining changes as a change set that
the journal counts as the rest of the first one (same group, same numbers).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..disk import fsops
from ..errors import PolicyError, UsageError
from ..i18n import _
from .ahead import read_request
from .future import matches

if TYPE_CHECKING:
    from ..tools.base import ToolContext
    from .recovery import Interrupted

__all__ = ["finish_changes"]


def finish_changes(ctx: ToolContext, found: Interrupted) -> tuple[list[dict[str, Any]],
                                                                  dict[int, int]]:  # fmt: skip
    """The changes that did not run, and their numbers in the first set (by place, from 1).

    Raises ``UsageError`` saying why when the run can't be finished: not a change set, its
    request was not kept, nothing is left to do, or a change no longer applies.
    """
    request = read_request(ctx, found.run) if found.kind == "set" else None
    if request is None:
        raise UsageError(_("“{title}” can't be finished from here (only a change set whose "
                           "changes wsnb kept can be); undo it with ws.undo(), or keep it as "
                           "it is.").format(title=found.title))  # fmt: skip
    remaining = [step for step in found.steps if step["state"] != "ran"]
    if not remaining:
        raise UsageError(_("Every change of “{title}” ran; there is nothing left to "
                           "finish.").format(title=found.title))  # fmt: skip
    changes: list[dict[str, Any]] = []
    numbers: dict[int, int] = {}
    ran = {int(step["step"]) for step in found.steps if step["state"] == "ran"}
    for place, step in enumerate(remaining, 1):
        number = int(step["step"])
        change = (request.get("changes") or {}).get(str(number))
        if not isinstance(change, dict):
            raise UsageError(_("Change {number} of “{title}” was not kept, so the set can't be "
                               "finished; undo it with ws.undo().").format(
                number=number, title=found.title))  # fmt: skip
        prints = dict((request.get("fingerprints") or {}).get(str(number)) or {})
        after = (request.get("after") or {}).get(str(number)) or []
        if all(int(earlier) in ran for earlier in after):
            # Planned on changes that all ran: the files they left are on the disk now.
            expected = (request.get("expects") or {}).get(str(number)) or {}
            _check_expected(ctx, found, number, expected)
        _check_applies(ctx, found, number, prints)
        changes.append(change)
        numbers[place] = number
    return changes, numbers


def _check_expected(ctx: ToolContext, found: Interrupted, number: int,
                    expected: dict[str, Any]) -> None:  # fmt: skip
    """A change planned on what earlier changes leave, when they ran: each path as they left it
    (``wsnb.plans.future``)."""
    for relative, want in expected.items():
        try:
            same = matches(fsops.fingerprint(ctx.policy.resolve(relative)), want)
        except (PolicyError, KeyError, TypeError):
            same = False
        if not same:
            _no_longer_applies(found, number, relative)


def _no_longer_applies(found: Interrupted, number: int, path: str) -> None:
    raise UsageError(_("Change {number} of “{title}” no longer applies: {path} changed since "
                       "the set was confirmed. Undo the set with ws.undo() instead.").format(
        number=number, title=found.title, path=path))  # fmt: skip


def _check_applies(ctx: ToolContext, found: Interrupted, number: int, prints: Any) -> None:
    for relative, values in (prints or {}).items():
        try:
            now = fsops.fingerprint(ctx.policy.resolve(relative))
            same = now == fsops.Fingerprint(*values)
        except (PolicyError, TypeError):
            same = False
        if not same:
            _no_longer_applies(found, number, relative)
