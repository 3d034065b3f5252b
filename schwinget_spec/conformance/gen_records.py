"""What every group of the vector generator builds with: rules from switches, the trace of a found Gang, one vector record, the clause ids a game names."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.conformance.gang_search import FoundGang
from schwinget_spec.rules import Rules
from schwinget_spec.trace import gang_trace


def _rules(**switches: Any) -> Rules:
    return Rules(**switches)


def _full_trace(found: FoundGang, trace_id: str, *, seeded: bool = True) -> dict[str, Any]:
    trace = gang_trace(found.final_state(), trace_id=trace_id)
    if seeded:
        trace["gaenge"][0]["seed"] = found.seed
    return trace


def _vector(
    vid: str, description: str, clauses: Iterable[str], trace: Mapping[str, Any], expected: Mapping[str, Any],
    *, defect: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
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


def _clauses_of(features: Iterable[str]) -> list[str]:
    clauses = {f for f in features if f in CLAUSES}
    if "angriff.who" in clauses:
        # the Angriff is made with the player's own Angriff card
        clauses.add("setup.angriffskarte")
    return sorted(clauses)


_CONFORMS = {"verdict": "conforms"}
