"""The core ``Workspace``: a folder read, searched, followed and changed through plans, no faces.

The facade wires the floors below and adds no logic of its own: reads go to
the read tools (and raise the tool's error when refused), changes go to the
plan book and come back as plans to confirm. It runs in a plain script: the
notebook's ``Workspace`` (``wsnb.notebook``, what ``wsnb.open_workspace`` returns)
adds the views and the agent on top of it.

``facade`` holds ``Workspace`` and ``open_workspace``; ``indexing`` the index's lifecycle
(scans, following the disk, closing) that ``Workspace`` takes in as a mixin.
"""

from __future__ import annotations

from .facade import Workspace, open_workspace

__all__ = ["Workspace", "open_workspace"]
