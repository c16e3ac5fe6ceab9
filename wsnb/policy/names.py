"""Name rules: what a file's name alone says about it.

Pure functions of a name, usable without a workspace: names that run programs
when opened, names that usually hold secrets (``SENSITIVE_RULES``: a table
with a sentence per row), names that say text, and names that can't be created
on every platform. ``wsnb.policy.access`` applies them to paths.
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..i18n import N_, _, ngettext

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "DANGEROUS_SUFFIXES",
    "MAX_NAME_BYTES",
    "SENSITIVE_RULES",
    "TEXT_NAMES",
    "TEXT_SUFFIXES",
    "SensitiveRule",
    "illegal_name_reason",
    "is_dangerous_name",
    "is_sensitive_name",
    "is_sensitive_path",
    "is_text_name",
    "sensitive_files_note",
    "sensitive_rule",
    "sensitive_rules_frame",
]

DANGEROUS_SUFFIXES = frozenset(
    {".exe", ".bat", ".cmd", ".ps1", ".vbs", ".msi", ".scr", ".reg", ".com", ".pif", ".lnk"}
)

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


# ---------------------------------------------------------------------------
# Sensitive names: one table, one sentence per row.
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SensitiveRule:
    """One row of the sensitive-name rule: its code, examples and the sentence a person reads.

    ``code`` is machine-facing and stays English; ``sentence`` is marked for the
    catalog and read in the current language with ``explain()``. A row with
    ``refuses=False`` documents what the rule lets through.
    """

    code: str
    examples: str
    sentence: str
    refuses: bool = True

    def explain(self, lang: str | None = None) -> str:
        """The row's sentence in the current language (or ``lang``)."""
        return _(self.sentence, lang)


SENSITIVE_RULES: tuple[SensitiveRule, ...] = (
    SensitiveRule("env-file", ".env, .env.local, .env.production, prod.env",
                  N_("An environment file holds the keys and passwords a program runs with.")),
    SensitiveRule("secret-file", ".netrc, .pgpass, .pypirc, .npmrc, .git-credentials, .htpasswd, "
                  ".envrc, credentials.json, secrets.json, token.json",
                  N_("Programs keep passwords and tokens in a file of this name.")),
    SensitiveRule("private-key", "id_rsa, id_ed25519, server.pem, tls.key, cert.pfx, cert.p12, "
                  "app.keystore, app.jks, putty.ppk",
                  N_("A private key or a key store; a public key (.pub) is not sensitive.")),
    SensitiveRule("kubeconfig", "kubeconfig, kubeconfig-prod.yaml, dev.kubeconfig, .kube/config",
                  N_("A Kubernetes configuration holds the credentials of a cluster.")),
    SensitiveRule("key-folder", ".ssh/*, .gnupg/*, .aws/credentials, .docker/config.json",
                  N_("The file is in a folder where programs keep keys and logins (public "
                     "keys, .pub, excepted).")),
    SensitiveRule("secret-word-data", "my_api_key.txt, password.txt, secrets.yaml, "
                  "db_password.conf, private_key.json, aws-credentials",
                  N_("The name says it holds a secret (secret, token, password, credential, "
                     "private, API or access key) and the file is data or has no suffix.")),
    SensitiveRule("secret-word-notes", "passwords.md, secrets.rst, my-api-keys.org",
                  N_("A notes file named for secrets alone is where people write them down.")),
    SensitiveRule("source-or-docs", "tokenizer.py, tokens.ts, token_test.go, "
                  "password_strength.js, secret_sharing.rs, docs/credential_helper.md",
                  N_("Not sensitive: a keyword in the name of a source or documentation file "
                     "says what it is about. Secrets written inside any file are redacted "
                     "before a model sees them."), refuses=False),
)  # fmt: skip
_RULES = {rule.code: rule for rule in SENSITIVE_RULES}

