"""The scorecard of a harness run: per level the games and vectors passed, failed and skipped, the clauses failed and the first divergence; the one model every report format (text, JSON, JUnit, the HTML and markdown pages) draws its per-level figures from."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

__all__ = ["LEVEL_UNITS", "FirstFailure", "LevelScore", "Scorecard", "counted_clauses", "readings_phrase", "vector_counts"]

LEVEL_UNITS: dict[str, str] = {"gang": "Gänge", "scoring": "scored Gänge", "match": "matches", "schwingfest": "Schwingfeste"}
"""What a game of each level is, as the reports name it."""

_VECTOR_STATUSES = ("passed", "failed", "not_reached", "skipped")


@attrs.frozen
class FirstFailure:
    """The first divergence of a level, as the scorecard names it: where, what kind, which clause, and the message."""

    source: str
    kind: str
    clause_id: str | None
    message: str

    def to_json(self) -> dict[str, Any]:
        """The first failure as a JSON object."""
        return {"source": self.source, "kind": self.kind, "clause_id": self.clause_id, "message": self.message}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FirstFailure:
        """The first failure of a scorecard read back from ``to_json``."""
        clause = data.get("clause_id")
        return cls(str(data.get("source", "")), str(data.get("kind", "")), clause if isinstance(clause, str) else None,
                   str(data.get("message", "")))


def vector_counts(statuses: Iterable[str]) -> tuple[int, int, int, int]:
    """How many of ``statuses`` are ``passed``, ``failed``, ``not_reached`` and ``skipped``, in that order."""
    counted = Counter(statuses)
    passed, failed, not_reached, skipped = (counted[s] for s in _VECTOR_STATUSES)
    return passed, failed, not_reached, skipped


@attrs.frozen
class LevelScore:
    """One level of a run: its games passed, failed and not played (``games_skipped``), its vectors passed, failed, not reached and skipped, the clauses its divergences name, and its first divergence.

    ``games_played`` is ``games_passed + games_failed``; ``games_planned`` adds the games
    the level did not play (it stopped at the bound on failures, at the deadline, or the
    implementation could not be started again). ``vectors_listed`` is the number of
    vectors the level meant to play, each counted once under its status.
    """

    level: str
    declared: bool
    checked: bool
    games_passed: int = 0
    games_failed: int = 0
    games_skipped: int = 0
    vectors_passed: int = 0
    vectors_failed: int = 0
    vectors_not_reached: int = 0
    vectors_skipped: int = 0
    clauses_failed: tuple[tuple[str, int], ...] = ()
    bounded: bool = False
    note: str = ""
    first_failure: FirstFailure | None = None

    @property
    def unit(self) -> str:
        """What one game of the level is (``Gänge``, ``scored Gänge``, ``matches``, ``Schwingfeste``)."""
        return LEVEL_UNITS.get(self.level, "games")

    @property
    def games_played(self) -> int:
        """The games of the level played to a verdict: passed and failed."""
        return self.games_passed + self.games_failed

    @property
    def games_planned(self) -> int:
        """The games the level meant to play: played and skipped."""
        return self.games_played + self.games_skipped

    @property
    def vectors_listed(self) -> int:
        """The vectors the level meant to play, each under one status."""
        return self.vectors_passed + self.vectors_failed + self.vectors_not_reached + self.vectors_skipped

    @property
    def status(self) -> str:
        """``failed`` if a game of the level diverged, ``passed`` if it was checked without one, else ``not_declared`` or ``not_checked``."""
        if self.games_failed or self.vectors_failed:
            return "failed"
        if not self.declared:
            return "not_declared"
        return "passed" if self.checked else "not_checked"

    def line(self) -> str:
        """The level's line of the text scorecard."""
        if self.status == "not_declared":
            return f"  {self.level}: not declared"
        if self.status == "not_checked":
            return f"  {self.level}: not checked ({self.note or 'not reached'})"
        stop = " (stopped at the bound)" if self.bounded else f" ({self.note})" if self.note else ""
        skipped = f", {self.games_skipped} not played{stop}" if self.games_skipped else stop
        vectors = [f"{self.vectors_passed} passed", f"{self.vectors_failed} failed"]
        if self.vectors_not_reached:
            vectors.append(f"{self.vectors_not_reached} not reached")
        if self.vectors_skipped:
            vectors.append(f"{self.vectors_skipped} skipped")
        clauses = f"; clauses failed: {', '.join(f'{c} {n}' for c, n in self.clauses_failed)}" if self.clauses_failed else ""
        return (
            f"  {self.level}: {self.games_played} {self.unit} played: {self.games_passed} passed, {self.games_failed} failed"
            f"{skipped}; vectors {', '.join(vectors)}{clauses}"
        )

    def to_json(self) -> dict[str, Any]:
        """The level's figures as a JSON object (every count, the status, the clauses failed, the first failure)."""
        return {
            "level": self.level,
            "unit": self.unit,
            "status": self.status,
            "declared": self.declared,
            "checked": self.checked,
            "games_played": self.games_played,
            "games_passed": self.games_passed,
            "games_failed": self.games_failed,
            "games_skipped": self.games_skipped,
            "vectors_listed": self.vectors_listed,
            "vectors_passed": self.vectors_passed,
            "vectors_failed": self.vectors_failed,
            "vectors_not_reached": self.vectors_not_reached,
            "vectors_skipped": self.vectors_skipped,
            "clauses_failed": dict(self.clauses_failed),
            "bounded": self.bounded,
            "note": self.note,
            "first_failure": None if self.first_failure is None else self.first_failure.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LevelScore:
        """The level read back from ``to_json`` (a run file's ``scorecard``)."""

        def count(key: str) -> int:
            value = data.get(key)
            return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0

        clauses = data.get("clauses_failed")
        first = data.get("first_failure")
        return cls(
            str(data.get("level", "?")),
            bool(data.get("declared", True)),
            bool(data.get("checked", True)),
            count("games_passed"), count("games_failed"), count("games_skipped"),
            count("vectors_passed"), count("vectors_failed"), count("vectors_not_reached"), count("vectors_skipped"),
            tuple((str(c), int(n)) for c, n in clauses.items() if isinstance(n, int)) if isinstance(clauses, Mapping) else (),
            bool(data.get("bounded", False)),
            str(data.get("note") or ""),
            FirstFailure.from_json(first) if isinstance(first, Mapping) else None,
        )


def counted_clauses(clauses: Iterable[str | None]) -> tuple[tuple[str, int], ...]:
    """Each clause of ``clauses`` (None as ``(no clause)``) with how often it occurs, most first, then by name."""
    counts = Counter(c or "(no clause)" for c in clauses)
    return tuple(sorted(counts.items(), key=lambda item: (-item[1], item[0])))


def readings_phrase(not_default: str, varied: Sequence[str]) -> str:
    """The readings a run played, as its verdict names them (``PASSED under readings <this>: ...``).

    ``not_default`` is the values played in place of a default (``draw_tie_starter=drawn_gang_other``),
    empty when every switch was played at its default; ``varied`` the declared switches whose
    games the run played under more than one value. A pass is always a pass under readings:
    ``defaults (Rules())`` says so as plainly as a list of the values played otherwise.
    """
    base = f"{not_default} (not the default)" if not_default else "defaults (Rules())"
    if not varied:
        return base
    names = ", ".join(varied) if len(varied) <= _VARIED_NAMED else f"{len(varied)} declared switches"
    return f"{base} with {names} varied"


_VARIED_NAMED = 3
"""The most switches a verdict names one by one as varied; more are counted (the readings played row lists them)."""


@attrs.frozen
class Scorecard:
    """The per-level figures of a run and its verdict: what every format of the report shows."""

    levels: tuple[LevelScore, ...]
    verdict: str
    bound: int | None = None
    """The bound on the diverging games of a level (``--max-failures-per-level``), None if not known."""

    @property
    def failed_levels(self) -> tuple[str, ...]:
        """The levels with a diverging game, in order."""
        return tuple(s.level for s in self.levels if s.status == "failed")

    def level(self, name: str) -> LevelScore | None:
        """The score of the level ``name``, None if the run has none."""
        return next((s for s in self.levels if s.level == name), None)

    def lines(self) -> list[str]:
        """The text scorecard: a heading, then one line per level."""
        bound = "" if self.bound is None else f", up to {self.bound} diverging games"
        return [f"scorecard (each level played on after a divergence{bound}):", *(s.line() for s in self.levels)]

    def to_json(self) -> list[dict[str, Any]]:
        """The scorecard as JSON: one object per level (``LevelScore.to_json``)."""
        return [s.to_json() for s in self.levels]

    @classmethod
    def from_json(cls, levels: Sequence[Any], verdict: str, bound: int | None = None) -> Scorecard:
        """The scorecard of a run file: its ``scorecard`` list, its ``verdict``, its bound."""
        return cls(tuple(LevelScore.from_json(s) for s in levels if isinstance(s, Mapping)), verdict, bound)
