"""Examples per clause for one Gang as a state machine: turn, lead and draw, answer, trick, Angriff, Plattwurf, end, Konter and Kampfrichter."""

from __future__ import annotations

import attrs
import pytest
from builders import play_codes, started

from schwinget_spec import (
    ANGRIFF,
    Card,
    GangState,
    Outcome,
    Phase,
    Player,
    Rules,
    choose_leader,
    parse_cards,
    play,
)
from schwinget_spec.deal import PILE_SIZE
from schwinget_spec.gang_parts import SchwungRecord, _slot_constructor

P0, P1 = Player.P0, Player.P1


def codes(state: GangState) -> list[str]:
    """The codes of the legal actions of ``state``."""
    return [a.code for a in state.legal_actions()]


def hand(state: GangState, player: Player) -> str:
    """The hand of ``player`` as a space-separated code string in canonical order."""
    return " ".join(c.code for c in state.hand(player))


def advance(state: GangState, schwuenge: int) -> GangState:
    """The state after ``schwuenge`` more Schwünge, each played with the last legal action (never the Angriff)."""
    target = len(state.history) + schwuenge
    while len(state.history) < target or state.phase is Phase.CHOOSE_LEADER:
        state = state.apply(state.legal_actions()[-1])
    return state


def red_vs_green() -> GangState:
    """P0 holds R2-R6, P1 holds R1 G1-G3 and the Kampfrichter; trump yellow; the pile starts B1 B2 B3 B4."""
    return started("R2 R3 R4 R5 R6", "KR R1 G1 G2 G3", "Y1", pile="B1 B2 B3 B4", face_down="BK Y5 Y6")


# -- gang.turn


@pytest.mark.clause("gang.turn")
@pytest.mark.parametrize("starter", [P0, P1])
def test_the_starter_leads_a_card_or_attacks(starter: Player) -> None:
    """At the start the starter is to move and may lead any card of the hand or start the Angriff."""
    state = started("R2 R3 R4 R5 R6", "KR R1 G1 G2 G3", "Y1", starter=starter)
    assert state.phase is Phase.LEAD
    assert state.to_move is starter
    assert state.leader is starter
    assert codes(state) == ["A", *hand(state, starter).split()]


# -- schwung.lead and its draw


@pytest.mark.clause("schwung.lead")
def test_lead_puts_the_card_on_the_table() -> None:
    """Leading a card takes it from the hand, shows it as the led card, and waits for the opponent's answer."""
    state = red_vs_green().apply("R4")
    assert state.led is Card.R4
    assert Card.R4 not in state.hand(P0)
    assert state.phase is Phase.ANSWER
    assert state.to_move is P1
    assert state.leader is P0


@pytest.mark.clause("schwung.lead_draw")
def test_leader_draws_before_the_answer() -> None:
    """The leader draws the first pile card at once: while the answer is awaited, the leader holds 5 cards again and the opponent has not drawn."""
    state = red_vs_green().apply("R4")
    assert state.phase is Phase.ANSWER
    assert hand(state, P0) == "R2 R3 R5 R6 B1"
    assert hand(state, P1) == "R1 G1 G2 G3 KR"
    assert state.pile_size == PILE_SIZE - 1
    assert state.pile_drawn == 1


@pytest.mark.clause("schwung.lead_draw", "schwung.answer_draw")
def test_draws_follow_the_leader_not_the_seat() -> None:
    """When P1 leads, P1 draws the first pile card and P0, answering, the second."""
    state = started("R2 R3 R4 R5 R6", "R1 G1 G2 G3 G4", "Y1", pile="B1 B2", starter=P1)
    state = state.apply("G4")
    assert Card.B1 in state.hand(P1)
    state = state.apply("R2")
    assert Card.B2 in state.hand(P0)


# -- schwung.answer and its draw


@pytest.mark.clause("schwung.answer", "schwung.answer_draw")
def test_answer_then_the_answerer_draws() -> None:
    """The opponent answers with one card and draws the second pile card at once; both hold 5 again."""
    state = red_vs_green().apply("R4").apply("R1")
    assert hand(state, P0) == "R2 R3 R5 R6 B1"
    assert hand(state, P1) == "G1 G2 G3 B2 KR"
    assert state.pile_size == PILE_SIZE - 2
    assert state.history[-1].cards == (Card.R4, Card.R1)


