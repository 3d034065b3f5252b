"""Game questions, a deal quantified before the play: counterexample-guided refinement, Z3 proposing deals and a search refuting them with a line.

"There is a deal where P whatever both play" (∃ deal ∀ play) is answered by CEGAR: Z3
proposes a deal on which some play gives P; Z3 on that one deal looks for a legal play
without P (the refuting line); the line, read as a constraint on every deal ("on this deal
the line is illegal, or it gives P"), is added to the proposer; repeat until the proposer
has no deal left (a proof that none exists, with its clauses), or the refuter finds no
line (a deal, proved by Z3 for every play), or the rounds or seconds run out (a bound).

"There is a deal where P under perfect play" reads P as a value of the Gang under best play
(the starter wins, does not lose, forces a Plattwurf) and uses the compiled solver as the
refuter; a refuted deal is excluded as a whole, so a search that runs out is a bound.
"""

from __future__ import annotations

import time

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec.ask.answers import BUG, COUNTEREXAMPLE, NONE, PROVED, UNKNOWN, WITNESS, Answer, GangFound
from schwinget_spec.ask.compile import Compiled, compile_prop
from schwinget_spec.ask.policies import Policy, policy_constraints
from schwinget_spec.ask.questions import Question
from schwinget_spec.ask.solve import confirm, reading_literal, run_check, split_core
from schwinget_spec.ask.terms import (
    GANG_SWITCHES,
    MAX_SCHWUNG,
    Not,
    Plattwurf,
    PlayerRef,
    Prop,
    Wins,
    names_result_player,
)
from schwinget_spec.cards import Card
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.proofs.base import new_solver
from schwinget_spec.proofs.model import CARD_BITS, GangModel
from schwinget_spec.proofs.replay import Witness, extract_witness, model_bool, model_int
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.solver import compiled
from schwinget_spec.twin.codes import ACTION_CODES

__all__ = ["DEFAULT_ROUNDS", "LEGALITY_CLAUSES", "answer_game_question", "deck_of", "perfect_play_goal"]

DEFAULT_ROUNDS = 400
"""The most candidate deals one game question tries before it answers with a bound."""

LEGALITY_CLAUSES = frozenset(
    {"cards.schwungkarten", "angriff.not_empty_pile", "angriff.once", "angriff.who", "schwung.lead", "schwung.answer", "schwung.farbzwang"}
)
"""The clauses that make a play legal; every other constraint of the model defines the Gang's course from the deal and the play.

A refuting line is added to the proposer as "the line is illegal on this deal, or it
gives P": the defining constraints (hands, tricks, leaders, who wins a Schwung, the
length, the points) have exactly one solution for a deal and a play, so they are added
as they are, and only these clauses stand under the "illegal" side.
"""


@attrs.frozen
class _Line:
    deck: tuple[int, ...]
    angriff: tuple[bool, ...]
    led: tuple[int, ...]
    answer: tuple[int, ...]
    choice: tuple[bool, ...]


def _card_at(g: GangModel, deck: tuple[int, ...], card: int) -> z3.BitVecRef:
    """The card of ``g``'s deck at the position ``card`` has in ``deck``; the card itself where it is in none (a Schwung not played)."""
    return g.deck[deck.index(card)] if card in deck else z3.BitVecVal(card, CARD_BITS)


def _line_of(model: z3.ModelRef, g: GangModel, deck: list[int]) -> _Line:
    n = range(MAX_SCHWUNG)
    return _Line(
        tuple(deck),
        tuple(model_bool(model, g.angriff[s]) for s in n),
        tuple(model_int(model, g.led[s]) for s in n),
        tuple(model_int(model, g.answer[s]) for s in n),
        tuple(model_bool(model, g.choice[s]) for s in n),
    )


def _fix_readings(solver: z3.Solver, c: Compiled, fixed: dict[str, bool]) -> list[z3.BoolRef]:
    lits = []
    for name, value in fixed.items():
        lit = reading_literal(name, value)
        solver.add(z3.Implies(lit, c.switch(name) == value))
        lits.append(lit)
    return lits


