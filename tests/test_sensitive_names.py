"""The sensitive-name rule: real secrets stay refused, ordinary source is read and searched.

Two lists hold the rule in place: names that are secrets by convention (refused
for a person by default and for a model always) and source or documentation
files whose names merely mention a keyword (read and searched like any file).
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

import wsnb
from wsnb.errors import PolicyError
from wsnb.i18n import using_language
from wsnb.policy.filekinds import binary_kind
from wsnb.policy.names import (
    SENSITIVE_RULES,
    is_sensitive_name,
    is_sensitive_path,
    sensitive_rule,
    sensitive_rules_frame,
)
from wsnb.types import Rule

# Secrets by convention: (path, the rule's code).
SECRETS = [
    (".env", "env-file"), (".env.local", "env-file"), (".ENV.production", "env-file"),
    ("deploy/prod.env", "env-file"), (".netrc", "secret-file"), (".pypirc", "secret-file"),
    (".npmrc", "secret-file"), (".git-credentials", "secret-file"), (".htpasswd", "secret-file"),
    (".pgpass", "secret-file"), ("credentials.json", "secret-file"),
    ("secrets.json", "secret-file"), ("token.json", "secret-file"),
    ("id_rsa", "private-key"), ("id_ed25519", "private-key"), ("keys/id_rsa_github", "private-key"),
    ("server.pem", "private-key"), ("tls.key", "private-key"), ("cert.pfx", "private-key"),
    ("cert.p12", "private-key"), ("release.keystore", "private-key"), ("app.jks", "private-key"),
    ("kubeconfig", "kubeconfig"), ("kubeconfig-prod.yaml", "kubeconfig"),
    ("clusters/dev.kubeconfig", "kubeconfig"), (".kube/config", "kubeconfig"),
    (".aws/credentials", "secret-word-data"), (".docker/config.json", "key-folder"),
    ("home/.ssh/deploy_key", "key-folder"), (".gnupg/secring.gpg", "key-folder"),
    ("my_api_key.txt", "secret-word-data"), ("password.txt", "secret-word-data"),
    ("secrets.yaml", "secret-word-data"), ("db_password.conf", "secret-word-data"),
    ("private_key.json", "secret-word-data"), ("API_KEY.txt", "secret-word-data"),
    ("aws-credentials", "secret-word-data"),
    ("access_keys.csv", "secret-word-data"), ("notes/passwords.md", "secret-word-notes"),
    ("docs/secrets.rst", "secret-word-notes"), ("my-api-keys.md", "secret-word-notes"),
]  # fmt: skip
# Ordinary source and documentation: a keyword in the name says what the code is about.
ORDINARY = [
    "src/tokenizer.py", "packages/ui/src/tokens.ts", "auth/token_test.go",
    "web/password_strength.js", "crypto/secret_sharing.rs", "docs/credential_helper.md",
    "lib/secrets.py", "lib/token.py", "include/private.h", "docs/api_key_rotation.rst",
    "src/PrivateRoute.tsx", "notes/private_notes.md", "f2py/privatemod.f90",
    "build/format_str_tokenizer.cpython-311-x86_64-linux-gnu.so",
    ".ssh/id_rsa.pub", ".ssh/known_hosts",
    "id_ed25519.pub", "README.md", "environment.yml", "keyboard.c", "src/config",
]  # fmt: skip


@pytest.mark.parametrize(("path", "code"), SECRETS)
def test_secrets_by_convention_are_sensitive_with_their_rule(path: str, code: str) -> None:
    folder, _sep, name = path.rpartition("/")
    rule = sensitive_rule(name, folder)
    assert rule is not None and rule.code == code, path
    assert is_sensitive_path(path)


@pytest.mark.parametrize("path", ORDINARY)
def test_ordinary_source_and_docs_are_not_sensitive(path: str) -> None:
    assert not is_sensitive_path(path)
    assert not is_sensitive_name(path.rpartition("/")[2])


def test_the_rule_is_a_table_with_a_sentence_per_row_in_both_languages() -> None:
    codes = [rule.code for rule in SENSITIVE_RULES]
    assert len(codes) == len(set(codes))
    by_name = {r.code for r in SENSITIVE_RULES if r.refuses and not r.by_content}
    assert {code for _path, code in SECRETS} == by_name
    for rule in SENSITIVE_RULES:
        assert rule.sentence.endswith(".") and rule.examples
        chinese = rule.explain("zh")
        assert chinese != rule.sentence and any("\u4e00" <= c <= "\u9fff" for c in chinese)
    frame = sensitive_rules_frame()
    assert list(frame.columns) == ["rule", "sensitive", "examples", "why"]
    assert frame["sensitive"].tolist() == [rule.refuses for rule in SENSITIVE_RULES]
    assert not frame.loc[frame["rule"] == "source-or-docs", "sensitive"].item()


def _indexed(paths: list[str]) -> list[str]:
    """The paths a scan indexes (it never enters hidden folders such as .ssh/), so grep sees."""
    return [p for p in paths if not any(part.startswith(".") for part in p.split("/")[:-1])]


def _tree(root: Path, paths: list[str]) -> None:
    for path in paths:
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(f"needle in {path}\n", encoding="utf-8")


@pytest.fixture
def ws(tmp_path: Path) -> wsnb.Workspace:
    root = tmp_path / "proj"
    root.mkdir()
    _tree(root, [path for path, _code in SECRETS] + ORDINARY)
    return wsnb.open_workspace(root)


def test_a_person_reads_and_searches_ordinary_source(ws: wsnb.Workspace) -> None:
    for path in ORDINARY:
        if binary_kind(path):  # a name that says compiled code is read as text nowhere
            continue
        assert ws.read(path).text == f"needle in {path}\n"
    found = ws.grep("needle")
    text = [path for path in _indexed(ORDINARY) if not binary_kind(path)]
    assert sorted(set(found["path"])) == sorted(text)
    assert found.attrs["files_skipped_sensitive"] == len(_indexed([p for p, _c in SECRETS]))


def test_secrets_are_refused_to_a_person_by_default_and_left_out_of_grep(
    ws: wsnb.Workspace,
) -> None:
    for path, _code in SECRETS:
        with pytest.raises(PolicyError) as info:
            ws.read(path)
        assert info.value.rule is Rule.SENSITIVE
        assert "confirm=" in str(info.value) and repr(path.rpartition("/")[2]) in str(info.value)
    found = ws.grep("needle")
    secrets = _indexed([path for path, _code in SECRETS])
    assert not set(found["path"]) & {path for path, _code in SECRETS}
    assert found.attrs["files_skipped_sensitive"] == len(secrets)
    assert found.attrs["skipped_sensitive"] == sorted(secrets)[:20]  # 20 named; the count whole
    note = found.attrs["note"]
    assert f"{len(secrets)} files were left out as sensitive" in note
    assert ".env (env-file)" in note and f"and {len(secrets) - 20} more" in note
    assert "ws.read(path, confirm=<its name>)" in repr(found)


def test_find_names_the_sensitive_files_it_found(ws: wsnb.Workspace) -> None:
    found = ws.find("password", limit=None)
    assert set(found.attrs["sensitive"]) == {"password.txt", "db_password.conf",
                                             "notes/passwords.md"}  # fmt: skip
    assert "web/password_strength.js" in set(found["path"])
    assert "3 of these files are sensitive by name" in found.attrs["note"]
    assert "notes/passwords.md (secret-word-notes)" in found.attrs["note"]
    assert "web/password_strength.js (" not in found.attrs["note"]
    assert ws.find("tokenizer").attrs["note"] == ""


def test_the_sensitive_note_and_refusal_speak_chinese(ws: wsnb.Workspace) -> None:
    wsnb.set_language("zh")
    with pytest.raises(PolicyError) as info:
        ws.read(".env")
    assert info.value.rule is Rule.SENSITIVE  # the code stays English
    message = str(info.value)
    assert "confirm='.env'" in message and any("\u4e00" <= c <= "\u9fff" for c in message)
    note = ws.grep("needle").attrs["note"]
    assert ".env (env-file)" in note and "ws.read(path, confirm=<文件名>)" in note
    with using_language("en"):  # a context's language wins over the setting
        assert "files were left out as sensitive" in ws.grep("needle").attrs["note"]


def test_writes_and_copies_of_key_folders_are_refused(ws: wsnb.Workspace) -> None:
    for path in (".aws/credentials", ".kube/config", "home/.ssh/deploy_key"):
        plan = ws.write_file(path, "x")
        assert plan.is_refused and plan.rule is Rule.SENSITIVE, path
        assert "holds secrets" in (plan.refusal or "")
    assert ws.create_file(".ssh/new_key", "x").rule is Rule.SENSITIVE
    assert ws.copy(".kube/config", "config-copy.txt").rule is Rule.SENSITIVE
    assert not ws.write_file("src/tokenizer.py", "x = 1\n").is_refused


def test_a_deliberate_read_logs_the_path_never_the_content(
    ws: wsnb.Workspace, caplog: pytest.LogCaptureFixture
) -> None:
    secret = "needle in .env\n"
    with caplog.at_level(logging.DEBUG, logger="wsnb"):
        doc = ws.read(".env", confirm=".env")
    assert doc.text == secret  # a person's own read shows the file as it is
    records = [r for r in caplog.records if "on purpose" in r.getMessage()]
    assert len(records) == 1 and ".env" in records[0].getMessage()
    assert all("needle" not in r.getMessage() for r in caplog.records)
    with pytest.raises(PolicyError, match="You typed 'env'"):
        ws.read(".env", confirm="env")
    assert ws.read(".ssh/id_rsa.pub").text  # public keys were never sensitive


def test_the_readme_shows_every_row_of_the_rule() -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Sensitive files, and secrets inside ordinary files", 1)[1]
    for rule in SENSITIVE_RULES:
        assert f"| `{rule.code}`" in section, rule.code
