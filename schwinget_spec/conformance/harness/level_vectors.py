"""The levels beyond a Gang in a harness run: the shipped scoring, match and Schwingfest vectors as games played through the protocol (and the ones an engine's switches leave out), then random and steered ones."""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any

import attrs

from schwinget_spec.conformance.harness.games import GameSpec, HarnessRng, random_rules, unplayed_reason
from schwinget_spec.conformance.harness.level_play import (
    FestSpec,
    FreshEngine,
    LevelPlay,
    MatchSpec,
    PlannedGang,
)
from schwinget_spec.conformance.harness.level_report import LevelsReport
from schwinget_spec.conformance.harness.report import Divergence
from schwinget_spec.conformance.harness.steering import DEFAULT_STEER
from schwinget_spec.conformance.harness.steering_levels import SteeredLevels, steered_levels
from schwinget_spec.conformance.protocol.levels import FEST_LEVEL_SWITCHES
from schwinget_spec.conformance.protocol.messages import (
    GANG_SWITCHES,
    MATCH_SWITCHES,
    SCORING_SWITCHES,
    Hello,
    SubprocessAdapter,
    deal_from_codes,
)
from schwinget_spec.conformance.protocol.readings import Readings, as_readings
from schwinget_spec.conformance.vectors.suite import Vector, load_vectors
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError, SchwingetError
from schwinget_spec.match import gang_seeds
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem

__all__ = [
    "DEFAULT_FESTS",
    "DEFAULT_MATCHES",
    "DEFAULT_SCORED_GAENGE",
    "LevelVectors",
    "level_vectors",
    "play_levels",
    "random_fests",
    "random_matches",
    "random_scored",
    "steered_for",
    "vector_rules_for",
]

DEFAULT_MATCHES = 8
"""Random matches a default run plays after the match vectors: both systems, both lengths, twice."""
DEFAULT_FESTS = 2
"""Random Schwingfeste a default run plays after the Schwingfest vectors: 3 and 4 Schwinger."""
DEFAULT_SCORED_GAENGE = 24
"""Random Gänge a default run scores under both systems after the scoring vectors."""
_SYSTEMS = (ScoringSystem.SCHWINGERWERTUNG, ScoringSystem.PUNKTEWERTUNG)

_PLAYED_VERDICTS = frozenset({"conforms", "wrong_claim"})
"""A vector whose games are legal: its claims are the trace's, the engine makes its own."""


@attrs.frozen
class LevelVectors:
    """The level games of the shipped vectors for one engine, and per level the vectors left out with their reason."""

    scoring: tuple[tuple[GameSpec, tuple[tuple[ScoringSystem, Rules], ...], bool], ...]
    matches: tuple[MatchSpec, ...]
    fests: tuple[FestSpec, ...]
    skipped: Mapping[str, tuple[tuple[str, str], ...]]


def vector_rules_for(vector: Vector, switches: Collection[str]) -> Rules | str:
    """The rules to play ``vector`` under for an engine that plays ``switches`` (names, or ``Readings``), or the reason to skip it.

    A value the engine does not play is moved to one it plays (``Readings.base``) when
    the vector's ``depends_on`` does not list its switch (its expected result is the
    same either way, which the generator checks); when it is listed, or the vector lists
    nothing, the vector is skipped.
    """
    readings = as_readings(switches)
    fields = attrs.fields_dict(Rules)
    values = {k: v for k, v in dict(vector.rules).items() if k in fields}
    depends_on = getattr(vector, "depends_on", None)
    try:
        rules = Rules(**values)
    except (TypeError, ValueError, SchwingetError) as exc:
        return f"rules not readable: {exc}"
    outside = readings.outside(rules)
    needed = outside if depends_on is None else tuple((k, v) for k, v in outside if k in depends_on)
    if needed:
        return unplayed_reason(needed, readings)
    return readings.fit(rules)


def _planned(gang: Mapping[str, Any]) -> PlannedGang:
    seed = gang.get("seed")
    return PlannedGang(deal_from_codes(gang["deal"]), tuple(gang["actions"]), seed if isinstance(seed, int) else None)


