"""The conformance kit: the trace schema, the verifier, and (in later modules) vectors and harnesses."""

from __future__ import annotations

from schwinget_spec.conformance.verify import (
    MAX_TRACE_BYTES,
    Verdict,
    VerdictKind,
    load_schema,
    verify_trace,
    verify_trace_file,
    verify_trace_text,
)

__all__ = [
    "MAX_TRACE_BYTES",
    "Verdict",
    "VerdictKind",
    "load_schema",
    "verify_trace",
    "verify_trace_file",
    "verify_trace_text",
]
