"""Examples for one Schwung on its own: which answers Farbzwang allows, and who wins the trick under each rule switch."""

from __future__ import annotations

import pytest

from schwinget_spec import Card, Colour, Player, Rules, parse_cards
from schwinget_spec.trick import SchwungOutcome, allowed_answers, resolve_schwung

P0, P1 = Player.P0, Player.P1
G, R, B = Colour.GREEN, Colour.RED, Colour.BLUE


def mask(codes: str) -> int:
    """The bit mask of the cards named by ``codes``."""
    out = 0
    for card in parse_cards(codes):
        out |= card.bit
    return out


def allowed(hand: str, led: str, trump: Colour | None, rules: Rules | None = None) -> int:
    """The allowed answers from ``hand`` to ``led``, as a bit mask."""
    return allowed_answers(mask(hand), Card.parse(led), trump, rules or Rules())


def resolve(
    led: str,
    answer: str,
    trump: Colour | None = G,
    *,
    last: bool = False,
    void: bool = False,
    rules: Rules | None = None,
) -> SchwungOutcome:
    """The outcome of P0 leading ``led`` and P1 answering ``answer``."""
    return resolve_schwung(
        P0, Card.parse(led), Card.parse(answer), trump, rules or Rules(), is_last=last, answer_was_void=void
    )


# -- Farbzwang and its exceptions


@pytest.mark.clause("schwung.farbzwang")
def test_holding_the_led_colour_the_answer_follows_it() -> None:
    """Holding red against a led red card, only red cards may answer (no trump held, no special held)."""
    assert allowed("R2 R5 B3 B4 Y1", "R6", G) == mask("R2 R5")


@pytest.mark.clause("trump.anytime")
def test_trump_may_answer_instead_of_following() -> None:
    """A trump card may answer even when the led colour is held."""
    assert allowed("R2 G1 B3 B4 Y1", "R6", G) == mask("R2 G1")


@pytest.mark.clause("schwung.farbzwang", "trump.anytime")
def test_led_trump_must_be_followed_with_trump() -> None:
    """A led trump card must be answered with trump when trump is held."""
    assert allowed("G2 R5 B3 B4 Y1", "G6", G) == mask("G2")


@pytest.mark.clause("schwung.void_any")
def test_void_in_the_led_colour_any_card_may_answer() -> None:
    """Holding no card of the led colour, every card of the hand may answer."""
    assert allowed("B1 B3 B4 Y1 G2", "R6", G) == mask("B1 B3 B4 Y1 G2")


@pytest.mark.clause("cards.special", "schwung.void_any")
def test_a_led_special_card_may_be_answered_with_anything() -> None:
    """The Kampfrichter and the Brienzer-Konter have no colour, so a lead of either may be answered by any card."""
    assert allowed("R1 G2 B3 Y4 R5", "KR", G) == mask("R1 G2 B3 Y4 R5")
    assert allowed("R1 G2 B3 Y4 R5", "BK", G) == mask("R1 G2 B3 Y4 R5")


@pytest.mark.clause("schwung.farbzwang", "cards.special")
def test_special_cards_answer_anything_by_default() -> None:
    """Under the default reading (AMB-SPECIAL-FARBZWANG) the special cards may answer any lead, like trump."""
    assert allowed("R2 KR BK B4 Y1", "R6", G) == mask("R2 KR BK")


@pytest.mark.clause("schwung.farbzwang", "cards.special")
def test_special_cards_follow_colour_switch() -> None:
    """With special_cards_follow_colour, a player holding the led colour may not answer with a special card."""
    rules = Rules(special_cards_follow_colour=True)
    assert allowed("R2 KR BK B4 Y1", "R6", G, rules) == mask("R2")
    assert allowed("B1 KR BK B4 Y1", "R6", G, rules) == mask("B1 KR BK B4 Y1")


@pytest.mark.clause("schwung.farbzwang", "deal.no_trump")
def test_without_trump_only_the_led_colour_and_special_cards() -> None:
    """With no trump colour, a player holding the led colour may answer only with it or a special card."""
    assert allowed("R2 G1 B3 KR Y1", "R6", None) == mask("R2 KR")


# -- who wins


@pytest.mark.clause("schwung.higher_wins")
@pytest.mark.parametrize(("led", "answer", "winner"), [("R3", "R5", P1), ("R5", "R3", P0), ("G2", "G6", P1), ("B6", "B1", P0)])
def test_higher_value_of_the_same_colour_wins(led: str, answer: str, winner: Player) -> None:
    """Of two cards of the same colour (trump or not), the higher value wins."""
    assert resolve(led, answer) == SchwungOutcome(winner, "schwung.higher_wins")


