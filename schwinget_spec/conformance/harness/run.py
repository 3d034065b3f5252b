"""The conformance harness: plays vectors and random Gänge against an implementation in lock step with the reference and reports a scorecard of every level, the first divergence of each shrunk.

Runs the harness (``run_harness`` for a subprocess, ``check_adapter`` in process) and is
the public import path of its parts: the reports (``harness_report``), the games played
(``harness_games``), the lock step (``lockstep``, with the clause a difference points at
in ``divergence_clauses``), the named situations (``situations``) and the steered play
that reaches them (``steering``; matches and Schwingfeste in ``steering_levels``), the coverage of a run (``coverage``), the shrinker
(``shrink``) and the subprocess session (``engine_session``).
"""

from __future__ import annotations

import contextlib
import itertools
import time
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from typing import Any

import attrs

from schwinget_spec.conformance.harness.coverage import Coverage, CoverageCounter
from schwinget_spec.conformance.harness.exercised import SWITCH_LEVEL, ExercisedValues
from schwinget_spec.conformance.harness.games import (
    ALL_ACTION_CODES,
    GameSpec,
    HarnessRng,
    SkippedVector,
    VectorSelection,
    probing_script_policy,
    random_games,
    random_policy,
    script_policy,
    select_vectors,
    vector_games,
)
from schwinget_spec.conformance.harness.level_vectors import play_levels
from schwinget_spec.conformance.harness.lockstep import (
    DivergenceError,
    EndClaimsAdapter,
    LockstepGame,
    PlayCounts,
)
from schwinget_spec.conformance.harness.readings_profile import explanation_lines
from schwinget_spec.conformance.harness.report import (
    Divergence,
    DivergenceKind,
    HarnessReport,
    ReadingReport,
    format_report,
    scorecard_lines,
    verdict_line,
)
from schwinget_spec.conformance.harness.shrink import confirm_fresh, shrink_divergence
from schwinget_spec.conformance.harness.situations import (
    SITUATIONS,
    Situation,
    fest_situations,
    impossible_situations,
    match_situations,
)
from schwinget_spec.conformance.harness.steering import (
    DEFAULT_STEER,
    SteeredRun,
    gang_situations,
    impossible_for,
    steered_games,
)
from schwinget_spec.conformance.harness.steering_levels import level_situations_out_of_reach
from schwinget_spec.conformance.protocol.adapter import GangAdapter
from schwinget_spec.conformance.protocol.engine_session import (
    DEFAULT_DEADLINE,
    ClientFactory,
    EngineSession,
    check_seconds,
    terminate_as_interrupt,
)
from schwinget_spec.conformance.protocol.messages import (
    DEFAULT_START_TIMEOUT,
    DEFAULT_TIMEOUT,
    GANG_SWITCHES,
    ProtocolError,
)
from schwinget_spec.conformance.protocol.readings import Readings, as_readings
from schwinget_spec.conformance.vectors.skiplist import SkipList
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.rules import Rules

__all__ = [
    "ALL_ACTION_CODES",
    "DEFAULT_MAX_FAILURES",
    "DEFAULT_STEER",
    "SITUATIONS",
    "Coverage",
    "CoverageCounter",
    "Divergence",
    "DivergenceKind",
    "EndClaimsAdapter",
    "GameSpec",
    "HarnessReport",
    "Progress",
    "ReadingReport",
    "Situation",
    "SkippedVector",
    "SteeredRun",
    "VectorSelection",
    "check_adapter",
    "fest_situations",
    "format_report",
    "gang_situations",
    "match_situations",
    "played_readings",
    "random_games",
    "readings_of",
    "run_harness",
    "scorecard_lines",
    "select_vectors",
    "steered_games",
    "vector_games",
    "verdict_line",
]

DEFAULT_MAX_FAILURES = 20
"""How many diverging games a level goes on to before it stops (``--max-failures-per-level``): the first is shrunk and confirmed, each is listed."""
_PROBE_PERCENT = 12
"""How often (in percent of steps) a random game offers an action the reference forbids."""
Progress = Callable[[int, int, str], None]
"""Told, after each game, how many of how many games are done and what is being played."""


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


