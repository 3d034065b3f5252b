"""The engine's first state and its result proved equal to the model's: ``start_gang`` on every deal, ``GangState.result`` on every finished Gang.

The step proof (``proofs.engine_step``) shows that every Schwung the engine plays from a
state of the covered set is the model's and leads back into it. Two ends close the
induction, both run symbolically with the ``Explorer`` of ``proofs.symbolic``:

- **the first state**: ``start_gang`` runs on a ``Deal`` whose hands, set-aside cards and
  pile are the model's symbolic deck (any deal: the 26 Schwungkarten in any order), for
  each revealed card and each starter; the state it builds must be the model's state
  before Schwung 1 (hands, leader, tricks, nothing pending, the pile whole, the trump
  colour) and lie in the covered set (``engine_step.well_formed``).
- **the result**: ``GangState.result`` (``compute_result``) runs on every finished Gang's
  state as the step proof leaves it: each Schwung's record with its winner a symbolic
  player bound to the model's, neutralised where the model's Schwung is, after the Angriff
  where the model's pile is locked; the tricks the model's counts. Its Plattwurf, winner,
  outcome, tricks, Schwünge and Angriff must be the model's (``plattwurf.definition``,
  ``gang.more_tricks_wins``, ``GangModel.outcome_code``). Everything else in the state (the
  cards of every record, the deal, the hands, the readings) is a value whose use ends the
  proof: the result reads no card (``scoring.tricks_only``).

At most one Schwung of a Gang is neutralised, and never the last: a lemma of the model
(``lemma_one_neutral``), by which the finished Gänge are enumerated by where that one is.
Each end has deliberately wrong variants that the proof must catch with a state the engine
replays.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec import gang as gang_module
from schwinget_spec.cards import ALL_CARDS, Card, Colour
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import Angriff, GangResult, GangState, Outcome, Phase, SchwungRecord
from schwinget_spec.players import Player
from schwinget_spec.proofs.engine_step import SymCard, _patched, _pop_lemmas, well_formed
from schwinget_spec.proofs.model import MASK_BITS, MAX_SCHWUENGE, NO_COLOUR, GangModel, card_colour
from schwinget_spec.proofs.symbolic import Concretised, Explorer, Path, SymBool, SymInt, as_term, widened
from schwinget_spec.rules import Rules

__all__ = [
    "BROKEN_ENDS",
    "PART_CLAUSES",
    "EndCheck",
    "EndFailure",
    "EndReplay",
    "EndsProof",
    "ResultShape",
    "SymPlayer",
    "check_result_shape",
    "check_start",
    "first_end_failure",
    "format_ends_proof",
    "lemma_one_neutral",
    "replay_end",
    "result_shapes",
    "run_ends_proof",
]

PART_CLAUSES: dict[str, tuple[str, ...]] = {
    "gang.start": (
        "cards.schwungkarten",
        "deal.hands",
        "deal.no_trump",
        "deal.trump",
        "gang.turn",
        "kampfrichter.collect",
        "trick.winner_takes",
    ),
    "gang.result": (
        "gang.more_tricks_wins",
        "gang.tricks_decide",
        "plattwurf.after_angriff",
        "plattwurf.definition",
        "scoring.tricks_decide",
        "scoring.tricks_only",
    ),
}
"""The clauses each end's proof covers: the model's constraints of the state before Schwung 1 (the deal's 26 cards, the
hands, trump or none, the starter leading, nothing pending, no tricks); the model's definitions of the result (the
Plattwurf over the Schwünge after the Angriff, more tricks, the outcome read from the trick counts and no card)."""

_OUTCOME_CODE: dict[Outcome, int] = {
    Outcome.PLATTWURF_EIGENER_ANGRIFF: 0,
    Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF: 1,
    Outcome.SIEG_MIT_ANGRIFF: 2,
    Outcome.SIEG_OHNE_ANGRIFF: 3,
    Outcome.GESTELLTER: 4,
}
"""Each outcome's code in ``GangModel.outcome_code``."""
_TRUMP_CODE = {Colour.RED: 0, Colour.GREEN: 1, Colour.BLUE: 2, Colour.YELLOW: 3, None: NO_COLOUR}


