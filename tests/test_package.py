"""The public API: gathered in one sorted ``__all__``, light to import, one error root."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import wsnb
import wsnb.errors


def test_all_is_sorted_and_complete() -> None:
    assert wsnb.__all__ == sorted(wsnb.__all__)
    names = [n for n in wsnb.__all__ if n != "__version__"]
    public = {
        n for n in dir(wsnb) if not n.startswith("_") and not inspect.ismodule(getattr(wsnb, n))
    }
    public.discard("annotations")
    assert public == set(names)


def test_the_widgets_api_is_sorted_and_complete() -> None:
    import wsnb.widgets

    assert wsnb.widgets.__all__ == sorted(wsnb.widgets.__all__)
    public = {n for n in dir(wsnb.widgets) if not n.startswith("_")
              and not inspect.ismodule(getattr(wsnb.widgets, n))}  # fmt: skip
    public.discard("annotations")
    assert public == set(wsnb.widgets.__all__)


def test_every_error_derives_from_wsnb_error() -> None:
    errors = [obj for _, obj in inspect.getmembers(wsnb.errors, inspect.isclass)
              if obj.__module__ == "wsnb.errors"]  # fmt: skip
    assert len(errors) >= 15
    for cls in errors:
        assert issubclass(cls, wsnb.WsnbError), cls
        assert cls.__doc__, f"{cls.__name__} needs a docstring"
    assert set(wsnb.errors.__all__) == {cls.__name__ for cls in errors}


def test_errors_module_docstring_draws_every_error() -> None:
    doc = wsnb.errors.__doc__ or ""
    for name in wsnb.errors.__all__:
        assert name in doc, f"{name} missing from the tree in wsnb/errors.py"


def test_import_does_not_load_the_notebook_face_or_http() -> None:
    code = (
        "import sys, wsnb\n"
        "heavy = [m for m in ('ipywidgets', 'IPython', 'httpx') if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"import wsnb loaded: {out.stdout.strip()}"


def test_version_matches_the_package_metadata() -> None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        installed = version("wsnb")
    except PackageNotFoundError:  # running from a checkout without installing
        return
    assert installed == wsnb.__version__


def test_showing_a_plan_in_a_script_loads_no_notebook_face(tmp_path: Path) -> None:
    code = (
        "import sys, wsnb\n"
        f"ws = wsnb.open_workspace(wsnb.copy_sample_workspace({str(tmp_path / 's')!r}))\n"
        "plan = ws.create_file('notes/todo.md', '# To do\\n')\n"
        "bundle = plan._repr_mimebundle_()\n"
        "assert bundle['text/plain'] == str(plan) == plan.describe(), bundle\n"
        "assert callable(wsnb.load_ipython_extension)\n"
        "heavy = [m for m in ('ipywidgets', 'IPython') if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"showing a plan loaded: {out.stdout.strip()}"


def test_a_cut_result_prints_nothing_on_stderr(tmp_path: Path) -> None:
    """A library's warnings reach the person's handlers, never Python's last-resort stderr
    printer: in a notebook that printer is a pink block under the cell."""
    code = (
        "import wsnb\n"
        f"ws = wsnb.open_workspace(wsnb.copy_sample_workspace({str(tmp_path / 's')!r}))\n"
        "hits = ws.grep('the', limit=1)\n"
        "print(bool(hits.note))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True", "the grep was not cut, so the test proves nothing"
    assert out.stderr == ""


def test_the_person_s_own_handler_still_hears_the_warnings(tmp_path: Path) -> None:
    code = (
        "import logging, wsnb\n"
        "logging.basicConfig(format='%(levelname)s %(name)s')\n"
        f"ws = wsnb.open_workspace(wsnb.copy_sample_workspace({str(tmp_path / 's')!r}))\n"
        "ws.grep('the', limit=1)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "WARNING wsnb" in out.stderr
