"""The engine's match and Schwingfest transitions proved equal to the match model: who starts, the Gang points and totals, the winner, the ranks.

Two methods, each where it is exhaustive and the simpler:

- **enumeration** where the transition reads only finite inputs: the points a Gang adds
  to the totals (``MatchState.apply_result``: Gang kind x system x the Plattwurf switch)
  and who starts a Schwingfest meeting (``SchwingfestState.starter_of``: pair x kind of the
  pair's first meeting x leg x ``fest_starter`` x ``draw_tie_starter``, fests of 3 and 4).
  The engine runs on real states; Z3 proves that the model allows no other answer.
- **symbolic execution** (``proofs.symbolic.Explorer``) where the transition reads values
  with no small domain: who starts Gang i+1 of a match (``MatchState.next_starter_with_clause``,
  the function ``apply_gang`` and ``apply_result`` call, either player the younger), the
  match's winner (``MatchState.result``, both readings of ``match_draw``, with symbolic
  trick counts per Gang), the fest's ranks (``SchwingfestState.standings``: points free,
  fests of 3 and 4; under ``fest_tiebreak="wins_then_plattwuerfe"`` a fest of 3 whose Gänge
  won and Plattwürfe are the model's), and the points of one Gang (``compute_gang_score``
  on symbolic trick counts, ``proofs.engine_levels_points``). The engine's own code runs on a
  view of the state whose values are ``SymInt`` terms bound to the model's; every path is
  checked in Z3 against the model.

The Gang kinds range over the 17 kinds an engine result has (``exhaustive._kind_results``),
from either starter (the reachability lemma is left out, so the covered set holds every
reachable match). Each new piece has a deliberately broken transition that must fail with
a counterexample; its Gang kinds (or its result) are then replayed through the real engine.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import GangResult, Outcome
from schwinget_spec.gang_parts import Angriff
from schwinget_spec.match import MatchLength, MatchState, start_match
from schwinget_spec.players import Player
from schwinget_spec.proofs.engine_levels_base import (
    LevelCheck,
    LevelFailure,
    LevelReplay,
    NoLemma,
    Tally,
    engine_kinds,
    known_kind,
    system_of,
    wide,
    with_good_loser,
)
from schwinget_spec.proofs.engine_levels_fest import (
    FEST_SIZES,
    TIEBREAK_SIZES,
    FestStarterFn,
    RanksFn,
    broken_fest_starter,
    broken_ranks,
    broken_ranks_of_three,
    broken_tiebreak,
    check_fest_starter,
    check_ranks,
    engine_fest_starter,
    engine_ranks,
    replay_fest_starter,
    replay_ranks,
)
from schwinget_spec.proofs.engine_levels_points import ScoreFn, check_gang_score, kind_of, model_points
from schwinget_spec.proofs.match_model import (
    DRAW_TIE_READINGS,
    MATCH_DRAW_READINGS,
    KindScore,
    KindVar,
    MatchModel,
)
from schwinget_spec.proofs.replay import model_bool, model_int
from schwinget_spec.proofs.scoring_model import GOOD_LOSER_TRICKS, ROWS
from schwinget_spec.proofs.scoring_queries import GangKind
from schwinget_spec.proofs.symbolic import Explorer, SymInt
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import WERTUNGSTABELLE, ScoringSystem, compute_gang_score

__all__ = [
    "BROKEN_LEVELS",
    "FAMILIES",
    "FAMILY_CLAUSES",
    "FEST_SIZES",
    "TIEBREAK_SIZES",
    "LevelCheck",
    "LevelFailure",
    "LevelProof",
    "LevelReplay",
    "check_family",
    "format_level_proof",
    "replay_failure",
    "run_level_proof",
]


FAMILIES: tuple[str, ...] = ("starter", "totals", "winner", "ranks")
"""The clause families proved of the engine's match and fest transitions, in order."""


