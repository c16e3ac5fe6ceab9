"""A project at a glance: languages, top folders, key files and likely entry points.

``summarize`` works from the scan's DataFrame, so it costs almost nothing
beyond the scan, except for the entry points: those need a look inside a few
files. That look is bounded (at most ``MAX_CONTENT_FILES`` files, the first
``CONTENT_BYTES`` of each), goes through the policy and ``wsnb.disk.textio`` like
every read, and never opens a file whose name looks like it holds secrets.

The plain-text form of ``ProjectSummary`` is what notebooks show and what
notebook tests compare, so it holds nothing that changes between two runs on
the same tree: no timings, no modification times, and only the root folder's
name, not its full path.
"""

from __future__ import annotations

import html
import json
import logging
import posixpath
import re
import tomllib
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

import pandas as pd

from ..disk.textio import read_text
from ..display import column_labels, human_size
from ..errors import WsnbError
from ..i18n import N_, _, ngettext
from ..policy.access import AccessPolicy
from .index import FileIndex
from .scantypes import ScanReport

__all__ = ["CONTENT_BYTES", "MAX_CONTENT_FILES", "ProjectSummary", "summarize"]

logger = logging.getLogger("wsnb")

CONTENT_BYTES = 16 * 1024
MAX_CONTENT_FILES = 200
TOP_FOLDERS = 15
TOP_FILES = 10
MAX_KEY_FILES = 50
OTHER = "Other"

LANGUAGE_COLUMNS = ["language", "files", "bytes", "share"]
FOLDER_COLUMNS = ["folder", "files", "bytes"]
KEY_FILE_COLUMNS = ["path", "kind"]
ENTRY_COLUMNS = ["path", "reason"]

_LANGUAGES: dict[str, str] = {
    **dict.fromkeys((".cpp", ".cc", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".ipp", ".tpp",
                     ".ino"), "C++"),
    ".c": "C",
    **dict.fromkeys((".py", ".pyi", ".pyx"), "Python"),
    ".ipynb": "Jupyter Notebook",
    **dict.fromkeys((".js", ".mjs", ".cjs", ".jsx"), "JavaScript"),
    **dict.fromkeys((".ts", ".tsx", ".mts", ".cts"), "TypeScript"),
    **dict.fromkeys((".md", ".markdown"), "Markdown"),
    ".rst": "reStructuredText",
    **dict.fromkeys((".json", ".jsonl", ".json5"), "JSON"),
    **dict.fromkeys((".yaml", ".yml"), "YAML"),
    ".toml": "TOML",
    ".cmake": "CMake",
    **dict.fromkeys((".html", ".htm"), "HTML"),
    **dict.fromkeys((".css", ".scss", ".sass", ".less"), "CSS"),
    **dict.fromkeys((".sh", ".bash", ".zsh", ".fish"), "Shell"),
    ".rs": "Rust",
    ".go": "Go",
    ".java": "Java",
    **dict.fromkeys((".kt", ".kts"), "Kotlin"),
    ".cs": "C#",
    ".swift": "Swift",
    ".rb": "Ruby",
    ".php": "PHP",
    **dict.fromkeys((".m", ".mm"), "Objective-C"),
    ".sql": "SQL",
    ".lua": "Lua",
    ".dart": "Dart",
    ".vue": "Vue",
    ".qml": "QML",
    **dict.fromkeys((".pro", ".pri"), "qmake"),
    ".xml": "XML",
    ".txt": "Text",
}  # fmt: skip
_LANGUAGE_NAMES = {
    "cmakelists.txt": "CMake",
    "makefile": "Make",
    "gnumakefile": "Make",
    "dockerfile": "Dockerfile",
    "containerfile": "Dockerfile",
}

