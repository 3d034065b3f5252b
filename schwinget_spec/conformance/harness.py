"""The conformance harness: plays vectors and random Gänge against an implementation in lock step with the reference and reports the first divergence, shrunk."""

from __future__ import annotations

import enum
import importlib
import json
import time
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from schwinget_spec.cards import Card
from schwinget_spec.clauses import get_clause
from schwinget_spec.conformance.adapter import GangAdapter
from schwinget_spec.conformance.protocol import (
    DEFAULT_START_TIMEOUT,
    DEFAULT_TIMEOUT,
    GANG_SWITCHES,
    PROTOCOL_VERSION,
    ProtocolError,
    SubprocessAdapter,
    SubprocessClient,
    gang_rules_to_json,
    start_message,
)
from schwinget_spec.deal import PILE_SIZE, Deal
from schwinget_spec.errors import SchwingetError
from schwinget_spec.gang import GangState, Phase, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rng import SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.trace import end_claims

__all__ = [
    "ALL_ACTION_CODES",
    "Divergence",
    "DivergenceKind",
    "EndClaimsAdapter",
    "GameSpec",
    "HarnessReport",
    "check_adapter",
    "format_report",
    "random_games",
    "run_harness",
    "vector_games",
]

ALL_ACTION_CODES: tuple[str, ...] = (*(c.code for c in Card), "A", "L0", "L1")
"""The code of every action of a Gang: the 26 cards, the Angriff and the two Kampfrichter choices."""

_PROBE_PERCENT = 12
"""How often (in percent of steps) a random game offers an action the reference forbids."""
_ANGRIFF_PERCENT = 8
"""How often (in percent of leads where it is allowed) a random game starts the Angriff.

Uniform choice among the legal actions would start it at almost every first lead; this
rate leaves Gänge both with and without an Angriff, at every moment of the Gang."""


@runtime_checkable
class EndClaimsAdapter(Protocol):
    """An adapter that also reports the whole end of a Gang in the shape of ``trace.end_claims``.

    The harness then compares every end field (``schwuenge`` and ``angriff`` too), not
    only the ``ResultReport`` of ``GangAdapter``. ``SubprocessAdapter`` has it.
    """

    def end_claims(self, state: Any) -> Mapping[str, Any] | None:
        """The end claims once the Gang is over; None before."""
        ...


class DivergenceKind(enum.Enum):
    """How the implementation parted from the reference."""

    WRONG_STATE = "wrong_state"
    """A field of the state (``to_move``, ``tricks``, ``pile_size``, ``hands``) differs after an action or at the start."""
    WRONG_LEGAL_ACTIONS = "wrong_legal_actions"
    """The implementation offers an action the rules forbid, or does not offer one they allow."""
    WRONG_RESULT = "wrong_result"
    """A field of the result of the finished Gang differs."""
    ACCEPTED_ILLEGAL = "accepted_illegal"
    """The implementation accepted an action the rules forbid."""
    REFUSED_LEGAL = "refused_legal"
    """The implementation refused (or failed on) an action the rules allow."""
    PROTOCOL = "protocol"
    """The implementation broke the protocol: timeout, exit, a malformed or overlong answer."""


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


