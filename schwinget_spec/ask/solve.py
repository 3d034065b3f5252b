"""Answering a question about one Gang with Z3: a witness or counterexample replayed and confirmed by the engine, a proof with its clauses, or a readings table."""

from __future__ import annotations

import itertools
import threading
import time

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec.ask.answers import (
    BUG,
    COUNTEREXAMPLE,
    NONE,
    PROVED,
    READINGS,
    UNKNOWN,
    WITNESS,
    Answer,
    GangFound,
    ReadingRow,
)
from schwinget_spec.ask.compile import Compiled, compile_prop
from schwinget_spec.ask.engine_eval import EngineGang, holds_on_engine
from schwinget_spec.ask.questions import Question
from schwinget_spec.ask.terms import Prop, reads_points
from schwinget_spec.deal import Deal
from schwinget_spec.errors import SchwingetError
from schwinget_spec.gang import start_gang
from schwinget_spec.proofs.base import new_solver, replay_mismatch
from schwinget_spec.proofs.model import GangModel
from schwinget_spec.proofs.replay import Witness, extract_witness, model_bool

__all__ = ["DEFAULT_TIMEOUT", "answer_gang_question", "confirm", "reading_literal", "run_check", "split_core"]

DEFAULT_TIMEOUT = 60.0
"""Seconds Z3 may take on one question before the answer is ``unknown``."""


def reading_literal(name: str, value: bool) -> z3.BoolRef:
    """The assumption literal of a fixed reading: a proof's core names it when the proof needs that reading."""
    return z3.Bool(f"reading:{name}={'on' if value else 'off'}")


@attrs.frozen
class _Setup:
    compiled: Compiled
    solver: z3.Solver
    assumptions: tuple[z3.BoolRef, ...]


def _setup(question: Question, prop: Prop, timeout: float, fixed: dict[str, bool]) -> tuple[_Setup, z3.BoolRef]:
    c = Compiled(GangModel())
    term = compile_prop(c, prop)
    solver = new_solver()
    solver.set("timeout", max(1, int(timeout * 1000)))
    tags = c.assert_into(solver)
    literals = []
    for name, value in fixed.items():
        lit = reading_literal(name, value)
        solver.add(z3.Implies(lit, c.switch(name) == value))
        literals.append(lit)
    return _Setup(c, solver, (*tags, *literals)), term


def split_core(solver: z3.Solver) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The unsat core of ``solver``'s last check: the clause ids of its tags and the fixed readings it needs, each sorted."""
    names = [str(t) for t in solver.unsat_core()]
    clauses = tuple(sorted(n.removeprefix("tag:") for n in names if n.startswith("tag:")))
    readings = tuple(sorted(n.removeprefix("reading:") for n in names if n.startswith("reading:")))
    return clauses, readings


def _found(model: z3.ModelRef, c: Compiled) -> tuple[Witness, GangFound]:
    w = extract_witness(model, c.gang)
    rules = attrs.evolve(w.rules, good_loser_after_plattwurf=model_bool(model, c.good_loser))
    w = attrs.evolve(w, rules=rules)
    return w, GangFound(w.deck, w.starter, w.actions, rules)


def confirm(w: Witness, found: GangFound, prop: Prop, expected: bool) -> str:
    """Empty when the engine replays the Gang to the model's result and reads ``prop`` as ``expected``; else what went wrong."""
    diff = replay_mismatch(w)
    if diff:
        return diff
    try:
        engine = EngineGang(start_gang(Deal.from_deck(found.deck), found.starter, found.rules), found.actions)
    except SchwingetError as exc:
        return f"engine refuses the Gang: {exc}"
    if holds_on_engine(engine, prop) is not expected:
        return f"the engine reads the proposition as {not expected} on the model's Gang"
    return ""


def _gang_answer(question: Question, timeout: float) -> Answer:
    start = time.perf_counter()
    every = question.kind == "every"
    setup, term = _setup(question, question.prop, timeout, question.fixed())
    setup.solver.add(z3.Not(term) if every else term)
    r = run_check(setup.solver, *setup.assumptions)
    seconds = time.perf_counter() - start
    text = question.text or repr(question.prop)
    if r == z3.unsat:
        clauses, readings = split_core(setup.solver)
        return Answer(text, question.kind, PROVED if every else NONE,
                      "Z3 proof over every deal and play (unsat of the " + ("negation" if every else "question") + "); the core names its clauses",
                      seconds, clauses, readings, is_proof=True)
    if r != z3.sat:
        return Answer(text, question.kind, UNKNOWN, f"Z3 gave no answer within {timeout:g} s ({setup.solver.reason_unknown()})",
                      seconds, detail="neither a Gang nor a proof was found in the time given")
    w, found = _found(setup.solver.model(), setup.compiled)
    problem = confirm(w, found, question.prop, not every)
    seconds = time.perf_counter() - start
    if problem:
        return Answer(text, question.kind, BUG, "Z3 witness search; the engine's replay disagrees", seconds, gang=found,
                      detail=f"{problem}; model: {w.describe()}")
    return Answer(text, question.kind, COUNTEREXAMPLE if every else WITNESS,
                  "Z3 witness search over every deal and play, replayed and confirmed by the engine", seconds, gang=found)


