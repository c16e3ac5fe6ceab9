"""The words that ask about the index's columns: kinds of files, sizes, times, in both languages.

Data, not code, read by ``wsnb.agent.columns``. ``FILE_KINDS`` is the one table of kinds to
suffixes (the binary kinds come from the policy's own table, so an "image" is what the
policy calls one); ``KIND_WORDS`` the words that name a kind. A word in ``KIND_NOUNS``
names files on its own ("images", "图片"); the others need a noun after them ("python
files", "json 文件", "the yaml config"). ``NAMED_KINDS`` are kinds people also name files
by ("日志" is log_03.txt as much as app.log). To teach the chat a word, add it here.
"""

# ruff: noqa: E501  (one kind per line reads better)
from __future__ import annotations

from ..i18n import N_
from ..policy.filekinds import BINARY_KINDS

__all__ = ["ENCODING_WORDS", "FILE_KINDS", "KIND_LABELS", "KIND_NOUNS", "KIND_SINGULARS",
           "KIND_WORDS", "LINE_END_WORDS", "NAMED_KINDS", "NAME_LANGUAGE_WORDS", "ORDER_WORDS",
           "ROLE_TESTS", "ROLE_WORDS", "SECRET_ROLES", "SIZE_UNITS", "SIZE_WORDS", "TIME_WORDS"]


def _binary(label: str) -> tuple[str, ...]:
    return tuple(sorted(BINARY_KINDS[label]))


_CODE = (".py", ".c", ".h", ".cpp", ".cc", ".cxx", ".hpp", ".js", ".mjs", ".jsx", ".ts", ".tsx",
         ".java", ".go", ".rs", ".rb", ".cs", ".kt", ".swift", ".php", ".scala", ".r", ".jl",
         ".lua", ".sh", ".m")

# kind -> the suffixes it means (lower case, with the dot).
FILE_KINDS: dict[str, tuple[str, ...]] = {
    "python": (".py", ".pyi", ".pyw"),
    "notebook": (".ipynb",),
    "markdown": (".md", ".markdown", ".mdx"),
    "doc": (".md", ".markdown", ".rst", ".adoc"),
    "text": (".txt",),
    "json": (".json", ".jsonc", ".json5"),
    "yaml": (".yaml", ".yml"),
    "toml": (".toml",),
    "ini": (".ini", ".cfg", ".conf"),
    "config": (".json", ".yaml", ".yml", ".toml", ".ini", ".cfg", ".conf", ".properties"),
    "c": (".c", ".h"),
    "cpp": (".cpp", ".cc", ".cxx", ".hpp", ".hh", ".hxx", ".h"),
    "cppsource": (".cpp", ".cc", ".cxx"),
    "header": (".h", ".hpp", ".hh", ".hxx"),
    "javascript": (".js", ".mjs", ".cjs", ".jsx"),
    "typescript": (".ts", ".tsx", ".mts", ".cts"),
    "html": (".html", ".htm"),
    "css": (".css", ".scss", ".sass", ".less"),
    "shell": (".sh", ".bash", ".zsh", ".fish", ".ps1", ".bat", ".cmd"),
    "script": (".py", ".sh", ".js", ".ps1", ".bat", ".rb", ".pl"),
    "source": _CODE,
    "java": (".java",),
    "rust": (".rs",),
    "sql": (".sql",),
    "xml": (".xml",),
    "image": (*_binary("an image"), ".svg"),
    "data": (".csv", ".tsv", ".parquet", ".feather", ".xlsx", ".xls", ".h5", ".hdf5", ".npy",
             ".npz", ".pkl", ".pickle", ".jsonl", ".sqlite", ".db", ".arrow", ".mat"),
    "csv": (".csv", ".tsv"),
    "spreadsheet": (".xlsx", ".xls", ".ods", ".csv"),
    "office": _binary("an office document or PDF"),
    "pdf": (".pdf",),
    "word": (".doc", ".docx"),
    "slides": (".ppt", ".pptx", ".odp", ".key"),
    "log": (".log",),
    "archive": _binary("an archive"),
    "media": _binary("a media file"),
    "font": _binary("a font"),
    "binary": _binary("a compiled program or library"),
}  # fmt: skip