_SECRET_FILES = frozenset(
    """
    .netrc _netrc .pgpass .npmrc .pypirc .git-credentials .htpasswd .envrc .dockercfg .s3cfg
    credentials.json secrets.json token.json
    """.split()  # noqa: SIM905 - a word list
)
_KEY_SUFFIXES = frozenset({".pem", ".key", ".pfx", ".p12", ".keystore", ".jks", ".ppk"})
_SSH_KEY = re.compile(r"id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?(?:[-_.].*)?")
# The words that make a data file's name sensitive; compounds first so a name is one match.
_WORDS = (r"(?:private|secret|access|api)[-_ ]?keys?|secrets?|tokens?|passw(?:or)?ds?"
          r"|credentials?|private")  # fmt: skip
_SECRET_WORD = re.compile(_WORDS)
# A notes file's stem made of nothing but those words (and a few fillers): "my-passwords".
_ONLY_SECRETS = re.compile(
    rf"(?:(?:my|our|the|all|old|new)[-_ .]*)*(?:{_WORDS})"
    rf"(?:[-_ .]+(?:and[-_ .]+)?(?:{_WORDS}))*(?:[-_ .]*(?:list|backup|\d+))*"
)
# Source and documentation: a keyword in these names says what the code or text is about.
_NOTES_SUFFIXES = frozenset({".md", ".markdown", ".rst", ".adoc", ".asciidoc", ".org", ".tex"})
_SOURCE_SUFFIXES = frozenset(
    """
    .c .cc .cpp .cxx .h .hh .hpp .hxx .ino .m .mm .cs .java .kt .kts .scala .groovy .gradle
    .py .pyi .pyx .ipynb .rb .php .pl .pm .lua .r .jl .go .rs .swift .dart .zig .nim .hs .ml
    .mli .ex .exs .erl .clj .cljs .el .lisp .scm .sql .js .mjs .cjs .jsx .ts .tsx .vue
    .svelte .css .scss .sass .less .html .htm .svg .sh .bash .zsh .fish .bats .cmake .mk
    .proto .graphql .gql .tf .hcl .nix .qml .ui .snap .feature .rake .erb .haml .jinja .j2
    .f .for .f77 .f90 .f95 .f03 .pas .d .cr .rkt .tcl .coffee .elm .fs .fsx .cu .cuh .sol
    .v .sv .vhd .asm .s .mustache .hbs .pug .twig .liquid .tmpl
    .so .pyd .dll .dylib .o .a .pyc .class .wasm
    """.split()  # noqa: SIM905 - a word list; compiled code too: its name says what it does
) | _NOTES_SUFFIXES
_KEY_FOLDERS = frozenset({".ssh", ".gnupg"})
_FOLDER_FILES = {".aws": "credentials", ".docker": "config.json"}
_PUBLIC_IN_SSH = frozenset({"known_hosts", "known_hosts.old", "authorized_keys"})


def sensitive_rule(name: str, folder: str = "") -> SensitiveRule | None:
    """The row of ``SENSITIVE_RULES`` that makes ``name`` sensitive, or None.

    ``folder`` is the workspace-relative POSIX folder the file is in; with it,
    files in key folders (``.ssh/``, ``.aws/credentials``) are found too.
    """
    clean = _clean_name(name)
    code = _name_code(clean)
    if code is None and folder and (folder[0] == "." or "/." in folder):
        code = _folder_code(clean, folder.lower())
    return _RULES[code] if code else None


def _name_code(clean: str) -> str | None:
    if clean == ".env" or clean.startswith(".env.") or clean.endswith(".env"):
        return "env-file"
    if clean in _SECRET_FILES:
        return "secret-file"
    stem, suffix = os.path.splitext(clean)
    if suffix in _KEY_SUFFIXES or (_SSH_KEY.fullmatch(clean) and suffix != ".pub"):
        return "private-key"
    if clean.startswith("kubeconfig") or suffix == ".kubeconfig":
        return "kubeconfig"
    if _SECRET_WORD.search(clean) is None:
        return None
    if suffix not in _SOURCE_SUFFIXES:
        return "secret-word-data"
    if suffix in _NOTES_SUFFIXES and _ONLY_SECRETS.fullmatch(stem):
        return "secret-word-notes"
    return None


