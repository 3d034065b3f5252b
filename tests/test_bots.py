"""Bots: the RandomBot is deterministic from its seed, chooses only legal actions, and sees only a PlayerView."""

from __future__ import annotations

import attrs
import pytest

from schwinget_spec import Action, Deal, GangState, Player, PlayerView, Rules, SchwingetError, start_gang
from schwinget_spec.bots import Bot, RandomBot, play_gang, play_gang_recorded
from schwinget_spec.rng import SplitMix64

SEEDS = range(40)


def _bots(seed: int) -> tuple[Bot, Bot]:
    return (RandomBot.seeded(2 * seed + 1), RandomBot.seeded(2 * seed + 2))


@attrs.frozen
class SpyBot:
    """A bot that delegates to a RandomBot and records what it was given and what it chose."""

    inner: RandomBot
    seen: tuple[tuple[object, Action], ...] = ()

    def choose(self, view: PlayerView) -> tuple[Action, SpyBot]:
        """The inner bot's choice; the returned spy remembers the input and the choice."""
        action, inner = self.inner.choose(view)
        return action, SpyBot(inner, (*self.seen, (view, action)))


def test_same_seed_same_gang() -> None:
    """Two plays from the same deal, starter and bot seeds give the same actions and the same final state."""
    for seed in SEEDS:
        deal = Deal.shuffled(seed)
        first = play_gang_recorded(deal, Player.P0, Rules(), _bots(seed))
        second = play_gang_recorded(deal, Player.P0, Rules(), _bots(seed))
        assert first.actions == second.actions
        assert first.final == second.final
        assert first.bots == second.bots


def test_seed_changes_the_play() -> None:
    """Different bot seeds on the same deal lead to different plays for some seed (the seed is used)."""
    deal = Deal.shuffled(3)
    plays = {play_gang_recorded(deal, Player.P0, Rules(), _bots(s)).actions for s in SEEDS}
    assert len(plays) > 1


def test_play_gang_is_the_final_recorded_state() -> None:
    """``play_gang`` returns the same finished state as ``play_gang_recorded``, and that state is over."""
    for seed in SEEDS:
        deal = Deal.shuffled(seed)
        starter = Player(seed % 2)
        final = play_gang(deal, starter, Rules(), _bots(seed))
        assert final.is_over
        assert final == play_gang_recorded(deal, starter, Rules(), _bots(seed)).final


def test_recorded_states_follow_the_actions() -> None:
    """Each recorded state is the previous one with the recorded action applied."""
    played = play_gang_recorded(Deal.shuffled(11), Player.P1, Rules(), _bots(11))
    assert len(played.states) == len(played.actions) + 1
    for before, action, after in zip(played.states[:-1], played.actions, played.states[1:], strict=True):
        assert before.apply(action) == after


def test_random_bot_chooses_only_legal_actions() -> None:
    """Every action a RandomBot chooses is among the legal actions of the state it moves in."""
    for seed in SEEDS:
        played = play_gang_recorded(Deal.shuffled(seed), Player(seed % 2), Rules(), _bots(seed))
        for state, action in zip(played.states[:-1], played.actions, strict=True):
            assert action in state.legal_actions()


def test_random_bot_is_immutable_and_follows_splitmix64() -> None:
    """``choose`` leaves the bot unchanged and returns the action at index ``rng.below(n)`` with the advanced generator."""
    state = start_gang(Deal.shuffled(5), Player.P0, Rules())
    view = state.view(Player.P0)
    bot = RandomBot.seeded(99)
    action, after = bot.choose(view)
    assert bot == RandomBot.seeded(99)
    index, rng = SplitMix64.seeded(99).below(len(view.legal_actions))
    assert action == view.legal_actions[index]
    assert after == RandomBot(rng)


@pytest.mark.clause("deal.hand_private")
def test_bot_input_is_the_player_view() -> None:
    """A bot is given the PlayerView of the player to move, which holds its own hand and not the opponent's cards."""
    deal = Deal.shuffled(21)
    spies = (SpyBot(RandomBot.seeded(1)), SpyBot(RandomBot.seeded(2)))
    played = play_gang_recorded(deal, Player.P0, Rules(), spies)
    for player in Player:
        spy = played.bots[player]
        assert isinstance(spy, SpyBot)
        assert spy.seen
        for seen, _ in spy.seen:
            assert type(seen) is PlayerView
            assert seen.player == player
            assert not hasattr(seen, "deal")
            assert not hasattr(seen, "hands")
    first_view = played.bots[Player.P0]
    assert isinstance(first_view, SpyBot)
    view = first_view.seen[0][0]
    assert isinstance(view, PlayerView)
    assert view.hand == deal.hands[Player.P0]
    assert not set(deal.hands[Player.P1]) & set(view.hand)


def _swap_hidden(deal: Deal) -> Deal:
    """The same deal with one card of P1's hand exchanged with the first pile card: P0 sees no difference."""
    h1 = list(deal.hands[1])
    pile = list(deal.pile)
    h1[0], pile[0] = pile[0], h1[0]
    return Deal(hands=(deal.hands[0], tuple(h1)), revealed=deal.revealed, face_down=deal.face_down, pile=tuple(pile))


@pytest.mark.clause("deal.hand_private")
def test_bot_cannot_tell_hidden_cards_apart() -> None:
    """A RandomBot leading first makes the same choice whatever the opponent holds, since its view is the same."""
    for seed in SEEDS:
        deal = Deal.shuffled(seed)
        other = _swap_hidden(deal)
        assert other != deal
        states: tuple[GangState, GangState] = (
            start_gang(deal, Player.P0, Rules()),
            start_gang(other, Player.P0, Rules()),
        )
        views = [s.view(Player.P0) for s in states]
        assert views[0] == views[1]
        bot = RandomBot.seeded(seed)
        assert bot.choose(views[0]) == bot.choose(views[1])


@pytest.mark.clause("gang.turn")
def test_random_bot_refuses_when_not_its_turn() -> None:
    """Asked to choose from a view of a player who is not to move, a RandomBot raises a SchwingetError naming gang.turn."""
    state = start_gang(Deal.shuffled(4), Player.P0, Rules())
    with pytest.raises(SchwingetError) as info:
        RandomBot.seeded(1).choose(state.view(Player.P1))
    assert info.value.clause_id == "gang.turn"
