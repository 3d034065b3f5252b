"""The OpenSpiel game python_schwinget: OpenSpiel's own checks, declared facts that hold, chance, hidden information, algorithms, the golden playthrough."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import pyspiel
import pytest
from builders import hidden_cards_swapped
from open_spiel.python.algorithms import generate_playthrough, mcts, outcome_sampling_mccfr

from schwinget_spec import Card, Deal, Player, Rules, ScoringSystem, start_gang
from schwinget_spec.deal import PILE_SIZE
from schwinget_spec.ecosystem import MAX_DECISIONS_PER_GANG, action_id
from schwinget_spec.ecosystem.openspiel_game import SchwingetState, replay
from schwinget_spec.gang import GangState, Outcome
from schwinget_spec.match import random_chooser

GOLDEN = Path(__file__).parent / "data" / "python_schwinget.playthrough.txt"
VARIANT = (
    "python_schwinget(gaenge=4,scoring=punktewertung,special_cards_follow_colour=True,"
    "konter_loses_to_kampfrichter=True,void_kampfrichter_neutralises=False,good_loser_after_plattwurf=False,"
    "draw_tie_starter=drawn_gang_other,younger=1)"
)


def _check_invariants(state: Any) -> None:
    """Our invariants on one OpenSpiel state: cards conserved, tricks counted, observations show the own hand only."""
    assert isinstance(state, SchwingetState)
    gang = state.gang
    if gang is not None:
        deal = gang.deal
        played = [c for record in gang.history for c in record.cards]
        if gang.led is not None:
            played.append(gang.led)
        hands = [set(gang.hand(Player.P0)), set(gang.hand(Player.P1))]
        undrawn = deal.pile[gang.pile_drawn :]
        everything = [*hands[0], *hands[1], *played, *undrawn, deal.revealed, *deal.face_down]
        assert sorted(everything) == sorted(Card)
        pending = 1 if gang.pending is not None else 0
        assert sum(gang.tricks) + pending == len(gang.history)
        assert state.fixed_pile == list(deal.pile[: len(state.fixed_pile)])
        assert len(state.fixed_pile) - gang.pile_drawn in (0, 1)
        for player in (0, 1):
            tensor = np.asarray(state.observation_tensor(player))
            hand_bits = tensor[2 : 2 + 26]
            assert {c for c in Card if hand_bits[c.value]} == hands[player]
    if state.is_terminal():
        low, high = state.get_game().min_utility(), state.get_game().max_utility()
        assert all(low <= r <= high for r in state.returns())
    elif not state.is_chance_node():
        assert state.legal_actions()
        assert all(0 <= a < 29 for a in state.legal_actions())


def test_random_sim_test_with_serialization_and_invariants() -> None:
    """pyspiel.random_sim_test passes on a single Gang with serialization on, applying our invariant checker to every state."""
    calls = []

    def checker(state: Any) -> None:
        calls.append(1)
        _check_invariants(state)

    game = pyspiel.load_game("python_schwinget")
    pyspiel.random_sim_test(game, num_sims=30, serialize=True, verbose=False, state_checker_fn=checker)
    assert len(calls) > 30 * 20


def test_random_sim_test_on_a_match_with_other_switches() -> None:
    """pyspiel.random_sim_test passes on a 4-Gang Punktewertung match with every rule switch away from its default."""
    game = pyspiel.load_game(VARIANT)
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False, state_checker_fn=_check_invariants)


def test_parameters_reach_the_engine() -> None:
    """Every Rules switch, the scoring system, the number of Gänge and the younger player are game parameters."""
    game = pyspiel.load_game(VARIANT)
    table = game.table
    assert table.rules == Rules(
        special_cards_follow_colour=True,
        konter_loses_to_kampfrichter=True,
        void_kampfrichter_neutralises=False,
        good_loser_after_plattwurf=False,
        draw_tie_starter="drawn_gang_other",
    )
    assert table.system is ScoringSystem.PUNKTEWERTUNG
    assert table.gaenge == 4
    assert table.younger is Player.P1
    spec = game.get_type().parameter_specification
    assert {f.name for f in attrs.fields(Rules)} | {"scoring", "gaenge", "younger"} == set(spec)
    with pytest.raises(ValueError, match="gaenge is 1"):
        pyspiel.load_game("python_schwinget(gaenge=5)")


@pytest.mark.parametrize(
    ("params", "low", "high", "length"),
    [
        ("", 8.5, 10.0, 23),
        ("(scoring=punktewertung)", 0.0, 7.0, 23),
        ("(gaenge=4)", 34.0, 40.0, 92),
        ("(gaenge=6,scoring=punktewertung)", 0.0, 42.0, 138),
    ],
)
def test_declared_facts(params: str, low: float, high: float, length: int) -> None:
    """The game declares 29 actions, 26 chance outcomes, general-sum utilities bounded by the table's cells, and 23 decisions per Gang."""
    game = pyspiel.load_game("python_schwinget" + params)
    game_type = game.get_type()
    assert game_type.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_distinct_actions() == 29
    assert game.max_chance_outcomes() == 26
    assert (game.min_utility(), game.max_utility()) == (low, high)
    assert game.max_game_length() == length


