"""The Z3 queries: invariants proved for every deal and play, witnesses replayed through the engine, rule questions, consistency and cross-checks."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec.cards import Card
from schwinget_spec.deal import Deal
from schwinget_spec.errors import IllegalActionError, SchwingetError, UnknownNameError
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.players import Player
from schwinget_spec.proofs.base import (
    COUNTEREXAMPLE,
    PROVED,
    UNKNOWN,
    WITNESS,
    Outcome,
    Query,
    QueryResult,
    core_ids,
    new_solver,
    replay_mismatch,
)
from schwinget_spec.proofs.cards_queries import CARD_QUERIES
from schwinget_spec.proofs.match_crosscheck import MATCH_XCHECK_QUERIES
from schwinget_spec.proofs.match_queries import MATCH_QUERIES
from schwinget_spec.proofs.model import (
    BK,
    CARD_BITS,
    COUNT_BITS,
    DEFINITION_CLAUSES,
    KR,
    MAX_SCHWUENGE,
    MODELLED_SWITCHES,
    GangModel,
    all_tags,
    card_colour,
    is_six,
    rules_from,
)
from schwinget_spec.proofs.replay import Witness, assert_trace, extract_witness, outcome_index, replay
from schwinget_spec.proofs.runner import run_isolated
from schwinget_spec.proofs.scoring_drop_one import SCORING_DROP_ONE_QUERIES
from schwinget_spec.proofs.scoring_queries import SCORING_QUERIES
from schwinget_spec.proofs.wellformed import WELLFORMED_QUERIES
from schwinget_spec.rules import Rules

__all__ = [
    "DROP_ONE_PARTS",
    "QUERIES",
    "Query",
    "QueryResult",
    "drop_one_analysis",
    "drop_one_clause",
    "format_table",
    "random_trace",
    "run_queries",
    "to_json",
]

def _prove(prop: Callable[[GangModel], z3.BoolRef], *, broken: str | None = None) -> tuple[str, tuple[str, ...], Witness | None]:
    """Prove ``prop`` of every Gang: unsat of its negation. Returns the answer, the core, and a counterexample if any."""
    m = GangModel(broken=broken)
    s = new_solver()
    m.assert_into(s)
    s.add(z3.Not(prop(m)))
    r = s.check(*all_tags([m]))
    if r == z3.unsat:
        return PROVED, core_ids(s), None
    if r == z3.sat:
        return COUNTEREXAMPLE, (), extract_witness(s.model(), m)
    return UNKNOWN, (), None


def _witness(
    prop: Callable[[GangModel], z3.BoolRef], *, rules: Rules | None = None, broken: str | None = None
) -> Outcome:
    m = GangModel(broken=broken)
    s = new_solver()
    m.assert_into(s)
    s.add(prop(m))
    if rules is not None:
        s.add(m.rules_equal(rules))
    r = s.check(*all_tags([m]))
    if r == z3.unsat:
        return Outcome(PROVED, core_ids(s), "no such Gang exists")
    if r != z3.sat:
        return Outcome(UNKNOWN)
    w = extract_witness(s.model(), m)
    diff = replay_mismatch(w)
    if diff:
        return Outcome(COUNTEREXAMPLE, (), f"model/engine disagree: {diff}; {w.describe()}")
    return Outcome(WITNESS, (), f"replayed: tricks {w.model_tricks}; {w.describe()}")


def _invariant(prop: Callable[[GangModel], z3.BoolRef]) -> Callable[[], Outcome]:
    def body() -> Outcome:
        answer, core, cex = _prove(prop)
        return Outcome(answer, core, "" if cex is None else cex.describe())

    return body


def _any(xs: Sequence[z3.BoolRef]) -> z3.BoolRef:
    return z3.Or(*xs)


# -- invariants


def _tricks_total(m: GangModel) -> z3.BoolRef:
    total = m.final_tricks(0) + m.final_tricks(1)
    return z3.And(
        total == m.length,
        z3.Implies(z3.Not(m.has_angriff), total == MAX_SCHWUENGE),
        *(z3.Implies(m.angriff[s], total == s + 5) for s in range(MAX_SCHWUENGE)),
    )


def _plattwurf_needs_angriff(m: GangModel) -> z3.BoolRef:
    return z3.Implies(z3.ULT(m.outcome_code(), z3.BitVecVal(2, 3)), m.has_angriff)


def _plattwurf_winner_ahead(m: GangModel) -> z3.BoolRef:
    t0, t1 = m.final_tricks(0), m.final_tricks(1)
    return z3.And(z3.Implies(m.plattwurf(0), z3.UGE(t0, t1)), z3.Implies(m.plattwurf(1), z3.UGE(t1, t0)))


def _nothing_pending(m: GangModel) -> z3.BoolRef:
    return z3.Not(m.pending[MAX_SCHWUENGE])


def _angriff_bounds(m: GangModel) -> z3.BoolRef:
    return z3.And(
        z3.AtMost(*m.angriff, 1),
        # never with the pile used up: 2 cards drawn per Schwung, 12 in the pile
        *(z3.Not(m.angriff[s]) for s in range(6, MAX_SCHWUENGE)),
    )


def _one_plattwurf(m: GangModel) -> z3.BoolRef:
    return z3.Not(z3.And(m.plattwurf(0), m.plattwurf(1)))


# -- witnesses


def _w_defender_equal(m: GangModel) -> z3.BoolRef:
    att = m.attacker_is_p1()
    return z3.And(
        m.has_angriff,
        m.final_tricks(0) == m.final_tricks(1),
        z3.Or(z3.And(att, m.plattwurf(0)), z3.And(z3.Not(att), m.plattwurf(1))),
    )


def _w_pending_across_angriff(m: GangModel) -> z3.BoolRef:
    return _any([z3.And(m.neutral[s], m.active(s), m.angriff[s + 1]) for s in range(MAX_SCHWUENGE - 1)])


def _w_konter_beats_trump_six(m: GangModel) -> z3.BoolRef:
    bk = z3.BitVecVal(BK, CARD_BITS)
    cases = []
    for s in range(MAX_SCHWUENGE):
        led, ans = m.led[s], m.answer[s]
        trump_six_led = z3.And(is_six(led), card_colour(led) == m.trump)
        trump_six_ans = z3.And(is_six(ans), card_colour(ans) == m.trump)
        cases.append(z3.And(m.active(s), led == bk, trump_six_ans, m.leader_wins[s]))
        cases.append(z3.And(m.active(s), ans == bk, trump_six_led, z3.Not(m.leader_wins[s])))
    return _any(cases)


def _w_kr_last_vs_konter(m: GangModel) -> z3.BoolRef:
    kr, bk = z3.BitVecVal(KR, CARD_BITS), z3.BitVecVal(BK, CARD_BITS)
    return _any(
        [
            z3.And(m.is_last(s), z3.Or(z3.And(m.led[s] == kr, m.answer[s] == bk), z3.And(m.led[s] == bk, m.answer[s] == kr)))
            for s in range(MAX_SCHWUENGE)
        ]
    )


def _w_angriff_fifth_plattwurf(m: GangModel) -> z3.BoolRef:
    return z3.And(m.angriff[5], z3.Or(m.plattwurf(0), m.plattwurf(1)))


def _loser_tricks_at_least(k: int) -> Callable[[GangModel], z3.BoolRef]:
    def prop(m: GangModel) -> z3.BoolRef:
        kk = z3.BitVecVal(k, COUNT_BITS)
        return z3.Or(
            z3.And(m.plattwurf(0), z3.UGE(m.final_tricks(1), kk)),
            z3.And(m.plattwurf(1), z3.UGE(m.final_tricks(0), kk)),
        )

    return prop


def _plattwurf_loser_max() -> Outcome:
    """The largest number of tricks a Plattwurf loser holds: 5, with a witness for 5 and a proof against 6."""
    opt = z3.Optimize()
    m = GangModel()
    m.assert_into(opt)
    for t in all_tags([m]):
        opt.add(t)
    loser = z3.If(m.plattwurf(0), m.final_tricks(1), m.final_tricks(0))
    opt.add(z3.Or(m.plattwurf(0), m.plattwurf(1)))
    opt.maximize(loser)
    if opt.check() != z3.sat:
        return Outcome(UNKNOWN)
    w = extract_witness(opt.model(), m)
    best = int(opt.model().eval(loser).as_long())
    diff = replay_mismatch(w)
    if diff:
        return Outcome(COUNTEREXAMPLE, (), f"model/engine disagree: {diff}; {w.describe()}")
    answer, core, _ = _prove(lambda g: z3.Not(_loser_tricks_at_least(best + 1)(g)))
    if answer != PROVED:
        return Outcome(COUNTEREXAMPLE, (), f"optimum {best} not proved maximal")
    return Outcome(WITNESS, core, f"maximum {best} (replayed; {best + 1} proved impossible); {w.describe()}")


# -- rule questions


def _switch_changes_result(name: str) -> Outcome:
    """Two copies of the Gang with the same deal and the same actions (``play_of``), differing only in switch ``name``."""
    a = GangModel("a.")
    b = GangModel("b.", play_of=a)
    s = new_solver()
    a.assert_into(s)
    b.assert_into(s)
    s.add(a.switch[name], z3.Not(b.switch[name]))
    for other in MODELLED_SWITCHES:
        if other != name:
            s.add(a.switch[other] == b.switch[other])
    s.add(
        z3.Or(
            a.final_tricks(0) != b.final_tricks(0),
            a.outcome_code() != b.outcome_code(),
        )
    )
    r = s.check(*all_tags([a, b]))
    if r == z3.unsat:
        return Outcome(PROVED, core_ids(s), f"{name} never changes the result of a play legal under both readings")
    if r != z3.sat:
        return Outcome(UNKNOWN)
    wa, wb = extract_witness(s.model(), a), extract_witness(s.model(), b)
    for w in (wa, wb):
        diff = replay_mismatch(w)
        if diff:
            return Outcome(COUNTEREXAMPLE, (), f"model/engine disagree: {diff}; {w.describe()}")
    return Outcome(
        WITNESS,
        (),
        f"{name}=True: tricks {wa.model_tricks} outcome {wa.model_outcome}; False: tricks {wb.model_tricks} "
        f"outcome {wb.model_outcome}; both replayed; {wa.describe()}",
    )


def _switch_never_matters_stepwise(name: str) -> Outcome:
    """Switch ``name`` never changes the result of a play legal under both readings, by induction over the Schwünge.

    Two copies share the deal and every choice and differ only in the switch. Base: both
    start in the same state. Step s (a small query over the constraints of Schwung s
    alone): the same state before it gives the same outcome of the Schwung and the same
    state after it. The Gang's result is a function of those, so it is the same.
    """
    core: set[str] = set()
    a = GangModel("a.")
    b = GangModel("b.", play_of=a)
    for step in range(MAX_SCHWUENGE):
        s = new_solver()
        a.assert_step_into(s, step)
        b.assert_step_into(s, step)
        s.add(a.switch[name], z3.Not(b.switch[name]))
        s.add(*(a.switch[o] == b.switch[o] for o in MODELLED_SWITCHES if o != name))
        s.add(a.length == b.length)
        same_before = [a.leader[step] == b.leader[step], a.pending[step] == b.pending[step]]
        same_after = [a.leader[step + 1] == b.leader[step + 1], a.pending[step + 1] == b.pending[step + 1]]
        for q in (0, 1):
            same_before += [a.hands[q][step] == b.hands[q][step], a.tricks[q][step] == b.tricks[q][step]]
            same_after += [a.hands[q][step + 1] == b.hands[q][step + 1], a.tricks[q][step + 1] == b.tricks[q][step + 1]]
        same_after.append(
            z3.Implies(
                a.active(step),
                z3.And(
                    a.neutral[step] == b.neutral[step],
                    z3.Or(a.neutral[step], a.leader_wins[step] == b.leader_wins[step]),
                ),
            )
        )
        s.add(*same_before)
        s.add(z3.Not(z3.And(*same_after)))
        r = s.check(*all_tags([a, b]))
        if r == z3.sat:
            return Outcome(COUNTEREXAMPLE, (), f"the readings of {name} part at Schwung {step + 1}")
        if r not in (z3.sat, z3.unsat):
            return Outcome(UNKNOWN)
        core.update(core_ids(s))
    return Outcome(PROVED, tuple(sorted(core)), f"{name} never changes the result of a play legal under both readings")


def _special_follow_changes_legality() -> Outcome:
    """A play legal when special cards are free and illegal when they follow colour."""
    kr, bk = z3.BitVecVal(KR, CARD_BITS), z3.BitVecVal(BK, CARD_BITS)
    m = GangModel()
    s = new_solver()
    m.assert_into(s)
    s.add(m.rules_equal(Rules()))
    cases = []
    for i in range(MAX_SCHWUENGE):
        ans_hand = m.hand_of(z3.Not(m.leader[i]), i)
        led_col = card_colour(m.led[i])
        holds_led = z3.Or(
            *(z3.And(led_col == k, (ans_hand & z3.BitVecVal(0x3F << (6 * k), 32)) != 0) for k in range(4))
        )
        cases.append(z3.And(m.active(i), holds_led, z3.Or(m.answer[i] == kr, m.answer[i] == bk)))
    s.add(_any(cases))
    if s.check(*all_tags([m])) != z3.sat:
        return Outcome(UNKNOWN)
    w = extract_witness(s.model(), m)
    diff = replay_mismatch(w)
    if diff:
        return Outcome(COUNTEREXAMPLE, (), f"model/engine disagree: {diff}; {w.describe()}")
    try:
        replay(w.deck, w.starter, w.actions, attrs.evolve(w.rules, special_cards_follow_colour=True))
    except IllegalActionError as exc:
        return Outcome(
            WITNESS,
            (exc.clause_id or "",),
            f"legal by default, rejected under special_cards_follow_colour at step {exc.step}; {w.describe()}",
        )
    return Outcome(COUNTEREXAMPLE, (), f"engine accepts under both readings; {w.describe()}")


# -- consistency


def _jointly_satisfiable() -> Outcome:
    out = _witness(lambda m: z3.BoolVal(True))
    return Outcome(WITNESS if out.answer == WITNESS else out.answer, tuple(GangModel().clause_ids()), out.detail)


DROP_ONE_PARTS = 6
"""The Gang drop-one analysis runs as this many queries, each dropping every sixth clause: a few seconds each."""


def drop_one_analysis(part: int | None = None) -> dict[str, str]:
    """For each clause (every ``DROP_ONE_PARTS``-th from ``part``, or all): what dropping it gives (``drop_one_clause``)."""
    ids = GangModel(definitions_as_clauses=True).clause_ids()
    if part is not None:
        ids = ids[part::DROP_ONE_PARTS]
    return {cid: drop_one_clause(cid) for cid in ids}


def drop_one_clause(cid: str) -> str:
    """Drop clause ``cid``, ask for a Gang breaking it, replay that Gang in the engine.

    'caught' when the engine rejects it or scores it differently; 'implied' when the other
    clauses already imply it (no Gang breaks it); 'not caught' when the engine accepts it unchanged.
    A definition (``DEFINITION_CLAUSES``) is dropped from a model that writes the
    definitions as clauses; every other clause from the plain model the proofs use.
    """
    definition = cid in DEFINITION_CLAUSES
    m = GangModel(definitions_as_clauses=definition)
    own = [c for k, c in m.constraints if k == cid]
    if not own:
        # a permission (schwung.void_any, trump.anytime): dropped, the model must reject some engine Gang
        return "caught" if _permission_needed(cid) else "not caught"
    others = [t for t in all_tags([m]) if str(t) != f"tag:{cid}"]

    def without_cid() -> z3.Solver:
        # no core is read here: the other clauses are plain facts, not assumptions, which Z3's
        # simplifier can use, and each breach gets a fresh solver (one solver with push and pop
        # took 10-18 s for some clauses, a fresh one about a second)
        s = z3.SolverFor("QF_BV")
        m.assert_into(s, drop=(cid,))
        s.add(*others)
        # the unrolling bound is no rule: a Gang longer than 11 Schwünge would hide past it
        s.add(z3.ULE(m.length, MAX_SCHWUENGE))
        return s

    verdict = _break_and_replay(without_cid(), m, z3.Not(z3.And(*own)))
    if verdict == "not caught" and len(own) > 1:
        # that breach changed nothing the engine shows (say, after the last Schwung):
        # break each of the clause's constraints alone, the others kept, until one shows
        for i, c in enumerate(own):
            verdict = _break_and_replay(without_cid(), m, z3.And(*own[:i], *own[i + 1 :], z3.Not(c)))
            if verdict == "caught":
                break
        else:
            verdict = "not caught"
    if verdict == "not caught" and _result_needs(cid, definitions_as_clauses=definition):
        verdict = "caught"
    return verdict


def _result_needs(cid: str, tries: int = 10, *, definitions_as_clauses: bool = False) -> bool:
    """True when, without ``cid``, the model allows a result other than the engine's for some random engine Gang.

    The check of ``xcheck.random_traces`` with the clause's literal off: a clause whose
    breaches Z3 happened to pick left the replayed Gang unchanged still changes that
    query's answer if it pins a result down. The Gänge are those of seeds 0 to
    ``tries - 1`` and of the first four seeds whose revealed card is a special card."""
    special = [seed for seed in range(1000) if Deal.shuffled(seed).revealed in (Card.KR, Card.BK)][:4]
    for seed in (*range(tries), *special):
        rules = rules_from({n: bool((seed >> i) & 1) for i, n in enumerate(MODELLED_SWITCHES)})
        deck, starter, actions, final = random_trace(seed, rules)
        verdict, _core = check_trace(
            deck, starter, actions, rules, final=final, off=(cid,), definitions_as_clauses=definitions_as_clauses
        )
        if verdict != "sat":
            return True
    return False


def _break_and_replay(s: z3.Solver, m: GangModel, breach: z3.BoolRef) -> str:
    """Ask ``s`` for a Gang with ``breach`` and replay it: caught, not caught, implied (no such Gang) or unknown."""
    s.add(breach)
    r = s.check()
    if r == z3.unsat:
        return "implied"
    if r != z3.sat:
        return "unknown"
    try:
        w = extract_witness(s.model(), m)
    except SchwingetError:
        return "caught"  # not even a deck of the 26 Schwungkarten
    return "caught" if replay_mismatch(w) else "not caught"


def _permission_needed(cid: str, tries: int = 10) -> bool:
    for seed in range(tries):
        deck, starter, actions, _ = random_trace(seed)
        verdict, _core = check_trace(deck, starter, actions, Rules(), off=(cid,))
        if verdict == "unsat":
            return True
    return False


def _drop_one(part: int) -> Outcome:
    report = drop_one_analysis(part)
    weak = sorted(k for k, v in report.items() if v != "caught")
    detail = "; ".join(f"{k}: {report[k]}" for k in weak) or "every clause caught"
    failed = any(v in ("not caught", "unknown") for v in report.values())
    return Outcome(COUNTEREXAMPLE if failed else PROVED, tuple(sorted(report)), detail)


# -- cross-checks


def random_trace(seed: int, rules: Rules | None = None) -> tuple[tuple[Card, ...], Player, tuple[str, ...], GangState]:
    """A Gang played by the engine with uniformly random legal actions from the deal of ``seed``."""
    rng = random.Random(seed)
    deal = Deal.shuffled(seed)
    starter = Player(seed % 2)
    state = start_gang(deal, starter, rules)
    codes: list[str] = []
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        codes.append(action.code)
        state = state.apply(action)
    return deal.deck, starter, tuple(codes), state


def check_trace(
    deck: Sequence[Card],
    starter: Player,
    actions: Sequence[str],
    rules: Rules,
    *,
    final: GangState | None = None,
    broken: str | None = None,
    off: Sequence[str] = (),
    definitions_as_clauses: bool = False,
) -> tuple[str, tuple[str, ...]]:
    """Assert a concrete trace into the model: 'sat' or 'unsat' with the core.

    With ``final``, the model must also agree with the engine's tricks and outcome: the
    model is asked for a different result, which must be unsat, and for the trace alone, which must be sat.
    """
    m = GangModel(broken=broken, definitions_as_clauses=definitions_as_clauses)
    s = new_solver()
    m.assert_into(s)
    s.add(*assert_trace(m, deck, starter, actions, rules))
    s.add(*(z3.Not(GangModel.tag(cid)) for cid in off))
    tags = [t for t in all_tags([m]) if str(t).removeprefix("tag:") not in off]
    r = s.check(*tags)
    if r != z3.sat:
        return str(r), core_ids(s) if r == z3.unsat else ()
    if final is not None:
        res = final.result
        s.add(
            z3.Or(
                m.final_tricks(0) != res.tricks[0],
                m.final_tricks(1) != res.tricks[1],
                m.outcome_code() != outcome_index(res),
            )
        )
        if s.check(*tags) != z3.unsat:
            return "different result", ()
    return "sat", ()


def _check_trace_in(s: z3.Solver, m: GangModel, trace: tuple[tuple[Card, ...], Player, tuple[str, ...], GangState], rules: Rules) -> str:
    """``check_trace(deck, starter, actions, rules, final=final)`` of ``trace`` on a model ``m`` already asserted into ``s``: the trace's facts come and go in a scope of their own."""
    deck, starter, actions, final = trace
    tags = all_tags([m])
    s.push()
    try:
        s.add(*assert_trace(m, deck, starter, actions, rules))
        r = s.check(*tags)
        if r != z3.sat:
            return str(r)
        res = final.result
        s.add(
            z3.Or(
                m.final_tricks(0) != res.tricks[0],
                m.final_tricks(1) != res.tricks[1],
                m.outcome_code() != outcome_index(res),
            )
        )
        return "sat" if s.check(*tags) == z3.unsat else "different result"
    finally:
        s.pop()


