"""Every reading weighed under strong play: the deals of ``impact.measure`` solved, or played by strong bots, under the default and under each reading."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

from schwinget_spec.actions import Action
from schwinget_spec.bots import Bot
from schwinget_spec.checks import check_callable, check_int
from schwinget_spec.deal import Deal
from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.gang import GangState, start_gang
from schwinget_spec.match import MatchLength, MatchState, start_match
from schwinget_spec.players import Player
from schwinget_spec.rng import MASK64, SplitMix64
from schwinget_spec.rules import Rules
from schwinget_spec.schwingfest import SchwingfestState, start_schwingfest
from schwinget_spec.scoring import ScoringSystem, compute_gang_score
from schwinget_spec.solver import compiled
from schwinget_spec.solver.named_bots import BOT_NAMES, make_bot, pimc_worlds
from schwinget_spec.studies.backends import check_backend, check_workers, run_map
from schwinget_spec.studies.impact import (
    FEST_NAMES,
    LEVELS,
    MAX_GAMES,
    ImpactRow,
    Progress,
    StrongCounts,
    measure,
    plan,
    readings,
    runs_for,
    total_gaenge,
)
from schwinget_spec.twin.codes import switch_bits

__all__ = ["GANG_CHUNK", "PLAYS", "Weigher", "strong_counts", "total", "weigh"]

PLAYS: tuple[str, ...] = ("random", "solver", *(name for name in BOT_NAMES if name != "random"))
"""What ``--play`` takes: ``random`` (the table of ``impact.measure`` alone), ``solver`` (best play, every card known), or a bot of ``named_bots.make_bot`` at both seats."""

_SYSTEMS = (ScoringSystem.SCHWINGERWERTUNG, ScoringSystem.PUNKTEWERTUNG)
_GAMMA = 0x9E3779B97F4A7C15

GANG_CHUNK = 2000
"""Gänge per call of the compiled solver's bulk call (``compiled.values_of_seeds``), and per task of ``backends.run_map``, when the solver weighs the Gang switches."""
_Played = TypeVar("_Played")
"""A match or a Schwingfest, as ``_paired_counts`` plays and compares them."""


def _stream(seed: int) -> Callable[[], int]:
    rng = [SplitMix64.seeded(seed)]

    def draw() -> int:
        value, rng[0] = rng[0].next()
        return value

    return draw


@attrs.define
class Weigher:
    """Plays a Gang to its end by ``play`` and remembers each line, so that a Gang met again (the same deal, starter, Gang switches and system) is not searched twice.

    ``play`` is ``"solver"`` (both players follow the compiled solver's optimal line
    under the system of the game: the first optimal action in the engine's order) or a
    bot name of ``named_bots.make_bot``, both seats seeded from the Gang's choice seed (the
    sampling player ``pimc`` weighs the points of the game's system).
    """

    play: str
    lines: dict[tuple[int, int, int, int, bool, ScoringSystem], tuple[Action | str, ...]] = attrs.field(factory=dict)
    values: dict[tuple[int, int, int, bool, ScoringSystem], int] = attrs.field(factory=dict)

    def _bots(self, rules: Rules, system: ScoringSystem, choice_seed: int) -> list[Bot]:
        draw = _stream(choice_seed)
        seeds = (draw(), draw())
        worlds = pimc_worlds(self.play)
        if worlds is not None:
            from schwinget_spec.solver.pimc import PimcBot  # noqa: PLC0415

            return [PimcBot.seeded(s, rules, worlds, system) for s in seeds]
        return [make_bot(self.play, s, rules) for s in seeds]

    def finish(self, state: GangState, deal_seed: int, choice_seed: int, system: ScoringSystem) -> GangState:
        """``state`` (a Gang's start dealt as ``Deal.shuffled(deal_seed)``) played to its end."""
        rules = state.rules
        key = (deal_seed, 0 if self.play == "solver" else choice_seed, int(state.starter), switch_bits(rules),
               rules.good_loser_after_plattwurf, system)
        line = self.lines.get(key)
        if line is None:
            if self.play == "solver":
                line = tuple(compiled.solve(state, system).line)
            else:
                bots, game = self._bots(rules, system, choice_seed), state
                played: list[Action | str] = []
                while not game.is_over:
                    action, bots[game.to_move] = bots[game.to_move].choose(game.view(game.to_move))
                    played.append(action)
                    game = game.apply(action)
                line = tuple(played)
            self.lines[key] = line
        for step in line:
            state = state.apply(step)
        return state

    def value(self, state: GangState, deal_seed: int, system: ScoringSystem) -> int:
        """The solved points difference P0 - P1 (hundredths) of a Gang's start under ``system``."""
        rules = state.rules
        key = (deal_seed, int(state.starter), switch_bits(rules), rules.good_loser_after_plattwurf, system)
        if key not in self.values:
            self.values[key] = compiled.value(state, system)
        return self.values[key]


