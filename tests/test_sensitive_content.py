"""The name says *maybe*, the content decides: decks, pictures, snapshots and design tokens are
ordinary files; a key is a key whatever it is called; ``.env`` and friends stay refused by name."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from helpers import Bench, write

import wsnb
from wsnb.errors import PolicyError
from wsnb.policy.names import CONTENT_HEAD_BYTES, content_decides, sensitive_rule
from wsnb.types import PlanState, Rule

PRIVATE_PEM = ("-----BEGIN RSA PRIVATE KEY-----\n"
               "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\n"
               "-----END RSA PRIVATE KEY-----\n")  # fmt: skip
CERT_PEM = "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ\n-----END CERTIFICATE-----\n"  # noqa: E501
SNAPSHOT = '{"tokens": [{"name": "@jupyterlab/application:IRouter", "description": "The URL router."}]}\n'  # noqa: E501
DESIGN_TOKENS = "# Design tokens\n\n| token | value |\n|---|---|\n| `--jp-brand-color1` | blue |\n"
GITHUB_TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"


def _keynote() -> bytes:
    """A Keynote deck is a zip, as every iWork and OpenXML document is."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as deck:
        deck.writestr("Index/Document.iwa", b"\x00slides")
    return buffer.getvalue()


@pytest.mark.parametrize(("name", "head", "code"), [
    ("talk.key", _keynote(), None),
    ("tls.key", PRIVATE_PEM.encode(), "private-key"),
    ("tls.key", b"\x30\x82\x04\xa4 DER bytes", "private-key"),  # content says nothing: the name
    ("chain.pem", CERT_PEM.encode(), None),
    ("bundle.pem", (CERT_PEM + PRIVATE_PEM).encode(), "private-key"),
    ("tokens-documentation-linux.json", SNAPSHOT.encode(), None),
    ("tokens.json", f'{{"github": "{GITHUB_TOKEN}"}}'.encode(), "token-content"),
    ("tokens.md", DESIGN_TOKENS.encode(), None),
    ("tokens.md", PRIVATE_PEM.encode(), "token-content"),
    ("my_token.txt", b"Zq3v9XkP0a7Lm2Nf8Rt5Yw1B\n", "token-content"),
    ("tokens.yaml", b"deploy_token: 9f8e7d6c5b4a39281726354453\n", "token-content"),
])  # fmt: skip
def test_the_content_decides_where_the_name_says_maybe(name: str, head: bytes,
                                                        code: str | None) -> None:  # fmt: skip
    assert content_decides(name)
    rule = sensitive_rule(name, "", head[:CONTENT_HEAD_BYTES])
    assert (rule.code if rule else None) == code


@pytest.mark.parametrize("path", [
    "talk/token-completer.png", "docs/screens/secret-menu.jpg", "slides/passwords-talk.pdf",
    "media/tokens-demo.mp4", "docs/tokens.md", "admin/Passwords.xlsx", "team/secrets.pages",
    "galata/test/plugins.test.ts-snapshots/tokens-documentation-linux.json",
])  # fmt: skip
def test_pictures_media_documents_snapshots_and_design_tokens_are_not_secret_by_name(
    path: str,
) -> None:
    folder, _sep, name = path.rpartition("/")
    assert sensitive_rule(name, folder) is None


@pytest.mark.parametrize(("path", "code"), [
    (".env", "env-file"), ("id_rsa", "private-key"), ("credentials.json", "secret-file"),
    (".ssh/deploy", "key-folder"), ("github_token.txt", "secret-word-data"),
    (".ssh/tokens.json", "key-folder"),
    ("home/.ssh/deck.key", "private-key"),
])  # fmt: skip
def test_real_secret_names_stay_refused_whatever_they_hold(path: str, code: str) -> None:
    folder, _sep, name = path.rpartition("/")
    assert not content_decides(name, folder)
    for head in (None, b"nothing to see here\n", _keynote()):
        rule = sensitive_rule(name, folder, head)
        assert rule is not None and rule.code in {code, "key-folder"}, head
    assert sensitive_rule(name, folder).code == code  # type: ignore[union-attr]


def test_a_keynote_deck_and_a_screenshot_move_rename_and_copy(bench: Bench, root: Path) -> None:
    write(root, "talk.key", _keynote())
    write(root, "token-completer.png", b"\x89PNG\r\n\x1a\n....")
    (root / "slides").mkdir()
    for tool, params in [
        ("copy_file", {"source": "talk.key", "target": "slides/copy.key"}),
        ("rename", {"path": "talk.key", "new_name": "keynote.key"}),
        ("move_file", {"source": "token-completer.png", "target": "slides"}),
    ]:
        plan = bench.propose(tool, **params)
        assert not plan.is_refused, plan.refusal
        assert plan.confirm().success
    assert sorted(p.name for p in (root / "slides").iterdir()) == ["copy.key",
                                                                   "token-completer.png"]


def test_a_real_key_named_key_is_still_refused(bench: Bench, root: Path) -> None:
    write(root, "tls.key", PRIVATE_PEM)
    plan = bench.propose("copy_file", source="tls.key", target="backup.key")
    assert plan.state is PlanState.REFUSED and plan.rule is Rule.SENSITIVE
    plan = bench.propose("move_file", source="tls.key", target="elsewhere.key")
    assert plan.state is PlanState.REFUSED and plan.rule is Rule.SENSITIVE


def test_design_tokens_and_a_snapshot_are_read_a_token_inside_is_not(tmp_path: Path) -> None:
    write(tmp_path, "docs/tokens.md", DESIGN_TOKENS)
    write(tmp_path, "snap/tokens-documentation-linux.json", SNAPSHOT)
    write(tmp_path, "ci/tokens.json", f'{{"deploy": "{GITHUB_TOKEN}"}}\n')
    ws = wsnb.open_workspace(tmp_path)
    try:
        assert "Design tokens" in ws.read("docs/tokens.md").text
        assert "IRouter" in ws.read("snap/tokens-documentation-linux.json").text
        with pytest.raises(PolicyError, match="looks like it holds secrets"):
            ws.read("ci/tokens.json")
        assert GITHUB_TOKEN in ws.read("ci/tokens.json", confirm="tokens.json").text
        assert set(ws.grep("jp-brand|IRouter", regex=True)["path"]) == {
            "docs/tokens.md", "snap/tokens-documentation-linux.json"}
    finally:
        ws.close()


def test_find_names_a_real_key_but_not_a_keynote_deck(tmp_path: Path) -> None:
    write(tmp_path, "talks/talk.key", _keynote())
    write(tmp_path, "certs/tls.key", PRIVATE_PEM)
    ws = wsnb.open_workspace(tmp_path, watch=False)
    try:
        found = ws.find(".key")
        assert set(found["path"]) == {"talks/talk.key", "certs/tls.key"}
        assert found.attrs["sensitive"] == ["certs/tls.key"]
    finally:
        ws.close()
