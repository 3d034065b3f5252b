"""Steered matches and Schwingfeste: whole matches and fests whose Gänge are chosen so that a run reaches every named match and Schwingfest situation.

Random matches seldom end on equal totals, and a random Schwingfest seldom ranks two
Schwinger on equal points; yet these are where the match and fest rules are put to the
test. A steered match is designed first on paper: a sequence of Gang results, each one
of the classes that decide the points and the starters (the outcome, the winner, and
whether the loser took 3 tricks or more), drawn at random with a pull towards draws and
mirrored results, and kept when the reference's own ``match_situations`` (or
``fest_situations``) says the match it makes reaches the situation aimed at. Then each
Gang is played in the reference, with the starter the match gives it, by players who aim
at its class (``steering.aimed_play``), until one ends in that class; the recorded
actions go into a ``MatchSpec`` or ``FestSpec`` that the level play plays through the
protocol like any other match or fest.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from types import MappingProxyType
from typing import Any, TypeAlias

import attrs

from schwinget_spec.conformance.harness.games import HarnessRng, random_rules
from schwinget_spec.conformance.harness.level_specs import FestSpec, MatchSpec, PlannedGang
from schwinget_spec.conformance.harness.situations import (
    FEST_SITUATIONS,
    MATCH_SITUATIONS,
    fest_situations,
    match_situations,
)
from schwinget_spec.conformance.harness.steering import Aim, AngriffAt, aimed_play
from schwinget_spec.conformance.protocol.levels import FEST_LEVEL_SWITCHES
from schwinget_spec.conformance.protocol.messages import (
    FEST_SWITCHES,
    GANG_SWITCHES,
    MATCH_SWITCHES,
    SCORING_SWITCHES,
)
from schwinget_spec.conformance.protocol.readings import as_readings
from schwinget_spec.deal import Deal
from schwinget_spec.gang import GangResult, GangState, Outcome, start_gang
from schwinget_spec.match import MatchGang, MatchLength, MatchState, start_match
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import FestGang, Meeting, SchwingfestState, start_schwingfest
from schwinget_spec.scoring import GOOD_LOSER_TRICKS, ScoringSystem, compute_gang_score

__all__ = [
    "ResultClass",
    "SteeredLevels",
    "class_of",
    "level_situations_out_of_reach",
    "reference_fest",
    "reference_match",
    "steered_levels",
]

ResultClass: TypeAlias = tuple[Outcome, Player | None, bool]
"""What of a Gang's result decides its points and the next starter: the outcome, the winner (None for a Gestellter) and whether the loser took 3 tricks or more."""

_GESTELLTER: ResultClass = (Outcome.GESTELLTER, None, False)
_SYSTEMS = (ScoringSystem.SCHWINGERWERTUNG, ScoringSystem.PUNKTEWERTUNG)
_MATCH_RULES = (*GANG_SWITCHES, *SCORING_SWITCHES, *MATCH_SWITCHES)
_FEST_RULES = FEST_LEVEL_SWITCHES
_NEEDS: Mapping[str, tuple[str, Any]] = MappingProxyType({
    "match_good_loser_after_plattwurf": ("good_loser_after_plattwurf", True),
    "fest_equal_points_told_apart": ("fest_tiebreak", "wins_then_plattwuerfe"),
})
"""The reading a situation needs: under the other value of its switch it cannot happen (AMB-GUT-GEKAEMPFT-PLATTWURF, AMB-FEST-TIES)."""
_PUNKTEWERTUNG_ONLY = frozenset({"match_good_loser", "match_good_loser_after_plattwurf"})
"""Situations of the Punktewertung: only there does a loser score the good loser's point."""

_PLAYOUTS_PER_GANG = 300
"""Reference playouts tried for one Gang of a designed match or fest before the design is given up (and, for that game, every design holding the Gang's class)."""
_DESIGNS_PER_GAME = 400
"""Designs on paper tried for one steered match or fest before the situation is given up."""


def class_of(result: GangResult) -> ResultClass:
    """The class of a finished Gang's ``result``: its outcome, its winner, and whether its loser took 3 tricks or more."""
    loser = result.loser
    return (result.outcome, result.winner, loser is not None and result.tricks[loser] >= GOOD_LOSER_TRICKS)


def _mirror(cls: ResultClass) -> ResultClass:
    outcome, winner, good = cls
    return (outcome, None if winner is None else winner.other, good)


# -- one Gang of a given class