@attrs.frozen
class Divergence:
    """The first place where the implementation and the reference disagree, with a reproduction.

    The reproduction is ``deal``, ``starter``, ``rules`` and ``actions``: start the Gang,
    apply the actions, and the implementation diverges after the last one (or at the
    start when ``actions`` is empty and ``step`` is None). ``clause_id`` names the
    clause of the booklet the difference points at. ``original_length`` is the number of
    actions before shrinking, ``shrink_replays`` how many replays shrinking took.
    """

    kind: DivergenceKind
    message: str
    source: str
    deal: Deal
    starter: Player
    rules: Rules
    actions: tuple[str, ...]
    step: int | None
    field: str | None = None
    expected: Any = None
    actual: Any = None
    clause_id: str | None = None
    deal_seed: int | None = None
    original_length: int = 0
    shrink_replays: int = 0
    stderr: str = ""

    @property
    def signature(self) -> tuple[DivergenceKind, str | None, str | None]:
        """What must stay the same while shrinking: the kind, the field and the clause."""
        return (self.kind, self.field, self.clause_id)

    def protocol_lines(self) -> list[str]:
        """The request lines that replay the reproduction against an implementation, ending with the request that shows the divergence."""
        lines = [json.dumps({"cmd": "hello"}), json.dumps(start_message(self.deal, self.starter, self.rules))]
        lines.extend(json.dumps({"cmd": "apply", "action": a}) for a in self.actions)
        if self.kind is DivergenceKind.WRONG_LEGAL_ACTIONS:
            lines.append(json.dumps({"cmd": "legal"}))
        elif self.kind is DivergenceKind.WRONG_RESULT:
            lines.append(json.dumps({"cmd": "result"}))
        elif self.kind is DivergenceKind.WRONG_STATE:
            lines.append(json.dumps({"cmd": "state"}))
        return lines

    def to_json(self) -> dict[str, Any]:
        """The divergence as a JSON object; the clause's DE and FR text are added when a clause is named."""
        out: dict[str, Any] = {
            "kind": self.kind.value,
            "message": self.message,
            "source": self.source,
            "step": self.step,
            "field": self.field,
            "expected": self.expected,
            "actual": self.actual,
            "clause_id": self.clause_id,
            "reproduction": {
                "deal": self.deal.to_codes(),
                "deal_seed": self.deal_seed,
                "starter": self.starter.code,
                "rules": gang_rules_to_json(self.rules),
                "actions": list(self.actions),
                "protocol_lines": self.protocol_lines(),
            },
            "original_length": self.original_length,
            "shrink_replays": self.shrink_replays,
        }
        if self.clause_id is not None:
            clause = get_clause(self.clause_id)
            out["clause_en"] = clause.en
            out["clause_de"] = clause.de
            out["clause_fr"] = clause.fr
        if self.stderr:
            out["stderr"] = self.stderr
        return out


@attrs.frozen
class HarnessReport:
    """What one harness run did and found: ``divergence`` is None when the implementation passed.

    ``startup_error`` is set when the implementation could not be started or did not
    answer ``hello`` properly; then nothing was played.
    """

    implementation: str
    command: tuple[str, ...]
    seed: int
    vectors_played: int
    random_games_played: int
    actions_played: int
    illegal_offered: int
    elapsed_seconds: float
    divergence: Divergence | None = None
    startup_error: str | None = None
    switches: tuple[str, ...] = ()

    @property
    def passed(self) -> bool:
        """True if every game agreed with the reference."""
        return self.divergence is None and self.startup_error is None

    @property
    def games_played(self) -> int:
        """Vectors and random games played."""
        return self.vectors_played + self.random_games_played

    def to_json(self) -> dict[str, Any]:
        """The report as a JSON object."""
        return {
            "passed": self.passed,
            "implementation": self.implementation,
            "command": list(self.command),
            "seed": self.seed,
            "switches": list(self.switches),
            "vectors_played": self.vectors_played,
            "random_games_played": self.random_games_played,
            "actions_played": self.actions_played,
            "illegal_offered": self.illegal_offered,
            "elapsed_seconds": round(self.elapsed_seconds, 3),
            "startup_error": self.startup_error,
            "divergence": None if self.divergence is None else self.divergence.to_json(),
        }


# -- which clause a difference points at


def _end_clause(state: GangState) -> str:
    return "gang.end_angriff" if state.angriff is not None else "gang.end_no_angriff"


def _answer_clause(state: GangState, code: str) -> str:
    """The clause that allows answering ``code`` in ``state`` (``Phase.ANSWER``)."""
    card = Card.parse(code)
    led = state.led
    assert led is not None
    if led.colour is None:
        return "cards.special"
    if card.colour is led.colour:
        return "schwung.farbzwang"
    if not any(c.colour is led.colour for c in state.hand(state.to_move)):
        return "schwung.void_any"
    if card.colour is not None and card.colour is state.trump:
        return "trump.anytime"
    return "schwung.farbzwang"


