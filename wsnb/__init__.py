"""wsnb: explore a local folder from Jupyter, and change it only through plans you confirm.

>>> import wsnb
>>> ws = wsnb.open_workspace("~/code/myproj")   # doctest: +SKIP
>>> ws.files.query("suffix == '.py'")            # doctest: +SKIP

Importing wsnb loads only its errors, enums and languages; every other name
loads what it needs the first time it is used (``wsnb.open_workspace`` loads
pandas and the index), so a program that needs little of it, such as the MCP
server answering its first message, starts at once. Inside a Jupyter kernel
the notebook face is loaded with the package, so plans show as cards however
they were made. Neither ipywidgets, IPython nor httpx is loaded until used.
"""

from __future__ import annotations

import importlib
import logging
import typing as _typing

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
from .i18n import get_language, set_language
from .progress import in_notebook as _in_notebook
from .renderers import load_faces_with as _load_faces_with
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

if _typing.TYPE_CHECKING:
    from .fileindex.scanner import ScanLimits, ScanReport
    from .fileindex.watcher import WatchSettings
    from .notebook import Workspace, open_workspace
    from .notes import Notes, open_notes
    from .plans.plan import Plan
    from .policy.access import AccessPolicy, Decision, WsPath
    from .sample import copy_sample_workspace
    from .text.nbview import NotebookText
    from .tools.tables import TableInfo

# The names that load their module when first used, and the module each comes from.
_LATER = {
    "ScanLimits": "fileindex.scanner", "ScanReport": "fileindex.scanner",
    "WatchSettings": "fileindex.watcher", "Workspace": "notebook", "open_workspace": "notebook",
    "Notes": "notes", "open_notes": "notes", "Plan": "plans.plan",
    "AccessPolicy": "policy.access", "Decision": "policy.access", "WsPath": "policy.access",
    "copy_sample_workspace": "sample", "NotebookText": "text.nbview", "TableInfo": "tools.tables",
}  # fmt: skip


def __getattr__(name: str) -> _typing.Any:
    if name not in _LATER:
        raise AttributeError(f"module 'wsnb' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_LATER[name]}", __name__), name)
    globals()[name] = value  # once: the next use is a plain lookup
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LATER})


if _in_notebook():  # a kernel: the notebook face registers its views (cards) with the package
    from . import notebook as _notebook  # noqa: F401
else:  # elsewhere on first need: a form or a card asked for from a script or a test
    _load_faces_with(lambda: importlib.import_module(".notebook", __name__))

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