def _aims(cls: ResultClass, rng: HarnessRng) -> tuple[AngriffAt, tuple[Aim, Aim], tuple[Aim, Aim], Player | None]:
    """When the Angriff comes, what the players aim at before and after it, and who attacks, for a Gang that ends in the class ``cls`` now and then."""
    outcome, winner, good = cls
    anyone: tuple[Aim, Aim] = ("random", "random")
    if winner is None:
        # equal tricks need an even number of Schwünge: an Angriff after an odd number
        return ((1, 3, 5)[rng.below(3)], anyone, anyone, None)
    wins: tuple[Aim, Aim] = ("mostly_win", "mostly_lose") if winner is Player.P0 else ("mostly_lose", "mostly_win")
    loses: tuple[Aim, Aim] = (wins[1], wins[0])
    if outcome is Outcome.SIEG_OHNE_ANGRIFF:
        return ("never", anyone if good else wins, anyone, None)
    if outcome is Outcome.SIEG_MIT_ANGRIFF:
        return ((0, 1, 2, 3, 4, 5)[rng.below(6)], anyone if good else wins, anyone, None)
    # a Plattwurf: the loser's tricks are those taken before the Angriff
    own = outcome is Outcome.PLATTWURF_EIGENER_ANGRIFF
    after: tuple[Aim, Aim] = ("win", "lose") if own else ("lose", "win")
    attacker = winner if own else winner.other
    if good:
        return ((3, 4, 5)[rng.below(3)], loses, after, attacker)
    return ((0, 1, 2)[rng.below(3)], wins if own else anyone, after, attacker)


def _realise(cls: ResultClass, starter: Player, rules: Rules, rng: HarnessRng) -> tuple[PlannedGang, GangState, int] | None:
    """A Gang started by ``starter`` under ``rules`` that ends in the class ``cls``, its final state and the playouts it took; None if none was found."""
    for tries in range(1, _PLAYOUTS_PER_GANG + 1):
        angriff, before, after, attacker = _aims(cls, rng)
        seed = rng.seed()
        deal = Deal.shuffled(seed)
        actions, state = aimed_play(deal, starter, rules, rng, angriff=angriff, before=before, after=after, attacker=attacker)
        if class_of(state.result) == cls:
            return PlannedGang(deal, actions, seed), state, tries
    return None


@functools.cache
def _representatives() -> tuple[tuple[ResultClass, GangResult], ...]:
    """One result of every class the reference can end a Gang in, played under the default rules: what a design on paper is scored with."""
    rng = HarnessRng(0x5EC7E5)
    outcomes = (*(o for o in Outcome if o is not Outcome.GESTELLTER),)
    wanted = [_GESTELLTER, *((o, p, good) for o in outcomes for p in Player for good in (False, True))]
    out = []
    for cls in wanted:
        found = _realise(cls, Player.P0, Rules(), rng)
        if found is not None:
            out.append((cls, found[1].result))
    return tuple(out)


# -- designs on paper


def _draw_classes(count: int, rng: HarnessRng, classes: Sequence[ResultClass]) -> list[ResultClass]:
    """``count`` classes: a third Gestellte, a quarter the mirror of an earlier win, the rest any class."""
    out: list[ResultClass] = []
    for _ in range(count):
        roll = rng.below(100)
        wins = [c for c in out if c[1] is not None]
        if roll < 30:
            out.append(_GESTELLTER)
        elif roll < 55 and wins:
            out.append(_mirror(wins[rng.below(len(wins))]))
        else:
            out.append(classes[rng.below(len(classes))])
    return out


def _on_paper_match(
    system: ScoringSystem, length: int, younger: Player, rules: Rules, results: Sequence[GangResult]
) -> MatchState:
    """The match whose Gänge end with ``results``, each started by the player the match says: the reference's starters, points and totals without playing a card."""
    match = start_match(system, MatchLength(length), younger, rules)
    for result in results:
        due = match.next_starter_with_clause()[0]
        score = compute_gang_score(result, system, rules)
        match = attrs.evolve(match, gaenge=(*match.gaenge, MatchGang(match.gang_number, due, result, score)))
    return match


def _on_paper_fest(fest: SchwingfestState, results: Mapping[Meeting, GangResult]) -> SchwingfestState:
    """The fest ``fest`` with every meeting of its schedule ended as ``results`` says: its standings without playing a card (who started a meeting does not count in them)."""
    fought = []
    for meeting in fest.schedule.meetings:
        result = results[meeting]
        fought.append(FestGang(meeting, meeting.a, result, compute_gang_score(result, fest.system, fest.rules)))
    return SchwingfestState(fest.names, fest.system, fest.rules, fest.schedule, tuple(fought))


