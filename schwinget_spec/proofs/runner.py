"""Runs each Z3 query in a process of its own, several at once: its answer and its time do not depend on what ran before it."""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import os
import signal
import time
import traceback
from collections.abc import Callable, Sequence

import z3  # type: ignore[import-untyped]

from schwinget_spec.errors import SchwingetError
from schwinget_spec.proofs.base import ERROR, Outcome, Query, QueryResult
from schwinget_spec.proofs.costs import cost_of
from schwinget_spec.proofs.match_model import same_deal_gangs
from schwinget_spec.proofs.scoring_queries import (
    REACHABLE_FACTS,
    reachable_half,
    use_reachable_gangs,
    use_reachable_half,
)
from schwinget_spec.studies.backends import STOP_SIGNALS, terminations_raise

__all__ = ["FACTS", "default_jobs", "run_isolated", "run_one"]

FACTS: dict[str, tuple[Callable[[], object], Callable[[object], None]]] = {
    fact: (lambda starter=starter: reachable_half(starter), lambda half, starter=starter: use_reachable_half(starter, half))  # type: ignore[misc]
    for fact, starter in zip(REACHABLE_FACTS, (False, True), strict=True)
}
"""Facts one query computes and others use: name -> (read it after the providing query ran, install it before a using query runs).

The two halves of the Gang kinds table (``REACHABLE_FACTS``: the Gang kinds P0, or P1,
starting can reach, with a witness each) take 18 checks each; every match, Schwingfest
and match-bound query builds on both. Two queries compute them side by side.
"""


_COMPUTED: dict[str, object] = {}
"""The facts providers computed in earlier runs of this process: each is the answer of its query in a fresh context, the same every time."""


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
    use_reachable_gangs(None)
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


_HELD = {signal.SIGINT, *STOP_SIGNALS}
"""The signals blocked while a query's process is forked, until it has set its own handlers."""


def _child(query: Query, facts: dict[str, object], conn: multiprocessing.connection.Connection) -> None:
    # forked with SIGINT, SIGTERM and SIGHUP blocked (_HELD) and the parent's handlers: here
    # SIGTERM and SIGHUP end the process at once and SIGINT is left to the parent, which stops
    # the running queries (terminate) without a traceback from any of them
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    _fresh_z3()
    provided: dict[str, object] = {}
    try:
        for name in query.needs:
            FACTS[name][1](facts[name])
        result = run_one(query)
        provided = {name: FACTS[name][0]() for name in query.provides}
    except BaseException:  # whatever went wrong is the answer, sent to the parent
        result = QueryResult(query.name, query.claim, query.expected, ERROR, 0.0, (), traceback.format_exc(limit=3))
    conn.send((result, provided))
    conn.close()


def _lost(query: Query, exitcode: int | None) -> QueryResult:
    return QueryResult(query.name, query.claim, query.expected, ERROR, 0.0, (), f"the query's process ended with exit code {exitcode}")


def _plan(queries: Sequence[Query], known: Sequence[Query], computed: set[str]) -> list[tuple[Query, bool]]:
    """The queries to run, each with whether it was asked for: the providers of the facts they need first (unless ``computed``), then the rest.

    The rest start costliest first (``costs.QUERY_COSTS``): several at once, the last to
    start are the short ones, so that no long query runs alone at the end. Each result
    is still reported in the order of the queries asked for.
    """
    providers = {fact: q for q in known for fact in q.provides}
    asked = {q.name for q in queries}
    extra: list[Query] = []
    for q in queries:
        for fact in q.needs:
            if fact in computed:
                continue
            p = providers[fact]
            if p.name not in asked and p not in extra:
                extra.append(p)
    first = [q for q in queries if q.provides]
    rest = sorted((q for q in queries if not q.provides), key=lambda q: -cost_of(q.name))
    return [(q, False) for q in extra] + [(q, True) for q in first] + [(q, True) for q in rest]


