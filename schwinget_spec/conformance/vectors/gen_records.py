"""What every group of the vector generator builds with: rules from switches, the trace of a found Gang, one vector record, the clause ids a game names."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.conformance.vectors.gang_search import FoundGang
from schwinget_spec.rules import Rules
from schwinget_spec.trace import gang_trace

__all__ = [
    "EXPECT_CONFORMS",
    "clauses_of",
    "full_trace",
    "make_vector",
    "vector_rules",
]


def vector_rules(**switches: Any) -> Rules:
    """The ``Rules`` of a vector: the defaults with ``switches`` set."""
    return Rules(**switches)


def full_trace(found: FoundGang, trace_id: str, *, seeded: bool = True) -> dict[str, Any]:
    """The Gang trace of ``found`` with every claim, and its seed unless ``seeded`` is False."""
    trace = gang_trace(found.final_state(), trace_id=trace_id)
    if seeded:
        trace["gaenge"][0]["seed"] = found.seed
    return trace


def make_vector(
    vid: str, description: str, clauses: Iterable[str], trace: Mapping[str, Any], expected: Mapping[str, Any],
    *, defect: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """One vector record: id, description, the clauses it exercises, the rules, the trace and the expected verdict (and the defect it plants)."""
    unknown = sorted(set(clauses) - set(CLAUSES))
    if unknown:
        raise ValueError(f"vector {vid} names unknown clause ids {unknown}")
    rules = trace.get("rules", {}) if isinstance(trace, Mapping) else {}
    out: dict[str, Any] = {
        "id": vid,
        "kind": "trace",
        "description": description,
        "clauses": sorted(set(clauses)),
        "rules": dict(rules) if isinstance(rules, Mapping) else {},
        "input": trace,
        "expected": dict(expected),
    }
    if defect is not None:
        out["defect"] = dict(defect)
    return out


def clauses_of(features: Iterable[str]) -> list[str]:
    """The clause ids among a game's ``features``, with the Angriff card when an Angriff was made."""
    clauses = {f for f in features if f in CLAUSES}
    if "angriff.who" in clauses:
        # the Angriff is made with the player's own Angriff card
        clauses.add("setup.angriffskarte")
    return sorted(clauses)


EXPECT_CONFORMS = {"verdict": "conforms"}
