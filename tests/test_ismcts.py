"""OpenSpiel's ISMCTS on python_schwinget (schwinget_spec.ecosystem.ismcts): resampled states the player cannot tell apart, and Gänge against the other players."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest

from schwinget_spec.cards import ALL_CARDS
from schwinget_spec.ecosystem.ismcts import _hidden_slots, play_gaenge, render, resample
from schwinget_spec.ecosystem.openspiel_game import SchwingetGame
from schwinget_spec.errors import InvalidArgumentError


@pytest.mark.clause("deal.hand_private", "schwung.farbzwang")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_resampled_state_looks_the_same_to_the_player_and_deals_only_unseen_cards(seed: int) -> None:
    """At every decision of a random Gang the resampled state has the player's information state and legal actions, the player's hand, and gives the opponent only cards the player has not seen."""
    game = SchwingetGame({"gaenge": 1})
    state = game.new_initial_state()
    chance = np.random.RandomState(seed)
    rng = random.Random(seed)
    moved = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(chance.choice(actions, p=probs)))
            continue
        player = state.current_player()
        other = resample(state, player, rng)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.legal_actions() == state.legal_actions()
        assert other.gang is not None
        assert state.gang is not None
        assert other.gang.hands[player] == state.gang.hands[player]
        _, _, _, seen = _hidden_slots(state, player)
        opponent_cards = {c.value for c in ALL_CARDS if other.gang.hands[1 - player] & c.bit}
        assert not opponent_cards & seen
        moved += other.gang.hands[1 - player] != state.gang.hands[1 - player]
        state.apply_action(int(chance.choice(state.legal_actions())))
    assert moved > 0


def test_ismcts_plays_whole_gaenge_against_each_opponent() -> None:
    """A Gang against the random player and one against the heuristic, each counted once, ISMCTS seated at P0 and at P1; an unknown opponent is refused."""
    counts = play_gaenge("random", 2, 4, 7)
    assert counts["ismcts"] + counts["opponent"] + counts["draws"] == 2
    counts = play_gaenge("heuristic", 1, 4, 7)
    assert counts["ismcts"] + counts["opponent"] + counts["draws"] == 1
    assert render("heuristic", counts, 4).startswith("| ISMCTS (4 simulations) against heuristic | ")
    with pytest.raises(InvalidArgumentError) as caught:
        play_gaenge("oracle", 1)
    assert caught.value.parameter == "opponent"


def test_the_ismcts_rows_of_the_bots_guide_name_their_commands() -> None:
    """docs/bots.md's ISMCTS rows are one per opponent of the commands above them, each with the command's Gänge and simulations (about 2 min of CPU per 100 Gänge, so not played again here)."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "bots.md").read_text(encoding="utf-8")
    made = re.findall(r"^python -m schwinget_spec.ecosystem.ismcts --opponent (\w+) --gaenge (\d+) --simulations (\d+)$", text, flags=re.M)
    rows = text.split("<!-- ladder-ismcts -->\n", 1)[1].split("\n\n", 1)[0].splitlines()[2:]
    assert len(rows) == len(made) == 2
    for (opponent, gaenge, simulations), row in zip(made, rows, strict=True):
        assert row.startswith(f"| ISMCTS ({simulations} simulations) against {opponent} | ")
        assert sum(int(n) for n in row.split(" | ")[1].split(", ")) == int(gaenge)
