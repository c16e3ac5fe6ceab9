"""Understanding a request offline: names from the workspace, the intent from what is left.

The engine, in four steps a newcomer can follow:

1. **Names.** ``find_mentions`` takes out every stretch that names a workspace entry
   (longest first), plus quoted spans and tokens that look like names.
2. **Words.** What is left is matched against the one vocabulary (``wsnb.agent.vocab``):
   each group found votes for its action; fillers and particles drop out; an
   English verb one typo away still counts.
3. **Intent and slots.** The first action of ``vocab.ACTIONS`` whose words are there
   decides, refined by what was named (a folder is listed, a file read; "explain"
   with no name is the project). The mentions fill the slots in message order:
   the first is the target, the next the destination; text after a content
   marker ("内容是", "with content") is the content; leftover words are a keyword.
4. **Language.** The reply speaks the language of the words left once names, paths,
   quoted text, content and keywords are taken out.

The grammar's rows (``wsnb.agent.grammar``) read a whole sentence with its slots; they
are asked first, and kept when their slots agree with the workspace (a slot that
is a name found here, a list position, or a keyword free of request words).
Otherwise this engine's reading wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..i18n import Language, detect_language
from .commands import Command, clean_target, parse_command, several_targets
from .context import parse_reference
from .mentions import Mention, find_mentions, known_word, normalize
from .vocab import ACTIONS, FILLERS, KIND_SUFFIXES, OBJECTS, WORDS

if TYPE_CHECKING:
    from ..workspace import Workspace

__all__ = ["Understood", "understand"]

_CJK = re.compile(r"[\u4e00-\u9fff]")
_LETTERS = re.compile(r"[A-Za-z\u4e00-\u9fff]")
# Words that ask what a folder or file holds: a listing, or the file read.
_INSIDE = ("里有什么", "里面有什么", "有什么", "有哪些", "有啥", "都有啥", "都有什么", "里都有",
           "what's in", "what is in", "what's inside", "what is inside", "contents of",
           "what files are in", "what do we have in", "what's under")  # fmt: skip
_CONTENT_MARKERS = WORDS["CONTENT"] + WORDS["CONTENT_EN"] + (":", "：")
_DEST_MARKERS = ("改名为", "改名成", "重命名为", "重命名成", "改为", "改成", "为", "成", "叫做", "叫",
                 "到", "进", "至", " to ", " into ", " as ", " under ", " in ")  # fmt: skip
_WORKSPACE_WORDS = WORDS["WORKSPACE"] + ("workspace",)
_PROJECT_WORDS = OBJECTS["project"]
_QUESTION_WHERE = WORDS["WHERE"] + WORDS["WHERE_EN"]


@dataclass
class Understood:
    """The reading of one request: the command (or None), its names, its language."""

    text: str
    command: Command | None
    lang: Language
    mentions: list[Mention] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    by_grammar: bool = False

    @property
    def grounded(self) -> bool:
        """Whether the reading rests on a grammar row, a name, or a list position."""
        return self.by_grammar or bool(self.mentions) or parse_reference(self.text) is not None

    @property
    def masked(self) -> str:
        """The request with the names the workspace knows taken out (for the refusal rules)."""
        out = self.text
        for m in reversed(self.mentions):
            if m.known:
                out = out[:m.start] + "§" + out[m.end:]
        return out


def _blank(text: str, mentions: list[Mention]) -> str:
    for m in mentions:
        text = text[:m.start] + " " * (m.end - m.start) + text[m.end:]
    return text


def _contains(text: str, word: str) -> int:
    """Where ``word`` stands in ``text`` (as a word, for English), or -1."""
    folded = text.casefold()
    word = word.casefold()
    if _CJK.search(word) or not re.match(r"\w", word):
        return folded.find(word)
    pattern = re.escape(word).replace("\\ ", "\\s+")
    match = re.search(r"(?<![\w'])" + pattern + r"(?![\w'])", folded)
    return match.start() if match else -1


def _found_actions(rest: str) -> list[str]:
    """Every action whose words appear in ``rest``, in the table's order."""
    tokens = re.findall(r"[A-Za-z]+", rest)
    found = []
    for action, groups in ACTIONS:
        words = [w for g in groups for w in WORDS[g]]
        if any(_contains(rest, w) >= 0 for w in words):
            found.append(action)
        elif any(len(t) > 3 and t.casefold() not in _FILLER_SET and _typo_of(t, words)
                 for t in tokens):  # fmt: skip
            found.append(action)
    if any(_contains(rest, w) >= 0 for w in _INSIDE):
        found.insert(0, "inside")
    return found


_FILLER_SET = frozenset(w.casefold() for w in FILLERS)