def _lead(state: GangState, system: ScoringSystem) -> int:
    """The points lead P0 - P1 of a finished Gang under ``system`` (hundredths)."""
    assert state.result is not None
    points = compute_gang_score(state.result, system, state.rules).points
    return points[0].hundredths - points[1].hundredths


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def _gang_counts(weigher: Weigher, rules: tuple[Rules, Rules], runs: int, seed: int,
                 progress: Progress | None) -> StrongCounts:
    # Gang i: Deal.shuffled of the 2i-th number of the stream of seed, P(i % 2) leading (as impact.measure's Gänge)
    draw = _stream(seed)
    outcome = points_sw = points_pw = shift = 0
    for i in range(runs):
        deal_seed, choice_seed = draw(), draw()
        deal = Deal.shuffled(deal_seed)
        starts = [start_gang(deal, Player(i % 2), r) for r in rules]
        if weigher.play == "solver":
            leads = [[weigher.value(s, deal_seed, system) for s in starts] for system in _SYSTEMS]
        else:
            # one Gang per reading (the bots weigh the Schwingerwertung), scored under both systems
            ends = [weigher.finish(s, deal_seed, choice_seed, _SYSTEMS[0]) for s in starts]
            leads = [[_lead(e, system) for e in ends] for system in _SYSTEMS]
        sw, pw = leads
        outcome += _sign(sw[0]) != _sign(sw[1])
        points_sw += sw[0] != sw[1]
        points_pw += pw[0] != pw[1]
        shift += abs(sw[0] - sw[1])
        if progress is not None:
            progress(2)
    return StrongCounts(weigher.play, runs, outcome, points_sw, points_pw, shift)


def _solved_gang_chunk(job: tuple[int, int, int, tuple[tuple[str, Any], ...]]) -> list[StrongCounts]:
    """Gänge ``start`` to ``start + count - 1`` of ``_gang_counts`` under ``"solver"``, for every reading of ``readings`` at once: one bulk call of the compiled solver (the default rules solved once for all readings); a task of ``backends.run_map``."""
    seed, start, count, chosen = job
    # the 2i-th number of the SplitMix64 stream of seed: the generator's state after 2i numbers is seed + 2i * gamma
    seeds = [SplitMix64((seed + 2 * i * _GAMMA) & MASK64).next()[0] for i in range(start, start + count)]
    starters = [Player(i % 2) for i in range(start, start + count)]
    rules = [Rules(), *(attrs.evolve(Rules(), **{name: reading}) for name, reading in chosen)]
    found = compiled.values_of_seeds(seeds, starters, [compiled.SolveConfig(r, s) for r in rules for s in _SYSTEMS])
    out = []
    for j in range(1, len(rules)):
        outcome = points_sw = points_pw = shift = 0
        for d in range(count):
            sw = (found.value(d, 0), found.value(d, 2 * j))
            pw = (found.value(d, 1), found.value(d, 2 * j + 1))
            outcome += _sign(sw[0]) != _sign(sw[1])
            points_sw += sw[0] != sw[1]
            points_pw += pw[0] != pw[1]
            shift += abs(sw[0] - sw[1])
        out.append(StrongCounts("solver", count, outcome, points_sw, points_pw, shift))
    return out


def _solved_gang_counts(
    chosen: Sequence[tuple[str, Any]], runs: int, seed: int, progress: Progress | None, *, backend: str, workers: int
) -> list[StrongCounts]:
    """``_gang_counts`` under ``"solver"`` for every (switch, reading) of ``chosen`` (Gang switches), by the compiled solver's bulk call in chunks of ``GANG_CHUNK`` Gänge on ``backend``: the same counts."""
    # at most 15 readings per bulk call: with the default, 16 rules under 2 systems (compiled.MAX_CONFIGS)
    groups = [tuple(chosen[i : i + 15]) for i in range(0, len(chosen), 15)]
    jobs = [(seed, start, min(GANG_CHUNK, runs - start), group) for group in groups for start in range(0, runs, GANG_CHUNK)]
    totals: dict[tuple[str, Any], list[int]] = {reading: [0, 0, 0, 0, 0] for reading in chosen}
    for job, parts in zip(jobs, run_map(_solved_gang_chunk, jobs, backend, workers), strict=True):
        for reading, part in zip(job[3], parts, strict=True):
            assert part.shift_sw is not None
            for k, n in enumerate((part.runs, part.outcome, part.points_sw, part.points_pw, part.shift_sw)):
                totals[reading][k] += n
        if progress is not None:
            progress(2 * job[2] * len(job[3]))
    return [StrongCounts("solver", t[0], t[1], t[2], t[3], t[4]) for t in (totals[reading] for reading in chosen)]


