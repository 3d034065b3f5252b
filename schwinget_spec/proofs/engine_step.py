"""The engine's own step proved equal to the model's Schwung: GangState.apply run symbolically on every well-formed state, each path checked against GangModel in Z3."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec import gang as gang_module
from schwinget_spec import trick as trick_module
from schwinget_spec.actions import _CHOOSE, _PLAY, ANGRIFF, Action, PlayCard
from schwinget_spec.cards import ALL_CARDS, Card, Colour
from schwinget_spec.deal import Deal
from schwinget_spec.errors import IllegalActionError, InvalidArgumentError
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
    rules_from,
)
from schwinget_spec.proofs.symbolic import WIDTH, Concretised, Explorer, Path, SymBool, SymInt
from schwinget_spec.trick import SchwungOutcome, _outcome

__all__ = [
    "BROKEN_SHAPES",
    "BROKEN_STEPS",
    "SPEC_CLAUSE",
    "STEP_DEFINITIONS",
    "EngineProof",
    "Replay",
    "Shape",
    "StepCheck",
    "StepFailure",
    "by_mask_tables_agree",
    "check_shape",
    "engine_clauses",
    "first_failure",
    "format_engine_proof",
    "prove_gang_steps",
    "replay",
    "run_engine_proof",
    "shapes",
    "well_formed",
    "well_formed_parts",
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


@attrs.frozen
class _Items:
    """A piece of ``legal_actions()``: the cards of ``mask``, after the Angriff if ``angriff``."""

    mask: z3.BitVecRef
    angriff: bool = False

    def __add__(self, other: _Items) -> _Items:
        return _Items(self.mask | other.mask, self.angriff or other.angriff)


class _ItemTable:
    """A table of ``gang._ByMask`` read at a symbolic mask: entry m is the cards of m's bits, from bit ``offset`` on.

    That each real table is so is checked entry by entry (``by_mask_tables_agree``).
    """

    def __init__(self, offset: int, angriff: bool = False) -> None:
        self.offset = offset
        self.angriff = angriff

    def __getitem__(self, mask: object) -> _Items:
        return _Items(_term32(mask) << self.offset, self.angriff)


class _SymByMask:
    """``gang._ByMask`` with each table read at symbolic masks (``_ItemTable``)."""

    def __init__(self) -> None:
        self.low = _ItemTable(0)
        self.low_angriff = _ItemTable(0, angriff=True)
        self.mid = _ItemTable(9)
        self.high = _ItemTable(18)
        self.choose = ("L0", "L1")


_SYM_BY_MASK = _SymByMask()


def _legal_of(state: GangState) -> _Items:
    """``legal_actions()`` of a state with symbolic hands: the engine's ``_legal`` reading the tables at symbolic masks."""
    items: Any = state._legal(_SYM_BY_MASK)  # type: ignore[arg-type]
    assert isinstance(items, _Items)
    return items


def by_mask_tables_agree() -> bool:
    """Every entry of the engine's tables of actions by mask (``gang._CODES_BY_MASK``, ``_ACTIONS_BY_MASK``) holds the cards of its bits in canonical order, the Angriff first in ``low_angriff``: 1,792 entries each."""
    codes = [card.code for card in ALL_CARDS]
    for table, angriff, choose in ((gang_module._CODES_BY_MASK, "A", ("L0", "L1")), (gang_module._ACTIONS_BY_MASK, ANGRIFF, _CHOOSE)):
        items = codes if table is gang_module._CODES_BY_MASK else list(_PLAY)
        for part, first, width in ((table.low, 0, 9), (table.mid, 9, 9), (table.high, 18, 8)):
            if len(part) != 1 << width:
                return False
            for m, entry in enumerate(part):
                if tuple(entry) != tuple(items[first + i] for i in range(width) if m >> i & 1):
                    return False
        if any(tuple(a) != (angriff, *b) for a, b in zip(table.low_angriff, table.low, strict=True)):
            return False
        if tuple(table.choose) != tuple(choose):
            return False
    return True


# -- the model's step

