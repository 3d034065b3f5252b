"""The engine's match and Schwingfest transitions proved equal to the match model: who starts, the Gang points and totals, the winner, the ranks.

Two methods, each where it is exhaustive and the simpler:

- **enumeration** where the transition reads only finite inputs: the points a Gang adds
  to the totals (``MatchState.apply_result``: Gang kind x system x the Plattwurf switch)
  and who starts a Schwingfest meeting (``SchwingfestState.starter_of``: kind of the
  pair's first meeting x leg x ``fest_starter`` x ``draw_tie_starter``). The engine runs
  on real states; Z3 proves that the model allows no other answer.
- **symbolic execution** (``proofs.symbolic.Explorer``) where the transition reads the
  running totals, which have no small domain: who starts Gang i+1 of a match
  (``MatchState.next_starter_with_clause``, the function ``apply_gang`` and
  ``apply_result`` call), the match's winner (``MatchState.result``) and the fest's ranks
  (``SchwingfestState.standings``). The engine's own code runs on a view of the state
  whose totals are ``SymInt`` terms bound to the model's totals, which are sums of
  symbolic Gang kinds; every path is checked in Z3 against the model.

The Gang kinds range over the 17 kinds an engine result has (``exhaustive._kind_results``),
from either starter (the reachability lemma is left out, so the covered set holds every
reachable match). Each family has a deliberately broken transition that must fail with
a counterexample; its Gang kinds are then replayed through the real engine.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.match import MatchLength, MatchState, start_match
from schwinget_spec.players import Player
from schwinget_spec.proofs.exhaustive import _kind_results
from schwinget_spec.proofs.match_model import (
    DRAW_TIE_READINGS,
    FEST_STARTER_READINGS,
    FestModel,
    KindScore,
    KindVar,
    MatchModel,
    ModelledMeeting,
    fest_meetings,
)
from schwinget_spec.proofs.match_queries import FEST_NAMES
from schwinget_spec.proofs.replay import model_bool, model_int
from schwinget_spec.proofs.scoring_queries import GangKind, kind_text
from schwinget_spec.proofs.symbolic import WIDTH, Explorer, SymInt
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import Meeting, SchwingfestState, start_schwingfest
from schwinget_spec.scoring import ScoringSystem

__all__ = [
    "BROKEN_LEVELS",
    "FAMILIES",
    "FAMILY_CLAUSES",
    "LevelCheck",
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
    "totals": ("match.record_points",),
    "winner": ("match.winner",),
    "ranks": ("match.winner",),
}
"""The clauses each family's proof covers (the model's tags of the constraints it checks)."""

MATCH_GAENGE = 6
"""The match model's length: a long match; a short match is its first four Gänge."""


class _NoLemma(KindVar):
    """A ``KindVar`` without the reachability lemma: every kind of an engine result, from either starter."""

    def reachable_from(self, starter_p1: z3.BoolRef) -> z3.BoolRef:
        """True: no lemma."""
        return z3.BoolVal(True)


def _kinds() -> dict[GangKind, Any]:
    return dict(_kind_results())


def _known_kind(var: KindVar, kinds: Sequence[GangKind]) -> z3.BoolRef:
    return z3.And(var.well_formed(), z3.Or(*(var.is_kind(k) for k in kinds)))


def _wide(term: z3.BitVecRef) -> z3.BitVecRef:
    return z3.ZeroExt(WIDTH - term.size(), term)


# -- views of a state whose totals are symbolic; the engine's own methods run on them


@attrs.frozen
class _LastGang:
    starter: Player
    result: Any


@attrs.frozen
class _MatchView:
    gaenge: tuple[_LastGang, ...]
    totals: tuple[Any, Any]
    rules: Rules
    younger: Player = Player.P0
    system: ScoringSystem = ScoringSystem.SCHWINGERWERTUNG
    is_over: bool = True
    total_tricks: tuple[int, int] = (0, 0)


@attrs.frozen
class _Pts:
    hundredths: Any


class _FestView:
    """The parts of a ``SchwingfestState`` that ``standings`` reads, with symbolic totals and no Gang fought."""

    def __init__(self, names: tuple[str, ...], rules: Rules, totals: tuple[SymInt, ...]) -> None:
        self.names = names
        self.rules = rules
        self.fought: tuple[Any, ...] = ()
        self._totals = tuple(_Pts(t) for t in totals)

    def totals(self) -> tuple[_Pts, ...]:
        return self._totals