# -- values the proof gives the engine


class SymPlayer:
    """A player held as a Z3 Bool (True is P1): ``==`` builds a term, truth asks the explorer.

    Every symbolic player hashes alike, so a set of them compares each new one with those
    in it by ``==``, which the explorer decides: a set of winners is built path by path.
    """

    __slots__ = ("explorer", "term")

    def __init__(self, explorer: Explorer, term: z3.BoolRef) -> None:
        self.explorer = explorer
        self.term = term

    def __eq__(self, other: object) -> SymBool:  # type: ignore[override]
        return SymBool(self.explorer, self.term == _player_term(other))

    def __ne__(self, other: object) -> SymBool:  # type: ignore[override]
        return SymBool(self.explorer, self.term != _player_term(other))

    def __hash__(self) -> int:
        return 0

    @property
    def other(self) -> SymPlayer:
        """The opponent."""
        return SymPlayer(self.explorer, z3.Not(self.term))

    def __repr__(self) -> str:
        return f"SymPlayer({self.term})"


def _player_term(value: object) -> z3.BoolRef:
    if isinstance(value, SymPlayer):
        return value.term
    if isinstance(value, Player):
        return z3.BoolVal(value is Player.P1)
    raise Concretised(f"a player compared with {type(value).__name__}")


class _Unread:
    """A part of the state the proven function must not read: any use of it ends the proof with its name."""

    __slots__ = ("what",)

    def __init__(self, what: str) -> None:
        object.__setattr__(self, "what", what)

    def _read(self, *_args: object) -> Any:
        raise Concretised(f"{self.what} was read")

    def __getattr__(self, _name: str) -> Any:
        raise Concretised(f"{self.what} was read")

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _read
    __hash__ = __bool__ = __index__ = __int__ = __len__ = __iter__ = __str__ = __repr__ = _read
    __add__ = __radd__ = __or__ = __ror__ = __and__ = __rand__ = __getitem__ = _read


# -- failures and replays


@attrs.frozen
class EndFailure:
    """One disagreement: where (the part and its case), what differs, and the model's values that show it (None when there is no state)."""

    part: str
    case: str
    what: str
    values: dict[str, int] | None

    def __str__(self) -> str:
        return f"{self.part} ({self.case}): {self.what}"


@attrs.frozen
class EndCheck:
    """The proof of one case of an end: its paths of the engine's code, the Z3 checks, the failures."""

    part: str
    case: str
    paths: int
    checks: int
    failures: tuple[EndFailure, ...]


# -- the first state


def _initial_constraints(model: GangModel) -> list[z3.BoolRef]:
    """The model's constraints that hold before any Schwung: the deal, the hands, the starter, no tricks, nothing pending, the Angriff's limits and the length."""
    return [c for (_, c), at in zip(model.constraints, model.step_of, strict=True) if at is None]


def _sym_deal(explorer: Explorer, model: GangModel, revealed: Card) -> Deal:
    """A ``Deal`` whose cards are the model's deck: P0 holds positions 0, 2, .. 8, P1 1, 3, .. 9, then the revealed card, 3 face down, the pile (every deal is one)."""
    deal: Deal = object.__new__(Deal)
    cards = [SymCard(explorer, model.deck[i]) for i in range(26)]
    object.__setattr__(deal, "hands", (tuple(cards[0:10:2]), tuple(cards[1:10:2])))
    object.__setattr__(deal, "revealed", revealed)
    object.__setattr__(deal, "face_down", tuple(cards[11:14]))
    object.__setattr__(deal, "pile", tuple(cards[14:]))
    return deal


def _start_lemmas(model: GangModel) -> list[z3.BoolRef]:
    """Instances of the generic lemmas ``inv.cards.start`` proves: the population count of the masks the deal's hands build, card by card; different cards have different bits (each pair of deck positions)."""
    bits = [z3.BitVecVal(1, MASK_BITS) << z3.ZeroExt(MASK_BITS - 5, card) for card in model.deck]
    out: list[z3.BoolRef] = [z3.Implies(model.deck[i] != model.deck[j], bits[i] & bits[j] == 0) for i in range(26) for j in range(i + 1, 26)]
    for q in (0, 1):
        mask = z3.BitVecVal(0, MASK_BITS)
        for i in range(q, 10, 2):
            out += _pop_lemmas(mask, model.deck[i])
            mask = mask | bits[i]
    return out


