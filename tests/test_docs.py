"""The documentation site builds with warnings as errors, in English and Chinese, and its API
reference has an entry for every public name (the objects those return included)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from docsite import DOCS, REPO, Site, built_site

import wsnb

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def site() -> Site:
    return built_site()  # needs the docs extra, which the test extra includes


def _anchors(folder: Path) -> set[str]:
    ids: set[str] = set()
    for page in folder.glob("*.html"):
        ids.update(re.findall(r'<dt class="sig[^"]*" id="([^"]+)"', page.read_text("utf-8")))
    return ids


def _public_members(cls: type) -> list[str]:
    """The public methods and properties a wsnb class defines or inherits from a wsnb class."""
    names = []
    for klass in cls.__mro__:
        if not klass.__module__.startswith("wsnb"):
            continue
        for name, member in vars(klass).items():
            kinds = (property, classmethod, staticmethod)
            if not name.startswith("_") and (callable(member) or isinstance(member, kinds)):
                names.append(name)
    return sorted(set(names))


def test_the_english_site_builds_with_warnings_as_errors(site: Site) -> None:
    assert site.english.returncode == 0, site.english.output
    assert (site.html / "index.html").is_file()


def test_the_chinese_site_builds_with_warnings_as_errors(site: Site) -> None:
    assert site.chinese.returncode == 0, site.chinese.output
    page = (site.html / "zh_CN" / "guide" / "plans.html").read_text("utf-8")
    assert '<html lang="zh-CN"' in page
    assert "计划和日志" in page


def test_every_public_name_has_a_reference_entry(site: Site) -> None:
    anchors = _anchors(site.html / "api" / "generated")
    names = [n for n in wsnb.__all__ if not n.startswith("_")]
    assert sorted(f"wsnb.{n}" for n in names if f"wsnb.{n}" not in anchors) == []


def test_every_public_method_of_a_public_class_has_an_entry(site: Site) -> None:
    anchors = _anchors(site.html / "api" / "generated")
    missing = []
    for name in wsnb.__all__:
        obj = getattr(wsnb, name)
        if isinstance(obj, type) and not issubclass(obj, BaseException):
            missing += [f"wsnb.{name}.{m}" for m in _public_members(obj)
                        if f"wsnb.{name}.{m}" not in anchors]
    assert missing == []


def test_the_objects_the_api_returns_have_pages(site: Site) -> None:
    anchors = _anchors(site.html / "api" / "generated")
    for returned in ("wsnb.agent.reply.Reply", "wsnb.notes.groups.PlanGroup",
                     "wsnb.widgets.card.PlanCard"):
        assert returned in anchors
    assert "wsnb.agent.reply.Reply.plain" in anchors


def test_a_stored_widget_shows_its_text_under_a_note(site: Site) -> None:
    page = (site.html / "tutorials" / "03_plans.html").read_text("utf-8")
    assert "application/vnd.jupyter.widget-view+json" not in page
    assert page.count('class="wsnb-widget-static"') >= 5
    assert "it needs a live kernel" in page
    assert html.escape("Plan 66fd88: Create file notes/todo.md") in page


def test_every_tutorial_has_a_page(site: Site) -> None:
    notebooks = sorted(p.stem for p in (REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    pages = sorted(p.stem for p in (site.html / "tutorials").glob("[0-9][0-9]_*.html"))
    assert pages == notebooks and len(pages) >= 8


def test_the_guide_exists_in_both_languages() -> None:
    english = sorted(p.name for p in (DOCS / "guide").glob("*.md"))
    chinese = sorted(p.name for p in (DOCS / "zh_CN" / "guide").glob("*.md"))
    assert english == chinese and len(english) >= 9


def test_the_language_switch_links_the_same_page(site: Site) -> None:
    english = (site.html / "guide" / "plans.html").read_text("utf-8")
    assert 'href="../zh_CN/guide/plans.html"' in english
    chinese = (site.html / "zh_CN" / "guide" / "plans.html").read_text("utf-8")
    assert 'href="../../guide/plans.html"' in chinese
    # A page with no Chinese twin switches to the Chinese home page.
    api = (site.html / "api" / "index.html").read_text("utf-8")
    assert 'href="../zh_CN/index.html"' in api


@pytest.mark.parametrize("page", ["getting-started.md", "zh_CN/getting-started.md"])
def test_getting_started_has_the_readme_commands_exactly(page: str) -> None:
    readme = (REPO / "README.md").read_text("utf-8")
    commands = re.findall(r"```bash\n(python3 -m venv [^\n]+)\n```", readme)[:2]
    text = (DOCS / page).read_text("utf-8")
    assert len(commands) == 2
    assert all(command in text for command in commands)
