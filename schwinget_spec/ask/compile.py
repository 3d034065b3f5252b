"""A question's terms as Z3 terms over the independent model of one Gang (``proofs.model.GangModel``) and its points (``proofs.scoring_model``)."""

from __future__ import annotations

from collections.abc import Mapping

import z3  # type: ignore[import-untyped]

from schwinget_spec.ask.terms import (
    MAX_SCHWUNG,
    And,
    AngriffAt,
    AngriffSchwung,
    Answered,
    CardIs,
    CardRef,
    ColourIs,
    Compare,
    Const,
    EverySchwung,
    Gestellter,
    Holds,
    Implies,
    Leads,
    Led,
    Locked,
    Neutralised,
    Not,
    Num,
    Or,
    Pending,
    Plattwurf,
    Played,
    PlayerRef,
    Points,
    Prop,
    Reading,
    Revealed,
    RowIs,
    Schwuenge,
    SchwungRef,
    SomeSchwung,
    Tricks,
    TrumpIs,
    ValueIs,
    Void,
    Wins,
    WinsSchwung,
    names_result_player,
)
from schwinget_spec.cards import Colour
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import Outcome
from schwinget_spec.proofs.model import CARD_BITS, COUNT_BITS, MASK_BITS, NO_COLOUR, GangModel, card_colour
from schwinget_spec.proofs.scoring_model import POINT_BITS, GangScoreModel
from schwinget_spec.scoring import ScoringSystem

__all__ = ["Compiled", "compile_prop"]

_WIDTH = 16
"""Every count is compared at 16 bits: tricks and Schwünge (5 bits) and points (16 bits) widened alike."""
_COLOUR_CODE = {Colour.RED: 0, Colour.GREEN: 1, Colour.BLUE: 2, Colour.YELLOW: 3}
_OUTCOMES = tuple(Outcome)


class Compiled:
    """The Z3 side of one question: a ``GangModel`` (``prefix`` keeps copies apart) and the scoring models its points need, built on first use."""

    def __init__(self, gang: GangModel) -> None:
        self.gang = gang
        self.scores: dict[ScoringSystem, GangScoreModel] = {}
        self.good_loser = z3.Bool(f"{gang.prefix}rules.good_loser_after_plattwurf")
        self.ties: list[z3.BoolRef] = []

    def score(self, system: ScoringSystem) -> GangScoreModel:
        """The points of the Gang under ``system``: a ``GangScoreModel`` with its system fixed, sharing the good loser's switch."""
        model = self.scores.get(system)
        if model is None:
            model = GangScoreModel(self.gang, prefix=f"{system.value}.")
            # the question's system, and its reading of the good loser's switch: facts, not clauses
            self.ties.append(model.schwingerwertung == (system is ScoringSystem.SCHWINGERWERTUNG))
            self.ties.append(model.good_loser_after_plattwurf == self.good_loser)
            self.scores[system] = model
        return model

    def switch(self, name: str) -> z3.BoolRef:
        """The Bool of the ``Rules`` switch ``name`` in this model."""
        if name == "good_loser_after_plattwurf":
            return self.good_loser
        return self.gang.switch[name]

    def constraints(self) -> list[tuple[str, z3.BoolRef]]:
        """Every tagged constraint of the Gang and of the scoring models used so far."""
        out = list(self.gang.constraints)
        for model in self.scores.values():
            out += model.constraints
        return out

    def assert_into(self, solver: z3.Solver) -> list[z3.BoolRef]:
        """Add every constraint under its clause's tag; the tags to assume."""
        tags: dict[str, z3.BoolRef] = {}
        for cid, c in self.constraints():
            tag = GangModel.tag(cid)
            tags.setdefault(cid, tag)
            solver.add(z3.Implies(tag, c))
        for cid in ("schwung.void_any", "trump.anytime"):
            tags.setdefault(cid, GangModel.tag(cid))
        solver.add(*self.ties)
        return list(tags.values())


def _index(ref: SchwungRef, env: Mapping[str, int]) -> int:
    """The 0-based Schwung of ``ref`` (a number 1-11 or a bound name)."""
    if isinstance(ref, str):
        if ref not in env:
            raise InvalidArgumentError("schwung", f"the Schwung name {ref!r} is not bound by 'some schwung' or 'every schwung'")
        return env[ref]
    return ref - 1


