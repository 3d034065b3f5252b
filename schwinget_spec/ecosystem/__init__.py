"""Schwinget for game-research tools: the OpenSpiel game (extra ``openspiel``) and the PettingZoo environment (extra ``pettingzoo``).

This package re-exports only what needs neither extra; import
``schwinget_spec.ecosystem.openspiel_game`` or ``schwinget_spec.ecosystem.pettingzoo_env``.
"""

from __future__ import annotations

from schwinget_spec.ecosystem.encoding import (
    ANGRIFF_ACTION,
    CHOOSE_ACTIONS,
    MAX_DECISIONS_PER_GANG,
    NUM_ACTIONS,
    OBSERVATION_PIECES,
    Table,
    TableRound,
    action_code,
    action_id,
    action_of,
    observation_size,
    observation_string,
    observation_vector,
    points_value,
)

__all__ = [
    "ANGRIFF_ACTION",
    "CHOOSE_ACTIONS",
    "MAX_DECISIONS_PER_GANG",
    "NUM_ACTIONS",
    "OBSERVATION_PIECES",
    "Table",
    "TableRound",
    "action_code",
    "action_id",
    "action_of",
    "observation_size",
    "observation_string",
    "observation_vector",
    "points_value",
]
