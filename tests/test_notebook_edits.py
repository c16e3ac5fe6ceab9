"""Notebook changes as plans, on real notebooks (see ``notebook_files``).

A cell edit changes only that cell's lines of the file, in the file's own formatting
(one space, four spaces, no indentation, CRLF, keys in another order); insert, delete,
clear outputs and undo round-trip byte for byte; a result that would not validate is
refused, and so is a stale plan.
"""

from __future__ import annotations

import difflib
import json
import warnings
from pathlib import Path

import nbformat
import notebook_files as nb
import pytest

import wsnb
from wsnb.errors import StalePlanError
from wsnb.types import PlanState

# Notebooks written by different hands: JupyterLab and nbformat (one space, sorted keys,
# 4.0 to 4.5, with ids and without), four spaces, none at all, metadata first.
VARIED = (nb.ERROR_45, nb.INTERRUPT, nb.TAGS_4, nb.IMAGE, nb.WIDGETS, nb.INJECT_45,
          nb.LIBRARY_44, nb.VSCODE, nb.NO_INDENT, nb.LOGGING, nb.BIGGEST)  # fmt: skip


@pytest.fixture
def ws(tmp_path: Path) -> wsnb.Workspace:
    for member in VARIED:
        nb.extract(member, tmp_path / "ws")
    workspace = wsnb.open_workspace(tmp_path / "ws", watch=False)
    yield workspace
    workspace.close()


def _names() -> list[str]:
    return [member.rsplit("/", 1)[1] for member in VARIED]


def _changed_lines(before: str, after: str) -> list[int]:
    """The 0-based lines of ``before`` that ``after`` replaces or removes."""
    changed = []
    matcher = difflib.SequenceMatcher(None, before.splitlines(), after.splitlines(),
                                      autojunk=False)  # fmt: skip
    for tag, start, end, _j1, _j2 in matcher.get_opcodes():
        if tag != "equal":
            changed += list(range(start, max(end, start + 1)))
    return changed


def _is_source_line(line: str, source: str) -> bool:
    bare = line.strip().rstrip(",")
    if bare in ("[", "]") or bare.startswith('"source"'):
        return True
    try:
        value = json.loads(bare)
    except ValueError:
        return False
    return isinstance(value, str) and value in source


def _nbformat_writes(data: dict) -> str:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return nbformat.writes(nbformat.from_dict(data)) + "\n"


