"""One value changed in place: "set K to V in F" / 把 F 里的 K 改成 V for JSON, YAML, TOML and
INI keys, dotted paths too; the plan is an exact-text edit (ws.edit) of that value only, so
formatting and comments stay. Real files; every plan confirmed here is checked on disk."""

from __future__ import annotations

from pathlib import Path

import pytest

import wsnb
from wsnb.agent import Agent

FILES = {
    "conf/app.toml": '# the app\ntitle = "Shop"  # shown in the header\n\n[server]\nport = 8080'
                     '  # the port\nhost = "0.0.0.0"\n\n[server.tls]\nenabled = false\n',
    "conf/site.ini": "; site settings\n[database]\nhost = localhost ; where\nport = 5432\n\n"
                     "[cache]\nport = 6379\n",
    "conf/app.yaml": "# Settings\napp:\n  name: shop   # the name\n  port: 8080\nlogging:\n"
                     "  level: info\n",
    "conf/ui.json": '{\n  "theme": "light",\n  "window": {"width": 800,\n    "height": 600},\n'
                    '  "debug": false\n}\n',
}


@pytest.fixture
def ws(tmp_path: Path) -> wsnb.Workspace:
    for name, text in FILES.items():
        path = tmp_path / "w" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    workspace = wsnb.open_workspace(tmp_path / "w", watch=False)
    workspace._agent = Agent(workspace, environ={})
    return workspace


@pytest.mark.parametrize(("message", "path", "old", "new"), [
    ("set server.port to 9090 in app.toml", "conf/app.toml",
     "port = 8080  # the port", "port = 9090  # the port"),
    ("把 app.toml 里的 title 改成 Store", "conf/app.toml",
     'title = "Shop"  # shown', 'title = "Store"  # shown'),
    ("in app.toml, set server.tls.enabled to true", "conf/app.toml",
     "enabled = false", "enabled = true"),
    ("change cache.port to 6380 in site.ini", "conf/site.ini", "port = 6379", "port = 6380"),
    ("在 site.ini 里把 database.host 改成 db.local", "conf/site.ini",
     "host = localhost ; where", "host = db.local ; where"),
    ("set app.name to store in app.yaml", "conf/app.yaml",
     "name: shop   # the name", "name: store   # the name"),
    ("把 app.yaml 的日志级别改成 debug", "conf/app.yaml", "level: info", "level: debug"),
    ("set window.height to 700 in ui.json", "conf/ui.json", '"height": 600', '"height": 700'),
    ("把 ui.json 里的主题改成 dark", "conf/ui.json", '"theme": "light"', '"theme": "dark"'),
    ("change ui.json's debug to true", "conf/ui.json", '"debug": false', '"debug": true'),
])  # fmt: skip
def test_one_value_changes_and_nothing_else(ws: wsnb.Workspace, message: str, path: str,
                                             old: str, new: str) -> None:  # fmt: skip
    before = (ws.root / path).read_text(encoding="utf-8")
    reply = ws.ask(message)
    assert len(reply.plans) == 1, reply.text
    reply.plans[0].confirm()
    after = (ws.root / path).read_text(encoding="utf-8")
    assert after == before.replace(old, new, 1)
    assert after != before


def test_a_key_that_is_twice_there_is_not_guessed(ws: wsnb.Workspace) -> None:
    reply = ws.ask("set port to 1 in site.ini")  # database.port and cache.port
    assert not reply.plans and "2" in reply.text
