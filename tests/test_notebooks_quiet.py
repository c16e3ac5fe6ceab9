"""The tour and every tutorial end Run All with no stderr block under any cell.

nbval compares the outputs of the cells marked for it; a warning printed on stderr
(a pink block in JupyterLab) passes that comparison unseen. Here each notebook runs
in a real kernel that imports this checkout, and no cell may write to stderr.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from helpers import REPO
from nbclient import NotebookClient

NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))


def _stderr_blocks(notebook: nbformat.NotebookNode) -> list[str]:
    def stderr(output: nbformat.NotebookNode) -> bool:
        return bool(output.get("output_type") == "stream" and output.get("name") == "stderr")

    return [f"cell {number}: {''.join(output.get('text', ''))[:300]}"
            for number, cell in enumerate(notebook.cells) if cell.cell_type == "code"
            for output in cell.get("outputs", []) if stderr(output)]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_run_all_leaves_no_stderr_block(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", str(REPO))  # the kernel imports this checkout's wsnb
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})  # fmt: skip
    client.execute()
    assert _stderr_blocks(notebook) == []


def test_the_stored_outputs_have_no_stderr_block() -> None:
    """What a reader sees on the notebooks' pages before running them."""
    blocks = {path.name: _stderr_blocks(nbformat.read(path, as_version=4)) for path in NOTEBOOKS}
    assert {name: found for name, found in blocks.items() if found} == {}