FAMILY_CLAUSES: dict[str, tuple[str, ...]] = {
    "starter": ("match.first_starter", "match.loser_starts", "match.draw_starter"),
    "totals": (
        "match.record_points",
        "table.columns",
        "table.plattwurf_eigener_angriff",
        "table.plattwurf_gegnerischer_angriff",
        "table.sieg_mit_angriff",
        "table.sieg_ohne_angriff",
        "table.gestellter",
        "table.gut_gekaempft",
    ),
    "winner": ("match.winner",),
    "ranks": ("match.winner", "fest.four_players"),
}
"""The clauses each family's proof covers (the model's tags of the constraints it checks).

The ranks family also checks the engine's schedule of 3 and 4 Schwinger against the model's
meetings: for 4, every pair twice and 6 Gänge each, what ``fest.four_players`` states. The
schedule of other sizes is the exhaustive check ``fest.schedule`` (``fest.twice_each``,
``fest.more_players``, ``fest.parallel`` speak of every size).
"""


MATCH_GAENGE = 6
"""The match model's length: a long match; a short match is its first four Gänge."""


def _result_with(kind: GangKind, tricks: tuple[int, int]) -> GangResult:
    """A result of ``kind`` with the trick counts ``tricks``, as a scorekeeper notes it (an Angriff after 5 Schwünge where the row has one)."""
    row, p1, _ = kind
    winner = None if p1 is None else (Player.P1 if p1 else Player.P0)
    angriff = None
    if winner is not None and row <= ROWS.index("sieg_mit_angriff"):
        by = winner.other if row == ROWS.index("plattwurf_gegnerischer_angriff") else winner
        angriff = Angriff(by, 5)
    plattwurf = winner if row < ROWS.index("sieg_mit_angriff") else None
    return GangResult(tricks, 10 if angriff else 11, angriff, plattwurf, winner, Outcome(ROWS[row]))


# -- views of a state whose values are symbolic; the engine's own methods run on them


@attrs.frozen
class _LastGang:
    starter: Player
    result: Any


@attrs.frozen
class _Tricks:
    """A Gang's result as ``MatchState.total_tricks`` reads it: its trick counts."""

    tricks: tuple[Any, Any]


@attrs.frozen
class _MatchView:
    """The parts of a ``MatchState`` that ``next_starter_with_clause`` and ``result`` read; ``total_tricks`` is the engine's own property."""

    gaenge: tuple[_LastGang, ...]
    totals: tuple[Any, Any]
    rules: Rules
    younger: Player = Player.P0
    system: ScoringSystem = ScoringSystem.SCHWINGERWERTUNG
    is_over: bool = True

    @property
    def total_tricks(self) -> tuple[Any, Any]:
        """``MatchState.total_tricks`` run on this view."""
        return MatchState.total_tricks.fget(self)  # type: ignore[attr-defined,no-any-return]


# -- the engine's transitions, and deliberately broken ones


StarterFn = Callable[[Any], tuple[Player, str]]
WinnerFn = Callable[[Any], Player | None]
PointsFn = Callable[[MatchState], tuple[int, int]]


def _engine_starter(view: Any) -> tuple[Player, str]:
    return MatchState.next_starter_with_clause(view)


def _engine_winner(view: Any) -> Player | None:
    result = MatchState.result.fget(view)  # type: ignore[attr-defined]
    return result.winner  # type: ignore[no-any-return]


def _engine_points(state: MatchState) -> tuple[int, int]:
    return (state.totals[0].hundredths, state.totals[1].hundredths)


def _broken_starter(view: Any) -> tuple[Player, str]:
    # the winner of the last Gang starts the next (match.loser_starts reversed)
    player, clause = MatchState.next_starter_with_clause(view)
    return (player.other, clause) if clause == "match.loser_starts" else (player, clause)


def _broken_younger(view: Any) -> tuple[Player, str]:
    # P0 starts Gang 1, whoever is the younger (match.first_starter read as a seat)
    player, clause = MatchState.next_starter_with_clause(view)
    return (Player.P0, clause) if clause == "match.first_starter" else (player, clause)


