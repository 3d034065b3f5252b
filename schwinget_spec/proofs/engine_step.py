"""The engine's own step proved equal to the model's Schwung: GangState.apply run symbolically on every well-formed state, each path checked against GangModel in Z3."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec import gang as gang_module
from schwinget_spec import trick as trick_module
from schwinget_spec.actions import _CHOOSE, _PLAY, ANGRIFF, PlayCard
from schwinget_spec.cards import Card, Colour
from schwinget_spec.errors import IllegalActionError
from schwinget_spec.gang import Angriff, GangState, Phase, SchwungRecord
from schwinget_spec.players import Player
from schwinget_spec.proofs.model import (
    CARD_BITS,
    COUNT_BITS,
    KR,
    MASK_BITS,
    MAX_SCHWUENGE,
    MODELLED_SWITCHES,
    PILE_START,
    GangModel,
    card_colour,
)
from schwinget_spec.proofs.symbolic import WIDTH, Concretised, Explorer, Path, SymBool, SymInt
from schwinget_spec.trick import SchwungOutcome, _outcome

__all__ = [
    "BROKEN_STEPS",
    "Shape",
    "StepCheck",
    "StepFailure",
    "check_shape",
    "prove_gang_steps",
    "shapes",
    "well_formed",
]

_ALL26 = (1 << 26) - 1
_TRUMP_CARDS: dict[Colour | None, Card] = {
    Colour.RED: Card.R1,
    Colour.GREEN: Card.G1,
    Colour.BLUE: Card.B1,
    Colour.YELLOW: Card.Y1,
    None: Card.KR,
}
"""A revealed card of each trump colour (the engine reads only its colour, ``deal.trump``)."""
_TRUMP_CODE = {None: 4, Colour.RED: 0, Colour.GREEN: 1, Colour.BLUE: 2, Colour.YELLOW: 3}


@attrs.frozen
class Shape:
    """The concrete part of a state at the start of Schwung ``s`` (0-based): everything the engine compares by identity.

    Hands, tricks, the pile's cards, the Angriff's Schwung, the readings and every
    choice of the Schwung stay symbolic.
    """

    s: int
    leader: Player
    trump: Colour | None
    pending: bool
    attacker: Player | None
    """Who started the Angriff before Schwung ``s`` (its Schwung is symbolic), or None."""

    def label(self) -> str:
        """The shape in a few words."""
        trump = "no trump" if self.trump is None else f"trump {self.trump.code}"
        angriff = "no Angriff yet" if self.attacker is None else f"Angriff by {self.attacker} earlier"
        return f"Schwung {self.s + 1}, {self.leader} leads, {trump}, {'a trick pending' if self.pending else 'nothing pending'}, {angriff}"


def shapes(subset: bool = False) -> Iterator[Shape]:
    """Every shape of a Schwung's start (or, with ``subset``, those of Schwünge 1, 6, 7 and 11 with P0 leading and trump R or none)."""
    trumps: Sequence[Colour | None] = (Colour.RED, None) if subset else (*Colour, None)
    for s in (0, 5, 6, 10) if subset else range(MAX_SCHWUENGE):
        for leader in (Player.P0,) if subset else tuple(Player):
            for trump in trumps:
                for pending in (False, True) if s else (False,):
                    for attacker in (None, *Player) if s else (None,):
                        yield Shape(s, leader, trump, pending, attacker)


# -- symbolic stand-ins for the values the engine compares by identity


class SymCard:
    """A card whose index is a Z3 term: what the step reads of a card (``_value_``, ``value``, ``bit``, ``is_special``, ``colour``, ``code``)."""

    __slots__ = ("explorer", "index")

    def __init__(self, explorer: Explorer, index: z3.BitVecRef) -> None:
        self.explorer = explorer
        self.index = index

    @property
    def _value_(self) -> SymInt:
        return SymInt(self.explorer, z3.ZeroExt(WIDTH - CARD_BITS, self.index))

    value = _value_

    @property
    def bit(self) -> SymInt:
        """The one-bit mask of the card."""
        return 1 << self._value_

    @property
    def is_special(self) -> SymBool:
        """The Kampfrichter or the Konter."""
        return SymBool(self.explorer, z3.UGE(self.index, z3.BitVecVal(24, CARD_BITS)))

    @property
    def colour(self) -> _SymColour:
        """Read only for a message: a stand-in."""
        return _SYM_COLOUR

    @property
    def code(self) -> str:
        """Read only for a message."""
        return "?"

    def __str__(self) -> str:
        return "?"


