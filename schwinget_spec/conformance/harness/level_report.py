"""What the harness reports of the levels beyond a Gang's play: which levels were declared and checked, and the first difference in points, starters, totals, winners, schedules or standings."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import attrs

from schwinget_spec.clauses import get_clause
from schwinget_spec.conformance.protocol.messages import LEVELS

__all__ = ["LevelCheck", "LevelDivergence", "LevelsReport", "difference_lines", "format_level_divergence", "format_levels"]


@attrs.frozen
class LevelCheck:
    """One level of the protocol in a run: declared by the engine or not, checked or not, and what was played.

    ``played`` counts what the level's own checks played: finished Gänge scored
    (scoring), matches (match), Schwingfeste (schwingfest), Gänge (gang). ``vectors``
    counts the vectors among them, ``steered`` the steered matches or Schwingfeste
    (``steering_levels``); ``skipped`` lists the vectors left out, each with its
    reason. ``note`` says why a declared level was not checked (an earlier divergence).
    """

    level: str
    declared: bool
    checked: bool
    played: int = 0
    vectors: int = 0
    skipped: tuple[tuple[str, str], ...] = ()
    note: str = ""
    vector_results: tuple[tuple[str, str], ...] = ()
    """Every vector of the level the run meant to play, in order, with ``passed``, ``failed`` or ``not_reached``."""
    steered: int = 0
    failed: int = 0
    """The games of the level that diverged (for ``gang``, the Gänge of the Gang level)."""
    failures: tuple[LevelDivergence, ...] = ()
    """Every divergence of the level, in the order met, up to the run's bound: the first shrunk (Gang) and confirmed on a fresh implementation, the others as found (empty for ``gang``: ``HarnessReport.gang_failures``)."""
    bounded: bool = False
    """True if the level stopped at the run's bound on failures before it played every game."""
    first_failure_at: int | None = None
    """The games of the level up to and including its first diverging one (for scoring, the Gänge scored), None if none diverged."""
    unplayed: int = 0
    """The games the level meant to play and did not (it stopped at the bound on failures, at the deadline, or could not start the implementation again)."""

    @property
    def clauses_failed(self) -> tuple[tuple[str, int], ...]:
        """Each clause its failures name, with how many name it, most first."""
        counts = Counter(f.clause_id or "(no clause)" for f in self.failures)
        return tuple(sorted(counts.items(), key=lambda item: (-item[1], item[0])))

    def to_json(self) -> dict[str, Any]:
        """The check as a JSON object."""
        return {
            "level": self.level,
            "declared": self.declared,
            "checked": self.checked,
            "played": self.played,
            "vectors": self.vectors,
            "steered": self.steered,
            "failed": self.failed,
            "first_failure_at": self.first_failure_at,
            "unplayed": self.unplayed,
            "bounded": self.bounded,
            "clauses_failed": dict(self.clauses_failed),
            "failures": [f.to_json() for f in self.failures],
            "skipped": [{"id": vid, "reason": reason} for vid, reason in self.skipped],
            "note": self.note,
            "vector_results": [{"id": vid, "status": status} for vid, status in self.vector_results],
        }