def _broken_winner(view: Any) -> Player | None:
    # equal totals go to the younger player (match.winner: "the most points" read as "not fewer")
    t0, t1 = view.totals
    return Player.P1 if t1 > t0 else Player.P0


def _broken_more_tricks(view: Any) -> Player | None:
    # AMB-MATCH-DRAW "more_tricks" read as the tricks of the last Gang, not of all Gänge
    winner = _engine_winner(view)
    t0, t1 = view.totals
    if view.rules.match_draw != "more_tricks" or not bool(t0 == t1):
        return winner
    s0, s1 = view.gaenge[-1].result.tricks
    if bool(s0 > s1):
        return Player.P0
    return Player.P1 if bool(s1 > s0) else None


def _broken_points(state: MatchState) -> tuple[int, int]:
    # each Gang's points credited to the other player (match.record_points)
    t0, t1 = _engine_points(state)
    return (t1, t0)


def _broken_gang_score(result: GangResult, system: ScoringSystem, rules: Rules) -> Any:
    # the good loser's point from 4 tricks (table.gut_gekaempft: "mind. 3 Stiche" read as more than 3)
    score = compute_gang_score(result, system, rules)
    if result.winner is None or not score.is_good_loser:
        return score
    loser = result.winner.other
    if bool(result.tricks[loser] > GOOD_LOSER_TRICKS):
        return score
    cell = WERTUNGSTABELLE[score.row].figures(system)[1]
    assert cell is not None
    points = (cell, score.points[1]) if loser is Player.P0 else (score.points[0], cell)
    return attrs.evolve(score, points=points, rows=(score.row, score.row))


@attrs.frozen
class Engine:
    """One version of each transition: the engine's, or one piece's deliberately broken."""

    starter: StarterFn = _engine_starter
    points: PointsFn = _engine_points
    gang_score: ScoreFn = compute_gang_score
    winner: WinnerFn = _engine_winner
    fest_starter: FestStarterFn = engine_fest_starter
    ranks: RanksFn = engine_ranks


BROKEN_LEVELS: dict[str, tuple[str, Engine]] = {
    "starter": ("starter", Engine(starter=_broken_starter, fest_starter=broken_fest_starter)),
    "younger": ("starter", Engine(starter=_broken_younger)),
    "totals": ("totals", Engine(points=_broken_points)),
    "gang_score": ("totals", Engine(gang_score=_broken_gang_score)),
    "winner": ("winner", Engine(winner=_broken_winner)),
    "more_tricks": ("winner", Engine(winner=_broken_more_tricks)),
    "ranks": ("ranks", Engine(ranks=broken_ranks)),
    "ranks_of_three": ("ranks", Engine(ranks=broken_ranks_of_three)),
    "tiebreak": ("ranks", Engine(ranks=broken_tiebreak)),
}
"""The deliberately broken transitions, by name: the family whose proof must catch each, and the engine with it."""


# -- the results


@attrs.frozen
class LevelProof:
    """What the match and fest proof did: each family's check, each broken transition's failure and replay, the time."""

    checks: tuple[LevelCheck, ...]
    broken: tuple[tuple[str, LevelFailure | None, LevelReplay | None], ...]
    wall: float
    cpu: float

    @property
    def ok(self) -> bool:
        """No failure of the engine, and every broken transition failed with a replayed state that shows it."""
        return not any(c.failures for c in self.checks) and all(r is not None and r.caught for _, _, r in self.broken)

    def to_json(self) -> dict[str, object]:
        """The counts, the failures and the broken transitions as JSON."""
        return {
            "checks": [
                {
                    "family": c.family,
                    "method": c.method,
                    "inputs": c.inputs,
                    "paths": c.paths,
                    "checks": c.checks,
                    "failures": [str(f) for f in c.failures],
                }
                for c in self.checks
            ],
            "broken": [
                {
                    "name": name,
                    "family": BROKEN_LEVELS[name][0] if name in BROKEN_LEVELS else name,
                    "failure": None if f is None else str(f),
                    "replay": None if r is None else attrs.asdict(r) | {"caught": r.caught},
                }
                for name, f, r in self.broken
            ],
            "ok": self.ok,
            "wall_seconds": round(self.wall, 1),
            "cpu_seconds": round(self.cpu, 1),
        }


