"""The drop-one analysis of the scoring, match and Schwingfest clauses: each one dropped, Z3 is asked for a result that breaks it, and the engine must score that result differently or reject it."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import z3  # type: ignore[import-untyped]

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.errors import SchwingetError
from schwinget_spec.match import MatchLength
from schwinget_spec.players import Player
from schwinget_spec.proofs.base import COUNTEREXAMPLE, PROVED, Outcome, Query, new_solver
from schwinget_spec.proofs.match_model import FestModel, KindVar, MatchModel, ModelledMeeting, fest_meetings
from schwinget_spec.proofs.match_queries import FEST_NAMES, known_gang, play_fest, play_match_gangs
from schwinget_spec.proofs.model import GangModel, all_tags
from schwinget_spec.proofs.replay import Witness, extract_witness, model_bool, model_int, replay
from schwinget_spec.proofs.scoring_model import GangScoreModel
from schwinget_spec.proofs.scoring_queries import REACHABLE_FACTS
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import Meeting
from schwinget_spec.scoring import ScoringSystem, compute_gang_score

__all__ = ["SCORING_DROP_ONE_QUERIES", "clauses_without_constraints", "scoring_drop_one_analysis"]

_DEFAULT = Rules()
"""The default readings, under which the fest model is asked and its fests are replayed (``fest_starter``, ``fest_tiebreak``)."""


def _system(model: z3.ModelRef, schwingerwertung: z3.BoolRef) -> ScoringSystem:
    return ScoringSystem.SCHWINGERWERTUNG if model_bool(model, schwingerwertung) else ScoringSystem.PUNKTEWERTUNG


def _ask(
    constraints: list[tuple[str, z3.BoolRef]],
    cid: str,
    assert_rest: Callable[[z3.Solver], None],
    tags: list[z3.BoolRef],
) -> tuple[str, z3.ModelRef | None]:
    """Assert everything but ``cid`` (``assert_rest``) and the negation of ``cid``'s own constraints: 'implied', 'unknown' or 'sat' with the model."""
    s = new_solver()
    assert_rest(s)
    s.add(z3.Not(z3.And(*(c for k, c in constraints if k == cid))))
    r = s.check(*(t for t in tags if str(t) != f"tag:{cid}"))
    if r == z3.unsat:
        return "implied", None
    if r != z3.sat:
        return "unknown", None
    return "sat", s.model()


def _gang_table(cid: str) -> str:
    """Drop a table clause of one Gang; the engine must score the Gang Z3 finds differently."""
    m = GangModel()
    sm = GangScoreModel(m)

    def rest(s: z3.Solver) -> None:
        m.assert_into(s)
        sm.assert_into(s, drop=(cid,))

    verdict, model = _ask(sm.constraints, cid, rest, [*all_tags([m]), *sm.tags()])
    if model is None:
        return verdict
    w = extract_witness(model, m)
    rules = attrs.evolve(w.rules, good_loser_after_plattwurf=model_bool(model, sm.good_loser_after_plattwurf))
    try:
        result = replay(w.deck, w.starter, w.actions, rules).result
    except SchwingetError:
        return "model/engine disagree"  # the Gang model is whole: its Gang must replay
    engine = tuple(p.hundredths for p in compute_gang_score(result, _system(model, sm.schwingerwertung), rules).points)
    return "caught" if engine != tuple(model_int(model, p) for p in sm.points) else "not caught"


def _match_clause(cid: str) -> str:
    """Drop a match clause; the engine must reject the short match Z3 finds (a starter not due) or total it differently."""
    sw, gl = z3.Bool("drop.schwingerwertung"), z3.Bool("drop.good_loser")
    kinds = [KindVar(f"g{i}") for i in range(MatchLength.SHORT.gaenge)]
    mm = MatchModel(kinds, "younger", sw, gl)
    verdict, model = _ask(mm.constraints, cid, lambda s: mm.assert_into(s, drop=(cid,)), mm.tags())
    if model is None:
        return verdict
    system = _system(model, sw)
    rules = Rules(good_loser_after_plattwurf=model_bool(model, gl))
    starters = [Player.P1 if model_bool(model, x) else Player.P0 for x in mm.starter]
    try:
        match = play_match_gangs(system, rules, [known_gang(k.value(model), p) for k, p in zip(kinds, starters, strict=True)])
    except SchwingetError:
        return "caught"
    totals = tuple(t.hundredths for t in match.totals)
    return "caught" if totals != tuple(model_int(model, t) for t in mm.totals[-1]) else "not caught"


