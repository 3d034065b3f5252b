"""The Gang solver (double dummy): the exact value of a Gang when both players see every card, in readable Python and in C."""

from __future__ import annotations

from schwinget_spec.solver.values import OUTCOME_WORDS, Solution, leaf_table, leaf_value, outcome_word

__all__ = ["OUTCOME_WORDS", "Solution", "leaf_table", "leaf_value", "outcome_word"]