@pytest.mark.clause("schwung.farbzwang")
def test_farbzwang_in_a_gang() -> None:
    """Holding the led colour, the answerer's legal cards are the led colour (plus trump and special cards)."""
    state = started("R2 R3 R4 R5 R6", "R1 G1 G2 Y3 KR", "Y1").apply("R4")
    assert codes(state) == ["R1", "Y3", "KR"]
    state = started("R2 R3 R4 R5 R6", "R1 G1 G2 G3 B4", "Y1").apply("R4")
    assert codes(state) == ["R1"]


@pytest.mark.clause("schwung.void_any", "schwung.void_loses")
def test_void_answer_any_card_and_it_loses() -> None:
    """Holding no red, every card may answer a red lead, and a non-trump one loses the trick."""
    state = started("R1 R3 R4 R5 R6", "G1 G2 G6 B5 B6", "Y1").apply("R1")
    assert codes(state) == ["G1", "G2", "G6", "B5", "B6"]
    state = state.apply("B6")
    assert state.history[-1].winner is P0
    assert state.history[-1].clause_id == "schwung.void_loses"


@pytest.mark.clause("schwung.higher_wins")
def test_higher_card_wins_in_a_gang() -> None:
    """The answerer's higher card of the led colour wins the trick."""
    state = started("R1 R3 R4 R5 G6", "R2 G1 G2 G3 Y2", "B1")
    state = play_codes(state, "R1 R2")
    assert state.history[-1].winner is P1
    assert state.history[-1].clause_id == "schwung.higher_wins"


@pytest.mark.clause("trump.anytime", "trump.beats")
def test_trump_instead_of_following_wins() -> None:
    """Holding red, the answerer may trump a red 6 with the yellow 1, and the trump wins."""
    state = started("R2 R3 R4 R5 R6", "R1 G1 G2 G3 Y2", "Y1").apply("R6")
    assert "Y2" in codes(state)
    state = state.apply("Y2")
    assert state.history[-1].winner is P1
    assert state.history[-1].clause_id == "trump.beats"


# -- trick.*


@pytest.mark.clause("trick.winner_takes", "gang.tricks_decide")
def test_winner_takes_the_trick() -> None:
    """The winner of a Schwung is credited with one trick, recorded in the history."""
    state = play_codes(red_vs_green(), "R4 R1")
    assert state.tricks == (1, 0)
    record = state.history[-1]
    assert (record.number, record.leader, record.winner, record.tricks) == (1, P0, P0, 1)
    assert not record.after_angriff


@pytest.mark.clause("trick.winner_leads")
def test_winner_leads_next_with_the_choice_of_angriff() -> None:
    """The winner of the trick leads next and may again lead a card or start the Angriff."""
    state = started("R1 R3 R4 R5 G6", "R2 G1 G2 G3 Y2", "B1", pile="B2 B3")
    state = play_codes(state, "R1 R2")
    assert state.phase is Phase.LEAD
    assert state.to_move is P1
    assert codes(state) == ["A", "G1", "G2", "G3", "B3", "Y2"]


# -- Angriff


@pytest.mark.clause("angriff.who", "setup.angriffskarte")
@pytest.mark.parametrize("starter", [P0, P1])
def test_either_player_may_attack_when_about_to_lead(starter: Player) -> None:
    """Each player has an Angriff card: whoever is about to lead may start the Angriff."""
    state = started("R2 R3 R4 R5 R6", "R1 G1 G2 G3 Y2", "Y1", starter=starter)
    assert state.can_attack()
    state = state.apply("A")
    assert state.angriff is not None
    assert state.angriff.player is starter
    assert state.angriff.after_schwung == 0
    assert state.to_move is starter
    assert state.phase is Phase.LEAD


@pytest.mark.clause("angriff.who")
def test_the_answerer_may_not_attack() -> None:
    """While a led card awaits its answer, nobody may start the Angriff."""
    state = red_vs_green().apply("R4")
    assert not state.can_attack()
    assert "A" not in codes(state)


@pytest.mark.clause("angriff.stier_on_pile", "angriff.locks_pile")
def test_angriff_locks_the_pile() -> None:
    """After the Angriff nobody draws: hands shrink by one per Schwung and the pile stays as it was."""
    state = play_codes(red_vs_green(), "R4 R1")
    assert state.pile_size == PILE_SIZE - 2
    state = state.apply("A")
    assert state.is_pile_locked
    state = state.apply("R6")
    assert hand(state, P0) == "R2 R3 R5 B1"
    state = state.apply("G1")
    assert hand(state, P1) == "G2 G3 B2 KR"
    assert state.pile_size == PILE_SIZE - 2


