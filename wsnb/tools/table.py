"""One table of the tools a model may call: name, description and parameters, written once.

Two callers read it: the built-in agent's OpenAI-style tool loop
(``wsnb.agent.prompts.tool_specs``) and the MCP server (``wsnb.mcp``). A tool
is either a *read* (answers at once, changes nothing) or a *propose* (returns
a pending plan a person confirms; nothing on disk changes when it is called).

The built-in loop predates the MCP names and dispatches on its own
(``loop_name``); a parameter it does not pass on is marked ``loop=False`` so
the loop never offers a model an argument that would be dropped. Tool
descriptions are for models, so they stay in English (like log records).

Every entry says what its answer holds (``output``: the JSON schema of the
MCP answer's ``structuredContent``, built with ``wsnb.tools.outputs``); a
propose tool answers a plan, ``PLAN_OUTPUT``, unless it says otherwise. A new
read tool declares its ``output`` here, in its own entry: that is the one
place (``tests/test_mcp_outputs.py`` holds every tool to it).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

from ..plans.status import ROW_STATES, states_listed
from .outputs import (
    BOOL,
    INT,
    PLAN_OUTPUT,
    PLANS_OUTPUT,
    READ_OUTPUT,
    STATUS_OUTPUT,
    STR,
    array,
    maybe,
    obj,
    rows_output,
)

__all__ = ["TOOL_TABLE", "Param", "ToolDef", "loop_specs", "loop_tools", "tool_def"]

Kind = Literal["string", "integer", "boolean", "array", "object"]


@dataclass(frozen=True)
class Param:
    """One argument: its JSON type, what it means, and whether it must be given."""

    name: str
    kind: Kind
    description: str
    required: bool = True
    default: Any = None
    minimum: int | None = None
    loop: bool = True  # offered to the built-in loop too
    items: dict[str, Any] | None = None  # an array's item schema
    maximum: int | None = None
    max_items: int | None = None  # an array's most items
    values: dict[str, Any] | None = None  # an object's values' schema
    choices: tuple[str, ...] = ()  # a string's allowed values
    numbers: bool = False  # a string that may also come as a whole number (a cell: 3 or an id)

    def schema(self) -> dict[str, Any]:
        kind: str | list[str] = [self.kind, "integer"] if self.numbers else self.kind
        out: dict[str, Any] = {"type": kind, "description": self.description}
        if self.items is not None:
            out["items"] = self.items
        if self.values is not None:
            out["additionalProperties"] = self.values
        if self.choices:
            out["enum"] = list(self.choices)
        if self.max_items is not None:
            out["minItems"], out["maxItems"] = 1, self.max_items
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if not self.required and self.default is not None:
            out["default"] = self.default
        return out


@dataclass(frozen=True)
class ToolDef:
    """One tool of the table. ``propose`` tools return a pending plan; read tools answer."""

    name: str
    description: str
    params: tuple[Param, ...] = ()
    propose: bool = False
    loop_name: str | None = None  # its name in the built-in loop; None: not offered there
    title: str = ""
    output: dict[str, Any] | None = None  # the answer's JSON schema; a plan's for a propose tool
    acts: bool = False  # changes a plan's state (never a file): not read-only, not a proposal

    @property
    def read_only(self) -> bool:
        return not self.propose and not self.acts

    def output_schema(self) -> dict[str, Any] | None:
        """The JSON schema of the tool's structured answer (None: the entry declares none)."""
        if self.output is not None:
            return self.output
        return PLAN_OUTPUT if self.propose else None

    def input_schema(self, *, loop: bool = False) -> dict[str, Any]:
        """The JSON schema of the arguments (``loop``: only those the built-in loop passes on)."""
        params = [p for p in self.params if p.loop or not loop]
        return {
            "type": "object",
            "properties": {p.name: p.schema() for p in params},
            "required": [p.name for p in params if p.required],
            "additionalProperties": False,
        }

    def param(self, name: str) -> Param:
        return next(p for p in self.params if p.name == name)


_PATH = "a workspace-relative path with / separators, e.g. src/main.py"


def _path(name: str = "path", description: str = _PATH, **kw: Any) -> Param:
    return Param(name, "string", description, **kw)


