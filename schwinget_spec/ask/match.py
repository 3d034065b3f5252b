"""Questions about a match: who starts each Gang, the totals, who wins the match, answered by the match model (Gänge as kinds) with witnesses the engine's MatchState replays.

A match enters the model (``proofs.match_model.MatchModel``) as its Gänge's *kinds*: the
row of the table, who won, whether the loser holds 3 tricks or more. That is all its
points, its starters and its winner depend on. A witness match is made of one real Gang
per kind and starter (found by Z3 on the Gang model, each replayed), played through
``MatchState`` and read again there; a kind no Gang of that starter reaches is excluded
and the model asked again. A proof is the unsat core of the match clauses; the model
over-approximates the Gänge (any kind of the table), so a proof holds of every real match.
The match's own readings: ``draw_tie_starter`` is fixed per question (default ``younger``);
``match_draw`` is the default (equal totals are a draw, AMB-MATCH-DRAW), the only reading
the kinds model.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, Literal, TypeVar

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec.ask.answers import BUG, COUNTEREXAMPLE, NONE, PROVED, UNKNOWN, WITNESS, GangFound
from schwinget_spec.ask.levels_common import (
    INT_OPS,
    LevelAnswer,
    check_atoms,
    check_kind,
    check_op,
    compare_bits,
    compile_connectives,
    holds_connectives,
)
from schwinget_spec.ask.solve import run_check, split_core
from schwinget_spec.ask.terms import PlayerRef, Prop
from schwinget_spec.errors import InvalidArgumentError, SchwingetError
from schwinget_spec.match import MatchLength, MatchState
from schwinget_spec.players import Player
from schwinget_spec.proofs.base import new_solver
from schwinget_spec.proofs.match_model import DRAW_TIE_READINGS, FestModel, KindVar, MatchModel
from schwinget_spec.proofs.match_queries import play_match_gangs
from schwinget_spec.proofs.model import GangModel, all_tags
from schwinget_spec.proofs.replay import Witness, extract_witness, model_bool
from schwinget_spec.proofs.scoring_model import POINT_BITS, GangScoreModel
from schwinget_spec.proofs.scoring_queries import GangKind, kind_holds, kind_text, result_kind
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem

__all__ = [
    "AnyKind",
    "KindGangs",
    "MatchAnswer",
    "MatchDrawn",
    "MatchQuestion",
    "StartsGang",
    "Total",
    "WinsGang",
    "WinsMatch",
    "answer_match_question",
    "holds_on_match",
    "level_solver",
    "tagged_into",
]

K = TypeVar("K", bound=Hashable)

_P1 = {"P0": False, "P1": True}


def _seat(p: PlayerRef) -> bool:
    if p.name not in _P1:
        raise InvalidArgumentError("player", f"a match question names P0 (the younger player) or P1, got {p.name!r}")
    return _P1[p.name]


@attrs.frozen
class StartsGang(Prop):
    """``player`` starts Gang ``gang`` of the match (``match.first_starter``, ``match.loser_starts``, ``match.draw_starter``)."""

    player: PlayerRef
    gang: int


@attrs.frozen
class WinsGang(Prop):
    """``player`` wins Gang ``gang`` of the match; ``player`` None: the Gang is a Gestellter."""

    player: PlayerRef | None
    gang: int


@attrs.frozen
class WinsMatch(Prop):
    """``player`` has the most points at the end of the match (``match.winner``)."""

    player: PlayerRef


@attrs.frozen
class MatchDrawn(Prop):
    """The totals are equal at the end of the match: a draw (AMB-MATCH-DRAW, default reading)."""


@attrs.frozen
class Total(Prop):
    """The total of ``player`` after Gang ``after`` (the end of the match when None) compared with ``op`` to ``hundredths`` (``match.record_points``)."""

    player: PlayerRef
    op: str
    hundredths: int
    after: int | None = None

    def __attrs_post_init__(self) -> None:
        check_op(self.op)


_ATOMS = (StartsGang, WinsGang, WinsMatch, MatchDrawn, Total)


@attrs.frozen
class MatchQuestion:
    """A question about a match of ``length``: ``exists`` (there is a match where) or ``every`` (every match has), under ``system`` and the ``draw_tie`` reading."""

    kind: Literal["exists", "every"]
    prop: Prop
    length: MatchLength = MatchLength.SHORT
    system: ScoringSystem = ScoringSystem.SCHWINGERWERTUNG
    draw_tie: str = "younger"
    text: str = ""

    def __attrs_post_init__(self) -> None:
        check_kind(self.kind)
        if self.draw_tie not in DRAW_TIE_READINGS:
            raise InvalidArgumentError("draw_tie", f"expected one of {', '.join(DRAW_TIE_READINGS)}, got {self.draw_tie!r}")
        _check(self.prop, self.length.gaenge)

    @property
    def rules(self) -> Rules:
        """The readings the question is asked under."""
        return attrs.evolve(Rules(), draw_tie_starter=self.draw_tie)  # type: ignore[arg-type]


def _check(prop: Prop, n: int) -> None:
    check_atoms(prop, functools.partial(_check_atom, n))


def _check_atom(n: int, prop: Prop) -> None:
    if isinstance(prop, _ATOMS):
        gang = getattr(prop, "gang", None) or getattr(prop, "after", None)
        if gang is not None and not 1 <= gang <= n:
            raise InvalidArgumentError("gang", f"a match of {n} Gänge has Gänge 1 to {n}, got {gang}")
        for field in ("player",):
            who = getattr(prop, field, None)
            if who is not None:
                _seat(who)
    else:
        raise InvalidArgumentError("prop", f"a word of one Gang in a question about a match: {type(prop).__name__}; levels are not mixed")


def _compile(m: MatchModel, prop: Prop) -> z3.BoolRef:
    return compile_connectives(prop, functools.partial(_compile_atom, m))


def _compile_atom(m: MatchModel, prop: Prop) -> z3.BoolRef:
    if isinstance(prop, StartsGang):
        return m.starter[prop.gang - 1] == _seat(prop.player)
    if isinstance(prop, WinsGang):
        k = m.kinds[prop.gang - 1]
        if prop.player is None:
            return z3.Not(k.has_winner)
        return z3.And(k.has_winner, k.p1_wins == _seat(prop.player))
    if isinstance(prop, WinsMatch):
        return m.winner_code() == int(_seat(prop.player))
    if isinstance(prop, MatchDrawn):
        return m.winner_code() == 2
    assert isinstance(prop, Total)
    total = m.totals[len(m.kinds) if prop.after is None else prop.after][int(_seat(prop.player))]
    return compare_bits(total, prop.op, z3.BitVecVal(prop.hundredths, POINT_BITS))


def holds_on_match(match: MatchState, prop: Prop) -> bool:
    """True when ``prop`` holds of the engine's finished ``match``: read from its Gänge and result, never from the model."""
    return holds_connectives(prop, functools.partial(_holds_atom, match))