@attrs.frozen
class LevelDivergence:
    """The first difference at a level beyond the play of a Gang.

    ``kind`` is one of ``wrong_points``, ``wrong_starter``, ``wrong_totals``,
    ``wrong_winner``, ``wrong_schedule``, ``wrong_standings``, ``protocol``; ``source``
    names the vector or the random match or Schwingfest; ``requests`` are the request
    lines that replay it from a fresh engine (after ``hello``), ending with the request
    whose answer differs.
    """

    level: str
    kind: str
    message: str
    source: str
    field: str | None = None
    expected: Any = None
    actual: Any = None
    clause_id: str | None = None
    requests: tuple[str, ...] = ()
    stderr: str = ""
    fresh: str | None = None
    """Whether ``requests`` diverged the same way on a freshly started implementation: ``"reproduced"``, ``"not_reproduced"`` (the answer depends on what the implementation served before), None (not checked: no fresh engine, or the deadline passed)."""
    explanations: tuple[str, ...] = ()
    """The readings under which the implementation's play of this match or Schwingfest agrees, one report line each (``readings_profile.explanation_lines``); empty when none does or none was looked for."""

    @property
    def signature(self) -> tuple[str, str, str | None, str | None]:
        """What a fresh replay must show again: the level, the kind, the field and the clause."""
        return (self.level, self.kind, self.field, self.clause_id)

    def to_json(self) -> dict[str, Any]:
        """The divergence as a JSON object, with the clause's text when a clause is named."""
        out: dict[str, Any] = {
            "level": self.level,
            "kind": self.kind,
            "message": self.message,
            "source": self.source,
            "field": self.field,
            "expected": self.expected,
            "actual": self.actual,
            "clause_id": self.clause_id,
            "requests": list(self.requests),
            "fresh": self.fresh,
            "explanations": list(self.explanations),
        }
        if self.clause_id is not None:
            clause = get_clause(self.clause_id)
            out["clause_en"], out["clause_de"], out["clause_fr"] = clause.en, clause.de, clause.fr
        if self.stderr:
            out["stderr"] = self.stderr
        return out


@attrs.frozen
class LevelsReport:
    """The levels of a run: the engine's protocol version, a check per level (in ``LEVELS`` order) and the first level divergence."""

    protocol: int
    checks: tuple[LevelCheck, ...]
    divergence: LevelDivergence | None = None
    clauses: tuple[tuple[str, int], ...] = ()
    """Per clause of the scoring, match and Schwingfest levels: the games that exercised it (a scored Gang, a match, a Schwingfest), those played to the end without a difference."""
    situations: tuple[tuple[str, int], ...] = ()
    """Per named situation of a match or a Schwingfest (``situations``): the matches or Schwingfeste that showed it."""
    stopped_at_deadline: bool = False
    """True if the run's deadline passed while a level was played: the levels from there on are not checked."""
    exercised: tuple[tuple[tuple[str, bool | str], int], ...] = ()
    """Per (switch, value) of the levels' switches: the games played under that value where it gives another answer than some other value (``exercised``)."""

    @property
    def passed(self) -> bool:
        """True if no level diverged and every declared level was checked."""
        return (
            self.divergence is None
            and not any(c.failures for c in self.checks)
            and all(c.checked for c in self.checks if c.declared)
        )

    @property
    def failed_levels(self) -> tuple[str, ...]:
        """The levels with a diverging game, in order: a match whose Gang diverged in its play is a failure of the match level, as the scorecard counts it."""
        return tuple(c.level for c in self.checks if c.failures)

    @property
    def checked(self) -> tuple[str, ...]:
        """The levels checked."""
        return tuple(c.level for c in self.checks if c.checked)

    @property
    def not_checked(self) -> tuple[str, ...]:
        """The levels not checked (not declared, or not reached)."""
        return tuple(c.level for c in self.checks if not c.checked)

    def verdict(self, gang_passed: bool) -> str:
        """The verdict line: ``PASSED: gang, scoring; not checked: match, schwingfest`` or ``DIVERGES at match: ...``."""
        rest = f"; not checked: {', '.join(self.not_checked)}" if self.not_checked else ""
        failed = [*(() if gang_passed else ("gang",)), *self.failed_levels]
        if self.divergence is not None and not self.failed_levels:
            failed.append(self.divergence.level)
        if failed:
            return f"DIVERGES at {', '.join(dict.fromkeys(failed))}{rest}"
        return f"PASSED: {', '.join(self.checked)}{rest}"

    def to_json(self) -> dict[str, Any]:
        """The levels as JSON fields: ``levels_checked``, ``levels_not_checked``, one object per level, the divergence."""
        return {
            "protocol": self.protocol,
            "levels_declared": [c.level for c in self.checks if c.declared],
            "levels_checked": list(self.checked),
            "levels_not_checked": list(self.not_checked),
            "levels": [c.to_json() for c in self.checks],
            "level_clauses": dict(self.clauses),
            "level_situations": dict(self.situations),
            "level_divergence": None if self.divergence is None else self.divergence.to_json(),
            "levels_stopped_at_deadline": self.stopped_at_deadline,
        }

    @classmethod
    def gang_only(
        cls, protocol: int, declared: tuple[str, ...], gang_played: tuple[int, int], note: str = "", gang_failed: int = 0
    ) -> LevelsReport:
        """The levels of a run that checked the Gang level only (the engine declared no more, or the run stopped at the Gang level)."""
        return cls(
            protocol,
            tuple(
                LevelCheck(level, level in declared, level == "gang", *(gang_played if level == "gang" else (0, 0)),
                           note=note if level != "gang" and level in declared else "",
                           failed=gang_failed if level == "gang" else 0)
                for level in LEVELS
            ),
        )



