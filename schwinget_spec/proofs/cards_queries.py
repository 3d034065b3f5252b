"""Card conservation in Z3 by a chain of small lemmas: population count facts, the deal holds the 26 cards, every card exactly once at every Schwung, both hands empty at the end."""

from __future__ import annotations

import time
from collections.abc import Callable

import z3  # type: ignore[import-untyped]

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

__all__ = ["CARD_QUERIES", "chain", "popcount"]

FULL = (1 << 26) - 1
"""The mask of all 26 Schwungkarten."""
POPCOUNT = "population count lemmas"
"""The name of the chain's first link: the generic lemmas, proved on the adder tree."""

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


def _count(flags: list[z3.BoolRef]) -> z3.BitVecRef:
    out = _n(0)
    for f in flags:
        out = out + z3.If(f, _n(1), _n(0))
    return out


# -- the generic population count lemmas, proved once on the adder tree and then used as facts
# about an uninterpreted ``pop``: the chain's queries then never bit-blast a population count.


def _lemma_add(pop: Callable[[z3.BitVecRef], z3.BitVecRef], m: z3.BitVecRef, card: z3.BitVecRef) -> z3.BoolRef:
    """Adding a card not held adds one."""
    return z3.Implies((m & _bit(card)) == _n(0), pop(m | _bit(card)) == pop(m) + _n(1))


def _lemma_remove(pop: Callable[[z3.BitVecRef], z3.BitVecRef], m: z3.BitVecRef, card: z3.BitVecRef) -> z3.BoolRef:
    """Removing a held card takes one away."""
    return z3.Implies((m & _bit(card)) != _n(0), pop(m & ~_bit(card)) == pop(m) - _n(1))


def _lemma_empty(pop: Callable[[z3.BitVecRef], z3.BitVecRef], m: z3.BitVecRef) -> z3.BoolRef:
    """Nothing counted, nothing held; and the empty mask counts zero."""
    return z3.And(pop(_n(0)) == _n(0), z3.Implies(pop(m) == _n(0), m == _n(0)))


def _lemma_full(pop: Callable[[z3.BitVecRef], z3.BitVecRef], m: z3.BitVecRef) -> z3.BoolRef:
    """26 cards among the 26 Schwungkarten are all of them."""
    return z3.Implies(z3.And(pop(m) == _n(26), (m & ~_n(FULL)) == _n(0)), m == _n(FULL))


def _generic_lemmas() -> tuple[str, float]:
    start = time.perf_counter()
    s = z3.SolverFor("QF_BV")
    m = z3.BitVec("m", MASK_BITS)
    c = z3.BitVec("c", CARD_BITS)
    s.add(z3.ULT(c, 26))
    s.add(
        z3.Not(
            z3.And(
                _lemma_add(popcount, m, c),
                _lemma_remove(popcount, m, c),
                _lemma_empty(popcount, m),
                _lemma_full(popcount, m),
            )
        )
    )
    r = s.check()
    return (PROVED if r == z3.unsat else COUNTEREXAMPLE if r == z3.sat else UNKNOWN), time.perf_counter() - start


def _prefix_mask(g: GangModel, positions: range) -> z3.BitVecRef:
    out = _n(0)
    for i in positions:
        out = out | _bit(g.deck[i])
    return out


