"""Answering a question over the index's columns: the slice of ``ws.files`` and its Python line.

The reply's table is the DataFrame slice itself (``reply.table``), so a person can go on in
pandas; under it stands the one line of Python that gives the same rows
(``ws.files.query("suffix == '.json'")``, ``ws.files.query("not is_dir").nlargest(5,
"size")``). The answer is computed with exactly the calls that line makes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..display import human_size
from ..i18n import _, ngettext
from .actions import Session
from .columns import Question
from .commands import Command
from .filekinds import FILE_KINDS, KIND_LABELS
from .reply import Reply

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["SHOWN_COLUMNS", "answer_files", "files_slice", "python_line", "query_of"]

# What a person is shown of the slice (reply.table keeps every column).
SHOWN_COLUMNS = ("path", "size", "modified")
_ORDER_CALLS = {"largest": ("nlargest", "size"), "smallest": ("nsmallest", "size"),
                "newest": ("nlargest", "modified"), "oldest": ("nsmallest", "modified")}


def _literal(text: str) -> str:
    """``text`` as a single-quoted literal inside a query string."""
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def query_of(q: Question) -> str:
    """The ``DataFrame.query`` expression of the question's filter."""
    conds: list[str] = []
    suffixes = q.suffixes
    kind = ""
    if len(suffixes) == 1:
        kind = f"suffix == {_literal(suffixes[0])}"
    elif suffixes:
        kind = "suffix in [" + ", ".join(_literal(s) for s in suffixes) + "]"
    for word in q.named:  # "日志" is log_03.txt as much as app.log
        kind = f"({kind} or name.str.contains({_literal(word)}, case=False))"
    conds.append(kind or "not is_dir")
    if q.scope and q.scope != ".":
        conds.append(f"path.str.startswith({_literal(q.scope.rstrip('/') + '/')})")
    if q.over is not None:
        conds.append(f"size > {q.over}")
    if q.under is not None:
        conds.append(f"size < {q.under}")
    if q.since is not None:
        conds.append(f"modified >= {_literal(q.since.isoformat(sep=' ', timespec='minutes'))}")
    if q.until is not None:
        conds.append(f"modified < {_literal(q.until.isoformat(sep=' ', timespec='minutes'))}")
    return " and ".join(conds)


def _engine(expression: str) -> str:
    # .str methods need pandas' own evaluator (numexpr, when installed, has no strings)
    return "python" if ".str." in expression else ""


def python_line(q: Question) -> str:
    """The one line of Python that gives the answer's rows (or its count)."""
    expression = query_of(q)
    quoted = expression.replace('"', '\\"')
    engine = _engine(expression)
    line = f'ws.files.query("{quoted}"' + (f', engine="{engine}")' if engine else ")")
    if q.order and not q.count:
        call, column = _ORDER_CALLS[q.order]
        line += f'.{call}({q.n}, "{column}")'
    elif q.since is not None and not q.count:
        line += '.sort_values("modified", ascending=False)'
    return f"len({line})" if q.count else line


def files_slice(files: pd.DataFrame, q: Question) -> pd.DataFrame:
    """What ``python_line`` computes, with the same calls."""
    expression = query_of(q)
    frame = files.query(expression, engine="python") if _engine(expression) \
        else files.query(expression)
    if q.order and not q.count:
        call, column = _ORDER_CALLS[q.order]
        frame = getattr(frame, call)(q.n, column)
    elif q.since is not None and not q.count:
        frame = frame.sort_values("modified", ascending=False)
    return frame


def _filters(q: Question, lang: str) -> str:
    """The question's filter in words: "YAML (.yaml, .yml); under src; larger than 1 MiB"."""
    parts = []
    for kind in q.kinds:
        parts.append(_("{kind} ({suffixes})").format(kind=_(KIND_LABELS[kind]),
                                                     suffixes=", ".join(FILE_KINDS[kind])))
    for word in q.named:
        parts.append(_("names with “{word}”").format(word=word))
    if q.scope and q.scope != ".":
        parts.append(_("under {folder}").format(folder=q.scope))
    if q.over is not None:
        parts.append(_("larger than {size}").format(size=human_size(q.over, lang)))
    if q.under is not None:
        parts.append(_("smaller than {size}").format(size=human_size(q.under, lang)))
    since = q.since.strftime("%Y-%m-%d %H:%M") if q.since is not None else ""
    if q.since is not None and q.until is not None:
        parts.append(_("changed from {since} to {until}").format(
            since=since, until=q.until.strftime("%Y-%m-%d %H:%M")))
    elif q.since is not None:
        parts.append(_("changed since {since}").format(since=since))
    return "; ".join(parts) or _("every file")


def _lead(q: Question, count: int, shown: int, filters: str) -> str:
    if q.count:
        return ngettext("{count} file matches ({filters}).", "{count} files match ({filters}).",
                        count).format(count=f"{count:,}", filters=filters)
    if not count:
        return _("No file matches ({filters}).").format(filters=filters)
    said = {
        "largest": ngettext("The largest file ({filters}):", "The {n} largest files ({filters}):",
                            shown),
        "smallest": ngettext("The smallest file ({filters}):",
                             "The {n} smallest files ({filters}):", shown),
        "newest": ngettext("The most recently changed file ({filters}):",
                           "The {n} most recently changed files ({filters}):", shown),
        "oldest": ngettext("The least recently changed file ({filters}):",
                           "The {n} least recently changed files ({filters}):", shown),
    }  # fmt: skip
    if q.order:
        return said[q.order].format(n=shown, filters=filters)
    return ngettext("{count} file matches ({filters}):", "{count} files match ({filters}):",
                    count).format(count=f"{count:,}", filters=filters)


def answer_files(session: Session, command: Command) -> Reply:
    """The reply to a question over ``ws.files``: the slice, the sentence, the Python line."""
    q = Question.of(command.args)
    frame = files_slice(session.ws.files, q)
    paths = frame["path"].tolist()
    text = _lead(q, len(frame), len(frame), _filters(q, session.lang))
    if paths and not q.count:
        session.context.remember(paths, "files")
        if len(paths) == 1:
            session.context.remember_read(paths)  # "it" is the one file listed alone
        text += "\n\n" + _("Say \"read the first one\", or go on from reply.table in pandas.")
    return Reply(text, table=frame, python=python_line(q), columns=SHOWN_COLUMNS)