def _engine_gang(seed: int, *, attack: bool) -> tuple[Deal, list[int], GangState]:
    """A Gang played by the engine from Deal.shuffled(seed): random choices, the Angriff never taken unless ``attack``."""
    deal = Deal.shuffled(seed)
    state = start_gang(deal, Player.P0, Rules())
    choose = random_chooser(seed)
    actions = []
    while not state.is_over:
        legal = state.legal_actions()
        action = choose(state)
        if not attack and action.code == "A":
            action = legal[1]
        actions.append(action_id(action))
        state = state.apply(action)
    return deal, actions, state


def _find(predicate: Any, *, attack: bool) -> tuple[Deal, list[int], GangState]:
    for seed in range(5000):
        found = _engine_gang(seed, attack=attack)
        if predicate(found[2]):
            return found
    raise AssertionError("no Gang found")


def _decisions(state: Any) -> int:
    return sum(1 for item in state.full_history() if item.player >= 0)


@pytest.mark.clause("kampfrichter.chooses")
def test_longest_gang_reaches_max_game_length() -> None:
    """A Gang of 11 Schwünge with a Kampfrichter choice takes exactly the declared 23 decisions."""
    deal, actions, _ = _find(
        lambda s: s.angriff is None and any(r.winner is None for r in s.history), attack=False
    )
    assert len(actions) == MAX_DECISIONS_PER_GANG
    game = pyspiel.load_game("python_schwinget")
    state = replay(game, [deal], actions)
    assert state.is_terminal()
    assert _decisions(state) == game.max_game_length()
    assert len(state.history()) - _decisions(state) == 11 + PILE_SIZE


@pytest.mark.clause("table.plattwurf_eigener_angriff")
def test_utility_bounds_are_reached() -> None:
    """A Plattwurf after one's own Angriff reaches the declared maximum and minimum under both systems."""
    deal, actions, final = _find(
        lambda s: s.result.outcome is Outcome.PLATTWURF_EIGENER_ANGRIFF
        and s.result.tricks[s.result.winner.other] < 3,
        attack=True,
    )
    winner = int(final.result.winner)
    for name in ("schwingerwertung", "punktewertung"):
        game = pyspiel.load_game(f"python_schwinget(scoring={name})")
        returns = replay(game, [deal], actions).returns()
        assert returns[winner] == game.max_utility()
        assert returns[1 - winner] == game.min_utility()