def check_start(revealed: Card, starter: Player, *, broken: str | None = None) -> EndCheck:
    """``start_gang`` on every deal with ``revealed`` face up, ``starter`` to lead (and each of two readings): the model's state before Schwung 1, in the covered set.

    Raises ``InvalidArgumentError`` for a ``revealed`` that is not a ``Card``, a ``starter`` that is not a ``Player``,
    or a ``broken`` that names no wrong end.
    """
    if not isinstance(revealed, Card):
        raise InvalidArgumentError("revealed", f"expected a Card, got {revealed!r}")
    if not isinstance(starter, Player):
        raise InvalidArgumentError("starter", f"expected a Player, got {starter!r}")
    model = _model()
    case = f"{revealed.code} revealed, {starter} starts"
    background = [
        *_initial_constraints(model),
        *_start_lemmas(model),
        model.deck[10] == revealed.index,
        model.starter == (starter is Player.P1),
    ]
    explorer = Explorer(background, "QF_UFBV")
    failures: list[EndFailure] = []
    paths = 0
    with _broken(broken):
        for rules in (None, Rules(konter_beats_trump_six=not Rules().konter_beats_trump_six)):
            deal = _sym_deal(explorer, model, revealed)

            def run(_e: Explorer, deal: Deal = deal, rules: Rules | None = rules) -> GangState:
                return gang_module.start_gang(deal, starter, rules)

            for path in _paths(explorer, run, "gang.start", case, failures):
                paths += 1
                failures += _compare_start(explorer, model, path, deal=deal, starter=starter, rules=rules, case=case)
    return EndCheck("gang.start", case, paths, explorer.checks, tuple(failures))


def _compare_start(
    explorer: Explorer, model: GangModel, path: Path[GangState], *, deal: Deal, starter: Player, rules: Rules | None, case: str
) -> list[EndFailure]:
    if path.error is not None or path.value is None:
        return [EndFailure("gang.start", case, f"start_gang raised {type(path.error).__name__}: {path.error}", None)]
    state = path.value
    failures = []
    concrete = {
        "the deal": state.deal is deal,
        "the readings": state.rules is rules if rules is not None else state.rules == Rules(),
        "the starter": state.starter is starter,
        "the phase": state.phase is Phase.LEAD,
        "the pile drawn": state.pile_drawn == 0,
        "no card led": state.led is None,
        "no Angriff": state.angriff is None,
        "the history": state.history == () and state.step == 0,
    }
    failures += [EndFailure("gang.start", case, f"{what} differs", None) for what, holds in concrete.items() if not holds]
    trump_code = _TRUMP_CODE[state.trump]
    facts = [
        ("the hands", z3.And(*(model.hands[q][0] == as_term(state.hands[q]) for q in (0, 1)))),
        ("the tricks", z3.And(*(widened(model.tricks[q][0]) == as_term(state.tricks[q]) for q in (0, 1)))),
        ("the player to lead", model.leader[0] == z3.BoolVal(state.to_move is Player.P1)),
        ("nothing pending", model.pending[0] == z3.BoolVal(state.pending is not None)),
        ("the trump colour", card_colour(model.deck[10]) == trump_code),
        ("the state in the covered set", well_formed(model, 0, None)),
    ]
    return failures + _differing(explorer, path, facts, EndFailure("gang.start", case, "", None), None)


# -- the result


@attrs.frozen
class ResultShape:
    """A finished Gang as the result reads it: the Angriff (its player and the Schwünge before it) or none, and the one neutralised Schwung or none (0-based)."""

    attacker: Player | None
    after: int
    neutral: int | None

    @property
    def length(self) -> int:
        """The Gang's Schwünge: 11 without an Angriff, ``after`` + 5 with one (``gang.end_angriff``)."""
        return MAX_SCHWUENGE if self.attacker is None else self.after + 5

    def label(self) -> str:
        """The shape in a few words."""
        angriff = "no Angriff" if self.attacker is None else f"Angriff by {self.attacker} after {self.after} Schwünge"
        neutral = "none neutralised" if self.neutral is None else f"Schwung {self.neutral + 1} neutralised"
        return f"{angriff}, {neutral}"


