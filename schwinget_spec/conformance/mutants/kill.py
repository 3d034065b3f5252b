"""The kill matrix: a default ``conformance run`` against each mutant, and which route caught it, after how many games, naming which clause."""

from __future__ import annotations

import re
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from schwinget_spec.conformance.harness.run import HarnessReport, run_harness
from schwinget_spec.conformance.mutants.engine import mutant_engine
from schwinget_spec.conformance.mutants.registry import Mutant
from schwinget_spec.conformance.protocol.engine_session import ClientFactory, LoopbackClient
from schwinget_spec.conformance.protocol.reference_server import ReferenceEngine, ReferenceServer

__all__ = [
    "Kill",
    "KillMatrix",
    "format_markdown",
    "format_matrix",
    "kill_matrix",
    "loopback_factory",
    "matrix_totals",
    "mutant_command",
    "mutant_loopback",
    "published_rows",
    "run_mutant",
]


def mutant_command(mutant_id: str) -> list[str]:
    """The command that serves a mutant behind the protocol, as ``conformance run`` starts it."""
    return [sys.executable, "-m", "schwinget_spec.conformance.mutants.engine", mutant_id]


def loopback_factory(engine: Callable[[], ReferenceEngine]) -> ClientFactory:
    """Starts a new ``engine()`` in process behind the protocol per call (``run_harness(client_factory=...)``): a loopback, every request and answer still a JSON line."""

    def start() -> LoopbackClient:
        return LoopbackClient(ReferenceServer(engine()).handle)

    return start


def mutant_loopback(mutant_id: str) -> ClientFactory:
    """Starts a new engine of the mutant ``mutant_id`` in process per call, for ``run_harness(mutant_command(mutant_id), client_factory=...)``."""
    return loopback_factory(lambda: mutant_engine(mutant_id))


@attrs.frozen
class Kill:
    """What one run did to one mutant.

    ``route``: where the divergence came from (``vectors``, ``steered play``, ``random
    play``, or a level's ``... vectors`` / ``... play``); ``games``: the games of that
    route's level played up to and including the one that caught it (Gänge for the Gang
    level, Gänge scored, matches or Schwingfeste); ``named``: the clause the report
    named; ``catch``: ``exact`` (the broken clause), ``neighbour`` (one of the mutant's
    neighbours), ``other``, ``survived``, or ``unconfirmed`` (twice a divergence that did
    not diverge again on a fresh engine). ``retried``: the first run's divergence was not
    confirmed on a fresh engine, so the run was made again.
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
    retried: bool = False

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
            "retried": self.retried,
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
            "unconfirmed": self.count("unconfirmed"),
            "retried": sum(1 for k in self.kills if k.retried),
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
        # vectors are played first, then the random Gänge, then the steered ones
        games = report.gang_first_failure_at
        fresh = d.fresh
    elif level_divergence is not None:
        named, source, level = level_divergence.clause_id, level_divergence.source, level_divergence.level
        route = f"{level} " + ("vectors" if source.startswith("vector") else "play")
        first_at = {c.level: c.first_failure_at for c in levels.checks} if levels is not None else {}
        games = first_at.get(level)
        fresh = level_divergence.fresh
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


def _unconfirmed(report: HarnessReport) -> bool:
    """True if the run's divergence did not diverge again on a fresh engine: a request that timed out on a loaded machine, say."""
    if report.divergence is not None:
        return report.divergence.fresh == "not_reproduced"
    return report.levels is not None and report.levels.divergence is not None and report.levels.divergence.fresh == "not_reproduced"


def run_mutant(mutant: Mutant, *, in_process: bool = False, games: int = 100, seed: int = 0) -> tuple[Kill, HarnessReport]:
    """A default ``conformance run`` against ``mutant`` (a subprocess behind the protocol, or in process through a loopback) and its row of the matrix.

    A mutant is deterministic, so a divergence that does not reproduce on a fresh engine
    comes from the machine (a request past ``--timeout`` under load): the run is made
    once more, and the row says so (``retried``).
    """
    started = time.perf_counter()

    def one() -> HarnessReport:
        factory = mutant_loopback(mutant.id) if in_process else None
        # the matrix names the first divergence of the run: each level stops at its first
        return run_harness(mutant_command(mutant.id), games=games, seed=seed, client_factory=factory, max_failures_per_level=1)

    report = one()
    retried = _unconfirmed(report)
    if retried:
        report = one()
    kill = _judge(mutant, report, time.perf_counter() - started)
    if _unconfirmed(report):
        kill = attrs.evolve(kill, caught=False, catch="unconfirmed")
    return attrs.evolve(kill, retried=retried), report


