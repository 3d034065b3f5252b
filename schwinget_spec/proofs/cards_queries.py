"""Card conservation in Z3 by a chain of small lemmas: population count facts, the deal holds the 26 cards, a generic Schwung step, every card exactly once at every Schwung, both hands empty at the end."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence

import z3  # type: ignore[import-untyped]

from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.proofs.base import COUNTEREXAMPLE, PROVED, UNKNOWN, Outcome, Query, core_ids
from schwinget_spec.proofs.model import (
    CARD_BITS,
    DRAWING_SCHWUENGE,
    MASK_BITS,
    MAX_SCHWUENGE,
    PILE_START,
    GangModel,
    all_tags,
)

__all__ = ["CARD_QUERIES", "LinkResult", "chain", "popcount"]

FULL = (1 << 26) - 1
"""The mask of all 26 Schwungkarten."""

LinkResult = tuple[str, str, float, tuple[str, ...]]
"""One link of the chain: (name, answer, seconds, clauses of its unsat core)."""


def popcount(x: z3.BitVecRef) -> z3.BitVecRef:
    """The number of set bits of a 32-bit mask, by a balanced adder tree (PROOFS.md: decisive against a chained sum)."""
    for shift, pattern in ((1, 0x55555555), (2, 0x33333333), (4, 0x0F0F0F0F), (8, 0x00FF00FF), (16, 0x0000FFFF)):
        m = z3.BitVecVal(pattern, MASK_BITS)
        x = (x & m) + (z3.LShR(x, shift) & m)
    return x


def _bit(card: z3.BitVecRef) -> z3.BitVecRef:
    return z3.BitVecVal(1, MASK_BITS) << z3.ZeroExt(MASK_BITS - CARD_BITS, card)


def _n(value: int) -> z3.BitVecRef:
    return z3.BitVecVal(value, MASK_BITS)


def _held(mask: z3.BitVecRef, card: z3.BitVecRef) -> z3.BoolRef:
    return (mask & _bit(card)) != _n(0)


def _one(flag: z3.BoolRef) -> z3.BitVecRef:
    return z3.If(flag, _n(1), _n(0))


def _union(masks: Sequence[z3.BitVecRef]) -> z3.BitVecRef:
    out = _n(0)
    for m in masks:
        out = out | m
    return out


def _partition(parts: Sequence[z3.BitVecRef], whole: z3.BitVecRef) -> z3.BoolRef:
    """The ``parts`` are pairwise disjoint and their union is ``whole``: every card of ``whole`` is in exactly one part."""
    disjoint = [(parts[i] & parts[j]) == _n(0) for i in range(len(parts)) for j in range(i + 1, len(parts))]
    return z3.And(*disjoint, _union(parts) == whole)


# -- the generic lemmas: proved once for every mask and card, then used as facts. ``pop`` is
# an uninterpreted function constrained only by instances of the population count lemmas,
# so that no link after the first bit-blasts a population count.

Pop = Callable[[z3.BitVecRef], z3.BitVecRef]


def _lemma_add(pop: Pop, m: z3.BitVecRef, card: z3.BitVecRef) -> z3.BoolRef:
    """Adding a card not held adds one."""
    return z3.Implies((m & _bit(card)) == _n(0), pop(m | _bit(card)) == pop(m) + _n(1))


def _lemma_remove(pop: Pop, m: z3.BitVecRef, card: z3.BitVecRef) -> z3.BoolRef:
    """Removing a held card takes one away."""
    return z3.Implies((m & _bit(card)) != _n(0), pop(m & ~_bit(card)) == pop(m) - _n(1))


def _lemma_empty(pop: Pop, m: z3.BitVecRef) -> z3.BoolRef:
    """Nothing counted, nothing held; and the empty mask counts zero."""
    return z3.And(pop(_n(0)) == _n(0), z3.Implies(pop(m) == _n(0), m == _n(0)))


def _lemma_full(pop: Pop, m: z3.BitVecRef) -> z3.BoolRef:
    """26 cards among the 26 Schwungkarten are all of them."""
    return z3.Implies(z3.And(pop(m) == _n(26), (m & ~_n(FULL)) == _n(0)), m == _n(FULL))


def _lemma_apart(a: z3.BitVecRef, b: z3.BitVecRef) -> z3.BoolRef:
    """Two different cards have different bits."""
    return z3.Implies(a != b, (_bit(a) & _bit(b)) == _n(0))


def _check(hypotheses: Sequence[z3.BoolRef], claim: z3.BoolRef, *, logic: str = "QF_BV", cases: Sequence[z3.BoolRef] = (), tags: Sequence[z3.BoolRef] = ()) -> tuple[str, set[str]]:
    """Whether ``hypotheses`` imply ``claim``, one fresh solver per case; with ``tags``, the union of the minimised cores."""
    core: set[str] = set()
    for case in cases or (z3.BoolVal(True),):
        s = z3.SolverFor(logic)
        if tags:
            s.set("core.minimize", True)
        s.add(*hypotheses)
        s.add(z3.Not(claim), case)
        r = s.check(*tags)
        if r != z3.unsat:
            return (COUNTEREXAMPLE if r == z3.sat else UNKNOWN), set()
        if tags:
            core.update(core_ids(s))
    return PROVED, core


def _timed(name: str, body: Callable[[], tuple[str, set[str]]]) -> LinkResult:
    start = time.perf_counter()
    answer, core = body()
    return name, answer, time.perf_counter() - start, tuple(sorted(core)) if answer == PROVED else ()


def _generic_lemmas() -> list[LinkResult]:
    """The population count lemmas on the adder tree, and that different cards have different bits.

    "Adding a card" is proved in 32 cases, one per bit (a third of the time of one check);
    "removing a card" follows from it: the mask without the card, plus the card, is the mask.
    """
    m = z3.BitVec("m", MASK_BITS)
    c = z3.BitVec("c", CARD_BITS)
    d = z3.BitVec("d", CARD_BITS)
    pop = z3.Function("pop", z3.BitVecSort(MASK_BITS), z3.BitVecSort(MASK_BITS))
    each_card = [c == z3.BitVecVal(i, CARD_BITS) for i in range(1 << CARD_BITS)]
    rest = m & ~_bit(c)
    return [
        _timed("adding a card not held adds one", lambda: _check([], _lemma_add(popcount, m, c), cases=each_card)),
        _timed("removing a held card takes one away", lambda: _check([_lemma_add(pop, rest, c)], _lemma_remove(pop, m, c), logic="QF_UFBV")),
        _timed("the empty mask counts 0, and only it", lambda: _check([], _lemma_empty(popcount, m))),
        _timed("26 Schwungkarten are all of them", lambda: _check([], _lemma_full(popcount, m))),
        _timed("different cards have different bits", lambda: _check([], _lemma_apart(c, d))),
    ]


class _Step:
    """The generic Schwung: what one Schwung does to the five places of the cards, over any masks and cards.

    A Schwung played takes the led card from the leader's hand and the answer from the
    other hand into the played cards; if it draws, the two drawn cards, two different cards
    of the pile remainder, go to the leader's and the other hand. A Schwung not played
    changes nothing. ``premises`` say exactly that, in the very terms of the model's
    constraints (``schwung.lead``, ``schwung.answer``, ``schwung.lead_draw``,
    ``schwung.answer_draw``, ``gang.end_angriff``); ``lemma`` says that the five places then
    stay a partition of the deal and each hand's count goes down by one and up by one per
    draw.
    """

    def __init__(self, pop: Pop) -> None:
        self.pop = pop
        self.hands = [z3.BitVec(f"step.hand{q}", MASK_BITS) for q in (0, 1)]
        self.after = [z3.BitVec(f"step.hand{q}'", MASK_BITS) for q in (0, 1)]
        self.remainder, self.set_aside, self.played, self.deal, self.size = z3.BitVecs(
            "step.remainder step.set_aside step.played step.deal step.size", MASK_BITS
        )
        self.led, self.answer, self.draw0, self.draw1 = z3.BitVecs("step.led step.answer step.draw0 step.draw1", CARD_BITS)
        self.leader, self.act, self.draws = z3.Bools("step.leader step.act step.draws")
        self.premises = self._premises()
        pair = _bit(self.draw0) | _bit(self.draw1)
        self.remainder_after = z3.If(self.draws, self.remainder & ~pair, self.remainder)
        self.played_after = z3.If(self.act, self.played | _bit(self.led) | _bit(self.answer), self.played)
        self.size_after = self.size - _one(self.act) + _one(self.draws)
        self.before = self.invariant(
            self.hands, remainder=self.remainder, set_aside=self.set_aside, played=self.played, deal=self.deal, size=self.size
        )
        self.claim = self.invariant(
            self.after,
            remainder=self.remainder_after,
            set_aside=self.set_aside,
            played=self.played_after,
            deal=self.deal,
            size=self.size_after,
        )
        self.lemma = z3.Implies(z3.And(*self.premises, self.before), self.claim)

    def _premises(self) -> list[z3.BoolRef]:
        h, after, act, draws = self.hands, self.after, self.act, self.draws
        out = [
            z3.Implies(act, _held(z3.If(self.leader, h[1], h[0]), self.led)),
            z3.Implies(act, _held(z3.If(self.leader, h[0], h[1]), self.answer)),
            z3.Implies(draws, z3.And(act, _held(self.remainder, self.draw0), _held(self.remainder, self.draw1), self.draw0 != self.draw1)),
        ]
        for q in (0, 1):
            is_q = z3.BoolVal(bool(q))
            out.append(z3.Implies(z3.And(act, self.leader == is_q), after[q] == (h[q] & ~_bit(self.led)) | z3.If(draws, _bit(self.draw0), _n(0))))
            out.append(z3.Implies(z3.And(act, self.leader != is_q), after[q] == (h[q] & ~_bit(self.answer)) | z3.If(draws, _bit(self.draw1), _n(0))))
            out.append(z3.Implies(z3.Not(act), after[q] == h[q]))
        return out

    def invariant(
        self,
        hands: Sequence[z3.BitVecRef],
        *,
        remainder: z3.BitVecRef,
        set_aside: z3.BitVecRef,
        played: z3.BitVecRef,
        deal: z3.BitVecRef,
        size: z3.BitVecRef,
    ) -> z3.BoolRef:
        """Every card of ``deal`` in exactly one of the five places, and both hands counting ``size``."""
        return z3.And(_partition([hands[0], hands[1], remainder, set_aside, played], deal), self.counts(hands, size))

    def counts(self, hands: Sequence[z3.BitVecRef], size: z3.BitVecRef) -> z3.BoolRef:
        """Both hands count ``size``."""
        return z3.And(self.pop(hands[0]) == size, self.pop(hands[1]) == size)

    def proofs(self) -> list[LinkResult]:
        """The lemma, proved for every mask and card: the places in 8 cases (who leads, played, draws), the counts with the population count lemmas."""
        cases = [z3.And(self.leader == a, self.act == b, self.draws == c) for a, b, c in itertools.product((False, True), repeat=3)]
        places = _partition([self.hands[0], self.hands[1], self.remainder, self.set_aside, self.played], self.deal)
        places_after = _partition([self.after[0], self.after[1], self.remainder_after, self.set_aside, self.played_after], self.deal)
        counts = []
        for q in (0, 1):
            for card in (self.led, self.answer):
                counts.append(_lemma_remove(self.pop, self.hands[q], card))
                for drawn in (self.draw0, self.draw1):
                    counts.append(_lemma_add(self.pop, self.hands[q] & ~_bit(card), drawn))
        return [
            _timed("a Schwung keeps the five places a partition", lambda: _check([*self.premises, places], places_after, cases=cases)),
            _timed(
                "a Schwung takes one card from each hand and adds one per draw",
                lambda: _check(
                    [*self.premises, places, self.counts(self.hands, self.size), *counts],
                    self.counts(self.after, self.size_after),
                    logic="QF_UFBV",
                    cases=cases,
                ),
            ),
        ]

    def instance(self, pairs: list[tuple[z3.ExprRef, z3.ExprRef]]) -> Callable[[z3.ExprRef], z3.ExprRef]:
        """Substitution of the generic variables by terms of the model: the lemma's instance at one Schwung."""

        def at(term: z3.ExprRef) -> z3.ExprRef:
            return z3.substitute(term, *pairs)

        return at