def _holds_atom(match: MatchState, prop: Prop) -> bool:
    if isinstance(prop, StartsGang):
        return match.gaenge[prop.gang - 1].starter is (Player.P1 if _seat(prop.player) else Player.P0)
    if isinstance(prop, WinsGang):
        winner = match.gaenge[prop.gang - 1].result.winner
        return winner is None if prop.player is None else winner is (Player.P1 if _seat(prop.player) else Player.P0)
    if isinstance(prop, WinsMatch):
        return match.result.winner is (Player.P1 if _seat(prop.player) else Player.P0)
    if isinstance(prop, MatchDrawn):
        return match.result.winner is None
    assert isinstance(prop, Total)
    upto = len(match.gaenge) if prop.after is None else prop.after
    q = Player.P1 if _seat(prop.player) else Player.P0
    total = sum(g.score.points[q].hundredths for g in match.gaenge[:upto])
    return INT_OPS[prop.op](total, prop.hundredths)


class KindGangs:
    """Real Gangs of given kinds, found by Z3 on one Gang model per question (the same answer whatever was asked before)."""

    def __init__(self) -> None:
        self.m = GangModel("kind.")
        self.sm = GangScoreModel(self.m)
        self.solver = new_solver()
        self.m.assert_into(self.solver)
        self.sm.assert_into(self.solver)
        self.solver.add(self.m.rules_equal(Rules()))
        self.found: dict[tuple[GangKind, bool], Witness | None] = {}

    def of(self, kind: GangKind, p1_starts: bool) -> Witness | None:
        """A Gang of ``kind`` with P1 (or P0) leading, under the default ``Rules``; None when none exists."""
        if (kind, p1_starts) not in self.found:
            self.found[(kind, p1_starts)] = _gang_of(self.solver, self.m, self.sm, kind, p1_starts)
        return self.found[(kind, p1_starts)]


