"""One value to change in a named file: "set K to V in F", "把 F 里的 K 改成 V", "in F, change
K to V", "F 的 K 设为 V", "change F's K to V", dotted keys too ("app.port").

``read_setting`` reads the key and the value around the one file the request names (the
file stands as ``§`` in the patterns) and gives an ``edit`` command: the handler changes
that value only (``wsnb.agent.keyvalues``), through ``ws.edit``.
"""

from __future__ import annotations

import re

from .commands import Command
from .request import Reading

__all__ = ["read_keyless_setting", "read_setting"]

_KEY = r"(?P<key>[A-Za-z_\u4e00-\u9fff][\w\-\u4e00-\u9fff]*(?:\.[\w\-\u4e00-\u9fff]+)*)"
_VALUE = r"(?P<value>\"[^\"]*\"|'[^']*'|“[^”]*”|[^\s,，。;；!！?？]+)"
# A Chinese sentence says its value to the end of the clause ("改成 node index.js --watch").
_VALUE_ZH = r"(?P<value>\"[^\"]*\"|“[^”]*”|[^,，。;；!！?？]+?)"
_SET_EN = r"(?:set|change|update|switch|bump|make|turn|modify|edit)"
_TO_ZH = (r"(?:改成|改为|设为|设成|设置为|设置成|换成|换为|更新为|调成|调为|调到|变成|改到|"
          r"调大到|调小到|调高到|调低到|提高到|降低到|增加到|减少到|加到|减到|"
          r"设置到|定为|该成|该为|社置成|社置为|设制成|设置称)")  # the last: typos people make
_THE = r"(?:the\s+)?(?:value\s+of\s+)?(?:the\s+)?"
_WORD = r"(?:\s+(?:setting|value|field|key|option|entry|property))?"
_FILE = r"(?:the\s+)?(?:file\s+)?§(?:\s+file)?"
# A value ends the clause; what follows it is talk ("? it's only for a screenshot", "? thx").
_END = (r"\s*(?:please|pls|thanks|thank you|谢谢|吧|呢|啊|一下)?\s*"
        r"(?:[。!！?？,，;；].*|\.(?:\s.*)?)?$")  # "db.local" keeps its dot
_PATTERNS = [re.compile(p, re.IGNORECASE) for p in (
    rf"^.*?\b{_SET_EN}\s+{_THE}{_KEY}{_WORD}\s+(?:in|of|inside|within)\s+{_FILE}\s+(?:to|=|as)\s+{_VALUE}{_END}",
    rf"^.*?\b{_SET_EN}\s+{_THE}{_KEY}{_WORD}\s+(?:to|=|as)\s+{_VALUE}\s+(?:in|of|inside|within)\s+{_FILE}{_END}",
    rf"^.*?\b(?:in|inside|within)\s+{_FILE}\s*,?\s*{_SET_EN}\s+{_THE}{_KEY}{_WORD}\s+(?:to|=|as)\s+{_VALUE}{_END}",
    rf"^.*?\b{_SET_EN}\s+{_FILE}'s\s+{_KEY}{_WORD}\s+(?:to|=|as)\s+{_VALUE}{_END}",
    rf"^.*?\b{_SET_EN}\s+{_FILE}\s+{_KEY}{_WORD}\s+(?:to|=)\s+{_VALUE}{_END}",
    rf"^.*?{_KEY}\s+(?:in|of)\s+{_FILE}\s+(?:should be|to)\s+{_VALUE}{_END}",
    rf"^.*?(?:把|将)?\s*{_FILE}\s*(?:里面|里头|里|中)?\s*的?\s*(?:把|将)?\s*{_KEY}\s*(?:的值|这个值|值)?\s*(?:从\s*\S+?\s*)?{_TO_ZH}\s*{_VALUE_ZH}{_END}",
    rf"^.*?在\s*{_FILE}\s*(?:里面|里头|里|中)?\s*[,，]?\s*(?:把|将)\s*{_KEY}\s*(?:的值|值)?\s*(?:从\s*\S+?\s*)?{_TO_ZH}\s*{_VALUE_ZH}{_END}",
    rf"^.*?(?:把|将)\s*{_KEY}\s*(?:的值|值)?\s*{_TO_ZH}\s*{_VALUE}\s*[,，]?\s*(?:在|于)\s*{_FILE}\s*(?:里面|里|中)?{_END}",
    rf"^\s*{_FILE}\s*[:：]?\s*{_KEY}\s*(?:->|=>|→|=|:)\s*{_VALUE}{_END}",
)]  # fmt: skip
# Words that are no key: "set the content of a.txt to …" rewrites the file.
_NOT_KEYS = {"content", "contents", "text", "name", "filename", "内容", "全文", "文本", "名字",
             "文件名", "名称", "file", "it", "this", "that", "文件"}  # fmt: skip


