"""The clause registry: every rule statement of the booklet with a stable id, its German and French text, and an English paraphrase."""

from __future__ import annotations

# the table sits below ``errors`` (whose errors give a clause's text) and this lookup above it
# (it raises ``UnknownClauseError``), so that neither imports the other
from schwinget_spec.clause_table import CLAUSES, Clause
from schwinget_spec.errors import UnknownClauseError

__all__ = ["CLAUSES", "Clause", "get_clause"]


def get_clause(clause_id: str) -> Clause:
    """The clause with id ``clause_id``; raises ``UnknownClauseError`` (a ``KeyError`` too) naming the id if there is none."""
    clause = CLAUSES.get(clause_id) if isinstance(clause_id, str) else None
    if clause is None:
        raise UnknownClauseError(clause_id)
    return clause