def _allowing_clause(state: GangState, code: str) -> str:
    """The clause that allows the legal action ``code`` in ``state``."""
    if code == "A":
        return "angriff.who"
    if code in ("L0", "L1"):
        return "kampfrichter.chooses"
    if state.phase is Phase.ANSWER:
        return _answer_clause(state, code)
    return "schwung.lead"


def _legal_actions_clause(state: GangState, extra: Collection[str], missing: Collection[str]) -> str:
    if state.phase is Phase.CHOOSE_LEADER:
        return "kampfrichter.chooses"
    if state.phase is Phase.OVER:
        return _end_clause(state)
    if "A" in extra:
        if state.phase is not Phase.LEAD:
            return "angriff.who"
        if state.angriff is not None:
            return "angriff.once"
        if state.pile_drawn >= PILE_SIZE:
            return "angriff.not_empty_pile"
        return "angriff.who"
    if extra:
        error = state.why_illegal(sorted(extra)[0])
        return error.clause_id if error is not None and error.clause_id else "gang.turn"
    return _allowing_clause(state, sorted(missing)[0])


def _state_clause(field: str, before: GangState, action: str | None, after: GangState, impl_over: bool) -> str | None:
    if action is None:
        return "deal.hands" if field == "hands" else "deal.pile" if field == "pile_size" else "gang.turn"
    if field in ("pile_size", "hands"):
        if action == "A":
            return "angriff.locks_pile"
        if action in ("L0", "L1"):
            return "kampfrichter.chooses"
        if before.angriff is not None:
            return "angriff.locks_pile"
        return "schwung.lead_draw" if before.phase is Phase.LEAD else "schwung.answer_draw"
    # to_move or tricks
    if action == "A":
        return "angriff.who"
    if action in ("L0", "L1"):
        return "kampfrichter.chooses"
    if before.phase is Phase.LEAD:
        return "schwung.answer"
    record = after.history[-1]
    if record.clause_id in ("kampfrichter.last_schwung", "konter.last_trick"):
        return record.clause_id
    if after.is_over != impl_over:
        return _end_clause(after)
    if field == "tricks" and record.tricks == 2:
        return "kampfrichter.collect"
    return record.clause_id


def _result_clause(field: str, expected: Mapping[str, Any], actual: Mapping[str, Any]) -> str:
    if field == "tricks":
        return "trick.winner_takes"
    if field == "schwuenge":
        return "gang.end_angriff" if expected.get("angriff") is not None else "gang.end_no_angriff"
    if field == "angriff":
        return "angriff.who"
    if expected.get("plattwurf") is not None or actual.get("plattwurf") is not None:
        return "plattwurf.definition"
    return "gang.more_tricks_wins"


# -- playing one Gang in lock step


class _FoundError(Exception):
    def __init__(self, divergence: Divergence) -> None:
        self.divergence = divergence


@attrs.define
class _Counts:
    actions: int = 0
    illegal: int = 0


Policy = Callable[[GangState, int], str | None]
"""Chooses the next action code for a reference state and the number of actions played; None stops."""