class _Chain:
    """One Gang model and, before each Schwung s, the five places of the cards and the hand sizes as terms.

    The pile remainder before Schwung s is the pile minus the pairs drawn before s; the
    played cards are those of the Schwünge played before s; the hand size is 5, less one
    per Schwung played, plus one per draw. Each is built from the one before by the
    generic Schwung (``_Step``), so that the lemma's instance at s concludes the very terms
    of the state after s.
    """

    def __init__(self, *, drop: tuple[str, ...] = ()) -> None:
        self.g = g = GangModel()
        self.drop = drop
        self.pop = z3.Function("pop", z3.BitVecSort(MASK_BITS), z3.BitVecSort(MASK_BITS))
        self.step = _Step(self.pop)
        self.deck_mask = self.prefix(range(26))
        self.set_aside = self.prefix(range(10, 14))
        self.pairs = [_bit(g.deck[PILE_START + 2 * j]) | _bit(g.deck[PILE_START + 2 * j + 1]) for j in range(DRAWING_SCHWUENGE)]
        self.remainder = [_union(self.pairs)]
        self.played = [_n(0)]
        self.size = [_n(5)]
        self.premises: list[list[z3.BoolRef]] = []
        self.lemmas: list[z3.BoolRef] = []
        st = self.step
        for s in range(MAX_SCHWUENGE):
            drawing = s < DRAWING_SCHWUENGE
            at = st.instance(
                [
                    (st.hands[0], g.hands[0][s]),
                    (st.hands[1], g.hands[1][s]),
                    (st.after[0], g.hands[0][s + 1]),
                    (st.after[1], g.hands[1][s + 1]),
                    (st.remainder, self.remainder[s]),
                    (st.set_aside, self.set_aside),
                    (st.played, self.played[s]),
                    (st.deal, self.deck_mask),
                    (st.size, self.size[s]),
                    (st.led, g.led[s]),
                    (st.answer, g.answer[s]),
                    (st.draw0, g.deck[PILE_START + 2 * s] if drawing else z3.BitVecVal(0, CARD_BITS)),
                    (st.draw1, g.deck[PILE_START + 2 * s + 1] if drawing else z3.BitVecVal(1, CARD_BITS)),
                    (st.leader, g.leader[s]),
                    (st.act, g.active(s)),
                    (st.draws, self.drew(s)),
                ]
            )
            self.remainder.append(at(st.remainder_after))
            self.played.append(at(st.played_after))
            self.size.append(at(st.size_after))
            self.premises.append([at(p) for p in st.premises])
            self.lemmas.append(at(st.lemma))

    def prefix(self, positions: range) -> z3.BitVecRef:
        """The mask of the cards at these deck positions."""
        return _union([_bit(self.g.deck[i]) for i in positions])

    def drew(self, t: int) -> z3.BoolRef:
        """True when Schwung t drew two pile cards (played, pile not locked: ``schwung.lead_draw``, ``angriff.locks_pile``)."""
        if t >= DRAWING_SCHWUENGE:
            return z3.BoolVal(False)
        return z3.And(self.g.active(t), z3.Not(self.g.locked(t)))

    def places(self, s: int) -> z3.BoolRef:
        """Before Schwung s every card of the deal is in exactly one place, and both hands count ``size[s]``."""
        hands = [self.g.hands[0][s], self.g.hands[1][s]]
        return self.step.invariant(
            hands, remainder=self.remainder[s], set_aside=self.set_aside, played=self.played[s], deal=self.deck_mask, size=self.size[s]
        )

    def places_parts(self, s: int) -> list[z3.BitVecRef]:
        """The five places before Schwung s: P0's hand, P1's hand, the pile remainder, the set-aside and the played cards."""
        return [self.g.hands[0][s], self.g.hands[1][s], self.remainder[s], self.set_aside, self.played[s]]

    def pile_kept(self, s: int) -> z3.BoolRef:
        """Before Schwung s, the pairs of the Schwünge not yet reached are still in the pile remainder."""
        return z3.And(*((self.remainder[s] & self.pairs[j]) == self.pairs[j] for j in range(s, DRAWING_SCHWUENGE)))

    def pairs_apart(self) -> z3.BoolRef:
        """The six pairs of the pile share no card."""
        return z3.And(*((self.pairs[i] & self.pairs[j]) == _n(0) for i in range(DRAWING_SCHWUENGE) for j in range(i + 1, DRAWING_SCHWUENGE)))

    def constraints(self, *, step: int | None = None, only: tuple[str, ...] = ()) -> list[z3.BoolRef]:
        """The tagged constraints of the deal and, with ``step``, of that Schwung; with ``only``, just those clauses; never a dropped one."""
        out = []
        for (cid, c), at in zip(self.g.constraints, self.g.step_of, strict=True):
            if cid in self.drop or (only and cid not in only):
                continue
            if at is None or at == step:
                out.append(z3.Implies(GangModel.tag(cid), c))
        return out

    def apart(self, positions: Sequence[int], i: int) -> list[z3.BoolRef]:
        """Instances of "different cards have different bits" between the card at position i and those at ``positions``."""
        return [_lemma_apart(self.g.deck[j], self.g.deck[i]) for j in positions]


