"""Players as code: the Bot protocol (a choice from a PlayerView, never the full state), a seeded RandomBot, and helpers that play a Gang to the end."""

from __future__ import annotations

from typing import Protocol

import attrs

from schwinget_spec.actions import Action
from schwinget_spec.deal import Deal
from schwinget_spec.errors import SchwingetError
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rng import SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.views import PlayerView

__all__ = ["Bot", "PlayedGang", "RandomBot", "play_gang", "play_gang_recorded"]


class Bot(Protocol):
    """A player that decides from what it may see.

    ``choose`` receives the ``PlayerView`` of the player to move (own hand and public
    information only, clause ``deal.hand_private``), so a bot cannot look at the
    opponent's hand or the pile. Bots are values: ``choose`` returns the action and
    the bot to ask next time (the same bot, or one whose state moved on), and leaves
    itself unchanged.
    """

    def choose(self, view: PlayerView) -> tuple[Action, Bot]:
        """One of ``view.legal_actions`` and the bot for the next decision."""
        ...


@attrs.frozen
class RandomBot:
    """A bot that picks uniformly among its legal actions, driven by SplitMix64.

    The choice is ``view.legal_actions[i]`` with ``i, rng = rng.below(len(actions))``
    (``SplitMix64.below``: unbiased, rejection sampling), so a bot seeded alike makes
    the same choices in any implementation that lists legal actions in the same order.
    """

    rng: SplitMix64

    @classmethod
    def seeded(cls, seed: int) -> RandomBot:
        """The bot whose generator is ``SplitMix64.seeded(seed)`` (0 <= seed < 2**64)."""
        return cls(SplitMix64.seeded(seed))

    def choose(self, view: PlayerView) -> tuple[Action, RandomBot]:
        """A uniformly random legal action of ``view`` and the bot with its generator advanced."""
        actions = view.legal_actions
        if not actions:
            raise SchwingetError(
                f"{view.player} was asked to choose, but it is not {view.player}'s turn "
                "or the Gang is over: there is no legal action",
                clause_id="gang.turn",
            )
        index, rng = self.rng.below(len(actions))
        return actions[index], RandomBot(rng)


@attrs.frozen
class PlayedGang:
    """A Gang played to its end by bots, with every state and action along the way.

    ``states[0]`` is the start and ``states[-1]`` the finished Gang; ``actions[i]``
    leads from ``states[i]`` to ``states[i + 1]``. ``bots`` are the two bots as they
    stand after the Gang (P0's first), ready for the next one.
    """

    states: tuple[GangState, ...]
    actions: tuple[Action, ...]
    bots: tuple[Bot, Bot]

    @property
    def final(self) -> GangState:
        """The finished Gang."""
        return self.states[-1]


def _start(deal: Deal, starter: Player, rules: Rules | None, bots: tuple[Bot, Bot]) -> GangState:
    if len(bots) != 2:
        raise TypeError(f"a Gang needs two bots (P0's first), got {len(bots)}")
    return start_gang(deal, starter, rules)


def play_gang(deal: Deal, starter: Player, rules: Rules | None, bots: tuple[Bot, Bot]) -> GangState:
    """The finished Gang dealt as ``deal``, ``starter`` leading first, ``bots[p]`` deciding for player ``p``.

    Each bot sees only ``state.view(player)``; an action it returns that is not legal
    raises ``IllegalActionError`` from ``GangState.apply``.
    """
    state = _start(deal, starter, rules, bots)
    pair = list(bots)
    while not state.is_over:
        player = state.to_move
        action, pair[player] = pair[player].choose(state.view(player))
        state = state.apply(action)
    return state


def play_gang_recorded(
    deal: Deal, starter: Player, rules: Rules | None, bots: tuple[Bot, Bot]
) -> PlayedGang:
    """As ``play_gang``, keeping every state and action, and the bots as they end the Gang."""
    state = _start(deal, starter, rules, bots)
    pair = list(bots)
    states = [state]
    actions: list[Action] = []
    while not state.is_over:
        player = state.to_move
        action, pair[player] = pair[player].choose(state.view(player))
        state = state.apply(action)
        actions.append(action)
        states.append(state)
    return PlayedGang(tuple(states), tuple(actions), (pair[0], pair[1]))
