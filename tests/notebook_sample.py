"""The notebook sample (``wsnb/sample/notebook_files/``): its data and notebooks, made and run.

``python tests/notebook_sample.py`` writes the sample again: the data files from the tables
below, then each notebook from its cells, executed for real by a Jupyter kernel (nbclient and
this interpreter's ``python3`` kernel, run in the notebook's own folder so ``../data/...``
reads the sample's files), then saved in the layout it stands for:

- ``notebooks/01_sales.ipynb``: nbformat 4.5 with cell ids, saved as JupyterLab saves
  (one-space indentation, sorted keys, a final newline); a pandas table (HTML and text), a
  stream, a matplotlib figure (a PNG): the largest outputs;
- ``notebooks/02_stores.ipynb``: nbformat 4.4, no cell ids, JupyterLab's layout; a TSV and
  a semicolon file with decimal commas, and a ``KeyError`` with its traceback;
- ``notebooks/03_events.ipynb``: nbformat 4.5, saved by a script (four spaces, keys in the
  order it wrote them, ASCII escapes, no final newline); JSON lines, a stream on stdout and
  one on stderr, a ``ZeroDivisionError``;
- ``notebooks/04_城市销量.ipynb``: nbformat 4.5, in Chinese, a GBK CSV;
- ``scratch/Untitled.ipynb``: never run (no output, no execution count).

``--check`` builds it in a temporary folder and compares it with the stored one: the data
files byte for byte, the notebooks cell for cell (sources, ids, metadata, the kinds and text of
their outputs; an image's bytes are matplotlib's and may differ between its versions). A run
with another Python or pandas may change a number in an output: look at the diff, and commit
the new sample with the reason.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import uuid
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parent.parent
STORED = REPO / "wsnb" / "sample" / "notebook_files"

# -- the data files ---------------------------------------------------------------------------

MONTHS = range(1, 13)
REGIONS = ("north", "south")
PRODUCTS = (("kettle", 24.5), ("toaster", 31.0))


def sales_csv() -> str:
    """48 rows: a month, a region and a product each, units varying by all three."""
    lines = ["date,region,product,units,unit_price"]
    for month in MONTHS:
        for r, region in enumerate(REGIONS):
            for p, (product, price) in enumerate(PRODUCTS):
                units = 40 + (month * 7 + r * 13 + p * 5) % 23 + (month // 4) * 6
                lines.append(f"2024-{month:02d}-01,{region},{product},{units},{price:.2f}")
    return "\n".join(lines) + "\n"


STORES = (
    ("S01", "Leeds", "north", "2019-03-04", 12),
    ("S02", "York", "north", "2020-07-15", 8),
    ("S03", "Hull", "north", "2021-01-11", 6),
    ("S04", "Bristol", "south", "2018-09-30", 15),
    ("S05", "Bath", "south", "2022-05-02", 5),
    ("S06", "Exeter", "south", "2023-10-20", 7),
)


def stores_tsv() -> str:
    rows = ["store\tcity\tregion\topened\tstaff"]
    rows += ["\t".join(str(value) for value in row) for row in STORES]
    return "\n".join(rows) + "\n"


def prices_csv() -> str:
    """A price list as a German spreadsheet exports it: semicolons, decimal commas."""
    rows = ["product;price_eur;valid_from",
            "kettle;27,90;2024-01-01",
            "toaster;35,50;2024-01-01",
            "kettle;28,40;2024-07-01",
            "toaster;36,10;2024-07-01"]  # fmt: skip
    return "\n".join(rows) + "\n"


ACTIONS = ("view", "click", "search")


def events_jsonl() -> str:
    """30 events, one JSON object a line; four are slow (over 500 ms)."""
    lines = []
    for n in range(30):
        ms = 80 + (n * 37) % 400 + (600 if n % 8 == 5 else 0)
        event = {"time": f"2024-03-01T09:{n * 2:02d}:00", "user": f"u{n % 5 + 1:02d}",
                 "action": ACTIONS[(n * 7) % 3], "ms": ms}  # fmt: skip
        lines.append(json.dumps(event))
    return "\n".join(lines) + "\n"


CITIES = ("北京", "上海", "广州", "深圳")


def city_sales_gbk() -> bytes:
    """City sales by month, in Chinese, saved as GBK (as Excel on a Chinese Windows saves a CSV)."""
    rows = ["城市,月份,销量"]
    for c, city in enumerate(CITIES):
        for month in (1, 2, 3):
            rows.append(f"{city},{month}月,{120 + c * 35 + month * 11 + (c * month) % 7}")
    return ("\r\n".join(rows) + "\r\n").encode("gbk")


README = """\
# Sales analysis

A small analysis: a year of kettle and toaster sales, the stores, a morning of web events,
and city sales from the Chinese shop. The notebooks in `notebooks/` read the files in `data/`;
`scratch/` holds a notebook that was never run.

