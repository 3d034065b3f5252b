"""The engine's Schwingfest transitions proved against the fest model: who starts a meeting (fests of 3 and 4), the schedule, the ranks under both tie-breaks.

Who starts reads finite inputs and is enumerated; the ranks are explored symbolically:
``SchwingfestState.standings`` runs on a view whose totals are free ``SymInt`` terms and,
under ``fest_tiebreak="wins_then_plattwuerfe"``, whose Gänge are stand-ins that make the
engine's counts of Gänge won and Plattwürfe the model's on every path.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any

import attrs
import z3  # type: ignore[import-untyped]

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
from schwinget_spec.proofs.match_model import (
    DRAW_TIE_READINGS,
    FEST_STARTER_READINGS,
    RANK_BITS,
    FestModel,
    KindVar,
    ModelledMeeting,
    fest_meetings,
)
from schwinget_spec.proofs.match_queries import FEST_NAMES
from schwinget_spec.proofs.replay import model_int
from schwinget_spec.proofs.symbolic import Explorer, Path, SymInt
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import (
    Meeting,
    SchwingfestState,
    gaenge_per_schwinger,
    make_schedule,
    start_schwingfest,
)
from schwinget_spec.scoring import ScoringSystem

__all__ = [
    "FEST_SIZES",
    "RANK_SIZES",
    "TIEBREAK_SIZES",
    "broken_fest_starter",
    "broken_ranks",
    "broken_ranks_of_three",
    "broken_tiebreak",
    "check_fest_starter",
    "check_ranks",
    "engine_fest_starter",
    "engine_ranks",
    "fest_names",
    "replay_fest_starter",
    "replay_ranks",
]

STARTER_CLAUSES: tuple[str, ...] = ("match.first_starter", "match.loser_starts", "match.draw_starter")
"""The clauses that say who starts: all of the fest model who starts a meeting reads."""


FEST_SIZES: tuple[int, ...] = (3, 4)
"""The Schwingfeste whose starters and ranks (``fest_tiebreak="shared"``) are proved: 3 and 4 Schwinger (5 costs 47 s of CPU for the ranks alone)."""


RANK_SIZES: tuple[int, ...] = (3, 4, 5)
"""The Schwingfeste whose schedules and ranks (``fest_tiebreak="shared"``) the whole proof proves: ``FEST_SIZES`` and 5
Schwinger (1,081 paths of ``standings``, about 47 s of CPU); ``--fast`` and the suite stay with ``FEST_SIZES``."""


TIEBREAK_SIZES: tuple[int, ...] = (3,)
"""The Schwingfeste whose ranks under ``fest_tiebreak="wins_then_plattwuerfe"`` are proved (the Gänge won and Plattwürfe are enumerated per path: 4 Schwinger have 95,832 combinations)."""


_MORE_NAMES = ("Dänu", "Eveline", "Fritz", "Gisela")


def fest_names(players: int) -> tuple[str, ...]:
    """The names of a fest of ``players``, youngest first: ``FEST_NAMES`` and more."""
    return (*FEST_NAMES, *_MORE_NAMES)[:players]


@attrs.frozen
class _Pts:
    hundredths: Any


class _FestView:
    """The parts of a ``SchwingfestState`` that ``standings`` reads: names, rules, the Gänge fought (or stand-ins) and symbolic totals."""

    def __init__(self, names: tuple[str, ...], rules: Rules, totals: tuple[Any, ...], fought: tuple[Any, ...] = ()) -> None:
        self.names = names
        self.rules = rules
        self.fought = fought
        self._totals = tuple(_Pts(t) for t in totals)

    def totals(self) -> tuple[_Pts, ...]:
        return self._totals


class _Threshold:
    """A stand-in Gang won (and by Plattwurf) by one Schwinger as far as the model's counts reach: the ``j``-th Gang of Schwinger ``s``.

    ``standings`` counts each Gang: it is won by ``s`` when ``won[s] >= j`` and a Plattwurf
    when ``plattwuerfe[s] >= j``, else a Gestellter, each read as a branch of the explorer,
    so the engine's counts on a path are the model's counts.
    """

    def __init__(self, explorer: Explorer, schwinger: int, other: int, won: z3.BoolRef, platt: z3.BoolRef) -> None:
        self.explorer = explorer
        self.meeting = self
        self.result = self
        self.a, self.b = schwinger, other
        self._won, self._platt = won, platt

    def schwinger(self, seat: Player) -> int:
        return self.a if seat is Player.P0 else self.b

    @property
    def winner(self) -> Player | None:
        return Player.P0 if self.explorer.decide(self._won) else None

    @property
    def is_plattwurf(self) -> bool:
        return self.explorer.decide(self._platt)


FestStarterFn = Callable[[SchwingfestState, Meeting], int]


RanksFn = Callable[[Any], dict[int, int]]


def engine_fest_starter(fest: SchwingfestState, meeting: Meeting) -> int:
    """The engine's starter of a meeting: ``SchwingfestState.starter_of``."""
    return fest.starter_of(meeting)


