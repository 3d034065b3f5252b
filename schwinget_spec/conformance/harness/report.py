"""What the conformance harness reports: the kinds of divergence, the divergences with their reproduction, the scorecard of a run, and its text for people."""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Iterable
from typing import Any

import attrs

from schwinget_spec.clauses import get_clause
from schwinget_spec.conformance.harness.coverage import Coverage
from schwinget_spec.conformance.harness.exercised import ENOUGH
from schwinget_spec.conformance.harness.games import SkippedVector
from schwinget_spec.conformance.harness.level_report import (
    LevelsReport,
    difference_lines,
    format_level_divergence,
    format_levels,
)
from schwinget_spec.conformance.harness.scorecard import (
    FirstFailure,
    LevelScore,
    Scorecard,
    counted_clauses,
    readings_phrase,
    vector_counts,
)
from schwinget_spec.conformance.protocol.messages import GANG_SWITCHES, gang_rules_to_json, start_message
from schwinget_spec.conformance.protocol.readings import SWITCH_NAMES, Readings, switch_values
from schwinget_spec.deal import Deal
from schwinget_spec.players import Player
from schwinget_spec.rules import Rules

__all__ = [
    "Divergence",
    "DivergenceKind",
    "HarnessReport",
    "ReadingReport",
    "format_report",
    "scorecard_lines",
    "startup_verdict",
    "verdict_line",
]


class DivergenceKind(enum.Enum):
    """How the implementation parted from the reference."""

    WRONG_STATE = "wrong_state"
    """A field of the state (``to_move``, ``tricks``, ``pile_size``, ``hands``) differs after an action or at the start."""
    WRONG_LEGAL_ACTIONS = "wrong_legal_actions"
    """The implementation offers an action the rules forbid, or does not offer one they allow."""
    WRONG_RESULT = "wrong_result"
    """A field of the result of the finished Gang differs."""
    ACCEPTED_ILLEGAL = "accepted_illegal"
    """The implementation accepted an action the rules forbid."""
    REFUSED_LEGAL = "refused_legal"
    """The implementation refused (or failed on) an action the rules allow."""
    PROTOCOL = "protocol"
    """The implementation broke the protocol: timeout, exit, a malformed or overlong answer."""


@attrs.frozen
class Divergence:
    """The first place where the implementation and the reference disagree, with a reproduction.

    The reproduction is ``deal``, ``starter``, ``rules`` and ``actions``: start the Gang,
    apply the actions, and the implementation diverges after the last one (or at the
    start when ``actions`` is empty and ``step`` is None). ``clause_id`` names the
    clause of the booklet the difference points at. ``original_length`` is the number of
    actions before shrinking, ``shrink_replays`` how many replays shrinking took.
    """

    kind: DivergenceKind
    message: str
    source: str
    deal: Deal
    starter: Player
    rules: Rules
    actions: tuple[str, ...]
    step: int | None
    field: str | None = None
    expected: Any = None
    actual: Any = None
    clause_id: str | None = None
    deal_seed: int | None = None
    original_length: int = 0
    shrink_replays: int = 0
    stderr: str = ""
    fresh: str | None = None
    """Whether the reproduction was confirmed on a freshly started implementation: ``"reproduced"``, ``"unshrunk"`` (the shrunk one did not diverge fresh, this unshrunk one did), ``"not_reproduced"`` (neither did), None (not checked)."""
    shrunk_length: int | None = None
    """With ``fresh`` ``"unshrunk"`` or ``"not_reproduced"``: the length of the shrunk reproduction that was set aside."""
    start_switches: tuple[str, ...] = GANG_SWITCHES
    """The switches the ``start`` line of ``protocol_lines`` sends: those the implementation's ``start`` was sent (the Gang switches it declared)."""
    explanations: tuple[str, ...] = ()
    """The readings under which the implementation's play of this Gang agrees, one report line each ("the engine plays AMB-... as `value`: declare it (...)", ``readings_profile.explanation_lines``); empty when none does or none was looked for."""

    @property
    def signature(self) -> tuple[DivergenceKind, str | None, str | None]:
        """What must stay the same while shrinking: the kind, the field and the clause."""
        return (self.kind, self.field, self.clause_id)

    def protocol_lines(self) -> list[str]:
        """The request lines that replay the reproduction against an implementation, ending with the request that shows the divergence."""
        lines = [json.dumps({"cmd": "hello"}), json.dumps(start_message(self.deal, self.starter, self.rules, self.start_switches))]
        lines.extend(json.dumps({"cmd": "apply", "action": a}) for a in self.actions)
        if self.kind is DivergenceKind.WRONG_LEGAL_ACTIONS:
            lines.append(json.dumps({"cmd": "legal"}))
        elif self.kind is DivergenceKind.WRONG_RESULT:
            lines.append(json.dumps({"cmd": "result"}))
        elif self.kind is DivergenceKind.WRONG_STATE:
            lines.append(json.dumps({"cmd": "state"}))
        return lines

    def to_json(self) -> dict[str, Any]:
        """The divergence as a JSON object; the clause's DE and FR text are added when a clause is named."""
        out: dict[str, Any] = {
            "kind": self.kind.value,
            "message": self.message,
            "source": self.source,
            "step": self.step,
            "field": self.field,
            "expected": self.expected,
            "actual": self.actual,
            "clause_id": self.clause_id,
            "reproduction": {
                "deal": self.deal.to_codes(),
                "deal_seed": self.deal_seed,
                "starter": self.starter.code,
                "rules": gang_rules_to_json(self.rules),
                "actions": list(self.actions),
                "protocol_lines": self.protocol_lines(),
            },
            "original_length": self.original_length,
            "shrink_replays": self.shrink_replays,
            "fresh": self.fresh,
            "shrunk_length": self.shrunk_length,
            "explanations": list(self.explanations),
        }
        if self.clause_id is not None:
            clause = get_clause(self.clause_id)
            out["clause_en"] = clause.en
            out["clause_de"] = clause.de
            out["clause_fr"] = clause.fr
        if self.stderr:
            out["stderr"] = self.stderr
        return out


