"""The kit tests itself: single-bug engines of the reference (one per clause a bug can break), runnable behind the protocol, and the kill matrix of a default run against each."""

from __future__ import annotations

from schwinget_spec.conformance.mutants.registry import MUTANTS, Mutant, UnknownMutantError, get_mutant

__all__ = ["MUTANTS", "Mutant", "UnknownMutantError", "get_mutant"]