def engine_ranks(view: Any) -> dict[int, int]:
    """The engine's ranks: ``SchwingfestState.standings`` run on ``view``, by Schwinger."""
    return {st.schwinger: st.rank for st in SchwingfestState.standings.fget(view)}  # type: ignore[attr-defined]


def broken_fest_starter(fest: SchwingfestState, meeting: Meeting) -> int:
    """Broken: the winner of the pair's first meeting starts the second."""
    starter = fest.starter_of(meeting)
    first = fest.gang_of(Meeting(meeting.a, meeting.b, 1))
    if meeting.leg == 2 and first is not None and first.result.loser is not None and fest.rules.fest_starter == "loser_of_first_meeting":
        return meeting.a if starter == meeting.b else meeting.b
    return starter


def broken_ranks(view: Any) -> dict[int, int]:
    """Broken: equal points do not share a rank (a Schwinger counts everyone with as many points as ahead)."""
    totals = [p.hundredths for p in view.totals()]
    n = len(totals)
    return {s: 1 + sum(1 for t in range(n) if t != s and bool(totals[t] >= totals[s])) for s in range(n)}


def broken_ranks_of_three(view: Any) -> dict[int, int]:
    """Broken: the ranks counted among the first three Schwinger only, as for a fest of three."""
    totals = [p.hundredths for p in view.totals()]
    return {s: 1 + sum(1 for t in range(min(3, len(totals))) if bool(totals[t] > totals[s])) for s in range(len(totals))}


@attrs.frozen
class _WithoutPlattwurf:
    """A fought Gang as a tiebreak that ignores the Plattwürfe sees it: its winner, never a Plattwurf."""

    gang: Any

    @property
    def meeting(self) -> Any:
        return self.gang.meeting

    @property
    def result(self) -> _WithoutPlattwurf:
        return self

    @property
    def winner(self) -> Player | None:
        return self.gang.result.winner  # type: ignore[no-any-return]

    @property
    def is_plattwurf(self) -> bool:
        return False


def broken_tiebreak(view: Any) -> dict[int, int]:
    """Broken: AMB-FEST-TIES "wins_then_plattwuerfe" read as the Gänge won only, the Plattwürfe ignored."""
    totals = tuple(p.hundredths for p in view.totals())
    return engine_ranks(_FestView(view.names, view.rules, totals, tuple(_WithoutPlattwurf(g) for g in view.fought)))


def check_fest_starter(starter_of: FestStarterFn, subset: bool, players: int, failures: list[LevelFailure]) -> Tally:
    """Who starts both meetings of each pair of a fest of ``players`` (``starter_of``: the engine's or a broken one), enumerated against the fest model."""
    tally = Tally()
    readings = DRAW_TIE_READINGS[:1] if subset else DRAW_TIE_READINGS
    systems = (ScoringSystem.SCHWINGERWERTUNG,) if subset else tuple(ScoringSystem)
    names = fest_names(players)
    kinds = engine_kinds()
    for fest_starter, draw_tie, system in itertools.product(FEST_STARTER_READINGS, readings, systems):
        rules = Rules(fest_starter=fest_starter, draw_tie_starter=draw_tie)  # type: ignore[arg-type]
        model_kinds: dict[ModelledMeeting, KindVar] = {m: NoLemma(f"f.m{m.a}_{m.b}_{m.leg}") for m in fest_meetings(players)}
        fm = FestModel(
            players,
            model_kinds,
            fest_starter=fest_starter,
            fest_tiebreak="shared",
            schwingerwertung=z3.Bool("f.sw"),
            good_loser_after_plattwurf=z3.Bool("f.gl"),
            prefix="f.",
            draw_tie_starter=draw_tie,
        )
        # who starts reads only the kinds: the starter clauses, not the points
        solver = z3.SolverFor("QF_BV")
        solver.add(*(c for cid, c in fm.constraints if cid in STARTER_CLAUSES), *(k.well_formed() for k in model_kinds.values()))
        start = start_schwingfest(names, system, rules=rules)
        pairs = [(m.a, m.b) for m in fm.meetings if m.leg == 1]
        for (a, b), (kind, result) in itertools.product(pairs, kinds.items()):
            m1, m2 = ModelledMeeting(a, b, 1), ModelledMeeting(a, b, 2)
            opening = starter_of(start, Meeting(a, b, 1))
            fest = start.apply_result(Meeting(a, b, 1), result)
            second = starter_of(fest, Meeting(a, b, 2))
            tally += Tally(1, 0, 1)
            wrong = z3.Or(fm.starter[m1] != (opening == b), fm.starter[m2] != (second == b))
            if solver.check(model_kinds[m1].is_kind(kind), wrong) != z3.unsat:
                failures.append(
                    LevelFailure(
                        "starter", "fest_starter", f"who starts the meetings of a pair under fest_starter={fest_starter}",
                        (kind,), rules, system, players=players, pair=(a, b),
                    )
                )
    return tally