def _typo_of(token: str, words: list[str]) -> bool:
    from rapidfuzz.distance import DamerauLevenshtein

    token = token.casefold()
    if token in {w.casefold() for w in words} or not known_word(token):
        return False
    allowed = 1 if len(token) < 7 else 2
    return any(w.isalpha() and len(w) > 3 and
               DamerauLevenshtein.distance(token, w.casefold(), score_cutoff=allowed) <= allowed
               for w in words)  # fmt: skip


def _leftover_words(rest: str) -> list[str]:
    """The words of ``rest`` that are no vocabulary, filler or object: a keyword's pieces."""
    vocabulary = sorted({w for g in WORDS.values() for w in g} | set(FILLERS)
                        | {w for g in OBJECTS.values() for w in g}, key=len, reverse=True)  # fmt: skip
    text = rest
    for word in vocabulary:
        if _CJK.search(word):
            text = text.replace(word, " ")
    words = []
    for token in re.findall(r"[^\s,，。.!！?？:：;；、()（）\"'“”‘’《》]+", text):
        if _CJK.fullmatch(token) or (not _CJK.search(token) and known_word(token)):
            continue  # a stray Chinese character, or an English request word
        if token.casefold() in {w.casefold() for w in vocabulary}:
            continue
        words.append(token)
    return words


def _content_after(text: str, start: int) -> tuple[int, str]:
    """Where a content marker begins after ``start``, and the content after it (or -1, "")."""
    best = (-1, "", 0)
    for marker in sorted(_CONTENT_MARKERS, key=len, reverse=True):
        at = _contains(text[start:], marker)
        if at >= 0 and (best[0] < 0 or start + at < best[0]):
            best = (start + at, marker, len(marker))
    if best[0] < 0:
        return -1, ""
    content = text[best[0] + best[2]:].strip().lstrip(":：,， ").strip()
    return best[0], content


def _kind_suffixes(words: list[str], rest: str) -> list[str]:
    suffixes: list[str] = []
    for word, kinds in KIND_SUFFIXES.items():
        if _contains(rest, word) >= 0:
            suffixes += [k for k in kinds if k not in suffixes]
    return suffixes


def _first(mentions: list[Mention]) -> Mention | None:
    return mentions[0] if mentions else None


def _reference(rest: str) -> str:
    position = parse_reference(rest)
    if position is None:
        return ""
    match = re.search(r"(倒数)?第\s*\S+?\s*(个|项|条|份|篇)|最后(一个|那个|一项)?|"
                      r"(?i:\bthe\s+\S+(\s+to\s+last)?(\s+(one|file|item|result|entry))?\b)|"
                      r"这些|那些|这个|它们|它|(?i:\b(these|those|them|it|this)\b)", rest)  # fmt: skip
    return match.group().strip() if match else rest.strip()


def _target_text(mentions: list[Mention], rest: str) -> str:
    """The first name, unless a list position ("第二个", "these") comes before it."""
    m = _first(mentions)
    if m is not None and several_targets(rest[:m.start]):
        return rest[:m.start].strip()  # "copy all the logs to data": several, refused later
    before = _reference(rest[:m.start]) if m is not None else ""
    if m is not None and not before:
        return m.typed
    return before or _reference(rest)


def _decide(text: str, mentions: list[Mention], actions: list[str]) -> Command | None:
    rest = _blank(text, mentions)
    words = _leftover_words(rest)
    target = _target_text(mentions, rest)
    keyword = mentions[0].typed if mentions else " ".join(words)
    first = _first(mentions)
    is_dir = first is not None and first.is_dir
    has_project = any(_contains(rest, w) >= 0 for w in _PROJECT_WORDS) and first is None
    action = actions[0] if actions else ""
    if action == "undo":
        return Command("undo", {})
    if action == "help" and not mentions:
        return Command("help", {})
    if action == "count":
        args = {"target": target if first is not None else "",
                "kinds": " ".join(_kind_suffixes(words, rest)), "keyword": ""}
        folder = any(_contains(rest, w) >= 0 for w in OBJECTS["folder"])
        args["what"] = "folders" if folder and not args["kinds"] else "files"
        return Command("count", args)
    if action in {"define", "used"}:
        return Command(action if action == "define" else "grep", {"keyword": keyword}) \
            if keyword else None
    if action in {"rename", "copy", "move"}:
        return _change_with_dest(action, text, mentions, rest)
    if action == "trash":
        return Command("trash", {"target": target}) if target else None
    if action in {"write", "append", "create"}:
        return _content_change(action, text, mentions, rest, words)
    if action in {"summarize", "explain"}:
        if has_project or (first is None and not target and not words):
            return Command("project", {})
        if first is None and not target:  # "what does slugify do": a name in the code
            return Command("define", {"keyword": keyword})
        if is_dir:
            return Command("list", {"target": first.typed if first else ""})
        return Command("summarize", {"target": target})
    if action == "inside" or action == "list":
        if first is None and not target:
            root = has_project or any(_contains(rest, w) >= 0 for w in OBJECTS["root"])
            return Command("list", {"target": "."}) if root or action == "list" else None
        return Command("list" if is_dir or first is None else "read", {"target": target})
    if action == "grep" or (action == "find" and any(
            _contains(rest, w) >= 0 for w in WORDS["TEXT_OBJ"] + WORDS["TEXT_OBJ_EN"])):
        return Command("grep", {"keyword": keyword}) if keyword else None
    if action == "find":
        return Command("find", {"keyword": keyword}) if keyword else None
    if action == "open":
        return Command("open", {"target": target}) if target else None
    if action == "read" or (not action and target):
        if first is not None and is_dir:
            return Command("list", {"target": target})
        return Command("read", {"target": target}) if target else None
    return None


