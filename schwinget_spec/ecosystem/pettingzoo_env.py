"""Schwinget as a PettingZoo AEC environment: agents ``player_0`` and ``player_1``, one Discrete(29) action space, NumPy observations with the action mask in ``infos``.

Needs the ``pettingzoo`` extra. ``env()`` returns a fresh environment.
"""

from __future__ import annotations

import operator
import warnings
from collections.abc import Sequence
from typing import Any, ClassVar, Literal

import numpy as np  # type: ignore[import-not-found,unused-ignore]
from gymnasium import spaces  # type: ignore[import-not-found,unused-ignore]
from pettingzoo import AECEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]

from schwinget_spec.deal import Deal
from schwinget_spec.ecosystem.encoding import (
    NUM_ACTIONS,
    OBSERVATION_PIECES,
    Table,
    TableRound,
    action_id,
    action_of,
    observation_size,
    observation_string,
    observation_vector,
)
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.players import Player

__all__ = ["AGENTS", "OBSERVATION_FORMATS", "SchwingetEnv", "env"]

AGENTS = ("player_0", "player_1")
"""Agent ``player_i`` sits in seat ``Pi``."""

ObservationFormat = Literal["array", "dict"]
OBSERVATION_FORMATS: tuple[ObservationFormat, ...] = ("array", "dict")
"""``"array"`` (default): the observation is the NumPy vector (a ``Box``) and the action mask
is ``infos[agent]["action_mask"]``. ``"dict"`` (deprecated, kept for one version): the
observation is ``{"observation": vector, "action_mask": mask}`` (a ``Dict`` space)."""


def _observation_high(table: Table) -> Any:
    high = []
    _, top = table.utility_bounds()
    for name, shape, _public in OBSERVATION_PIECES:
        size = int(np.prod(shape))
        high.extend([top if name == "totals" else 1.0] * size)
    return np.asarray(high, dtype=np.float32)


class SchwingetEnv(AECEnv):  # type: ignore[misc]
    """One Gang or a match of 4 or 6 Gänge, played by two agents through the reference engine.

    Each Gang is dealt by ``Deal.shuffled`` from a seed drawn from the generator that
    ``reset(seed=...)`` seeds, or taken from ``reset(options={"deals": [...]})``. At the end
    of each Gang both agents are rewarded with its points (the sum over the Gänge is the
    match total); the environment terminates after the last Gang.
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "schwinget_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self, table: Table | None = None, render_mode: str | None = None, observation_format: ObservationFormat = "array"
    ) -> None:
        super().__init__()
        if observation_format not in OBSERVATION_FORMATS:
            raise InvalidArgumentError(
                "observation_format", f"expected one of {', '.join(OBSERVATION_FORMATS)}, got {observation_format!r}"
            )
        if render_mode not in {None, "ansi"}:
            raise InvalidArgumentError("render_mode", f"expected None or 'ansi', got {render_mode!r}")
        if observation_format == "dict":
            warnings.warn(
                "observation_format='dict' is deprecated: the observation is the NumPy vector and the "
                "action mask is infos[agent]['action_mask'] (observation_format='array', the default)",
                DeprecationWarning,
                stacklevel=2,
            )
        self.table = Table() if table is None else table
        self.render_mode = render_mode
        self.observation_format: ObservationFormat = observation_format
        self.possible_agents = list(AGENTS)
        size = observation_size()
        vector = spaces.Box(low=0.0, high=_observation_high(self.table), shape=(size,), dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8)
        self._observation_spaces = {
            agent: vector if observation_format == "array" else spaces.Dict({"observation": vector, "action_mask": mask})
            for agent in AGENTS
        }
        self._action_spaces = {agent: spaces.Discrete(NUM_ACTIONS) for agent in AGENTS}
        self._rng = np.random.default_rng()
        self._deals: list[Deal] = []
        self.round: TableRound = self.table.start()
        self.gang: GangState | None = None

    def observation_space(self, agent: str) -> Any:
        """The observation space of ``agent``: a ``Box`` of the observation vector (a ``Dict`` with ``action_mask`` in the deprecated ``"dict"`` format)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """Discrete(29): card values 0-25, 26 the Angriff, 27/28 P0/P1 leads after a Kampfrichter."""
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start anew; ``seed`` fixes the deals, ``options["deals"]`` gives them explicitly."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        deals: Sequence[Deal] = (options or {}).get("deals", ())
        self._deals = list(deals)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self.round = self.table.start()
        self._start_gang()
        self._update_masks()

    def _next_deal(self) -> Deal:
        if self._deals:
            return self._deals.pop(0)
        return Deal.shuffled(int(self._rng.integers(0, 2**64, dtype=np.uint64)))

    def _start_gang(self) -> None:
        self.gang = start_gang(self._next_deal(), self.round.next_starter, self.table.rules)
        self.agent_selection = AGENTS[self.gang.to_move]

    def action_mask(self, agent: str) -> Any:
        """The legal actions of ``agent`` as 29 int8 (1 for each legal action; all 0 when it is not to move)."""
        assert self.gang is not None
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        for action in self.gang.view(Player(AGENTS.index(agent))).legal_actions:
            mask[action_id(action)] = 1
        return mask

    def _update_masks(self) -> None:
        for agent in AGENTS:
            self.infos[agent] = {"action_mask": self.action_mask(agent)}

    def observe(self, agent: str) -> Any:
        """What ``agent`` sees: the observation vector (float32, layout ``OBSERVATION_PIECES``); in the deprecated ``"dict"`` format, a dict of it and the action mask."""
        assert self.gang is not None
        seat = Player(AGENTS.index(agent))
        vector = np.asarray(observation_vector(self.gang.view(seat), seat, (), self.round), dtype=np.float32)
        if self.observation_format == "array":
            return vector
        return {"observation": vector, "action_mask": self.action_mask(agent)}

    def step(self, action: int | None) -> None:
        """Apply ``action`` (a number 0-28) for the agent to move; None for an agent already done."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.gang is not None
        try:
            number = -1 if action is None else operator.index(action)  # an int or a NumPy integer, never a float cut to an int
        except TypeError:
            number = -1
        if not 0 <= number < NUM_ACTIONS or isinstance(action, bool):
            raise InvalidArgumentError("action", f"expected an action number 0-{NUM_ACTIONS - 1}, got {action!r}")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        gang = self.gang.apply(action_of(number))
        self.gang = gang
        if gang.is_over:
            before = self.round.totals()
            self.round = self.round.record(gang)
            after = self.round.totals()
            for seat in (Player.P0, Player.P1):
                # the Gang's points, exact: totals are whole hundredths
                self.rewards[AGENTS[seat]] = (after[seat].hundredths - before[seat].hundredths) / 100
            if self.round.is_over:
                self.terminations = dict.fromkeys(AGENTS, True)
            else:
                self._start_gang()
        else:
            self.agent_selection = AGENTS[gang.to_move]
        self._update_masks()
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self) -> str:
        """The state as both players' observations in text (no hidden card)."""
        assert self.gang is not None
        return "\n".join(
            observation_string(self.gang.view(seat), seat, (), self.round) for seat in (Player.P0, Player.P1)
        )

    def close(self) -> None:
        """Nothing to release."""


def env(
    table: Table | None = None, render_mode: str | None = None, observation_format: ObservationFormat = "array"
) -> SchwingetEnv:
    """A new Schwinget environment for ``table`` (default: one Gang, Schwingerwertung, ``Rules()``)."""
    return SchwingetEnv(table, render_mode, observation_format)
