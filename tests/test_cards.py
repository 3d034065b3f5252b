"""Examples for the 26 Schwungkarten: colours, values, the two special cards and their codes."""

from __future__ import annotations

import pytest

from schwinget_spec import ALL_CARDS, Card, Colour, ParseError, parse_cards
from schwinget_spec.cards import COLOUR_CARDS


@pytest.mark.clause("cards.schwungkarten")
def test_there_are_26_schwungkarten() -> None:
    """The deck holds 24 coloured cards and two special ones, 26 in all, each once."""
    assert len(ALL_CARDS) == 26
    assert len(set(ALL_CARDS)) == 26
    assert len(COLOUR_CARDS) == 24


@pytest.mark.clause("cards.schwungkarten")
def test_each_colour_holds_the_values_one_to_six() -> None:
    """Every one of the four colours holds exactly the values 1 to 6."""
    for colour in Colour:
        values = sorted(c.rank for c in ALL_CARDS if c.colour is colour if c.rank is not None)
        assert values == [1, 2, 3, 4, 5, 6]
    assert len(Colour) == 4


@pytest.mark.clause("cards.schwungkarten")
def test_card_of_colour_and_value() -> None:
    """Card.of finds the coloured card by colour and value and refuses values outside 1-6."""
    assert Card.of(Colour.GREEN, 3) is Card.G3
    assert Card.of(Colour.YELLOW, 6) is Card.Y6
    with pytest.raises(ParseError):
        Card.of(Colour.RED, 7)
    with pytest.raises(ParseError):
        Card.of(Colour.RED, 0)


@pytest.mark.clause("cards.special")
def test_special_cards_have_no_colour_and_no_value() -> None:
    """The Kampfrichter and the Brienzer-Konter carry neither colour nor value."""
    for card in (Card.KR, Card.BK):
        assert card.is_special
        assert card.colour is None
        assert card.rank is None
        assert not card.is_brienzer_schwung
    assert Card.KR.is_kampfrichter
    assert not Card.KR.is_konter
    assert Card.BK.is_konter
    assert not Card.BK.is_kampfrichter
    assert [c for c in ALL_CARDS if c.is_special] == [Card.KR, Card.BK]


@pytest.mark.clause("konter.beats_six")
def test_brienzer_schwung_is_a_six() -> None:
    """Exactly the four cards of Kampfwert 6 are Brienzer-Schwünge."""
    assert [c for c in ALL_CARDS if c.is_brienzer_schwung] == [Card.R6, Card.G6, Card.B6, Card.Y6]


@pytest.mark.clause("cards.schwungkarten")
def test_codes_round_trip() -> None:
    """Every card prints as its short code and parses back from it, in any case."""
    for card in ALL_CARDS:
        assert Card.parse(card.code) is card
        assert Card.parse(card.code.lower()) is card
        assert str(card) == card.code
        assert Card.from_index(card.index) is card
    assert Card.G3.code == "G3"
    assert Card.KR.code == "KR"
    assert Card.BK.code == "BK"


def test_parse_cards_reads_spaces_and_commas() -> None:
    """parse_cards reads codes separated by spaces or commas, in order."""
    assert parse_cards("G3 kr, y6,BK") == (Card.G3, Card.KR, Card.Y6, Card.BK)
    assert parse_cards("") == ()


@pytest.mark.parametrize("text", ["G7", "G0", "X1", "K", "", "G33", "KB"])
def test_bad_card_codes_raise_parse_error(text: str) -> None:
    """A code that names no card raises ParseError naming the code."""
    with pytest.raises(ParseError, match="unknown card code") as info:
        Card.parse(text)
    assert info.value.clause_id == "cards.schwungkarten"


def test_bad_colour_code_raises_parse_error() -> None:
    """A colour code other than R, G, B, Y raises ParseError."""
    assert Colour.parse("g") is Colour.GREEN
    with pytest.raises(ParseError, match="unknown colour code"):
        Colour.parse("X")


def test_card_index_out_of_range() -> None:
    """Card.from_index refuses indices outside 0-25."""
    with pytest.raises(ParseError):
        Card.from_index(26)
    with pytest.raises(ParseError):
        Card.from_index(-1)


def test_cards_order_canonically() -> None:
    """Cards sort in the canonical order R, G, B, Y, then KR and BK."""
    assert sorted([Card.BK, Card.G1, Card.KR, Card.R6, Card.Y1]) == [Card.R6, Card.G1, Card.Y1, Card.KR, Card.BK]
    assert [c.bit for c in ALL_CARDS[:3]] == [1, 2, 4]