# -- the engine's transitions, and one deliberately broken of each family

StarterFn = Callable[[Any], tuple[Player, str]]
WinnerFn = Callable[[Any], Player | None]
PointsFn = Callable[[MatchState], tuple[int, int]]
FestStarterFn = Callable[[SchwingfestState, Meeting], int]
RanksFn = Callable[[Any], dict[int, int]]


def _engine_starter(view: Any) -> tuple[Player, str]:
    return MatchState.next_starter_with_clause(view)


def _engine_winner(view: Any) -> Player | None:
    result = MatchState.result.fget(view)  # type: ignore[attr-defined]
    return result.winner  # type: ignore[no-any-return]


def _engine_points(state: MatchState) -> tuple[int, int]:
    return (state.totals[0].hundredths, state.totals[1].hundredths)


def _engine_fest_starter(fest: SchwingfestState, meeting: Meeting) -> int:
    return fest.starter_of(meeting)


def _engine_ranks(view: Any) -> dict[int, int]:
    return {st.schwinger: st.rank for st in SchwingfestState.standings.fget(view)}  # type: ignore[attr-defined]


def _broken_starter(view: Any) -> tuple[Player, str]:
    # the winner of the last Gang starts the next (match.loser_starts reversed)
    player, clause = MatchState.next_starter_with_clause(view)
    return (player.other, clause) if clause == "match.loser_starts" else (player, clause)


def _broken_winner(view: Any) -> Player | None:
    # equal totals go to the younger player (match.winner: "the most points" read as "not fewer")
    t0, t1 = view.totals
    return Player.P1 if t1 > t0 else Player.P0


def _broken_points(state: MatchState) -> tuple[int, int]:
    # each Gang's points credited to the other player (match.record_points)
    t0, t1 = _engine_points(state)
    return (t1, t0)


def _broken_fest_starter(fest: SchwingfestState, meeting: Meeting) -> int:
    # the winner of the pair's first meeting starts the second
    starter = fest.starter_of(meeting)
    first = fest.gang_of(Meeting(meeting.a, meeting.b, 1))
    if meeting.leg == 2 and first is not None and first.result.loser is not None and fest.rules.fest_starter == "loser_of_first_meeting":
        return meeting.a if starter == meeting.b else meeting.b
    return starter


def _broken_ranks(view: Any) -> dict[int, int]:
    # equal points not shared: a Schwinger counts everyone with as many points as ahead
    totals = [p.hundredths for p in view.totals()]
    n = len(totals)
    return {s: 1 + sum(1 for t in range(n) if t != s and bool(totals[t] >= totals[s])) for s in range(n)}


@attrs.frozen
class Engine:
    """One version of each transition: the engine's, or one family's deliberately broken."""

    starter: StarterFn = _engine_starter
    points: PointsFn = _engine_points
    winner: WinnerFn = _engine_winner
    fest_starter: FestStarterFn = _engine_fest_starter
    ranks: RanksFn = _engine_ranks


BROKEN_LEVELS: dict[str, Engine] = {
    "starter": Engine(starter=_broken_starter, fest_starter=_broken_fest_starter),
    "totals": Engine(points=_broken_points),
    "winner": Engine(winner=_broken_winner),
    "ranks": Engine(ranks=_broken_ranks),
}
"""One deliberately broken transition per family, which the proof must catch."""


# -- the results


@attrs.frozen
class LevelFailure:
    """A disagreement: the family, what was checked, and the Gang kinds of a counterexample (match or fest order)."""

    family: str
    label: str
    kinds: tuple[GangKind, ...]
    rules: Rules
    system: ScoringSystem

    def __str__(self) -> str:
        return f"{self.family}: {self.label}; Gänge {', '.join(kind_text(k) for k in self.kinds)}"


@attrs.frozen
class LevelCheck:
    """One family's proof: inputs enumerated or views explored, paths of the engine's code, Z3 checks, failures."""

    family: str
    method: str
    inputs: int
    paths: int
    checks: int
    failures: tuple[LevelFailure, ...]


@attrs.frozen
class LevelReplay:
    """A broken transition's counterexample replayed through the real engine: the engine's answer, the broken one, the model's."""

    engine: str
    broken: str
    model: str

    @property
    def caught(self) -> bool:
        """The engine agrees with the model and the broken transition does not."""
        return self.engine == self.model != self.broken


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
                    "family": name,
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


