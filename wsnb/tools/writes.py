"""Every tool that changes the workspace or hands a path to the desktop, in one place.

``WRITE_TOOLS`` build plans; ``LAUNCH_TOOLS`` (open a folder, reveal) are low
risk and run at once. ``register_write_tools`` registers both.
"""

from __future__ import annotations

from .base import Tool, ToolRegistry, WriteTool
from .changeset import ChangeSetTool
from .edits import EditFileTool
from .files import CreateFileTool, CreateFolderTool, WriteFileTool
from .launch import OpenFileTool, OpenFolderTool, RevealTool
from .moves import CopyFileTool, MoveFileTool, RenameTool
from .notebookedits import EditNotebookTool
from .sections import AppendTextTool, SectionEditTool
from .trashing import RestoreFromTrashTool, TrashTool

__all__ = ["LAUNCH_TOOLS", "WRITE_TOOLS", "register_write_tools"]

WRITE_TOOLS: tuple[WriteTool, ...] = (
    CreateFileTool(),
    CreateFolderTool(),
    WriteFileTool(),
    EditFileTool(),
    EditNotebookTool(),
    SectionEditTool(),
    AppendTextTool(),
    ChangeSetTool(),
    CopyFileTool(),
    MoveFileTool(),
    RenameTool(),
    TrashTool(),
    RestoreFromTrashTool(),
    OpenFileTool(),
)

LAUNCH_TOOLS: tuple[Tool, ...] = (OpenFolderTool(), RevealTool())


def register_write_tools(registry: ToolRegistry, *, override: bool = False) -> None:
    """Add the plan-building tools and the launch tools to ``registry``."""
    for tool in (*WRITE_TOOLS, *LAUNCH_TOOLS):
        registry.register(tool, override=override)
