"""The workspace agent: one message in, one ``Reply`` out.

Every message is classified first (forbidden, application launch, workspace,
chat). Forbidden requests and launches are refused with their rule and make
no plan, with or without a model. Offline, the rule-based parser carries out
workspace commands. With a model, explicit commands still run exactly as
parsed, and questions, summaries and chat go to the model, which answers
from files it read and can only propose changes as pending plans.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from .actions import Session, run_command, say
from .commands import Command, parse_command
from .context import ConversationContext
from .intents import Intent, IntentKind, classify
from .reading import AgentLimits
from .reply import OFFLINE, Reply

if TYPE_CHECKING:
    from ..workspace import Workspace
    from .llm import LLMClient

__all__ = ["OFFLINE_NOTE_EN", "OFFLINE_NOTE_ZH", "Agent"]

logger = logging.getLogger("wsnb")

OFFLINE_NOTE_EN = (
    "_Offline mode (rules, no language model). To connect a model: "
    "ws.agent.connect(base_url, model=...), or set WSNB_LLM_BASE_URL and WSNB_LLM_MODEL._"
)
OFFLINE_NOTE_ZH = (
    "_离线模式（规则解析，未连接语言模型）。连接模型：ws.agent.connect(base_url, model=...)，"
    "或设置 WSNB_LLM_BASE_URL 和 WSNB_LLM_MODEL。_"
)
_CJK = re.compile(r"[\u3400-\u9fff]")
# Parsed actions that go to a model when one is connected (they need understanding).
_MODEL_ACTIONS = {"project", "summarize"}
_SEARCHES = {"find", "grep"}


class Agent:
    """Talks about one workspace. Build it with ``ws.agent`` or ``Agent(ws)``.

    ``llm`` is a connected ``LLMClient``; without one, the agent connects when
    ``WSNB_LLM_BASE_URL`` or ``WSNB_LLM_MODEL`` is set in ``environ`` (default
    ``os.environ``; ``OPENAI_BASE_URL`` / ``OPENAI_API_KEY`` then fill in the
    rest) and stays offline otherwise. An ``OPENAI_*`` variable alone, set for
    some other program, never sends workspace files to a server.
    ``clock``, ``max_turns`` and ``max_age`` decide when the last result list
    expires.
    """

    def __init__(
        self,
        workspace: Workspace,
        *,
        llm: LLMClient | None = None,
        environ: Mapping[str, str] | None = None,
        clock: Callable[[], datetime] | None = None,
        max_turns: int = 5,
        max_age: timedelta = timedelta(minutes=10),
        limits: AgentLimits | None = None,
    ) -> None:
        self.workspace = workspace
        self.limits = limits or AgentLimits()
        self.context = ConversationContext(clock=clock or workspace.context.clock,
                                           max_turns=max_turns, max_age=max_age)  # fmt: skip
        self.llm = llm if llm is not None else _client_from_environ(environ)
        self.history: list[tuple[str, Reply]] = []

    def __repr__(self) -> str:
        return f"<Agent {self.mode} on {self.workspace.root}>"

    @property
    def mode(self) -> str:
        """``"offline"`` or the connected model's name."""
        if self.llm is None:
            return OFFLINE
        return self.llm.model or "model"

    def connect(self, base_url: str | None = None, *, model: str | None = None,
                api_key: str | None = None, **options: object) -> LLMClient:  # fmt: skip
        """Connect an OpenAI-compatible server (Ollama, vLLM, LM Studio, llama.cpp, OpenAI)."""
        from .llm import LLMClient

        self.llm = LLMClient(base_url, model=model, api_key=api_key, **options)  # type: ignore[arg-type]
        return self.llm

    def disconnect(self) -> None:
        """Go back to the offline mode."""
        self.llm = None

    def ask(self, message: str, *, on_text: Callable[[str], None] | None = None) -> Reply:
        """Answer one message; ``on_text`` receives a model's answer as it streams."""
        self.context.next_turn()
        zh = bool(_CJK.search(message))
        intent = classify(message)
        logger.info("agent: %s message (%s)", intent.kind.value, self.mode)
        reply = self._answer(message, intent, zh, on_text)
        reply.intent = intent.kind.value
        reply.mode = self.mode
        if self.llm is None:
            reply.text = f"{reply.text}\n\n{OFFLINE_NOTE_ZH if zh else OFFLINE_NOTE_EN}"
        self.history.append((message, reply))
        return reply

    def _ask_model(self, session: Session, message: str, intent: Intent,
                   on_text: Callable[[str], None] | None) -> Reply:  # fmt: skip
        from .assistant import answer_with_model

        assert self.llm is not None
        earlier = [(question, reply.text) for question, reply in self.history
                   if reply.mode != OFFLINE and reply.intent != IntentKind.FORBIDDEN]  # fmt: skip
        return answer_with_model(session, self.llm, message, intent, on_text=on_text,
                                 earlier=earlier)  # fmt: skip

    def _answer(self, message: str, intent: Intent, zh: bool,
                on_text: Callable[[str], None] | None) -> Reply:  # fmt: skip
        if intent.kind in {IntentKind.FORBIDDEN, IntentKind.LAUNCH_APP}:
            return Reply(say(zh, _refusal_zh(intent), intent.reason))
        session = Session(self.workspace, self.context, self.limits, zh)
        command = parse_command(message)
        if command is not None and (self.llm is None or command.action not in _MODEL_ACTIONS):
            reply = run_command(session, command)
            # With a model, a search that found nothing becomes a question for the model.
            if self.llm is None or command.action not in _SEARCHES or reply.table is not None:
                return reply
        if self.llm is not None:
            return self._ask_model(session, message, intent, on_text)
        if intent.kind is IntentKind.CHAT:
            return _chat_offline(session, message)
        return _unknown(session)


