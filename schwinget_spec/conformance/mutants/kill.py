"""The kill matrix: a default ``conformance run`` against each mutant, and which route caught it, after how many games, naming which clause."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import Any

import attrs

from schwinget_spec.conformance.engine_session import LoopbackClient
from schwinget_spec.conformance.harness import HarnessReport, run_harness
from schwinget_spec.conformance.mutants.engine import mutant_engine
from schwinget_spec.conformance.mutants.registry import Mutant
from schwinget_spec.conformance.reference_server import ReferenceServer

__all__ = [
    "Kill",
    "KillMatrix",
    "format_markdown",
    "format_matrix",
    "kill_matrix",
    "matrix_totals",
    "mutant_command",
    "run_mutant",
]


def mutant_command(mutant_id: str) -> list[str]:
    """The command that serves a mutant behind the protocol, as ``conformance run`` starts it."""
    return [sys.executable, "-m", "schwinget_spec.conformance.mutants.engine", mutant_id]


@attrs.frozen
class Kill:
    """What one run did to one mutant.

    ``route``: where the divergence came from (``vectors``, ``steered play``, ``random
    play``, or a level's ``... vectors`` / ``... play``); ``games``: the games of that
    route's level played up to and including the one that caught it (Gänge for the Gang
    level, Gänge scored, matches or Schwingfeste); ``named``: the clause the report
    named; ``catch``: ``exact`` (the broken clause), ``neighbour`` (one of the mutant's
    neighbours), ``other``, or ``survived``.
    """

    mutant: Mutant
    caught: bool
    route: str
    level: str | None
    games: int | None
    named: str | None
    catch: str
    source: str
    fresh: str | None
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """The row as a JSON object."""
        return {
            "mutant": self.mutant.id,
            "clause": self.mutant.clause_id,
            "description": self.mutant.description,
            "engine": self.mutant.engine.__name__,
            "caught": self.caught,
            "route": self.route,
            "level": self.level,
            "games": self.games,
            "named_clause": self.named,
            "catch": self.catch,
            "source": self.source,
            "fresh": self.fresh,
            "seconds": round(self.seconds, 2),
        }


@attrs.frozen
class KillMatrix:
    """The kills of a set of mutants, with how the runs were made and how long they took."""

    kills: tuple[Kill, ...]
    in_process: bool
    games: int
    seed: int
    seconds: float

    @property
    def all_killed(self) -> bool:
        """True if every mutant was caught."""
        return all(k.caught for k in self.kills)

    def count(self, catch: str) -> int:
        """How many kills were ``exact``, ``neighbour``, ``other`` or ``survived``."""
        return sum(1 for k in self.kills if k.catch == catch)

    def to_json(self) -> dict[str, Any]:
        """The matrix as a JSON object."""
        return {
            "mutants": len(self.kills),
            "killed": sum(1 for k in self.kills if k.caught),
            "exact": self.count("exact"),
            "neighbour": self.count("neighbour"),
            "other": self.count("other"),
            "survived": self.count("survived"),
            "in_process": self.in_process,
            "games": self.games,
            "seed": self.seed,
            "seconds": round(self.seconds, 1),
            "kills": [k.to_json() for k in self.kills],
        }


def _route(source: str) -> str:
    if source.startswith("vector"):
        return "vectors"
    if "steered" in source:
        return "steered play"
    return "random play"


def _judge(mutant: Mutant, report: HarnessReport, seconds: float) -> Kill:
    levels = report.levels
    level_divergence = None if levels is None else levels.divergence
    if report.divergence is not None:
        d = report.divergence
        named, source, level = d.clause_id, d.source, "gang"
        route = _route(source)
        if route == "vectors":
            games = report.vector_gaenge_played + 1
        elif route == "steered play":
            games = report.vector_gaenge_played + report.steered_games_played + 1
        else:
            games = report.games_played + 1
        fresh = d.fresh
    elif level_divergence is not None:
        named, source, level = level_divergence.clause_id, level_divergence.source, level_divergence.level
        route = f"{level} " + ("vectors" if source.startswith("vector") else "play")
        played = {c.level: c.played for c in levels.checks} if levels is not None else {}
        games = played.get(level, 0) + 1
        fresh = None
    elif report.startup_error is not None:
        return Kill(mutant, True, "start", None, 0, None, "other", report.startup_error[:80], None, seconds)
    else:
        return Kill(mutant, False, "-", None, None, None, "survived", "", None, seconds)
    if named == mutant.clause_id:
        catch = "exact"
    elif named in mutant.neighbours:
        catch = "neighbour"
    else:
        catch = "other"
    return Kill(mutant, True, route, level, games, named, catch, source, fresh, seconds)


def run_mutant(mutant: Mutant, *, in_process: bool = False, games: int = 100, seed: int = 0) -> tuple[Kill, HarnessReport]:
    """A default ``conformance run`` against ``mutant`` (a subprocess behind the protocol, or in process through a loopback) and its row of the matrix."""
    started = time.perf_counter()
    if in_process:

        def start() -> LoopbackClient:
            return LoopbackClient(ReferenceServer(mutant_engine(mutant.id)).handle)

        report = run_harness(mutant_command(mutant.id), games=games, seed=seed, client_factory=start)
    else:
        report = run_harness(mutant_command(mutant.id), games=games, seed=seed)
    return _judge(mutant, report, time.perf_counter() - started), report


def kill_matrix(mutants: Sequence[Mutant], *, in_process: bool = False, games: int = 100, seed: int = 0) -> KillMatrix:
    """The kill matrix of ``mutants``: a default run against each, one after the other."""
    started = time.perf_counter()
    kills = tuple(run_mutant(m, in_process=in_process, games=games, seed=seed)[0] for m in mutants)
    return KillMatrix(kills, in_process, games, seed, time.perf_counter() - started)


def matrix_totals(matrix: KillMatrix) -> str:
    """The totals line: killed, how many naming the broken clause or a neighbour, survivors (no times: they vary by run)."""
    killed = sum(1 for k in matrix.kills if k.caught)
    return (
        f"{killed} of {len(matrix.kills)} mutants killed ({matrix.count('exact')} naming the broken clause, "
        f"{matrix.count('neighbour')} a neighbouring clause, {matrix.count('other')} another clause); "
        f"{matrix.count('survived')} survived (default runs: --games {matrix.games} --seed {matrix.seed})"
    )


def format_markdown(matrix: KillMatrix) -> str:
    """The kill matrix as a markdown table without times (what docs/harness.md shows), then the totals."""
    lines = [
        "| mutant | breaks | what it does | caught by | games | named clause | catch |",
        "|---|---|---|---|---|---|---|",
    ]
    for k in matrix.kills:
        games = "-" if k.games is None else str(k.games)
        named = "-" if k.named is None else f"`{k.named}`"
        lines.append(
            f"| `{k.mutant.id}` | `{k.mutant.clause_id}` | {k.mutant.description} | {k.route} | {games} | {named} | {k.catch} |"
        )
    lines.append("")
    lines.append(matrix_totals(matrix) + ".")
    return "\n".join(lines)


def format_matrix(matrix: KillMatrix) -> str:
    """The kill matrix as a text table, then the totals."""
    header = ("mutant", "breaks", "caught by", "games", "named clause", "catch", "s")
    rows = [
        (
            k.mutant.id,
            k.mutant.clause_id,
            k.route,
            "-" if k.games is None else str(k.games),
            k.named or "-",
            k.catch,
            f"{k.seconds:.1f}",
        )
        for k in matrix.kills
    ]
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in (header, *rows)]
    killed = sum(1 for k in matrix.kills if k.caught)
    how = "in process (loopback)" if matrix.in_process else "as subprocesses"
    lines.append("")
    lines.append(
        f"{killed} of {len(matrix.kills)} mutants killed ({matrix.count('exact')} naming the broken clause, "
        f"{matrix.count('neighbour')} a neighbouring clause, {matrix.count('other')} another clause); "
        f"{matrix.count('survived')} survived; default runs (--games {matrix.games} --seed {matrix.seed}) {how}, "
        f"{matrix.seconds:.0f} s in all"
    )
    return "\n".join(lines)
