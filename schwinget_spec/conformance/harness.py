"""The conformance harness: plays vectors and random Gänge against an implementation in lock step with the reference and reports the first divergence, shrunk.

Runs the harness (``run_harness`` for a subprocess, ``check_adapter`` in process) and is
the public import path of its parts: the reports (``harness_report``), the games played
(``harness_games``), the lock step (``lockstep``, with the clause a difference points at
in ``divergence_clauses``), the shrinker (``shrink``) and the subprocess session
(``engine_session``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any

from schwinget_spec.conformance.adapter import GangAdapter
from schwinget_spec.conformance.engine_session import EngineSession
from schwinget_spec.conformance.harness_games import (
    ALL_ACTION_CODES,
    GameSpec,
    HarnessRng,
    random_games,
    random_policy,
    script_policy,
    vector_games,
)
from schwinget_spec.conformance.harness_report import Divergence, DivergenceKind, HarnessReport, format_report
from schwinget_spec.conformance.lockstep import DivergenceError, EndClaimsAdapter, LockstepGame, PlayCounts
from schwinget_spec.conformance.protocol import (
    DEFAULT_START_TIMEOUT,
    DEFAULT_TIMEOUT,
    GANG_SWITCHES,
    ProtocolError,
)
from schwinget_spec.conformance.shrink import shrink_divergence

__all__ = [
    "ALL_ACTION_CODES",
    "Divergence",
    "DivergenceKind",
    "EndClaimsAdapter",
    "GameSpec",
    "HarnessReport",
    "check_adapter",
    "format_report",
    "random_games",
    "run_harness",
    "vector_games",
]

_PROBE_PERCENT = 12
"""How often (in percent of steps) a random game offers an action the reference forbids."""


# -- running


def _run(
    get_adapter: Callable[[], GangAdapter[Any]],
    specs: Iterable[GameSpec],
    *,
    seed: int,
    probe_percent: int,
    shrink: bool,
    max_shrink_replays: int,
) -> tuple[int, int, PlayCounts, Divergence | None]:
    counts = PlayCounts()
    played_vectors = played_random = 0
    rng = HarnessRng(seed ^ 0x5CA1AB1E)
    for spec in specs:
        game = LockstepGame(get_adapter(), spec, counts)
        policy = script_policy(spec.actions) if spec.actions is not None else random_policy(rng, probe_percent)
        try:
            game.play(policy)
        except DivergenceError as found:
            divergence = found.divergence
            if shrink and divergence.actions:

                def replay(variant: GameSpec) -> Divergence | None:
                    try:
                        LockstepGame(get_adapter(), variant, PlayCounts()).play(script_policy(variant.actions or ()))
                    except DivergenceError as again:
                        return again.divergence
                    return None

                divergence = shrink_divergence(divergence, replay, max_shrink_replays)
            return played_vectors, played_random, counts, divergence
        if spec.actions is not None:
            played_vectors += 1
        else:
            played_random += 1
    return played_vectors, played_random, counts, None


def check_adapter(
    adapter: GangAdapter[Any],
    *,
    games: int = 100,
    seed: int = 0,
    vectors: bool = True,
    switches: Collection[str] = GANG_SWITCHES,
    probe_percent: int = _PROBE_PERCENT,
    shrink: bool = True,
    max_shrink_replays: int = 300,
    name: str = "in-process adapter",
    scripted: Sequence[GameSpec] = (),
) -> HarnessReport:
    """Run the harness against an in-process implementation behind ``GangAdapter``: ``scripted`` games, the vectors, then ``games`` random Gänge from ``seed``."""
    started = time.perf_counter()
    specs = [*scripted, *(vector_games(switches) if vectors else []), *random_games(games, seed, switches)]
    v, r, counts, divergence = _run(
        lambda: adapter, specs, seed=seed, probe_percent=probe_percent, shrink=shrink, max_shrink_replays=max_shrink_replays
    )
    return HarnessReport(
        implementation=name,
        command=(),
        seed=seed,
        vectors_played=v,
        random_games_played=r,
        actions_played=counts.actions,
        illegal_offered=counts.illegal,
        elapsed_seconds=time.perf_counter() - started,
        divergence=divergence,
        switches=tuple(switches),
    )


def run_harness(
    command: Sequence[str],
    *,
    games: int = 100,
    seed: int = 0,
    vectors: bool = True,
    timeout: float = DEFAULT_TIMEOUT,
    start_timeout: float = DEFAULT_START_TIMEOUT,
    probe_percent: int = _PROBE_PERCENT,
    shrink: bool = True,
    max_shrink_replays: int = 300,
    cwd: str | None = None,
    scripted: Sequence[GameSpec] = (),
) -> HarnessReport:
    """Run the implementation started by ``command`` against ``scripted`` games, the vectors and ``games`` random Gänge from ``seed``.

    The implementation speaks the JSON-lines protocol of ``docs/harness.md`` on its
    standard input and output. Each request waits at most ``timeout`` seconds
    (``start_timeout`` for the first). The first divergence stops the run; with
    ``shrink`` it is replayed in simpler forms (at most ``max_shrink_replays``) and
    reported with the shortest reproduction found.
    """
    started = time.perf_counter()
    session = EngineSession(command, timeout, start_timeout, cwd)
    try:
        try:
            _, name, switches = session.connect()
        except ProtocolError as exc:
            return HarnessReport(
                implementation=" ".join(command),
                command=tuple(command),
                seed=seed,
                vectors_played=0,
                random_games_played=0,
                actions_played=0,
                illegal_offered=0,
                elapsed_seconds=time.perf_counter() - started,
                startup_error=exc.reason + (f"\nstderr:\n{exc.stderr}" if exc.stderr else ""),
            )
        specs = [*scripted, *(vector_games(switches) if vectors else []), *random_games(games, seed, switches)]

        def get_adapter() -> GangAdapter[Any]:
            return session.get()

        v, r, counts, divergence = _run(
            get_adapter, specs, seed=seed, probe_percent=probe_percent, shrink=shrink, max_shrink_replays=max_shrink_replays
        )
    finally:
        session.close()
    return HarnessReport(
        implementation=name,
        command=tuple(command),
        seed=seed,
        vectors_played=v,
        random_games_played=r,
        actions_played=counts.actions,
        illegal_offered=counts.illegal,
        elapsed_seconds=time.perf_counter() - started,
        divergence=divergence,
        switches=switches,
    )
