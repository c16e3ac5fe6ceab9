"""Every write tool against the design checklist, on real files.

Each refused case checks the reason and that the tree (paths and bytes) is
exactly as before.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from helpers import Bench, make_bench, snapshot, user_files, write

from wsnb.disk.trash import TrashRecord
from wsnb.errors import ConfirmationError
from wsnb.plans.plan import Plan
from wsnb.types import PlanState, Risk, Rule


def refused(bench: Bench, tool: str, rule: Rule | None, reason: str, **params: object) -> Plan:
    """Propose, expect a refusal with ``rule`` and ``reason``, and check nothing changed."""
    before = snapshot(bench.root)
    plan = bench.propose(tool, **params)
    assert plan.state is PlanState.REFUSED, plan.describe()
    if rule is not None:
        assert plan.rule is rule
    assert reason in (plan.refusal or ""), plan.refusal
    assert snapshot(bench.root) == before
    return plan


# -- create_file / create_folder ------------------------------------------------------


def test_create_a_text_file(bench: Bench, root: Path) -> None:
    plan = bench.propose("create_file", path="test.txt", content="第一行\r\nsecond\n")
    assert plan.preview == "第一行\nsecond\n"
    result = plan.confirm()
    assert result.success and result.target == "test.txt"
    assert (root / "test.txt").read_bytes() == "第一行\nsecond\n".encode()
    assert not [p for p in root.iterdir() if p.name.startswith(".wsnb-tmp-")]


def test_a_new_file_gets_the_usual_permission_bits(bench: Bench, root: Path) -> None:
    bench.propose("create_file", path="perm.txt").confirm()
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE((root / "perm.txt").stat().st_mode) == 0o666 & ~mask


def test_create_with_new_parent_folders(bench: Bench, root: Path) -> None:
    plan = bench.propose("create_file", path="a/b/c.md", content="# c\n")
    assert plan.parent_dirs == ["a", "a/b"]
    assert plan.confirm().files == ["a", "a/b", "a/b/c.md"]
    assert (root / "a" / "b" / "c.md").read_text(encoding="utf-8") == "# c\n"


def test_create_an_existing_file_is_refused(bench: Bench, root: Path) -> None:
    write(root, "exists.txt", "keep me\n")
    refused(bench, "create_file", Rule.NOT_ALLOWED, "already exists; wsnb never overwrites",
            path="exists.txt", content="new")  # fmt: skip
    assert (root / "exists.txt").read_bytes() == b"keep me\n"


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("CON.txt", "reserved device name"),
        ("a:b.txt", "contains ':'"),
        ("x.", "ends with a dot"),
        ("a|b", "contains '|'"),
        ("new/AUX/file.txt", "reserved device name"),
    ],
)
def test_illegal_names_are_refused(bench: Bench, name: str, reason: str) -> None:
    refused(bench, "create_file", Rule.ILLEGAL_NAME, reason, path=name, content="x")


def test_a_dangerous_suffix_is_refused(bench: Bench) -> None:
    refused(bench, "create_file", Rule.DANGEROUS_SUFFIX, "suffix that runs programs",
            path="run.bat", content="echo hi")  # fmt: skip
    refused(bench, "create_file", Rule.DANGEROUS_SUFFIX, "suffix that runs programs",
            path="Setup.EXE", content="x")  # fmt: skip


def test_paths_outside_the_workspace_are_refused(bench: Bench, tmp_path: Path) -> None:
    refused(bench, "create_file", Rule.OUTSIDE, "outside the workspace", path="../x.txt")
    elsewhere = tmp_path / "elsewhere.txt"
    refused(bench, "create_file", Rule.OUTSIDE, "outside the workspace", path=str(elsewhere))
    refused(bench, "create_folder", Rule.OUTSIDE, "outside the workspace", path="a/../../b")
    assert not elsewhere.exists() and not (tmp_path / "x.txt").exists()


def test_wsnb_s_own_folder_is_protected(bench: Bench) -> None:
    refused(bench, "create_file", Rule.PROTECTED, "never writes", path=".wsnb/evil.txt")
    refused(bench, "create_file", Rule.PROTECTED, "never writes", path=".git/config2")


def test_a_sensitive_new_name_is_refused(bench: Bench) -> None:
    refused(bench, "create_file", Rule.SENSITIVE, "holds secrets", path=".env", content="A=1")


def test_content_must_be_text(bench: Bench) -> None:
    refused(bench, "create_file", Rule.NOT_ALLOWED, "must be text", path="x.txt", content=b"x")


def test_create_folder(bench: Bench, root: Path) -> None:
    plan = bench.propose("create_folder", path="docs/api")
    assert plan.parent_dirs == ["docs"] and plan.risk is Risk.MEDIUM
    assert plan.confirm().success
    assert (root / "docs" / "api").is_dir()
    refused(bench, "create_folder", Rule.NOT_ALLOWED, "already exists", path="docs")


# -- write_file ------------------------------------------------------------------------


def backups(root: Path) -> list[Path]:
    folder = root / ".wsnb" / "backups"
    return sorted(folder.iterdir()) if folder.exists() else []


@pytest.mark.parametrize("name", ["notes.txt", "src/main.cpp"])
def test_modify_a_text_file_keeps_a_backup_of_the_old_bytes(
    bench: Bench, root: Path, name: str
) -> None:
    old = b"int x = 1;\nint y = 2;\n"
    write(root, name, old)
    plan = bench.propose("write_file", path=name, content="int x = 1;\nint y = 3;\n")
    assert plan.risk is Risk.HIGH
    assert "-int y = 2;\n+int y = 3;" in (plan.diff or "")
    result = plan.confirm()
    assert result.success
    assert (root / name).read_bytes() == b"int x = 1;\nint y = 3;\n"
    [backup] = backups(root)
    assert backup.read_bytes() == old
    assert backup.name.startswith(name.replace("/", "__") + ".")
    assert plan.data["backup"] == backup.relative_to(root).as_posix()


def test_a_binary_file_is_refused(bench: Bench, root: Path) -> None:
    write(root, "image.dat", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    refused(bench, "write_file", Rule.NOT_TEXT, "not a text file", path="image.dat",
            content="text")  # fmt: skip


@pytest.mark.parametrize("name", [".env", "config/secrets.json", "id_rsa", "server.key"])
def test_a_sensitive_file_is_refused(bench: Bench, root: Path, name: str) -> None:
    write(root, name, "TOKEN=abc\n")
    refused(bench, "write_file", Rule.SENSITIVE, "holds secrets", path=name, content="x")


def test_a_dangerous_file_is_never_written(bench: Bench, root: Path) -> None:
    write(root, "tool.cmd", "echo 1\r\n")
    refused(bench, "write_file", Rule.DANGEROUS_SUFFIX, "runs programs", path="tool.cmd",
            content="echo 2")  # fmt: skip


def test_a_missing_file_or_a_folder_is_refused(bench: Bench, root: Path) -> None:
    refused(bench, "write_file", Rule.NOT_ALLOWED, "use create_file()", path="nope.txt",
            content="x")  # fmt: skip
    (root / "dir").mkdir()
    refused(bench, "write_file", Rule.NOT_ALLOWED, "is a folder", path="dir", content="x")


def test_a_file_too_big_to_show_is_refused(bench: Bench, root: Path) -> None:
    write(root, "big.log", b"x" * (2 * 1024 * 1024 + 1))
    refused(bench, "write_file", Rule.NOT_ALLOWED, "only edits text files up to",
            path="big.log", content="small")  # fmt: skip


def _write_and_read(bench: Bench, root: Path, name: str, old: bytes, new: str) -> bytes:
    write(root, name, old)
    plan = bench.propose("write_file", path=name, content=new)
    assert plan.state is PlanState.PENDING, plan.refusal
    assert plan.confirm().success
    return (root / name).read_bytes()


def test_gbk_stays_gbk(bench: Bench, root: Path) -> None:
    old = "说明：第一行\n".encode("gbk")
    data = _write_and_read(bench, root, "readme.txt", old, "说明：第二行\n")
    assert data == "说明：第二行\n".encode("gbk")


def test_utf16_with_bom_stays_utf16(bench: Bench, root: Path) -> None:
    old = b"\xff\xfe" + "hello\r\nworld\r\n".encode("utf-16-le")
    data = _write_and_read(bench, root, "win.txt", old, "hello\nthere\n")
    assert data == b"\xff\xfe" + "hello\r\nthere\r\n".encode("utf-16-le")


def test_utf16_big_endian_keeps_its_byte_order(bench: Bench, root: Path) -> None:
    old = b"\xfe\xff" + "a\n".encode("utf-16-be")
    data = _write_and_read(bench, root, "be.txt", old, "b\n")
    assert data == b"\xfe\xff" + "b\n".encode("utf-16-be")


def test_utf8_bom_stays(bench: Bench, root: Path) -> None:
    old = b"\xef\xbb\xbfname,value\n"
    data = _write_and_read(bench, root, "table.csv", old, "name,value\nx,1\n")
    assert data == b"\xef\xbb\xbfname,value\nx,1\n"


def test_crlf_stays_crlf_and_the_diff_is_on_lines(bench: Bench, root: Path) -> None:
    write(root, "dos.txt", b"one\r\ntwo\r\n")
    plan = bench.propose("write_file", path="dos.txt", content="one\ntwo\nthree\n")
    assert plan.diff is not None and "\r" not in plan.diff
    assert "+three" in plan.diff and "-one" not in plan.diff
    plan.confirm()
    assert (root / "dos.txt").read_bytes() == b"one\r\ntwo\r\nthree\r\n"


def test_permission_bits_are_kept(bench: Bench, root: Path) -> None:
    path = write(root, "run.sh", "#!/bin/sh\necho 1\n")
    path.chmod(0o751)
    _write_and_read(bench, root, "run.sh", path.read_bytes(), "#!/bin/sh\necho 2\n")
    assert stat.S_IMODE(path.stat().st_mode) == 0o751


def test_content_gbk_cannot_hold_is_refused(bench: Bench, root: Path) -> None:
    write(root, "old.txt", "旧文件\n".encode("gbk"))
    plan = refused(bench, "write_file", Rule.NOT_TEXT, "can't be stored in GBK",
                   path="old.txt", content="旧文件 😀\n")  # fmt: skip
    assert "line 1" in (plan.refusal or "")
    assert backups(root) == []


def test_content_latin1_gb18030_file_can_hold_everything(bench: Bench, root: Path) -> None:
    old = "四字节：😀\n".encode("gb18030")  # already beyond GBK
    data = _write_and_read(bench, root, "wide.txt", old, "又一个 😃\n")
    assert data == "又一个 😃\n".encode("gb18030")


def test_empty_and_identical_content_warn(bench: Bench, root: Path) -> None:
    write(root, "same.txt", "same\n")
    same = bench.propose("write_file", path="same.txt", content="same\n")
    assert any(w.startswith("No change") for w in same.warnings)
    empty = bench.propose("write_file", path="same.txt", content="")
    assert any("empty" in w for w in empty.warnings)
    assert empty.confirm().success
    assert (root / "same.txt").read_bytes() == b""
    assert backups(root)[0].read_bytes() == b"same\n"


def test_mixed_line_endings_warn(bench: Bench, root: Path) -> None:
    write(root, "mixed.txt", b"a\r\nb\r\nc\n")
    plan = bench.propose("write_file", path="mixed.txt", content="a\nb\nc\nd\n")
    assert any("mixes line endings" in w and "CRLF" in w for w in plan.warnings)


def test_restore_from_must_be_a_backup(bench: Bench, root: Path) -> None:
    write(root, "a.txt", "a\n")
    write(root, "b.txt", "b\n")
    refused(bench, "write_file", Rule.NOT_ALLOWED, "must be a backup", path="a.txt",
            restore_from="b.txt")  # fmt: skip
    refused(bench, "write_file", Rule.NOT_ALLOWED, "not both", path="a.txt",
            content="x", restore_from="b.txt")  # fmt: skip


def test_a_symlinked_file_is_refused(bench: Bench, root: Path, tmp_path: Path) -> None:
    outside = write(tmp_path, "outside.txt", "outside\n")
    try:
        (root / "link.txt").symlink_to(outside)
    except OSError:
        pytest.skip("this platform can't make symbolic links")
    refused(bench, "write_file", Rule.SYMLINK, "symbolic link", path="link.txt", content="x")
    refused(bench, "trash", Rule.SYMLINK, "symbolic link", path="link.txt")
    refused(bench, "copy_file", Rule.SYMLINK, "symbolic link", source="link.txt",
            target="copy.txt")  # fmt: skip
    assert outside.read_bytes() == b"outside\n"


def test_a_symlinked_folder_on_the_target_path_is_refused(
    bench: Bench, root: Path, tmp_path: Path
) -> None:
    (tmp_path / "elsewhere").mkdir()
    try:
        (root / "linked").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    except OSError:
        pytest.skip("this platform can't make symbolic links")
    write(root, "a.txt")
    refused(bench, "move_file", Rule.SYMLINK, "symbolic link", source="a.txt",
            target="linked/a.txt")  # fmt: skip
    refused(bench, "create_file", Rule.SYMLINK, "symbolic link", path="linked/new.txt")
    assert list((tmp_path / "elsewhere").iterdir()) == []


# -- copy, move, rename -------------------------------------------------------------------


def test_copy_a_file(bench: Bench, root: Path) -> None:
    path = write(root, "src/a.py", "print(1)\n")
    path.chmod(0o700)
    plan = bench.propose("copy_file", source="src/a.py", target="backup/a.py")
    assert plan.risk is Risk.MEDIUM and plan.parent_dirs == ["backup"]
    assert plan.confirm().success
    assert (root / "backup" / "a.py").read_bytes() == b"print(1)\n"
    assert stat.S_IMODE((root / "backup" / "a.py").stat().st_mode) == 0o700
    assert path.read_bytes() == b"print(1)\n"


def test_copy_refusals(bench: Bench, root: Path) -> None:
    write(root, "a.txt", "a\n")
    write(root, "b.txt", "b\n")
    write(root, ".env", "K=1\n")
    (root / "dir").mkdir()
    refused(bench, "copy_file", Rule.NOT_ALLOWED, "already exists", source="a.txt",
            target="b.txt")  # fmt: skip
    refused(bench, "copy_file", Rule.SENSITIVE, "holds secrets", source=".env",
            target="env.txt")  # fmt: skip
    refused(bench, "copy_file", Rule.NOT_ALLOWED, "wsnb copies one file at a time",
            source="dir", target="dir2")  # fmt: skip
    refused(bench, "copy_file", Rule.DANGEROUS_SUFFIX, "runs programs", source="a.txt",
            target="a.bat")  # fmt: skip
    refused(bench, "copy_file", Rule.OUTSIDE, "outside", source="a.txt", target="../a.txt")


def test_move_a_file(bench: Bench, root: Path) -> None:
    write(root, "inbox/report.md", "# report\n")
    plan = bench.propose("move_file", source="inbox/report.md", target="done/report.md")
    assert plan.risk is Risk.HIGH
    assert plan.confirm().success
    assert not (root / "inbox" / "report.md").exists()
    assert (root / "done" / "report.md").read_bytes() == b"# report\n"


def test_move_refusals(bench: Bench, root: Path) -> None:
    write(root, "a.txt", "a\n")
    write(root, "b.txt", "b\n")
    write(root, "id_rsa", "key\n")
    (root / "dir").mkdir()
    refused(bench, "move_file", Rule.NOT_ALLOWED, "already exists; wsnb never overwrites",
            source="a.txt", target="b.txt")  # fmt: skip
    refused(bench, "move_file", Rule.OUTSIDE, "outside the workspace", source="a.txt",
            target="../a.txt")  # fmt: skip
    refused(bench, "move_file", Rule.OUTSIDE, "outside the workspace", source="../x.txt",
            target="x.txt")  # fmt: skip
    refused(bench, "move_file", Rule.NOT_ALLOWED, "wsnb moves one file at a time",
            source="dir", target="dir2")  # fmt: skip
    refused(bench, "move_file", Rule.SENSITIVE, "holds secrets", source="id_rsa",
            target="notes.txt")  # fmt: skip
    refused(bench, "move_file", Rule.NOT_ALLOWED, "does not exist", source="nope.txt",
            target="x.txt")  # fmt: skip


def test_rename_a_file_and_a_folder(bench: Bench, root: Path) -> None:
    write(root, "docs/draft.md", "draft\n")
    plan = bench.propose("rename", path="docs/draft.md", new_name="final.md")
    assert plan.new_name == "final.md" and plan.target is not None
    assert plan.target.relative == "docs/final.md"
    assert plan.confirm().success
    assert (root / "docs" / "final.md").read_bytes() == b"draft\n"
    assert not (root / "docs" / "draft.md").exists()

    folder_plan = bench.propose("rename", path="docs", new_name="documents")
    assert folder_plan.requires_strong_confirmation
    assert folder_plan.confirm(strong=True).success
    assert (root / "documents" / "final.md").exists() and not (root / "docs").exists()


def test_rename_refusals(bench: Bench, root: Path) -> None:
    write(root, "a.txt", "a\n")
    write(root, "b.txt", "b\n")
    write(root, "api_token.txt", "t\n")
    refused(bench, "rename", Rule.ILLEGAL_NAME, "reserved device name", path="a.txt",
            new_name="NUL.txt")  # fmt: skip
    refused(bench, "rename", Rule.ILLEGAL_NAME, "contains '?'", path="a.txt", new_name="a?.txt")
    refused(bench, "rename", Rule.ILLEGAL_NAME, "is a path, not a name", path="a.txt",
            new_name="sub/a.txt")  # fmt: skip
    refused(bench, "rename", Rule.ILLEGAL_NAME, "is a path, not a name", path="a.txt",
            new_name="..\\a.txt")  # fmt: skip
    refused(bench, "rename", Rule.NOT_ALLOWED, "already exists", path="a.txt",
            new_name="b.txt")  # fmt: skip
    refused(bench, "rename", Rule.DANGEROUS_SUFFIX, "runs programs", path="a.txt",
            new_name="a.ps1")  # fmt: skip
    refused(bench, "rename", Rule.SENSITIVE, "holds secrets", path="api_token.txt",
            new_name="notes.txt")  # fmt: skip
    refused(bench, "rename", Rule.NOT_ALLOWED, "already named", path="a.txt", new_name="a.txt")
    refused(bench, "rename", Rule.NOT_ALLOWED, "can't rename the workspace root", path=".",
            new_name="x")  # fmt: skip


# -- trash ------------------------------------------------------------------------------


def test_trash_a_file(bench: Bench, root: Path, test_home: Path) -> None:
    write(root, "old.txt", "old\n")
    plan = bench.propose("trash", path="old.txt")
    assert plan.risk is Risk.HIGH and not plan.requires_strong_confirmation
    result = plan.confirm()
    assert result.success and not (root / "old.txt").exists()
    record = plan.data["trash_record"]
    assert isinstance(record, TrashRecord)
    assert record.trashed is not None and Path(record.trashed).read_bytes() == b"old\n"
    assert Path(record.trashed).is_relative_to(test_home)


def test_trash_a_folder_needs_strong_confirmation(bench: Bench, root: Path) -> None:
    write(root, "build/out/a.o", b"\x00obj")
    write(root, "build/log.txt", "log\n")
    plan = bench.propose("trash", path="build")
    assert plan.requires_strong_confirmation
    assert "2 files, 1 folder" in plan.describe()
    assert plan.confirm(typed_name="build").success
    assert not (root / "build").exists()


def test_trash_refusals(bench: Bench, root: Path, tmp_path: Path) -> None:
    write(root, "a.txt")
    write(tmp_path, "outside.txt", "outside\n")
    refused(bench, "trash", Rule.OUTSIDE, "outside the workspace", path="../outside.txt")
    refused(bench, "trash", Rule.NOT_ALLOWED, "never deletes permanently", path="a.txt",
            permanent=True)  # fmt: skip
    refused(bench, "trash", Rule.NOT_ALLOWED, "one item per plan", path=["a.txt", "b.txt"])
    refused(bench, "trash", Rule.NOT_ALLOWED, "root can't be moved to the trash", path=".")
    refused(bench, "trash", Rule.NOT_ALLOWED, "does not exist", path="nope.txt")
    refused(bench, "trash", Rule.PROTECTED, "never writes", path=".git")
    assert (tmp_path / "outside.txt").exists()


def test_restore_needs_a_real_trash_record(bench: Bench, root: Path, tmp_path: Path) -> None:
    write(root, "fake.trashinfo", "[Trash Info]\nPath=/x\nDeletionDate=2024-01-01T00:00:00\n")
    bogus = TrashRecord(str(root / "stolen.txt"), str(tmp_path / "secret.txt"),
                        str(root / "fake.trashinfo"), bench.ctx.clock())  # fmt: skip
    refused(bench, "restore_from_trash", Rule.NOT_ALLOWED, "does not point into a trash",
            path="stolen.txt", record=bogus)  # fmt: skip
    refused(bench, "restore_from_trash", Rule.NOT_ALLOWED, "takes the trash record",
            path="stolen.txt", record={"trashed": str(tmp_path / "secret.txt")})  # fmt: skip


# -- open, open folder, reveal ---------------------------------------------------------------


def test_open_a_file_is_a_plan_then_one_fixed_call(bench: Bench, root: Path) -> None:
    write(root, "-rf notes.md", "x\n")
    plan = bench.propose("open_file", path="-rf notes.md")
    assert plan.risk is Risk.MEDIUM and plan.state is PlanState.PENDING
    assert bench.spawned.calls == []
    assert plan.confirm().success
    assert bench.spawned.calls == [["xdg-open", str(root / "-rf notes.md")]]


def test_open_folder_and_reveal_run_at_once(bench: Bench, root: Path) -> None:
    write(root, "docs/a.md")
    folder = bench.book._registry.get("open_folder")
    reveal = bench.book._registry.get("reveal")
    assert folder.risk is Risk.LOW and reveal.risk is Risk.LOW
    assert folder.run(bench.ctx, path="docs").success  # type: ignore[attr-defined]
    assert reveal.run(bench.ctx, path="docs/a.md").success  # type: ignore[attr-defined]
    assert bench.spawned.calls == [["xdg-open", str(root / "docs")],
                                   ["xdg-open", str(root / "docs")]]  # fmt: skip
    assert not folder.run(bench.ctx, path="docs/a.md").success  # type: ignore[attr-defined]


def test_no_desktop_says_so(root: Path) -> None:
    bench = make_bench(root, desktop=False)
    write(root, "a.md")
    folder = bench.book._registry.get("open_folder").run(bench.ctx, path=".")  # type: ignore[attr-defined]
    assert not folder.success and "no desktop" in folder.error
    plan = bench.propose("open_file", path="a.md")
    assert any("no desktop" in w for w in plan.warnings)
    result = plan.confirm()
    assert not result.success and "no desktop" in result.error
    assert plan.state is PlanState.FAILED
    assert bench.spawned.calls == []


@pytest.mark.parametrize("name", ["start.lnk", "setup.exe", "run.bat", "app.desktop"])
def test_dangerous_files_are_never_opened(bench: Bench, root: Path, name: str) -> None:
    write(root, name, b"MZ")
    refused(bench, "open_file", Rule.DANGEROUS_SUFFIX, "never", path=name)
    reveal = bench.book._registry.get("reveal").run(bench.ctx, path=name)  # type: ignore[attr-defined]
    assert not reveal.success and reveal.rule is Rule.DANGEROUS_SUFFIX
    assert bench.spawned.calls == []


def test_open_refuses_folders_secrets_and_outside(bench: Bench, root: Path) -> None:
    (root / "dir").mkdir()
    write(root, ".env", "K=1\n")
    refused(bench, "open_file", Rule.NOT_ALLOWED, "use open_folder()", path="dir")
    refused(bench, "open_file", Rule.SENSITIVE, "holds secrets", path=".env")
    refused(bench, "open_file", Rule.OUTSIDE, "outside", path="../x.txt")
    assert bench.spawned.calls == []
    assert user_files(root) == snapshot(root)


def test_renaming_a_folder_needs_strong_confirmation(bench: Bench, root: Path) -> None:
    (root / "docs").mkdir()
    (root / "docs" / "a.md").write_text("a\n")
    plan = bench.propose("rename", path="docs", new_name="manual")
    assert plan.requires_strong_confirmation
    assert "folder" in plan.describe()
    with pytest.raises(ConfirmationError):
        plan.confirm()
    assert (root / "docs" / "a.md").exists() and not (root / "manual").exists()
    assert plan.confirm(typed_name="docs").success
    assert (root / "manual" / "a.md").read_text() == "a\n"


def test_a_dangerous_suffix_moves_never_and_renames_only_strongly(bench: Bench, root: Path) -> None:
    (root / "setup.exe").write_bytes(b"MZ")
    move = bench.propose("move_file", source="setup.exe", target="archive/setup.exe")
    assert move.state is PlanState.REFUSED and move.rule is Rule.DANGEROUS_SUFFIX
    # renaming it to a harmless suffix would make it openable: strong confirmation
    rename = bench.propose("rename", path="setup.exe", new_name="setup.txt")
    assert rename.requires_strong_confirmation
    with pytest.raises(ConfirmationError, match="runs programs"):
        rename.confirm()
    assert (root / "setup.exe").exists() and not (root / "setup.txt").exists()
    assert rename.confirm(strong=True).success
    assert (root / "setup.txt").read_bytes() == b"MZ"
