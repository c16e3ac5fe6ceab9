"""wsnb's own metadata under ``.assistant/``: read leniently, written atomically.

State, config and taxonomy are the engine's bookkeeping (like the journal),
not a person's notes, so they are written without a plan, but still only
through the gate: every path is resolved by the access policy (a symlinked
``.assistant`` is refused, never followed) and every write is atomic. In
read-only mode nothing is written.
"""

from __future__ import annotations

import json
import logging
import os
import stat
from typing import Any

from .. import fsops
from ..errors import PolicyError, WriteError
from ..policy import AccessPolicy, WsPath
from ..types import PermissionMode, Rule
from .layout import ASSISTANT_DIR

__all__ = ["MetaStore", "make_folders"]

logger = logging.getLogger("wsnb")

_MAX_META_BYTES = 4 * 1024 * 1024


class MetaStore:
    """Reads and writes JSON files below ``.assistant/`` of one workspace."""

    def __init__(self, policy: AccessPolicy) -> None:
        self.policy = policy

    def __repr__(self) -> str:
        return f"MetaStore({str(self.policy.root / ASSISTANT_DIR)!r})"

    @property
    def writable(self) -> bool:
        return self.policy.mode is not PermissionMode.READ_ONLY

    def read_json(self, relative: str) -> Any:
        """The parsed file, or None if missing, refused or not valid JSON (with a warning)."""
        try:
            path = self.policy.resolve(relative)
        except PolicyError as exc:
            logger.warning("%s is not read: %s", relative, exc.reason)
            return None
        try:
            info = os.lstat(path.absolute)
        except FileNotFoundError:
            return None
        if not stat.S_ISREG(info.st_mode) or info.st_size > _MAX_META_BYTES:
            logger.warning("%s is not a small regular file; it is ignored.", relative)
            return None
        from ..textio import read_bytes

        try:
            return json.loads(read_bytes(path).decode("utf-8-sig"))
        except (ValueError, UnicodeDecodeError):
            logger.warning("%s is not valid JSON; wsnb uses its defaults instead.", relative)
            return None

    def write_json(self, relative: str, data: Any) -> WsPath:
        """Write ``data`` as pretty UTF-8 JSON, atomically; creates ``.assistant/`` if missing."""
        if not self.writable:
            raise PolicyError("The notes workspace is open read-only; its metadata is not "
                              "saved. Reopen it with mode='confirm-before-write'.",
                              path=relative, rule=Rule.READ_ONLY_MODE)  # fmt: skip
        path = self.policy.resolve(relative)
        if not path.relative.startswith(ASSISTANT_DIR + "/"):
            raise PolicyError(f"{relative} is not inside {ASSISTANT_DIR}/; the engine only "
                              "writes its metadata there.", path=relative,
                              rule=Rule.NOT_ALLOWED)  # fmt: skip
        make_folders(self.policy, path)
        text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
        fsops.atomic_write(path, text.encode("utf-8"))
        logger.debug("saved %s", path.relative)
        return path


def make_folders(policy: AccessPolicy, path: WsPath) -> None:
    """Create the folders above ``path`` (wsnb's own metadata) one by one, each through the gate."""
    parts = path.relative.split("/")[:-1]
    for count in range(1, len(parts) + 1):
        folder = policy.resolve("/".join(parts[:count]))  # refuses a symlink on the way
        try:
            folder.absolute.mkdir()
        except FileExistsError:
            if not folder.absolute.is_dir():
                raise WriteError(f"{folder} is a file, so wsnb can't keep its metadata there; "
                                 "move that file away.", path=folder.relative) from None
        except OSError as exc:
            raise WriteError(f"Could not create {folder} ({exc.strerror}); check that the "
                             "notes folder is writable.", path=folder.relative) from None
