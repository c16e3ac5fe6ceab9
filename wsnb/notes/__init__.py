"""An assistant's notes workspace: persona and memory files, notes, an index, an organiser.

>>> import wsnb
>>> nb = wsnb.open_notes("~/notes")       # doctest: +SKIP
>>> nb.inspect()                          # doctest: +SKIP
>>> nb.initialize().confirm()             # doctest: +SKIP
"""

from __future__ import annotations

from .facade import Notes, open_notes
from .groups import PlanGroup
from .layout import FolderStatus, NotesInspection, inspect_folder
from .modelwriter import ModelWriter

__all__ = ["FolderStatus", "ModelWriter", "Notes", "NotesInspection", "PlanGroup",
           "inspect_folder", "open_notes"]  # fmt: skip
