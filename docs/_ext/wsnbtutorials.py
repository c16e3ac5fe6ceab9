"""The tutorials on the site: the notebooks of ``notebooks/``, run for the docs with their widgets.

Each ``notebooks/NN_*.ipynb`` is executed at build time (nbclient, two at a time, each in a
fresh kernel) with its widget state stored in ``metadata.widgets``, so myst-nb renders every
card, explorer and inbox with the ipywidgets HTML manager, served from the site itself. The
result is written to ``docs/tutorials/`` (never edited by hand, ignored by git) under a key of
the notebook's bytes and the package's sources: an unchanged tutorial is not run again.

What the static page cannot draw is replaced before it is written:

- the temporary folders a tutorial makes show as ``/tmp/tutorial`` (never a random name);
- the widget state keeps only the models the outputs show, and every model whose front end is
  not ipywidgets' own (the anywidget message box and result list, a sidecar) becomes an HTML
  model that draws the same thing inertly, so the page loads no code from anywhere else;
- an output listed in ``SCREENSHOTS`` (the chat, whose point is its live box) becomes the
  real-browser tests' screenshot of it, light and dark.

A new tutorial needs nothing here: a notebook named ``notebooks/NN_name.ipynb`` is run, gets
its page (the tutorials' toctree is a glob) and its download link at the next build.
"""

from __future__ import annotations

import asyncio
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parents[1]
REPO = DOCS.parent
NOTEBOOKS = REPO / "notebooks"
SCREENSHOT_DIR = DOCS / "_static" / "screenshots"

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
IPYWIDGETS_MODULES = {"@jupyter-widgets/base", "@jupyter-widgets/controls",
                      "@jupyter-widgets/output"}  # fmt: skip
# How a path a tutorial's temporary folder holds is shown on the page.
SHOWN_TMP = "/tmp/tutorial"
SHOWN_VENV = ".venv/bin/"
# At most this many kernels at once: the build machine has two cores.
PARALLEL = 2
TIMEOUT_S = 300

# A top-level widget (by one of its DOM classes) shown as the browser tests' screenshot.
SCREENSHOTS = {
    "wsnb-chat": ("chat", "The chat in JupyterLab, answering in Chinese (a screenshot: its "
                             "message box needs a live kernel)."),
}  # fmt: skip

# The HTML manager of ipywidgets 8 (npm @jupyter-widgets/html-manager 1.x): its self-contained
# embed.js and the icon fonts it loads, copied into the site's _static/wsnb-widgets/.
HTML_MANAGER_VERSION = "1.0.15"
WIDGETS_JS = "wsnb-widgets/embed.js"  # under _static/
FONTS = {".woff2", ".woff"}  # every browser the site serves takes one of these
HTML_MANAGER_HELP = (
    "The ipywidgets HTML manager that draws the tutorials' widgets is not installed. From the "
    "repository's root: npm pack --silent --pack-destination .cache "
    f"@jupyter-widgets/html-manager@{HTML_MANAGER_VERSION} && mkdir -p .cache/html-manager && "
    f"tar -xzf .cache/jupyter-widgets-html-manager-{HTML_MANAGER_VERSION}.tgz -C "
    ".cache/html-manager (or point WSNB_HTML_MANAGER at its dist/ folder)."
)


def html_manager_dist() -> Path | None:
    """The folder holding the HTML manager's ``embed.js``, or None when it is not installed."""
    configured = os.environ.get("WSNB_HTML_MANAGER")
    candidates = [Path(configured)] if configured else []
    candidates.append(REPO / ".cache" / "html-manager" / "package" / "dist")
    return next((c for c in candidates if (c / "embed.js").is_file()), None)


def copy_html_manager(outdir: Path) -> bool:
    """Copy ``embed.js`` and its fonts into ``outdir/_static/wsnb-widgets``; False if absent."""
    dist = html_manager_dist()
    if dist is None:
        return False
    target = outdir / "_static" / "wsnb-widgets"
    target.mkdir(parents=True, exist_ok=True)
    for source in dist.iterdir():
        wanted = source.name in {"embed.js", "embed.js.LICENSE.txt"} or source.suffix in FONTS
        if wanted and not (target / source.name).exists():
            shutil.copy2(source, target / source.name)
    return True


# -- the cache key ---------------------------------------------------------------------------