def _change_with_dest(action: str, text: str, mentions: list[Mention], rest: str,
                      ) -> Command | None:  # fmt: skip
    target = _target_text(mentions, rest)
    if not target:
        return None
    names = [m for m in mentions if m.typed != target]
    dest = names[0].typed if names and names[0].start > rest.find(target) else ""
    if not dest:
        after = text[mentions[0].end:] if mentions else text
        for marker in _DEST_MARKERS:
            at = _contains(after, marker.strip()) if marker.strip() else -1
            if at >= 0:
                words = _leftover_words(after[at + len(marker.strip()):])
                dest = words[0] if words else ""
                break
    return Command(action, {"target": target, "dest": dest.strip().strip("\"'“”《》")})


def _content_change(action: str, text: str, mentions: list[Mention], rest: str,
                    words: list[str]) -> Command | None:  # fmt: skip
    start = mentions[0].end if mentions else 0
    at, content = _content_after(text, start)
    names = [m for m in mentions if at < 0 or m.start < at]
    if action == "create":
        folder = any(_contains(_blank(text[:at] if at >= 0 else text, names), w) >= 0
                     for w in OBJECTS["folder"])  # fmt: skip
        name = names[0].typed if names else ""
        if not name:
            before = _leftover_words(_blank(text[:at] if at >= 0 else text, names))
            name = before[0] if before else ""
        if not name:
            return None
        if folder and not content:
            return Command("create_folder", {"target": clean_target(name)})
        return Command("create_file", {"target": clean_target(name), "content": content})
    target = names[0].typed if names else ""
    if not target or not content:
        return None
    return Command("write" if action == "write" else "append",
                   {"target": target, "content": content})


def reply_language(text: str, mentions: list[Mention], command: Command | None) -> Language:
    """The language of the request's own words: names, paths, code and slots taken out."""
    rest = _blank(text, mentions)
    rest = re.sub(r"`[^`]*`|《[^》]*》|“[^”]*”|\"[^\"]*\"", " ", rest)
    if command is not None:
        for key in ("content", "keyword", "dest"):
            value = command.get(key)
            if value and len(value) > 0:
                rest = rest.replace(value, " ")
    rest = re.sub(r"\S*[/\\]\S*|\S+\.[A-Za-z]\w{0,7}\b", " ", rest)
    if not _LETTERS.search(rest):
        return detect_language(text)
    return detect_language(rest)


def _agrees(command: Command, mentions: list[Mention]) -> bool:
    """Whether the grammar's slots are names found here, positions, or clean keywords."""
    typed = {m.typed.casefold().strip() for m in mentions}
    for key in ("target", "keyword", "dest"):
        value = command.get(key).casefold().strip().strip("\"'“”《》「」")
        if not value or value in typed or value in {".", "根目录", "root", "工作区"}:
            continue
        if key != "dest" and parse_reference(value) is not None \
                and not any(t in value for t in typed):
            continue
        if key == "dest" and len(mentions) < 2:
            continue  # a new name, which the workspace can't know
        if key == "keyword" and not any(m.known for m in mentions) \
                and " ".join(_leftover_words(value)).casefold() == value:
            continue
        if key == "target" and command.action in {"create_file", "create_folder"} \
                and not any(m.known for m in mentions):
            continue
        return False
    return True


def understand(ws: Workspace, message: str) -> Understood:
    """The command ``message`` asks for, grounded in ``ws``, and the language to answer in."""
    text = normalize(message)
    mentions = find_mentions(ws, text)
    actions = _found_actions(_blank(text, mentions))
    grammar = parse_command(text)
    agrees = grammar is not None and _agrees(grammar, mentions)
    command = grammar if agrees else _decide(text, mentions, actions) or grammar
    lang = reply_language(text, mentions, command)
    return Understood(text, command, lang, mentions, actions, command is grammar)
