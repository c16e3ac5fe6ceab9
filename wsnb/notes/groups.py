"""A set of plans a person confirms together (initialize, archive, onboarding, check-in).

Each plan in the group is an ordinary plan of the workspace's plan book, with its
own card. Confirming the group carries them out as one change set (the plan
book's ``confirm_together``): all or none, journaled ahead as one run (so a
group cut short by a crash is found on the next open, and undone or finished),
undone whole. Plans that can't make one set (made by different workspaces, or
two acting on one path) are confirmed in order instead, stopping at the first
that fails. ``on_done`` hooks run once every plan is done (the engine uses them
to save its own metadata).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from typing import Any

import pandas as pd

from ..errors import WsnbError
from ..i18n import _, ngettext
from ..plans.plan import Plan
from ..types import PlanState, ToolResult

__all__ = ["PlanGroup"]

logger = logging.getLogger("wsnb")


class PlanGroup:
    """Plans shown and confirmed together, in order."""

    def __init__(self, title: str, plans: list[Plan], *, note: str = "") -> None:
        self.title = title
        self.plans = list(plans)
        self.note = note
        self.results: list[ToolResult] = []
        self._on_done: list[Callable[[], None]] = []

    def on_done(self, hook: Callable[[], None]) -> None:
        """Run ``hook`` once every plan of the group is done (at once if the group is empty)."""
        self._on_done.append(hook)

    def __iter__(self) -> Iterator[Plan]:
        return iter(self.plans)

    def __len__(self) -> int:
        return len(self.plans)

    def __getitem__(self, index: int) -> Plan:
        return self.plans[index]

    @property
    def refused(self) -> list[Plan]:
        return [p for p in self.plans if p.is_refused]

    @property
    def done(self) -> bool:
        return all(p.state is PlanState.DONE for p in self.plans)

    def confirm(self, *, strong: bool = False) -> list[ToolResult]:
        """Confirm each pending plan in order; stop at the first failure and return the results.

        A refused plan stops the group before anything runs. ``strong`` is
        passed on to plans that need strong confirmation.
        """
        if self.refused:
            first = self.refused[0]
            raise WsnbError(_("{group} can't go ahead: {plan} was refused ({reason}). Nothing "
                              "was changed.").format(group=self.title, plan=first.title,
                                                     reason=first.refusal), path=None)  # fmt: skip
        self.results = []
        together = self._together(strong)
        if together is not None:
            self.results = together
            if all(result.success for result in together):
                self._finish()
            return self.results
        for plan in self.plans:
            if plan.state is PlanState.DONE:
                continue
            result = plan.confirm(strong=strong)
            self.results.append(result)
            if not result.success:
                logger.info("plan group stopped at plan %s", plan.id)
                return self.results
        self._finish()
        return self.results

    def _together(self, strong: bool) -> list[ToolResult] | None:
        """The results of the pending plans carried out as one change set, or None."""
        pending = [plan for plan in self.plans if plan.state is PlanState.PENDING]
        runners = {plan._together for plan in pending}
        if len(pending) < 2 or len(runners) != 1:
            return None
        runner = runners.pop()
        return runner(self.title, pending, strong=strong) if runner is not None else None

    def _finish(self) -> None:
        hooks, self._on_done = self._on_done, []
        for hook in hooks:
            hook()

    def cancel(self) -> None:
        """Drop every plan still pending."""
        for plan in self.plans:
            if plan.state is PlanState.PENDING:
                plan.cancel()

    def frame(self) -> pd.DataFrame:
        rows = [{"id": p.id, "action": p.action.value, "risk": p.risk.label, "title": p.title,
                 "state": p.state.value} for p in self.plans]  # fmt: skip
        return pd.DataFrame(rows, columns=["id", "action", "risk", "title", "state"])

    def describe(self) -> str:
        head = ngettext("{title}: {count} plan", "{title}: {count} plans", len(self.plans)).format(
            title=self.title, count=len(self.plans))  # fmt: skip
        lines = [head]
        if self.note:
            lines.append(self.note)
        if not self.plans:
            lines.append(_("Nothing to do."))
        elif any(p.state is PlanState.PENDING for p in self.plans):
            lines.append(_("confirm() carries them all out in order, cancel() drops them."))
        for plan in self.plans:
            lines += ["", plan.describe()]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.describe()

    def __repr__(self) -> str:
        states = ", ".join(sorted({p.state.value for p in self.plans})) or "empty"
        return f"<PlanGroup {self.title!r}: {len(self.plans)} plans ({states})>"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """Plan cards with Confirm all inside a Jupyter kernel; the text anywhere else."""
        from ..renderers import view_or_text  # the view the notebook face registered

        return view_or_text(self, self.describe, **kwargs)
