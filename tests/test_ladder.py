"""The ladder (solver.ladder): each rung is the simulation of its pair, the table's shares and intervals, the table of docs/bots.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from schwinget_spec.errors import InvalidArgumentError
from schwinget_spec.studies.ladder import DEFAULT_PAIRS, Rung, climb, render
from schwinget_spec.studies.simulate import Setup, simulate

DOC = Path(__file__).resolve().parent.parent / "docs" / "bots.md"


def test_a_rung_is_its_pairs_simulation() -> None:
    """climb keeps the match and Gang wins of simulate for the same setup."""
    (rung,) = climb([("heuristic", "random")], 8, 3)
    data = simulate(Setup(("heuristic", "random"), 8, 3)).results()
    assert rung == Rung("heuristic", "random", 8, tuple(data["match_wins"].values()), tuple(data["gang_wins"].values()))
    with pytest.raises(InvalidArgumentError) as caught:
        climb("heuristic", 8)  # type: ignore[arg-type]
    assert caught.value.parameter == "pairs"


def test_the_table_gives_each_share_of_the_decided_games_with_its_interval() -> None:
    """A's share counts decided matches and Gänge only, each with its 95 % Wilson interval; no decided game is a dash."""
    table = render([Rung("pimc", "heuristic", 10, (6, 2, 2), (20, 10, 10)), Rung("a", "b", 1, (0, 0, 1), (0, 0, 4))])
    assert table.splitlines()[2:] == [
        "| pimc against heuristic | 6, 2, 2 | 6 of 8 (75.0 %, 40.9-92.9 %) | 20 of 30 (66.7 %, 48.8-80.8 %) |",
        "| a against b | 0, 0, 1 | – | – |",
    ]


def test_the_ladder_of_the_bots_guide_is_the_programs() -> None:
    """docs/bots.md's ladder lists the default pairs with the command's matches; its first rung (heuristic against random) is simulated again."""
    text = DOC.read_text(encoding="utf-8")
    made = re.search(r"^python -m schwinget_spec.studies.ladder --matches (\d+)$", text, flags=re.M)
    assert made is not None
    matches = int(made[1])
    rows = text.split("<!-- ladder -->\n", 1)[1].split("\n\n", 1)[0].splitlines()[2:]
    assert [row.split(" | ")[0] for row in rows] == [f"| {a} against {b}" for a, b in DEFAULT_PAIRS]
    assert all(sum(int(n.replace(",", "")) for n in row.split(" | ")[1].split(", ")) == matches for row in rows)
    assert rows[0] == render(climb(DEFAULT_PAIRS[:1], matches)).splitlines()[2]
