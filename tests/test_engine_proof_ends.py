"""The proof of the engine's first state and result (proofs/engine_ends.py), bounded: a few cases proved, the lemma, every wrong end caught and replayed, the result reading no card."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

import pytest
import z3

from schwinget_spec import gang as gang_module
from schwinget_spec.cards import Card
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import Angriff, GangResult, SchwungRecord
from schwinget_spec.players import Player
from schwinget_spec.proofs.engine_ends import (
    BROKEN_ENDS,
    PART_CLAUSES,
    ResultShape,
    SymPlayer,
    check_result_shape,
    check_start,
    first_end_failure,
    lemma_one_neutral,
    replay_end,
    result_shapes,
)
from schwinget_spec.proofs.symbolic import Explorer

pytestmark = pytest.mark.clause("gang.turn", "deal.hands", "plattwurf.after_angriff", "plattwurf.definition", "gang.more_tricks_wins", "scoring.tricks_only")


@pytest.mark.parametrize(("revealed", "starter"), [(Card.G4, Player.P1), (Card.BK, Player.P0)], ids=["G4-P1", "BK-P0"])
def test_start_gang_builds_the_models_first_state_on_every_deal(revealed: Card, starter: Player) -> None:
    """With a coloured card or the Konter revealed, start_gang on a deal of the model's symbolic deck gives the model's hands, leader, trump, no tricks, nothing pending, in the covered set."""
    check = check_start(revealed, starter)
    assert check.paths == 2
    assert [str(f) for f in check.failures] == []


@pytest.mark.parametrize(
    "shape",
    [ResultShape(None, 0, 3), ResultShape(Player.P1, 1, None), ResultShape(Player.P0, 4, 6)],
    ids=lambda shape: shape.label(),
)
def test_the_result_is_the_models_on_every_finished_gang_of_a_shape(shape: ResultShape) -> None:
    """No Angriff with a Schwung neutralised (11 tricks: never equal); an Angriff after one Schwung; an Angriff with a neutralised Schwung after it: every path of the result agrees with the model."""
    check = check_result_shape(shape)
    assert check.paths >= (2 if shape.attacker is None else 3)
    assert [str(f) for f in check.failures] == []


def test_the_finished_gangs_are_enumerated_by_the_lemma() -> None:
    """Z3 proves at most one Schwung neutralised and never the last, and the shapes are every Angriff (or none) with every such Schwung: 101."""
    assert lemma_one_neutral()
    shapes = list(result_shapes())
    assert len(shapes) == 11 + 2 * sum(k + 5 for k in range(6))
    assert all(s.neutral is None or s.neutral < s.length - 1 for s in shapes)


@pytest.mark.parametrize("name", sorted(BROKEN_ENDS))
def test_a_wrong_end_fails_the_proof_with_a_state_the_engine_replays(name: str) -> None:
    """Each wrong end (the opponent leading first, the hands swapped, the Plattwurf over the whole Gang, equal tricks won by P0) fails, and on real values the engine gives the model's answer and the wrong end another."""
    failure = first_end_failure(name)
    assert failure is not None
    played = replay_end(name, failure)
    assert played.caught, played


@contextlib.contextmanager
def _reading_a_card() -> Iterator[None]:
    original = gang_module.compute_result

    def compute(tricks: tuple[int, int], history: tuple[SchwungRecord, ...], angriff: Angriff | None) -> GangResult:
        if any(r.led.value == 0 for r in history):
            return original(tricks, history[1:], angriff)
        return original(tricks, history, angriff)

    gang_module.compute_result = compute
    try:
        yield
    finally:
        gang_module.compute_result = original


def test_a_result_that_reads_a_card_fails_the_proof() -> None:
    """A result that looks at a card's value is refused by the proof, naming what it read: the engine's result reads trick counts, never a card (scoring.tricks_only)."""
    with _reading_a_card():
        check = check_result_shape(ResultShape(None, 0, None))
    assert [f.what for f in check.failures] == ["the engine's code read what the proof gives it no value for: a card was read"]


def test_symbolic_players_in_a_set_are_told_apart_by_the_explorer() -> None:
    """Three symbolic players make a set of one or two, each path's conditions saying which: four paths in all."""
    a, b, c = z3.Bools("a b c")
    explorer = Explorer([])

    def run(ex: Explorer) -> int:
        return len({SymPlayer(ex, a), SymPlayer(ex, b), SymPlayer(ex, c)})

    sizes = sorted(p.value for p in explorer.paths(run) if p.value is not None)
    assert sizes == [1, 2, 2, 2]


def test_every_part_names_clauses_of_the_booklet() -> None:
    """The clauses the two ends cover are clause ids of the booklet's table."""
    from schwinget_spec.clauses import CLAUSES  # noqa: PLC0415

    assert all(cid in CLAUSES for ids in PART_CLAUSES.values() for cid in ids)


@pytest.mark.parametrize(
    ("call", "parameter"),
    [
        (lambda: check_start("R1", Player.P0), "revealed"),  # type: ignore[arg-type]
        (lambda: check_start(Card.R1, 0), "starter"),  # type: ignore[arg-type]
        (lambda: check_start(Card.R1, Player.P0, broken="nonsense"), "broken"),
        (lambda: check_result_shape(ResultShape(None, 0, 10)), "shape"),
        (lambda: first_end_failure("gang.never"), "name"),
    ],
    ids=["revealed", "starter", "broken", "shape", "name"],
)
def test_bad_arguments_are_refused_naming_the_parameter(call: Callable[[], object], parameter: str) -> None:
    """A revealed card, starter, wrong end or shape the proof does not know is an InvalidArgumentError naming it, not a KeyError from inside."""
    with pytest.raises(InvalidArgumentError) as caught:
        call()
    assert caught.value.parameter == parameter