def _refusal_zh(intent: Intent) -> str:
    if intent.kind is IntentKind.LAUNCH_APP:
        return "wsnb 只处理这个工作区里的文件，不启动应用程序（wsnb works on files in this " \
               "workspace and doesn't launch applications）。可以让我打开工作区里的某个文件。"
    return f"这个请求不能执行，没有生成任何计划。规则：{intent.reason}"


_GREETING = re.compile(r"^(你好|您好|嗨|哈喽|hi|hello|hey|早上好|晚上好|good\s+(morning|evening))",
                       re.IGNORECASE)  # fmt: skip
_THANKS = re.compile(r"谢谢|多谢|thanks|thank\s+you", re.IGNORECASE)


def _chat_offline(session: Session, message: str) -> Reply:
    zh = session.zh
    if _GREETING.search(message.strip()):
        text = say(zh, "你好！我是这个工作区的助手，可以搜索、阅读和总结文件，修改会先生成计划。",
                   "Hello! I help with the files of this workspace: search, read, summarize; "
                   "every change is a plan you confirm.")  # fmt: skip
    elif _THANKS.search(message):
        text = say(zh, "不客气！", "You're welcome!")
    else:
        text = say(zh, "离线模式下我只回答关于工作区文件的请求。说“帮助”看看我能做什么。",
                   "Offline, I only handle requests about the workspace's files. "
                   "Say \"help\" to see what I can do.")  # fmt: skip
    return Reply(text, intent="chat")


def _unknown(session: Session) -> Reply:
    lead = say(session.zh, "离线模式下我没能理解这个请求。可以这样说：",
               "Offline, I didn't understand that request. Try one of these:")  # fmt: skip
    return Reply(f"{lead}\n\n{run_command(session, Command('help')).text}")


def _client_from_environ(environ: Mapping[str, str] | None) -> LLMClient | None:
    env = os.environ if environ is None else environ
    # Only a wsnb setting opts in: file excerpts leave the machine only when asked to.
    if not any(env.get(k) for k in ("WSNB_LLM_BASE_URL", "WSNB_LLM_MODEL")):
        return None
    from .llm import LLMClient

    return LLMClient(environ=env)
