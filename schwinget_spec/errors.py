"""One base error for the library; each subclass says what kind of wrong it is and names its clause."""

from __future__ import annotations

from schwinget_spec.clause_table import CLAUSES
from schwinget_spec.support.safe_text import shown

__all__ = [
    "GangNotOverError",
    "IllegalActionError",
    "InvalidArgumentError",
    "InvalidDealError",
    "MatchError",
    "ParseError",
    "SchwingetError",
    "SchwingfestError",
    "UnknownClauseError",
    "UnknownNameError",
]


class SchwingetError(Exception):
    """Base of every error this library raises on purpose.

    ``clause_id`` names the clause of the booklet that the input broke (see
    ``schwinget_spec.clauses``), or is None where no rule but a format was broken.
    """

    def __init__(self, reason: str, *, clause_id: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.clause_id = clause_id

    @property
    def clause_de(self) -> str | None:
        """The German text of the clause, if the error names one."""
        return None if self.clause_id is None else _clause_text(self.clause_id)[0]

    @property
    def clause_fr(self) -> str | None:
        """The French text of the clause, if the error names one."""
        return None if self.clause_id is None else _clause_text(self.clause_id)[1]

    def __str__(self) -> str:
        if self.clause_id is None:
            return self.reason
        return f"{self.reason} [clause {self.clause_id}]"


def _clause_text(clause_id: str) -> tuple[str, str]:
    clause = CLAUSES.get(clause_id) if isinstance(clause_id, str) else None
    if clause is None:
        raise UnknownClauseError(clause_id)
    return clause.de, clause.fr


class InvalidArgumentError(SchwingetError, TypeError, ValueError):
    """A value of the wrong type or out of range given to a public constructor or function.

    ``parameter`` names it as the caller wrote it (``card``, ``starter``, ``rules``,
    ``hands[0]``...) and leads the message. It is also a ``TypeError`` and a
    ``ValueError``, so code written for Python's own errors still catches it.
    """

    def __init__(self, parameter: str, reason: str, *, clause_id: str | None = None) -> None:
        super().__init__(f"{parameter}: {reason}", clause_id=clause_id)
        self.parameter = parameter


class UnknownClauseError(SchwingetError, KeyError):
    """A clause id that the registry (``schwinget_spec.clauses``) does not hold; also a ``KeyError``."""

    def __init__(self, clause_id: object) -> None:
        super().__init__(f"no clause with id {shown(clause_id)}")
        self.unknown_id = clause_id

    def __str__(self) -> str:
        return self.reason


class UnknownNameError(SchwingetError, KeyError):
    """A name or id that a registry does not hold (an ambiguity entry, a proof query); also a ``KeyError``.

    ``parameter`` names the argument as the caller wrote it and leads the message;
    ``unknown`` is the name or names given.
    """

    def __init__(self, parameter: str, unknown: object, reason: str) -> None:
        super().__init__(f"{parameter}: {reason}")
        self.parameter = parameter
        self.unknown = unknown

    def __str__(self) -> str:
        return self.reason


class ParseError(SchwingetError, ValueError):
    """A short code (card, action, player) that does not parse."""


class InvalidDealError(SchwingetError, ValueError):
    """An explicit deal that is not a legal distribution of the 26 Schwungkarten."""


class IllegalActionError(SchwingetError):
    """An action that the rules do not allow in this state; the state is left unchanged.

    ``step`` is the number of actions applied before this one (0 for the first
    action of a Gang); ``action`` is the refused action's short code.
    """

    def __init__(self, reason: str, *, clause_id: str, step: int, action: str) -> None:
        super().__init__(reason, clause_id=clause_id)
        self.step = step
        self.action = action

    def __str__(self) -> str:
        return f"step {self.step}: {self.action} is illegal: {self.reason} [clause {self.clause_id}]"


class MatchError(SchwingetError, ValueError):
    """A Gang that does not fit the match: not finished, started by the wrong player, or one too many."""


class SchwingfestError(SchwingetError, ValueError):
    """A Schwingfest that cannot be held as asked, or a Gang that does not fit it."""


class GangNotOverError(SchwingetError):
    """The result of a Gang was asked for before the Gang ended."""
