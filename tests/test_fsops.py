"""Safe file-system changes on real files: atomic writes, backups, fingerprints, renames."""

from __future__ import annotations

import json
import os
import signal
import stat
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from helpers import put, run_child, temp_leftovers

from wsnb.disk import fsops
from wsnb.disk.fsops import atomic_write, backup_file, fingerprint
from wsnb.errors import ConflictError, PolicyError, WriteError
from wsnb.policy.access import AccessPolicy
from wsnb.types import Rule

# Atomic writes
# ---------------------------------------------------------------------------


def test_atomic_write_replaces_and_keeps_permissions(policy: AccessPolicy, root: Path) -> None:
    path = put(policy, "notes.txt", b"old content\n")
    os.chmod(path.absolute, 0o640)
    atomic_write(path, b"new content\n")
    assert path.absolute.read_bytes() == b"new content\n"
    assert stat.S_IMODE(os.stat(path.absolute).st_mode) == 0o640
    atomic_write(path, b"again\n", mode=0o600)
    assert stat.S_IMODE(os.stat(path.absolute).st_mode) == 0o600
    assert temp_leftovers(root) == []


def test_atomic_write_new_file_follows_umask(policy: AccessPolicy, root: Path) -> None:
    umask = os.umask(0o027)
    try:
        atomic_write(policy.resolve("new.txt"), b"hello")
    finally:
        os.umask(umask)
    assert (root / "new.txt").read_bytes() == b"hello"
    assert stat.S_IMODE(os.stat(root / "new.txt").st_mode) == 0o640


def test_atomic_write_takes_chunks(policy: AccessPolicy) -> None:
    path = policy.resolve("chunks.txt")
    atomic_write(path, iter([b"one ", b"two ", b"three"]))
    assert path.absolute.read_bytes() == b"one two three"


def test_exclusive_refuses_existing_target(policy: AccessPolicy, root: Path) -> None:
    path = put(policy, "keep.txt", b"precious")
    with pytest.raises(ConflictError, match=r"^keep.txt already exists"):
        atomic_write(path, b"overwritten", exclusive=True)
    assert path.absolute.read_bytes() == b"precious"
    fresh = policy.resolve("fresh.txt")
    atomic_write(fresh, b"created", exclusive=True)
    assert fresh.absolute.read_bytes() == b"created"
    assert temp_leftovers(root) == []


def test_exclusive_never_overwrites_a_file_that_appears_mid_write(
    policy: AccessPolicy, root: Path
) -> None:
    path = policy.resolve("race.txt")

    def chunks() -> Iterator[bytes]:
        yield b"ours "
        (root / "race.txt").write_bytes(b"theirs")  # someone else creates it meanwhile
        yield b"more"

    with pytest.raises(ConflictError):
        atomic_write(path, chunks(), exclusive=True)
    assert path.absolute.read_bytes() == b"theirs"
    assert temp_leftovers(root) == []


def test_failing_chunks_leave_original_and_no_temp(policy: AccessPolicy, root: Path) -> None:
    path = put(policy, "notes.txt", b"original")

    def chunks() -> Iterator[bytes]:
        yield b"partial "
        raise RuntimeError("the producer failed")

    with pytest.raises(RuntimeError, match="producer failed"):
        atomic_write(path, chunks())
    assert path.absolute.read_bytes() == b"original"
    assert temp_leftovers(root) == []


def test_write_into_missing_folder_says_why(policy: AccessPolicy, root: Path) -> None:
    with pytest.raises(WriteError, match=r"^Could not write nowhere/new.txt: .*unchanged"):
        atomic_write(policy.resolve("nowhere/new.txt"), b"x")
    assert not (root / "nowhere").exists()


def test_write_onto_a_folder_fails_cleanly(policy: AccessPolicy, root: Path) -> None:
    (root / "folder").mkdir()
    with pytest.raises(WriteError, match=r"^Could not write folder"):
        atomic_write(policy.resolve("folder"), b"x")
    assert (root / "folder").is_dir()
    assert temp_leftovers(root) == []


def test_dangerous_suffix_is_never_written(policy: AccessPolicy, root: Path) -> None:
    with pytest.raises(PolicyError) as caught:
        atomic_write(policy.resolve("setup.exe"), b"MZ")
    assert caught.value.rule is Rule.DANGEROUS_SUFFIX
    assert list(root.iterdir()) == []


