"""OpenSpiel's own ISMCTS (``open_spiel.python.algorithms.ismcts``) on ``python_schwinget``: a resampler of the cards a player has not seen, and Gänge against the random and heuristic players."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np  # type: ignore[import-not-found,unused-ignore]
import pyspiel  # type: ignore[import-not-found,unused-ignore]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found,import-untyped,unused-ignore]

from schwinget_spec.cards import ALL_CARDS
from schwinget_spec.checks import check_int
from schwinget_spec.ecosystem.encoding import action_id
from schwinget_spec.ecosystem.openspiel_game import SchwingetGame, SchwingetState
from schwinget_spec.errors import InvalidArgumentError, SchwingetError
from schwinget_spec.players import Player
from schwinget_spec.solver.named_bots import make_bot

__all__ = ["OPPONENTS", "ismcts_bot", "play_gaenge", "render", "resample"]

OPPONENTS = ("random", "heuristic")
"""Whom ``play_gaenge`` pits ISMCTS against."""

_TO_HAND = 2 * len(ALL_CARDS)
_NEVER = 1 << 30


def _hidden_slots(state: SchwingetState, player: int) -> tuple[list[int], dict[int, int], list[tuple[int, int]], set[int]]:
    """Replay ``state``'s history and sort its chance outcomes: hidden from ``player`` or seen by it.

    Returns the history positions of the hidden outcomes, for each the position from
    which the opponent held that card (never, if the opponent has not received it), the
    opponent's plays (position, card value), and the card values ``player`` has seen
    arrive (its own cards and the revealed card).
    """
    game = state.get_game()
    replay: SchwingetState = game.new_initial_state()
    hidden: list[int] = []
    seen: set[int] = set()
    held_from: dict[int, int] = {}
    slot_of_card: dict[int, int] = {}
    plays: list[tuple[int, int]] = []
    opponent = 1 - player
    for position, action in enumerate(state.history()):
        before = len(replay.events)
        if replay.is_chance_node():
            replay.apply_action(action)
            new = replay.events[before:]
            if any(who is None or int(who) == player for _, who, _ in new):
                seen.add(action)
            else:
                hidden.append(position)
                slot_of_card[action] = position
                held_from[position] = 0 if new else _NEVER
            continue
        actor = replay.current_player()
        replay.apply_action(action)
        if actor == opponent and action < len(ALL_CARDS):
            plays.append((position, action))
        for _, who, channel in replay.events[before:]:
            card = channel - _TO_HAND
            if who is None or not 0 <= card < len(ALL_CARDS) or card not in slot_of_card:
                continue
            slot = slot_of_card.pop(card)
            if int(who) == opponent:
                held_from[slot] = position + 1
            else:
                # a pile card fixed unseen and drawn by the player: seen from now on
                hidden.remove(slot)
                del held_from[slot]
                seen.add(card)
    return hidden, held_from, plays, seen


def resample(state: SchwingetState, player: int, rng: random.Random, attempts: int = 2000) -> SchwingetState:
    """A state ``player`` cannot tell from ``state``: the same actions and the cards it saw, the cards it did not see dealt afresh.

    The opponent's played cards are put in the places it could have held them from
    before it played them; the other hidden places get the other unseen cards uniformly;
    a deal under which a past play would have been illegal (Farbzwang) is drawn again.
    Raises ``SchwingetError`` if ``attempts`` draws give no consistent deal.
    """
    hidden, held_from, plays, seen = _hidden_slots(state, player)
    history = state.history()
    played = {card for _, card in plays}
    pool = [c.value for c in ALL_CARDS if c.value not in seen and c.value not in played]
    game = state.get_game()
    for _ in range(attempts):
        free = list(hidden)
        choice: dict[int, int] = {}
        ok = True
        for position, card in plays:
            places = [slot for slot in free if held_from[slot] <= position]
            if not places:
                ok = False
                break
            slot = rng.choice(places)
            free.remove(slot)
            choice[slot] = card
        if not ok:
            continue
        for slot, card in zip(free, rng.sample(pool, len(free)), strict=True):
            choice[slot] = card
        out: SchwingetState = game.new_initial_state()
        try:
            for position, action in enumerate(history):
                out.apply_action(choice.get(position, action))
        except (SchwingetError, pyspiel.SpielError, ValueError, RuntimeError):
            continue
        if out.information_state_string(player) == state.information_state_string(player):
            return out
    raise SchwingetError(f"no deal consistent with what player {player} saw in {attempts} draws")


def ismcts_bot(game: SchwingetGame, simulations: int, seed: int) -> Any:
    """OpenSpiel's ``ISMCTSBot`` (UCT, c = 2, one random rollout per leaf) with ``resample`` as its resampler."""
    check_int(simulations, "simulations", minimum=1, maximum=100_000)
    rng = random.Random(seed)
    state_rng = np.random.RandomState(seed % 2**32)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=state_rng)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=state_rng)
    bot.set_resampler(lambda state, player: resample(state, player, rng))
    return bot


