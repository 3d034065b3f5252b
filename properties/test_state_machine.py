"""The conformance state machine run against the reference, and shown to catch the buggy engine of examples/buggy_engine.py."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from schwinget_spec.testing import (
    ConformanceError,
    ReferenceAdapter,
    conformance_machine,
    conformance_test_case,
)

TestReferenceConformance = conformance_test_case(ReferenceAdapter)
"""The reference run through its own conformance machine, the way another implementation runs it."""


def _load_example(name: str) -> Any:
    path = Path(__file__).resolve().parent.parent / "examples" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"examples_{name}", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.clause("kampfrichter.last_schwung")
def test_state_machine_catches_the_buggy_engine() -> None:
    """The state machine finds that the example engine's Kampfrichter still acts on the last Schwung."""
    buggy = _load_example("buggy_engine")
    with pytest.raises(ConformanceError) as info:
        run_state_machine_as_test(
            conformance_machine(buggy.BuggyKampfrichterAdapter),
            # the generate phase alone: finding the bug is the point here, the shrunk
            # counterexample is shown in the example's docstring
            settings=settings(
                max_examples=1000, stateful_step_count=80, deadline=None, phases=[Phase.generate]
            ),
        )
    message = str(info.value)
    assert "legal_actions: reference []" in message
    assert "to_move: reference None" in message