def _player(c: Compiled, p: PlayerRef) -> z3.BoolRef:
    """True when ``p`` is P1 (the model's players are Bools)."""
    if p.name == "P0":
        return z3.BoolVal(False)
    if p.name == "P1":
        return z3.BoolVal(True)
    if p.name == "starter":
        return c.gang.starter
    if p.name == "opponent":
        return z3.Not(c.gang.starter)
    # the winner is P1 when P1 wins the Gang, the loser when P0 does; a proposition about either also asks for a winner
    p0_wins, p1_wins = c.gang.gang_winner()
    return p1_wins if p.name == "winner" else p0_wins


def _card(c: Compiled, ref: CardRef, env: Mapping[str, int]) -> tuple[z3.BitVecRef, z3.BoolRef]:
    """The card's index and when it exists (its Schwung is played)."""
    g = c.gang
    if isinstance(ref, Led):
        s = _index(ref.schwung, env)
        return g.led[s], g.active(s)
    if isinstance(ref, Answered):
        s = _index(ref.schwung, env)
        return g.answer[s], g.active(s)
    assert isinstance(ref, Revealed)
    return g.deck[10], z3.BoolVal(True)


def _wide(x: z3.BitVecRef) -> z3.BitVecRef:
    return z3.ZeroExt(_WIDTH - x.size(), x) if x.size() < _WIDTH else x


def compile_num(c: Compiled, n: Num, env: Mapping[str, int]) -> z3.BitVecRef:
    """The 16-bit Z3 term of a count."""
    g = c.gang
    if isinstance(n, Const):
        return z3.BitVecVal(n.value, _WIDTH)
    if isinstance(n, Tricks):
        at = MAX_SCHWUNG if n.before is None else _index(n.before, env)
        who = _player(c, n.player)
        return _wide(z3.If(who, g.tricks[1][at], g.tricks[0][at]))
    if isinstance(n, Schwuenge):
        return _wide(g.length)
    if isinstance(n, AngriffSchwung):
        out = z3.BitVecVal(0, COUNT_BITS)
        for s in reversed(range(MAX_SCHWUNG)):
            out = z3.If(g.angriff[s], z3.BitVecVal(s + 1, COUNT_BITS), out)
        return _wide(out)
    assert isinstance(n, Points)
    score = c.score(n.system)
    who = _player(c, n.player)
    assert score.points[0].size() == POINT_BITS
    return _wide(z3.If(who, score.points[1], score.points[0]))


def _compare(a: z3.BitVecRef, op: str, b: z3.BitVecRef) -> z3.BoolRef:
    return {
        "=": lambda: a == b,
        "!=": lambda: a != b,
        "<": lambda: z3.ULT(a, b),
        "<=": lambda: z3.ULE(a, b),
        ">": lambda: z3.UGT(a, b),
        ">=": lambda: z3.UGE(a, b),
    }[op]()


def compile_prop(c: Compiled, prop: Prop, env: Mapping[str, int] | None = None) -> z3.BoolRef:
    """The Z3 proposition of ``prop`` over the Gang of ``c``; Schwung names are bound in ``env`` (0-based)."""
    e: Mapping[str, int] = {} if env is None else env
    g = c.gang
    if isinstance(prop, And):
        return z3.And(*(compile_prop(c, p, e) for p in prop.parts))
    if isinstance(prop, Or):
        return z3.Or(*(compile_prop(c, p, e) for p in prop.parts))
    if isinstance(prop, Not):
        return z3.Not(compile_prop(c, prop.body, e))
    if isinstance(prop, Implies):
        return z3.Implies(compile_prop(c, prop.when, e), compile_prop(c, prop.then, e))
    if isinstance(prop, SomeSchwung):
        return z3.Or(*(z3.And(g.active(s), compile_prop(c, prop.body, {**e, prop.name: s})) for s in range(MAX_SCHWUNG)))
    if isinstance(prop, EverySchwung):
        return z3.And(*(z3.Implies(g.active(s), compile_prop(c, prop.body, {**e, prop.name: s})) for s in range(MAX_SCHWUNG)))
    if names_result_player(prop):
        return z3.And(z3.Or(*g.gang_winner()), _compile_atom(c, prop, e))
    return _compile_atom(c, prop, e)


