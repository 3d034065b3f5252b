"""The query runner: each query in a process of its own with a fresh Z3 context, facts handed from the query that provides them."""

from __future__ import annotations

import os

import pytest
import z3  # type: ignore[import-untyped]

from schwinget_spec.proofs import runner
from schwinget_spec.proofs.base import ERROR, PROVED, Outcome, Query
from schwinget_spec.proofs.runner import FACTS, run_isolated


def test_each_query_starts_from_a_fresh_z3_context() -> None:
    """A query does not see the Z3 context the calling process used: nothing asserted before it can change its answer or time."""
    parent = z3.main_ctx()
    z3.Solver().add(z3.Int("x") > 0)

    def body() -> Outcome:
        return Outcome(PROVED if z3.main_ctx() is not parent else "same context")

    [result] = run_isolated([Query("demo.fresh", "a fresh context", PROVED, body)], jobs=2)
    assert result.ok, result.answer


def test_a_query_whose_process_dies_is_an_error_and_the_others_answer_in_order() -> None:
    """A process that ends without an answer gives 'error' with its exit code; the other queries keep their place."""

    def dies() -> Outcome:
        os._exit(3)

    asked = [
        Query("demo.first", "answers", PROVED, lambda: Outcome(PROVED)),
        Query("demo.dies", "ends its process", PROVED, dies),
        Query("demo.last", "answers", PROVED, lambda: Outcome(PROVED)),
    ]
    results = run_isolated(asked, jobs=2)
    assert [r.name for r in results] == ["demo.first", "demo.dies", "demo.last"]
    assert [r.answer for r in results] == [PROVED, ERROR, PROVED]
    assert "exit code 3" in results[1].detail


def test_a_query_needing_a_fact_runs_after_its_provider_even_when_asked_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """The provider runs first, unreported; its fact reaches the query in its own process."""
    seen: dict[str, object] = {}
    monkeypatch.setitem(FACTS, "demo.fact", (lambda: seen.get("value"), lambda value: seen.__setitem__("value", value)))
    monkeypatch.setattr(runner, "_COMPUTED", {})

    def provide() -> Outcome:
        seen["value"] = 42
        return Outcome(PROVED)

    def use() -> Outcome:
        return Outcome(PROVED if seen.get("value") == 42 else f"fact {seen.get('value')}")

    provider = Query("demo.provider", "computes the fact", PROVED, provide, provides=("demo.fact",))
    user = Query("demo.user", "uses the fact", PROVED, use, needs=("demo.fact",))
    [result] = run_isolated([user], known=[provider, user], jobs=2)
    assert (result.name, result.answer) == ("demo.user", PROVED)


def test_every_query_has_a_measured_cost_and_the_costliest_start_first() -> None:
    """Every query of ``schwinget prove`` has a measured cost (none stale), and after the fact providers the plan starts them costliest first."""
    from schwinget_spec.proofs.costs import QUERY_COSTS, cost_of  # noqa: PLC0415
    from schwinget_spec.proofs.queries import QUERIES  # noqa: PLC0415

    assert set(QUERY_COSTS) == {q.name for q in QUERIES}
    plan = runner._plan(QUERIES, QUERIES, set())
    assert [q.name for q, _ in plan[:2]] == [q.name for q in QUERIES if q.provides]
    costs = [cost_of(q.name) for q, _ in plan[2:]]
    assert costs == sorted(costs, reverse=True)
    assert all(asked for _, asked in plan)