@pytest.mark.clause("schwung.void_loses")
def test_an_answer_of_another_colour_loses() -> None:
    """A non-trump answer of another colour loses, however high its value."""
    assert resolve("R1", "B6") == SchwungOutcome(P0, "schwung.void_loses")


@pytest.mark.clause("trump.beats")
def test_trump_answer_beats_another_colour() -> None:
    """A trump answer beats a led card of another colour, even a trump 1 against a 6."""
    assert resolve("R6", "G1") == SchwungOutcome(P1, "trump.beats")


@pytest.mark.clause("trump.beats")
def test_led_trump_beats_an_answer_of_another_colour() -> None:
    """A led trump beats an answer of another colour."""
    assert resolve("G1", "R6") == SchwungOutcome(P0, "trump.beats")


@pytest.mark.clause("kampfrichter.neutralises")
@pytest.mark.parametrize(("led", "answer"), [("KR", "R6"), ("R6", "KR"), ("G6", "KR"), ("KR", "BK"), ("BK", "KR")])
def test_kampfrichter_neutralises_the_trick(led: str, answer: str) -> None:
    """Whoever plays the Kampfrichter, led or answered, nobody wins the trick yet; trump and the Konter change nothing."""
    assert resolve(led, answer) == SchwungOutcome(None, "kampfrichter.neutralises")


@pytest.mark.clause("kampfrichter.last_schwung", "trump.beats")
@pytest.mark.parametrize(("led", "answer", "winner"), [("KR", "R6", P1), ("R1", "KR", P0), ("KR", "G6", P1), ("G1", "KR", P0)])
def test_kampfrichter_on_the_last_schwung_loses(led: str, answer: str, winner: Player) -> None:
    """On the very last Schwung the Kampfrichter has no effect: the other player wins the trick."""
    assert resolve(led, answer, last=True) == SchwungOutcome(winner, "kampfrichter.last_schwung")


@pytest.mark.clause("konter.last_trick")
@pytest.mark.parametrize(("led", "answer", "winner"), [("KR", "BK", P1), ("BK", "KR", P0)])
def test_konter_wins_against_the_kampfrichter_on_the_last_trick(led: str, answer: str, winner: Player) -> None:
    """On the very last trick the Brienzer-Konter wins against the Kampfrichter, led or answered."""
    assert resolve(led, answer, last=True) == SchwungOutcome(winner, "konter.last_trick")


@pytest.mark.clause("konter.beats_six")
@pytest.mark.parametrize(("led", "answer", "winner"), [("R6", "BK", P1), ("BK", "R6", P0), ("B6", "BK", P1), ("BK", "Y6", P0)])
def test_konter_beats_a_six(led: str, answer: str, winner: Player) -> None:
    """The Brienzer-Konter beats a card of value 6, led or answered."""
    assert resolve(led, answer) == SchwungOutcome(winner, "konter.beats_six")


@pytest.mark.clause("konter.beats_six", "trump.beats")
@pytest.mark.parametrize(("led", "answer", "winner"), [("G6", "BK", P1), ("BK", "G6", P0)])
def test_konter_beats_the_trump_six_by_default(led: str, answer: str, winner: Player) -> None:
    """Under the default reading (AMB-KONTER-TRUMP-SIX) the Konter beats the trump 6 too."""
    assert resolve(led, answer) == SchwungOutcome(winner, "konter.beats_six")


@pytest.mark.clause("konter.beats_six", "trump.beats")
@pytest.mark.parametrize(("led", "answer", "winner"), [("G6", "BK", P0), ("BK", "G6", P1)])
def test_trump_six_beats_the_konter_under_the_switch(led: str, answer: str, winner: Player) -> None:
    """With konter_beats_trump_six off, the trump 6 beats the Konter; a non-trump 6 still loses to it."""
    rules = Rules(konter_beats_trump_six=False)
    assert resolve(led, answer, rules=rules) == SchwungOutcome(winner, "trump.beats")
    assert resolve("R6", "BK", rules=rules) == SchwungOutcome(P1, "konter.beats_six")


@pytest.mark.clause("konter.loses")
@pytest.mark.parametrize(("led", "answer", "winner"), [("R5", "BK", P0), ("BK", "R1", P1), ("G1", "BK", P0), ("BK", "G5", P1)])
def test_konter_loses_against_every_other_card(led: str, answer: str, winner: Player) -> None:
    """Against a card other than a 6 (and before the last trick, other than the Kampfrichter) the Konter loses."""
    assert resolve(led, answer) == SchwungOutcome(winner, "konter.loses")


