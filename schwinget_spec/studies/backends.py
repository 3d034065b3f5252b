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
from types import FrameType
from typing import Any, TypeVar

from schwinget_spec.checks import check_int
from schwinget_spec.errors import InvalidArgumentError, SchwingetError

__all__ = ["BACKENDS", "STOP_SIGNALS", "WORKERS_PER_CORE", "Terminated", "check_backend", "check_workers",
           "default_workers", "max_workers", "process_pool", "run_map", "terminations_raise"]

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


STOP_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""The signals besides SIGINT that stop a run with worker processes (``terminations_raise``): SIGTERM (``kill``, a service manager) and SIGHUP (the terminal closed)."""


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP came while worker processes ran: raised in the main thread as Ctrl-C's ``KeyboardInterrupt`` is, so the workers are stopped on the way out.

    ``exit_code`` is what the command exits with: 128 + the signal's number, as a shell
    reports a program the signal ended (143 for SIGTERM, 129 for SIGHUP).
    """

    def __init__(self, signum: int) -> None:
        super().__init__(f"signal {signum}")
        self.signum = signum
        self.exit_code = 128 + signum


def _raise_terminated(signum: int, _frame: FrameType | None) -> None:
    raise Terminated(signum)


@contextlib.contextmanager
def terminations_raise() -> Iterator[None]:
    """While inside, SIGTERM and SIGHUP raise ``Terminated`` in the main thread instead of ending the process at once.

    A process ended by the signal's default action runs no ``finally`` and no exit
    handler: its worker processes would run on, orphaned, to their task's end. Raised,
    the signal unwinds the pool's ``with`` (which terminates the workers) and the command
    exits with ``Terminated.exit_code``. A handler set by the caller (the conformance
    harness maps SIGTERM to its own interrupt) is left in place; outside the main thread
    nothing changes.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous: dict[signal.Signals, Any] = {}
    for signum in STOP_SIGNALS:
        if signal.getsignal(signum) in (signal.SIG_DFL, None):
            previous[signum] = signal.signal(signum, _raise_terminated)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler if handler is not None else signal.SIG_DFL)


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
    has started, which stops it. SIGTERM and SIGHUP raise ``Terminated`` here from before
    the first worker starts until the pool is stopped (``terminations_raise``); the
    workers keep their default action for them, so the pool's ``terminate`` (SIGTERM)
    ends them and a signal sent to the whole group ends them at once.
    """
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        with context.Pool(workers) as pool:
            yield pool
        return
    with terminations_raise():
        yield from _started_pool(context, workers)


def _started_pool(context: SpawnContext, workers: int) -> Iterator[multiprocessing.pool.Pool]:
    # the workers' resource tracker first: starting it unblocks SIGINT. It ignores SIGINT and
    # SIGTERM itself but not SIGHUP: started with SIGHUP blocked it keeps it blocked, so that a
    # hangup of the whole group leaves it to end with this process (killed, it is started again
    # and writes a traceback for each semaphore it never saw); one sent here meanwhile waits
    hangup = {signal.SIGHUP} if hasattr(signal, "SIGHUP") else set()
    signal.pthread_sigmask(signal.SIG_BLOCK, hangup)
    try:
        multiprocessing.resource_tracker.ensure_running()
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, hangup)
    # SIGTERM and SIGHUP are blocked too while the workers start: raised here then, they would
    # cut the data a starting worker reads (its traceback, "Ran out of input"); each worker
    # unblocks them first thing (_worker_start), so a pending one ends it there
    held = {signal.SIGINT, *STOP_SIGNALS}
    signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            pool = context.Pool(workers, initializer=_worker_start)
        finally:
            signal.signal(signal.SIGINT, previous)
        with pool:
            # inside, so that the pool is stopped when a signal sent meanwhile arrives here
            signal.pthread_sigmask(signal.SIG_UNBLOCK, held)
            yield pool
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, held)


def _worker_start() -> None:
    """In a worker of ``process_pool``, before its first task: SIGTERM and SIGHUP, blocked while it started, end it again (the pool's ``terminate`` sends SIGTERM)."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, set(STOP_SIGNALS))


def run_map(
    function: Callable[[_Job], _Out], jobs: Sequence[_Job], backend: str = "local", workers: int = 1
) -> Iterator[_Out]:
    """``function(job)`` for each job, in the order of ``jobs``, on ``backend``.

    Every job must depend only on its own arguments (a seed, a count, the rules), so the
    results are the same, bit for bit, wherever they run and however many workers run
    them. ``local`` with ``workers`` above 1 (and more than one job) maps in that many
    worker processes of this machine (at most one per job; spawned, so module-level
    functions and picklable values; Ctrl-C, SIGTERM and SIGHUP stop them, the last two
    raising ``Terminated``), with 1 in this process. With
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