class _SymColour:
    code = "?"


_SYM_COLOUR = _SymColour()


def _select(explorer: Explorer, table: Sequence[int], index: SymInt) -> SymInt:
    term: z3.BitVecRef = z3.BitVecVal(0, WIDTH)
    for i in range(len(table) - 1, -1, -1):
        term = z3.If(index.term == i, z3.BitVecVal(table[i], WIDTH), term)
    return SymInt(explorer, term)


class _Table:
    """``FOLLOW_MASK`` read at a symbolic index: the same entries, chosen by an If chain (26 entries, 0 beyond)."""

    def __init__(self, explorer: Explorer, table: Sequence[int]) -> None:
        self.explorer = explorer
        self.table = table

    def __getitem__(self, index: object) -> object:
        if isinstance(index, SymInt):
            return _select(self.explorer, self.table, index)
        assert isinstance(index, int)
        return self.table[index]


class _Messages:
    """A table read only to build a refusal's message (``_PLAY``, ``COLOUR_MASK``): any key gives a stand-in."""

    def __init__(self, value: object) -> None:
        self.value = value

    def __getitem__(self, _key: object) -> object:
        return self.value


@attrs.frozen
class _MessageAction:
    code: str = "?"


class _SymRules:
    """The readings as symbolic Bools (the model's switches): the step reads them only through ``allowed_answers`` and ``resolve_schwung``."""

    def __init__(self, explorer: Explorer, switches: dict[str, z3.BoolRef]) -> None:
        for name, term in switches.items():
            setattr(self, name, SymBool(explorer, term))


class _Pile:
    """The deal's pile, its cards the model's deck positions 14-25."""

    def __init__(self, explorer: Explorer, deck: Sequence[z3.BitVecRef]) -> None:
        self.explorer = explorer
        self.deck = deck

    def __getitem__(self, position: object) -> SymCard:
        if not isinstance(position, int) or not 0 <= position < 12:
            raise Concretised("the pile read at a symbolic or missing position")
        return SymCard(self.explorer, self.deck[PILE_START + position])


@attrs.frozen
class _Deal:
    revealed: Card
    pile: _Pile


# -- the model's step

_LEGALITY = ("schwung.lead", "schwung.answer", "schwung.farbzwang", "angriff.who", "angriff.not_empty_pile", "angriff.once")


class _ModelStep:
    """The model's constraints of Schwung ``s`` and of the whole deal (``assert_step_into``), as plain terms, by clause."""

    def __init__(self, model: GangModel, s: int) -> None:
        self.model = model
        self.s = s
        self.by_clause: dict[str, list[z3.BoolRef]] = {}
        for (cid, c), at in zip(model.constraints, model.step_of, strict=True):
            if at is None or at == s:
                self.by_clause.setdefault(cid, []).append(c)
        permissions = [GangModel.tag("schwung.void_any"), GangModel.tag("trump.anytime")]
        self.all = z3.And(*permissions, *(c for cs in self.by_clause.values() for c in cs))
        self.permissions = z3.And(*permissions)

    def clause(self, clause_id: str) -> z3.BoolRef:
        """The constraints of one clause at this Schwung (true if it has none)."""
        return z3.And(self.permissions, *self.by_clause.get(clause_id, []))


POP = z3.Function("proof.pop", z3.BitVecSort(MASK_BITS), z3.BitVecSort(MASK_BITS))
"""The population count as an uninterpreted function, constrained only by instances of the generic lemmas
``inv.cards.start`` proves for every mask and card (``cards_queries``): no check bit-blasts a count."""