@pytest.mark.clause("angriff.play_out", "gang.end_angriff")
def test_after_angriff_five_schwuenge_end_the_gang() -> None:
    """After an Angriff at Schwung 3 both players hold 5 cards, and the Gang ends after 5 more Schwünge with pile cards left."""
    state = advance(started("R1 R2 R3 R4 R5", "G1 G2 G3 G4 G5", "B1", face_down="KR BK B6"), 2)
    state = state.apply("A")
    assert len(state.hand(P0)) == len(state.hand(P1)) == 5
    assert state.angriff is not None
    assert state.angriff.after_schwung == 2
    for _ in range(4):
        state = advance(state, 1)
        assert not state.is_over
    state = advance(state, 1)
    assert state.is_over
    assert len(state.history) == 7
    assert state.pile_size == PILE_SIZE - 4
    assert state.hand(P0) == state.hand(P1) == ()
    assert [r.after_angriff for r in state.history] == [False] * 2 + [True] * 5
    assert state.result.schwuenge == 7


@pytest.mark.clause("angriff.not_empty_pile")
def test_no_angriff_once_the_pile_is_used_up() -> None:
    """The Angriff is possible before the 6th Schwung (2 pile cards left) and impossible after it (pile used up)."""
    state = advance(started("R1 R2 R3 R4 R5", "G1 G2 G3 G4 G5", "B1", face_down="KR BK B6"), 5)
    assert state.pile_size == 2
    assert state.can_attack()
    state = advance(state, 1)
    assert state.pile_size == 0
    assert len(state.hand(P0)) == len(state.hand(P1)) == 5
    assert not state.can_attack()
    assert "A" not in codes(state)
    error = state.why_illegal("A")
    assert error is not None
    assert error.clause_id == "angriff.not_empty_pile"


@pytest.mark.clause("angriff.once")
def test_only_one_angriff_per_gang() -> None:
    """After the Angriff neither player may start another, whoever leads."""
    state = play_codes(started("R1 R2 R3 R4 R5", "G1 G2 G3 G4 Y5", "Y1"), "A R1 Y5")
    assert state.to_move is P1
    assert not state.can_attack()
    assert "A" not in codes(state)
    error = state.why_illegal(ANGRIFF)
    assert error is not None
    assert error.clause_id == "angriff.once"


@pytest.mark.clause("plattwurf.after_angriff", "plattwurf.definition")
def test_tricks_before_the_angriff_do_not_make_a_plattwurf() -> None:
    """P0 wins both Schwünge before its Angriff and four of the five after: no Plattwurf, a Sieg mit Angriff."""
    state = started("R2 R3 R4 R5 R6", "G1 G2 G3 G4 G5", "Y1", pile="B5 Y2 B6 B1")
    state = play_codes(state, "R6 G1 R5 G2 A")
    assert hand(state, P0) == "R2 R3 R4 B5 B6"
    assert hand(state, P1) == "G3 G4 G5 B1 Y2"
    state = play_codes(state, "R4 Y2 B1 B5 R3 G3 R2 G4 B6 G5")
    assert state.is_over
    assert [r.winner for r in state.history] == [P0, P0, P1, P0, P0, P0, P0]
    result = state.result
    assert result.tricks == (6, 1)
    assert result.plattwurf is None
    assert result.winner is P0
    assert result.outcome is Outcome.SIEG_MIT_ANGRIFF


@pytest.mark.clause("plattwurf.after_angriff", "plattwurf.definition")
def test_all_five_after_the_angriff_make_a_plattwurf_despite_earlier_losses() -> None:
    """P1 loses the Schwung before P0's Angriff and wins all five after it: a Plattwurf after the opponent's Angriff."""
    state = started("R1 G1 G2 G3 G4", "R6 Y2 Y3 Y4 Y5", "Y1", pile="B1 Y6")
    state = play_codes(state, "G4 R6 A")
    assert state.tricks == (1, 0)
    assert state.angriff is not None
    assert (state.angriff.player, state.angriff.after_schwung) == (P0, 1)
    state = play_codes(state, "G3 Y2 Y6 R1 Y5 G1 Y4 G2 Y3 B1")
    result = state.result
    assert [r.winner for r in state.history] == [P0, P1, P1, P1, P1, P1]
    assert result.tricks == (1, 5)
    assert result.plattwurf is P1
    assert result.outcome is Outcome.PLATTWURF_GEGNERISCHER_ANGRIFF


