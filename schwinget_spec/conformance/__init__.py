"""The conformance kit, in rooms: ``trace`` (the trace format and the verifier), ``protocol`` (the JSON-lines protocol and the reference server), ``vectors`` (the vector suite, its generators, perft, skip lists), ``harness`` (lock-step play, levels, steering, coverage, shrinking), ``reports`` and ``mutants``.

A room imports only the rooms before it in that list. Each name below is imported from its
module when first asked for, so that importing one module of the kit (the verifier for
``schwinget verify``) does not import the others (the vector generator).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from schwinget_spec.support.lazy_names import lazy_getattr

if TYPE_CHECKING:
    from schwinget_spec.conformance.protocol.adapter import GangAdapter, ReferenceAdapter, ResultReport
    from schwinget_spec.conformance.trace.games import Trace, TraceError
    from schwinget_spec.conformance.trace.verify import (
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
    from schwinget_spec.conformance.vectors import (
        SUITE_VERSION,
        Suite,
        Vector,
        VectorResult,
        check_vector,
        load_vectors,
        reference_perft,
        run_vectors,
        shipped_directory,
        write_vectors,
    )
    from schwinget_spec.conformance.vectors.perft import perft, perft_complete, perft_divide
    from schwinget_spec.conformance.vectors.skiplist import (
        SkipEntry,
        SkipList,
        SkipListError,
        filter_vectors,
        load_skiplist,
        parse_skiplist,
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
    "Trace",
    "TraceError",
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

_WHERE: dict[str, str] = {
    "GangAdapter": "schwinget_spec.conformance.protocol.adapter",
    "MAX_TRACE_BYTES": "schwinget_spec.conformance.trace.verify",
    "ReferenceAdapter": "schwinget_spec.conformance.protocol.adapter",
    "ResultReport": "schwinget_spec.conformance.protocol.adapter",
    "RulesJsonError": "schwinget_spec.conformance.trace.verify",
    "SUITE_VERSION": "schwinget_spec.conformance.vectors",
    "SkipEntry": "schwinget_spec.conformance.vectors.skiplist",
    "SkipList": "schwinget_spec.conformance.vectors.skiplist",
    "SkipListError": "schwinget_spec.conformance.vectors.skiplist",
    "Suite": "schwinget_spec.conformance.vectors",
    "Trace": "schwinget_spec.conformance.trace.games",
    "TraceError": "schwinget_spec.conformance.trace.games",
    "Vector": "schwinget_spec.conformance.vectors",
    "VectorResult": "schwinget_spec.conformance.vectors",
    "Verdict": "schwinget_spec.conformance.trace.verify",
    "VerdictKind": "schwinget_spec.conformance.trace.verify",
    "check_vector": "schwinget_spec.conformance.vectors",
    "filter_vectors": "schwinget_spec.conformance.vectors.skiplist",
    "load_schema": "schwinget_spec.conformance.trace.verify",
    "load_skiplist": "schwinget_spec.conformance.vectors.skiplist",
    "load_vectors": "schwinget_spec.conformance.vectors",
    "parse_skiplist": "schwinget_spec.conformance.vectors.skiplist",
    "perft": "schwinget_spec.conformance.vectors.perft",
    "perft_complete": "schwinget_spec.conformance.vectors.perft",
    "perft_divide": "schwinget_spec.conformance.vectors.perft",
    "reference_perft": "schwinget_spec.conformance.vectors",
    "rules_from_json": "schwinget_spec.conformance.trace.verify",
    "run_vectors": "schwinget_spec.conformance.vectors",
    "shipped_directory": "schwinget_spec.conformance.vectors",
    "verify_trace": "schwinget_spec.conformance.trace.verify",
    "verify_trace_file": "schwinget_spec.conformance.trace.verify",
    "verify_trace_text": "schwinget_spec.conformance.trace.verify",
    "write_vectors": "schwinget_spec.conformance.vectors",
}


__getattr__ = lazy_getattr(__name__, _WHERE)
