"""The proof of the engine's match and Schwingfest transitions (proofs/engine_levels.py), bounded: the engine agrees with the match model, and each broken transition is caught and replayed."""

from __future__ import annotations

from pathlib import Path

import pytest

from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.proofs.engine_levels import (
    FAMILIES,
    LevelProof,
    check_family,
    format_level_proof,
    replay_failure,
)

pytestmark = pytest.mark.clause("match.first_starter", "match.loser_starts", "match.draw_starter", "match.record_points", "match.winner")


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


@pytest.mark.parametrize("family", FAMILIES)
def test_a_broken_transition_is_caught_and_replayed(family: str) -> None:
    """The deliberately broken transition of each family fails with Gang kinds whose replay through the engine shows the engine with the model and the broken one apart."""
    check = check_family(family, broken=True)
    assert check.failures
    replay = replay_failure(check.failures[0])
    assert replay.caught, replay


def test_an_unknown_family_is_refused() -> None:
    """A family that is not one of FAMILIES raises InvalidArgumentError naming the parameter."""
    with pytest.raises(InvalidArgumentError, match="family"):
        check_family("bonus")


def test_the_summary_says_not_proved_on_a_failure() -> None:
    """A proof whose broken transition was not caught is reported NOT proved, and not ok."""
    proof = LevelProof((check_family("winner"),), (("winner", None, None),), 0.0, 0.0)
    assert not proof.ok
    assert "NOT proved" in format_level_proof(proof)
    assert "broken winner: NOT caught" in format_level_proof(proof)


def test_the_figures_in_the_docs_are_the_programs() -> None:
    """The counts docs/proofs.md quotes for the whole totals and winner proofs are those the program gives."""
    text = (Path(__file__).resolve().parents[1] / "docs" / "proofs.md").read_text(encoding="utf-8")
    totals = check_family("totals", subset=False)
    winner = check_family("winner", subset=False)
    assert f"totals {totals.inputs:,}\ninputs, {totals.checks} Z3 checks" in text
    assert f"winner {winner.paths} paths, {winner.checks} Z3 checks" in text
