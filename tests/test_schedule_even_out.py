"""make_schedule evens its rounds out without scanning every round per move, and builds exactly the schedule the plain scan built."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from schwinget_spec import schwingfest
from schwinget_spec.schwingfest import make_schedule, min_rounds


def _scanned(players: int, sets: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The rounds as the first version built them: the first largest and first smallest round found by a scan, each move."""
    base = schwingfest._one_factorization(players)
    rounds = [list(r) for r in base] + [list(r) for r in base]
    rounds += [[] for _ in range(min_rounds(players, sets) - len(rounds))]
    while True:
        big = max(range(len(rounds)), key=lambda i: len(rounds[i]))
        small = min(range(len(rounds)), key=lambda i: len(rounds[i]))
        if len(rounds[big]) - len(rounds[small]) <= 1:
            break
        rounds[big], rounds[small] = schwingfest._swap_alternating_path(rounds[big], rounds[small])
    return tuple(tuple(sorted(r)) for r in rounds)


@pytest.mark.clause("fest.parallel", "fest.twice_each")
@pytest.mark.parametrize("players", range(3, 19))
def test_the_schedule_is_the_one_the_scan_built(players: int) -> None:
    """For 3 to 18 Schwinger on every number of card sets, each round holds the same meetings as the plain scan gave (the shipped Schwingfest vectors depend on it)."""
    for sets in range(1, players // 2 + 2):
        schedule = make_schedule(players, sets)
        assert tuple(tuple((m.a, m.b) for m in r) for r in schedule.rounds) == _scanned(players, sets), sets


@pytest.mark.clause("fest.parallel", "fest.twice_each")
@pytest.mark.parametrize(("players", "sets"), [(25, 1), (33, 3), (40, 1), (40, 7), (41, 20)])
def test_larger_schedules_are_the_ones_the_scan_built(players: int, sets: int) -> None:
    """Larger Schwingfeste, where many moves even the rounds out, get the same rounds as the plain scan gave too."""
    schedule = make_schedule(players, sets)
    assert tuple(tuple((m.a, m.b) for m in r) for r in schedule.rounds) == _scanned(players, sets)


@pytest.mark.clause("fest.parallel", "fest.more_players")
def test_the_reference_server_schedules_the_largest_schwingfest() -> None:
    """``fest_start`` with 256 Schwinger on one card set, then ``fest_schedule``, is answered (every pair twice, one Gang a round) instead of hanging."""
    lines = '{"cmd":"fest_start","players":256,"sets":1,"system":"punktewertung"}\n{"cmd":"fest_schedule"}\n{"cmd":"bye"}\n'
    run = subprocess.run(
        [sys.executable, "-m", "schwinget_spec.conformance.protocol.reference_server"], input=lines.encode(), capture_output=True,
        timeout=300, check=False,
    )
    assert (run.returncode, run.stderr) == (0, b"")
    started, schedule, bye = (json.loads(line) for line in run.stdout.splitlines())
    assert started == bye == {"ok": True}
    rounds = schedule["rounds"]
    assert len(rounds) == 256 * 255
    assert all(len(r) == 1 for r in rounds)
    assert sorted(tuple(r[0]) for r in rounds) == sorted((a, b) for a in range(256) for b in range(a + 1, 256) for _ in (1, 2))