def _add_refutation(solver: z3.Solver, base: Compiled, prop: Prop, line: _Line, *, k: int, fixed: dict[str, bool]) -> None:
    """On the proposer's deal, ``line`` is illegal or gives ``prop``."""
    g = GangModel(prefix=f"line{k}.")
    c = Compiled(g)
    term = compile_prop(c, prop)
    # the line's length is its own (the Angriff it makes), on every deal: the Schwünge after it are not played, and of
    # their constraints only the carried trick counts and pending trick are kept (the result reads them)
    length = next((k + 5 for k, attack in enumerate(line.angriff) if attack), MAX_SCHWUNG)
    steps = [*g.step_of, *([None] * (len(c.constraints()) - len(g.step_of)))]
    legal = []
    for (cid, constraint), step in zip(c.constraints(), steps, strict=True):
        if step is not None and step >= length and cid not in ("trick.winner_takes", "kampfrichter.collect"):
            continue
        if cid in LEGALITY_CLAUSES:
            legal.append(constraint)
        else:
            solver.add(z3.Implies(GangModel.tag(cid), constraint))
    solver.add(*c.ties)
    for a, b in zip(g.deck, base.gang.deck, strict=True):
        solver.add(a == b)
    solver.add(g.starter == base.gang.starter)
    for name, value in fixed.items():
        solver.add(c.switch(name) == value)
    # the line by deck positions: "lead the card dealt at position 4", so that it is a play of every deal
    for s in range(MAX_SCHWUNG):
        solver.add(g.angriff[s] == line.angriff[s], g.choice[s] == line.choice[s])
        solver.add(g.led[s] == _card_at(base.gang, line.deck, line.led[s]), g.answer[s] == _card_at(base.gang, line.deck, line.answer[s]))
    legal_here = z3.And(*legal, GangModel.tag("schwung.void_any"), GangModel.tag("trump.anytime"))
    solver.add(z3.Implies(legal_here, term))


def _add_policy(solver: z3.Solver, base: Compiled, prop: Prop, policy: Policy, k: int) -> None:
    """On the proposer's deal, the play of ``policy`` gives ``prop``: a copy of the Gang whose play the policy fixes."""
    g = GangModel(prefix=f"policy{k}.")
    c = Compiled(g)
    term = compile_prop(c, prop)
    c.assert_into(solver)
    for a, b in zip(g.deck, base.gang.deck, strict=True):
        solver.add(a == b)
    solver.add(g.starter == base.gang.starter)
    for name in GANG_SWITCHES:
        solver.add(c.switch(name) == base.switch(name))
    solver.add(*policy_constraints(g, policy))
    solver.add(term)


def deck_of(deal: Deal) -> tuple[Card, ...]:
    """The deck, top first, that ``Deal.from_deck`` deals as ``deal`` (the model's deck positions)."""
    deck: list[Card] = []
    for i in range(5):
        deck += [deal.hands[0][i], deal.hands[1][i]]
    return (*deck, deal.revealed, *deal.face_down, *deal.pile)


def _found_of(model: z3.ModelRef, c: Compiled) -> tuple[Witness, GangFound]:
    w = extract_witness(model, c.gang)
    rules = attrs.evolve(w.rules, good_loser_after_plattwurf=model_bool(model, c.good_loser))
    w = attrs.evolve(w, rules=rules)
    return w, GangFound(w.deck, w.starter, w.actions, rules)


