"""Safe text I/O on real files: decoding, encoding, bounded reads, diffs."""

from __future__ import annotations

import codecs
import os
from pathlib import Path

import pytest
from helpers import put

from wsnb.disk.fsops import atomic_write
from wsnb.disk.textio import (
    TextFormat,
    decode_bytes,
    detect_format,
    encode_text,
    read_bytes,
    read_text,
    stays_gbk,
    unified_diff,
)
from wsnb.errors import (
    NotFoundError,
    PolicyError,
    UnsupportedFileError,
    UsageError,
)
from wsnb.policy.access import AccessPolicy
from wsnb.types import Rule

GBK_TEXT = "中文内容，用于测试编码。\n第二行：简体中文。\n"


# ---------------------------------------------------------------------------
# Decoding and encoding
# ---------------------------------------------------------------------------

ROUND_TRIPS = [
    pytest.param(b"plain ascii\nsecond\n", "plain ascii\nsecond\n",
                 TextFormat("utf-8", "\n", False), id="ascii"),
    pytest.param("héllo\nwörld ✓\n".encode(), "héllo\nwörld ✓\n",
                 TextFormat("utf-8", "\n", False), id="utf-8"),
    pytest.param(codecs.BOM_UTF8 + "bom ✓\n".encode(), "bom ✓\n",
                 TextFormat("utf-8-sig", "\n", True), id="utf-8-bom"),
    pytest.param(codecs.BOM_UTF16_LE + "中文\r\nline\r\n".encode("utf-16-le"), "中文\r\nline\r\n",
                 TextFormat("utf-16-le", "\r\n", True), id="utf-16-le"),
    pytest.param(codecs.BOM_UTF16_BE + "中文\nline 😀\n".encode("utf-16-be"), "中文\nline 😀\n",
                 TextFormat("utf-16-be", "\n", True), id="utf-16-be"),
    pytest.param(GBK_TEXT.encode("gbk"), GBK_TEXT,
                 TextFormat("gb18030", "\n", False), id="gbk"),
    pytest.param(b"a\r\nb\r\nc\r\n", "a\r\nb\r\nc\r\n",
                 TextFormat("utf-8", "\r\n", False), id="crlf"),
    pytest.param(b"old\rmac\rtext", "old\rmac\rtext",
                 TextFormat("utf-8", "\r", False), id="lone-cr"),
    pytest.param(b"", "", TextFormat("utf-8", "\n", False), id="empty"),
]  # fmt: skip


@pytest.mark.parametrize(("raw", "text", "fmt"), ROUND_TRIPS)
def test_round_trip(policy: AccessPolicy, raw: bytes, text: str, fmt: TextFormat) -> None:
    path = put(policy, "file.txt", raw)
    content = read_text(path)
    assert content.text == text
    assert content.format == fmt
    assert not content.truncated
    assert content.size == content.bytes_read == len(raw)
    assert detect_format(raw) == fmt
    assert encode_text(content.text, content.format) == raw
    atomic_write(path, encode_text(content.text, content.format))
    assert path.absolute.read_bytes() == raw


def test_encode_converts_only_bare_line_feeds() -> None:
    crlf = TextFormat("utf-8", "\r\n", False)
    assert encode_text("a\nb\r\nc\n", crlf) == b"a\r\nb\r\nc\r\n"
    assert encode_text("a\nb\n", TextFormat("utf-8", "\r", False)) == b"a\rb\r"
    assert encode_text("a\r\nb\n", TextFormat("utf-8", "\n", False)) == b"a\r\nb\n"


def test_mixed_line_endings_become_the_dominant_one() -> None:
    text, fmt = decode_bytes(b"a\r\nb\r\nc\n")
    assert (text, fmt.newline) == ("a\r\nb\r\nc\n", "\r\n")
    assert encode_text(text, fmt) == b"a\r\nb\r\nc\r\n"