@pytest.mark.parametrize("name", _names())
def test_a_cell_edit_changes_only_that_cells_lines(ws: wsnb.Workspace, name: str) -> None:
    path = ws.root / name
    before = path.read_text(encoding="utf-8")
    cells = ws.cells(name)
    code = cells[cells["cell_type"] == "code"]
    number = int(code["cell"].iloc[len(code) // 2])
    old = str(code.set_index("cell").loc[number, "source"])
    plan = ws.edit_cell(name, number, old + "\nprint('changed by wsnb')")
    assert plan.state is PlanState.PENDING, plan.refusal
    assert f"## cell {number} · code" in plan.diff and '"source"' not in plan.diff
    assert "+print('changed by wsnb')" in plan.diff
    assert plan.confirm().success
    after = path.read_text(encoding="utf-8")
    data = json.loads(after)
    source = data["cells"][number - 1]["source"]
    assert ("".join(source) if isinstance(source, list) else source).endswith("wsnb')")
    assert json.loads(before)["cells"][number - 1]["outputs"] == data["cells"][number - 1][
        "outputs"]  # its outputs are kept
    # Only lines of that cell's source value moved: each one the file had there is a line of
    # the old source (a JSON string), a bracket of its list, or the "source" key's own line.
    lines = _changed_lines(before, after)
    assert 0 < len(lines) <= old.count("\n") + 2
    for index in lines:
        assert _is_source_line(before.splitlines()[index], old), (name, index)
    if _nbformat_writes(json.loads(before)) == before:  # written by Jupyter: exactly its format
        assert after == _nbformat_writes(data)


@pytest.mark.parametrize("name", _names())
def test_insert_delete_clear_and_undo_round_trip_byte_for_byte(ws: wsnb.Workspace,
                                                               name: str) -> None:  # fmt: skip
    path = ws.root / name
    original = path.read_bytes()
    count = len(ws.cells(name))
    inserted = ws.insert_cell(name, 2 if count > 1 else 1, "# inserted by wsnb\nx = 1")
    assert inserted.confirm().success and len(ws.cells(name)) == count + 1
    at = 2 if count > 1 else 1
    assert ws.cells(name).set_index("cell").loc[at, "source"] == "# inserted by wsnb\nx = 1"
    assert ws.delete_cell(name, at).confirm().success
    assert path.read_bytes() == original  # insert then delete: the very bytes
    assert ws.delete_cell(name, count).confirm().success
    assert ws.undo().confirm().success and path.read_bytes() == original
    executed = ws.cells(name)["outputs"].sum() or ws.cells(name)["execution_count"].notna().any()
    if executed:
        cleared = ws.clear_outputs(name)
        assert cleared.confirm().success
        after = ws.cells(name)
        assert after["outputs"].sum() == 0 and after["execution_count"].isna().all()
        assert len(path.read_bytes()) < len(original)
        assert ws.undo().confirm().success and path.read_bytes() == original


def test_an_inserted_cell_gets_an_id_where_the_format_has_ids(ws: wsnb.Workspace) -> None:
    plan = ws.insert_cell("Error.ipynb", "d200673b", "print('after the error')")
    assert plan.confirm().success
    cells = ws.cells("Error.ipynb")
    new_id = cells["cell_id"].iloc[1]
    assert cells["source"].iloc[1] == "print('after the error')" and len(new_id) == 8
    assert f"id {new_id}" in plan.diff
    ws.insert_cell("nbconvert_library.ipynb", 1, "intro", cell_type="markdown").confirm()
    library = ws.cells("nbconvert_library.ipynb")
    assert library["cell_type"].iloc[0] == "markdown" and library["cell_id"].isna().all()
    for name in ("Error.ipynb", "nbconvert_library.ipynb"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            nbformat.validate(json.loads((ws.root / name).read_text(encoding="utf-8")))


def test_ws_edit_matches_inside_cell_sources(ws: wsnb.Workspace) -> None:
    plan = ws.edit("Error.ipynb", "0 / 0", "1 / 1")
    assert plan.state is PlanState.PENDING and "in cell 1" in plan.description
    assert "-0 / 0" in plan.diff and "+1 / 1" in plan.diff
    plan.confirm()
    assert ws.cells("Error.ipynb")["source"].tolist() == ["1 / 1"]
    many = ws.edit("nbconvert_library.ipynb", "nbconvert", "NBCONVERT")
    assert many.is_refused and "in cells" in many.refusal
    none = ws.edit("nbconvert_library.ipynb", "no such words anywhere", "x")
    assert none.is_refused and "notebook's cells" in none.refusal
    # JSON-quoted text matches nothing: the edit reads the cells, not the file's JSON.
    quoted = ws.edit("Interrupt.ipynb", '"while True: continue"', "x")
    assert quoted.is_refused


def test_cells_named_wrongly_are_refused_with_a_sentence(ws: wsnb.Workspace) -> None:
    assert "from 1 to 1, not 5" in ws.edit_cell("Error.ipynb", 5, "x").refusal
    assert "no cell has the id 'nope'" in ws.delete_cell("Error.ipynb", "nope").refusal
    assert "have no ids" in ws.delete_cell("nbconvert_library.ipynb", "abc").refusal
    assert "cell_type must be" in ws.insert_cell("Error.ipynb", 1, "x", "bogus").refusal
    assert ws.edit_cell("Error.ipynb", 1, "0 / 0").is_refused  # the same source: no change


def test_an_invalid_result_is_refused_and_nothing_changes(tmp_path: Path) -> None:
    path = nb.extract(nb.INVALID, tmp_path)
    before = path.read_bytes()
    ws = wsnb.open_workspace(tmp_path, watch=False)
    plan = ws.insert_cell("invalid.ipynb", 1, "x = 1")
    assert plan.is_refused and "would not be valid" in plan.refusal
    assert path.read_bytes() == before


def test_a_version_3_notebook_reads_but_is_not_edited(tmp_path: Path) -> None:
    nb.extract(nb.V3, tmp_path)
    ws = wsnb.open_workspace(tmp_path, watch=False)
    assert len(ws.cells("test3.ipynb")) > 0
    plan = ws.clear_outputs("test3.ipynb")
    assert plan.is_refused and "version 4" in plan.refusal


def test_a_stale_plan_is_refused_at_confirm(ws: wsnb.Workspace) -> None:
    plan = ws.edit_cell("Error.ipynb", 1, "2 / 2")
    changed = (ws.root / "Error.ipynb").read_text(encoding="utf-8").replace("0 / 0", "3 / 3")
    (ws.root / "Error.ipynb").write_text(changed, encoding="utf-8")
    with pytest.raises(StalePlanError):
        plan.confirm()
    assert (ws.root / "Error.ipynb").read_text(encoding="utf-8") == changed


def test_a_change_set_takes_notebook_edits_and_undoes_them_whole(ws: wsnb.Workspace) -> None:
    before = {name: (ws.root / name).read_bytes() for name in ("Error.ipynb",
                                                               "Interrupt.ipynb")}  # fmt: skip
    plan = ws.change_set("Tidy two notebooks", [
        {"op": "edit_notebook", "path": "Error.ipynb", "mode": "insert", "cell": 1,
         "new_source": "# Division", "cell_type": "markdown"},
        {"op": "edit", "path": "Interrupt.ipynb",
         "edits": [{"old_text": "print(\"done\")", "new_text": "print(\"finished\")"}]},
    ])  # fmt: skip
    assert plan.state is PlanState.PENDING, plan.refusal
    assert all("## cell" in step.diff for step in plan.steps)
    assert plan.confirm().success
    assert ws.cells("Error.ipynb")["source"].iloc[0] == "# Division"
    assert 'print("finished")' in ws.cells("Interrupt.ipynb")["source"].tolist()
    assert ws.undo().confirm().success
    assert {name: (ws.root / name).read_bytes() for name in before} == before