# -- end of the Gang


@pytest.mark.clause("gang.end_no_angriff")
def test_without_angriff_the_gang_ends_after_eleven_schwuenge() -> None:
    """Without an Angriff the Gang ends exactly when the pile is used up and both hands are empty, after 11 Schwünge."""
    state = advance(started("R1 R2 R3 R4 R5", "G1 G2 G3 G4 G5", "B1", face_down="KR BK B6"), 10)
    assert not state.is_over
    assert state.is_last_schwung()
    assert len(state.hand(P0)) == len(state.hand(P1)) == 1
    state = advance(state, 1)
    assert state.is_over
    assert state.phase is Phase.OVER
    assert state.legal_actions() == ()
    assert len(state.history) == 11
    assert sum(state.tricks) == 11
    assert state.pile_size == 0


@pytest.mark.clause("gang.more_tricks_wins", "gang.tricks_decide")
def test_more_tricks_wins_whatever_the_card_values() -> None:
    """The player with more tricks wins; the values of the cards won do not count."""
    state = started("R1 R2 R3 G1 KR", "Y2 Y3 Y4 Y5 Y6", "B1")
    # P1 holds only yellow, not trump: every red or green lead wins; the Kampfrichter led last loses
    state = play_codes(state, "A R1 Y2 R2 Y3 R3 Y4 G1 Y5 KR Y6")
    assert state.tricks == (4, 1)
    assert state.result.winner is P0


# -- Kampfrichter


@pytest.mark.clause("kampfrichter.neutralises")
def test_kampfrichter_leaves_the_trick_in_the_middle() -> None:
    """A Kampfrichter answer neutralises the led card: nobody is credited, both have drawn, and its player must choose."""
    state = play_codes(red_vs_green(), "R6 KR")
    record = state.history[-1]
    assert record.winner is None
    assert record.clause_id == "kampfrichter.neutralises"
    assert record.tricks == 0
    assert state.pending == record
    assert state.tricks == (0, 0)
    assert state.phase is Phase.CHOOSE_LEADER
    assert state.to_move is P1
    assert state.leader is None
    assert state.pile_size == PILE_SIZE - 2
    assert len(state.hand(P0)) == len(state.hand(P1)) == 5


@pytest.mark.clause("kampfrichter.neutralises", "kampfrichter.chooses")
def test_led_kampfrichter_lets_the_leader_choose() -> None:
    """A led Kampfrichter neutralises the answer too, and the leader chooses who leads next."""
    state = started("KR R3 R4 R5 R6", "R1 R2 G2 G3 Y2", "Y1").apply("KR")
    assert codes(state) == ["R1", "R2", "G2", "G3", "Y2"]
    state = state.apply("Y2")
    assert state.history[-1].winner is None
    assert state.to_move is P0
    assert codes(state) == ["L0", "L1"]


@pytest.mark.clause("kampfrichter.chooses")
@pytest.mark.parametrize("chosen", [P0, P1])
def test_kampfrichter_player_chooses_the_next_leader(chosen: Player) -> None:
    """The Kampfrichter's player may choose either player to lead next, who may then also attack."""
    state = play_codes(red_vs_green(), "R6 KR")
    assert state.legal_actions() == (choose_leader(P0), choose_leader(P1))
    state = state.apply(choose_leader(chosen))
    assert state.phase is Phase.LEAD
    assert state.to_move is chosen
    assert state.can_attack()
    assert state.pending is not None


@pytest.mark.clause("kampfrichter.collect")
def test_next_winner_collects_the_neutralised_trick() -> None:
    """The winner of the Schwung after the Kampfrichter also receives the neutralised trick: two tricks at once."""
    state = play_codes(red_vs_green(), "R6 KR L0 R5 R1")
    record = state.history[-1]
    assert record.winner is P0
    assert record.tricks == 2
    assert state.tricks == (2, 0)
    assert state.pending is None
    state = play_codes(red_vs_green(), "R6 KR L1 G3 R5")
    assert state.history[-1].winner is P1
    assert state.tricks == (0, 2)


