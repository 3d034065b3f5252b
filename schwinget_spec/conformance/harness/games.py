"""The Gänge the conformance harness plays: the game spec, the random Gänge and the Gänge of the shipped vectors, and the policies that choose each next action."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any

import attrs

from schwinget_spec.cards import Card
from schwinget_spec.conformance.protocol.messages import GANG_SWITCHES
from schwinget_spec.conformance.protocol.readings import Readings, as_readings
from schwinget_spec.deal import Deal
from schwinget_spec.errors import SchwingetError
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rng import SplitMix64
from schwinget_spec.rules import Rules

__all__ = [
    "ALL_ACTION_CODES",
    "GameSpec",
    "HarnessRng",
    "Policy",
    "SkippedVector",
    "VectorSelection",
    "illegal_offer",
    "probing_script_policy",
    "random_games",
    "random_policy",
    "random_rules",
    "script_policy",
    "select_vectors",
    "vector_games",
]

ALL_ACTION_CODES: tuple[str, ...] = (*(c.code for c in Card), "A", "L0", "L1")
"""The code of every action of a Gang: the 26 cards, the Angriff and the two Kampfrichter choices."""

_ANGRIFF_PERCENT = 8
"""How often (in percent of leads where it is allowed) a random game starts the Angriff.

Uniform choice among the legal actions would start it at almost every first lead; this
rate leaves Gänge both with and without an Angriff, at every moment of the Gang."""


@attrs.frozen
class GameSpec:
    """One Gang to play: where it comes from, the deal, the starter, the rules, and the actions if scripted.

    ``actions`` None means random play; otherwise every action but the last must be
    legal in the reference, and an illegal last one is a probe the implementation must
    refuse. ``deal_seed`` is the seed that gives ``deal`` (``Deal.shuffled``), if any.
    ``vector`` is the id of the vector it comes from.
    """

    source: str
    deal: Deal
    starter: Player
    rules: Rules
    actions: tuple[str, ...] | None = None
    deal_seed: int | None = None
    vector: str | None = None
    """The id of the vector this Gang comes from, if any."""


Policy = Callable[[GangState, int], str | None]
"""Chooses the next action code for a reference state and the number of actions played; None stops."""


# -- policies


class HarnessRng:
    """A mutable wrapper of the portable SplitMix64, so that a harness seed means the same games everywhere."""

    def __init__(self, seed: int) -> None:
        self._rng = SplitMix64.seeded(seed & ((1 << 64) - 1))

    def below(self, n: int) -> int:
        """A number in ``range(n)``."""
        value, self._rng = self._rng.below(n)
        return value

    def seed(self) -> int:
        """A 64-bit number, the seed of a deal."""
        value, self._rng = self._rng.next()
        return value


def illegal_offer(state: GangState, rng: HarnessRng) -> str:
    """An action the reference forbids in ``state``: half the time a near miss (a card of the mover's hand, the Angriff, a choice), else any."""
    if state.is_over:
        return ALL_ACTION_CODES[rng.below(len(ALL_ACTION_CODES))]
    legal = [a.code for a in state.legal_actions()]
    illegal = [c for c in ALL_ACTION_CODES if c not in legal]
    near = [c.code for c in state.hand(state.to_move) if c.code not in legal]
    near += [c for c in ("A", "L0", "L1") if c not in legal]
    pool = near if near and rng.below(2) == 0 else illegal
    return pool[rng.below(len(pool))]


def random_policy(rng: HarnessRng, probe_percent: int) -> Policy:
    """Random play from ``rng``: a legal action, or in ``probe_percent`` of the steps one the reference forbids."""
    probed_end = [False]

    def choose(state: GangState, _played: int) -> str | None:
        if state.is_over:
            # one offer after the end, now and then: an implementation must refuse it
            if probed_end[0] or rng.below(100) >= probe_percent:
                return None
            probed_end[0] = True
            return illegal_offer(state, rng)
        if rng.below(100) < probe_percent:
            return illegal_offer(state, rng)
        legal = [a.code for a in state.legal_actions()]
        if "A" in legal and rng.below(100) < _ANGRIFF_PERCENT:
            return "A"
        plays = [c for c in legal if c != "A"]
        return plays[rng.below(len(plays))]

    return choose


def probing_script_policy(actions: Sequence[str], rng: HarnessRng, probe_percent: int) -> Policy:
    """Offers ``actions`` in turn and, in ``probe_percent`` of the steps (and once after the end, now and then), an action the reference forbids."""
    step = [0]
    probed_end = [False]

    def choose(state: GangState, _played: int) -> str | None:
        i = step[0]
        if state.is_over or i >= len(actions):
            if probed_end[0] or not state.is_over or rng.below(100) >= probe_percent:
                return None
            probed_end[0] = True
            return illegal_offer(state, rng)
        if rng.below(100) < probe_percent:
            return illegal_offer(state, rng)
        step[0] += 1
        return actions[i]

    return choose


def script_policy(actions: Sequence[str]) -> Policy:
    """Offers ``actions`` in turn, then stops."""
    offered = [0]

    def choose(_state: GangState, _played: int) -> str | None:
        # counts what it offered, refused probes included
        i = offered[0]
        offered[0] += 1
        return actions[i] if i < len(actions) else None

    return choose


# -- the games


def random_games(
    games: int, seed: int, switches: Collection[str] = GANG_SWITCHES, reading: Rules | None = None
) -> Iterable[GameSpec]:
    """``games`` random Gänge from ``seed``: a seeded deal each, a random starter, and every other Gang random values of ``switches`` (all under ``reading`` if given).

    ``switches`` may be ``Readings``: then only the values it declares are played, and a
    switch it fixes is played at that value (``Readings.base``).
    """
    readings = as_readings(switches)
    base = readings.base
    rng = HarnessRng(seed)
    for i in range(games):
        deal_seed = rng.seed()
        starter = Player(rng.below(2))
        values: dict[str, Any] = {}
        if i % 2 == 1 and reading is None:
            for name in sorted(readings.varying):
                if name in GANG_SWITCHES and rng.below(2) == 1:
                    values[name] = _other_value(rng, readings, name, getattr(base, name))
        yield GameSpec(
            source=f"random game {i + 1} of seed {seed}",
            deal=Deal.shuffled(deal_seed),
            starter=starter,
            rules=attrs.evolve(base, **values) if reading is None else reading,
            deal_seed=deal_seed,
        )


def _other_value(rng: HarnessRng, readings: Readings, name: str, base: Any) -> Any:
    """A value of ``name`` the engine plays other than ``base``, drawn from ``rng`` when there are several."""
    others = [v for v in readings.values_of(name) if v != base]
    return others[0] if len(others) == 1 else others[rng.below(len(others))]


def random_rules(rng: HarnessRng, switches: Iterable[str], names: Iterable[str]) -> Rules:
    """Rules with a random value, from ``rng``, of each of ``names`` the implementation declares in ``switches`` (of the values it declares, when ``switches`` is ``Readings``); the others at ``Readings.base`` (the defaults for a list of names)."""
    readings = as_readings(switches)
    base = readings.base
    values: dict[str, Any] = {}
    for name in sorted(set(readings.varying) & set(names)):
        played = readings.values_of(name)
        if isinstance(played[0], bool):
            if rng.below(2):
                values[name] = _other_value(rng, readings, name, getattr(base, name))
        else:
            values[name] = played[rng.below(len(played))]
    return attrs.evolve(base, **values)


def _field(item: Any, name: str) -> Any:
    if isinstance(item, Mapping):
        return item.get(name)
    return getattr(item, name, None)


_PLAYABLE_VERDICTS = frozenset({"conforms", "illegal_action", "wrong_claim"})
_LEVEL_GROUPS = frozenset({"scoring", "match", "schwingfest"})
"""Vector groups whose expectations go beyond the play of their Gänge: a skipped one is not checked for staleness by its Gänge alone."""


@attrs.frozen
class SkippedVector:
    """A vector the run did not play: its id, why, how many Gänge it holds, and whether the skip list or an undeclared switch left it out."""

    id: str
    reason: str
    gaenge: int
    by_skiplist: bool
    link: str | None = None


@attrs.frozen
class VectorSelection:
    """The vectors a run plays through the protocol, and the ones it leaves out.

    ``games`` are the Gänge to play, from ``vectors`` vectors; ``skipped`` the vectors left
    out by the skip list or because they set a switch the implementation does not
    declare; ``skipped_games`` the Gänge of the Gang vectors the skip list left out (played
    after the run: one the implementation passes is a stale skip; a scoring, match or
    Schwingfest vector expects more than its Gänge, so it is not among them); ``other`` counts the
    vectors the Gang protocol cannot play (perft counts, malformed documents, which
    ``schwinget vectors check`` judges), of ``total`` in the suite.
    """

    games: tuple[GameSpec, ...] = ()
    vectors: int = 0
    skipped: tuple[SkippedVector, ...] = ()
    skipped_games: tuple[GameSpec, ...] = ()
    other: int = 0
    total: int = 0


def _load_suite() -> list[Any]:
    try:
        module = importlib.import_module("schwinget_spec.conformance.vectors")
    except ImportError:
        return []
    loader = getattr(module, "load_vectors", None)
    if not callable(loader):
        return []
    return list(loader())


def select_vectors(
    switches: Collection[str] = GANG_SWITCHES, skiplist: Any = None, reading: Rules | None = None
) -> VectorSelection:
    """The Gänge of the shipped vectors to play, given the ``switches`` declared and a ``skiplist`` (``skiplist.SkipList``).

    Every Gang of a trace vector whose expected verdict is ``conforms``, ``wrong_claim``
    (the claims are the trace's, not the implementation's) or ``illegal_action`` is
    played; the illegal action is offered and must be refused. A vector whose rules set
    a Gang switch outside ``switches`` to another value than the default is played under
    the switch's default when its ``depends_on`` does not list the switch (its expected
    result is the same), and otherwise skipped and listed, as is every vector the skip
    list names. With ``reading``, only the vectors
    whose Gang switches all have the values of ``reading`` are played; the others are
    neither played nor listed.
    """
    games: list[GameSpec] = []
    skipped: list[SkippedVector] = []
    skipped_games: list[GameSpec] = []
    vectors = other = total = 0
    readings = as_readings(switches)
    for vector in _load_suite():
        total += 1
        specs = _vector_specs(vector, GANG_SWITCHES)
        if not specs:
            other += 1
            continue
        rules = specs[0].rules
        if reading is not None and any(getattr(rules, k) != getattr(reading, k) for k in GANG_SWITCHES):
            continue
        vector_id = str(_field(vector, "id") or "?")
        entry = None if skiplist is None else skiplist.harness_reason_for(vector)
        if entry is not None:
            skipped.append(SkippedVector(vector_id, entry.reason, len(specs), True, entry.link))
            if _field(vector, "group") not in _LEVEL_GROUPS and not readings.outside(rules, GANG_SWITCHES):
                # replayed after a passing run (a stale skip?) only under values the engine plays
                skipped_games.extend(specs)
            continue
        outside = readings.outside(rules, GANG_SWITCHES)
        depends_on = _field(vector, "depends_on")
        needed = outside if depends_on is None else tuple((k, v) for k, v in outside if k in depends_on)
        if outside and not needed:
            # its expectation does not depend on these switches (depends_on): play it under values the engine plays
            rules = readings.fit(rules, GANG_SWITCHES)
            specs = [attrs.evolve(spec, rules=rules) for spec in specs]
        if needed:
            skipped.append(SkippedVector(vector_id, unplayed_reason(needed, readings), len(specs), False))
            continue
        vectors += 1
        games.extend(specs)
    return VectorSelection(tuple(games), vectors, tuple(skipped), tuple(skipped_games), other, total)


def unplayed_reason(needed: Iterable[tuple[str, Any]], readings: Readings) -> str:
    """Why a vector is skipped: the readings its expected result depends on that the engine does not play."""
    parts = []
    for name, value in needed:
        played = ", ".join(json_bool(v) for v in readings.values_of(name))
        how = f"declared: {played}" if name in readings else f"not declared, played at {played}"
        parts.append(f"{name}={json_bool(value)} ({how})")
    return "depends on " + "; ".join(parts) + ": a reading the engine does not play"


def json_bool(value: object) -> str:
    """A switch value as JSON writes it."""
    return "true" if value is True else "false" if value is False else str(value)


def vector_games(switches: Collection[str] = GANG_SWITCHES) -> list[GameSpec]:
    """The Gänge of the shipped vectors to play for an implementation that declares ``switches`` (``select_vectors(switches).games``)."""
    return list(select_vectors(switches).games)


def _vector_specs(vector: Any, switches: Collection[str]) -> list[GameSpec]:
    expected = _field(vector, "expected") or {}
    if _field(vector, "kind") != "trace" or _field(expected, "verdict") not in _PLAYABLE_VERDICTS:
        return []
    trace = _field(vector, "input")
    rules_json = _field(vector, "rules") or _field(trace, "rules") or {}
    known = attrs.fields_dict(Rules)
    if not isinstance(rules_json, Mapping) or any(name not in known for name in rules_json):
        return []
    try:
        rules = Rules(**dict(rules_json))
    except (TypeError, ValueError):
        return []
    if any(getattr(rules, k) != getattr(Rules(), k) and k not in switches for k in GANG_SWITCHES):
        return []
    gaenge = _field(trace, "gaenge")
    if not isinstance(gaenge, list):
        return []
    vector_id = _field(vector, "id") or "?"
    specs = []
    for g, gang in enumerate(gaenge):
        spec = _gang_spec(gang, rules, f"vector {vector_id}" + (f", Gang {g}" if len(gaenge) > 1 else ""))
        if spec is not None:
            specs.append(attrs.evolve(spec, vector=str(vector_id)))
    return specs


def _gang_spec(gang: Any, rules: Rules, source: str) -> GameSpec | None:
    deal_json, starter, actions = _field(gang, "deal"), _field(gang, "starter"), _field(gang, "actions")
    if not isinstance(deal_json, Mapping) or not isinstance(actions, list):
        return None
    try:
        deal = Deal(
            hands=(tuple(Card.parse(c) for c in deal_json["hands"][0]), tuple(Card.parse(c) for c in deal_json["hands"][1])),
            revealed=Card.parse(deal_json["revealed"]),
            face_down=tuple(Card.parse(c) for c in deal_json["face_down"]),
            pile=tuple(Card.parse(c) for c in deal_json["pile"]),
        )
        player = Player.parse(starter)
    except (SchwingetError, KeyError, TypeError, ValueError, AttributeError):
        return None
    # the legal prefix, and the first illegal action as the probe
    ref = start_gang(deal, player, rules)
    script: list[str] = []
    for code in actions:
        if not isinstance(code, str):
            return None
        script.append(code)
        try:
            ref = ref.apply(code)
        except SchwingetError:
            break
    seed = _field(gang, "seed")
    return GameSpec(
        source=source,
        deal=deal,
        starter=player,
        rules=rules,
        actions=tuple(script),
        deal_seed=seed if isinstance(seed, int) and not isinstance(seed, bool) else None,
    )