def _compile_atom(c: Compiled, prop: Prop, e: Mapping[str, int]) -> z3.BoolRef:
    """The Z3 proposition of one statement of ``prop`` (no and, or, not, implies, Schwung quantifier)."""
    g = c.gang
    if isinstance(prop, Compare):
        return _compare(compile_num(c, prop.left, e), prop.op, compile_num(c, prop.right, e))
    if isinstance(prop, CardIs):
        card, exists = _card(c, prop.card, e)
        return z3.And(exists, card == z3.BitVecVal(prop.value.index, CARD_BITS))
    if isinstance(prop, ColourIs):
        card, exists = _card(c, prop.card, e)
        colour = card_colour(card)
        if prop.colour == "special":
            return z3.And(exists, colour == NO_COLOUR)
        if prop.colour == "trump":
            return z3.And(exists, colour != NO_COLOUR, colour == card_colour(g.deck[10]))
        return z3.And(exists, colour == _COLOUR_CODE[prop.colour])
    if isinstance(prop, ValueIs):
        card, exists = _card(c, prop.card, e)
        value = z3.URem(card, z3.BitVecVal(6, CARD_BITS)) + 1
        return z3.And(exists, z3.ULT(card, 24), _compare(value, prop.op, z3.BitVecVal(prop.value, CARD_BITS)))
    if isinstance(prop, TrumpIs):
        code = NO_COLOUR if prop.colour is None else _COLOUR_CODE[prop.colour]
        return card_colour(g.deck[10]) == code
    if isinstance(prop, Holds):
        s = _index(prop.before, e)
        hand = g.hand_of(_player(c, prop.player), s)
        bit = z3.BitVecVal(1 << prop.card.index, MASK_BITS)
        return z3.And(g.active(s), (hand & bit) != 0)
    if isinstance(prop, Played):
        return g.active(_index(prop.schwung, e))
    if isinstance(prop, Void):
        s = _index(prop.schwung, e)
        led = card_colour(g.led[s])
        hand = g.hand_of(z3.Not(g.leader[s]), s)
        mask = z3.BitVecVal(0, MASK_BITS)
        for k in (3, 2, 1, 0):
            mask = z3.If(led == k, z3.BitVecVal(0x3F << (6 * k), MASK_BITS), mask)
        return z3.And(g.active(s), led != NO_COLOUR, hand & mask == 0)
    if isinstance(prop, Neutralised):
        s = _index(prop.schwung, e)
        return z3.And(g.active(s), g.neutral[s])
    if isinstance(prop, Pending):
        if prop.before is None:
            return g.pending[MAX_SCHWUNG]
        s = _index(prop.before, e)
        return z3.And(g.active(s), g.pending[s])
    if isinstance(prop, Locked):
        s = _index(prop.schwung, e)
        return z3.And(g.active(s), g.locked(s))
    if isinstance(prop, Leads):
        s = _index(prop.schwung, e)
        return z3.And(g.active(s), g.leader[s] == _player(c, prop.player))
    if isinstance(prop, WinsSchwung):
        s = _index(prop.schwung, e)
        return z3.And(g.active(s), z3.Not(g.neutral[s]), g.winner_is_p1(s) == _player(c, prop.player))
    if isinstance(prop, AngriffAt):
        options = range(MAX_SCHWUNG) if prop.before is None else [_index(prop.before, e)]
        who = None if prop.player is None else _player(c, prop.player)
        return z3.Or(*(z3.And(g.angriff[s], True if who is None else g.leader[s] == who) for s in options))
    if isinstance(prop, Plattwurf):
        if prop.player is None:
            return z3.Or(g.plattwurf(0), g.plattwurf(1))
        who = _player(c, prop.player)
        return z3.If(who, g.plattwurf(1), g.plattwurf(0))
    if isinstance(prop, Wins):
        p0, p1 = g.gang_winner()
        return z3.If(_player(c, prop.player), p1, p0)
    if isinstance(prop, Gestellter):
        return g.outcome_code() == _OUTCOMES.index(Outcome.GESTELLTER)
    if isinstance(prop, RowIs):
        return g.outcome_code() == _OUTCOMES.index(prop.row)
    if isinstance(prop, Reading):
        return c.switch(prop.switch) == prop.value
    raise InvalidArgumentError("prop", f"not a term of a question: {prop!r}")