def result_shapes() -> Iterator[ResultShape]:
    """Every finished Gang's shape: no Angriff or one by either player after 0-5 Schwünge, and no neutralised Schwung or one before the last (101)."""
    for attacker, after in ((None, 0), *((p, k) for p in Player for k in range(6))):
        length = MAX_SCHWUENGE if attacker is None else after + 5
        for neutral in (None, *range(length - 1)):
            yield ResultShape(attacker, after, neutral)


_SHAPES = frozenset(result_shapes())


def _result_background(model: GangModel, shape: ResultShape) -> tuple[list[z3.BoolRef], list[z3.BoolRef]]:
    """The model's finished Gang of ``shape`` (its length, Angriff, neutralised Schwung, the tricks unchanged after the end), and each record's winner variable bound to the model's."""
    n = shape.length
    facts = [model.length == n]
    for j in range(MAX_SCHWUENGE):
        facts.append(model.angriff[j] == (shape.attacker is not None and j == shape.after))
    if shape.attacker is not None:
        facts.append(model.leader[shape.after] == (shape.attacker is Player.P1))
    facts += [model.neutral[s] == (s == shape.neutral) for s in range(n)]
    # the model's trick counts: each Schwung's winner takes it and a pending one (trick.winner_takes,
    # kampfrichter.collect), from none before Schwung 1; after the last Schwung they stay
    facts += [c for cid, c in model.constraints if cid in ("trick.winner_takes", "kampfrichter.collect")]
    winners = [z3.Bool(f"result.record{s}") for s in range(n)]
    facts += [winners[s] == model.winner_is_p1(s) for s in range(n) if s != shape.neutral]
    return facts, winners


def _finished_state(explorer: Explorer, model: GangModel, shape: ResultShape, winners: Sequence[z3.BoolRef]) -> GangState:
    """The state the step proof leaves after the last Schwung of ``shape``: records with symbolic winners and unreadable cards, the model's trick counts."""
    records = tuple(
        gang_module._record(
            _Unread("a record's number"),
            _Unread("a record's leader"),
            _Unread("a card"),
            _Unread("a card"),
            None if s == shape.neutral else SymPlayer(explorer, winners[s]),
            _Unread("a record's clause"),
            _Unread("a record's trick count"),
            shape.attacker is not None and s >= shape.after,
        )
        for s in range(shape.length)
    )
    angriff = None if shape.attacker is None else Angriff(shape.attacker, shape.after)
    tricks = tuple(SymInt(explorer, widened(model.tricks[q][shape.length])) for q in (0, 1))
    return gang_module._state(
        _Unread("the deal"),
        _Unread("the readings"),
        _Unread("the starter"),
        _Unread("the hands"),
        _Unread("the pile drawn"),
        Phase.OVER,
        _Unread("the player to move"),
        None,
        angriff,
        None,
        tricks,
        records,
        _Unread("the step count"),
    )


def check_result_shape(shape: ResultShape, *, broken: str | None = None) -> EndCheck:
    """``GangState.result`` on every finished Gang of ``shape``, each path against the model's result.

    Raises ``InvalidArgumentError`` for a ``shape`` that is not one of ``result_shapes()``, or a ``broken`` that names no wrong end.
    """
    if not isinstance(shape, ResultShape) or shape not in _SHAPES:
        raise InvalidArgumentError("shape", f"expected a ResultShape of result_shapes(), got {shape!r}")
    model = _model()
    facts, winners = _result_background(model, shape)
    explorer = Explorer(facts)
    failures: list[EndFailure] = []
    paths = 0
    state = _finished_state(explorer, model, shape, winners)

    def run(_e: Explorer) -> GangResult:
        return state.result

    with _broken(broken):
        for path in _paths(explorer, run, "gang.result", shape.label(), failures):
            paths += 1
            failures += _compare_result(explorer, model, path, shape, state)
    return EndCheck("gang.result", shape.label(), paths, explorer.checks, tuple(failures))