@pytest.mark.clause("konter.loses")
def test_konter_loses_on_the_last_trick_to_a_non_six() -> None:
    """The last-trick exception is only against the Kampfrichter: on the last trick the Konter still loses to a 5."""
    assert resolve("R5", "BK", last=True) == SchwungOutcome(P0, "konter.loses")


@pytest.mark.clause("konter.beats_six", "schwung.void_loses")
def test_void_konter_against_a_six_under_each_reading() -> None:
    """A Konter answered void to a led 6 wins by default (AMB-KONTER-VOID) and loses with void_konter_beats_six off."""
    assert resolve("R6", "BK", void=True) == SchwungOutcome(P1, "konter.beats_six")
    rules = Rules(void_konter_beats_six=False)
    assert resolve("R6", "BK", void=True, rules=rules) == SchwungOutcome(P0, "schwung.void_loses")
    assert resolve("R6", "BK", void=False, rules=rules) == SchwungOutcome(P1, "konter.beats_six")


@pytest.mark.clause("kampfrichter.neutralises", "schwung.void_loses")
@pytest.mark.parametrize(("led", "trump"), [("R6", G), ("R1", G), ("G3", G), ("R2", None)])
def test_void_kampfrichter_neutralises_by_default(led: str, trump: Colour | None) -> None:
    """AMB-KAMPFRICHTER-VOID, default: a Kampfrichter answered from a hand void in the led colour neutralises it (kampfrichter.neutralises), trump led or not."""
    assert resolve(led, "KR", trump, void=True) == SchwungOutcome(None, "kampfrichter.neutralises")


@pytest.mark.clause("kampfrichter.neutralises", "schwung.void_loses")
@pytest.mark.parametrize(("led", "trump"), [("R6", G), ("R1", G), ("G3", G), ("R2", None)])
def test_void_kampfrichter_loses_under_the_switch(led: str, trump: Colour | None) -> None:
    """void_kampfrichter_neutralises=False: the void rule prevails, the leader wins (schwung.void_loses); a Kampfrichter answered while holding the led colour still neutralises."""
    rules = Rules(void_kampfrichter_neutralises=False)
    assert resolve(led, "KR", trump, void=True, rules=rules) == SchwungOutcome(P0, "schwung.void_loses")
    assert resolve(led, "KR", trump, void=False, rules=rules) == SchwungOutcome(None, "kampfrichter.neutralises")


@pytest.mark.clause("kampfrichter.last_schwung", "konter.last_trick", "konter.loses", "kampfrichter.neutralises")
@pytest.mark.parametrize("neutralises", [True, False])
def test_void_kampfrichter_switch_leaves_the_rest_alone(neutralises: bool) -> None:
    """Under both readings of AMB-KAMPFRICHTER-VOID: on the last Schwung the void Kampfrichter loses (kampfrichter.last_schwung); a led Kampfrichter, and the Kampfrichter against the Konter (no led colour, so never void), are as before."""
    rules = Rules(void_kampfrichter_neutralises=neutralises)
    assert resolve("R1", "KR", void=True, last=True, rules=rules) == SchwungOutcome(P0, "kampfrichter.last_schwung")
    assert resolve("KR", "R6", rules=rules) == SchwungOutcome(None, "kampfrichter.neutralises")
    assert resolve("BK", "KR", rules=rules) == SchwungOutcome(None, "kampfrichter.neutralises")
    assert resolve("BK", "KR", last=True, rules=rules) == SchwungOutcome(P0, "konter.last_trick")
    both = Rules(void_kampfrichter_neutralises=neutralises, konter_loses_to_kampfrichter=True)
    assert resolve("BK", "KR", rules=both) == SchwungOutcome(P1, "konter.loses")


@pytest.mark.clause("deal.no_trump", "schwung.void_loses")
def test_without_trump_another_colour_always_loses() -> None:
    """With no trump colour, an answer of another colour loses."""
    assert resolve("R1", "G6", None) == SchwungOutcome(P0, "schwung.void_loses")


@pytest.mark.clause("schwung.higher_wins")
def test_leader_seat_does_not_matter() -> None:
    """The same cards give the same winner whether P0 or P1 leads."""
    out = resolve_schwung(P1, Card.R3, Card.R5, R, Rules(), is_last=False, answer_was_void=False)
    assert out == SchwungOutcome(P0, "schwung.higher_wins")
    out = resolve_schwung(P1, Card.B4, Card.R5, B, Rules(), is_last=False, answer_was_void=True)
    assert out == SchwungOutcome(P1, "trump.beats")
