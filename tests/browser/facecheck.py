"""What the face tests measure on the page: themes, contrast on screenshot pixels, clipping.

Contrast is WCAG's: the relative luminance of two sRGB colours, (L1 + 0.05) / (L2 + 0.05).
It is measured on the pixels of a screenshot of a row's *text* (the rectangle of its text
node, found in the page), never read from CSS: the background is the rectangle's most common
colour and the text the colour that differs most from it, so a theme variable that resolves
badly shows up as a low ratio.
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}
WCAG_AA = 4.5

_TEXT_BOX = """
element => {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    if (node.textContent.trim()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      return {x: box.x, y: box.y, width: box.width, height: box.height};
    }
  }
  return null;
}
"""


def shots_dir(default: Path) -> Path:
    """Where screenshots go: ``WSNB_SCREENSHOTS`` when set (to keep and look at), else a tmp dir."""
    chosen = Path(os.environ.get("WSNB_SCREENSHOTS", "") or default)
    chosen.mkdir(parents=True, exist_ok=True)
    return chosen


def set_theme(page: Page, theme: str) -> None:
    """Switch JupyterLab's theme (the Settings menu's command) and wait until it applies."""
    light = "true" if theme == "light" else "false"
    page.evaluate(f"() => window.jupyterapp.commands.execute('apputils:change-theme', "
                  f"{{theme: '{THEMES[theme]}'}})")  # fmt: skip
    page.wait_for_function(
        f"() => document.body.dataset.jpThemeLight === '{light}'", timeout=20_000
    )
    page.wait_for_timeout(300)  # the theme's style sheet swaps in after the attribute


def luminance(rgb: tuple[int, int, int]) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(first: tuple[int, int, int], second: tuple[int, int, int]) -> float:
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def text_contrast(page: Page, element: Locator, path: Path | None = None) -> float:
    """The contrast of ``element``'s first text against its background, from screenshot pixels."""
    from PIL import Image

    element.scroll_into_view_if_needed()
    box = element.evaluate(_TEXT_BOX)
    assert box is not None and box["width"] > 0, "the element shows no text"
    png = page.screenshot(clip=box)
    if path is not None:
        path.write_bytes(png)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20)
    assert colours
    background = max(colours)[1]
    # The text's own colour: the one most unlike the background that covers a few pixels
    # (glyph stems), not a single anti-aliasing speck.
    seen = [colour for count, colour in colours if count >= 3] or [c for _n, c in colours]
    return max(ratio(background, colour) for colour in seen)


_OVERFLOW = """
root => {
  // The box an element must fit in: its nearest ancestor that clips, or the root. An
  // ancestor that scrolls shows what is beyond by scrolling: nothing is lost there.
  const frame = (el) => {
    for (let up = el.parentElement; up && up !== root; up = up.parentElement) {
      const overflow = getComputedStyle(up).overflowX;
      if (overflow === 'auto' || overflow === 'scroll') { return null; }
      if (overflow !== 'visible') { return up; }
    }
    return root;
  };
  return [...root.querySelectorAll('*')].filter((el) => {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') { return false; }
    const outer = frame(el);
    if (outer === null) { return false; }
    const box = el.getBoundingClientRect();
    const edge = outer.getBoundingClientRect();
    return box.width > 0 && box.height > 0
      && (box.right > edge.right + 1 || box.left < edge.left - 1);
  }).map((el) => `${el.tagName}.${[...el.classList].join('.')} `
                 + `${el.textContent.trim().slice(0, 30)}`);
}
"""

_LAST_ROW = """
tree => {
  tree.scrollTop = tree.scrollHeight;
  const rows = [...tree.querySelectorAll('.wsnb-node, .wsnb-note')]
    .filter((el) => el.getBoundingClientRect().height > 0);
  const last = rows[rows.length - 1].getBoundingClientRect();
  const box = tree.getBoundingClientRect();
  return {rowBottom: last.bottom, treeBottom: box.top + tree.clientTop + tree.clientHeight,
          scrollable: tree.scrollHeight > tree.clientHeight,
          text: rows[rows.length - 1].textContent};
}
"""


def sticking_out(root: Locator) -> list[str]:
    """Elements inside ``root`` drawn beyond its left or right edge (clipped or overflowing)."""
    found: list[str] = root.evaluate(_OVERFLOW)
    return found


def last_row(tree: Locator) -> dict[str, float | bool | str]:
    """The tree scrolled to its end: where its last row ends and where the tree's box ends."""
    found: dict[str, float | bool | str] = tree.evaluate(_LAST_ROW)
    return found


_ELLIPSIZED = """
root => [...root.querySelectorAll('button')]
  .filter((b) => b.getBoundingClientRect().width > 0 && b.textContent.trim()
                 && b.scrollWidth > b.clientWidth + 1)
  .map((b) => `${b.textContent.trim()} (${b.scrollWidth} > ${b.clientWidth})`)
"""

_SIDEWAYS = """
root => [...root.querySelectorAll('*')]
  .filter((el) => el.getBoundingClientRect().width > 0 && el.scrollWidth > el.clientWidth + 1
                  && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX))
  .map((el) => `${el.tagName}.${[...el.classList].join('.')} ${el.scrollWidth} > ${el.clientWidth}`)
"""

# The size a chart's text is drawn at on screen: its font size through every scale above it
# (its own transform, the viewBox fitted to the room it has).
_CHART_TEXT_PX = """
root => [...root.querySelectorAll('.wsnb-chart svg text')]
  .filter((t) => t.getBoundingClientRect().width > 0 && t.textContent.trim())
  .map((t) => {
    const m = t.getScreenCTM();
    return parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
  })
"""


def ellipsized_buttons(root: Locator) -> list[str]:
    """Visible buttons inside ``root`` whose label does not fit (cut to "Re…")."""
    found: list[str] = root.evaluate(_ELLIPSIZED)
    return found


def scrolling_sideways(root: Locator) -> list[str]:
    """Elements inside ``root`` that scroll sideways because their content is wider."""
    found: list[str] = root.evaluate(_SIDEWAYS)
    return found


def chart_text_px(root: Locator) -> list[float]:
    """The on-screen size in CSS px of every text in the charts inside ``root``."""
    found: list[float] = root.evaluate(_CHART_TEXT_PX)
    return found
