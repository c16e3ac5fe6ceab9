"""Safe text I/O on real files: decoding, atomic writes, backups, fingerprints, diffs."""

from __future__ import annotations

import codecs
import json
import os
import signal
import stat
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from wsnb import fsops, textio
from wsnb.errors import (
    ConflictError,
    NotFoundError,
    PolicyError,
    UnsupportedFileError,
    UsageError,
    WriteError,
)
from wsnb.fsops import atomic_write, backup_file, fingerprint
from wsnb.policy import AccessPolicy, WsPath
from wsnb.textio import (
    TextFormat,
    decode_bytes,
    detect_format,
    encode_text,
    read_bytes,
    read_text,
    stays_gbk,
    unified_diff,
)
from wsnb.types import Rule

PACKAGE_PARENT = str(Path(textio.__file__).resolve().parents[1])
GBK_TEXT = "中文内容，用于测试编码。\n第二行：简体中文。\n"


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    return root


@pytest.fixture
def policy(ws: Path) -> AccessPolicy:
    return AccessPolicy(ws)


def put(policy: AccessPolicy, name: str, data: bytes) -> WsPath:
    """Write raw bytes with plain Python (not the code under test) and resolve the path."""
    path = policy.root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return policy.resolve(name)


def temp_leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.startswith(fsops.TEMP_PREFIX)]