def _folder_code(clean: str, folder: str) -> str | None:
    parts = folder.split("/")
    if _KEY_FOLDERS.intersection(parts):
        public = clean.endswith(".pub") or clean in _PUBLIC_IN_SSH
        return None if public else "key-folder"
    parent = parts[-1]
    if parent == ".kube" and clean == "config":
        return "kubeconfig"
    return "key-folder" if _FOLDER_FILES.get(parent) == clean else None


def is_sensitive_name(name: str) -> bool:
    """True for names that usually hold secrets (see ``SENSITIVE_RULES``); the name alone."""
    return sensitive_rule(name) is not None


def is_sensitive_path(relative: str) -> bool:
    """True for a workspace-relative path that usually holds secrets, its folder included."""
    folder, _sep, name = relative.rpartition("/")
    return sensitive_rule(name, folder) is not None


def sensitive_files_note(paths: list[str], total: int, *, searched: bool,
                         for_model: bool = False) -> str:  # fmt: skip
    """The sentence under a result that names its sensitive files, with their rules.

    ``searched``: a text search left them out; otherwise a name search found
    them. ``paths`` are up to a few of them, ``total`` how many there were.
    A person is told how to read one on purpose; a model, that it never will.
    """
    if not total:
        return ""
    shown = ", ".join(f"{path} ({_rule_code(path)})" for path in paths)
    if total > len(paths):
        shown = _("{listed} and {more} more").format(listed=shown, more=total - len(paths))
    if for_model:
        return ngettext("{count} sensitive file was not searched and is never read by a model: "
                        "{files}.", "{count} sensitive files were not searched and are never "
                        "read by a model: {files}.", total).format(count=total, files=shown)
    if searched:
        return ngettext(
            "{count} file was left out as sensitive by name (rule in brackets): {files}. Read "
            "one on purpose with ws.read(path, confirm=<its name>).",
            "{count} files were left out as sensitive by name (rules in brackets): {files}. Read "
            "one on purpose with ws.read(path, confirm=<its name>).", total,
        ).format(count=total, files=shown)  # fmt: skip
    return ngettext(
        "{count} of these files is sensitive by name (rule in brackets): {files}. wsnb reads "
        "it only on purpose: ws.read(path, confirm=<its name>).",
        "{count} of these files are sensitive by name (rules in brackets): {files}. wsnb reads "
        "them only on purpose: ws.read(path, confirm=<its name>).", total,
    ).format(count=total, files=shown)  # fmt: skip


def _rule_code(relative: str) -> str:
    folder, _sep, name = relative.rpartition("/")
    rule = sensitive_rule(name, folder)
    return rule.code if rule is not None else "?"


def sensitive_rules_frame(lang: str | None = None) -> pd.DataFrame:
    """The rule as a table a person reads: rule, sensitive, examples, why (translated)."""
    import pandas as pd

    rows = [(rule.code, rule.refuses, rule.examples, rule.explain(lang))
            for rule in SENSITIVE_RULES]  # fmt: skip
    return pd.DataFrame(rows, columns=["rule", "sensitive", "examples", "why"])


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
        return _("{name} is not a file name; give a name such as 'notes.txt'.").format(
            name=repr(name))
    if name.endswith((".", " ")):
        return _("The name {name} ends with a dot or a space, which Windows can't store.").format(
            name=repr(name))
    bad = _ILLEGAL_CHARS.search(name)
    if bad:
        char = bad.group()
        if char.isprintable():
            return _("The name {name} contains {char}; use letters, digits, '-', '_' or "
                     "'.'.").format(name=repr(name), char=repr(char))
        return _("The name {name} contains the control character {code}; use letters, digits, "
                 "'-', '_' or '.'.").format(name=repr(name), code=f"{ord(char):#04x}")
    stem = name.split(".", 1)[0].strip().lower()
    if stem in _WINDOWS_RESERVED:
        return _("{name} is a reserved device name on Windows; choose another name.").format(
            name=repr(name))
    if len(name.encode("utf-8")) > MAX_NAME_BYTES:
        return _("The name is longer than {limit} bytes; choose a shorter one.").format(
            limit=MAX_NAME_BYTES)
    return None