def _gang_of(s: z3.Solver, m: GangModel, sm: GangScoreModel, kind: GangKind, p1_starts: bool) -> Witness | None:
    s.push()
    s.add(m.starter == p1_starts, kind_holds(sm, kind))
    r = s.check(*all_tags([m]), *sm.tags())
    found = extract_witness(s.model(), m) if r == z3.sat else None
    s.pop()
    if r == z3.unsat:
        return None
    if r != z3.sat:
        raise RuntimeError(f"Z3 gave {r} for a Gang of kind {kind_text(kind)}")
    return found


@attrs.frozen
class MatchAnswer(LevelAnswer):
    """The answer to a ``MatchQuestion``: verdict, method, seconds, the clauses of a proof, the match found (each Gang's kind and its replayed Gang)."""

    question: str
    verdict: str
    method: str
    seconds: float
    clauses: tuple[str, ...] = ()
    gaenge: tuple[Witness, ...] = ()
    match: MatchState | None = None
    detail: str = ""
    gang: GangFound | None = None
    """Always None: a match answer shows its Gänge in ``match`` (the field is there so that callers of ``ask`` read one shape)."""

    def text_lines(self, *, tell: bool = True) -> list[str]:
        """The answer as ``schwinget ask`` prints it (``tell`` is accepted for the shape of ``Answer.text_lines``: a match is always told Gang by Gang)."""
        said = {WITNESS: "yes: here is one, replayed on the engine", COUNTEREXAMPLE: "no: a counterexample, replayed on the engine",
                NONE: "no: proved that none exists", PROVED: "yes: proved for every match", UNKNOWN: "not settled",
                BUG: "the engine does not confirm the model's match (a bug report)"}[self.verdict]
        lines = self.head_lines(said)
        if self.match is not None:
            for i, g in enumerate(self.match.gaenge):
                score = g.score.points
                lines.append(f"gang {i + 1}:   {g.starter.code} starts, {g.result.outcome.value}, "
                             f"winner {'none' if g.result.winner is None else g.result.winner.code}, points {score[0]} : {score[1]}")
            t0, t1 = self.match.totals
            lines.append(f"totals:   {t0} : {t1}")
        return lines + self.tail_lines()

    def to_json(self) -> dict[str, object]:
        """The answer as a JSON object."""
        if self.match is None:
            return self.json_with("match", {})
        gaenge = [{"deck": " ".join(c.code for c in w.deck), "starter": w.starter.code, "actions": list(w.actions)} for w in self.gaenge]
        return self.json_with("match", {"match": self.match.to_json(), "gaenge": gaenge})


MAX_ROUNDS = 40
"""How many candidate matches or fests a question tries when a kind is out of a starter's reach."""


def answer_match_question(question: MatchQuestion, timeout: float = 60.0) -> MatchAnswer:
    """A witness match (each Gang found on the Gang model, the match replayed on ``MatchState``), or a proof with the match clauses of its core."""
    start = time.perf_counter()
    text = question.text or repr(question.prop)
    n = question.length.gaenge
    schwinger = z3.Bool("m.schwingerwertung")
    good_loser = z3.Bool("m.good_loser_after_plattwurf")
    kinds = [AnyKind(f"g{i}") for i in range(n)]
    m = MatchModel(kinds, question.draw_tie, schwinger, good_loser, prefix="m.")
    solver = level_solver(m, kinds, system=question.system, schwinger=schwinger, good_loser=good_loser, timeout=timeout)
    goal = _compile(m, question.prop)
    solver.add(goal if question.kind == "exists" else z3.Not(goal))
    method = (f"Z3 on the match model ({n} Gänge as kinds of the table, {question.system.value}, draw_tie_starter "
              f"{question.draw_tie}); each Gang of a match found is a real Gang found by Z3, the match replayed on MatchState")
    expected = question.kind == "exists"

    def answer(verdict: str, *, unsat: bool = False, **fields: Any) -> MatchAnswer:
        return MatchAnswer(text, verdict, method + ("; unsat: a proof" if unsat else ""), time.perf_counter() - start, **fields)

    def replay(picked: dict[int, tuple[GangKind, bool]], gangs: dict[int, Witness]) -> MatchAnswer:
        found = tuple(gangs.values())
        try:
            match = play_match_gangs(question.system, question.rules, found)
        except SchwingetError as exc:
            return answer(BUG, gaenge=found, detail=f"engine refuses the match: {exc}")
        problems = [i + 1 for i, (g, (kind, _)) in enumerate(zip(match.gaenge, picked.values(), strict=True)) if result_kind(g.result) != kind]
        if problems or holds_on_match(match, question.prop) is not expected:
            return answer(BUG, gaenge=found, match=match,
                          detail=f"the engine reads the match otherwise (Gänge {problems} of another kind)" if problems
                          else f"the engine reads the proposition as {not expected} on the model's match")
        return answer(WITNESS if expected else COUNTEREXAMPLE, gaenge=found, match=match)

    return search_real(solver, m.tags(), dict(enumerate(kinds)), dict(enumerate(m.starter)),
                       exists=expected, timeout=timeout, noun="matches", answer=answer, replay=replay)


