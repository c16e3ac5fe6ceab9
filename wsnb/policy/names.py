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
from ..text.redact import redact
from .filekinds import BINARY_KINDS

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "DANGEROUS_SUFFIXES",
    "MAX_NAME_BYTES",
    "SENSITIVE_RULES",
    "TEXT_NAMES",
    "TEXT_SUFFIXES",
    "SensitiveRule",
    "content_decides",
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
    """True for names that run code when opened: ``.exe``, ``.bat``, ``.lnk``, ...

    Parameters
    ----------
    name : str
        A file name.

    Returns
    -------
    bool
    """
    return os.path.splitext(_clean_name(name))[1] in DANGEROUS_SUFFIXES


# ---------------------------------------------------------------------------
# Sensitive names: one table, one sentence per row.
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SensitiveRule:
    """One row of the sensitive-name rule: its code, examples and the sentence a person reads.

    ``code`` is machine-facing and stays English; ``sentence`` is marked for the
    catalog and read in the current language with ``explain()``. A row with
    ``refuses=False`` documents what the rule lets through; ``by_content=True``
    a row that only the file's first bytes can trigger.
    """

    code: str
    examples: str
    sentence: str
    refuses: bool = True
    by_content: bool = False  # the name alone says only maybe: the file's first bytes decide

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
                  N_("A private key or a key store. A public key (.pub) is not sensitive, nor is "
                     "a .key or .pem file whose first bytes show a zip (a Keynote deck) or only "
                     "certificates and public keys.")),
    SensitiveRule("kubeconfig", "kubeconfig, kubeconfig-prod.yaml, dev.kubeconfig, .kube/config",
                  N_("A Kubernetes configuration holds the credentials of a cluster.")),
    SensitiveRule("key-folder", ".ssh/*, .gnupg/*, .aws/credentials, .docker/config.json",
                  N_("The file is in a folder where programs keep keys and logins (public "
                     "keys, .pub, excepted).")),
    SensitiveRule("secret-word-data", "my_api_key.txt, password.txt, secrets.yaml, "
                  "db_password.conf, private_key.json, aws-credentials",
                  N_("The name says it holds a secret (secret, password, credential, private, "
                     "API or access key, an access or API token) and the file is data or has no "
                     "suffix.")),
    SensitiveRule("secret-word-notes", "passwords.md, secrets.rst, my-api-keys.org",
                  N_("A notes file named for secrets alone is where people write them down.")),
    SensitiveRule("token-content", "tokens.json or tokens.md holding a private key or a key "
                  "such as ghp_..., AKIA...",
                  N_("The name mentions tokens, which says little (design tokens, a tokenizer's "
                     "output, a test snapshot), so the content decides: a private key, a known "
                     "key shape or a token assigned to a name in its first 8 KiB makes it "
                     "sensitive."), by_content=True),
    SensitiveRule("source-or-docs", "tokenizer.py, tokens.ts, token_test.go, "
                  "password_strength.js, secret_sharing.rs, docs/credential_helper.md",
                  N_("Not sensitive: a keyword in the name of a source or documentation file "
                     "says what it is about. Secrets written inside any file are redacted "
                     "before a model sees them."), refuses=False),
    SensitiveRule("media-or-document", "talk.key (a Keynote deck), token-completer.png, "
                  "secrets-talk.pdf, password-reset.docx, tokens-demo.mp4",
                  N_("Not sensitive by name: images, media and office documents say what they "
                     "are, whatever their names say."),
                  refuses=False),
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
# Images, media and office documents (iWork and OpenDocument are zips) are never secret by name.
_DOCUMENT_SUFFIXES = frozenset().union(
    *(suffixes for kind, suffixes in BINARY_KINDS.items()
      if kind not in {"an archive", "a compiled program or library"}),
    {".pages", ".numbers", ".odt", ".ods", ".odp", ".odg", ".epub", ".svg"},
)  # fmt: skip
# "token" alone says little; these qualifiers make it a credential's name again.
_CREDENTIAL_TOKEN = re.compile(
    r"(?:access|auth|api|bearer|github|gh|gitlab|oauth|refresh|session|slack|npm|pypi|"
    r"personal|id|jwt|hf|discord|telegram|bot)[-_ .]?tokens?"
)
# A .key or .pem file may be a Keynote deck (a zip) or hold only certificates.
_CONTENT_KEY_SUFFIXES = frozenset({".key", ".pem"})
CONTENT_HEAD_BYTES = 8192
_ZIP_MAGIC = b"PK\x03\x04"
_PRIVATE_KEY = re.compile(rb"-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----|PuTTY-User-Key-File-")
_TOKEN_ASSIGNED = re.compile(
    r"(?i)(?:token|secret|passw(?:or)?d|api[-_]?key)[\w-]*[\"']?\s*[:=]\s*[\"']?"
    r"(?=[^\s\"',;]*\d)(?=[^\s\"',;]*[A-Za-z])([^\s\"',;]{16,})"
)
_LONE_TOKEN = re.compile(r"(?=[^\s]*\d)(?=[^\s]*[A-Za-z])[A-Za-z0-9_\-.~+/=:]{16,}")
_KEY_FOLDERS = frozenset({".ssh", ".gnupg"})
_FOLDER_FILES = {".aws": "credentials", ".docker": "config.json"}
_PUBLIC_IN_SSH = frozenset({"known_hosts", "known_hosts.old", "authorized_keys"})


