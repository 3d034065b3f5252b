"""An OpenSpiel MCTS bot plays Gänge of Schwinget against a random player (needs the ``openspiel`` extra).

Run: ``python examples/openspiel_mcts.py [gaenge] [simulations]`` (defaults: 4 Gänge, 30
simulations per move); it takes a few seconds.

OpenSpiel's ``MCTSBot`` searches the state it is given, and an OpenSpiel state holds every
card: the bot sees the opponent's hand and the pile order. It is a perfect-information
upper bound, not a fair player; a fair bot decides from ``state.information_state_string``
or the observation only (for example a policy trained by outcome-sampling MCCFR).
"""

from __future__ import annotations

import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from schwinget_spec.ecosystem.openspiel_game import register


def main(gaenge: int = 4, simulations: int = 30, seed: int = 0) -> list[float]:
    """Play one game of ``gaenge`` Gänge, MCTS as P0 against a uniform random P1; print the Schwünge and return the points."""
    register()
    game = pyspiel.load_game("python_schwinget", {"gaenge": gaenge})
    rng = np.random.RandomState(seed)
    bot = mcts.MCTSBot(game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            cards, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(cards, p=probs)))
            continue
        player = state.current_player()
        action = bot.step(state) if player == 0 else int(rng.choice(state.legal_actions()))
        print(f"P{player} {'MCTS  ' if player == 0 else 'random'} {state.action_to_string(player, action)}")
        state.apply_action(action)
    returns = state.returns()
    print(f"points after {gaenge} Gänge: MCTS (P0) {returns[0]:.2f}, random (P1) {returns[1]:.2f}")
    return [float(r) for r in returns]


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    main(*args)
