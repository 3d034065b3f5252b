"""Pytest configuration for the property suite: the ``clause`` marker and the Hypothesis profiles ``ci`` and ``thorough``."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from schwinget_spec.clauses import CLAUSES

# ci: the default, reproducible (derandomize: the same examples on every run, no
# example database) and sized for the whole directory to run in about three minutes
# on two xdist workers. thorough: ten times the examples, random, for long runs.
settings.register_profile(
    "ci",
    max_examples=150,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=1500,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

EXAMPLES_SCALE = settings().max_examples / 150
"""How much larger than ``ci`` the active profile is (1 in ``ci``, 10 in ``thorough``)."""


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``clause`` marker (also registered in tests/conftest.py, so properties/ runs alone)."""
    config.addinivalue_line("markers", "clause(*ids): the clause ids of the booklet this test exercises")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Fail the run if a property's ``clause`` marker names an id missing from ``schwinget_spec.clauses.CLAUSES``."""
    unknown = [
        f"{item.nodeid}: unknown clause id {clause_id!r}"
        for item in items
        if item.nodeid.startswith("properties/")
        for marker in item.iter_markers(name="clause")
        for clause_id in marker.args
        if clause_id not in CLAUSES
    ]
    if unknown:
        raise pytest.UsageError("clause markers must name ids of schwinget_spec.clauses.CLAUSES:\n  " + "\n  ".join(unknown))