@attrs.frozen
class HarnessReport:
    """What one harness run did and found: ``divergence`` is None when the implementation passed.

    ``startup_error`` is set when the implementation could not be started or did not
    answer ``hello`` properly; then nothing was played. ``not_started`` tells the first
    from the second: the command could not be run at all (not found, not executable), a
    problem of the environment rather than a verdict on the implementation. ``vectors_played`` counts vectors,
    ``vector_gaenge_played`` the Gänge they hold; ``vectors_other`` the vectors of the
    suite the Gang lock step does not play (perft counts, malformed documents);
    ``skipped`` the vectors left out, each with its reason, and ``stale_skips`` the ids of
    those the skip list left out that the implementation now passes. ``coverage`` is what
    the run exercised, per clause and named situation. ``readings`` holds one report per
    reading under ``--all-readings``.
    """

    implementation: str
    command: tuple[str, ...]
    seed: int
    vectors_played: int
    random_games_played: int
    actions_played: int
    illegal_offered: int
    elapsed_seconds: float
    divergence: Divergence | None = None
    startup_error: str | None = None
    startup_kind: str | None = None
    """The kind of the startup failure (``ProtocolError.kind``: ``malformed`` for a hello that breaks the protocol, ``timeout``, ``exited``, ...), None if it started or is not known."""
    not_started: bool = False
    """True if the command could not be run at all (``startup_error`` says why): the environment's fault, not the implementation's."""
    switches: tuple[str, ...] = ()
    deadline_seconds: float | None = None
    """The deadline of the whole run, in seconds (None for an in-process run, which has none)."""
    stopped_at_deadline: bool = False
    """True if the run stopped at its deadline before it played every game: it is not a pass."""
    levels: LevelsReport | None = None
    """The protocol levels (``level_report``): which were declared and checked, and a divergence beyond the Gang's play; None for an in-process run."""
    vector_gaenge_played: int = 0
    steered_games_played: int = 0
    vectors_other: int = 0
    skipped: tuple[SkippedVector, ...] = ()
    stale_skips: tuple[str, ...] = ()
    skiplist: str | None = None
    coverage: Coverage | None = None
    readings: tuple[ReadingReport, ...] = ()
    vector_results: tuple[tuple[str, str], ...] = ()
    """Each vector the run meant to play, in order, with ``passed``, ``failed`` or ``not_reached`` (the run stopped first): one JUnit test case each."""
    played_readings: Readings | None = None
    """The readings the run played and judged by: per declared switch its declared values, the others at their assumed values (None: not known, the run did not start)."""
    gang_failures: tuple[Divergence, ...] = ()
    """Every Gang of the Gang level that diverged, in the order played, up to ``max_failures_per_level``: the first is ``divergence`` (shrunk and confirmed), the others as found."""
    gang_failed_games: int = 0
    gang_bounded: bool = False
    """True if the Gang level stopped at ``max_failures_per_level`` failures before it played every game."""
    gang_note: str = ""
    """Why the Gang level stopped early, other than the bound (the implementation could not be started again)."""
    gang_first_failure_at: int | None = None
    """The Gänge of the Gang level up to and including its first diverging one (among the vector Gänge when that one came from a vector); None if none diverged."""
    max_failures_per_level: int | None = None
    """The bound on the diverging games of a level, after which it stops (None: not known, the run did not start)."""
    gang_games_skipped: int = 0
    """The Gänge the Gang level meant to play and did not (it stopped at the bound, at the deadline, or could not start the implementation again)."""
    exercised: tuple[tuple[str, bool | str, int], ...] = ()
    """Each declared value of the switches the run's levels put to the test, with the games played under it where it gives another answer than some other value of its switch (counted up to ``exercised.ENOUGH``)."""

    @property
    def not_exercised(self) -> tuple[tuple[str, bool | str], ...]:
        """The declared values the run met in no separating situation: declared, not exercised."""
        return tuple((n, v) for n, v, count in self.exercised if count == 0)

    @property
    def thin(self) -> tuple[tuple[str, bool | str, int], ...]:
        """The declared values met in fewer separating situations than ``exercised.ENOUGH``, but some."""
        return tuple((n, v, count) for n, v, count in self.exercised if 0 < count < ENOUGH)

    @property
    def not_default(self) -> tuple[tuple[str, bool | str], ...]:
        """The switches played at another value than their default in place of it (the engine does not play the default), each with that value."""
        return () if self.played_readings is None else self.played_readings.not_default

    @property
    def undeclared(self) -> tuple[tuple[str, bool | str, tuple[bool | str, ...]], ...]:
        """What the engine left out of ``hello``: per switch not declared, or declared without every value, the value the run held it at and the values it never played (empty when the run did not start)."""
        readings = self.played_readings
        if readings is None:
            return ()
        base = readings.base
        out: list[tuple[str, bool | str, tuple[bool | str, ...]]] = []
        for name in SWITCH_NAMES:
            played = readings.values_of(name)
            missing = tuple(v for v in switch_values(name) if v not in played)
            if missing:
                out.append((name, getattr(base, name), missing))
        return tuple(out)

    def undeclared_lines(self) -> list[str]:
        """One line per switch the engine did not declare in full: held at which value, which values not played, and the vectors left out because of it."""
        lines = []
        for name, held, missing in self.undeclared:
            declared = name in (self.played_readings or ())
            reasons = [v.reason for v in self.skipped if not v.by_skiplist]
            reasons += [reason for c in (self.levels.checks if self.levels else ()) for _, reason in c.skipped]
            vectors = [r for r in reasons if f"{name}=" in r]
            what = "declared without" if declared else "not declared: held at " + _json_value(held) + ", never played"
            left = f"; {len(vectors)} vectors left out for it" if vectors else ""
            lines.append(f"{name}: {what} {', '.join(_json_value(v) for v in missing)}{left}")
        return lines

    @property
    def passed(self) -> bool:
        """True if every game agreed with the reference and the run played them all."""
        levels_passed = self.levels is None or self.levels.passed
        readings_passed = all(r.report.passed for r in self.readings)
        return (
            self.divergence is None
            and self.startup_error is None
            and not self.stopped_at_deadline
            and levels_passed
            and readings_passed
        )

    def score(self) -> Scorecard:
        """The scorecard: per level the games and vectors passed, failed and skipped, the clauses failed, the first divergence; and the verdict (``verdict_line``)."""
        return Scorecard(self._level_scores(), verdict_line(self), self.max_failures_per_level)

    def _level_scores(self) -> tuple[LevelScore, ...]:
        first = self.divergence if self.divergence is not None else (self.gang_failures[0] if self.gang_failures else None)
        passed, failed, not_reached, skipped = vector_counts(s for _, s in self.vector_results)
        out = [LevelScore(
            "gang", True, self.startup_error is None,
            games_passed=self.games_played - self.gang_failed_games,
            games_failed=self.gang_failed_games,
            games_skipped=self.gang_games_skipped,
            vectors_passed=passed, vectors_failed=failed, vectors_not_reached=not_reached,
            vectors_skipped=skipped + len(self.skipped),
            clauses_failed=counted_clauses(d.clause_id for d in self.gang_failures),
            bounded=self.gang_bounded,
            note=self.gang_note,
            first_failure=None if first is None else FirstFailure(first.source, first.kind.value, first.clause_id, first.message),
        )]
        if self.levels is None:
            return tuple(out)
        for c in self.levels.checks:
            if c.level == "gang":
                continue
            passed, failed, not_reached, skipped = vector_counts(s for _, s in c.vector_results)
            f = c.failures[0] if c.failures else None
            out.append(LevelScore(
                c.level, c.declared, c.checked,
                games_passed=c.played, games_failed=c.failed, games_skipped=c.unplayed,
                vectors_passed=passed, vectors_failed=failed, vectors_not_reached=not_reached,
                vectors_skipped=skipped + len(c.skipped),
                clauses_failed=c.clauses_failed,
                bounded=c.bounded,
                note=c.note,
                first_failure=None if f is None else FirstFailure(f.source, f.kind, f.clause_id, f.message),
            ))
        return tuple(out)

    def scorecard(self) -> list[dict[str, Any]]:
        """The scorecard as JSON, one object per level (``Scorecard.to_json``)."""
        return self.score().to_json()

    @property
    def games_played(self) -> int:
        """Gänge of the Gang level played to a verdict (passed or failed) in lock step: from vectors, random and steered."""
        return self.vector_gaenge_played + self.random_games_played + self.steered_games_played

    def to_json(self) -> dict[str, Any]:
        """The report as a JSON object."""
        return {
            "passed": self.passed,
            "verdict": verdict_line(self),
            "implementation": self.implementation,
            "command": list(self.command),
            "seed": self.seed,
            "switches": list(self.switches),
            "vectors_played": self.vectors_played,
            "vector_gaenge_played": self.vector_gaenge_played,
            "vectors_other": self.vectors_other,
            "random_games_played": self.random_games_played,
            "steered_games_played": self.steered_games_played,
            "actions_played": self.actions_played,
            "illegal_offered": self.illegal_offered,
            "elapsed_seconds": round(self.elapsed_seconds, 3),
            "startup_error": self.startup_error,
            "startup_kind": self.startup_kind,
            "deadline_seconds": self.deadline_seconds,
            "stopped_at_deadline": self.stopped_at_deadline,
            "skiplist": self.skiplist,
            "skipped": [
                {
                    "id": v.id,
                    "reason": v.reason,
                    "gaenge": v.gaenge,
                    "by": "skiplist" if v.by_skiplist else "undeclared_switch",
                    **({"link": v.link} if v.link else {}),
                }
                for v in self.skipped
            ],
            "skipped_vectors": len(self.skipped),
            "skipped_gaenge": sum(v.gaenge for v in self.skipped),
            "stale_skips": list(self.stale_skips),
            "vector_results": [{"id": v, "status": status} for v, status in self.vector_results],
            "coverage": None if self.coverage is None else self.coverage.to_json(),
            "divergence": None if self.divergence is None else self.divergence.to_json(),
            "readings": [r.to_json() for r in self.readings],
            "readings_played": None if self.played_readings is None else self.played_readings.to_json(),
            "not_default": dict(self.not_default),
            "exercised": [{"switch": n, "value": v, "separating": count} for n, v, count in self.exercised],
            "not_exercised": [{"switch": n, "value": v} for n, v in self.not_exercised],
            "undeclared": [
                {"switch": n, "held_at": held, "not_played": list(missing), "text": text}
                for (n, held, missing), text in zip(self.undeclared, self.undeclared_lines(), strict=True)
            ],
            "max_failures_per_level": self.max_failures_per_level,
            "gang_failures": [d.to_json() for d in self.gang_failures],
            "gang_first_failure_at": self.gang_first_failure_at,
            "scorecard": self.scorecard(),
            **({} if self.levels is None else self.levels.to_json()),
        }


