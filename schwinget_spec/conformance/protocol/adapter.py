"""The adapter protocol through which the conformance state machine drives another Gang implementation, and the reference adapter."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar

import attrs

from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules

__all__ = ["GangAdapter", "Observation", "ReferenceAdapter", "ResultReport", "observe"]

S = TypeVar("S")


@attrs.frozen
class ResultReport:
    """The result of a finished Gang in plain values.

    ``tricks``: tricks of P0 and P1. ``winner``: 0, 1, or None for a Gestellter.
    ``plattwurf``: the seat that won by Plattwurf, or None. ``outcome``: the value of
    ``schwinget_spec.Outcome`` (``"plattwurf_eigener_angriff"``,
    ``"plattwurf_gegnerischer_angriff"``, ``"sieg_mit_angriff"``, ``"sieg_ohne_angriff"``,
    ``"gestellter"``).
    """

    tricks: tuple[int, int]
    winner: int | None
    plattwurf: int | None
    outcome: str


class GangAdapter(Protocol[S]):
    """What the conformance state machine needs from an implementation of one Gang.

    ``S`` is the implementation's own state type, opaque to the machine: ``start``
    creates one, ``apply`` returns the next (a new value, or the same object mutated
    in place: the machine only ever uses the value ``apply`` returned). Actions and
    cards travel as the short codes of the reference: cards ``R1``..``Y6``, ``KR``,
    ``BK``; ``A`` for the Angriff; ``L0``/``L1`` for the Kampfrichter's choice of the
    next leader. Seats are 0 and 1.
    """

    def start(self, deal: Deal, starter: Player, rules: Rules) -> S:
        """The state before the first Schwung of the Gang dealt as ``deal`` (see ``Deal.to_codes``), ``starter`` to lead."""
        ...

    def legal_actions(self, state: S) -> Iterable[str]:
        """The codes of every action the player to move may take; empty once the Gang is over (order free)."""
        ...

    def apply(self, state: S, action: str) -> S:
        """The state after ``action``; raises any ``Exception`` for an action the rules forbid.

        After a refusal the machine goes on with the state it passed in, so a refused
        action must leave it as it was.
        """
        ...

    def tricks(self, state: S) -> tuple[int, int]:
        """Tricks credited so far to P0 and P1 (a neutralised trick counts once collected)."""
        ...

    def pile_size(self, state: S) -> int:
        """Cards left in the draw pile (the locked pile keeps its size after the Angriff)."""
        ...

    def hand(self, state: S, player: int) -> Iterable[str]:
        """The codes of the cards ``player`` (0 or 1) holds (order free)."""
        ...

    def to_move(self, state: S) -> int | None:
        """The seat whose decision the state waits for; None once the Gang is over."""
        ...

    def result(self, state: S) -> ResultReport | None:
        """The result once the Gang is over; None before."""
        ...


@attrs.frozen
class Observation:
    """Everything the machine compares between two implementations after each step."""

    legal_actions: frozenset[str]
    to_move: int | None
    tricks: tuple[int, int]
    pile_size: int
    hands: tuple[frozenset[str], frozenset[str]]
    result: ResultReport | None


def observe(adapter: GangAdapter[S], state: S) -> Observation:
    """The observation of ``state`` through ``adapter``, in plain comparable values."""
    return Observation(
        legal_actions=frozenset(adapter.legal_actions(state)),
        to_move=adapter.to_move(state),
        tricks=tuple(adapter.tricks(state)),  # type: ignore[arg-type]
        pile_size=adapter.pile_size(state),
        hands=(frozenset(adapter.hand(state, 0)), frozenset(adapter.hand(state, 1))),
        result=adapter.result(state),
    )


class ReferenceAdapter:
    """The reference implementation (``schwinget_spec.gang``) behind the adapter protocol."""

    def start(self, deal: Deal, starter: Player, rules: Rules) -> GangState:
        """``start_gang(deal, starter, rules)``."""
        return start_gang(deal, starter, rules)

    def legal_actions(self, state: GangState) -> tuple[str, ...]:
        """The codes of ``state.legal_actions()``."""
        return tuple(a.code for a in state.legal_actions())

    def apply(self, state: GangState, action: str) -> GangState:
        """``state.apply(action)``: raises ``IllegalActionError`` for a forbidden action."""
        return state.apply(action)

    def tricks(self, state: GangState) -> tuple[int, int]:
        """``state.tricks``."""
        return state.tricks

    def pile_size(self, state: GangState) -> int:
        """``state.pile_size``."""
        return state.pile_size

    def hand(self, state: GangState, player: int) -> tuple[str, ...]:
        """The codes of ``state.hand(player)``."""
        return tuple(c.code for c in state.hand(Player(player)))

    def to_move(self, state: GangState) -> int | None:
        """``state.to_move``, or None once the Gang is over."""
        return None if state.is_over else int(state.to_move)

    def result(self, state: GangState) -> ResultReport | None:
        """``state.result`` in plain values, or None before the end."""
        if not state.is_over:
            return None
        r = state.result
        return ResultReport(
            tricks=r.tricks,
            winner=None if r.winner is None else int(r.winner),
            plattwurf=None if r.plattwurf is None else int(r.plattwurf),
            outcome=r.outcome.value,
        )
