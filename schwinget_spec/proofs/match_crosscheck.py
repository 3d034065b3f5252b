"""Cross-check of the match and Schwingfest models against the engine: matches and fests played by ``schwinget_spec.match`` and ``schwinget_spec.schwingfest`` are asserted into the models, which must accept them and find no other starters, totals, winner or ranks."""

from __future__ import annotations

from collections.abc import Sequence

import z3  # type: ignore[import-untyped]

from schwinget_spec.match import MatchLength, MatchState, gaenge_started_by_tie, play_match
from schwinget_spec.players import Player
from schwinget_spec.proofs.base import COUNTEREXAMPLE, PROVED, Outcome, Query, core_ids, new_solver
from schwinget_spec.proofs.match_model import (
    DRAW_TIE_READINGS,
    FEST_STARTER_READINGS,
    FEST_TIEBREAK_READINGS,
    FestModel,
    KindVar,
    MatchModel,
    ModelledMeeting,
    fest_meetings,
)
from schwinget_spec.proofs.match_queries import FEST_NAMES
from schwinget_spec.proofs.scoring_queries import REACHABLE_FACTS, result_kind
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import SchwingfestState, play_schwingfest
from schwinget_spec.scoring import ScoringSystem

__all__ = ["MATCH_XCHECK_QUERIES", "check_fest", "check_match"]


def check_match(match: MatchState, reading: str | None = None) -> tuple[str, tuple[str, ...]]:
    """Assert the engine's ``match`` into a ``MatchModel`` (under ``reading``, default the match's own): 'sat' when the model
    accepts it and allows no other starter, total or winner; else 'unsat' with the core, or 'different'."""
    rules = match.rules
    sw, gl = z3.Bool("x.schwingerwertung"), z3.Bool("x.good_loser")
    kinds = [KindVar(f"x.g{i}") for i in range(len(match.gaenge))]
    mm = MatchModel(kinds, rules.draw_tie_starter if reading is None else reading, sw, gl, prefix="x.")
    facts = [sw == (match.system is ScoringSystem.SCHWINGERWERTUNG), gl == rules.good_loser_after_plattwurf]
    facts += [k.is_kind(result_kind(g.result)) for k, g in zip(kinds, match.gaenge, strict=True)]
    starters = [mm.starter[i] == (g.starter is Player.P1) for i, g in enumerate(match.gaenge)]
    res = match.result
    claims = [t == match.totals[q].hundredths for q, t in enumerate(mm.totals[-1])]
    claims.append(mm.winner_code() == (2 if res.winner is None else int(res.winner)))
    s = new_solver()
    mm.assert_into(s)
    s.add(*facts, *starters)
    r = s.check(*mm.tags())
    if r != z3.sat:
        return str(r), core_ids(s) if r == z3.unsat else ()
    s.reset()
    mm.assert_into(s)
    s.add(*facts, z3.Not(z3.And(*starters, *claims)))
    return ("sat", ()) if s.check(*mm.tags()) == z3.unsat else ("different", ())