@attrs.frozen
class ReadingReport:
    """The report of the run under one reading: the value of every switch the implementation declares."""

    reading: tuple[tuple[str, bool], ...]
    report: HarnessReport

    def label(self) -> str:
        """The reading as the ``name=value`` pairs that differ from the default rules (``default rules`` for none)."""
        defaults = Rules()
        changed = [(k, v) for k, v in self.reading if getattr(defaults, k) != v]
        return ", ".join(f"{k}={'true' if v else 'false'}" for k, v in changed) or "default rules"

    def to_json(self) -> dict[str, Any]:
        """The reading and its report."""
        return {"reading": dict(self.reading), **self.report.to_json()}


def verdict_line(report: HarnessReport) -> str:
    """The verdict: ``PASSED under readings <readings played>: <levels checked>``, qualified by the levels not checked and what the run did not reach; or why it did not pass.

    A pass always names the readings it holds under (``scorecard.readings_phrase``:
    ``defaults (Rules())`` or the values played in place of a default, and the declared
    switches varied; under ``--all-readings`` the combinations played). Only a run that
    checked every level and reached every clause and named situation of them gets a
    ``PASSED`` with nothing after the levels. A run that diverged stopped at the
    divergence, so its verdict does not list what it did not reach. A run that did not
    start says ``FAILED TO START`` (``startup_verdict``: ``malformed hello at <path>``
    where its hello broke the protocol).
    """
    if report.startup_error is not None:
        return startup_verdict(report.startup_error, report.startup_kind)
    coverage = report.coverage
    # the levels the scorecard fails: a Gang that diverged inside a match fails the match level, not the Gang level
    gang_passed = report.gang_failed_games == 0 and all(r.report.passed for r in report.readings)
    if report.levels is not None:
        base = report.levels.verdict(gang_passed)
    else:
        base = "PASSED: gang" if gang_passed else "DIVERGES at gang"
        if coverage is not None and coverage.not_checked:
            base += "; not checked: " + ", ".join(coverage.not_checked)
    if gang_passed and report.stopped_at_deadline:
        base = "STOPPED AT THE DEADLINE"
    if report.played_readings is not None and base.startswith("PASSED"):
        # a pass holds under the readings played: the defaults, or the values played in place of them
        readings = report.played_readings
        base = f"PASSED under readings {readings_phrase(readings.describe_not_default(), readings.varying)}" + base[len("PASSED"):]
    elif report.readings and base.startswith("PASSED"):
        # --all-readings: one run per combination of the switches declared, each with its own verdict
        names = ", ".join(name for name, _ in report.readings[0].reading)
        base = f"PASSED under readings in all {len(report.readings)} combinations of {names}" + base[len("PASSED"):]
    failed = [r for r in report.readings if not r.report.passed]
    if failed:
        base += f"; diverges under {len(failed)} of {len(report.readings)} readings"
    if report.not_exercised and base.startswith("PASSED"):
        # a declared value no game separated from the switch's other values is not a pass of that value
        base += "; declared, not exercised: " + ", ".join(f"{n}={_json_value(v)}" for n, v in report.not_exercised)
    if coverage is not None and report.passed:
        # a run that diverged stopped there: what it did not reach says nothing
        missing = [*coverage.unreached_clauses, *coverage.unreached_situations]
        if missing:
            base += "; not reached: " + ", ".join(missing)
    return base


