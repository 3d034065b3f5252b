"""The conformance test vectors: the public import path of their loader (``suite``), runner (``runner``), perft counts
(``perft``), the search of seeded play (``gang_search``) and the generator (``generate``), and the command
``python -m schwinget_spec.conformance.vectors``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from schwinget_spec.conformance.vectors.gang_search import (
    GANG_CLAUSE_PREFIXES,
    UNTRACEABLE_CLAUSES,
    FoundGang,
    features_of,
    gang_clause_ids,
    search_gang,
)
from schwinget_spec.conformance.vectors.generate import dumps, generate_files, write_vectors
from schwinget_spec.conformance.vectors.perft import perft, perft_complete, perft_divide
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


def main(argv: Sequence[str] | None = None, prog: str = "python -m schwinget_spec.conformance") -> int:
    """``python -m schwinget_spec.conformance --write DIR`` regenerates the suite; ``--check`` runs it."""
    parser = argparse.ArgumentParser(prog=prog, description=main.__doc__)
    parser.add_argument("--write", metavar="DIR", help="regenerate every vector file into DIR")
    parser.add_argument("--check", action="store_true", help="run the shipped vectors against the reference verifier")
    args = parser.parse_args(argv)
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


if __name__ == "__main__":
    sys.exit(main())
