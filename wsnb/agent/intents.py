"""What a message asks for: the workspace, a chat, an application, or something forbidden.

The order follows the design's router: a forbidden request is refused first
(whatever else it says), then an explicit application launch ("打开微信",
"open the browser"), then workspace requests, and everything else is chat.
Each forbidden kind carries the rule that forbids it, as a sentence a person
reads in the reply; no plan is ever made for one.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from ..i18n import N_, _

__all__ = ["FORBIDDEN_RULES", "NOT_WORKSPACE", "Intent", "IntentKind", "classify",
           "is_workspace_text", "sensitive_request"]


class IntentKind(enum.StrEnum):
    WORKSPACE = "workspace"
    CHAT = "chat"
    LAUNCH_APP = "launch_app"
    FORBIDDEN = "forbidden"


@dataclass(frozen=True)
class Intent:
    """The kind of a message; ``rule`` names the forbidding rule, ``app`` the app asked for."""

    kind: IntentKind
    rule: str | None = None
    app: str | None = None
    also: str | None = None  # a second rule the same request breaks ("wipe every file")

    @property
    def reason(self) -> str:
        """The sentence that explains a refusal (empty for allowed kinds)."""
        if self.kind is IntentKind.FORBIDDEN and self.rule:
            rules = [self.rule] + ([self.also] if self.also and self.also != self.rule else [])
            return " ".join(_(FORBIDDEN_RULES[rule]) for rule in rules)
        if self.kind is IntentKind.LAUNCH_APP:
            return _(LAUNCH_REFUSAL)
        return ""


LAUNCH_REFUSAL = N_(
    "wsnb works on files in this workspace and doesn't launch applications; "
    "open the app yourself, or ask me to open a file of this workspace."
)

FORBIDDEN_RULES: dict[str, str] = {
    "permanent_delete": N_("wsnb never deletes permanently: a delete moves one item to the "
    "system trash, and only after you confirm it."),
    "bulk_change": N_("wsnb changes one item per plan: deleting, moving, renaming or editing "
    "several files at once is not allowed; name the files one at a time."),
    "run_command": N_("wsnb never runs commands, scripts or programs; run them yourself in a "
    "terminal if you trust them."),
    "install": N_("wsnb never installs or removes packages; use your package manager yourself."),
    "git": N_("wsnb doesn't commit, push or change version control; use git yourself."),
    "whole_disk": N_("wsnb searches only inside this workspace, never the whole disk; open "
    "the folder you mean as a workspace."),
    "outside": N_("wsnb works only inside this workspace; paths outside it are refused. "
    "Open the other folder as its own workspace."),
    "sensitive": N_("wsnb doesn't open, show or change sensitive files (keys, passwords, "
    "credentials, .env files); open them yourself if you must."),
}

NOT_WORKSPACE = N_(
    "That is not a workspace request: I work on the files of this workspace (search, read, "
    "explain, count, and changes you confirm), not on the weather, reminders or other apps."
)

_I = re.IGNORECASE
_DELETE = r"(删除|删掉|删了|删去|清除|移除|扔掉|丢掉|\b(delete|remove|erase|trash|rm|del)\b)"
_MOVE = r"(移动|移到|挪到|搬到|\b(move|relocate)\b)"
_THESE = r"(这些|那些|这几个|\bthese\b|\bthose\b|\bthem\b)"
_MANY = r"(所有|全部|全都|统统|一切|批量|每个|每一个|\ball\b|every|everything|\bbulk\b|\*\.\w+|\*)"

_FORBIDDEN: list[tuple[str, re.Pattern[str]]] = [
    ("permanent_delete", re.compile(
        r"永久(地)?删|彻底(地)?删|直接删除(不|而不)|不(要|用)?(进|放|经过)?回收站|清空回收站|粉碎|"
        r"rm\s+-rf|shift\s*\+?\s*del|permanent(ly)?\s*(delete|remov|eras)|"
        r"delete\s+(it\s+|them\s+)?(forever|for\s+good|permanently)|"
        r"empty\s+(the\s+)?(trash|recycle)|skip(ping)?\s+the\s+(trash|recycle)|"
        r"without\s+(the\s+)?(trash|recycle)|\bshred\b|\bwipe\b|"
        r"\bhard[\s-]*delet|\bskip(ping)?\s+the\s+(bin|trash|recycle)|\bbypass(ing)?\s+the\s+"
        r"(bin|trash|recycle)|\b(no|not\s+to\s+the|not\s+in\s+the)\s+(trash|bin|recycle\s*bin)\b|"
        r"irreversibl|unrecoverabl|不可恢复|无法恢复|永远删|硬删除|强制删除|不留备份|"
        r"\b(delete|remove|erase|destroy|nuke|trash|wipe)\b.{0,40}\b(forever|for\s+good|"
        r"permanently)\b", _I)),
    ("bulk_change", re.compile(
        rf"{_DELETE}.{{0,12}}{_MANY}|{_MANY}.{{0,12}}{_DELETE}|"
        rf"{_MOVE}.{{0,12}}{_MANY}|{_MANY}.{{0,12}}{_MOVE}|{_DELETE}.{{0,6}}{_THESE}|"
        rf"{_THESE}.{{0,6}}{_DELETE}|{_MOVE}.{{0,6}}{_THESE}|{_THESE}.{{0,6}}{_MOVE}|"
        r"(里|中|下)(面)?的?(东西|文件|内容)?\s*(全|都|全部)\s*(都)?(删|移|挪|扔|清)|"
        r"(clean|clear)\s+(up\s+|out\s+)?(the\s+)?(whole|entire)|"
        r"清空(这个|整个)?(文件夹|目录|工作区|项目)|"
        r"(批量|全部|所有|统统).{0,12}(重命名|改名)|(重命名|改名).{0,8}(全部|所有|每个)|"
        r"\b(rename|renaming)\s+(all|every|each|everything)\b", _I)),
    ("git", re.compile(
        r"\bgit\s+(commit|push|pull|merge|rebase|reset|checkout|add|stash)\b|"
        r"\bcommit\s+(?:(?:the|my|these|all|our|your)\s+){0,2}(changes?|files?|code|it|this|them|"
        r"work|edits?|notebooks?)\b|"
        r"\bgit\s+(status|log|diff|branch|clone|fetch|init|tag|revert|cherry-pick)\b|"
        r"(提交|推送)(一下)?(代码|更改|修改|改动|到\s*git|到仓库)|git\s*(提交|推送)|"
        r"\bpush\s+(it\s+|the\s+code\s+)?to\s+(github|gitlab|the\s+remote|origin)|"
        r"\bpush\s+(my\s+|the\s+|these\s+|our\s+)?(commits?|changes|code|branch)\b|"
        r"\bcommit\s+(and|n|&|\+|then)\s+push\b", _I)),
    ("whole_disk", re.compile(
        r"全盘|整个\s*(硬盘|磁盘|电脑|系统|[cd]\s*盘)|所有(硬盘|磁盘|盘)|[cdCD]\s*盘|电脑(上|里)(所有|的所有|全部)|"
        r"(whole|entire|full)\s+(disk|drive|computer|hard\s*drive|system|machine|file\s*system)|"
        r"\ball\s+(drives|disks)\b|\bmy\s+(whole\s+)?computer\b|system-?wide|"
        r"\bsearch\s+everywhere\b|\b[a-z]:?\s+drive\b", _I)),
    ("outside", re.compile(
        r"(^|[\s\"'“‘(（\u4e00-\u9fff])(/(etc|usr|bin|var|home|root|opt|tmp|sys|proc|Users|Windows)\b|~[/\\]|"
        r"[A-Za-z]:[\\/])|(^|[\s/\\])\.\.([/\\]|$|\s)|工作区(之)?外|上一?级目录|上层目录|父目录|"
        r"桌面上|我的桌面|下载文件夹|我的文档|用户目录|主目录|"
        r"outside\s+(of\s+)?(the\s+|this\s+)?(workspace|project|folder)|parent\s+(folder|directory)|"
        r"\bmy\s+(desktop|downloads|documents|home)\b|\bhome\s+(folder|directory)\b", _I)),
]

# Running: an order to run something; a question about how to run it is a workspace question.
# A question about the files ("怎么运行", "这个函数执行什么", "what does run() do") is not an
# order to run something; "can you run main.py?" still is.
_HOW_TO = re.compile(r"怎么|如何|怎样|什么|哪|为什么|\b(how|what|which|why|where|when)\b", _I)
_INSTALL = re.compile(
    r"(安装|卸载)(?!(说明|步骤|指南|文档|方法|过程|要求|部分|章节))|\binstall\b|\buninstall\b|"
    r"(帮我|给我|请)?装(一下|上|个|好)\s*[A-Za-z]|"
    r"\bpip3?\s+\w|\bnpm\s+(i|install|add)\b|\bapt(-get)?\s+\w|\bbrew\s+\w|"
    r"\bconda\s+(install|create)|\byarn\s+add", _I)
_RUN = re.compile(
    r"(帮我|给我|请|你)?(运行|执行|跑一下|跑一遍|跑起来|跑下|跑跑|启动脚本)(一下)?|"
    r"(启动|跑)(一下|下)?(项目|程序|服务|服务器|应用|测试)|(编译|构建)(一下|下)|"
    r"\b(compile|build)\s+(it|this|the\s+project|the\s+code|\S+\.(c|cpp|cc|java|rs|go|ts))\b|"
    r"\b(run|execute|exec)\s+(一下\s*|下\s*)?(this|that|it|the|a|my|these|\S+\.(py|sh|bat|ps1|js|exe|cmd|ipynb))|"
    r"\b(launch|start|fire\s+up|kick\s+off|boot\s+up|trigger|invoke|spin\s+up)\s+"
    r"\S+\.(py|sh|bat|ps1|exe|cmd|js|ipynb)\b|"
    r"(跑|启动|执行|运行)(一下|一遍|下|跑)?\s*\S+\.(py|sh|bat|ps1|exe|cmd|js|ipynb)\b|"
    r"\b(run|execute)\s+\w*\s*(command|script|program|tests?|build|make|npm|python|shell)|"
    r"\b(node|python3?|py|deno|ruby|perl|sh|zsh|php|bun)\s+\S+\.(py|js|mjs|ts|rb|pl|sh|php)\b|"
    r"^\s*(\$|>)\s*\w|\b(sudo|chmod|bash|powershell|cmd\.exe)\b|命令行|终端里", _I)
_RUN_NOT_APP = re.compile(r"运行时|runtime|running\s+(time|total)", _I)

_APPS = (
    "微信|wechat|weixin|qq|浏览器|browser|chrome|chromium|firefox|safari|edge|计算器|calculator|"
    "记事本|notepad|终端|terminal|控制台|vs\\s?code|visual studio|word|excel|powerpoint|"
    "ppt|outlook|"
    "邮件|mail|spotify|网易云音乐|qq\\s?音乐|酷狗音乐|酷狗|音乐|music|网易云|钉钉|dingtalk|飞书|lark|feishu|slack|zoom|teams|steam|"
    "设置|system settings|control panel|控制面板|任务管理器|task manager|相机|camera|日历|calendar|"
    "photoshop|抖音|tiktok|b\\s?站|bilibili|youtube|淘宝|百度|baidu|google|谷歌|地图|maps|"
    "游戏|game|播放器|player|画图|paint|finder|资源管理器|explorer|file manager|文件管理器|"
    "app store|应用商店"
)
_LAUNCH = re.compile(
    rf"(打开|启动|开启|运行|开一下|帮我开|open|launch|start|run)\s*(一下|up)?\s*(the\s+|my\s+|a\s+)?"
    rf"({_APPS})(\s*(app|application|应用|软件|程序))?\s*[。.!！?？]*\s*$", _I)

_WORKSPACE_WORDS = re.compile(
    r"文件|文件夹|目录|项目|工程|代码|源码|源文件|工作区|脚本|函数|类|模块|配置|文档|"
    r"搜索|查找|读取|打开|创建|新建|修改|删除|移动|重命名|改名|复制|拷贝|回收站|分析|总结|概括|列出|"
    r"依赖|构建|编译|测试|安装|运行|部署|入口|"
    r"\b(files?|folders?|director(y|ies)|project|code|source|workspace|repo(sitory)?|"
    r"functions?|class(es)?|modules?|config(uration)?|readme|docs?|search|find|read|"
    r"open|create|rename|copy|move|delete|trash|list|analy[sz]e|summari[sz]e|"
    r"dependenc(y|ies)|build|tests?|setup|install(ation|ed)?|run|entry\s+points?)\b|"
    r"[\w-]+\.(py|md|txt|cpp|h|hpp|c|js|ts|json|ya?ml|toml|ini|xml|html|css|cmake)\b|"
    r"\b[A-Za-z]+_\w+|(?-i:\b[a-z]+[A-Z]\w*|\b[A-Z][a-z]+[A-Z]\w*)|\w+\(\)", _I)


def is_workspace_text(message: str) -> bool:
    """Whether the message talks about files, folders, code or the project."""
    return bool(_WORKSPACE_WORDS.search(message))


# "where is this workspace on my computer" asks about the workspace, not the whole disk.
_WHERE_WORKSPACE = re.compile(
    r"\b(where|path|located|location)\b.{0,40}\b(workspace|folder|directory)\b|"
    r"\b(workspace|folder|directory)\b.{0,40}\b(where|path|located|location)\b|"
    r"(工作区|文件夹|目录).{0,12}(在哪|位置|路径)", _I)
_SEARCHING = re.compile(r"搜|找|查|\b(search|find|look\s+for|locate|grep)\b", _I)


# "before I commit it", "once we push": when the person uses git, not an order to use it.
_OWN_GIT = re.compile(r"\b(?:before|after|once|until|till|when)\s+(?:i|we)"
                      r"(?:\s+(?:can|could|will|do))?\s*$", _I)


def _forbidden_rule(message: str) -> str | None:
    for rule, pattern in _FORBIDDEN:
        if rule == "whole_disk" and _WHERE_WORKSPACE.search(message) \
                and not _SEARCHING.search(message):
            continue
        if rule == "git" and all(_OWN_GIT.search(message[:m.start()])
                                 for m in pattern.finditer(message)):  # fmt: skip
            continue
        if pattern.search(message):
            return rule
    install, run = _INSTALL.search(message), _RUN.search(message)
    order = min((m.start() for m in (install, run) if m is not None), default=-1)
    if order < 0 or _HOW_TO.search(_clause(message, order)):
        return None  # "怎么安装", "how do I run it", "这个函数执行什么" ask about the files
    if install is not None:  # ("run X and tell me what it prints" is still an order)
        return "install"
    # "运行微信" is an application launch, refused as such.
    if run is not None and not _RUN_NOT_APP.search(message) and not _LAUNCH.search(message):
        return "run_command"
    return None


_NAME_TOKEN = re.compile(r"[\w.~\-/]*[._][\w.\-]+")
# What a sensitive file may be asked for without being opened: its name found, counted, listed.
_NAMES_ONLY = {"find", "grep", "define", "count", "help", "workspace", "project", "undo"}


def sensitive_request(message: str, action: str) -> Intent | None:
    """A refusal when ``action`` would open, show or change a file whose name holds secrets
    (".env", "id_rsa", "credentials.json"); a name search may still find it."""
    from ..policy.names import is_sensitive_path

    if action in _NAMES_ONLY:
        return None
    for token in _NAME_TOKEN.findall(_spaced(message)):  # "id_rsa里写的啥" names id_rsa
        file_like = "." in token or "/" in token or token.lower().startswith("id_")
        if file_like and is_sensitive_path(token[2:] if token.startswith("./") else token):
            return Intent(IntentKind.FORBIDDEN, rule="sensitive")
    return None


_GLUED = re.compile(r"(?<=[\u4e00-\u9fff])(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?=[\u4e00-\u9fff])")


def _spaced(text: str) -> str:
    """"帮忙pip install一下requests" as "帮忙 pip install 一下 requests": English words stand
    apart from the Chinese glued to them, so the rules see them as words."""
    return _GLUED.sub(" ", text)


_CLAUSE_END = re.compile(r"[,，;；。!！]|\b(and|then)\b|然后|再|并且|顺便", re.IGNORECASE)


def _clause(message: str, verb: int) -> str:
    """The message up to the end of the clause the verb at ``verb`` stands in."""
    end = _CLAUSE_END.search(message, verb)
    return message[: end.start() if end else len(message)]


def classify(message: str) -> Intent:
    """The intent of one message, in the design's priority order."""
    text = _spaced(message.strip())
    rule = _forbidden_rule(text)
    if rule is not None:
        return Intent(IntentKind.FORBIDDEN, rule=rule)
    launch = _LAUNCH.search(text)
    if launch:
        return Intent(IntentKind.LAUNCH_APP, app=launch.group(4))
    from .commands import parse_command

    if is_workspace_text(text) or parse_command(text) is not None:
        return Intent(IntentKind.WORKSPACE)
    return Intent(IntentKind.CHAT)
