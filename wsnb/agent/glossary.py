"""A bilingual glossary of programming words: how a Chinese term is written in English code.

Data, not code. ``GLOSSARY`` maps a Chinese term to the English words code uses for it, most
usual first (端口 → port; 配置 → config, settings). A question about contents (哪个文件设置
了主题) searches for those words, and a value to change (把 settings.json 里的主题改成 dark)
is looked up by them. To teach the chat a term, add it here.
"""

# ruff: noqa: E501  (one group of terms per line reads better)
from __future__ import annotations

__all__ = ["GLOSSARY", "english_terms"]

GLOSSARY: dict[str, tuple[str, ...]] = {
    # settings and configuration
    "端口": ("port",), "端口号": ("port",), "主机": ("host",), "主机名": ("hostname", "host"),
    "地址": ("address", "url", "host"), "网址": ("url",), "链接": ("url", "link"), "域名": ("domain",),
    "配置": ("config", "settings", "configuration"), "配置文件": ("config", "settings"),
    "设置": ("settings", "config"), "选项": ("options", "option"), "参数": ("params", "parameters", "args"),
    "主题": ("theme",), "颜色": ("color", "colour"), "字体": ("font",), "字号": ("font_size", "fontsize"),
    "语言": ("language", "lang", "locale"), "时区": ("timezone", "tz"), "编码": ("encoding",),
    "超时": ("timeout",), "超时时间": ("timeout",), "重试": ("retry", "retries"), "重试次数": ("retries", "max_retries"),
    "间隔": ("interval",), "延迟": ("delay", "latency"), "限制": ("limit",), "上限": ("max", "limit"),
    "最大": ("max",), "最小": ("min",), "最大值": ("max",), "最小值": ("min",), "默认": ("default",),
    "默认值": ("default",), "开关": ("enabled", "flag", "switch"), "启用": ("enabled", "enable"),
    "禁用": ("disabled", "disable"), "调试": ("debug",), "调试模式": ("debug",), "日志": ("log", "logging", "logger"),
    "日志级别": ("log_level", "level"), "级别": ("level",), "环境": ("env", "environment"),
    "环境变量": ("environ", "env"), "密钥": ("key", "secret"), "密码": ("password",), "令牌": ("token",),
    "用户": ("user",), "用户名": ("username", "user"), "账号": ("account",), "邮箱": ("email",),
    "名字": ("name",), "名称": ("name",), "标题": ("title",), "描述": ("description",), "作者": ("author",),
    "版本": ("version",), "版本号": ("version",), "许可证": ("license",), "许可": ("license",),
    "路径": ("path",), "目录": ("dir", "directory", "folder"), "文件夹": ("folder", "dir"), "文件名": ("filename", "name"),
    "数据库": ("database", "db"), "缓存": ("cache",), "队列": ("queue",), "线程": ("thread", "threads"),
    "进程": ("process", "processes"), "并发": ("concurrency", "workers"), "工作线程": ("workers",),
    "内存": ("memory",), "大小": ("size",), "宽度": ("width",), "高度": ("height",), "尺寸": ("size",),
    "数量": ("count",), "个数": ("count",), "次数": ("count", "times"), "比例": ("ratio", "scale"),
    "精度": ("precision",), "格式": ("format",), "样式": ("style",), "布局": ("layout",), "图标": ("icon",),
    "窗口": ("window",), "按钮": ("button",), "滑块": ("slider",), "控件": ("widget", "widgets"),
    "组件": ("component", "widget"), "小部件": ("widget",), "页面": ("page",), "菜单": ("menu",),
    "最近文件": ("recent_files",), "最近": ("recent",), "历史": ("history",),
    # code
    "函数": ("def", "function"), "方法": ("def", "method"), "类": ("class",), "接口": ("interface",),
    "模块": ("module", "import"), "包": ("package",), "库": ("library", "lib"), "依赖": ("dependencies", "requires", "import"),
    "导入": ("import",), "变量": ("variable", "var"), "常量": ("constant", "const"), "全局变量": ("global",),
    "入口": ("main", "entry"), "主函数": ("main",), "程序入口": ("main", "__main__"), "构造函数": ("__init__", "constructor"),
    "初始化": ("init", "__init__", "initialize"), "返回值": ("return",), "返回": ("return",), "参数列表": ("args",),
    "异常": ("exception", "raise", "error"), "错误": ("error",), "警告": ("warning", "warn"), "断言": ("assert",),
    "测试": ("test",), "单元测试": ("test", "unittest"), "注释": ("comment", "#"), "文档字符串": ("docstring",),
    "装饰器": ("decorator", "@"), "回调": ("callback",), "事件": ("event",), "信号": ("signal",),
    "监听": ("listen", "listener"), "请求": ("request",), "响应": ("response",), "路由": ("route", "router"),
    "接口地址": ("endpoint", "url"), "服务器": ("server",), "客户端": ("client",), "连接": ("connection", "connect"),
    "会话": ("session",), "上下文": ("context",), "状态": ("state", "status"), "结果": ("result",),
    "数据": ("data",), "列表": ("list",), "字典": ("dict",), "数组": ("array",), "字符串": ("string", "str"),
    "整数": ("int", "integer"), "浮点数": ("float",), "布尔": ("bool", "boolean"), "对象": ("object",),
    "实例": ("instance",), "属性": ("attribute", "property"), "字段": ("field",), "键": ("key",), "值": ("value",),
    "索引": ("index",), "迭代": ("iter", "iterate"), "循环": ("loop", "for"), "条件": ("condition", "if"),
    "递归": ("recursive", "recursion"), "排序": ("sort",), "过滤": ("filter",), "映射": ("map",), "合并": ("merge",),
    "分割": ("split",), "拼接": ("join",), "替换": ("replace",), "匹配": ("match",), "正则": ("regex", "re"),
    "解析": ("parse",), "序列化": ("serialize", "dump"), "反序列化": ("deserialize", "load"),
    "读取": ("read",), "写入": ("write",), "保存": ("save",), "加载": ("load",), "打开": ("open",), "关闭": ("close",),
    "删除": ("delete", "remove"), "创建": ("create",), "更新": ("update",), "查询": ("query",), "搜索": ("search",),
    "计算": ("compute", "calc"), "渲染": ("render",), "绘制": ("draw", "paint"), "显示": ("show", "display"),
    "打印": ("print",), "输出": ("output", "print"), "输入": ("input",), "格式化": ("format",), "转换": ("convert",),
    "校验": ("validate", "check"), "验证": ("validate", "verify", "auth"), "认证": ("auth", "authenticate"),
    "授权": ("authorize", "auth"), "权限": ("permission", "permissions"), "加密": ("encrypt",), "解密": ("decrypt",),
    "哈希": ("hash",), "签名": ("signature", "sign"), "压缩": ("compress",), "解压": ("decompress", "extract"),
    "下载": ("download",), "上传": ("upload",), "同步": ("sync",), "异步": ("async",), "等待": ("await", "wait"),
    "锁": ("lock",), "定时器": ("timer",), "计时": ("timer", "time"), "时间": ("time",), "日期": ("date",),
    "时间戳": ("timestamp",), "随机": ("random",), "种子": ("seed",), "权重": ("weight",), "重量": ("weight",),
    "注册表": ("registry",), "注册": ("register",), "工厂": ("factory",), "单例": ("singleton",),
    "插件": ("plugin",), "扩展": ("extension",), "钩子": ("hook",), "中间件": ("middleware",),
    "模板": ("template",), "视图": ("view",), "模型": ("model",), "控制器": ("controller",), "服务": ("service",),
    "任务": ("task", "job"), "作业": ("job",), "调度": ("schedule", "scheduler"), "管道": ("pipeline", "pipe"),
    "流": ("stream",), "缓冲": ("buffer",), "缓冲区": ("buffer",), "文件": ("file",), "问候": ("greeting", "hello"),
    "问候语": ("greeting",), "欢迎": ("welcome", "hello"), "计数": ("count",), "单词": ("word",), "字数": ("word_count",),
    "统计": ("stats", "count"), "设置项": ("settings",), "读取设置": ("read_settings", "load_settings"),
    "构建": ("build",), "编译": ("compile", "build"), "部署": ("deploy",), "安装": ("install",), "运行": ("run",),
    "启动": ("start", "main"), "停止": ("stop",), "重启": ("restart",), "脚本": ("script", "scripts"),
    "命令": ("command",), "命令行": ("cli", "argparse"), "参数解析": ("argparse",), "帮助": ("help",),
    "标志": ("flag",), "特性": ("feature",), "功能": ("feature",), "实验": ("experiment", "experimental"),
    "页脚": ("footer",), "页眉": ("header",), "头部": ("header",), "标签": ("label", "tag"), "提示": ("hint", "tooltip"),
    "消息": ("message",), "通知": ("notification", "notify"), "邮件": ("mail", "email"), "短信": ("sms",),
    "支付": ("payment", "pay"), "订单": ("order",), "价格": ("price",), "购物车": ("cart",), "商品": ("product", "item"),
    "顾客": ("customer",), "客户": ("customer", "client"), "用户数据": ("user_data",), "报告": ("report",),
    "图表": ("chart", "plot"), "绘图": ("plot",), "表格": ("table",), "列": ("column",), "行": ("row", "line"),
    "单元格": ("cell",), "筛选": ("filter",), "分组": ("group",), "聚合": ("aggregate",), "平均": ("mean", "average"),
    "总和": ("sum", "total"), "中位数": ("median",), "方差": ("variance",), "标准差": ("std",),
    "训练": ("train",), "预测": ("predict",), "特征": ("feature", "features"), "标签列": ("label",),
    "学习率": ("learning_rate", "lr"), "批大小": ("batch_size",), "轮数": ("epochs",), "损失": ("loss",),
}  # fmt: skip


def english_terms(term: str) -> tuple[str, ...]:
    """The English words code uses for ``term`` (the term itself when it is English or unknown;
    a longer glossary entry inside it first: 读取设置 → read_settings before 设置)."""
    if term in GLOSSARY:
        return GLOSSARY[term]
    inside = sorted((k for k in GLOSSARY if k in term), key=len, reverse=True)
    return tuple(dict.fromkeys(w for k in inside for w in GLOSSARY[k])) or (term,)