def _match_model(draw_tie: str, gaenge: int = MATCH_GAENGE) -> tuple[MatchModel, list[_NoLemma], z3.BoolRef, z3.BoolRef]:
    sw, gl = z3.Bool("l.schwingerwertung"), z3.Bool("l.good_loser")
    kinds = [_NoLemma(f"l.g{i}") for i in range(gaenge)]
    return MatchModel(kinds, draw_tie, sw, gl, prefix="l."), kinds, sw, gl


def _model_kinds(model: z3.ModelRef, kinds: Sequence[KindVar], count: int) -> tuple[GangKind, ...]:
    return tuple(k.value(model) for k in kinds[:count])


def _with_good_loser(rules: Rules, model: z3.ModelRef, gl: z3.BoolRef) -> Rules:
    """``rules`` with the model's reading of ``good_loser_after_plattwurf``, which the totals of a counterexample rest on."""
    return attrs.evolve(rules, good_loser_after_plattwurf=model_bool(model, gl))


def _system_of(model: z3.ModelRef, sw: z3.BoolRef) -> ScoringSystem:
    return ScoringSystem.SCHWINGERWERTUNG if model_bool(model, sw) else ScoringSystem.PUNKTEWERTUNG


def _check_starter(engine: Engine, subset: bool) -> LevelCheck:
    known = tuple(_kinds())
    failures: list[LevelFailure] = []
    inputs = paths = checks = 0
    readings = DRAW_TIE_READINGS[:1] if subset else DRAW_TIE_READINGS
    steps = range(1, 3) if subset else range(1, MATCH_GAENGE)
    for draw_tie in readings:
        mm, kinds, sw, gl = _match_model(draw_tie)
        rules = Rules(draw_tie_starter=draw_tie)  # type: ignore[arg-type]
        background = [c for _, c in mm.constraints] + [_known_kind(k, known) for k in kinds]
        # Gang 1: no Gang before it
        view = _MatchView((), (0, 0), rules)
        first = engine.starter(view)[0] is Player.P1
        solver = z3.SolverFor("QF_BV")
        solver.add(*background, mm.starter[0] != first)
        inputs += 1
        checks += 1
        if solver.check() != z3.unsat:
            failures.append(LevelFailure("starter", "Gang 1", (), rules, ScoringSystem.SCHWINGERWERTUNG))
        for i, last_kind, last_p1 in itertools.product(steps, known, (False, True)):
            explorer = Explorer([*background, kinds[i - 1].is_kind(last_kind), mm.starter[i - 1] == last_p1])
            checks += 1
            if explorer.solver.check() != z3.sat:
                continue
            inputs += 1
            last = _LastGang(Player.P1 if last_p1 else Player.P0, _kinds()[last_kind])
            t0, t1 = (SymInt(explorer, _wide(mm.totals[i][q])) for q in (0, 1))
            view = _MatchView((last,), (t0, t1), rules)

            def run_starter(_e: Explorer, view: _MatchView = view) -> tuple[Player, str]:
                return engine.starter(view)

            for path in explorer.paths(run_starter):
                paths += 1
                checks += 1
                assert path.value is not None
                if explorer.solver.check(mm.starter[i] != (path.value[0] is Player.P1)) == z3.sat:
                    m = explorer.solver.model()
                    failures.append(
                        LevelFailure("starter", f"who starts Gang {i + 1}", _model_kinds(m, kinds, i), _with_good_loser(rules, m, gl), _system_of(m, sw))
                    )
            checks += explorer.checks
    # the Schwingfest: who starts each meeting of a pair
    systems = (ScoringSystem.SCHWINGERWERTUNG,) if subset else tuple(ScoringSystem)
    for fest_starter, draw_tie, system in itertools.product(FEST_STARTER_READINGS, readings, systems):
        rules = Rules(fest_starter=fest_starter, draw_tie_starter=draw_tie)  # type: ignore[arg-type]
        model_kinds: dict[ModelledMeeting, KindVar] = {m: _NoLemma(f"f.m{m.a}{m.b}_{m.leg}") for m in fest_meetings(len(FEST_NAMES))}
        fm = FestModel(
            len(FEST_NAMES),
            model_kinds,
            fest_starter=fest_starter,
            fest_tiebreak="shared",
            schwingerwertung=z3.Bool("f.sw"),
            good_loser_after_plattwurf=z3.Bool("f.gl"),
            prefix="f.",
            draw_tie_starter=draw_tie,
        )
        body = [c for _, c in fm.constraints]
        pairs = [(m.a, m.b) for m in fm.meetings if m.leg == 1]
        for (a, b), (kind, result) in itertools.product(pairs, _kinds().items()):
            m1, m2 = ModelledMeeting(a, b, 1), ModelledMeeting(a, b, 2)
            fest = start_schwingfest(FEST_NAMES, system, rules=rules)
            opening = engine.fest_starter(fest, Meeting(a, b, 1))
            fest = fest.apply_result(Meeting(a, b, 1), result)
            second = engine.fest_starter(fest, Meeting(a, b, 2))
            solver = z3.SolverFor("QF_BV")
            solver.add(*body, model_kinds[m1].is_kind(kind))
            solver.add(z3.Or(fm.starter[m1] != (opening == b), fm.starter[m2] != (second == b)))
            inputs += 1
            checks += 1
            if solver.check() != z3.unsat:
                failures.append(LevelFailure("starter", f"who starts the meetings of a pair under fest_starter={fest_starter}", (kind,), rules, system))
    return LevelCheck("starter", "symbolic (match), enumerated (fest)", inputs, paths, checks, tuple(failures))