def _winner_fact(value: object, p0: z3.BoolRef, p1: z3.BoolRef) -> z3.BoolRef:
    # the engine's player (None, a Player or a SymPlayer) against the model's pair of flags
    if value is None:
        return z3.And(z3.Not(p0), z3.Not(p1))
    term = _player_term(value)
    return z3.If(term, z3.And(p1, z3.Not(p0)), z3.And(p0, z3.Not(p1)))


def _compare_result(explorer: Explorer, model: GangModel, path: Path[GangResult], shape: ResultShape, state: GangState) -> list[EndFailure]:
    case = shape.label()
    if path.error is not None or path.value is None:
        return [EndFailure("gang.result", case, f"the result raised {type(path.error).__name__}: {path.error}", None)]
    result = path.value
    failures = []
    if result.schwuenge != shape.length:
        failures.append(EndFailure("gang.result", case, f"{result.schwuenge} Schwünge, the model's Gang has {shape.length}", None))
    if result.angriff is not state.angriff:
        failures.append(EndFailure("gang.result", case, "the Angriff differs", None))
    outcome = _OUTCOME_CODE.get(result.outcome)
    if outcome is None:
        return [*failures, EndFailure("gang.result", case, f"an outcome no row names: {result.outcome!r}", None)]
    facts = [
        ("the Plattwurf", _winner_fact(result.plattwurf, model.plattwurf(0), model.plattwurf(1))),
        ("the winner", _winner_fact(result.winner, *model.gang_winner())),
        ("the outcome", model.outcome_code() == outcome),
        ("the tricks", z3.And(*(widened(model.final_tricks(q)) == as_term(result.tricks[q]) for q in (0, 1)))),
    ]
    return failures + _differing(explorer, path, facts, EndFailure("gang.result", case, "", None), shape)


def lemma_one_neutral() -> bool:
    """Z3 proves of the whole model: at most one Schwung of a Gang is neutralised, and never the last (so ``result_shapes`` holds every finished Gang)."""
    model = GangModel("lemma.")
    solver = z3.SolverFor("QF_BV")
    solver.add(*(c for _, c in model.constraints))
    neutral_active = [z3.And(model.active(s), model.neutral[s]) for s in range(MAX_SCHWUENGE)]
    last_neutral = z3.Or(*(z3.And(model.is_last(s), model.neutral[s]) for s in range(MAX_SCHWUENGE)))
    return bool(solver.check(z3.Or(z3.Not(z3.AtMost(*neutral_active, 1)), last_neutral)) == z3.unsat)


# -- shared plumbing


_MODEL: list[GangModel] = []


def _model() -> GangModel:
    if not _MODEL:
        _MODEL.append(GangModel("ends."))
    return _MODEL[0]


def _paths(explorer: Explorer, run: Callable[[Explorer], Any], part: str, case: str, failures: list[EndFailure]) -> Iterator[Path[Any]]:
    """The explorer's paths of ``run``; a read of a value the function must not read ends the proof with a failure naming it."""
    try:
        yield from explorer.paths(run)
    except Concretised as exc:
        failures.append(EndFailure(part, case, f"the engine's code read what the proof gives it no value for: {exc}", None))


def _differing(
    explorer: Explorer, path: Path[Any], facts: Sequence[tuple[str, z3.BoolRef]], where: EndFailure, shape: ResultShape | None
) -> list[EndFailure]:
    """Each fact Z3 cannot prove under the path's conditions, as a failure at ``where``'s part and case with the model's values that break it."""
    solver, model, out = explorer.solver, _model(), []
    solver.push()
    solver.add(*path.conditions)
    try:
        for what, fact in facts:
            if solver.check(z3.Not(fact)) != z3.unsat:
                out.append(attrs.evolve(where, what=f"{what} differs", values=_values(solver.model(), model, shape)))
    finally:
        solver.pop()
    return out


