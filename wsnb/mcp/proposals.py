"""The propose tools over MCP: a plan through the workspace's plan book, kept in the store.

A propose tool builds the plan exactly as the notebook would (``ws.create_file``
and the rest: the policy gate, risk, warnings, diff, fingerprints), refuses
it with the policy's sentence when the policy refuses, and otherwise submits
it to the pending-plan store (``<root>/.wsnb/plans/``) with the client as
its proposer. Nothing else on disk changes; a person confirms it later.

Exactly the same request again from the same client, while its plan waits,
answers that plan (``already_waiting``) instead of making a second card: an
agent that retries, or forgets it asked, never fills the person's inbox.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import PolicyError, UsageError
from ..i18n import _

if TYPE_CHECKING:
    from ..plans.plan import Plan
    from ..plans.store import PlanStore
    from ..workspace import Workspace
    from .scope import Scope

__all__ = ["MAKERS", "PATH_ARGS", "kept", "propose", "request_key"]

Maker = Callable[["Workspace", dict[str, Any]], "Plan"]

MAKERS: dict[str, Maker] = {
    "propose_create_file": lambda ws, a: ws.create_file(a["path"], a["content"]),
    "propose_write_file": lambda ws, a: ws.write_file(a["path"], a["content"]),
    "propose_edit": lambda ws, a: ws.edit(a["path"], edits=a["edits"]),
    "propose_notebook_edit": lambda ws, a: notebook_edit(ws, a),
    "propose_changes": lambda ws, a: ws.change_set(a["title"], a["changes"]),
    "propose_rename_identifier": lambda ws, a: ws.rename_identifier(a["old"], a["new"],
                                                                     a.get("glob")),
    "propose_create_folder": lambda ws, a: ws.create_folder(a["path"]),
    "propose_copy": lambda ws, a: ws.copy(a["source"], a["target"]),
    "propose_move": lambda ws, a: ws.move(a["source"], a["target"]),
    "propose_rename": lambda ws, a: ws.rename(a["path"], a["new_name"]),
    "propose_trash": lambda ws, a: ws.trash(a["path"]),
    "propose_undo": lambda ws, a: ws.undo(a.get("entry")),
}

PATH_ARGS = ("path", "source", "target")


def notebook_edit(ws: Workspace, args: dict[str, Any]) -> Plan:
    """``propose_notebook_edit``: one cell replaced, inserted or deleted, as a plan."""
    mode, path, cell = args.get("mode") or "replace", args["path"], args["cell"]
    source: Any = args.get("new_source")  # the tool refuses anything but text, saying so
    kind = args.get("cell_type")
    if mode == "insert":
        return ws.insert_cell(path, cell, source, cell_type=kind or "code")
    if mode == "delete":
        return ws.delete_cell(path, cell)
    if mode != "replace":
        raise UsageError(_("mode must be 'replace', 'insert' or 'delete', not {mode!r}.").format(
            mode=mode))
    return ws.edit_cell(path, cell, source)


# One proposal at a time per server: the plan book is shared by every client.
_LOCK = threading.Lock()


def propose(ws: Workspace, name: str, args: dict[str, Any], scope: Scope,
            proposer: str) -> tuple[Plan, dict[str, Any]]:  # fmt: skip
    """Build the plan, refuse it with its sentence when refused, else submit it as pending."""
    changes = args.get("changes")
    for part in (args, *(changes if isinstance(changes, list) else ())):
        for key in PATH_ARGS:
            if isinstance(part, dict) and isinstance(part.get(key), str):
                scope.check(ws.policy.resolve(part[key]).relative)
    with _LOCK:
        return kept(ws.plan_store, name, args, proposer, lambda: MAKERS[name](ws, args),
                    check=lambda plan: _in_scope(plan, scope))


def request_key(name: str, args: dict[str, Any]) -> str:
    """What a request is, as a short key: the tool and its arguments, in a fixed order."""
    spelled = json.dumps([name, args], sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(spelled.encode("utf-8")).hexdigest()[:32]


def kept(store: PlanStore, name: str, args: dict[str, Any], proposer: str,
         make: Callable[[], Plan],
         check: Callable[[Plan], None] | None = None) -> tuple[Plan, dict[str, Any]]:  # fmt: skip
    """The plan already waiting for this very request of ``proposer``, or a new one ``make``
    builds, refused with its sentence, held to ``check``, and kept in ``store`` (the caller
    holds the lock)."""
    asked = request_key(name, args)
    waiting = store.waiting_for(asked, proposer)
    if waiting is not None:
        return waiting, store.status(waiting.id).as_dict() | {"already_waiting": True}
    plan = make()
    if plan.is_refused:
        raise PolicyError(plan.refusal or plan.title, path=_main_path(plan))
    if check is not None:
        check(plan)  # a rename finds its files itself: each inside the roots
    return plan, store.submit(plan, proposer=proposer, asked=asked).as_dict()


def _in_scope(plan: Plan, scope: Scope) -> None:
    """Every path the plan (or a step of it) touches is inside the client's folders."""
    for part in (plan, *plan.steps):
        for path in (part.source, part.target):
            if path is None:
                continue
            try:
                scope.check(path.relative)
            except PolicyError:
                plan.cancel()
                raise


def _main_path(plan: Plan) -> str | None:
    path = plan.target or plan.source
    return path.relative if path is not None else None
