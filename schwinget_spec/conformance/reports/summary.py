"""One JSON report of ``conformance run`` read into cells: per clause, named situation, level and vector, passed, failed (with the reproduction), not reached or skipped."""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.conformance.harness.coverage import clause_level
from schwinget_spec.conformance.harness.exercised import ENOUGH
from schwinget_spec.conformance.harness.scorecard import LevelScore, Scorecard
from schwinget_spec.conformance.harness.situations import SITUATIONS, gang_situations
from schwinget_spec.conformance.protocol.messages import LEVELS
from schwinget_spec.conformance.reports.run_file import run_file_problem
from schwinget_spec.errors import SchwingetError
from schwinget_spec.rules import Rules

__all__ = [
    "LEVEL_NAMES",
    "LEVEL_TEXT",
    "Cell",
    "CellStatus",
    "Failure",
    "ReportFileError",
    "RunSummary",
    "clause_level",
    "load_report",
    "situation_descriptions",
    "summarise",
    "summarise_readings",
]

LEVEL_NAMES: tuple[str, ...] = LEVELS
"""The protocol's levels, in order (``protocol.LEVELS``)."""
LEVEL_TEXT: dict[str, str] = {
    "gang": "the play of a Gang: legal actions, states, the result",
    "scoring": "the points of a finished Gang under both systems",
    "match": "whole matches: the starter of each Gang, the totals, the winner",
    "schwingfest": "whole Schwingfeste: the schedule, the starters, the standings",
}
"""What each level checks, for the report page."""