def _one_deal_any_play(question: Question, timeout: float) -> Answer:
    """Every play of the deal ``question.seed`` names gives P: a proof by Z3, or a line of play that does not, replayed."""
    assert question.seed is not None
    start = time.perf_counter()
    deck = deck_of(Deal.shuffled(question.seed))
    text = question.text or repr(question.prop)
    c = Compiled(GangModel(prefix="play."))
    solver = new_solver()
    solver.set("timeout", max(1, int(timeout * 1000)))
    term = compile_prop(c, question.prop)
    tags = c.assert_into(solver)
    lits = _fix_readings(solver, c, question.fixed())
    solver.add(*(d == card.index for d, card in zip(c.gang.deck, deck, strict=True)), c.gang.starter == (question.starter is Player.P1))
    method = f"Z3 over every play of the one deal Deal.shuffled({question.seed}), {question.starter.code} leading"
    r = run_check(solver, *tags, *lits, z3.Not(term))
    if r == z3.unsat:
        core, _ = split_core(solver)
        return Answer(text, question.kind, PROVED, method + ": no play avoids it, a proof", time.perf_counter() - start, core,
                      is_proof=True)
    if r != z3.sat:
        return Answer(text, question.kind, UNKNOWN, method, time.perf_counter() - start,
                      detail=f"Z3 gave no answer within {timeout:g} s")
    w, found = _found_of(solver.model(), c)
    problem = confirm(w, found, question.prop, False)
    if problem:
        return Answer(text, question.kind, BUG, method, time.perf_counter() - start, gang=found, detail=problem)
    return Answer(text, question.kind, COUNTEREXAMPLE, method + ": a line of play without it, replayed on the engine",
                  time.perf_counter() - start, gang=found, is_proof=True)


def _proposer(question: Question, fixed: dict[str, bool]) -> tuple[Compiled, z3.Solver, list[z3.BoolRef]]:
    """The proposer of a game question (a deal on which some play gives its proposition), its model and its assumptions."""
    base = Compiled(GangModel(prefix="deal."))
    proposer = new_solver()
    proposer.add(compile_prop(base, question.prop))
    tags = base.assert_into(proposer)
    return base, proposer, [*tags, *_fix_readings(proposer, base, fixed)]


def _check_until(solver: z3.Solver, assumptions: list[z3.BoolRef], deadline: float) -> z3.CheckSatResult:
    """``run_check`` within the seconds left before ``deadline``; unknown, unasked, when none are left."""
    left = deadline - time.perf_counter()
    if left <= 0:
        return z3.unknown
    solver.set("timeout", max(1, int(left * 1000)))
    return run_check(solver, *assumptions)


def _any_play(question: Question, timeout: float, rounds: int, policies: tuple[Policy, ...]) -> Answer:
    if question.seed is not None:
        return _one_deal_any_play(question, timeout)
    start = time.perf_counter()
    deadline = start + timeout
    fixed = question.fixed()
    text = question.text or repr(question.prop)
    # the proposer: a deal on which some play gives P and no refuting line found so far gives not-P
    base, proposer, assumptions = _proposer(question, fixed)
    # every policy of the family refutes the deals where its play does not give P, all at once; the proposer's own
    # Gang is the first policy's play (no play variables left free: each a deal where every policy's play gives P)
    if policies:
        proposer.add(*policy_constraints(base.gang, policies[0]))
    for k, policy in enumerate(policies[1:]):
        _add_policy(proposer, base, question.prop, policy, k)
    # the refuter: on one deal, a legal play that does not give P
    target = Compiled(GangModel(prefix="play."))
    refuter = new_solver()
    refuter.add(z3.Not(compile_prop(target, question.prop)))
    refuter_tags = target.assert_into(refuter)
    refuter_assumptions = [*refuter_tags, *_fix_readings(refuter, target, fixed)]
    short = z3.Bool("play.short_gang")
    refuter.add(z3.Implies(short, target.gang.angriff[0]))
    method = "CEGAR: Z3 proposes a deal, Z3 on that deal searches every play for a refuting line, each line added back as a constraint"
    if policies:
        method += f", {len(policies)} play policies refuting deals in the proposer"
    done = 0
    for k in range(rounds):
        r = _check_until(proposer, assumptions, deadline)
        if r == z3.unsat:
            core, readings = split_core(proposer)
            return Answer(text, question.kind, NONE, method + "; the proposer has no deal left: a proof",
                          time.perf_counter() - start, core, readings, is_proof=True,
                          detail=f"{_deals(k)} proposed and refuted, each by a line of play")
        if r != z3.sat:
            break
        model = proposer.model()
        deck = [model_int(model, d) for d in base.gang.deck]
        starter = model_bool(model, base.gang.starter)
        refuter.push()
        refuter.add(*(d == v for d, v in zip(target.gang.deck, deck, strict=True)), target.gang.starter == starter)
        refuter.set("timeout", max(1, int(max(deadline - time.perf_counter(), 0.001) * 1000)))
        # the short Gang first (the starter attacks before Schwung 1: five Schwünge from the hands dealt), whose
        # lines read few deck positions and so exclude many deals at once; then any play
        rr = run_check(refuter, *refuter_assumptions, short)
        if rr != z3.sat:
            rr = run_check(refuter, *refuter_assumptions)
        line = _line_of(refuter.model(), target.gang, deck) if rr == z3.sat else None
        refuter.pop()
        if rr == z3.unsat:
            w, found = _found_of(model, base)
            problem = confirm(w, found, question.prop, True)
            if problem:
                return Answer(text, question.kind, BUG, method, time.perf_counter() - start, gang=found, detail=problem)
            return Answer(text, question.kind, WITNESS, method + "; on the deal found, Z3 proves that every play gives it",
                          time.perf_counter() - start, gang=found, is_proof=True,
                          detail=f"found after {_deals(k)} refuted; the Gang shown is one play of it, replayed on the engine")
        if line is None:
            break
        _add_refutation(proposer, base, question.prop, line, k=k, fixed=fixed)
        done = k + 1
    return Answer(text, question.kind, UNKNOWN, method + "; a bounded search",
                  time.perf_counter() - start,
                  detail=f"stopped by its limit of {f'{rounds} rounds' if done >= rounds else f'{timeout:g} s'}: {_deals(done)} "
                  "proposed, each refuted by a line of play that then excluded every deal it refutes too (a bound, not a proof)")


