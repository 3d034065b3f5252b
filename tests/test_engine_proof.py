"""The proof of the engine's own Gang step (proofs/engine_step.py), bounded: a few shapes proved, wrong steps caught and replayed, the explorer's paths."""

from __future__ import annotations

import attrs
import pytest
import z3

from schwinget_spec.cards import Colour
from schwinget_spec.gang import GangState
from schwinget_spec.players import Player
from schwinget_spec.proofs.engine_step import (
    BROKEN_SHAPES,
    BROKEN_STEPS,
    Shape,
    _wrap_answer,
    by_mask_tables_agree,
    check_shape,
    engine_clauses,
    first_failure,
    replay,
    shapes,
)
from schwinget_spec.proofs.symbolic import Concretised, Explorer, SymInt

pytestmark = pytest.mark.clause("schwung.lead_draw", "kampfrichter.collect", "gang.end_no_angriff")


def test_the_explorer_takes_every_feasible_path_once() -> None:
    """Two branches on a 4-bit input, the second infeasible after the first's True, give three paths whose conditions cover every input."""
    x = z3.BitVec("x", 32)
    explorer = Explorer([z3.ULT(x, 16)])

    def run(ex: Explorer) -> str:
        value = SymInt(ex, x)
        if value & 8:
            return "high" if value >= 8 else "impossible"
        return "odd" if value & 1 else "even"

    paths = list(explorer.paths(run))
    assert sorted(p.value for p in paths if p.value is not None) == ["even", "high", "odd"]
    # the conditions of the paths are disjoint and cover the background
    covered = z3.Or(*(z3.And(*p.conditions) for p in paths))
    solver = z3.Solver()
    solver.add(z3.ULT(x, 16), z3.Not(covered))
    assert solver.check() == z3.unsat


def test_a_symbolic_int_refuses_to_become_concrete() -> None:
    """Indexing a table with a symbolic int raises Concretised instead of picking a value silently."""
    explorer = Explorer([])
    with pytest.raises(Concretised):
        (1, 2, 3)[SymInt(explorer, z3.BitVec("i", 32))]  # type: ignore[index]


@pytest.mark.parametrize(
    "shape",
    [
        Shape(10, Player.P0, Colour.GREEN, pending=False, attacker=None),
        Shape(7, Player.P0, Colour.GREEN, pending=True, attacker=Player.P1),
        Shape(5, Player.P1, None, pending=True, attacker=None),
    ],
    ids=lambda shape: shape.label(),
)
def test_the_engine_step_equals_the_model_on_a_shape(shape: Shape) -> None:
    """Every path of the engine's Schwung from the shape (the last Schwung; after an Angriff; the last drawing Schwung with a trick pending) agrees with the model."""
    check = check_shape(shape)
    assert check.paths > 10
    assert [str(f) for f in check.failures] == []


@pytest.mark.parametrize("broken", ["gang.end_no_angriff", "schwung.lead_draw", "angriff.once"])
def test_a_wrong_step_fails_the_proof_with_a_state_the_engine_replays(broken: str) -> None:
    """The wrong step (the Gang never ends; the draws stop early; a second Angriff) fails the proof, and its state, played concretely, shows the engine as the model and the wrong step otherwise."""
    failure = first_failure(broken, [BROKEN_SHAPES[broken]])
    assert failure is not None
    played = replay(failure, broken)
    assert played.caught, played


def test_every_wrong_step_has_a_shape_and_the_shapes_are_counted() -> None:
    """Each wrong step has its demonstration shape; the whole proof has 610 shapes, the subset 38; the proof covers 30 clauses."""
    assert set(BROKEN_SHAPES) == set(BROKEN_STEPS)
    assert len(list(shapes())) == 610
    assert len(list(shapes(subset=True))) == 38
    assert len(engine_clauses()) == 30


def test_a_record_naming_another_clause_than_the_resolution_fails_the_proof() -> None:
    """A step that writes another clause into the Schwung's record than the one resolve_schwung named fails on the record's clause."""

    def relabel(_before: GangState, after: GangState) -> GangState:
        record = after.history[-1]
        if record.winner is None:
            return after
        return attrs.evolve(after, history=(*after.history[:-1], attrs.evolve(record, clause_id="schwung.higher_wins")))

    with _wrap_answer(relabel)():
        check = check_shape(Shape(10, Player.P0, Colour.GREEN, pending=False, attacker=None))
    assert any("the record's clause differs" in str(f) for f in check.failures)


def test_the_tables_of_legal_actions_hold_the_cards_of_their_masks() -> None:
    """Every entry of the engine's tables by mask is the cards of its bits in order, so legal_actions() read at a symbolic mask is that mask's cards."""
    assert by_mask_tables_agree()


def test_a_shape_no_state_has_is_proved_empty() -> None:
    """After an Angriff the Gang ends within five Schwünge: the 11th Schwung after one has no state, and no path."""
    check = check_shape(Shape(10, Player.P0, Colour.RED, pending=False, attacker=Player.P1))
    assert (check.paths, check.failures) == (0, ())
