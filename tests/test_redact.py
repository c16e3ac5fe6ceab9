"""Redaction: each secret shape of the table is replaced; ordinary source is left alone.

Samples are built from parts at run time, so no real-looking key sits in the
repository for a secret scanner to flag.
"""

from __future__ import annotations

import pytest

from wsnb.i18n import using_language
from wsnb.text.redact import (
    REDACTION_TABLE,
    count_markers,
    redact,
    redact_for_model,
    redaction_note,
)


def _alnum(count: int, seed: int = 7) -> str:
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789"
    return "".join(alphabet[(seed * (i + 3) + i * i) % len(alphabet)] for i in range(count))


def _upper(count: int) -> str:
    return "".join("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"[(i * 5 + 3) % 32] for i in range(count))


def samples() -> dict[str, list[tuple[str, str]]]:
    """kind -> (line with the secret, the secret itself), built from parts."""
    begin, end = "-----BEGIN ", "-----END "
    key = "PRIVATE " + "KEY-----"
    body = "\n".join(_alnum(64, seed) for seed in range(3))
    return {
        "private-key": [(f"{begin}RSA {key}\n{body}\n{end}RSA {key}", body),
                        (f"{begin}OPENSSH {key}\n{body}\n{end}OPENSSH {key}", body),
                        (f"{begin}{key}\n{body}", body)],  # cut short: still redacted to the end
        "aws-access-key": [(f"AWS_KEY = '{'AK' + 'IA' + _upper(16)}'", "AK" + "IA" + _upper(16)),
                           (f"id={'AS' + 'IA' + _upper(16)}", "AS" + "IA" + _upper(16))],
        "github-token": [(f"token: {'gh' + 'p_' + _alnum(36)}", "gh" + "p_" + _alnum(36)),
                         (f"GH={'github' + '_pat_' + _alnum(40)}",
                          "github" + "_pat_" + _alnum(40))],
        "slack-token": [(f"SLACK='{'xo' + 'xb-' + '1234567890-' + _alnum(24)}'",
                         "xo" + "xb-" + "1234567890-" + _alnum(24)),
                        (f"{'xo' + 'xp-' + _alnum(30)}", "xo" + "xp-" + _alnum(30))],
        "api-key": [(f'OPENAI = "{"s" + "k-proj-" + _alnum(40)}"', "s" + "k-proj-" + _alnum(40)),
                    (f"key={'s' + 'k-' + _alnum(48)}", "s" + "k-" + _alnum(48))],
        "google-api-key": [(f"maps_key = '{'AI' + 'za' + _alnum(35)}'", "AI" + "za" + _alnum(35))],
        "jwt": [(f"jwt = {'ey' + 'J' + _alnum(20)}.{'ey' + 'J' + _alnum(30)}.{_alnum(43)}",
                 "ey" + "J" + _alnum(20))],
        "authorization": [("Authori" + "zation: Basic " + _alnum(24), _alnum(24)),
                          ("  authori" + "zation: token " + _alnum(30), _alnum(30))],
        "bearer-token": [('curl -H "X-Auth: Bea' + 'rer ' + _alnum(40) + '"', _alnum(40))],
        "url-password": [("DB = 'postgres://app:" + "pa55-" + _alnum(12) + "@db.local:5432/x'",
                          "pa55-" + _alnum(12)),
                         ("https://bob:" + _alnum(16) + "@example.org/", _alnum(16))],
    }  # fmt: skip


def test_every_row_of_the_table_has_samples() -> None:
    assert {row.kind for row in REDACTION_TABLE} == set(samples())


@pytest.mark.parametrize(("kind", "line", "secret"),
                         [(k, line, s) for k, rows in samples().items() for line, s in rows])
def test_each_shape_is_redacted_with_its_marker(kind: str, line: str, secret: str) -> None:
    text = f"before\n{line}\nafter\n"
    result = redact(text)
    assert secret not in result.text
    assert f"[REDACTED:{kind}]" in result.text
    assert result.found == {kind: 1}
    assert result.text.startswith("before\n")
    # Line numbers after a secret stay right: the same number of lines.
    assert result.text.count("\n") == text.count("\n")
    if not line.startswith("-----"):
        assert result.text.endswith("after\n")


ORDINARY = [
    "import tokenize\nfrom sklearn.model_selection import train_test_split\n",
    "task-scheduler-with-a-very-long-name-here = 1\n",  # 'sk-' inside a word
    "css = 'sk-some-very-long-css-class-name'\n",  # no digit: not a key
    "url = 'https://example.org/path?q=1'\n",  # no password in the URL
    "mail = 'mailto:someone@example.org'\n",
    "headers = {'Authorization': f'Bearer {token}'}\n",  # code naming a variable, not a token
    "KEYS = ['BEGIN RSA PRIVATE KEY']  # a marker string, not a key block\n",
    "xAKIA" + _upper(16) + " is inside a longer word\n",
    "The bearer of this letter\n",
]


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_source_is_left_as_it_is(text: str) -> None:
    result = redact(text)
    assert result.text == text and not result


def test_redaction_is_idempotent_and_markers_are_counted() -> None:
    text = "\n".join(line for rows in samples().values() for line, _secret in rows)
    once = redact(text)
    assert once.count == sum(len(rows) for rows in samples().values())
    again = redact(once.text)
    assert again.text == once.text and not again
    assert count_markers(once.text) == dict(once.found)
    seen: dict[str, int] = {}
    assert redact_for_model(once.text, seen) == once.text
    assert seen == dict(once.found)  # what the model was not shown, whichever step hid it


def test_the_note_says_what_was_redacted_in_both_languages() -> None:
    assert redaction_note({}) == ""
    english = redaction_note({"aws-access-key": 1, "private-key": 1})
    assert english.startswith("2 secrets (aws-access-key, private-key) were redacted")
    assert redaction_note({"jwt": 1}).startswith("1 secret (jwt) was redacted")
    with using_language("zh"):
        chinese = redaction_note({"jwt": 1})
    assert "已遮盖 1 处机密（jwt）" in chinese
    for row in REDACTION_TABLE:
        assert row.sentence.endswith(".")


def test_a_key_block_without_its_end_line_stops_at_the_first_line_of_code() -> None:
    begin = "-----BEGIN RSA " + "PRIVATE KEY-----"
    body = "\n".join(_alnum(64, seed) for seed in range(2))
    cut = redact(f"{begin}\n{body}\nx = 1\ndef f(): pass\n")
    assert body.split("\n")[0] not in cut.text and "x = 1\ndef f(): pass\n" in cut.text
    header = redact(f'HEADER = b"{begin}"\ndef parse(data):\n    return data\n')
    assert header.text.endswith('"\ndef parse(data):\n    return data\n')
    escaped = redact('{"private_key": "' + begin + "\\n" + _alnum(64) + "\\n-----END RSA "
                     + 'PRIVATE KEY-----\\n", "id": 1}')  # fmt: skip
    assert _alnum(64) not in escaped.text and escaped.text.endswith('\\n", "id": 1}')