# A setting named without its file ("set max_widgets to 16", "the theme should be dark",
# 主题换成 blue): the key is then looked for in the settings files (``keyholders``).
_SHOULD = r"(?:should|shuold|shoud|sould|must)\s+be"
_KEYLESS = [re.compile(p, re.IGNORECASE) for p in (
    rf"^.*?\b{_SET_EN}\s+{_THE}{_KEY}{_WORD}\s+(?:to|=|as)\s+{_VALUE}{_END}",
    rf"^.*?\b{_THE}{_KEY}{_WORD}\s+{_SHOULD}\s+{_VALUE}{_END}",
    rf"^.*?\b(?:like|want|need|prefer)\s+{_THE}{_KEY}{_WORD}\s+to\s+be\s+{_VALUE}{_END}",
    rf"^\s*(?:把|将)?\s*{_KEY}\s*(?:的值|这个值|值)?\s*(?:从\s*\S+?\s*)?{_TO_ZH}\s*{_VALUE_ZH}{_END}",
)]  # fmt: skip
_NAME_KEYS = {"name", "名字", "名称"}  # a key of settings, or a file's name: a suffix decides


# What comes between a file and a second name that is part of the new value.
_SETS = re.compile(_TO_ZH + r"|\b(?:to|=)\s", re.IGNORECASE)
_REFERENCE = re.compile(r"\b(?:that|this|the same)\s+file\b|\bit\b|这个文件|那个文件|它",
                        re.IGNORECASE)  # fmt: skip


def read_setting(r: Reading) -> Command | None:
    """An ``edit`` of one value when the request sets a key of the one file it names."""
    files = [m for m in r.mentions if m.known and not m.is_dir]
    if len(files) > 1 and not _SETS.search(r.text[files[0].end:files[1].start]):
        return None  # two files and no value between them: not one value of one file
    if files:
        start, end, target = files[0].start, files[0].end, files[0].slot
    else:  # "ok in that file set port to 9000": the file just read
        found = _REFERENCE.search(r.text)
        if found is None:
            return None
        start, end, target = found.start(), found.end(), found.group()
    text = r.text[:start] + "§" + r.text[end:]
    for pattern in _PATTERNS:
        match = pattern.match(text)
        if match is None:
            continue
        key, value = match.group("key"), match.group("value").strip("\"'“”")
        around = text[max(0, match.start("key") - 1):match.end("key") + 1]
        if key.casefold() in _NOT_KEYS or "§" in value or not value \
                or any(w in around for w in _NOT_KEYS if not w.isascii()):
            return None  # "把 a.txt 的内容替换成 hello": the whole text, no key
        key = re.sub(r"^(?:把|将)", "", key)
        return Command("edit", {"target": target, "field": key, "content": value.strip()})
    return None


def read_keyless_setting(r: Reading) -> Command | None:
    """An ``edit`` of one value whose file is not named ("set max_widgets to 16"): the target
    is left empty for the settings files that hold the key to fill (``keyholders``)."""
    if any(m.known or m.how in {"suffixed", "quoted"} for m in r.mentions) \
            or _REFERENCE.search(r.text):
        return None
    for pattern in _KEYLESS:
        match = pattern.match(r.text)
        if match is None:
            continue
        key = re.sub(r"^(?:把|将)", "", match.group("key"))
        value = match.group("value").strip().strip("\"'“”")
        named_file = re.fullmatch(r"[^\s/]+\.[A-Za-z]\w{0,7}", value)
        if not value or (key.casefold() in _NOT_KEYS - _NAME_KEYS) \
                or (key.casefold() in _NAME_KEYS and named_file):
            return None
        return Command("edit", {"target": "", "field": key, "content": value})
    return None