@attrs.define
class _Played:
    """What ``_run`` played: Gänge per source (passed or failed), the vectors of those Gänge, the actions offered, the coverage, the failures."""

    counts: PlayCounts = attrs.field(factory=PlayCounts)
    coverage: CoverageCounter = attrs.field(factory=CoverageCounter)
    vector_gaenge: int = 0
    random: int = 0
    steered: int = 0
    vectors: set[str] = attrs.field(factory=set)
    failed_vectors: set[str] = attrs.field(factory=set)
    failures: list[Divergence] = attrs.field(factory=list)
    failed_games: int = 0
    bounded: bool = False
    """True if the level stopped at ``max_failures`` failures before it played every game."""
    note: str = ""
    first_failure_at: int | None = None
    """The Gänge up to and including the first diverging one: among the vector Gänge when it came from a vector, else among all."""
    exercised: ExercisedValues = attrs.field(factory=ExercisedValues)
    declared: Readings | None = None
    """The readings the engine declared: each Gang that passed is counted for the declared values it separates."""


def _count(played: _Played, spec: GameSpec, game: LockstepGame) -> None:
    final = game.final
    actions = tuple(game.actions)
    played.coverage.add_gang(
        spec.deal, spec.starter, spec.rules, actions, seeded=spec.deal_seed is not None, refused=game.refused,
        situations=gang_situations(spec.deal, spec.starter, actions, spec.rules) if final is not None else (),
    )
    if played.declared is not None:
        played.exercised.add_gang(spec.deal, spec.starter, spec.rules, actions, played.declared)
    _count_source(played, spec)


def _count_source(played: _Played, spec: GameSpec) -> None:
    """Count a Gang played to a verdict (passed or failed) under its source: a vector's, a steered or a random one."""
    if spec.vector is not None:
        played.vector_gaenge += 1
        played.vectors.add(spec.vector)
    elif spec.source.startswith("steered"):
        played.steered += 1
    else:
        played.random += 1


def _run(
    get_adapter: Callable[[], GangAdapter[Any]],
    specs: Sequence[GameSpec],
    *,
    seed: int,
    probe_percent: int,
    shrink: bool,
    max_shrink_replays: int,
    fresh: FreshAdapter | None = None,
    deadline: float | None = None,
    progress: Progress | None = None,
    base: Rules | None = None,
    max_failures: int = 1,
    declared: Readings | None = None,
) -> tuple[_Played, Divergence | None, bool]:
    """Play ``specs``, going on after a divergence until ``max_failures`` games have diverged; the first divergence (shrunk and confirmed), and True if the run stopped at ``deadline``.

    Only the first divergence is shrunk (shrinking tries ``base`` as the simplest rules)
    and confirmed on a fresh implementation; the later ones are kept as found
    (``_Played.failures`` holds them all, the first one first).
    """
    played = _Played(declared=declared)
    rng = HarnessRng(seed ^ 0x5CA1AB1E)
    steer_rng = HarnessRng(seed ^ 0x0FF3125)
    first: Divergence | None = None
    for index, spec in enumerate(specs):
        if progress is not None:
            progress(index, len(specs), spec.source)
        if deadline is not None and time.monotonic() >= deadline:
            return played, first, True
        if len(played.failures) >= max_failures:
            played.bounded = True
            break
        try:
            adapter = get_adapter()
        except ProtocolError as exc:
            if exc.kind == "deadline":
                return played, first, True
            played.note = f"the implementation could not be started again: {exc.reason}"
            break
        game = LockstepGame(adapter, spec, played.counts)
        if spec.actions is None:
            policy = random_policy(rng, probe_percent)
        elif spec.vector is None and spec.source.startswith("steered"):
            policy = probing_script_policy(spec.actions, steer_rng, probe_percent)
        else:
            policy = script_policy(spec.actions)
        try:
            game.play(policy)
        except DivergenceError as found:
            divergence = found.divergence
            if _is_deadline(divergence):
                return played, first, True
            if first is None:
                divergence = _shrunk_and_confirmed(
                    divergence, get_adapter, shrink=shrink, max_shrink_replays=max_shrink_replays, fresh=fresh,
                    deadline=deadline, base=base,
                )
                first = divergence
            if played.first_failure_at is None:
                before = played.vector_gaenge if spec.vector is not None else played.vector_gaenge + played.random + played.steered
                played.first_failure_at = before + 1
            played.failures.append(divergence)
            played.failed_games += 1
            _count_source(played, spec)
            if spec.vector is not None:
                played.failed_vectors.add(spec.vector)
            continue
        _count(played, spec, game)
    if progress is not None:
        progress(len(specs), len(specs), "done")
    return played, first, False