_KEY_NAMES: dict[str, str] = {
    **dict.fromkeys(("cmakelists.txt", "makefile", "gnumakefile", "meson.build",
                     "build.gradle", "build.gradle.kts", "settings.gradle", "configure.ac",
                     "sconstruct", "build.xml", "build.zig"), "build"),
    **dict.fromkeys(("pyproject.toml", "setup.py", "setup.cfg", "requirements.txt", "pipfile",
                     "environment.yml", "package.json", "cargo.toml", "go.mod", "pom.xml",
                     "gemfile", "composer.json", "vcpkg.json", "conanfile.txt",
                     "conanfile.py"), "package"),
    **dict.fromkeys(("dockerfile", "containerfile", "docker-compose.yml", "docker-compose.yaml",
                     "compose.yml", "compose.yaml"), "docker"),
    **dict.fromkeys((".gitlab-ci.yml", ".travis.yml", "jenkinsfile", "azure-pipelines.yml"),
                    "ci"),
    **dict.fromkeys((".gitignore", ".editorconfig", "tsconfig.json", ".pre-commit-config.yaml",
                     "tox.ini", ".clang-format", ".clang-tidy", "ruff.toml"), "config"),
    "mkdocs.yml": "docs",
}  # fmt: skip
_KEY_PREFIXES = (
    ("readme", "readme"),
    ("license", "license"),
    ("licence", "license"),
    ("copying", "license"),
    ("changelog", "docs"),
    ("contributing", "docs"),
    ("code_of_conduct", "docs"),
)
_KEY_SUFFIXES = {".pro": "build", ".sln": "build"}
_KIND_ORDER = ("readme", "license", "build", "package", "docker", "ci", "config", "docs")

_ENTRY_NAMES = {
    "__main__.py": N_("Python package entry (__main__.py)"),
    **dict.fromkeys(("index.js", "index.mjs", "index.ts", "index.tsx", "main.js", "main.mjs",
                     "main.ts", "main.tsx"), N_("JavaScript/TypeScript entry by name")),
}  # fmt: skip
_ENTRY_PATTERNS: dict[str, tuple[re.Pattern[str], str]] = {
    **dict.fromkeys((".c", ".cc", ".cpp", ".cxx", ".c++"), (
        re.compile(r"^[ \t]*(?:int|auto|void)[ \t]+(?:main|wmain|WinMain)[ \t]*\(", re.M),
        N_("defines main() (C/C++)"))),
    ".py": (re.compile(r"""^if[ \t]+__name__[ \t]*==[ \t]*["']__main__["'][ \t]*:""", re.M),
            N_('runs as a script (if __name__ == "__main__")')),
    ".go": (re.compile(r"^func[ \t]+main[ \t]*\([ \t]*\)", re.M),
            N_("defines func main() (Go)")),
    ".rs": (re.compile(r"^[ \t]*(?:pub[ \t]+)?fn[ \t]+main[ \t]*\(", re.M),
            N_("defines fn main() (Rust)")),
    ".java": (re.compile(r"public[ \t]+static[ \t]+void[ \t]+main[ \t]*\("),
              N_("defines main(String[]) (Java)")),
}  # fmt: skip
_MANIFESTS = frozenset({"package.json", "pyproject.toml"})


