"""Sphinx configuration of wsnb's documentation (English). ``zh_CN/conf.py`` reuses it."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

import wsnbdocs  # noqa: E402
import wsnbtutorials  # noqa: E402

import wsnb  # noqa: E402

project = "wsnb"
author = "the wsnb authors"
copyright = "the wsnb authors"
release = version = wsnb.__version__
language = "en"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "sphinx.ext.intersphinx",
    "sphinx_copybutton",
    "wsnbdocs",
]

root_doc = "index"
exclude_patterns = ["_build", "_ext", "_templates", "zh_CN", "**/.ipynb_checkpoints", "README.md"]
templates_path = [str(HERE / "_templates")]
html_static_path = [str(HERE / "_static")]
html_css_files = ["wsnb.css", "wsnb-widgets-dark.css"]

# -- MyST and the notebooks: rendered from their stored outputs, never executed here ---------
myst_enable_extensions = ["colon_fence", "deflist", "fieldlist"]
myst_heading_anchors = 3
nb_execution_mode = "off"  # wsnbtutorials runs them, with their widget state
nb_merge_streams = True
# The ipywidgets HTML manager draws the stored widgets, from the site itself (no CDN).
nb_ipywidgets_js = {wsnbtutorials.WIDGETS_JS: {}}

# -- the API reference -----------------------------------------------------------------------
autosummary_generate = True
autosummary_imported_members = True
autodoc_default_options = {"members": True, "inherited-members": True, "member-order": "groupwise"}
# The NumPy docstrings say each type in words; the hints would repeat them (pd.DataFrame twice).
autodoc_typehints = "none"
autodoc_member_order = "groupwise"
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_rtype = False
# The docstrings' short type names, linked into pandas', numpy's and Python's references.
napoleon_preprocess_types = True
napoleon_type_aliases = {
    "DataFrame": "pandas.DataFrame", "pd.DataFrame": "pandas.DataFrame",
    "Series": "pandas.Series", "pd.Series": "pandas.Series", "Timestamp": "pandas.Timestamp",
    "ndarray": "numpy.ndarray", "np.ndarray": "numpy.ndarray", "Path": "pathlib.Path",
}

# -- links into other projects' documentation -------------------------------------------------
# The inventories are files here, so the build needs no network: Python's and pandas' are the
# objects.inv of Debian's python3.11-doc and python-pandas-doc; numpy and ipywidgets publish
# none that a package ships, so wsnbdocs writes theirs from _inventories/*.txt (the names our
# pages use, each with the page that documents it).
intersphinx_mapping = {
    name: (url, str(wsnbdocs.inventory(name))) for name, url in wsnbdocs.INTERSPHINX.items()
}

# -- copying the examples: the prompt and the output are not copied -------------------------
copybutton_exclude = ".linenos, .gp, .go"

# -- the theme -------------------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = "wsnb"
html_favicon = "_static/favicon.svg"  # a browser asks for one: no 404 in the console
html_show_sourcelink = False
html_theme_options = {
    "navbar_end": ["wsnb-language", "theme-switcher", "navbar-icon-links"],
    "navbar_align": "left",
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}
html_sidebars = {"index": [], "getting-started": [], "changelog": [], "contributing": []}

# The API page is written before Sphinx reads the sources (only when it changed); the
# tutorials are run when the builder starts (wsnbdocs.run_tutorials).
wsnbdocs.write_api_page()
