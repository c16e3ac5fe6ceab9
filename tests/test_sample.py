"""The bundled sample workspace: every item, the right bytes, never over existing files."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from wsnb.errors import ConflictError
from wsnb.fileindex.scanner import scan
from wsnb.policy.access import AccessPolicy
from wsnb.sample import (
    GENERATED_FILES,
    LARGE_FILE_BYTES,
    PNG_SIGNATURE,
    SAMPLE_FILES,
    STORED_FILES,
    copy_sample_workspace,
)

STORED_ROOT = Path(__file__).resolve().parent.parent / "wsnb" / "sample" / "files"


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    return copy_sample_workspace(tmp_path / "sample")


def test_every_listed_file_is_created(sample: Path) -> None:
    made = sorted(p.relative_to(sample).as_posix() for p in sample.rglob("*") if p.is_file())
    assert made == sorted(SAMPLE_FILES)
    for required in (
        "README.md", "CMakeLists.txt", "src/main.cpp", "src/widget.h", "src/widget.cpp",
        "app/main.py", "app/utils.py", "web/index.js", "web/package.json", "docs/使用指南.md",
        "docs/design notes.md", "config/settings.json", "config/app.yaml",
        "tests/test_utils.py", ".gitignore", "debug.log", "tmp/scratch.txt", ".git/HEAD",
        ".env", "id_rsa", "assets/logo.png", "assets/data.bin", "data/large.txt",
    ):  # fmt: skip
        assert required in SAMPLE_FILES, required
        assert (sample / required).is_file(), required


def test_stored_files_are_copied_byte_for_byte(sample: Path) -> None:
    stored = sorted(p.relative_to(STORED_ROOT).as_posix() for p in STORED_ROOT.rglob("*")
                    if p.is_file() and "__pycache__" not in p.parts)  # fmt: skip
    assert stored == sorted(STORED_FILES)
    assert not set(STORED_FILES) & set(GENERATED_FILES)
    for relative in STORED_FILES:
        assert (sample / relative).read_bytes() == (STORED_ROOT / relative).read_bytes()


def test_source_files_have_what_demos_look_for(sample: Path) -> None:
    main_cpp = (sample / "src" / "main.cpp").read_text(encoding="utf-8")
    assert "#include" in main_cpp and "class " in main_cpp
    assert 'if __name__ == "__main__":' in (sample / "app" / "main.py").read_text("utf-8")
    assert "工作区" in (sample / "docs" / "使用指南.md").read_text(encoding="utf-8")
    assert "wsnb" in (sample / "README.md").read_text(encoding="utf-8")


def test_gbk_file_is_gbk_not_utf8(sample: Path) -> None:
    data = (sample / "docs" / "说明_gbk.txt").read_bytes()
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    assert "工作区" in data.decode("gbk")


def test_crlf_file_has_crlf_only(sample: Path) -> None:
    data = (sample / "windows_notes.txt").read_bytes()
    assert b"\r\n" in data
    assert data.count(b"\n") == data.count(b"\r\n")


def test_stored_text_uses_lf(sample: Path) -> None:
    assert b"\r\n" not in (sample / "src" / "main.cpp").read_bytes()


def test_png_is_a_valid_8x8_image(sample: Path) -> None:
    data = (sample / "assets" / "logo.png").read_bytes()
    assert data.startswith(PNG_SIGNATURE)
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (8, 8)
    idat_length = struct.unpack(">I", data[33:37])[0]
    assert data[37:41] == b"IDAT"
    pixels = zlib.decompress(data[41 : 41 + idat_length])
    assert len(pixels) == 8 * (1 + 8 * 3)
    assert data.endswith(b"IEND\xaeB`\x82")


def test_binary_and_large_and_secret_files(sample: Path) -> None:
    assert b"\x00" in (sample / "assets" / "data.bin").read_bytes()
    assert (sample / "data" / "large.txt").stat().st_size >= LARGE_FILE_BYTES
    large = (sample / "data" / "large.txt").read_text(encoding="utf-8").splitlines()
    assert len(set(large)) == len(large)  # varied lines
    assert "sample-not-a-real-key" in (sample / ".env").read_text(encoding="utf-8")
    key = (sample / "id_rsa").read_text(encoding="utf-8")
    assert key.startswith("-----BEGIN OPENSSH PRIVATE KEY-----") and "not a real key" in key


def test_skipped_and_ignored_items_exist(sample: Path) -> None:
    assert (sample / ".git" / "HEAD").read_text(encoding="utf-8").startswith("ref:")
    assert any((sample / ".git" / "objects").rglob("*"))
    assert (sample / "node_modules" / "left-pad" / "package.json").is_file()
    assert any((sample / "build").iterdir())
    assert "*.log" in (sample / ".gitignore").read_text(encoding="utf-8")


def test_scan_of_the_sample(sample: Path) -> None:
    frame, report = scan(AccessPolicy(sample))
    paths = set(frame["path"])
    assert {"src/main.cpp", "docs/使用指南.md", "docs/design notes.md", ".env"} <= paths
    assert not paths & {"debug.log", "tmp", "tmp/scratch.txt", ".git", "node_modules", "build"}
    assert set(report.skipped_dirs) == {".git", "node_modules", "build"}
    assert report.ignored == 2  # debug.log and tmp/


def test_refuses_a_non_empty_destination(tmp_path: Path) -> None:
    dest = tmp_path / "taken"
    dest.mkdir()
    (dest / "mine.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(ConflictError, match="not empty"):
        copy_sample_workspace(dest)
    assert [p.name for p in dest.iterdir()] == ["mine.txt"]
    file_dest = tmp_path / "a-file"
    file_dest.write_text("x", encoding="utf-8")
    with pytest.raises(ConflictError, match="not a folder"):
        copy_sample_workspace(file_dest)
    assert file_dest.read_text(encoding="utf-8") == "x"


def test_accepts_an_empty_folder(tmp_path: Path) -> None:
    dest = tmp_path / "empty"
    dest.mkdir()
    assert copy_sample_workspace(dest) == dest
    assert (dest / "README.md").is_file()


def test_two_copies_are_independent(tmp_path: Path) -> None:
    first = copy_sample_workspace(tmp_path / "one")
    second = copy_sample_workspace(str(tmp_path / "two"))
    (first / "src" / "main.cpp").write_text("changed", encoding="utf-8")
    (first / "README.md").unlink()
    assert (second / "src" / "main.cpp").read_text(encoding="utf-8") != "changed"
    assert (second / "README.md").is_file()
    assert (STORED_ROOT / "README.md").is_file()
    assert (STORED_ROOT / "src" / "main.cpp").read_text(encoding="utf-8") != "changed"


def test_copies_are_identical(tmp_path: Path) -> None:
    first = copy_sample_workspace(tmp_path / "one")
    second = copy_sample_workspace(tmp_path / "two")
    for relative in SAMPLE_FILES:
        assert (first / relative).read_bytes() == (second / relative).read_bytes(), relative
