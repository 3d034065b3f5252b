"""The conformance test vectors: the suite as shipped (``suite``, its JSON files in this folder), its runner (``runner``),
perft counts (``perft``), skip lists (``skiplist``), the search of seeded play (``gang_search``) and the generator
(``generate`` and its ``gen_*`` groups); ``python -m schwinget_spec.conformance`` regenerates or checks them.

Each name below is imported from its module when first asked for (``perft`` at once: it is the name of a
submodule too, which would hide the function once imported).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

from schwinget_spec.conformance.vectors.perft import perft, perft_complete, perft_divide
from schwinget_spec.support.lazy_names import lazy_getattr

if TYPE_CHECKING:
    from schwinget_spec.conformance.vectors.gang_search import (
        GANG_CLAUSE_PREFIXES,
        UNTRACEABLE_CLAUSES,
        FoundGang,
        features_of,
        gang_clause_ids,
        search_gang,
    )
    from schwinget_spec.conformance.vectors.generate import dumps, generate_files, write_vectors
    from schwinget_spec.conformance.vectors.runner import (
        PerftCounter,
        VectorResult,
        Verifier,
        check_vector,
        reference_perft,
        run_vectors,
        verdict_matches,
    )
    from schwinget_spec.conformance.vectors.suite import (
        SUITE_VERSION,
        VECTOR_FORMAT,
        Suite,
        Vector,
        VectorFileError,
        load_vectors,
        shipped_directory,
    )

__all__ = [
    "GANG_CLAUSE_PREFIXES",
    "SUITE_VERSION",
    "UNTRACEABLE_CLAUSES",
    "VECTOR_FORMAT",
    "FoundGang",
    "PerftCounter",
    "Suite",
    "Vector",
    "VectorFileError",
    "VectorResult",
    "Verifier",
    "check_vector",
    "dumps",
    "features_of",
    "gang_clause_ids",
    "generate_files",
    "load_vectors",
    "main",
    "perft",
    "perft_complete",
    "perft_divide",
    "reference_perft",
    "run_vectors",
    "search_gang",
    "shipped_directory",
    "verdict_matches",
    "write_vectors",
]


_WHERE: dict[str, str] = {
    "FoundGang": "schwinget_spec.conformance.vectors.gang_search",
    "GANG_CLAUSE_PREFIXES": "schwinget_spec.conformance.vectors.gang_search",
    "PerftCounter": "schwinget_spec.conformance.vectors.runner",
    "SUITE_VERSION": "schwinget_spec.conformance.vectors.suite",
    "Suite": "schwinget_spec.conformance.vectors.suite",
    "UNTRACEABLE_CLAUSES": "schwinget_spec.conformance.vectors.gang_search",
    "VECTOR_FORMAT": "schwinget_spec.conformance.vectors.suite",
    "Vector": "schwinget_spec.conformance.vectors.suite",
    "VectorFileError": "schwinget_spec.conformance.vectors.suite",
    "VectorResult": "schwinget_spec.conformance.vectors.runner",
    "Verifier": "schwinget_spec.conformance.vectors.runner",
    "check_vector": "schwinget_spec.conformance.vectors.runner",
    "dumps": "schwinget_spec.conformance.vectors.generate",
    "features_of": "schwinget_spec.conformance.vectors.gang_search",
    "gang_clause_ids": "schwinget_spec.conformance.vectors.gang_search",
    "generate_files": "schwinget_spec.conformance.vectors.generate",
    "load_vectors": "schwinget_spec.conformance.vectors.suite",
    "reference_perft": "schwinget_spec.conformance.vectors.runner",
    "run_vectors": "schwinget_spec.conformance.vectors.runner",
    "search_gang": "schwinget_spec.conformance.vectors.gang_search",
    "shipped_directory": "schwinget_spec.conformance.vectors.suite",
    "verdict_matches": "schwinget_spec.conformance.vectors.runner",
    "write_vectors": "schwinget_spec.conformance.vectors.generate",
}


__getattr__ = lazy_getattr(__name__, _WHERE)


def main(argv: Sequence[str] | None = None, prog: str = "python -m schwinget_spec.conformance") -> int:
    """``python -m schwinget_spec.conformance --write DIR`` regenerates the suite; ``--check`` runs it."""
    parser = argparse.ArgumentParser(prog=prog, description=main.__doc__)
    parser.add_argument("--write", metavar="DIR", help="regenerate every vector file into DIR")
    parser.add_argument("--check", action="store_true", help="run the shipped vectors against the reference verifier")
    args = parser.parse_args(argv)
    from schwinget_spec.conformance.vectors.generate import write_vectors  # noqa: PLC0415
    from schwinget_spec.conformance.vectors.runner import run_vectors  # noqa: PLC0415

    if args.write:
        try:
            written = write_vectors(args.write)
        except OSError as exc:
            # the directory cannot be written: one line and exit code 2, as for a bad option
            parser.error(f"--write {exc.filename or args.write}: {exc.strerror or exc}")
        for path in written:
            print(path)
    if args.check:
        results = run_vectors()
        failed = [r for r in results if not r.passed]
        for r in failed:
            print(f"FAIL {r.vector.id}: expected {dict(r.expected)}, got {dict(r.got)}")
        print(f"{len(results) - len(failed)}/{len(results)} vectors pass")
        return 1 if failed else 0
    if not args.write:
        parser.print_help()
    return 0

