"""Real data files for the table tests, read from the packages installed beside wsnb.

wsnb commits no third-party content, so the tests copy the tables that installed
packages ship into a temporary workspace: vega_datasets' CSV and JSON records (in the
``test`` extra), matplotlib's sample data, numpy's test vectors, pyarrow's Parquet test
files. A test whose file is missing skips and says which package would bring it.

Where no installed package ships a kind of file (an Excel workbook, JSON lines, a GBK or
UTF-16 CSV), ``derived`` files are written from real rows: the CLDR territory names
Babel ships (Chinese and English) and the tables above.
"""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

__all__ = ["REAL", "copy_real", "installed", "territories"]

# name in the workspace -> (package, path inside it)
REAL: dict[str, tuple[str, str]] = {
    "data/airports.csv": ("vega_datasets", "_data/airports.csv"),
    "data/cars.json": ("vega_datasets", "_data/cars.json"),
    "data/iris.json": ("vega_datasets", "_data/iris.json"),
    "data/seattle-weather.csv": ("vega_datasets", "_data/seattle-weather.csv"),
    "data/Stocks.csv": ("matplotlib", "mpl-data/sample_data/Stocks.csv"),
    "data/msft.csv": ("matplotlib", "mpl-data/sample_data/msft.csv"),
    "data/data_x_x2_x3.csv": ("matplotlib", "mpl-data/sample_data/data_x_x2_x3.csv"),
    "data/mt19937-testset-1.csv": ("numpy", "random/tests/data/mt19937-testset-1.csv"),
    "data/umath-log.csv": ("numpy", "_core/tests/data/umath-validation-set-log.csv"),
    "data/diamonds.parquet": ("pyarrow", "tests/data/parquet/v0.7.1.parquet"),
    "data/indexed.parquet": ("pyarrow", "tests/data/parquet/v0.7.1.some-named-index.parquet"),
    "data/times.parquet": ("pyarrow", "tests/data/parquet/v0.7.1.column-metadata-handling.parquet"),
    "config/nbformat.schema.json": ("nbformat", "v4/nbformat.v4.schema.json"),
}


def installed(package: str, inside: str) -> Path:
    """The file ``inside`` the installed ``package`` (found without importing it); skip without."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        pytest.skip(f"{package} is not installed; it ships the real table this test reads")
    path = Path(next(iter(spec.submodule_search_locations)), inside)
    if not path.is_file():
        pytest.skip(f"{package} does not ship {inside}, the real table this test reads")
    return path


def copy_real(root: Path, *names: str) -> dict[str, Path]:
    """Copy the named real files (all of ``REAL`` by default) into the workspace ``root``."""
    copied = {}
    for name in names or tuple(REAL):
        package, inside = REAL[name]
        target = root / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(installed(package, inside), target)
        copied[name] = target
    return copied


def territories() -> list[tuple[str, str, str]]:
    """CLDR's territories as Babel ships them: (code, English name, Chinese name)."""
    babel = pytest.importorskip("babel", reason="Babel ships the CLDR names these rows come from")
    english = babel.Locale.parse("en").territories
    chinese = babel.Locale.parse("zh_Hans_CN").territories
    return [(code, english[code], name) for code, name in sorted(chinese.items())
            if code in english]  # fmt: skip