def check_fest(fest: SchwingfestState) -> tuple[str, tuple[str, ...]]:
    """Assert the engine's finished Schwingfest of three into a ``FestModel`` under its readings: 'sat' when the model accepts
    it and allows no other starter, points or rank; else 'unsat' with the core, or 'different'."""
    rules = fest.rules
    sw, gl = z3.Bool("x.schwingerwertung"), z3.Bool("x.good_loser")
    kinds = {m: KindVar(f"x.m{m.a}{m.b}_{m.leg}") for m in fest_meetings(len(FEST_NAMES))}
    fm = FestModel(
        len(FEST_NAMES),
        kinds,
        fest_starter=rules.fest_starter,
        fest_tiebreak=rules.fest_tiebreak,
        schwingerwertung=sw,
        good_loser_after_plattwurf=gl,
        prefix="x.",
        draw_tie_starter=rules.draw_tie_starter,
    )
    fought = {ModelledMeeting(g.meeting.a, g.meeting.b, g.meeting.leg): g for g in fest.fought}
    facts = [sw == (fest.system is ScoringSystem.SCHWINGERWERTUNG), gl == rules.good_loser_after_plattwurf]
    facts += [kinds[m].is_kind(result_kind(fought[m].result)) for m in kinds]
    starters = [fm.starter[m] == (fought[m].starter == m.b) for m in kinds]
    ranks = {st.schwinger: st.rank for st in fest.standings}
    claims = [fm.points[s] == fest.totals()[s].hundredths for s in range(len(FEST_NAMES))]
    claims += [fm.rank[s] == ranks[s] for s in range(len(FEST_NAMES))]
    s = new_solver()
    fm.assert_into(s)
    s.add(*facts, *starters)
    r = s.check(*fm.tags())
    if r != z3.sat:
        return str(r), core_ids(s) if r == z3.unsat else ()
    s.reset()
    fm.assert_into(s)
    s.add(*facts, z3.Not(z3.And(*starters, *claims)))
    return ("sat", ()) if s.check(*fm.tags()) == z3.unsat else ("different", ())


def _settings(count: int) -> Sequence[tuple[int, ScoringSystem, bool]]:
    systems = (ScoringSystem.PUNKTEWERTUNG, ScoringSystem.SCHWINGERWERTUNG)
    return [(seed, systems[seed % 2], bool((seed >> 1) & 1)) for seed in range(count)]


def _random_matches(count: int = 36) -> Outcome:
    """Engine matches under every draw_tie_starter reading, both systems and both lengths, checked by the match model."""
    bad: list[str] = []
    ties = 0
    for seed, system, good in _settings(count):
        reading = DRAW_TIE_READINGS[seed % len(DRAW_TIE_READINGS)]
        rules = Rules(draw_tie_starter=reading, good_loser_after_plattwurf=good)  # type: ignore[arg-type]
        length = MatchLength.LONG if seed % 4 >= 2 else MatchLength.SHORT
        match = play_match(seed, system, length, Player.P0, rules=rules)
        ties += len(gaenge_started_by_tie(match))
        verdict, core = check_match(match)
        if verdict != "sat":
            bad.append(f"match seed {seed} ({reading}): {verdict} {', '.join(core)}")
    fests = 0
    for seed, system, good in _settings(count // 3):
        starter = FEST_STARTER_READINGS[seed % len(FEST_STARTER_READINGS)]
        tiebreak = FEST_TIEBREAK_READINGS[(seed // 3) % len(FEST_TIEBREAK_READINGS)]
        tie = DRAW_TIE_READINGS[(seed // 2) % len(DRAW_TIE_READINGS)]
        rules = Rules(fest_starter=starter, fest_tiebreak=tiebreak, good_loser_after_plattwurf=good, draw_tie_starter=tie)  # type: ignore[arg-type]
        verdict, core = check_fest(play_schwingfest(FEST_NAMES, seed, system, rules=rules))
        fests += 1
        if verdict != "sat":
            bad.append(f"fest seed {seed} ({starter}, {tiebreak}, {tie}): {verdict} {', '.join(core)}")
    if bad:
        return Outcome(COUNTEREXAMPLE, (), "; ".join(bad))
    return Outcome(
        PROVED,
        (),
        f"{count} engine matches ({ties} Gänge started by the tie reading) and {fests} Schwingfeste of three accepted, "
        "the models finding no other starter, total, winner, points or rank",
    )


MATCH_XCHECK_QUERIES: tuple[Query, ...] = (
    Query(
        "xcheck.random_matches",
        "random engine matches and Schwingfeste (every reading of the match and fest switches) are accepted by the match and fest models with the engine's starters, totals, winner and ranks",
        PROVED,
        _random_matches,
        needs=REACHABLE_FACTS,
    ),
)
"""The cross-check of the match and fest models, in the order of ``QUERIES``."""