KILL_CHILD = """
    import sys, time
    from wsnb.policy.access import AccessPolicy
    from wsnb.disk.fsops import atomic_write

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
def test_sigkill_mid_write_leaves_original_intact(policy: AccessPolicy, root: Path) -> None:
    original = os.urandom(4096)
    path = put(policy, "big.txt", original)
    child = run_child(KILL_CHILD, str(root))
    assert child.stdout is not None
    line = child.stdout.readline()
    try:
        assert line == "writing\n", child.stderr.read() if child.stderr else ""
        leftovers = temp_leftovers(root)
        assert len(leftovers) == 1 and (root / leftovers[0]).stat().st_size > 0
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        child.stdout.close()
        if child.stderr:
            child.stderr.close()
    assert child.returncode == -signal.SIGKILL
    assert path.absolute.read_bytes() == original
    # Only the killed write's temporary file is left, in wsnb's own folder, never the
    # person's; the real name was never touched, and the next open clears it away.
    assert {p.name for p in root.iterdir()} == {"big.txt", ".wsnb"}
    assert leftovers[0].startswith(f"{fsops.TEMP_DIR}/")
    assert fsops.clear_orphans(policy) == 1
    assert temp_leftovers(root) == []


FSIZE_CHILD = """
    import json, resource, signal, sys
    from wsnb.errors import WriteError
    from wsnb.policy.access import AccessPolicy
    from wsnb.disk.fsops import atomic_write

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
def test_write_failing_for_lack_of_space_leaves_original(policy: AccessPolicy, root: Path) -> None:
    original = b"the original content\n" * 10
    path = put(policy, "notes.txt", original)
    child = run_child(FSIZE_CHILD, str(root))
    out, err = child.communicate(timeout=60)
    assert child.returncode == 0, err
    result = json.loads(out)
    assert result["error"] == "WriteError"
    assert result["path"] == "notes.txt"
    assert result["message"].startswith("Could not write notes.txt: File too large;")
    assert "the original is unchanged" in result["message"]
    assert path.absolute.read_bytes() == original
    assert temp_leftovers(root) == []


# ---------------------------------------------------------------------------
# Backups
# ---------------------------------------------------------------------------

NOW = datetime(2024, 5, 6, 7, 8, 9, 123456)


def test_backup_name_and_content(policy: AccessPolicy, root: Path) -> None:
    path = put(policy, "a/b/c.txt", b"version one\n")
    backup = backup_file(path, root, NOW)
    assert backup == root / ".wsnb" / "backups" / "a__b__c.txt.20240506-070809-123456.bak"
    assert backup.read_bytes() == b"version one\n"
    assert backup.stat().st_mtime_ns == path.absolute.stat().st_mtime_ns


def test_backup_never_overwrites(policy: AccessPolicy, root: Path) -> None:
    path = put(policy, "notes.txt", b"first\n")
    first = backup_file(path, root, NOW)
    path.absolute.write_bytes(b"second\n")
    second = backup_file(path, root, NOW)
    assert first != second
    assert first.read_bytes() == b"first\n"
    assert second.read_bytes() == b"second\n"
    assert second.name.endswith(".bak")


def test_backup_of_a_deep_path_gets_a_short_name(policy: AccessPolicy, root: Path) -> None:
    parts = ["d" * 60] * 5
    path = put(policy, "/".join([*parts, "file.txt"]), b"deep")
    backup = backup_file(path, root, NOW)
    assert len(backup.name.encode()) <= 255
    assert backup.name.endswith("file.txt.20240506-070809-123456.bak")
    assert backup.read_bytes() == b"deep"


def test_backup_of_missing_file_fails_with_write_error(policy: AccessPolicy, root: Path) -> None:
    with pytest.raises(WriteError, match=r"^Could not back up gone\.txt: .* is gone"):
        backup_file(policy.resolve("gone.txt"), root, NOW)
    assert list((root / ".wsnb" / "backups").iterdir()) == []


# ---------------------------------------------------------------------------
# Fingerprints and diffs
# ---------------------------------------------------------------------------


def test_fingerprint_sees_same_size_edit(policy: AccessPolicy) -> None:
    path = put(policy, "notes.txt", b"aaaa")
    before = fingerprint(path)
    times = os.stat(path.absolute)
    path.absolute.write_bytes(b"bbbb")
    os.utime(path.absolute, ns=(times.st_atime_ns, times.st_mtime_ns))
    after = fingerprint(path)
    assert (after.size, after.mtime_ns) == (before.size, before.mtime_ns)
    assert after.sha256 != before.sha256
    assert after != before


def test_fingerprint_missing_folder_and_large(policy: AccessPolicy, root: Path) -> None:
    missing = fingerprint(policy.resolve("nothing.txt"))
    assert (missing.exists, missing.sha256) == (False, None)
    (root / "folder").mkdir()
    folder = fingerprint(policy.resolve("folder"))
    assert (folder.exists, folder.is_dir, folder.sha256) == (True, True, None)
    large = fingerprint(put(policy, "large.bin", b"\x01" * (fsops.HASH_LIMIT + 1)))
    assert (large.exists, large.size, large.sha256) == (True, fsops.HASH_LIMIT + 1, None)


def test_fingerprint_does_not_follow_symlinks(policy: AccessPolicy, root: Path) -> None:
    (root / "target.txt").write_bytes(b"target content")
    link = policy.resolve("link.txt")
    try:
        os.symlink("target.txt", root / "link.txt")
    except (OSError, NotImplementedError):
        pytest.skip("this platform can't make symbolic links")
    mark = fingerprint(link)
    assert mark.exists and not mark.is_dir
    assert mark.sha256 is None
    assert mark.size == len("target.txt")


# -- renames that never replace ------------------------------------------------------


def test_rename_no_replace_refuses_an_existing_file_and_an_empty_folder(tmp_path: Path) -> None:
    from wsnb.disk.fsops import rename_no_replace

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
