"""Sphinx configuration of the Chinese site: the English one's, in Chinese, for the pages
translated here (getting started and the user guide). The tutorials, the API reference, the
changelog and the contributing guide are the English site's, linked from the navbar.

Built into the English site's ``zh_CN/`` folder:
``python -m sphinx -W --keep-going -b html docs/zh_CN docs/_build/html/zh_CN``.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DOCS = HERE.parent
sys.path.insert(0, str(DOCS / "_ext"))

import wsnbdocs  # noqa: E402

import wsnb  # noqa: E402

project = "wsnb"
author = "the wsnb authors"
copyright = "the wsnb authors"
release = version = wsnb.__version__
language = "zh_CN"

extensions = ["myst_parser", "sphinx.ext.intersphinx", "sphinx_copybutton", "wsnbdocs"]
root_doc = "index"
exclude_patterns = ["_build", "_locale"]
# The theme's strings its own Chinese catalog leaves in English (_locale/.../sphinx.po).
locale_dirs = ["_locale"]
templates_path = [str(DOCS / "_templates")]
html_static_path = [str(DOCS / "_static")]
html_css_files = ["wsnb.css"]
myst_enable_extensions = ["colon_fence", "deflist", "fieldlist"]
myst_heading_anchors = 3

# API names link into the English reference (wsnbdocs adds its inventory, built just before);
# Python's and pandas' as the English site does.
intersphinx_mapping = {
    name: (url, str(wsnbdocs.inventory(name))) for name, url in wsnbdocs.INTERSPHINX.items()
}
copybutton_exclude = ".linenos, .gp, .go"

html_theme = "pydata_sphinx_theme"
html_title = "wsnb"
html_favicon = str(DOCS / "_static" / "favicon.svg")
html_show_sourcelink = False
html_theme_options = {
    "navbar_center": ["navbar-nav", "wsnb-english-sections"],
    "navbar_end": ["wsnb-language", "theme-switcher", "navbar-icon-links"],
    "navbar_align": "left",
    "search_bar_text": "搜索文档……",
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}
html_sidebars = {"index": [], "getting-started": []}
