"""The workspace agent: one message in, one ``Reply`` out.

Every message is first understood against the workspace (``wsnb.agent.understand``:
the names it mentions, the intent of the words left, the language to answer in),
then classified (forbidden, application launch, workspace, chat) with the names
taken out, so "delete all-hands.txt" is one file. Forbidden requests and launches
are refused with their rule and make no plan, with or without a model. Offline,
the grounded reading is carried out. With a model, explicit commands (the
grammar's rows) still run exactly as parsed, and questions, summaries and chat go
to the model, which answers from files it read and can only propose changes as
pending plans.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from ..i18n import _, using_language
from ..tools.limits import ToolLimits
from .actions import Session, help_text, run_command
from .answers import MORE_HANDLERS
from .changes import CHANGE_HANDLERS, asks_for_several, one_item_refusal
from .commands import CHANGES
from .contents import answer_contents
from .context import ConversationContext
from .indexanswers import answer_files
from .intents import NOT_WORKSPACE, Intent, IntentKind, classify, sensitive_request
from .notebookanswers import NOTEBOOK_HANDLERS
from .opening import open_item
from .reply import OFFLINE, Reply
from .switches import answer_switch, which_setting
from .understand import Understood, understand

if TYPE_CHECKING:
    from ..llm import LLMClient
    from ..workspace import Workspace

__all__ = ["Agent", "offline_note"]

logger = logging.getLogger("wsnb")

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
        limits: ToolLimits | None = None,
    ) -> None:
        self.workspace = workspace
        self.limits = limits or ToolLimits.for_model()
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
        from ..llm import LLMClient

        self.llm = LLMClient(base_url, model=model, api_key=api_key, **options)  # type: ignore[arg-type]
        return self.llm

    def disconnect(self) -> None:
        """Go back to the offline mode."""
        self.llm = None

    def ask(self, message: str, *, on_text: Callable[[str], None] | None = None) -> Reply:
        """Answer one message in its own language; ``on_text`` receives a model's answer as it
        streams. Plans made for the message are described in that language too."""
        self.context.next_turn()
        understood = understand(self.workspace, message)
        lang = understood.lang
        with using_language(lang):
            # Names the workspace knows are taken out first: "delete all-hands.txt" is one file.
            intent = classify(understood.masked)
            if understood.command is not None and understood.command.action == "rename_name" \
                    and intent.rule == "bulk_change":
                intent = Intent(IntentKind.WORKSPACE)  # one name in every file: one change set
            if understood.command is not None and understood.command.action == "clear_outputs" \
                    and intent.rule in {"permanent_delete", "bulk_change"}:
                # "wipe all its outputs": one notebook rewritten, backed up first, undoable
                intent = Intent(IntentKind.WORKSPACE)
            if intent.kind is not IntentKind.FORBIDDEN and classify(message).kind \
                    is IntentKind.LAUNCH_APP:  # "open the calculator app": "app" is no folder here
                intent = classify(message)
            command = understood.command
            if command is not None and command.action == "refuse":  # "清空 journal"
                # A rule the words broke first ("commit all my changes" is git), and this one
                # too when it is another ("wipe every file in journal": permanent and many).
                first = intent.rule if intent.kind is IntentKind.FORBIDDEN else None
                intent = Intent(IntentKind.FORBIDDEN, rule=first or command.get("rule"),
                                also=command.get("rule") if first else None)
            if intent.kind is IntentKind.CHAT and any(m.firm for m in understood.mentions):
                intent = Intent(IntentKind.WORKSPACE)  # it names a file of this workspace
            if intent.kind is not IntentKind.FORBIDDEN and understood.command is not None:
                intent = sensitive_request(message, understood.command.action) or intent
            logger.info("agent: %s message (%s)", intent.kind.value, self.mode)
            reply = self._answer(message, understood, intent, lang, on_text)
            self._remember_planned(reply)
            reply.intent = intent.kind.value
            reply.mode = self.mode
            reply.lang = lang
            if self.llm is None:
                reply.text = f"{reply.text}\n\n{offline_note()}"
        self.history.append((message, reply))
        return reply

    def _remember_planned(self, reply: Reply) -> None:
        """"it" after a plan is the planned file ("delete a.txt", then "no, open it")."""
        for plan in reply.plans[:1]:
            where = plan.source or plan.target
            if where is not None:
                self.context.remember_read([where.relative])

    def _ask_model(self, session: Session, message: str, intent: Intent,
                   on_text: Callable[[str], None] | None) -> Reply:  # fmt: skip
        from .assistant import answer_with_model

        assert self.llm is not None
        earlier = [(question, reply.text) for question, reply in self.history
                   if reply.mode != OFFLINE and reply.intent != IntentKind.FORBIDDEN]  # fmt: skip
        return answer_with_model(session, self.llm, message, intent, on_text=on_text,
                                 earlier=earlier)  # fmt: skip

    def _answer(self, message: str, understood: Understood, intent: Intent, lang: str,
                on_text: Callable[[str], None] | None) -> Reply:  # fmt: skip
        if intent.kind is IntentKind.FORBIDDEN:
            return Reply(_refusal(intent))
        if intent.kind is IntentKind.LAUNCH_APP:
            return Reply(f"{intent.reason}\n\n{_(NOT_WORKSPACE)}")
        session = Session(self.workspace, self.context, self.limits, lang)
        # Offline, the grounded reading; with a model, only an explicit command runs as parsed
        # and everything else is the model's to understand.
        command = understood.command if self.llm is None else understood.grammar
        if intent.kind is IntentKind.CHAT and not understood.grounded:
            command = None  # "what's the weather": no name, no row; not a workspace request
        if command is not None and command.action in CHANGES \
                and asks_for_several(session, command.get("target")):
            return Reply(one_item_refusal())  # with or without a model: one item per plan
        if command is not None and (self.llm is None or command.action not in _MODEL_ACTIONS):
            reply = run_command(session, command, {**MORE_HANDLERS, **CHANGE_HANDLERS,
                                                   **NOTEBOOK_HANDLERS,
                                                   "files": answer_files,
                                                   "contents": answer_contents,
                                                   "open": open_item,
                                                   "switch": answer_switch,
                                                   "which_setting": which_setting})  # fmt: skip
            # With a model, a search that found nothing becomes a question for the model.
            if self.llm is None or command.action not in _SEARCHES or reply.table is not None:
                return reply
        if self.llm is not None:
            return self._ask_model(session, message, intent, on_text)
        if intent.kind is IntentKind.CHAT or understood.offtopic:
            return _chat_offline(message)
        return _unknown()


def offline_note() -> str:
    """The footer of an offline reply: what the mode is and how to connect a model."""
    return _("_Offline mode (rules, no language model). To connect a model: "
             "ws.agent.connect(base_url, model=...), or set WSNB_LLM_BASE_URL and "
             "WSNB_LLM_MODEL._")


_DELETES = {"permanent_delete", "bulk_change"}


def _refusal(intent: Intent) -> str:
    if intent.kind is IntentKind.LAUNCH_APP:
        return intent.reason
    if intent.rule == "bulk_change" or (intent.also == "bulk_change" and intent.rule in _DELETES):
        # The rule (both, when the request breaks two) and how to ask for one item instead.
        return one_item_refusal(intent.reason if intent.also else "")
    return _("That can't be done, and no plan was made. {rule}").format(rule=intent.reason)


_GREETING = re.compile(r"^(你好|您好|嗨|哈喽|hi|hello|hey|早上好|晚上好|good\s+(morning|evening))",
                       re.IGNORECASE)  # fmt: skip
_THANKS = re.compile(r"谢谢|多谢|thanks|thank\s+you", re.IGNORECASE)


def _chat_offline(message: str) -> Reply:
    if _GREETING.search(message.strip()):
        text = _("Hello! I help with the files of this workspace: search, read, summarize; "
                 "every change is a plan you confirm.")
    elif _THANKS.search(message):
        text = _("You're welcome!")
    else:
        text = _(NOT_WORKSPACE) + " " + _("Offline, I only handle requests about the "
                                          "workspace's files. Say \"help\" to see what I can do.")
    return Reply(text, intent="chat")


def _unknown() -> Reply:
    lead = _("Offline, I didn't understand that request. Try one of these:")
    return Reply(f"{lead}\n\n{help_text()}")


def _client_from_environ(environ: Mapping[str, str] | None) -> LLMClient | None:
    env = os.environ if environ is None else environ
    # Only a wsnb setting opts in: file excerpts leave the machine only when asked to.
    if not any(env.get(k) for k in ("WSNB_LLM_BASE_URL", "WSNB_LLM_MODEL")):
        return None
    from ..llm import LLMClient

    return LLMClient(environ=env)
