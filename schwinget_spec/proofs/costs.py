"""The CPU seconds each query took in the recorded run of every query, by which the runner starts the costliest first: with several at once, no long query is left to run alone at the end."""

from __future__ import annotations

import json
from importlib import resources

__all__ = ["DEFAULT_COST", "FIGURES_FILE", "QUERY_COSTS", "cost_of", "read_costs"]

FIGURES_FILE = "query_figures.json"
"""The recorded run, beside this module: written with docs/proofs.md's query table by ``python -m schwinget_spec.proofs.figures --write``."""

DEFAULT_COST = 2.0
"""The cost assumed for a query not in the recorded run: a new query starts early rather than last."""


def read_costs() -> dict[str, float]:
    """Each query's CPU seconds in the recorded run (``QueryResult.cpu_seconds`` of ``schwinget prove --json``), by name."""
    data = json.loads(resources.files("schwinget_spec.proofs").joinpath(FIGURES_FILE).read_text(encoding="utf-8"))
    return {str(q["name"]): float(q["cpu_seconds"]) for q in data["queries"]}


QUERY_COSTS: dict[str, float] = read_costs()
"""The recorded CPU seconds of each query; only the order of the starts depends on them, never an answer."""


def cost_of(name: str) -> float:
    """The recorded CPU seconds of query ``name``, or ``DEFAULT_COST`` for one not recorded."""
    return QUERY_COSTS.get(name, DEFAULT_COST)
