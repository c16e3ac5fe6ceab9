"""The notebook face: ipywidgets views of plans, the journal and the workspace.

Only this package and ``wsnb.magics`` import ipywidgets or IPython; ``import
wsnb`` never loads them. A plan shown in a notebook becomes a ``PlanCard`` by
itself; build views explicitly with these classes::

    from wsnb.widgets import PlanCard, HistoryView, Explorer, SearchPanel, pick_workspace
    PlanCard(ws.create_file("notes/todo.md", "# To do\\n"))
    HistoryView(ws)            # or ws.history_view()
    Explorer(ws)               # or ws.explorer()
    WorkspacePanel(ws)         # or ws.panel(): everything in one widget
    ChatView(ws)               # or ws.chat(): talk to the workspace
    OnboardingForm(notes)      # the notes workspace's onboarding (CheckInForm: the daily check-in)
    InterruptedCard(ws.interrupted[0])  # a change cut short: Undo, Finish, Keep
"""

from __future__ import annotations

from .card import PlanCard
from .changesetcard import ChangeSetCard  # registers itself as the card of a change set
from .chat import ChatView, ReplyView
from .explorer import Explorer
from .history import HistoryView
from .interrupted import InterruptedCard
from .notes_forms import CheckInForm, OnboardingForm, PlanGroupView
from .panel import WorkspacePanel
from .picker import pick_workspace
from .readable import styled
from .search import SearchPanel

__all__ = [
    "ChangeSetCard",
    "ChatView",
    "CheckInForm",
    "Explorer",
    "HistoryView",
    "InterruptedCard",
    "OnboardingForm",
    "PlanCard",
    "PlanGroupView",
    "ReplyView",
    "SearchPanel",
    "WorkspacePanel",
    "pick_workspace",
    "styled",
]