# -- the families


def _match_model(
    draw_tie: str, gaenge: int = MATCH_GAENGE, *, younger: Player = Player.P0, match_draw: str = "draw"
) -> tuple[MatchModel, list[NoLemma], z3.BoolRef, z3.BoolRef]:
    sw, gl = z3.Bool("l.schwingerwertung"), z3.Bool("l.good_loser")
    kinds = [NoLemma(f"l.g{i}") for i in range(gaenge)]
    mm = MatchModel(kinds, draw_tie, sw, gl, prefix="l.", younger_p1=younger is Player.P1, match_draw=match_draw)
    return mm, kinds, sw, gl


def _model_kinds(model: z3.ModelRef, kinds: Sequence[KindVar], count: int) -> tuple[GangKind, ...]:
    return tuple(k.value(model) for k in kinds[:count])


def _check_match_starter(engine: Engine, subset: bool, younger: Player, failures: list[LevelFailure], stop: bool) -> Tally:
    known = tuple(engine_kinds())
    tally = Tally()
    readings = DRAW_TIE_READINGS[:1] if subset else DRAW_TIE_READINGS
    steps = range(1, 3) if subset else range(1, MATCH_GAENGE)
    for draw_tie in readings:
        mm, kinds, sw, gl = _match_model(draw_tie, younger=younger)
        rules = Rules(draw_tie_starter=draw_tie)  # type: ignore[arg-type]
        background = [c for _, c in mm.constraints] + [known_kind(k, known) for k in kinds]
        # Gang 1: no Gang before it
        view = _MatchView((), (0, 0), rules, younger)
        first = engine.starter(view)[0] is Player.P1
        solver = z3.SolverFor("QF_BV")
        solver.add(*background, mm.starter[0] != first)
        tally += Tally(1, 0, 1)
        if solver.check() != z3.unsat:
            failures.append(LevelFailure("starter", "match_starter", "who starts Gang 1", (), rules, ScoringSystem.SCHWINGERWERTUNG, younger))
        for i, last_kind, last_p1 in itertools.product(steps, known, (False, True)):
            if stop and failures:
                return tally
            explorer = Explorer([*background, kinds[i - 1].is_kind(last_kind), mm.starter[i - 1] == last_p1])
            tally += Tally(0, 0, 1)
            if explorer.solver.check() != z3.sat:
                continue
            tally += Tally(1, 0, 0)
            last = _LastGang(Player.P1 if last_p1 else Player.P0, engine_kinds()[last_kind])
            t0, t1 = (SymInt(explorer, wide(mm.totals[i][q])) for q in (0, 1))
            view = _MatchView((last,), (t0, t1), rules, younger)

            def run_starter(_e: Explorer, view: _MatchView = view) -> tuple[Player, str]:
                return engine.starter(view)

            for path in explorer.paths(run_starter):
                tally += Tally(0, 1, 1)
                assert path.value is not None
                if explorer.solver.check(mm.starter[i] != (path.value[0] is Player.P1)) == z3.sat:
                    m = explorer.solver.model()
                    failures.append(
                        LevelFailure(
                            "starter", "match_starter", f"who starts Gang {i + 1}", _model_kinds(m, kinds, i),
                            with_good_loser(rules, m, gl), system_of(m, sw), younger,
                        )
                    )
            tally += Tally(0, 0, explorer.checks)
    return tally


def _check_starter(engine: Engine, subset: bool, stop: bool = False) -> LevelCheck:
    failures: list[LevelFailure] = []
    tally = Tally()
    for younger in Player:
        tally += _check_match_starter(engine, subset, younger, failures, stop)
    for players in FEST_SIZES[:1] if subset else FEST_SIZES:
        if not (stop and failures):
            tally += check_fest_starter(engine.fest_starter, subset, players, failures)
    return LevelCheck("starter", "symbolic (match), enumerated (fest)", tally.inputs, tally.paths, tally.checks, tuple(failures))


