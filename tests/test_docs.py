"""The documentation site builds with warnings as errors, in English and Chinese, and its API
reference has an entry for every public name (the objects those return included); the
tutorials' widgets come with the state that draws them, the Chinese index holds Chinese words,
no link is dead, and the screenshots show the faces as they are now."""

from __future__ import annotations

import html
import json
import re
import struct
import sys
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import docshots
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


def _state(page: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>',
                      page, flags=re.DOTALL)  # fmt: skip
    assert found, "the page holds no widget state"
    state: dict[str, Any] = json.loads(found.group(1))["state"]
    return state


def test_a_tutorials_cards_are_drawn_from_their_saved_state(site: Site) -> None:
    page = (site.html / "tutorials" / "03_plans.html").read_text("utf-8")
    views = re.findall(r'<script type="application/vnd.jupyter.widget-view\+json">(.*?)</script>',
                       page, flags=re.DOTALL)  # fmt: skip
    state = _state(page)
    assert len(views) >= 5
    assert all(json.loads(view)["model_id"] in state for view in views)
    cards = [m for m in state.values() if "wsnb-plan-card" in m["state"].get("_dom_classes", [])]
    assert len(cards) >= 5
    buttons = {m["state"].get("description") for m in state.values()
               if m["model_name"] == "ButtonModel"}  # fmt: skip
    assert "Confirm" in buttons
    # The manager's script is the site's own, never a CDN's.
    assert 'src="../_static/wsnb-widgets/embed.js"' in page
    assert (site.html / "_static" / "wsnb-widgets" / "embed.js").stat().st_size > 100_000


def test_the_site_loads_nothing_from_elsewhere_and_draws_only_ipywidgets(site: Site) -> None:
    for path in (site.html / "tutorials").glob("*.html"):
        page = path.read_text("utf-8")
        assert not re.search(r"<script[^>]+src=\"https?://", page), path.name
        if "widget-state+json" in page:
            modules = {m["model_module"] for m in _state(page).values()}
            assert modules <= {"@jupyter-widgets/base", "@jupyter-widgets/controls",
                               "@jupyter-widgets/output"}, (path.name, modules)  # fmt: skip


def test_no_temporary_folder_shows_on_a_tutorial_page(site: Site) -> None:
    for path in (site.html / "tutorials").glob("[0-9][0-9]_*.html"):
        page = path.read_text("utf-8")
        shown = set(re.findall(r"/tmp/[\w.-]+", page)) - {"/tmp/tutorial", "/tmp/sample"}
        assert not shown, (path.name, shown)
        assert sys.prefix not in page, path.name


def test_the_chat_shows_as_its_screenshot_in_both_themes(site: Site) -> None:
    page = (site.html / "tutorials" / "05_agent.html").read_text("utf-8")
    for theme in docshots.THEMES:
        assert f'class="only-{theme}" src="../_static/screenshots/chat-{theme}.png"' in page
        assert (site.html / "_static" / "screenshots" / f"chat-{theme}.png").is_file()


