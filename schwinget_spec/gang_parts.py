"""The parts of a Gang's state that both players see: what the state waits for, the Angriff, and each completed Schwung."""

from __future__ import annotations

import enum

import attrs

from schwinget_spec.cards import Card
from schwinget_spec.players import Player

__all__ = ["Angriff", "Phase", "SchwungRecord"]


class Phase(enum.Enum):
    """What the state waits for."""

    LEAD = "lead"
    """The leader may start the Angriff (if allowed) or lead a card (``gang.turn``)."""
    ANSWER = "answer"
    """The opponent answers the led card (``schwung.answer``)."""
    CHOOSE_LEADER = "choose_leader"
    """The Kampfrichter's player decides who leads next (``kampfrichter.chooses``)."""
    OVER = "over"
    """Both hands are empty and no draw is left (``gang.end_no_angriff``, ``gang.end_angriff``)."""

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


@attrs.frozen
class Angriff:
    """The Angriff of a Gang: who started it, and after how many completed Schwünge (0-5)."""

    player: Player
    after_schwung: int


@attrs.frozen(repr=False)
class SchwungRecord:
    """One completed Schwung.

    ``winner`` is None when the Kampfrichter neutralised it; the winner of the next
    Schwung receives it too (``kampfrichter.collect``), and that next record's
    ``tricks`` is 2. ``clause_id`` names the clause that decided it.
    """

    number: int
    leader: Player
    led: Card
    answer: Card
    winner: Player | None
    clause_id: str
    tricks: int
    after_angriff: bool

    @property
    def cards(self) -> tuple[Card, Card]:
        """The led card and the answer."""
        return (self.led, self.answer)

    def __repr__(self) -> str:
        won = "neutralised" if self.winner is None else f"{self.winner} +{self.tricks}"
        return f"Schwung {self.number}: {self.leader} {self.led} / {self.answer} -> {won} ({self.clause_id})"