_LENGTH = ("angriff.once", "angriff.not_empty_pile", "gang.end_angriff", "gang.end_no_angriff")
"""The deal's constraints that read the Angriff choices of every Schwung: the limits on the Angriff and the Gang's length."""
_NO_SLOT: dict[Phase, dict[str, str]] = {
    Phase.LEAD: {"L0": "kampfrichter.chooses", "L1": "kampfrichter.chooses"},
    Phase.ANSWER: {"A": "angriff.who", "L0": "kampfrichter.chooses", "L1": "kampfrichter.chooses"},
    Phase.CHOOSE_LEADER: {"A": "kampfrichter.chooses", "KR": "kampfrichter.chooses"},
    Phase.OVER: {"A": "end", "KR": "end", "L0": "end", "L1": "end"},
}
"""The model's Schwung as a sequence of choices: an Angriff before the lead (``angriff.who``), the lead, the answer,
the next leader only after a neutralised trick (``kampfrichter.chooses``), nothing after the last Schwung
(``gang.end_angriff``, ``gang.end_no_angriff``, "end"). Each action with no place there, by phase, and the clause that
places it."""
_NO_SLOT_ACTIONS: dict[str, Action] = {"A": ANGRIFF, "L0": _CHOOSE[0], "L1": _CHOOSE[1], "KR": _PLAY[Card.KR.index]}
_NO_SLOT_AFTER_ANGRIFF = {"A": "angriff.once", "L0": "kampfrichter.chooses", "L1": "kampfrichter.chooses"}
"""In the lead phase after the Angriff: a second one has no place (``angriff.once``)."""
_LEGALITY = ("schwung.lead", "schwung.answer", "schwung.farbzwang", "angriff.who", "angriff.not_empty_pile", "angriff.once")


class _ModelStep:
    """The model's constraints at Schwung ``s``, as plain terms (the permissions ``schwung.void_any`` and ``trump.anytime`` written in as granted).

    ``all``: every constraint of the deal and of Schwung ``s`` (``assert_step_into``), by
    clause in ``by_clause``. ``deal``: the deal's constraints that define the state (the
    deck, the Gang's length, the first Schwung), true of every state of a Gang.
    ``admits``: what Schwung ``s`` asks of its choices and of the next state, with the
    Angriff's limits and the Gang's length (``_LENGTH``) holding for some later choice of
    Angriff or none (a later Angriff is a later choice: the constraints are read with the
    later Angriff variables bound by an existential, written out over their 12 - s - 1
    possible values under ``angriff.once``).
    """

    def __init__(self, model: GangModel, s: int) -> None:
        self.model = model
        self.s = s
        self.by_clause: dict[str, list[z3.BoolRef]] = {}
        local: list[z3.BoolRef] = []
        deal: list[z3.BoolRef] = []
        length: list[z3.BoolRef] = []
        grant = [(GangModel.tag(name), z3.BoolVal(True)) for name in ("schwung.void_any", "trump.anytime")]
        for (cid, term), at in zip(model.constraints, model.step_of, strict=True):
            c = z3.substitute(term, *grant)
            if at is None or at == s:
                self.by_clause.setdefault(cid, []).append(c)
            if at == s:
                local.append(c)
            elif at is None and cid in _LENGTH:
                length.append(c)
            elif at is None:
                deal.append(c)
        self.all = z3.And(*(c for cs in self.by_clause.values() for c in cs))
        self.deal = z3.And(*deal)
        # the Angriff's limits and the Gang's length, some later choice of Angriff or none
        # existing: "no Angriff later" or "one before Schwung j" for each later j
        later = model.angriff[s + 1 :]
        options = [[(a, z3.BoolVal(False)) for a in later]]
        options += [[(a, z3.BoolVal(i == j)) for i, a in enumerate(later)] for j in range(len(later))]
        rule = z3.And(*length)
        self.admits = z3.And(*local, z3.Or(*(z3.substitute(rule, *option) if option else rule for option in options)))

    def clause(self, clause_id: str) -> z3.BoolRef:
        """The constraints of one clause at this Schwung (true if it has none)."""
        return z3.And(*self.by_clause.get(clause_id, []))


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
    - the Angriff: none before s (``attack_at`` None; the length is then 11, or s + 5 to
      10 for a later Angriff), or exactly one before Schwung ``attack_at`` < s and < 6;
      the Gang's length is then ``attack_at`` + 5 (``gang.end_angriff``).
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
        z3.ULE(model.tricks[0][s], sv),
        z3.ULE(model.tricks[1][s], sv),
        model.tricks[0][s] + model.tricks[1][s] + z3.If(model.pending[s], z3.BitVecVal(1, COUNT_BITS), z3.BitVecVal(0, COUNT_BITS)) == sv,
    ]
    if s == 0:
        parts.append(z3.Not(model.pending[0]))
    held = h0 | h1
    # a pending trick is the Kampfrichter's, the one card that neutralises: it is in no hand any more
    parts.append(z3.Implies(model.pending[s], held & _bit(z3.BitVecVal(KR, CARD_BITS)) == 0))
    if attack_at is None:
        parts += [z3.Not(model.angriff[j]) for j in range(min(s, n))]
        # the length a later Angriff (before Schwung s to 6) or none gives
        parts.append(z3.Or(length == MAX_SCHWUENGE, z3.And(z3.ULE(sv + 5, length), z3.ULE(length, 10))))
        first = 2 * s
        parts += [held & _bit(model.deck[PILE_START + j]) == 0 for j in range(first, 12)]
    else:
        parts += [z3.ULT(attack_at, z3.BitVecVal(min(s, 6), COUNT_BITS)), length == attack_at + 5]
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