def _deals(n: int) -> str:
    return "1 deal" if n == 1 else f"{n:,} deals"


def perfect_play_goal(prop: Prop) -> tuple[Player | None, str]:
    """What a perfect-play question asks of the solver's value: (the player it is about, or None for the starter; one of win, not_lose, plattwurf)."""
    def who(ref: PlayerRef) -> Player | None:
        return {"P0": Player.P0, "P1": Player.P1}.get(ref.name)

    if names_result_player(prop):
        raise InvalidArgumentError("question", "under perfect play, name the starter, the opponent, P0 or P1: the winner is what is asked")
    other = {"P0": "P1", "P1": "P0", "starter": "opponent", "opponent": "starter"}
    if isinstance(prop, Wins) and prop.player.name != "opponent":
        return who(prop.player), "win"
    if isinstance(prop, Not) and isinstance(prop.body, Wins) and prop.body.player.name != "starter":
        return who(PlayerRef(other[prop.body.player.name])), "not_lose"  # type: ignore[arg-type]
    if isinstance(prop, Plattwurf) and prop.player is not None and prop.player.name != "opponent":
        return who(prop.player), "plattwurf"
    raise InvalidArgumentError(
        "question", "under perfect play, ask what the starter (or P0, P1) wins, cannot lose, or can force a plattwurf"
    )


def _solved(found: GangFound, goal: str, system: ScoringSystem) -> tuple[bool, int, tuple[str, ...]]:
    """Whether the compiled solver's value gives ``goal`` to the starter of ``found``'s deal, that value (the starter's), and an optimal line."""
    state = start_gang(Deal.from_deck(found.deck), found.starter, found.rules)
    problem = compiled.problem_of(state, system)
    if goal == "plattwurf":
        # a Plattwurf the only thing that counts: 1 for its winner, 0 for any other end
        problem = attrs.evolve(problem, leaf=tuple(1 if i < 4 else 0 for i in range(len(problem.leaf))))
    value, line, _nodes = compiled.module().solve(*problem.args(0))
    mine = (1 if found.starter is Player.P0 else -1) * int(value)
    ok = mine > 0 if goal == "win" else mine >= 0 if goal == "not_lose" else mine >= 1
    return ok, mine, tuple(ACTION_CODES[a] for a in line)