def _shrunk_and_confirmed(
    divergence: Divergence,
    get_adapter: Callable[[], GangAdapter[Any]],
    *,
    shrink: bool,
    max_shrink_replays: int,
    fresh: FreshAdapter | None,
    deadline: float | None,
    base: Rules | None,
) -> Divergence:
    """``divergence`` shrunk on the live implementation, then confirmed on a fresh one (``Divergence.fresh``)."""
    original = divergence
    if shrink and divergence.actions:

        def replay_live(variant: GameSpec) -> Divergence | None:
            try:
                return _replay_on(get_adapter(), variant)
            except ProtocolError:
                return None

        divergence = shrink_divergence(divergence, replay_live, max_shrink_replays, deadline=deadline, base=base)
    if fresh is not None and not (deadline is not None and time.monotonic() >= deadline):

        def replay_fresh(variant: GameSpec) -> Divergence | None:
            try:
                with fresh() as adapter:
                    return _replay_on(adapter, variant)
            except ProtocolError:
                return None

        divergence = confirm_fresh(divergence, original, replay_fresh)
    return divergence


def _stale_skips(get_adapter: Callable[[], GangAdapter[Any]], selection: VectorSelection) -> tuple[str, ...]:
    """The vectors the skip list left out whose every Gang the implementation now plays as the reference does."""
    by_vector: dict[str, list[GameSpec]] = {}
    for spec in selection.skipped_games:
        by_vector.setdefault(spec.vector or "?", []).append(spec)
    stale = []
    for vector_id, specs in by_vector.items():
        try:
            for spec in specs:
                LockstepGame(get_adapter(), spec, PlayCounts()).play(script_policy(spec.actions or ()))
        except DivergenceError:
            continue
        stale.append(vector_id)
    return tuple(stale)


def check_max_failures(value: object) -> int:
    """``value`` as the bound on the failures of a level: an integer, 1 or more; else ``InvalidArgumentError`` naming ``max_failures_per_level``."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise InvalidArgumentError("max_failures_per_level", f"an integer, 1 or more, got {value!r}")
    return value


def readings_of(switches: Collection[str]) -> list[Rules]:
    """Every combination of the values played of the Gang switches in ``switches`` (names: every value; ``Readings``: the declared ones), the others at ``Readings.base``, the base first."""
    readings = as_readings(switches)
    names = [n for n in GANG_SWITCHES if n in readings]
    base = readings.base
    out = []
    for combo in itertools.product(*(readings.values_of(n) for n in names)):
        values: dict[str, Any] = dict(zip(names, combo, strict=True))
        out.append(attrs.evolve(base, **values))
    return out


def _under_reading(report: HarnessReport, fixed: dict[str, bool]) -> HarnessReport:
    """``report`` of a run under one reading, its readings played narrowed to that reading's values (its verdict names them)."""
    readings = report.played_readings
    if readings is None:
        return report
    declared = tuple((n, (fixed[n],) if n in fixed else values) for n, values in readings.declared)
    return attrs.evolve(report, played_readings=attrs.evolve(readings, declared=declared))


def played_readings(switches: Collection[str], skiplist: SkipList | None = None, assume: Rules | None = None) -> Readings:
    """The readings a run plays: the declared ``switches`` (names: every value; or ``Readings``), less the values the ``skiplist`` declares unsupported, with the switches not declared at their values in ``assume`` (default: the defaults)."""
    readings = as_readings(switches)
    if skiplist is not None:
        readings = readings.without(skiplist.unplayed())
    if assume is not None:
        readings = readings.assuming(assume)
    return readings


@attrs.frozen
class _Plan:
    """What a run plays: the specs in order, the vector selection, and the steered target."""

    specs: tuple[GameSpec, ...]
    selection: VectorSelection
    steer: int
    reading: Rules | None = None
    readings: Readings = attrs.field(factory=Readings)