class _Chain:
    """One Gang model with an uninterpreted ``pop`` and the five places a card can be before Schwung s."""

    def __init__(self) -> None:
        self.g = g = GangModel()
        self.pop = z3.Function("pop", z3.BitVecSort(MASK_BITS), z3.BitVecSort(MASK_BITS))
        self.deck_mask = _prefix_mask(g, range(26))
        self.set_aside = _prefix_mask(g, range(10, 14))
        self.pairs = [_prefix_mask(g, range(PILE_START + 2 * j, PILE_START + 2 * j + 2)) for j in range(DRAWING_SCHWUENGE)]

    def new_card(self, i: int) -> z3.BoolRef:
        """The card at deck position i is none of the cards before it."""
        return (_prefix_mask(self.g, range(i)) & _bit(self.g.deck[i])) == _n(0)

    def drew(self, t: int) -> z3.BoolRef:
        """True when Schwung t drew two pile cards (played, pile not locked: ``schwung.lead_draw``, ``angriff.locks_pile``)."""
        if t >= DRAWING_SCHWUENGE:
            return z3.BoolVal(False)
        return z3.And(self.g.active(t), z3.Not(self.g.locked(t)))

    def remainder(self, s: int) -> z3.BitVecRef:
        """The pile cards not drawn before Schwung s."""
        out = _n(0)
        for j, pair in enumerate(self.pairs):
            out = out | (pair if j >= s else z3.If(self.drew(j), _n(0), pair))
        return out

    def played(self, s: int) -> z3.BitVecRef:
        """The cards played in the Schwünge before s."""
        out = _n(0)
        for t in range(s):
            out = out | z3.If(self.g.active(t), _bit(self.g.led[t]) | _bit(self.g.answer[t]), _n(0))
        return out

    def size(self, s: int) -> z3.BitVecRef:
        """Cards in each hand before Schwung s: 5, plus one per draw, minus one per Schwung played."""
        return _n(5) + _count([self.drew(t) for t in range(s)]) - _count([self.g.active(t) for t in range(s)])

    def partition(self, s: int) -> z3.BoolRef:
        """Every card of the deal is in exactly one place before Schwung s (pairwise disjoint, union the deal)."""
        parts = [self.g.hands[0][s], self.g.hands[1][s], self.remainder(s), self.set_aside, self.played(s)]
        disjoint = [(parts[i] & parts[j]) == _n(0) for i in range(5) for j in range(i + 1, 5)]
        return z3.And(*disjoint, (parts[0] | parts[1] | parts[2] | parts[3] | parts[4]) == self.deck_mask)

    def sizes(self, s: int) -> z3.BoolRef:
        """Both hands hold ``size(s)`` cards before Schwung s."""
        return z3.And(*(self.pop(self.g.hands[q][s]) == self.size(s) for q in (0, 1)))

    def step_lemmas(self, s: int) -> list[z3.BoolRef]:
        """The population count lemmas at the hand updates of Schwung s."""
        g = self.g
        out: list[z3.BoolRef] = []
        for q in (0, 1):
            mine = g.leader[s] == z3.BoolVal(bool(q))
            played = z3.If(mine, g.led[s], g.answer[s])
            old = g.hands[q][s]
            out.append(_lemma_remove(self.pop, old, played))
            if s < DRAWING_SCHWUENGE:
                drawn = z3.If(mine, g.deck[PILE_START + 2 * s], g.deck[PILE_START + 2 * s + 1])
                out.append(_lemma_add(self.pop, old & ~_bit(played), drawn))
        return out

    def assert_clauses(self, s: z3.Solver, *, step: int | None = None, only: tuple[str, ...] = ()) -> None:
        """The tagged constraints of the deal and, with ``step``, of that Schwung; with ``only``, just those clauses."""
        for (cid, c), at in zip(self.g.constraints, self.g.step_of, strict=True):
            if only and cid not in only:
                continue
            if at is None or at == step or (only and at is not None):
                s.add(z3.Implies(GangModel.tag(cid), c))


Link = tuple[str, Callable[[_Chain, z3.Solver], list[z3.BoolRef]], Callable[[_Chain], z3.BoolRef]]


def _cases(c: _Chain, name: str) -> list[z3.BoolRef]:
    """The cases a link is proved in, one check each: for a Schwung, who leads it and whether it draws, is played without drawing, or is not played.

    The six cases of a Schwung cover every Gang; each is a much smaller question than
    their disjunction (about a fifth of the time altogether, measured in docs/proofs.md).
    """
    if not name.startswith("Schwung "):
        return [z3.BoolVal(True)]
    step = int(name.removeprefix("Schwung ")) - 1
    played = c.g.active(step)
    ways = [z3.And(played, c.drew(step)), z3.And(played, z3.Not(c.drew(step))), z3.Not(played)]
    if step >= DRAWING_SCHWUENGE:
        ways = ways[1:]
    return [z3.And(c.g.leader[step] == who, way) for who in (False, True) for way in ways]