def _rules(rng: HarnessRng, switches: Collection[str], names: Sequence[str], aim: str) -> Rules:
    rules = random_rules(rng, switches, names)
    need = _NEEDS.get(aim)
    return rules if need is None else attrs.evolve(rules, **{need[0]: need[1]})


@attrs.frozen
class _Stats:
    designs: Counter[str] = attrs.field(factory=Counter)
    playouts: Counter[str] = attrs.field(factory=Counter)


def _steered_match(
    aim: str, source: str, rng: HarnessRng, switches: Collection[str], stats: _Stats
) -> tuple[MatchSpec, MatchState] | None:
    """A match that reaches ``aim``, designed on paper then played Gang by Gang in the reference; None if no design was played out."""
    reps = dict(_representatives())
    classes = list(reps)
    if not classes:
        return None
    system = ScoringSystem.PUNKTEWERTUNG if aim in _PUNKTEWERTUNG_ONLY else _SYSTEMS[rng.below(2)]
    length = (4, 6)[rng.below(2)]
    younger = Player(rng.below(2))
    rules = _rules(rng, switches, _MATCH_RULES, aim)
    unrealised: set[ResultClass] = set()
    for _ in range(_DESIGNS_PER_GAME):
        stats.designs[aim] += 1
        design = _draw_classes(length, rng, classes)
        if unrealised.intersection(design) or aim not in match_situations(
            _on_paper_match(system, length, younger, rules, [reps[c] for c in design])
        ):
            continue
        match = start_match(system, MatchLength(length), younger, rules)
        planned = []
        for cls in design:
            found = _realise(cls, match.next_starter_with_clause()[0], rules, rng)
            if found is None:
                unrealised.add(cls)
                break
            gang, state, tries = found
            stats.playouts[aim] += tries
            planned.append(gang)
            match = match.apply_gang(state)
        else:
            spec = MatchSpec(source, system, length, younger, rules, tuple(planned))
            return spec, match
    return None


def _steered_fest(
    aim: str, source: str, rng: HarnessRng, switches: Collection[str], stats: _Stats
) -> tuple[FestSpec, SchwingfestState] | None:
    """A Schwingfest that reaches ``aim``, designed on paper then played meeting by meeting in the reference; None if no design was played out."""
    reps = dict(_representatives())
    classes = list(reps)
    if not classes:
        return None
    players = 3 + rng.below(2)
    sets = 1 + rng.below(2)
    system = _SYSTEMS[rng.below(2)]
    rules = _rules(rng, switches, _FEST_RULES, aim)
    names = tuple(f"S{i}" for i in range(players))
    empty = start_schwingfest(names, system, sets, rules)
    unrealised: set[ResultClass] = set()
    for _ in range(_DESIGNS_PER_GAME):
        stats.designs[aim] += 1
        design: dict[Meeting, ResultClass] = {}
        for a in range(players):
            for b in range(a + 1, players):
                first, second = _draw_classes(2, rng, classes)
                design[Meeting(a, b, 1)] = first
                design[Meeting(a, b, 2)] = second
        if unrealised.intersection(design.values()) or aim not in fest_situations(
            _on_paper_fest(empty, {m: reps[c] for m, c in design.items()})
        ):
            continue
        fest = empty
        planned: dict[tuple[int, int, int], PlannedGang] = {}
        for meeting in fest.schedule.meetings:
            found = _realise(design[meeting], meeting.seat(fest.starter_of(meeting)), rules, rng)
            if found is None:
                unrealised.add(design[meeting])
                break
            gang, state, tries = found
            stats.playouts[aim] += tries
            planned[(meeting.a, meeting.b, meeting.leg)] = gang
            fest = fest.apply_gang(meeting, state)
        else:
            spec = FestSpec(source, players, sets, system, rules, planned)
            return spec, fest
    return None


def reference_match(spec: MatchSpec) -> MatchState:
    """The match ``spec`` played to its end in the reference, as the level play plays it: each Gang started by the player the match says."""
    match = start_match(spec.system, MatchLength(spec.length), spec.younger, spec.rules)
    for planned in spec.gaenge:
        starter = match.next_starter_with_clause()[0]
        state = start_gang(planned.deal, starter, spec.rules)
        for code in planned.actions_for(starter, spec.rules):
            state = state.apply(code)
        match = match.apply_gang(state)
    return match


