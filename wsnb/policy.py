"""The access policy: the one gate every path passes before it reaches the disk.

(The name rules it applies live in ``wsnb.names`` and are re-exported here.)

``AccessPolicy.resolve`` turns what a person or a model typed into a
``WsPath``: a path proven to be inside the workspace, with no symlink on the
way and nothing special (FIFO, socket, device) at the end. The ``check_*``
methods add the rules of each kind of action and answer with a ``Decision``
that carries a sentence a person can act on. The safe I/O helpers of the base
floor accept only ``WsPath`` objects, so a path that skipped the gate does not
type-check.

Containment is decided on real paths: the root is resolved once, and the
relative part is walked segment by segment with ``lstat`` so a symlink is
reported, never followed, even when it points back inside.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from .errors import PolicyError
from .names import (
    DANGEROUS_SUFFIXES,
    MAX_NAME_BYTES,
    illegal_name_reason,
    is_dangerous_name,
    is_sensitive_name,
    is_text_name,
)
from .roots import check_workspace_root, is_system_path
from .types import PermissionMode, Rule
from .wspath import _GATE, WsPath

__all__ = [
    "DANGEROUS_SUFFIXES",
    "AccessPolicy",
    "Decision",
    "WsPath",
    "check_workspace_root",
    "illegal_name_reason",
    "is_dangerous_name",
    "is_sensitive_name",
    "is_text_name",
]

METADATA_DIR = ".wsnb"

_MAX_PATH_BYTES = 4096
_SEP = os.sep
_S_IFMT, _S_IFREG, _S_IFDIR = 0o170000, stat.S_IFREG, stat.S_IFDIR


@dataclass(frozen=True, slots=True)
class Decision:
    """The policy's answer: allowed or not, and why, in words a person can act on."""

    allowed: bool
    reason: str = ""
    rule: Rule | None = None
    path: WsPath | None = None

    def __bool__(self) -> bool:
        return self.allowed

    def raise_if_refused(self) -> WsPath:
        """Return the checked path, or raise ``PolicyError`` with the reason."""
        if not self.allowed or self.path is None:
            raise PolicyError(self.reason, path=str(self.path) if self.path else None,
                              rule=self.rule)  # fmt: skip
        return self.path

    @classmethod
    def ok(cls, path: WsPath) -> Decision:
        return cls(True, "", None, path)

    @classmethod
    def refuse(cls, rule: Rule, reason: str, path: WsPath | None = None) -> Decision:
        return cls(False, reason, rule, path)


# ---------------------------------------------------------------------------
# The policy
# ---------------------------------------------------------------------------


