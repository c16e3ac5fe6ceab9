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

__all__ = ["read_setting"]

_KEY = r"(?P<key>[A-Za-z_\u4e00-\u9fff][\w\-\u4e00-\u9fff]*(?:\.[\w\-\u4e00-\u9fff]+)*)"
_VALUE = r"(?P<value>\"[^\"]*\"|'[^']*'|“[^”]*”|[^\s,，。;；!！?？]+)"
_SET_EN = r"(?:set|change|update|switch|bump|make|turn|modify|edit)"
_TO_ZH = (r"(?:改成|改为|设为|设成|设置为|设置成|换成|换为|更新为|调成|调为|调到|变成|改到|"
          r"设置到|定为)")
_THE = r"(?:the\s+)?(?:value\s+of\s+)?(?:the\s+)?"
_WORD = r"(?:\s+(?:setting|value|field|key|option|entry|property))?"
_FILE = r"(?:the\s+)?(?:file\s+)?§(?:\s+file)?"
_END = r"\s*(?:please|pls|thanks|thank you|谢谢|吧|呢|啊|一下)?\s*[.。!！]?\s*$"
_PATTERNS = [re.compile(p, re.IGNORECASE) for p in (
    rf"^.*?\b{_SET_EN}\s+{_THE}{_KEY}{_WORD}\s+(?:in|of|inside|within)\s+{_FILE}\s+(?:to|=|as)\s+{_VALUE}{_END}",
    rf"^.*?\b{_SET_EN}\s+{_THE}{_KEY}{_WORD}\s+(?:to|=|as)\s+{_VALUE}\s+(?:in|of|inside|within)\s+{_FILE}{_END}",
    rf"^.*?\b(?:in|inside|within)\s+{_FILE}\s*,?\s*{_SET_EN}\s+{_THE}{_KEY}{_WORD}\s+(?:to|=|as)\s+{_VALUE}{_END}",
    rf"^.*?\b{_SET_EN}\s+{_FILE}'s\s+{_KEY}{_WORD}\s+(?:to|=|as)\s+{_VALUE}{_END}",
    rf"^.*?\b{_SET_EN}\s+{_FILE}\s+{_KEY}{_WORD}\s+(?:to|=)\s+{_VALUE}{_END}",
    rf"^.*?{_KEY}\s*(?:in|of)\s+{_FILE}\s+(?:should be|to)\s+{_VALUE}{_END}",
    rf"^.*?(?:把|将)?\s*{_FILE}\s*(?:里面|里头|里|中|内)?\s*的?\s*{_KEY}\s*(?:的值|这个值|值)?\s*(?:从\s*\S+?\s*)?{_TO_ZH}\s*{_VALUE}{_END}",
    rf"^.*?在\s*{_FILE}\s*(?:里面|里头|里|中|内)?\s*[,，]?\s*(?:把|将)\s*{_KEY}\s*(?:的值|值)?\s*(?:从\s*\S+?\s*)?{_TO_ZH}\s*{_VALUE}{_END}",
    rf"^.*?(?:把|将)\s*{_KEY}\s*(?:的值|值)?\s*{_TO_ZH}\s*{_VALUE}\s*[,，]?\s*(?:在|于)\s*{_FILE}\s*(?:里面|里|中)?{_END}",
)]  # fmt: skip
# Words that are no key: "set the content of a.txt to …" rewrites the file.
_NOT_KEYS = {"content", "contents", "text", "name", "filename", "内容", "全文", "文本", "名字",
             "文件名", "名称", "file", "it", "this", "that", "文件"}  # fmt: skip


def read_setting(r: Reading) -> Command | None:
    """An ``edit`` of one value when the request sets a key of the one file it names."""
    files = [m for m in r.mentions if m.known and not m.is_dir]
    if len(files) != 1 or not {"write", "create", "used"} & set(r.actions):
        return None
    m = files[0]
    text = r.text[:m.start] + "§" + r.text[m.end:]
    for pattern in _PATTERNS:
        match = pattern.match(text)
        if match is None:
            continue
        key, value = match.group("key"), match.group("value").strip("\"'“”")
        if key.casefold() in _NOT_KEYS or "§" in value or not value \
                or any(w in key for w in _NOT_KEYS if not w.isascii()):
            return None  # "把 a.txt 的内容替换成 hello": the whole text, no key
        return Command("edit", {"target": m.slot, "field": key, "content": value})
    return None
