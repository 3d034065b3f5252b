"""The conformance harness: the Gänge, matches and Schwingfeste it plays against an implementation in lock step with the reference, steered to the rare situations, shrunk, and scored.

The names of ``run`` (the harness's old module path) are imported from it when first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from schwinget_spec.support.lazy_names import lazy_getattr

if TYPE_CHECKING:
    from schwinget_spec.conformance.harness.run import (
        ALL_ACTION_CODES,
        DEFAULT_MAX_FAILURES,
        DEFAULT_STEER,
        SITUATIONS,
        Coverage,
        CoverageCounter,
        Divergence,
        DivergenceKind,
        EndClaimsAdapter,
        GameSpec,
        HarnessReport,
        Progress,
        ReadingReport,
        Situation,
        SkippedVector,
        SteeredRun,
        VectorSelection,
        check_adapter,
        fest_situations,
        format_report,
        gang_situations,
        match_situations,
        played_readings,
        random_games,
        readings_of,
        run_harness,
        scorecard_lines,
        select_vectors,
        steered_games,
        vector_games,
        verdict_line,
    )

__all__ = [
    "ALL_ACTION_CODES",
    "DEFAULT_MAX_FAILURES",
    "DEFAULT_STEER",
    "SITUATIONS",
    "Coverage",
    "CoverageCounter",
    "Divergence",
    "DivergenceKind",
    "EndClaimsAdapter",
    "GameSpec",
    "HarnessReport",
    "Progress",
    "ReadingReport",
    "Situation",
    "SkippedVector",
    "SteeredRun",
    "VectorSelection",
    "check_adapter",
    "fest_situations",
    "format_report",
    "gang_situations",
    "match_situations",
    "played_readings",
    "random_games",
    "readings_of",
    "run_harness",
    "scorecard_lines",
    "select_vectors",
    "steered_games",
    "vector_games",
    "verdict_line",
]

_WHERE: dict[str, str] = {
    "ALL_ACTION_CODES": "schwinget_spec.conformance.harness.run",
    "DEFAULT_MAX_FAILURES": "schwinget_spec.conformance.harness.run",
    "DEFAULT_STEER": "schwinget_spec.conformance.harness.run",
    "SITUATIONS": "schwinget_spec.conformance.harness.run",
    "Coverage": "schwinget_spec.conformance.harness.run",
    "CoverageCounter": "schwinget_spec.conformance.harness.run",
    "Divergence": "schwinget_spec.conformance.harness.run",
    "DivergenceKind": "schwinget_spec.conformance.harness.run",
    "EndClaimsAdapter": "schwinget_spec.conformance.harness.run",
    "GameSpec": "schwinget_spec.conformance.harness.run",
    "HarnessReport": "schwinget_spec.conformance.harness.run",
    "Progress": "schwinget_spec.conformance.harness.run",
    "ReadingReport": "schwinget_spec.conformance.harness.run",
    "Situation": "schwinget_spec.conformance.harness.run",
    "SkippedVector": "schwinget_spec.conformance.harness.run",
    "SteeredRun": "schwinget_spec.conformance.harness.run",
    "VectorSelection": "schwinget_spec.conformance.harness.run",
    "check_adapter": "schwinget_spec.conformance.harness.run",
    "fest_situations": "schwinget_spec.conformance.harness.run",
    "format_report": "schwinget_spec.conformance.harness.run",
    "gang_situations": "schwinget_spec.conformance.harness.run",
    "match_situations": "schwinget_spec.conformance.harness.run",
    "played_readings": "schwinget_spec.conformance.harness.run",
    "random_games": "schwinget_spec.conformance.harness.run",
    "readings_of": "schwinget_spec.conformance.harness.run",
    "run_harness": "schwinget_spec.conformance.harness.run",
    "scorecard_lines": "schwinget_spec.conformance.harness.run",
    "select_vectors": "schwinget_spec.conformance.harness.run",
    "steered_games": "schwinget_spec.conformance.harness.run",
    "vector_games": "schwinget_spec.conformance.harness.run",
    "verdict_line": "schwinget_spec.conformance.harness.run",
}


__getattr__ = lazy_getattr(__name__, _WHERE)