def _random_traces(count: int = 20) -> Outcome:
    # one model for every trace (each trace asserted in a scope of its own): its build took
    # most of this query's time when each trace had a model of its own
    m = GangModel()
    s = new_solver()
    m.assert_into(s)
    bad = []
    for seed in range(count):
        rules = rules_from({n: bool((seed >> i) & 1) for i, n in enumerate(MODELLED_SWITCHES)})
        verdict = _check_trace_in(s, m, random_trace(seed, rules), rules)
        if verdict != "sat":
            bad.append(f"seed {seed}: {verdict}")
    if bad:
        return Outcome(COUNTEREXAMPLE, (), "; ".join(bad))
    return Outcome(PROVED, (), f"{count} random engine Gänge accepted with the engine's result")


QUERIES: tuple[Query, ...] = (
    Query("inv.tricks_total", "the tricks sum to 11 without an Angriff and to k + 5 after one after k Schwünge", PROVED, _invariant(_tricks_total)),
    Query("inv.plattwurf_needs_angriff", "a Plattwurf row only after an Angriff", PROVED, _invariant(_plattwurf_needs_angriff)),
    Query("inv.plattwurf_winner_ahead", "the Plattwurf winner has at least as many tricks as the opponent", PROVED, _invariant(_plattwurf_winner_ahead)),
    Query("inv.nothing_pending", "no neutralised trick is pending at the end of a Gang", PROVED, _invariant(_nothing_pending)),
    Query("inv.angriff_bounds", "at most one Angriff, never with the pile used up (never after the 5th Schwung)", PROVED, _invariant(_angriff_bounds)),
    Query("inv.one_plattwurf", "at most one player wins by Plattwurf", PROVED, _invariant(_one_plattwurf)),
    *CARD_QUERIES,
    *WELLFORMED_QUERIES,
    Query("wit.plattwurf_defender_equal", "a Plattwurf by the defender with equal trick totals", WITNESS, lambda: _witness(_w_defender_equal)),
    Query("wit.kr_pending_across_angriff", "a Kampfrichter trick pending across the Angriff", WITNESS, lambda: _witness(_w_pending_across_angriff)),
    Query("wit.konter_beats_trump_six", "a Brienzer-Konter beating a trump 6 (default rules)", WITNESS, lambda: _witness(_w_konter_beats_trump_six, rules=Rules())),
    Query("wit.kr_last_vs_konter", "a Kampfrichter on the last Schwung against the Konter", WITNESS, lambda: _witness(_w_kr_last_vs_konter)),
    Query("wit.angriff_fifth_plattwurf", "an Angriff after the 5th Schwung followed by a Plattwurf", WITNESS, lambda: _witness(_w_angriff_fifth_plattwurf)),
    Query("opt.plattwurf_loser_max", "the largest number of tricks the loser of a Plattwurf can hold (5)", WITNESS, _plattwurf_loser_max),
    Query("rule.special_cards_follow_colour.legality", "special_cards_follow_colour makes some default-legal play illegal", WITNESS, _special_follow_changes_legality),
    Query("rule.special_cards_follow_colour.result", "special_cards_follow_colour never changes the result of a play legal under both readings", PROVED, lambda: _switch_never_matters_stepwise("special_cards_follow_colour")),
    Query("rule.void_konter_beats_six", "void_konter_beats_six changes the result of some Gang", WITNESS, lambda: _switch_changes_result("void_konter_beats_six")),
    Query("rule.konter_beats_trump_six", "konter_beats_trump_six changes the result of some Gang", WITNESS, lambda: _switch_changes_result("konter_beats_trump_six")),
    Query("rule.konter_loses_to_kampfrichter", "konter_loses_to_kampfrichter changes the result of some Gang", WITNESS, lambda: _switch_changes_result("konter_loses_to_kampfrichter")),
    Query("rule.void_kampfrichter_neutralises", "void_kampfrichter_neutralises changes the result of some Gang", WITNESS, lambda: _switch_changes_result("void_kampfrichter_neutralises")),
    *SCORING_QUERIES,
    *MATCH_QUERIES,
    *MATCH_XCHECK_QUERIES,
    Query("cons.jointly_satisfiable", "all clause constraints hold together in some Gang (replayed)", WITNESS, _jointly_satisfiable),
    Query("xcheck.random_traces", "random engine Gänge are accepted by the model with the engine's result", PROVED, _random_traces),
    *(
        Query(
            f"cons.drop_one.{k}",
            f"dropping each Gang clause (clauses {k + 1}, {k + 1 + DROP_ONE_PARTS}, {k + 1 + 2 * DROP_ONE_PARTS}, ... of the model) "
            "admits a Gang the engine rejects or scores differently, unless the others imply it",
            PROVED,
            lambda k=k: _drop_one(k),  # type: ignore[misc]
            slow=True,
        )
        for k in range(DROP_ONE_PARTS)
    ),
    *SCORING_DROP_ONE_QUERIES,
)
"""Every query, in the order of issue 6."""


