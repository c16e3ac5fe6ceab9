"""``Decision``: the policy's answer for one path, allowed or refused with a rule and a reason.

Every ``AccessPolicy.check_*`` returns one; ``raise_if_refused()`` turns a refusal into a
``PolicyError`` that says what to do.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import PolicyError
from ..types import Rule
from .wspath import WsPath

__all__ = ["Decision"]


@dataclass(frozen=True, slots=True)
class Decision:
    """The policy's answer: allowed or not, and why, in words a person can act on.

    A decision is true when allowed, so ``if not decision: return decision`` passes a
    refusal on.

    Attributes
    ----------
    allowed : bool
    reason : str
        The sentence that says why and what to do (empty when allowed).
    rule : Rule or None
        The rule that refused, an English code.
    path : WsPath or None
        The checked path, when it resolved.
    """

    allowed: bool
    reason: str = ""
    rule: Rule | None = None
    path: WsPath | None = None

    def __bool__(self) -> bool:
        return self.allowed

    def raise_if_refused(self) -> WsPath:
        """Return the checked path, or raise ``PolicyError`` with the reason.

        Returns
        -------
        WsPath

        Raises
        ------
        PolicyError
            The decision is a refusal; it carries the rule and the reason.
        """
        if not self.allowed or self.path is None:
            raise PolicyError(self.reason, path=str(self.path) if self.path else None,
                              rule=self.rule)  # fmt: skip
        return self.path

    @classmethod
    def ok(cls, path: WsPath) -> Decision:
        """An allowed decision for ``path``.

        Parameters
        ----------
        path : WsPath
            The resolved path.

        Returns
        -------
        Decision
        """
        return cls(True, "", None, path)

    @classmethod
    def refuse(cls, rule: Rule, reason: str, path: WsPath | None = None) -> Decision:
        """A refusal.

        Parameters
        ----------
        rule : Rule
            Why, as a code.
        reason : str
            Why, as a whole sentence that says what to do.
        path : WsPath, optional
            The path, when it resolved.

        Returns
        -------
        Decision
        """
        return cls(False, reason, rule, path)