def kill_matrix(
    mutants: Sequence[Mutant],
    *,
    in_process: bool = False,
    games: int = 100,
    seed: int = 0,
    progress: Callable[[int, int, str], None] | None = None,
) -> KillMatrix:
    """The kill matrix of ``mutants``: a default run against each, one after the other.

    ``progress(done, total, mutant_id)`` is called before each run and once at the end (with an empty id).
    """
    started = time.perf_counter()
    kills = []
    for done, mutant in enumerate(mutants):
        if progress is not None:
            progress(done, len(mutants), mutant.id)
        kills.append(run_mutant(mutant, in_process=in_process, games=games, seed=seed)[0])
    if progress is not None:
        progress(len(mutants), len(mutants), "")
    return KillMatrix(tuple(kills), in_process, games, seed, time.perf_counter() - started)


def matrix_totals(matrix: KillMatrix) -> str:
    """The totals line: killed, how many naming the broken clause or a neighbour, survivors (no times: they vary by run)."""
    killed = sum(1 for k in matrix.kills if k.caught)
    return (
        f"{killed} of {len(matrix.kills)} mutants killed ({matrix.count('exact')} naming the broken clause, "
        f"{matrix.count('neighbour')} a neighbouring clause, {matrix.count('other')} another clause); "
        f"{matrix.count('survived')} survived"
        + (f", {matrix.count('unconfirmed')} unconfirmed" if matrix.count("unconfirmed") else "")
        + f" (default runs: --games {matrix.games} --seed {matrix.seed})"
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


_MARKDOWN_ROW = re.compile(
    r"^\| `(?P<id>[^`]+)` \| `(?P<clause>[^`]+)` \| (?P<what>.*) \| (?P<route>[^|]+) \| (?P<games>[^|]+) \| "
    r"(?P<named>[^|]+) \| (?P<catch>[^|]+) \|$"
)


def published_rows(text: str) -> dict[str, dict[str, str]]:
    """The rows of a kill matrix that ``format_markdown`` wrote into ``text`` between ``<!-- kill-matrix:start -->`` and ``<!-- kill-matrix:end -->``, by mutant id.

    Each row has ``clause``, ``what``, ``route``, ``games``, ``named`` (without the
    backquotes, ``-`` for none) and ``catch``, as printed.
    """
    block = text.split("<!-- kill-matrix:start -->")[1].split("<!-- kill-matrix:end -->", maxsplit=1)[0]
    rows = {}
    for line in block.splitlines():
        found = _MARKDOWN_ROW.match(line.strip())
        if found:
            row = {k: v.strip() for k, v in found.groupdict().items()}
            row["named"] = row["named"].strip("`")
            rows[row["id"]] = row
    return rows


def format_matrix(matrix: KillMatrix, width: int | None = None) -> str:
    """The kill matrix as a text table, then the totals; narrower than the table, each mutant as a few lines of at most ``width`` columns.

    Lines are wrapped between words only: an identifier is never cut.
    """
    header = ("mutant", "breaks", "caught by", "games", "named clause", "catch", "s")
    rows = [
        (
            k.mutant.id,
            k.mutant.clause_id,
            k.route,
            "-" if k.games is None else str(k.games),
            k.named or "-",
            k.catch,
            f"{k.seconds:.1f}" + (" (retried)" if k.retried else ""),
        )
        for k in matrix.kills
    ]
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in (header, *rows)]
    how = "in process (loopback)" if matrix.in_process else "as subprocesses"
    totals = f"{matrix_totals(matrix)}, {how}, {matrix.seconds:.0f} s in all"
    if width is None:
        return "\n".join([*lines, "", totals])
    if max(len(line) for line in lines) > width:
        lines = []
        for mutant, breaks, route, games, named, catch, seconds in rows:
            caught = f"caught by {route} after {games} games" if games != "-" else route
            lines.append(_wrapped(f"{mutant}: {caught}, {catch}, {seconds} s", width))
            lines.append(_wrapped(f"breaks {breaks}, named {named}", width, indent="    "))
    return "\n".join([*lines, "", _wrapped(totals, width)])


def _wrapped(text: str, width: int, indent: str = "") -> str:
    return textwrap.fill(
        text, max(width, 20), initial_indent=indent, subsequent_indent=indent + "  ",
        break_long_words=False, break_on_hyphens=False,
    )