@pytest.mark.clause("kampfrichter.last_schwung", "kampfrichter.neutralises")
def test_kampfrichter_on_the_last_schwung_gives_the_trick_away() -> None:
    """Answered on the very last Schwung, the Kampfrichter neutralises nothing: the leader wins the trick and the Gang ends."""
    state = play_codes(red_vs_green(), "A R6 R1 R5 G1 R4 G2 R3 G3")
    assert state.is_last_schwung()
    state = state.apply("R2")
    assert state.is_last_schwung()
    assert codes(state) == ["KR"]
    state = state.apply("KR")
    assert state.is_over
    record = state.history[-1]
    assert (record.winner, record.clause_id, record.tricks) == (P0, "kampfrichter.last_schwung", 1)


@pytest.mark.clause("kampfrichter.last_schwung")
def test_led_kampfrichter_on_the_last_schwung_loses() -> None:
    """Led on the very last Schwung, the Kampfrichter gives the trick to the answerer."""
    state = started("KR R3 R4 R5 R6", "R1 G1 G2 G3 G4", "Y1")
    state = play_codes(state, "A R6 R1 R5 G1 R4 G2 R3 G3 KR G4")
    assert state.is_over
    assert state.history[-1].winner is P1
    assert state.history[-1].clause_id == "kampfrichter.last_schwung"
    assert state.tricks == (4, 1)


# -- Brienzer-Konter in a Gang


@pytest.mark.clause("konter.beats_six")
def test_konter_beats_a_led_six_in_a_gang() -> None:
    """A Brienzer-Konter answered to a led 6 wins the trick, even while its player holds the led colour."""
    state = started("R2 R3 R4 R5 R6", "BK R1 G1 G2 G3", "Y1").apply("R6")
    assert codes(state) == ["R1", "BK"]
    state = state.apply("BK")
    assert (state.history[-1].winner, state.history[-1].clause_id) == (P1, "konter.beats_six")


@pytest.mark.clause("konter.loses")
def test_konter_led_loses_to_a_low_card() -> None:
    """A led Brienzer-Konter loses to any card that is not a 6, here a red 1."""
    state = play_codes(started("BK R3 R4 R5 R6", "R1 G1 G2 G3 G4", "Y1"), "BK R1")
    assert (state.history[-1].winner, state.history[-1].clause_id) == (P1, "konter.loses")


@pytest.mark.clause("konter.last_trick")
def test_konter_beats_the_kampfrichter_on_the_last_trick() -> None:
    """On the very last trick the Brienzer-Konter answered to a led Kampfrichter wins it."""
    state = started("KR R3 R4 R5 R6", "BK R1 G1 G2 G3", "Y1")
    state = play_codes(state, "A R6 R1 R5 G1 R4 G2 R3 G3 KR BK")
    assert state.is_over
    assert (state.history[-1].winner, state.history[-1].clause_id) == (P1, "konter.last_trick")


@pytest.mark.clause("kampfrichter.neutralises", "konter.last_trick")
def test_konter_against_kampfrichter_before_the_last_trick_is_neutralised() -> None:
    """Before the very last trick, the Kampfrichter neutralises the Brienzer-Konter like any card."""
    state = play_codes(started("KR R3 R4 R5 R6", "BK R1 G1 G2 G3", "Y1"), "KR BK")
    assert state.history[-1].winner is None
    assert state.phase is Phase.CHOOSE_LEADER


# -- immutability


def test_apply_returns_a_new_state_and_leaves_the_old_one() -> None:
    """apply returns a new state; the state it was called on is equal to a copy taken before and keeps its hash."""
    state = red_vs_green()
    copy = attrs.evolve(state)
    before_hash = hash(state)
    after = state.apply("R4")
    assert after is not state
    assert after != state
    assert state == copy
    assert hash(state) == before_hash
    assert hand(state, P0) == "R2 R3 R4 R5 R6"
    assert state.led is None
    assert state.step == 0


def test_states_are_frozen() -> None:
    """A state cannot be modified in place."""
    state = red_vs_green()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.step = 3  # type: ignore[misc]


