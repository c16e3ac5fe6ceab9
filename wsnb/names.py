"""Name rules: what a file's name alone says about it.

Pure functions of a name, usable without a workspace: names that run programs
when opened, names that usually hold secrets, names that say text, and names
that can't be created on every platform. ``wsnb.policy`` applies them to paths.
"""

from __future__ import annotations

import os
import re
import unicodedata

__all__ = [
    "DANGEROUS_SUFFIXES",
    "MAX_NAME_BYTES",
    "TEXT_NAMES",
    "TEXT_SUFFIXES",
    "illegal_name_reason",
    "is_dangerous_name",
    "is_sensitive_name",
    "is_text_name",
]

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
_SENSITIVE_WORD = re.compile("|".join(_SENSITIVE_WORDS))

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
MAX_NAME_BYTES = 255


def _clean_name(name: str) -> str:
    # Windows ignores trailing dots and spaces, so "run.bat. " is "run.bat". Text search
    # asks about every file, so ASCII names skip the (then useless) normalisation.
    if not name.isascii():
        name = unicodedata.normalize("NFC", name)
    return name.rstrip(" .").lower()


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
    return _SENSITIVE_WORD.search(clean) is not None


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
    if len(name.encode("utf-8")) > MAX_NAME_BYTES:
        return f"The name is longer than {MAX_NAME_BYTES} bytes; choose a shorter one."
    return None