def _n(value: int) -> z3.BitVecRef:
    return z3.BitVecVal(value, MASK_BITS)


def _pop_lemmas(mask: z3.BitVecRef, card: z3.BitVecRef) -> list[z3.BoolRef]:
    """The lemmas' instances for removing ``card`` from ``mask`` (both spellings: ``&~bit`` as the model, ``^ bit`` as the engine) and adding it to a mask without it."""
    bit = _bit(card)
    out = []
    for removed in (mask & ~bit, mask ^ bit):
        out += [
            z3.Implies(mask & bit != 0, POP(removed) == POP(mask) - 1),
            z3.Implies(POP(removed) == 0, removed == 0),
        ]
    out += [z3.Implies(mask & bit == 0, POP(mask | bit) == POP(mask) + 1), z3.Implies(POP(mask) == 0, mask == 0), POP(_n(0)) == 0]
    return out


def _bit(card: z3.BitVecRef) -> z3.BitVecRef:
    return z3.BitVecVal(1, MASK_BITS) << z3.ZeroExt(MASK_BITS - CARD_BITS, card)


def _min5(value: z3.BitVecRef) -> z3.BitVecRef:
    five = z3.BitVecVal(5, COUNT_BITS)
    return z3.If(z3.ULT(value, five), value, five)


def well_formed(model: GangModel, s: int, attack_at: z3.BitVecRef | None) -> z3.BoolRef:
    """The covered set at the start of Schwung ``s``: the conjunction of ``well_formed_parts``."""
    return z3.And(*well_formed_parts(model, s, attack_at))