def format_levels(levels: LevelsReport) -> list[str]:
    """The levels part of the text report: one line per level, checked or why not, and the vectors it left out (its figures are the scorecard's)."""
    lines = [f"levels (protocol {levels.protocol}):"]
    for c in levels.checks:
        if not c.declared:
            lines.append(f"  {c.level}: not declared, not checked")
            continue
        if not c.checked:
            lines.append(f"  {c.level}: declared, not checked ({c.note or 'not reached'})")
            continue
        # the figures are the scorecard's; this line says only what was checked and left out
        skipped = f", {len(c.skipped)} vectors skipped" if c.skipped else ""
        lines.append(f"  {c.level}: checked{skipped}")
        lines.extend(f"    skipped {vid}: {reason}" for vid, reason in c.skipped)
    return lines


def difference_lines(field: str | None, expected: Any, actual: Any, clause_id: str | None, stderr: str) -> list[str]:
    """The lines of a divergence's report (Gang or level) after its message: the field that differs, the clause in three languages, the implementation's last stderr lines."""
    lines = []
    if field is not None:
        lines.append(f"  {field}: reference {json.dumps(expected)}, implementation {json.dumps(actual)}")
    if clause_id is not None:
        clause = get_clause(clause_id)
        lines.append(f"  clause {clause_id}: {clause.en}")
        lines.append(f"    de: {clause.de}")
        lines.append(f"    fr: {clause.fr}")
    if stderr:
        lines.append("  stderr of the implementation (last lines):")
        lines.extend(f"    {line}" for line in stderr.strip().splitlines()[-10:])
    return lines


def format_level_divergence(d: LevelDivergence, level: str | None = None) -> list[str]:
    """The text of a level divergence: where, what differs, the clause in three languages, and the request lines that replay it.

    ``level`` is the level whose game diverged (default: ``d.level``); a Gang whose play
    diverged inside a match is a failure of the match level, and its heading says so.
    """
    lines = []
    level = d.level if level is None else level
    within = "" if level == d.level else ", in the play of one of its Gänge"
    lines.append(f"first divergence at the {level} level ({d.kind}{within}) in {d.source}:")
    lines.append(f"  {d.message}")
    lines.extend(difference_lines(d.field if d.kind != "protocol" else None, d.expected, d.actual, d.clause_id, d.stderr))
    lines.extend(f"  {line}" for line in d.explanations)
    if d.fresh == "reproduced":
        lines.append("  confirmed on a freshly started implementation: these lines show it again")
    elif d.fresh == "not_reproduced":
        lines.append(
            "  NOT REPRODUCED on a freshly started implementation: the answer depends on what it served before "
            "in this run (replay the whole run with the same --seed to see it again)"
        )
    lines.append(f"  replay by sending these {1 + len(d.requests)} lines:")
    lines.extend(f"    {line}" for line in (json.dumps({"cmd": "hello"}), *d.requests))
    return lines