@dataclass
class ProjectSummary:
    """The project at a glance; the text form is stable for the same tree.

    ``languages`` counts files by language (from the suffix, ``share`` of
    files), ``top_folders`` the top-level folders, ``key_files`` the files a
    newcomer opens first, ``entry_points`` where the programs start,
    ``largest`` and ``recent`` the top files by size and by modification time,
    ``scan`` the scan's own report, said by ``scan_note`` in the language shown (it says
    when the scan was cut).
    """

    root: str
    files: int
    folders: int
    total_bytes: int
    languages: pd.DataFrame
    top_folders: pd.DataFrame
    key_files: pd.DataFrame
    entry_points: pd.DataFrame
    largest: pd.DataFrame
    recent: pd.DataFrame
    scan: ScanReport

    @property
    def scan_note(self) -> str:
        """The scan's one-line report in the current language (the summary may be cached)."""
        return str(self.scan)

    @property
    def name(self) -> str:
        return posixpath.basename(self.root.replace("\\", "/").rstrip("/")) or self.root

    def _sections(self) -> list[tuple[str, pd.DataFrame]]:
        languages = self.languages.assign(share=self.languages["share"].map(_percent))
        return [
            (_("Languages"), languages),
            (_("Top folders"), self.top_folders),
            (_("Key files"), self.key_files),
            (_("Entry points"), self.entry_points),
        ]

    def _totals(self) -> str:
        files = ngettext("{count:,} file", "{count:,} files", self.files).format(count=self.files)
        folders = ngettext("{count:,} folder", "{count:,} folders", self.folders).format(
            count=self.folders)
        return _("{files} in {folders}, {size}").format(
            files=files, folders=folders, size=human_size(self.total_bytes))

    def __repr__(self) -> str:
        lines = [_("Project summary: {name}").format(name=self.name), self._totals(),
                 _("Scan: {note}").format(note=self.scan_note)]  # fmt: skip
        for title, frame in self._sections():
            lines += ["", _("{title}:").format(title=title), *_text_table(frame)]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        parts = [
            "<h4>" + html.escape(_("Project summary: {name}").format(name=self.name)) + "</h4>",
            f"<p>{html.escape(self._totals())}<br>"
            + html.escape(_("Scan: {note}").format(note=self.scan_note)) + "</p>",
        ]
        for title, frame in self._sections():
            parts.append(f"<h5>{html.escape(title)}</h5>")
            if frame.empty:
                parts.append("<p><i>" + html.escape(_("none")) + "</i></p>")
            else:
                parts.append(_shown(frame).to_html(index=False, escape=True, border=0))
        return '<div class="wsnb-summary">' + "".join(parts) + "</div>"


# ---------------------------------------------------------------------------
# Building the summary
# ---------------------------------------------------------------------------


def summarize(policy: AccessPolicy, index: FileIndex) -> ProjectSummary:
    """Summarize the indexed workspace; reads only a bounded few files for entry points.

    Symbolic links are listed by the scan but not followed, so they count as
    neither files nor folders here.
    """
    frame = index.frame
    files = frame[~frame["is_dir"] & ~frame["is_symlink"]]
    summary = ProjectSummary(
        root=str(policy.root),
        files=len(files),
        folders=int((frame["is_dir"] & ~frame["is_symlink"]).sum()),
        total_bytes=int(files["size"].sum()),
        languages=_languages(files),
        top_folders=_top_folders(frame, files),
        key_files=_key_files(files),
        entry_points=_entry_points(policy, files),
        largest=_top(files, "size"),
        recent=_top(files, "modified"),
        scan=index.report,
    )
    logger.info("Summarized %s: %d files, %d languages.", policy.root, summary.files,
                len(summary.languages))  # fmt: skip
    return summary


def _language_of(name: str, suffix: str, header_language: str) -> str:
    by_name = _LANGUAGE_NAMES.get(name.lower())
    if by_name:
        return by_name
    if suffix == ".h":
        return header_language
    return _LANGUAGES.get(suffix, OTHER)


def _languages(files: pd.DataFrame) -> pd.DataFrame:
    """Files and bytes per language, most files first, "Other" last.

    ``.h`` headers go to C++ when the tree has at least as many C++ sources
    as C sources, else to C: the suffix alone can't tell.
    """
    suffixes = files["suffix"].tolist()
    cpp = sum(1 for suffix in suffixes if _LANGUAGES.get(suffix) == "C++")
    header_language = "C++" if cpp and cpp >= suffixes.count(".c") else "C"
    language = [
        _language_of(name, suffix, header_language)
        for name, suffix in zip(files["name"], suffixes, strict=True)
    ]
    grouped = (
        pd.DataFrame({"language": language, "size": files["size"].to_numpy()})
        .groupby("language", sort=False)["size"]
        .agg(files="count", bytes="sum")
        .reset_index()
    )
    grouped["share"] = grouped["files"] / max(len(files), 1)
    grouped["_other"] = grouped["language"] == OTHER
    grouped = grouped.sort_values(["_other", "files", "language"], ascending=[True, False, True])
    return _typed(grouped[LANGUAGE_COLUMNS], files="int64", bytes="int64", share="float64")


