"""The game is well-formed (GDL-II) over every deal and play: it ends, the mover always has a legal action, and its legal actions follow from its view; each broken model gives a witness the engine refutes."""

from __future__ import annotations

import random

import pytest

from schwinget_spec.cards import Card
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.proofs.base import COUNTEREXAMPLE, PROVED
from schwinget_spec.proofs.model import MODELLED_SWITCHES, rules_from
from schwinget_spec.proofs.wellformed import (
    BREACHES,
    MAX_ACTIONS,
    WELLFORMED_QUERIES,
    mover_knows_its_moves,
    playability,
    termination,
)


@pytest.mark.clause("gang.end_no_angriff", "gang.end_angriff", "angriff.not_empty_pile")
def test_every_gang_terminates() -> None:
    """Every Gang the model admits lasts 5 to 11 Schwünge and at most 34 actions, with the length clauses in the core."""
    out = termination()
    assert out.answer == PROVED
    assert set(out.clauses) == {"angriff.not_empty_pile", "gang.end_angriff", "gang.end_no_angriff"}
    assert MAX_ACTIONS == 34


@pytest.mark.clause("gang.end_no_angriff")
def test_a_gang_running_past_the_cards_is_refuted_by_the_engine() -> None:
    """With 12 Schwünge without an Angriff the model finds a Gang that the engine ends after 11."""
    out = termination("gang_runs_past_the_cards")
    assert out.answer == COUNTEREXAMPLE
    assert out.detail.startswith("model: 12 Schwünge; engine: over after 11;")


@pytest.mark.clause("schwung.farbzwang", "schwung.void_any", "schwung.lead")
def test_every_state_has_a_legal_action() -> None:
    """Both hands hold a card at every Schwung played and every non-empty hand has an answer, over every deal, lead, trump and switch."""
    out = playability()
    assert out.answer == PROVED
    assert {"schwung.farbzwang", "schwung.void_any"} <= set(out.clauses)


@pytest.mark.clause("schwung.void_any")
def test_farbzwang_without_the_void_exception_is_refuted_by_the_engine() -> None:
    """Without ``schwung.void_any`` the model finds a hand with no answer, where the engine allows one."""
    out = playability("farbzwang_without_void")
    assert out.answer == COUNTEREXAMPLE
    assert out.detail.startswith("model: no answer to ")
    assert "engine allows nothing" not in out.detail


@pytest.mark.clause("schwung.farbzwang", "schwung.lead")
def test_the_mover_can_know_its_moves() -> None:
    """Two states with the same view of the mover have the same legal lead and answers at every Schwung (22 checks)."""
    out = mover_knows_its_moves()
    assert out.answer == PROVED
    assert out.detail.startswith("22 checks")


@pytest.mark.clause("schwung.void_any")
def test_a_farbzwang_that_peeks_is_refuted_by_the_engine() -> None:
    """A void exception that reads the leader's hand gives two states of one view with different legal answers; the engine gives both the same."""
    out = mover_knows_its_moves("farbzwang_peeks")
    assert out.answer == COUNTEREXAMPLE
    assert "engine: the same" in out.detail


def _hidden_shuffled(deal: Deal, keep: tuple[Card, ...], rng: random.Random) -> Deal:
    """``deal`` with every card outside ``keep`` and the revealed card moved at random among the places they held."""
    deck = list(deal.deck)
    places = [i for i, card in enumerate(deck) if card not in keep and card is not deal.revealed]
    cards = [deck[i] for i in places]
    rng.shuffle(cards)
    for i, card in zip(places, cards, strict=True):
        deck[i] = card
    return Deal.from_deck(tuple(deck))


@pytest.mark.clause("schwung.farbzwang", "schwung.lead", "angriff.who")
def test_engine_legal_actions_follow_from_the_view() -> None:
    """In 300 random first Schwünge, the cards the mover cannot see shuffled give the same PlayerView and the same legal actions, to lead and to answer."""
    rng = random.Random(32)
    compared = 0
    for _ in range(300):
        rules = rules_from({name: rng.random() < 0.5 for name in MODELLED_SWITCHES})
        deal = Deal.shuffled(rng.getrandbits(64))
        # P0 to lead: P1's hand, the face-down cards and the pile are unseen
        other = _hidden_shuffled(deal, deal.hands[0], rng)
        a, b = start_gang(deal, Player.P0, rules), start_gang(other, Player.P0, rules)
        assert a.view(Player.P0) == b.view(Player.P0)
        assert a.legal_action_codes() == b.legal_action_codes()
        # P1 to answer: P0's other cards, the face-down cards and the pile are unseen
        led = rng.choice(deal.hands[0])
        other = _hidden_shuffled(deal, (*deal.hands[1], led), rng)
        a, b = start_gang(deal, Player.P0, rules).apply(led.code), start_gang(other, Player.P0, rules).apply(led.code)
        assert a.view(Player.P1) == b.view(Player.P1)
        assert a.legal_action_codes() == b.legal_action_codes()
        compared += 2
    assert compared == 600


def test_queries_are_registered_with_their_broken_twins() -> None:
    """Each well-formedness query runs in `schwinget prove` and has a broken twin expecting a counterexample; an unknown breach is refused."""
    names = {q.name: q.expected for q in WELLFORMED_QUERIES}
    assert names == {
        "wf.terminates": PROVED,
        "wf.terminates.broken": COUNTEREXAMPLE,
        "wf.playable": PROVED,
        "wf.playable.broken": COUNTEREXAMPLE,
        "wf.view_decides_legal": PROVED,
        "wf.view_decides_legal.broken": COUNTEREXAMPLE,
    }
    assert len(BREACHES) == 3
    with pytest.raises(InvalidArgumentError, match="breach"):
        termination("no_such_breach")