class _Game:
    """One Gang played through an adapter beside the reference; raises ``_FoundError`` at the first difference."""

    def __init__(self, adapter: GangAdapter[Any], spec: GameSpec, counts: _Counts) -> None:
        self.adapter = adapter
        self.spec = spec
        self.counts = counts
        self.actions: list[str] = []

    def _found(self, kind: DivergenceKind, message: str, **fields: Any) -> _FoundError:
        return _FoundError(
            Divergence(
                kind=kind,
                message=message,
                source=self.spec.source,
                deal=self.spec.deal,
                starter=self.spec.starter,
                rules=self.spec.rules,
                actions=tuple(self.actions),
                step=len(self.actions) - 1 if self.actions else None,
                deal_seed=self.spec.deal_seed,
                original_length=len(self.actions),
                **fields,
            )
        )

    def _protocol(self, exc: ProtocolError) -> _FoundError:
        return self._found(DivergenceKind.PROTOCOL, exc.reason, field=exc.kind, stderr=exc.stderr)

    def _compare(self, state: Any, ref: GangState, before: GangState | None, action: str | None, refused: bool) -> None:
        adapter = self.adapter
        after_what = (
            "at the start"
            if action is None
            else f"after refusing {action}"
            if refused
            else f"after {action}"
        )
        try:
            impl_to_move = adapter.to_move(state)
            impl_state = {
                "to_move": None if impl_to_move is None else Player(impl_to_move).code,
                "tricks": list(adapter.tricks(state)),
                "pile_size": adapter.pile_size(state),
                "hands": [sorted(adapter.hand(state, 0), key=_card_order), sorted(adapter.hand(state, 1), key=_card_order)],
            }
        except ProtocolError as exc:
            raise self._protocol(exc) from None
        ref_state = {
            "to_move": None if ref.is_over else ref.to_move.code,
            "tricks": list(ref.tricks),
            "pile_size": ref.pile_size,
            "hands": [[c.code for c in ref.hand(Player.P0)], [c.code for c in ref.hand(Player.P1)]],
        }
        for name, expected in ref_state.items():
            actual = impl_state[name]
            if actual != expected:
                if refused:
                    error = ref.why_illegal(action or "")
                    clause = None if error is None else error.clause_id
                elif before is None:
                    clause = _state_clause(name, ref, None, ref, impl_to_move is None)
                else:
                    clause = _state_clause(name, before, action, ref, impl_to_move is None)
                raise self._found(
                    DivergenceKind.WRONG_STATE,
                    f"{after_what}, {name} is {actual!r}; the reference has {expected!r}",
                    field=name,
                    expected=expected,
                    actual=actual,
                    clause_id=clause,
                )
        try:
            offered = list(adapter.legal_actions(state))
        except ProtocolError as exc:
            raise self._protocol(exc) from None
        reference = [a.code for a in ref.legal_actions()]
        if len(set(offered)) != len(offered) or set(offered) != set(reference):
            extra = sorted(set(offered) - set(reference), key=_action_order)
            missing = sorted(set(reference) - set(offered), key=_action_order)
            parts = []
            if extra:
                parts.append(f"offers {' '.join(extra)}, which the rules forbid")
            if missing:
                parts.append(f"does not offer {' '.join(missing)}, which the rules allow")
            if not parts:
                parts.append("lists an action twice")
            raise self._found(
                DivergenceKind.WRONG_LEGAL_ACTIONS,
                f"{after_what}, the implementation " + " and ".join(parts),
                field="legal_actions",
                expected=sorted(reference, key=_action_order),
                actual=sorted(offered, key=_action_order),
                clause_id=_legal_actions_clause(ref, extra, missing),
            )
        if not ref.is_over or refused:
            return
        try:
            if isinstance(adapter, EndClaimsAdapter):
                claims = adapter.end_claims(state)
                actual_end = None if claims is None else dict(claims)
            else:
                report = adapter.result(state)
                actual_end = None if report is None else _report_claims(report)
        except ProtocolError as exc:
            raise self._protocol(exc) from None
        expected_end = end_claims(ref)
        if actual_end is None:
            raise self._found(
                DivergenceKind.WRONG_RESULT,
                f"{after_what}, the Gang is over but the implementation reports no result",
                field="result",
                expected=expected_end,
                actual=None,
                clause_id=_end_clause(ref),
            )
        for name, expected in expected_end.items():
            if name not in actual_end:
                continue
            if actual_end[name] != expected:
                raise self._found(
                    DivergenceKind.WRONG_RESULT,
                    f"the result's {name} is {actual_end[name]!r}; the reference has {expected!r}",
                    field=name,
                    expected=expected,
                    actual=actual_end[name],
                    clause_id=_result_clause(name, expected_end, actual_end),
                )

    def play(self, policy: Policy) -> None:
        spec = self.spec
        ref = start_gang(spec.deal, spec.starter, spec.rules)
        try:
            state = self.adapter.start(spec.deal, spec.starter, spec.rules)
        except ProtocolError as exc:
            raise self._protocol(exc) from None
        self._compare(state, ref, None, None, refused=False)
        while True:
            code = policy(ref, len(self.actions))
            if code is None:
                return
            error = ref.why_illegal(code)
            self.actions.append(code)
            self.counts.actions += 1
            if error is None:
                before = ref
                ref = ref.apply(code)
                try:
                    state = self.adapter.apply(state, code)
                except ProtocolError as exc:
                    raise self._protocol(exc) from None
                except Exception as exc:
                    raise self._found(
                        DivergenceKind.REFUSED_LEGAL,
                        f"the implementation refused {code}, which the rules allow here: {exc}",
                        field="action",
                        expected="accepted",
                        actual="refused",
                        clause_id=_allowing_clause(before, code),
                    ) from None
                self._compare(state, ref, before, code, refused=False)
            else:
                self.counts.illegal += 1
                try:
                    self.adapter.apply(state, code)
                except ProtocolError as exc:
                    raise self._protocol(exc) from None
                except Exception:
                    self._compare(state, ref, None, code, refused=True)
                    self.actions.pop()
                    continue
                raise self._found(
                    DivergenceKind.ACCEPTED_ILLEGAL,
                    f"the implementation accepted {code}, which the rules forbid here: {error.reason}",
                    field="action",
                    expected="refused",
                    actual="accepted",
                    clause_id=error.clause_id,
                )