def test_encode_writes_boms() -> None:
    assert encode_text("x", TextFormat("utf-8", "\n", True)) == codecs.BOM_UTF8 + b"x"
    assert encode_text("x", TextFormat("utf-16", "\n", False)) == codecs.BOM_UTF16_LE + b"x\x00"


def test_encode_refuses_what_gbk_cannot_hold() -> None:
    fmt = TextFormat("gbk", "\n", False)
    with pytest.raises(UnsupportedFileError) as caught:
        encode_text("第一行\n第二行\n笑 😀 了\n", fmt)
    assert caught.value.char == "😀"  # type: ignore[attr-defined]
    assert caught.value.line == 3  # type: ignore[attr-defined]
    assert str(caught.value).startswith("The character '😀' (U+1F600) on line 3 can't be stored")
    assert "UTF-8" in str(caught.value)
    assert encode_text("第一行\n", fmt) == "第一行\n".encode("gbk")


def test_gb18030_holds_every_character() -> None:
    fmt = TextFormat("gb18030", "\n", False)
    raw = encode_text("笑 😀 了 𠀀\n", fmt)
    assert decode_bytes(raw) == ("笑 😀 了 𠀀\n", fmt)


def test_a_gbk_file_stays_gbk() -> None:
    gbk_file = GBK_TEXT.encode("gbk")
    fmt = decode_bytes(gbk_file)[1]
    assert stays_gbk(gbk_file, fmt) == TextFormat("gbk", "\n", False)
    beyond = "名字：𠀀\n".encode("gb18030")
    assert stays_gbk(beyond, decode_bytes(beyond)[1]).encoding == "gb18030"
    utf8 = TextFormat("utf-8", "\n", False)
    assert stays_gbk(b"plain", utf8) is utf8


def test_encode_counts_lines_with_crlf_and_cr() -> None:
    with pytest.raises(UnsupportedFileError, match="line 4"):
        encode_text("a\r\nb\rc\n😀", TextFormat("gbk", "\r\n", False))


def test_encode_refuses_lone_surrogate_and_unknown_encoding() -> None:
    with pytest.raises(UnsupportedFileError, match="lone surrogate"):
        encode_text("ok\n\ud800", TextFormat("utf-8", "\n", False))
    with pytest.raises(UsageError, match="latin-1"):
        encode_text("x", TextFormat("latin-1", "\n", False))


