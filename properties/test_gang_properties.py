"""Properties of a Gang that hold for every deal, every Rules value and every play: conservation, totals, Angriff, Plattwurf, purity, symmetry."""

from __future__ import annotations

import copy
import itertools
from collections.abc import Sequence

import pytest
from hypothesis import given, settings

from schwinget_spec.actions import Action, PlayCard, StartAngriff, parse_action
from schwinget_spec.cards import ALL_CARDS, Card, Colour
from schwinget_spec.deal import HAND_SIZE, PILE_SIZE, Deal
from schwinget_spec.errors import IllegalActionError
from schwinget_spec.gang import GangState, Phase, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules
from schwinget_spec.testing import ALL_ACTION_CODES
from schwinget_spec.testing.strategies import (
    PlayedGang,
    colour_permutations,
    mirror_action,
    permute_action,
    permute_deal,
    played_gangs,
    rules,
    swap_seats,
)
from schwinget_spec.trick import resolve_schwung

GANGS = played_gangs()


def _cards_everywhere(state: GangState) -> list[Card]:
    """Every card of the state, from every place it can be, with repetitions kept."""
    places = [
        *state.hand(Player.P0),
        *state.hand(Player.P1),
        *state.deal.pile[state.pile_drawn :],
        state.deal.revealed,
        *state.deal.face_down,
    ]
    if state.led is not None:
        places.append(state.led)
    for record in state.history:
        places.extend(record.cards)
    return places


def _replay(deal: Deal, starter: Player, rules: Rules, actions: Sequence[Action]) -> list[GangState]:
    states = [start_gang(deal, starter, rules)]
    for action in actions:
        states.append(states[-1].apply(action))
    return states


@pytest.mark.clause(
    "cards.schwungkarten", "deal.set_aside", "deal.pile", "schwung.lead_draw", "schwung.answer_draw",
    "trick.winner_takes", "kampfrichter.neutralises", "kampfrichter.collect",
)
@given(GANGS)
def test_card_conservation(gang: PlayedGang) -> None:
    """At every step the 26 cards are exactly partitioned between hands, pile, set-aside cards, table and played Schwünge."""
    for state in gang.states:
        assert sorted(_cards_everywhere(state)) == list(ALL_CARDS), state
        if state.pending is not None:
            assert state.history, state
            assert state.pending == state.history[-1], state
            assert state.pending.winner is None
        # every decided Schwung credits its trick, a neutralised one waits for the next winner
        assert sum(state.tricks) == len(state.history) - (state.pending is not None), state


@pytest.mark.clause("gang.end_no_angriff", "gang.end_angriff", "angriff.play_out", "kampfrichter.collect")
@given(GANGS)
def test_trick_totals(gang: PlayedGang) -> None:
    """The tricks sum to the Schwünge played: 11 without an Angriff, k + 5 with an Angriff after k Schwünge."""
    result = gang.final.result
    expected = 11 if result.angriff is None else result.angriff.after_schwung + 5
    assert result.schwuenge == expected
    assert sum(result.tricks) == expected
    assert result.tricks == gang.final.tricks


@pytest.mark.clause("plattwurf.definition", "angriff.who")
@given(GANGS)
def test_plattwurf_only_after_angriff(gang: PlayedGang) -> None:
    """A Plattwurf needs an Angriff, and it is won by the player whose opponent took no trick after the Angriff."""
    final = gang.final
    result = final.result
    assert result.outcome.is_plattwurf == (result.plattwurf is not None)
    if result.angriff is None:
        assert result.plattwurf is None
        return
    at_angriff = next(
        before for before, action, _ in gang.steps() if isinstance(action, StartAngriff)
    )
    shut_out = [p for p in Player if final.tricks[p.other] == at_angriff.tricks[p.other]]
    assert result.plattwurf == (shut_out[0] if len(shut_out) == 1 else None)