SPEC_CLAUSE = "spec.decided"
"""The clause the model's ``resolve_schwung`` names for a decided Schwung: the step proof checks that the record carries the
clause ``resolve_schwung`` names, unchanged (which clause the engine's ``resolve_schwung`` names, and that it decides the
Schwung alone in the model, is the exhaustive check ``schwung.winner``)."""


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
        return _outcome(leader if explorer.decide(lw) else leader.other, SPEC_CLAUSE)

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
    """A path on which the engine and the model disagree, with the state Z3 found that shows it (``values``, for ``replay``)."""

    shape: Shape
    what: str
    values: dict[str, int] | None

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
        if shape.attacker is None and s <= 5:
            # the model's length is a prophecy of the Angriff: a Gang has the length s + 5 exactly
            # when the Angriff starts before Schwung s (gang.end_angriff, angriff.once)
            shape_facts.append(model.angriff[s] == (model.length == s + 5))
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
        self.without_step.add(*self.background, self.step.deal)
        self.counter = [0]
        self.spec = _winner_spec(self.explorer, shape.trump, self.counter)
        self.grammar: set[str] = set()
        self.legal: list[tuple[str, _Items, bool]] = []

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

    def compare_legal(self, conds: z3.BoolRef) -> list[StepFailure]:
        """``legal_actions()`` at the path's states against the model: the leader's hand (and the Angriff while the model
        admits one), then every card the model's ``schwung.answer`` and ``schwung.farbzwang`` admit as the answer."""
        model, s, step = self.model, self.shape.s, self.step
        leader = int(self.shape.leader)
        x = z3.BitVec("proof.any_card", CARD_BITS)
        answer_legal = z3.substitute(z3.And(*step.by_clause["schwung.answer"], *step.by_clause["schwung.farbzwang"]), (model.answer[s], x))
        failures = []
        for kind, items, angriff in self.legal:
            if kind == "lead":
                fact = z3.And(items.mask == model.hands[leader][s], z3.BoolVal(items.angriff == angriff))
            else:
                fact = ((items.mask & _bit(x)) != 0) == z3.And(z3.ULT(x, 26), answer_legal)
            self.without_step.push()
            self.without_step.add(conds, z3.Not(fact))
            if self.without_step.check() != z3.unsat:
                failures.append(StepFailure(self.shape, f"legal_actions() at the {kind} differs", self.values(self.without_step.model())))
            self.without_step.pop()
        return failures

    def values(self, found: z3.ModelRef) -> dict[str, int]:
        """The state and choices of a Z3 model of a failing path, as plain ints (bools as 0 and 1)."""
        model, s = self.model, self.shape.s
        terms: dict[str, z3.ExprRef] = {
            "hand0": model.hands[0][s],
            "hand1": model.hands[1][s],
            "tricks0": model.tricks[0][s],
            "tricks1": model.tricks[1][s],
            "angriff": model.angriff[s],
            "led": model.led[s],
            "answer": model.answer[s],
            "choice": model.choice[s],
            "length": model.length,
            **{f"next_hand{q}": model.hands[q][s + 1] for q in (0, 1)},
            **{f"next_tricks{q}": model.tricks[q][s + 1] for q in (0, 1)},
            "next_pending": model.pending[s + 1],
            "next_leader": model.leader[s + 1],
            **{f"deck{i}": model.deck[i] for i in range(26)},
            **{f"rules.{name}": model.switch[name] for name in MODELLED_SWITCHES},
        }
        if self.attack_at is not None:
            terms["attack_at"] = self.attack_at
        out: dict[str, int] = {}
        for name, term in terms.items():
            value = found.eval(term, model_completion=True)
            out[name] = int(z3.is_true(value)) if z3.is_bool(value) else value.as_long()
        return out

    def schwung(self, ex: Explorer) -> GangState:
        """The engine plays the model's choices of Schwung s: the Angriff or not, the lead, the answer, the next leader after a neutralised trick."""
        model, s = self.model, self.shape.s
        state = self.start_state()
        self.legal = [("lead", _legal_of(state), self.shape.attacker is None and s <= 5)]
        self.no_slot(state)
        if ex.decide(model.angriff[s]):
            state = state.apply(ANGRIFF)
            self.legal.append(("lead", _legal_of(state), False))
            self.no_slot(state)
        led: Card | SymCard = Card.KR if ex.decide(model.led[s] == KR) else SymCard(ex, model.led[s])
        state = state.apply(_play(led))
        self.legal.append(("answer", _legal_of(state), False))
        self.no_slot(state)
        state = state.apply(_play(SymCard(ex, model.answer[s])))
        self.no_slot(state)
        if state.phase is Phase.CHOOSE_LEADER:
            state = state.apply(_CHOOSE[1 if ex.decide(model.choice[s]) else 0])
            self.no_slot(state)
        return state

    def no_slot(self, state: GangState) -> None:
        """The actions with no place in the model's Schwung at ``state`` are refused by the clause that places them (``_NO_SLOT``); a mismatch is kept in ``self.grammar``.

        None of these refusals reads a symbolic value: they are decided by the phase and the Angriff alone.
        """
        end = "gang.end_angriff" if state.angriff is not None else "gang.end_no_angriff"
        expected = _NO_SLOT[state.phase] if state.phase is not Phase.LEAD or state.angriff is None else _NO_SLOT_AFTER_ANGRIFF
        for code, clause in expected.items():
            action = _NO_SLOT_ACTIONS[code]
            try:
                state.apply(action)
            except IllegalActionError as exc:
                wanted = end if clause == "end" else clause
                if exc.clause_id != wanted:
                    self.grammar.add(f"{code} in phase {state.phase.value}: refused by {exc.clause_id}, the model's Schwung places it by {wanted}")
                continue
            self.grammar.add(f"{code} in phase {state.phase.value}: accepted, the model's Schwung has no place for it")

    def compare(self, path: Path[GangState]) -> list[StepFailure]:
        """The checks of one path: a refusal the model's constraints refuse too, by the clause the engine names; an accepted Schwung the model's, field by field."""
        model, s, step = self.model, self.shape.s, self.step
        conds = z3.And(*path.conditions)
        failures: list[StepFailure] = self.compare_legal(conds)
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
                    failures.append(StepFailure(self.shape, what, self.values(solver.model())))
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
        # after the last Schwung too the engine's player to move is its winner, the model's next leader
        engine_next.append((model.leader[n], z3.BoolVal(state.to_move is Player.P1)))
        # the model's Schwung admits the engine's choices and next state: asked without the model's
        # constraints in the solver (with them, a choice the model refuses would make every fact hold)
        admits = z3.substitute(step.admits, *engine_next)
        self.without_step.push()
        self.without_step.add(conds, z3.Not(admits))
        if self.without_step.check() != z3.unsat:
            failures.append(StepFailure(self.shape, "the engine accepts a Schwung the model refuses", self.values(self.without_step.model())))
        self.without_step.pop()
        facts = [
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
            ("the record's clause", z3.BoolVal(record.clause_id == (SPEC_CLAUSE if decided else "kampfrichter.neutralises"))),
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
                    failures.append(StepFailure(self.shape, f"{what} differs", self.values(solver.model())))
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
    """Every path of the engine's Schwung from ``shape``, each checked against the model; with ``broken``, of that wrong step."""
    run = _Run(shape, _model())
    failures: list[StepFailure] = []
    count = 0
    if run.explorer.solver.check() == z3.unsat:
        # no state has this shape: the Gang has ended before (an Angriff before Schwung k ends it after k + 5)
        return StepCheck(shape, 0, 1, ())
    with _symbolic_reading(run.explorer, run.spec), _broken(broken):
        for path in run.explorer.paths(run.schwung):
            count += 1
            failures += run.compare(path)
    failures += [StepFailure(shape, what, None) for what in sorted(run.grammar)]
    return StepCheck(shape, count, run.explorer.checks, tuple(failures))


def _check_one(args: tuple[Shape, str | None]) -> StepCheck:
    return check_shape(args[0], broken=args[1])


def prove_gang_steps(shapes_: Sequence[Shape] | None = None, *, broken: str | None = None, jobs: int = 1) -> list[StepCheck]:
    """Every shape's proof (all of them unless ``shapes_``), ``jobs`` processes at a time, in the order of the shapes."""
    todo = list(shapes() if shapes_ is None else shapes_)
    if jobs <= 1 or len(todo) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return [check_shape(shape, broken=broken) for shape in todo]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return pool.map(_check_one, [(shape, broken) for shape in todo], chunksize=4)


def first_failure(broken: str, shapes_: Sequence[Shape]) -> StepFailure | None:
    """The first failure the proof finds for the wrong step ``broken`` among ``shapes_``, or None."""
    for shape in shapes_:
        check = check_shape(shape, broken=broken)
        # a failure of the Schwung's play first: its state replays through apply (one of legal_actions() does not)
        played = [f for f in check.failures if f.values is not None and not f.what.startswith("legal_actions()")]
        if played or check.failures:
            return (played or list(check.failures))[0]
    return None


STEP_DEFINITIONS: tuple[str, ...] = (
    "angriff.locks_pile",
    "angriff.play_out",
    "angriff.stier_on_pile",
    "cards.special",
    "deal.pile",
    "deal.set_aside",
)
"""Clauses the model's Schwung is written in rather than constrained by (docs/proofs.md, "Clauses no drop-one can
drop"), which the step proof compares all the same: the draws from pile positions 14 on, stopped by the Angriff's
lock; the hands after the Angriff played out with no draw, min(5, length - s) cards each until the Gang's end (the
state after each Schwung in the covered set); the special cards' colour code, read by Farbzwang and the winner; the
revealed card at position 10 giving trump."""


def engine_clauses() -> tuple[str, ...]:
    """The clauses the proof of the engine's step covers: every clause of the model's Schwung constraints, of the Angriff's
    limits and the Gang's length, and ``STEP_DEFINITIONS``; sorted."""
    model = _model()
    found = {cid for (cid, _), at in zip(model.constraints, model.step_of, strict=True) if at is not None}
    return tuple(sorted(found | set(_LENGTH) | set(STEP_DEFINITIONS) | {"schwung.void_any", "trump.anytime"}))


BROKEN_SHAPES: dict[str, Shape] = {
    "schwung.lead_draw": Shape(5, Player.P0, Colour.RED, pending=False, attacker=None),
    "schwung.farbzwang": Shape(1, Player.P0, Colour.RED, pending=False, attacker=None),
    "kampfrichter.collect": Shape(1, Player.P0, Colour.RED, pending=True, attacker=None),
    "trick.winner_leads": Shape(1, Player.P0, Colour.RED, pending=False, attacker=None),
    "gang.end_no_angriff": Shape(10, Player.P0, Colour.RED, pending=False, attacker=None),
    "angriff.once": Shape(2, Player.P0, Colour.RED, pending=False, attacker=Player.P1),
    "kampfrichter.chooses": Shape(1, Player.P0, Colour.RED, pending=False, attacker=None),
}
"""For each wrong step of ``BROKEN_STEPS``, a shape where the proof fails at once (every shape is checked by ``--engine``'s
whole run; these keep the demonstration short)."""


@attrs.frozen
class EngineProof:
    """What ``schwinget prove --engine`` did: the shapes' proofs, each wrong step's failure and replay, the time."""

    checks: tuple[StepCheck, ...]
    broken: tuple[tuple[str, StepFailure | None, Replay | None], ...]
    wall: float
    cpu: float

    @property
    def ok(self) -> bool:
        """No failure of the engine's step, and every wrong step failed with a replayed state."""
        return not any(c.failures for c in self.checks) and all(r is not None and r.caught for _, _, r in self.broken)

    def to_json(self) -> dict[str, object]:
        """The counts, the failures and the wrong steps as JSON."""
        return {
            "ok": self.ok,
            "shapes": len(self.checks),
            "paths": sum(c.paths for c in self.checks),
            "z3_checks": sum(c.checks for c in self.checks),
            "failures": [str(f) for c in self.checks for f in c.failures],
            "broken": [
                {"step": name, "failure": None if f is None else str(f), "caught": r is not None and r.caught,
                 "actions": None if r is None else list(r.actions), "engine": None if r is None else r.engine,
                 "wrong_step": None if r is None else r.broken, "model": None if r is None else r.model}
                for name, f, r in self.broken
            ],
            "wall_seconds": round(self.wall, 1),
            "cpu_seconds": round(self.cpu, 1),
        }


def run_engine_proof(*, subset: bool = False, jobs: int = 1) -> EngineProof:
    """Every shape's proof (or the subset's), and every wrong step caught and replayed, with the wall and CPU seconds."""
    wall, cpu, children = time.perf_counter(), time.process_time(), os.times()
    checks = prove_gang_steps(list(shapes(subset)), jobs=jobs)
    broken: list[tuple[str, StepFailure | None, Replay | None]] = []
    for name, shape in BROKEN_SHAPES.items():
        failure = first_failure(name, [shape])
        broken.append((name, failure, None if failure is None else replay(failure, name)))
    after = os.times()
    used = (after.children_user + after.children_system) - (children.children_user + children.children_system)
    return EngineProof(tuple(checks), tuple(broken), time.perf_counter() - wall, time.process_time() - cpu + used)


def format_engine_proof(proof: EngineProof) -> str:
    """The proof in a few lines: counts, failures, each wrong step with its replay, the time."""
    paths = sum(c.paths for c in proof.checks)
    lines = [
        f"Gang step: {len(proof.checks)} shapes of a Schwung's start, {paths:,} paths of the engine's code, "
        f"{sum(c.checks for c in proof.checks):,} Z3 checks while exploring; "
        f"{sum(len(c.failures) for c in proof.checks)} disagreements",
    ]
    lines += [f"  {f}" for c in proof.checks for f in c.failures[:3]]
    for name, failure, rep in proof.broken:
        if failure is None or rep is None:
            lines.append(f"wrong step {name}: NOT caught")
            continue
        lines.append(f"wrong step {name}: caught ({failure.what}); replayed {' '.join(rep.actions)} from {failure.shape.label()}:")
        lines.append(f"  engine {rep.engine}; wrong step {rep.broken}; model {rep.model}")
    lines.append(f"{'proved' if proof.ok else 'NOT proved'} in {proof.wall:.1f} s wall, {proof.cpu:.1f} s CPU")
    return "\n".join(lines)


# -- deliberately wrong steps, one per clause family


@contextlib.contextmanager
def _patched(target: object, name: str, value: object) -> Iterator[None]:
    saved = getattr(target, name)
    setattr(target, name, value)
    try:
        yield
    finally:
        setattr(target, name, saved)


def _wrap_answer(change: Callable[[GangState, GangState], GangState]) -> Callable[[], contextlib.AbstractContextManager[None]]:
    def manager() -> contextlib.AbstractContextManager[None]:
        original = GangState._apply_answer

        def answer(self: GangState, card: Card) -> GangState:
            return change(self, original(self, card))

        return _patched(GangState, "_apply_answer", answer)

    return manager


def _collect_forgets(before: GangState, after: GangState) -> GangState:
    record = after.history[-1]
    if before.pending is None or record.winner is None:
        return after
    tricks = list(after.tricks)
    tricks[record.winner] = tricks[record.winner] - 1
    return attrs.evolve(after, tricks=(tricks[0], tricks[1]))


def _loser_leads(_before: GangState, after: GangState) -> GangState:
    if after.phase is not Phase.LEAD or after.history[-1].winner is None:
        return after
    return attrs.evolve(after, to_move=after.to_move.other)


def _never_ends(_before: GangState, after: GangState) -> GangState:
    return attrs.evolve(after, phase=Phase.LEAD) if after.phase is Phase.OVER else after


def _angriff_twice() -> contextlib.AbstractContextManager[None]:
    original = GangState._apply_angriff

    def angriff(self: GangState) -> GangState:
        if self.phase is Phase.LEAD and self.angriff is not None:
            return attrs.evolve(self, step=self.step + 1)
        return original(self)

    return _patched(GangState, "_apply_angriff", angriff)


def _choice_ignored() -> contextlib.AbstractContextManager[None]:
    original = GangState._apply_choose

    def choose(self: GangState, _player: Player) -> GangState:
        return original(self, Player.P0)

    return _patched(GangState, "_apply_choose", choose)


BROKEN_STEPS: dict[str, Callable[[], contextlib.AbstractContextManager[None]]] = {
    "schwung.lead_draw": lambda: _patched(gang_module, "PILE_SIZE", 10),
    "schwung.farbzwang": lambda: _patched(trick_module, "SPECIAL_MASK", 0),
    "kampfrichter.collect": _wrap_answer(_collect_forgets),
    "trick.winner_leads": _wrap_answer(_loser_leads),
    "gang.end_no_angriff": _wrap_answer(_never_ends),
    "angriff.once": _angriff_twice,
    "kampfrichter.chooses": _choice_ignored,
}
"""Deliberately wrong engine steps, one per clause family, each named by the clause it breaks: the draws stop
two pile cards early; the special cards may no longer answer a coloured lead; the winner collects no pending
trick; the loser leads next; the Gang never ends; a second Angriff is accepted; the Kampfrichter's choice is
ignored (P0 always leads). Each must make the proof fail (``first_failure``) with a state ``replay`` plays."""


def _broken(name: str | None) -> contextlib.AbstractContextManager[None]:
    if name is None:
        return contextlib.nullcontext()
    if name not in BROKEN_STEPS:
        raise InvalidArgumentError("broken", f"unknown broken step {name!r}; known: {', '.join(sorted(BROKEN_STEPS))}")
    return BROKEN_STEPS[name]()


# -- a failure replayed on the engine


@attrs.frozen
class Replay:
    """A failing state played concretely: the actions, what the engine and the wrong step make of them, and the model's next state."""

    state: GangState
    actions: tuple[str, ...]
    engine: str
    broken: str
    model: str

    @property
    def caught(self) -> bool:
        """The wrong step's outcome differs from the engine's, and the engine's is the model's (both a next state, or both a refusal)."""
        both_refuse = self.engine.startswith("refused") and self.model.startswith("refused")
        return self.broken != self.engine and (self.engine == self.model or both_refuse)


def _outcome_text(state: GangState, actions: Sequence[str]) -> str:
    # the Schwung's cards (and the Angriff before them), then the next leader if the Kampfrichter neutralised it
    try:
        for code in actions[:-1]:
            state = state.apply(code)
        if state.phase is Phase.CHOOSE_LEADER:
            state = state.apply(actions[-1])
    except IllegalActionError as exc:
        return f"refused by {exc.clause_id}"
    return _state_text(state.hands, state.tricks, state.pending is not None, state.phase is Phase.OVER, None if state.phase is Phase.OVER else state.to_move)


def _state_text(hands: Sequence[int], tricks: Sequence[int], pending: bool, over: bool, leader: Player | None) -> str:
    where = "the Gang over" if over else f"{leader} to lead"
    return f"hands {hands[0]:#x} {hands[1]:#x}, tricks {tricks[0]}:{tricks[1]}, {'a trick pending' if pending else 'nothing pending'}, {where}"


def replay(failure: StepFailure, broken: str | None) -> Replay:
    """Build the state of ``failure`` as a real ``GangState`` and play the Schwung's choices through the engine and through the wrong step ``broken``."""
    values = failure.values
    if values is None:
        raise InvalidArgumentError("failure", "this failure has no state to replay")
    shape, s = failure.shape, failure.shape.s
    deck = _deck(values, shape)
    deal = Deal.from_deck([ALL_CARDS[i] for i in deck])
    rules = rules_from({name: bool(values[f"rules.{name}"]) for name in MODELLED_SWITCHES})
    angriff = None if shape.attacker is None else Angriff(shape.attacker, values["attack_at"])
    drawn = min(2 * s, 12) if angriff is None else 2 * angriff.after_schwung
    pending = SchwungRecord(s, shape.leader, Card.KR, Card.R1, None, "kampfrichter.neutralises", 0, False) if shape.pending else None
    state: GangState = gang_module._state(
        deal,
        rules,
        Player.P0,
        (values["hand0"], values["hand1"]),
        drawn,
        Phase.LEAD,
        shape.leader,
        None,
        angriff,
        pending,
        (values["tricks0"], values["tricks1"]),
        (_DUMMY_RECORD,) * s,
        0,
    )
    actions = [*(["A"] if values["angriff"] else []), ALL_CARDS[values["led"] % 26].code, ALL_CARDS[values["answer"] % 26].code, f"L{values['choice']}"]
    engine = _outcome_text(state, actions)
    with _broken(broken):
        wrong = _outcome_text(state, actions)
    return Replay(state, tuple(actions), engine, wrong, _model_next(values, shape))


def _model_next(values: dict[str, int], shape: Shape) -> str:
    """The model's Schwung from the failure's state and choices: its next state, or that it refuses them."""
    model, s = _model(), shape.s
    n = s + 1
    solver = z3.SolverFor("QF_BV")
    solver.add(_ModelStep(model, s).all)
    fixed: list[tuple[z3.ExprRef, int]] = [
        (model.hands[0][s], values["hand0"]),
        (model.hands[1][s], values["hand1"]),
        (model.tricks[0][s], values["tricks0"]),
        (model.tricks[1][s], values["tricks1"]),
        (model.led[s], values["led"]),
        (model.answer[s], values["answer"]),
        (model.length, values["length"]),
        *((model.deck[i], values[f"deck{i}"]) for i in (10, PILE_START + 2 * s, PILE_START + 2 * s + 1) if i < 26),
    ]
    for term, value in fixed:
        solver.add(term == value)
    flags = [
        (model.pending[s], shape.pending),
        (model.leader[s], shape.leader is Player.P1),
        (model.angriff[s], bool(values["angriff"])),
        (model.choice[s], bool(values["choice"])),
        *((model.switch[name], bool(values[f"rules.{name}"])) for name in MODELLED_SWITCHES),
    ]
    solver.add(*(term == flag for term, flag in flags))
    if solver.check() != z3.sat:
        return "refused by the model"
    found = solver.model()

    def read(term: z3.ExprRef) -> int:
        value = found.eval(term, model_completion=True)
        return int(z3.is_true(value)) if z3.is_bool(value) else int(value.as_long())

    over = values["length"] == n
    return _state_text(
        (read(model.hands[0][n]), read(model.hands[1][n])),
        (read(model.tricks[0][n]), read(model.tricks[1][n])),
        bool(read(model.pending[n])),
        over,
        None if over else Player(read(model.leader[n])),
    )


def _deck(values: dict[str, int], shape: Shape) -> list[int]:
    """The model's deck as a permutation of the 26 cards: the revealed card and the pile cards this Schwung draws kept first, the rest filled in."""
    s = shape.s
    order = [10, PILE_START + 2 * s, PILE_START + 2 * s + 1] if s < 6 else [10]
    order += [i for i in range(26) if i not in order]
    held = values["hand0"] | values["hand1"]
    deck: list[int | None] = [None] * 26
    used: set[int] = set()
    for i in order:
        card = values[f"deck{i}"]
        if card < 26 and card not in used and (i < 10 or not held >> card & 1 or i == 10):
            deck[i] = card
            used.add(card)
    free = iter(sorted(set(range(26)) - used))
    return [card if card is not None else next(free) for card in deck]
