"""An agent and a notebook over MCP: the SDK's client and the TypeScript Inspector.

The agent reads a real notebook as its cells (every cell's source, outputs named, no
base64), finds a line by cell, and proposes a cell insert that a person confirms.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import notebook_files as nb
import pytest
from test_mcp_http import call, call_many, data, text
from test_mcp_inspector import Inspector, Target, inspector, inspector_home, stdio_args

import wsnb
from wsnb.mcp.http import start_in_thread

__all__ = ["inspector", "inspector_home"]  # fixtures the Inspector tests share


def _notebooks(root: Path) -> Path:
    nb.extract(nb.BIGGEST, root)
    nb.extract(nb.ERROR_45, root)
    return root


def _every_source_in(view: str, path: Path) -> None:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        assert source.rstrip("\n") in view
    for cell in cells:
        for output in cell.get("outputs", []):
            png = output.get("data", {}).get("image/png")
            if png:
                assert ("".join(png) if isinstance(png, list) else png)[:40] not in view


def test_the_sdk_client_reads_searches_and_proposes_a_cell(tmp_path: Path) -> None:
    root = _notebooks(tmp_path / "ws")
    ws = wsnb.open_workspace(root, watch=False)
    try:
        with start_in_thread(ws) as server:
            read, found, proposed = call_many(server, [
                ("read_file", {"path": "notebook2.ipynb"}),
                ("search_text", {"pattern": "0 / 0"}),
                ("propose_notebook_edit", {"path": "Error.ipynb", "cell": 1, "mode": "insert",
                                           "new_source": "# Why divide by zero?",
                                           "cell_type": "markdown"}),
            ])  # fmt: skip
            read_data = data(read)
            assert read_data["kind"] == "notebook" and read_data["nbformat"] == "4.0"
            assert len(read_data["cells"]) == 17 and not read_data["truncated"]
            _every_source_in(read_data["text"], root / "notebook2.ipynb")
            assert "[image/png, " in text(read) and 'kind="notebook cells view"' in text(read)
            assert len(text(read)) < (root / "notebook2.ipynb").stat().st_size / 5
            rows = data(found)["rows"]
            assert [(r["path"], r["cell"], r["line"]) for r in rows] == [("Error.ipynb", 1, 1)]
            assert "Error.ipynb | 1 | 1 | 0 / 0" in text(found)
            plan = data(proposed)
            assert plan["state"] == "pending" and "## cell 1 · markdown" in plan["diff"]
            assert "+# Why divide by zero?" in plan["diff"] and '"source"' not in plan["diff"]
            before = (root / "Error.ipynb").read_bytes()
            person = wsnb.open_workspace(root, watch=False)
            person.plan_store.confirm(plan["plan_id"], confirmed_by="notebook")
            person.close()
            status = data(call(server, "plan_status", {"plan_id": plan["plan_id"]}))
    finally:
        ws.close()
    assert status["state"] == "done"
    after = wsnb.open_workspace(root, watch=False)
    assert after.cells("Error.ipynb")["source"].tolist() == ["# Why divide by zero?", "0 / 0"]
    assert (root / "Error.ipynb").read_bytes() != before


def test_a_bad_cell_is_a_tool_error_with_a_sentence(tmp_path: Path) -> None:
    root = _notebooks(tmp_path / "ws")
    ws = wsnb.open_workspace(root, watch=False)
    try:
        with start_in_thread(ws) as server:
            answer = call(server, "propose_notebook_edit",
                          {"path": "Error.ipynb", "cell": 9, "new_source": "x"})  # fmt: skip
    finally:
        ws.close()
    assert answer.is_error and "cell must be from 1 to 1, not 9" in text(answer)


def test_the_inspector_reads_a_notebook_and_proposes_a_cell(inspector: Inspector,
                                                            inspector_home: Path,
                                                            tmp_path: Path) -> None:  # fmt: skip
    root = _notebooks(tmp_path / "ws")
    large = nb.large_notebook(root)
    target = Target(inspector, inspector_home, stdio_args(root))
    read = target.call("read_file", path="notebook2.ipynb").data()
    _every_source_in(read["text"], root / "notebook2.ipynb")
    whole = target.call("read_file", path=large.name).data()  # 6 MB of outputs
    assert not whole["truncated"] and len(whole["cells"]) == 20
    _every_source_in(whole["text"], large)
    found = target.call("search_text", pattern="0 / 0").data()
    assert [(r["path"], r["cell"]) for r in found["rows"]] == [("Error.ipynb", 1)]
    plan = target.call("propose_notebook_edit", path="Error.ipynb", cell="d200673b",
                       mode="insert", new_source="print('after')").data()  # fmt: skip
    assert plan["state"] == "pending" and "+print('after')" in plan["diff"]
    person = wsnb.open_workspace(root, watch=False)
    try:
        person.plan_store.confirm(plan["plan_id"], confirmed_by="notebook")
        cells: Any = person.cells("Error.ipynb")
    finally:
        person.close()
    assert cells["source"].tolist() == ["0 / 0", "print('after')"]
    assert target.call("plan_status", plan_id=plan["plan_id"]).data()["state"] == "done"


@pytest.mark.parametrize("source", ["pypi", "corpus"])
def test_a_large_notebook_reads_whole_over_mcp(tmp_path: Path, source: str) -> None:
    """A 6 MB notebook of Plotly and PNG outputs (and a public book's largest, given the
    corpus) read by an agent: every cell."""
    root = tmp_path / "ws"
    root.mkdir()
    if source == "pypi":
        biggest = nb.large_notebook(root)
    else:
        found = max(nb.corpus().rglob("*.ipynb"), key=lambda p: p.stat().st_size)
        biggest = Path(shutil.copy(found, root / found.name))
    ws = wsnb.open_workspace(root, watch=False)
    try:
        with start_in_thread(ws) as server:
            answer = data(call(server, "read_file", {"path": biggest.name}))
    finally:
        ws.close()
    assert not answer["truncated"] and biggest.stat().st_size > 128 * 1024
    _every_source_in(answer["text"], root / biggest.name)


@pytest.fixture(autouse=True)
def _real_notebooks() -> None:
    nb.require()


def test_read_files_counts_a_notebooks_view_not_its_file(tmp_path: Path) -> None:
    """Several reads share one budget: a notebook spends what its cells view holds."""
    root = _notebooks(tmp_path / "ws")
    nb.extract(nb.IMAGE, root)
    ws = wsnb.open_workspace(root, watch=False)
    try:
        with start_in_thread(ws) as server:
            answer = data(call(server, "read_files", {"paths": [
                "notebook2.ipynb", "Inline Image.ipynb", "Error.ipynb"]}))  # fmt: skip
    finally:
        ws.close()
    rows = {row["path"]: row for row in answer["files"]}
    assert all(row["kind"] == "text" and not row["truncated"] for row in rows.values())
    view = rows["notebook2.ipynb"]
    assert view["bytes"] == len(view["text"].encode("utf-8")) < view["size"] / 5
    assert "── cell 1 · " in rows["Error.ipynb"]["text"]
