"""What a model may see: never a sensitive file, and file text only with its secrets redacted.

The agent talks to a real OpenAI-style server on 127.0.0.1 that records every
request, so the tests check what really left the process. Secrets are built
from parts at run time.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from agent_server import ScriptedServer, Step, call, completion

import wsnb
from wsnb.agent import Agent
from wsnb.notes.prompt import assemble_prompt
from wsnb.types import Rule

AWS = "AK" + "IA" + "QWERTYUIOPASDFGH"
KEY_BODY = "MIIEow" + "IBAAKCAQEA" + "x" * 40
PEM = ("-----BEGIN RSA " + "PRIVATE KEY-----\n" + KEY_BODY + "\n" + KEY_BODY[::-1] + "\n"
       "-----END RSA " + "PRIVATE KEY-----")  # fmt: skip
SETTINGS = f"""\
# settings for the deploy script
AWS_ACCESS_KEY_ID = "{AWS}"
SIGNING_KEY = '''
{PEM}
'''
REGION = "eu-west-1"
"""
ENV = "DB_PASSWORD=" + "hunter" + "2\n"


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    srv = ScriptedServer()
    yield srv
    srv.close()


@pytest.fixture
def root(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / "deploy").mkdir(parents=True)
    (root / "deploy" / "settings.py").write_text(SETTINGS, encoding="utf-8")
    (root / ".env").write_text(ENV, encoding="utf-8")
    (root / "README.md").write_text("# Deploy\nThe deploy settings live in deploy/settings.py.\n")
    return root


def _with_model(ws: wsnb.Workspace, server: ScriptedServer) -> wsnb.Workspace:
    env = {"WSNB_LLM_BASE_URL": server.url, "WSNB_LLM_MODEL": "test-model"}
    ws._agent = Agent(ws, environ=env)
    return ws


def test_a_person_reads_the_file_as_it_is(root: Path) -> None:
    ws = wsnb.open_workspace(root)
    assert ws.read("deploy/settings.py").text == SETTINGS


def test_the_models_read_tool_redacts_and_refuses_sensitive_files(root: Path) -> None:
    # Even a workspace opened with allow_sensitive never opens a secret to a model.
    ws = wsnb.open_workspace(root, allow_sensitive=True)
    read = ws.tools.get("read_file")
    doc = read.run(ws.context, path="deploy/settings.py").data  # type: ignore[attr-defined]
    assert AWS not in doc.text and KEY_BODY not in doc.text
    assert "[REDACTED:aws-access-key]" in doc.text and "[REDACTED:private-key]" in doc.text
    assert doc.text.count("\n") == SETTINGS.count("\n")
    for confirm in (None, ".env"):
        result = read.run(ws.context, path=".env", confirm=confirm)  # type: ignore[attr-defined]
        assert not result.success and result.exc.rule is Rule.SENSITIVE
        assert "a model never reads" in str(result.error) and "confirm=" not in str(result.error)
    assert ws.read(".env").text == ENV  # the person's switch is for the person


def test_the_models_text_search_cannot_pull_a_key_out_line_by_line(root: Path) -> None:
    ws = wsnb.open_workspace(root)
    search = ws.tools.get("search_text")
    # A regex for base64 lines would find the key's body in the raw text.
    for pattern, regex in ((r"^[A-Za-z0-9+/]{20,}$", True), ("AKIA", False), ("MIIE", False)):
        frame = search.run(ws.context, pattern=pattern, regex=regex).data  # type: ignore[attr-defined]
        rows = "\n".join(frame["text"])
        assert AWS not in rows and KEY_BODY not in rows and KEY_BODY[::-1] not in rows
    person = ws.grep("AKIA")
    assert AWS in person["text"].iloc[0]  # a person's search shows the file as it is
    model_rows = search.run(ws.context, pattern="AWS_ACCESS").data  # type: ignore[attr-defined]
    assert model_rows["line"].tolist() == [2]
    assert "[REDACTED:aws-access-key]" in model_rows["text"][0]
    note = search.run(ws.context, pattern="hunter").data.attrs["note"]  # type: ignore[attr-defined]
    assert "never read by a model: .env (env-file)" in note and "confirm=" not in note


def test_nothing_secret_reaches_the_model_and_the_reply_says_so(
    root: Path, server: ScriptedServer
) -> None:
    ws = _with_model(wsnb.open_workspace(root), server)
    server.script(
        Step(body=completion(tool_calls=[
            call("read_file", {"path": "deploy/settings.py"}, "c1"),
            call("read_file", {"path": ".env", "confirm": ".env"}, "c2"),
            call("search_text", {"pattern": "AKIA"}, "c3")])),
        Step(body=completion("The deploy settings hold an AWS key and a signing key.")),
    )  # fmt: skip
    reply = ws.ask("Which region does the deploy use, and how is it signed?")
    sent = json.dumps([seen.body for seen in server.chat_requests], ensure_ascii=False)
    for secret in (AWS, KEY_BODY, KEY_BODY[::-1], "hunter2"):
        assert secret not in sent
    assert "[REDACTED:aws-access-key]" in sent and "[REDACTED:private-key]" in sent
    tool_results = [m["content"] for m in server.chat_requests[1].body["messages"]
                    if m["role"] == "tool"]  # fmt: skip
    assert "a model never reads such files" in tool_results[1]
    assert reply.text.startswith("The deploy settings hold an AWS key and a signing key.")
    assert "were redacted from the file text before the model saw it" in reply.text
    assert "aws-access-key" in reply.text and "private-key" in reply.text


def test_a_chinese_question_gets_the_redaction_note_in_chinese(
    root: Path, server: ScriptedServer
) -> None:
    ws = _with_model(wsnb.open_workspace(root), server)
    server.script(Step(body=completion(tool_calls=[
        call("read_file", {"path": "deploy/settings.py"}, "c1")])),
        Step(body=completion("部署设置里有密钥。")))  # fmt: skip
    reply = ws.ask("部署脚本用哪个云区域，为什么？")
    assert "已遮盖" in reply.text and AWS not in json.dumps(server.chat_requests[-1].body)


def test_a_notes_prompt_is_redacted_and_says_how_much() -> None:
    files = [("memory", "memory.md", f"Remember: the key is {AWS}.\n" + "x" * 300)]
    prompt = assemble_prompt("What is the key?", files, [])
    assert AWS not in prompt.text and "[REDACTED:aws-access-key]" in prompt.text
    assert prompt.redacted == {"aws-access-key": 1}
    assert "1 secrets redacted" in repr(prompt)
