"""Bad input to the match-level impact (``impact_match``, ``schwinget impact --starters/--situations``) and to the void Kampfrichter switch: a library error naming the parameter, or a usage error (exit 2), never a traceback."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from schwinget_spec.cli import cli
from schwinget_spec.errors import InvalidArgumentError, SchwingetError
from schwinget_spec.rules import Rules
from schwinget_spec.studies.impact_match import Figure, measure_situations, measure_starters, wilson


@pytest.mark.parametrize("measure", [measure_starters, measure_situations])
@pytest.mark.parametrize(
    ("games", "seed", "parameter"),
    [
        (0, 0, "games"),
        (-12, 0, "games"),
        (11, 0, "games"),
        (12.0, 0, "games"),
        (True, 0, "games"),
        ("12", 0, "games"),
        (None, 0, "games"),
        (12, -1, "seed"),
        (12, 2**64, "seed"),
        (12, 1.5, "seed"),
        (12, "0", "seed"),
    ],
)
def test_a_bad_games_or_seed_is_named(measure: Any, games: Any, seed: Any, parameter: str) -> None:
    """Games below 12, not an integer (a float, a bool, a string), or a seed out of 0..2**64-1: InvalidArgumentError naming it."""
    with pytest.raises(InvalidArgumentError) as caught:
        measure(games, seed)
    assert caught.value.parameter == parameter
    assert isinstance(caught.value, SchwingetError)


def test_a_progress_that_is_not_callable_is_named() -> None:
    """``measure_situations(progress=5)`` is refused before anything is played, naming ``progress``."""
    with pytest.raises(InvalidArgumentError, match=r"^progress: "):
        measure_situations(12, 0, progress=5)  # type: ignore[arg-type]


@pytest.mark.parametrize(("count", "runs"), [(3, 2), (-1, 2), (0, 0), (1.0, 2), (1, 2.0), (True, 2), (None, 1)])
def test_an_impossible_share_is_refused(count: Any, runs: Any) -> None:
    """A Figure or a Wilson interval of an impossible share (count above runs, no runs, not integers) is refused when made, not when printed."""
    with pytest.raises(InvalidArgumentError, match="share"):
        Figure(count, runs)
    with pytest.raises(InvalidArgumentError, match="share"):
        wilson(count, runs)


@pytest.mark.parametrize("value", ["yes", 1, 0, None, "False"])
def test_the_void_kampfrichter_switch_takes_only_a_bool(value: Any) -> None:
    """``Rules(void_kampfrichter_neutralises=...)`` refuses anything but True or False, naming the switch, like every switch."""
    with pytest.raises(InvalidArgumentError) as caught:
        Rules(void_kampfrichter_neutralises=value)
    assert caught.value.parameter == "void_kampfrichter_neutralises"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--starters", "--games", "0"], "--games"),
        (["--situations", "--games", "-5"], "--games"),
        (["--starters", "--games", "11"], "--games"),
        (["--starters", "--games", "1.5"], "--games"),
        (["--situations", "--games", "1e9"], "--games"),
        (["--starters", "--seed", "-1", "--games", "12"], "--seed"),
        (["--starters", "--situations", "--games", "12"], "--starters and --situations"),
        (["--starters", "--switch", "fest_starter", "--games", "12"], "--switch"),
        (["--situations", "--switch", "special_cards_follow_colour", "--games", "12"], "--switch"),
    ],
)
def test_a_bad_impact_command_line_is_a_usage_error(args: list[str], words: str) -> None:
    """Games 0, negative, below 12, not an integer; a negative seed; both tables at once; --switch with them: exit 2 naming the option."""
    result = CliRunner().invoke(cli, ["impact", *args], prog_name="schwinget")
    assert result.exit_code == 2, result.output
    assert words in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize("table", ["--starters", "--situations"])
def test_impact_tables_as_json(table: str) -> None:
    """``impact --starters/--situations --games 12 --json`` prints one JSON document: games, seed and rows whose figures have 0 <= low <= high <= 1."""
    result = CliRunner().invoke(cli, ["impact", table, "--games", "12", "--seed", "3", "--json"], prog_name="schwinget")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert (doc["games"], doc["seed"]) == (12, 3)
    assert doc["rows"]
    figures = [
        v for row in doc["rows"] for v in ([row] if "count" in row else list(row.values())) if isinstance(v, dict) and "count" in v
    ]
    assert figures
    for f in figures:
        assert 0 <= f["count"] <= f["runs"]
        assert 0.0 <= f["low"] <= f["high"] <= 1.0
