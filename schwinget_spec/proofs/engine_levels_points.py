"""The engine's points of one Gang proved to read a result only through its kind: ``compute_gang_score`` run on symbolic trick counts, every path checked against the table.

``compute_gang_score`` (scoring.py) runs under the ``Explorer`` of ``proofs.symbolic`` on a
``GangResult`` whose trick counts, Schwünge and Angriff Schwung are ``SymInt`` terms; the
outcome, winner, Angriff player, Plattwurf player, system and ``good_loser_after_plattwurf``
are concrete, every combination of them (``score_cases``). Each path's points are checked
in Z3 against the ``KindScore`` points of the kind the symbolic tricks give: the outcome's
row, the winner, and whether the loser (for a Gestellter each player) holds 3 tricks or more.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec.gang import GangResult, Outcome
from schwinget_spec.gang_parts import Angriff
from schwinget_spec.players import Player
from schwinget_spec.proofs.match_model import MAX_TRICKS, KindScore, KindVar
from schwinget_spec.proofs.replay import model_int
from schwinget_spec.proofs.scoring_model import GOOD_LOSER_TRICKS, ROWS
from schwinget_spec.proofs.scoring_queries import GangKind
from schwinget_spec.proofs.symbolic import WIDTH, Explorer, SymInt
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import GangScore, ScoringSystem

__all__ = [
    "ScoreCase",
    "ScoreCheck",
    "ScoreFailure",
    "ScoreFn",
    "check_gang_score",
    "kind_of",
    "model_points",
    "score_cases",
]

ScoreFn = Callable[[GangResult, ScoringSystem, Rules], GangScore]
"""The points of one Gang: ``compute_gang_score`` or a deliberately broken one."""

MAX_ANGRIFF_AFTER = 5
"""The latest Angriff: after 5 Schwünge (``angriff.not_empty_pile``)."""


class _FreeKind(KindVar):
    """A ``KindVar`` without the reachability lemma: the kind the symbolic tricks give is all this proof reads."""

    def reachable_from(self, starter_p1: z3.BoolRef) -> z3.BoolRef:
        """True: no lemma."""
        return z3.BoolVal(True)


@attrs.frozen
class ScoreCase:
    """The concrete parts of a symbolic result: outcome, winner, who started the Angriff, the Plattwurf player, the system and the switch."""

    outcome: Outcome
    winner: Player | None
    angriff: Player | None
    plattwurf: Player | None
    system: ScoringSystem
    good_loser_after_plattwurf: bool

    def result(self, tricks: tuple[object, object], schwuenge: object, after: object) -> GangResult:
        """The result of this case with the given trick counts, Schwünge and Angriff Schwung (symbolic or not)."""
        angriff = None if self.angriff is None else Angriff(self.angriff, after)  # type: ignore[arg-type]
        return GangResult(tricks, schwuenge, angriff, self.plattwurf, self.winner, self.outcome)  # type: ignore[arg-type]

    def __str__(self) -> str:
        who = "draw" if self.winner is None else f"{self.winner} wins"
        angriff = "none" if self.angriff is None else str(self.angriff)
        plattwurf = "none" if self.plattwurf is None else str(self.plattwurf)
        return (
            f"{self.outcome.value}, {who}, Angriff {angriff}, Plattwurf {plattwurf}, "
            f"{self.system.value}, good_loser_after_plattwurf={self.good_loser_after_plattwurf}"
        )


def score_cases(*, subset: bool = False) -> tuple[ScoreCase, ...]:
    """Every combination of the concrete parts: each outcome with each winner it names (none for a Gestellter), each Angriff player or none, each Plattwurf player or none, both systems, both readings.

    The subset keeps the Angriff and Plattwurf the outcome implies and the default reading.
    """
    out = []
    for outcome in Outcome:
        winners = (None,) if outcome is Outcome.GESTELLTER else (Player.P0, Player.P1)
        for winner, system in itertools.product(winners, ScoringSystem):
            if subset:
                angriff = None if outcome in (Outcome.SIEG_OHNE_ANGRIFF, Outcome.GESTELLTER) else winner
                if outcome is Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF and winner is not None:
                    angriff = winner.other
                plattwurf = winner if outcome.is_plattwurf else None
                out.append(ScoreCase(outcome, winner, angriff, plattwurf, system, True))
                continue
            seats = (None, Player.P0, Player.P1)
            for angriff, plattwurf, good in itertools.product(seats, seats, (True, False)):
                out.append(ScoreCase(outcome, winner, angriff, plattwurf, system, good))
    return tuple(out)


def kind_of(case: ScoreCase, tricks: tuple[int, int]) -> GangKind:
    """The kind a result of ``case`` with ``tricks`` has: the outcome's row, P1 wins (None for a Gestellter), the good-loser flag."""
    row = ROWS.index(case.outcome.value)
    if case.winner is None:
        return (row, None, min(tricks) >= GOOD_LOSER_TRICKS)
    return (row, case.winner is Player.P1, tricks[case.winner.other] >= GOOD_LOSER_TRICKS)


