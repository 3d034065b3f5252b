"""Running the conformance vectors: each trace through a verifier (the reference's or another implementation's), each perft position through a counter, compared with the vector's expectation."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from schwinget_spec.cards import Card
from schwinget_spec.conformance.trace.verify import Verdict, rules_from_json, verify_trace
from schwinget_spec.conformance.vectors.perft import perft, perft_complete
from schwinget_spec.conformance.vectors.suite import Vector, load_vectors
from schwinget_spec.deal import Deal
from schwinget_spec.gang import start_gang
from schwinget_spec.players import Player
from schwinget_spec.support.frozen import freeze

__all__ = ["PerftCounter", "VectorResult", "Verifier", "check_vector", "reference_perft", "run_vectors", "verdict_matches"]


@attrs.frozen
class VectorResult:
    """The outcome of one vector: ``passed``, and what was ``expected`` against what was ``got`` (frozen JSON, hashable)."""

    vector: Vector
    passed: bool
    got: Mapping[str, Any] = attrs.field(converter=freeze)

    @property
    def expected(self) -> Mapping[str, Any]:
        """The vector's expected verdict or counts."""
        return self.vector.expected


Verifier = Callable[[Any], "Verdict | Mapping[str, Any]"]
"""Judges a trace document: returns a Verdict, or its JSON (``Verdict.to_json()`` shape)."""
PerftCounter = Callable[[Mapping[str, Any], int], int]
"""Counts distinct legal action sequences: (a perft vector's ``input``, depth) -> count."""


def reference_perft(position: Mapping[str, Any], depth: int) -> int:
    """The reference's perft count for a perft vector's ``input`` at ``depth`` (0 for the complete count)."""
    deal = Deal(
        hands=(tuple(Card[c] for c in position["deal"]["hands"][0]), tuple(Card[c] for c in position["deal"]["hands"][1])),
        revealed=Card[position["deal"]["revealed"]],
        face_down=tuple(Card[c] for c in position["deal"]["face_down"]),
        pile=tuple(Card[c] for c in position["deal"]["pile"]),
    )
    state = start_gang(deal, Player.parse(position["starter"]), rules_from_json(position.get("rules", {})))
    for code in position.get("actions", ()):
        state = state.apply(code)
    return perft_complete(state) if depth == 0 else perft(state, depth)


def verdict_matches(expected: Mapping[str, Any], got: Mapping[str, Any]) -> bool:
    """True if every field of ``expected`` (a vector's expected verdict) has the same value in ``got``."""
    # Verdict.to_json leaves out fields that are None or empty, so a missing field matches those.
    return all(got.get(key) == value or (value in (None, "") and got.get(key) in (None, "")) for key, value in expected.items())


def check_vector(vector: Vector, verify: Verifier = verify_trace, count: PerftCounter = reference_perft) -> VectorResult:
    """Run one vector: a trace through ``verify``, a perft position through ``count``; compare with the expectation."""
    if vector.kind == "perft":
        counts = [count(vector.input, d) for d in range(1, len(vector.expected["counts"]) + 1)]
        got: dict[str, Any] = {"counts": counts}
        if "complete" in vector.expected:
            got["complete"] = count(vector.input, 0)
        passed = all(got[k] == vector.expected[k] for k in got)
        return VectorResult(vector, passed, got)
    verdict = verify(copy.deepcopy(vector.input))
    judged: Mapping[str, Any] = verdict.to_json() if isinstance(verdict, Verdict) else verdict
    return VectorResult(vector, verdict_matches(vector.expected, judged), judged)


def run_vectors(
    vectors: Iterable[Vector] | None = None, verify: Verifier = verify_trace, count: PerftCounter = reference_perft
) -> list[VectorResult]:
    """Run ``vectors`` (default: the shipped suite) and return one result per vector."""
    chosen = load_vectors().vectors if vectors is None else tuple(vectors)
    return [check_vector(v, verify, count) for v in chosen]