一个小小的数据分析项目：`notebooks/` 里的笔记本读取 `data/` 里的数据文件。

| file | what |
|---|---|
| `data/sales.csv` | units sold per month, region and product |
| `data/stores.tsv` | the stores (tab-separated) |
| `data/prices_de.csv` | the price list (semicolons, decimal commas) |
| `data/events.jsonl` | web events, one JSON object a line |
| `data/城市销量.csv` | 各城市每月销量 (GBK) |
"""

DATA: dict[str, bytes] = {
    "README.md": README.encode("utf-8"),
    "data/sales.csv": sales_csv().encode("utf-8"),
    "data/stores.tsv": stores_tsv().encode("utf-8"),
    "data/prices_de.csv": prices_csv().encode("utf-8"),
    "data/events.jsonl": events_jsonl().encode("utf-8"),
    "data/城市销量.csv": city_sales_gbk(),
}

# -- the notebooks: (cell type, source) each, and how each is saved ---------------------------

Cells = tuple[tuple[str, str], ...]

SALES: Cells = (
    ("markdown", "# Sales overview\n\nUnits sold per month and region, from `data/sales.csv`."),
    ("code", "import matplotlib.pyplot as plt\nimport pandas as pd"),
    ("code", 'sales = pd.read_csv("../data/sales.csv", parse_dates=["date"])\nsales.head()'),
    ("code", 'print(f"{len(sales)} rows, {sales[\'units\'].sum()} units in all")'),
    ("markdown", "## Units per month"),
    ("code", 'monthly = sales.pivot_table(index=sales["date"].dt.month, columns="region",\n'
             '                            values="units", aggfunc="sum")\n'
             'monthly.plot(figsize=(4, 2.4), title="Units per month")\n'
             'plt.xlabel("month")\nplt.tight_layout()\nplt.show()'),
    ("markdown", "## Revenue by product"),
    ("code", 'sales["revenue"] = sales["units"] * sales["unit_price"]\n'
             'sales.groupby("product")["revenue"].sum().round(2)'),
)  # fmt: skip

STORES_NB: Cells = (
    ("markdown", "# Stores\n\n"
                 "The stores (a TSV file) and the price list (semicolons, decimal commas)."),
    ("code", 'import pandas as pd\n\n'
             'stores = pd.read_csv("../data/stores.tsv", sep="\\t")\nstores'),
    ("code", 'prices = pd.read_csv("../data/prices_de.csv", sep=";", decimal=",")\nprices.dtypes'),
    ("code", 'staff_per_city = dict(zip(stores["city"], stores["staff"], strict=True))\n'
             'staff_per_city["Lyon"]'),
)  # fmt: skip

EVENTS: Cells = (
    ("markdown", "# Events\n\nA morning of web events, from `data/events.jsonl`."),
    ("code", "import sys\n\nimport pandas as pd\n\n"
             'events = pd.read_json("../data/events.jsonl", lines=True)\n'
             'events.groupby("action")["ms"].agg(["count", "mean", "max"])'),
    ("code", 'slow = events[events["ms"] > 500]\n'
             'print(f"{len(slow)} slow events", file=sys.stderr)\n'
             "for row in slow.itertuples():\n    print(row.time, row.user, row.action, row.ms)"),
    ("code", 'buys = events[events["action"] == "buy"]\nslow_per_buy = len(slow) / len(buys)'),
)  # fmt: skip

CITY: Cells = (
    ("markdown", "# 城市销量\n\n读取 GBK 编码的 `data/城市销量.csv`，按城市和月份汇总。"),
    ("code", 'import pandas as pd\n\n销量 = pd.read_csv("../data/城市销量.csv", encoding="gbk")\n'
             '销量.pivot_table(index="城市", columns="月份", values="销量")'),
    ("code", 'print("总销量：", 销量["销量"].sum())'),
)  # fmt: skip

UNTITLED: Cells = (
    ("code", "import pandas as pd"),
    ("code", 'df = pd.read_csv("../data/sales.csv")\ndf.describe()'),
    ("markdown", "TODO: compare with last year's sales"),
    ("code", ""),
)


# (path, cells, executed, nbformat minor, layout)
NOTEBOOKS: tuple[tuple[str, Cells, bool, int, str], ...] = (
    ("notebooks/01_sales.ipynb", SALES, True, 5, "jupyterlab"),
    ("notebooks/02_stores.ipynb", STORES_NB, True, 4, "jupyterlab"),
    ("notebooks/03_events.ipynb", EVENTS, True, 5, "script"),
    ("notebooks/04_城市销量.ipynb", CITY, True, 5, "jupyterlab"),
    ("scratch/Untitled.ipynb", UNTITLED, False, 5, "jupyterlab"),
)

KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def cell_id(path: str, number: int) -> str:
    """A stable id in JupyterLab's form (a UUID), the same on every build."""
    digest = hashlib.sha256(f"{path}#{number}".encode()).digest()[:16]
    return str(uuid.UUID(bytes=digest, version=4))