# How a kind is called in a reply ("Python (.py)"): a name everyone reads alike.
KIND_LABELS: dict[str, str] = {
    "python": "Python", "notebook": N_("notebooks"), "markdown": "Markdown", "doc": N_("docs"),
    "text": N_("plain text"), "json": "JSON", "yaml": "YAML", "toml": "TOML", "ini": "INI",
    "config": N_("config"), "c": "C", "cpp": "C++", "cppsource": N_("C++ sources"), "header": N_("C/C++ headers"),
    "javascript": "JavaScript", "typescript": "TypeScript", "html": "HTML", "css": "CSS",
    "shell": N_("shell scripts"), "script": N_("scripts"), "source": N_("source code"), "java": "Java",
    "rust": "Rust", "sql": "SQL", "xml": "XML", "image": N_("images"), "data": N_("data"),
    "csv": "CSV", "spreadsheet": N_("spreadsheets"), "office": N_("office documents"), "pdf": "PDF",
    "word": N_("Word documents"), "slides": N_("slides"), "log": N_("logs"), "archive": N_("archives"), "media": N_("media"),
    "font": N_("fonts"), "binary": N_("binaries"),
}  # fmt: skip

# Kinds a file's name says as well ("log_03.txt" is a log; "test_utils.py" a test).
NAMED_KINDS: dict[str, str] = {"log": "log"}

# word -> kind. Lower case; English words are matched as words, Chinese as written.
KIND_WORDS: dict[str, str] = {
    "python": "python", "py": "python", "python3": "python", "pyhton": "python", "pythn": "python",
    "notebook": "notebook", "notebooks": "notebook", "ipynb": "notebook", "jupyter": "notebook",
    "markdown": "markdown", "md": "markdown", "markdowns": "markdown",
    "documentation": "doc", "rst": "doc",
    "txt": "text", "text": "text", "plain text": "text", "plain-text": "text",
    "json": "json", "yaml": "yaml", "yml": "yaml", "toml": "toml", "ini": "ini", "cfg": "ini",
    "config": "config", "configs": "config", "configuration": "config", "configurations": "config",
    "c": "c", "c++": "cpp", "cpp": "cppsource", "cxx": "cppsource", "cc": "cppsource", "header": "header", "headers": "header",
    "javascript": "javascript", "js": "javascript", "jsx": "javascript",
    "typescript": "typescript", "ts": "typescript", "tsx": "typescript",
    "html": "html", "css": "css", "scss": "css", "stylesheet": "css", "stylesheets": "css",
    "shell": "shell", "bash": "shell", "script": "script", "scripts": "script",
    "source": "source", "source code": "source", "java": "java", "rust": "rust", "sql": "sql",
    "xml": "xml",
    "image": "image", "images": "image", "picture": "image", "pictures": "image", "pic": "image",
    "pics": "image", "photo": "image", "photos": "image", "png": "image", "pngs": "image",
    "jpg": "image", "jpeg": "image", "jpgs": "image", "gif": "image", "svg": "image",
    "icon": "image", "icons": "image", "screenshot": "image", "screenshots": "image",
    "data": "data", "dataset": "data", "datasets": "data", "csv": "csv", "csvs": "csv",
    "tsv": "csv", "excel": "spreadsheet", "spreadsheet": "spreadsheet",
    "spreadsheets": "spreadsheet", "xlsx": "spreadsheet", "office": "office", "pdf": "pdf",
    "pdfs": "pdf", "word": "word", "docx": "word", "slides": "slides", "powerpoint": "slides",
    "pptx": "slides", "log": "log", "logs": "log", "archive": "archive", "archives": "archive",
    "zip": "archive", "zips": "archive", "compressed": "archive", "tarball": "archive",
    "media": "media", "video": "media", "videos": "media", "audio": "media", "mp3": "media",
    "mp4": "media", "font": "font", "fonts": "font", "binary": "binary", "binaries": "binary",
    # Chinese
    "图片": "image", "图篇": "image", "图骗": "image", "图像": "image", "照片": "image", "相片": "image", "截图": "image",
    "图标": "image", "笔记本": "notebook", "脚本": "script", "源码": "source", "源代码": "source",
    "源文件": "source", "代码文件": "source", "头文件": "header", "配置": "config",
    "配置文件": "config", "日志": "log", "数据": "data", "数据文件": "data", "数据集": "data",
    "表格": "spreadsheet", "电子表格": "spreadsheet", "说明文档": "doc", "压缩包": "archive",
    "压缩文件": "archive", "视频": "media", "音频": "media", "字体": "font", "文本": "text",
    "文本文件": "text", "纯文本": "text", "幻灯片": "slides", "演示文稿": "slides",
    "样式表": "css", "网页": "html", "二进制": "binary", "可执行文件": "binary",
}  # fmt: skip

# Words that name files by themselves ("images", "图片"); the rest need a noun after them.
KIND_NOUNS: frozenset[str] = frozenset({
    "notebooks", "markdowns", "configs", "configurations", "headers", "scripts", "images",
    "pictures", "pics", "photos", "pngs", "jpgs", "icons", "screenshots", "datasets", "csvs",
    "spreadsheets", "pdfs", "logs", "archives", "zips", "tarball", "videos", "fonts",
    "binaries", "stylesheets", "图片", "图篇", "图骗", "图像", "照片", "相片", "截图", "图标", "脚本", "源码",
    "源代码", "源文件", "代码文件", "头文件", "配置文件", "日志", "数据文件", "数据集", "表格",
    "电子表格", "说明文档", "压缩包", "压缩文件", "视频", "音频", "字体", "文本文件", "幻灯片",
    "演示文稿", "样式表", "网页", "可执行文件",
})  # fmt: skip

