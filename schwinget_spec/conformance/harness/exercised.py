"""Which declared values of the rule switches a harness run put to the test: per (switch, value), the games it played under that value in a situation where the switch's other values give another answer (a separating situation).

A Gang switch is counted by playing the Gang's actions again in the reference under each
other value of the switch: the Gang separates its value when the legal actions, the
state after an action or the result differ, or an action becomes illegal. The switches of
the levels are counted by what makes them matter, in the game played under the value:

- ``good_loser_after_plattwurf``: a scored Gang won by Plattwurf whose loser made 3 tricks
  or more, its Punktewertung points asked (every declared value is asked there);
- ``draw_tie_starter``: a match with a Gang started after a drawn Gang at equal points;
- ``match_draw``: a match over with equal totals and unequal tricks over all Gänge;
- ``fest_starter``: a Schwingfest with a pair whose first meeting was not drawn (some
  other value then makes another player start the second);
- ``fest_tiebreak``: a Schwingfest whose standings hold equal points.

Counting stops at ``ENOUGH`` separating games per value (it costs a replay per switch and
Gang); a value with fewer is thin evidence, one with none was declared, not exercised.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from schwinget_spec.conformance.protocol.messages import GANG_SWITCHES
from schwinget_spec.conformance.protocol.readings import Readings, Value, switch_values
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.trace import end_claims

__all__ = ["ENOUGH", "SWITCH_LEVEL", "ExercisedValues", "gang_separates"]

ENOUGH = 3
"""Separating games per value after which a run stops counting: fewer is thin evidence (one separating situation is not a profile)."""

Key = tuple[str, Value]

SWITCH_LEVEL: dict[str, str] = {
    **dict.fromkeys(GANG_SWITCHES, "gang"),
    "good_loser_after_plattwurf": "scoring",
    "draw_tie_starter": "match",
    "match_draw": "match",
    "fest_starter": "schwingfest",
    "fest_tiebreak": "schwingfest",
}
"""The level whose games put each switch to the test (``good_loser_after_plattwurf`` is a Gang switch the scoring level counts)."""


def _view(state: GangState) -> tuple[object, ...]:
    """What an engine answers of ``state``: its legal actions, who moves, the tricks, the result's claims once over."""
    claims = tuple(sorted(end_claims(state).items())) if state.is_over else ()
    return (frozenset(a.code for a in state.legal_actions()), state.to_move, state.tricks, claims)


def gang_separates(deal: Deal, starter: Player, rules: Rules, actions: Sequence[str], other: Rules) -> bool:
    """True if the Gang ``actions`` on ``deal`` gives another answer somewhere under ``other`` than under ``rules``: legal actions, state, result, or an action that becomes illegal."""
    a, b = start_gang(deal, starter, rules), start_gang(deal, starter, other)
    if _view(a) != _view(b):
        return True
    for action in actions:
        if b.why_illegal(action) is not None:
            return True
        a, b = a.apply(action), b.apply(action)
        if _view(a) != _view(b):
            return True
    return False


@attrs.define
class ExercisedValues:
    """The separating games met per (switch, value) of a run, counted up to ``ENOUGH``."""

    counts: Counter[Key] = attrs.field(factory=Counter)

    def add_gang(self, deal: Deal, starter: Player, rules: Rules, actions: Sequence[str], declared: Readings) -> None:
        """Count the Gang ``actions`` for each declared Gang switch whose value it separates from another value."""
        for name in GANG_SWITCHES:
            if name not in declared:
                continue
            value = getattr(rules, name)
            if self.counts[(name, value)] >= ENOUGH:
                continue
            for other in switch_values(name):
                changed: dict[str, Any] = {name: other}
                if other != value and gang_separates(deal, starter, rules, actions, attrs.evolve(rules, **changed)):
                    self.counts[(name, value)] += 1
                    break

    def add(self, keys: Iterable[Key]) -> None:
        """Count one separating game for each of ``keys``."""
        for key in keys:
            if self.counts[key] < ENOUGH:
                self.counts[key] += 1

    def merged(self, other: ExercisedValues) -> ExercisedValues:
        """The counts of both, each kept at ``ENOUGH`` at most."""
        total: Counter[Key] = Counter()
        for key in {*self.counts, *other.counts}:
            total[key] = min(ENOUGH, self.counts[key] + other.counts[key])
        return ExercisedValues(total)

    def of(self, declared: Readings, switches: Iterable[str]) -> tuple[tuple[str, Value, int], ...]:
        """Each declared value of ``switches`` (in the order of ``Rules``), with the separating games met (at most ``ENOUGH``)."""
        wanted = set(switches)
        return tuple(
            (name, value, self.counts[(name, value)])
            for name, values in declared.declared
            if name in wanted
            for value in values
        )