def _card_order(code: str) -> int:
    try:
        return Card.parse(code).value
    except SchwingetError:
        return 99


def _action_order(code: str) -> int:
    order = {"A": -1, "L0": 30, "L1": 31}
    return order[code] if code in order else _card_order(code)


def _report_claims(report: Any) -> dict[str, Any]:
    def seat(value: int | None) -> str | None:
        return None if value is None else f"P{value}"

    return {
        "tricks": list(report.tricks),
        "outcome": report.outcome,
        "winner": seat(report.winner),
        "plattwurf": seat(report.plattwurf),
    }


# -- policies


class _Rng:
    """A mutable wrapper of the portable SplitMix64, so that a harness seed means the same games everywhere."""

    def __init__(self, seed: int) -> None:
        self._rng = SplitMix64.seeded(seed & ((1 << 64) - 1))

    def below(self, n: int) -> int:
        value, self._rng = self._rng.below(n)
        return value

    def seed(self) -> int:
        value, self._rng = self._rng.next()
        return value


def _random_policy(rng: _Rng, probe_percent: int) -> Policy:
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


def _script_policy(actions: Sequence[str]) -> Policy:
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
    rng = _Rng(seed)
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


# -- shrinking


def _legal_prefix(spec: GameSpec, actions: Sequence[str]) -> bool:
    """True if every action but the last is legal in the reference."""
    state = start_gang(spec.deal, spec.starter, spec.rules)
    for code in actions[:-1]:
        try:
            state = state.apply(code)
        except SchwingetError:
            return False
    return True


_SHRINK_SECONDS = 60.0
"""The longest time shrinking may take; the best reproduction found by then is reported."""
_EARLY_ANGRIFF_TRIES = 6
"""Random continuations tried after each earlier Angriff while shrinking."""


def _early_angriff_variants(best: Divergence) -> Iterable[tuple[str, ...]]:
    """Action sequences that start the Angriff earlier than ``best`` does, then play on at random to the end.

    The continuations are drawn from a fixed seed, so shrinking is reproducible.
    """
    state = start_gang(best.deal, best.starter, best.rules)
    angriff_at = best.actions.index("A") if "A" in best.actions else len(best.actions)
    for i in range(min(angriff_at, len(best.actions) - 1)):
        if state.can_attack():
            rng = _Rng(i)
            for _ in range(_EARLY_ANGRIFF_TRIES):
                script = [*best.actions[:i], "A"]
                current = state.apply("A")
                while not current.is_over:
                    legal = [a.code for a in current.legal_actions()]
                    code = legal[rng.below(len(legal))]
                    script.append(code)
                    current = current.apply(code)
                yield tuple(script)
        state = state.apply(best.actions[i])