def run_isolated(
    queries: Sequence[Query],
    *,
    jobs: int = 1,
    known: Sequence[Query] = (),
    on_start: Callable[[Query], None] | None = None,
    on_result: Callable[[QueryResult], None] | None = None,
) -> list[QueryResult]:
    """Run each of ``queries`` in a forked process of its own, ``jobs`` at a time; the results in the order of ``queries``.

    Each process starts from a fresh Z3 context (``_fresh_z3``), so a query's answer and
    time are those it has alone. A query that needs a fact (``Query.needs``) waits for the
    query that provides it (looked up in ``known``, and run even when not asked for, its
    result left out) and gets its value. ``on_start`` and ``on_result`` are called in this
    process as each asked-for query starts and as its answer comes. Where processes cannot
    be forked, the queries run one after the other in this process, sharing the facts.
    """
    facts: dict[str, object] = dict(_COMPUTED)
    plan = _plan(queries, [*known, *queries], set(facts))
    if "fork" not in multiprocessing.get_all_start_methods():
        return _run_here(queries, plan, on_start, on_result)
    ctx = multiprocessing.get_context("fork")
    jobs = max(1, jobs)
    results: dict[str, QueryResult] = {}
    waiting = list(plan)
    running: dict[str, tuple[Query, bool, multiprocessing.process.BaseProcess, multiprocessing.connection.Connection]] = {}
    # SIGTERM and SIGHUP raise here until the running queries are stopped (the finally below)
    stops = contextlib.ExitStack()
    stops.enter_context(terminations_raise())
    try:
        while waiting or running:
            ready_to_start = [item for item in waiting if all(f in facts for f in item[0].needs)]
            while ready_to_start and len(running) < jobs:
                item = ready_to_start.pop(0)
                waiting.remove(item)
                q, asked = item
                receive, send = ctx.Pipe(duplex=False)
                child = ctx.Process(target=_child, args=(q, {f: facts[f] for f in q.needs}, send), name=f"query {q.name}", daemon=True)
                signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
                try:
                    child.start()
                finally:
                    signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
                send.close()
                running[q.name] = (q, asked, child, receive)
                if asked and on_start is not None:
                    on_start(q)
            if not running:
                missing = sorted({f for q, _ in waiting for f in q.needs if f not in facts})
                for q, asked in waiting:
                    if asked:
                        results[q.name] = QueryResult(q.name, q.claim, q.expected, ERROR, 0.0, (), f"facts not computed: {', '.join(missing)}")
                break
            ready = multiprocessing.connection.wait([conn for *_, conn in running.values()])
            for name in [k for k, (*_, conn) in running.items() if conn in ready]:
                q, asked, proc, conn = running.pop(name)
                provided: dict[str, object] = {}
                try:
                    res, provided = conn.recv()
                except EOFError:
                    proc.join()
                    res = _lost(q, proc.exitcode)
                conn.close()
                proc.join()
                facts.update(provided)
                for fact, value in provided.items():
                    # this process answers from the fact too, as a child given it would
                    _COMPUTED[fact] = value
                    FACTS[fact][1](value)
                if asked:
                    results[q.name] = res
                    if on_result is not None:
                        on_result(res)
    finally:
        for *_, proc, conn in running.values():
            proc.terminate()
            proc.join()
            conn.close()
        stops.close()
    return [results[q.name] for q in queries]


def _run_here(
    queries: Sequence[Query],
    plan: Sequence[tuple[Query, bool]],
    on_start: Callable[[Query], None] | None,
    on_result: Callable[[QueryResult], None] | None,
) -> list[QueryResult]:
    out: dict[str, QueryResult] = {}
    for q, asked in plan:
        if asked and on_start is not None:
            on_start(q)
        res = run_one(q)
        if asked:
            out[q.name] = res
            if on_result is not None:
                on_result(res)
    return [out[q.name] for q in queries]