def _values(found: z3.ModelRef, model: GangModel, shape: ResultShape | None) -> dict[str, int]:
    """The model's values a failure is replayed from: the deck and starter (first state), or the winners, tricks and outcome (result)."""
    def read(term: z3.ExprRef) -> int:
        value = found.eval(term, model_completion=True)
        return int(z3.is_true(value)) if z3.is_bool(value) else int(value.as_long())

    if shape is None:
        out = {f"deck{i}": read(model.deck[i]) for i in range(26)}
        out |= {"starter": read(model.starter), "leader": read(model.leader[0])}
        out |= {f"hand{q}": read(model.hands[q][0]) for q in (0, 1)}
        return out
    n = shape.length
    out = {f"winner{s}": read(model.winner_is_p1(s)) for s in range(n) if s != shape.neutral}
    out |= {f"tricks{q}": read(model.final_tricks(q)) for q in (0, 1)}
    p0, p1 = model.gang_winner()
    out |= {"outcome": read(model.outcome_code()), "p0_wins": read(p0), "p1_wins": read(p1)}
    return out


# -- deliberately wrong ends


def _starter_follows() -> contextlib.AbstractContextManager[None]:
    original = gang_module.start_gang

    def start(deal: Deal, starter: Player, rules: Rules | None = None) -> GangState:
        state = original(deal, starter, rules)
        return attrs.evolve(state, to_move=state.to_move.other)

    return _patched(gang_module, "start_gang", start)


def _hands_swapped() -> contextlib.AbstractContextManager[None]:
    original = gang_module.start_gang

    def start(deal: Deal, starter: Player, rules: Rules | None = None) -> GangState:
        state = original(deal, starter, rules)
        return attrs.evolve(state, hands=(state.hands[1], state.hands[0]))

    return _patched(gang_module, "start_gang", start)


def _plattwurf_over_whole_gang() -> contextlib.AbstractContextManager[None]:
    def compute(tricks: tuple[int, int], history: tuple[SchwungRecord, ...], angriff: Angriff | None) -> GangResult:
        plattwurf = None
        if angriff is not None:
            winners = {r.winner for r in history if r.winner is not None}
            if len(winners) == 1:
                plattwurf = winners.pop()
        winner, outcome = gang_module._decide(tricks, angriff, plattwurf)
        return gang_module._gang_result(tricks, len(history), angriff, plattwurf, winner, outcome)

    return _patched(gang_module, "compute_result", compute)


def _equal_tricks_to_p0() -> contextlib.AbstractContextManager[None]:
    original = gang_module._decide

    def decide(tricks: tuple[int, int], angriff: Angriff | None, plattwurf: Player | None) -> tuple[Player | None, Outcome]:
        if plattwurf is None and tricks[0] == tricks[1]:
            return Player.P0, Outcome.SIEG_MIT_ANGRIFF if angriff is not None else Outcome.SIEG_OHNE_ANGRIFF
        return original(tricks, angriff, plattwurf)

    return _patched(gang_module, "_decide", decide)


BROKEN_ENDS: dict[str, tuple[str, Callable[[], contextlib.AbstractContextManager[None]]]] = {
    "gang.turn": ("gang.start", _starter_follows),
    "deal.hands": ("gang.start", _hands_swapped),
    "plattwurf.after_angriff": ("gang.result", _plattwurf_over_whole_gang),
    "gang.more_tricks_wins": ("gang.result", _equal_tricks_to_p0),
}
"""Deliberately wrong ends, each named by the clause it breaks, with the part it belongs to: the starter's opponent
leads the first Schwung; the hands dealt to the other seat; the Plattwurf counted over every Schwung, not only those
after the Angriff; equal tricks won by P0. Each must fail the proof with a state ``replay_end`` plays."""

_BROKEN_CASES: dict[str, tuple[Card, Player] | ResultShape] = {
    "gang.turn": (Card.R3, Player.P0),
    "deal.hands": (Card.R3, Player.P1),
    "plattwurf.after_angriff": ResultShape(Player.P0, 1, None),
    "gang.more_tricks_wins": ResultShape(Player.P1, 5, None),
}
"""The case each wrong end is shown on (the whole proof runs every case)."""


