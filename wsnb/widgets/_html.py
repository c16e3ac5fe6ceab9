"""Small HTML pieces shared by the widgets: badges, coloured diffs, numbered code.

Everything that comes from the workspace (file names, contents, messages that
quote them) is untrusted, so every function here escapes what it is given;
callers pass plain text, never HTML. Colours are half-transparent or
JupyterLab theme variables, so the pieces read in light and dark themes.
"""

from __future__ import annotations

import html
import re

from ..i18n import N_, _
from ..text.nbdiff import SECTION
from ..types import PlanState, Risk

__all__ = [
    "MAX_LINES",
    "RISK_COLOURS",
    "STATE_COLOURS",
    "badge",
    "code_block",
    "diff_block",
    "esc",
    "risk_badge",
    "state_badge",
]

# A card shows at most this many lines of a diff or a preview; the rest is counted.
MAX_LINES = 2000

RISK_COLOURS: dict[Risk, str] = {
    Risk.READ_ONLY: "#6e7781",
    Risk.LOW: "#1a7f37",
    Risk.MEDIUM: "#9a6700",
    Risk.HIGH: "#bc4c00",
    Risk.DANGEROUS: "#cf222e",
}
STATE_COLOURS: dict[PlanState, str] = {
    PlanState.BUILT: "#6e7781",
    PlanState.PENDING: "#0969da",
    PlanState.CONFIRMED: "#8250df",
    PlanState.DONE: "#1a7f37",
    PlanState.FAILED: "#cf222e",
    PlanState.CANCELLED: "#6e7781",
    PlanState.REFUSED: "#cf222e",
    PlanState.STALE: "#9a6700",
    PlanState.EXPIRED: "#6e7781",
    PlanState.INTERRUPTED: "#9a6700",
}

_MONO = "font-family: var(--jp-code-font-family, monospace); font-size: 12px;"
_BOX = (
    "max-height: 320px; overflow: auto; border: 1px solid var(--jp-border-color2, #ddd);"
    " border-radius: 4px; margin: 4px 0;"
)
# One style sheet per block, so a long diff does not repeat styles on every cell.
_SHEET = (
    "<style>"
    ".wsnb-code td { padding: 0 6px; line-height: 1.45; border: none; vertical-align: top; }"
    ".wsnb-code td.wsnb-n { text-align: right; width: 1%; white-space: nowrap;"
    " user-select: none;"
    " color: var(--jp-ui-font-color2, #8c959f);"
    " border-right: 1px solid var(--jp-border-color2, #ddd); }"
    ".wsnb-code td.wsnb-t { white-space: pre; padding: 0 8px; }"
    ".wsnb-code tr.wsnb-add { background: rgba(46, 160, 67, 0.18); }"
    ".wsnb-code tr.wsnb-del { background: rgba(248, 81, 73, 0.18); }"
    ".wsnb-code tr.wsnb-hunk { background: rgba(84, 174, 255, 0.15);"
    " color: var(--jp-ui-font-color2, #57606a); }"
    ".wsnb-code tr.wsnb-note { color: var(--jp-ui-font-color2, #57606a); font-style: italic; }"
    ".wsnb-code tr.wsnb-section td { font-weight: 600; padding-top: 3px; padding-bottom: 1px;"
    " background: var(--jp-layout-color2, rgba(127, 127, 127, 0.12));"
    " border-top: 1px solid var(--jp-border-color2, #ddd); }"
    ".wsnb-code tr.wsnb-hit td { background: var(--jp-search-selected-match-background-color,"
    " #f5c800); color: var(--jp-search-selected-match-color, #000); }"
    ".wsnb-code { color: var(--jp-content-font-color1, inherit); }"
    "</style>"
)
_ROW_CLASSES = {"+": "wsnb-add", "-": "wsnb-del", "@": "wsnb-hunk", "\\": "wsnb-note", " ": ""}
_HUNK = re.compile(r"^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@")


def esc(text: object) -> str:
    """``text`` made safe to place inside HTML (quotes too, for attributes)."""
    return html.escape(str(text), quote=True)


