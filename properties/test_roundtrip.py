"""Round trips: cards, actions and players through their codes, deals through ``Deal.to_codes``/``from_codes`` and ``Deal.deck``/``from_deck``."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schwinget_spec.actions import Action, parse_action
from schwinget_spec.cards import Card, Colour, parse_cards
from schwinget_spec.deal import Deal
from schwinget_spec.players import Player
from schwinget_spec.testing.strategies import actions, cards, colours, deals, players, steered_deals


@pytest.mark.clause("cards.schwungkarten")
@given(cards(), st.sampled_from([str.upper, str.lower, lambda s: f" {s} "]))
def test_card_code_round_trip(card: Card, spell: Callable[[str], str]) -> None:
    """A card's code, in any case and with spaces around, parses back to the card."""
    assert Card.parse(spell(card.code)) is card
    assert str(card) == card.code
    assert Card.from_index(card.index) is card


@pytest.mark.clause("cards.schwungkarten")
@given(st.lists(cards()), st.sampled_from([" ", ", ", ","]))
def test_card_list_round_trip(hand: list[Card], separator: str) -> None:
    """A list of cards joined by spaces or commas parses back to the same list."""
    assert parse_cards(separator.join(c.code for c in hand)) == tuple(hand)


@pytest.mark.clause("cards.schwungkarten")
@given(colours())
def test_colour_code_round_trip(colour: Colour) -> None:
    """A colour's one-letter code parses back to the colour."""
    assert Colour.parse(colour.code.lower()) is colour


@pytest.mark.clause("gang.turn", "angriff.who", "kampfrichter.chooses")
@given(actions())
def test_action_code_round_trip(action: Action) -> None:
    """An action's code parses back to an equal action, in either case."""
    assert parse_action(action.code) == action
    assert parse_action(action.code.lower()) == action
    assert repr(action) == action.code


@given(players())
def test_player_code_round_trip(player: Player) -> None:
    """A player's code, and its seat number, parse back to the player."""
    assert Player.parse(player.code) is player
    assert Player.parse(int(player)) is player
    assert Player.parse(str(player).lower()) is player
    assert player.other.other is player


@pytest.mark.clause("deal.hands", "deal.set_aside", "deal.pile")
@given(steered_deals())
def test_deal_codes_round_trip(deal: Deal) -> None:
    """A deal written with ``to_codes`` and read back with ``from_codes`` is the same deal."""
    codes = deal.to_codes()
    hands = codes["hands"]
    face_down = codes["face_down"]
    pile = codes["pile"]
    revealed = codes["revealed"]
    assert isinstance(hands, list)
    assert isinstance(face_down, list)
    assert isinstance(pile, list)
    assert isinstance(revealed, str)
    again = Deal.from_codes(
        hands=(" ".join(hands[0]), " ".join(hands[1])),
        revealed=revealed,
        face_down=" ".join(face_down),
        pile=" ".join(pile),
    )
    assert again == deal
    assert repr(again) == repr(deal)


@pytest.mark.clause("deal.hands", "deal.set_aside", "deal.pile")
@given(deals())
def test_deal_deck_round_trip(deal: Deal) -> None:
    """``Deal.from_deck(deal.deck)`` gives back the deal."""
    assert Deal.from_deck(deal.deck) == deal