def _limit(what: str, most: int) -> Param:
    return Param("limit", "integer", f"the most {what} to return (1 to {most}; default {most})",
                 required=False, minimum=1, loop=False)  # fmt: skip


_CONTENT = Param("content", "string", "the whole text of the file, UTF-8")
_EDIT_ITEM: dict[str, Any] = {
    "type": "object",
    "properties": {
        "old_text": {"type": "string", "description": "the exact text to replace, quoted from "
                     "the file with enough lines around it to match once"},
        "new_text": {"type": "string", "description": "what it becomes"},
        "replace_all": {"type": "boolean", "default": False,
                        "description": "change every occurrence instead of exactly one"},
    },
    "required": ["old_text", "new_text"],
    "additionalProperties": False,
}
_EDITS = Param("edits", "array", "the edits, applied in order; each old_text must match once "
               "(whitespace at line ends and in indentation is forgiven)", items=_EDIT_ITEM)
_CELL_ITEM = ("the cell: its number from 1 as the cells view of read_file shows it, or its id; "
              "to insert, the number the new cell gets (one past the last appends), or the id of "
              "the cell it goes right after")
_TARGET = _path("target", "the new workspace-relative path, including the file name")
_CHANGE_ITEM: dict[str, Any] = {
    "type": "object",
    "properties": {
        "op": {"type": "string", "enum": ["edit", "write", "create_file", "create_folder",
                                          "copy", "move", "rename", "trash", "edit_notebook"]},
        "path": {"type": "string", "description": _PATH},
        "edits": {"type": "array", "items": _EDIT_ITEM},
        "content": {"type": "string"},
        "source": {"type": "string"},
        "new_source": {"type": "string", "description": "edit_notebook: the cell's new source"},
        "target": {"type": "string"},
        "new_name": {"type": "string"},
        "mode": {"type": "string", "enum": ["replace", "insert", "delete", "clear_outputs"]},
        "cell": {"type": ["string", "integer"], "description": _CELL_ITEM},
        "cell_type": {"type": "string", "enum": ["code", "markdown", "raw"]},
    },
    "required": ["op"],
    "additionalProperties": False,
}  # fmt: skip
_SOURCE = _path("source", "the item to act on, " + _PATH)

def _offset(what: str, tool: str) -> Param:
    return Param("offset", "integer", f"how many {what} to skip, for the next page (0 for the "
                 f"first; the answer's next_offset says what to pass to {tool} next)",
                 required=False, default=0, minimum=0, loop=False)  # fmt: skip


_ENTRY = {"path": STR, "name": STR, "suffix": STR, "size": INT, "modified": STR,
          "is_dir": BOOL, "is_text": BOOL, "is_hidden": BOOL, "is_symlink": BOOL,
          "depth": INT}  # fmt: skip
_FOUND = {**_ENTRY, "match": STR, "score": INT}
_LINE = {"path": STR, "line": INT, "column": INT, "text": STR}
_JOURNAL = {"id": STR, "time": STR, "what": STR, "action": STR, "success": BOOL,
            "state": {"type": "string", "enum": list(ROW_STATES)},
            "proposed_by": STR, "confirmed_by": STR, "undone_by": maybe(STR)}  # fmt: skip
_COUNT_ROWS = obj({}, required=())  # a summary table's rows: name and counts
_SUMMARY = obj({"name": STR, "files": INT, "folders": INT, "total_bytes": INT,
                "languages": array(_COUNT_ROWS), "top_folders": array(_COUNT_ROWS),
                "key_files": array(_COUNT_ROWS), "entry_points": array(_COUNT_ROWS),
                "scan": STR})  # fmt: skip
_MANY = obj({"files": array(obj({"path": STR, "kind": STR, "text": STR, "error": STR,
                                 "encoding": STR, "newline": STR, "size": INT, "bytes": INT,
                                 "truncated": BOOL, "note": STR}, required=("path", "kind"))),
             "note": STR, "read": INT, "asked": INT, "bytes": INT, "limit": INT})  # fmt: skip
_TREE = obj({"path": STR, "depth": INT, "tree": array(obj({}, required=())), "shown": INT,
             "total": INT, "files": INT, "folders": INT, "truncated": BOOL, "note": STR})