def _match(weigher: Weigher, system: ScoringSystem, rules: Rules, deal_seeds: Sequence[int],
           choice_seeds: Sequence[int]) -> MatchState:
    match = start_match(system, MatchLength.SHORT, Player.P0, rules)
    for deal_seed, choice_seed in zip(deal_seeds, choice_seeds, strict=True):
        state = match.start_next_gang(Deal.shuffled(deal_seed))
        match = match.apply_gang(weigher.finish(state, deal_seed, choice_seed, system))
    return match


def _match_counts(weigher: Weigher, rules: tuple[Rules, Rules], runs: int, seed: int,
                  progress: Progress | None) -> StrongCounts:
    # each Gang's deal fixed by its place: a changed starter changes who holds which hand, never the cards
    return _paired_counts(weigher, rules, runs, seed, progress, games=MatchLength.SHORT.gaenge, play=_match,
                          first=lambda m: m.result.winner, totals=lambda m: m.totals)


def _paired_counts(
    weigher: Weigher, rules: tuple[Rules, Rules], runs: int, seed: int, progress: Progress | None, *, games: int,
    play: Callable[[Weigher, ScoringSystem, Rules, Sequence[int], Sequence[int]], _Played],
    first: Callable[[_Played], object], totals: Callable[[_Played], object],
) -> StrongCounts:
    """``runs`` times, ``games`` deals and choice seeds drawn from ``seed`` and ``play``ed under both ``rules``, in each system: how often the ``first`` differ in either, and the ``totals`` in each."""
    draw = _stream(seed)
    outcome = 0
    points = [0, 0]
    for _ in range(runs):
        deal_seeds = [draw() for _ in range(games)]
        choice_seeds = [draw() for _ in range(games)]
        changed = False
        for k, system in enumerate(_SYSTEMS):
            a, b = (play(weigher, system, r, deal_seeds, choice_seeds) for r in rules)
            changed |= first(a) != first(b)
            points[k] += totals(a) != totals(b)
            if progress is not None:
                progress(2 * games)
        outcome += changed
    return StrongCounts(weigher.play, runs, outcome, points[0], points[1], None)


def _fest(weigher: Weigher, system: ScoringSystem, rules: Rules, deal_seeds: Sequence[int],
          choice_seeds: Sequence[int]) -> SchwingfestState:
    fest = start_schwingfest(FEST_NAMES, system, rules=rules)
    for meeting, deal_seed, choice_seed in zip(fest.schedule.meetings, deal_seeds, choice_seeds, strict=True):
        state = fest.start_meeting(meeting, Deal.shuffled(deal_seed))
        fest = fest.apply_gang(meeting, weigher.finish(state, deal_seed, choice_seed, system))
    return fest


def _first(fest: SchwingfestState) -> frozenset[int]:
    return frozenset(s.schwinger for s in fest.standings if s.rank == 1)


def _fest_counts(weigher: Weigher, rules: tuple[Rules, Rules], runs: int, seed: int,
                 progress: Progress | None) -> StrongCounts:
    meetings = len(start_schwingfest(FEST_NAMES, _SYSTEMS[0]).schedule.meetings)
    return _paired_counts(weigher, rules, runs, seed, progress, games=meetings, play=_fest, first=_first,
                          totals=lambda f: f.totals())


_COUNTS = {"gang": _gang_counts, "match": _match_counts, "fest": _fest_counts}


def _check_play(play: str) -> str:
    if play not in PLAYS:
        raise InvalidArgumentError("play", f"expected one of {', '.join(PLAYS)}, got {play!r}")
    if play == "solver" or pimc_worlds(play) is not None:
        compiled.module()  # the compiled solver, or a SchwingetError naming it
    return play


