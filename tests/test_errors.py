"""Examples for every kind of refusal: illegal actions name their clause and leave the state unchanged; bad codes, bad deals and early results raise their own errors."""

from __future__ import annotations

import attrs
import pytest
from builders import make_deal, play_codes, started

from schwinget_spec import (
    ALL_CARDS,
    Card,
    Deal,
    GangNotOverError,
    GangState,
    IllegalActionError,
    InvalidDealError,
    ParseError,
    Player,
    Rules,
    SchwingetError,
    start_gang,
)
from schwinget_spec.clauses import CLAUSES
from schwinget_spec.errors import InvalidArgumentError

P0, P1 = Player.P0, Player.P1


def refused(state: GangState, code: str) -> IllegalActionError:
    """The error raised by applying ``code`` to ``state``, after checking that the state is unchanged and why_illegal agrees."""
    copy = attrs.evolve(state)
    before = hash(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(code)
    error = info.value
    assert state == copy
    assert hash(state) == before
    assert error.clause_id in CLAUSES
    assert error.clause_de
    assert error.clause_fr
    assert error.step == state.step
    assert error.action == code.upper()
    assert str(error) == f"step {error.step}: {error.action} is illegal: {error.reason} [clause {error.clause_id}]"
    again = state.why_illegal(code)
    assert again is not None
    assert (again.clause_id, again.reason, again.step, again.action) == (
        error.clause_id,
        error.reason,
        error.step,
        error.action,
    )
    assert state.legal_actions() == copy.legal_actions()
    assert code.upper() not in [a.code for a in state.legal_actions()]
    return error


def red_vs_green() -> GangState:
    """P0 holds R2-R6, P1 holds R1 G1-G3 and the Kampfrichter; trump yellow; the pile starts B1 B2."""
    return started("R2 R3 R4 R5 R6", "KR R1 G1 G2 G3", "Y1", pile="B1 B2", face_down="BK Y5 Y6")


@pytest.mark.clause("schwung.lead")
def test_leading_a_card_not_held() -> None:
    """Leading a card that is not in hand is refused under schwung.lead, naming the hand."""
    error = refused(red_vs_green(), "G1")
    assert error.clause_id == "schwung.lead"
    assert error.step == 0
    assert error.reason == "P0 does not hold G1; P0 holds R2 R3 R4 R5 R6"


@pytest.mark.clause("schwung.lead", "deal.set_aside")
def test_leading_a_set_aside_card() -> None:
    """The revealed trump card is set aside: leading it is refused as a card not held."""
    error = refused(red_vs_green(), "Y1")
    assert error.clause_id == "schwung.lead"


@pytest.mark.clause("schwung.answer")
def test_answering_with_a_card_not_held() -> None:
    """Answering with a card that is not in hand is refused under schwung.answer, naming the hand."""
    state = red_vs_green().apply("R6")
    error = refused(state, "R3")
    assert error.clause_id == "schwung.answer"
    assert error.step == 1
    assert error.reason == "P1 does not hold R3; P1 holds R1 G1 G2 G3 KR"


@pytest.mark.clause("schwung.farbzwang")
def test_not_following_colour() -> None:
    """Answering a red lead with green while holding red is refused, naming the red card held."""
    state = red_vs_green().apply("R6")
    error = refused(state, "G2")
    assert error.clause_id == "schwung.farbzwang"
    assert error.reason == "must follow colour R or play trump: you hold R1"


@pytest.mark.clause("schwung.farbzwang", "trump.anytime")
def test_not_following_led_trump() -> None:
    """Answering a led trump with another colour while holding trump is refused, naming the trump cards held."""
    state = started("Y3 R3 R4 R5 R6", "Y2 Y4 G1 G2 G3", "Y1").apply("Y3")
    error = refused(state, "G1")
    assert error.clause_id == "schwung.farbzwang"
    assert error.reason == "must follow colour Y: you hold Y2 Y4"


@pytest.mark.clause("schwung.farbzwang", "deal.no_trump")
def test_not_following_colour_without_trump() -> None:
    """Without a trump colour the refusal offers only the led colour, naming the cards held."""
    state = started("R3 R4 R5 R6 B1", "R1 R2 G1 G2 G3", "KR").apply("R6")
    error = refused(state, "G1")
    assert error.clause_id == "schwung.farbzwang"
    assert error.reason == "must follow colour R: you hold R1 R2"


@pytest.mark.clause("schwung.farbzwang", "cards.special")
def test_special_card_under_follow_colour_switch() -> None:
    """With special_cards_follow_colour, a Kampfrichter answer while holding the led colour is refused, naming the switch."""
    state = started(
        "R2 R3 R4 R5 R6", "KR R1 G1 G2 G3", "Y1", rules=Rules(special_cards_follow_colour=True)
    ).apply("R6")
    error = refused(state, "KR")
    assert error.clause_id == "schwung.farbzwang"
    assert "you hold R1" in error.reason
    assert "special_cards_follow_colour" in error.reason


@pytest.mark.clause("angriff.who")
def test_angriff_while_answering() -> None:
    """Starting the Angriff instead of answering is refused under angriff.who."""
    state = red_vs_green().apply("R6")
    error = refused(state, "A")
    assert error.clause_id == "angriff.who"
    assert "P1 must answer R6" in error.reason


@pytest.mark.clause("angriff.once")
def test_second_angriff() -> None:
    """A second Angriff in the same Gang is refused under angriff.once, naming the first."""
    state = red_vs_green().apply("A")
    error = refused(state, "A")
    assert error.clause_id == "angriff.once"
    assert error.reason == "P0 already started the Angriff after Schwung 0; there is only one Angriff per Gang"


@pytest.mark.clause("angriff.not_empty_pile")
def test_angriff_with_the_pile_used_up() -> None:
    """After the sixth Schwung the pile is used up and the Angriff is refused under angriff.not_empty_pile."""
    state = started("R1 R2 R3 R4 R5", "G1 G2 G3 G4 G5", "B1", face_down="KR BK B6")
    state = play_codes(state, "R5 G5 R4 G4 R3 G3 R2 G2 R1 G1")
    state = state.apply(state.legal_actions()[-1])
    state = state.apply(state.legal_actions()[-1])
    assert state.pile_size == 0
    error = refused(state, "A")
    assert error.clause_id == "angriff.not_empty_pile"
    assert error.step == 12


@pytest.mark.clause("kampfrichter.chooses")
@pytest.mark.parametrize("code", ["R5", "A"])
def test_playing_before_the_kampfrichter_choice(code: str) -> None:
    """While the Kampfrichter's player must choose the next leader, a card or the Angriff is refused."""
    state = play_codes(red_vs_green(), "R6 KR")
    error = refused(state, code)
    assert error.clause_id == "kampfrichter.chooses"
    assert "P1 played the Kampfrichter" in error.reason


@pytest.mark.clause("kampfrichter.chooses")
@pytest.mark.parametrize("code", ["L0", "L1"])
def test_choosing_a_leader_without_kampfrichter(code: str) -> None:
    """Choosing the next leader when no Kampfrichter trick awaits a decision is refused."""
    error = refused(red_vs_green(), code)
    assert error.clause_id == "kampfrichter.chooses"
    assert "no Kampfrichter trick awaits a decision" in error.reason


@pytest.mark.clause("gang.end_angriff")
@pytest.mark.parametrize("code", ["R1", "A", "L0"])
def test_any_action_after_the_end_of_an_angriff_gang(code: str) -> None:
    """Once a Gang with an Angriff is over, every action is refused under gang.end_angriff."""
    state = play_codes(started("R2 R3 R4 R5 R6", "R1 G1 G2 G3 G4", "Y1"), "A R6 R1 R5 G1 R4 G2 R3 G3 R2 G4")
    assert state.is_over
    error = refused(state, code)
    assert error.clause_id == "gang.end_angriff"
    assert error.reason == "the Gang is over: both hands are empty"


@pytest.mark.clause("gang.end_no_angriff")
def test_any_action_after_the_end_of_a_gang_without_angriff() -> None:
    """Once a Gang without Angriff is over, an action is refused under gang.end_no_angriff."""
    state = started("R1 R2 R3 R4 R5", "G1 G2 G3 G4 G5", "B1", face_down="KR BK B6")
    while not state.is_over:
        state = state.apply(state.legal_actions()[-1])
    error = refused(state, "R1")
    assert error.clause_id == "gang.end_no_angriff"


# -- other errors


@pytest.mark.parametrize("code", ["G9", "X", "L2", ""])
def test_bad_action_code_in_apply(code: str) -> None:
    """apply with a code that names no action raises ParseError and no state changes."""
    state = red_vs_green()
    copy = attrs.evolve(state)
    with pytest.raises(ParseError, match="unknown action code"):
        state.apply(code)
    assert state == copy


@pytest.mark.parametrize("value", [42, None, Card.R6, ("R6",)])
def test_non_action_raises_type_error(value: object) -> None:
    """apply with something that is neither an Action nor a code raises InvalidArgumentError (a TypeError) naming ``action``."""
    with pytest.raises(InvalidArgumentError, match=r"^action: expected an Action") as info:
        red_vs_green().apply(value)  # type: ignore[arg-type]
    assert isinstance(info.value, TypeError)
    assert info.value.parameter == "action"


def test_start_gang_needs_a_deal() -> None:
    """start_gang refuses anything but a Deal, naming the parameter."""
    with pytest.raises(InvalidArgumentError, match=r"^deal: expected a Deal") as info:
        start_gang("not a deal", P0)  # type: ignore[arg-type]
    assert isinstance(info.value, TypeError)


@pytest.mark.clause("gang.end_no_angriff", "gang.end_angriff")
def test_result_before_the_end() -> None:
    """Asking for the result of an unfinished Gang raises GangNotOverError naming the Schwung being played."""
    state = play_codes(red_vs_green(), "R6 R1")
    with pytest.raises(GangNotOverError, match="Schwung 2 is being played"):
        _ = state.result
    assert isinstance(GangNotOverError("x"), SchwingetError)


# -- invalid deals


HANDS = ("R1 R2 R3 R4 R5", "G1 G2 G3 G4 G5")
DOWN = "B1 B2 B3"
PILE = "B4 B5 B6 Y1 Y2 Y3 Y4 Y5 Y6 KR BK R6"


def codes_deal(
    hands: tuple[str, str] = HANDS, revealed: str = "G6", face_down: str = DOWN, pile: str = PILE
) -> Deal:
    """A deal from codes, with the valid defaults replaced by the given fields."""
    return Deal.from_codes(hands=hands, revealed=revealed, face_down=face_down, pile=pile)


def test_the_default_codes_deal_is_valid() -> None:
    """The reference deal of these tests is valid, so each refusal below comes from the one field changed."""
    assert codes_deal().trump is not None


@pytest.mark.clause("deal.hands")
def test_hand_of_wrong_size() -> None:
    """A hand of 4 cards is refused, naming the hand and the 5 cards dealt."""
    with pytest.raises(InvalidDealError, match=r"hands\[1\] holds 4 cards; each player is dealt 5") as info:
        codes_deal(hands=("R1 R2 R3 R4 R5", "G1 G2 G3 G4"), pile=PILE + " G5")
    assert info.value.clause_id == "deal.hands"


@pytest.mark.clause("deal.hands")
def test_three_hands() -> None:
    """A deal with three hands is refused."""
    with pytest.raises(InvalidDealError, match="a deal has two hands, got 3"):
        Deal(hands=((), (), ()), revealed=Card.G6, face_down=(), pile=())


@pytest.mark.clause("deal.set_aside")
def test_face_down_of_wrong_size() -> None:
    """Four face-down cards besides the revealed one are refused, naming face_down."""
    with pytest.raises(InvalidDealError, match="face_down holds 4 cards") as info:
        codes_deal(face_down="B1 B2 B3 R6", pile="B4 B5 B6 Y1 Y2 Y3 Y4 Y5 Y6 KR BK")
    assert info.value.clause_id == "deal.set_aside"


@pytest.mark.clause("deal.pile")
def test_pile_of_wrong_size() -> None:
    """A pile of 11 cards is refused, naming the pile."""
    with pytest.raises(InvalidDealError, match="pile holds 11 cards") as info:
        codes_deal(pile="B4 B5 B6 Y1 Y2 Y3 Y4 Y5 Y6 KR BK")
    assert info.value.clause_id == "deal.pile"


@pytest.mark.clause("cards.schwungkarten")
def test_duplicate_card() -> None:
    """A card dealt twice is refused, naming the card and both places."""
    with pytest.raises(InvalidDealError, match="R1 appears twice, in hands\\[0\\] and in pile") as info:
        codes_deal(pile="B4 B5 B6 Y1 Y2 Y3 Y4 Y5 Y6 KR BK R1")
    assert info.value.clause_id == "cards.schwungkarten"


@pytest.mark.clause("cards.schwungkarten")
def test_revealed_card_in_a_hand() -> None:
    """The revealed card also in a hand is refused as a duplicate naming revealed."""
    with pytest.raises(InvalidDealError, match="G5 appears twice, in hands\\[1\\] and in revealed"):
        codes_deal(revealed="G5", pile="B4 B5 B6 Y1 Y2 Y3 Y4 Y5 Y6 KR BK R6")


@pytest.mark.clause("cards.schwungkarten")
def test_non_card_in_a_hand() -> None:
    """A code string instead of a Card in a hand is refused with an InvalidDealError naming the hand."""
    good = codes_deal()
    bad_hand = ("R1", *good.hands[0][1:])
    with pytest.raises(InvalidDealError, match="hands\\[0\\] holds 'R1', which is not a Card"):
        Deal(hands=(bad_hand, good.hands[1]), revealed=good.revealed, face_down=good.face_down, pile=good.pile)  # type: ignore[arg-type]


@pytest.mark.clause("cards.schwungkarten")
def test_non_card_revealed_or_in_the_pile() -> None:
    """Something that is not a Card as the revealed card or in the pile is refused naming the field."""
    good = codes_deal()
    with pytest.raises(InvalidDealError, match="revealed is 'G6', which is not a Card"):
        Deal(hands=good.hands, revealed="G6", face_down=good.face_down, pile=good.pile)  # type: ignore[arg-type]
    with pytest.raises(InvalidDealError, match="pile holds 7, which is not a Card"):
        Deal(hands=good.hands, revealed=good.revealed, face_down=good.face_down, pile=(*good.pile[:-1], 7))  # type: ignore[arg-type]


@pytest.mark.clause("cards.schwungkarten")
def test_bad_code_in_from_codes() -> None:
    """A bad card code given to Deal.from_codes becomes an InvalidDealError."""
    with pytest.raises(InvalidDealError, match="unknown card code 'Q7'"):
        codes_deal(revealed="Q7")


@pytest.mark.clause("cards.schwungkarten")
def test_from_deck_needs_26_cards() -> None:
    """A deck of 25 cards is refused."""
    with pytest.raises(InvalidDealError, match="a deck has 26 cards, got 25"):
        Deal.from_deck(ALL_CARDS[:25])


def test_invalid_deal_error_is_a_schwinget_error() -> None:
    """Deal errors are SchwingetErrors and ValueErrors, so callers may catch either."""
    with pytest.raises(InvalidDealError) as info:
        make_deal("R1 R2 R3 R4", "G1 G2 G3 G4 G5", "Y1")
    assert isinstance(info.value, SchwingetError)
    assert isinstance(info.value, ValueError)