def _sources_digest() -> str:
    """What a tutorial's outputs depend on besides its own cells: the package and this file."""
    digest = hashlib.sha256(Path(__file__).read_bytes())
    package = REPO / "wsnb"
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            digest.update(path.relative_to(package).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _key(source: Path, sources: str) -> str:
    return hashlib.sha256(source.read_bytes() + sources.encode()).hexdigest()[:16]


def _stored_key(target: Path) -> str | None:
    try:
        notebook = json.loads(target.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    key = notebook.get("metadata", {}).get("wsnb_docs", {}).get("key")
    return key if isinstance(key, str) else None


# -- running a notebook ----------------------------------------------------------------------


async def _run(source: Path, scratch: Path) -> dict[str, Any]:
    """Execute one notebook in a fresh kernel, its temporary folders under ``scratch``."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(source, as_version=4)
    env = {**os.environ, "TMPDIR": str(scratch), "XDG_DATA_HOME": str(scratch / "share"),
           "WSNB_LANGUAGE": "en"}  # fmt: skip
    client = NotebookClient(notebook, timeout=TIMEOUT_S, kernel_name="python3",
                            store_widget_state=True,
                            resources={"metadata": {"path": str(NOTEBOOKS)}})  # fmt: skip
    # The kernel's own log (its transport warning) stays out of the build's output; what the
    # cells print comes back through the kernel's messages, into the outputs.
    await client.async_execute(env=env, stderr=subprocess.DEVNULL)
    return dict(notebook)


async def _run_all(sources: list[Path]) -> dict[Path, dict[str, Any] | BaseException]:
    gate = asyncio.Semaphore(PARALLEL)
    results: dict[Path, dict[str, Any] | BaseException] = {}

    async def one(source: Path) -> None:
        async with gate:
            scratch = Path(tempfile.mkdtemp(prefix="wsnb-docs-run-"))
            try:
                notebook = await _run(source, scratch)
                results[source] = json.loads(_hide_scratch(json.dumps(notebook), scratch))
            except Exception as error:  # reported by the caller, with the notebook's name
                results[source] = error
            finally:
                shutil.rmtree(scratch, ignore_errors=True)

    await asyncio.gather(*(one(s) for s in sources))
    return results


def _hide_scratch(text: str, scratch: Path) -> str:
    """Every path under ``scratch`` shown under ``SHOWN_TMP`` (its random first part gone), and
    the build's Python (an MCP client's command) as a virtual environment's."""
    text = text.replace(os.path.dirname(sys.executable) + "/", SHOWN_VENV)
    for root in {str(scratch), os.path.realpath(scratch)}:
        text = re.sub(re.escape(root) + r"/[^/\s'\"<>)\]\\]+", SHOWN_TMP, text)
        text = text.replace(root, SHOWN_TMP)
    return text


# -- what a static page can draw -------------------------------------------------------------


def _views(notebook: dict[str, Any]) -> Iterable[tuple[dict[str, Any], str]]:
    """Every stored widget view: (its output, its model id)."""
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []) if cell["cell_type"] == "code" else []:
            view = output.get("data", {}).get(WIDGET_VIEW)
            if view:
                yield output, view["model_id"]


def _reachable(state: dict[str, Any], roots: Iterable[str]) -> set[str]:
    seen: set[str] = set()
    todo = [r for r in roots if r in state]
    while todo:
        model_id = todo.pop()
        if model_id in seen:
            continue
        seen.add(model_id)
        text = json.dumps(state[model_id]["state"])
        todo += [m for m in re.findall(r"IPY_MODEL_([0-9a-f]+)", text) if m in state]
    return seen


def _chat_box_html(model: dict[str, Any]) -> str:
    from wsnb.widgets import chatinput

    state = model["state"]
    label = html.escape(state.get("label", ""))
    return (f"<style>{chatinput._CSS}</style><div class='wsnb-chat-input'>"
            f"<textarea class='wsnb-chat-box' rows='1' disabled aria-label='{label}' "
            f"title='{label}' placeholder='{html.escape(state.get('placeholder', ''))}'>"
            "</textarea></div>")  # fmt: skip


def _result_list_html(model: dict[str, Any]) -> str:
    from wsnb.widgets import resultlist

    state = model["state"]
    rows = []
    for index, item in enumerate(state.get("items", [])):
        selected = " wsnb-selected" if index == state.get("value") else ""
        cells = "".join(
            f"<span class='wsnb-cell wsnb-{html.escape(cell['kind'])}'>"
            + "".join(f"<{'mark' if hit else 'span'}>{html.escape(text)}"
                      f"</{'mark' if hit else 'span'}>" for text, hit in cell["parts"])
            + "</span>"
            for cell in item["cells"]
        )  # fmt: skip
        title = html.escape(item.get("title", ""))
        rows.append(f"<div class='wsnb-result{selected}' title='{title}'>{cells}</div>")
    if not rows:
        return ""
    height = state.get("rows", 3) * 24 + 2
    return (f"<style>{resultlist._CSS}</style><div class='wsnb-result-list' role='listbox' "
            f"style='max-height: {height}px'>{''.join(rows)}</div>")  # fmt: skip


def _inert_html(model: dict[str, Any]) -> str:
    """What an HTML model shows instead of a model whose front end only a kernel page loads."""
    anywidget_id = model["state"].get("_anywidget_id", "")
    if anywidget_id.endswith("chatinput.ChatInput"):
        return _chat_box_html(model)
    if anywidget_id.endswith("resultlist.ResultList"):
        return _result_list_html(model)
    return ""  # a sidecar, say: it draws in JupyterLab's side area, never in the output