def _check_totals(engine: Engine, subset: bool) -> LevelCheck:
    failures: list[LevelFailure] = []
    inputs = checks = 0
    sw, gl = z3.Bool("t.schwingerwertung"), z3.Bool("t.good_loser")
    var = _NoLemma("t.g")
    score = KindScore(var, sw, gl, "t.")
    body = [c for _, c in score.constraints]
    kinds = _kinds()
    pairs = list(itertools.product(kinds, kinds))[: 20 if subset else None]
    for system, good in itertools.product(ScoringSystem, (True, False)):
        rules = Rules(good_loser_after_plattwurf=good)
        facts = [sw == (system is ScoringSystem.SCHWINGERWERTUNG), gl == good]
        points: dict[GangKind, tuple[int, int]] = {}
        for kind, result in kinds.items():
            state = start_match(system, MatchLength.SHORT, Player.P0, rules).apply_result(result)
            points[kind] = engine.points(state)
            solver = z3.SolverFor("QF_BV")
            solver.add(*body, *facts, var.is_kind(kind))
            solver.add(z3.Or(*(score.points[q] != points[kind][q] for q in (0, 1))))
            inputs += 1
            checks += 1
            if solver.check() != z3.unsat:
                failures.append(LevelFailure("totals", "the points a Gang adds", (kind,), rules, system))
        # the totals add up: two Gänge in a row, the engine's totals against the sums of the per-Gang points proved above
        for a, b in pairs:
            state = start_match(system, MatchLength.SHORT, Player.P0, rules).apply_result(kinds[a]).apply_result(kinds[b])
            inputs += 1
            if engine.points(state) != tuple(points[a][q] + points[b][q] for q in (0, 1)):
                failures.append(LevelFailure("totals", "the totals after two Gänge", (a, b), rules, system))
    return LevelCheck("totals", "enumerated", inputs, 0, checks, tuple(failures))


def _check_winner(engine: Engine, subset: bool) -> LevelCheck:
    known = tuple(_kinds())
    failures: list[LevelFailure] = []
    inputs = paths = checks = 0
    lengths = (MatchLength.SHORT,) if subset else tuple(MatchLength)
    for length in lengths:
        mm, kinds, sw, gl = _match_model("younger", length.gaenge)
        background = [c for _, c in mm.constraints] + [_known_kind(k, known) for k in kinds]
        explorer = Explorer(background)
        t0, t1 = (SymInt(explorer, _wide(mm.totals[-1][q])) for q in (0, 1))
        rules = Rules()
        inputs += 1
        view = _MatchView((), (t0, t1), rules)

        def run_winner(_e: Explorer, view: _MatchView = view) -> Player | None:
            return engine.winner(view)

        for path in explorer.paths(run_winner):
            paths += 1
            checks += 1
            code = 2 if path.value is None else int(path.value is Player.P1)
            if explorer.solver.check(mm.winner_code() != code) == z3.sat:
                m = explorer.solver.model()
                failures.append(
                    LevelFailure(
                        "winner", f"the winner of a match of {length.gaenge}", _model_kinds(m, kinds, length.gaenge),
                        _with_good_loser(rules, m, gl), _system_of(m, sw),
                    )
                )
        checks += explorer.checks
    return LevelCheck("winner", "symbolic", inputs, paths, checks, tuple(failures))


