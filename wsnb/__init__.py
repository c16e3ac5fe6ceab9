"""wsnb: explore a local folder from Jupyter, and change it only through plans you confirm.

>>> import wsnb
>>> ws = wsnb.open_workspace("~/code/myproj")   # doctest: +SKIP
>>> ws.files.query("suffix == '.py'")            # doctest: +SKIP

Importing wsnb loads pandas but neither ipywidgets, IPython nor httpx: the
notebook face and the language-model client load them when used.
"""

from __future__ import annotations

import logging

from .errors import (
    ConfirmationError,
    ConflictError,
    EditMatchError,
    LaunchError,
    LLMError,
    NotFoundError,
    PlanError,
    PlanStateError,
    PolicyError,
    StalePlanError,
    TrashError,
    UndoError,
    UnknownNameError,
    UnsupportedFileError,
    UsageError,
    WorkspaceOpenError,
    WriteError,
    WsnbError,
)
from .fileindex.scanner import ScanLimits, ScanReport
from .fileindex.watcher import WatchSettings
from .i18n import get_language, set_language
from .notebook import Workspace, open_workspace
from .notes import Notes, open_notes
from .plans.plan import Plan
from .policy.access import AccessPolicy, Decision, WsPath
from .sample import copy_sample_workspace
from .text.nbview import NotebookText
from .tools.tables import TableInfo
from .types import (
    ActionType,
    FileInfo,
    FileText,
    InterruptedWarning,
    PermissionMode,
    PlanState,
    Risk,
    Rule,
    ToolResult,
)

__version__ = "0.1.0"

# A library leaves its log records to the application's handlers: without a handler of its own,
# Python's last resort prints every warning on stderr (in a notebook, a pink block under the
# cell, although the note under the result already says it). Configured logging still hears them.
logging.getLogger("wsnb").addHandler(logging.NullHandler())


def load_ipython_extension(ipython: object) -> None:
    """``%load_ext wsnb`` registers the ``%ws`` magic (IPython is imported only then).

    Parameters
    ----------
    ipython : IPython.core.interactiveshell.InteractiveShell
        The shell IPython passes when it loads the extension.

    Examples
    --------
    In a notebook::

        %load_ext wsnb
        %ws open ~/code/myproj
        %ws grep TODO
    """
    from .magics import load_ipython_extension as register

    register(ipython)


__all__ = [
    "AccessPolicy",
    "ActionType",
    "ConfirmationError",
    "ConflictError",
    "Decision",
    "EditMatchError",
    "FileInfo",
    "FileText",
    "InterruptedWarning",
    "LLMError",
    "LaunchError",
    "NotFoundError",
    "NotebookText",
    "Notes",
    "PermissionMode",
    "Plan",
    "PlanError",
    "PlanState",
    "PlanStateError",
    "PolicyError",
    "Risk",
    "Rule",
    "ScanLimits",
    "ScanReport",
    "StalePlanError",
    "TableInfo",
    "ToolResult",
    "TrashError",
    "UndoError",
    "UnknownNameError",
    "UnsupportedFileError",
    "UsageError",
    "WatchSettings",
    "Workspace",
    "WorkspaceOpenError",
    "WriteError",
    "WsPath",
    "WsnbError",
    "__version__",
    "copy_sample_workspace",
    "get_language",
    "load_ipython_extension",
    "open_notes",
    "open_workspace",
    "set_language",
]
