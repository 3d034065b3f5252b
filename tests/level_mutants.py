"""Single-bug engines of the protocol's levels for tests/test_conformance_levels.py: each overrides one method of the reference engine.

Served with ``python -m schwinget_spec.conformance.reference_server --engine
level_mutants:NAME`` (``tests`` on ``PYTHONPATH``). ``RowMutant`` reads the row and
system it breaks from the environment variable ``SCHWINGET_MUTANT_ROW``
(``row:system``), so that one class covers every cell of the table.
"""

from __future__ import annotations

import os

from schwinget_spec.conformance.protocol import PROTOCOL1_GANG_SWITCHES
from schwinget_spec.conformance.reference_server import EngineFest, EngineMatch, PlayedGang, ReferenceEngine
from schwinget_spec.gang import GangResult
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import Points, ScoringSystem, TableRow


class RowMutant(ReferenceEngine):
    """One cell pair of the Wertungstabelle is wrong: the winner of the row named by ``SCHWINGET_MUTANT_ROW`` gets one step more."""

    def row_points(self, row: TableRow, system: ScoringSystem) -> tuple[Points | None, Points | None]:
        name, _, system_name = os.environ["SCHWINGET_MUTANT_ROW"].partition(":")
        win, lose = super().row_points(row, system)
        if row.value != name or system.value != system_name:
            return win, lose
        step = 25 if system is ScoringSystem.SCHWINGERWERTUNG else 100
        if row is TableRow.GUT_GEKAEMPFT:
            assert lose is not None
            return win, Points(system, lose.hundredths + step)
        assert win is not None
        return Points(system, win.hundredths + step), lose


class NoGoodLoserAfterPlattwurf(ReferenceEngine):
    """The good loser's point is never given after a Plattwurf (the default reading gives it)."""

    def is_good_loser(self, result: GangResult, system: ScoringSystem, rules: Rules) -> bool:
        return super().is_good_loser(result, system, rules) and not result.outcome.is_plattwurf


class GoodLoserAtFourTricks(ReferenceEngine):
    """The good loser needs 4 tricks instead of 3."""

    def is_good_loser(self, result: GangResult, system: ScoringSystem, rules: Rules) -> bool:
        loser = result.loser
        return super().is_good_loser(result, system, rules) and loser is not None and result.tricks[loser] >= 4


class OlderStartsFirst(ReferenceEngine):
    """The older player starts Gang 1."""

    def first_starter(self, match: EngineMatch) -> Player:
        return match.younger.other


class WinnerStartsNext(ReferenceEngine):
    """The winner of a Gang starts the next one."""

    def starter_after_win(self, match: EngineMatch, last: PlayedGang) -> Player:
        return super().starter_after_win(match, last).other


class MorePointsStartsAfterDraw(ReferenceEngine):
    """After a Gestellter at unequal points the player with more points starts."""

    def starter_after_draw(self, match: EngineMatch, last: PlayedGang) -> Player:
        t0, t1 = self.match_totals(match)
        if t0 != t1:
            return Player.P0 if t0 > t1 else Player.P1
        return self.tie_starter(match, last)


class TieStarterOlder(ReferenceEngine):
    """After a Gestellter at equal points the older player starts, whatever the switch says."""

    def tie_starter(self, match: EngineMatch, last: PlayedGang) -> Player:
        return match.younger.other


class P0WinsEqualTotals(ReferenceEngine):
    """A match with equal totals is won by P0."""

    def match_winner(self, match: EngineMatch, totals: tuple[Points, Points]) -> Player | None:
        winner = super().match_winner(match, totals)
        return Player.P0 if winner is None else winner


class DistinctRanks(ReferenceEngine):
    """Equal points never share a rank: the younger Schwinger ranks first."""

    def fest_standings(self, fest: EngineFest) -> tuple[tuple[int, Points, int], ...]:
        lines = super().fest_standings(fest)
        order = sorted(lines, key=lambda line: (-line[1].hundredths, line[0]))
        rank = {line[0]: i + 1 for i, line in enumerate(order)}
        return tuple((s, p, rank[s]) for s, p, _ in lines)


class PairsMeetOnce(ReferenceEngine):
    """The schedule lets every pair meet once."""

    def fest_schedule(self, players: int, sets: int) -> tuple[tuple[tuple[int, int], ...], ...]:
        seen: set[tuple[int, int]] = set()
        out = []
        for round_ in super().fest_schedule(players, sets):
            kept = tuple(p for p in round_ if p not in seen)
            seen.update(kept)
            if kept:
                out.append(kept)
        return tuple(out)


class CrowdedRounds(ReferenceEngine):
    """The schedule puts two rounds into one, so a Schwinger fights twice in a round."""

    def fest_schedule(self, players: int, sets: int) -> tuple[tuple[tuple[int, int], ...], ...]:
        rounds = super().fest_schedule(players, sets)
        return (rounds[0] + rounds[1], *rounds[2:])


class YoungerStartsBothMeetings(ReferenceEngine):
    """The younger of a pair starts both meetings (the default reading alternates)."""

    def fest_starter(self, fest: EngineFest, a: int, b: int) -> int:
        return a


class GangOnly(ReferenceEngine):
    """A correct engine that declares the Gang level only."""

    levels = ("gang",)


class ProtocolOne(ReferenceEngine):
    """A correct engine of protocol version 1: a Gang, its four switches, no levels."""

    protocol = 1
    levels = ("gang",)
    switches = PROTOCOL1_GANG_SWITCHES


class MatchWithoutScoring(ReferenceEngine):
    """An engine that declares the match level without the scoring level it needs."""

    levels = ("gang", "match")
