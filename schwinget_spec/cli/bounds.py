"""The upper bound of every count, seed and process number a ``schwinget`` command takes: beyond it the command refuses the option (exit 2) before any work starts.

The bounds are those of the library the commands call (``match.MAX_SEEDS``,
``impact.MAX_GAMES``, ``simulate.max_workers``; tests/test_hostile_inputs.py keeps them
equal), written here so that a command's options are checked without importing the
modules that do the work.
"""

from __future__ import annotations

import os

__all__ = ["MAX_GAMES", "MAX_MATCHES", "MAX_SEED", "MAX_STEER", "WORKERS_PER_CORE", "max_processes"]

MAX_SEED = 2**64 - 1
"""The largest seed: seeds are SplitMix64 states (``docs/deal-algorithm.md``)."""

MAX_MATCHES = 1 << 24
"""The most matches ``schwinget simulate`` plays in one run (16,777,216: ``match.MAX_SEEDS``)."""

MAX_GAMES = 1 << 24
"""The most Gänge of ``schwinget impact --games`` per reading, and of ``conformance run --games`` and ``conformance mutants --games`` (16,777,216)."""

MAX_STEER = 10_000
"""The most times ``conformance run --steer`` reaches each named situation."""

WORKERS_PER_CORE = 4
"""The most processes per core of the machine that ``simulate --workers`` and ``prove --jobs`` start."""


def max_processes() -> int:
    """The most worker processes a command starts: ``WORKERS_PER_CORE`` per core (``os.cpu_count()``)."""
    return WORKERS_PER_CORE * (os.cpu_count() or 1)