def _readings_answer(question: Question, timeout: float) -> Answer:
    start = time.perf_counter()
    fixed = dict(question.readings)
    # the good loser's switch acts on points only: left out of a question that reads none
    open_names = tuple(n for n in question.open_switches() if n != "good_loser_after_plattwurf" or reads_points(question.prop))
    setup, term = _setup(question, question.prop, timeout, fixed)
    setup.solver.add(term)
    text = question.text or repr(question.prop)
    results: dict[tuple[bool, ...], ReadingRow] = {}
    for values in itertools.product((False, True), repeat=len(open_names)):
        lits = [setup.compiled.switch(n) == v for n, v in zip(open_names, values, strict=True)]
        key = tuple(values)
        switches = tuple(zip(open_names, values, strict=True))
        guards = [z3.Bool(f"open:{n}={v}") for n, v in switches]
        for g, lit in zip(guards, lits, strict=True):
            setup.solver.add(z3.Implies(g, lit))
        r = run_check(setup.solver, *setup.assumptions, *guards)
        if r == z3.unknown:
            return Answer(text, question.kind, UNKNOWN, f"Z3 gave no answer within {timeout:g} s for {dict(switches)}",
                          time.perf_counter() - start, detail=f"settled {len(results)} of {2 ** len(open_names)} readings")
        if r == z3.sat:
            w, found = _found(setup.solver.model(), setup.compiled)
            problem = confirm(w, found, question.prop, True)
            if problem:
                return Answer(text, question.kind, BUG, "Z3 witness search; the engine's replay disagrees",
                              time.perf_counter() - start, gang=found, detail=problem)
            results[key] = ReadingRow(switches, True, found)
        else:
            clauses, _ = split_core(setup.solver)
            results[key] = ReadingRow(switches, False, None, clauses)
    relevant = tuple(
        n for i, n in enumerate(open_names)
        if any(results[k].possible != results[(*k[:i], not k[i], *k[i + 1:])].possible for k in results)
    )
    # one row per combination of the switches that change the answer: the others do not matter
    rows: dict[tuple[bool, ...], ReadingRow] = {}
    for key, row in results.items():
        proj = tuple(v for n, v in zip(open_names, key, strict=True) if n in relevant)
        rows.setdefault(proj, row)
    ordered = tuple(rows[k] for k in sorted(rows))
    count = sum(r.possible for r in results.values())
    detail = f"{count} of {len(results)} readings of {', '.join(open_names) or 'no switch'} allow it"
    if fixed:
        detail += "; fixed: " + ", ".join(f"{k}={'on' if v else 'off'}" for k, v in fixed.items())
    return Answer(text, question.kind, READINGS,
                  "Z3 under each reading: a witness replayed on the engine where possible, a proof where not",
                  time.perf_counter() - start, rows=ordered, relevant=relevant, detail=detail, is_proof=True)


def answer_gang_question(question: Question, timeout: float = DEFAULT_TIMEOUT) -> Answer:
    """The answer to an ``exists``, ``every`` or ``readings`` question."""
    if question.kind == "readings":
        return _readings_answer(question, timeout)
    return _gang_answer(question, timeout)



_STOP_SECONDS = 2.0
"""How long an interrupted search is waited for before the interrupt goes on without it."""


def run_check(solver: z3.Solver, *assumptions: z3.BoolRef) -> z3.CheckSatResult:
    """``solver.check(*assumptions)`` in a thread, so that Ctrl-C interrupts Z3 at once and reaches the caller as ``KeyboardInterrupt``.

    Z3's own Ctrl-C handling would turn the interrupt into an ``unknown`` answer and the
    command would go on; here Z3's handler is off, the main thread waits, and on
    ``KeyboardInterrupt`` it interrupts Z3's context and waits for the search to stop
    (at most ``_STOP_SECONDS``) before raising; ``schwinget ask`` then ends the process
    at once, so that nothing is left running.
    """
    solver.set("ctrl_c", False)
    out: list[z3.CheckSatResult] = []
    errors: list[BaseException] = []

    def work() -> None:
        try:
            out.append(solver.check(*assumptions))
        except BaseException as exc:
            errors.append(exc)

    # a daemon: a search that does not stop when interrupted must not hold the process at its end
    thread = threading.Thread(target=work, name="z3-check", daemon=True)
    thread.start()
    try:
        while thread.is_alive():
            thread.join(0.05)
    finally:
        # whatever stopped the wait, the search is interrupted, asked again until it stops (an interrupt that comes
        # before Z3 has begun to search is not kept), for at most _STOP_SECONDS
        stop_by = time.monotonic() + _STOP_SECONDS
        while thread.is_alive() and time.monotonic() < stop_by:
            solver.ctx.interrupt()
            thread.join(0.05)
    if errors:
        raise errors[0]
    return out[0]
