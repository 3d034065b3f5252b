"""``play_match``, ``play_match_deals``, one Gang of a match and a Schwingfest take the players bots are: bots deciding from their ``PlayerView``; the old ``choose`` function still works, with a ``DeprecationWarning``."""

from __future__ import annotations

import warnings

import pytest

from schwinget_spec.bots import Bot, HeuristicBot, RandomBot, play_gang, play_gang_recorded
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
from schwinget_spec.schwingfest import play_schwingfest, start_schwingfest
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


def test_one_gang_of_a_match_takes_the_same_players() -> None:
    """``play_deal`` and ``play_seed`` with ``players=`` record the Gang ``bots.play_gang`` plays with the due starter, without a warning."""
    bots = (RandomBot.seeded(4), HeuristicBot())
    match = start_match(S, MatchLength.SHORT, Player.P1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        by_deal = match.play_deal(Deal.shuffled(9), players=bots)
        by_seed = match.play_seed(9, players=bots)
    assert by_deal == by_seed == match.apply_gang(play_gang(Deal.shuffled(9), Player.P1, None, bots))
    with pytest.warns(DeprecationWarning, match="players="):
        old = match.play_deal(Deal.shuffled(9), random_chooser(9))
    assert old == match.play_seed(9)
    with pytest.warns(DeprecationWarning, match="players="):
        assert match.play_seed(9, random_chooser(9)) == old
    with pytest.raises(InvalidArgumentError) as caught:
        match.play_deal(Deal.shuffled(9))
    assert caught.value.parameter == "players"
    with pytest.raises(InvalidArgumentError) as caught:
        match.play_seed(9, random_chooser(9), players=bots)
    assert caught.value.parameter == "choose"


@pytest.mark.clause("fest.twice_each")
def test_a_schwingfest_takes_one_bot_per_schwinger() -> None:
    """``play_schwingfest(players=...)`` plays each meeting by the bots of its two Schwinger, each carried on; ``choose=`` warns."""
    bots = [RandomBot.seeded(1), RandomBot.seeded(2), HeuristicBot()]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fest = play_schwingfest(("Anna", "Beat", "Chris"), 6, S, players=bots)
    expected = start_schwingfest(("Anna", "Beat", "Chris"), S)
    carried: list[Bot] = list(bots)
    for meeting, gang_seed in zip(expected.schedule.meetings, gang_seeds(6, 6), strict=True):
        starter = meeting.seat(expected.starter_of(meeting))
        played = play_gang_recorded(Deal.shuffled(gang_seed), starter, None, (carried[meeting.a], carried[meeting.b]))
        carried[meeting.a], carried[meeting.b] = played.bots
        expected = expected.apply_gang(meeting, played.final)
    assert fest == expected
    first = expected.schedule.meetings[0]
    one = start_schwingfest(("Anna", "Beat", "Chris"), S).play_seed(first, 5, players=(bots[0], bots[1]))
    assert one.fought[0].result == play_gang(Deal.shuffled(5), Player.P0, None, (bots[0], bots[1])).result
    with pytest.warns(DeprecationWarning, match="players="):
        old = play_schwingfest(("Anna", "Beat", "Chris"), 6, S, choose=random_chooser(1))
    assert old.is_over
    with pytest.warns(DeprecationWarning, match="players="):
        start_schwingfest(("Anna", "Beat", "Chris"), S).play_seed(first, 5, random_chooser(5))
    with pytest.raises(InvalidArgumentError) as caught:
        play_schwingfest(("Anna", "Beat", "Chris"), 6, S, players=bots[:2])
    assert caught.value.parameter == "players"
    with pytest.raises(InvalidArgumentError) as caught:
        play_schwingfest(("Anna", "Beat", "Chris"), 6, S, players=bots, choose=random_chooser(1))
    assert caught.value.parameter == "choose"
