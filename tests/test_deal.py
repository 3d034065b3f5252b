"""Examples for the deal of a Gang (points 1-3 of the booklet): hands, set-aside cards, trump and pile."""

from __future__ import annotations

import pytest
from builders import make_deal, play_codes

from schwinget_spec import ALL_CARDS, Card, Colour, Deal, Player, parse_cards, start_gang
from schwinget_spec.deal import HAND_SIZE, PILE_SIZE


@pytest.mark.clause("deal.shuffle", "cards.schwungkarten")
def test_shuffled_deal_uses_all_26_cards_once() -> None:
    """A shuffled deal distributes each of the 26 Schwungkarten exactly once."""
    for seed in (0, 1, 42, 2**64 - 1):
        deal = Deal.shuffled(seed)
        cards = [*deal.hands[0], *deal.hands[1], deal.revealed, *deal.face_down, *deal.pile]
        assert sorted(cards) == list(ALL_CARDS)


@pytest.mark.clause("deal.shuffle")
def test_shuffle_is_reproducible_and_depends_on_the_seed() -> None:
    """The same seed gives the same deal; different seeds give different deals."""
    assert Deal.shuffled(7) == Deal.shuffled(7)
    assert len({Deal.shuffled(seed) for seed in range(20)}) == 20


@pytest.mark.clause("deal.hands")
def test_from_deck_deals_alternately_five_each() -> None:
    """Cards 0, 2, 4, 6, 8 of the deck go to P0 and cards 1, 3, 5, 7, 9 to P1."""
    deck = ALL_CARDS
    deal = Deal.from_deck(deck)
    assert deal.hand(Player.P0) == parse_cards("R1 R3 R5 G1 G3")
    assert deal.hand(Player.P1) == parse_cards("R2 R4 R6 G2 G4")
    assert len(deal.hands[0]) == len(deal.hands[1]) == HAND_SIZE


@pytest.mark.clause("deal.set_aside", "deal.pile")
def test_from_deck_sets_aside_four_and_leaves_twelve_in_the_pile() -> None:
    """Card 10 is revealed, cards 11-13 stay face down, and cards 14-25 form the pile, card 14 drawn first."""
    deal = Deal.from_deck(ALL_CARDS)
    assert deal.revealed is Card.G5
    assert deal.face_down == parse_cards("G6 B1 B2")
    assert deal.pile == ALL_CARDS[14:]
    assert len(deal.pile) == PILE_SIZE
    assert deal.pile[0] is Card.B3


@pytest.mark.clause("deal.hands")
def test_deck_round_trips_through_from_deck() -> None:
    """The deck order of a deal deals back to the same deal."""
    for seed in (3, 99):
        deal = Deal.shuffled(seed)
        assert Deal.from_deck(deal.deck) == deal


@pytest.mark.clause("deal.trump")
@pytest.mark.parametrize(
    ("revealed", "trump"),
    [("R4", Colour.RED), ("G1", Colour.GREEN), ("B6", Colour.BLUE), ("Y3", Colour.YELLOW)],
)
def test_trump_is_the_colour_of_the_revealed_card(revealed: str, trump: Colour) -> None:
    """The revealed card's colour is the trump colour of the Gang, in the deal and in the state."""
    deal = make_deal("R1 R2 G2 G3 B1", "B2 Y1 Y2 R5 G5", revealed)
    assert deal.trump is trump
    assert start_gang(deal, Player.P0).trump is trump


@pytest.mark.clause("deal.no_trump")
@pytest.mark.parametrize("revealed", ["KR", "BK"])
def test_no_trump_when_a_special_card_is_revealed(revealed: str) -> None:
    """If the Kampfrichter or the Brienzer-Konter is revealed, the Gang has no trump colour."""
    deal = make_deal("R1 R2 R3 G2 G3", "G4 G5 G6 B1 B2", revealed)
    assert deal.trump is None
    state = start_gang(deal, Player.P0)
    assert state.trump is None


