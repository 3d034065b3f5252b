"""Runs each Z3 query in a process of its own, several at once: its answer and its time do not depend on what ran before it."""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import time
import traceback
from collections.abc import Callable, Sequence

import z3  # type: ignore[import-untyped]

from schwinget_spec.errors import SchwingetError
from schwinget_spec.proofs.base import ERROR, Outcome, Query, QueryResult
from schwinget_spec.proofs.match_model import same_deal_gangs
from schwinget_spec.proofs.scoring_queries import reachable_gangs

__all__ = ["default_jobs", "run_isolated", "run_one"]


def default_jobs() -> int:
    """The number of cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not every platform has an affinity mask
        return os.cpu_count() or 1


def _fresh_z3() -> None:
    """A new main Z3 context and empty caches of solved questions, as in a process that never ran a query.

    A forked process inherits its parent's Z3 context (its learnt clauses, its term
    table, its random state) and the cached answers of ``reachable_gangs`` and
    ``same_deal_gangs``; either would let the queries run before decide how long this
    one takes, or which witness it finds.
    """
    z3.z3._main_ctx = None  # z3 has no public way to drop its main context
    reachable_gangs.cache_clear()
    same_deal_gangs.cache_clear()


def run_one(query: Query) -> QueryResult:
    """Run ``query`` here and now, timing it (wall clock and CPU); a body that raises is answered ``error``."""
    start, cpu = time.perf_counter(), time.process_time()
    try:
        res = query.body()
    except (SchwingetError, RuntimeError, z3.Z3Exception) as exc:
        res = Outcome(ERROR, (), f"{type(exc).__name__}: {exc}")
    seconds = time.perf_counter() - start
    return QueryResult(
        query.name,
        query.claim,
        query.expected,
        res.answer,
        round(seconds, 2),
        res.clauses,
        res.detail,
        cpu_seconds=round(time.process_time() - cpu, 2),
    )


def _child(query: Query, conn: multiprocessing.connection.Connection) -> None:
    _fresh_z3()
    try:
        result = run_one(query)
    except BaseException:  # whatever went wrong is the answer, sent to the parent
        result = QueryResult(query.name, query.claim, query.expected, ERROR, 0.0, (), traceback.format_exc(limit=3))
    conn.send(result)
    conn.close()


def _lost(query: Query, exitcode: int | None) -> QueryResult:
    return QueryResult(query.name, query.claim, query.expected, ERROR, 0.0, (), f"the query's process ended with exit code {exitcode}")


def run_isolated(
    queries: Sequence[Query],
    *,
    jobs: int = 1,
    on_start: Callable[[Query], None] | None = None,
    on_result: Callable[[QueryResult], None] | None = None,
) -> list[QueryResult]:
    """Run each of ``queries`` in a forked process of its own, ``jobs`` at a time; the results in the order of ``queries``.

    Each process starts from a fresh Z3 context (``_fresh_z3``), so a query's answer and
    time are those it has alone. ``on_start`` and ``on_result`` are called in this process
    as each query starts and as its answer comes. Where processes cannot be forked, the
    queries run one after the other in this process.
    """
    if "fork" not in multiprocessing.get_all_start_methods():
        out = []
        for q in queries:
            if on_start is not None:
                on_start(q)
            res = run_one(q)
            if on_result is not None:
                on_result(res)
            out.append(res)
        return out
    ctx = multiprocessing.get_context("fork")
    jobs = max(1, jobs)
    results: dict[int, QueryResult] = {}
    waiting = list(enumerate(queries))
    running: dict[int, tuple[multiprocessing.process.BaseProcess, multiprocessing.connection.Connection]] = {}
    try:
        while waiting or running:
            while waiting and len(running) < jobs:
                i, q = waiting.pop(0)
                receive, send = ctx.Pipe(duplex=False)
                child = ctx.Process(target=_child, args=(q, send), name=f"query {q.name}", daemon=True)
                child.start()
                send.close()
                running[i] = (child, receive)
                if on_start is not None:
                    on_start(q)
            ready = multiprocessing.connection.wait([conn for _, conn in running.values()])
            for i in [k for k, (_, conn) in running.items() if conn in ready]:
                proc, conn = running.pop(i)
                try:
                    res = conn.recv()
                except EOFError:
                    proc.join()
                    res = _lost(queries[i], proc.exitcode)
                conn.close()
                proc.join()
                results[i] = res
                if on_result is not None:
                    on_result(res)
    finally:
        for proc, conn in running.values():
            proc.terminate()
            proc.join()
            conn.close()
    return [results[i] for i in range(len(queries))]
