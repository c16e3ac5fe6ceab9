"""Tools that hand a workspace path to the desktop: open a file, open a folder, reveal.

Opening a file starts an app the system picks, so it is a plan a person
confirms (medium risk). Opening a folder or revealing an item only shows the
file manager (low risk), so those run at once. All three go through the
policy's ``check_open`` (no suffix that runs programs, no secrets file) and a
fixed launcher call with one path argument; on a machine with no desktop the
result says so instead of failing obscurely.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from ..errors import LaunchError, PolicyError
from ..i18n import N_, _
from ..plans.building import recheck_path, start_plan
from ..plans.plan import Plan
from ..plans.record import PlanRecord
from ..policy.access import Decision, WsPath
from ..types import ActionType, Risk, Rule, ToolResult
from .base import ToolContext

__all__ = ["OpenFileTool", "OpenFolderTool", "RevealTool"]

# Suffixes that some desktop runs, installs or follows when opened, beyond the policy's list.
_RUNS_WHEN_OPENED = frozenset(
    {".desktop", ".app", ".command", ".jar", ".appimage", ".hta", ".jse", ".wsf", ".wsh",
     ".vbe", ".cpl", ".msc", ".url", ".scf", ".application", ".gadget", ".workflow",
     ".action", ".terminal", ".webloc", ".inetloc", ".deb", ".rpm", ".pkg", ".dmg", ".msix",
     ".appx"}
)  # fmt: skip
# On Windows, opening a script runs it with its interpreter.
_RUNS_ON_WINDOWS = frozenset({".py", ".pyw", ".js", ".pl", ".rb", ".psm1"})


def _check_launchable(ctx: ToolContext, path: Any) -> Decision:
    """The policy's ``check_open`` plus the suffixes that run something when opened."""
    decision = ctx.policy.check_open(path)
    target = decision.path
    if not decision or target is None:
        return decision
    suffix = Path(target.name.rstrip(" .").lower()).suffix
    if suffix in _RUNS_WHEN_OPENED or (sys.platform == "win32" and suffix in _RUNS_ON_WINDOWS):
        reason = _(
            "{path} may run or install something when opened ({suffix}); wsnb never opens "
            "such files."
        ).format(path=target, suffix=suffix)
        return Decision.refuse(Rule.DANGEROUS_SUFFIX, reason, target)
    return decision


class OpenFileTool:
    """Open one file in the app the system picks for it (a plan: it starts a program)."""

    name: str = "open_file"
    display_name: str = N_("Open file")
    action: ActionType = ActionType.OPEN_FILE
    risk: Risk = Risk.MEDIUM

    def plan(self, ctx: ToolContext, **params: Any) -> Plan:
        # Opening changes no file, so read-only mode allows it; it is still confirmed.
        plan, values = start_plan(self, ctx, _("Open {path}").format(path=params.get("path")),
                                  params, ("path",), writes=False)  # fmt: skip
        if values is None:
            return plan
        decision = _check_launchable(ctx, values["path"])
        if not decision:
            return plan.refuse_decision(decision)
        source = decision.raise_if_refused()
        if source.absolute.is_dir():
            return plan.refuse(_("{path} is a folder; use open_folder() to show it in the file "
                                 "manager.").format(path=source), Rule.NOT_ALLOWED)
        plan.source = source
        plan.description = _("Opens {path} with the app the system picks for its type.").format(
            path=source)
        unavailable = ctx.launcher.available()
        if unavailable:
            plan.warnings.append(unavailable)
        return plan

    def recheck(self, ctx: ToolContext, plan: PlanRecord) -> Decision:
        return recheck_path(lambda p: _check_launchable(ctx, p), plan.source)

    def execute(self, ctx: ToolContext, plan: PlanRecord) -> ToolResult:
        source = recheck_path(lambda p: _check_launchable(ctx, p), plan.source).raise_if_refused()
        ctx.launcher.open(source)
        return ToolResult(True, message=_("Opened {path}.").format(path=source),
                          target=source.relative, files=[source.relative])  # fmt: skip


def _launch(ctx: ToolContext, path: Any, *, want_dir: bool | None, verb: str) -> ToolResult:
    """Check, then open or reveal at once; every expected failure is a result, not a raise."""
    decision = _check_launchable(ctx, path)
    if not decision:
        return ToolResult(False, error=decision.reason, rule=decision.rule)
    target = decision.raise_if_refused()
    if want_dir and not target.absolute.is_dir():
        return ToolResult(False, error=_("{path} is a file; use open() to open it.").format(
            path=target), rule=Rule.NOT_ALLOWED, target=target.relative)
    unavailable = ctx.launcher.available()
    if unavailable:
        return ToolResult(False, error=unavailable, target=target.relative)
    try:
        _call(ctx, target, verb)
    except (LaunchError, PolicyError) as exc:
        return ToolResult.failure(exc, target=target.relative)
    done = (_("Opened {path} in the file manager.") if verb == "open"
            else _("Revealed {path} in the file manager."))  # fmt: skip
    return ToolResult(True, message=done.format(path=target),
                      target=target.relative, files=[target.relative])  # fmt: skip


def _call(ctx: ToolContext, target: WsPath, verb: str) -> None:
    if verb == "open":
        ctx.launcher.open(target)
    else:
        ctx.launcher.reveal(target)


class OpenFolderTool:
    """Show a folder in the file manager; low risk, so it runs at once."""

    name: str = "open_folder"
    display_name: str = N_("Open folder")
    action: ActionType = ActionType.OPEN_FOLDER
    risk: Risk = Risk.LOW

    def run(self, ctx: ToolContext, path: str = ".") -> ToolResult:
        return _launch(ctx, path, want_dir=True, verb="open")


class RevealTool:
    """Show an item selected (macOS) or its folder (elsewhere); low risk, runs at once."""

    name: str = "reveal"
    display_name: str = N_("Reveal in file manager")
    action: ActionType = ActionType.REVEAL
    risk: Risk = Risk.LOW

    def run(self, ctx: ToolContext, path: str) -> ToolResult:
        return _launch(ctx, path, want_dir=None, verb="reveal")
