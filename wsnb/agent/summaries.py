"""Extractive summaries of files, offline: what a file says about itself, quoted, not invented.

For each file: the title (first heading or first line), the headings, a
Python module docstring, the top-level definitions (Python, C/C++, JS/TS)
and the first paragraph of prose. Markdown goes through the notes' parser
(``wsnb.text.markdown``: front matter, ``` and ~~~ fences), so a summary and
a note agree on a file's title and headings. Nothing is paraphrased, so the
summary never claims what the file doesn't say.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from ..i18n import _
from ..text.markdown import note_meta, split_frontmatter
from ..types import FileText

__all__ = ["FileSummary", "summarize_text"]

MAX_HEADINGS = 8
MAX_DEFINITIONS = 12
MAX_PARAGRAPH = 300

_MD_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_C_DEFINITION = re.compile(
    r"^(?:class|struct|namespace|enum)\s+(\w+)|"
    r"^(?:[\w:<>*&\s]+?)\s+[*&]?(\w[\w:]*)\s*\([^;]*\)\s*(?:const\s*)?\{?\s*$")
_JS_DEFINITION = re.compile(
    r"^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?\s+(\w+)|class\s+(\w+)|"
    r"(?:const|let|var)\s+(\w+)\s*=\s*(?:async\s*)?(?:\(|function|\w+\s*=>))")
_C_SUFFIXES = {".c", ".h", ".cpp", ".hpp", ".cc", ".cxx", ".hh", ".java", ".cs", ".go", ".rs"}
_JS_SUFFIXES = {".js", ".ts", ".jsx", ".tsx", ".mjs", ".cjs"}


@dataclass
class FileSummary:
    """What one file says about itself."""

    path: str
    title: str = ""
    headings: list[str] = field(default_factory=list)
    docstring: str = ""
    definitions: list[str] = field(default_factory=list)
    paragraph: str = ""
    lines: int = 0

    def markdown(self) -> str:
        """The summary as a Markdown bullet block headed by the path."""
        out = [_("**`{path}`** ({lines} lines)").format(path=self.path, lines=self.lines)]
        if self.title:
            out.append(_("- title: {title}").format(title=self.title))
        if self.docstring:
            out.append(_("- docstring: {text}").format(text=self.docstring))
        if self.headings:
            out.append(_("- headings: {headings}").format(headings="; ".join(self.headings)))
        if self.definitions:
            names = ", ".join(f"`{d}`" for d in self.definitions)
            out.append(_("- defines: {names}").format(names=names))
        if self.paragraph and self.paragraph not in {self.title, self.docstring}:
            out.append(_("- first paragraph: {text}").format(text=self.paragraph))
        if len(out) == 1:
            out.append(_("- (no title, headings, definitions or prose found)"))
        return "\n".join(out)


def _suffix(path: str) -> str:
    name = path.rpartition("/")[2]
    return "." + name.rpartition(".")[2].lower() if "." in name else ""


def summarize_text(doc: FileText) -> FileSummary:
    """The extractive summary of one file as read."""
    text = doc.text
    lines = text.splitlines()
    summary = FileSummary(path=doc.path, lines=len(lines))
    suffix = _suffix(doc.path)
    if suffix in _PROSE:
        _markdown_parts(summary, text, doc.path)
        lines = split_frontmatter(text)[1]  # the prose starts after the front matter
    if suffix == ".py":
        summary.docstring, summary.definitions = _python_parts(text)
    elif suffix in _C_SUFFIXES:
        summary.definitions = _regex_definitions(lines, _C_DEFINITION)
    elif suffix in _JS_SUFFIXES:
        summary.definitions = _regex_definitions(lines, _JS_DEFINITION)
    summary.paragraph = _first_paragraph(lines, suffix)
    if not summary.title and suffix in {".md", ".markdown", ".rst", ".txt", ""}:
        summary.title = _first_line(lines)
    return summary


_PROSE = {".md", ".markdown", ".rst", ".txt", ""}


def _markdown_parts(summary: FileSummary, text: str, path: str) -> None:
    """Title and headings as the notes read them (front matter, fences of ``` and ~~~)."""
    meta = note_meta(text, path.rpartition("/")[2])
    headings = meta.headings
    front_title = bool(split_frontmatter(text)[0].get("title"))
    if front_title or (headings and meta.title == headings[0]):
        summary.title = meta.title
        rest = headings[1:] if not front_title else headings
    elif headings:
        summary.title, rest = headings[0], headings[1:]
    else:
        return
    summary.headings = rest[:MAX_HEADINGS]


def _python_parts(text: str) -> tuple[str, list[str]]:
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return "", _regex_definitions(text.splitlines(), re.compile(r"^(?:def|class)\s+(\w+)"))
    docstring = (ast.get_docstring(tree) or "").strip().split("\n\n")[0].replace("\n", " ")
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names.append(f"{node.name}()")
        elif isinstance(node, ast.ClassDef):
            names.append(f"class {node.name}")
    return _clip(docstring), names[:MAX_DEFINITIONS]


def _regex_definitions(lines: list[str], pattern: re.Pattern[str]) -> list[str]:
    names: list[str] = []
    for line in lines:
        if line[:1].isspace():
            continue  # top level only
        match = pattern.match(line)
        if match:
            name = next(g for g in match.groups() if g)
            if name not in names and name not in {"if", "for", "while", "switch", "return"}:
                names.append(name)
    return names[:MAX_DEFINITIONS]


_HASH_COMMENT = re.compile(r"^\s*#(?!!)")
_SLASH_COMMENT = re.compile(r"^\s*(//+|/\*+|\*+(?!/))")
_HASH_SUFFIXES = {".py", ".sh", ".yaml", ".yml", ".toml", ".cfg", ".ini", ".cmake"}


def _comment_pattern(suffix: str) -> re.Pattern[str]:
    return _HASH_COMMENT if suffix in _HASH_SUFFIXES or suffix == "" else _SLASH_COMMENT


def _first_paragraph(lines: list[str], suffix: str) -> str:
    """The first run of prose lines (no headings, code fences, or code in source files)."""
    is_prose_file = suffix in {".md", ".markdown", ".rst", ".txt", ""}
    comment = _comment_pattern(suffix)
    block: list[str] = []
    fenced = False
    for line in lines:
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            fenced = not fenced
            continue
        if fenced or _MD_HEADING.match(stripped):
            if block:
                break
            continue
        if not stripped:
            if block:
                break
            continue
        if not is_prose_file and not comment.match(line):
            if block:
                break
            continue
        block.append(comment.sub("", stripped).strip(" */") if not is_prose_file else stripped)
    return _clip(" ".join(b for b in block if b))


def _first_line(lines: list[str]) -> str:
    return next((_clip(line.strip()) for line in lines if line.strip()), "")


def _clip(text: str) -> str:
    return text if len(text) <= MAX_PARAGRAPH else text[: MAX_PARAGRAPH - 1].rstrip() + "…"