def notebook(path: str, cells: Cells) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook(metadata={"kernelspec": dict(KERNELSPEC),
                                            "language_info": {"name": "python"}})  # fmt: skip
    for number, (kind, source) in enumerate(cells, start=1):
        make = nbformat.v4.new_code_cell if kind == "code" else nbformat.v4.new_markdown_cell
        nb.cells.append(make(source, id=cell_id(path, number)))
    return nb


def execute(nb: nbformat.NotebookNode, folder: Path) -> None:
    """Run every cell with a real kernel in ``folder``; an error output stays, as in JupyterLab."""
    client = NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True,
                            record_timing=False,
                            resources={"metadata": {"path": str(folder)}})  # fmt: skip
    client.execute()


def _script_order(nb: dict[str, Any]) -> dict[str, Any]:
    """The keys in the order a script that builds its own dicts writes them."""

    def cell(c: dict[str, Any]) -> dict[str, Any]:
        first = ("id", "cell_type", "metadata", "source", "execution_count", "outputs")
        return {key: c[key] for key in first if key in c}

    return {"metadata": nb["metadata"], "nbformat": nb["nbformat"],
            "nbformat_minor": nb["nbformat_minor"],
            "cells": [cell(c) for c in nb["cells"]]}  # fmt: skip


def saved(nb: nbformat.NotebookNode, minor: int, layout: str) -> bytes:
    """The notebook's bytes in ``layout``: ``jupyterlab`` (nbformat's own writer, as JupyterLab
    saves) or ``script`` (``json.dump(..., indent=4)``: ASCII escapes, no final newline)."""
    if minor == 4:
        nb.nbformat_minor = 4
        for cell in nb.cells:
            cell.pop("id", None)
    nbformat.validate(nb)
    if layout == "jupyterlab":
        return nbformat.writes(nb).encode("utf-8") + b"\n"
    lines = json.loads(nbformat.writes(nb))  # sources split into lines, as nbformat stores them
    return json.dumps(_script_order(lines), indent=4).encode("ascii")


def build(root: Path) -> None:
    """Write the whole sample under ``root`` (made if missing), running its notebooks."""
    for relative, data in DATA.items():
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    for relative, cells, executed, minor, layout in NOTEBOOKS:
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        nb = notebook(relative, cells)
        if executed:
            execute(nb, target.parent)
        target.write_bytes(saved(nb, minor, layout))


# -- the check --------------------------------------------------------------------------------


def _output_shape(output: dict[str, Any]) -> tuple[Any, ...]:
    """What must not change between runs: an output's kind, its text; an image by its type only."""
    kind = output["output_type"]
    if kind == "stream":
        return (kind, output["name"], "".join(output["text"]))
    if kind == "error":
        return (kind, output["ename"], output["evalue"])
    data = output.get("data", {})
    texts = {k: v for k, v in data.items() if k.startswith("text/") and "Figure" not in str(v)}
    return (kind, sorted(data), json.dumps(texts, sort_keys=True))


def differences(built: Path, stored: Path) -> list[str]:
    """What differs between two builds: a line per data file or cell."""
    found = []
    for relative in DATA:
        if (built / relative).read_bytes() != (stored / relative).read_bytes():
            found.append(f"{relative}: other bytes")
    for relative, *_ in NOTEBOOKS:
        new = json.loads((built / relative).read_text(encoding="utf-8"))
        old = json.loads((stored / relative).read_text(encoding="utf-8"))
        if (new["nbformat"], new["nbformat_minor"]) != (old["nbformat"], old["nbformat_minor"]):
            found.append(f"{relative}: another nbformat version")
        if len(new["cells"]) != len(old["cells"]):
            found.append(f"{relative}: {len(new['cells'])} cells, stored {len(old['cells'])}")
            continue
        for number, (a, b) in enumerate(zip(new["cells"], old["cells"], strict=True), start=1):
            same = {k: a.get(k) for k in ("id", "cell_type", "source", "execution_count")} == \
                {k: b.get(k) for k in ("id", "cell_type", "source", "execution_count")}  # fmt: skip
            outputs = [_output_shape(o) for o in a.get("outputs", [])]
            if not same or outputs != [_output_shape(o) for o in b.get("outputs", [])]:
                found.append(f"{relative}: cell {number} differs")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="build it in a temporary folder, compare with the stored one")
    args = parser.parse_args()
    if not args.check:
        build(STORED)
        print(f"wrote {STORED}")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        build(Path(folder))
        found = differences(Path(folder), STORED)
    print("\n".join(found) or "the stored sample is what the script makes")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