def _deal_links(c: _Chain, tags: list[z3.BoolRef]) -> list[LinkResult]:
    """The deal: each card is new and the prefixes count up to 26, so the deal is all 26 Schwungkarten; each hand counts 5; the state before Schwung 1."""
    g, pop = c.g, c.pop
    deal = c.constraints(only=("cards.schwungkarten",))
    out: list[LinkResult] = []
    for i in range(26):
        prefix = c.prefix(range(i))
        hyp = [*deal, *c.apart(range(i), i), pop(prefix) == _n(i), _lemma_add(pop, prefix, g.deck[i]), _lemma_empty(pop, prefix)]
        claim = z3.And((prefix & _bit(g.deck[i])) == _n(0), pop(c.prefix(range(i + 1))) == _n(i + 1))
        out.append(_timed(f"deal card {i + 1}", lambda hyp=hyp, claim=claim: _check(hyp, claim, logic="QF_UFBV", tags=tags)))  # type: ignore[misc]
    out.append(
        _timed(
            "the deal holds the 26 Schwungkarten",
            lambda: _check([*deal, pop(c.deck_mask) == _n(26), _lemma_full(pop, c.deck_mask)], c.deck_mask == _n(FULL), logic="QF_UFBV", tags=tags),
        )
    )
    for q in (0, 1):
        for j in range(5):
            earlier = range(q, q + 2 * j, 2)
            prefix = c.prefix(earlier)
            new = q + 2 * j
            hyp = [*deal, *c.apart(earlier, new), pop(prefix) == _n(j), _lemma_add(pop, prefix, g.deck[new]), _lemma_empty(pop, prefix)]
            claim = pop(c.prefix(range(q, new + 1, 2))) == _n(j + 1)
            out.append(_timed(f"P{q} dealt card {j + 1}", lambda hyp=hyp, claim=claim: _check(hyp, claim, logic="QF_UFBV", tags=tags)))  # type: ignore[misc]
    positions = list(itertools.combinations(range(26), 2))
    bits_apart = [(_bit(g.deck[i]) & _bit(g.deck[j])) == _n(0) for i, j in positions]
    out.append(
        _timed(
            "the 26 cards have 26 different bits",
            lambda: _check([*deal, *(_lemma_apart(g.deck[i], g.deck[j]) for i, j in positions)], z3.And(*bits_apart), tags=tags),
        )
    )
    out.append(_timed("the pile pairs share no card", lambda: _check(bits_apart, c.pairs_apart())))
    dealt = c.constraints(only=("deal.hands",))
    out.append(_timed("before Schwung 1: each card in one place", lambda: _places_at_start(c, dealt, tags)))
    sizes = [pop(c.prefix(range(q, 10, 2))) == _n(5) for q in (0, 1)]
    out.append(
        _timed(
            "before Schwung 1: 5 cards in each hand",
            lambda: _check([*dealt, *sizes], c.step.counts([g.hands[0][0], g.hands[1][0]], c.size[0]), logic="QF_UFBV", tags=tags),
        )
    )
    return out


