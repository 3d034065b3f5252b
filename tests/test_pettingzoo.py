"""The PettingZoo environment: PettingZoo's own API and seed tests, masks equal to the engine's legal actions, rewards equal to the points, no hidden card leaks."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from builders import hidden_cards_swapped
from pettingzoo.test import api_test, seed_test

from schwinget_spec import Deal, Rules, ScoringSystem
from schwinget_spec.ecosystem import NUM_ACTIONS, Table, action_id, observation_size
from schwinget_spec.ecosystem.pettingzoo_env import AGENTS, SchwingetEnv, env
from schwinget_spec.errors import InvalidArgumentError


@pytest.mark.parametrize(
    "table",
    [Table(), Table(system=ScoringSystem.PUNKTEWERTUNG, gaenge=4, rules=Rules(special_cards_follow_colour=True))],
)
def test_api_test_passes(table: Table) -> None:
    """pettingzoo.test.api_test passes, without a warning, for a single Gang and for a 4-Gang Punktewertung match."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(table), num_cycles=300)
    assert [str(w.message) for w in caught] == []


def test_the_dict_format_is_deprecated_and_still_served() -> None:
    """observation_format='dict' warns DeprecationWarning and observes the vector and mask in one dict, equal to the array format's."""
    with pytest.warns(DeprecationWarning, match="infos"):
        old = env(observation_format="dict")
    new = env()
    old.reset(seed=4)
    new.reset(seed=4)
    obs = old.observe("player_0")
    assert np.array_equal(obs["observation"], new.observe("player_0"))
    assert np.array_equal(obs["action_mask"], new.infos["player_0"]["action_mask"])
    assert old.observation_space("player_0")["observation"] == new.observation_space("player_0")


@pytest.mark.parametrize(("argument", "value"), [("observation_format", "list"), ("render_mode", "human")])
def test_a_bad_format_or_render_mode_is_refused(argument: str, value: str) -> None:
    """An observation format or render mode the environment does not have raises InvalidArgumentError naming it."""
    with pytest.raises(InvalidArgumentError, match=argument):
        env(**{argument: value})  # type: ignore[arg-type]


def test_seed_test_passes() -> None:
    """pettingzoo.test.seed_test passes: the same seed gives the same deals, observations and rewards."""
    seed_test(env, num_cycles=300)


def test_spaces() -> None:
    """Both agents have Discrete(29) actions and a float32 Box observation of the shared vector; the mask is in infos."""
    e = env()
    for agent in AGENTS:
        assert e.action_space(agent).n == NUM_ACTIONS
        space = e.observation_space(agent)
        assert isinstance(space, gymnasium.spaces.Box)
        assert space.shape == (observation_size(),)
        assert space.dtype == np.float32


def _play(e: SchwingetEnv, seed: int) -> list[int]:
    """Play ``e`` to the end with seeded random legal actions, checking masks against the engine; the actions taken."""
    rng = np.random.default_rng(seed)
    taken = []
    for agent in e.agent_iter():
        obs, _, terminated, truncated, info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        assert e.gang is not None
        assert AGENTS[e.gang.to_move] == agent
        assert isinstance(obs, np.ndarray)
        assert obs.dtype == np.float32
        assert obs.shape == (observation_size(),)
        legal = sorted(action_id(a) for a in e.gang.legal_actions())
        assert list(np.flatnonzero(info["action_mask"])) == legal
        other = AGENTS[1 - AGENTS.index(agent)]
        assert not e.infos[other]["action_mask"].any()
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
        _, reward, terminated, truncated, info = e.last()
        collected[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
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
        assert np.array_equal(a.observe("player_0"), b.observe("player_0"))
        assert np.array_equal(a.infos["player_0"]["action_mask"], b.infos["player_0"]["action_mask"])
        assert not np.array_equal(a.observe("player_1"), b.observe("player_1"))
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
