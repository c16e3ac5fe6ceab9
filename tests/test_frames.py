"""Data files as frames: ``ws.frame`` and ``ws.table_info`` on real tables.

The files are the real ones installed packages ship (``tests/realtables.py``), copied into a
temporary workspace; each frame is compared with what pandas (or pyarrow) reads from the same
file with the options a person would have had to find. Files no package ships (an Excel
workbook, JSON lines, GBK and UTF-16 CSVs) are written by the tests from those real rows.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pandas as pd
import pytest
from helpers import user_files, write
from realtables import copy_real, installed, territories

import wsnb
from wsnb.i18n import using_language
from wsnb.types import Rule


@pytest.fixture
def ws(root: Path) -> wsnb.Workspace:
    """An empty workspace (``root``, from conftest) the tests copy real tables into."""
    workspace = wsnb.open_workspace(root, watch=False)
    yield workspace
    workspace.close()


def _same(frame: pd.DataFrame, expected: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(pd.DataFrame(frame), pd.DataFrame(expected))


# -- text tables ------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "options", "sep"), [
    ("data/airports.csv", {}, ","),
    ("data/seattle-weather.csv", {}, ","),
    ("data/msft.csv", {}, ","),
    # A comment line above the header ("# Data source: ...").
    ("data/Stocks.csv", {"skiprows": 1}, ","),
    # Aligned with spaces, and its first row is numbers: no header.
    ("data/data_x_x2_x3.csv", {"sep": r"\s+", "header": None}, r"\s+"),
    # "seed, 0xdeadbeaf": a space after every comma.
    ("data/mt19937-testset-1.csv", {"skipinitialspace": True}, ","),
    ("data/umath-log.csv", {}, ","),
])  # fmt: skip
def test_real_csv_files_read_as_pandas_reads_them_with_the_right_options(
        ws: wsnb.Workspace, root: Path, name: str, options: dict[str, object],
        sep: str) -> None:  # fmt: skip
    path = copy_real(root, name)[name]
    frame = ws.frame(name, nrows=None)
    _same(frame, pd.read_csv(path, **options))
    assert frame.attrs["sep"] == sep and frame.attrs["encoding"] == "utf-8"
    assert frame.attrs["total_rows"] == len(frame) and not frame.attrs["truncated"]
    assert frame.note == "" and "Note:" not in repr(frame)


def test_a_cut_table_says_first_rows_of_the_true_total(ws: wsnb.Workspace, root: Path) -> None:
    path = copy_real(root, "data/airports.csv")["data/airports.csv"]
    whole = pd.read_csv(path)
    frame = ws.frame("data/airports.csv", nrows=100)
    _same(frame, whole.head(100))
    assert frame.attrs["total_rows"] == len(whole) == 3376 and frame.attrs["truncated"]
    said = "first 100 of 3,376 rows of data/airports.csv; pass nrows=None for all"
    assert frame.note == said
    assert repr(frame).endswith("Note: " + said) and said in frame._repr_html_()
    # A filtered part of it still says its source was cut.
    assert said in repr(frame[frame["state"] == "TX"])
    with using_language("zh"):
        chinese = ws.frame("data/airports.csv", nrows=100).note
    assert "3,376" in chinese and "nrows=None" in chinese and chinese != said


def test_the_default_cap_cuts_at_100000_rows_and_counts_the_rest(ws: wsnb.Workspace,
                                                                  root: Path) -> None:  # fmt: skip
    source = installed("vega_datasets", "_data/airports.csv").read_bytes()
    header, _nl, body = source.partition(b"\n")
    write(root, "big/airports30.csv", header + b"\n" + body * 30)  # real rows, 101,280 of them
    frame = ws.frame("big/airports30.csv")
    assert len(frame) == 100_000 and frame.attrs["total_rows"] == 101_280
    assert frame.note.startswith("first 100,000 of 101,280 rows of big/airports30.csv")
    everything = ws.frame("big/airports30.csv", nrows=None)
    assert len(everything) == 101_280 and everything.note == ""


def test_a_quoted_line_break_is_one_row_in_the_count(ws: wsnb.Workspace, root: Path) -> None:
    rows = pd.read_csv(installed("vega_datasets", "_data/airports.csv"))
    rows.loc[5, "name"] = "Two\nlines, quoted"
    rows.to_csv(root / "quoted.csv", index=False)
    frame = ws.frame("quoted.csv", nrows=10)
    assert frame.attrs["total_rows"] == len(rows) and frame.loc[5, "name"] == "Two\nlines, quoted"


@pytest.mark.parametrize(("name", "sep", "writes"), [
    ("data/airports.tsv", "\t", {"sep": "\t"}),
    ("data/airports-semicolon.csv", ";", {"sep": ";", "decimal": ","}),
    ("data/airports-bar.csv", "|", {"sep": "|"}),
])  # fmt: skip
def test_the_separator_is_found(ws: wsnb.Workspace, name: str, sep: str,
                                writes: dict[str, str], root: Path) -> None:  # fmt: skip
    rows = pd.read_csv(installed("vega_datasets", "_data/airports.csv"))
    (root / "data").mkdir(exist_ok=True)
    rows.to_csv(root / name, index=False, **writes)  # type: ignore[call-overload]
    if "decimal" in writes:
        assert "31,95376472" in (root / name).read_text(encoding="utf-8")
    frame = ws.frame(name, nrows=None)
    assert frame.attrs["sep"] == sep and frame.attrs["decimal"] == writes.get("decimal", ".")
    _same(frame, rows)  # decimal commas read as numbers
    if "decimal" in writes:
        assert "separated by ';', with decimal commas." in repr(ws.table_info(name))


def _gbk(rows: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """The rows GBK can hold (it has no "Å", for one)."""
    return [row for row in rows if _encodes("".join(row), "gbk")]


def _encodes(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return False
    return True


def test_gbk_and_utf16_tables_read_as_read_reads_them(ws: wsnb.Workspace, root: Path) -> None:
    rows = pd.DataFrame(_gbk(territories()), columns=["code", "name", "名称"])
    assert len(rows) > 200 and rows["名称"].str.contains("[\u4e00-\u9fff]").all()
    text = rows.to_csv(index=False)
    write(root, "gbk.csv", text.encode("gbk"))
    write(root, "utf16.csv", text.encode("utf-16"))
    write(root, "utf16.tsv", rows.to_csv(index=False, sep="\t").encode("utf-16"))
    write(root, "bom.csv", text.encode("utf-8-sig"))  # as Excel saves "CSV UTF-8"
    for name, encoding, codec, sep in (("gbk.csv", "gb18030", "gbk", ","),
                                       ("bom.csv", "utf-8-sig", "utf-8-sig", ","),
                                       ("utf16.csv", "utf-16-le", "utf-16", ","),
                                       ("utf16.tsv", "utf-16-le", "utf-16", "\t")):  # fmt: skip
        frame = ws.frame(name, nrows=None)
        # As pandas reads it, told the encoding and separator (Namibia's "NA" is missing there too).
        _same(frame, pd.read_csv(root / name, encoding=codec, sep=sep))
        assert frame["名称"].tolist() == rows["名称"].tolist()
        assert frame.attrs["encoding"] == encoding == ws.read(name).encoding
    cut = ws.frame("utf16.csv", nrows=7)
    assert cut.attrs["total_rows"] == len(rows) and len(cut) == 7


def test_gbk_rows_below_an_ascii_head_are_read_again_as_gbk(ws: wsnb.Workspace,
                                                           root: Path) -> None:  # fmt: skip
    airports = pd.read_csv(installed("vega_datasets", "_data/airports.csv"))[["iata", "name"]]
    chinese = pd.DataFrame([(code, name) for code, _english, name in _gbk(territories())],
                           columns=["iata", "name"])  # fmt: skip
    rows = pd.concat([airports, chinese], ignore_index=True)
    data = rows.to_csv(index=False).encode("gbk")
    assert len(data.split("省".encode("gbk"))[0]) > 64 * 1024  # the first 64 KiB are ASCII
    write(root, "mixed.csv", data)
    frame = ws.frame("mixed.csv", nrows=None)
    assert frame.attrs["encoding"] == "gb18030"
    _same(frame, pd.read_csv(root / "mixed.csv", encoding="gbk"))
    assert frame["name"].tolist() == rows["name"].tolist()


def test_an_encoding_given_is_used(ws: wsnb.Workspace, root: Path) -> None:
    rows = pd.read_csv(installed("vega_datasets", "_data/airports.csv")).head(50)
    rows.loc[0, "name"] = "Zürich–Kloten"
    write(root, "latin.csv", rows.to_csv(index=False).replace("–", "-").encode("latin-1"))
    frame = ws.frame("latin.csv", encoding="latin-1")
    assert frame.loc[0, "name"] == "Zürich-Kloten" and frame.attrs["encoding"] == "iso8859-1"
    with pytest.raises(wsnb.UsageError, match="not an encoding Python knows"):
        ws.frame("latin.csv", encoding="no-such-codec")


# -- JSON -------------------------------------------------------------------------------


def test_json_records_read_as_their_rows(ws: wsnb.Workspace, root: Path) -> None:
    paths = copy_real(root, "data/cars.json", "data/iris.json")
    for name, path in paths.items():
        records = json.loads(path.read_text(encoding="utf-8"))
        frame = ws.frame(name, nrows=None)
        _same(frame, pd.DataFrame(records))
        assert frame.attrs["format"] == "json" and frame.attrs["total_rows"] == len(records)
    cut = ws.frame("data/cars.json", nrows=20)
    assert len(cut) == 20 and cut.note.startswith("first 20 of 406 rows of data/cars.json")


def test_json_lines_read_line_by_line_and_are_counted(ws: wsnb.Workspace, root: Path) -> None:
    records = json.loads(installed("vega_datasets", "_data/cars.json").read_text("utf-8"))
    lines = "\n".join(json.dumps(r, ensure_ascii=False) for r in records) + "\n\n"
    write(root, "cars.jsonl", lines)
    write(root, "cars.ndjson", lines.encode("utf-16"))
    for name in ("cars.jsonl", "cars.ndjson"):
        _same(ws.frame(name, nrows=None), pd.DataFrame(records))
        cut = ws.frame(name, nrows=3)
        assert len(cut) == 3 and cut.attrs["total_rows"] == 406 == len(records)
    # A document with one value per line under a .json name reads the same.
    write(root, "cars-lines.json", lines)
    _same(ws.frame("cars-lines.json", nrows=None), pd.DataFrame(records))


def test_json_tables_in_other_shapes(ws: wsnb.Workspace, root: Path) -> None:
    records = json.loads(installed("vega_datasets", "_data/iris.json").read_text("utf-8"))
    frame = pd.DataFrame(records)
    write(root, "columns.json", frame.to_json(orient="columns"))
    write(root, "split.json", frame.to_json(orient="split", index=False))
    write(root, "nested.json", json.dumps({"meta": {"source": "iris"}, "data": records}))
    write(root, "lists.json", json.dumps({c: frame[c].tolist() for c in frame.columns}))
    # pandas' own to_json() ({"sepalLength": {"0": 5.1, ...}, ...}) reads back as the frame.
    for name in ("columns.json", "split.json", "nested.json", "lists.json"):
        _same(ws.frame(name, nrows=None), frame)
    assert ws.frame("nested.json").attrs["key"] == "data"
    assert "under the key 'data'" in repr(ws.table_info("nested.json"))


def test_json_that_holds_no_table_is_refused_with_a_sentence(ws: wsnb.Workspace,
                                                             root: Path) -> None:  # fmt: skip
    copy_real(root, "config/nbformat.schema.json")
    with pytest.raises(wsnb.UnsupportedFileError) as caught:
        ws.frame("config/nbformat.schema.json")
    message = str(caught.value)
    assert "holds JSON that is not a table (an object with the keys $schema" in message
    assert "ws.read()" in message


# -- Excel and Parquet ------------------------------------------------------------------


@pytest.fixture
def workbook(root: Path) -> dict[str, pd.DataFrame]:
    """An Excel workbook written from real rows: airports and cars, one sheet each."""
    pytest.importorskip("openpyxl", reason="Excel files are read with openpyxl (wsnb[data])")
    airports = pd.read_csv(installed("vega_datasets", "_data/airports.csv"))
    cars = pd.DataFrame(json.loads(installed("vega_datasets", "_data/cars.json").read_text(
        encoding="utf-8")))
    with pd.ExcelWriter(root / "book.xlsx", engine="openpyxl") as writer:
        airports.to_excel(writer, sheet_name="airports", index=False)
        cars.to_excel(writer, sheet_name="cars", index=False)
    return {"airports": airports, "cars": cars}


def test_an_excel_workbook_reads_by_sheet(ws: wsnb.Workspace, root: Path,
                                          workbook: dict[str, pd.DataFrame]) -> None:  # fmt: skip
    book = root / "book.xlsx"
    first = ws.frame("book.xlsx", nrows=None)
    _same(first, pd.read_excel(book, sheet_name="airports"))
    assert first.attrs["sheet"] == "airports" and first.attrs["sheets"] == ("airports", "cars")
    assert len(first) == len(workbook["airports"]) and first.note == ""
    for sheet in ("cars", 1):
        _same(ws.frame("book.xlsx", sheet=sheet, nrows=None),
              pd.read_excel(book, sheet_name="cars"))  # fmt: skip
    cut = ws.frame("book.xlsx", nrows=10)
    assert len(cut) == 10 and cut.attrs["total_rows"] is None
    assert cut.note == ("first 10 rows of the sheet 'airports' of book.xlsx; how many it has in "
                        "all is known only by reading it whole: ws.frame('book.xlsx', "
                        "sheet='airports', nrows=None)")
    # Typed from its first 1,000 rows, the sheet of 3,376 says why its rows are not counted.
    uncounted = ws.table_info("book.xlsx")
    assert uncounted.rows is None and repr(uncounted).splitlines()[0] == (
        "book.xlsx: 7 columns, rows not counted (Excel)")
    assert repr(uncounted).endswith("ws.frame('book.xlsx', sheet='airports', nrows=None)")
    assert "⚠ first 5 rows of the sheet" in uncounted._repr_html_()
    whole_cars = ws.frame("book.xlsx", sheet="cars", nrows=1000)  # fewer rows than asked: counted
    assert whole_cars.attrs["total_rows"] == 406 and whole_cars.note == ""
    with pytest.raises(wsnb.UsageError, match="no sheet named 'trucks'; its sheets are "
                                              "'airports', 'cars'"):  # fmt: skip
        ws.frame("book.xlsx", sheet="trucks")
    with pytest.raises(wsnb.UsageError, match="a position from 0 to 1"):
        ws.frame("book.xlsx", sheet=2)
    info = ws.table_info("book.xlsx", sheet="cars")
    assert info.rows == 406 and ("Horsepower", "float64") in info.columns
    assert "Sheet 'cars', one of 'airports', 'cars'." in repr(info)


@pytest.mark.parametrize("name", ["data/diamonds.parquet", "data/indexed.parquet",
                                  "data/times.parquet"])  # fmt: skip
def test_parquet_files_read_as_pyarrow_reads_them(ws: wsnb.Workspace, root: Path,
                                                  name: str) -> None:  # fmt: skip
    pq = pytest.importorskip("pyarrow.parquet", reason="Parquet is read with pyarrow")
    path = copy_real(root, name)[name]
    expected = pq.read_table(path).to_pandas()
    _same(ws.frame(name, nrows=None), expected)
    cut = ws.frame(name, nrows=2)
    _same(cut, expected.head(2))  # the named index comes back from the file's metadata
    assert cut.attrs["total_rows"] == len(expected) and cut.note.startswith(
        f"first 2 of {len(expected)} rows of {name}")


@pytest.mark.parametrize(("name", "module"), [("book.xlsx", "openpyxl"),
                                              ("data/diamonds.parquet", "pyarrow")])
def test_a_missing_engine_names_the_extra_to_install(
        ws: wsnb.Workspace, root: Path, monkeypatch: pytest.MonkeyPatch, name: str,
        module: str) -> None:  # fmt: skip
    if name.endswith(".parquet"):
        copy_real(root, name)
    else:
        write(root, name, b"PK\x03\x04 never opened")
    monkeypatch.setitem(sys.modules, module, None)  # as if it were not installed
    with pytest.raises(wsnb.UnsupportedFileError) as caught:
        ws.frame(name)
    assert str(caught.value) == (
        f"Reading {'Excel' if module == 'openpyxl' else 'Parquet'} files needs the {module} "
        f"package, which is not installed: pip install 'wsnb[data]' (or pip install {module}), "
        f"then read {name} again.")
    with using_language("zh"), pytest.raises(wsnb.UnsupportedFileError) as chinese:
        ws.frame(name)
    assert "pip install 'wsnb[data]'" in str(chinese.value)
    assert str(chinese.value) != str(caught.value)


# -- the gate, bounds and bad files -----------------------------------------------------


def test_sensitive_outside_and_linked_tables_are_refused(ws: wsnb.Workspace, root: Path,
                                                        tmp_path: Path) -> None:  # fmt: skip
    copy_real(root, "data/airports.csv")
    (root / "data" / "airports.csv").replace(root / "secrets.csv")
    write(tmp_path, "outside.csv", "a,b\n1,2\n")
    with pytest.raises(wsnb.PolicyError) as sensitive:
        ws.frame("secrets.csv")
    assert sensitive.value.rule is Rule.SENSITIVE and "confirm='secrets.csv'" in str(
        sensitive.value)
    assert len(ws.frame("secrets.csv", confirm="secrets.csv", nrows=None)) == 3376
    with pytest.raises(wsnb.PolicyError) as outside:
        ws.frame("../outside.csv")
    assert outside.value.rule is Rule.OUTSIDE
    try:
        (root / "linked.csv").symlink_to(tmp_path / "outside.csv")
    except OSError as exc:
        pytest.skip(f"symlinks can't be made here: {exc}")
    with pytest.raises(wsnb.PolicyError) as linked:
        ws.frame("linked.csv")
    assert linked.value.rule is Rule.SYMLINK


def test_bad_files_say_what_is_wrong_and_nothing_changes(ws: wsnb.Workspace,
                                                         root: Path) -> None:  # fmt: skip
    copy_real(root, "data/airports.csv", "data/diamonds.parquet")
    airports = (root / "data" / "airports.csv").read_text(encoding="utf-8")
    write(root, "broken.csv", airports.replace("\n00V,", "\n00V,extra,fields,", 1))
    parquet = (root / "data" / "diamonds.parquet").read_bytes()
    write(root, "half.parquet", parquet[: len(parquet) // 2])
    write(root, "sheet.xlsx", airports[:500])
    png = installed("matplotlib", "mpl-data/sample_data/logo2.png").read_bytes()
    write(root, "picture.csv", png)
    write(root, "notes.txt", "not a table\n")
    write(root, "old.xls", b"\xd0\xcf\x11\xe0")
    before = user_files(root)
    expected = {
        "broken.csv": "broken.csv could not be read as CSV (Error tokenizing data. C error: "
                      "Expected 7 fields in line 4, saw 9); check the file",
        "half.parquet": "half.parquet is not a Parquet file wsnb can read (",
        "sheet.xlsx": "sheet.xlsx is not an Excel workbook wsnb can read (",
        "picture.csv": "picture.csv is not a text table: its bytes are binary.",
        "notes.txt": "notes.txt is not a data file wsnb reads as a table",
        "old.xls": "old.xls is an Excel 97-2003 workbook (.xls), which wsnb does not read",
    }
    for name, start in expected.items():
        with pytest.raises(wsnb.UnsupportedFileError) as caught:
            ws.frame(name)
        assert str(caught.value).startswith(start), str(caught.value)
        assert str(caught.value).endswith(".")
    assert user_files(root) == before
    # Named as what it holds, a text file reads.
    assert ws.frame("notes.txt", format="csv").columns.tolist() == ["not a table"]
    with pytest.raises(wsnb.UsageError, match="format must be one of 'csv', 'tsv'"):
        ws.frame("notes.txt", format="text")


def test_rows_that_fail_after_the_first_leave_the_count_unknown(ws: wsnb.Workspace,
                                                                root: Path) -> None:  # fmt: skip
    lines = installed("vega_datasets", "_data/airports.csv").read_text("utf-8").splitlines()
    lines[-2] = lines[-2].replace(",", ',"', 1)  # a quote that is never closed
    write(root, "late.csv", "\n".join(lines) + "\n")
    frame = ws.frame("late.csv", nrows=100)
    assert len(frame) == 100 and frame.attrs["total_rows"] is None
    assert frame.note == ("first 100 rows of late.csv; the rows after them could not be read to "
                          "count them (Error tokenizing data. C error: EOF inside string "
                          "starting at row 3375)")
    with pytest.raises(wsnb.UnsupportedFileError, match="EOF inside string starting at row 3375"):
        ws.frame("late.csv", nrows=None)
    # A row with too many fields is still one row: counted, and refused when read.
    lines = installed("vega_datasets", "_data/airports.csv").read_text("utf-8").splitlines()
    lines[2000] += ",one,field,too,many"
    write(root, "wide.csv", "\n".join(lines) + "\n")
    assert ws.frame("wide.csv", nrows=100).attrs["total_rows"] == 3376
    with pytest.raises(wsnb.UnsupportedFileError, match="Expected 7 fields in line 2001, saw 11"):
        ws.frame("wide.csv", nrows=None)


def test_what_is_read_whole_is_bounded_by_max_bytes(ws: wsnb.Workspace, root: Path) -> None:
    copy_real(root, "data/airports.csv", "data/cars.json")
    with pytest.raises(wsnb.UsageError) as whole:
        ws.frame("data/airports.csv", nrows=None, max_bytes=100_000)
    assert str(whole.value) == (
        "data/airports.csv is 205.4 KiB, more than the 97.7 KiB that ws.frame reads whole; "
        "read its first rows (nrows=100_000), or pass a larger max_bytes to read it all.")
    with pytest.raises(wsnb.UsageError, match=r"JSON document of 98\.1 KiB, which is read whole"):
        ws.frame("data/cars.json", max_bytes=50_000)
    # A cut read of a file past the bound leaves its rows uncounted, and says so.
    cut = ws.frame("data/airports.csv", nrows=10, max_bytes=100_000)
    assert cut.attrs["total_rows"] is None and cut.note == (
        "first 10 rows of data/airports.csv; its rows were not counted, as it is larger "
        "(205.4 KiB) than max_bytes (97.7 KiB): pass a larger max_bytes to count them, or "
        "nrows=None for all")
    with pytest.raises(wsnb.UsageError, match="nrows must be a whole number of at least 1"):
        ws.frame("data/airports.csv", nrows=0)


def test_empty_tables_say_so(ws: wsnb.Workspace, root: Path) -> None:
    write(root, "empty.csv", b"")
    write(root, "header-only.csv", "iata,name,city\n")
    assert ws.frame("empty.csv").empty
    header_only = ws.frame("header-only.csv")
    assert header_only.columns.tolist() == ["iata", "name", "city"] and header_only.empty
    assert repr(header_only) == "header-only.csv has no rows (its columns: iata, name, city)."


# -- what a data file holds -------------------------------------------------------------


def test_table_info_answers_columns_and_rows(ws: wsnb.Workspace, root: Path) -> None:
    copy_real(root, "data/Stocks.csv", "data/data_x_x2_x3.csv")
    info = ws.table_info("data/Stocks.csv")
    assert info.rows == 524 == len(pd.read_csv(root / "data" / "Stocks.csv", skiprows=1))
    assert info.columns[:3] == (("Date", "str"), ("IBM", "float64"), ("AAPL", "float64"))
    assert len(info.frame) == 5 and info.truncated and info.layout.skipped_lines == 1
    assert info.columns_frame()["column"].tolist()[-1] == "^IXIC"
    shown = repr(info).splitlines()
    assert shown[0] == "data/Stocks.csv: 524 rows, 11 columns (CSV)"
    assert shown[1].split() == ["Date", "str"] and "Encoding utf-8, separated by ','." in shown
    assert "<b>data/Stocks.csv: 524 rows, 11 columns (CSV)</b>" in info._repr_html_()
    assert "first 5" not in repr(info)  # the rows are counted: the head's cut is no news here
    assert info.frame.note == "first 5 of 524 rows of data/Stocks.csv; pass nrows=None for all"
    spaced = ws.table_info("data/data_x_x2_x3.csv")
    assert spaced.layout.header is False and spaced.layout.sep == r"\s+"
    assert "separated by spaces. No header row: the columns are numbered from 0." in repr(spaced)
    with using_language("zh"):
        chinese = repr(ws.table_info("data/Stocks.csv")).splitlines()[0]
    assert "524" in chinese and chinese != shown[0]