def _shrink(
    divergence: Divergence,
    replay: Callable[[GameSpec], Divergence | None],
    max_replays: int,
) -> Divergence:
    """The shortest reproduction found by replaying simpler variants.

    In turn: the default rules; an Angriff started earlier (a Gang with an Angriff after
    ``k`` Schwünge ends after ``k + 5``, so a bug of the last Schwung shows sooner); runs
    of one to four actions deleted.

    A variant is kept when it still diverges with the same kind, field and clause, so
    that shrinking never slides from one bug to another.
    """
    best = divergence
    replays = 0
    target = divergence.signature
    deadline = time.monotonic() + _SHRINK_SECONDS
    if divergence.kind is DivergenceKind.PROTOCOL and divergence.field == "timeout":
        # every replay of a hang costs a whole timeout
        max_replays = min(max_replays, 3)

    def attempt(spec: GameSpec) -> Divergence | None:
        nonlocal replays, max_replays
        replays += 1
        if time.monotonic() > deadline:
            max_replays = replays
            return None
        found = replay(spec)
        if found is not None and found.signature == target and len(found.actions) <= len(spec.actions or ()):
            return found
        return None

    def spec_of(d: Divergence, actions: Sequence[str], rules: Rules | None = None) -> GameSpec:
        return GameSpec(
            source=d.source,
            deal=d.deal,
            starter=d.starter,
            rules=d.rules if rules is None else rules,
            actions=tuple(actions),
            deal_seed=d.deal_seed,
        )

    if best.rules != Rules() and _legal_prefix(spec_of(best, best.actions, Rules()), best.actions):
        found = attempt(spec_of(best, best.actions, Rules()))
        if found is not None:
            best = found
    improved = True
    while improved and replays < max_replays:
        improved = False
        for candidate in _early_angriff_variants(best):
            if replays >= max_replays or len(candidate) > len(best.actions) + 10:
                break
            found = attempt(spec_of(best, candidate))
            if found is not None and len(found.actions) < len(best.actions):
                best = found
                improved = True
                break
        for size in (4, 3, 2, 1):
            i = 0
            while i + size <= len(best.actions) and replays < max_replays:
                candidate = best.actions[:i] + best.actions[i + size :]
                if candidate and _legal_prefix(spec_of(best, candidate), candidate):
                    found = attempt(spec_of(best, candidate))
                    if found is not None and len(found.actions) < len(best.actions):
                        best = found
                        improved = True
                        continue
                i += 1
    return attrs.evolve(best, original_length=divergence.original_length, shrink_replays=replays)


# -- running


def _run(
    get_adapter: Callable[[], GangAdapter[Any]],
    specs: Iterable[GameSpec],
    *,
    seed: int,
    probe_percent: int,
    shrink: bool,
    max_shrink_replays: int,
) -> tuple[int, int, _Counts, Divergence | None]:
    counts = _Counts()
    played_vectors = played_random = 0
    rng = _Rng(seed ^ 0x5CA1AB1E)
    for spec in specs:
        game = _Game(get_adapter(), spec, counts)
        policy = _script_policy(spec.actions) if spec.actions is not None else _random_policy(rng, probe_percent)
        try:
            game.play(policy)
        except _FoundError as found:
            divergence = found.divergence
            if shrink and divergence.actions:

                def replay(variant: GameSpec) -> Divergence | None:
                    try:
                        _Game(get_adapter(), variant, _Counts()).play(_script_policy(variant.actions or ()))
                    except _FoundError as again:
                        return again.divergence
                    return None

                divergence = _shrink(divergence, replay, max_shrink_replays)
            return played_vectors, played_random, counts, divergence
        if spec.actions is not None:
            played_vectors += 1
        else:
            played_random += 1
    return played_vectors, played_random, counts, None


