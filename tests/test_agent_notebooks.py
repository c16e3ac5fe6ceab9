"""The chat and notebooks, data files: which notebooks, one cell, outputs cleared, columns, rows.

On a copy of the notebook sample (real executed notebooks, real data files), offline. Each
answer is judged by what it holds and by its Python line, run with ``ws`` bound
(``agent_judge.check_python_lines``); a plan is confirmed only where the test says so.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from agent_judge import check_python_lines

import wsnb
from wsnb.agent import Agent, Reply
from wsnb.agent.understand import understand


@pytest.fixture
def ws(tmp_path: Path) -> wsnb.Workspace:
    root = wsnb.copy_sample_workspace(tmp_path / "analysis", notebooks=True)
    return wsnb.open_workspace(root, watch=False)


def ask(ws: wsnb.Workspace, *messages: str) -> Reply:
    ws._agent = Agent(ws, environ={})
    reply = Reply("")
    for message in messages:
        reply = ws.ask(message)
    problems = [check.problem for check in check_python_lines(ws, reply) if not check.ok]
    assert problems == [], problems
    return reply


def paths(reply: Reply) -> list[str]:
    assert reply.table is not None
    return list(dict.fromkeys(reply.table["path"]))


def test_which_notebooks_use_a_word_searches_their_cells_only(ws: wsnb.Workspace) -> None:
    reply = ask(ws, "which notebooks mention Lyon?")
    assert paths(reply) == ["notebooks/02_stores.ipynb"]
    assert reply.table is not None and reply.table["cell"].tolist() == [4]
    assert 'ws.grep("Lyon")' in reply.python
    # README.md names sales.csv too; the notebooks that read it are the answer
    assert paths(ask(ws, "哪个笔记本读取了 sales.csv")) == ["notebooks/01_sales.ipynb",
                                                       "scratch/Untitled.ipynb"]  # fmt: skip


def test_errors_never_run_and_the_largest_outputs_come_from_the_notebooks_table(
        ws: wsnb.Workspace) -> None:  # fmt: skip
    assert paths(ask(ws, "which notebooks failed?")) == ["notebooks/02_stores.ipynb",
                                                         "notebooks/03_events.ipynb"]  # fmt: skip
    named = ask(ws, "show me the notebooks that raise ZeroDivisionError")
    assert paths(named) == ["notebooks/03_events.ipynb"] and "outputs=True" in named.python
    assert paths(ask(ws, "哪些笔记本没执行过")) == ["scratch/Untitled.ipynb"]
    largest = ask(ws, "rank the notebooks by output size")
    assert paths(largest)[:2] == ["notebooks/01_sales.ipynb", "notebooks/02_stores.ipynb"]
    assert largest.table is not None and largest.table["output_bytes"].is_monotonic_decreasing


def test_a_cell_is_shown_whole_and_alone(ws: wsnb.Workspace) -> None:
    reply = ask(ws, "print the 4th cell of 02_stores")
    assert 'staff_per_city["Lyon"]' in reply.text and "KeyError: 'Lyon'" in reply.text
    assert "prices.dtypes" not in reply.text and not reply.plans
    after = ask(ws, "read notebooks/01_sales.ipynb", "show cell 8")
    assert 'sales.groupby("product")' in after.text and "plt.show()" not in after.text
    missing = ask(ws, "show cell 12 of 03_events.ipynb")
    assert "has 4 cells; there is no cell 12" in missing.text


def test_cells_and_rows_are_counted_as_the_tables_count_them(ws: wsnb.Workspace) -> None:
    assert "8 cells: 5 code, 3 Markdown" in ask(ws, "how many cells in 01_sales?").text
    assert "3 Markdown cells (of 8)" in ask(ws, "how many markdown cells does 01_sales have").text
    stores = ask(ws, "stores 那个笔记本有几个单元隔？")  # the notebook, not data/stores.tsv
    assert "notebooks/02_stores.ipynb" in stores.text and "4 个单元格" in stores.text
    rows = ask(ws, "how many rows in data/sales.csv?")
    assert "48 rows of data" in rows.text and rows.python == 'ws.table_info("data/sales.csv").rows'
    assert "30 rows of data." in ask(ws, "how many records in events.jsonl").text  # no header
    # "lines" stays lines: the header counts
    assert "49 lines" in ask(ws, "how many lines does data/sales.csv have").text


def test_columns_are_named_in_order_with_their_dtypes(ws: wsnb.Workspace) -> None:
    reply = ask(ws, "what columns does prices_de.csv have?")
    listed = [line for line in reply.text.splitlines() if line.startswith("- ")]
    assert listed == ["- `product`: str", "- `price_eur`: float64", "- `valid_from`: str"]
    assert "Its header line: `product;price_eur;valid_from`." in reply.text
    chinese = ask(ws, "城市销量.csv 有哪些列？")  # GBK: the names read right
    assert "- `城市`: str" in chinese.text and chinese.lang == "zh"


def test_clearing_a_notebooks_outputs_is_one_plan_confirmed_and_undone(
        ws: wsnb.Workspace) -> None:  # fmt: skip
    path = ws.root / "notebooks" / "03_events.ipynb"
    before = path.read_bytes()
    reply = ask(ws, "show notebooks/03_events.ipynb", "ok, wipe all its outputs")
    assert len(reply.plans) == 1 and path.read_bytes() == before  # nothing before a confirm
    assert reply.python == 'ws.clear_outputs("notebooks/03_events.ipynb")'
    reply.plans[0].confirm()
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    assert all(not c.get("outputs") and c.get("execution_count") is None for c in cells
               if c["cell_type"] == "code")  # fmt: skip
    ws.undo().confirm()
    assert path.read_bytes() == before


def test_a_request_for_every_notebook_or_a_non_notebook_changes_nothing(
        ws: wsnb.Workspace) -> None:  # fmt: skip
    many = ask(ws, "clear all outputs in every notebook")
    assert not many.plans and "one item per plan" in many.text
    assert not ask(ws, "删掉所有 notebook 的输出").plans
    assert not ask(ws, "clear the outputs of data/sales.csv").plans


def test_the_notebook_words_leave_the_other_requests_as_they_were(ws: wsnb.Workspace) -> None:
    listed = ask(ws, "what's in notebooks")  # the folder named like the kind
    assert listed.table is not None and "01_sales.ipynb" in set(listed.table["name"])
    assert understand(ws, "read notebooks/01_sales.ipynb").command.action == "read"  # type: ignore[union-attr]
    assert understand(ws, "rename 01_sales.ipynb to sales.ipynb").command.action == "rename"  # type: ignore[union-attr]
    assert "runs commands" not in ask(ws, "clear the outputs of 01_sales before I commit it").text


@pytest.mark.parametrize("message", ["commit my changes", "run notebooks/01_sales.ipynb",
                                     "运行一下 01_sales.ipynb"])  # fmt: skip
def test_git_and_running_a_notebook_are_still_refused(ws: wsnb.Workspace, message: str) -> None:
    reply = ask(ws, message)
    assert not reply.plans and ("That can't be done" in reply.text or "不能执行" in reply.text)