def _fest_clause(cid: str) -> str:
    """Drop a clause of the fest model; the engine must reject the fest Z3 finds or give other points or ranks."""
    sw, gl = z3.Bool("drop.schwingerwertung"), z3.Bool("drop.good_loser")
    kinds = {m: KindVar(f"m{m.a}{m.b}_{m.leg}") for m in fest_meetings(len(FEST_NAMES))}
    fm = FestModel(
        len(FEST_NAMES), kinds, fest_starter=_DEFAULT.fest_starter, fest_tiebreak=_DEFAULT.fest_tiebreak,
        schwingerwertung=sw, good_loser_after_plattwurf=gl,
    )
    verdict, model = _ask(fm.constraints, cid, lambda s: fm.assert_into(s, drop=(cid,)), fm.tags())
    if model is None:
        return verdict
    rules = Rules(good_loser_after_plattwurf=model_bool(model, gl))
    wrong_starter: list[Meeting] = []

    def gang_of(meeting: Meeting, seat: Player) -> Witness:
        mm = ModelledMeeting(meeting.a, meeting.b, meeting.leg)
        if model_bool(model, fm.starter[mm]) != (seat is Player.P1):
            wrong_starter.append(meeting)
        return known_gang(kinds[mm].value(model), seat)

    try:
        fest = play_fest(_system(model, sw), rules, gang_of)
    except SchwingetError:
        return "caught"
    if wrong_starter:
        return "caught"
    ranks = {st.schwinger: st.rank for st in fest.standings}
    same = all(
        fest.totals()[s].hundredths == model_int(model, fm.points[s]) and ranks[s] == model_int(model, fm.rank[s])
        for s in range(len(FEST_NAMES))
    )
    return "not caught" if same else "caught"


def scoring_drop_one_analysis() -> dict[str, str]:
    """For each clause of the scoring, match and fest models (prefixed ``gang:``, ``match:``, ``fest:``), what dropping it gives.

    'caught' when the engine rejects the result Z3 then finds or scores it differently;
    'implied' when the other clauses already imply it; 'not caught' when the engine agrees
    with the broken model; 'model/engine disagree' when the engine rejects a Gang the
    (whole) Gang model allows; 'unknown' when Z3 gives no answer. The match and fest models are asked under the default readings.
    """
    report: dict[str, str] = {}
    for cid in dict.fromkeys(k for k, _ in GangScoreModel(GangModel()).constraints):
        report[f"gang:{cid}"] = _gang_table(cid)
    sw, gl = z3.Bool("ids.schwingerwertung"), z3.Bool("ids.good_loser")
    match_ids = MatchModel([KindVar("ids.g0"), KindVar("ids.g1")], "younger", sw, gl).clause_ids()
    for cid in match_ids:
        if not cid.startswith("table."):
            report[f"match:{cid}"] = _match_clause(cid)
    fest_kinds = {m: KindVar(f"ids.m{m.a}{m.b}_{m.leg}") for m in fest_meetings(len(FEST_NAMES))}
    fest = FestModel(
        len(FEST_NAMES), fest_kinds, fest_starter=_DEFAULT.fest_starter, fest_tiebreak=_DEFAULT.fest_tiebreak,
        schwingerwertung=sw, good_loser_after_plattwurf=gl,
    )
    for cid in fest.clause_ids():
        if not cid.startswith("table."):
            report[f"fest:{cid}"] = _fest_clause(cid)
    return report


def clauses_without_constraints() -> tuple[str, ...]:
    """The clause ids no model constrains under their own literal, so that no drop-one analysis can drop them (booklet order)."""
    sw, gl = z3.Bool("ids.schwingerwertung"), z3.Bool("ids.good_loser")
    gang = GangModel(definitions_as_clauses=True)
    tagged = set(gang.clause_ids()) | {k for k, _ in GangScoreModel(gang).constraints}
    tagged |= set(MatchModel([KindVar("ids.g0"), KindVar("ids.g1")], "younger", sw, gl).clause_ids())
    fest_kinds = {m: KindVar(f"ids.m{m.a}{m.b}_{m.leg}") for m in fest_meetings(len(FEST_NAMES))}
    tagged |= set(
        FestModel(
            len(FEST_NAMES), fest_kinds, fest_starter=_DEFAULT.fest_starter, fest_tiebreak=_DEFAULT.fest_tiebreak, schwingerwertung=sw, good_loser_after_plattwurf=gl
        ).clause_ids()
    )
    return tuple(c for c in CLAUSES if c not in tagged)


def _drop_one_scoring() -> Outcome:
    report = scoring_drop_one_analysis()
    weak = sorted(k for k, v in report.items() if v != "caught")
    detail = "; ".join(f"{k}: {report[k]}" for k in weak) or f"all {len(report)} caught"
    failed = any(v not in {"caught", "implied"} for v in report.values())
    clauses = tuple(sorted({k.split(":", 1)[1] for k in report}))
    return Outcome(COUNTEREXAMPLE if failed else PROVED, clauses, detail)


SCORING_DROP_ONE_QUERIES: tuple[Query, ...] = (
    Query(
        "cons.drop_one.scoring",
        "dropping each table, match or Schwingfest clause admits a Gang, match or fest the engine rejects or scores differently, unless the others imply it",
        PROVED,
        _drop_one_scoring,
        slow=True,
        needs=REACHABLE_FACTS,
    ),
)
"""The drop-one analysis of the scoring clauses, in the order of ``QUERIES``."""
