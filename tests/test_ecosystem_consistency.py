"""The adapters add no rules: the same deals and actions played through the engine, the OpenSpiel game and the PettingZoo environment end alike."""

from __future__ import annotations

import pyspiel
import pytest

from schwinget_spec import Deal, GangState, Player, Rules, ScoringSystem, start_gang
from schwinget_spec.actions import Action
from schwinget_spec.ecosystem import Table, action_id
from schwinget_spec.ecosystem.openspiel_game import replay
from schwinget_spec.ecosystem.pettingzoo_env import AGENTS, SchwingetEnv, env
from schwinget_spec.match import gang_seeds, play_match_deals, random_chooser
from schwinget_spec.scoring import compute_gang_score

SEEDS = range(12)


def _pettingzoo_play(e: SchwingetEnv, deals: list[Deal], actions: list[int]) -> tuple[SchwingetEnv, list[float]]:
    """Step ``e`` through ``actions`` after dealing ``deals``, checking each action is in the mask; the env and each agent's summed rewards."""
    e.reset(options={"deals": deals})
    moves = list(actions)
    collected = dict.fromkeys(AGENTS, 0.0)
    for agent in e.agent_iter():
        _, reward, terminated, truncated, info = e.last()
        collected[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        action = moves.pop(0)
        assert info["action_mask"][action] == 1, (agent, action)
        e.step(action)
    assert not moves
    return e, [collected[a] for a in AGENTS]


@pytest.mark.parametrize("seed", SEEDS)
def test_single_gang_alike(seed: int) -> None:
    """A Gang played by the engine from Deal.shuffled(seed) with random choices ends with the same result and points in all three."""
    deal = Deal.shuffled(seed)
    rules = Rules(
        konter_beats_trump_six=seed % 2 == 0,
        void_konter_beats_six=seed % 3 != 0,
        void_kampfrichter_neutralises=seed % 5 < 2,
    )
    state = start_gang(deal, Player.P0, rules)
    choose = random_chooser(seed)
    actions = []
    while not state.is_over:
        action = choose(state)
        actions.append(action_id(action))
        state = state.apply(action)
    system = ScoringSystem.SCHWINGERWERTUNG if seed % 2 else ScoringSystem.PUNKTEWERTUNG
    points = compute_gang_score(state.result, system, rules).points
    expected = [p.hundredths / 100 for p in points]
    params = {"scoring": system.value, "konter_beats_trump_six": rules.konter_beats_trump_six,
              "void_konter_beats_six": rules.void_konter_beats_six,
              "void_kampfrichter_neutralises": rules.void_kampfrichter_neutralises}
    spiel = replay(pyspiel.load_game("python_schwinget", params), [deal], actions)
    assert spiel.is_terminal()
    assert spiel.gang is not None
    assert spiel.gang.result == state.result
    assert spiel.gang.history == state.history
    assert spiel.returns() == expected
    zoo, rewards = _pettingzoo_play(env(Table(rules=rules, system=system)), [deal], actions)
    assert zoo.gang is not None
    assert zoo.gang.result == state.result
    assert rewards == expected


@pytest.mark.clause("match.loser_starts", "match.draw_starter")
@pytest.mark.parametrize(("seed", "gaenge", "system"), [(1, 4, ScoringSystem.PUNKTEWERTUNG), (2, 6, ScoringSystem.SCHWINGERWERTUNG)])
def test_match_alike(seed: int, gaenge: int, system: ScoringSystem) -> None:
    """A whole match from explicit deals gives the same starters, Gang results and totals in all three."""
    deals = [Deal.shuffled(s) for s in gang_seeds(seed, gaenge)]
    rules = Rules(draw_tie_starter="drawn_gang_starter")
    actions: list[int] = []
    inner = random_chooser(seed)

    def recording(state: GangState) -> Action:
        action = inner(state)
        actions.append(action_id(action))
        return action

    # a chooser of the whole GangState records the action numbers (the deprecated choose=)
    with pytest.warns(DeprecationWarning, match="players="):
        match = play_match_deals(deals, system, Player.P1, choose=recording, rules=rules)
    assert len(actions) >= 4 * gaenge
    game = pyspiel.load_game(
        "python_schwinget", {"scoring": system.value, "gaenge": gaenge, "younger": 1, "draw_tie_starter": "drawn_gang_starter"}
    )
    spiel = replay(game, deals, actions)
    assert spiel.is_terminal()
    assert spiel.round.match is not None
    assert spiel.round.match.gaenge == match.gaenge
    assert spiel.returns() == [t.hundredths / 100 for t in match.totals]
    zoo, rewards = _pettingzoo_play(env(Table(rules=rules, system=system, gaenge=gaenge, younger=Player.P1)), deals, actions)
    assert zoo.round.match is not None
    assert zoo.round.match.gaenge == match.gaenge
    # rewards come Gang by Gang as floats; their sum is compared in exact hundredths
    assert [round(r * 100) for r in rewards] == [t.hundredths for t in match.totals]
