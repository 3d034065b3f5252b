"""Z3 proofs: a symbolic model of one Gang, the queries with their expected answers, and the replay of witnesses through the engine."""

from __future__ import annotations

from schwinget_spec.proofs.queries import QUERIES, QueryResult, format_table, run_queries, to_json

__all__ = ["QUERIES", "QueryResult", "format_table", "run_queries", "to_json"]