def sensitive_rule(name: str, folder: str = "", head: bytes | None = None) -> SensitiveRule | None:
    """The row of ``SENSITIVE_RULES`` that makes ``name`` sensitive, or None.

    ``folder`` is the workspace-relative POSIX folder the file is in; with it,
    files in key folders (``.ssh/``, ``.aws/credentials``) are found too.
    ``head`` is the file's first ``CONTENT_HEAD_BYTES`` bytes, given when the
    name only says *maybe* (``content_decides``): the content then decides, the
    way detect-secrets and gitleaks look at content. Without it the name
    decides alone: a ``.key`` file stays a key, a name about tokens alone is
    not sensitive. In a key folder (``.ssh/``) no content clears a file.
    """
    clean = _clean_name(name)
    code = _name_code(clean)
    if code == "token-content":
        code = code if head is not None and _holds_secret(head) else None
    elif code == "private-key" and head is not None and _content_clears_key(clean, head):
        code = None
    if code is None and folder and (folder[0] == "." or "/." in folder):
        code = _folder_code(clean, folder.lower())
    return _RULES[code] if code else None


def content_decides(name: str, folder: str = "") -> bool:
    """True when the name alone says only *maybe*, so reading the first bytes decides."""
    clean = _clean_name(name)
    if folder and (folder[0] == "." or "/." in folder) and _folder_code(clean, folder.lower()):
        return False  # in .ssh/ or as .aws/credentials: sensitive whatever it holds
    code = _name_code(clean)
    return code == "token-content" or (
        code == "private-key" and os.path.splitext(clean)[1] in _CONTENT_KEY_SUFFIXES)


def _content_clears_key(clean: str, head: bytes) -> bool:
    """A ``.key``/``.pem`` that is a zip (Keynote) or a PEM of certificates and public keys only."""
    if os.path.splitext(clean)[1] not in _CONTENT_KEY_SUFFIXES or _PRIVATE_KEY.search(head):
        return False
    return head.startswith(_ZIP_MAGIC) or head.lstrip().startswith(b"-----BEGIN ")


def _holds_secret(head: bytes) -> bool:
    """A private key, a key of a known shape (``wsnb.redact``) or a long token given a name."""
    if _PRIVATE_KEY.search(head):
        return True
    if head.startswith(_ZIP_MAGIC):
        return False
    text = head.decode("utf-8", errors="replace")
    if bool(redact(text)) or _TOKEN_ASSIGNED.search(text) is not None:
        return True
    alone = text.strip()  # a file holding nothing but one token, as token files do
    return len(head) < 1024 and _LONE_TOKEN.fullmatch(alone) is not None


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
    words = _SECRET_WORD.findall(clean)
    if not words:
        return None
    if suffix in _DOCUMENT_SUFFIXES:  # "token.png" is a picture, "Passwords.xlsx" a spreadsheet
        return None
    if all(word.startswith("token") for word in words) and not _CREDENTIAL_TOKEN.search(clean):
        notes_or_data = suffix in _NOTES_SUFFIXES or suffix not in _SOURCE_SUFFIXES
        return "token-content" if notes_or_data else None
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
    """True for names that usually hold secrets (see ``SENSITIVE_RULES``); the name alone.

    Parameters
    ----------
    name : str
        A file name.

    Returns
    -------
    bool

    Examples
    --------
    >>> from wsnb.policy.names import is_sensitive_name
    >>> is_sensitive_name(".env"), is_sensitive_name("tokenizer.py")
    (True, False)
    """
    return sensitive_rule(name) is not None


def is_sensitive_path(relative: str) -> bool:
    """True for a workspace-relative path that usually holds secrets, its folder included.

    Parameters
    ----------
    relative : str
        A workspace-relative POSIX path (``.ssh/config``).

    Returns
    -------
    bool
    """
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
    """True when the name says text; reading still sniffs the content to be sure.

    Parameters
    ----------
    name : str
        A file name.

    Returns
    -------
    bool
    """
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
