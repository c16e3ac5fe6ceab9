"""Fixtures for the real-browser tests: a JupyterLab server and headless Chromium.

Chromium is Debian's ``chromium`` package, launched by path (Playwright's own browser
download is not needed). Without it the tests skip and say why; under CI (``CI=true``)
a missing browser is a failure, because there the tests must run.
"""

from __future__ import annotations

import os
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from labserver import JupyterLabServer

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

# Debian's package; WSNB_CHROMIUM points elsewhere (another distribution, or to see the skip).
CHROMIUM = Path(os.environ.get("WSNB_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in {"", "0", "false", "no"}


def _missing() -> str | None:
    """Why the browser tests can't run here, or None when they can."""
    if not CHROMIUM.exists():
        return f"Chromium is not installed at {CHROMIUM} (Debian: apt-get install -y chromium)."
    for module, extra in (("playwright", "playwright"), ("jupyterlab", "jupyterlab")):
        try:
            __import__(module)
        except ImportError:
            return f"{extra} is not installed (pip install -e '.[test]')."
    return None


@pytest.fixture(scope="session")
def browser_ready() -> None:
    """Skip (or, under CI, fail) when Chromium, Playwright or JupyterLab is missing."""
    reason = _missing()
    if reason is None:
        return
    if in_ci():
        pytest.fail(f"The browser tests must run under CI, but {reason}", pytrace=False)
    pytest.skip(f"Browser test skipped: {reason}")


@pytest.fixture(scope="session")
def lab_server(browser_ready: None, tmp_path_factory: pytest.TempPathFactory,
               ) -> Iterator[JupyterLabServer]:  # fmt: skip
    """One JupyterLab server for the whole browser suite (its own temporary root, home, trash).

    Starting JupyterLab costs several seconds of a shared CI's two cores; each module's
    page shuts its kernels down when it closes, so modules don't pile kernels up.
    """
    server = JupyterLabServer(tmp_path_factory.mktemp("lab"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def chromium(browser_ready: None) -> Iterator[Browser]:
    """Headless Chromium, shared by the suite (each module gets its own page)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="module")
def lab_page(chromium: Browser, lab_server: JupyterLabServer) -> Iterator[Page]:
    """A fresh page; what the browser console said is kept for failure reports.

    When the module is done, the kernels its notebooks started are shut down.
    """
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    page.on("pageerror", lambda error: console.append(f"page error: {error}"))
    page.wsnb_console = console  # type: ignore[attr-defined]
    try:
        yield page
    finally:
        context.close()
        lab_server.shutdown_kernels()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Attach the server log and the browser console to a failing browser test."""
    report = yield
    if report.failed:
        funcargs = getattr(item, "funcargs", {})
        server = funcargs.get("lab_server")
        if isinstance(server, JupyterLabServer):
            report.sections.append(("JupyterLab server log", server.log_text()))
        page = funcargs.get("lab_page")
        console = getattr(page, "wsnb_console", None)
        if console:
            report.sections.append(("browser console", "\n".join(console[-200:])))
    return report