# Kind words that name one file after "the" / "那个" ("the header", "the notebook").
KIND_SINGULARS: frozenset[str] = frozenset({
    "header", "notebook", "image", "picture", "photo", "screenshot", "script", "spreadsheet",
    "pdf", "archive", "zip", "video", "font", "stylesheet", "csv", "json", "yaml", "toml",
    "markdown", "config", "configuration", "log",
})  # fmt: skip

# Nouns after a kind word that make it a kind of file ("python files", "the json config").
ROLE_WORDS: tuple[str, ...] = (
    "files", "file", "fiels", "flies", "documents", "document", "docs", "doc", "sources", "source", "code",
    "config", "configs", "configuration", "settings", "script", "scripts", "header", "headers",
    "module", "modules", "sheets", "sheet", "stuff", "ones", "one", "entries", "notes",
    "文件", "文档", "配置", "代码", "源码", "脚本", "模块", "格式", "类型", "的",
)  # fmt: skip

# Size: the superlatives and comparisons, and the units of a size typed.
SIZE_WORDS: dict[str, tuple[str, ...]] = {
    "largest": ("largest", "biggest", "heaviest", "biggset", "bigest", "largst", "larget", "huge", "largest file", "the most space",
                "most space", "take up space", "takes up space", "eating space", "space hogs",
                "最大", "最占空间", "占空间最多", "占用空间最多", "最大的", "体积最大", "大文件",
                "最占地方", "占地方", "从大到小", "由大到小", "大到小", "降序", "largest first",
                "biggest first", "descending"),
    "smallest": ("smallest", "tiniest", "lightest", "最小", "最小的", "体积最小", "小文件", "从小到大",
                 "由小到大", "小到大", "升序", "smallest first", "ascending"),
    # a sort by size with no direction said: the largest first
    "by_size": ("按大小", "按文件大小", "按体积", "按尺寸", "by size", "by file size", "size order"),
    "over": ("over", "above", "more than", "bigger than", "larger than", "greater than",
             "at least", "exceeding", "exceeds", ">", ">=", "超过", "大于", "多于", "以上",
             "不小于", "至少", "north of", "upwards of", "in excess of", "beyond", "heavier than"),
    "under": ("under", "below", "less than", "smaller than", "at most", "no more than",
              "south of", "lighter than",
              "<", "<=", "小于", "低于", "不到", "不超过", "以下", "以内", "至多"),
    "empty": ("empty files", "empty file", "zero bytes", "0 bytes", "空文件", "空的文件"),
}  # fmt: skip

# Units of a size, to bytes (binary multiples, as the replies show sizes).
SIZE_UNITS: dict[str, int] = {
    "b": 1, "byte": 1, "bytes": 1, "字节": 1, "k": 1024, "kb": 1024, "kib": 1024,
    "kilobytes": 1024, "kilobyte": 1024, "m": 1024**2, "mb": 1024**2, "mib": 1024**2,
    "megabytes": 1024**2, "megabyte": 1024**2, "meg": 1024**2, "megs": 1024**2, "兆": 1024**2,
    "g": 1024**3, "gb": 1024**3, "gib": 1024**3, "gigabytes": 1024**3, "gigabyte": 1024**3,
}  # fmt: skip

# Order by time: the newest or oldest first.
ORDER_WORDS: dict[str, tuple[str, ...]] = {
    "newest": ("newest", "latest", "most recent", "most recently", "recently changed",
               "recently modified", "recently edited", "recently updated", "last modified",
               "last changed", "last edited", "last updated", "freshest", "最新", "最近修改",
               "最近改", "最近更新", "最近编辑", "最近动过", "最近的", "新近"),
    "oldest": ("oldest", "least recently", "longest ago", "stalest", "最旧", "最老", "最早",
               "最久", "很久没"),
}  # fmt: skip

# Time windows: a word and how many days back it reaches ("today" 0: since midnight;
# "this week": since Monday, -1; "yesterday": that day only, -2; a number: that many days).
TIME_WORDS: dict[str, int] = {
    "today": 0, "this morning": 0, "今天": 0, "今日": 0, "今儿": 0, "this week": -1, "本周": -1,
    "这周": -1, "这个星期": -1, "这星期": -1, "这礼拜": -1, "这个礼拜": -1, "本星期": -1,
    "yesterday": -2, "昨天": -2, "昨日": -2, "recently": 7, "lately": 7, "recent": 7, "最近": 7, "最进": 7,
    "近期": 7, "last week": 7, "past week": 7, "上周": 7, "这几天": 3, "last few days": 3,
    "past few days": 3, "this month": 30, "本月": 30, "这个月": 30, "last month": 30,
    "past month": 30, "上个月": 30,
}  # fmt: skip