@pytest.mark.clause("plattwurf.definition", "gang.more_tricks_wins")
@given(GANGS)
def test_plattwurf_winner_never_has_fewer_tricks(gang: PlayedGang) -> None:
    """The Plattwurf winner wins the Gang and never has fewer tricks than the opponent; otherwise more tricks win."""
    result = gang.final.result
    tricks = result.tricks
    if result.plattwurf is not None:
        assert result.winner == result.plattwurf
        assert tricks[result.plattwurf] >= tricks[result.plattwurf.other]
    elif tricks[0] == tricks[1]:
        assert result.winner is None
    else:
        assert result.winner == (Player.P0 if tricks[0] > tricks[1] else Player.P1)


@pytest.mark.clause("kampfrichter.last_schwung", "kampfrichter.collect", "gang.end_angriff", "gang.end_no_angriff")
@given(GANGS)
def test_nothing_pending_at_the_end(gang: PlayedGang) -> None:
    """When the Gang ends no trick is pending, no card is on the table, and both hands are empty."""
    final = gang.final
    assert final.phase is Phase.OVER
    assert final.pending is None
    assert final.led is None
    assert final.hands == (0, 0)
    assert final.history[-1].winner is not None


@pytest.mark.clause("deal.hands", "schwung.lead_draw", "schwung.answer_draw", "angriff.play_out")
@given(GANGS)
def test_five_cards_at_every_lead_while_the_pile_is_open(gang: PlayedGang) -> None:
    """Both hands hold 5 cards at every lead while the pile is open, and when the Angriff starts."""
    for state in gang.states:
        if state.phase is Phase.LEAD and state.angriff is None and state.pile_drawn < PILE_SIZE:
            assert [len(state.hand(p)) for p in Player] == [HAND_SIZE, HAND_SIZE], state
        if state.phase is Phase.LEAD:
            assert len(state.hand(Player.P0)) == len(state.hand(Player.P1)), state


@pytest.mark.clause("angriff.locks_pile", "schwung.lead_draw", "schwung.answer_draw")
@given(GANGS)
def test_draws_stop_exactly_at_the_angriff(gang: PlayedGang) -> None:
    """Every lead and answer draws one card while the pile is open and unlocked; after the Angriff nobody draws."""
    for before, action, after in gang.steps():
        plays_a_card = before.phase in (Phase.LEAD, Phase.ANSWER) and not isinstance(action, StartAngriff)
        draws = plays_a_card and before.angriff is None and before.pile_drawn < PILE_SIZE
        assert after.pile_drawn == before.pile_drawn + (1 if draws else 0), (before, action)
    if gang.final.angriff is not None:
        assert gang.final.pile_size == PILE_SIZE - 2 * gang.final.angriff.after_schwung


@pytest.mark.clause("angriff.once", "angriff.who", "angriff.not_empty_pile")
@given(GANGS)
def test_at_most_one_angriff(gang: PlayedGang) -> None:
    """At most one Angriff is started, by the leader before a Schwung, and once set it never changes."""
    assert sum(isinstance(a, StartAngriff) for a in gang.actions) <= 1
    for before, action, after in gang.steps():
        if isinstance(action, StartAngriff):
            assert before.phase is Phase.LEAD
            assert before.angriff is None
            assert before.pile_drawn < PILE_SIZE
            assert after.angriff is not None
            assert after.angriff.player == before.to_move
        elif before.angriff is not None:
            assert after.angriff == before.angriff


@pytest.mark.clause("gang.turn", "gang.end_no_angriff", "gang.end_angriff")
@given(GANGS)
def test_legal_actions_empty_exactly_at_the_end(gang: PlayedGang) -> None:
    """Legal actions are never empty before the end of the Gang and always empty after it."""
    for state in gang.states[:-1]:
        assert not state.is_over
        assert state.legal_actions(), state
    assert gang.final.is_over
    assert gang.final.legal_actions() == ()


@pytest.mark.clause(
    "schwung.lead", "schwung.answer", "schwung.farbzwang", "schwung.void_any", "trump.anytime",
    "angriff.who", "angriff.once", "angriff.not_empty_pile", "kampfrichter.chooses",
)
@given(GANGS)
def test_apply_accepts_exactly_the_legal_actions(gang: PlayedGang) -> None:
    """In every state ``apply`` accepts each of the 29 actions listed legal and refuses every other one, leaving the state unchanged."""
    for state in gang.states:
        legal = {a.code for a in state.legal_actions()}
        snapshot = copy.deepcopy(state)
        for code in ALL_ACTION_CODES:
            if code in legal:
                after = state.apply(code)
                assert after.step == state.step + 1
            else:
                with pytest.raises(IllegalActionError) as info:
                    state.apply(parse_action(code))
                assert info.value.step == state.step
                assert info.value.action == code
            assert state == snapshot