def _plan(
    *,
    scripted: Sequence[GameSpec],
    vectors: bool,
    games: int,
    steer: int,
    seed: int,
    switches: Collection[str],
    skiplist: SkipList | None,
    reading: Rules | None,
) -> _Plan:
    selection = select_vectors(switches, skiplist, reading) if vectors else VectorSelection()
    steered = steered_games(steer, seed, switches, reading=reading).games if steer > 0 else ()
    specs = (*scripted, *selection.games, *random_games(games, seed, switches, reading), *steered)
    return _Plan(specs, selection, steer, reading, as_readings(switches))


def _report(
    plan: _Plan,
    played: _Played,
    divergence: Divergence | None,
    *,
    stale: tuple[str, ...],
    skiplist: SkipList | None,
    checked: Collection[str] = ("gang",),
    out_of_reach: Collection[str] = (),
    **fields: Any,
) -> HarnessReport:
    planned = dict.fromkeys(spec.vector for spec in plan.specs if spec.vector is not None)
    vector_results = tuple(
        (v, "failed" if v in played.failed_vectors else "passed" if v in played.vectors else "not_reached")
        for v in planned
    )
    vectors = sum(1 for _, status in vector_results if status != "not_reached")
    levels = fields.get("levels")
    exercised = played.exercised.merged(ExercisedValues(Counter(dict(levels.exercised)))) if levels is not None else played.exercised
    return HarnessReport(
        gang_failures=tuple(played.failures),
        gang_failed_games=played.failed_games,
        gang_bounded=played.bounded,
        gang_note=played.note,
        gang_first_failure_at=played.first_failure_at,
        gang_games_skipped=len(plan.specs) - played.vector_gaenge - played.random - played.steered,
        vector_results=vector_results,
        vectors_played=vectors,
        random_games_played=played.random,
        actions_played=played.counts.actions,
        illegal_offered=played.counts.illegal,
        divergence=divergence,
        vector_gaenge_played=played.vector_gaenge,
        steered_games_played=played.steered,
        vectors_other=plan.selection.other,
        skipped=plan.selection.skipped,
        stale_skips=stale,
        skiplist=None if skiplist is None else skiplist.implementation,
        coverage=played.coverage.report(
            checked, target=plan.steer,
            impossible={
                *out_of_reach,
                *(impossible_for(plan.readings) if plan.reading is None else impossible_situations(plan.reading)),
            },
        ),
        played_readings=plan.readings,
        exercised=exercised.of(plan.readings, [n for n, level in SWITCH_LEVEL.items() if level in checked]),
        **fields,
    )


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
    steer: int = DEFAULT_STEER,
    skiplist: SkipList | None = None,
    all_readings: bool = False,
    progress: Progress | None = None,
    assume: Rules | None = None,
    max_failures_per_level: int = DEFAULT_MAX_FAILURES,
) -> HarnessReport:
    """Run the harness against an in-process implementation behind ``GangAdapter``: ``scripted`` games, the vectors, ``games`` random Gänge from ``seed``, then steered Gänge reaching each named situation ``steer`` times.

    ``switches`` are the switches the implementation plays: names (every value of each)
    or ``readings.Readings`` (the values declared per switch); the others are played at
    their values in ``assume`` (default: the defaults). Only those values are played and
    compared with the reference.

    With ``fresh_adapter`` (a new implementation that has served nothing), a divergence's
    reproduction is confirmed on a fresh one before it is reported (``Divergence.fresh``).
    ``skiplist`` leaves vectors out (listed in the report; one the adapter now passes is a
    stale skip); ``all_readings`` runs everything under every combination of ``switches``.
    """
    started = time.perf_counter()
    max_failures = check_max_failures(max_failures_per_level)
    switches = played_readings(switches, skiplist, assume)
    fresh: FreshAdapter | None = None
    if fresh_adapter is not None:
        make = fresh_adapter

        def fresh() -> contextlib.AbstractContextManager[GangAdapter[Any]]:
            return contextlib.nullcontext(make())

    def one(reading: Rules | None) -> HarnessReport:
        begun = time.perf_counter()
        plan = _plan(
            scripted=scripted, vectors=vectors, games=games, steer=steer, seed=seed,
            switches=switches, skiplist=skiplist, reading=reading,
        )
        played, divergence, _ = _run(
            lambda: adapter,
            plan.specs,
            seed=seed,
            probe_percent=probe_percent,
            shrink=shrink,
            max_shrink_replays=max_shrink_replays,
            fresh=fresh,
            progress=progress,
            base=plan.readings.base,
            max_failures=max_failures,
            declared=plan.readings,
        )
        stale = _stale_skips(lambda: adapter, plan.selection) if divergence is None else ()
        return _report(
            plan, played, divergence, stale=stale, skiplist=skiplist,
            implementation=name, command=(), seed=seed, elapsed_seconds=time.perf_counter() - begun,
            switches=tuple(switches), max_failures_per_level=max_failures,
        )

    if not all_readings:
        return one(None)
    return _matrix(one, switches, name=name, command=(), seed=seed, started=started)


