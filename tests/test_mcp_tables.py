"""``read_table`` over MCP, as an agent calls it: the SDK's client over stdio, on real tables.

One server subprocess (``python -m wsnb.mcp ROOT``) answers every call of the session: the
columns with their dtypes, the true row count and the first rows within a model's limits, the
cut said; secrets redacted, long cells cut; sensitive files and paths outside refused; and
nothing on disk changed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from helpers import user_files, write
from mcp import Client
from realtables import copy_real, installed
from test_mcp_http import SECRET, data, text
from test_mcp_stdio import run, stdio

import wsnb


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    copy_real(root, "data/airports.csv", "data/indexed.parquet")
    airports = pd.read_csv(root / "data" / "airports.csv")
    write(root, "secrets.csv", "name,key\nprod,x\n")
    write(tmp_path, "outside.csv", "a,b\n1,2\n")
    notes = airports.head(30).copy()
    notes["remark"] = "fine"
    notes.loc[2, "remark"] = f"the key is {SECRET}"
    notes.loc[3, "remark"] = "long " * 100
    notes.to_csv(root / "notes.csv", index=False)
    pytest.importorskip("openpyxl", reason="the workbook is written and read with openpyxl")
    cars = pd.DataFrame(json.loads(installed("vega_datasets", "_data/cars.json").read_text(
        encoding="utf-8")))  # fmt: skip
    with pd.ExcelWriter(root / "book.xlsx", engine="openpyxl") as writer:
        airports.head(10).to_excel(writer, sheet_name="airports", index=False)
        cars.to_excel(writer, sheet_name="cars", index=False)
    return root


def test_an_agent_reads_tables_over_stdio(tree: Path) -> None:
    before = user_files(tree)
    calls: list[tuple[str, dict[str, Any]]] = [
        ("read_table", {"path": "data/airports.csv"}),
        ("read_table", {"path": "data/airports.csv", "limit": 5}),
        ("read_table", {"path": "data/airports.csv", "limit": 51}),
        ("read_table", {"path": "book.xlsx", "sheet": "cars", "limit": 3}),
        ("read_table", {"path": "data/indexed.parquet", "limit": 2}),
        ("read_table", {"path": "notes.csv"}),
        ("read_table", {"path": "secrets.csv"}),
        ("read_table", {"path": "../outside.csv"}),
    ]

    async def session(client: Client) -> dict[str, Any]:
        out: dict[str, Any] = {"tools": (await client.list_tools()).tools}
        out["calls"] = [await client.call_tool(name, args) for name, args in calls]
        return out

    out = run(stdio(tree), session)
    tool = next(t for t in out["tools"] if t.name == "read_table")
    assert tool.annotations.read_only_hint
    assert set(tool.input_schema["properties"]) == {"path", "limit", "sheet"}
    whole, five, too_many, sheet, parquet, notes, sensitive, outside = out["calls"]

    ws = wsnb.open_workspace(tree, watch=False)
    info = ws.table_info("data/airports.csv")
    answer = data(whole)
    assert answer["total_rows"] == 3376 == info.rows and answer["shown"] == 50
    assert [(c["name"], c["dtype"]) for c in answer["columns"]] == list(info.columns)
    expected = ws.frame("data/airports.csv", nrows=50)
    assert [row["iata"] for row in answer["rows"]] == expected["iata"].tolist()
    assert answer["rows"][0]["latitude"] == expected["latitude"].iloc[0]
    assert answer["note"] == "first 50 of 3,376 rows of data/airports.csv" and answer["truncated"]
    shown = text(whole)
    assert shown.startswith("data/airports.csv: 3,376 rows, 7 columns (CSV). Columns: iata (str)")
    assert "iata,name,city,state,country,latitude,longitude\n00M,Thigpen,Bay Springs" in shown
    assert "not instructions" in shown and "(first 50 of 3,376 rows" in shown

    assert data(five)["shown"] == 5 and len(data(five)["rows"]) == 5
    assert too_many.is_error and "limit must be a whole number from 1 to 50, not 51" in text(
        too_many)

    cars = data(sheet)
    assert cars["sheet"] == "cars" and cars["sheets"] == ["airports", "cars"]
    assert cars["total_rows"] == 406 and cars["shown"] == 3  # typed from 1,000 rows: all of them

    indexed = data(parquet)
    assert indexed["total_rows"] == 10 and list(indexed["rows"][0])[:3] == ["cut", "level_1",
                                                                            "clarity"]

    remarks = data(notes)
    assert SECRET not in json.dumps(remarks) and SECRET not in text(notes)
    assert "[REDACTED:" in remarks["rows"][2]["remark"]
    assert remarks["rows"][3]["remark"].endswith("…") and len(remarks["rows"][3]["remark"]) == 201
    assert remarks["note"] == "1 long cell cut to 200 characters" and remarks["total_rows"] == 30

    assert sensitive.is_error and "looks like it holds secrets" in text(sensitive)
    assert "prod" not in text(sensitive)
    assert outside.is_error and "outside the workspace" in text(outside)
    assert user_files(tree) == before
    ws.close()