@pytest.mark.clause("gang.turn")
@given(GANGS)
def test_states_are_never_mutated_and_hash_consistently(gang: PlayedGang) -> None:
    """``apply`` leaves its state deeply equal to a copy taken before, with the same hash; equal states hash alike."""
    for before, action, after in gang.steps():
        snapshot = copy.deepcopy(before)
        digest = hash(before)
        again = before.apply(action)
        assert before == snapshot
        assert hash(before) == digest == hash(snapshot)
        assert again == after
        assert hash(again) == hash(after)


@pytest.mark.clause("gang.turn", "trick.winner_leads")
@given(GANGS)
def test_determinism(gang: PlayedGang) -> None:
    """Replaying the same deal, starter, rules and action codes gives the same states and the same result."""
    states = _replay(gang.deal, gang.starter, gang.rules, [parse_action(a.code) for a in gang.actions])
    assert tuple(states) == gang.states
    assert states[-1].result == gang.final.result


@pytest.mark.clause("gang.turn", "kampfrichter.chooses", "plattwurf.definition", "gang.more_tricks_wins")
@given(GANGS)
def test_swapping_seats_mirrors_the_gang(gang: PlayedGang) -> None:
    """Exchanging the hands and the starter, and playing the mirrored actions, mirrors every step and the result."""
    mirrored = _replay(
        swap_seats(gang.deal), gang.starter.other, gang.rules, [mirror_action(a) for a in gang.actions]
    )
    for original, mirror in zip(gang.states, mirrored, strict=True):
        assert {mirror_action(a) for a in original.legal_actions()} == set(mirror.legal_actions())
        assert mirror.hands == original.hands[::-1]
        assert mirror.tricks == original.tricks[::-1]
        assert mirror.phase is original.phase
        assert original.is_over or mirror.to_move == original.to_move.other
    result, flipped = gang.final.result, mirrored[-1].result
    assert flipped.tricks == result.tricks[::-1]
    assert flipped.outcome is result.outcome
    assert flipped.winner == (None if result.winner is None else result.winner.other)
    assert flipped.plattwurf == (None if result.plattwurf is None else result.plattwurf.other)
    if result.angriff is not None:
        assert flipped.angriff is not None
        assert flipped.angriff.player == result.angriff.player.other
        assert flipped.angriff.after_schwung == result.angriff.after_schwung


@pytest.mark.clause("deal.trump", "trump.beats", "schwung.farbzwang", "konter.beats_six")
@given(GANGS, colour_permutations())
def test_renaming_the_colours_keeps_the_gang(gang: PlayedGang, perm: dict[Colour, Colour]) -> None:
    """Renaming the colours consistently in the deal and the actions keeps every legal action, every trick and the result."""
    renamed = _replay(
        permute_deal(gang.deal, perm), gang.starter, gang.rules, [permute_action(a, perm) for a in gang.actions]
    )
    for original, state in zip(gang.states, renamed, strict=True):
        assert sorted(a.code for a in state.legal_actions()) == sorted(
            permute_action(a, perm).code for a in original.legal_actions()
        )
        assert state.tricks == original.tricks
        assert state.phase is original.phase
    assert renamed[-1].result == gang.final.result


