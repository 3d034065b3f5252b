"""The PettingZoo environment: PettingZoo's own API and seed tests, masks equal to the engine's legal actions, rewards equal to the points, no hidden card leaks."""

from __future__ import annotations

import numpy as np
import pytest
from builders import hidden_cards_swapped
from pettingzoo.test import api_test, seed_test

from schwinget_spec import Deal, Rules, ScoringSystem
from schwinget_spec.ecosystem import NUM_ACTIONS, Table, action_id, observation_size
from schwinget_spec.ecosystem.pettingzoo_env import AGENTS, SchwingetEnv, env


@pytest.mark.parametrize(
    "table",
    [Table(), Table(system=ScoringSystem.PUNKTEWERTUNG, gaenge=4, rules=Rules(special_cards_follow_colour=True))],
)
def test_api_test_passes(table: Table) -> None:
    """pettingzoo.test.api_test passes for a single Gang and for a 4-Gang Punktewertung match."""
    api_test(env(table), num_cycles=300)


def test_seed_test_passes() -> None:
    """pettingzoo.test.seed_test passes: the same seed gives the same deals, observations and rewards."""
    seed_test(env, num_cycles=300)


def test_spaces() -> None:
    """Both agents have Discrete(29) actions and a Dict observation of the shared vector and a 29-entry mask."""
    e = env()
    for agent in AGENTS:
        assert e.action_space(agent).n == NUM_ACTIONS
        space = e.observation_space(agent)
        assert space["observation"].shape == (observation_size(),)
        assert space["action_mask"].shape == (NUM_ACTIONS,)


def _play(e: SchwingetEnv, seed: int) -> list[int]:
    """Play ``e`` to the end with seeded random legal actions, checking masks against the engine; the actions taken."""
    rng = np.random.default_rng(seed)
    taken = []
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        assert e.gang is not None
        assert AGENTS[e.gang.to_move] == agent
        legal = sorted(action_id(a) for a in e.gang.legal_actions())
        assert list(np.flatnonzero(obs["action_mask"])) == legal
        action = int(rng.choice(legal))
        taken.append(action)
        e.step(action)
    return taken


def test_rewards_are_the_match_points() -> None:
    """Over a match the rewards of each agent add up to its total points, Gang by Gang."""
    e = env(Table(gaenge=6, system=ScoringSystem.PUNKTEWERTUNG))
    e.reset(seed=5)
    collected = dict.fromkeys(AGENTS, 0.0)
    rng = np.random.default_rng(1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        collected[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    totals = e.round.totals()
    assert e.round.is_over
    assert [collected[a] for a in AGENTS] == [t.hundredths / 100 for t in totals]


@pytest.mark.clause("deal.hand_private")
def test_hidden_cards_do_not_leak() -> None:
    """Two Gänge that differ only in P1's hand, the face-down cards and the undrawn pile give player_0 the same observations."""
    deal = Deal.shuffled(11)
    swapped = hidden_cards_swapped(deal)
    a, b = env(), env()
    a.reset(options={"deals": [deal]})
    b.reset(options={"deals": [swapped]})
    assert a.gang is not None
    lead = action_id(a.gang.legal_actions()[1])
    for step in range(2):
        for name in ("observation", "action_mask"):
            assert np.array_equal(a.observe("player_0")[name], b.observe("player_0")[name])
        assert not np.array_equal(a.observe("player_1")["observation"], b.observe("player_1")["observation"])
        assert a.render().splitlines()[0] == b.render().splitlines()[0]
        if step == 0:
            a.step(lead)
            b.step(lead)


def test_explicit_deals_and_seeds_replay() -> None:
    """reset(seed) and reset(options={"deals": ...}) make the environment replayable: the same actions give the same end."""
    a, b = env(Table(gaenge=4)), env(Table(gaenge=4))
    a.reset(seed=9)
    b.reset(seed=9)
    assert _play(a, 3) == _play(b, 3)
    assert a.round.totals() == b.round.totals()
