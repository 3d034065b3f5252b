"""Where bulk work runs: in processes of this machine (``local``) or as tasks of a Ray cluster (``ray``, the optional extra ``schwinget_spec[ray]``), the same results either way."""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import multiprocessing.pool
import multiprocessing.resource_tracker
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.context import SpawnContext
from typing import Any, TypeVar

from schwinget_spec.checks import check_int
from schwinget_spec.errors import InvalidArgumentError, SchwingetError

__all__ = ["BACKENDS", "WORKERS_PER_CORE", "check_backend", "check_workers", "default_workers", "max_workers",
           "process_pool", "run_map"]

BACKENDS = ("local", "ray")
"""The backends ``run_map`` knows: ``local`` maps in processes of this machine (or in this one), ``ray`` sends one task per job to a Ray cluster."""

WORKERS_PER_CORE = 4
"""The most worker processes a local run starts per core of the machine (``max_workers``)."""

_Job = TypeVar("_Job")
_Out = TypeVar("_Out")


def max_workers() -> int:
    """The most worker processes a local run starts: ``WORKERS_PER_CORE`` per core (``os.cpu_count()``); more is refused."""
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


def default_workers() -> int:
    """One worker process per core of the machine (``os.cpu_count()``)."""
    return os.cpu_count() or 1


def check_backend(backend: object) -> str:
    """``backend`` if it is one of ``BACKENDS``; ``InvalidArgumentError`` naming ``backend`` otherwise."""
    if not isinstance(backend, str) or backend not in BACKENDS:
        raise InvalidArgumentError("backend", f"expected one of {', '.join(BACKENDS)}, got {backend!r}")
    return backend


def check_workers(workers: object) -> int:
    """``workers`` if it is an int from 1 to ``max_workers()``; ``InvalidArgumentError`` naming ``workers`` otherwise."""
    return check_int(workers, "workers", minimum=1, maximum=max_workers())


def _ray() -> Any:
    """The ``ray`` module, connected: to ``RAY_ADDRESS`` when it is set (a running cluster), else to a local instance it starts."""
    try:
        ray = importlib.import_module("ray")
    except ImportError:
        raise SchwingetError("--backend ray needs Ray: pip install 'schwinget_spec[ray]'") from None
    if not ray.is_initialized():
        address = os.environ.get("RAY_ADDRESS") or None
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    return ray


@contextlib.contextmanager
def process_pool(context: SpawnContext, workers: int) -> Iterator[multiprocessing.pool.Pool]:
    """A pool whose workers ignore SIGINT: Ctrl-C interrupts this process alone, which stops them (no worker tracebacks).

    The workers start while SIGINT is ignored here, and a spawned interpreter keeps it
    ignored. It is blocked meanwhile too, so that one sent then is not lost: it stays
    pending (Linux never discards a blocked signal as ignored) and arrives once the pool
    has started, which stops it.
    """
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        with context.Pool(workers) as pool:
            yield pool
        return
    # the workers' resource tracker first: starting it unblocks SIGINT
    multiprocessing.resource_tracker.ensure_running()
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            pool = context.Pool(workers)
        finally:
            signal.signal(signal.SIGINT, previous)
        with pool:
            # inside, so that the pool is stopped when a SIGINT sent meanwhile arrives here
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
            yield pool
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def run_map(
    function: Callable[[_Job], _Out], jobs: Sequence[_Job], backend: str = "local", workers: int = 1
) -> Iterator[_Out]:
    """``function(job)`` for each job, in the order of ``jobs``, on ``backend``.

    Every job must depend only on its own arguments (a seed, a count, the rules), so the
    results are the same, bit for bit, wherever they run and however many workers run
    them. ``local`` with ``workers`` above 1 (and more than one job) maps in that many
    worker processes of this machine (at most one per job; spawned, so module-level
    functions and picklable values; Ctrl-C stops them), with 1 in this process. With
    ``ray`` the function and the jobs are sent to the cluster (``workers`` is not used); a
    cluster is reached through ``RAY_ADDRESS`` (``ray start --head`` prints it) or, when
    it is unset, started on this machine. Raises ``InvalidArgumentError`` for an unknown
    backend or a count of workers out of range (1 to ``max_workers()``) and
    ``SchwingetError`` when Ray is asked for and not installed.
    """
    check_backend(backend)
    check_workers(workers)
    return _run_map(function, jobs, backend, workers)


def _run_map(function: Callable[[_Job], _Out], jobs: Sequence[_Job], backend: str, workers: int) -> Iterator[_Out]:
    if backend == "local":
        processes = min(workers, len(jobs))
        if processes <= 1:
            yield from map(function, jobs)
            return
        # spawn: a fresh interpreter per worker, safe beside a progress bar's thread
        with process_pool(multiprocessing.get_context("spawn"), processes) as pool:
            yield from pool.imap(function, jobs)
        return
    ray = _ray()
    task = ray.remote(function)
    refs = [task.remote(job) for job in jobs]
    for ref in refs:
        yield ray.get(ref)
