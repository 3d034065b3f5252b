"""The proof of the engine's match and Schwingfest transitions (proofs/engine_levels.py), bounded: the engine agrees with the match model, and each broken transition is caught and replayed."""

from __future__ import annotations

from pathlib import Path

import pytest
import z3  # type: ignore[import-untyped]

from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import Outcome
from schwinget_spec.players import Player
from schwinget_spec.proofs.engine_levels import (
    BROKEN_LEVELS,
    FAMILY_CLAUSES,
    LevelProof,
    check_family,
    format_level_proof,
    replay_failure,
)
from schwinget_spec.proofs.engine_levels_points import ScoreCase, check_gang_score, score_cases
from schwinget_spec.proofs.match_model import MatchModel
from schwinget_spec.scoring import ScoringSystem, compute_gang_score

pytestmark = pytest.mark.clause(
    "match.first_starter", "match.loser_starts", "match.draw_starter", "match.record_points", "match.winner",
    "table.columns", "table.gut_gekaempft",
)


@pytest.mark.parametrize("family", ["starter", "totals", "winner"])
def test_the_engine_agrees_with_the_match_model(family: str) -> None:
    """Every input and every path of the engine's transition (the subset of steps and readings) has the model's answer."""
    check = check_family(family)
    assert check.inputs > 0
    assert check.failures == ()


def test_the_starter_is_explored_down_every_path_of_the_totals() -> None:
    """Who starts a Gang after a Gestellter takes the three paths of the totals (fewer, more, equal), so the explorer ran the engine's code symbolically."""
    check = check_family("starter")
    assert check.paths >= 3 * 2
    assert check.checks > check.paths


@pytest.mark.parametrize("name", list(BROKEN_LEVELS))
def test_a_broken_transition_is_caught_and_replayed(name: str) -> None:
    """Each deliberately broken transition fails its family's proof with a counterexample whose replay through the engine shows the engine with the model and the broken one apart."""
    check = check_family(BROKEN_LEVELS[name][0], broken=name)
    assert check.failures
    replay = replay_failure(check.failures[0], name)
    assert replay.caught, replay


def test_the_points_of_a_gang_are_explored_on_symbolic_tricks() -> None:
    """compute_gang_score under the explorer takes both paths of the good loser's 3 tricks in the Punktewertung, and every path has the table's points."""
    check = check_gang_score(compute_gang_score, subset=True)
    assert check.inputs == len(score_cases(subset=True))
    assert check.paths > check.inputs
    assert check.failures == ()


def test_the_cases_of_a_gang_cover_every_outcome_winner_and_reading() -> None:
    """The whole proof's cases hold each outcome with each winner, both systems and both readings of the Plattwurf switch."""
    cases = score_cases()
    assert {(c.outcome, c.winner) for c in cases} == {
        (o, w) for o in Outcome for w in ((None,) if o is Outcome.GESTELLTER else (Player.P0, Player.P1))
    }
    assert ScoreCase(Outcome.GESTELLTER, None, Player.P1, None, ScoringSystem.PUNKTEWERTUNG, False) in cases


def test_the_table_clauses_are_proved_of_the_engine_by_the_totals() -> None:
    """The totals family names every clause of the Wertungstabelle, which the symbolic Gang points check."""
    assert {c for c in FAMILY_CLAUSES["totals"] if c.startswith("table.")} == {
        "table.columns", "table.plattwurf_eigener_angriff", "table.plattwurf_gegnerischer_angriff",
        "table.sieg_mit_angriff", "table.sieg_ohne_angriff", "table.gestellter", "table.gut_gekaempft",
    }


def test_an_unknown_family_is_refused() -> None:
    """A family that is not one of FAMILIES raises InvalidArgumentError naming the parameter."""
    with pytest.raises(InvalidArgumentError, match="family"):
        check_family("bonus")


def test_a_broken_transition_of_another_family_is_refused() -> None:
    """A broken transition named for a family it does not belong to raises InvalidArgumentError naming broken."""
    with pytest.raises(InvalidArgumentError, match="broken"):
        check_family("winner", broken="younger")


def test_the_summary_says_not_proved_on_a_failure() -> None:
    """A proof whose broken transition was not caught is reported NOT proved, and not ok."""
    proof = LevelProof((check_family("winner"),), (("winner", None, None),), 0.0, 0.0)
    assert not proof.ok
    assert "NOT proved" in format_level_proof(proof)
    assert "broken winner: NOT caught" in format_level_proof(proof)


def test_the_figures_in_the_docs_are_the_programs() -> None:
    """The counts docs/proofs.md quotes for the whole totals and winner proofs are those the program gives."""
    text = " ".join((Path(__file__).resolve().parents[1] / "docs" / "proofs.md").read_text(encoding="utf-8").split())
    totals = check_family("totals", subset=False)
    winner = check_family("winner", subset=False)
    assert f"totals {totals.inputs:,} inputs, {totals.paths} paths, {totals.checks} Z3 checks" in text
    assert f"winner {winner.inputs} inputs, {winner.paths} paths, {winner.checks} Z3 checks" in text


def test_an_unknown_match_draw_reading_is_refused_by_the_model() -> None:
    """MatchModel refuses a match_draw reading that Rules does not have, naming the parameter."""
    with pytest.raises(InvalidArgumentError, match="match_draw"):
        MatchModel([], "younger", z3.Bool("sw"), z3.Bool("gl"), match_draw="coin")
