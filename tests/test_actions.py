"""Examples for the actions of a Gang: their codes, parsing, and the shared instances."""

from __future__ import annotations

import pytest

from schwinget_spec import (
    ALL_CARDS,
    ANGRIFF,
    Card,
    ChooseLeader,
    ParseError,
    PlayCard,
    Player,
    StartAngriff,
    choose_leader,
    parse_action,
    play,
)


@pytest.mark.clause("schwung.lead", "schwung.answer")
def test_card_actions_use_card_codes() -> None:
    """Playing a card is written with the card's code and parses back to the same action."""
    for card in ALL_CARDS:
        action = play(card)
        assert action == PlayCard(card)
        assert action.code == card.code
        assert parse_action(card.code) is action
        assert repr(action) == card.code


@pytest.mark.clause("angriff.who")
def test_angriff_is_written_a() -> None:
    """The Angriff is written ``A`` in either case."""
    assert parse_action("A") is ANGRIFF
    assert parse_action(" a ") is ANGRIFF
    assert StartAngriff() == ANGRIFF
    assert ANGRIFF.code == "A"


@pytest.mark.clause("kampfrichter.chooses")
def test_choose_leader_is_written_l0_l1() -> None:
    """The Kampfrichter's choice of the next leader is written ``L0`` or ``L1``."""
    assert parse_action("L0") is choose_leader(Player.P0)
    assert parse_action("l1") is choose_leader(Player.P1)
    assert choose_leader(Player.P1) == ChooseLeader(Player.P1)
    assert choose_leader(Player.P0).code == "L0"


@pytest.mark.parametrize("text", ["", "L2", "AA", "G9", "P0", "play G3"])
def test_bad_action_codes_raise_parse_error(text: str) -> None:
    """A code that names no action raises ParseError that lists the accepted forms."""
    with pytest.raises(ParseError, match="unknown action code") as info:
        parse_action(text)
    assert "L0/L1" in info.value.reason


def test_actions_are_values() -> None:
    """Actions compare and hash by value, so they can be kept in sets."""
    assert {play(Card.G3), PlayCard(Card.G3), ANGRIFF, StartAngriff()} == {play(Card.G3), ANGRIFF}


@pytest.mark.clause("setup.two_players")
def test_player_parse_and_other() -> None:
    """There are two players; they parse from 0/1/P0/P1 and each has the other as opponent."""
    assert list(Player) == [Player.P0, Player.P1]
    assert Player.parse("p1") is Player.P1
    assert Player.parse(0) is Player.P0
    assert Player.P0.other is Player.P1
    assert Player.P1.other is Player.P0
    with pytest.raises(ParseError):
        Player.parse("P2")