@pytest.mark.clause("deal.no_trump", "schwung.void_loses")
def test_without_trump_no_colour_beats_the_led_colour() -> None:
    """With the Kampfrichter revealed, a void answer of any colour loses, even one that would be trump otherwise."""
    state = start_gang(make_deal("R1 R2 R3 R4 R5", "G4 G5 G6 B1 B2", "KR", pile="Y1 Y2"), Player.P0)
    state = play_codes(state, "R1 G6")
    assert state.history[-1].winner is Player.P0
    assert state.history[-1].clause_id == "schwung.void_loses"


@pytest.mark.clause("deal.set_aside")
def test_set_aside_cards_never_enter_play() -> None:
    """Through a whole Gang the revealed and the face-down cards are never in a hand, never legal, never played."""
    deal = make_deal("R1 R2 R3 R4 R5", "G1 G2 G3 G4 G5", "Y6", face_down="KR BK Y5")
    out_of_play = {Card.Y6, Card.KR, Card.BK, Card.Y5}
    state = start_gang(deal, Player.P0)
    while not state.is_over:
        for player in Player:
            assert not out_of_play & set(state.hand(player))
        actions = state.legal_actions()
        assert not {a.code for a in actions} & {c.code for c in out_of_play}
        state = state.apply(actions[-1])
    played = {c for record in state.history for c in record.cards}
    assert not played & out_of_play
    assert played == set(ALL_CARDS) - out_of_play
    assert len(state.history) == 11


@pytest.mark.clause("deal.pile")
def test_pile_is_drawn_in_order() -> None:
    """The pile is drawn from its first card on: leader first, then the answerer."""
    deal = make_deal("R1 R2 R3 R4 R5", "G1 G2 G3 G4 G5", "Y6", pile="B1 B2 B3 B4")
    state = play_codes(start_gang(deal, Player.P0), "R5")
    assert Card.B1 in state.hand(Player.P0)
    state = state.apply("G1")
    assert Card.B2 in state.hand(Player.P1)
    assert state.pile_size == PILE_SIZE - 2
    assert deal.pile[state.pile_drawn :][:2] == (Card.B3, Card.B4)


def test_from_codes_matches_the_constructor() -> None:
    """Deal.from_codes builds the same deal as the constructor given parsed cards."""
    deal = Deal.from_codes(
        hands=("R1 R2 R3 R4 R5", "G1 G2 G3 G4 G5"),
        revealed="Y6",
        face_down="KR BK Y5",
        pile="R6 G6 B1 B2 B3 B4 B5 B6 Y1 Y2 Y3 Y4",
    )
    assert deal == make_deal("R1 R2 R3 R4 R5", "G1 G2 G3 G4 G5", "Y6", face_down="KR BK Y5")
    assert deal.to_codes()["revealed"] == "Y6"
    assert deal.to_codes()["face_down"] == ["KR", "BK", "Y5"]


def test_hands_are_kept_sorted() -> None:
    """The order in which a hand is given carries no rule: hands are stored sorted."""
    a = make_deal("R5 R4 R3 R2 R1", "G1 G2 G3 G4 G5", "Y6")
    b = make_deal("R1 R2 R3 R4 R5", "G5 G4 G3 G2 G1", "Y6")
    assert a == b
    assert a.hands[0] == parse_cards("R1 R2 R3 R4 R5")


@pytest.mark.clause("deal.hand_private")
def test_a_player_sees_only_the_own_hand() -> None:
    """Each player's view shows the own hand and only the size of the opponent's hand, and no face-down or pile card."""
    deal = make_deal("R1 R2 R3 R4 R5", "G1 G2 G3 G4 G5", "Y6", face_down="KR BK Y5")
    state = start_gang(deal, Player.P0)
    view = state.view(Player.P0)
    assert view.hand == parse_cards("R1 R2 R3 R4 R5")
    assert view.opponent_hand_size == 5
    assert view.revealed is Card.Y6
    assert set(view.unseen_cards) == {*deal.hands[1], *deal.face_down, *deal.pile}
    other = start_gang(make_deal("R1 R2 R3 R4 R5", "G1 G2 G3 G4 B5", "Y6", face_down="KR BK Y5"), Player.P0)
    assert other.view(Player.P0) == view
    assert other.view(Player.P1) != state.view(Player.P1)
