"""The workspace agent: talk to a workspace offline or through an OpenAI-compatible model.

``ws.ask("搜索 README")`` returns a ``Reply``; ``ws.agent`` is the ``Agent``
behind it (``connect()`` a model, ``disconnect()`` to go offline). Models
only ever propose: every change they ask for is a pending plan a person
confirms. ``LLMClient`` and ``ToolCall`` (in ``wsnb.llm``) load httpx
when first used.
"""

from __future__ import annotations

from .agent import Agent
from .context import ConversationContext
from .intents import Intent, IntentKind, classify
from .reading import AgentLimits
from .reply import Reply

__all__ = [
    "Agent",
    "AgentLimits",
    "ConversationContext",
    "Intent",
    "IntentKind",
    "Reply",
    "classify",
]
