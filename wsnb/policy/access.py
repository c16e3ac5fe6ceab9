"""The access policy: the one gate every path passes before it reaches the disk.

(The name rules it applies live in ``wsnb.policy.names`` and are re-exported here.)

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
from pathlib import Path, PurePosixPath
from typing import ClassVar

from .. import advice
from ..errors import PolicyError
from ..i18n import N_, _
from ..types import PermissionMode, Rule
from .content import head_of, sensitive_rule_of
from .decision import Decision
from .names import (
    DANGEROUS_SUFFIXES,
    MAX_NAME_BYTES,
    SensitiveRule,
    content_decides,
    illegal_name_reason,
    is_dangerous_name,
    is_sensitive_name,
    is_sensitive_path,
    is_text_name,
    sensitive_rule,
)
from .roots import check_workspace_root, is_system_path
from .wspath import _GATE, WsPath

__all__ = [
    "DANGEROUS_SUFFIXES",
    "AccessPolicy",
    "Decision",
    "WsPath",
    "check_workspace_root",
    "head_of",
    "illegal_name_reason",
    "is_dangerous_name",
    "is_sensitive_name",
    "is_sensitive_path",
    "is_text_name",
    "sensitive_rule_of",
]

METADATA_DIR = ".wsnb"

_MAX_PATH_BYTES = 4096
_SEP = os.sep
_S_IFMT, _S_IFREG, _S_IFDIR = 0o170000, stat.S_IFREG, stat.S_IFDIR


# ---------------------------------------------------------------------------
# The policy
# ---------------------------------------------------------------------------


class AccessPolicy:
    """Containment and risk decisions for one workspace root.

    Every path that reaches the file system passes here first: ``resolve()`` proves it is
    inside the root (no ``..`` that leaves, no symlink on the way) and the ``check_*``
    methods decide an action, answering with a ``Decision``.

    Parameters
    ----------
    root : str or os.PathLike
        The workspace folder; symlinks in it are resolved once, here.
    mode : PermissionMode
        ``read-only`` refuses every write; the default asks for confirmed plans.
    allow_sensitive : bool
        Lets a person's reads (never writes, never a model's) open sensitive files without
        typing their names; off by default.

    Attributes
    ----------
    root : pathlib.Path
        The real root.
    mode : PermissionMode
    allow_sensitive : bool
    workspace_kind : str
        ``"files"``, or ``"notes"`` for a notes workspace's policy: the journal and the
        pending-plan store record it, so a plan says which workspace it belongs to.

    Raises
    ------
    WorkspaceOpenError
        The root is missing, is a file, or is a system or home folder.

    Examples
    --------
    >>> policy = wsnb.AccessPolicy(ws.root)
    >>> policy.resolve("src/../app/main.py").relative
    'app/main.py'
    >>> decision = policy.check("../outside")
    >>> bool(decision), decision.rule.value
    (False, 'outside-workspace')
    >>> policy.check_read_file(".env").rule.value
    'sensitive-file'
    """

    workspace_kind: ClassVar[str] = "files"

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
        """Workspace-relative POSIX form of ``path``, checked for containment.

        Parameters
        ----------
        path : str or os.PathLike
            Relative to the root, or absolute inside it.

        Returns
        -------
        str

        Raises
        ------
        PolicyError
            The path leads outside the workspace or through a symlink.
        """
        return self.resolve(path).relative

    def to_absolute(self, path: str | os.PathLike[str]) -> Path:
        """Absolute real path of ``path``, checked for containment.

        Parameters
        ----------
        path : str or os.PathLike
            Relative to the root, or absolute inside it.

        Returns
        -------
        pathlib.Path

        Raises
        ------
        PolicyError
            The path leads outside the workspace or through a symlink.
        """
        return self.resolve(path).absolute

    def to_relative(self, path: str | os.PathLike[str]) -> str:
        """Workspace-relative POSIX form of an absolute or relative path.

        Parameters
        ----------
        path : str or os.PathLike
            Relative to the root, or absolute inside it.

        Returns
        -------
        str

        Raises
        ------
        PolicyError
            The path leads outside the workspace or through a symlink.
        """
        return self.resolve(path).relative

    def resolve(self, path: str | os.PathLike[str] | WsPath) -> WsPath:
        """Prove ``path`` is inside the workspace, or raise ``PolicyError``.

        Relative paths are taken against the workspace root, never the
        process's working folder. The path need not exist: the part that does
        is walked and checked, the rest is checked by name.

        Parameters
        ----------
        path : str, os.PathLike or WsPath
            The path to check.

        Returns
        -------
        WsPath
            The only kind of path the base floor's I/O helpers accept.

        Raises
        ------
        PolicyError
            Outside the root, through a symlink, a special file, or a name too long.
        """
        if isinstance(path, WsPath):
            path = path.relative
        parts = self._relative_parts(path)
        absolute = os.path.join(self._root_text, *parts) if parts else self._root_text
        if len(os.fsencode(absolute)) >= _MAX_PATH_BYTES or any(
            len(os.fsencode(part)) > MAX_NAME_BYTES for part in parts
        ):
            raise PolicyError(
                _("The path is longer than the file system allows; use shorter names."),
                path=os.fspath(path)[:200],
                rule=Rule.INVALID_PATH,
            )
        self._walk_existing(parts, shown=os.fspath(path))
        relative = "/".join(parts) if parts else "."
        return WsPath(absolute, relative, gate=_GATE)

    def resolve_child(self, folder: WsPath, name: str) -> tuple[WsPath, os.stat_result | None]:
        """``name`` inside ``folder`` (already resolved), checking that one segment.

        For walks over many files of few folders, such as a text search: the
        folder was proven inside, so only the last segment is ``lstat``-ed.

        Parameters
        ----------
        folder : WsPath
            A folder the policy resolved.
        name : str
            One file name, no separator.

        Returns
        -------
        tuple of (WsPath, os.stat_result or None)
            The child and its ``lstat`` (None when the name does not exist).

        Raises
        ------
        PolicyError
            Not a single name, a symlink, a special file, or unreadable.
        """
        if not name or name in {".", ".."} or "/" in name or os.sep in name or "\x00" in name:
            raise PolicyError(_("{name} is not a single file name.").format(name=repr(name)),
                              path=name,
                              rule=Rule.INVALID_PATH)  # fmt: skip
        relative = name if folder.relative == "." else f"{folder.relative}/{name}"
        absolute = f"{folder.os_path}{_SEP}{name}"
        try:
            info: os.stat_result | None = os.lstat(absolute)
        except FileNotFoundError:
            info = None
        except OSError as exc:
            raise PolicyError(
                _("{path} could not be checked ({problem}); it is refused to be safe.").format(
                    path=relative, problem=exc.strerror),
                path=relative,
                rule=Rule.INVALID_PATH,
            ) from None
        kind = 0 if info is None else info.st_mode & _S_IFMT
        if kind and kind != _S_IFREG and kind != _S_IFDIR:  # one mask, then the rare cases
            if kind == stat.S_IFLNK:
                raise PolicyError(_("{path} is a symbolic link; wsnb never follows links.")
                                  .format(path=relative), path=relative,
                                  rule=Rule.SYMLINK)  # fmt: skip
            raise PolicyError(_(_SPECIAL).format(path=relative), path=relative,
                              rule=Rule.SPECIAL_FILE)  # fmt: skip
        return WsPath(absolute, relative, gate=_GATE), info

    def check(self, path: str | os.PathLike[str] | WsPath) -> Decision:
        """Containment only, as a ``Decision`` instead of an exception.

        Parameters
        ----------
        path : str, os.PathLike or WsPath
            The path to check.

        Returns
        -------
        Decision
            Allowed with the resolved path, or refused with the rule and the reason.
        """
        try:
            return Decision.ok(self.resolve(path))
        except PolicyError as exc:
            return Decision.refuse(exc.rule, exc.reason)

    def _relative_parts(self, path: str | os.PathLike[str]) -> list[str]:
        try:
            text = os.fspath(path)
        except TypeError:
            raise PolicyError(_("Expected a path as text, got {kind}.").format(
                kind=type(path).__name__), rule=Rule.INVALID_PATH) from None
        if not isinstance(text, str):
            raise PolicyError(_("Give paths as text, not bytes."), rule=Rule.INVALID_PATH)
        if not text.strip():
            raise PolicyError(_("The path is empty; give a path inside the workspace."),
                              rule=Rule.INVALID_PATH)  # fmt: skip
        if "\x00" in text:
            raise PolicyError(_("The path contains a NUL byte."), path=text,
                              rule=Rule.INVALID_PATH)  # fmt: skip
        if text.startswith("~"):
            raise PolicyError(
                _("{path} starts with '~'; give a path relative to the workspace root.").format(
                    path=repr(text)),
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
                        _("{path} leads outside the workspace; use a path inside it.").format(
                            path=str(path)),
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
            _("{path} is outside the workspace ({root}); only paths inside it are allowed.")
            .format(path=text, root=self.root),
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
                    _("{parent} is a file, so {path} can't be inside it.").format(
                        parent=parent, path=shown),
                    path=shown,
                    rule=Rule.INVALID_PATH,
                ) from None
            except OSError as exc:
                raise PolicyError(
                    _("{path} could not be checked ({problem}); it is refused to be safe.").format(
                        path=shown, problem=exc.strerror),
                    path=shown,
                    rule=Rule.INVALID_PATH,
                ) from None
            mode = info.st_mode
            if stat.S_ISLNK(mode):
                link = "/".join(parts[: index + 1])
                raise PolicyError(
                    _("{path} is a symbolic link; wsnb never follows links, open its target's "
                      "folder as a workspace instead.").format(path=link),
                    path=shown,
                    rule=Rule.SYMLINK,
                )
            if not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
                raise PolicyError(
                    _(_SPECIAL).format(path="/".join(parts[: index + 1])),
                    path=shown,
                    rule=Rule.SPECIAL_FILE,
                )

    # -- name rules -----------------------------------------------------------

    is_dangerous = staticmethod(is_dangerous_name)
    is_sensitive = staticmethod(is_sensitive_name)
    is_sensitive_path = staticmethod(is_sensitive_path)
    is_text_name = staticmethod(is_text_name)

    def is_protected(self, path: WsPath) -> bool:
        """True inside the metadata folder or git's internals, which tools never write.

        Parameters
        ----------
        path : WsPath
            A resolved path.

        Returns
        -------
        bool
        """
        first = path.relative.split("/", 1)[0].lower()
        return first == METADATA_DIR or ".git" in {p.lower() for p in path.relative.split("/")}

    is_system_path = staticmethod(is_system_path)

    # -- decisions ------------------------------------------------------------

    def check_read_file(
        self, path: str | os.PathLike[str] | WsPath, *, confirm: str | None = None,
        for_model: bool = False,
    ) -> Decision:
        """May ``path`` be read as text? (Content sniffing happens at read time.)

        Parameters
        ----------
        path : str, os.PathLike or WsPath
            The file.
        confirm : str, optional
            A sensitive file is read only for a person who typed its name (a deliberate
            read) or opened the workspace with ``allow_sensitive``.
        for_model : bool
            Refuse a sensitive file whatever was typed or set: the reader is a model.

        Returns
        -------
        Decision
            Refused for a missing file, a folder, a dangerous suffix or a sensitive file.
        """
        decision = self.check(path)
        if not decision:
            return decision
        target = decision.raise_if_refused()
        if not os.path.lexists(target.os_path):
            return Decision.refuse(Rule.NOT_ALLOWED, _("{path} does not exist.").format(
                path=target), target)  # fmt: skip
        if os.path.isdir(target.os_path):
            return Decision.refuse(Rule.NOT_ALLOWED, advice.IS_FOLDER_SHORT(path=target),
                                   target)  # fmt: skip
        if is_dangerous_name(target.name):
            return self._dangerous(target, "read")
        rule = sensitive_rule_of(target)
        if rule is not None:
            return self._sensitive_read(target, rule, confirm=confirm, for_model=for_model)
        return decision

    def _sensitive_read(self, target: WsPath, rule: SensitiveRule, *, confirm: str | None,
                        for_model: bool) -> Decision:  # fmt: skip
        """A person's deliberate read passes; a model, a wrong name or no name is refused."""
        if for_model:
            return Decision.refuse(Rule.SENSITIVE, _(
                "{path} looks like it holds secrets, and a model never reads such files. {why}"
            ).format(path=target, why=rule.explain()), target)  # fmt: skip
        if confirm is not None and confirm != target.name:
            return Decision.refuse(Rule.SENSITIVE, _(
                "You typed {typed}, but the file is named {name}; type its name exactly to "
                "read it on purpose.").format(typed=repr(confirm), name=repr(target.name)),
                target)  # fmt: skip
        if confirm is not None or self.allow_sensitive:
            return Decision.ok(target)
        return Decision.refuse(Rule.SENSITIVE, _(
            "{path} looks like it holds secrets, so wsnb does not read it by default. {why} To "
            "read it yourself, on purpose: ws.read({path_repr}, confirm={name})."
        ).format(path=target, why=rule.explain(), path_repr=repr(target.relative),
                 name=repr(target.name)), target)  # fmt: skip

    def check_read_dir(self, path: str | os.PathLike[str] | WsPath) -> Decision:
        """May ``path`` be listed as a folder?

        Parameters
        ----------
        path : str, os.PathLike or WsPath
            The folder.

        Returns
        -------
        Decision
            Refused outside the root, for a missing path or for a file.
        """
        decision = self.check(path)
        if not decision:
            return decision
        target = decision.raise_if_refused()
        if not os.path.isdir(target.os_path):
            what = (_("{path} does not exist.") if not target.exists()
                    else _("{path} is a file, not a folder."))  # fmt: skip
            return Decision.refuse(Rule.NOT_ALLOWED, what.format(path=target), target)
        return decision

    def check_create(self, path: str | os.PathLike[str] | WsPath, *,
                     head: bytes | None = None) -> Decision:  # fmt: skip
        """May a new file or folder be created at ``path``?

        Whether the target already exists is the tool's question (asked again at
        confirmation), so a plan can report it as a conflict or a stale plan.

        Parameters
        ----------
        path : str, os.PathLike or WsPath
            The new item.
        head : bytes, optional
            The new item's first bytes when known (a copy's source, a new file's text);
            they decide where the name says only maybe (``talk.key``).

        Returns
        -------
        Decision
            Refused in read-only mode, in protected folders, for illegal names, dangerous
            suffixes and sensitive names.
        """
        decision = self._check_writable(path)
        if not decision:
            return decision
        target = decision.raise_if_refused()
        if target.is_root:
            return Decision.refuse(Rule.NOT_ALLOWED, _("The workspace root already exists."),
                                   target)  # fmt: skip
        for name in self._new_names(target):
            reason = illegal_name_reason(name)
            if reason:
                return Decision.refuse(Rule.ILLEGAL_NAME, reason, target)
        if is_dangerous_name(target.name):
            return self._dangerous(target, "create")
        folder, _sep, name = target.relative.rpartition("/")
        if sensitive_rule(name, folder, head if content_decides(name, folder) else None):
            return self._sensitive(target, "create")
        return decision

    def check_write_file(self, path: str | os.PathLike[str] | WsPath) -> Decision:
        """May the existing file at ``path`` be modified?

        Parameters
        ----------
        path : str, os.PathLike or WsPath
            The file.

        Returns
        -------
        Decision
            Refused in read-only mode, for a missing file, a folder, a dangerous suffix or a
            sensitive file.
        """
        decision = self._check_writable(path)
        if not decision:
            return decision
        target = decision.raise_if_refused()
        if not target.exists():
            return Decision.refuse(Rule.NOT_ALLOWED, advice.MISSING_FOR_WRITE(path=target),
                                   target)  # fmt: skip
        if os.path.isdir(target.os_path):
            return Decision.refuse(Rule.NOT_ALLOWED, _("{path} is a folder, not a file.").format(
                path=target), target)  # fmt: skip
        if is_dangerous_name(target.name):
            return self._dangerous(target, "write")
        if sensitive_rule_of(target) is not None:
            return self._sensitive(target, "write")
        return decision

    def check_source(self, path: str | os.PathLike[str] | WsPath, *, verb: str) -> Decision:
        """May the existing item at ``path`` be moved, copied, renamed or trashed?

        Parameters
        ----------
        path : str, os.PathLike or WsPath
            The item.
        verb : str
            ``"move"``, ``"copy"``, ``"rename"`` or ``"trash"`` (a copy leaves the source
            as it is, so read-only mode allows checking it).

        Returns
        -------
        Decision
            Refused for the root, a missing item, and a protected or sensitive copy source.
        """
        decision = self._check_writable(path) if verb != "copy" else self.check(path)
        if not decision:
            return decision
        source = decision.raise_if_refused()
        if source.is_root:
            return Decision.refuse(Rule.NOT_ALLOWED, _(_ROOT.get(verb, _ROOT["move"])),
                                   source)  # fmt: skip
        if not source.exists():
            return Decision.refuse(Rule.NOT_ALLOWED, _("{path} does not exist.").format(
                path=source), source)  # fmt: skip
        if verb == "copy" and self.is_protected(source):
            return Decision.refuse(Rule.PROTECTED, _("{path} is in a folder wsnb keeps for "
                                   "itself or git; copy something else.").format(path=source),
                                   source)  # fmt: skip
        if verb == "copy" and sensitive_rule_of(source) is not None:
            return self._sensitive(source, verb)
        return decision

    def check_open(self, path: str | os.PathLike[str] | WsPath) -> Decision:
        """May ``path`` be handed to the OS's default launcher?

        Parameters
        ----------
        path : str, os.PathLike or WsPath
            The file.

        Returns
        -------
        Decision
            Refused for a missing file, a dangerous suffix, or a sensitive file (unless the
            workspace allows sensitive files).
        """
        decision = self.check(path)
        if not decision:
            return decision
        target = decision.raise_if_refused()
        if not target.exists():
            return Decision.refuse(Rule.NOT_ALLOWED, _("{path} does not exist.").format(
                path=target), target)  # fmt: skip
        if is_dangerous_name(target.name):
            return self._dangerous(target, "open")
        if not self.allow_sensitive and sensitive_rule_of(target) is not None:
            return self._sensitive(target, "open")
        return decision

    def check_mode_allows_writes(self) -> Decision:
        """Does the workspace's mode allow changes at all?

        Returns
        -------
        Decision
            Refused (rule ``read-only-mode``) when the workspace is open read-only.
        """
        if self.mode is PermissionMode.READ_ONLY:
            return Decision.refuse(
                Rule.READ_ONLY_MODE,
                _("The workspace is open read-only; reopen it with "
                  "mode='confirm-before-write' to make changes."),
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
                _("{path} is inside {folder}/ or .git/, which wsnb never writes.").format(
                    path=target, folder=METADATA_DIR),
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
        suffix = os.path.splitext(target.name)[1]
        return Decision.refuse(Rule.DANGEROUS_SUFFIX, _(_DANGEROUS[verb]).format(
            path=target, suffix=suffix), target)  # fmt: skip

    @staticmethod
    def _sensitive(target: WsPath, verb: str) -> Decision:
        return Decision.refuse(Rule.SENSITIVE, _(_SENSITIVE[verb]).format(path=target),
                               target)  # fmt: skip


_SPECIAL = N_("{path} is a special file (FIFO, socket or device); only regular files and "
              "folders are allowed.")  # fmt: skip
# One whole sentence per action, so each translates as a sentence.
_DANGEROUS = {
    "read": N_("{path} has a suffix that runs programs ({suffix}); wsnb never lets you read "
               "such files."),
    "create": N_("{path} has a suffix that runs programs ({suffix}); wsnb never lets you "
                 "create such files."),
    "write": N_("{path} has a suffix that runs programs ({suffix}); wsnb never lets you "
                "write such files."),
    "open": N_("{path} has a suffix that runs programs ({suffix}); wsnb never lets you open "
               "such files."),
}  # fmt: skip
_ROOT = {
    "move": N_("wsnb can't move the workspace root itself; choose an item inside it."),
    "copy": N_("wsnb can't copy the workspace root itself; choose an item inside it."),
    "rename": N_("wsnb can't rename the workspace root itself; choose an item inside it."),
    "trash": N_("wsnb can't trash the workspace root itself; choose an item inside it."),
}
_SENSITIVE = {
    "create": N_("{path} looks like it holds secrets (keys, tokens, passwords), so wsnb "
                 "refuses to create it."),
    "write": N_("{path} looks like it holds secrets (keys, tokens, passwords), so wsnb "
                "refuses to write it."),
    "copy": N_("{path} looks like it holds secrets (keys, tokens, passwords), so wsnb "
               "refuses to copy it."),
    "open": N_("{path} looks like it holds secrets (keys, tokens, passwords), so wsnb "
               "refuses to open it."),
}  # fmt: skip