def _places_at_start(c: _Chain, dealt: list[z3.BoolRef], tags: list[z3.BoolRef]) -> tuple[str, set[str]]:
    """Before Schwung 1 every card is in one place: the dealt places are disjoint (each pair of places from the bits of their deck positions), then the hands are the dealt ones (tagged, with the core)."""
    groups = [range(0, 10, 2), range(1, 10, 2), range(PILE_START, 26), range(10, PILE_START)]
    masks = [c.prefix(group) for group in groups]
    disjoint: list[z3.BoolRef] = []
    for (a, ma), (b, mb) in itertools.combinations(list(zip(groups, masks, strict=True)), 2):
        facts = [(_bit(c.g.deck[i]) & _bit(c.g.deck[j])) == _n(0) for i in a for j in b]
        answer, _ = _check(facts, (ma & mb) == _n(0))
        if answer != PROVED:
            return answer, set()
        disjoint.append((ma & mb) == _n(0))
    claim = z3.And(_partition(c.places_parts(0), c.deck_mask), c.pile_kept(0))
    return _check([*dealt, *disjoint], claim, tags=tags)


def _schwung_link(c: _Chain, s: int, tags: list[z3.BoolRef]) -> LinkResult:
    """Schwung s: the model's Schwung is an instance of the generic one (tagged, with the cores), then the generic lemma concludes the state after it."""

    def body() -> tuple[str, set[str]]:
        facts = [*c.constraints(step=s), c.pile_kept(s), c.pairs_apart()]
        answer, core = _check(facts, z3.And(*c.premises[s], c.pile_kept(s + 1)), tags=tags)
        if answer != PROVED:
            return answer, core
        # the generic lemma's instance: its premises were just proved, its conclusion is the state after s
        answer, _ = _check([c.places(s), *c.premises[s], c.lemmas[s]], c.places(s + 1), logic="QF_UFBV")
        return answer, core

    return _timed(f"Schwung {s + 1}", body)