@pytest.mark.clause("deal.hands", "deal.pile")
def test_chance_is_a_uniform_shuffle_dealt_card_by_card() -> None:
    """Each chance node offers every card not yet dealt or drawn with equal probability: 26 at the start, 15 at the first draw."""
    game = pyspiel.load_game("python_schwinget")
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(26))
    assert all(p == pytest.approx(1 / 26) for _, p in outcomes)
    deal = Deal.shuffled(3)
    for card in deal.deck[:11]:
        state.apply_action(card.value)
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert sorted(a for a, _ in outcomes) == sorted(c.value for c in (*deal.face_down, *deal.pile))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert state.gang is not None
    assert state.gang.hand(Player.P0) == deal.hands[0]
    assert state.gang.deal.revealed is deal.revealed


def _observations(state: Any, player: int) -> tuple[object, ...]:
    return (
        state.observation_string(player),
        state.information_state_string(player),
        tuple(state.observation_tensor(player)),
        tuple(state.information_state_tensor(player)),
    )


@pytest.mark.clause("deal.hand_private")
def test_hidden_cards_do_not_change_what_a_player_sees() -> None:
    """Two states differing only in P1's hand, the face-down cards and the undrawn pile look the same to P0, and differently to P1."""
    deal = Deal.shuffled(11)
    swapped = hidden_cards_swapped(deal)
    game = pyspiel.load_game("python_schwinget")
    lead = action_id(start_gang(deal, Player.P0).legal_actions()[1])
    for actions in ([], [lead]):
        a = replay(game, [deal], actions)
        b = replay(game, [swapped], actions)
        assert str(a) != str(b)
        assert _observations(a, 0) == _observations(b, 0)
        assert _observations(a, 1) != _observations(b, 1)


def test_information_state_keeps_the_history() -> None:
    """The information state is the observation followed by every event the player saw, in order, and it only grows as play goes on."""
    game = pyspiel.load_game("python_schwinget")
    deal, actions, _ = _engine_gang(5, attack=False)
    state = replay(game, [deal], actions[:6])
    history = state.information_state_string(0).split(" || ")[1]
    assert history.count("P0:") + history.count("P1:") == 6
    assert state.information_state_string(0).startswith(state.observation_string(0))
    later = replay(game, [deal], actions[:8])
    assert later.information_state_string(0).split(" || ")[1].startswith(history)


def test_mcts_against_random_plays_a_gang() -> None:
    """OpenSpiel's MCTS bot (random rollouts) plays a whole Gang against a random player without error."""
    game = pyspiel.load_game("python_schwinget")
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 20, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            cards, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(cards, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert game.min_utility() <= min(state.returns())


def test_outcome_sampling_mccfr_iterates() -> None:
    """Outcome-sampling MCCFR runs iterations and returns an average policy over information states."""
    game = pyspiel.load_game("python_schwinget")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(20):
        solver.iteration()
    policy = solver.average_policy()
    state = replay(game, [Deal.shuffled(1)], [])
    probs = policy.action_probabilities(state)
    assert set(probs) == set(state.legal_actions())
    assert sum(probs.values()) == pytest.approx(1.0)


def _golden_params(text: str) -> tuple[str, list[int]]:
    game = re.search(r"^game: (.*)$", text, re.MULTILINE)
    assert game is not None
    return game.group(1), [int(a) for a in re.findall(r"^action: (\d+)$", text, re.MULTILINE)]


def test_golden_playthrough_is_reproduced() -> None:
    """Regenerating tests/data/python_schwinget.playthrough.txt with OpenSpiel's playthrough generator gives the file byte for byte."""
    original = GOLDEN.read_text(encoding="utf-8")
    game_string, actions = _golden_params(original)
    assert len(actions) > 40
    assert generate_playthrough.playthrough(game_string, actions) == original


def test_example_mcts_script_plays_a_gang(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/openspiel_mcts.py plays a Gang to the end and prints the points it returns."""
    spec = importlib.util.spec_from_file_location("openspiel_mcts", Path(__file__).parents[1] / "examples" / "openspiel_mcts.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    returns = module.main(1, 5)
    assert 8.5 <= min(returns) <= max(returns) <= 10.0
    assert "points after 1 Gänge" in capsys.readouterr().out
