"""The old path of ``schwinget_spec.conformance.trace.verify``, where the code now lives: this module re-exports its public names."""

from __future__ import annotations

from schwinget_spec.conformance.trace.verify import (
    MAX_GAENGE,
    MAX_TRACE_BYTES,
    READ_VERSIONS,
    VERSION_1_DEFAULTS,
    RulesJsonError,
    Verdict,
    VerdictKind,
    load_schema,
    rules_from_json,
    verify_trace,
    verify_trace_file,
    verify_trace_text,
)

__all__ = [
    "MAX_GAENGE",
    "MAX_TRACE_BYTES",
    "READ_VERSIONS",
    "VERSION_1_DEFAULTS",
    "RulesJsonError",
    "Verdict",
    "VerdictKind",
    "load_schema",
    "rules_from_json",
    "verify_trace",
    "verify_trace_file",
    "verify_trace_text",
]
