"""Z3 scoring queries: the table's rows, the Gang kinds reachable from either starter, match total bounds replayed through the match, the good loser's switch."""

from __future__ import annotations

import functools

import pytest

from schwinget_spec.players import Player
from schwinget_spec.proofs.base import QueryResult
from schwinget_spec.proofs.queries import run_queries
from schwinget_spec.proofs.replay import replay
from schwinget_spec.proofs.runner import default_jobs
from schwinget_spec.proofs.scoring_model import PUNKTEWERTUNG, ROWS, SCHWINGERWERTUNG
from schwinget_spec.proofs.scoring_queries import gang_kinds, kind_points, reachable_gangs, replay_match
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import WERTUNGSTABELLE, ScoringSystem, TableRow, compute_gang_score

_CHECKED = ("score.sw_winner_above_loser", "score.one_row", "score.gang_kinds.p0_starts", "score.gang_kinds.p1_starts", "score.gangs_reachable", "opt.match_bounds.schwingerwertung",
            "opt.match_bounds.punktewertung", "rule.good_loser_after_plattwurf", "rule.good_loser_after_plattwurf.schwingerwertung")
"""The scoring queries this file checks."""


@functools.cache
def _answers() -> dict[str, QueryResult]:
    """Every query of ``_CHECKED``, run once, all cores at once, each in a process of its own (``run_queries``)."""
    return {r.name: r for r in run_queries(_CHECKED, jobs=default_jobs())}


def _check(name: str) -> None:
    result = _answers()[name]
    assert result.ok, f"{name}: expected {result.expected}, got {result.answer}: {result.detail}"


@pytest.mark.clause("scoring.schwingerwertung_both", "table.plattwurf_eigener_angriff", "table.sieg_ohne_angriff")
@pytest.mark.slow
def test_sw_winner_above_loser() -> None:
    """For every deal and play the Schwingerwertung winner of a Gang scores more than the loser."""
    _check("score.sw_winner_above_loser")


@pytest.mark.clause("table.columns", "table.gestellter", "table.gut_gekaempft", "plattwurf.definition")
@pytest.mark.slow
def test_one_row() -> None:
    """Every Gang scores from exactly one result row, the one the model's outcome names, in both systems."""
    _check("score.one_row")


@pytest.mark.clause("match.loser_starts", "match.draw_starter", "gang.turn")
@pytest.mark.slow
def test_gangs_reachable_from_either_starter() -> None:
    """Each Gang kind the table distinguishes is reachable from both starters or from neither; witnesses replay."""
    _check("score.gangs_reachable")


@pytest.mark.clause("gang.turn")
@pytest.mark.parametrize("who", ["p0", "p1"])
@pytest.mark.slow
def test_gang_kinds_from_each_starter(who: str) -> None:
    """Each half of the Gang kinds table is computed by its own query: 17 kinds with a witness, the Gestellter with a loser under 3 tricks proved unreachable."""
    _check(f"score.gang_kinds.{who}_starts")
    assert _answers()[f"score.gang_kinds.{who}_starts"].detail.startswith("17 kinds with a witness Gang, 1 proved unreachable: gestellter")


@pytest.mark.clause("match.winner", "match.end", "scoring.schwingerwertung_both")
@pytest.mark.slow
def test_match_bounds_schwingerwertung() -> None:
    """The Schwingerwertung match total bounds are the expected ones, each witnessed by a match replayed through schwinget_spec.match."""
    _check("opt.match_bounds.schwingerwertung")


@pytest.mark.clause("match.winner", "match.end", "scoring.punktewertung_winner", "table.gut_gekaempft")
@pytest.mark.slow
def test_match_bounds_punktewertung() -> None:
    """The Punktewertung match total bounds are the expected ones, each witnessed by a match replayed through schwinget_spec.match."""
    _check("opt.match_bounds.punktewertung")


@pytest.mark.clause("table.gut_gekaempft")
@pytest.mark.slow
def test_good_loser_switch() -> None:
    """good_loser_after_plattwurf changes the Punktewertung points of some Gang and never the Schwingerwertung points."""
    _check("rule.good_loser_after_plattwurf")
    _check("rule.good_loser_after_plattwurf.schwingerwertung")


@pytest.mark.clause("table.plattwurf_eigener_angriff", "table.gestellter")
def test_table_constants_agree_with_scoring() -> None:
    """The Z3 table constants transcribed from the booklet equal the cells of schwinget_spec.scoring (cross-check only)."""
    for r, row in enumerate(ROWS):
        figures = WERTUNGSTABELLE[TableRow(row)]
        assert figures.schwingerwertung is not None
        assert tuple(p.hundredths for p in figures.schwingerwertung) == SCHWINGERWERTUNG[r]
        win, lose = figures.punktewertung
        assert win is not None
        assert (win.hundredths, lose.hundredths) == PUNKTEWERTUNG[r]


@pytest.mark.clause("table.gut_gekaempft", "scoring.punktewertung_winner")
@pytest.mark.parametrize("reading", [True, False])
def testkind_points_agree_with_engine_scoring(reading: bool) -> None:
    """For every reachable Gang kind the outcome-level points equal compute_gang_score of its witness, in both systems."""
    rules = Rules(good_loser_after_plattwurf=reading)
    table = reachable_gangs()
    for kind in gang_kinds():
        w = table[(kind, False)]
        if w is None:
            continue
        result = replay(w.deck, w.starter, w.actions, w.rules).result
        for system in ScoringSystem:
            engine = tuple(p.hundredths for p in compute_gang_score(result, system, rules).points)
            assert engine == kind_points(kind, system, reading)


@pytest.mark.clause("match.loser_starts", "match.first_starter")
def test_replayed_match_uses_the_due_starter() -> None:
    """A match replayed from Gang kinds starts every Gang with the player the match names."""
    kinds = gang_kinds()
    match = replay_match(ScoringSystem.SCHWINGERWERTUNG, [kinds[0], kinds[5], kinds[-1], kinds[2]])
    assert match.is_over
    assert match.gaenge[0].starter is Player.P0
    assert match.gaenge[1].starter is match.gaenge[0].result.loser