def _broken(name: str | None) -> contextlib.AbstractContextManager[None]:
    if name is None:
        return contextlib.nullcontext()
    if name not in BROKEN_ENDS:
        raise InvalidArgumentError("broken", f"unknown broken end {name!r}; known: {', '.join(sorted(BROKEN_ENDS))}")
    return BROKEN_ENDS[name][1]()


def _check_case(case: tuple[Card, Player] | ResultShape, broken: str | None) -> EndCheck:
    if isinstance(case, ResultShape):
        return check_result_shape(case, broken=broken)
    return check_start(*case, broken=broken)


@attrs.frozen
class EndReplay:
    """A failure played on real values: what the engine and the wrong end give, and the model's answer."""

    engine: str
    broken: str
    model: str

    @property
    def caught(self) -> bool:
        """The wrong end differs from the engine, and the engine is the model."""
        return self.broken != self.engine and self.engine == self.model


def _start_text(state: GangState) -> str:
    return f"hands {state.hands[0]:#x} {state.hands[1]:#x}, {state.to_move} to lead"


def _result_text(result: GangResult) -> str:
    winner = "no winner" if result.winner is None else f"{result.winner} wins"
    return f"{winner}, {result.outcome.value}, tricks {result.tricks[0]}:{result.tricks[1]}"


def replay_end(name: str, failure: EndFailure) -> EndReplay:
    """The failure of the wrong end ``name`` on real values: a real deal started, or a real finished Gang's result, by the engine and by the wrong end."""
    name = _known_end(name)
    if not isinstance(failure, EndFailure):
        raise InvalidArgumentError("failure", f"expected an EndFailure, got {failure!r}")
    values = failure.values
    if values is None:
        raise InvalidArgumentError("failure", "this failure has no state to replay")
    case = _BROKEN_CASES[name]
    if not isinstance(case, ResultShape):
        deal = Deal.from_deck([ALL_CARDS[values[f"deck{i}"]] for i in range(26)])
        starter = Player(values["starter"])
        engine = _start_text(gang_module.start_gang(deal, starter))
        with _broken(name):
            wrong = _start_text(gang_module.start_gang(deal, starter))
        model = f"hands {values['hand0']:#x} {values['hand1']:#x}, {Player(values['leader'])} to lead"
        return EndReplay(engine, wrong, model)
    records = tuple(
        SchwungRecord(
            s + 1, Player.P0, Card.R1, Card.R2, None if s == case.neutral else Player(values[f"winner{s}"]),
            "kampfrichter.neutralises" if s == case.neutral else "schwung.higher_wins", 1, case.attacker is not None and s >= case.after,
        )
        for s in range(case.length)
    )
    angriff = None if case.attacker is None else Angriff(case.attacker, case.after)
    tricks = (values["tricks0"], values["tricks1"])
    engine_result = gang_module.compute_result(tricks, records, angriff)
    with _broken(name):
        wrong_result = gang_module.compute_result(tricks, records, angriff)
    outcome = next(o for o, code in _OUTCOME_CODE.items() if code == values["outcome"])
    winner = "no winner" if not (values["p0_wins"] or values["p1_wins"]) else f"{Player.P1 if values['p1_wins'] else Player.P0} wins"
    model = f"{winner}, {outcome.value}, tricks {tricks[0]}:{tricks[1]}"
    return EndReplay(_result_text(engine_result), _result_text(wrong_result), model)


# -- the whole proof


@attrs.frozen
class EndsProof:
    """Both ends' checks, the lemma, each wrong end's failure and replay, the time."""

    checks: tuple[EndCheck, ...]
    lemma: bool
    broken: tuple[tuple[str, EndFailure | None, EndReplay | None], ...]
    wall: float
    cpu: float

    @property
    def ok(self) -> bool:
        """No disagreement, the lemma proved, every wrong end caught and replayed."""
        return self.lemma and not any(c.failures for c in self.checks) and all(r is not None and r.caught for _, _, r in self.broken)

    def part(self, name: str) -> tuple[EndCheck, ...]:
        """The checks of one part (``gang.start`` or ``gang.result``)."""
        return tuple(c for c in self.checks if c.part == name)

    def to_json(self) -> dict[str, object]:
        """Counts per part, the failures, the wrong ends and the time as JSON."""
        return {
            "ok": self.ok,
            "lemma_one_neutral": self.lemma,
            "parts": {
                name: {
                    "cases": len(self.part(name)),
                    "paths": sum(c.paths for c in self.part(name)),
                    "z3_checks": sum(c.checks for c in self.part(name)),
                    "failures": [str(f) for c in self.part(name) for f in c.failures],
                }
                for name in PART_CLAUSES
            },
            "broken": [
                {"end": name, "failure": None if f is None else str(f), "caught": r is not None and r.caught,
                 "engine": None if r is None else r.engine, "wrong_end": None if r is None else r.broken,
                 "model": None if r is None else r.model}
                for name, f, r in self.broken
            ],
            "wall_seconds": round(self.wall, 1),
            "cpu_seconds": round(self.cpu, 1),
        }


