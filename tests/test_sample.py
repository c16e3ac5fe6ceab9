"""The bundled sample workspace: every item, the right bytes, never over existing files."""

from __future__ import annotations

import base64
import json
import struct
import zlib
from pathlib import Path
from typing import Any

import nbformat
import notebook_sample
import pytest

from wsnb.errors import ConflictError
from wsnb.fileindex.scanner import scan
from wsnb.policy.access import AccessPolicy
from wsnb.sample import (
    GENERATED_FILES,
    LARGE_FILE_BYTES,
    NOTEBOOK_SAMPLE_FILES,
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


# -- the notebook sample ------------------------------------------------------------------------

NOTEBOOK_ROOT = STORED_ROOT.parent / "notebook_files"


@pytest.fixture
def analysis(tmp_path: Path) -> Path:
    return copy_sample_workspace(tmp_path / "analysis", notebooks=True)


def test_the_notebook_sample_is_copied_whole_and_byte_for_byte(analysis: Path) -> None:
    stored = sorted(p.relative_to(NOTEBOOK_ROOT).as_posix() for p in NOTEBOOK_ROOT.rglob("*")
                    if p.is_file())  # fmt: skip
    made = sorted(p.relative_to(analysis).as_posix() for p in analysis.rglob("*") if p.is_file())
    assert stored == made == sorted(NOTEBOOK_SAMPLE_FILES)
    for relative in NOTEBOOK_SAMPLE_FILES:
        assert (analysis / relative).read_bytes() == (NOTEBOOK_ROOT / relative).read_bytes()
    assert sum((analysis / r).stat().st_size for r in NOTEBOOK_SAMPLE_FILES) < 200_000
    assert not (analysis / "src").exists()  # the project is not copied beside it


def _outputs(nb: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for cell in nb["cells"] for o in cell.get("outputs", [])]


def test_the_notebooks_are_real_and_each_stands_for_a_kind(analysis: Path) -> None:
    books = {r: json.loads((analysis / r).read_text("utf-8"))
             for r in NOTEBOOK_SAMPLE_FILES if r.endswith(".ipynb")}  # fmt: skip
    for relative, nb in books.items():
        nbformat.validate(nbformat.reads(json.dumps(nb), as_version=nbformat.NO_CONVERT))
        ids = ["id" in cell for cell in nb["cells"]]
        assert all(ids) if nb["nbformat_minor"] == 5 else not any(ids), relative
    assert books["notebooks/02_stores.ipynb"]["nbformat_minor"] == 4
    sales = _outputs(books["notebooks/01_sales.ipynb"])
    png = next(o["data"]["image/png"] for o in sales if "image/png" in o.get("data", {}))
    assert base64.b64decode(png).startswith(PNG_SIGNATURE)
    assert any({"text/html", "text/plain"} <= set(o.get("data", {})) for o in sales)
    assert any(o["output_type"] == "stream" for o in sales)
    errors = {r: [o["ename"] for o in _outputs(nb) if o["output_type"] == "error"]
              for r, nb in books.items()}  # fmt: skip
    assert errors["notebooks/02_stores.ipynb"] == ["KeyError"]
    assert errors["notebooks/03_events.ipynb"] == ["ZeroDivisionError"]
    traceback = next(o for o in _outputs(books["notebooks/03_events.ipynb"])
                     if o["output_type"] == "error")["traceback"]  # fmt: skip
    assert "len(slow) / len(buys)" in "".join(traceback)
    streams = {o["name"] for o in _outputs(books["notebooks/03_events.ipynb"])
               if o["output_type"] == "stream"}  # fmt: skip
    assert streams == {"stdout", "stderr"}
    never = books["scratch/Untitled.ipynb"]
    assert not _outputs(never)
    assert all(c.get("execution_count") is None for c in never["cells"] if c["cell_type"] == "code")


def test_the_notebooks_are_saved_in_two_layouts(analysis: Path) -> None:
    lab = (analysis / "notebooks" / "01_sales.ipynb").read_text("utf-8")
    assert lab.startswith('{\n "cells": [\n  {\n') and lab.endswith("}\n")
    assert lab == nbformat.writes(nbformat.reads(lab, as_version=4)) + "\n"  # as JupyterLab saves
    script = (analysis / "notebooks" / "03_events.ipynb").read_text("ascii")
    assert script.startswith('{\n    "metadata": {\n') and not script.endswith("\n")
    assert '"id": ' in script.split('"cell_type"')[0].rsplit("{", 1)[1]  # id before cell_type
    assert "城市" in (analysis / "notebooks" / "04_城市销量.ipynb").read_text("utf-8")


def test_the_data_files_are_what_the_notebooks_read(analysis: Path) -> None:
    import wsnb

    gbk = (analysis / "data" / "城市销量.csv").read_bytes()
    with pytest.raises(UnicodeDecodeError):
        gbk.decode("utf-8")
    ws = wsnb.open_workspace(analysis, watch=False)
    rows = {"data/sales.csv": 48, "data/stores.tsv": 6, "data/prices_de.csv": 4,
            "data/events.jsonl": 30, "data/城市销量.csv": 12}  # fmt: skip
    for relative, count in rows.items():
        assert ws.table_info(relative).rows == count, relative
    assert ("price_eur", "float64") in ws.table_info("data/prices_de.csv").columns
    assert list(ws.frame("data/城市销量.csv").columns) == ["城市", "月份", "销量"]
    for relative, *_ in notebook_sample.NOTEBOOKS:  # each names a data file it reads
        cells = json.loads((analysis / relative).read_text("utf-8"))["cells"]
        sources = "".join("".join(c["source"]) for c in cells)
        assert "../data/" in sources, relative


@pytest.mark.slow
def test_the_stored_notebook_sample_is_what_its_script_makes(tmp_path: Path) -> None:
    notebook_sample.build(tmp_path)  # every notebook run again by a real kernel
    assert notebook_sample.differences(tmp_path, NOTEBOOK_ROOT) == []