def _kind_term(var: KindVar, case: ScoreCase, t: tuple[z3.BitVecRef, z3.BitVecRef]) -> z3.BoolRef:
    # the kind the symbolic tricks give, as kind_of reads it
    three = z3.BitVecVal(GOOD_LOSER_TRICKS, WIDTH)
    if case.winner is None:
        good = z3.And(z3.UGE(t[0], three), z3.UGE(t[1], three))
    else:
        good = z3.UGE(t[case.winner.other], three)
    return z3.And(
        var.row == ROWS.index(case.outcome.value),
        var.p1_wins == (case.winner is Player.P1),
        var.good == good,
    )


@attrs.frozen
class ScoreFailure:
    """A disagreement: the case and the trick counts of a result whose points the table does not give its kind."""

    case: ScoreCase
    tricks: tuple[int, int]
    schwuenge: int
    after: int

    @property
    def result(self) -> GangResult:
        """The concrete result of the counterexample."""
        return self.case.result(self.tricks, self.schwuenge, self.after)

    def __str__(self) -> str:
        return f"{self.case}, tricks {self.tricks[0]}:{self.tricks[1]}"


@attrs.frozen
class ScoreCheck:
    """The proof's counts: cases explored, paths of ``compute_gang_score``, Z3 checks, failures."""

    inputs: int
    paths: int
    checks: int
    failures: tuple[ScoreFailure, ...]


def _facts(case: ScoreCase) -> tuple[z3.BoolRef, z3.BoolRef]:
    return (
        z3.BoolVal(case.system is ScoringSystem.SCHWINGERWERTUNG),
        z3.BoolVal(case.good_loser_after_plattwurf),
    )


def check_gang_score(score: ScoreFn, *, subset: bool = False) -> ScoreCheck:
    """``score`` run on every case with symbolic tricks (each 0 to 11), Schwünge (0 to 11) and Angriff Schwung (0 to 5); each path's points against the table's for the kind."""
    t = (z3.BitVec("p.tricks0", WIDTH), z3.BitVec("p.tricks1", WIDTH))
    schwuenge, after = z3.BitVec("p.schwuenge", WIDTH), z3.BitVec("p.after", WIDTH)
    bounds = [
        z3.ULE(t[0], MAX_TRICKS),
        z3.ULE(t[1], MAX_TRICKS),
        z3.ULE(schwuenge, MAX_TRICKS),
        z3.ULE(after, MAX_ANGRIFF_AFTER),
    ]
    var = _FreeKind("p.g")
    failures: list[ScoreFailure] = []
    inputs = paths = checks = 0
    for case in score_cases(subset=subset):
        table = KindScore(var, *_facts(case), "p.")
        explorer = Explorer([*bounds, *(c for _, c in table.constraints), var.well_formed(), _kind_term(var, case, t)], logic="QF_UFBV")
        result = case.result(
            (SymInt(explorer, t[0]), SymInt(explorer, t[1])), SymInt(explorer, schwuenge), SymInt(explorer, after)
        )
        rules = Rules(good_loser_after_plattwurf=case.good_loser_after_plattwurf)
        inputs += 1

        def run(_e: Explorer, result: GangResult = result, case: ScoreCase = case, rules: Rules = rules) -> GangScore:
            return score(result, case.system, rules)

        for path in explorer.paths(run):
            paths += 1
            checks += 1
            if path.value is None:
                # an exception on a path is a disagreement: the table gives every kind its points
                failures.append(ScoreFailure(case, (0, 0), 0, 0))
                continue
            got = [path.value.points[q].hundredths for q in (0, 1)]
            if explorer.solver.check(z3.Or(*(table.points[q] != got[q] for q in (0, 1)))) == z3.sat:
                m = explorer.solver.model()
                failures.append(
                    ScoreFailure(case, (model_int(m, t[0]), model_int(m, t[1])), model_int(m, schwuenge), model_int(m, after))
                )
        checks += explorer.checks
    return ScoreCheck(inputs, paths, checks, tuple(failures))


def model_points(kind: GangKind, system: ScoringSystem, good_loser_after_plattwurf: bool) -> tuple[int, int]:
    """The points (hundredths) the table gives a Gang of ``kind``, as Z3 finds them in ``KindScore``."""
    var = _FreeKind("q.g")
    table = KindScore(var, z3.BoolVal(system is ScoringSystem.SCHWINGERWERTUNG), z3.BoolVal(good_loser_after_plattwurf), "q.")
    solver = z3.SolverFor("QF_BV")
    solver.add(*(c for _, c in table.constraints), var.is_kind(kind))
    if solver.check() != z3.sat:
        raise AssertionError(f"the table gives no points to the kind {kind}")
    return (model_int(solver.model(), table.points[0]), model_int(solver.model(), table.points[1]))
