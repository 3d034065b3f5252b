"""The Gänge the conformance harness plays: the game spec, the random Gänge and the Gänge of the shipped vectors, and the policies that choose each next action."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any

import attrs

from schwinget_spec.cards import Card
from schwinget_spec.conformance.protocol import GANG_SWITCHES
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
    "random_games",
    "random_policy",
    "script_policy",
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
    """

    source: str
    deal: Deal
    starter: Player
    rules: Rules
    actions: tuple[str, ...] | None = None
    deal_seed: int | None = None


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


def random_policy(rng: HarnessRng, probe_percent: int) -> Policy:
    """Random play from ``rng``: a legal action, or in ``probe_percent`` of the steps one the reference forbids."""
    probed_end = [False]

    def choose(state: GangState, _played: int) -> str | None:
        legal = [a.code for a in state.legal_actions()]
        if state.is_over:
            # one offer after the end, now and then: an implementation must refuse it
            if probed_end[0] or rng.below(100) >= probe_percent:
                return None
            probed_end[0] = True
            return ALL_ACTION_CODES[rng.below(len(ALL_ACTION_CODES))]
        if rng.below(100) < probe_percent:
            illegal = [c for c in ALL_ACTION_CODES if c not in legal]
            # half the offers are near misses: cards of the mover's hand, the Angriff, the choices
            near = [c.code for c in state.hand(state.to_move) if c.code not in legal]
            near += [c for c in ("A", "L0", "L1") if c not in legal]
            pool = near if near and rng.below(2) == 0 else illegal
            return pool[rng.below(len(pool))]
        if "A" in legal and rng.below(100) < _ANGRIFF_PERCENT:
            return "A"
        plays = [c for c in legal if c != "A"]
        return plays[rng.below(len(plays))]

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


def random_games(games: int, seed: int, switches: Collection[str] = GANG_SWITCHES) -> Iterable[GameSpec]:
    """``games`` random Gänge from ``seed``: a seeded deal each, a random starter, and every other Gang random values of ``switches``."""
    rng = HarnessRng(seed)
    for i in range(games):
        deal_seed = rng.seed()
        starter = Player(rng.below(2))
        values: dict[str, Any] = {}
        if i % 2 == 1:
            defaults = Rules()
            for name in sorted(switches):
                if name in GANG_SWITCHES and rng.below(2) == 1:
                    values[name] = not getattr(defaults, name)
        yield GameSpec(
            source=f"random game {i + 1} of seed {seed}",
            deal=Deal.shuffled(deal_seed),
            starter=starter,
            rules=Rules(**values),
            deal_seed=deal_seed,
        )


def _field(item: Any, name: str) -> Any:
    if isinstance(item, Mapping):
        return item.get(name)
    return getattr(item, name, None)


_PLAYABLE_VERDICTS = frozenset({"conforms", "illegal_action", "wrong_claim"})


def vector_games(switches: Collection[str] = GANG_SWITCHES) -> list[GameSpec]:
    """The Gänge of the shipped vectors (``schwinget_spec.conformance.vectors.load_vectors``) as scripted games.

    Every Gang of a trace vector whose expected verdict is ``conforms``, ``wrong_claim``
    (the claims are the trace's, not the implementation's) or ``illegal_action`` is
    played; the illegal action is offered and must be refused. Left out: malformed
    vectors, perft counts, and vectors whose rules set a Gang switch outside
    ``switches`` to another value than the default.
    """
    try:
        module = importlib.import_module("schwinget_spec.conformance.vectors")
    except ImportError:
        return []
    loader = getattr(module, "load_vectors", None)
    if not callable(loader):
        return []
    specs: list[GameSpec] = []
    for vector in loader():
        specs.extend(_vector_specs(vector, switches))
    return specs


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
            specs.append(spec)
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