class ReportFileError(SchwingetError, ValueError):
    """A report file that cannot be read as a JSON report of ``conformance run``; names the file."""

    def __init__(self, reason: str, *, path: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path


class CellStatus(enum.Enum):
    """What one run says of one clause, situation, level or vector."""

    PASSED = "passed"
    """Exercised by games the implementation agreed on."""
    FAILED = "failed"
    """The run's divergence names it; the reproduction goes with it."""
    NOT_REACHED = "not_reached"
    """Of a level the run checked, but no game exercised it (or the run stopped before it)."""
    SKIPPED = "skipped"
    """Not checked: the implementation does not declare its level, a skip list left it out, or (a situation) the rules it plays rule it out."""
    NOT_OBSERVABLE = "not_observable"
    """No run can exercise it (the coverage says why)."""
    UNKNOWN = "unknown"
    """The report carries no coverage to tell."""


@attrs.frozen
class Cell:
    """One cell of the matrix: the status, how many games exercised it (None if unknown), and a short note."""

    status: CellStatus
    count: int | None = None
    note: str = ""


@attrs.frozen
class Failure:
    """A divergence of the run, at the Gang level or beyond: what differs, the clause, and how to replay it.

    ``reproduction`` is the Gang reproduction of the JSON report (deal, starter, rules,
    actions, protocol lines), None for a level divergence, whose ``requests`` replay it.
    ``fresh`` says whether the reproduction diverged again on a freshly started engine.
    """

    level: str
    kind: str
    message: str
    source: str
    clause_id: str | None
    field: str | None
    expected: Any
    actual: Any
    reproduction: Mapping[str, Any] | None
    requests: tuple[str, ...]
    fresh: str | None
    stderr: str


@attrs.frozen
class RunSummary:
    """One JSON report read into the cells of the matrix; ``label`` names its column."""

    label: str
    implementation: str
    verdict: str
    passed: bool
    facts: tuple[tuple[str, str], ...]
    failures: tuple[Failure, ...]
    clauses: tuple[tuple[str, Cell], ...]
    situations: tuple[tuple[str, Cell], ...]
    levels: tuple[tuple[str, Cell], ...]
    vectors: tuple[tuple[str, Cell], ...]
    has_coverage: bool
    scorecard: Scorecard | None = None
    """The run's scorecard (per level games and vectors passed, failed and skipped), None for a report from before it."""

    def cell(self, group: str, key: str) -> Cell:
        """The cell of ``key`` in ``group`` (``clauses``, ``situations``, ``levels``, ``vectors``); unknown if the report has none."""
        rows: tuple[tuple[str, Cell], ...] = getattr(self, group)
        for name, cell in rows:
            if name == key:
                return cell
        return Cell(CellStatus.UNKNOWN)


def situation_descriptions() -> dict[str, tuple[str, str, tuple[str, ...]]]:
    """Each named situation of ``conformance.situations``: its level, description and clauses."""
    return {s.name: (s.level, s.description, tuple(s.clauses)) for s in SITUATIONS}


def load_report(path: str | Path) -> dict[str, Any]:
    """The JSON report in the file ``path``; raises ``ReportFileError`` for a missing, unreadable or foreign file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ReportFileError("no such file", path=str(path)) from None
    except IsADirectoryError:
        raise ReportFileError("is a directory, not a report", path=str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ReportFileError(f"cannot be read: {exc}", path=str(path)) from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ReportFileError(f"is not JSON: {exc}", path=str(path)) from None
    except RecursionError:
        raise ReportFileError("is not JSON: nested too deeply", path=str(path)) from None
    if not isinstance(data, dict) or not isinstance(data.get("implementation"), str) or "passed" not in data:
        raise ReportFileError(
            "is not a report of 'schwinget conformance run --json' (it needs 'implementation' and 'passed')",
            path=str(path),
        )
    # every field the writers read, of the type they read it as (reports/run_file.py), before any is used
    problem = run_file_problem(data)
    if problem is not None:
        where, reason = problem
        raise ReportFileError(f"{where or 'the report'}: {reason}", path=str(path))
    return data


def _failure_of(d: Mapping[str, Any], level: str) -> Failure:
    requests = d.get("requests") or ()
    return Failure(
        level=str(d.get("level", level)),
        kind=str(d.get("kind", "")),
        message=str(d.get("message", "")),
        source=str(d.get("source", "")),
        clause_id=d.get("clause_id") if isinstance(d.get("clause_id"), str) else None,
        field=d.get("field") if isinstance(d.get("field"), str) else None,
        expected=d.get("expected"),
        actual=d.get("actual"),
        reproduction=d.get("reproduction") if isinstance(d.get("reproduction"), Mapping) else None,
        requests=tuple(str(r) for r in requests) if isinstance(requests, list) else (),
        fresh=d.get("fresh") if isinstance(d.get("fresh"), str) else None,
        stderr=str(d.get("stderr", "")),
    )


_WORSE = (CellStatus.FAILED, CellStatus.NOT_REACHED, CellStatus.PASSED, CellStatus.SKIPPED, CellStatus.NOT_OBSERVABLE, CellStatus.UNKNOWN)
"""The statuses of a vector cell, the worst first: a vector listed at two levels shows the worse."""


def _scorecard(data: Mapping[str, Any]) -> Scorecard | None:
    """The run's scorecard, None for a report from before it (its levels carry no ``status``)."""
    levels = data.get("scorecard")
    if not isinstance(levels, list) or not levels or not all(isinstance(s, Mapping) and "status" in s for s in levels):
        return None
    verdict = data.get("verdict")
    bound = data.get("max_failures_per_level")
    return Scorecard.from_json(levels, verdict if isinstance(verdict, str) else "", bound if isinstance(bound, int) else None)


def _level_cell(score: LevelScore) -> Cell:
    """A level's cell, as the scorecard has it: failed with the games failed, passed with the games passed, else why not checked."""
    figures = (
        f"{score.games_played} {score.unit} played: {score.games_passed} passed, {score.games_failed} failed, "
        f"{score.games_skipped} not played"
    )
    if score.status == "failed":
        return Cell(CellStatus.FAILED, score.games_failed, figures)
    if score.status == "passed":
        return Cell(CellStatus.PASSED, score.games_passed, figures)
    if score.status == "not_declared":
        return Cell(CellStatus.SKIPPED, note="not declared by the implementation")
    return Cell(CellStatus.NOT_REACHED, note=score.note or "declared, not checked")


def _readings_text(data: Mapping[str, Any]) -> str:
    """The readings the run played, per declared switch its values (``readings_played``), empty if the report has none."""
    readings = data.get("readings_played")
    if not isinstance(readings, Mapping):
        return ""
    return "; ".join(
        f"{name}: {', '.join(_value_text(v) for v in values)}" for name, values in readings.items() if isinstance(values, list)
    ) or "none declared (the defaults)"


def _undeclared_text(data: Mapping[str, Any]) -> str:
    """The switches and values the engine did not declare and what the run held them at (``undeclared``), empty if none or not known."""
    entries = data.get("undeclared")
    if not isinstance(entries, list):
        return ""
    return "; ".join(str(e.get("text", "")) for e in entries if isinstance(e, Mapping))


def _exercised_text(data: Mapping[str, Any], *, thin: bool) -> str:
    """The declared values no game separated (``thin`` False), or those fewer than ``exercised.ENOUGH`` did, with their counts; empty if none or not known."""
    entries = [e for e in data.get("exercised") or [] if isinstance(e, Mapping) and isinstance(e.get("separating"), int)]
    if thin:
        chosen = [e for e in entries if 0 < e["separating"] < ENOUGH]
        return ", ".join(f"{e.get('switch')}={_value_text(e.get('value'))} {e['separating']}" for e in chosen)
    return ", ".join(f"{e.get('switch')}={_value_text(e.get('value'))}" for e in entries if e["separating"] == 0)


def _value_text(value: object) -> str:
    return "true" if value is True else "false" if value is False else str(value)


def _verdict(data: Mapping[str, Any], failures: Sequence[Failure]) -> str:
    if isinstance(data.get("verdict"), str) and data["verdict"] and _scorecard(data) is not None:
        # the scorecard's verdict, as the run wrote it
        return str(data["verdict"])
    if data.get("startup_error"):
        # the run's own verdict names a malformed hello and its path (FAILED TO START: malformed hello at $.x)
        written = data.get("verdict")
        return written if isinstance(written, str) and written.startswith("FAILED TO START") else "FAILED TO START"
    if failures:
        return "DIVERGES at " + ", ".join(dict.fromkeys(f.level for f in failures))
    if data.get("stopped_at_deadline"):
        return "STOPPED AT THE DEADLINE"
    if isinstance(data.get("verdict"), str) and data["verdict"]:
        return str(data["verdict"])
    if data.get("passed"):
        not_checked = data.get("levels_not_checked") or []
        return "PASSED" + (f" (not checked: {', '.join(not_checked)})" if not_checked else "")
    return "FAILED"


def _reached_by_reproduction(reproduction: Mapping[str, Any] | None) -> frozenset[str]:
    """The named situations the reproduction's legal prefix shows (empty when it cannot be replayed)."""
    if reproduction is None:
        return frozenset()
    try:
        from schwinget_spec.conformance.reports.game import replay_prefix  # noqa: PLC0415

        deal, starter, rules, actions = replay_prefix(reproduction)
        found = gang_situations(deal, starter, actions, rules)
    except (SchwingetError, TypeError, ValueError, KeyError):
        return frozenset()
    return frozenset(str(s) for s in found)


def summarise(data: Mapping[str, Any], label: str | None = None) -> RunSummary:
    """The cells of one JSON report of ``conformance run`` (``HarnessReport.to_json``)."""
    failures: list[Failure] = []
    gang_failures = data.get("gang_failures")
    # the divergence is the Gang level's first failure, unless only a Gang inside a level diverged (it is listed there)
    if isinstance(data.get("divergence"), Mapping) and (gang_failures is None or gang_failures):
        failures.append(_failure_of(data["divergence"], "gang"))
    failures.extend(_failure_of(d, "gang") for d in list(gang_failures or [])[1:] if isinstance(d, Mapping))
    level_failures = [
        # a failure is listed under the level whose game diverged (a Gang that diverged inside a match fails the match)
        attrs.evolve(_failure_of(d, "?"), level=str(entry.get("level", "?")))
        for entry in data.get("levels") or []
        if isinstance(entry, Mapping) and isinstance(entry.get("failures"), list)
        for d in entry["failures"] if isinstance(d, Mapping)
    ]
    if not level_failures and isinstance(data.get("level_divergence"), Mapping):
        # a report from before the levels listed their failures
        level_failures.append(_failure_of(data["level_divergence"], "?"))
    failures.extend(level_failures)
    failed_clauses = {f.clause_id for f in failures if f.clause_id}
    coverage = data.get("coverage") if isinstance(data.get("coverage"), Mapping) else None
    level_entries = [entry for entry in data.get("levels") or [] if isinstance(entry, Mapping)]
    checked_levels = set(data.get("levels_checked") or (coverage or {}).get("checked") or ())
    if not checked_levels and not level_entries:
        # a report from before the levels: the Gang's play only
        checked_levels = {"gang"}
    unobservable = dict((coverage or {}).get("unobservable_clauses") or {})
    counts = dict((coverage or {}).get("clauses") or {})
    clause_cells: list[tuple[str, Cell]] = []
    for clause_id in CLAUSES:
        level = clause_level(clause_id)
        if clause_id in failed_clauses:
            cell = Cell(CellStatus.FAILED, counts.get(clause_id))
        elif clause_id in unobservable:
            cell = Cell(CellStatus.NOT_OBSERVABLE, note=str(unobservable[clause_id]))
        elif level not in checked_levels:
            cell = Cell(CellStatus.SKIPPED, note=f"the {level} level was not checked")
        elif coverage is None:
            cell = Cell(CellStatus.UNKNOWN)
        elif int(counts.get(clause_id, 0)) > 0:
            cell = Cell(CellStatus.PASSED, int(counts[clause_id]))
        else:
            cell = Cell(CellStatus.NOT_REACHED, 0)
        clause_cells.append((clause_id, cell))
    described = situation_descriptions()
    situation_counts = dict((coverage or {}).get("situations") or {})
    impossible = set((coverage or {}).get("impossible_situations") or ())
    in_reproduction = _reached_by_reproduction(failures[0].reproduction) if failures else frozenset()
    situation_cells: list[tuple[str, Cell]] = []
    for name in dict.fromkeys([*described, *situation_counts]):
        level = described.get(name, ("gang", "", ()))[0]
        n = situation_counts.get(name)
        if name in in_reproduction:
            cell = Cell(CellStatus.FAILED, n, "the reproduction shows it")
        elif level not in checked_levels:
            cell = Cell(CellStatus.SKIPPED, note=f"the {level} level was not checked")
        elif name in impossible and not n:
            cell = Cell(CellStatus.SKIPPED, 0, "impossible under the rules the implementation plays")
        elif n is None:
            cell = Cell(CellStatus.UNKNOWN)
        elif int(n) > 0:
            cell = Cell(CellStatus.PASSED, int(n))
        else:
            cell = Cell(CellStatus.NOT_REACHED, 0)
        situation_cells.append((name, cell))
    failed_levels = {f.level for f in failures}
    level_cells: list[tuple[str, Cell]] = []
    by_level = {str(e.get("level")): e for e in level_entries}
    card = _scorecard(data)
    for level in LEVEL_NAMES if card is not None else []:
        score = None if card is None else card.level(level)
        level_cells.append((level, Cell(CellStatus.SKIPPED, note="the run did not check this level") if score is None else _level_cell(score)))
    for level in LEVEL_NAMES if card is None else []:
        entry = by_level.get(level)
        if level in failed_levels:
            cell = Cell(CellStatus.FAILED, None if entry is None else entry.get("played"))
        elif entry is None and level != "gang":
            cell = Cell(CellStatus.SKIPPED, note="the run did not check this level")
        elif entry is None:
            cell = Cell(CellStatus.PASSED if data.get("passed") else CellStatus.NOT_REACHED)
            if not data.get("passed"):
                cell = Cell(CellStatus.NOT_REACHED, note="the run did not finish")
        elif not entry.get("declared"):
            cell = Cell(CellStatus.SKIPPED, note="not declared by the implementation")
        elif not entry.get("checked"):
            cell = Cell(CellStatus.NOT_REACHED, note=str(entry.get("note") or "declared, not checked"))
        else:
            cell = Cell(CellStatus.PASSED, int(entry.get("played") or 0))
        level_cells.append((level, cell))
    vector_cells: list[tuple[str, Cell]] = []
    level_results = [r for e in level_entries if e.get("level") != "gang" for r in e.get("vector_results") or []]
    index: dict[str, int] = {}
    for entry in [*(data.get("vector_results") or []), *level_results]:
        if isinstance(entry, Mapping) and isinstance(entry.get("id"), str):
            status = CellStatus(entry.get("status", "unknown")) if entry.get("status") in CellStatus._value2member_map_ else CellStatus.UNKNOWN
            cell = Cell(status, note=str(entry.get("reason", "")))
            # a vector played at two levels (its Gänge, then its match) shows its worse outcome
            if entry["id"] not in index:
                index[entry["id"]] = len(vector_cells)
                vector_cells.append((entry["id"], cell))
            elif _WORSE.index(status) < _WORSE.index(vector_cells[index[entry["id"]]][1].status):
                vector_cells[index[entry["id"]]] = (entry["id"], cell)
    skipped_entries = [*(data.get("skipped") or []), *(s for e in level_entries for s in e.get("skipped") or [])]
    known = {v for v, _ in vector_cells}
    for entry in skipped_entries:
        if isinstance(entry, Mapping) and isinstance(entry.get("id"), str) and entry["id"] not in known:
            vector_cells.append((entry["id"], Cell(CellStatus.SKIPPED, note=str(entry.get("reason", "")))))
            known.add(entry["id"])
    implementation = str(data.get("implementation", "?"))
    verdict = _verdict(data, failures)
    facts = (
        ("verdict", verdict),
        ("readings played", _readings_text(data)),
        ("not declared", _undeclared_text(data)),
        ("declared, not exercised", _exercised_text(data, thin=False)),
        ("declared, thin evidence", _exercised_text(data, thin=True)),
        ("command", " ".join(str(c) for c in data.get("command") or [])),
        ("seed", str(data.get("seed", ""))),
        ("switches", ", ".join(data.get("switches") or []) or "none"),
        ("levels checked", ", ".join(sorted(checked_levels, key=_level_order))),
        (
            "played",
            f"{data.get('vectors_played', 0)} vectors ({data.get('vector_gaenge_played', 0)} Gänge), "
            f"{data.get('random_games_played', 0)} random and {data.get('steered_games_played', 0)} steered Gänge, "
            f"{data.get('actions_played', 0)} actions ({data.get('illegal_offered', 0)} illegal offered)",
        ),
        ("time", f"{data.get('elapsed_seconds', 0)} s"),
    )
    return RunSummary(
        label=label or implementation,
        implementation=implementation,
        verdict=verdict,
        passed=bool(data.get("passed")),
        facts=tuple((k, v) for k, v in facts if v),
        failures=tuple(failures),
        clauses=tuple(clause_cells),
        situations=tuple(situation_cells),
        levels=tuple(level_cells),
        vectors=tuple(vector_cells),
        has_coverage=coverage is not None,
        scorecard=card,
    )


def _level_order(level: str) -> int:
    return LEVEL_NAMES.index(level) if level in LEVEL_NAMES else len(LEVEL_NAMES)


def _reading_label(reading: Mapping[str, Any]) -> str:
    defaults = Rules()
    changed = [(k, v) for k, v in reading.items() if getattr(defaults, k, v) != v]
    return ", ".join(f"{k}={str(v).lower()}" for k, v in changed) or "default rules"


def summarise_readings(data: Mapping[str, Any], label: str | None = None) -> list[RunSummary]:
    """The run, and for a run with ``--all-readings`` one more column per reading (its label names the switches it sets otherwise)."""
    name = label or str(data.get("implementation", "?"))
    out = [summarise(data, name)]
    for entry in data.get("readings") or []:
        if isinstance(entry, Mapping) and isinstance(entry.get("reading"), Mapping):
            out.append(summarise(entry, f"{name} [{_reading_label(entry['reading'])}]"))
    return out
