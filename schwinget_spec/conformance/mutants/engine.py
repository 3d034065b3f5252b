"""A mutant of the reference engine behind the JSON-lines protocol: ``python -m schwinget_spec.conformance.mutants.engine MUTANT_ID``."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from schwinget_spec.conformance.mutants.registry import MUTANTS, UnknownMutantError, get_mutant
from schwinget_spec.conformance.protocol.reference_server import (
    ReferenceEngine,
    serve,
    serve_until_interrupted,
)

__all__ = ["main", "mutant_engine"]


def mutant_engine(mutant_id: str) -> ReferenceEngine:
    """A new engine of the mutant ``mutant_id``, answering ``hello`` as ``mutant-<id>``; raises ``UnknownMutantError``."""
    engine = get_mutant(mutant_id).engine()
    engine.name = f"mutant-{mutant_id}"
    return engine


def main(argv: Sequence[str] | None = None) -> None:
    """Serve the mutant named on the command line on standard input and output (exit 2 for a missing or unknown id)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        sys.stderr.write("usage: python -m schwinget_spec.conformance.mutants.engine MUTANT_ID\n")
        sys.stderr.write("mutants: " + " ".join(m.id for m in MUTANTS) + "\n")
        sys.exit(2)
    try:
        engine = mutant_engine(args[0])
    except UnknownMutantError as exc:
        sys.stderr.write(f"{exc}\n")
        sys.exit(2)
    serve_until_interrupted(lambda: serve(engine))


if __name__ == "__main__":
    main()