def _as_html_model(model_id: str, model: dict[str, Any], state: dict[str, Any]) -> None:
    """Replace ``state[model_id]`` by an ipywidgets HTML model (and its own style model)."""
    own = model["state"]
    style_id = f"{model_id}0style"
    state[style_id] = {
        "model_module": "@jupyter-widgets/controls", "model_module_version": "2.0.0",
        "model_name": "HTMLStyleModel",
        "state": {"_model_module": "@jupyter-widgets/controls",
                  "_model_module_version": "2.0.0", "_model_name": "HTMLStyleModel",
                  "_view_count": None, "_view_module": "@jupyter-widgets/base",
                  "_view_module_version": "2.0.0", "_view_name": "StyleView",
                  "background": None, "description_width": "", "font_size": None,
                  "text_color": None},
    }  # fmt: skip
    state[model_id] = {
        "model_module": "@jupyter-widgets/controls", "model_module_version": "2.0.0",
        "model_name": "HTMLModel",
        "state": {"_dom_classes": own.get("_dom_classes", []),
                  "_model_module": "@jupyter-widgets/controls",
                  "_model_module_version": "2.0.0", "_model_name": "HTMLModel",
                  "_view_count": None, "_view_module": "@jupyter-widgets/controls",
                  "_view_module_version": "2.0.0", "_view_name": "HTMLView",
                  "description": "", "description_allow_html": False,
                  "layout": own.get("layout"), "placeholder": "",
                  "style": f"IPY_MODEL_{style_id}", "tabbable": None, "tooltip": None,
                  "value": _inert_html(model)},
    }  # fmt: skip
    if not own.get("layout"):
        del state[model_id]["state"]["layout"]


def _screenshot_html(name: str, caption: str) -> str:
    images = "".join(
        f'<img class="only-{theme}" src="../_static/screenshots/{name}-{theme}.png" '
        f'alt="{html.escape(caption)}" loading="lazy">'
        for theme in ("light", "dark")
    )
    return (f'<figure class="wsnb-screenshot">{images}'
            f"<figcaption>{html.escape(caption)}</figcaption></figure>")  # fmt: skip


def make_static(notebook: dict[str, Any]) -> None:
    """Prune and rewrite the widget state (see the module's docstring), in place."""
    stored = notebook.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {})
    state: dict[str, Any] = stored.get("state", {})
    roots = []
    for output, model_id in _views(notebook):
        classes = state.get(model_id, {}).get("state", {}).get("_dom_classes", [])
        shot = next((SCREENSHOTS[c] for c in classes if c in SCREENSHOTS), None)
        if shot is not None:
            text = output["data"].get("text/plain", "")
            output["data"] = {"text/html": _screenshot_html(*shot), "text/plain": text}
        elif model_id in state:
            roots.append(model_id)
        else:  # a view of a model the kernel closed: nothing to draw
            output["data"] = {"text/plain": output["data"].get("text/plain", "")}
    kept = {m: state[m] for m in _reachable(state, roots)}
    for model_id, model in list(kept.items()):
        if model["model_module"] not in IPYWIDGETS_MODULES:
            _as_html_model(model_id, model, kept)
    if kept:
        notebook["metadata"]["widgets"] = {WIDGET_STATE: {**stored, "state": kept}}
    else:
        notebook["metadata"].pop("widgets", None)


def _with_download(notebook: dict[str, Any], source: Path) -> None:
    """A line under the title: the notebook to download, and how the page was made."""
    text = (
        f"{{download}}`Download this notebook <../../notebooks/{source.name}>` "
        f"(`notebooks/{source.name}` in the repository) to run it in JupyterLab. "
        "This page is that notebook, run for the site: its cards and views are drawn from "
        "the widget state the run saved, so they show where the run left them."
    )
    cell = {"cell_type": "markdown", "id": "wsnb-download", "metadata": {},
            "source": f":::{{note}}\n{text}\n:::\n"}  # fmt: skip
    cells = notebook["cells"]
    first_markdown = next((i for i, c in enumerate(cells) if c["cell_type"] == "markdown"), -1)
    cells.insert(first_markdown + 1, cell)


# -- the build step --------------------------------------------------------------------------


def prepare(dest: Path = DOCS / "tutorials") -> tuple[list[str], list[str]]:
    """Run the tutorials that changed and write their pages' notebooks into ``dest``.

    Returns (the tutorials' names in order, one sentence per notebook that failed to run).
    """
    sources = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    digest = _sources_digest()
    keys = {s: _key(s, digest) for s in sources}
    stale = [s for s in sources if _stored_key(dest / s.name) != keys[s]]
    failures = []
    results = asyncio.run(_run_all(stale)) if stale else {}
    for source in stale:
        result = results[source]
        if isinstance(result, BaseException):
            failures.append(f"{source.name} failed to run for the docs: {result}")
            continue
        make_static(result)
        _with_download(result, source)
        result["metadata"]["wsnb_docs"] = {"key": keys[source]}
        text = json.dumps(result, ensure_ascii=False, indent=1) + "\n"
        (dest / source.name).write_text(text, encoding="utf-8")
    for old in dest.glob("[0-9][0-9]_*.ipynb"):
        if old.name not in {s.name for s in sources}:
            old.unlink()  # a renamed or removed tutorial leaves no orphan page
    return [s.stem for s in sources], failures