def _fest_model(players: int, tiebreak: str, prefix: str) -> tuple[FestModel, dict[ModelledMeeting, KindVar], z3.BoolRef, z3.BoolRef]:
    model_kinds: dict[ModelledMeeting, KindVar] = {m: NoLemma(f"{prefix}m{m.a}_{m.b}_{m.leg}") for m in fest_meetings(players)}
    sw, gl = z3.Bool(f"{prefix}sw"), z3.Bool(f"{prefix}gl")
    fm = FestModel(
        players, model_kinds, fest_starter="loser_of_first_meeting", fest_tiebreak=tiebreak,
        schwingerwertung=sw, good_loser_after_plattwurf=gl, prefix=prefix,
    )
    return fm, model_kinds, sw, gl


def _is_count(c: z3.BoolRef, fm: FestModel) -> bool:
    """``c`` defines a Schwinger's Gänge won or Plattwürfe (a ``match.record_points`` constraint of ``fm``)."""
    return z3.is_eq(c) and any(c.arg(0).eq(v) for v in (*fm.won, *fm.plattwuerfe))


def _check_ranks_of(ranks_of: RanksFn, players: int, tiebreak: str, stop: bool, failures: list[LevelFailure]) -> Tally:
    """The ranks of a fest of ``players`` under ``tiebreak``: the points free, the Gänge won and Plattwürfe the model's (tiebreak) or none (shared)."""
    fm, model_kinds, sw, gl = _fest_model(players, tiebreak, f"r{players}.")
    known = tuple(engine_kinds())
    ranks = [c for cid, c in fm.constraints if cid == "match.winner"]
    counts = [c for cid, c in fm.constraints if cid == "match.record_points" and _is_count(c, fm)]
    wins = tiebreak != "shared"
    explorer = Explorer(
        [*counts, *(known_kind(k, known) for k in model_kinds.values())] if wins else [], logic="QF_UFBV"
    )
    totals = tuple(SymInt(explorer, wide(p)) for p in fm.points)
    fought: tuple[Any, ...] = ()
    if wins:
        fought = tuple(
            _Threshold(
                explorer, s, (s + 1) % players,
                z3.UGE(fm.won[s], z3.BitVecVal(j, RANK_BITS)), z3.UGE(fm.plattwuerfe[s], z3.BitVecVal(j, RANK_BITS)),
            )
            for s in range(players)
            for j in range(1, gaenge_per_schwinger(players) + 1)
        )
    rules = Rules(fest_tiebreak=tiebreak)  # type: ignore[arg-type]
    names = fest_names(players)
    tally = Tally(1, 0, 0)
    # a failure on free points is confirmed on the fest model proper: Gang kinds whose points and counts take the path
    bound = z3.SolverFor("QF_BV")
    bound.add(*(c for _, c in fm.constraints), *(known_kind(k, known) for k in model_kinds.values()))
    paths: Iterable[Path[dict[int, int]]] = explorer.paths(lambda _e: ranks_of(_FestView(names, rules, totals, fought)))
    for path in paths:
        tally += Tally(0, 1, 1)
        assert path.value is not None
        wrong = z3.Or(*(fm.rank[s] != r for s, r in path.value.items()))
        if explorer.solver.check(*ranks, wrong) != z3.sat:
            continue
        tally += Tally(0, 0, 1)
        if bound.check(*path.conditions, wrong) != z3.sat:
            continue
        m = bound.model()
        failures.append(
            LevelFailure(
                "ranks", "ranks", f"the ranks of a Schwingfest of {players} under fest_tiebreak={tiebreak}",
                tuple(model_kinds[mm].value(m) for mm in fm.meetings), with_good_loser(rules, m, gl), system_of(m, sw),
                players=players,
            )
        )
        if stop:
            break
    return tally + Tally(0, 0, explorer.checks)