def reference_fest(spec: FestSpec) -> SchwingfestState:
    """The Schwingfest ``spec`` played to its end in the reference, meeting by meeting in the reference's schedule."""
    fest = start_schwingfest(tuple(f"S{i}" for i in range(spec.players)), spec.system, spec.sets, spec.rules)
    for meeting in fest.schedule.meetings:
        seat = meeting.seat(fest.starter_of(meeting))
        planned = spec.meetings[(meeting.a, meeting.b, meeting.leg)]
        state = start_gang(planned.deal, seat, spec.rules)
        for code in planned.actions_for(seat, spec.rules):
            state = state.apply(code)
        fest = fest.apply_gang(meeting, state)
    return fest


@attrs.frozen
class SteeredLevels:
    """The matches and Schwingfeste steered play chose, and what it took, per situation aimed at.

    ``designs`` counts the designs on paper tried, ``playouts`` the reference Gänge played
    to realise the kept ones, ``kept`` the matches or fests kept; ``reached`` counts, per
    situation, the kept games that reach it (a game aimed at one situation often reaches
    others). ``missed`` names the situations not reached ``per_situation`` times within
    the designs allowed, ``out_of_reach`` those the implementation's switches rule out.
    """

    matches: tuple[MatchSpec, ...]
    fests: tuple[FestSpec, ...]
    designs: Mapping[str, int]
    playouts: Mapping[str, int]
    kept: Mapping[str, int]
    reached: Mapping[str, int]
    missed: tuple[str, ...]
    out_of_reach: tuple[str, ...]

    @classmethod
    def none(cls) -> SteeredLevels:
        """No steered matches or fests (``--steer 0``)."""
        empty: Mapping[str, int] = MappingProxyType({})
        return cls((), (), empty, empty, empty, empty, (), ())


def level_situations_out_of_reach(switches: Collection[str]) -> frozenset[str]:
    """The match and Schwingfest situations an implementation playing only ``switches`` (names, or ``Readings``) cannot show: those needing a reading it does not play."""
    readings = as_readings(switches)
    return frozenset(name for name, (switch, value) in _NEEDS.items() if not readings.allows(switch, value))


def steered_levels(
    per_situation: int,
    seed: int = 0,
    switches: Collection[str] = (*GANG_SWITCHES, *SCORING_SWITCHES, *MATCH_SWITCHES, *FEST_SWITCHES),
    *,
    levels: Collection[str] = ("match", "schwingfest"),
) -> SteeredLevels:
    """Matches and Schwingfeste, played in the reference, that reach every match and Schwingfest situation at least ``per_situation`` times.

    The situation reached least so far is aimed at next, until each has its count: a
    match or fest designed on paper to reach it (random values of the declared
    ``switches``, with the reading the situation needs), then played Gang by Gang. Only
    the situations of ``levels`` are aimed at. Deterministic from ``seed``.
    """
    rng = HarnessRng(seed ^ 0x1E7E15)
    stats = _Stats()
    matches: list[MatchSpec] = []
    fests: list[FestSpec] = []
    reached: Counter[str] = Counter()
    kept: Counter[str] = Counter()
    missed: list[str] = []
    out_of_reach = level_situations_out_of_reach(switches)
    names = [
        n for n in (*(MATCH_SITUATIONS if "match" in levels else ()), *(FEST_SITUATIONS if "schwingfest" in levels else ()))
        if n not in out_of_reach
    ]
    while True:
        open_ = [n for n in names if reached[n] < per_situation and n not in missed]
        if not open_:
            break
        aim = min(open_, key=lambda n: reached[n])
        if aim in MATCH_SITUATIONS:
            found_match = _steered_match(aim, f"steered match {len(matches) + 1} of seed {seed} ({aim})", rng, switches, stats)
            if found_match is None:
                missed.append(aim)
                continue
            matches.append(found_match[0])
            reached.update(match_situations(found_match[1]))
        else:
            found_fest = _steered_fest(aim, f"steered Schwingfest {len(fests) + 1} of seed {seed} ({aim})", rng, switches, stats)
            if found_fest is None:
                missed.append(aim)
                continue
            fests.append(found_fest[0])
            reached.update(fest_situations(found_fest[1]))
        kept[aim] += 1
    return SteeredLevels(
        tuple(matches), tuple(fests), MappingProxyType(dict(stats.designs)), MappingProxyType(dict(stats.playouts)),
        MappingProxyType(dict(kept)), MappingProxyType(dict(reached)), tuple(missed), tuple(sorted(out_of_reach)),
    )