_INFO = obj(_ENTRY)
_TABLE = obj({"path": STR, "format": STR, "columns": array(obj({"name": STR, "dtype": STR})),
              "rows": array(obj({}, required=())), "total_rows": maybe(INT), "shown": INT,
              "truncated": BOOL, "note": STR, "size": INT},
             required=("path", "format", "columns", "rows", "total_rows", "shown",
                       "truncated", "note"))  # fmt: skip

TOOL_TABLE: tuple[ToolDef, ...] = (
    ToolDef("workspace_summary", "An overview of the workspace: file and folder counts, "
            "languages, top folders, key files and entry points.", title="Workspace summary",
            output=_SUMMARY),
    ToolDef("list_folder", "List one folder of the workspace, folders first, 200 entries a "
            "page (offset pages on; the answer says how many there are in all).",
            (_path(description="the folder, " + _PATH + "; . for the top", required=False,
                   default="."),
             _limit("entries", 200), _offset("entries", "list_folder")),
            loop_name="list_folder", title="List folder", output=rows_output(_ENTRY)),
    ToolDef("find_files", "Find files and folders whose names match a keyword (e.g. main, .py, "
            "readme), best first; or whose paths match a glob (src/**/*.py; *.md without a / "
            "matches names at any depth; case does not matter), in path order; 30 a page "
            "(offset pages on; files .gitignore leaves out are not found).",
            (Param("keyword", "string", "a part of the name, a suffix such as .py, words, or a "
                   "glob such as src/**/*.py"),
             _limit("names", 30), _offset("names", "find_files")),
            loop_name="search_files", title="Find files", output=rows_output(_FOUND)),
    ToolDef("search_text", "Find lines containing a text in the workspace's text files, in "
            "path order, 50 lines a page from at most 1,000 files (offset pages on; path "
            "narrows to a folder or glob). Files up to 16 MiB are searched. Sensitive files "
            "(keys, .env) are never searched. Notebooks are searched by cell: their rows carry "
            "the cell number and the line within that cell.",
            (Param("pattern", "string", "the text to find"),
             Param("regex", "boolean", "treat pattern as a Python regular expression",
                   required=False, default=False, loop=False),
             Param("case", "boolean", "match case exactly", required=False, default=False,
                   loop=False),
             _path(description="only search here: a folder (src), a file, or a glob "
                   "(src/**/*.py, *.md)", required=False, loop=False),
             _limit("lines", 50), _offset("matching lines", "search_text"),
             Param("outputs", "boolean", "also search notebooks' text outputs (streams, "
                   "results, tracebacks)", required=False, default=False, loop=False)),
            loop_name="search_text", title="Search text", output=rows_output(_LINE)),
    ToolDef("read_file", "Read a text file of the workspace (secrets are redacted; sensitive "
            "files such as keys and .env are refused): the whole file, the lines start_line to "
            "end_line, the first lines (head) or the last (tail) of a file up to 16 MiB. The "
            "answer holds at most 128 KiB, says the file's total lines and, when it was cut, "
            "the next start_line. A notebook (.ipynb) reads as its cells: each cell's number, "
            "type, id and source, its outputs summarised (images and widgets named, never "
            "base64).",
            (_path(),
             Param("start_line", "integer", "the first line to return (1-based)",
                   required=False, minimum=1, loop=False),
             Param("end_line", "integer", "the last line to return (inclusive)",
                   required=False, minimum=1, loop=False),
             Param("head", "integer", "return only the first N lines", required=False,
                   minimum=1, loop=False),
             Param("tail", "integer", "return only the last N lines", required=False,
                   minimum=1, loop=False)),
            loop_name="read_file", title="Read file", output=READ_OUTPUT),
    ToolDef("read_files", "Read up to 20 text files of the workspace in one call. Each path "
            "gets its own text or its own error (missing, binary, sensitive files such as keys "
            "and .env refused); the whole answer stays within 128 KiB and says where it was cut. "
            "Secrets are redacted.",
            (Param("paths", "array", "workspace-relative paths with / separators, 1 to 20",
                   items={"type": "string"}, max_items=20),),
            loop_name="read_files", title="Read files", output=_MANY),
    ToolDef("folder_tree", "The folders and files below a folder as a nested tree, depth levels "
            "down, as the index sees them (.gitignore and skipped folders such as .git and "
            "node_modules left out). At most 200 entries, the shallowest levels first; the "
            "answer says how many there are in all.",
            (_path(description="the folder, " + _PATH + "; . for the top", required=False,
                   default="."),
             Param("depth", "integer", "how many levels below the folder (1 to 10; default 3)",
                   required=False, default=3, minimum=1, maximum=10)),
            loop_name="folder_tree", title="Folder tree", output=_TREE),
    ToolDef("read_table", "Read a data file of the workspace as a table: CSV or TSV, JSON "
            "lines, JSON, Excel (.xlsx) or Parquet. Answers its columns with their types, its "
            "row count (the true total, or null when it can't be counted cheaply) and the first "
            "rows (at most 50, within 64 KiB; secrets redacted, long cells cut). Sensitive "
            "files such as keys and .env are refused.",
            (_path(), _limit("rows", 50),
             Param("sheet", "string", "an Excel sheet's name; the first sheet when left out",
                   required=False, loop=False)),
            loop_name="read_table", title="Read table", output=_TABLE),
    ToolDef("file_info", "One entry's details from the disk now: size in bytes, modified time, "
            "whether it is a folder, text, hidden or a symbolic link.", (_path(),),
            title="File info", output=_INFO),
    ToolDef("history", "The journal of changes carried out in this workspace, most recent "
            "first: each one's state (done, failed, or interrupted: cut short part way, and "
            "waiting for the person to undo or finish it), who proposed and confirmed it, and "
            "whether it can be undone.",
            (_limit("entries", 50),), title="History", output=rows_output(_JOURNAL)),
    ToolDef("plan_status", f"The state of a plan proposed earlier: {states_listed()} (cut "
            "short while it was carried out), with the outcome sentence.",
            (Param("plan_id", "string", "the plan id a propose tool returned"),),
            title="Plan status", output=STATUS_OUTPUT),
    ToolDef("list_my_plans", "The plans this client proposed, newest first, each with its "
            f"state ({states_listed()}); decided plans are kept for a week.",
            (Param("state", "string", "only plans in this state, e.g. pending",
                   required=False),
             _limit("plans", 50)),
            title="List my plans", output=PLANS_OUTPUT),
    ToolDef("withdraw_plan", "Withdraw a plan this client proposed that still waits: it is "
            "cancelled and its card leaves the person's inbox; nothing on disk changes.",
            (Param("plan_id", "string", "the plan id a propose tool returned"),),
            title="Withdraw plan", output=STATUS_OUTPUT, acts=True),
    ToolDef("propose_create_file", "Propose a new text file (never overwrites). Returns a "
            "pending plan a person confirms; nothing changes until then.",
            (_path(), _CONTENT), propose=True, loop_name="create_file",
            title="Propose: create file"),
    ToolDef("propose_write_file", "Propose new content for an existing text file (backed up; "
            "encoding and line endings kept). Returns a pending plan with the diff.",
            (_path(), _CONTENT), propose=True, loop_name="write_file",
            title="Propose: write file"),
    ToolDef("propose_edit", "Propose exact-text edits to one existing text file: each "
            "old_text (quoted exactly, with enough context to match once; replace_all for "
            "every occurrence) becomes new_text. Only the quoted text changes; the file keeps "
            "its encoding and line endings. No match or several matches is an error naming the "
            "lines. Returns a pending plan with the diff.",
            (_path(), _EDITS), propose=True, loop_name="edit_file", title="Propose: edit"),
    ToolDef("propose_notebook_edit", "Propose a change to one cell of a notebook (.ipynb): "
            "replace its source, insert a new cell, or delete it; only that cell's lines of the "
            "file change (outputs of a replaced cell are kept). Cells are named as the cells "
            "view of read_file shows them. To change a few words inside cells, propose_edit "
            "matches in cell sources too. Returns a pending plan with the cell's diff.",
            (_path(description="the notebook, " + _PATH),
             Param("cell", "string", _CELL_ITEM, numbers=True),
             Param("mode", "string", "replace (the default), insert or delete", required=False,
                   default="replace"),
             Param("new_source", "string", "the cell's new source (replace, insert)",
                   required=False),
             Param("cell_type", "string", "code (the default for insert), markdown or raw",
                   required=False)),
            propose=True, title="Propose: notebook edit"),
    ToolDef("propose_changes", "Propose several changes as ONE plan a person sees on one card "
            "and confirms (or trims) together, e.g. a rename across files. Each change is "
            "{op, ...}: edit (path, edits), write (path, content), create_file (path, content), "
            "create_folder (path), copy/move (source, target), rename (path, new_name), trash "
            "(path), edit_notebook (path, mode, cell, new_source, cell_type: one cell of a "
            "notebook). They run in order; if one fails, the ones before it are undone. A path "
            "may appear in one change only, and no change may name a path an earlier one "
            "moves, renames or trashes. Returns a pending plan with each change numbered.",
            (Param("title", "string", "what the change set does, in a few words"),
             Param("changes", "array", "the changes, in order (at most 50)",
                   items=_CHANGE_ITEM)),
            propose=True, loop_name="change_set", title="Propose: change set"),
    ToolDef("propose_rename_identifier", "Propose renaming a name (a function, class, "
            "variable, setting key) everywhere it stands as a whole name, in code and in "
            "Markdown, as ONE change set: a step per file, each an exact edit a person sees on "
            "one card, confirms together and undoes as a whole. word_count is renamed, "
            "word_counts and test_word_count are not; case must match. A name found nowhere is "
            "an error, not a plan. Renaming a file is propose_rename. Returns a pending plan.",
            (Param("old", "string", "the name as written now, e.g. word_count"),
             Param("new", "string", "the name it becomes, e.g. count_words"),
             Param("glob", "string", "only files whose paths match this glob, e.g. src/**/*.py",
                   required=False)),
            propose=True, loop_name="rename_identifier", title="Propose: rename a name"),
    ToolDef("propose_create_folder", "Propose a new folder. Returns a pending plan.",
            (_path(),), propose=True, loop_name="create_folder", title="Propose: create folder"),
    ToolDef("propose_copy", "Propose copying one file inside the workspace (never overwrites). "
            "Returns a pending plan.", (_SOURCE, _TARGET), propose=True, loop_name="copy_file",
            title="Propose: copy"),
    ToolDef("propose_move", "Propose moving one file inside the workspace (never overwrites). "
            "Returns a pending plan.", (_SOURCE, _TARGET), propose=True, loop_name="move_file",
            title="Propose: move"),
    ToolDef("propose_rename", "Propose renaming one item in its folder (never overwrites). "
            "Returns a pending plan.",
            (_path(), Param("new_name", "string", "the new name, without a folder")),
            propose=True, loop_name="rename", title="Propose: rename"),
    ToolDef("propose_trash", "Propose moving ONE item to the system trash (never a permanent "
            "delete). Returns a pending plan.", (_path(),), propose=True, loop_name="trash",
            title="Propose: trash"),
    ToolDef("propose_undo", "Propose undoing a change of the journal: the last one, or the "
            "entry id that history shows. Returns a pending plan.",
            (Param("entry", "string", "a journal entry id from history; the last change when "
                   "left out", required=False),),
            propose=True, title="Propose: undo"),
)

_BY_NAME = {t.name: t for t in TOOL_TABLE}


def tool_def(name: str) -> ToolDef:
    """The table's entry called ``name`` (KeyError for another name)."""
    return _BY_NAME[name]


def loop_tools(*, writes: bool = True) -> Iterator[ToolDef]:
    """The entries the built-in loop offers, in table order."""
    for tool in TOOL_TABLE:
        if tool.loop_name is not None and (writes or tool.read_only):
            yield tool


def loop_specs(*, writes: bool = True) -> list[dict[str, Any]]:
    """The OpenAI-style function specs of the built-in loop, from the table."""
    return [
        {
            "type": "function",
            "function": {
                "name": tool.loop_name,
                "description": tool.description,
                "parameters": tool.input_schema(loop=True),
            },
        }
        for tool in loop_tools(writes=writes)
    ]