def level_vectors(switches: Collection[str], skiplist: Any = None) -> LevelVectors:
    """The scoring, match and Schwingfest games of the shipped vectors an engine playing ``switches`` can play; those ``skiplist`` (a ``skiplist.SkipList``) names are skipped with its reason."""
    scoring: list[tuple[GameSpec, tuple[tuple[ScoringSystem, Rules], ...], bool]] = []
    matches: list[MatchSpec] = []
    fests: list[FestSpec] = []
    skipped: dict[str, list[tuple[str, str]]] = {"scoring": [], "match": [], "schwingfest": []}
    for vector in load_vectors():
        level = {"scoring": "scoring", "match": "match", "schwingfest": "schwingfest"}.get(vector.group)
        if level is None or vector.kind != "trace" or vector.expected.get("verdict") not in _PLAYED_VERDICTS:
            continue
        entry = None if skiplist is None else skiplist.harness_reason_for(vector)
        if entry is not None:
            skipped[level].append((vector.id, f"skip list: {entry.reason}"))
            continue
        rules = vector_rules_for(vector, switches)
        if isinstance(rules, str):
            skipped[level].append((vector.id, rules))
            continue
        doc = vector.input
        system = ScoringSystem(doc["scoring"])
        source = f"vector {vector.id}"
        if level == "scoring":
            gang = doc["gaenge"][0]
            planned = _planned(gang)
            spec = GameSpec(source, planned.deal, Player.parse(gang["starter"]), rules, planned.actions, planned.seed)
            scoring.append((spec, ((system, rules),), True))
        elif level == "match":
            gaenge = tuple(_planned(g) for g in doc["gaenge"])
            matches.append(MatchSpec(source, system, int(doc["length"]), Player.parse(doc["younger"]), rules, gaenge, vector=True))
        else:
            legs: dict[tuple[int, int], int] = {}
            meetings: dict[tuple[int, int, int], PlannedGang] = {}
            for gang in doc["gaenge"]:
                a, b = gang["seats"]
                leg = legs[(a, b)] = legs.get((a, b), 0) + 1
                meetings[(a, b, leg)] = _planned(gang)
            fests.append(FestSpec(source, len(doc["players"]), int(doc.get("sets", 1)), system, rules, meetings, vector=True))
    return LevelVectors(tuple(scoring), tuple(matches), tuple(fests), {k: tuple(v) for k, v in skipped.items()})


# -- random games