# A file described by what it is ("the GBK file", "the CRLF file", "the Chinese doc").
ENCODING_WORDS: dict[str, str] = {
    "gbk": "gbk", "gb2312": "gbk", "gb18030": "gbk", "big5": "big5", "utf-16": "utf-16",
    "utf16": "utf-16", "latin-1": "latin-1", "latin1": "latin-1", "iso-8859-1": "latin-1",
    "国标编码": "gbk",
}  # fmt: skip
LINE_END_WORDS: dict[str, str] = {
    "crlf": "\r\n", "cr lf": "\r\n", "cr-lf": "\r\n", "\\r\\n": "\r\n",
    "windows line endings": "\r\n", "windows line ending": "\r\n", "windows-style line": "\r\n",
    "windows style line": "\r\n", "dos line endings": "\r\n", "windows 换行": "\r\n",
    "windows换行": "\r\n", "windows 的换行": "\r\n", "windows 行尾": "\r\n",
}  # fmt: skip
NAME_LANGUAGE_WORDS: dict[str, str] = {
    "chinese": "zh", "chinese-named": "zh", "中文": "zh", "汉字": "zh", "中文名": "zh",
    "english-named": "en", "英文名": "en",
}  # fmt: skip
# Roles a file plays, known by its name or folder; "words" are how people say them.
ROLE_TESTS: dict[str, dict[str, tuple[str, ...]]] = {
    "test": {"words": ("test file", "test files", "test module", "test script", "tests file",
                       "spec file", "unit test", "unit tests", "测试文件", "测试代码", "测试脚本",
                       "单元测试", "测试用例"),
             "prefixes": ("test_",), "endings": ("_test", ".test", "_spec", ".spec"),
             "folders": ("tests", "test", "__tests__", "spec")},
    "entry": {"words": ("entry point", "entrypoint", "entry file", "main file", "main script",
                        "main module", "main program", "starting point", "入口", "入口文件",
                        "主程序", "主文件", "启动文件", "程序入口"),
              "stems": ("main", "__main__", "index", "app", "cli", "run", "start", "server",
                        "manage", "program"),
              "suffixes": _CODE},
    "build": {"words": ("build file", "build script", "build config", "cmake file", "makefile",
                        "构建文件", "构建脚本", "编译配置"),
              "names": ("cmakelists.txt", "makefile", "pyproject.toml", "setup.py",
                        "package.json", "build.gradle", "cargo.toml", "meson.build")},
    "config": {"words": ("config", "configuration", "settings file", "配置", "配置文件", "设置文件"),
               "folders": ("config", "configs", "conf", "settings", "etc", ".config"),
               "contains": ("config", "settings", "conf")},
    "doc": {"words": ("doc", "document", "documentation", "文档", "说明文档")},
    "manifest": {"words": ("manifest", "package manifest", "package file", "package description",
                           "描述文件", "包描述文件", "包的描述文件", "清单文件", "项目描述文件"),
                 "names": ("package.json", "pyproject.toml", "setup.py", "setup.cfg", "cargo.toml",
                           "composer.json", "pom.xml", "build.gradle", "go.mod", "gemfile",
                           "deno.json", "environment.yml")},
    "lock": {"words": ("lock file", "lockfile", "lock files", "锁文件", "依赖锁文件"),
             "names": ("package-lock.json", "yarn.lock", "pnpm-lock.yaml", "poetry.lock",
                       "pipfile.lock", "cargo.lock", "composer.lock", "gemfile.lock", "uv.lock",
                       "bun.lockb", "flake.lock", "go.sum", "mix.lock", "podfile.lock",
                       "packages.lock.json", "conda-lock.yml")},
    # files that hold secrets: named by role, refused by name as typing the name would be
    "key": {"words": ("private key", "ssh key", "ssh private key", "key file", "私钥", "密钥文件",
                      "ssh 密钥"),
            "names": ("id_rsa", "id_ed25519", "id_ecdsa", "id_dsa"),
            "name_ends": (".pem", ".key", ".ppk", ".p12", ".pfx")},
    "env": {"words": ("env file", "dotenv", "dotenv file", ".env file", "environment file",
                      "环境变量文件", "env 文件"),
            "names": (".env",), "name_starts": (".env.",)},
}  # fmt: skip
# Roles whose files hold secrets: asked to be read or changed, they are refused by name.
SECRET_ROLES = frozenset({"key", "env"})
