"""What the solver maximises: a finished Gang's points difference P0 - P1 under one scoring system, in hundredths."""

from __future__ import annotations

from functools import cache

import attrs

from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import Angriff, GangResult, Outcome
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import GOOD_LOSER_TRICKS, ScoringSystem, compute_gang_score

__all__ = ["OUTCOMES", "OUTCOME_WORDS", "Solution", "leaf_table", "leaf_value", "outcome_word"]

OUTCOMES: tuple[Outcome, ...] = tuple(Outcome)
"""The outcomes in declaration order: the row index of ``leaf_table``."""
OUTCOME_WORDS: tuple[str, str, str] = ("loss", "draw", "win")
"""P0's outcome by the sign of the value plus one: a value below 0 is a loss for P0."""


def leaf_value(result: GangResult, system: ScoringSystem, rules: Rules) -> int:
    """The points difference P0 - P1 of a finished Gang under ``system``, in hundredths (``compute_gang_score``)."""
    score = compute_gang_score(result, system, rules)
    return score.points[0].hundredths - score.points[1].hundredths


def outcome_word(value: int) -> str:
    """``win``, ``draw`` or ``loss`` for P0, by the sign of a points difference P0 - P1."""
    return OUTCOME_WORDS[(value > 0) - (value < 0) + 1]


@cache
def leaf_table(system: ScoringSystem, good_loser_after_plattwurf: bool) -> tuple[int, ...]:
    """The winner's points lead for each outcome and loser's tricks, as the compiled solver reads it.

    Entry ``2 * i + g`` is the winner's points minus the loser's (hundredths) for the
    outcome ``OUTCOMES[i]`` when the loser took fewer than 3 tricks (``g = 0``) or at least
    3 (``g = 1``): the only facts of a result ``compute_gang_score`` reads besides the
    winner (``scoring.tricks_only``, ``table.gut_gekaempft``). Each entry is computed by
    ``compute_gang_score`` itself on a result of that kind, so the table cannot drift from
    the Wertungstabelle. A Gestellter's entries are 0 (``table.gestellter``).
    """
    if type(system) is not ScoringSystem:
        raise InvalidArgumentError("system", f"expected a ScoringSystem, got {system!r}")
    rules = Rules(good_loser_after_plattwurf=good_loser_after_plattwurf)
    out: list[int] = []
    for outcome in OUTCOMES:
        for loser_tricks in (0, GOOD_LOSER_TRICKS):
            if outcome is Outcome.GESTELLTER:
                out.append(0)
                continue
            winner = Player.P0
            angriff = None
            if outcome in (Outcome.PLATTWURF_EIGENER_ANGRIFF, Outcome.SIEG_MIT_ANGRIFF):
                angriff = Angriff(Player.P0, 0)
            elif outcome is Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF:
                angriff = Angriff(Player.P1, 0)
            plattwurf = winner if outcome.is_plattwurf else None
            result = GangResult((loser_tricks + 5, loser_tricks), 11, angriff, plattwurf, winner, outcome)
            out.append(leaf_value(result, system, rules))
    return tuple(out)


@attrs.frozen
class Solution:
    """The solved value of a Gang position and one optimal line from it.

    ``value`` is the points difference P0 - P1 (hundredths; whole points times 100 under
    the Punktewertung) the Gang ends with when P0 maximises it and P1 minimises it, both
    seeing every card. ``line`` is one sequence of action codes that reaches it from the
    position to the end of the Gang.
    """

    system: ScoringSystem
    value: int
    line: tuple[str, ...]

    @property
    def outcome(self) -> str:
        """``win``, ``draw`` or ``loss`` for P0 under optimal play (the sign of ``value``)."""
        return outcome_word(self.value)