def _one_deal_best_play(question: Question) -> Answer:
    """P under perfect play on the deal ``question.seed`` names: the compiled solver's exhaustive search settles it."""
    assert question.seed is not None
    start = time.perf_counter()
    subject, goal = perfect_play_goal(question.prop)
    if subject is not None and subject is not question.starter:
        raise InvalidArgumentError("question", "on one deal, ask about the starter (the player given with 'with P1 starting')")
    deck = deck_of(Deal.shuffled(question.seed))
    fixed = question.fixed()
    rules = attrs.evolve(Rules(), **fixed)  # type: ignore[arg-type]
    probe = GangFound(deck, question.starter, (), rules)
    ok, mine, line = _solved(probe, goal, question.system)
    found = GangFound(deck, question.starter, line, rules)
    unit = "Plattwürfe" if goal == "plattwurf" else "hundredths"
    return Answer(question.text or repr(question.prop), question.kind, WITNESS if ok else COUNTEREXAMPLE,
                  f"the compiled solver's exhaustive search of Deal.shuffled({question.seed}), {question.starter.code} leading, "
                  f"both players seeing every card ({question.system.value}): exact for this deal",
                  time.perf_counter() - start, gang=found, is_proof=True,
                  detail=f"value {mine:+d} for the starter in {unit}; the Gang shown is an optimal line, replayed on the engine, "
                  f"result {found.state().result.outcome.value}")


def _best_play(question: Question, timeout: float, rounds: int) -> Answer:
    if question.seed is not None:
        return _one_deal_best_play(question)
    start = time.perf_counter()
    deadline = start + timeout
    subject, goal = perfect_play_goal(question.prop)
    fixed = question.fixed()
    text = question.text or repr(question.prop)
    base, proposer, assumptions = _proposer(question, fixed)
    if subject is not None:
        proposer.add(base.gang.starter == (subject is Player.P1))
    system = question.system
    method = (f"CEGAR: Z3 proposes a deal where some play gives it, the compiled solver plays it out under perfect play "
              f"({system.value}); a refuted deal is excluded")
    for k in range(rounds):
        r = _check_until(proposer, assumptions, deadline)
        if r == z3.unsat:
            core, _ = split_core(proposer)
            return Answer(text, question.kind, NONE, method + "; no play of any deal gives it: a proof",
                          time.perf_counter() - start, core, is_proof=True, detail=f"{_deals(k)} refuted by the solver first")
        if r != z3.sat:
            break
        model = proposer.model()
        w, probe = _found_of(model, base)
        ok, mine, line = _solved(probe, goal, system)
        if ok:
            found = GangFound(w.deck, w.starter, line, probe.rules)
            final = found.state()
            return Answer(text, question.kind, WITNESS, method + "; the solver's value settles it for this deal",
                          time.perf_counter() - start, gang=found, is_proof=True,
                          detail=f"found after {_deals(k)} refuted; the Gang shown is the solver's optimal line "
                          f"(value {mine:+d} for the starter{' in Plattwürfe' if goal == 'plattwurf' else ' in hundredths'}), "
                          f"result {final.result.outcome.value}")
        proposer.add(z3.Or(*(d != z3.BitVecVal(c.index, CARD_BITS) for d, c in zip(base.gang.deck, w.deck, strict=True))))
    return Answer(text, question.kind, UNKNOWN, method + "; a bounded search", time.perf_counter() - start,
                  detail=f"no deal found within {timeout:g} s or {rounds} rounds; each deal proposed was solved and refuted "
                  "(a bound, not a proof)")


def answer_game_question(
    question: Question, timeout: float = 60.0, rounds: int = DEFAULT_ROUNDS, policies: tuple[Policy, ...] = ()
) -> Answer:
    """The answer to an ``any_play`` or ``best_play`` question, within ``timeout`` seconds and ``rounds`` candidate deals.

    ``policies`` (of ``schwinget_spec.ask.policies.POLICIES``) refute deals in the proposer of a
    ``whatever both play`` question before any line: each excludes every deal where its play
    does not give P. Measured on the cookbook's question they slow the proposer more than
    they generalise (docs/ask.md), so none are used unless asked for.
    """
    if question.kind == "any_play":
        return _any_play(question, timeout, rounds, policies)
    if question.kind == "best_play":
        return _best_play(question, timeout, rounds)
    raise InvalidArgumentError("question", f"not a game question: {question.kind}")