def _check_totals(engine: Engine, subset: bool) -> LevelCheck:
    failures: list[LevelFailure] = []
    inputs = checks = 0
    sw, gl = z3.Bool("t.schwingerwertung"), z3.Bool("t.good_loser")
    var = NoLemma("t.g")
    score = KindScore(var, sw, gl, "t.")
    body = [c for _, c in score.constraints]
    kinds = engine_kinds()
    pairs = list(itertools.product(kinds, kinds))[: 20 if subset else None]
    for system, good, younger in itertools.product(ScoringSystem, (True, False), (Player.P0,) if subset else tuple(Player)):
        rules = Rules(good_loser_after_plattwurf=good)
        facts = [sw == (system is ScoringSystem.SCHWINGERWERTUNG), gl == good]
        points: dict[GangKind, tuple[int, int]] = {}
        for kind, result in kinds.items():
            state = start_match(system, MatchLength.SHORT, younger, rules).apply_result(result)
            points[kind] = engine.points(state)
            solver = z3.SolverFor("QF_BV")
            solver.add(*body, *facts, var.is_kind(kind))
            solver.add(z3.Or(*(score.points[q] != points[kind][q] for q in (0, 1))))
            inputs += 1
            checks += 1
            if solver.check() != z3.unsat:
                failures.append(LevelFailure("totals", "totals", "the points a Gang adds", (kind,), rules, system, younger))
        # the totals add up: two Gänge in a row, the engine's totals against the sums of the per-Gang points proved above
        for a, b in pairs:
            state = start_match(system, MatchLength.SHORT, younger, rules).apply_result(kinds[a]).apply_result(kinds[b])
            inputs += 1
            if engine.points(state) != tuple(points[a][q] + points[b][q] for q in (0, 1)):
                failures.append(LevelFailure("totals", "totals", "the totals after two Gänge", (a, b), rules, system, younger))
    # the points of one Gang read its result only through its kind: compute_gang_score on symbolic tricks
    gang = check_gang_score(engine.gang_score, subset=subset)
    for f in gang.failures:
        rules = Rules(good_loser_after_plattwurf=f.case.good_loser_after_plattwurf)
        failures.append(
            LevelFailure("totals", "points", "the points of a Gang", (kind_of(f.case, f.tricks),), rules, f.case.system, result=f.result)
        )
    return LevelCheck(
        "totals", "enumerated (kinds), symbolic (tricks)", inputs + gang.inputs, gang.paths, checks + gang.checks, tuple(failures)
    )


def _check_winner(engine: Engine, subset: bool) -> LevelCheck:
    known = tuple(engine_kinds())
    failures: list[LevelFailure] = []
    tally = Tally()
    lengths = (MatchLength.SHORT,) if subset else tuple(MatchLength)
    for length, match_draw, younger in itertools.product(lengths, MATCH_DRAW_READINGS, (Player.P0,) if subset else tuple(Player)):
        mm, kinds, sw, gl = _match_model("younger", length.gaenge, match_draw=match_draw)
        background = [c for _, c in mm.constraints] + [known_kind(k, known) for k in kinds]
        explorer = Explorer(background)
        t0, t1 = (SymInt(explorer, wide(mm.totals[-1][q])) for q in (0, 1))
        gaenge = tuple(_LastGang(Player.P0, _Tricks((SymInt(explorer, wide(a)), SymInt(explorer, wide(b))))) for a, b in mm.tricks)
        rules = Rules(match_draw=match_draw)  # type: ignore[arg-type]
        tally += Tally(1, 0, 0)
        view = _MatchView(gaenge, (t0, t1), rules, younger)

        def run_winner(_e: Explorer, view: _MatchView = view) -> Player | None:
            return engine.winner(view)

        for path in explorer.paths(run_winner):
            tally += Tally(0, 1, 1)
            code = 2 if path.value is None else int(path.value is Player.P1)
            if explorer.solver.check(mm.winner_code() != code) == z3.sat:
                m = explorer.solver.model()
                tricks = tuple((model_int(m, a), model_int(m, b)) for a, b in mm.tricks)
                failures.append(
                    LevelFailure(
                        "winner", "winner", f"the winner of a match of {length.gaenge} under match_draw={match_draw}",
                        _model_kinds(m, kinds, length.gaenge), with_good_loser(rules, m, gl), system_of(m, sw), younger, tricks,
                    )
                )
        tally += Tally(0, 0, explorer.checks)
    return LevelCheck("winner", "symbolic", tally.inputs, tally.paths, tally.checks, tuple(failures))


