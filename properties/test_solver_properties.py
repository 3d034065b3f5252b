"""The Gang solver for every deal, starter, switch combination and scoring system: a solved line played through the reference engine ends with the solved value."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schwinget_spec.deal import Deal
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem
from schwinget_spec.solver import compiled, leaf_value, minimax
from schwinget_spec.testing.strategies import deals, players, rules

SYSTEMS = st.sampled_from(tuple(ScoringSystem))


@pytest.mark.clause("plattwurf.definition", "gang.more_tricks_wins", "angriff.who", "kampfrichter.chooses")
@given(deal=deals(), starter=players(), rules=rules(), system=SYSTEMS)
def test_a_solved_line_reaches_the_solved_value(deal: Deal, starter: Player, rules: Rules, system: ScoringSystem) -> None:
    """The line solved from the deal is legal at every step and its finished Gang scores the value; no child of the start beats it."""
    start = start_gang(deal, starter, rules)
    solution = compiled.solve(start, system)
    state = start
    for code in solution.line:
        state = state.apply(code)
    assert state.is_over
    assert leaf_value(state.result, system, rules) == solution.value
    children = [v for _code, v in compiled.child_values(start, system)]
    assert solution.value == (max(children) if starter is Player.P0 else min(children))


@pytest.mark.clause("angriff.locks_pile", "kampfrichter.neutralises")
@given(deal=deals(), starter=players(), rules=rules(), system=SYSTEMS, moves=st.lists(st.integers(0, 2**16), min_size=14, max_size=14))
def test_late_positions_agree_with_the_readable_solver(
    deal: Deal, starter: Player, rules: Rules, system: ScoringSystem, moves: list[int]
) -> None:
    """After 14 actions of any play (often the Angriff locked the pile by then), both solvers give the position the same value."""
    state = start_gang(deal, starter, rules)
    for k in moves:
        if state.is_over:
            break
        actions = state.legal_actions()
        state = state.apply(actions[k % len(actions)])
    if state.angriff is None and state.pile_drawn < 10:
        # the readable solver would take seconds here: play on until the pile is nearly used up
        while state.angriff is None and state.pile_drawn < 10 and not state.is_over:
            state = state.apply(next(a for a in state.legal_actions() if a.code != "A"))
    assert compiled.value(state, system) == minimax.value(state, system)