def _links() -> list[Link]:
    """(name, hypotheses, claim) of every link of the chain after the generic lemmas, in order."""
    out: list[Link] = []
    deal = ("cards.schwungkarten",)
    for i in range(26):

        def deal_hyp(c: _Chain, s: z3.Solver, i: int = i) -> list[z3.BoolRef]:
            c.assert_clauses(s, only=deal)
            prefix = _prefix_mask(c.g, range(i))
            return [c.pop(prefix) == _n(i), _lemma_add(c.pop, prefix, c.g.deck[i]), _lemma_empty(c.pop, prefix)]

        out.append((f"deal card {i + 1}", deal_hyp, lambda c, i=i: z3.And(c.new_card(i), c.pop(_prefix_mask(c.g, range(i + 1))) == _n(i + 1))))  # type: ignore[misc]

    def full_hyp(c: _Chain, s: z3.Solver) -> list[z3.BoolRef]:
        c.assert_clauses(s, only=deal)
        return [c.pop(c.deck_mask) == _n(26), _lemma_full(c.pop, c.deck_mask)]

    out.append(("the deal holds the 26 Schwungkarten", full_hyp, lambda c: c.deck_mask == _n(FULL)))
    for q in (0, 1):
        for j in range(5):

            def hand_hyp(c: _Chain, s: z3.Solver, q: int = q, j: int = j) -> list[z3.BoolRef]:
                c.assert_clauses(s, only=deal)
                prefix = _prefix_mask(c.g, range(q, q + 2 * j, 2))
                return [c.pop(prefix) == _n(j), _lemma_add(c.pop, prefix, c.g.deck[q + 2 * j]), _lemma_empty(c.pop, prefix)]

            out.append(
                (
                    f"P{q} dealt card {j + 1}",
                    hand_hyp,
                    lambda c, q=q, j=j: c.pop(_prefix_mask(c.g, range(q, q + 2 * j + 2, 2))) == _n(j + 1),  # type: ignore[misc]
                )
            )

    def base_hyp(c: _Chain, s: z3.Solver) -> list[z3.BoolRef]:
        c.assert_clauses(s)
        return [*(c.pop(_prefix_mask(c.g, range(q, 10, 2))) == _n(5) for q in (0, 1)), *(c.new_card(i) for i in range(26))]

    out.append(("before Schwung 1", base_hyp, lambda c: z3.And(c.partition(0), c.sizes(0))))
    for step in range(MAX_SCHWUENGE):

        def step_hyp(c: _Chain, s: z3.Solver, step: int = step) -> list[z3.BoolRef]:
            c.assert_clauses(s, step=step)
            return [c.partition(step), c.sizes(step), *c.step_lemmas(step)]

        out.append(
            (f"Schwung {step + 1}", step_hyp, lambda c, step=step: z3.And(c.partition(step + 1), c.sizes(step + 1)))  # type: ignore[misc]
        )

    def end_hyp(c: _Chain, s: z3.Solver) -> list[z3.BoolRef]:
        c.assert_clauses(s, only=("angriff.who", "angriff.once", "angriff.not_empty_pile", "gang.end_angriff", "gang.end_no_angriff"))
        n = MAX_SCHWUENGE
        return [c.sizes(n), *(_lemma_empty(c.pop, c.g.hands[q][n]) for q in (0, 1))]

    out.append(("end", end_hyp, lambda c: z3.And(c.g.hands[0][MAX_SCHWUENGE] == _n(0), c.g.hands[1][MAX_SCHWUENGE] == _n(0))))
    return out