def _end_link(c: _Chain, tags: list[z3.BoolRef]) -> LinkResult:
    n = MAX_SCHWUENGE
    g, pop = c.g, c.pop
    hyp = [
        *c.constraints(only=("angriff.who", "angriff.once", "angriff.not_empty_pile", "gang.end_angriff", "gang.end_no_angriff")),
        *(pop(g.hands[q][n]) == c.size[n] for q in (0, 1)),
        *(_lemma_empty(pop, g.hands[q][n]) for q in (0, 1)),
    ]
    claim = z3.And(g.hands[0][n] == _n(0), g.hands[1][n] == _n(0))
    return _timed("end", lambda: _check(hyp, claim, logic="QF_UFBV", tags=tags))


PART_START = "start"
PART_STEP = "step"
PART_SCHWUENGE = "schwuenge"
PART_END = "end"
PARTS = (PART_START, PART_STEP, PART_SCHWUENGE, PART_END)
"""The chain's parts in order, each a query: the generic lemmas and the deal, the generic Schwung, the Schwünge of the model, the end."""


def chain(parts: Sequence[str] = PARTS, *, drop: tuple[str, ...] = ()) -> list[LinkResult]:
    """Run the links of these parts of the chain: (name, answer, seconds, core) each.

    Each link assumes only what the generic lemmas and the links before it proved; each
    check is a fresh solver. With ``drop``, the model's constraints of those clauses are
    left out: the links that need them must then fail (a test shows the chain can fail).
    """
    if isinstance(parts, str) or not all(isinstance(p, str) for p in parts):
        raise InvalidArgumentError("parts", f"a sequence of part names, got {parts!r}; known: {list(PARTS)}")
    unknown = sorted(set(parts) - set(PARTS))
    if unknown:
        raise InvalidArgumentError("parts", f"unknown parts of the card chain: {unknown}; known: {list(PARTS)}")
    c = _Chain(drop=drop)
    not_modelled = sorted(set(drop) - set(c.g.clause_ids())) if not isinstance(drop, str) else [drop]
    if not_modelled:
        raise InvalidArgumentError("drop", f"clause ids the Gang model does not constrain: {not_modelled}")
    tags = all_tags([c.g])
    results: list[LinkResult] = []
    if PART_START in parts:
        results += _generic_lemmas()
        results += _deal_links(c, tags)
    if PART_STEP in parts:
        results += c.step.proofs()
    if PART_SCHWUENGE in parts:
        results += [_schwung_link(c, s, tags) for s in range(MAX_SCHWUENGE)]
    if PART_END in parts:
        results.append(_end_link(c, tags))
    return results


