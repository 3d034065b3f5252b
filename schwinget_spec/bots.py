"""Players as code: the Bot protocol (a choice from a PlayerView, never the full state), a seeded RandomBot, a HeuristicBot, and helpers that play a Gang to the end."""

from __future__ import annotations

import math
from typing import Protocol

import attrs

from schwinget_spec.actions import ANGRIFF, Action, ChooseLeader, PlayCard, choose_leader, play
from schwinget_spec.cards import Card
from schwinget_spec.checks import field_type
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError, SchwingetError
from schwinget_spec.gang import GangState, Phase, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rng import SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.trick import resolve_schwung
from schwinget_spec.views import PlayerView

__all__ = [
    "Bot",
    "HeuristicBot",
    "PlayedGang",
    "RandomBot",
    "play_gang",
    "play_gang_recorded",
]


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


def _legal_actions(view: PlayerView) -> tuple[Action, ...]:
    """The legal actions of ``view``; a bot asked to move when it may not is refused (``gang.turn``)."""
    if not view.legal_actions:
        raise SchwingetError(
            f"{view.player} was asked to choose, but it is not {view.player}'s turn "
            "or the Gang is over: there is no legal action",
            clause_id="gang.turn",
        )
    return view.legal_actions


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
        actions = _legal_actions(view)
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
    if not isinstance(bots, tuple | list) or len(bots) != 2 or not all(callable(getattr(b, "choose", None)) for b in bots):
        raise InvalidArgumentError("bots", f"a Gang needs two bots (P0's first), each with a choose method, got {bots!r}")
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


# -- the heuristic player

_TRUMP_WORTH = 10
"""How much more a trump card is worth keeping than a plain card of the same value."""


@attrs.frozen
class HeuristicBot:
    """A bot that plays sensibly from its ``PlayerView`` alone, with no randomness.

    It knows the ``rules`` in force (agreed before the match, so public) and reasons
    only about its own hand and the cards it has not seen (``PlayerView.unseen_cards``:
    the opponent's hand, the face-down cards and the pile, which it cannot tell apart).

    - Answering, it wins the Schwung with its cheapest winning card; trump and the
      special cards are dear, so they are spent last. A led 6 is beaten by the
      Brienzer-Konter when the rules let it. Unable to win, it throws its cheapest card,
      or plays the Kampfrichter against a strong lead before the Kampfrichter loses its
      power on the last Schwung.
    - Leading, it leads a card no unseen card can beat if it has one (the cheapest such),
      else the card with the best chance against a random hand of unseen cards, weighed
      against what the card is worth keeping.
    - It starts the Angriff when the cards in its hand are likely to win most of the
      remaining Schwünge and it is not behind in tricks.
    - After its Kampfrichter, it lets the opponent lead (the answering player sees the
      led card) unless it holds a card no unseen card can beat.
    """

    rules: Rules = attrs.field(factory=Rules, validator=field_type(Rules))
    attack_threshold: float = attrs.field(default=3.2, validator=lambda _i, _a, v: _check_threshold(v))
    """Expected Schwünge won by the hand (of 5) above which it starts the Angriff."""

    def choose(self, view: PlayerView) -> tuple[Action, HeuristicBot]:
        """The heuristic's action for ``view`` and the bot itself (it keeps no state)."""
        actions = _legal_actions(view)
        if view.phase is Phase.CHOOSE_LEADER:
            return self._choose_leader(view), self
        plays = [a.card for a in actions if isinstance(a, PlayCard)]
        if view.phase is Phase.ANSWER:
            return play(self._answer(view, plays)), self
        if ANGRIFF in actions and self._should_attack(view):
            return ANGRIFF, self
        return play(self._lead(view, plays)), self

    # -- what a card is worth

    def _worth(self, card: Card, view: PlayerView) -> float:
        """How much the bot would rather keep ``card`` than spend it."""
        if card is Card.KR:
            return 14.0
        if card is Card.BK:
            sixes = sum(1 for c in view.unseen_cards if c.is_brienzer_schwung)
            return 9.0 if sixes else 0.5
        assert card.rank is not None
        return card.rank + (_TRUMP_WORTH if card.colour is view.trump and view.trump is not None else 0)

    def _draws_closed(self, view: PlayerView) -> bool:
        return view.angriff is not None or view.pile_size == 0

    def _beaten_share(self, card: Card, view: PlayerView, is_last: bool) -> float:
        """The share of unseen cards that would beat ``card`` if it were led (a neutralisation counts half)."""
        unseen = view.unseen_cards
        if not unseen:
            return 0.0
        me = view.player
        lost = 0.0
        for other in unseen:
            # the answer's void status is unknown; count it as following when it can
            was_void = card.colour is not None and other.colour is not card.colour
            outcome = resolve_schwung(
                me, card, other, view.trump, self.rules, is_last=is_last, answer_was_void=was_void
            )
            if outcome.winner is None:
                lost += 0.5
            elif outcome.winner is not me:
                lost += 1.0
        return lost / len(unseen)

    def _lose_chance(self, card: Card, view: PlayerView, is_last: bool) -> float:
        # the opponent holds about five unseen cards: the chance that one of them beats the lead
        return 1.0 - (1.0 - self._beaten_share(card, view, is_last)) ** max(1, view.opponent_hand_size)

    # -- decisions

    def _answer(self, view: PlayerView, plays: list[Card]) -> Card:
        led = view.led
        assert led is not None
        me = view.player
        is_last = self._draws_closed(view) and len(view.hand) == 1 and view.opponent_hand_size == 0
        was_void = led.colour is not None and not any(c.colour is led.colour for c in view.hand)
        winners: list[Card] = []
        for card in plays:
            outcome = resolve_schwung(
                me.other, led, card, view.trump, self.rules, is_last=is_last, answer_was_void=was_void
            )
            if outcome.winner is me:
                winners.append(card)
        if winners:
            return min(winners, key=lambda c: (self._worth(c, view), c.value))
        ordinary = [c for c in plays if c is not Card.KR]
        strong_lead = led.is_special or self._worth(led, view) >= 6 or view.pending is not None
        running_out = self._draws_closed(view) and len(view.hand) <= 2
        if Card.KR in plays and (not ordinary or strong_lead or running_out):
            return Card.KR
        return min(ordinary, key=lambda c: (self._worth(c, view), c.value))

    def _sure_winners(self, view: PlayerView, cards: list[Card]) -> list[Card]:
        is_last = self._draws_closed(view) and len(view.hand) == 1
        return [c for c in cards if self._beaten_share(c, view, is_last) == 0.0]

    def _lead(self, view: PlayerView, plays: list[Card]) -> Card:
        sure = self._sure_winners(view, plays)
        if sure:
            return min(sure, key=lambda c: (self._worth(c, view), c.value))
        is_last = self._draws_closed(view) and len(view.hand) == 1

        def value(card: Card) -> tuple[float, int]:
            win = 1.0 - self._lose_chance(card, view, is_last)
            return (win - self._worth(card, view) / 20.0, -card.value)

        return max(plays, key=value)

    def _should_attack(self, view: PlayerView) -> bool:
        me = view.player
        behind = view.tricks[me] < view.tricks[me.other]
        if behind:
            return False
        expected = sum(1.0 - self._lose_chance(c, view, False) for c in view.hand)
        return expected >= self.attack_threshold

    def _choose_leader(self, view: PlayerView) -> ChooseLeader:
        me = view.player
        plays = list(view.hand)
        return choose_leader(me if self._sure_winners(view, plays) else me.other)


def _check_threshold(value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise InvalidArgumentError("attack_threshold", f"expected a finite number of Schwünge, got {value!r}")
