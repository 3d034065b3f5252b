"""The conformance harness: plays vectors and random Gänge against an implementation in lock step with the reference and reports the first divergence, shrunk.

Runs the harness (``run_harness`` for a subprocess, ``check_adapter`` in process) and is
the public import path of its parts: the reports (``harness_report``), the games played
(``harness_games``), the lock step (``lockstep``, with the clause a difference points at
in ``divergence_clauses``), the shrinker (``shrink``) and the subprocess session
(``engine_session``).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any

from schwinget_spec.conformance.adapter import GangAdapter
from schwinget_spec.conformance.engine_session import (
    DEFAULT_DEADLINE,
    EngineSession,
    check_seconds,
    terminate_as_interrupt,
)
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
from schwinget_spec.conformance.level_vectors import play_levels
from schwinget_spec.conformance.lockstep import DivergenceError, EndClaimsAdapter, LockstepGame, PlayCounts
from schwinget_spec.conformance.protocol import (
    DEFAULT_START_TIMEOUT,
    DEFAULT_TIMEOUT,
    GANG_SWITCHES,
    ProtocolError,
)
from schwinget_spec.conformance.shrink import confirm_fresh, shrink_divergence

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


FreshAdapter = Callable[[], contextlib.AbstractContextManager[GangAdapter[Any]]]
"""Gives a newly started implementation for one replay (the fresh confirmation of a reproduction)."""


def _replay_on(adapter: GangAdapter[Any], variant: GameSpec) -> Divergence | None:
    try:
        LockstepGame(adapter, variant, PlayCounts()).play(script_policy(variant.actions or ()))
    except DivergenceError as again:
        return again.divergence
    return None


def _is_deadline(divergence: Divergence) -> bool:
    return divergence.kind is DivergenceKind.PROTOCOL and divergence.field == "deadline"


def _run(
    get_adapter: Callable[[], GangAdapter[Any]],
    specs: Iterable[GameSpec],
    *,
    seed: int,
    probe_percent: int,
    shrink: bool,
    max_shrink_replays: int,
    fresh: FreshAdapter | None = None,
    deadline: float | None = None,
) -> tuple[int, int, PlayCounts, Divergence | None, bool]:
    """Play ``specs`` until the first divergence; the last value is True if the run stopped at ``deadline``."""
    counts = PlayCounts()
    played_vectors = played_random = 0
    rng = HarnessRng(seed ^ 0x5CA1AB1E)
    for spec in specs:
        if deadline is not None and time.monotonic() >= deadline:
            return played_vectors, played_random, counts, None, True
        game = LockstepGame(get_adapter(), spec, counts)
        policy = script_policy(spec.actions) if spec.actions is not None else random_policy(rng, probe_percent)
        try:
            game.play(policy)
        except DivergenceError as found:
            divergence = found.divergence
            if _is_deadline(divergence):
                return played_vectors, played_random, counts, None, True
            original = divergence
            if shrink and divergence.actions:
                divergence = shrink_divergence(
                    divergence, lambda variant: _replay_on(get_adapter(), variant), max_shrink_replays, deadline=deadline
                )
            if fresh is not None and not (deadline is not None and time.monotonic() >= deadline):

                def replay_fresh(variant: GameSpec) -> Divergence | None:
                    try:
                        with fresh() as adapter:
                            return _replay_on(adapter, variant)
                    except ProtocolError:
                        return None

                divergence = confirm_fresh(divergence, original, replay_fresh)
            return played_vectors, played_random, counts, divergence, False
        if spec.actions is not None:
            played_vectors += 1
        else:
            played_random += 1
    return played_vectors, played_random, counts, None, False


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
    fresh_adapter: Callable[[], GangAdapter[Any]] | None = None,
) -> HarnessReport:
    """Run the harness against an in-process implementation behind ``GangAdapter``: ``scripted`` games, the vectors, then ``games`` random Gänge from ``seed``.

    With ``fresh_adapter`` (a new implementation that has served nothing), a divergence's
    reproduction is confirmed on a fresh one before it is reported (``Divergence.fresh``).
    """
    started = time.perf_counter()
    specs = [*scripted, *(vector_games(switches) if vectors else []), *random_games(games, seed, switches)]
    fresh: FreshAdapter | None = None
    if fresh_adapter is not None:
        make = fresh_adapter

        def fresh() -> contextlib.AbstractContextManager[GangAdapter[Any]]:
            return contextlib.nullcontext(make())

    v, r, counts, divergence, _ = _run(
        lambda: adapter,
        specs,
        seed=seed,
        probe_percent=probe_percent,
        shrink=shrink,
        max_shrink_replays=max_shrink_replays,
        fresh=fresh,
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
    deadline: float = DEFAULT_DEADLINE,
    probe_percent: int = _PROBE_PERCENT,
    shrink: bool = True,
    max_shrink_replays: int = 300,
    cwd: str | None = None,
    scripted: Sequence[GameSpec] = (),
) -> HarnessReport:
    """Run the implementation started by ``command`` against ``scripted`` games, the vectors and ``games`` random Gänge from ``seed``.

    The implementation speaks the JSON-lines protocol of ``docs/harness.md`` on its
    standard input and output. Each request waits at most ``timeout`` seconds
    (``start_timeout`` for the first); the whole run stops after ``deadline`` seconds
    and its report says so (``HarnessReport.stopped_at_deadline``). Each must be a
    positive finite number (``HarnessSettingError`` names the one that is not). The first
    divergence stops the run; with ``shrink`` it is replayed in simpler forms (at most
    ``max_shrink_replays``), and the reproduction is confirmed on a freshly started
    implementation before it is reported (``Divergence.fresh``). The implementation's
    whole process group is stopped in every case: at the end, after a protocol error,
    on ``KeyboardInterrupt`` and on SIGTERM (raised as ``HarnessTerminated``).
    """
    timeout = check_seconds("timeout", timeout)
    start_timeout = check_seconds("start_timeout", start_timeout)
    deadline = check_seconds("deadline", deadline)
    started = time.perf_counter()
    session = EngineSession(command, timeout, start_timeout, cwd, deadline=time.monotonic() + deadline)
    stopped = False
    with terminate_as_interrupt():
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
                    deadline_seconds=deadline,
                    stopped_at_deadline=exc.kind == "deadline",
                )
            specs = [*scripted, *(vector_games(switches) if vectors else []), *random_games(games, seed, switches)]

            def get_adapter() -> GangAdapter[Any]:
                return session.get()

            v, r, counts, divergence, stopped = _run(
                get_adapter,
                specs,
                seed=seed,
                probe_percent=probe_percent,
                shrink=shrink,
                max_shrink_replays=max_shrink_replays,
                fresh=session.fresh,
                deadline=session.deadline,
            )
            # the scoring, match and Schwingfest levels the engine declared (level_vectors)
            assert session.hello is not None
            levels, level_gang = play_levels(
                session.get, session.hello, seed=seed, vectors=vectors, gang_played=(v + r, v),
                run=divergence is None and not stopped,
            )
            divergence = divergence if level_gang is None else level_gang
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
        deadline_seconds=deadline,
        stopped_at_deadline=stopped,
        levels=levels,
    )
