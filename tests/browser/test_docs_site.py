"""The documentation site in headless Chromium: a tutorial page shows its stored outputs.

The site is built once per session (``docsite.built_site()``) and served on 127.0.0.1. A
stored DataFrame is a real HTML table on the page; a stored widget (a plan card) shows its
text form under a plain note that it needs a live kernel; the language switch leads to the
Chinese page, in light and in dark.
"""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from docsite import built_site

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """The test's output stays about the test."""


@pytest.fixture(scope="module")
def site_url(browser_ready: None) -> Iterator[str]:
    site = built_site()
    assert site.english.returncode == 0, site.english.output
    assert site.chinese.returncode == 0, site.chinese.output
    handler = functools.partial(_Quiet, directory=str(site.html))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(params=["light", "dark"])
def page(request: pytest.FixtureRequest, chromium: Browser) -> Iterator[Page]:
    context = chromium.new_context(viewport={"width": 1300, "height": 900},
                                   color_scheme=request.param)  # fmt: skip
    context.add_init_script(f"localStorage.setItem('mode', '{request.param}');")
    try:
        yield context.new_page()
    finally:
        context.close()


def test_a_tutorial_shows_its_cards_and_tables(site_url: str, page: Page,
                                               tmp_path: Path) -> None:  # fmt: skip
    from playwright.sync_api import expect

    page.goto(f"{site_url}/tutorials/03_plans.html")
    cards = page.locator(".wsnb-widget-static")
    expect(cards.first).to_be_visible()
    assert cards.count() >= 5
    expect(cards.first.locator(".wsnb-widget-note")).to_contain_text("needs a live kernel")
    expect(cards.first.locator("pre")).to_contain_text("Create file notes/todo.md")
    # The note is readable on the page's background, in light and in dark.
    note, back = page.evaluate("""() => {
        const n = document.querySelector('.wsnb-widget-note');
        return [getComputedStyle(n).color, getComputedStyle(document.body).backgroundColor];
    }""")
    assert note != back
    page.screenshot(path=str(tmp_path / "tutorial.png"))

    page.goto(f"{site_url}/tutorials/01_tour.html")
    table = page.locator(".cell_output table.dataframe").first
    expect(table).to_be_visible()
    assert table.locator("tr").count() > 2


def test_the_language_switch_opens_the_chinese_page(site_url: str, page: Page) -> None:
    from playwright.sync_api import expect

    page.goto(f"{site_url}/guide/plans.html")
    page.locator("a.wsnb-language").first.click()
    expect(page.locator("h1")).to_contain_text("计划和日志")
    assert page.url.endswith("/zh_CN/guide/plans.html")
    page.locator("a.wsnb-language").first.click()
    expect(page.locator("h1")).to_contain_text("Plans and the journal")
