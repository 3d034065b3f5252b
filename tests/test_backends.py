"""Bulk work on a backend (schwinget_spec.backends): local maps in order, an unknown backend or a missing Ray is one library error, and on a local Ray cluster simulate and the strong impact give the local results bit for bit."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from schwinget_spec.backends import check_backend, run_map
from schwinget_spec.errors import InvalidArgumentError, SchwingetError
from schwinget_spec.simulate import Setup, simulate
from schwinget_spec.solver import compiled


def _square(x: int) -> int:
    return x * x


def test_local_maps_in_order_and_an_unknown_backend_is_refused() -> None:
    """run_map on ``local`` is map in the jobs' order; another name is refused naming ``backend``."""
    assert list(run_map(_square, [3, 1, 2])) == [9, 1, 4]
    with pytest.raises(InvalidArgumentError) as caught:
        check_backend("dask")
    assert caught.value.parameter == "backend"
    with pytest.raises(InvalidArgumentError):
        simulate(Setup(("random", "random"), 2), backend="spark")


def test_ray_asked_for_without_ray_is_one_library_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """With Ray not importable, ``backend="ray"`` raises a SchwingetError that names the extra to install."""
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(SchwingetError, match=r"schwinget_spec\[ray\]"):
        list(run_map(_square, [1], "ray"))


@pytest.fixture(scope="module")
def cluster() -> Iterator[None]:
    """A local Ray cluster of two CPUs for this module's tests (skipped where Ray, an optional extra, is not installed)."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_simulate_on_ray_counts_what_the_local_run_counts(cluster: None) -> None:
    """30 matches of heuristic against random give the same results on the Ray cluster as in this process."""
    setup = Setup(("heuristic", "random"), 30, 5)
    assert simulate(setup, backend="ray").results() == simulate(setup).results()


@pytest.mark.skipif(not compiled.available(), reason="the compiled solver is not built")
def test_strong_impact_on_ray_counts_what_the_local_run_counts(cluster: None) -> None:
    """The solver's counts of a Gang, a match and a fest switch are the same on the Ray cluster as in this process."""
    from schwinget_spec.impact_strong import strong_counts  # noqa: PLC0415

    switches = ["void_konter_beats_six", "draw_tie_starter", "fest_tiebreak"]
    assert strong_counts("solver", 48, 2, switches, backend="ray") == strong_counts("solver", 48, 2, switches)


@pytest.mark.skipif(not compiled.available(), reason="the compiled solver is not built")
def test_balance_on_ray_counts_what_the_local_run_counts(cluster: None) -> None:
    """The solver's balance and two bots' balance, in chunks on the Ray cluster, equal the balance computed in one piece here."""
    from schwinget_spec.solver.balance import balance  # noqa: PLC0415
    from schwinget_spec.solver.strong_balance import CHUNK, played_balance, solved_balance  # noqa: PLC0415

    deals = CHUNK + 20
    assert solved_balance(deals, 4, "schwingerwertung", CHUNK + 3, backend="ray") == balance(deals, 4, "schwingerwertung", None, CHUNK + 3)
    assert played_balance("random", deals, 4, backend="ray") == played_balance("random", deals, 4)
