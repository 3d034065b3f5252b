"""The match and Schwingfest entries of docs/ambiguities.md in play (who starts after a Gang, which points decide after a draw, the order of a fest's meetings), a result the text makes impossible, and the components and irregularities of a Gang."""

from __future__ import annotations

import pytest

from schwinget_spec.actions import Action
from schwinget_spec.cards import Card, parse_cards
from schwinget_spec.deal import Deal
from schwinget_spec.errors import GangNotOverError, IllegalActionError, InvalidDealError, MatchError
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.match import MatchLength, play_match, play_out, random_chooser, start_match
from schwinget_spec.players import Player
from schwinget_spec.rng import SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import start_schwingfest
from schwinget_spec.scoring import ScoringSystem


@pytest.mark.clause("match.loser_starts")
@pytest.mark.parametrize(
    ("system", "second"), [(ScoringSystem.SCHWINGERWERTUNG, 13), (ScoringSystem.PUNKTEWERTUNG, 12)]
)
def test_loser_starts_even_when_ahead_on_points(system: ScoringSystem, second: int) -> None:
    """AMB-LOSER-STARTS: P1 wins Gang 1, P0 wins Gang 2; P1 is ahead on points and still starts Gang 3 as the loser of Gang 2."""
    state = start_match(system, MatchLength.SHORT, Player.P0).play_seed(2).play_seed(second)
    assert [g.result.winner for g in state.gaenge] == [Player.P1, Player.P0]
    assert state.totals[1] > state.totals[0]
    assert state.next_starter is Player.P1


@pytest.mark.clause("match.draw_starter", "table.gestellter")
@pytest.mark.parametrize("system", list(ScoringSystem))
def test_aktuell_points_before_and_after_the_drawn_gang_agree(system: ScoringSystem) -> None:
    """AMB-AKTUELL-PUNKTE: in 60 random long matches, after every Gestellter the totals before and after it order the players alike."""
    drawn = 0
    for seed in range(60):
        match = play_match(seed, system, MatchLength.LONG, Player.P0)
        before = [0, 0]
        for g in match.gaenge:
            after = [before[i] + g.score.points[i].hundredths for i in range(2)]
            if g.result.winner is None:
                drawn += 1
                assert (before[0] > before[1], before[0] < before[1]) == (after[0] > after[1], after[0] < after[1])
            before = after
    assert drawn > 0


@pytest.mark.clause("fest.twice_each", "fest.parallel")
@pytest.mark.parametrize("mode", ["alternate", "younger"])
def test_fest_order_changes_no_standing(mode: str) -> None:
    """AMB-FEST-ORDER: the meetings of a fest of 4 fought in schedule order or backwards, each on its own seed, give the same standings."""
    rules = Rules(fest_starter=mode)  # type: ignore[arg-type]
    fest = start_schwingfest(("Anna", "Beat", "Chris", "Dora"), ScoringSystem.SCHWINGERWERTUNG, rules=rules)
    meetings = fest.schedule.meetings
    rng, seeds = SplitMix64.seeded(7), []
    for _ in meetings:
        value, rng = rng.next()
        seeds.append(value)
    forward = backward = fest
    for meeting, seed in zip(meetings, seeds, strict=True):
        forward = forward.play_seed(meeting, seed)
    for meeting, seed in reversed(list(zip(meetings, seeds, strict=True))):
        backward = backward.play_seed(meeting, seed)
    assert forward.is_over
    assert backward.is_over
    assert forward.standings == backward.standings
    assert forward.totals() == backward.totals()


@pytest.mark.clause("table.gestellter", "angriff.play_out", "gang.end_no_angriff")
def test_gestellter_only_after_an_angriff_after_an_odd_number_of_schwuenge() -> None:
    """In 400 random Gänge every Gestellter follows an Angriff after 1, 3 or 5 Schwünge: 11 tricks without one, k + 5 with one."""
    drawn = 0
    for seed in range(400):
        result = play_out(start_gang(Deal.shuffled(seed), Player(seed % 2)), random_chooser(seed)).result
        assert sum(result.tricks) == (11 if result.angriff is None else result.angriff.after_schwung + 5)
        if result.winner is None:
            drawn += 1
            assert result.angriff is not None
            assert result.angriff.after_schwung in (1, 3, 5)
    assert drawn > 0


# -- the components, irregularities and words of docs/ambiguities.md


def _attack_first(state: GangState) -> Action:
    """The Angriff whenever it is legal, else the first legal action."""
    legal = state.legal_actions()
    return next((a for a in legal if str(a) == "A"), legal[0])


@pytest.mark.clause("match.redeal", "angriff.once", "setup.angriffskarte")
def test_components_every_gang_starts_with_both_stier_and_all_26_cards() -> None:
    """AMB-COMPONENTS: after P0 attacks in Gang 1, Gang 2 deals all 26 Schwungkarten again and its starter may attack at once."""
    match = start_match(ScoringSystem.SCHWINGERWERTUNG, MatchLength.SHORT, Player.P0)
    first = play_out(match.start_next_gang(Deal.shuffled(3)), _attack_first)
    assert first.angriff is not None
    assert first.angriff.player is Player.P0
    match = match.apply_gang(first)
    second = match.start_next_gang(Deal.shuffled(4))
    deal = second.deal
    cards = {*deal.hands[0], *deal.hands[1], deal.revealed, *deal.face_down, *deal.pile}
    assert len(cards) == 26
    assert "A" in second.legal_action_codes()
    assert second.to_move is match.next_starter


@pytest.mark.clause("schwung.farbzwang", "deal.hands")
def test_irregular_play_is_refused_naming_its_clause_and_changes_nothing() -> None:
    """AMB-IRREG-PLAY: an answer against the Farbzwang and a hand of six cards are refused with the clause they break; the state is unchanged."""
    deal = Deal(hands=(parse_cards("R2 R3 R4 R5 R6"), parse_cards("R1 G1 G2 G3 B4")), revealed=Card.parse("Y1"),
                face_down=parse_cards("Y2 Y3 Y4"), pile=parse_cards("G4 G5 G6 B1 B2 B3 B5 B6 Y5 Y6 KR BK"))
    state = start_gang(deal, Player.P0).apply("R4")
    before = state.legal_action_codes()
    with pytest.raises(IllegalActionError) as info:
        state.apply("G1")
    assert info.value.clause_id == "schwung.farbzwang"
    assert state.legal_action_codes() == before == ("R1",)
    with pytest.raises(InvalidDealError) as bad:
        Deal(hands=(parse_cards("R2 R3 R4 R5 R6 Y2"), parse_cards("R1 G1 G2 G3 B4")), revealed=Card.parse("Y1"),
             face_down=parse_cards("Y3 Y4"), pile=parse_cards("G4 G5 G6 B1 B2 B3 B5 B6 Y5 Y6 KR BK"))
    assert bad.value.clause_id == "deal.hands"


@pytest.mark.clause("gang.end_angriff", "match.end")
def test_a_gang_or_match_given_up_has_no_result() -> None:
    """AMB-IRREG-CONCEDE: a Gang stopped before its hands are empty and a match stopped after Gang 3 have no result; play_out finishes a Gang."""
    state = start_gang(Deal.shuffled(5), Player.P0).apply("A")
    with pytest.raises(GangNotOverError):
        _ = state.result
    assert play_out(state, random_chooser(5)).is_over
    match = start_match(ScoringSystem.PUNKTEWERTUNG, MatchLength.SHORT, Player.P0)
    for seed in (1, 2, 3):
        match = match.play_seed(seed)
    with pytest.raises(MatchError) as info:
        _ = match.result
    assert info.value.clause_id == "match.end"
