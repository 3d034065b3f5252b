"""The conformance kit: the trace schema and verifier, the test vectors with perft counts, skip lists, and the adapter protocol for other implementations."""

from __future__ import annotations

from schwinget_spec.conformance.adapter import GangAdapter, ReferenceAdapter, ResultReport
from schwinget_spec.conformance.skiplist import (
    SkipEntry,
    SkipList,
    SkipListError,
    filter_vectors,
    load_skiplist,
    parse_skiplist,
)
from schwinget_spec.conformance.vectors import (
    SUITE_VERSION,
    Suite,
    Vector,
    VectorResult,
    check_vector,
    load_vectors,
    perft,
    perft_complete,
    perft_divide,
    reference_perft,
    run_vectors,
    shipped_directory,
    write_vectors,
)
from schwinget_spec.conformance.verify import (
    MAX_TRACE_BYTES,
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
    "MAX_TRACE_BYTES",
    "SUITE_VERSION",
    "GangAdapter",
    "ReferenceAdapter",
    "ResultReport",
    "RulesJsonError",
    "SkipEntry",
    "SkipList",
    "SkipListError",
    "Suite",
    "Vector",
    "VectorResult",
    "Verdict",
    "VerdictKind",
    "check_vector",
    "filter_vectors",
    "load_schema",
    "load_skiplist",
    "load_vectors",
    "parse_skiplist",
    "perft",
    "perft_complete",
    "perft_divide",
    "reference_perft",
    "rules_from_json",
    "run_vectors",
    "shipped_directory",
    "verify_trace",
    "verify_trace_file",
    "verify_trace_text",
    "write_vectors",
]
