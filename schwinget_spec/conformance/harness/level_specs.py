"""The matches and Schwingfeste the level play plays: a planned Gang (its deal, and its actions or the seed of its random play), a match and a Schwingfest to play."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from schwinget_spec.deal import Deal
from schwinget_spec.gang import start_gang
from schwinget_spec.match import play_out, random_chooser
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.trace import actions_of

__all__ = ["FestSpec", "MatchSpec", "PlannedGang"]


@attrs.frozen
class PlannedGang:
    """One Gang of a planned match or Schwingfest: its deal and either its actions or the seed of its random play."""

    deal: Deal
    actions: tuple[str, ...] | None = None
    seed: int | None = None

    def actions_for(self, starter: Player, rules: Rules) -> tuple[str, ...]:
        """The actions to play with ``starter`` leading: the recorded ones, or ``random_chooser(seed)``'s play."""
        if self.actions is not None:
            return self.actions
        seed = 0 if self.seed is None else self.seed
        return actions_of(play_out(start_gang(self.deal, starter, rules), random_chooser(seed)))


@attrs.frozen
class MatchSpec:
    """A match to play: where it comes from, its system, length, younger player, switches, and one planned Gang per Gang."""

    source: str
    system: ScoringSystem
    length: int
    younger: Player
    rules: Rules
    gaenge: tuple[PlannedGang, ...]
    vector: bool = False


@attrs.frozen
class FestSpec:
    """A Schwingfest to play: ``players`` Schwinger on ``sets`` card sets, and a planned Gang per meeting ``(a, b, leg)``."""

    source: str
    players: int
    sets: int
    system: ScoringSystem
    rules: Rules
    meetings: Mapping[tuple[int, int, int], PlannedGang]
    vector: bool = False
