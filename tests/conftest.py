"""Pytest configuration for the example tests: the ``clause`` marker and its check against the clause registry."""

from __future__ import annotations

import pytest

from schwinget_spec.clauses import CLAUSES


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``clause`` marker."""
    config.addinivalue_line("markers", "clause(*ids): the clause ids of the booklet this test exercises")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Fail the run if a ``clause`` marker names an id that is not in ``schwinget_spec.clauses.CLAUSES``."""
    unknown: list[str] = []
    for item in items:
        for marker in item.iter_markers(name="clause"):
            if not marker.args:
                unknown.append(f"{item.nodeid}: clause marker without an id")
            for clause_id in marker.args:
                if clause_id not in CLAUSES:
                    unknown.append(f"{item.nodeid}: unknown clause id {clause_id!r}")
    if unknown:
        raise pytest.UsageError(
            "clause markers must name ids of schwinget_spec.clauses.CLAUSES:\n  " + "\n  ".join(unknown)
        )
