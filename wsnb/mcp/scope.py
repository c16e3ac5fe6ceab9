"""MCP roots narrow the workspace, never widen it.

A client may say which folders it works in (``roots/list``). A root inside
the workspace narrows every path-taking call and every listed row to it; a
root that holds the whole workspace leaves it whole; a root elsewhere is
ignored (the workspace root is the outer bound, whatever a client says).
The paths come from the client, so they go through the same policy gate
as any other path before they count.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import unquote, urlparse

from ..errors import PolicyError
from ..i18n import _
from ..policy.access import AccessPolicy

__all__ = ["Scope", "folders_from_roots"]

logger = logging.getLogger("wsnb")


@dataclass(frozen=True)
class Scope:
    """The workspace-relative folders a client may reach; empty means the whole workspace."""

    folders: tuple[str, ...] = ()

    @property
    def whole(self) -> bool:
        return not self.folders

    def allows(self, relative: str) -> bool:
        """Whether a workspace-relative path lies in one of the folders (or the scope is whole)."""
        if self.whole:
            return True
        return any(relative == f or relative.startswith(f + "/") for f in self.folders)

    def check(self, relative: str) -> None:
        """Refuse a path outside the client's roots, with a sentence that says what to do."""
        if not self.allows(relative):
            raise PolicyError(_("{path} is outside the folders this client works in ({folders}); "
                                "use a path inside them.").format(
                path=relative, folders=", ".join(self.folders)), path=relative)


def folders_from_roots(policy: AccessPolicy, uris: Iterable[str]) -> Scope:
    """The scope a client's root URIs give, inside ``policy``'s workspace.

    ``file://`` URIs only. A root containing the workspace (or equal to it)
    keeps it whole; roots inside it narrow; anything else is ignored and
    logged (the URI scheme only, never the path).
    """
    root = os.path.realpath(policy.root)
    inside: list[str] = []
    whole = False
    for uri in uris:
        path = _file_path(uri)
        if path is None:
            logger.info("mcp: ignored a root that is not a file URI")
            continue
        real = os.path.realpath(path)
        if real == root or root.startswith(real.rstrip(os.sep) + os.sep):
            whole = True
            continue
        try:
            folder = policy.check_read_dir(real).raise_if_refused()
        except PolicyError:
            logger.info("mcp: ignored a root outside the workspace")
            continue
        inside.append(folder.relative)
    if whole or not inside:
        return Scope()
    return Scope(tuple(sorted(set(inside))))


def _file_path(uri: str) -> str | None:
    parsed = urlparse(uri)
    if parsed.scheme != "file" or parsed.netloc not in ("", "localhost"):
        return None
    return unquote(parsed.path) or None
