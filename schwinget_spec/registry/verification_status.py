"""How strongly each clause is verified: the strongest evidence that holds for it, from a Z3 proof down to a test that names it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import attrs

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.errors import InvalidArgumentError, UnknownNameError
from schwinget_spec.registry.clause_index import ClauseIndex, build_clause_index

__all__ = [
    "EVIDENCE_FILE",
    "LEVELS",
    "LEVEL_TEXT",
    "NO_STATEMENT",
    "ClauseStatus",
    "Evidence",
    "all_statuses",
    "clause_status",
    "load_evidence",
    "statuses_json",
]

LEVELS: tuple[str, ...] = ("engine", "proved", "exhaustive", "vectors", "mutants", "tested", "untested")
"""The levels of evidence, strongest first: the engine's own step proved equal to the model's
on every well-formed state, the clause among the model's constraints of that step, or the
engine's match and Schwingfest transitions proved equal to the match model in the clause's
family (``schwinget prove --engine``, proved of the engine); a Z3 query involving the clause answered as
expected (proved for every deal, of the model); a finite rule function of the clause checked on every
input (exhaustive); shipped conformance vectors exercise it; a shipped mutant breaking it
is caught; a test names it; nothing (below "tested": ``schwinget clauses --check`` fails)."""

LEVEL_TEXT: Mapping[str, str] = {
    "engine": "proved of the engine",
    "proved": "proved for every deal (Z3)",
    "exhaustive": "checked on every input",
    "vectors": "exercised by vectors",
    "mutants": "caught when broken",
    "tested": "tested",
    "untested": "not tested",
}
"""Each level in words, as the command line and the site print it."""

NO_STATEMENT: Mapping[str, str] = {
    "setup.two_players": "a count of players: the engine has two seats by its types, no step decides it",
    "setup.gangkarten": "the Gangkarten are components; the match length they give is a parameter of the match model",
    "setup.angriffskarte": "a component on the table: its use is the Angriff, whose rules are angriff.*",
    "deal.hand_private": "what a player may see: no rule of play reads it (docs/conformance.md, the views)",
    "deal.shuffle": "chance, not a rule of play: every proof ranges over every deal instead",
    "match.redeal": "a fresh deal for each Gang: every proof ranges over every deal instead",
    "match.goal": "the match length, a parameter of the match model, not a step",
    "match.end": "the match length, a parameter of the match model, not a step",
    "scoring.two_systems": "that two systems exist: the system is a parameter of the scoring model",
    "scoring.choose_system": "the players' choice of system, a parameter, not a step",
    "scoring.schwingerwertung_both": "the system's name for a table whose cells are the table.* clauses",
    "scoring.punktewertung_winner": "the system's name for a table whose cells are the table.* clauses",
}
"""Clauses with no formal statement to prove, each with the reason in one line (``schwinget clauses --status`` prints it)."""

EVIDENCE_FILE = Path(__file__).resolve().parent / "verification_evidence.json"
"""The evidence that is slow to compute (Z3 queries, exhaustive checks) or lives above this
module (vectors, mutants), written by ``python -m schwinget_spec.cli.evidence --write`` and
kept honest by tests/test_verification_status.py, which recomputes a sample of it."""


@attrs.frozen
class Evidence:
    """The committed evidence per clause id: proving queries, exhaustive checks with their input counts, vectors, mutants."""

    proofs: Mapping[str, tuple[str, ...]]
    exhaustive: Mapping[str, tuple[tuple[str, int], ...]]
    vectors: Mapping[str, int]
    mutants: Mapping[str, tuple[str, ...]]
    engine: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    """The parts of ``schwinget prove --engine`` that proved the engine carries the clause: ``gang.step``, ``gang.start`` or ``gang.result`` (the Gang's step, first state and result), or a family of the match and fest transitions (``match.starter``, ``match.totals``, ``match.winner``, ``match.ranks``)."""

    def to_json(self) -> dict[str, Any]:
        """The evidence as the JSON object of ``EVIDENCE_FILE`` (clause ids sorted)."""
        return {
            "engine": {k: list(v) for k, v in sorted(self.engine.items()) if v},
            "proofs": {k: list(v) for k, v in sorted(self.proofs.items()) if v},
            "exhaustive": {k: [[name, n] for name, n in v] for k, v in sorted(self.exhaustive.items()) if v},
            "vectors": {k: v for k, v in sorted(self.vectors.items()) if v},
            "mutants": {k: list(v) for k, v in sorted(self.mutants.items()) if v},
        }

    @classmethod
    def from_json(cls, data: object) -> Evidence:
        """Read the JSON object of ``EVIDENCE_FILE``; ``InvalidArgumentError`` naming the part that is not as written."""
        if not isinstance(data, dict) or set(data) - {"engine"} != {"proofs", "exhaustive", "vectors", "mutants"}:
            raise InvalidArgumentError("evidence", "an object with proofs, exhaustive, vectors and mutants (and engine)")
        try:
            return cls(
                proofs={str(k): tuple(str(q) for q in v) for k, v in data["proofs"].items()},
                exhaustive={str(k): tuple((str(name), int(n)) for name, n in v) for k, v in data["exhaustive"].items()},
                vectors={str(k): int(v) for k, v in data["vectors"].items()},
                mutants={str(k): tuple(str(m) for m in v) for k, v in data["mutants"].items()},
                engine={str(k): tuple(str(p) for p in v) for k, v in data.get("engine", {}).items()},
            )
        except (AttributeError, TypeError, ValueError) as exc:
            raise InvalidArgumentError("evidence", f"not as written by the evidence command: {exc}") from None


@cache
def load_evidence(path: Path = EVIDENCE_FILE) -> Evidence:
    """The committed evidence (read once)."""
    return Evidence.from_json(json.loads(path.read_text(encoding="utf-8")))


@attrs.frozen
class ClauseStatus:
    """The verification status of one clause: its ``level`` (the strongest of ``LEVELS`` that holds) and all the evidence behind it."""

    clause_id: str
    level: str
    proofs: tuple[str, ...]
    """The Z3 queries that answered as expected with the clause involved (an unsat core or a replayed witness)."""
    exhaustive: tuple[tuple[str, int], ...]
    """(check, inputs) of the exhaustive checks of ``schwinget prove --exhaustive`` whose function the clause decides."""
    vectors: int
    """Shipped conformance vectors that name the clause."""
    mutants: tuple[str, ...]
    """Shipped mutants that break the clause (each caught by the conformance harness)."""
    tests: int
    """Lines of tests/ and properties/ that name the clause."""
    engine: tuple[str, ...] = ()
    """The parts of ``schwinget prove --engine`` that prove the engine's step carries the clause."""
    no_statement: str | None = None
    """Why the clause has no formal statement to prove (``NO_STATEMENT``), or None."""

    @property
    def exhaustive_inputs(self) -> int:
        """The inputs of the exhaustive checks of the clause, summed."""
        return sum(n for _, n in self.exhaustive)

    @property
    def below_tested(self) -> bool:
        """True when no evidence at all holds: ``schwinget clauses --check`` fails."""
        return self.level == "untested"

    @property
    def summary(self) -> str:
        """The evidence in a few words: ``proved (3 queries)``, ``checked on every input (723,200)``."""
        parts = []
        if self.engine:
            parts.append(f"engine: {', '.join(self.engine)}")
        if self.proofs:
            parts.append(f"{len(self.proofs)} {'query' if len(self.proofs) == 1 else 'queries'}")
        if self.exhaustive:
            parts.append(f"{self.exhaustive_inputs:,} inputs")
        if self.vectors:
            parts.append(f"{self.vectors} {'vector' if self.vectors == 1 else 'vectors'}")
        if self.mutants:
            parts.append(f"{len(self.mutants)} {'mutant' if len(self.mutants) == 1 else 'mutants'}")
        if self.tests:
            parts.append(f"{self.tests} {'test line' if self.tests == 1 else 'test lines'}")
        if self.no_statement:
            parts.append(f"no formal statement: {self.no_statement}")
        return ", ".join(parts) or "none"

    def to_json(self) -> dict[str, Any]:
        """The status as JSON: level, its words, and the evidence of every kind."""
        return {
            "level": self.level,
            "text": LEVEL_TEXT[self.level],
            "proofs": list(self.proofs),
            "exhaustive": [{"check": name, "inputs": n} for name, n in self.exhaustive],
            "exhaustive_inputs": self.exhaustive_inputs,
            "vectors": self.vectors,
            "mutants": list(self.mutants),
            "tests": self.tests,
            "engine": list(self.engine),
            "no_statement": self.no_statement,
        }


def _level(held: tuple[bool, ...]) -> str:
    # held: whether each level of LEVELS but the last holds, in that order
    return next((level for level, holds in zip(LEVELS, held, strict=False) if holds), "untested")


def all_statuses(index: ClauseIndex | None = None, evidence: Evidence | None = None) -> dict[str, ClauseStatus]:
    """The status of every clause of ``CLAUSES``, in registry order.

    ``index`` (default: ``build_clause_index()`` over this checkout) gives the tests that
    name each clause; ``evidence`` (default: the committed ``EVIDENCE_FILE``) the rest.
    Nothing slow runs here: the site build and ``schwinget clauses --status`` call it.
    """
    index = build_clause_index() if index is None else index
    evidence = load_evidence() if evidence is None else evidence
    tests = {use.clause.id: len(use.tested) for use in index.uses}
    out: dict[str, ClauseStatus] = {}
    for clause_id in CLAUSES:
        proofs = evidence.proofs.get(clause_id, ())
        exhaustive = evidence.exhaustive.get(clause_id, ())
        vectors = evidence.vectors.get(clause_id, 0)
        mutants = evidence.mutants.get(clause_id, ())
        count = tests.get(clause_id, 0)
        engine = evidence.engine.get(clause_id, ())
        level = _level((bool(engine), bool(proofs), bool(exhaustive), vectors > 0, bool(mutants), count > 0))
        out[clause_id] = ClauseStatus(
            clause_id, level, proofs, exhaustive, vectors, mutants, count, engine, NO_STATEMENT.get(clause_id)
        )
    return out


def clause_status(clause_id: str, index: ClauseIndex | None = None) -> ClauseStatus:
    """The status of one clause; ``UnknownNameError`` naming ``clause_id`` if no clause has that id."""
    if clause_id not in CLAUSES:
        raise UnknownNameError("clause_id", clause_id, f"no clause {clause_id!r}")
    return all_statuses(index)[clause_id]


def statuses_json(statuses: Mapping[str, ClauseStatus]) -> dict[str, dict[str, Any]]:
    """``{clause id: ClauseStatus.to_json()}``: the JSON shape the site and ``schwinget clauses --json`` use."""
    return {clause_id: status.to_json() for clause_id, status in statuses.items()}