class AnyKind(KindVar):
    """A Gang of the match of any kind of the table: which kinds a starter reaches is checked per witness (``_gang_of``), not assumed."""

    def reachable_from(self, starter_p1: z3.BoolRef) -> z3.BoolRef:
        """Only a kind of the table (the reachability of each kind is not asserted: a proof holds without it)."""
        return self.well_formed()


def real_gangs(solver: z3.Solver, model: z3.ModelRef, real: KindGangs, kinds: Mapping[K, AnyKind], starter: Mapping[K, z3.BoolRef]
               ) -> tuple[dict[K, tuple[GangKind, bool]], dict[K, Witness] | None]:
    """The kind and starter (True: P1) ``model`` (of ``solver``) picked for each Gang of ``kinds``, and a real Gang of each.

    None for the Gangs when a kind is out of its starter's reach: each such pick is excluded for that Gang in ``solver``, to be asked again.
    """
    picked = {key: (k.value(model), model_bool(model, starter[key])) for key, k in kinds.items()}
    gangs = {key: real.of(kind, p1) for key, (kind, p1) in picked.items()}
    missing = [key for key, g in gangs.items() if g is None]
    for key in missing:
        solver.add(z3.Not(z3.And(kinds[key].is_kind(picked[key][0]), starter[key] == picked[key][1])))
    if missing:
        return picked, None
    return picked, {key: g for key, g in gangs.items() if g is not None}


A = TypeVar("A", bound=LevelAnswer)


def search_real(
    solver: z3.Solver,
    tags: Iterable[z3.BoolRef],
    kinds: Mapping[K, AnyKind],
    starters: Mapping[K, z3.BoolRef],
    *,
    exists: bool,
    timeout: float,
    noun: str,
    answer: Callable[..., A],
    replay: Callable[[dict[K, tuple[GangKind, bool]], dict[K, Witness]], A],
) -> A:
    """Z3's candidates for a match or fest until one is made of real Gänge, then ``replay``'s answer on them.

    ``answer(verdict, unsat=..., **fields)`` makes the other answers: a proof with the clauses of
    the unsat core (none exists, or proved), or unknown when Z3 gives none within ``timeout`` or
    every one of ``MAX_ROUNDS`` candidates used a Gang kind out of its starter's reach (each such
    pick is excluded and Z3 asked again: ``real_gangs``).
    """
    tags = list(tags)
    real: KindGangs | None = None
    for _ in range(MAX_ROUNDS):
        r = run_check(solver, *tags)
        if r == z3.unsat:
            core, _ = split_core(solver)
            return answer(NONE if exists else PROVED, unsat=True, clauses=core)
        if r != z3.sat:
            return answer(UNKNOWN, detail=f"Z3 gave no answer within {timeout:g} s")
        # the model is read before KindGangs builds its Gang model: building terms first changes the model Z3 gives
        model = solver.model()
        real = real or KindGangs()
        picked, gangs = real_gangs(solver, model, real, kinds, starters)
        if gangs is not None:
            return replay(picked, gangs)
    return answer(UNKNOWN, detail=f"{MAX_ROUNDS} candidate {noun} each used a Gang kind its starter cannot reach")


def level_solver(m: MatchModel | FestModel, kinds: Iterable[AnyKind], *, system: ScoringSystem, schwinger: z3.BoolRef,
                 good_loser: z3.BoolRef, timeout: float) -> z3.Solver:
    """The solver of a match or fest question before its goal: the clauses of ``m`` under their tags, any kind of the table for each of ``kinds``, ``system``, the default good_loser_after_plattwurf."""
    solver = new_solver()
    solver.set("timeout", max(1, int(timeout * 1000)))
    tagged_into(m, solver)
    solver.add(*(k.well_formed() for k in kinds))
    solver.add(schwinger == (system is ScoringSystem.SCHWINGERWERTUNG), good_loser == Rules().good_loser_after_plattwurf)
    return solver


def tagged_into(m: MatchModel | FestModel, solver: z3.Solver) -> None:
    """Add the clauses of ``m`` under their tags, without the Gang kinds lemma (which kinds each starter reaches)."""
    for cid, c in m.constraints:
        solver.add(z3.Implies(GangModel.tag(cid), c))