def _job(job: tuple[str, str, Any, int, int]) -> StrongCounts:
    """One reading's counts with a weigher of its own: a task of ``backends.run_map``."""
    play, name, reading, runs, seed = job
    rules = (Rules(), attrs.evolve(Rules(), **{name: reading}))
    return _COUNTS[LEVELS[name]](Weigher(play), rules, runs, seed, None)


def strong_counts(
    play: str, games: int | None = None, seed: int = 0, switches: Sequence[str] | None = None, *,
    progress: Progress | None = None, weigher: Weigher | None = None, backend: str = "local", workers: int = 1,
) -> list[StrongCounts]:
    """For each (switch, reading) of ``impact.plan(switches)``, how often the reading changed a game between ``play`` players.

    The runs are those of ``impact.measure(games, seed)``: Gang ``i`` is dealt as
    ``Deal.shuffled`` of the ``2i``-th number of the SplitMix64 stream of ``seed``, ``P(i % 2)``
    leading; match ``j`` (fest ``j``) takes the deal seeds and then the choice seeds of its
    Gänge from the stream, one per place, so that each Gang's cards are fixed by its place
    whoever starts it (common random numbers). Under ``"solver"`` a Gang row compares the
    solved values of the deal under each system, a match or fest plays every Gang by the
    solver's optimal line under the game's system. Under ``"solver"`` the Gang rows are
    solved together by the compiled solver's bulk call (``compiled.values_of_seeds``), in
    chunks of ``GANG_CHUNK`` Gänge; the other rows are weighed reading by reading.
    ``backend`` ``"ray"`` sends the chunks and the readings as tasks to a Ray cluster,
    ``workers`` above 1 to that many local processes (``backends.run_map``; the same
    counts). Raises ``InvalidArgumentError`` for an unknown ``play`` or backend or a count
    of workers out of range and ``SchwingetError`` when it needs the compiled solver and it
    is not built.
    """
    _check_play(play)
    if play == "random":
        raise InvalidArgumentError("play", "random play is impact.measure's table: choose solver or a bot")
    if games is not None:
        check_int(games, "games", minimum=1, maximum=MAX_GAMES)
    check_int(seed, "seed", minimum=0, maximum=MASK64)
    if progress is not None:
        check_callable(progress, "progress")
    check_backend(backend)
    check_workers(workers)
    chosen = plan(switches)
    done: dict[int, StrongCounts] = {}
    if play == "solver":
        gang = [i for i, (name, _) in enumerate(chosen) if LEVELS[name] == "gang"]
        solved = _solved_gang_counts([chosen[i] for i in gang], runs_for("gang", games), seed, progress,
                                     backend=backend, workers=workers)
        done.update(zip(gang, solved, strict=True))
    rest = [i for i in range(len(chosen)) if i not in done]
    if backend == "ray" or workers > 1:
        jobs = [(play, *chosen[i], runs_for(LEVELS[chosen[i][0]], games), seed) for i in rest]
        for i, job, counts in zip(rest, jobs, run_map(_job, jobs, backend, workers), strict=True):
            done[i] = counts
            if progress is not None:
                progress(total(play, games, [job[1]]) // 2 // len(readings(job[1])))
    else:
        weigher = Weigher(play) if weigher is None else weigher
        for i in rest:
            name, reading = chosen[i]
            level = LEVELS[name]
            rules = (Rules(), attrs.evolve(Rules(), **{name: reading}))
            done[i] = _COUNTS[level](weigher, rules, runs_for(level, games), seed, progress)
    return [done[i] for i in range(len(chosen))]


def weigh(
    play: str, games: int | None = None, seed: int = 0, switches: Sequence[str] | None = None,
    progress: Progress | None = None, *, backend: str = "local", workers: int = 1,
) -> list[ImpactRow]:
    """``impact.measure``'s rows, each with ``strong`` (``strong_counts``, on ``backend`` with ``workers``) unless ``play`` is ``"random"``; one progress over both."""
    _check_play(play)
    check_backend(backend)
    check_workers(workers)
    rows = measure(games, seed, switches, progress)
    if play == "random":
        return rows
    counts = strong_counts(play, games, seed, switches, progress=progress, backend=backend, workers=workers)
    return [attrs.evolve(row, strong=c) for row, c in zip(rows, counts, strict=True)]


def total(play: str, games: int | None = None, switches: Sequence[str] | None = None) -> int:
    """How many Gänge ``weigh`` plays or solves in all (both readings counted), for a progress bar."""
    once = total_gaenge(games, switches)
    return once if _check_play(play) == "random" else 2 * once