def _summary(results: list[LinkResult]) -> Outcome:
    bad = [f"{name}: {answer}" for name, answer, _, _ in results if answer != PROVED]
    core = sorted({cid for *_, cs in results for cid in cs})
    slowest = max(results, key=lambda r: r[2])
    detail = f"{len(results)} lemmas, slowest {slowest[0]} {slowest[2]:.2f} s"
    if bad:
        return Outcome(COUNTEREXAMPLE, tuple(core), "; ".join(bad))
    return Outcome(PROVED, tuple(core), detail)


def _part(name: str) -> Callable[[], Outcome]:
    def body() -> Outcome:
        return _summary(chain((name,)))

    return body


CARD_QUERIES: tuple[Query, ...] = (
    Query(
        "inv.cards.start",
        "the population count lemmas; the deal holds the 26 Schwungkarten, 5 to each hand; the pile pairs share no card; "
        "before Schwung 1 each card is exactly once in a hand, the pile, the set-aside cards (lemma chain, first part)",
        PROVED,
        _part(PART_START),
    ),
    Query(
        "inv.cards.step",
        "a Schwung that takes the led card and the answer from the hands and, drawing, two different pile cards into them "
        "keeps every card exactly once in the five places and the hand sizes, for any hands and cards (lemma chain, generic step)",
        PROVED,
        _part(PART_STEP),
    ),
    Query(
        "inv.cards_conserved",
        "every Schwung of the model is such a step, so each keeps every card exactly once in the hands, the pile remainder, "
        "the set-aside or the played cards, and the hand sizes (from inv.cards.start and inv.cards.step)",
        PROVED,
        _part(PART_SCHWUENGE),
    ),
    Query(
        "inv.hands_empty_at_end",
        "both hands are empty when the Gang ends (from the hand sizes after Schwung 11, inv.cards_conserved)",
        PROVED,
        _part(PART_END),
    ),
)
"""The card-conservation queries of issue 6: one lemma chain in four parts, each assuming what the ones before proved."""
