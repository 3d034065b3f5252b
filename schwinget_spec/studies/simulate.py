"""Many matches between two bots: outcome frequencies by table row, Plattwurf rate, first-player advantage, average points, speed."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

import attrs

from schwinget_spec import twin
from schwinget_spec.bots import Bot, play_gang
from schwinget_spec.checks import check_callable, check_int, check_type, field_type
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.match import MAX_SEEDS, MatchGang, MatchLength, MatchState, gang_seeds, start_match
from schwinget_spec.players import Player
from schwinget_spec.rng import MASK64
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import Points, ScoringSystem, TableRow, compute_gang_score
from schwinget_spec.solver.named_bots import make_bot
from schwinget_spec.studies.backends import WORKERS_PER_CORE, check_backend, max_workers, run_map
from schwinget_spec.trace import rules_to_json

__all__ = ["CHUNK", "WORKERS_PER_CORE", "Setup", "SimulationResult", "engine_of", "match_seeds", "max_workers", "simulate"]

CHUNK = 25
"""Matches per unit of work handed to a worker process (and per progress step)."""

_SIDES = ("a", "b")


@attrs.frozen
class Setup:
    """What to simulate: bot A against bot B, ``matches`` matches from ``seed``.

    Bot A sits at P0 in even-numbered matches (0, 2, ...) and at P1 in odd ones, so both
    bots start Gang 1 (as the younger player, ``match.first_starter``) equally often.
    """

    bots: tuple[str, str] = attrs.field(validator=lambda _i, _a, v: _check_bots(v))
    matches: int = attrs.field(validator=lambda _i, _a, v: check_int(v, "matches", maximum=MAX_SEEDS))
    seed: int = attrs.field(default=0, validator=lambda _i, _a, v: check_int(v, "seed", 0, MASK64))
    system: ScoringSystem = attrs.field(default=ScoringSystem.SCHWINGERWERTUNG, validator=field_type(ScoringSystem))
    length: MatchLength = attrs.field(default=MatchLength.SHORT, validator=field_type(MatchLength))
    rules: Rules = attrs.field(factory=Rules, validator=field_type(Rules))


def _check_bots(bots: object) -> None:
    if not isinstance(bots, tuple) or len(bots) != 2 or not all(isinstance(b, str) for b in bots):
        raise InvalidArgumentError("bots", f"expected two bot names (a tuple of two str), got {bots!r}")


def match_seeds(seed: int, matches: int) -> tuple[int, ...]:
    """The seed of each match: the first ``matches`` outputs of SplitMix64 seeded with ``seed``.

    Match ``i`` with ``n`` Gänge takes ``gang_seeds(match_seeds[i], 3 * n)``: the first ``n``
    deal its Gänge, the next ``n`` seed bot A in each Gang, the last ``n`` bot B, so a
    match's play depends only on its own seed.
    """
    return gang_seeds(seed, check_int(matches, "matches", 0, MAX_SEEDS))


def engine_of(setup: Setup) -> twin.Engine:
    """The engine that plays the Gänge of ``setup``: the compiled twin for two random bots when it is built, else the readable engine.

    The twin plays the Gang exactly as ``bots.play_gang`` with two ``RandomBot``s; the
    match around it (who starts, the points) stays the reference's.
    """
    return "twin" if twin.ENGINE == "twin" and setup.bots == ("random", "random") else "python"


def _twin_gang(setup: Setup, match: MatchState, deal_seed: int, seeds: tuple[int, int]) -> MatchState:
    # the Gang played by the twin, recorded as MatchState.apply_gang records a finished Gang
    starter = match.next_starter
    assert starter is not None
    result = twin.random_bots(deal_seed, starter, setup.rules, seeds)
    score = compute_gang_score(result, match.system, match.rules)
    return attrs.evolve(match, gaenge=(*match.gaenge, MatchGang(match.gang_number, starter, result, score)))


def _play_match(setup: Setup, index: int, seed: int) -> Counter[str]:
    count: Counter[str] = Counter()
    n = setup.length.gaenge
    seeds = gang_seeds(seed, 3 * n)
    a_seat = Player(index % 2)
    side = {a_seat: "a", a_seat.other: "b"}
    match = start_match(setup.system, setup.length, Player.P0, setup.rules)
    compiled = engine_of(setup) == "twin"
    for g in range(n):
        if compiled:
            a_b = (seeds[n + g], seeds[2 * n + g])
            match = _twin_gang(setup, match, seeds[g], a_b if a_seat is Player.P0 else (a_b[1], a_b[0]))
        else:
            state = match.start_next_gang(Deal.shuffled(seeds[g]))
            # a fresh pair of bots per Gang, seeded from the match seed: every Gang's play is
            # a function of the match seed alone
            bot_a = make_bot(setup.bots[0], seeds[n + g], setup.rules)
            bot_b = make_bot(setup.bots[1], seeds[2 * n + g], setup.rules)
            pair: tuple[Bot, Bot] = (bot_a, bot_b) if a_seat is Player.P0 else (bot_b, bot_a)
            final = play_gang(state.deal, state.starter, setup.rules, pair)
            match = match.apply_gang(final)
        entry = match.gaenge[-1]
        result = entry.result
        count["gaenge"] += 1
        count["schwuenge"] += result.schwuenge
        count[f"row.{entry.score.row.value}"] += 1
        if entry.score.is_good_loser:
            count[f"row.{TableRow.GUT_GEKAEMPFT.value}"] += 1
        count["plattwurf"] += result.is_plattwurf
        if result.angriff is not None:
            count[f"angriff.{side[result.angriff.player]}"] += 1
        if result.winner is None:
            count["gang.draw"] += 1
        else:
            count[f"gang.win.{side[result.winner]}"] += 1
            count["starter.win" if result.winner == entry.starter else "starter.loss"] += 1
        for player in Player:
            count[f"points.{side[player]}"] += entry.score.points[player].hundredths
    final_result = match.result
    count["matches"] += 1
    if final_result.winner is None:
        count["match.draw"] += 1
    else:
        count[f"match.win.{side[final_result.winner]}"] += 1
        count["younger.win" if final_result.winner == Player.P0 else "younger.loss"] += 1
    return count


def _run_chunk(job: tuple[Setup, int, tuple[int, ...]]) -> Counter[str]:
    setup, start, seeds = job
    total: Counter[str] = Counter()
    for offset, seed in enumerate(seeds):
        total.update(_play_match(setup, start + offset, seed))
    return total


def _jobs(setup: Setup) -> Iterator[tuple[Setup, int, tuple[int, ...]]]:
    seeds = match_seeds(setup.seed, setup.matches)
    for start in range(0, setup.matches, CHUNK):
        yield setup, start, seeds[start : start + CHUNK]


def _rate(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def _average(hundredths: int, count: int) -> str:
    # exact sum divided exactly, shown to three decimals: points are never floats
    if not count:
        return "0"
    value = Decimal(hundredths) / Decimal(100) / Decimal(count)
    return str(value.quantize(Decimal("0.001"), rounding=ROUND_HALF_EVEN))


@attrs.frozen
class SimulationResult:
    """The counts of a simulation (``counts``: a plain mapping of names to whole numbers), its setup, its wall time and the engine that played (``engine_of``)."""

    setup: Setup
    counts: dict[str, int]
    seconds: float
    workers: int
    engine: str = "python"

    def count(self, key: str) -> int:
        """One count by name (0 if it never happened)."""
        return self.counts.get(key, 0)

    @property
    def gaenge(self) -> int:
        """Gänge played."""
        return self.count("gaenge")

    @property
    def gaenge_per_second(self) -> float:
        """Gänge played per second of wall time."""
        return self.gaenge / self.seconds if self.seconds > 0 else 0.0

    def row_counts(self) -> list[tuple[TableRow, int]]:
        """How many Gänge fell in each row of the Wertungstabelle (the good loser's row counts the Gänge whose loser scored it)."""
        return [(row, self.count(f"row.{row.value}")) for row in TableRow]

    def results(self) -> dict[str, Any]:
        """Every figure of the simulation except the timing: equal for equal setups, whatever the workers."""
        setup = self.setup
        system = setup.system
        gaenge = self.gaenge
        decided = self.count("starter.win") + self.count("starter.loss")
        matches = self.count("matches")
        return {
            "bots": {"a": setup.bots[0], "b": setup.bots[1]},
            "matches": matches,
            "gaenge": gaenge,
            "schwuenge": self.count("schwuenge"),
            "scoring": system.value,
            "length": setup.length.gaenge,
            "seed": setup.seed,
            "rules": rules_to_json(setup.rules),
            "rows": {row.value: n for row, n in self.row_counts()},
            "plattwurf": self.count("plattwurf"),
            "plattwurf_rate": _rate(self.count("plattwurf"), gaenge),
            "gang_wins": {"a": self.count("gang.win.a"), "b": self.count("gang.win.b"), "draws": self.count("gang.draw")},
            "match_wins": {"a": self.count("match.win.a"), "b": self.count("match.win.b"), "draws": self.count("match.draw")},
            "angriffe": {"a": self.count("angriff.a"), "b": self.count("angriff.b")},
            "first_player": {
                "gang_starter_wins": self.count("starter.win"),
                "gang_starter_losses": self.count("starter.loss"),
                "gang_starter_win_rate": _rate(self.count("starter.win"), decided),
                "match_younger_wins": self.count("younger.win"),
                "match_younger_losses": self.count("younger.loss"),
            },
            "points_total": {s: str(Points(system, self.count(f"points.{s}"))) for s in _SIDES},
            "points_per_gang": {s: _average(self.count(f"points.{s}"), gaenge) for s in _SIDES},
            "points_per_match": {s: _average(self.count(f"points.{s}"), matches) for s in _SIDES},
        }

    def to_json(self) -> dict[str, Any]:
        """The results, the engine, the workers, the seconds and the Gänge per second."""
        return {
            **self.results(),
            "engine": self.engine,
            "workers": self.workers,
            "seconds": round(self.seconds, 3),
            "gaenge_per_second": round(self.gaenge_per_second, 1),
        }


def simulate(
    setup: Setup, workers: int = 1, progress: Callable[[int], None] | None = None, *, backend: str = "local"
) -> SimulationResult:
    """Play ``setup.matches`` matches and count what happened; ``progress(n)`` is called as each ``n`` matches finish.

    With ``workers`` > 1 the matches are shared among that many processes; every match
    depends only on its own seed and counts are added up, so the counts are the same
    for any number of workers. ``backend="ray"`` sends each chunk of matches to a Ray
    cluster instead (``backends.run_map``; ``workers`` is then not used), with the same counts.
    """
    check_type(setup, Setup, "setup")
    if check_int(setup.matches, "setup.matches") < 1:
        raise InvalidArgumentError("setup.matches", f"a simulation plays at least one match, got {setup.matches}")
    if check_int(workers, "workers", maximum=max_workers()) < 1:
        raise InvalidArgumentError("workers", f"at least one worker, got {workers}")
    if progress is not None:
        check_callable(progress, "progress")
    for name in setup.bots:
        make_bot(name, 0, setup.rules)  # refuses an unknown bot name before any work starts
    total: Counter[str] = Counter()
    start = time.perf_counter()
    jobs = list(_jobs(setup))
    # in this process, in ``workers`` processes of this machine, or on Ray (backends.run_map)
    for part, job in zip(run_map(_run_chunk, jobs, check_backend(backend), workers), jobs, strict=True):
        total.update(part)
        if progress is not None:
            progress(len(job[2]))
    seconds = time.perf_counter() - start
    return SimulationResult(setup, dict(sorted(total.items())), seconds, workers, engine_of(setup))