def well_formed_parts(model: GangModel, s: int, attack_at: z3.BitVecRef | None) -> list[z3.BoolRef]:
    """The covered set at the start of Schwung ``s`` (0-based, ``s`` <= 11), over the model's variables before it.

    - the hands are sets of the 26 Schwungkarten, disjoint; while s < the Gang's length
      each holds min(5, length - s) cards, and both are empty at s = length
      (``inv.cards_conserved``, ``inv.hands_empty_at_end``);
    - no card of the pile still to draw is in a hand: without an Angriff the pile from
      position 2s on (``schwung.lead_draw``, ``schwung.answer_draw``), after one before
      Schwung k from 2k on;
    - tricks plus a pending trick make s (``inv.tricks_total``), nothing pending at s = 0;
      with a trick pending the Kampfrichter is in no hand (it was played, ``cards.special``);
    - the Angriff: none before s (``attack_at`` None), or exactly one before Schwung
      ``attack_at`` < s and < 6; the Gang's length is then ``attack_at`` + 5 >= s.
    """
    n = MAX_SCHWUENGE
    h0, h1 = model.hands[0][s], model.hands[1][s]
    length = model.length
    sv = z3.BitVecVal(s, COUNT_BITS)
    played = z3.ULT(sv, length)
    size = _min5(length - sv)
    parts = [
        h0 & ~z3.BitVecVal(_ALL26, MASK_BITS) == 0,
        h1 & ~z3.BitVecVal(_ALL26, MASK_BITS) == 0,
        h0 & h1 == 0,
        z3.ULE(sv, length),
        z3.Implies(played, z3.And(POP(h0) == z3.ZeroExt(MASK_BITS - COUNT_BITS, size), POP(h1) == z3.ZeroExt(MASK_BITS - COUNT_BITS, size))),
        z3.Implies(z3.Not(played), z3.And(h0 == 0, h1 == 0)),
        model.tricks[0][s] + model.tricks[1][s] + z3.If(model.pending[s], z3.BitVecVal(1, COUNT_BITS), z3.BitVecVal(0, COUNT_BITS)) == sv,
    ]
    if s == 0:
        parts.append(z3.Not(model.pending[0]))
    held = h0 | h1
    # a pending trick is the Kampfrichter's, the one card that neutralises: it is in no hand any more
    parts.append(z3.Implies(model.pending[s], held & _bit(z3.BitVecVal(KR, CARD_BITS)) == 0))
    if attack_at is None:
        parts += [z3.Not(model.angriff[j]) for j in range(min(s, n))]
        first = 2 * s
        parts += [held & _bit(model.deck[PILE_START + j]) == 0 for j in range(first, 12)]
    else:
        parts += [z3.ULT(attack_at, z3.BitVecVal(min(s, 6), COUNT_BITS))]
        parts += [model.angriff[j] == (attack_at == j) for j in range(min(s, n))]
        parts += [
            z3.Implies(z3.ULE(attack_at, z3.BitVecVal(j // 2, COUNT_BITS)), held & _bit(model.deck[PILE_START + j]) == 0)
            for j in range(12)
        ]
    return parts


# -- running the engine


@contextlib.contextmanager
def _symbolic_reading(explorer: Explorer, spec: Callable[..., SchwungOutcome]) -> Iterator[None]:
    """The engine's modules read symbolic values: message-only tables give stand-ins, ``FOLLOW_MASK`` is read at a symbolic index, ``resolve_schwung`` is the model's.

    ``resolve_schwung`` is the one function of the step replaced: its equality with the
    model's winner terms on every input is the exhaustive check ``schwung.winner``
    (``proofs/exhaustive.py``). Everything else the step runs is the engine's code.
    """
    follow = _Table(explorer, trick_module.FOLLOW_MASK)
    names = ((gang_module, "cards_of"), (gang_module, "_PLAY"), (gang_module, "COLOUR_MASK"), (gang_module, "FOLLOW_MASK"), (gang_module, "resolve_schwung"), (trick_module, "FOLLOW_MASK"))
    saved = {(module, name): getattr(module, name) for module, name in names}
    replacements: dict[tuple[Any, str], object] = {
        (gang_module, "cards_of"): lambda _mask: (),
        (gang_module, "_PLAY"): _Messages(_MessageAction()),
        (gang_module, "COLOUR_MASK"): _Messages(0),
        (gang_module, "FOLLOW_MASK"): follow,
        (gang_module, "resolve_schwung"): spec,
        (trick_module, "FOLLOW_MASK"): follow,
    }
    try:
        for (module, name), value in replacements.items():
            setattr(module, name, value)
        yield
    finally:
        for (module, name), value in saved.items():
            setattr(module, name, value)


def _winner_spec(explorer: Explorer, trump: Colour | None, counter: list[int]) -> Callable[..., SchwungOutcome]:
    """``resolve_schwung`` as the model decides it: Schwung 0's winner constraints (``WIN_CLAUSES``) on the arguments."""
    model, template = _spec_template()
    revealed = z3.BitVecVal(_TRUMP_CARDS[trump].index, CARD_BITS)

    def spec(
        leader: Player, led: Card | SymCard, answer: Card | SymCard, trump_: Colour | None, rules: Any, *, is_last: bool, answer_was_void: bool
    ) -> SchwungOutcome:
        counter[0] += 1
        k = counter[0]
        neutral, lw = z3.Bool(f"spec.neutral{k}"), z3.Bool(f"spec.lw{k}")
        answer_hand = z3.BitVecVal(0 if answer_was_void else (1 << MASK_BITS) - 1, MASK_BITS)
        pairs = [
            (model.led[0], _index(led)),
            (model.answer[0], _index(answer)),
            (model.deck[10], revealed),
            (model.length, z3.BitVecVal(1 if is_last else MAX_SCHWUENGE, COUNT_BITS)),
            (model.leader[0], z3.BoolVal(leader is Player.P1)),
            (model.hands[1 if leader is Player.P0 else 0][0], answer_hand),
            (model.neutral[0], neutral),
            (model.leader_wins[0], lw),
            *((model.switch[name], _bool_term(getattr(rules, name))) for name in MODELLED_SWITCHES),
        ]
        explorer.assume(z3.substitute(template, *pairs))
        if explorer.decide(neutral):
            return _outcome(None, "kampfrichter.neutralises")
        return _outcome(leader if explorer.decide(lw) else leader.other, "model")

    return spec


_SPEC: list[tuple[GangModel, z3.BoolRef]] = []


def _spec_template() -> tuple[GangModel, z3.BoolRef]:
    if not _SPEC:
        from schwinget_spec.proofs.exhaustive import WIN_CLAUSES  # noqa: PLC0415

        model = GangModel("spec.")
        parts = [c for (cid, c), at in zip(model.constraints, model.step_of, strict=True) if at == 0 and cid in WIN_CLAUSES]
        _SPEC.append((model, z3.And(*parts)))
    return _SPEC[0]


def _index(card: Card | SymCard) -> z3.BitVecRef:
    return card.index if isinstance(card, SymCard) else z3.BitVecVal(card.index, CARD_BITS)


def _bool_term(value: object) -> z3.BoolRef:
    return value.term if isinstance(value, SymBool) else z3.BoolVal(bool(value))


def _play(card: Card | SymCard) -> PlayCard:
    if isinstance(card, Card):
        return _PLAY[card.index]
    action = object.__new__(PlayCard)
    object.__setattr__(action, "card", card)
    return action


_DUMMY_RECORD = SchwungRecord(0, Player.P0, Card.R1, Card.R2, Player.P0, "schwung.higher_wins", 1, False)


@attrs.frozen
class StepFailure:
    """A path on which the engine and the model disagree, with a state that shows it."""

    shape: Shape
    what: str
    model: z3.ModelRef | None

    def __str__(self) -> str:
        return f"{self.shape.label()}: {self.what}"


@attrs.frozen
class StepCheck:
    """What one shape's proof did: paths followed, Z3 checks, failures."""

    shape: Shape
    paths: int
    checks: int
    failures: tuple[StepFailure, ...]


class _Run:
    """One shape: the model's Schwung, the engine's start state over the model's variables, the explorer."""

    def __init__(self, shape: Shape, model: GangModel) -> None:
        self.shape = shape
        self.model = model
        s = shape.s
        self.step = _ModelStep(model, s)
        self.attack_at = z3.BitVec("proof.attack_at", COUNT_BITS) if shape.attacker is not None else None
        self.wf = well_formed(model, s, self.attack_at)
        shape_facts = [
            model.leader[s] == (shape.leader is Player.P1),
            model.pending[s] == shape.pending,
            card_colour(model.deck[10]) == z3.BitVecVal(_TRUMP_CODE[shape.trump], 3),
            z3.ULT(z3.BitVecVal(s, COUNT_BITS), model.length),
        ]
        if shape.attacker is not None:
            assert self.attack_at is not None
            shape_facts += [z3.Or(*(z3.And(self.attack_at == j, model.leader[j] == (shape.attacker is Player.P1)) for j in range(min(s, 6))))]
        self.background = [self.wf, *shape_facts, *self.lemmas()]
        self.explorer = Explorer(self.background, "QF_UFBV")
        # two solvers for the paths' checks, each path's conditions pushed and popped:
        # with the model's Schwung, and without it (the clause a refusal names, alone)
        self.with_step = z3.SolverFor("QF_UFBV")
        self.with_step.add(*self.background, self.step.all)
        self.without_step = z3.SolverFor("QF_UFBV")
        self.without_step.add(*self.background)
        self.counter = [0]
        self.spec = _winner_spec(self.explorer, shape.trump, self.counter)

    def lemmas(self) -> list[z3.BoolRef]:
        """The population count lemmas' instances this Schwung needs: each hand less its played card, plus its draw."""
        model, s = self.model, self.shape.s
        lead = int(self.shape.leader)
        out: list[z3.BoolRef] = []
        for q, card, position in ((lead, model.led[s], PILE_START + 2 * s), (1 - lead, model.answer[s], PILE_START + 2 * s + 1)):
            hand = model.hands[q][s]
            out += _pop_lemmas(hand, card)
            if s < 6:
                for less in (hand & ~_bit(card), hand ^ _bit(card)):
                    out += _pop_lemmas(less, model.deck[position])
        return out

    def start_state(self) -> GangState:
        shape, model, ex = self.shape, self.model, self.explorer
        s = shape.s
        deal = _Deal(_TRUMP_CARDS[shape.trump], _Pile(ex, model.deck))
        rules = _SymRules(ex, model.switch)
        angriff: Angriff | None = None
        if shape.attacker is None:
            drawn: int | SymInt = min(2 * s, 12)
        else:
            assert self.attack_at is not None
            k = SymInt(ex, z3.ZeroExt(WIDTH - COUNT_BITS, self.attack_at))
            angriff = Angriff(shape.attacker, k)  # type: ignore[arg-type]
            drawn = k + k
        tricks = tuple(SymInt(ex, z3.ZeroExt(WIDTH - COUNT_BITS, model.tricks[q][s])) for q in (0, 1))
        hands = (SymInt(ex, model.hands[0][s]), SymInt(ex, model.hands[1][s]))
        return gang_module._state(
            deal,
            rules,
            Player.P0,
            hands,
            drawn,
            Phase.LEAD,
            shape.leader,
            None,
            angriff,
            _DUMMY_RECORD if shape.pending else None,
            tricks,
            (_DUMMY_RECORD,) * s,
            1000,
        )

    def schwung(self, ex: Explorer) -> GangState:
        """The engine plays the model's choices of Schwung s: the Angriff or not, the lead, the answer, the next leader after a neutralised trick."""
        model, s = self.model, self.shape.s
        state = self.start_state()
        if ex.decide(model.angriff[s]):
            state = state.apply(ANGRIFF)
        led: Card | SymCard = Card.KR if ex.decide(model.led[s] == KR) else SymCard(ex, model.led[s])
        state = state.apply(_play(led))
        state = state.apply(_play(SymCard(ex, model.answer[s])))
        if state.phase is Phase.CHOOSE_LEADER:
            state = state.apply(_CHOOSE[1 if ex.decide(model.choice[s]) else 0])
        return state

    def compare(self, path: Path[GangState]) -> list[StepFailure]:
        """The checks of one path: a refusal the model's constraints refuse too, by the clause the engine names; an accepted Schwung the model's, field by field."""
        model, s, step = self.model, self.shape.s, self.step
        conds = z3.And(*path.conditions)
        failures: list[StepFailure] = []
        if path.error is not None:
            if not isinstance(path.error, IllegalActionError):
                return [StepFailure(self.shape, f"the engine raised {type(path.error).__name__}: {path.error}", None)]
            clause = path.error.clause_id or ""
            for solver, extra, what in (
                (self.with_step, z3.BoolVal(True), f"the engine refuses by {clause}, the model accepts"),
                (self.without_step, step.clause(clause), f"the engine refuses by {clause}, which the model's {clause} does not refuse"),
            ):
                solver.push()
                solver.add(conds, extra)
                if solver.check() != z3.unsat:
                    failures.append(StepFailure(self.shape, what, solver.model()))
                solver.pop()
            return failures
        state = path.value
        assert state is not None
        record = state.history[-1]
        n = s + 1
        decided = record.winner is not None
        engine_next: list[tuple[z3.ExprRef, z3.ExprRef]] = [
            (model.hands[0][n], _term32(state.hands[0])),
            (model.hands[1][n], _term32(state.hands[1])),
            (model.tricks[0][n], z3.Extract(COUNT_BITS - 1, 0, _term32(state.tricks[0]))),
            (model.tricks[1][n], z3.Extract(COUNT_BITS - 1, 0, _term32(state.tricks[1]))),
            (model.pending[n], z3.BoolVal(state.pending is not None)),
            (model.neutral[s], z3.BoolVal(not decided)),
            (model.leader_wins[s], z3.BoolVal(decided and record.winner is record.leader)),
        ]
        if state.phase is not Phase.OVER:
            engine_next.append((model.leader[n], z3.BoolVal(state.to_move is Player.P1)))
        facts = [
            # the engine's next state is one the model's Schwung admits
            ("the model's Schwung admits the engine's next state", z3.substitute(step.all, *engine_next)),
            ("the hands after it", z3.And(model.hands[0][n] == engine_next[0][1], model.hands[1][n] == engine_next[1][1])),
            ("the tricks after it", z3.And(model.tricks[0][n] == engine_next[2][1], model.tricks[1][n] == engine_next[3][1])),
            ("the pending trick", model.pending[n] == z3.BoolVal(state.pending is not None)),
            ("neutralised or not", model.neutral[s] == z3.BoolVal(not decided)),
            ("the winner", z3.Or(z3.BoolVal(not decided), model.winner_is_p1(s) == (record.winner is Player.P1))),
            ("the end of the Gang", z3.BoolVal(state.phase is Phase.OVER) == (model.length == n)),
            ("the record", z3.And(
                z3.BoolVal(record.number == n and record.leader is self.shape.leader),
                _index(record.led) == model.led[s],
                _index(record.answer) == model.answer[s],
                z3.BoolVal(record.after_angriff) == model.locked(s),
            )),
            ("the Angriff", z3.BoolVal(state.angriff is not None) == model.locked(s)),
        ]
        if state.phase is not Phase.OVER:
            facts.append(("the next leader", model.leader[n] == z3.BoolVal(state.to_move is Player.P1)))
        next_attack = self.attack_at
        if state.angriff is not None and self.shape.attacker is None:
            facts.append(("the Angriff's player and Schwung", z3.BoolVal(state.angriff.player is self.shape.leader and state.angriff.after_schwung == s)))
            next_attack = z3.BitVecVal(s, COUNT_BITS)
        drawn = state.pile_drawn
        if next_attack is None:
            facts.append(("the pile drawn", z3.BoolVal(drawn == min(2 * n, 12))))
        else:
            facts.append(("the pile drawn", _term32(drawn) == z3.ZeroExt(WIDTH - COUNT_BITS, next_attack) * 2))
        if n <= MAX_SCHWUENGE:
            facts.append(("the state after it is well-formed", well_formed(model, n, next_attack)))
        solver = self.with_step
        solver.push()
        solver.add(conds)
        try:
            # one check of every fact at once; only a failure is taken apart fact by fact
            solver.push()
            solver.add(z3.Not(z3.And(*(fact for _, fact in facts))))
            answer = solver.check()
            solver.pop()
            if answer == z3.unsat:
                return failures
            for what, fact in facts:
                solver.push()
                solver.add(z3.Not(fact))
                if solver.check() != z3.unsat:
                    failures.append(StepFailure(self.shape, f"{what} differs", solver.model()))
                solver.pop()
            return failures
        finally:
            solver.pop()


def _term32(value: object) -> z3.BitVecRef:
    if isinstance(value, SymInt):
        return value.term
    assert isinstance(value, int)
    return z3.BitVecVal(value, WIDTH)


_MODEL: list[GangModel] = []


def _model() -> GangModel:
    if not _MODEL:
        _MODEL.append(GangModel("proof."))
    return _MODEL[0]


def check_shape(shape: Shape, *, broken: str | None = None) -> StepCheck:
    """Every path of the engine's Schwung from ``shape``, each checked against the model."""
    run = _Run(shape, _model())
    failures: list[StepFailure] = []
    count = 0
    with _symbolic_reading(run.explorer, run.spec), BROKEN_STEPS.get(broken or "", contextlib.nullcontext)():
        for path in run.explorer.paths(run.schwung):
            count += 1
            failures += run.compare(path)
    return StepCheck(shape, count, run.explorer.checks, tuple(failures))


def prove_gang_steps(*, subset: bool = False, broken: str | None = None) -> tuple[list[StepCheck], float]:
    """Every shape's proof, and the CPU seconds they took."""
    start = time.process_time()
    checks = [check_shape(shape, broken=broken) for shape in shapes(subset)]
    return checks, time.process_time() - start


BROKEN_STEPS: dict[str, Callable[[], contextlib.AbstractContextManager[None]]] = {}
"""Deliberately wrong engine steps, one per clause family: each must make the proof fail."""