def _check_schedule(players: int, failures: list[LevelFailure]) -> None:
    # fest.twice_each, fest.four_players: the engine's schedule holds the model's meetings, 2(n-1) Gänge each
    schedule = make_schedule(players)
    engine = sorted((m.a, m.b, m.leg) for m in schedule.meetings)
    model = sorted((m.a, m.b, m.leg) for m in fest_meetings(players))
    each = [sum(1 for m in schedule.meetings if s in (m.a, m.b)) for s in range(players)]
    if engine != model or set(each) != {2 * (players - 1)} or gaenge_per_schwinger(players) != 2 * (players - 1):
        failures.append(LevelFailure("ranks", "schedule", f"the meetings of a Schwingfest of {players}", (), Rules(), ScoringSystem.SCHWINGERWERTUNG, players=players))


def check_ranks(ranks_of: RanksFn, subset: bool, stop: bool = False) -> LevelCheck:
    """The ranks family: the schedules and the ranks of fests of ``RANK_SIZES`` (``FEST_SIZES`` with ``subset`` or ``stop``), and the tie-break for ``TIEBREAK_SIZES`` unless ``subset``; ``stop`` ends at the first failure."""
    failures: list[LevelFailure] = []
    tally = Tally()
    parts = [(n, "shared") for n in (FEST_SIZES if subset or stop else RANK_SIZES)]
    if stop or not subset:
        parts += [(n, "wins_then_plattwuerfe") for n in TIEBREAK_SIZES]
    for players, tiebreak in parts:
        if tiebreak == "shared":
            _check_schedule(players, failures)
        tally += _check_ranks_of(ranks_of, players, tiebreak, stop, failures)
        if stop and failures:
            break
    return LevelCheck("ranks", "symbolic", tally.inputs, tally.paths, tally.checks, tuple(failures))


def replay_fest_starter(failure: LevelFailure, broken: FestStarterFn) -> LevelReplay:
    """A fest starter's counterexample replayed through the engine, beside ``broken``'s answer and the model's."""
    a, b = failure.pair
    fest = start_schwingfest(fest_names(failure.players), failure.system, rules=failure.rules)
    fest = fest.apply_result(Meeting(a, b, 1), engine_kinds()[failure.kinds[0]])
    second = Meeting(a, b, 2)
    first = fest.gang_of(Meeting(a, b, 1))
    assert first is not None
    loser = first.result.loser
    # the model: the loser of the first meeting starts, after a Gestellter AMB-DRAW-TIE-STARTER
    if loser is not None:
        model = first.meeting.schwinger(loser)
    else:
        model = b if failure.rules.draw_tie_starter == "drawn_gang_other" else a
    if failure.rules.fest_starter == "alternate":
        model = b
    elif failure.rules.fest_starter == "younger":
        model = a
    return LevelReplay(str(fest.starter_of(second)), str(broken(fest, second)), str(model))


def replay_ranks(failure: LevelFailure, broken: RanksFn) -> LevelReplay:
    """A ranks counterexample replayed through the engine (``standings`` of the fest of its Gang kinds), beside ``broken``'s ranks and the model's."""
    kinds = engine_kinds()
    players = failure.players
    fest = start_schwingfest(fest_names(players), failure.system, rules=failure.rules)
    meetings = fest_meetings(players)
    for m, kind in zip(meetings, failure.kinds, strict=True):
        fest = fest.apply_result(Meeting(m.a, m.b, m.leg), kinds[kind])
    fm, model_kinds, sw, gl = _fest_model(players, failure.rules.fest_tiebreak, "x.")
    solver = z3.SolverFor("QF_BV")
    solver.add(*(c for _, c in fm.constraints), sw == (failure.system is ScoringSystem.SCHWINGERWERTUNG))
    solver.add(gl == failure.rules.good_loser_after_plattwurf, *(model_kinds[m].is_kind(k) for m, k in zip(meetings, failure.kinds, strict=True)))
    if solver.check() != z3.sat:
        raise AssertionError(f"the fest model refuses the counterexample {failure}")
    model = {s: model_int(solver.model(), fm.rank[s]) for s in range(players)}
    engine = {st.schwinger: st.rank for st in fest.standings}
    return LevelReplay(*(str(dict(sorted(ranks.items()))) for ranks in (engine, broken(fest), model)))