def _oracle(led: Card, answer: Card, trump: Colour | None, rules: Rules, *, is_last: bool, was_void: bool) -> Player | None:
    """Who wins when P0 leads ``led`` and P1 answers ``answer``, restated from the booklet independently of trick.py."""
    leader, answerer = Player.P0, Player.P1
    if Card.KR in (led, answer):
        kr_player = leader if led is Card.KR else answerer
        if is_last:
            return kr_player.other
        if Card.BK in (led, answer) and rules.konter_loses_to_kampfrichter:
            return kr_player
        if answer is Card.KR and was_void and not rules.void_kampfrichter_neutralises:
            return leader
        return None
    if Card.BK in (led, answer):
        konter_player = leader if led is Card.BK else answerer
        other = answer if led is Card.BK else led
        if other.rank != 6:
            return konter_player.other
        if other.colour is trump and not rules.konter_beats_trump_six:
            return konter_player.other
        if answer is Card.BK and was_void and not rules.void_konter_beats_six:
            return leader
        return konter_player
    assert led.rank is not None
    assert answer.rank is not None
    if answer.colour is led.colour:
        return answerer if answer.rank > led.rank else leader
    if trump is not None and answer.colour is trump:
        return answerer
    return leader


def _booklet_winner(state: GangState, answer: Card, is_last: bool) -> Player | None:
    """Who wins the Schwung of ``state`` answered by ``answer``, by ``_oracle``."""
    led = state.led
    assert led is not None
    answerer = state.to_move
    was_void = led.colour is not None and not any(c.colour is led.colour for c in state.hand(answerer))
    winner = _oracle(led, answer, state.trump, state.rules, is_last=is_last, was_void=was_void)
    # the oracle seats the leader as P0
    return None if winner is None else (answerer.other if winner is Player.P0 else answerer)


@pytest.mark.clause(
    "schwung.higher_wins", "schwung.void_loses", "trump.beats", "konter.beats_six", "konter.loses",
    "konter.last_trick", "kampfrichter.neutralises", "kampfrichter.last_schwung",
)
@given(GANGS)
def test_every_schwung_goes_to_the_booklet_winner(gang: PlayedGang) -> None:
    """Every Schwung is won by the player an independent restatement of the booklet names, or neutralised by the Kampfrichter."""
    for before, action, after in gang.steps():
        if before.phase is Phase.ANSWER:
            assert isinstance(action, PlayCard)
            record = after.history[-1]
            expected = _booklet_winner(before, action.card, is_last=after.is_over)
            assert record.winner == expected, (before, record)


@pytest.mark.clause("schwung.farbzwang", "schwung.void_any", "trump.anytime", "schwung.answer")
@given(GANGS)
def test_answers_follow_the_farbzwang(gang: PlayedGang) -> None:
    """The legal answers are, restated from the booklet: the led colour, trump and (by default) the special cards, or any card when void."""
    for state in gang.states:
        if state.phase is not Phase.ANSWER:
            continue
        led = state.led
        assert led is not None
        hand = state.hand(state.to_move)
        following = [c for c in hand if led.colour is not None and c.colour is led.colour]
        if not following:
            expected = set(hand)
        else:
            expected = {
                c
                for c in hand
                if c.colour is led.colour
                or (state.trump is not None and c.colour is state.trump)
                or (c.is_special and not state.rules.special_cards_follow_colour)
            }
        assert {a.card for a in state.legal_actions() if isinstance(a, PlayCard)} == expected, state


@pytest.mark.clause(
    "schwung.higher_wins", "schwung.void_loses", "trump.beats", "konter.beats_six", "konter.loses",
    "konter.last_trick", "kampfrichter.neutralises", "kampfrichter.last_schwung",
)
@settings(max_examples=max(10, settings().max_examples // 5))
@given(rules())
def test_every_pair_of_cards_resolves_as_the_booklet_says(rules_value: Rules) -> None:
    """For every led card, answer, trump colour, last-Schwung flag and void flag, ``resolve_schwung`` names the booklet's winner."""
    for trump in (*Colour, None):
        for led, answer in itertools.permutations(ALL_CARDS, 2):
            for is_last in (False, True):
                for was_void in (False, True):
                    if was_void and (led.colour is None or answer.colour is led.colour):
                        continue
                    outcome = resolve_schwung(
                        Player.P0, led, answer, trump, rules_value, is_last=is_last, answer_was_void=was_void
                    )
                    assert outcome.winner == _oracle(led, answer, trump, rules_value, is_last=is_last, was_void=was_void), (
                        led, answer, trump, is_last, was_void, outcome,
                    )