def badge(word: str, colour: str) -> str:
    """A small rounded label: white text on ``colour``; the word carries the meaning too."""
    return (
        f'<span style="background: {colour}; color: #fff; border-radius: 10px; '
        f"padding: 1px 8px; font-size: 11px; font-weight: 600; letter-spacing: 0.03em; "
        f'white-space: nowrap;">{esc(word)}</span>'
    )


RISK_WORDS: dict[Risk, str] = {
    Risk.READ_ONLY: N_("read only"),
    Risk.LOW: N_("low risk"),
    Risk.MEDIUM: N_("medium risk"),
    Risk.HIGH: N_("high risk"),
    Risk.DANGEROUS: N_("dangerous"),
}
STATE_WORDS: dict[PlanState, str] = {
    PlanState.BUILT: N_("built"),
    PlanState.PENDING: N_("waiting"),
    PlanState.CONFIRMED: N_("running"),
    PlanState.DONE: N_("done"),
    PlanState.FAILED: N_("failed"),
    PlanState.CANCELLED: N_("cancelled"),
    PlanState.REFUSED: N_("refused"),
    PlanState.STALE: N_("stale"),
    PlanState.EXPIRED: N_("expired"),
    PlanState.INTERRUPTED: N_("cut short"),
}


def risk_badge(risk: Risk) -> str:
    """``HIGH RISK`` coloured by risk (colour AND word, so it reads without colour)."""
    return badge(_(RISK_WORDS[risk]).upper(), RISK_COLOURS[risk])


def state_badge(state: PlanState) -> str:
    return badge(_(STATE_WORDS[state]).upper(), STATE_COLOURS[state])


def code_block(text: str, *, first_line: int = 1, max_lines: int = MAX_LINES,
               highlight: int | None = None) -> str:  # fmt: skip
    """Text as a scrolling block with line numbers; ``highlight`` marks one line (a hit)."""
    lines = text.splitlines()
    shown = lines[:max_lines]
    rows = [_row("wsnb-hit" if first_line + i == highlight else "", [first_line + i], line)
            for i, line in enumerate(shown)]  # fmt: skip
    return _table(rows, len(lines) - len(shown))


def diff_block(diff: str, *, max_lines: int = MAX_LINES) -> str:
    """A unified diff as a scrolling table: old and new line numbers, added/removed coloured."""
    lines = diff.splitlines()
    header = [line for line in lines[:2] if line.startswith(("--- ", "+++ "))]
    body = lines[len(header) :]
    rows: list[str] = []
    old = new = 0
    for line in body[:max_lines]:
        if line.startswith(SECTION):  # a notebook's cell: "cell 12 · code"
            rows.append(_row("wsnb-section", [None, None], line[len(SECTION):]))
            continue
        match = _HUNK.match(line)
        if match:
            old, new = int(match.group(1)), int(match.group(2))
            rows.append(_row(_ROW_CLASSES["@"], [None, None], line))
            continue
        kind = line[:1] if line[:1] in ("+", "-", "\\") else " "
        numbers = [old if kind in " -" else None, new if kind in " +" else None]
        rows.append(_row(_ROW_CLASSES[kind], numbers, line))
        old += kind in " -"
        new += kind in " +"
    return _table(rows, len(body) - len(body[:max_lines]))


def _row(css_class: str, numbers: list[int | None], text: str) -> str:
    cells = "".join(f'<td class="wsnb-n">{"" if n is None else n}</td>' for n in numbers)
    return f'<tr class="{css_class}">{cells}<td class="wsnb-t">{esc(text)}</td></tr>'


def _table(rows: list[str], more: int) -> str:
    tail = (
        '<div style="padding: 2px 8px; color: var(--jp-ui-font-color2, #57606a);">'
        + esc(_("… {count} more lines not shown").format(count=f"{more:,}")) + "</div>"
        if more > 0
        else ""
    )
    return (
        f'{_SHEET}<div class="wsnb-code" style="{_BOX}">'
        f'<table style="border-collapse: collapse; width: 100%; {_MONO}">'
        f"{''.join(rows)}</table>{tail}</div>"
    )
