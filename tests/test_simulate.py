"""``schwinget simulate``: counts that add up, equal results for any number of workers, JSON for programs, readable text and help."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from schwinget_spec.match import MatchLength
from schwinget_spec.rules import Rules
from schwinget_spec.scoring import ScoringSystem, TableRow
from schwinget_spec.studies.simulate import Setup, match_seeds, simulate


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``schwinget ARGS`` with the current interpreter and capture its output."""
    return subprocess.run(
        [sys.executable, "-m", "schwinget_spec.cli", *args], capture_output=True, text=True, timeout=300, check=False
    )


def _without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in {"seconds", "gaenge_per_second", "workers"}}


def test_counts_add_up() -> None:
    """Result rows sum to the Gänge played, wins and draws to the Gänge and matches, and every match has 4 Gänge."""
    result = simulate(Setup(("heuristic", "random"), 30, seed=4))
    data = result.results()
    assert data["matches"] == 30
    assert data["gaenge"] == 120
    result_rows = sum(n for row, n in result.row_counts() if row.is_result_row)
    assert result_rows == 120
    assert sum(data["gang_wins"].values()) == 120
    assert sum(data["match_wins"].values()) == 30
    first = data["first_player"]
    assert first["gang_starter_wins"] + first["gang_starter_losses"] + data["gang_wins"]["draws"] == 120
    plattwurf = data["rows"]["plattwurf_eigener_angriff"] + data["rows"]["plattwurf_gegnerischer_angriff"]
    assert data["plattwurf"] == plattwurf
    assert data["rows"][TableRow.GUT_GEKAEMPFT.value] == 0  # the good loser's row exists only in the Punktewertung


def test_punktewertung_long_counts_good_losers_and_whole_points() -> None:
    """Long matches under the Punktewertung have 6 Gänge each, some good losers, and whole point totals."""
    setup = Setup(("random", "random"), 20, seed=9, system=ScoringSystem.PUNKTEWERTUNG, length=MatchLength.LONG)
    data = simulate(setup).results()
    assert data["gaenge"] == 120
    assert data["rows"][TableRow.GUT_GEKAEMPFT.value] > 0
    assert all("." not in total for total in data["points_total"].values())


def test_same_seed_same_numbers_and_the_seed_matters() -> None:
    """Two runs with one seed agree in every count; another seed changes them."""
    setup = Setup(("heuristic", "random"), 12, seed=1)
    assert simulate(setup).results() == simulate(setup).results()
    assert simulate(Setup(("heuristic", "random"), 12, seed=2)).results() != simulate(setup).results()
    assert match_seeds(1, 3) == match_seeds(1, 5)[:3]


def test_workers_do_not_change_the_numbers() -> None:
    """The same simulation in one process and in two worker processes gives the same counts, reported per call of progress."""
    setup = Setup(("heuristic", "random"), 60, seed=3, rules=Rules(konter_beats_trump_six=False))
    steps: list[int] = []
    one = simulate(setup, 1)
    two = simulate(setup, 2, steps.append)
    assert one.results() == two.results()
    assert sum(steps) == 60
    assert two.workers == 2


def test_refuses_no_matches_and_unknown_bots() -> None:
    """Zero matches, zero workers and an unknown bot name are refused before anything is played."""
    from schwinget_spec.errors import SchwingetError  # noqa: PLC0415

    with pytest.raises(ValueError, match="at least one match"):
        simulate(Setup(("random", "random"), 0))
    with pytest.raises(ValueError, match="worker"):
        simulate(Setup(("random", "random"), 1), 0)
    with pytest.raises(SchwingetError):
        simulate(Setup(("random", "oracle"), 1))


# -- the command


def test_json_output_is_the_raw_numbers() -> None:
    """``simulate --json`` prints JSON with every row, the Plattwurf rate, the first-player figures, points and speed."""
    proc = run("simulate", "--matches", "8", "--seed", "5", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert set(data["rows"]) == {row.value for row in TableRow}
    for key in ("plattwurf_rate", "first_player", "points_per_gang", "points_per_match", "gaenge_per_second"):
        assert key in data
    assert data["gaenge"] == 32
    assert proc.stderr == ""  # no progress bar when stderr is not a terminal


def test_json_equal_for_one_and_two_workers() -> None:
    """The command's numbers for --workers 1 and --workers 2 are equal but for the timing."""
    one = json.loads(run("simulate", "--matches", "30", "--seed", "8", "--json").stdout)
    two = json.loads(run("simulate", "--matches", "30", "--seed", "8", "--json", "--workers", "2").stdout)
    assert _without_timing(one) == _without_timing(two)
    assert two["workers"] == 2


def test_text_output_shows_each_row_and_the_summary() -> None:
    """The text output names every row of the Wertungstabelle and the Plattwurf, first-player, points and speed lines."""
    proc = run("simulate", "--matches", "6", "--bot-a", "random", "--bot-b", "heuristic", "--scoring", "punktewertung")
    assert proc.returncode == 0, proc.stderr
    for label in ("Plattwurf-Sieg bei Angriff durch den Sieger", "Gestellter", "Verloren – aber gut gekämpft"):
        assert label in proc.stdout
    for label in ("Plattwurf ", "who starts", "points ", "Gänge per second", "A = random, B = heuristic"):
        assert label in proc.stdout


def test_bad_options_exit_2_and_help_explains() -> None:
    """An unknown bot or zero matches is a usage error (exit 2); --help explains seats, rows and workers."""
    assert run("simulate", "--bot-a", "oracle").returncode == 2
    assert run("simulate", "--matches", "0").returncode == 2
    proc = run("simulate", "--help")
    assert proc.returncode == 0
    for words in ("Wertungstabelle", "first-player advantage", "--workers", "--json", "--rules-"):
        assert words in " ".join(proc.stdout.split())