def _check_ranks(engine: Engine, subset: bool) -> LevelCheck:
    del subset
    known = tuple(_kinds())
    meetings = fest_meetings(len(FEST_NAMES))
    model_kinds: dict[ModelledMeeting, KindVar] = {m: _NoLemma(f"r.m{m.a}{m.b}_{m.leg}") for m in meetings}
    sw = z3.Bool("r.sw")
    fm = FestModel(
        len(FEST_NAMES),
        model_kinds,
        fest_starter="loser_of_first_meeting",
        fest_tiebreak="shared",
        schwingerwertung=sw,
        good_loser_after_plattwurf=z3.Bool("r.gl"),
        prefix="r.",
    )
    background = [c for _, c in fm.constraints] + [_known_kind(k, known) for k in model_kinds.values()]
    explorer = Explorer(background)
    totals = tuple(SymInt(explorer, _wide(p)) for p in fm.points)
    rules = Rules()
    failures: list[LevelFailure] = []
    paths = checks = 0
    for path in explorer.paths(lambda _e: engine.ranks(_FestView(FEST_NAMES, rules, totals))):
        paths += 1
        checks += 1
        assert path.value is not None
        if explorer.solver.check(z3.Or(*(fm.rank[s] != r for s, r in path.value.items()))) == z3.sat:
            m = explorer.solver.model()
            kinds = tuple(model_kinds[mm].value(m) for mm in meetings)
            failures.append(LevelFailure("ranks", "the ranks of a Schwingfest of three", kinds, rules, _system_of(m, sw)))
    checks += explorer.checks
    return LevelCheck("ranks", "symbolic", 1, paths, checks, tuple(failures))


_CHECKS: dict[str, Callable[[Engine, bool], LevelCheck]] = {
    "starter": _check_starter,
    "totals": _check_totals,
    "winner": _check_winner,
    "ranks": _check_ranks,
}


# -- replaying a counterexample through the real engine


def _replay_match(failure: LevelFailure, broken: Engine) -> LevelReplay:
    kinds = _kinds()
    length = MatchLength.LONG if len(failure.kinds) > MatchLength.SHORT.gaenge else MatchLength.SHORT
    state = start_match(failure.system, length, Player.P0, failure.rules)
    for kind in failure.kinds:
        state = state.apply_result(kinds[kind])
    if failure.family == "winner":
        # the model's winner of these totals (match.winner), read from the engine's exact totals
        t0, t1 = (p.hundredths for p in state.totals)
        model = "P0" if t0 > t1 else "P1" if t1 > t0 else "draw"
        view = _MatchView((), (t0, t1), failure.rules)
        broken_winner = broken.winner(view)
        real = state.result.winner
        return LevelReplay("draw" if real is None else str(real), "draw" if broken_winner is None else str(broken_winner), model)
    view = _MatchView((_LastGang(state.gaenge[-1].starter, state.gaenge[-1].result),), tuple(p.hundredths for p in state.totals), failure.rules)  # type: ignore[arg-type]
    mm, model_vars, sw, gl = _match_model(failure.rules.draw_tie_starter, len(failure.kinds) + 1)
    solver = z3.SolverFor("QF_BV")
    solver.add(
        *(c for _, c in mm.constraints), sw == (failure.system is ScoringSystem.SCHWINGERWERTUNG),
        gl == failure.rules.good_loser_after_plattwurf,
    )
    solver.add(*(v.is_kind(k) for v, k in zip(model_vars, failure.kinds, strict=False)), _known_kind(model_vars[-1], tuple(kinds)))
    solver.check()
    model = "P1" if model_bool(solver.model(), mm.starter[len(failure.kinds)]) else "P0"
    return LevelReplay(str(state.next_starter), str(broken.starter(view)[0]), model)


def _replay_fest_starter(failure: LevelFailure, broken: Engine) -> LevelReplay:
    fest = start_schwingfest(FEST_NAMES, failure.system, rules=failure.rules).apply_result(Meeting(0, 1, 1), _kinds()[failure.kinds[0]])
    second = Meeting(0, 1, 2)
    first = fest.gang_of(Meeting(0, 1, 1))
    assert first is not None
    loser = first.result.loser
    # the model: the loser of the first meeting starts, after a Gestellter AMB-DRAW-TIE-STARTER
    model = (1 if loser is Player.P1 else 0) if loser is not None else (1 if failure.rules.draw_tie_starter == "drawn_gang_other" else 0)
    return LevelReplay(str(fest.starter_of(second)), str(broken.fest_starter(fest, second)), str(model))


