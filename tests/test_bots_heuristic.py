"""The HeuristicBot: legal choices only, decisions from the PlayerView alone (hidden cards make no difference), sensible plays, and more wins than the RandomBot."""

from __future__ import annotations

import attrs
import pytest

from schwinget_spec.actions import ANGRIFF, Action, ChooseLeader, play
from schwinget_spec.bots import Bot, HeuristicBot, RandomBot, play_gang, play_gang_recorded
from schwinget_spec.cards import Card
from schwinget_spec.deal import Deal
from schwinget_spec.errors import SchwingetError
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.players import Player
from schwinget_spec.rng import SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.solver.named_bots import make_bot
from schwinget_spec.views import PlayerView

SEEDS = range(60)


@attrs.frozen
class SpyBot:
    """A bot that delegates to a HeuristicBot and keeps every view it was given."""

    inner: HeuristicBot
    seen: tuple[object, ...] = ()

    def choose(self, view: PlayerView) -> tuple[Action, SpyBot]:
        """The inner bot's choice; the returned spy remembers the view."""
        action, inner = self.inner.choose(view)
        return action, SpyBot(inner, (*self.seen, view))


def test_heuristic_chooses_only_legal_actions() -> None:
    """Against itself and against a RandomBot, in both seats and under other rules, every heuristic action is legal."""
    other_rules = Rules(special_cards_follow_colour=True, konter_beats_trump_six=False, konter_loses_to_kampfrichter=True)
    for seed in SEEDS:
        rules = other_rules if seed % 3 == 0 else Rules()
        pairs: tuple[tuple[Bot, Bot], ...] = (
            (HeuristicBot(rules), HeuristicBot(rules)),
            (HeuristicBot(rules), RandomBot.seeded(seed)),
            (RandomBot.seeded(seed), HeuristicBot(rules)),
        )
        for pair in pairs:
            played = play_gang_recorded(Deal.shuffled(seed), Player(seed % 2), rules, pair)
            for state, action in zip(played.states[:-1], played.actions, strict=True):
                assert action in state.legal_actions()
            assert played.final.is_over