class AccessPolicy:
    """Containment and risk decisions for one workspace root.

    ``allow_sensitive`` lets reads (never writes) open sensitive files; it is
    off by default and only a person should turn it on.
    """

    def __init__(
        self,
        root: str | os.PathLike[str],
        *,
        mode: PermissionMode = PermissionMode.CONFIRM,
        allow_sensitive: bool = False,
    ) -> None:
        self.root = check_workspace_root(root)
        self._root_text = os.fspath(self.root)
        self.given_root = Path(os.path.abspath(os.path.expanduser(os.fspath(root))))
        self.mode = PermissionMode(mode)
        self.allow_sensitive = allow_sensitive

    def __repr__(self) -> str:
        return f"AccessPolicy(root={str(self.root)!r}, mode={self.mode.value!r})"

    # -- paths ----------------------------------------------------------------

    def normalize(self, path: str | os.PathLike[str]) -> str:
        """Workspace-relative POSIX form of ``path``, checked for containment."""
        return self.resolve(path).relative

    def to_absolute(self, path: str | os.PathLike[str]) -> Path:
        """Absolute real path of ``path``, checked for containment."""
        return self.resolve(path).absolute

    def to_relative(self, path: str | os.PathLike[str]) -> str:
        """Workspace-relative POSIX form of an absolute or relative path."""
        return self.resolve(path).relative

    def resolve(self, path: str | os.PathLike[str] | WsPath) -> WsPath:
        """Prove ``path`` is inside the workspace, or raise ``PolicyError``.

        Relative paths are taken against the workspace root, never the
        process's working folder. The path need not exist: the part that does
        is walked and checked, the rest is checked by name.
        """
        if isinstance(path, WsPath):
            path = path.relative
        parts = self._relative_parts(path)
        absolute = os.path.join(self._root_text, *parts) if parts else self._root_text
        if len(os.fsencode(absolute)) >= _MAX_PATH_BYTES or any(
            len(os.fsencode(part)) > MAX_NAME_BYTES for part in parts
        ):
            raise PolicyError(
                "The path is longer than the file system allows; use shorter names.",
                path=os.fspath(path)[:200],
                rule=Rule.INVALID_PATH,
            )
        self._walk_existing(parts, shown=os.fspath(path))
        relative = "/".join(parts) if parts else "."
        return WsPath(absolute, relative, gate=_GATE)

    def resolve_child(self, folder: WsPath, name: str) -> tuple[WsPath, os.stat_result | None]:
        """``name`` inside ``folder`` (already resolved), checking that one segment.

        For walks over many files of few folders, such as a text search: the
        folder was proven inside, so only the last segment is ``lstat``-ed. The
        answer carries that ``lstat`` (None when the name does not exist).
        """
        if not name or name in {".", ".."} or "/" in name or os.sep in name or "\x00" in name:
            raise PolicyError(f"{name!r} is not a single file name.", path=name,
                              rule=Rule.INVALID_PATH)  # fmt: skip
        relative = name if folder.relative == "." else f"{folder.relative}/{name}"
        absolute = f"{folder.os_path}{_SEP}{name}"
        try:
            info: os.stat_result | None = os.lstat(absolute)
        except FileNotFoundError:
            info = None
        except OSError as exc:
            raise PolicyError(
                f"{relative} could not be checked ({exc.strerror}); it is refused to be safe.",
                path=relative,
                rule=Rule.INVALID_PATH,
            ) from None
        kind = 0 if info is None else info.st_mode & _S_IFMT
        if kind and kind != _S_IFREG and kind != _S_IFDIR:  # one mask, then the rare cases
            if kind == stat.S_IFLNK:
                raise PolicyError(f"{relative} is a symbolic link; wsnb never follows links.",
                                  path=relative, rule=Rule.SYMLINK)  # fmt: skip
            raise PolicyError(f"{relative} is a special file (FIFO, socket or device); only "
                              "regular files and folders are allowed.", path=relative,
                              rule=Rule.SPECIAL_FILE)  # fmt: skip
        return WsPath(absolute, relative, gate=_GATE), info

    def check(self, path: str | os.PathLike[str] | WsPath) -> Decision:
        """Containment only, as a ``Decision`` instead of an exception."""
        try:
            return Decision.ok(self.resolve(path))
        except PolicyError as exc:
            return Decision.refuse(exc.rule, exc.reason)

    def _relative_parts(self, path: str | os.PathLike[str]) -> list[str]:
        try:
            text = os.fspath(path)
        except TypeError:
            raise PolicyError(
                f"Expected a path as text, got {type(path).__name__}.", rule=Rule.INVALID_PATH
            ) from None
        if not isinstance(text, str):
            raise PolicyError("Give paths as text, not bytes.", rule=Rule.INVALID_PATH)
        if not text.strip():
            raise PolicyError("The path is empty; give a path inside the workspace.",
                              rule=Rule.INVALID_PATH)  # fmt: skip
        if "\x00" in text:
            raise PolicyError("The path contains a NUL byte.", path=text, rule=Rule.INVALID_PATH)
        if text.startswith("~"):
            raise PolicyError(
                f"{text!r} starts with '~'; give a path relative to the workspace root.",
                path=text,
                rule=Rule.INVALID_PATH,
            )
        if os.path.isabs(text):
            text = self._strip_root(text)
        parts: list[str] = []
        for part in PurePosixPath(text.replace(os.sep, "/")).parts:
            if part in {"", "."}:
                continue
            if part == "..":
                if not parts:
                    raise PolicyError(
                        f"{path!s} leads outside the workspace; use a path inside it.",
                        path=os.fspath(path),
                        rule=Rule.OUTSIDE,
                    )
                parts.pop()
            else:
                parts.append(part)
        return parts

    def _strip_root(self, text: str) -> str:
        normal = os.path.normpath(text)
        for root in (str(self.root), str(self.given_root)):
            if normal == root:
                return "."
            if normal.startswith(root.rstrip(os.sep) + os.sep):
                return normal[len(root.rstrip(os.sep)) + 1 :]
        raise PolicyError(
            f"{text} is outside the workspace ({self.root}); only paths inside it are allowed.",
            path=text,
            rule=Rule.OUTSIDE,
        )

    def _walk_existing(self, parts: list[str], *, shown: str) -> None:
        current = str(self.root)
        for index, part in enumerate(parts):
            current = os.path.join(current, part)
            try:
                info = os.lstat(current)
            except FileNotFoundError:
                return  # the rest does not exist yet; its names are checked by the caller
            except NotADirectoryError:
                parent = "/".join(parts[:index])
                raise PolicyError(
                    f"{parent} is a file, so {shown} can't be inside it.",
                    path=shown,
                    rule=Rule.INVALID_PATH,
                ) from None
            except OSError as exc:
                raise PolicyError(
                    f"{shown} could not be checked ({exc.strerror}); it is refused to be safe.",
                    path=shown,
                    rule=Rule.INVALID_PATH,
                ) from None
            mode = info.st_mode
            if stat.S_ISLNK(mode):
                link = "/".join(parts[: index + 1])
                raise PolicyError(
                    f"{link} is a symbolic link; wsnb never follows links, open its target's "
                    "folder as a workspace instead.",
                    path=shown,
                    rule=Rule.SYMLINK,
                )
            if not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
                raise PolicyError(
                    f"{'/'.join(parts[: index + 1])} is a special file (FIFO, socket or "
                    "device); only regular files and folders are allowed.",
                    path=shown,
                    rule=Rule.SPECIAL_FILE,
                )

    # -- name rules -----------------------------------------------------------

    is_dangerous = staticmethod(is_dangerous_name)
    is_sensitive = staticmethod(is_sensitive_name)
    is_text_name = staticmethod(is_text_name)

    def is_protected(self, path: WsPath) -> bool:
        """True inside the metadata folder or git's internals, which tools never write."""
        first = path.relative.split("/", 1)[0].lower()
        return first == METADATA_DIR or ".git" in {p.lower() for p in path.relative.split("/")}

    is_system_path = staticmethod(is_system_path)

    # -- decisions ------------------------------------------------------------

    def check_read_file(self, path: str | os.PathLike[str] | WsPath) -> Decision:
        """May ``path`` be read as text? (Content sniffing happens at read time.)"""
        decision = self.check(path)
        if not decision:
            return decision
        target = decision.raise_if_refused()
        if not os.path.lexists(target.os_path):
            return Decision.refuse(Rule.NOT_ALLOWED, f"{target} does not exist.", target)
        if os.path.isdir(target.os_path):
            return Decision.refuse(
                Rule.NOT_ALLOWED, f"{target} is a folder; use ls() to list it.", target
            )
        if is_dangerous_name(target.name):
            return self._dangerous(target, "read")
        if is_sensitive_name(target.name) and not self.allow_sensitive:
            return self._sensitive(target, "read")
        return decision

    def check_read_dir(self, path: str | os.PathLike[str] | WsPath) -> Decision:
        decision = self.check(path)
        if not decision:
            return decision
        target = decision.raise_if_refused()
        if not os.path.isdir(target.os_path):
            what = "does not exist" if not target.exists() else "is a file, not a folder"
            return Decision.refuse(Rule.NOT_ALLOWED, f"{target} {what}.", target)
        return decision

    def check_create(self, path: str | os.PathLike[str] | WsPath) -> Decision:
        """May a new file or folder be created at ``path``?

        Whether the target already exists is the tool's question (asked again at
        confirmation), so a plan can report it as a conflict or a stale plan.
        """
        decision = self._check_writable(path)
        if not decision:
            return decision
        target = decision.raise_if_refused()
        if target.is_root:
            return Decision.refuse(Rule.NOT_ALLOWED, "The workspace root already exists.", target)
        for name in self._new_names(target):
            reason = illegal_name_reason(name)
            if reason:
                return Decision.refuse(Rule.ILLEGAL_NAME, reason, target)
        if is_dangerous_name(target.name):
            return self._dangerous(target, "create")
        if is_sensitive_name(target.name):
            return self._sensitive(target, "create")
        return decision

    def check_write_file(self, path: str | os.PathLike[str] | WsPath) -> Decision:
        """May the existing file at ``path`` be modified?"""
        decision = self._check_writable(path)
        if not decision:
            return decision
        target = decision.raise_if_refused()
        if not target.exists():
            return Decision.refuse(
                Rule.NOT_ALLOWED, f"{target} does not exist; use create_file() for a new file.",
                target,
            )  # fmt: skip
        if os.path.isdir(target.os_path):
            return Decision.refuse(Rule.NOT_ALLOWED, f"{target} is a folder, not a file.", target)
        if is_dangerous_name(target.name):
            return self._dangerous(target, "write")
        if is_sensitive_name(target.name):
            return self._sensitive(target, "write")
        return decision

    def check_source(self, path: str | os.PathLike[str] | WsPath, *, verb: str) -> Decision:
        """May the existing item at ``path`` be moved, copied, renamed or trashed?"""
        decision = self._check_writable(path) if verb != "copy" else self.check(path)
        if not decision:
            return decision
        source = decision.raise_if_refused()
        if source.is_root:
            return Decision.refuse(Rule.NOT_ALLOWED, f"wsnb can't {verb} the workspace root "
                                   "itself; choose an item inside it.", source)  # fmt: skip
        if not source.exists():
            return Decision.refuse(Rule.NOT_ALLOWED, f"{source} does not exist.", source)
        if verb == "copy" and self.is_protected(source):
            return Decision.refuse(Rule.PROTECTED, f"{source} is in a folder wsnb keeps for "
                                   "itself or git; copy something else.", source)  # fmt: skip
        if verb == "copy" and is_sensitive_name(source.name):
            return self._sensitive(source, verb)
        return decision

    def check_open(self, path: str | os.PathLike[str] | WsPath) -> Decision:
        """May ``path`` be handed to the OS's default launcher?"""
        decision = self.check(path)
        if not decision:
            return decision
        target = decision.raise_if_refused()
        if not target.exists():
            return Decision.refuse(Rule.NOT_ALLOWED, f"{target} does not exist.", target)
        if is_dangerous_name(target.name):
            return self._dangerous(target, "open")
        if is_sensitive_name(target.name) and not self.allow_sensitive:
            return self._sensitive(target, "open")
        return decision

    def check_mode_allows_writes(self) -> Decision:
        if self.mode is PermissionMode.READ_ONLY:
            return Decision.refuse(
                Rule.READ_ONLY_MODE,
                "The workspace is open read-only; reopen it with "
                "mode='confirm-before-write' to make changes.",
            )
        return Decision(True)

    def _check_writable(self, path: str | os.PathLike[str] | WsPath) -> Decision:
        mode = self.check_mode_allows_writes()
        if not mode:
            return mode
        decision = self.check(path)
        if decision and self.is_protected(decision.raise_if_refused()):
            target = decision.raise_if_refused()
            return Decision.refuse(
                Rule.PROTECTED,
                f"{target} is inside {METADATA_DIR}/ or .git/, which wsnb never writes.",
                target,
            )
        return decision

    def _new_names(self, target: WsPath) -> Iterable[str]:
        """The names of the segments of ``target`` that don't exist yet."""
        parts = target.relative.split("/")
        for index in range(len(parts)):
            if not os.path.lexists(self.root.joinpath(*parts[: index + 1])):
                yield from parts[index:]
                return

    @staticmethod
    def _dangerous(target: WsPath, verb: str) -> Decision:
        return Decision.refuse(
            Rule.DANGEROUS_SUFFIX,
            f"{target} has a suffix that runs programs ({os.path.splitext(target.name)[1]}); "
            f"wsnb never lets you {verb} such files.",
            target,
        )

    @staticmethod
    def _sensitive(target: WsPath, verb: str) -> Decision:
        return Decision.refuse(
            Rule.SENSITIVE,
            f"{target} looks like it holds secrets (keys, tokens, passwords), so wsnb "
            f"refuses to {verb} it.",
            target,
        )
