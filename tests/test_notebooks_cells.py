"""Notebooks read and searched as cells, on real notebooks (see ``notebook_files``).

``ws.read`` gives the cells view (outputs summarised, never base64), ``ws.cells`` a row
per cell, ``ws.notebooks`` a row per notebook that follows the disk, and ``ws.grep``
finds lines in cell sources (outputs on request) with their cell and the line within it.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import notebook_files as nb
import pandas as pd
import pytest
from live_helpers import wait_until

import wsnb
from wsnb.text import nbview
from wsnb.text.nbview import NotebookText
from wsnb.types import FileText

FACTORIALS = "nbclient-0.11.0/tests/files/Factorials.ipynb"  # a stream of ten lines


@pytest.fixture(scope="module")
def every(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every notebook of the four sdists, in a workspace folder of its own."""
    root = tmp_path_factory.mktemp("notebooks") / "ws"
    nb.every_notebook(root)
    return root


@pytest.fixture(scope="module")
def ws_all(every: Path) -> wsnb.Workspace:
    ws = wsnb.open_workspace(every, watch=False)
    yield ws
    ws.close()


def _raw(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _base64_heads(data: dict) -> list[str]:
    """The first characters of every base64 image the notebook's outputs hold."""
    heads = []
    for cell in data.get("cells", []):
        for output in cell.get("outputs", []):
            for mime, value in output.get("data", {}).items():
                text = "".join(value) if isinstance(value, list) else value
                if mime.startswith("image/") and "svg" not in mime and len(text) > 40:
                    heads.append(text[:40])
    return heads


def test_every_real_notebook_reads_as_its_cells(every: Path, ws_all: wsnb.Workspace) -> None:
    files = sorted(every.rglob("*.ipynb"))
    assert len(files) > 80
    as_cells = 0
    for path in files:
        relative = path.relative_to(every).as_posix()
        doc = ws_all.read(relative)
        data = _raw(path)
        if not isinstance(doc, NotebookText):  # a version 3 notebook nbformat can't convert
            assert data["nbformat"] == 3 and isinstance(doc, FileText), relative
            continue
        as_cells += 1
        if data["nbformat"] == 4:
            assert len(doc.cells) == len(data["cells"]), relative
            assert [c.cell_type for c in doc.cells] == [c["cell_type"] for c in data["cells"]]
        for cell in doc.cells:
            assert cell.source.rstrip("\n") in doc.text, (relative, cell.number)
            assert f"── cell {cell.number} · " in doc.text
        for head in _base64_heads(data):
            assert head not in doc.text, relative
        assert not doc.truncated and doc.size == path.stat().st_size
    assert as_cells >= len(files) - 4


def test_outputs_are_summarised_by_kind(tmp_path: Path) -> None:
    for member in (nb.ERROR_45, nb.IMAGE, nb.WIDGETS, nb.INJECT_45, nb.LOGGING):
        nb.extract(member, tmp_path)
    ws = wsnb.open_workspace(tmp_path, watch=False)
    error = ws.read("Error.ipynb").text
    assert "── cell 1 · code · [1] · id d200673b ──\n0 / 0\n── error: ZeroDivisionError ──" in error
    assert error.rstrip().endswith("ZeroDivisionError: division by zero")
    assert "\x1b[" not in error  # terminal colours out
    image = ws.read("Inline Image.ipynb").text
    assert "[image/png, " in image and "iVBOR" not in image
    widgets = ws.read("JupyterWidgets.ipynb").text
    assert "[widget: Label]" in widgets and "model_id" not in widgets
    inject = ws.read("notebook_inject.ipynb")
    assert "id 79aede83-fba6-4715-bce6-9f3926b128a2" in inject.text
    assert "[text/html, 42 bytes]" in inject.text and "[application/javascript, " in inject.text
    assert "<script>alert('text/markdown output')</script>" in inject.text  # text stays text
    logging = ws.read("test_logging.ipynb").text
    assert "── output (stderr) ──" in logging or "── output ──" in logging


def test_each_output_is_cut_with_the_cut_said(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The real notebooks' outputs are short, so the bound is lowered to see the cut."""
    nb.extract(nb.TAGS_4, tmp_path)
    nb.extract(FACTORIALS, tmp_path)
    monkeypatch.setattr(nbview, "OUTPUT_LINES", 3)
    ws = wsnb.open_workspace(tmp_path, watch=False)
    cells = ws.read("Skip Exceptions with Cell Tags.ipynb").cells
    error = next(o for c in cells for o in c.outputs if o.is_error)
    lines = error.text.split("\n")
    shown = nbview.output_lines(error)
    # An error keeps its last lines, where the exception is said, and says what went.
    assert shown[1].startswith(f"… {len(lines) - 3} earlier lines of this output not shown")
    assert shown[2:] == lines[-3:]
    stream = ws.read("Factorials.ipynb").cells[1].outputs[0]  # ten lines: 2, 3, 5, 8...
    shown = nbview.output_lines(stream)
    assert shown[1:4] == stream.text.split("\n")[:3]
    assert shown[4].startswith("… 7 more lines of this output not shown")


def test_raw_reads_the_json_and_a_model_gets_secrets_redacted(tmp_path: Path) -> None:
    path = nb.extract(nb.ERROR_45, tmp_path)
    ws = wsnb.open_workspace(tmp_path, watch=False)
    raw = ws.read("Error.ipynb", raw=True)
    assert type(raw) is FileText and raw.text == path.read_text(encoding="utf-8")
    secret = "AKIAIOSFODNN7EXAMPLE"
    ws.insert_cell("Error.ipynb", 2, f"aws_key = '{secret}'").confirm()
    assert secret in ws.read("Error.ipynb").text  # a person reads the notebook as it is
    done = ws.tools.get("read_file").run(ws.context, path="Error.ipynb")
    assert done.success and secret not in done.data.text and "[REDACTED:" in done.data.text
    hits = ws.tools.get("search_text").run(ws.context, pattern="aws_key").data
    assert hits["cell"].tolist() == [2] and secret not in hits["text"].iloc[0]


def test_cells_is_a_row_per_cell(tmp_path: Path) -> None:
    nb.extract(nb.ERROR_45, tmp_path)
    nb.extract(nb.LIBRARY_44, tmp_path)
    nb.extract(nb.BIGGEST, tmp_path)
    ws = wsnb.open_workspace(tmp_path, watch=False)
    error = ws.cells("Error.ipynb")
    assert list(error.columns) == ["cell", "cell_id", "cell_type", "source", "execution_count",
                                   "outputs", "output_types", "has_error", "output_bytes"]
    row = error.iloc[0]
    assert (row["cell"], row["cell_id"], row["cell_type"], row["source"]) == (
        1, "d200673b", "code", "0 / 0")
    assert row["execution_count"] == 1 and row["outputs"] == 1 and bool(row["has_error"])
    assert row["output_types"] == "error" and row["output_bytes"] > 0
    library = ws.cells("nbconvert_library.ipynb")
    data = _raw(tmp_path / "nbconvert_library.ipynb")
    assert len(library) == len(data["cells"]) == 40 and library["cell_id"].isna().all()
    assert library["source"].tolist() == ["".join(c["source"]) for c in data["cells"]]
    biggest = ws.cells("notebook2.ipynb")
    assert "image/png" in ", ".join(biggest["output_types"])
    assert biggest["output_bytes"].sum() > 0.5 * (tmp_path / "notebook2.ipynb").stat().st_size


def test_notebooks_is_a_row_per_notebook(every: Path, ws_all: wsnb.Workspace) -> None:
    table = ws_all.notebooks
    files = sorted(p.relative_to(every).as_posix() for p in every.rglob("*.ipynb"))
    assert table["path"].tolist() == files
    rows = table.set_index("path")
    error = rows.loc[nb.ERROR_45]
    assert (error["cells"], error["code_cells"], error["error_cells"], error["nbformat"]) == (
        1, 1, 1, "4.5")
    assert error["kernel"] == "python3" and error["language"] == "python" and error["valid"]
    assert not rows.loc[nb.INVALID, "valid"]
    library = rows.loc[nb.LIBRARY_44]
    assert library["nbformat"] == "4.4" and library["markdown_cells"] > 0
    assert rows.loc[nb.V3, "nbformat"] == "3.0" and rows.loc[nb.V3, "cells"] > 0
    errors = {path for path in files if any(
        o.get("output_type") == "error" for c in _raw(every / path).get("cells", [])
        for o in c.get("outputs", []))}  # fmt: skip
    assert set(rows.index[rows["error_cells"].fillna(0) > 0]) == errors
    assert table.note.startswith("3 notebooks could not be read as cells")


def test_notebooks_follow_the_disk(tmp_path: Path) -> None:
    nb.extract(nb.ERROR_45, tmp_path / "ws")
    with wsnb.open_workspace(tmp_path / "ws") as ws:
        assert ws.notebooks["path"].tolist() == ["Error.ipynb"]
        ws.clear_outputs("Error.ipynb").confirm()
        row = ws.notebooks.iloc[0]
        assert row["error_cells"] == 0 and row["output_bytes"] == 0 and row["executed_cells"] == 0
        shutil.copy(nb.extract(nb.IMAGE, tmp_path / "elsewhere"), tmp_path / "ws" / "image.ipynb")
        wait_until(lambda: "image.ipynb" in ws.notebooks["path"].tolist(),
                   "the live index to bring in a notebook copied in")  # fmt: skip
        assert ws.notebooks.set_index("path").loc["image.ipynb", "output_bytes"] > 1000


def test_grep_finds_lines_in_cells_never_in_json(tmp_path: Path) -> None:
    for member in (nb.ERROR_45, nb.IMAGE, nb.WIDGETS, nb.LIBRARY_44):
        nb.extract(member, tmp_path)
    ws = wsnb.open_workspace(tmp_path, watch=False)
    hits = ws.grep("0 / 0")
    assert hits[["path", "cell", "line", "text"]].values.tolist() == [
        ["Error.ipynb", 1, 1, "0 / 0"]]
    assert "iVBOR" in (tmp_path / "Inline Image.ipynb").read_text(encoding="utf-8")
    assert ws.grep("iVBOR").empty  # base64 is never searched
    model = _raw(tmp_path / "JupyterWidgets.ipynb")["cells"][0]["outputs"][0]["data"]
    model_id = model["application/vnd.jupyter.widget-view+json"]["model_id"]
    assert ws.grep(model_id).empty  # nor widget state
    assert ws.grep("division by zero").empty  # outputs only when asked
    found = ws.grep("division by zero", outputs=True)
    assert found[["path", "cell", "output"]].values.tolist() == [["Error.ipynb", 1, 1]]
    cells = ws.cells("nbconvert_library.ipynb").set_index("cell")["source"]
    rows = ws.grep("nbconvert")
    rows = rows[rows["path"] == "nbconvert_library.ipynb"]
    assert len(rows) > 10
    for cell, line, text in rows[["cell", "line", "text"]].itertuples(index=False):
        written = cells[cell].split("\n")[line - 1]  # the line as written in the cell
        assert text == written or (len(written) > 200 and text.strip("…") in written)
    assert '\\"' not in "".join(rows["text"]) and '",' not in "".join(rows["text"])


def test_grep_rows_of_other_files_have_no_cell_and_the_display_hides_it(tmp_path: Path) -> None:
    nb.extract(nb.ERROR_45, tmp_path)
    (tmp_path / "calc.py").write_text("x = 0 / 0\n", encoding="utf-8")
    ws = wsnb.open_workspace(tmp_path, watch=False)
    both = ws.grep("0 / 0")
    assert both.set_index("path")["cell"].to_dict() == {"Error.ipynb": 1, "calc.py": pd.NA} or (
        both.set_index("path")["cell"].isna().to_dict() == {"Error.ipynb": False,
                                                           "calc.py": True})  # fmt: skip
    assert "cell" in repr(both)
    only_py = ws.grep("x = 0")
    assert only_py["cell"].isna().all() and "cell" not in repr(only_py).splitlines()[0]


def test_a_search_sees_a_notebook_as_it_is_now(tmp_path: Path) -> None:
    nb.extract(nb.ERROR_45, tmp_path)
    ws = wsnb.open_workspace(tmp_path, watch=False)
    assert ws.grep("0 / 0")["cell"].tolist() == [1]
    ws.insert_cell("Error.ipynb", 1, "# 0 / 0 explained", cell_type="markdown").confirm()
    assert ws.grep("0 / 0")["cell"].tolist() == [1, 2]  # the cache read the changed file again


def _large(source: str, into: Path) -> Path:
    """The 6 MB notebook from PyPI, or the largest of the corpus ``WSNB_NOTEBOOK_CORPUS`` names."""
    if source == "pypi":
        return nb.large_notebook(into)
    biggest = max(nb.corpus().rglob("*.ipynb"), key=lambda p: p.stat().st_size)
    return Path(shutil.copy(biggest, into / biggest.name))


@pytest.mark.parametrize("source", ["pypi", "corpus"])
def test_a_large_real_notebook_reads_whole_as_cells(tmp_path: Path, source: str) -> None:
    """A 6 MB notebook of Plotly and PNG outputs (and a public book's 2.7 MB one, given the
    corpus) fits a model's read whole: every cell's source."""
    biggest = _large(source, tmp_path)
    ws = wsnb.open_workspace(tmp_path, watch=False)
    done = ws.tools.get("read_file").run(ws.context, path=biggest.name)
    doc = done.data
    assert done.success and isinstance(doc, NotebookText) and not doc.truncated
    assert doc.view_size < 128 * 1024 < biggest.stat().st_size
    for cell in doc.cells:
        assert cell.source.rstrip("\n") in doc.text


def test_the_search_panel_previews_a_cells_line(tmp_path: Path) -> None:
    """The search face lists a notebook's hit by cell and previews that cell's line."""
    from wsnb.widgets.search import SearchPanel

    nb.extract(nb.LIBRARY_44, tmp_path)
    ws = wsnb.open_workspace(tmp_path, watch=False)
    panel = SearchPanel(ws)
    frame = ws.grep("jake_notebook.cells[0]")
    panel.frame = frame
    cell, line = int(frame["cell"].iloc[0]), int(frame["line"].iloc[0])
    preview = panel.preview_html(0)
    assert (cell, line) == (7, 4) and "wsnb-hit" in preview
    hit = preview.split('class="wsnb-hit"', 1)[1].split("</tr>", 1)[0]
    assert "jake_notebook.cells[0]" in hit  # the highlighted line is the cell's, not JSON's
