"""Bulk work on a backend (schwinget_spec.studies.backends): local maps in order in this process or in worker processes, an unknown backend, a bad count of workers or a missing Ray is one library error, and in worker processes and on a local Ray cluster simulate, the strong impact and the balances give the results of one process bit for bit."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from schwinget_spec.errors import InvalidArgumentError, SchwingetError
from schwinget_spec.solver import compiled
from schwinget_spec.studies.backends import check_backend, max_workers, run_map
from schwinget_spec.studies.simulate import Setup, simulate


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


def test_local_workers_map_in_order_and_a_bad_count_is_refused() -> None:
    """run_map on ``local`` with two workers gives the results in the jobs' order; a count of workers that is not an int from 1 to max_workers() is refused naming ``workers``, before any work."""
    assert list(run_map(_square, list(range(7)), "local", 2)) == [0, 1, 4, 9, 16, 25, 36]
    for bad in (0, max_workers() + 1, 1.5, True, None):
        with pytest.raises(InvalidArgumentError) as caught:
            run_map(_square, [1], "local", bad)  # type: ignore[arg-type]
        assert caught.value.parameter == "workers"


@pytest.mark.skipif(not compiled.available(), reason="the compiled solver is not built")
def test_two_local_workers_count_what_one_process_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """simulate, the solver's impact counts (Gang rows in several bulk chunks, a match row) and the solver's balance in chunks give the same results in two worker processes as in this one."""
    from schwinget_spec.studies import balance as solved  # noqa: PLC0415
    from schwinget_spec.studies import impact_strong  # noqa: PLC0415
    from schwinget_spec.studies.strong_balance import played_balance, solved_balance  # noqa: PLC0415

    setup = Setup(("heuristic", "random"), 30, 5)
    assert simulate(setup, 2).results() == simulate(setup).results()
    monkeypatch.setattr(impact_strong, "GANG_CHUNK", 16)
    switches = ["void_konter_beats_six", "good_loser_after_plattwurf", "draw_tie_starter"]
    assert impact_strong.strong_counts("solver", 48, 2, switches, workers=2) == impact_strong.strong_counts("solver", 48, 2, switches)
    monkeypatch.setattr(solved, "CHUNK", 40)
    assert solved_balance(100, 4, "schwingerwertung", 43, workers=2) == solved.balance(100, 4, "schwingerwertung", None, 43)
    assert played_balance("random", 260, 4, workers=2) == played_balance("random", 260, 4)


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
    from schwinget_spec.studies.impact_strong import strong_counts  # noqa: PLC0415

    switches = ["void_konter_beats_six", "draw_tie_starter", "fest_tiebreak"]
    assert strong_counts("solver", 48, 2, switches, backend="ray") == strong_counts("solver", 48, 2, switches)


@pytest.mark.skipif(not compiled.available(), reason="the compiled solver is not built")
def test_the_solver_gang_rows_in_chunks_on_ray_count_what_one_process_counts(
    cluster: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The solver's Gang rows, solved in bulk chunks as tasks of the Ray cluster, are the counts of one process."""
    from schwinget_spec.studies import impact_strong  # noqa: PLC0415

    monkeypatch.setattr(impact_strong, "GANG_CHUNK", 16)
    switches = ["special_cards_follow_colour", "konter_loses_to_kampfrichter"]
    assert impact_strong.strong_counts("solver", 40, 3, switches, backend="ray") == impact_strong.strong_counts("solver", 40, 3, switches)


@pytest.mark.skipif(not compiled.available(), reason="the compiled solver is not built")
def test_balance_on_ray_counts_what_the_local_run_counts(cluster: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver's balance and two bots' balance, in chunks on the Ray cluster, equal the balance computed in one piece here."""
    from schwinget_spec.studies import balance as solved  # noqa: PLC0415
    from schwinget_spec.studies.strong_balance import CHUNK, played_balance, solved_balance  # noqa: PLC0415

    monkeypatch.setattr(solved, "CHUNK", 100)
    deals = CHUNK + 20
    assert solved_balance(deals, 4, "schwingerwertung", 103, backend="ray") == solved.balance(deals, 4, "schwingerwertung", None, 103)
    assert played_balance("random", deals, 4, backend="ray") == played_balance("random", deals, 4)
