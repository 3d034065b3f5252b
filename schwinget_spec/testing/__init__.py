"""Hypothesis strategies and a conformance state machine for Schwinget implementations; needs the ``test`` extra (Hypothesis).

Install with ``pip install 'schwinget_spec[test]'``. The strategies live in
``schwinget_spec.testing.strategies``; the adapter protocol in
``schwinget_spec.conformance.protocol.adapter``; the state machine in ``schwinget_spec.testing.machine``.
Another implementation runs the state machine from its own test suite with::

    from schwinget_spec.testing import conformance_test_case
    from my_engine import MyAdapter
    TestMyEngine = conformance_test_case(MyAdapter)
"""

from __future__ import annotations

from schwinget_spec.conformance.protocol.adapter import (
    GangAdapter,
    Observation,
    ReferenceAdapter,
    ResultReport,
    observe,
)
from schwinget_spec.testing import strategies
from schwinget_spec.testing.machine import (
    ALL_ACTION_CODES,
    ConformanceError,
    GangConformanceMachine,
    conformance_machine,
    conformance_test_case,
)

__all__ = [
    "ALL_ACTION_CODES",
    "ConformanceError",
    "GangAdapter",
    "GangConformanceMachine",
    "Observation",
    "ReferenceAdapter",
    "ResultReport",
    "conformance_machine",
    "conformance_test_case",
    "observe",
    "strategies",
]