def _matrix(
    one: Callable[[Rules | None], HarnessReport],
    switches: Collection[str],
    *,
    name: str,
    command: tuple[str, ...],
    seed: int,
    started: float,
    **fields: Any,
) -> HarnessReport:
    """One report per reading, under a report that sums them (its divergence: the first reading's that diverged)."""
    reports = []
    for reading in readings_of(switches):
        values = tuple((n, bool(getattr(reading, n))) for n in GANG_SWITCHES if n in switches)
        reports.append(ReadingReport(values, _under_reading(one(reading), dict(values))))
    first = next((r.report.divergence for r in reports if r.report.divergence is not None), None)
    subs = [r.report for r in reports]
    covs = [r.coverage for r in subs if r.coverage is not None]
    coverage = None
    if covs:
        # the levels as the default reading (first) checked them; the counts summed over every reading
        clauses = tuple((c, sum(dict(cv.clauses)[c] for cv in covs)) for c, _ in covs[0].clauses)
        situations = tuple((n, sum(dict(cv.situations)[n] for cv in covs)) for n, _ in covs[0].situations)
        coverage = attrs.evolve(covs[0], clauses=clauses, situations=situations)
    return HarnessReport(
        implementation=name,
        command=command,
        seed=seed,
        vectors_played=max((r.vectors_played for r in subs), default=0),
        random_games_played=sum(r.random_games_played for r in subs),
        actions_played=sum(r.actions_played for r in subs),
        illegal_offered=sum(r.illegal_offered for r in subs),
        elapsed_seconds=time.perf_counter() - started,
        divergence=first,
        switches=tuple(switches),
        vector_gaenge_played=sum(r.vector_gaenge_played for r in subs),
        gang_failed_games=sum(r.gang_failed_games for r in subs),
        gang_games_skipped=sum(r.gang_games_skipped for r in subs),
        gang_failures=tuple(d for r in subs for d in r.gang_failures),
        steered_games_played=sum(r.steered_games_played for r in subs),
        readings=tuple(reports),
        coverage=coverage,
        levels=subs[0].levels if subs else None,
        **fields,
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
    steer: int = DEFAULT_STEER,
    skiplist: SkipList | None = None,
    all_readings: bool = False,
    progress: Progress | None = None,
    client_factory: ClientFactory | None = None,
    assume: Rules | None = None,
    max_failures_per_level: int = DEFAULT_MAX_FAILURES,
) -> HarnessReport:
    """Run the implementation started by ``command`` against ``scripted`` games, the vectors, ``games`` random Gänge from ``seed`` and steered Gänge that reach each named situation ``steer`` times.

    The implementation speaks the JSON-lines protocol of ``docs/harness.md`` on its
    standard input and output. Each request waits at most ``timeout`` seconds
    (``start_timeout`` for the first); the whole run stops after ``deadline`` seconds
    and its report says so (``HarnessReport.stopped_at_deadline``). Each must be a
    positive finite number (``HarnessSettingError`` names the one that is not). A
    divergence does not stop the run: every declared level is played, each going on
    after a divergence until ``max_failures_per_level`` of its games have diverged. The
    first divergence of each level is shrunk (Gang: replayed in simpler forms, at most
    ``max_shrink_replays``) and confirmed on a freshly started implementation before it
    is reported (``Divergence.fresh``); the report is a scorecard of every level
    (``HarnessReport.gang_failures``, ``LevelCheck.failures``). The implementation's
    whole process group is stopped in every case: at the end, after a protocol error,
    on ``KeyboardInterrupt`` and on SIGTERM (raised as ``HarnessTerminated``).

    ``skiplist`` leaves vectors out: the report lists each with its reason, and one the
    implementation now passes as a stale skip. ``all_readings`` plays everything under
    every combination of the switches the implementation declares and reports per
    reading. ``progress`` is told after each game how far the run is.
    ``client_factory``, if given, starts the implementation instead of ``command``
    (``engine_session.LoopbackClient`` runs an in-process engine through the same code).

    The run plays only the readings the implementation declares in ``hello`` (per
    switch, the values it plays; a skip list's ``switch`` entries take values out), and
    compares it with the reference under them; a switch it does not declare is never
    sent and is played at its value in ``assume`` (default: the default).
    """
    timeout = check_seconds("timeout", timeout)
    start_timeout = check_seconds("start_timeout", start_timeout)
    max_failures = check_max_failures(max_failures_per_level)
    deadline = check_seconds("deadline", deadline)
    started = time.perf_counter()
    session = EngineSession(
        command, timeout, start_timeout, cwd, deadline=time.monotonic() + deadline, client_factory=client_factory
    )
    with terminate_as_interrupt():
        try:
            try:
                _, name, _declared = session.connect()
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
                    startup_kind=exc.kind,
                    deadline_seconds=deadline,
                    stopped_at_deadline=exc.kind == "deadline",
                    not_started=exc.kind == "not_started",
                )

            assert session.hello is not None
            readings = played_readings(session.hello.readings, skiplist, assume)
            switches: Readings = readings
            level_hello = attrs.evolve(session.hello, readings=readings)

            def get_adapter() -> GangAdapter[Any]:
                return session.get()

            def one(reading: Rules | None) -> HarnessReport:
                begun = time.perf_counter()
                plan = _plan(
                    scripted=scripted, vectors=vectors, games=games, steer=steer, seed=seed,
                    switches=switches, skiplist=skiplist, reading=reading,
                )
                played, divergence, stopped = _run(
                    get_adapter,
                    plan.specs,
                    seed=seed,
                    probe_percent=probe_percent,
                    shrink=shrink,
                    max_shrink_replays=max_shrink_replays,
                    fresh=session.fresh,
                    deadline=session.deadline,
                    progress=progress,
                    base=readings.base,
                    max_failures=max_failures,
                    declared=plan.readings,
                )
                if divergence is not None and divergence.kind is not DivergenceKind.PROTOCOL and not stopped:
                    # the readings under which the implementation agrees: "declare it"
                    divergence = attrs.evolve(divergence, explanations=explanation_lines(session, divergence))
                ok = divergence is None and not stopped
                stale = _stale_skips(get_adapter, plan.selection) if ok else ()
                levels = None
                if reading is None or reading == readings.base:
                    # the scoring, match and Schwingfest levels the engine declared (level_vectors)
                    total = played.vector_gaenge + played.random + played.steered
                    levels, level_gang = play_levels(
                        session.get, level_hello, seed=seed, vectors=vectors,
                        gang_played=(total, played.vector_gaenge), run=not stopped, skiplist=skiplist,
                        fresh=session.fresh, steer=steer, max_failures=max_failures,
                        gang_failed=played.failed_games,
                    )
                    # a Gang that diverged in its play inside a level is also the run's Gang divergence, as before
                    divergence = divergence if divergence is not None else level_gang
                    stopped = stopped or levels.stopped_at_deadline
                    played.coverage.add_counts(
                        levels.clauses, levels.situations, [lv for lv in levels.checked if lv != "gang"]
                    )
                return _report(
                    plan, played, divergence, stale=stale, skiplist=skiplist,
                    checked=("gang",) if levels is None else levels.checked,
                    out_of_reach=() if levels is None else level_situations_out_of_reach(switches),
                    implementation=name, command=tuple(command), seed=seed,
                    elapsed_seconds=time.perf_counter() - begun, switches=tuple(switches),
                    deadline_seconds=deadline, stopped_at_deadline=stopped, levels=levels,
                    max_failures_per_level=max_failures,
                )

            if not all_readings:
                return one(None)
            return _matrix(
                one, switches, name=name, command=tuple(command), seed=seed, started=started, deadline_seconds=deadline
            )
        finally:
            session.close()
