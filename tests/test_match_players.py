"""``play_match`` and ``play_match_deals`` take the players bots are: two bots deciding from their ``PlayerView``; the old ``choose`` function still works, with a ``DeprecationWarning``."""

from __future__ import annotations

import warnings

import pytest

from schwinget_spec.bots import HeuristicBot, RandomBot, play_gang
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.match import (
    MatchLength,
    gang_seeds,
    play_match,
    play_match_deals,
    random_chooser,
    start_match,
)
from schwinget_spec.players import Player
from schwinget_spec.scoring import ScoringSystem

S = ScoringSystem.SCHWINGERWERTUNG


@pytest.mark.clause("match.end", "match.first_starter", "deal.hand_private")
def test_a_match_of_two_bots_is_the_gaenge_each_bot_plays() -> None:
    """Each Gang of ``play_match(players=...)`` is the Gang ``bots.play_gang`` plays on the seed's deal with the due starter."""
    bots = (HeuristicBot(), HeuristicBot())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        match = play_match(11, S, MatchLength.SHORT, Player.P1, players=bots)
    assert match.is_over
    expected = start_match(S, MatchLength.SHORT, Player.P1)
    for gang_seed in gang_seeds(11, 4):
        deal = Deal.shuffled(gang_seed)
        gang = play_gang(deal, expected.next_starter_with_clause()[0], None, bots)
        expected = expected.apply_gang(gang)
    assert match == expected
    again = play_match(11, S, MatchLength.SHORT, Player.P1, players=(RandomBot.seeded(1), HeuristicBot()))
    assert again == play_match(11, S, MatchLength.SHORT, Player.P1, players=(RandomBot.seeded(1), HeuristicBot()))


def test_choose_is_deprecated_and_still_plays() -> None:
    """``choose=`` plays the match as before and warns once that it is deprecated."""
    with pytest.warns(DeprecationWarning, match="players="):
        old = play_match(5, S, MatchLength.SHORT, Player.P0, choose=random_chooser(3))
    assert old.is_over
    deals = [Deal.shuffled(seed) for seed in range(4)]
    with pytest.warns(DeprecationWarning, match="players="):
        by_choose = play_match_deals(deals, S, Player.P0, choose=random_chooser(3))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        by_bots = play_match_deals(deals, S, Player.P0, players=(HeuristicBot(), HeuristicBot()))
    assert len(by_choose.gaenge) == len(by_bots.gaenge) == 4


@pytest.mark.parametrize(
    ("call", "parameter"),
    [
        (lambda: play_match(5, S, MatchLength.SHORT, Player.P0, players=(HeuristicBot(),)), "players"),  # type: ignore[arg-type]
        (lambda: play_match(5, S, MatchLength.SHORT, Player.P0, players=(HeuristicBot(), "bot")), "players"),  # type: ignore[arg-type]
        (lambda: play_match_deals([Deal.shuffled(1)] * 4, S, Player.P0), "players"),
    ],
)
def test_players_are_two_bots(call: object, parameter: str) -> None:
    """Players other than two bots, or none for a match from deals, are refused naming ``players``."""
    with pytest.raises(InvalidArgumentError) as caught:
        call()  # type: ignore[operator]
    assert caught.value.parameter == parameter


def test_players_and_choose_together_are_refused() -> None:
    """Giving both the players and a chooser is refused naming ``choose``."""
    with pytest.raises(InvalidArgumentError) as caught:
        play_match(5, S, MatchLength.SHORT, Player.P0, players=(HeuristicBot(), HeuristicBot()), choose=random_chooser(1))
    assert caught.value.parameter == "choose"