_FAULT_PATH = re.compile(r"\bat (\$\S*?): ")
"""The JSON path of a schema fault in a ``ProtocolError``'s reason (``[at $.switches[0]: ...]``, ``breaks the protocol at $.x: ...``)."""


def startup_verdict(error: str, kind: str | None) -> str:
    """The verdict of a run that did not start: ``FAILED TO START``, and for a hello that breaks the protocol ``FAILED TO START: malformed hello at <path>`` (the JSON path of the first fault, when the reason names one)."""
    if kind != "malformed":
        return "FAILED TO START"
    found = _FAULT_PATH.search(error)
    return "FAILED TO START: malformed hello" + ("" if found is None else f" at {found.group(1)}")


def _codes(cards: Iterable[Any]) -> str:
    return " ".join(str(c) for c in cards)


def _played_lines(report: HarnessReport) -> list[str]:
    """The lines that say what the run played and what it skipped."""
    if report.readings:
        lines = [f"readings: {len(report.readings)}, every combination of the switches declared, in {report.elapsed_seconds:.2f} s"]
        for r in report.readings:
            sub = r.report
            d = sub.divergence
            state = "passed" if sub.passed else "DIVERGES" if d is None else f"DIVERGES ({d.kind.value}, {d.clause_id}, {d.source})"
            lines.append(
                f"  {r.label()}: {state}; {sub.vectors_played} vectors ({sub.vector_gaenge_played} Gänge), "
                f"{sub.random_games_played} random, {sub.steered_games_played} steered Gänge"
            )
        return lines
    other = f"; {report.vectors_other} more, of other kinds, for `schwinget vectors check`" if report.vectors_other else ""
    unplayed = f", {report.gang_games_skipped} more Gänge not played" if report.gang_games_skipped else ""
    lines = [
        f"played: {report.vectors_played} vectors ({report.vector_gaenge_played} Gänge{other}), "
        f"{report.random_games_played} random Gänge, {report.steered_games_played} steered Gänge "
        f"(seed {report.seed}){unplayed}, {report.actions_played} actions, {report.illegal_offered} illegal "
        f"actions offered, in {report.elapsed_seconds:.2f} s"
    ]
    if report.skipped:
        by_list = [v for v in report.skipped if v.by_skiplist]
        by_switch = [v for v in report.skipped if not v.by_skiplist]
        source = "" if report.skiplist is None else f" ({report.skiplist})"
        lines.append(
            f"skipped: {len(report.skipped)} vectors ({sum(v.gaenge for v in report.skipped)} Gänge): "
            f"{len(by_list)} by the skip list{source}, {len(by_switch)} that depend on a reading the engine does not play"
        )
        for v in report.skipped:
            link = f" ({v.link})" if v.link else ""
            lines.append(f"  {v.id} [{v.gaenge} Gänge]: {v.reason}{link}")
    if report.stale_skips:
        lines.append(f"stale skips: {len(report.stale_skips)} vectors of the skip list pass now; remove them from it:")
        lines.extend(f"  {vid}" for vid in report.stale_skips)
    return lines


