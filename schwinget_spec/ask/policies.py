"""Deterministic play policies written as Z3 constraints: each fixes the whole play of a Gang from its deal, so that "this policy gives P on deal d" is a formula over the deal alone.

A game question "there is a deal where P whatever both play" is refuted on a deal by one
line of play. A line written by deck positions refutes few other deals; a policy (the
starter leads and answers its lowest legal card, the opponent its highest, nobody starts
the Angriff, ...) is a line for every deal at once. Each policy chooses, in every Schwung
played, the legal card (``schwung.lead``, ``schwung.answer``, ``schwung.farbzwang``) of
least rank in its ranking, starts the Angriff at a fixed moment or never
(``angriff.who``), and names the next leader after a neutralised trick
(``kampfrichter.chooses``); every choice it makes is one the rules allow, and it always has
one (a player holds a card in every Schwung played, and a void hand may answer any card),
so on every deal it is exactly one legal Gang.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec.proofs.model import (
    BK,
    CARD_BITS,
    KR,
    LAST_ANGRIFF,
    MASK_BITS,
    NO_COLOUR,
    GangModel,
    card_colour,
)

__all__ = ["POLICIES", "RANKINGS", "Policy", "policy_constraints"]

_CARDS = range(26)


def _value(card: int) -> int:
    return card % 6 + 1


def _is_trump(card: int, trump: int) -> bool:
    return card < KR and card // 6 == trump


def _low(card: int, trump: int) -> tuple[int, int]:
    """Weakest first: coloured cards by Kampfwert, 1 before 6, then the Konter, the Kampfrichter last."""
    return (_value(card) if card < KR else 7 + (card == KR), card)


def _high(card: int, trump: int) -> tuple[int, int]:
    """Strongest first: coloured cards by Kampfwert, 6 before 1, then the Kampfrichter, the Konter last."""
    return (7 - _value(card) if card < KR else 7 + (card == BK), card)


def _specials_first(card: int, trump: int) -> tuple[int, int]:
    """The Kampfrichter and the Konter first, then coloured cards strongest first."""
    return (0 if card == KR else 1 if card == BK else 8 - _value(card), card)


def _trumps_first(card: int, trump: int) -> tuple[int, int]:
    """Trumps first, strongest first, then the other coloured cards strongest first, the specials last."""
    return (10 if card >= KR else (0 if _is_trump(card, trump) else 6) + 7 - _value(card), card)


def _trumps_last(card: int, trump: int) -> tuple[int, int]:
    """Weakest first, the other colours before trump, the specials before trump, trump last."""
    return ((20 if _is_trump(card, trump) else 0) + (_value(card) if card < KR else 7 + (card == KR)), card)


RANKINGS: dict[str, Callable[[int, int], tuple[int, int]]] = {
    "low": _low, "high": _high, "specials": _specials_first, "trumps": _trumps_first, "trumps_last": _trumps_last,
}
"""The orders a policy plays its legal cards in, most preferred first, given the trump colour (0-3, 4 for none)."""


def _ranks(order: Callable[[int, int], tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    """For each trump colour 0-4, the rank of each card index, 0 the most preferred (a permutation of 0-25)."""
    out = []
    for trump in range(NO_COLOUR + 1):
        ranked = sorted(_CARDS, key=lambda c: order(c, trump))
        out.append(tuple(ranked.index(c) for c in _CARDS))
    return tuple(out)


Angriff = Literal["never", "starter_first", "opponent_first"]
Chooser = Literal["starter", "opponent"]


@attrs.frozen
class Policy:
    """How both players play: the starter's and the opponent's ranking of legal cards, when the Angriff is started, who leads after a neutralised trick."""

    starter: str
    opponent: str
    angriff: Angriff = "never"
    """``never``; ``starter_first``: the starter attacks before Schwung 1; ``opponent_first``: the opponent before the first Schwung it leads (at the latest the sixth)."""
    next_leader: Chooser = "opponent"
    """Who leads after a neutralised trick (``kampfrichter.chooses``)."""

    @property
    def name(self) -> str:
        """A short name: the starter's ranking, the opponent's, the Angriff, the leader after a neutralised trick."""
        return f"starter {self.starter}, opponent {self.opponent}, angriff {self.angriff}, then {self.next_leader} leads"


POLICIES: tuple[Policy, ...] = tuple(
    Policy(s, o, a, n)
    for s, o in (("trumps_last", "trumps"), ("low", "specials"), ("trumps", "trumps"), ("low", "high"))
    for n in ("opponent", "starter")
    for a in ("never", "starter_first", "opponent_first")
)
"""The family a 'whatever both play' question refutes deals with, before any line of play."""


def _by_trump(trump: z3.BitVecRef, tables: tuple[tuple[int, ...], ...], pick: Callable[[tuple[int, ...]], z3.BitVecRef]) -> z3.BitVecRef:
    if all(t == tables[0] for t in tables):
        return pick(tables[0])
    out = pick(tables[NO_COLOUR])
    for k in reversed(range(NO_COLOUR)):
        out = z3.If(trump == k, pick(tables[k]), out)
    return out


def _rank_of(card: z3.BitVecRef, trump: z3.BitVecRef, tables: tuple[tuple[int, ...], ...]) -> z3.BitVecRef:
    def pick(ranks: tuple[int, ...]) -> z3.BitVecRef:
        out = z3.BitVecVal(ranks[25], CARD_BITS)
        for c in reversed(range(25)):
            out = z3.If(card == c, z3.BitVecVal(ranks[c], CARD_BITS), out)
        return out

    return _by_trump(trump, tables, pick)


def _constant(card: int) -> Callable[[tuple[int, ...]], z3.BitVecRef]:
    def pick(ranks: tuple[int, ...]) -> z3.BitVecRef:
        return z3.BitVecVal(ranks[card], CARD_BITS)

    return pick


def _held(hand: z3.BitVecRef, card: int) -> z3.BoolRef:
    return (hand & z3.BitVecVal(1 << card, MASK_BITS)) != 0


def _colour_of(card: int) -> int:
    return card // 6 if card < KR else NO_COLOUR


def policy_constraints(g: GangModel, policy: Policy) -> list[z3.BoolRef]:
    """The constraints that make ``g``'s play the play of ``policy`` on ``g``'s deal (the rules' own constraints are asserted apart)."""
    rs, ro = _ranks(RANKINGS[policy.starter]), _ranks(RANKINGS[policy.opponent])
    trump = card_colour(g.deck[10])
    follow = g.switch["special_cards_follow_colour"]
    void_any, trump_anytime = z3.Bool("tag:schwung.void_any"), z3.Bool("tag:trump.anytime")
    out: list[z3.BoolRef] = []
    for s in range(len(g.led)):
        act = g.active(s)
        leader = g.leader[s]
        lead_is_starter = leader == g.starter
        lead_hand, ans_hand = g.hand_of(leader, s), g.hand_of(z3.Not(leader), s)
        led, ans = g.led[s], g.answer[s]
        r_led = z3.If(lead_is_starter, _rank_of(led, trump, rs), _rank_of(led, trump, ro))
        r_ans = z3.If(lead_is_starter, _rank_of(ans, trump, ro), _rank_of(ans, trump, rs))
        led_colour = card_colour(led)
        led_special = led_colour == NO_COLOUR
        void = z3.Or(*(z3.And(led_colour == k, ans_hand & z3.BitVecVal(0x3F << (6 * k), MASK_BITS) == 0) for k in range(4)))
        for c in _CARDS:
            mine = _by_trump(trump, rs, _constant(c)), _by_trump(trump, ro, _constant(c))
            out.append(z3.Implies(z3.And(act, _held(lead_hand, c)), z3.ULE(r_led, z3.If(lead_is_starter, mine[0], mine[1]))))
            colour = _colour_of(c)
            allowed = z3.Or(
                led_special,
                led_colour == colour,
                z3.And(void_any, void),
                z3.And(trump_anytime, trump != NO_COLOUR, trump == colour) if colour != NO_COLOUR else z3.BoolVal(False),
                z3.Not(follow) if colour == NO_COLOUR else z3.BoolVal(False),
            )
            out.append(z3.Implies(z3.And(act, _held(ans_hand, c), allowed),
                                  z3.ULE(r_ans, z3.If(lead_is_starter, mine[1], mine[0]))))
        earlier = z3.Or(*g.angriff[:s]) if s else z3.BoolVal(False)
        if policy.angriff == "never" or s > LAST_ANGRIFF:
            attack = z3.BoolVal(False)
        elif policy.angriff == "starter_first":
            attack = z3.BoolVal(s == 0)
        else:
            attack = z3.And(z3.Not(earlier), z3.Not(lead_is_starter))
        out.append(g.angriff[s] == attack)
        out.append(g.choice[s] == (g.starter if policy.next_leader == "starter" else z3.Not(g.starter)))
    return out