def play_gaenge(opponent: str, gaenge: int, simulations: int = 100, seed: int = 0) -> Counter[str]:
    """``gaenge`` single Gänge of ISMCTS against ``opponent`` (``OPPONENTS``), ISMCTS at P0 in even Gänge, the deal by chance from ``seed``.

    Counts ``ismcts`` and ``opponent`` wins and ``draws`` (by the Gang's points, the
    adapter's returns), and ``ismcts_points`` / ``opponent_points`` in hundredths.
    """
    if opponent not in OPPONENTS:
        raise InvalidArgumentError("opponent", f"expected one of {', '.join(OPPONENTS)}, got {opponent!r}")
    check_int(gaenge, "gaenge", minimum=1, maximum=100_000)
    game = SchwingetGame({"gaenge": 1})
    chance = np.random.RandomState(seed % 2**32)
    out: Counter[str] = Counter()
    for g in range(gaenge):
        seat = g % 2
        searcher = ismcts_bot(game, simulations, seed * 100_003 + g)
        other = make_bot(opponent, seed * 100_003 + g)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(chance.choice(actions, p=probs)))
            elif state.current_player() == seat:
                state.apply_action(int(searcher.step(state)))
            else:
                assert state.gang is not None
                action, other = other.choose(state.gang.view(Player(state.current_player())))
                state.apply_action(action_id(action))
        returns = state.returns()
        mine, theirs = returns[seat], returns[1 - seat]
        out["ismcts" if mine > theirs else "opponent" if theirs > mine else "draws"] += 1
        out["ismcts_points"] += round(100 * mine)
        out["opponent_points"] += round(100 * theirs)
    return out




def render(opponent: str, counts: Counter[str], simulations: int) -> str:
    """One ladder row: ISMCTS's share of the decided Gänge against ``opponent`` with its 95 % Wilson interval, and the mean points."""
    from schwinget_spec.studies.balance import wilson  # noqa: PLC0415

    won, lost, drawn = counts["ismcts"], counts["opponent"], counts["draws"]
    gaenge = won + lost + drawn
    low, high = wilson(won, won + lost)
    share = f"{100 * won / max(1, won + lost):.1f} %, {100 * low:.1f}-{100 * high:.1f} %"
    return (
        f"| ISMCTS ({simulations} simulations) against {opponent} | {won}, {lost}, {drawn} | {won} of {won + lost} ({share}) "
        f"| {counts['ismcts_points'] / 100 / gaenge:.3f} / {counts['opponent_points'] / 100 / gaenge:.3f} |"
    )


def main() -> None:
    """Print the ladder row of ISMCTS against one opponent."""
    import argparse  # noqa: PLC0415

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--opponent", choices=OPPONENTS, default="random")
    parser.add_argument("--gaenge", type=int, default=100)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(render(args.opponent, play_gaenge(args.opponent, args.gaenge, args.simulations, args.seed), args.simulations))


if __name__ == "__main__":
    main()