def _check(family: str, engine: Engine, subset: bool, stop: bool) -> LevelCheck:
    # stop: a broken transition's proof ends at its first failure
    if family == "ranks":
        return check_ranks(engine.ranks, subset, stop)
    if family == "starter":
        return _check_starter(engine, subset, stop)
    return _CHECKS[family](engine, subset)


_CHECKS: dict[str, Callable[[Engine, bool], LevelCheck]] = {
    "starter": _check_starter,
    "totals": _check_totals,
    "winner": _check_winner,
    "ranks": lambda engine, subset: check_ranks(engine.ranks, subset),
}


# -- replaying a counterexample through the real engine


def _played(failure: LevelFailure, gaenge: int) -> MatchState:
    length = MatchLength.LONG if gaenge > MatchLength.SHORT.gaenge else MatchLength.SHORT
    state = start_match(failure.system, length, failure.younger, failure.rules)
    kinds = engine_kinds()
    for i, kind in enumerate(failure.kinds):
        state = state.apply_result(_result_with(kind, failure.tricks[i]) if failure.tricks else kinds[kind])
    return state


def _solved_match(failure: LevelFailure, gaenge: int) -> tuple[z3.ModelRef, MatchModel]:
    """The match model with the counterexample's Gänge (and tricks), one Gang more if ``gaenge`` asks it, solved."""
    mm, model_vars, sw, gl = _match_model(
        failure.rules.draw_tie_starter, gaenge, younger=failure.younger, match_draw=failure.rules.match_draw
    )
    solver = z3.SolverFor("QF_BV")
    solver.add(*(c for _, c in mm.constraints), sw == (failure.system is ScoringSystem.SCHWINGERWERTUNG))
    solver.add(gl == failure.rules.good_loser_after_plattwurf)
    solver.add(*(v.is_kind(k) for v, k in zip(model_vars, failure.kinds, strict=False)), known_kind(model_vars[-1], tuple(engine_kinds())))
    for (a, b), (x, y) in zip(mm.tricks, failure.tricks, strict=False):
        solver.add(a == x, b == y)
    if solver.check() != z3.sat:
        raise AssertionError(f"the match model refuses the counterexample {failure}")
    return solver.model(), mm


def _replay_match(failure: LevelFailure, broken: Engine) -> LevelReplay:
    if failure.part == "winner":
        state = _played(failure, len(failure.kinds))
        model, mm = _solved_match(failure, len(failure.kinds))
        code = model_int(model, mm.winner_code())
        real, wrong = state.result.winner, broken.winner(state)
        return LevelReplay(
            "draw" if real is None else str(real), "draw" if wrong is None else str(wrong), ("P0", "P1", "draw")[code]
        )
    state = _played(failure, len(failure.kinds) + 1)
    model, mm = _solved_match(failure, len(failure.kinds) + 1)
    expected = "P1" if model_bool(model, mm.starter[len(failure.kinds)]) else "P0"
    return LevelReplay(str(state.next_starter_with_clause()[0]), str(broken.starter(state)[0]), expected)


def _replay_totals(failure: LevelFailure, broken: Engine) -> LevelReplay:
    state = start_match(failure.system, MatchLength.SHORT, failure.younger, failure.rules)
    for kind in failure.kinds:
        state = state.apply_result(engine_kinds()[kind])
    totals = [0, 0]
    for kind in failure.kinds:
        points = model_points(kind, failure.system, failure.rules.good_loser_after_plattwurf)
        totals = [totals[q] + points[q] for q in (0, 1)]
    return LevelReplay(str(_engine_points(state)), str(broken.points(state)), str(tuple(totals)))