def _top_folders(frame: pd.DataFrame, files: pd.DataFrame) -> pd.DataFrame:
    """Top-level folders with the files and bytes under them, most files first."""
    folders = frame.loc[frame["is_dir"] & ~frame["is_symlink"], "path"]
    totals = {path: [0, 0] for path in folders if "/" not in path}
    for path, size in zip(files["path"], files["size"], strict=True):
        folder, slash, _rest = path.partition("/")
        if slash and folder in totals:
            totals[folder][0] += 1
            totals[folder][1] += int(size)
    rows = [(folder, count, size) for folder, (count, size) in totals.items()]
    rows.sort(key=lambda row: (-row[1], row[0]))
    result = pd.DataFrame(rows[:TOP_FOLDERS], columns=FOLDER_COLUMNS)
    return _typed(result, folder="str", files="int64", bytes="int64")


def _key_kind(path: str, name: str, suffix: str) -> str | None:
    lower = name.lower()
    if path.lower().startswith(".github/workflows/") and suffix in {".yml", ".yaml"}:
        return "ci"
    if path.count("/") > 1:
        return None
    kind = _KEY_NAMES.get(lower) or _KEY_SUFFIXES.get(suffix)
    if kind:
        return kind
    return next((kind for prefix, kind in _KEY_PREFIXES if lower.startswith(prefix)), None)


def _key_files(files: pd.DataFrame) -> pd.DataFrame:
    """README, licence, build and package files at the top two levels, and CI workflows."""
    rows = [
        (path, kind)
        for path, name, suffix in zip(files["path"], files["name"], files["suffix"], strict=True)
        if (kind := _key_kind(path, name, suffix)) is not None
    ]
    rows.sort(key=lambda row: (row[0].count("/"), _KIND_ORDER.index(row[1]), row[0].lower()))
    return _typed(pd.DataFrame(rows[:MAX_KEY_FILES], columns=KEY_FILE_COLUMNS),
                  path="str", kind="str")  # fmt: skip


def _top(files: pd.DataFrame, column: str) -> pd.DataFrame:
    ordered = files.sort_values([column, "path"], ascending=[False, True], kind="stable")
    return ordered.loc[:, ["path", column]].head(TOP_FILES).reset_index(drop=True)


# ---------------------------------------------------------------------------
# Entry points: by name, and by a bounded look inside a few files
# ---------------------------------------------------------------------------


def _entry_points(policy: AccessPolicy, files: pd.DataFrame) -> pd.DataFrame:
    rows: set[tuple[str, str]] = set()
    candidates: list[tuple[str, str, str]] = []
    for path, name, suffix in zip(files["path"], files["name"], files["suffix"], strict=True):
        reason = _ENTRY_NAMES.get(name.lower())
        if reason:
            rows.add((path, _(reason)))
        if suffix in _ENTRY_PATTERNS or name.lower() in _MANIFESTS:
            candidates.append((path, name, suffix))
    candidates.sort(key=lambda item: (item[0].count("/"), item[0]))
    for path, name, suffix in candidates[:MAX_CONTENT_FILES]:
        text = _head(policy, path, name)
        if text is not None:
            rows.update(_entries_in(path, name.lower(), suffix, text))
    known = set(files["path"])
    reasons: dict[str, list[str]] = {}
    for path, reason in sorted(rows):  # one row per path, with every reason found for it
        reasons.setdefault(path, []).append(
            reason if path in known else _("{reason} (not in the scan)").format(reason=reason))
    result = pd.DataFrame([(path, _("; ").join(said)) for path, said in reasons.items()],
                          columns=ENTRY_COLUMNS)  # fmt: skip
    return _typed(result, path="str", reason="str")


def _head(policy: AccessPolicy, path: str, name: str) -> str | None:
    """The first ``CONTENT_BYTES`` of a file as text, or None when it may not or can't be read."""
    if policy.is_sensitive(name) or policy.is_dangerous(name):
        return None
    try:
        return read_text(policy.resolve(path), limit=CONTENT_BYTES).text
    except (WsnbError, OSError):
        return None


def _entries_in(path: str, lower_name: str, suffix: str, text: str) -> Iterator[tuple[str, str]]:
    if lower_name == "package.json":
        yield from _package_json_entries(path, text)
    elif lower_name == "pyproject.toml":
        yield from _pyproject_entries(path, text)
    elif suffix in _ENTRY_PATTERNS:
        pattern, reason = _ENTRY_PATTERNS[suffix]
        if pattern.search(text):
            yield path, _(reason)


