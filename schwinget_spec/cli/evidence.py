"""The committed evidence behind ``schwinget_spec.registry.verification_status``: Z3 queries, exhaustive checks, vectors and mutants per clause, computed and written."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence

import attrs

from schwinget_spec.clauses import CLAUSES
from schwinget_spec.registry.verification_status import EVIDENCE_FILE, Evidence, load_evidence

__all__ = [
    "ENGINE_PARTS",
    "collect_evidence",
    "ends_by_clause",
    "engine_by_clause",
    "exhaustive_by_clause",
    "levels_by_clause",
    "main",
    "merge_engine",
    "mutants_by_clause",
    "proofs_by_clause",
    "refreshed_evidence",
    "vectors_by_clause",
    "with_engine_parts",
]


def vectors_by_clause() -> dict[str, int]:
    """How many shipped vectors name each clause."""
    from schwinget_spec.conformance.vectors.suite import load_vectors  # noqa: PLC0415

    counts: dict[str, int] = {}
    for vector in load_vectors().vectors:
        for clause_id in vector.clauses:
            counts[clause_id] = counts.get(clause_id, 0) + 1
    return counts


def mutants_by_clause() -> dict[str, tuple[str, ...]]:
    """The shipped mutants that break each clause (tests/test_mutants.py shows each is caught)."""
    from schwinget_spec.conformance.mutants import MUTANTS  # noqa: PLC0415

    out: dict[str, list[str]] = {}
    for mutant in MUTANTS:
        out.setdefault(mutant.clause_id, []).append(mutant.id)
    return {k: tuple(v) for k, v in out.items()}


def proofs_by_clause(names: Sequence[str] | None = None) -> dict[str, tuple[str, ...]]:
    """The Z3 queries (all of them, or ``names``) that answered as expected, by the clauses they involve."""
    from schwinget_spec.proofs import run_queries  # noqa: PLC0415

    out: dict[str, list[str]] = {}
    for result in run_queries(names, include_slow=True):
        if result.ok:
            for clause_id in result.clauses:
                if clause_id in CLAUSES:
                    out.setdefault(clause_id, []).append(result.name)
    return {k: tuple(v) for k, v in out.items()}


def exhaustive_by_clause(names: Sequence[str] | None = None) -> dict[str, tuple[tuple[str, int], ...]]:
    """The exhaustive checks (whole domains) that agreed three ways, with their input counts, by the clauses they check."""
    from schwinget_spec.proofs.exhaustive import run_exhaustive  # noqa: PLC0415

    out: dict[str, list[tuple[str, int]]] = {}
    for check in run_exhaustive(names):
        if check.ok:
            for clause_id in check.clauses:
                out.setdefault(clause_id, []).append((check.name, check.inputs))
    return {k: tuple(v) for k, v in out.items()}


def engine_by_clause(*, jobs: int = 2) -> dict[str, tuple[str, ...]]:
    """The clauses the proof of the engine's Gang step covers (``schwinget prove --engine``), if it proved: each with ``("gang.step",)``.

    Prints the proof's summary (with its time) to stderr; an empty mapping when the proof fails.
    """
    from schwinget_spec.proofs.engine_step import engine_clauses, format_engine_proof, run_engine_proof  # noqa: PLC0415

    proof = run_engine_proof(jobs=jobs)
    sys.stderr.write(format_engine_proof(proof) + "\n")
    if not proof.ok:
        return {}
    return {clause_id: ("gang.step",) for clause_id in engine_clauses() if clause_id in CLAUSES}


def ends_by_clause() -> dict[str, tuple[str, ...]]:
    """The clauses the proofs of the Gang's first state and of its result cover (``proofs.engine_ends``), if they proved: each with ``gang.start`` or ``gang.result``.

    Prints the proofs' summary (with its time) to stderr; an empty mapping when a proof fails.
    """
    from schwinget_spec.proofs.engine_ends import PART_CLAUSES, format_ends_proof, run_ends_proof  # noqa: PLC0415

    proof = run_ends_proof()
    sys.stderr.write(format_ends_proof(proof) + "\n")
    if not proof.ok:
        return {}
    out: dict[str, list[str]] = {}
    for part, clause_ids in PART_CLAUSES.items():
        for clause_id in clause_ids:
            if clause_id in CLAUSES:
                out.setdefault(clause_id, []).append(part)
    return {k: tuple(v) for k, v in out.items()}


def levels_by_clause() -> dict[str, tuple[str, ...]]:
    """The clauses the proof of the engine's match and Schwingfest transitions covers (``proofs.engine_levels``), if it proved: each with its families (``match.starter``, ...).

    Prints the proof's summary (with its time) to stderr; an empty mapping when the proof fails.
    """
    from schwinget_spec.proofs.engine_levels import (  # noqa: PLC0415
        FAMILIES,
        FAMILY_CLAUSES,
        format_level_proof,
        run_level_proof,
    )

    proof = run_level_proof()
    sys.stderr.write(format_level_proof(proof) + "\n")
    if not proof.ok:
        return {}
    out: dict[str, list[str]] = {}
    for family in FAMILIES:
        for clause_id in FAMILY_CLAUSES[family]:
            if clause_id in CLAUSES:
                out.setdefault(clause_id, []).append(f"match.{family}")
    return {k: tuple(v) for k, v in out.items()}


def merge_engine(*parts: Mapping[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """The union of engine evidence by clause: every part that proved a clause, in order, once."""
    out: dict[str, tuple[str, ...]] = {}
    for part in parts:
        for clause_id, names in part.items():
            out[clause_id] = tuple(dict.fromkeys((*out.get(clause_id, ()), *names)))
    return out


ENGINE_PARTS: dict[str, tuple[str, ...]] = {
    "engine": ("gang.step", "gang.start", "gang.result"),
    "ends": ("gang.start", "gang.result"),
    "levels": ("match.starter", "match.totals", "match.winner", "match.ranks"),
}
"""The parts of the engine evidence each option recomputes (the rest is kept as committed)."""


def _recomputed(option: str) -> dict[str, tuple[str, ...]]:
    if option == "engine":
        return merge_engine(engine_by_clause(), ends_by_clause())
    if option == "ends":
        return ends_by_clause()
    return levels_by_clause()


def with_engine_parts(committed: Evidence, option: str, fresh: Mapping[str, tuple[str, ...]]) -> Evidence:
    """``committed`` with the engine parts of ``option`` (``ENGINE_PARTS``) replaced by ``fresh``: a part no longer proved is gone, the others kept."""
    replaced = set(ENGINE_PARTS[option])
    kept = {k: tuple(n for n in v if n not in replaced and not (option == "levels" and n.startswith("match."))) for k, v in committed.engine.items()}
    return attrs.evolve(committed, engine=merge_engine({k: v for k, v in kept.items() if v}, fresh))


def collect_evidence() -> Evidence:
    """Everything, computed afresh: every Z3 query, every exhaustive check and the engine's step proof (a quarter of an hour)."""
    return Evidence(
        proofs=proofs_by_clause(),
        exhaustive=exhaustive_by_clause(),
        vectors=vectors_by_clause(),
        mutants=mutants_by_clause(),
        engine=merge_engine(engine_by_clause(), ends_by_clause(), levels_by_clause()),
    )