def chain(names: tuple[str, ...] | None = None) -> list[tuple[str, str, float, tuple[str, ...]]]:
    """Run the links (all, or those named): (name, answer, seconds, core) each.

    The generic population count lemmas are proved only when ``names`` is None or names
    them (``POPCOUNT``); the links use them as facts either way. One model serves every
    link; each case of a link (``_cases``) is checked by a fresh solver holding only the
    link's hypotheses, the negation of its claim and the case.
    """
    results: list[tuple[str, str, float, tuple[str, ...]]] = []
    if names is None or POPCOUNT in names:
        answer, seconds = _generic_lemmas()
        results.append((POPCOUNT, answer, seconds, ()))
    c = _Chain()
    tags = all_tags([c.g])
    for name, hyp, claim in _links():
        if names is not None and name not in names:
            continue
        start = time.perf_counter()
        answer, core = PROVED, set[str]()
        for case in _cases(c, name):
            # a fresh solver per case: on one solver with push and pop, Z3 falls back on its
            # incremental core, two to ten times slower here (docs/proofs.md)
            s = z3.SolverFor("QF_UFBV")
            s.set("core.minimize", True)
            s.add(*hyp(c, s))
            s.add(z3.Not(claim(c)), case)
            r = s.check(*tags)
            if r != z3.unsat:
                answer = COUNTEREXAMPLE if r == z3.sat else UNKNOWN
                break
            core.update(core_ids(s))
        results.append((name, answer, time.perf_counter() - start, tuple(sorted(core)) if answer == PROVED else ()))
    return results


def _summary(results: list[tuple[str, str, float, tuple[str, ...]]]) -> Outcome:
    bad = [f"{name}: {answer}" for name, answer, _, _ in results if answer != PROVED]
    core = sorted({cid for *_, cs in results for cid in cs})
    slowest = max(results, key=lambda r: r[2])
    detail = f"{len(results)} lemmas, slowest {slowest[0]} {slowest[2]:.1f} s"
    if bad:
        return Outcome(COUNTEREXAMPLE, tuple(core), "; ".join(bad))
    return Outcome(PROVED, tuple(core), detail)


DEAL_LINKS = 38
"""The links up to and including the state before Schwung 1 (after the population count lemmas): the deal, the dealt hands, the start."""


def _names(start: int, stop: int | None) -> tuple[str, ...]:
    return tuple(name for name, _, _ in _links()[start:stop])


def _deal_and_start() -> Outcome:
    return _summary(chain((POPCOUNT, *_names(0, DEAL_LINKS))))


def _schwuenge(first: int, last: int) -> Callable[[], Outcome]:
    def body() -> Outcome:
        return _summary(chain(_names(DEAL_LINKS + first - 1, DEAL_LINKS + last)))

    return body


def _hands_empty() -> Outcome:
    return _summary(chain(_names(-1, None)))


CARD_QUERIES: tuple[Query, ...] = (
    Query(
        "inv.cards.start",
        "the deal holds the 26 Schwungkarten, 5 to each hand, and before Schwung 1 each card is exactly once in a hand, the pile, the set-aside cards (lemma chain, first part)",
        PROVED,
        _deal_and_start,
    ),
    *(
        Query(
            f"inv.cards_conserved.s{k}",
            f"Schwung {k} keeps every card exactly once in the hands, the pile remainder, the set-aside or the played "
            f"cards, and the hand sizes (from the state before it: inv.cards.start"
            + ("" if k == 1 else f", inv.cards_conserved.s{k - 1}")
            + ")",
            PROVED,
            _schwuenge(k, k),
        )
        for k in range(1, MAX_SCHWUENGE + 1)
    ),
    Query(
        "inv.hands_empty_at_end",
        "both hands are empty when the Gang ends (from the hand sizes after Schwung 11, inv.cards_conserved.s11)",
        PROVED,
        _hands_empty,
    ),
)
"""The card-conservation queries of issue 6: one lemma chain, a query per Schwung, each assuming what the one before proved."""