def check_adapter(
    adapter: GangAdapter[Any],
    *,
    games: int = 100,
    seed: int = 0,
    vectors: bool = True,
    switches: Collection[str] = GANG_SWITCHES,
    probe_percent: int = _PROBE_PERCENT,
    shrink: bool = True,
    max_shrink_replays: int = 300,
    name: str = "in-process adapter",
    scripted: Sequence[GameSpec] = (),
) -> HarnessReport:
    """Run the harness against an in-process implementation behind ``GangAdapter``: ``scripted`` games, the vectors, then ``games`` random Gänge from ``seed``."""
    started = time.perf_counter()
    specs = [*scripted, *(vector_games(switches) if vectors else []), *random_games(games, seed, switches)]
    v, r, counts, divergence = _run(
        lambda: adapter, specs, seed=seed, probe_percent=probe_percent, shrink=shrink, max_shrink_replays=max_shrink_replays
    )
    return HarnessReport(
        implementation=name,
        command=(),
        seed=seed,
        vectors_played=v,
        random_games_played=r,
        actions_played=counts.actions,
        illegal_offered=counts.illegal,
        elapsed_seconds=time.perf_counter() - started,
        divergence=divergence,
        switches=tuple(switches),
    )


class _Session:
    """A subprocess implementation that is started again if it died (after a timeout, a crash or a protocol error)."""

    def __init__(self, command: Sequence[str], timeout: float, start_timeout: float, cwd: str | None) -> None:
        self.command = tuple(command)
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.cwd = cwd
        self.client: SubprocessClient | None = None
        self.adapter: SubprocessAdapter | None = None

    def connect(self) -> tuple[SubprocessAdapter, str, tuple[str, ...]]:
        client = SubprocessClient(self.command, timeout=self.timeout, start_timeout=self.start_timeout, cwd=self.cwd)
        try:
            hello = client.hello()
        except ProtocolError:
            client.kill()
            raise
        if hello.protocol != PROTOCOL_VERSION:
            client.close()
            raise ProtocolError(
                f"the implementation speaks protocol {hello.protocol}; this harness speaks {PROTOCOL_VERSION}",
                kind="malformed",
            )
        self.client = client
        self.adapter = SubprocessAdapter(client)
        return self.adapter, f"{hello.name} {hello.version}", hello.switches

    def get(self) -> SubprocessAdapter:
        if self.client is None or self.adapter is None or not self.client.is_alive:
            if self.client is not None:
                self.client.kill()
            self.connect()
        assert self.adapter is not None
        return self.adapter

    def close(self) -> None:
        if self.client is not None:
            self.client.close()


def run_harness(
    command: Sequence[str],
    *,
    games: int = 100,
    seed: int = 0,
    vectors: bool = True,
    timeout: float = DEFAULT_TIMEOUT,
    start_timeout: float = DEFAULT_START_TIMEOUT,
    probe_percent: int = _PROBE_PERCENT,
    shrink: bool = True,
    max_shrink_replays: int = 300,
    cwd: str | None = None,
    scripted: Sequence[GameSpec] = (),
) -> HarnessReport:
    """Run the implementation started by ``command`` against ``scripted`` games, the vectors and ``games`` random Gänge from ``seed``.

    The implementation speaks the JSON-lines protocol of ``docs/harness.md`` on its
    standard input and output. Each request waits at most ``timeout`` seconds
    (``start_timeout`` for the first). The first divergence stops the run; with
    ``shrink`` it is replayed in simpler forms (at most ``max_shrink_replays``) and
    reported with the shortest reproduction found.
    """
    started = time.perf_counter()
    session = _Session(command, timeout, start_timeout, cwd)
    try:
        try:
            _, name, switches = session.connect()
        except ProtocolError as exc:
            return HarnessReport(
                implementation=" ".join(command),
                command=tuple(command),
                seed=seed,
                vectors_played=0,
                random_games_played=0,
                actions_played=0,
                illegal_offered=0,
                elapsed_seconds=time.perf_counter() - started,
                startup_error=exc.reason + (f"\nstderr:\n{exc.stderr}" if exc.stderr else ""),
            )
        specs = [*scripted, *(vector_games(switches) if vectors else []), *random_games(games, seed, switches)]

        def get_adapter() -> GangAdapter[Any]:
            return session.get()

        v, r, counts, divergence = _run(
            get_adapter, specs, seed=seed, probe_percent=probe_percent, shrink=shrink, max_shrink_replays=max_shrink_replays
        )
    finally:
        session.close()
    return HarnessReport(
        implementation=name,
        command=tuple(command),
        seed=seed,
        vectors_played=v,
        random_games_played=r,
        actions_played=counts.actions,
        illegal_offered=counts.illegal,
        elapsed_seconds=time.perf_counter() - started,
        divergence=divergence,
        switches=switches,
    )