def _exercised_lines(report: HarnessReport) -> list[str]:
    """The declared values the run met in no separating situation, or in fewer than ``ENOUGH`` (thin evidence)."""
    lines = []
    if report.not_exercised:
        lines.append(
            "declared, not exercised (no game separated these values from their switch's others): "
            + ", ".join(f"{n}={_json_value(v)}" for n, v in report.not_exercised)
        )
    if report.thin:
        lines.append(
            f"declared, thin evidence (fewer than {ENOUGH} separating games): "
            + ", ".join(f"{n}={_json_value(v)} {count}" for n, v, count in report.thin)
        )
    return lines


def _switch_labels(report: HarnessReport) -> list[str]:
    """Each declared switch, with the values played when they are not all of its values (``draw_tie_starter (drawn_gang_other)``)."""
    readings = report.played_readings
    if readings is None:
        return list(report.switches)
    every = dict(Readings.of(report.switches).declared)
    return [
        name if values == every.get(name) else f"{name} ({', '.join(_json_value(v) for v in values)})"
        for name, values in readings.declared
    ]


def _json_value(value: object) -> str:
    """A switch value as JSON writes it: ``true``, ``false``, or the string."""
    return "true" if value is True else "false" if value is False else str(value)


def format_report(report: HarnessReport) -> str:
    """The report as plain text for people."""
    lines = [f"schwinget conformance harness: {report.implementation}"]
    if report.command:
        lines.append(f"command: {' '.join(report.command)}")
    if report.startup_error is not None:
        lines.append(f"result: {verdict_line(report)}")
        lines.append(report.startup_error)
        return "\n".join(lines)
    deadline_text = "" if report.deadline_seconds is None else f"{report.deadline_seconds:g} s"
    switches = ", ".join(_switch_labels(report)) if report.switches else "none (default rules only)"
    lines.append(f"rule switches honoured: {switches}")
    if report.not_default:
        assert report.played_readings is not None
        lines.append(f"readings played in place of the default: {report.played_readings.describe_not_default()}")
    undeclared = report.undeclared_lines()
    if undeclared:
        lines.append("left out of hello (the run checks none of these values):")
        lines.extend(f"  {line}" for line in undeclared)
    lines.extend(_played_lines(report))
    lines.extend(_exercised_lines(report))
    if report.coverage is not None:
        lines.extend(report.coverage.lines())
    d = report.divergence
    if d is None and report.stopped_at_deadline:
        lines.append(
            f"result: STOPPED AT THE DEADLINE ({deadline_text}, --deadline): no divergence in the games "
            "played, but the run did not finish; not a pass"
        )
        return "\n".join(lines)
    levels = report.levels
    if levels is not None:
        lines.extend(format_levels(levels))
    lines.extend(scorecard_lines(report))
    lines.append(f"result: {verdict_line(report)}")
    if d is None:
        lines.extend(_level_failure_lines(report))
        return "\n".join(lines)
    lines.append("")
    lines.append(f"first divergence ({d.kind.value}) in {d.source}:")
    where = "at the start" if d.step is None else f"at step {d.step} (action {d.actions[-1]})"
    lines.append(f"  {where}: {d.message}")
    field = d.field if d.kind is not DivergenceKind.PROTOCOL else None
    lines.extend(difference_lines(field, d.expected, d.actual, d.clause_id, d.stderr))
    lines.extend(f"  {line}" for line in d.explanations)
    lines.append("")
    if d.fresh == "unshrunk":
        lines.append(
            f"reproduction ({len(d.actions)} actions, unshrunk: the shrunk one of {d.shrunk_length} actions "
            "did not diverge on a freshly started implementation; this one did):"
        )
    elif d.fresh == "not_reproduced":
        lines.append(
            f"reproduction ({len(d.actions)} actions, unshrunk) -- NOT REPRODUCED on a freshly started "
            "implementation: the fault depends on what it served before in this run (replay the whole run "
            f"with --seed {report.seed} to see it again):"
        )
    else:
        confirmed = ", confirmed on a freshly started implementation" if d.fresh == "reproduced" else ""
        lines.append(
            f"minimal reproduction ({len(d.actions)} actions, shrunk from {d.original_length} "
            f"in {d.shrink_replays} replays{confirmed}):"
        )
    changed = {k: v for k, v in gang_rules_to_json(d.rules).items() if v != getattr(Rules(), k)}
    lines.append(f"  rules: {'default' if not changed else json.dumps(changed)}")
    lines.append(f"  starter: {d.starter.code}")
    trump = d.deal.trump
    seed_text = "" if d.deal_seed is None else f" (Deal.shuffled({d.deal_seed}))"
    lines.append(f"  deal{seed_text}:")
    lines.append(f"    P0: {_codes(d.deal.hands[0])}")
    lines.append(f"    P1: {_codes(d.deal.hands[1])}")
    lines.append(f"    revealed: {d.deal.revealed} (trump {'none' if trump is None else trump.code})")
    lines.append(f"    face_down: {_codes(d.deal.face_down)}")
    lines.append(f"    pile: {_codes(d.deal.pile)}")
    lines.append(f"  actions: {' '.join(d.actions) if d.actions else '(none)'}")
    lines.append("  replay by sending these lines:")
    lines.extend(f"    {line}" for line in d.protocol_lines())
    others = report.gang_failures[1:]
    if others:
        lines.append("")
        lines.append(f"{len(others)} more divergence{'s' if len(others) != 1 else ''} of the gang level (as found, not shrunk):")
        lines.extend(_failure_line(o.source, o.kind.value, o.clause_id, o.message) for o in others)
    lines.extend(_level_failure_lines(report))
    return "\n".join(lines)


def _failure_line(source: str, kind: str, clause_id: str | None, message: str) -> str:
    return f"  {source}: {kind}, {clause_id or 'no clause'}: {message}"


def _level_failure_lines(report: HarnessReport) -> list[str]:
    """Per level beyond the Gang's play: its first divergence in full (confirmed on a fresh implementation), then its other divergences one line each."""
    lines: list[str] = []
    if report.levels is None:
        return lines
    for check in report.levels.checks:
        if not check.failures:
            continue
        lines.append("")
        lines.extend(format_level_divergence(check.failures[0], check.level))
        others = check.failures[1:]
        if others:
            lines.append(f"{len(others)} more divergence{'s' if len(others) != 1 else ''} of the {check.level} level (as found):")
            lines.extend(_failure_line(o.source, o.kind, o.clause_id, o.message) for o in others)
    return lines


def scorecard_lines(report: HarnessReport) -> list[str]:
    """The scorecard: per level the games played, passed, failed and not played, its vectors passed, failed, not reached and skipped, and the clauses its divergences name (``Scorecard.lines``)."""
    return report.score().lines()
