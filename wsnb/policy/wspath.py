"""``WsPath``: a path the access policy has resolved, and only the policy can make.

It lives apart from ``wsnb.policy.access`` (which re-exports it) to keep each module
about one thing; the token the constructor asks for is imported by the policy
alone.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..i18n import _

__all__ = ["WsPath"]

# Only the policy holds this; ``WsPath`` refuses to be made without it.
_GATE = object()


class WsPath:
    """A path the policy has resolved: inside the workspace, no symlink on the way.

    ``relative`` is workspace-relative POSIX (``"."`` for the root);
    ``os_path`` is the OS path string that joins it to the workspace's real
    root, and ``absolute`` builds a ``pathlib.Path`` of it when asked (a walk
    over thousands of files never pays for one). Only the policy makes these:
    the constructor refuses anyone else.
    """

    __slots__ = ("os_path", "relative")

    os_path: str
    relative: str

    def __init__(self, os_path: str, relative: str, *, gate: object = None) -> None:
        if gate is not _GATE:
            raise TypeError(_("WsPath objects are made by AccessPolicy.resolve(); ask the "
                              "policy."))
        object.__setattr__(self, "os_path", os_path)
        object.__setattr__(self, "relative", relative)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(_("WsPath is read-only; resolve another path instead."))

    def __delattr__(self, name: str) -> None:
        raise AttributeError(_("WsPath is read-only."))

    def __reduce__(self) -> str | tuple[Any, ...]:
        raise TypeError(_("A WsPath can't be pickled; store its relative path and resolve it "
                          "again."))

    def __copy__(self) -> WsPath:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> WsPath:
        return self

    @property
    def absolute(self) -> Path:
        """The absolute real path as a ``pathlib.Path`` (built on each call)."""
        return Path(self.os_path)

    @property
    def name(self) -> str:
        """The last part of the path (the root's folder name for the root)."""
        if self.relative == ".":
            return os.path.basename(self.os_path)
        return self.relative.rpartition("/")[2]

    @property
    def is_root(self) -> bool:
        """True for the workspace root itself."""
        return self.relative == "."

    def exists(self) -> bool:
        """Whether something (a link too) is at this path now.

        Returns
        -------
        bool
        """
        return os.path.lexists(self.os_path)

    def __fspath__(self) -> str:
        return self.os_path

    def __str__(self) -> str:
        return self.relative

    def __repr__(self) -> str:
        return f"WsPath(os_path={self.os_path!r}, relative={self.relative!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, WsPath):
            return NotImplemented
        return self.os_path == other.os_path and self.relative == other.relative

    def __hash__(self) -> int:
        return hash((self.os_path, self.relative))
