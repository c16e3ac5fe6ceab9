"""Driving a notebook in JupyterLab from Playwright: write it, open it, run it, find outputs.

JupyterLab runs with ``expose_app_in_browser``, so the page's ``window.jupyterapp`` is the
application: running every cell is the same command the "Run All Cells" menu item runs, and
"done" is read from the notebook model (every code cell has an execution count, the kernel
is idle) rather than guessed from a sleep.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

# Generous but bounded: the machine may be shared, yet a hang must end the test.
LOAD_TIMEOUT_MS = 60_000
RUN_TIMEOUT_MS = 90_000
ACTION_TIMEOUT_MS = 20_000

_KERNEL_READY = """
async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  await panel.context.ready;
  await panel.sessionContext.ready;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return kernel !== null && kernel !== undefined && kernel.status === "idle";
}
"""

_RUN_ALL = "() => window.jupyterapp.commands.execute('notebook:run-all-cells')"

# Done when every code cell ran, or when one failed (Run All stops there): the kernel is idle.
_ALL_RAN = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  const cells = panel.content.widgets.filter((cell) => cell.model.type === "code");
  const failed = cells.some((cell) => cell.model.sharedModel.outputs.some(
    (output) => output.output_type === "error"));
  return kernel && kernel.status === "idle"
    && (failed || cells.every((cell) => cell.model.executionCount !== null));
}
"""


def write_notebook(path: Path, cells: list[str]) -> None:
    """A notebook of code cells (no outputs) with the Python 3 kernel, so it starts unasked."""
    notebook = {
        "cells": [
            {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
             "source": source}
            for source in cells
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }  # fmt: skip
    path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")


def open_and_run(page: Page, base_url: str, name: str) -> None:
    """Open ``name`` in JupyterLab, wait for its kernel, run all cells, wait until they ran."""
    # ?reset: a fresh layout, so the page's current document is this notebook, not one a
    # previous test left open.
    page.goto(f"{base_url}/lab/tree/{name}?reset", timeout=LOAD_TIMEOUT_MS)
    page.wait_for_function(
        "() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
        " && window.jupyterapp.shell.currentWidget.sessionContext",
        timeout=LOAD_TIMEOUT_MS,
    )
    page.wait_for_function(_KERNEL_READY, timeout=LOAD_TIMEOUT_MS, polling=250)
    page.evaluate(_RUN_ALL)
    page.wait_for_function(_ALL_RAN, timeout=RUN_TIMEOUT_MS, polling=250)
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    tracebacks = [text for text in errors.all_inner_texts() if "Error" in text]
    assert not tracebacks, "A cell failed in JupyterLab:\n" + "\n".join(tracebacks)


def output_with(page: Page, css: str, text: str) -> Locator:
    """The one rendered element matching ``css`` that contains ``text``, once it is visible."""
    found = page.locator(css, has_text=text)
    found.first.wait_for(state="visible", timeout=ACTION_TIMEOUT_MS)
    assert found.count() == 1, f"expected one {css} with {text!r}, found {found.count()}"
    return found.first