# -- the report for people


def _codes(cards: Iterable[Any]) -> str:
    return " ".join(str(c) for c in cards)


def format_report(report: HarnessReport) -> str:
    """The report as plain text for people."""
    lines = [f"schwinget conformance harness: {report.implementation}"]
    if report.command:
        lines.append(f"command: {' '.join(report.command)}")
    if report.startup_error is not None:
        lines.append("result: FAILED TO START")
        lines.append(report.startup_error)
        return "\n".join(lines)
    switches = ", ".join(report.switches) if report.switches else "none (default rules only)"
    lines.append(f"rule switches honoured: {switches}")
    lines.append(
        f"played: {report.vectors_played} vectors, {report.random_games_played} random Gänge "
        f"(seed {report.seed}), {report.actions_played} actions, {report.illegal_offered} illegal "
        f"actions offered, in {report.elapsed_seconds:.2f} s"
    )
    d = report.divergence
    if d is None:
        lines.append("result: PASSED (no divergence from the reference)")
        return "\n".join(lines)
    lines.append("result: DIVERGES")
    lines.append("")
    lines.append(f"first divergence ({d.kind.value}) in {d.source}:")
    where = "at the start" if d.step is None else f"at step {d.step} (action {d.actions[-1]})"
    lines.append(f"  {where}: {d.message}")
    if d.field is not None and d.kind is not DivergenceKind.PROTOCOL:
        lines.append(f"  {d.field}: reference {json.dumps(d.expected)}, implementation {json.dumps(d.actual)}")
    if d.clause_id is not None:
        clause = get_clause(d.clause_id)
        lines.append(f"  clause {d.clause_id}: {clause.en}")
        lines.append(f"    de: {clause.de}")
        lines.append(f"    fr: {clause.fr}")
    if d.stderr:
        lines.append("  stderr of the implementation (last lines):")
        lines.extend(f"    {line}" for line in d.stderr.strip().splitlines()[-10:])
    lines.append("")
    lines.append(
        f"minimal reproduction ({len(d.actions)} actions, shrunk from {d.original_length} "
        f"in {d.shrink_replays} replays):"
    )
    changed = {k: v for k, v in gang_rules_to_json(d.rules).items() if v != getattr(Rules(), k)}
    lines.append(f"  rules: {'default' if not changed else json.dumps(changed)}")
    lines.append(f"  starter: {d.starter.code}")
    trump = d.deal.trump
    seed_text = "" if d.deal_seed is None else f" (Deal.shuffled({d.deal_seed}))"
    lines.append(f"  deal{seed_text}:")
    lines.append(f"    P0: {_codes(d.deal.hands[0])}")
    lines.append(f"    P1: {_codes(d.deal.hands[1])}")
    lines.append(f"    revealed: {d.deal.revealed} (trump {'none' if trump is None else trump.code})")
    lines.append(f"    face_down: {_codes(d.deal.face_down)}")
    lines.append(f"    pile: {_codes(d.deal.pile)}")
    lines.append(f"  actions: {' '.join(d.actions) if d.actions else '(none)'}")
    lines.append("  replay by sending these lines:")
    lines.extend(f"    {line}" for line in d.protocol_lines())
    return "\n".join(lines)

