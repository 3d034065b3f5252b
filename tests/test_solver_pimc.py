"""The sampling player (PimcBot): it reads only its view, samples worlds that agree with it, plays legal actions reproducibly, and refuses bad settings."""

from __future__ import annotations

import pytest
from builders import hidden_cards_swapped, play_codes

from schwinget_spec.bots import HeuristicBot, play_gang_recorded
from schwinget_spec.cards import Card, Colour
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.rng import SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.solver.named_bots import make_bot
from schwinget_spec.solver.pimc import PimcBot, sample_world, voids


@pytest.mark.clause("deal.hand_private")
def test_it_decides_from_its_view_only() -> None:
    """States that differ only in cards P0 cannot see (P1's hand, the face-down cards, the pile's order) give P0 the same view and the same choices."""
    deal = Deal.shuffled(21)
    for swapped in (deal, hidden_cards_swapped(deal)):
        state = start_gang(swapped, Player.P0)
        assert state.view(Player.P0) == start_gang(deal, Player.P0).view(Player.P0)
    bot = PimcBot.seeded(5, worlds=6)
    first = bot.action_values(start_gang(deal, Player.P0).view(Player.P0))
    second = bot.action_values(start_gang(hidden_cards_swapped(deal), Player.P0).view(Player.P0))
    assert first == second


def test_a_sampled_world_deals_exactly_the_unseen_cards() -> None:
    """Each world gives the opponent as many cards as it holds, the pile its size and 3 face-down cards, together the unseen cards."""
    state = start_gang(Deal.shuffled(4), Player.P0)
    for _ in range(7):
        state = state.apply(state.legal_actions()[-1])
    view = state.view(state.to_move)
    rng = SplitMix64.seeded(1)
    for _ in range(20):
        world, rng = sample_world(view, Rules(), rng)
        assert len(world.opponent_hand) == view.opponent_hand_size
        assert len(world.pile) == view.pile_size
        assert len(world.face_down) == 3
        assert sorted((*world.opponent_hand, *world.pile, *world.face_down)) == sorted(view.unseen_cards)


@pytest.mark.clause("schwung.farbzwang", "schwung.void_any", "angriff.locks_pile")
def test_a_void_shown_after_the_lock_is_kept_in_every_world() -> None:
    """P1 answered a led green with a plain yellow after the Angriff: P0's worlds never give P1 a green card."""
    deal = Deal.from_codes(
        hands=("G1 G2 R1 R2 B1", "Y1 Y2 Y3 R3 R4"), revealed="B6", face_down="KR BK G6",
        pile="G3 G4 G5 R5 R6 B2 B3 B4 B5 Y4 Y5 Y6",
    )
    state = play_codes(start_gang(deal, Player.P0), "A G1 Y1")
    assert state.history[-1].winner is Player.P0
    view = state.view(Player.P0)
    assert voids(view, Rules()) == frozenset({Colour.GREEN})
    rng = SplitMix64.seeded(2)
    for _ in range(30):
        world, rng = sample_world(view, Rules(), rng)
        assert all(card.colour is not Colour.GREEN for card in world.opponent_hand)
        assert {Card.G3, Card.G4, Card.G5, Card.G6} <= {*world.pile, *world.face_down}


def test_before_the_last_draw_a_void_is_not_kept() -> None:
    """A void shown while cards are still drawn says nothing about the hand now: no colour is excluded."""
    deal = Deal.from_codes(
        hands=("G1 G2 R1 R2 B1", "Y1 Y2 Y3 R3 R4"), revealed="B6", face_down="KR BK G6",
        pile="G3 G4 G5 R5 R6 B2 B3 B4 B5 Y4 Y5 Y6",
    )
    state = play_codes(start_gang(deal, Player.P0), "G1 Y1")
    assert voids(state.view(Player.P0), Rules()) == frozenset()


def test_it_plays_a_legal_reproducible_gang_against_the_heuristic() -> None:
    """Seeded alike, the sampling player plays the same Gang twice, every action legal; make_bot('pimc') builds it."""
    bots = (PimcBot.seeded(3, worlds=4), HeuristicBot(Rules()))
    first = play_gang_recorded(Deal.shuffled(8), Player.P1, Rules(), bots)
    second = play_gang_recorded(Deal.shuffled(8), Player.P1, Rules(), bots)
    assert first.actions == second.actions
    assert first.final.is_over
    assert make_bot("pimc", 3, Rules()) == PimcBot.seeded(3)


def test_bad_settings_are_refused() -> None:
    """No worlds, rules that are no Rules, a view that is no PlayerView: InvalidArgumentError naming the parameter."""
    with pytest.raises(InvalidArgumentError) as caught:
        PimcBot.seeded(1, worlds=0)
    assert caught.value.parameter == "worlds"
    with pytest.raises(InvalidArgumentError) as caught:
        PimcBot("rules", SplitMix64.seeded(1))  # type: ignore[arg-type]
    assert caught.value.parameter == "rules"
    with pytest.raises(InvalidArgumentError) as caught:
        PimcBot.seeded(1).action_values("view")  # type: ignore[arg-type]
    assert caught.value.parameter == "view"
