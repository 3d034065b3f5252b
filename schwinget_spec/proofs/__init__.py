"""Z3 proofs: a symbolic model of one Gang, the queries with their expected answers, and the replay of witnesses through the engine."""

from __future__ import annotations
