"""Where bulk work runs: in this process (``local``) or as tasks of a Ray cluster (``ray``, the optional extra ``schwinget_spec[ray]``), the same results either way."""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from schwinget_spec.errors import InvalidArgumentError, SchwingetError

__all__ = ["BACKENDS", "check_backend", "run_map"]

BACKENDS = ("local", "ray")
"""The backends ``run_map`` knows: ``local`` maps in this process, ``ray`` sends one task per job to a Ray cluster."""

_Job = TypeVar("_Job")
_Out = TypeVar("_Out")


def check_backend(backend: object) -> str:
    """``backend`` if it is one of ``BACKENDS``; ``InvalidArgumentError`` naming ``backend`` otherwise."""
    if not isinstance(backend, str) or backend not in BACKENDS:
        raise InvalidArgumentError("backend", f"expected one of {', '.join(BACKENDS)}, got {backend!r}")
    return backend


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


def run_map(function: Callable[[_Job], _Out], jobs: Sequence[_Job], backend: str = "local") -> Iterator[_Out]:
    """``function(job)`` for each job, in the order of ``jobs``, on ``backend``.

    Every job must depend only on its own arguments (a seed, a count, the rules), so the
    results are the same, bit for bit, wherever they run. With ``ray`` the function and
    the jobs are sent to the cluster (module-level functions and picklable values); a
    cluster is reached through ``RAY_ADDRESS`` (``ray start --head`` prints it) or, when
    it is unset, started on this machine. Raises ``SchwingetError`` when Ray is asked
    for and not installed.
    """
    if check_backend(backend) == "local":
        yield from map(function, jobs)
        return
    ray = _ray()
    task = ray.remote(function)
    refs = [task.remote(job) for job in jobs]
    for ref in refs:
        yield ray.get(ref)
