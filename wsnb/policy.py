"""The access policy: the one gate every path passes before it reaches the disk.

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
import re
import stat
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath, PureWindowsPath

from .errors import PolicyError, WorkspaceOpenError
from .types import PermissionMode, Rule

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

DANGEROUS_SUFFIXES = frozenset(
    {".exe", ".bat", ".cmd", ".ps1", ".vbs", ".msi", ".scr", ".reg", ".com", ".pif", ".lnk"}
)

_SENSITIVE_NAMES = frozenset(
    {
        ".env",
        "id_rsa",
        "id_dsa",
        "id_ecdsa",
        "id_ed25519",
        "id_ecdsa_sk",
        "id_ed25519_sk",
        "credentials.json",
        "secrets.json",
        "token.json",
        ".netrc",
        ".pgpass",
        ".npmrc",
        ".pypirc",
    }
)
_SENSITIVE_SUFFIXES = frozenset({".pem", ".key", ".pfx", ".p12", ".keystore", ".jks"})
_SENSITIVE_WORDS = ("secret", "token", "password", "credential", "private", "apikey", "api_key")

# What the index calls text before a read sniffs the content.
TEXT_SUFFIXES = frozenset(
    """
    .c .cc .cpp .cxx .h .hh .hpp .hxx .ino .m .mm .cs .java .kt .kts .scala .groovy .gradle
    .py .pyi .pyx .ipynb .rb .php .pl .pm .lua .r .jl .go .rs .swift .dart .zig .nim .hs .ml
    .mli .ex .exs .erl .clj .cljs .el .lisp .scm .sql .js .mjs .cjs .jsx .ts .tsx .vue
    .svelte .css .scss .sass .less .html .htm .xml .xsd .xsl .svg .json .jsonl .json5 .yaml
    .yml .toml .ini .cfg .conf .properties .md .markdown .rst .txt .text .adoc
    .tex .bib .csv .tsv .log .cmake .pro .pri .qrc .ui .qml .mk .make .sh .bash .zsh .fish
    .bats .gitignore .gitattributes .gitmodules .editorconfig .dockerignore .diff .patch
    .proto .graphql .gql .tf .hcl .nix .srt .po .pot
    """.split()  # noqa: SIM905 - a word list reads better than 100 quoted items
)
TEXT_NAMES = frozenset(
    {
        "readme",
        "license",
        "licence",
        "copying",
        "authors",
        "contributors",
        "changelog",
        "changes",
        "news",
        "todo",
        "notice",
        "makefile",
        "gnumakefile",
        "dockerfile",
        "containerfile",
        "vagrantfile",
        "jenkinsfile",
        "procfile",
        "gemfile",
        "rakefile",
        "cmakelists.txt",
        "requirements.txt",
        "pipfile",
        ".gitignore",
        ".gitattributes",
        ".editorconfig",
        ".dockerignore",
    }
)

_WINDOWS_RESERVED = frozenset(
    {"con", "prn", "aux", "nul"}
    | {f"com{i}" for i in range(1, 10)}
    | {f"lpt{i}" for i in range(1, 10)}
    | {"com¹", "com²", "com³", "lpt¹", "lpt²", "lpt³", "conin$", "conout$"}
)
_ILLEGAL_CHARS = re.compile(r'[<>:"|?*\\/\x00-\x1f]')
_MAX_NAME_BYTES = 255
_MAX_PATH_BYTES = 4096

# Folders that are never a workspace, and whose insides never are either.
_SYSTEM_TREES_POSIX = (
    "/etc", "/usr", "/bin", "/sbin", "/boot", "/proc", "/sys", "/dev", "/lib", "/lib32",
    "/lib64", "/libx32", "/System", "/Library", "/private/etc", "/private/var/db",
    "/var/lib", "/var/log", "/var/cache", "/var/spool", "/run",
)  # fmt: skip
# Folders that are too broad to be a workspace themselves; their subfolders are fine.
_TOP_LEVEL_POSIX = (
    "/", "/home", "/Users", "/root", "/var", "/opt", "/tmp", "/mnt", "/media", "/srv",
    "/private", "/private/var", "/private/tmp", "/Volumes", "/Applications",
)  # fmt: skip
_SYSTEM_NAMES_WINDOWS = frozenset(
    {
        "windows",
        "program files",
        "program files (x86)",
        "programdata",
        "$recycle.bin",
        "recycler",
        "system volume information",
        "recovery",
        "$windows.~bt",
        "boot",
    }
)


@dataclass(frozen=True, slots=True)
class WsPath:
    """A path the policy has resolved: inside the workspace, no symlink on the way.

    ``relative`` is workspace-relative POSIX (``"."`` for the root);
    ``absolute`` joins it to the workspace's real root. Only the policy makes these.
    """

    absolute: Path
    relative: str

    @property
    def name(self) -> str:
        return self.absolute.name

    @property
    def is_root(self) -> bool:
        return self.relative == "."

    def exists(self) -> bool:
        return os.path.lexists(self.absolute)

    def __fspath__(self) -> str:
        return str(self.absolute)

    def __str__(self) -> str:
        return self.relative


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
# Name rules: pure functions of a file name, usable without a workspace.
# ---------------------------------------------------------------------------


def _clean_name(name: str) -> str:
    # Windows ignores trailing dots and spaces, so "run.bat. " is "run.bat".
    return unicodedata.normalize("NFC", name).rstrip(" .").lower()


def is_dangerous_name(name: str) -> bool:
    """True for names that run code when opened: ``.exe``, ``.bat``, ``.lnk``, ..."""
    return os.path.splitext(_clean_name(name))[1] in DANGEROUS_SUFFIXES


def is_sensitive_name(name: str) -> bool:
    """True for names that usually hold secrets: keys, ``.env``, credentials, ..."""
    clean = _clean_name(name)
    if clean in _SENSITIVE_NAMES or clean.startswith(".env."):
        return True
    if os.path.splitext(clean)[1] in _SENSITIVE_SUFFIXES:
        return True
    return any(word in clean for word in _SENSITIVE_WORDS)


def is_text_name(name: str) -> bool:
    """True when the name says text; reading still sniffs the content to be sure."""
    lower = name.lower()
    if lower in TEXT_NAMES or lower.startswith(("readme", "license", "changelog")):
        return True
    suffix = os.path.splitext(lower)[1]
    return suffix in TEXT_SUFFIXES


def illegal_name_reason(name: str) -> str | None:
    """Why ``name`` can't be created on every platform, or None when it can.

    Windows rules apply everywhere, so a workspace stays usable when it is
    copied or synced to a Windows machine.
    """
    if not name or name in {".", ".."}:
        return f"{name!r} is not a file name; give a name such as 'notes.txt'."
    if name.endswith((".", " ")):
        return f"The name {name!r} ends with a dot or a space, which Windows can't store."
    bad = _ILLEGAL_CHARS.search(name)
    if bad:
        char = bad.group()
        shown = repr(char) if char.isprintable() else f"control character {ord(char):#04x}"
        return f"The name {name!r} contains {shown}; use letters, digits, '-', '_' or '.'."
    stem = name.split(".", 1)[0].strip().lower()
    if stem in _WINDOWS_RESERVED:
        return f"{name!r} is a reserved device name on Windows; choose another name."
    if len(name.encode("utf-8")) > _MAX_NAME_BYTES:
        return f"The name is longer than {_MAX_NAME_BYTES} bytes; choose a shorter one."
    return None


# ---------------------------------------------------------------------------
# Workspace roots
# ---------------------------------------------------------------------------


def _is_under(path: str, tree: str) -> bool:
    return path == tree or path.startswith(tree.rstrip("/") + "/")


def _system_folder_reason(real: str) -> str | None:
    if os.name == "nt" or re.match(r"^[A-Za-z]:[\\/]", real):
        win = PureWindowsPath(real)
        if len(win.parts) <= 1:
            return f"{real} is a drive root; open a project folder inside it instead."
        if win.parts[1].lower() in _SYSTEM_NAMES_WINDOWS:
            return f"{real} is a Windows system folder; open one of your own folders instead."
        if any(part.lower() in {"$recycle.bin", "recycler"} for part in win.parts):
            return f"{real} is inside the recycle bin; restore the items first."
        return None
    for tree in _SYSTEM_TREES_POSIX:
        if _is_under(real, tree):
            return f"{real} is a system folder; open one of your own project folders instead."
    if real in _TOP_LEVEL_POSIX:
        return f"{real} is too broad to be a workspace; open a project folder inside it."
    home = os.path.realpath(os.path.expanduser("~"))
    trash = os.path.join(home, ".local", "share", "Trash")
    if _is_under(real, trash) or "/.Trash" in real:
        return f"{real} is inside the trash; restore the items first."
    return None


def check_workspace_root(path: str | os.PathLike[str]) -> Path:
    """Resolve a folder a person wants to open as a workspace, or explain why not.

    ``~`` is expanded here (and only here): it is how people name their
    projects. The answer is the real path, symlinks resolved.
    """
    text = os.fspath(path)
    if not text or not text.strip():
        raise WorkspaceOpenError("No folder was given; pass the path of a project folder.")
    if "\x00" in text:
        raise WorkspaceOpenError("The folder path contains a NUL byte.", path=text)
    expanded = os.path.expanduser(text)
    try:
        real = os.path.realpath(expanded, strict=True)
    except (OSError, RuntimeError):
        raise WorkspaceOpenError(
            f"The folder {text!r} does not exist; check the path or create the folder first.",
            path=text,
        ) from None
    if not os.path.isdir(real):
        raise WorkspaceOpenError(
            f"{text!r} is a file, not a folder; open the folder that contains it.", path=text
        )
    reason = _system_folder_reason(real)
    if reason:
        raise WorkspaceOpenError(reason, path=text)
    return Path(real)


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
        absolute = self.root.joinpath(*parts) if parts else self.root
        if len(os.fsencode(absolute)) >= _MAX_PATH_BYTES or any(
            len(os.fsencode(part)) > _MAX_NAME_BYTES for part in parts
        ):
            raise PolicyError(
                "The path is longer than the file system allows; use shorter names.",
                path=os.fspath(path)[:200],
                rule=Rule.INVALID_PATH,
            )
        self._walk_existing(parts, shown=os.fspath(path))
        relative = "/".join(parts) if parts else "."
        return WsPath(absolute=absolute, relative=relative)

    def resolve_child(self, folder: WsPath, name: str) -> tuple[WsPath, os.stat_result | None]:
        """``name`` inside ``folder`` (already resolved), checking that one segment.

        For walks over many files of few folders, such as a text search: the
        folder was proven inside, so only the last segment is ``lstat``-ed. The
        answer carries that ``lstat`` (None when the name does not exist).
        """
        if not name or name in {".", ".."} or "/" in name or os.sep in name or "\x00" in name:
            raise PolicyError(f"{name!r} is not a single file name.", path=name,
                              rule=Rule.INVALID_PATH)  # fmt: skip
        relative = name if folder.is_root else f"{folder.relative}/{name}"
        absolute = folder.absolute / name
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
        if info is not None and stat.S_ISLNK(info.st_mode):
            raise PolicyError(f"{relative} is a symbolic link; wsnb never follows links.",
                              path=relative, rule=Rule.SYMLINK)  # fmt: skip
        if info is not None and not (stat.S_ISDIR(info.st_mode) or stat.S_ISREG(info.st_mode)):
            raise PolicyError(f"{relative} is a special file (FIFO, socket or device); only "
                              "regular files and folders are allowed.", path=relative,
                              rule=Rule.SPECIAL_FILE)  # fmt: skip
        return WsPath(absolute=absolute, relative=relative), info

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

    def is_system_path(self, path: str | os.PathLike[str]) -> bool:
        """True for system folders and the file-system root."""
        return _system_folder_reason(os.path.realpath(os.fspath(path))) is not None

    # -- decisions ------------------------------------------------------------

    def check_read_file(self, path: str | os.PathLike[str] | WsPath) -> Decision:
        """May ``path`` be read as text? (Content sniffing happens at read time.)"""
        decision = self.check(path)
        if not decision:
            return decision
        target = decision.raise_if_refused()
        if not os.path.lexists(target.absolute):
            return Decision.refuse(Rule.NOT_ALLOWED, f"{target} does not exist.", target)
        if os.path.isdir(target.absolute):
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
        if not os.path.isdir(target.absolute):
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
        if os.path.isdir(target.absolute):
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
