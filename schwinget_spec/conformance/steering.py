"""The old path of ``schwinget_spec.conformance.harness.steering``, where the code now lives: this module re-exports its public names."""

from __future__ import annotations

from schwinget_spec.conformance.harness.steering import (
    DEFAULT_STEER,
    FEST_SITUATIONS,
    GANG_SITUATIONS,
    MATCH_SITUATIONS,
    SITUATIONS,
    Aim,
    AngriffAt,
    Situation,
    SteeredRun,
    aimed_play,
    fest_situations,
    gang_situations,
    impossible_for,
    match_situations,
    steered_games,
    uniform_rates,
)

__all__ = [
    "DEFAULT_STEER",
    "FEST_SITUATIONS",
    "GANG_SITUATIONS",
    "MATCH_SITUATIONS",
    "SITUATIONS",
    "Aim",
    "AngriffAt",
    "Situation",
    "SteeredRun",
    "aimed_play",
    "fest_situations",
    "gang_situations",
    "impossible_for",
    "match_situations",
    "steered_games",
    "uniform_rates",
]