def run_child(code: str, *args: str) -> subprocess.Popen[str]:
    """Start a Python child that imports the same wsnb as the tests."""
    env = {**os.environ, "PYTHONPATH": PACKAGE_PARENT, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


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


def test_read_errors(policy: AccessPolicy, ws: Path) -> None:
    with pytest.raises(NotFoundError, match=r"^missing.txt does not exist"):
        read_text(policy.resolve("missing.txt"))
    (ws / "folder").mkdir()
    with pytest.raises(UnsupportedFileError, match="is a folder"):
        read_bytes(policy.resolve("folder"))
    with pytest.raises(UsageError):
        read_text(policy.resolve("folder"), limit=-1)


def test_read_does_not_follow_a_link_made_after_the_check(
    policy: AccessPolicy, ws: Path, tmp_path: Path
) -> None:
    secret = tmp_path / "outside.txt"
    secret.write_text("outside the workspace")
    path = policy.resolve("swapped.txt")  # checked while it did not exist
    try:
        os.symlink(secret, ws / "swapped.txt")
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
# Atomic writes
# ---------------------------------------------------------------------------


def test_atomic_write_replaces_and_keeps_permissions(policy: AccessPolicy, ws: Path) -> None:
    path = put(policy, "notes.txt", b"old content\n")
    os.chmod(path.absolute, 0o640)
    atomic_write(path, b"new content\n")
    assert path.absolute.read_bytes() == b"new content\n"
    assert stat.S_IMODE(os.stat(path.absolute).st_mode) == 0o640
    atomic_write(path, b"again\n", mode=0o600)
    assert stat.S_IMODE(os.stat(path.absolute).st_mode) == 0o600
    assert temp_leftovers(ws) == []


def test_atomic_write_new_file_follows_umask(policy: AccessPolicy, ws: Path) -> None:
    umask = os.umask(0o027)
    try:
        atomic_write(policy.resolve("new.txt"), b"hello")
    finally:
        os.umask(umask)
    assert (ws / "new.txt").read_bytes() == b"hello"
    assert stat.S_IMODE(os.stat(ws / "new.txt").st_mode) == 0o640


def test_atomic_write_takes_chunks(policy: AccessPolicy) -> None:
    path = policy.resolve("chunks.txt")
    atomic_write(path, iter([b"one ", b"two ", b"three"]))
    assert path.absolute.read_bytes() == b"one two three"


def test_exclusive_refuses_existing_target(policy: AccessPolicy, ws: Path) -> None:
    path = put(policy, "keep.txt", b"precious")
    with pytest.raises(ConflictError, match=r"^keep.txt already exists"):
        atomic_write(path, b"overwritten", exclusive=True)
    assert path.absolute.read_bytes() == b"precious"
    fresh = policy.resolve("fresh.txt")
    atomic_write(fresh, b"created", exclusive=True)
    assert fresh.absolute.read_bytes() == b"created"
    assert temp_leftovers(ws) == []


def test_exclusive_never_overwrites_a_file_that_appears_mid_write(
    policy: AccessPolicy, ws: Path
) -> None:
    path = policy.resolve("race.txt")

    def chunks() -> Iterator[bytes]:
        yield b"ours "
        (ws / "race.txt").write_bytes(b"theirs")  # someone else creates it meanwhile
        yield b"more"

    with pytest.raises(ConflictError):
        atomic_write(path, chunks(), exclusive=True)
    assert path.absolute.read_bytes() == b"theirs"
    assert temp_leftovers(ws) == []


def test_failing_chunks_leave_original_and_no_temp(policy: AccessPolicy, ws: Path) -> None:
    path = put(policy, "notes.txt", b"original")

    def chunks() -> Iterator[bytes]:
        yield b"partial "
        raise RuntimeError("the producer failed")

    with pytest.raises(RuntimeError, match="producer failed"):
        atomic_write(path, chunks())
    assert path.absolute.read_bytes() == b"original"
    assert temp_leftovers(ws) == []


def test_write_into_missing_folder_says_why(policy: AccessPolicy, ws: Path) -> None:
    with pytest.raises(WriteError, match=r"^Could not write nowhere/new.txt: .*unchanged"):
        atomic_write(policy.resolve("nowhere/new.txt"), b"x")
    assert not (ws / "nowhere").exists()


def test_write_onto_a_folder_fails_cleanly(policy: AccessPolicy, ws: Path) -> None:
    (ws / "folder").mkdir()
    with pytest.raises(WriteError, match=r"^Could not write folder"):
        atomic_write(policy.resolve("folder"), b"x")
    assert (ws / "folder").is_dir()
    assert temp_leftovers(ws) == []


def test_dangerous_suffix_is_never_written(policy: AccessPolicy, ws: Path) -> None:
    with pytest.raises(PolicyError) as caught:
        atomic_write(policy.resolve("setup.exe"), b"MZ")
    assert caught.value.rule is Rule.DANGEROUS_SUFFIX
    assert list(ws.iterdir()) == []


KILL_CHILD = """
    import sys, time
    from wsnb.policy import AccessPolicy
    from wsnb.fsops import atomic_write

    target = AccessPolicy(sys.argv[1]).resolve("big.txt")

    def chunks():
        yield b"x" * 65536
        print("writing", flush=True)
        for _ in range(2000):  # bounded: at most about 130 MB over 20 s
            time.sleep(0.01)
            yield b"y" * 65536

    atomic_write(target, chunks())
    print("finished", flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_sigkill_mid_write_leaves_original_intact(policy: AccessPolicy, ws: Path) -> None:
    original = os.urandom(4096)
    path = put(policy, "big.txt", original)
    child = run_child(KILL_CHILD, str(ws))
    assert child.stdout is not None
    line = child.stdout.readline()
    try:
        assert line == "writing\n", child.stderr.read() if child.stderr else ""
        leftovers = temp_leftovers(ws)
        assert len(leftovers) == 1 and (ws / leftovers[0]).stat().st_size > 0
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        child.stdout.close()
        if child.stderr:
            child.stderr.close()
    assert child.returncode == -signal.SIGKILL
    assert path.absolute.read_bytes() == original
    # Only the killed write's temporary file is left; the real name was never touched.
    assert {p.name for p in ws.iterdir()} == {"big.txt", *leftovers}


FSIZE_CHILD = """
    import json, resource, signal, sys
    from wsnb.errors import WriteError
    from wsnb.policy import AccessPolicy
    from wsnb.fsops import atomic_write

    target = AccessPolicy(sys.argv[1]).resolve("notes.txt")
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
    try:
        atomic_write(target, b"n" * 100_000)
    except WriteError as exc:
        print(json.dumps({"error": type(exc).__name__, "message": str(exc), "path": exc.path}))
    else:
        print(json.dumps({"error": None}))
"""


@pytest.mark.skipif(not hasattr(signal, "SIGXFSZ"), reason="needs POSIX file-size limits")
def test_write_failing_for_lack_of_space_leaves_original(policy: AccessPolicy, ws: Path) -> None:
    original = b"the original content\n" * 10
    path = put(policy, "notes.txt", original)
    child = run_child(FSIZE_CHILD, str(ws))
    out, err = child.communicate(timeout=60)
    assert child.returncode == 0, err
    result = json.loads(out)
    assert result["error"] == "WriteError"
    assert result["path"] == "notes.txt"
    assert result["message"].startswith("Could not write notes.txt: File too large;")
    assert "the original is unchanged" in result["message"]
    assert path.absolute.read_bytes() == original
    assert temp_leftovers(ws) == []


# ---------------------------------------------------------------------------
# Backups
# ---------------------------------------------------------------------------

NOW = datetime(2024, 5, 6, 7, 8, 9, 123456)


def test_backup_name_and_content(policy: AccessPolicy, ws: Path) -> None:
    path = put(policy, "a/b/c.txt", b"version one\n")
    backup = backup_file(path, ws, NOW)
    assert backup == ws / ".wsnb" / "backups" / "a__b__c.txt.20240506-070809-123456.bak"
    assert backup.read_bytes() == b"version one\n"
    assert backup.stat().st_mtime_ns == path.absolute.stat().st_mtime_ns


def test_backup_never_overwrites(policy: AccessPolicy, ws: Path) -> None:
    path = put(policy, "notes.txt", b"first\n")
    first = backup_file(path, ws, NOW)
    path.absolute.write_bytes(b"second\n")
    second = backup_file(path, ws, NOW)
    assert first != second
    assert first.read_bytes() == b"first\n"
    assert second.read_bytes() == b"second\n"
    assert second.name.endswith(".bak")


def test_backup_of_a_deep_path_gets_a_short_name(policy: AccessPolicy, ws: Path) -> None:
    parts = ["d" * 60] * 5
    path = put(policy, "/".join([*parts, "file.txt"]), b"deep")
    backup = backup_file(path, ws, NOW)
    assert len(backup.name.encode()) <= 255
    assert backup.name.endswith("file.txt.20240506-070809-123456.bak")
    assert backup.read_bytes() == b"deep"


def test_backup_of_missing_file_fails_with_write_error(policy: AccessPolicy, ws: Path) -> None:
    with pytest.raises(WriteError, match=r"^Could not back up gone\.txt: .* is gone"):
        backup_file(policy.resolve("gone.txt"), ws, NOW)
    assert list((ws / ".wsnb" / "backups").iterdir()) == []


# ---------------------------------------------------------------------------
# Fingerprints and diffs
# ---------------------------------------------------------------------------


def test_fingermarksees_same_size_edit(policy: AccessPolicy) -> None:
    path = put(policy, "notes.txt", b"aaaa")
    before = fingerprint(path)
    times = os.stat(path.absolute)
    path.absolute.write_bytes(b"bbbb")
    os.utime(path.absolute, ns=(times.st_atime_ns, times.st_mtime_ns))
    after = fingerprint(path)
    assert (after.size, after.mtime_ns) == (before.size, before.mtime_ns)
    assert after.sha256 != before.sha256
    assert after != before


def test_fingermarkmissing_folder_and_large(policy: AccessPolicy, ws: Path) -> None:
    missing = fingerprint(policy.resolve("nothing.txt"))
    assert (missing.exists, missing.sha256) == (False, None)
    (ws / "folder").mkdir()
    folder = fingerprint(policy.resolve("folder"))
    assert (folder.exists, folder.is_dir, folder.sha256) == (True, True, None)
    large = fingerprint(put(policy, "large.bin", b"\x01" * (fsops.HASH_LIMIT + 1)))
    assert (large.exists, large.size, large.sha256) == (True, fsops.HASH_LIMIT + 1, None)


def test_fingermarkdoes_not_follow_symlinks(policy: AccessPolicy, ws: Path) -> None:
    (ws / "target.txt").write_bytes(b"target content")
    link = policy.resolve("link.txt")
    try:
        os.symlink("target.txt", ws / "link.txt")
    except (OSError, NotImplementedError):
        pytest.skip("this platform can't make symbolic links")
    mark = fingerprint(link)
    assert mark.exists and not mark.is_dir
    assert mark.sha256 is None
    assert mark.size == len("target.txt")


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


# -- renames that never replace ------------------------------------------------------


def test_rename_no_replace_refuses_an_existing_file_and_an_empty_folder(tmp_path: Path) -> None:
    from wsnb.fsops import rename_no_replace

    (tmp_path / "a.txt").write_bytes(b"a")
    (tmp_path / "b.txt").write_bytes(b"b")
    with pytest.raises(FileExistsError):
        rename_no_replace(tmp_path / "a.txt", tmp_path / "b.txt")
    assert (tmp_path / "b.txt").read_bytes() == b"b"
    assert (tmp_path / "a.txt").read_bytes() == b"a"
    # os.rename would silently replace an empty folder with another folder.
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "x").write_bytes(b"x")
    (tmp_path / "dst").mkdir()
    with pytest.raises(FileExistsError):
        rename_no_replace(tmp_path / "src", tmp_path / "dst")
    assert (tmp_path / "src" / "x").exists() and not any((tmp_path / "dst").iterdir())
    rename_no_replace(tmp_path / "a.txt", tmp_path / "c.txt")
    assert (tmp_path / "c.txt").read_bytes() == b"a" and not (tmp_path / "a.txt").exists()