def refreshed_evidence() -> Evidence:
    """The committed evidence with its quick parts (vectors, mutants) computed afresh; the proofs and exhaustive checks as committed."""
    committed = load_evidence()
    return attrs.evolve(committed, vectors=vectors_by_clause(), mutants=mutants_by_clause())


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m schwinget_spec.cli.evidence [--write] [--quick | --engine | --ends | --levels]``: print the evidence as JSON, or write it to the committed file."""
    parser = argparse.ArgumentParser(prog="python -m schwinget_spec.cli.evidence", description=__doc__)
    parser.add_argument("--write", action="store_true", help=f"write {EVIDENCE_FILE.name} instead of printing it")
    only = parser.add_mutually_exclusive_group()
    only.add_argument(
        "--quick",
        action="store_true",
        help="recompute only the vectors and mutants (seconds), keep the committed proofs and exhaustive checks",
    )
    only.add_argument(
        "--engine",
        action="store_true",
        help="recompute only the proofs of the engine's Gang: its step (schwinget prove --engine, half an hour of CPU), "
        "its first state and its result; keep the rest as committed",
    )
    only.add_argument(
        "--ends",
        action="store_true",
        help="recompute only the proofs of the Gang's first state and result (about two minutes), keep the rest as committed",
    )
    only.add_argument(
        "--levels",
        action="store_true",
        help="recompute only the proof of the engine's match and Schwingfest transitions (about 6 minutes), keep the rest as committed",
    )
    args = parser.parse_args(argv)
    option = next((name for name in ENGINE_PARTS if getattr(args, name)), None)
    if option is not None:
        # the proof first, then the committed file read: what others wrote meanwhile is kept
        fresh = _recomputed(option)
        evidence = with_engine_parts(load_evidence(), option, fresh)
    else:
        evidence = refreshed_evidence() if args.quick else collect_evidence()
    text = json.dumps(evidence.to_json(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    if args.write:
        EVIDENCE_FILE.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