def random_matches(count: int, seed: int, switches: Iterable[str]) -> list[MatchSpec]:
    """``count`` random matches from ``seed``: both systems and both lengths in turn, a random younger player, every other one random values of the declared switches."""
    rng = HarnessRng(seed ^ 0x4D41_5443)
    out = []
    for i in range(count):
        system = _SYSTEMS[i % 2]
        length = (4, 6)[(i // 2) % 2]
        rules = random_rules(rng, switches, (*GANG_SWITCHES, *SCORING_SWITCHES, *MATCH_SWITCHES)) if i % 2 else as_readings(switches).base
        match_seed = rng.seed()
        planned = tuple(PlannedGang(Deal.shuffled(s), seed=s) for s in gang_seeds(match_seed, length))
        out.append(MatchSpec(f"random match {i + 1} of seed {seed}", system, length, Player(rng.below(2)), rules, planned))
    return out


def random_fests(count: int, seed: int, switches: Iterable[str]) -> list[FestSpec]:
    """``count`` random Schwingfeste from ``seed``: 3 and 4 Schwinger in turn, 1 or 2 card sets, random values of the declared switches."""
    rng = HarnessRng(seed ^ 0x4645_5354)
    out = []
    for i in range(count):
        players = 3 + i % 2
        sets = 1 + rng.below(2)
        rules = random_rules(rng, switches, FEST_LEVEL_SWITCHES)
        fest_seed = rng.seed()
        pairs = [(a, b, leg) for leg in (1, 2) for a in range(players) for b in range(a + 1, players)]
        meetings = {key: PlannedGang(Deal.shuffled(s), seed=s) for key, s in zip(pairs, gang_seeds(fest_seed, len(pairs)), strict=True)}
        out.append(FestSpec(f"random Schwingfest {i + 1} of seed {seed}", players, sets, _SYSTEMS[i % 2], rules, meetings))
    return out


def random_scored(count: int, seed: int, switches: Iterable[str]) -> list[tuple[GameSpec, list[tuple[ScoringSystem, Rules]], bool]]:
    """``count`` random Gänge from ``seed``, each scored under both systems (and every value of ``good_loser_after_plattwurf`` the engine plays)."""
    rng = HarnessRng(seed ^ 0x5343_4F52)
    played = as_readings(switches)
    base = played.base
    readings = [attrs.evolve(base, good_loser_after_plattwurf=bool(v)) for v in played.values_of("good_loser_after_plattwurf")]
    out = []
    for i in range(count):
        deal_seed = rng.seed()
        starter = Player(rng.below(2))
        planned = PlannedGang(Deal.shuffled(deal_seed), seed=deal_seed)
        spec = GameSpec(f"random scored Gang {i + 1} of seed {seed}", planned.deal, starter, base,
                        planned.actions_for(starter, base), deal_seed)
        out.append((spec, [(s, r) for s in _SYSTEMS for r in readings], False))
    return out


@functools.lru_cache(maxsize=8)
def _steered(steer: int, seed: int, switches: Readings, levels: frozenset[str]) -> SteeredLevels:
    return steered_levels(steer, seed, switches, levels=levels)


def steered_for(steer: int, seed: int, switches: Collection[str], levels: Collection[str]) -> SteeredLevels:
    """The steered matches and Schwingfeste of a run (``steering_levels.steered_levels``), remembered for the next run with the same arguments: they are the same every time."""
    return _steered(steer, seed, as_readings(switches), frozenset(levels))


def play_levels(
    get_adapter: Callable[[], SubprocessAdapter],
    hello: Hello,
    *,
    seed: int,
    vectors: bool,
    gang_played: tuple[int, int],
    run: bool,
    matches: int = DEFAULT_MATCHES,
    fests: int = DEFAULT_FESTS,
    scored: int = DEFAULT_SCORED_GAENGE,
    steer: int = DEFAULT_STEER,
    skiplist: Any = None,
    fresh: FreshEngine | None = None,
    max_failures: int = 1,
    gang_failed: int = 0,
) -> tuple[LevelsReport, Divergence | None]:
    """Play every level ``hello`` declared beyond the Gang: the level vectors (unless ``vectors`` is False), then random games from ``seed``, then steered ones.

    With ``run`` False (the Gang level already diverged or stopped) nothing is played and
    the report says which declared levels were not checked. ``gang_played`` is the
    Gänge the Gang level played and how many of them came from vectors. ``skiplist``
    leaves level vectors out, as it does Gang vectors. ``fresh`` (``EngineSession.fresh``)
    starts a new implementation to confirm a divergence on before it is reported.
    ``steer`` is how many times steered matches and Schwingfeste reach each named match
    and Schwingfest situation (``steering_levels``; 0 for none). ``matches``, ``fests``,
    ``scored`` and ``steer`` are counts (integers, 0 or more) and ``seed`` an integer;
    anything else raises ``InvalidArgumentError`` naming it before anything is played.
    Each level goes on after a divergence until ``max_failures`` of its games diverged
    (``LevelCheck.failures``); ``gang_failed`` is the Gänge the Gang level saw diverge.
    """
    for name, count in (("matches", matches), ("fests", fests), ("scored", scored), ("steer", steer)):
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise InvalidArgumentError(name, f"a count of random games is an integer, 0 or more, got {count!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidArgumentError("seed", f"the seed of the random games is an integer, got {seed!r}")
    if not run or hello.levels == ("gang",):
        note = "the run stopped at the Gang level" if not run else ""
        report = LevelsReport.gang_only(hello.protocol, hello.levels, gang_played, note, gang_failed)
        if run or not vectors:
            return report, None
        # the level vectors the run meant to play, each not reached
        found = level_vectors(hello.readings, skiplist)
        planned = {
            "scoring": [spec.source for spec, _, _ in found.scoring],
            "match": [m.source for m in found.matches],
            "schwingfest": [f.source for f in found.fests],
        }
        checks = tuple(
            attrs.evolve(c, vector_results=tuple((s.removeprefix("vector "), "not_reached") for s in planned[c.level]))
            if c.declared and c.level in planned else c
            for c in report.checks
        )
        return attrs.evolve(report, checks=checks), None
    found = level_vectors(hello.readings, skiplist) if vectors else LevelVectors((), (), (), {})
    steered = steered_for(steer, seed, hello.readings, hello.levels) if steer > 0 else SteeredLevels.none()
    play = LevelPlay(get_adapter, hello, fresh, max_failures=max_failures)
    return play.run(
        gang_failed=gang_failed,
        scoring=[*found.scoring, *random_scored(scored, seed, hello.readings)],
        matches=[*found.matches, *random_matches(matches, seed, hello.readings), *steered.matches],
        fests=[*found.fests, *random_fests(fests, seed, hello.readings), *steered.fests],
        skipped=found.skipped,
        gang_played=gang_played,
    )