def _package_json_entries(path: str, text: str) -> Iterator[tuple[str, str]]:
    """The files a package.json names as ``main`` and ``bin``."""
    try:
        data = json.loads(text)
    except ValueError:
        return
    if not isinstance(data, dict):
        return
    folder = posixpath.dirname(path)
    targets: list[tuple[object, str]] = [(data.get("main"), '"main"')]
    commands = data.get("bin")
    if isinstance(commands, dict):
        targets += [(target, f'"bin" {command}') for command, target in sorted(commands.items())]
    else:
        targets.append((commands, '"bin"'))
    for target, field in targets:
        inside = _inside(folder, target)
        if inside is not None:
            yield inside, _("named by {path} {field}").format(path=path, field=field)


def _pyproject_entries(path: str, text: str) -> Iterator[tuple[str, str]]:
    """The console scripts a pyproject.toml declares."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return
    project = data.get("project")
    scripts = project.get("scripts") if isinstance(project, dict) else None
    if isinstance(scripts, dict):
        for command, target in sorted(scripts.items()):
            yield path, _("script {command} = {target}").format(command=command, target=target)


def _inside(folder: str, target: object) -> str | None:
    """``target`` joined to ``folder``, or None when it is not a path inside the workspace."""
    if not isinstance(target, str) or not target.strip() or "\\" in target:
        return None
    if target.startswith("/"):
        return None
    joined = posixpath.normpath(posixpath.join(folder, target))
    return None if joined == ".." or joined.startswith("../") else joined


# ---------------------------------------------------------------------------
# Formatting
# ---------------------------------------------------------------------------


def _typed(frame: pd.DataFrame, **dtypes: str) -> pd.DataFrame:
    """The frame with fixed dtypes, so an empty result has the same shape as a full one."""
    return frame.astype(dtypes).reset_index(drop=True)


# A key file's kind as a person reads it (the frame keeps the English code).
_KIND_WORDS = {
    "readme": N_("readme"), "license": N_("license"), "docs": N_("docs"), "build": N_("build"),
    "package": N_("package"), "docker": N_("docker"), "ci": N_("ci"), "config": N_("config"),
}  # fmt: skip


def _shown(frame: pd.DataFrame) -> pd.DataFrame:
    """What a person reads of a section: headers in the current language, sizes readable
    (the summary's own frames keep their English column names and byte counts for code)."""
    shown = frame.copy()
    if "bytes" in shown.columns:
        shown["bytes"] = [human_size(int(size)) for size in shown["bytes"]]
    if "kind" in shown.columns:
        shown["kind"] = [_(_KIND_WORDS[k]) if k in _KIND_WORDS else k for k in shown["kind"]]
    shown.columns = pd.Index(column_labels(frame.columns))
    return shown


def _text_table(frame: pd.DataFrame) -> list[str]:
    """A small fixed-width table, independent of pandas display options."""
    if frame.empty:
        return ["  " + _("(none)")]
    numeric = [
        column == "share" or pd.api.types.is_numeric_dtype(frame[column])
        for column in frame.columns
    ]
    shown = _shown(frame)
    header = [str(column) for column in shown.columns]
    cells = [[str(value) for value in row] for row in shown.itertuples(index=False)]
    widths = [max(_width(row[i]) for row in [header, *cells]) for i in range(len(header))]

    def line(row: list[str]) -> str:
        padded = [
            _pad(value, width, right)
            for value, width, right in zip(row, widths, numeric, strict=True)
        ]
        return ("  " + "  ".join(padded)).rstrip()

    return [line(header), *(line(row) for row in cells)]


def _percent(share: float) -> str:
    return f"{share * 100:.1f}%"


def _width(text: str) -> int:
    """Columns ``text`` takes in a terminal: a CJK character is two wide."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def _pad(value: str, width: int, right: bool) -> str:
    fill = " " * (width - _width(value))
    return fill + value if right else value + fill
