"""The notebook face: ipywidgets views of plans, the journal and the workspace.

Only this package and ``wsnb.magics`` import ipywidgets or IPython; ``import
wsnb`` never loads them. A plan shown in a notebook becomes a ``PlanCard`` by
itself; build views explicitly with these classes::

    from wsnb.widgets import PlanCard, HistoryView
    PlanCard(ws.create_file("notes/todo.md", "# To do\\n"))
    HistoryView(ws)            # or ws.history_view()
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .card import PlanCard
from .history import HistoryView

__all__ = ["Explorer", "HistoryView", "PlanCard", "SearchPanel", "pick_workspace"]

# Views whose modules are still being written load on first use.
_LAZY = {
    "Explorer": ".explorer",
    "SearchPanel": ".search",
    "pick_workspace": ".picker",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'wsnb.widgets' has no attribute {name!r}")
    try:
        value = getattr(import_module(module, __name__), name)
    except (ImportError, AttributeError):
        raise AttributeError(
            f"wsnb.widgets.{name} is not available in this version of wsnb."
        ) from None
    globals()[name] = value
    return value
