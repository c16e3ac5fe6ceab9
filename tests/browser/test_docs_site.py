"""The documentation site in headless Chromium, offline, as a reader meets it.

The site is built once per session (``docsite.built_site()``) and served on 127.0.0.1; the
browser may reach nothing else, so whatever a page draws comes from the site itself. A
tutorial draws its plan cards from their saved widget state (a real Confirm button, in light
and in dark); a search on the Chinese site finds 计划 and 撤销, one on the English site finds
an English word; no example in the guide runs past its column at 1280 px; no page of either
site logs a console error; the language switch leads to the same page.
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
    from playwright.sync_api import Browser, BrowserContext, Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """The test's output stays about the test."""


@pytest.fixture(scope="module")
def site() -> Path:
    built = built_site()
    assert built.english.returncode == 0, built.english.output
    assert built.chinese.returncode == 0, built.chinese.output
    return built.html


@pytest.fixture(scope="module")
def site_url(browser_ready: None, site: Path) -> Iterator[str]:
    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _offline(chromium: Browser, site_url: str, theme: str, width: int = 1280) -> BrowserContext:
    """A browser context that reaches the site and nothing else, in ``theme``."""
    context = chromium.new_context(viewport={"width": width, "height": 900},
                                   color_scheme=theme)  # fmt: skip
    context.add_init_script(f"localStorage.setItem('mode', '{theme}');")
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(
        site_url) else route.abort())  # fmt: skip
    return context


@pytest.fixture(params=["light", "dark"])
def page(request: pytest.FixtureRequest, chromium: Browser, site_url: str) -> Iterator[Page]:
    context = _offline(chromium, site_url, request.param)
    try:
        yield context.new_page()
    finally:
        context.close()


def test_a_tutorial_draws_its_cards_from_their_saved_state(
    site_url: str, page: Page, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    page.goto(f"{site_url}/tutorials/03_plans.html")
    cards = page.locator(".cell_output .wsnb-plan-card")
    expect(cards.first).to_be_visible(timeout=20_000)
    assert cards.count() >= 5
    confirm = cards.first.locator("button", has_text="Confirm")
    expect(confirm).to_have_count(1)
    expect(cards.first).to_contain_text("Create file notes/todo.md")
    assert "<Plan" not in page.locator(".bd-article").inner_text()  # no text form instead
    # It draws on the page's own background (no light box in dark mode), its title in a
    # colour that differs from that background.
    title, back, under = page.evaluate("""() => {
        const t = document.querySelector('.wsnb-plan-card');
        return [getComputedStyle(t).color, getComputedStyle(document.body).backgroundColor,
                getComputedStyle(t.closest('.widget-subarea')).backgroundColor];
    }""")
    assert title != back and under == "rgba(0, 0, 0, 0)"
    cards.first.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "tutorial.png"))

    page.goto(f"{site_url}/tutorials/01_tour.html")
    table = page.locator(".cell_output table.dataframe").first
    expect(table).to_be_visible()
    assert table.locator("tr").count() > 2


@pytest.mark.parametrize(("path", "query"), [
    ("zh_CN/search.html", "计划"), ("zh_CN/search.html", "撤销"), ("search.html", "journal"),
])  # fmt: skip
def test_a_search_finds_pages(site_url: str, chromium: Browser, path: str, query: str) -> None:
    from playwright.sync_api import expect

    context = _offline(chromium, site_url, "light")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{site_url}/{path}?q={query}")  # what the search box's Enter opens
        results = page.locator("#search-results ul.search li")
        expect(results.first).to_be_visible(timeout=20_000)
        assert results.count() >= 2, results.all_inner_texts()
        assert errors == []
    finally:
        context.close()


def test_no_guide_example_runs_past_its_column(site_url: str, chromium: Browser,
                                               site: Path) -> None:  # fmt: skip
    context = _offline(chromium, site_url, "light")
    wide: list[str] = []
    try:
        page = context.new_page()
        for guide in ("guide", "zh_CN/guide"):
            for html in sorted((site / guide).glob("*.html")):
                page.goto(f"{site_url}/{guide}/{html.name}")
                wide += [f"{guide}/{html.name}: {line}" for line in page.evaluate("""() =>
                    [...document.querySelectorAll('.bd-article div.highlight pre')]
                      .filter((pre) => pre.scrollWidth > pre.clientWidth + 1)
                      .map((pre) => pre.textContent.split('\\n')[0])""")]  # fmt: skip
                column = page.evaluate("() => document.querySelector('.bd-article')"
                                       ".getBoundingClientRect().width")  # fmt: skip
                assert column >= 600, (html.name, column)
    finally:
        context.close()
    assert wide == []


def test_no_page_of_either_site_logs_an_error(site_url: str, chromium: Browser,
                                              site: Path) -> None:  # fmt: skip
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")
                   if "_static" not in p.relative_to(site).parts)  # fmt: skip
    context = _offline(chromium, site_url, "dark")
    errors: list[str] = []
    try:
        page = context.new_page()
        where = [""]
        page.on("console", lambda m: m.type == "error" and errors.append(f"{where[0]}: {m.text}"))
        page.on("pageerror", lambda error: errors.append(f"{where[0]}: {error}"))
        for name in pages:
            where[0] = name
            page.goto(f"{site_url}/{name}", wait_until="load")
            if name.startswith("tutorials/"):
                page.wait_for_timeout(300)  # the widget manager draws after the load event
    finally:
        context.close()
    assert len(pages) > 100
    assert errors == []


def test_the_language_switch_opens_the_same_page(site_url: str, page: Page) -> None:
    from playwright.sync_api import expect

    page.goto(f"{site_url}/guide/plans.html")
    page.locator("a.wsnb-language").first.click()
    expect(page.locator("h1")).to_contain_text("计划和日志")
    assert page.url.endswith("/zh_CN/guide/plans.html")
    expect(page.locator(".pst-collapse-sidebar-label").first).to_have_text("收起侧边栏")
    page.locator("a.wsnb-language").first.click()
    expect(page.locator("h1")).to_contain_text("Plans and the journal")
    # A tutorial has no Chinese twin: the switch opens the guide page about it.
    page.goto(f"{site_url}/tutorials/03_plans.html")
    page.locator("a.wsnb-language").first.click()
    assert page.url.endswith("/zh_CN/guide/plans.html")