def test_each_tutorial_page_offers_its_notebook(site: Site) -> None:
    for notebook in sorted((REPO / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        page = (site.html / "tutorials" / f"{notebook.stem}.html").read_text("utf-8")
        link = re.search(rf'href="\.\./(_downloads/\w+/{notebook.name})"', page)
        assert link, notebook.name
        assert (site.html / link.group(1)).read_bytes() == notebook.read_bytes()


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
    # A page with no Chinese twin switches to the Chinese page about it.
    api = (site.html / "api" / "index.html").read_text("utf-8")
    assert 'href="../zh_CN/guide/index.html"' in api
    tutorial = (site.html / "tutorials" / "03_plans.html").read_text("utf-8")
    assert 'href="../zh_CN/guide/plans.html"' in tutorial
    reference = (site.html / "api" / "generated" / "wsnb.open_workspace.html").read_text("utf-8")
    assert 'href="../../zh_CN/guide/workspace.html"' in reference


def test_the_chinese_index_holds_chinese_words(site: Site) -> None:
    text = (site.html / "zh_CN" / "searchindex.js").read_text("utf-8")
    terms = json.loads(text[text.index("(") + 1 : text.rindex(")")])["terms"]
    assert "计划" in terms and "撤销" in terms
    assert sum(1 for term in terms if re.search(r"[\u4e00-\u9fff]", term)) > 300


def test_the_chinese_pages_speak_chinese_in_the_theme_too(site: Site) -> None:
    page = (site.html / "zh_CN" / "guide" / "plans.html").read_text("utf-8")
    for english in ("Collapse Sidebar", "System Settings", "Search the docs", "Color mode"):
        assert english not in page
    assert "收起侧边栏" in page and "跟随系统" in page


def test_the_chinese_guide_links_into_the_api_reference(site: Site) -> None:
    links = 0
    for page in (site.html / "zh_CN" / "guide").glob("*.html"):
        links += len(re.findall(r'href="\.\./\.\./api/generated/wsnb\.[\w.]+\.html#',
                                page.read_text("utf-8")))  # fmt: skip
    assert links >= 25


def test_return_types_link_into_pandas_and_python(site: Site) -> None:
    text = "".join(p.read_text("utf-8") for p in (site.html / "api" / "generated").glob("*.html"))
    assert "https://pandas.pydata.org/docs/reference/api/pandas.DataFrame.html" in text
    assert "https://docs.python.org/3/library/pathlib.html#pathlib.Path" in text
    faces = (site.html / "guide" / "faces.html").read_text("utf-8")
    assert "https://ipywidgets.readthedocs.io/en/stable/" in faces
    meaning = (site.html / "guide" / "meaning.html").read_text("utf-8")
    assert "https://numpy.org/doc/stable/reference/generated/numpy.ndarray.html" in meaning


def test_an_error_page_lists_no_inherited_members(site: Site) -> None:
    page = (site.html / "api" / "generated" / "wsnb.ConflictError.html").read_text("utf-8")
    assert "with_traceback" not in page and "add_note" not in page


def _dead_links(html_root: Path) -> list[str]:
    """Every link between the pages of both sites whose file or anchor does not exist."""
    ids: dict[Path, set[str]] = {}
    dead = []
    for page in html_root.rglob("*.html"):
        if "_static" in page.relative_to(html_root).parts:
            continue  # the theme's template fragments, not pages
        for href in re.findall(r'\shref="([^"]*)"', page.read_text("utf-8")):
            parts = urlsplit(html.unescape(href))
            if parts.scheme or href.startswith(("mailto:", "javascript:")):
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if not target.exists():
                dead.append(f"{page.relative_to(html_root)}: {href}")
            elif parts.fragment and target.suffix == ".html":
                if target not in ids:
                    text = target.read_text("utf-8")
                    ids[target] = set(re.findall(r'\s(?:id|name)="([^"]+)"', text))
                if unquote(parts.fragment) not in ids[target]:
                    dead.append(f"{page.relative_to(html_root)}: {href}")
    return dead


def test_no_link_on_either_site_is_dead(site: Site) -> None:
    assert _dead_links(site.html) == []


@pytest.mark.parametrize("language", docshots.LANGUAGES)
def test_the_screenshots_exist_and_show_the_faces_as_they_are(tmp_path: Path,
                                                              language: str) -> None:  # fmt: skip
    manifest = json.loads(docshots.MANIFEST.read_text("utf-8"))
    for name in docshots.FACES:
        for theme in docshots.THEMES:
            data = docshots.shot_path(name, theme, language).read_bytes()
            assert data[:8] == b"\x89PNG\r\n\x1a\n", name
            width, height = struct.unpack(">II", data[16:24])
            assert width >= 400 and height >= 150, (name, theme, width, height)
    taken = manifest["fingerprints"][language]
    moved = sorted(name for name, fingerprint in docshots.fingerprints(tmp_path, language).items()
                   if taken.get(name) != fingerprint)  # fmt: skip
    assert not moved, (f"The markup of {moved} changed since its screenshots were taken; "
                       f"take them again: {docshots.COMMAND}")


@pytest.mark.parametrize(("readme", "folder"), [("README.md", ""), ("README.zh-CN.md", "zh/")])
def test_each_readme_shows_screenshots_near_the_top(readme: str, folder: str) -> None:
    text = (REPO / readme).read_text("utf-8")
    second = text.index("\n## ", text.index("\n## ") + 1)
    shown = set(re.findall(rf"docs/_static/screenshots/{folder}([\w-]+)-(?:light|dark)\.png",
                           text[:second]))  # fmt: skip
    assert 2 <= len(shown) <= 3 and shown <= set(docshots.FACES), shown
    language = "zh" if folder else "en"
    assert all(docshots.shot_path(name, "dark", language).is_file() for name in shown)


@pytest.mark.parametrize("page", ["getting-started.md", "zh_CN/getting-started.md"])
def test_getting_started_has_the_readme_commands_exactly(page: str) -> None:
    readme = (REPO / "README.md").read_text("utf-8")
    commands = re.findall(r"```bash\n(python3 -m venv [^\n]+)\n```", readme)[:2]
    text = (DOCS / page).read_text("utf-8")
    assert len(commands) == 2
    assert all(command in text for command in commands)