def _rehide(state: GangState, rng: SplitMix64) -> GangState:
    """The same state with one card of P1's hand exchanged with a card P0 has not seen (pile still to draw or face down)."""
    hidden = [*state.deal.pile[state.pile_drawn :], *state.deal.face_down]
    mine = state.hand(Player.P1)
    if not hidden or not mine:
        return state
    i, rng = rng.below(len(mine))
    j, _ = rng.below(len(hidden))
    x, y = mine[i], hidden[j]

    def swap(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(y if c is x else x if c is y else c for c in cards)

    deal = state.deal
    other = Deal(
        hands=(deal.hands[0], swap(deal.hands[1])), revealed=deal.revealed,
        face_down=swap(deal.face_down), pile=swap(deal.pile),
    )
    hands = (state.hands[0], state.hands[1] ^ x.bit ^ y.bit)
    return attrs.evolve(state, deal=other, hands=hands)


@pytest.mark.clause("deal.hand_private")
def test_hidden_cards_change_neither_the_view_nor_the_decision() -> None:
    """At every decision of P0 in many Gänge, a state whose P1 hand, pile and face-down cards differ gives an equal view and the same choice."""
    rng = SplitMix64.seeded(7)
    compared = 0
    for seed in SEEDS:
        played = play_gang_recorded(Deal.shuffled(seed), Player(seed % 2), Rules(), (HeuristicBot(), RandomBot.seeded(seed)))
        for state in played.states[:-1]:
            if state.to_move != Player.P0:
                continue
            _, rng = rng.next()
            other = _rehide(state, rng)
            if other == state:
                continue
            assert other.hands[1] != state.hands[1]
            view, other_view = state.view(Player.P0), other.view(Player.P0)
            assert view == other_view
            bot = HeuristicBot()
            assert bot.choose(view) == bot.choose(other_view)
            compared += 1
    assert compared > 200


@pytest.mark.clause("deal.hand_private")
def test_heuristic_is_given_only_its_players_view() -> None:
    """Every input a HeuristicBot receives during a Gang is a PlayerView of its own seat, without the deal or the hands."""
    played = play_gang_recorded(Deal.shuffled(4), Player.P0, Rules(), (SpyBot(HeuristicBot()), SpyBot(HeuristicBot())))
    for player in Player:
        spy = played.bots[player]
        assert isinstance(spy, SpyBot)
        assert spy.seen
        for view in spy.seen:
            assert type(view) is PlayerView
            assert view.player == player
            assert not hasattr(view, "deal")


@pytest.mark.clause("schwung.higher_wins")
def test_wins_with_the_cheapest_card() -> None:
    """Answering R3 with R4, R6 and a trump in hand, the bot wins with R4, the cheapest winner."""
    deal = Deal.from_codes(
        hands=("R4 R6 B5 G1 Y1", "R3 G5 Y2 Y3 Y4"), revealed="B3", face_down="B4 B6 G2",
        pile="R1 R2 R5 G3 G4 G6 B1 B2 Y5 Y6 KR BK",
    )
    view = start_gang(deal, Player.P1, Rules()).apply("R3").view(Player.P0)
    assert HeuristicBot().choose(view)[0] == play(Card.R4)


@pytest.mark.clause("konter.beats_six")
def test_konter_answers_a_six() -> None:
    """A led R6 with the Brienzer-Konter and a trump in hand is answered with the Konter, keeping the trump."""
    deal = Deal.from_codes(
        hands=("BK B2 G1 G2 Y1", "R6 G5 Y2 Y3 Y4"), revealed="B3", face_down="B4 B6 G3",
        pile="R1 R2 R3 R4 R5 G4 G6 B1 B5 Y5 Y6 KR",
    )
    view = start_gang(deal, Player.P1, Rules()).apply("R6").view(Player.P0)
    assert HeuristicBot().choose(view)[0] == play(Card.BK)


@pytest.mark.clause("schwung.void_loses", "kampfrichter.neutralises")
def test_throws_the_cheapest_card_or_neutralises_a_strong_lead() -> None:
    """Unable to win, the bot throws its lowest plain card against a weak lead, and plays the Kampfrichter against a 6."""
    deal = Deal.from_codes(
        hands=("R1 R5 G2 G4 KR", "Y2 Y6 G5 Y4 Y5"), revealed="B3", face_down="B4 B5 G3",
        pile="R2 R3 R4 R6 G1 G6 B1 B2 B6 Y1 Y3 BK",
    )
    start = start_gang(deal, Player.P1, Rules())
    assert HeuristicBot().choose(start.apply("Y2").view(Player.P0))[0] == play(Card.R1)
    assert HeuristicBot().choose(start.apply("Y6").view(Player.P0))[0] == play(Card.KR)


@pytest.mark.clause("angriff.who")
def test_attacks_with_a_strong_hand_only() -> None:
    """Leading with five high trumps the bot starts the Angriff; with five low plain cards it does not."""
    strong = Deal.from_codes(
        hands=("G3 G4 G5 G6 KR", "R1 R2 B1 B2 Y1"), revealed="G2", face_down="G1 BK R3",
        pile="R4 R5 R6 B3 B4 B5 B6 Y2 Y3 Y4 Y5 Y6",
    )
    assert HeuristicBot().choose(start_gang(strong, Player.P0, Rules()).view(Player.P0))[0] == ANGRIFF
    assert HeuristicBot().choose(start_gang(strong, Player.P1, Rules()).view(Player.P1))[0] != ANGRIFF


@pytest.mark.clause("kampfrichter.chooses")
def test_kampfrichter_choice_is_a_choice_of_leader() -> None:
    """After its Kampfrichter neutralised a trick, the bot answers with L0 or L1."""
    deal = Deal.from_codes(
        hands=("KR R2 G1 G2 B1", "R5 G5 Y1 Y2 Y3"), revealed="B3", face_down="B4 B5 B6",
        pile="R1 R3 R4 R6 G3 G4 G6 B2 Y4 Y5 Y6 BK",
    )
    state = start_gang(deal, Player.P1, Rules()).apply("R5").apply("KR")
    choice, _ = HeuristicBot().choose(state.view(Player.P0))
    assert isinstance(choice, ChooseLeader)
    assert choice in state.legal_actions()


def test_refuses_when_not_its_turn_and_make_bot_knows_the_names() -> None:
    """Asked out of turn the bot raises naming gang.turn; make_bot builds both bots by name and refuses others."""
    state = start_gang(Deal.shuffled(2), Player.P0, Rules())
    with pytest.raises(SchwingetError) as info:
        HeuristicBot().choose(state.view(Player.P1))
    assert info.value.clause_id == "gang.turn"
    assert make_bot("heuristic", 1) == HeuristicBot()
    assert make_bot("random", 5) == RandomBot.seeded(5)
    with pytest.raises(SchwingetError):
        make_bot("oracle", 1)


def test_heuristic_wins_clearly_more_than_random() -> None:
    """Over 300 Gänge, half in each seat and starting alternately, the heuristic wins over 60 % and loses under 35 %."""
    wins = losses = 0
    n = 300
    for i in range(n):
        seat = Player(i % 2)
        heuristic, random_bot = HeuristicBot(), RandomBot.seeded(10_000 + i)
        bots: tuple[Bot, Bot] = (heuristic, random_bot) if seat is Player.P0 else (random_bot, heuristic)
        result = play_gang(Deal.shuffled(i), Player((i // 2) % 2), Rules(), bots).result
        if result.winner == seat:
            wins += 1
        elif result.winner is not None:
            losses += 1
    assert wins > 0.6 * n
    assert losses < 0.35 * n
