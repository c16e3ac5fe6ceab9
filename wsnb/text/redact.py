"""Secrets out of text before it reaches a model: a small table of well-known shapes.

A name tells only part of the story: a key pasted into ``settings.py`` is in a
file whose name is ordinary. Before any file text goes to a model (a read, a
search, a summary, retrieval, a prompt), ``redact()`` replaces the secrets it
recognises with a marker such as ``[REDACTED:aws-access-key]``, and the caller
says that it did. A person's own ``ws.read`` shows the file as it is.

Each row of ``REDACTION_TABLE`` has a kind (the marker's English code), the
literal hints that must appear before its regular expression runs, and a
sentence a person reads. Each pattern starts with a literal, so text that
holds no secret costs about one substring search per row (``bench/bench_redact.py`` measures it on
real source against Yelp's ``detect-secrets`` plugins). A private-key block is
replaced line for line, so line numbers after it stay right.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass, field

from ..i18n import N_, _, ngettext

__all__ = [
    "MARKER",
    "REDACTION_TABLE",
    "Redaction",
    "RedactionRow",
    "count_markers",
    "redact",
    "redact_for_model",
    "redaction_note",
]

MARKER = "[REDACTED:{kind}]"
_MARKER_RE = re.compile(r"\[REDACTED:([a-z-]+)\]")


@dataclass(frozen=True, slots=True)
class RedactionRow:
    """One shape of secret: its kind, its pattern, the sentence a person reads.

    Patterns start with a literal, so the regular expression engine skips
    through text that can't match at the speed of a substring search; a word
    boundary before the match (which would defeat that) is checked by
    ``before`` on the few matches instead. ``hints``, when given, are literals
    one of which must be in the text for the pattern to run at all. ``keep``
    names the group kept before the marker (a header's name, a URL's user), so
    the model still sees what the line was about.
    """

    kind: str
    pattern: re.Pattern[str]
    sentence: str
    keep: int = 0
    before: Callable[[str, int], bool] | None = None
    hints: tuple[str, ...] = ()


def _word_starts(text: str, start: int) -> bool:
    """True when ``start`` begins a word: no letter, digit or underscore just before it."""
    return start == 0 or not (text[start - 1].isalnum() or text[start - 1] == "_")


def _after_b(text: str, start: int) -> bool:
    """For "earer ...": True after a "B" or "b" that begins a word ("Bearer", "bearer")."""
    return start > 0 and text[start - 1] in "Bb" and _word_starts(text, start - 1)


def _row(kind: str, pattern: str, sentence: str, *, keep: int = 0,
         before: Callable[[str, int], bool] | None = _word_starts,
         hints: tuple[str, ...] = (), flags: int = 0) -> RedactionRow:  # fmt: skip
    return RedactionRow(kind, re.compile(pattern, flags), sentence, keep, before, hints)


_T = r"[A-Za-z0-9_-]"
REDACTION_TABLE: tuple[RedactionRow, ...] = (
    # To its END line (a key is under 8 KiB, also on one line with "\n" escapes, as in JSON);
    # a block cut short (a read's limit) to the end of its base64 lines.
    _row("private-key", r"-----BEGIN[A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----(?:[\s\S]{0,8192}?"
         r"-----END[A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----|(?:(?:\r?\n|\\n)(?:[A-Za-z0-9+/=]*"
         r"|Proc-Type:[^\n\\]*|DEK-Info:[^\n\\]*)(?=\r?\n|\\n|\Z))*)",
         N_("A private key block (-----BEGIN ... PRIVATE KEY-----)."), before=None),
    _row("aws-access-key", r"A[KS]IA[0-9A-Z]{16}(?![0-9A-Za-z])",
         N_("An AWS access key id (AKIA..., ASIA...).")),
    _row("github-token", r"gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255}",
         N_("A GitHub token (ghp_..., github_pat_...).")),
    _row("slack-token", r"xox[bpaors]-[A-Za-z0-9-]{10,}",
         N_("A Slack token (xoxb-..., xoxp-...).")),
    # "sk-" starts many words in source; a key has letters and digits, 20 or more of them.
    _row("api-key", rf"sk-(?=[\w-]*\d)(?=[\w-]*[A-Za-z]){_T}{{20,}}",
         N_("A model provider's secret key (sk-...).")),
    _row("google-api-key", rf"AIza{_T}{{35}}(?!{_T})", N_("A Google API key (AIza...).")),
    _row("jwt", rf"eyJ{_T}{{8,}}\.eyJ{_T}{{8,}}\.{_T}{{8,}}",
         N_("A JSON Web Token (eyJ....eyJ....).")),
    _row("authorization", r"^([ \t>]*[\"']?(?:proxy-)?authorization[\"']?[ \t]*:[ \t]*)\S.*$",
         N_("The value of an Authorization: header line."), keep=1, before=None,
         hints=("uthorization", "UTHORIZATION"), flags=re.IGNORECASE | re.MULTILINE),
    _row("bearer-token", r"(earer[ \t]+)[A-Za-z0-9._~+/-]{20,}=*",
         N_("A bearer token written out after 'Bearer'."), keep=1, before=_after_b),
    _row("url-password", r"(://[^/\s:@\"'<>]+:)[^/\s@\"'<>]+(?=@)",
         N_("The password in a URL (scheme://user:password@host)."), keep=1, before=None),
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Redaction:
    """Text with its secrets replaced, and how many of each kind were found."""

    text: str
    found: Mapping[str, int] = field(default_factory=dict)

    @property
    def count(self) -> int:
        return sum(self.found.values())

    def __bool__(self) -> bool:
        return bool(self.found)


def _replacer(row: RedactionRow, counts: Counter[str]) -> Callable[[re.Match[str]], str]:
    marker = MARKER.format(kind=row.kind)
    before = row.before

    def replace(match: re.Match[str]) -> str:
        whole = match.group(0)
        if before is not None and not before(match.string, match.start()):
            return whole  # inside a longer word: "task-...", "xAKIA..."
        kept = match.group(row.keep) if row.keep else ""
        if _MARKER_RE.fullmatch(whole[len(kept):].strip()):
            return whole  # redacted already: text passes here again on its way to a model
        counts[row.kind] += 1
        # A block over several lines keeps its line count, so later line numbers stay right.
        return kept + marker + "\n" * whole.count("\n")

    return replace


def redact(text: str) -> Redaction:
    """``text`` with every secret of ``REDACTION_TABLE`` replaced by its marker."""
    counts: Counter[str] = Counter()
    for row in REDACTION_TABLE:
        if not row.hints or any(hint in text for hint in row.hints):
            text = row.pattern.sub(_replacer(row, counts), text)
    return Redaction(text, dict(counts))


def redact_for_model(text: str, seen: MutableMapping[str, int]) -> str:
    """``text`` as a model may see it; ``seen`` adds up the markers it holds, by kind.

    Text already redacted on the way (a model's read tools redact) passes
    unchanged and its markers are counted, so ``seen`` says what the model was
    not shown, whichever step hid it.
    """
    clean = redact(text).text
    for kind, count in count_markers(clean).items():
        seen[kind] = seen.get(kind, 0) + count
    return clean


def count_markers(text: str) -> dict[str, int]:
    """The redaction markers in ``text``, by kind: what a model was shown as redacted."""
    if "[REDACTED:" not in text:
        return {}
    return dict(Counter(_MARKER_RE.findall(text)))


def redaction_note(found: Mapping[str, int], lang: str | None = None) -> str:
    """The sentence a reply carries when text sent to a model had secrets redacted."""
    total = sum(found.values())
    if not total:
        return ""
    kinds = ", ".join(sorted(found))
    return ngettext("{count} secret ({kinds}) was redacted from the file text before the model "
                    "saw it; read the file yourself with ws.read() to see it whole.",
                    "{count} secrets ({kinds}) were redacted from the file text before the "
                    "model saw it; read the file yourself with ws.read() to see it whole.",
                    total, lang).format(count=total, kinds=kinds)  # fmt: skip


def explain_kind(kind: str, lang: str | None = None) -> str:
    """The sentence of one row of the table, in the current language (or ``lang``)."""
    for row in REDACTION_TABLE:
        if row.kind == kind:
            return _(row.sentence, lang)
    return kind