def _replay_points(failure: LevelFailure, broken: Engine) -> LevelReplay:
    assert failure.result is not None
    real = compute_gang_score(failure.result, failure.system, failure.rules)
    wrong = broken.gang_score(failure.result, failure.system, failure.rules)
    model = model_points(failure.kinds[0], failure.system, failure.rules.good_loser_after_plattwurf)
    return LevelReplay(
        str(tuple(p.hundredths for p in real.points)), str(tuple(p.hundredths for p in wrong.points)), str(model)
    )


_REPLAYS: dict[str, Callable[[LevelFailure, Engine], LevelReplay]] = {
    "match_starter": _replay_match,
    "winner": _replay_match,
    "fest_starter": lambda failure, broken: replay_fest_starter(failure, broken.fest_starter),
    "totals": _replay_totals,
    "points": _replay_points,
    "ranks": lambda failure, broken: replay_ranks(failure, broken.ranks),
}


def check_family(family: str, *, subset: bool = True, broken: str | None = None) -> LevelCheck:
    """One family's proof (``FAMILIES``) on the engine, or on a deliberately broken transition of it (a name of ``BROKEN_LEVELS``)."""
    if family not in _CHECKS:
        raise InvalidArgumentError("family", f"unknown family {family!r}; known: {', '.join(FAMILIES)}")
    if broken is None:
        return _check(family, Engine(), subset, False)
    if BROKEN_LEVELS.get(broken, ("",))[0] != family:
        known = ", ".join(name for name, (f, _) in BROKEN_LEVELS.items() if f == family)
        raise InvalidArgumentError("broken", f"no broken transition {broken!r} of the family {family}; known: {known}")
    return _check(family, BROKEN_LEVELS[broken][1], subset, True)


def replay_failure(failure: LevelFailure, broken: str) -> LevelReplay:
    """A broken transition's counterexample replayed through the real engine, beside the broken answer (``BROKEN_LEVELS[broken]``) and the model's."""
    if failure.part not in _REPLAYS:
        raise InvalidArgumentError("failure", f"no replay of the part {failure.part!r}")
    return _REPLAYS[failure.part](failure, BROKEN_LEVELS[broken][1])


def run_level_proof(*, subset: bool = False) -> LevelProof:
    """Every family's proof on the engine, then each broken transition caught and replayed, with the wall and CPU seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    real = Engine()
    checks = tuple(_check(family, real, subset, False) for family in FAMILIES)
    broken: list[tuple[str, LevelFailure | None, LevelReplay | None]] = []
    for name, (family, engine) in BROKEN_LEVELS.items():
        found = _check(family, engine, True, True).failures
        failure = found[0] if found else None
        broken.append((name, failure, None if failure is None else _REPLAYS[failure.part](failure, engine)))
    return LevelProof(checks, tuple(broken), time.perf_counter() - wall, time.process_time() - cpu)


def format_level_proof(proof: LevelProof) -> str:
    """The match and fest proof in a few lines: per family the counts and failures, each broken transition with its replay, the time."""
    lines = []
    for c in proof.checks:
        lines.append(
            f"{c.family} ({c.method}): {c.inputs:,} inputs, {c.paths:,} paths of the engine's code, "
            f"{c.checks:,} Z3 checks; {len(c.failures)} disagreements"
        )
        lines += [f"  {f}" for f in c.failures[:3]]
    for name, failure, rep in proof.broken:
        if failure is None or rep is None:
            lines.append(f"broken {name}: NOT caught")
            continue
        lines.append(f"broken {name}: caught ({failure}); replayed: engine {rep.engine}; broken {rep.broken}; model {rep.model}")
    lines.append(f"match and Schwingfest {'proved' if proof.ok else 'NOT proved'} in {proof.wall:.1f} s wall, {proof.cpu:.1f} s CPU")
    return "\n".join(lines)
