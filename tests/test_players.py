"""The two seats: ``Player`` indexes per-player tuples and has no truth value."""

from __future__ import annotations

import pytest

from schwinget_spec import Deal, Player, start_gang


@pytest.mark.clause("setup.two_players")
@pytest.mark.parametrize("player", list(Player))
def test_a_player_has_no_truth_value(player: Player) -> None:
    """``if winner:`` would read P0 (the int 0) as nobody: bool() of either seat raises TypeError."""
    with pytest.raises(TypeError, match="is None"):
        bool(player)
    with pytest.raises(TypeError):
        _ = player or Player.P1


@pytest.mark.clause("setup.two_players")
def test_a_player_is_still_an_int_index() -> None:
    """A seat indexes per-player tuples, compares and hashes as its number."""
    assert ("a", "b")[Player.P1] == "b"
    assert Player.P0 == 0
    assert hash(Player.P1) == hash(1)
    assert sorted([Player.P1, Player.P0]) == [Player.P0, Player.P1]


@pytest.mark.clause("gang.more_tricks_wins")
def test_a_result_won_by_p0_is_told_with_is_none() -> None:
    """A Gang won by P0 has a winner that is not None; the optional seat is compared, never tested."""
    state = start_gang(Deal.shuffled(seed=1), Player.P0)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    result = state.result
    assert result is not None
    assert result.tricks == (4, 1)
    assert result.winner is Player.P0
    assert ("none" if result.winner is None else result.winner.code) == "P0"