def _known_end(name: object) -> str:
    if not isinstance(name, str) or name not in BROKEN_ENDS:
        raise InvalidArgumentError("name", f"unknown wrong end {name!r}; known: {', '.join(sorted(BROKEN_ENDS))}")
    return name


def first_end_failure(name: str) -> EndFailure | None:
    """The first failure of the wrong end ``name`` on its case, with a state to replay; None if it is not caught (``InvalidArgumentError`` for an unknown name)."""
    name = _known_end(name)
    check = _check_case(_BROKEN_CASES[name], name)
    return next((f for f in check.failures if f.values is not None), None)


_SUBSET_REVEALED = (Card.R1, Card.G6, Card.KR, Card.BK)
"""``--fast``'s revealed cards: two colours' cards, the Kampfrichter and the Konter (no trump)."""


def run_ends_proof(*, subset: bool = False) -> EndsProof:
    """Every start case (26 revealed cards x 2 starters), every finished Gang's shape (101), the lemma, every wrong end caught and replayed.

    With ``subset`` (``--fast``): four revealed cards, and the shapes without an Angriff or with one by P0 after 0 or 5 Schwünge.
    """
    wall, cpu = time.perf_counter(), time.process_time()
    revealed = _SUBSET_REVEALED if subset else ALL_CARDS
    checks = [check_start(card, starter) for card in revealed for starter in Player]
    chosen = [s for s in result_shapes() if not subset or s.attacker is None or (s.attacker is Player.P0 and s.after in (0, 5))]
    checks += [check_result_shape(shape) for shape in chosen]
    lemma = lemma_one_neutral()
    broken: list[tuple[str, EndFailure | None, EndReplay | None]] = []
    for name in BROKEN_ENDS:
        failure = first_end_failure(name)
        broken.append((name, failure, None if failure is None else replay_end(name, failure)))
    return EndsProof(tuple(checks), lemma, tuple(broken), time.perf_counter() - wall, time.process_time() - cpu)


def format_ends_proof(proof: EndsProof) -> str:
    """The proof in a few lines: each part's counts and failures, the lemma, each wrong end with its replay, the time."""
    lines = []
    for name, what in (("gang.start", "deals by revealed card and starter"), ("gang.result", "shapes of a finished Gang")):
        checks = proof.part(name)
        lines.append(
            f"{'first state' if name == 'gang.start' else 'result'}: {len(checks)} {what}, {sum(c.paths for c in checks):,} paths of the "
            f"engine's code, {sum(c.checks for c in checks):,} Z3 checks while exploring; {sum(len(c.failures) for c in checks)} disagreements"
        )
        lines += [f"  {f}" for c in checks for f in c.failures[:3]]
    lines.append(f"lemma: at most one Schwung neutralised, never the last: {'proved' if proof.lemma else 'NOT proved'}")
    for name, failure, rep in proof.broken:
        if failure is None or rep is None:
            lines.append(f"wrong end {name}: NOT caught")
            continue
        lines.append(f"wrong end {name}: caught ({failure.what}, {failure.case}); replayed: engine {rep.engine}; wrong end {rep.broken}; model {rep.model}")
    lines.append(f"{'proved' if proof.ok else 'NOT proved'} in {proof.wall:.1f} s wall, {proof.cpu:.1f} s CPU")
    return "\n".join(lines)