@pytest.mark.parametrize(
    "raw",
    [
        pytest.param(b"text\x00with a nul", id="nul"),
        pytest.param(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10", id="png"),
        pytest.param("no bom".encode("utf-16-le"), id="utf-16-without-bom"),
    ],
)
def test_binary_is_refused(policy: AccessPolicy, raw: bytes) -> None:
    path = put(policy, "image.png", raw)
    assert detect_format(raw) is None
    with pytest.raises(UnsupportedFileError) as caught:
        read_text(path)
    assert str(caught.value).startswith("image.png is a binary file, not text")
    assert caught.value.path == "image.png"


def test_undecodable_text_is_refused(policy: AccessPolicy) -> None:
    raw = "café crème brûlée\n".encode("latin-1")
    path = put(policy, "menu.txt", raw)
    assert detect_format(raw) is None
    with pytest.raises(UnsupportedFileError, match=r"^menu.txt is not text in an encoding"):
        read_text(path)


@pytest.mark.parametrize(
    ("char", "encoding", "width"),
    [("é", "utf-8", 2), ("中", "gbk", 2), ("✓", "utf-8", 3), ("😀", "utf-16-le", 4)],
)
def test_truncation_mid_character(
    policy: AccessPolicy, char: str, encoding: str, width: int
) -> None:
    bom = codecs.BOM_UTF16_LE if encoding == "utf-16-le" else b""
    raw = bom + (char * 1000).encode(encoding)
    path = put(policy, "long.txt", raw)
    for into in range(1, width):  # cut 1 .. width-1 bytes into the 101st character
        limit = len(bom) + 100 * width + into
        content = read_text(path, limit=limit)
        assert content.text == char * 100
        assert content.truncated
        assert content.size == len(raw)
        assert content.bytes_read == limit


def test_limit_equal_to_size_is_not_truncated(policy: AccessPolicy) -> None:
    path = put(policy, "exact.txt", b"12345")
    content = read_text(path, limit=5)
    assert (content.text, content.truncated) == ("12345", False)
    assert read_text(path, limit=4).truncated


def test_decode_without_truncation_is_strict() -> None:
    with pytest.raises(UnsupportedFileError):
        decode_bytes(codecs.BOM_UTF8 + "✓".encode()[:2])
    assert decode_bytes(codecs.BOM_UTF8 + "✓".encode()[:2], truncated=True)[0] == ""


def test_truncation_forgives_only_a_cut_character() -> None:
    with pytest.raises(UnsupportedFileError):
        decode_bytes(codecs.BOM_UTF8 + b"ok\xff", truncated=True)
    with pytest.raises(UnsupportedFileError):
        decode_bytes(codecs.BOM_UTF8 + b"\xe2\x9c" + b"rest", truncated=True)


def test_dominant_newline() -> None:
    assert decode_bytes(b"a\r\nb\r\nc\nd")[1].newline == "\r\n"
    assert decode_bytes(b"a\nb\nc\r\nd")[1].newline == "\n"
    assert decode_bytes(b"no line ending")[1].newline == "\n"
    assert decode_bytes(b"a\rb\rc\nd")[1].newline == "\r"
    assert decode_bytes(b"a\r\nb\nc")[1].newline == "\n"  # a tie goes to LF


def test_repr_leaves_the_text_out(policy: AccessPolicy) -> None:
    content = read_text(put(policy, "notes.txt", b"api_key=abc123\n"))
    assert "abc123" not in repr(content)
    assert "15 characters" in repr(content)


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------


def test_read_errors(policy: AccessPolicy, root: Path) -> None:
    with pytest.raises(NotFoundError, match=r"^missing.txt does not exist"):
        read_text(policy.resolve("missing.txt"))
    (root / "folder").mkdir()
    with pytest.raises(UnsupportedFileError, match="is a folder"):
        read_bytes(policy.resolve("folder"))
    with pytest.raises(UsageError):
        read_text(policy.resolve("folder"), limit=-1)


def test_read_does_not_follow_a_link_made_after_the_check(
    policy: AccessPolicy, root: Path, tmp_path: Path
) -> None:
    secret = tmp_path / "outside.txt"
    secret.write_text("outside the workspace")
    path = policy.resolve("swapped.txt")  # checked while it did not exist
    try:
        os.symlink(secret, root / "swapped.txt")
    except (OSError, NotImplementedError):
        pytest.skip("this platform can't make symbolic links")
    with pytest.raises(PolicyError) as caught:
        read_text(path)
    assert caught.value.rule is Rule.SYMLINK


def test_read_bytes_limit(policy: AccessPolicy) -> None:
    path = put(policy, "data.bin", bytes(range(256)))
    assert read_bytes(path) == bytes(range(256))
    assert read_bytes(path, limit=3) == b"\x00\x01\x02"


# ---------------------------------------------------------------------------


# ---------------------------------------------------------------------------
# Diffs
# ---------------------------------------------------------------------------


def test_unified_diff() -> None:
    diff = unified_diff("one\ntwo\nthree\n", "one\n2\nthree\n", "docs/n.txt")
    assert diff.splitlines() == [
        "--- a/docs/n.txt",
        "+++ b/docs/n.txt",
        "@@ -1,3 +1,3 @@",
        " one",
        "-two",
        "+2",
        " three",
    ]
    assert unified_diff("same\n", "same\n", "x") == ""


def test_unified_diff_marks_missing_final_newline() -> None:
    diff = unified_diff("a\nb", "a\nc\n", "x.txt", context=0)
    assert "-b\n\\ No newline at end of file\n+c\n" in diff
    with pytest.raises(UsageError):
        unified_diff("a", "b", "x", context=-1)