def run_queries(
    names: Sequence[str] | None = None,
    *,
    include_slow: bool = True,
    jobs: int = 1,
    on_start: Callable[[Query], None] | None = None,
    on_result: Callable[[QueryResult], None] | None = None,
) -> list[QueryResult]:
    """Run the queries named in ``names`` (all when None), each in a process of its own, ``jobs`` at a time, and time each.

    The results come in the order of ``QUERIES``; ``on_start`` and ``on_result`` see each
    query start and answer (``runner.run_isolated``).
    """
    chosen = [q for q in QUERIES if (names is None and (include_slow or not q.slow)) or (names is not None and q.name in names)]
    if names is not None:
        unknown = set(names) - {q.name for q in QUERIES}
        if unknown:
            raise UnknownNameError("names", sorted(unknown), f"unknown queries {sorted(unknown)}; known: {[q.name for q in QUERIES]}")
    return run_isolated(chosen, jobs=jobs, known=QUERIES, on_start=on_start, on_result=on_result)


def format_table(results: Sequence[QueryResult]) -> str:
    """The results as a text table: query, answer, expected mark, seconds, clauses."""
    lines = [f"{'query':45} {'answer':15} {'ok':3} {'seconds':>8}  clauses"]
    for r in results:
        mark = "yes" if r.ok else "NO"
        lines.append(f"{r.name:45} {r.answer:15} {mark:3} {r.seconds:8.2f}  {', '.join(r.clauses)}")
    return "\n".join(lines)


def to_json(results: Sequence[QueryResult]) -> str:
    """The results as a JSON array of objects (name, claim, expected, answer, ok, seconds, cpu_seconds, clauses, detail): ``seconds`` wall clock, ``cpu_seconds`` the CPU time of the query's process."""
    return json.dumps(
        [
            {
                "name": r.name,
                "claim": r.claim,
                "expected": r.expected,
                "answer": r.answer,
                "ok": r.ok,
                "seconds": r.seconds,
                "cpu_seconds": r.cpu_seconds,
                "clauses": list(r.clauses),
                "detail": r.detail,
            }
            for r in results
        ],
        indent=2,
        ensure_ascii=False,
    )