def _replay_totals(failure: LevelFailure, broken: Engine) -> LevelReplay:
    state = start_match(failure.system, MatchLength.SHORT, Player.P0, failure.rules)
    for kind in failure.kinds:
        state = state.apply_result(_kinds()[kind])
    sw, gl = z3.Bool("t.sw"), z3.Bool("t.gl")
    totals = [0, 0]
    for kind in failure.kinds:
        var = _NoLemma("t.g")
        score = KindScore(var, sw, gl, "t.")
        solver = z3.SolverFor("QF_BV")
        solver.add(*(c for _, c in score.constraints), var.is_kind(kind))
        solver.add(sw == (failure.system is ScoringSystem.SCHWINGERWERTUNG), gl == failure.rules.good_loser_after_plattwurf)
        solver.check()
        totals = [totals[q] + model_int(solver.model(), score.points[q]) for q in (0, 1)]
    return LevelReplay(str(_engine_points(state)), str(broken.points(state)), str(tuple(totals)))


def _replay_ranks(failure: LevelFailure, broken: Engine) -> LevelReplay:
    kinds = _kinds()
    fest = start_schwingfest(FEST_NAMES, failure.system, rules=failure.rules)
    by_meeting = dict(zip(fest_meetings(len(FEST_NAMES)), failure.kinds, strict=True))
    for m, kind in by_meeting.items():
        fest = fest.apply_result(Meeting(m.a, m.b, m.leg), kinds[kind])
    points = [p.hundredths for p in fest.totals()]
    # the model's rank (match.winner, shared ties): one more than the number with more points
    model = {s: 1 + sum(1 for t in points if t > points[s]) for s in range(len(points))}
    engine = {st.schwinger: st.rank for st in fest.standings}
    return LevelReplay(str(engine), str(broken.ranks(_FestView(FEST_NAMES, fest.rules, tuple(points)))), str(model))  # type: ignore[arg-type]


def _replay(failure: LevelFailure, broken: Engine) -> LevelReplay:
    if failure.family == "ranks":
        return _replay_ranks(failure, broken)
    if failure.family == "totals":
        return _replay_totals(failure, broken)
    if failure.family == "starter" and "fest_starter" in failure.label:
        return _replay_fest_starter(failure, broken)
    return _replay_match(failure, broken)


def check_family(family: str, *, subset: bool = True, broken: bool = False) -> LevelCheck:
    """One family's proof (``FAMILIES``) on the engine, or on its deliberately broken transition (``BROKEN_LEVELS``)."""
    if family not in _CHECKS:
        raise InvalidArgumentError("family", f"unknown family {family!r}; known: {', '.join(FAMILIES)}")
    return _CHECKS[family](BROKEN_LEVELS[family] if broken else Engine(), subset)


def replay_failure(failure: LevelFailure) -> LevelReplay:
    """A broken transition's counterexample replayed through the real engine, beside the broken answer and the model's."""
    return _replay(failure, BROKEN_LEVELS[failure.family])


def run_level_proof(*, subset: bool = False) -> LevelProof:
    """Every family's proof on the engine, then each broken transition caught and replayed, with the wall and CPU seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    real = Engine()
    checks = tuple(_CHECKS[family](real, subset) for family in FAMILIES)
    broken: list[tuple[str, LevelFailure | None, LevelReplay | None]] = []
    for family, engine in BROKEN_LEVELS.items():
        found = _CHECKS[family](engine, True).failures
        failure = found[0] if found else None
        broken.append((family, failure, None if failure is None else _replay(failure, engine)))
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
    for family, failure, rep in proof.broken:
        if failure is None or rep is None:
            lines.append(f"broken {family}: NOT caught")
            continue
        lines.append(f"broken {family}: caught ({failure}); replayed: engine {rep.engine}; broken {rep.broken}; model {rep.model}")
    lines.append(f"match and Schwingfest {'proved' if proof.ok else 'NOT proved'} in {proof.wall:.1f} s wall, {proof.cpu:.1f} s CPU")
    return "\n".join(lines)