def test_transitions_build_the_values_the_constructors_build() -> None:
    """Every state and record a transition builds (by ``gang_parts._slot_constructor``) equals, hashes and freezes as the one attrs' constructor builds from the same fields."""
    state = play_codes(red_vs_green(), "R6 KR L0 R5 R1 A")
    for current in (state, *(play_codes(red_vs_green(), ["R6", "KR", "L0", "R5", "R1", "A"][:n]) for n in range(1, 6))):
        rebuilt = GangState(*(getattr(current, f.name) for f in attrs.fields(GangState)))
        assert type(current) is GangState
        assert current == rebuilt
        assert hash(current) == hash(rebuilt)
        assert repr(current) == repr(rebuilt)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            current.step = 3  # type: ignore[misc]
    for record in state.history:
        assert type(record) is SchwungRecord
        assert record == SchwungRecord(*(getattr(record, f.name) for f in attrs.fields(SchwungRecord)))


def test_the_slot_constructor_refuses_a_class_whose_init_checks_anything() -> None:
    """A class with a validator, a converter, a default, a post-init hook or a cached hash is refused: its own __init__ would do more."""

    @attrs.frozen
    class Checked:
        value: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen
    class Defaulted:
        value: int = 0

    @attrs.frozen
    class Hooked:
        value: int

        def __attrs_post_init__(self) -> None:
            pass

    @attrs.frozen(cache_hash=True)
    class CachedHash:
        value: int

    for cls in (Checked, Defaulted, Hooked, CachedHash):
        with pytest.raises(TypeError, match="only its own __init__"):
            _slot_constructor(cls)

    @attrs.frozen
    class Plain:
        value: int
        other: str

    assert _slot_constructor(Plain)(1, "x") == Plain(1, "x")


def test_replaying_the_same_actions_gives_equal_states() -> None:
    """The same deal and the same actions give equal states with equal hashes."""
    a = play_codes(red_vs_green(), "R6 KR L0 R5 R1 A")
    b = play_codes(red_vs_green(), [play(Card.R6).code, "kr", "l0", "R5", "R1", "A"])
    assert a == b
    assert hash(a) == hash(b)
    assert a.step == 6


def test_rules_are_kept_in_the_state() -> None:
    """The rule switches given to start_gang decide the legal answers of the state."""
    strict = Rules(special_cards_follow_colour=True)
    state = started("R2 R3 R4 R5 R6", "KR R1 G1 G2 G3", "Y1", rules=strict).apply("R6")
    assert state.rules == strict
    assert codes(state) == ["R1"]
    assert parse_cards("R1")[0] in state.hand(P1)


def _cards_of_mask_one_by_one(mask: int) -> list[str]:
    """The codes of the cards of ``mask`` read bit by bit, in canonical order (the plain way the engine's tables replace)."""
    return [card.code for card in Card if mask >> card.index & 1]


@pytest.mark.clause("gang.turn", "schwung.lead", "schwung.answer", "schwung.farbzwang", "schwung.void_any", "trump.anytime",
                    "angriff.who", "angriff.once", "angriff.not_empty_pile", "kampfrichter.chooses")
@pytest.mark.parametrize("follow", [False, True])
def test_legal_actions_and_their_codes_at_every_step_of_random_gaenge(follow: bool) -> None:
    """At every step of 300 random Gänge, legal_actions() are the hand's cards (or the allowed answers) in canonical order, the Angriff first when allowed, and legal_action_codes() their codes."""
    from schwinget_spec import Deal, start_gang  # noqa: PLC0415
    from schwinget_spec.trick import allowed_answers  # noqa: PLC0415

    rules = Rules(special_cards_follow_colour=follow)
    seen_phases = set()
    for seed in range(300):
        state = start_gang(Deal.shuffled(seed), Player(seed % 2), rules)
        k = seed
        while True:
            legal = state.legal_actions()
            assert state.legal_action_codes() == tuple(a.code for a in legal)
            seen_phases.add(state.phase)
            if state.phase is Phase.LEAD:
                angriff = ["A"] if state.angriff is None and state.pile_drawn < PILE_SIZE else []
                assert codes(state) == angriff + _cards_of_mask_one_by_one(state.hands[state.to_move])
            elif state.phase is Phase.ANSWER:
                assert state.led is not None
                mask = allowed_answers(state.hands[state.to_move], state.led, state.trump, rules)
                assert codes(state) == _cards_of_mask_one_by_one(mask)
            elif state.phase is Phase.CHOOSE_LEADER:
                assert codes(state) == ["L0", "L1"]
            else:
                assert legal == ()
                break
            k = (k * 1103515245 + 12345) % 2**31
            state = state.apply(legal[k % len(legal)])
    assert seen_phases == set(Phase)
